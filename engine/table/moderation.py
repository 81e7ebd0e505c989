"""Vacation and moderation: away seats, pause and resume (a repaired damaged game too), abort, kick,
replace and the pace."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable

from .. import pace as pacing
from ..core.errors import (
    DamagedGame,
    IllegalIntent,
)
from ..core.game import GameState
from ..core.model import Event, public
from ..integrity import ROW_UNREADABLE
from ..records import GameRecord, LoggedIntent, SeatRecord
from ..store import Cap, PublicLine
from .base import TableBase
from .checks import require_host, require_running
from .model import (
    NotAllowed,
    Update,
)
from .room import player_cap, running_caps

log = logging.getLogger(__name__)


class Moderation(TableBase):
    # --- vacation and moderation -------------------------------------------------------------------------
    async def set_away(self, game_id: str, user: str, away: bool) -> Update:
        """Vacation: an agent plays the user's seat while ``away``; coming back hands it back."""

        async def change(record: GameRecord, seat: SeatRecord | None) -> Event:
            if seat is None:
                raise NotAllowed("You are not playing in this game.")
            seat.away = away
            seat.missed = 0
            if away:
                return public(
                    "away", f"{seat.seat} is on vacation; an agent plays for them until they return."
                )
            return public("return", f"{seat.seat} is back and plays again.")

        return await self._running_change(game_id, change, seat_user=user)

    async def pause(self, game_id: str, by: str, moderator: bool = False) -> Update:
        return await self._set_status(game_id, by, moderator, "paused", "The game is paused.")

    async def resume(self, game_id: str, by: str, moderator: bool = False) -> Update:
        return await self._set_status(
            game_id, by, moderator, "running", "The game resumes; deadlines start afresh."
        )

    async def abort(self, game_id: str, by: str, moderator: bool = False) -> Update:
        return await self._set_status(game_id, by, moderator, "aborted", "The game was cancelled.")

    async def _set_status(self, game_id: str, by: str, moderator: bool, status: str, text: str) -> Update:
        async with self._isolated(game_id), self._lock(game_id):
            record, state = await self._load(game_id)
            require_host(record, by, moderator)
            allowed = {
                "paused": ("running",),
                "running": ("paused", "damaged"),
                "aborted": ("lobby", "running", "paused", "damaged"),
            }
            if record.status not in allowed[status]:
                raise IllegalIntent(f"A {record.status} game cannot be {status}.")
            caps: tuple[Cap, ...] = ()
            if status == "running" and record.status == "damaged":  # it counts again as a running game
                caps = running_caps(self.limits, record, by, "resume", players="league" not in record.place)
            events = [public("status", text)]
            logged: list[LoggedIntent] = []
            lines: list[PublicLine] = []
            expected = record.version
            if record.status == "damaged":
                state = await self._repaired(record, status)
            record.status = status  # type: ignore[assignment]
            if status == "running" and state is not None:
                record.damage = ""
                # agents may owe moves (an agent run may be what failed): they play now, or it fails again
                state = await self._play_agents(record, state, events, logged, expected + 1, lines)
            fresh = status == "running"
            await self._commit(record, expected, state, logged, fresh_clocks=fresh, lines=lines, caps=caps)
        update = Update(record, "status", events, [(i.seat, i.key, i.by) for i in logged])
        await self._publish(update)
        return update

    async def _repaired(self, record: GameRecord, status: str) -> GameState | None:
        """A damaged game a moderator resumes (or cancels): loaded again from scratch, with every check;
        if it still fails, it stays damaged and the moderator is told so."""
        if status == "aborted":
            return None  # cancelling needs no board (and the board may be what is broken), nor a whole row
        if record.damage.startswith(ROW_UNREADABLE):
            raise DamagedGame(
                "This game's database row cannot be read, so it stays set aside: the operator must "
                "repair the row first (the log names the game).",
                reason=record.damage,
            )
        self._cache.pop(record.id)
        self._offered.pop(record.id)
        try:
            state = await self._load_state(record)
        except DamagedGame as exc:
            log.warning("game %s stays damaged after a resume was asked: %s", record.id, exc.reason)
            raise DamagedGame(
                "This game's saved data still cannot be used, so it stays paused for a moderator: "
                "the operator's log (and arbiter db check) says what is wrong.",
                reason=exc.reason,
            ) from exc
        if state is None:
            raise DamagedGame(
                "This game has no saved board to resume from; it stays set aside.",
                reason="no state to resume",
            )
        log.info("game %s: its data checks out again; resumed", record.id)
        return state

    async def kick(self, game_id: str, by: str, user: str, moderator: bool = False) -> Update:
        """Remove a player; an agent takes their seat."""

        async def change(record: GameRecord, _: SeatRecord | None) -> Event:
            require_host(record, by, moderator)
            seat = record.seat_of(user)
            if seat is None:
                raise IllegalIntent("That member is not playing in this game.")
            seat.user, seat.name, seat.away = None, f"Agent (was {seat.name})", False
            if user == record.host:
                record.host = by
            return public("kick", f"{seat.seat} was removed; an agent plays the seat.")

        def caps(record: GameRecord) -> tuple[Cap, ...]:  # the kicked host's role goes to ``by``
            handed = record.host == user != by and self.limits.running_per_user
            return (player_cap(self.limits, by, "", by, ""),) if handed else ()

        return await self._running_change(game_id, change, caps=caps)

    async def replace(
        self, game_id: str, by: str, seat_name_: str, user: str, name: str, moderator: bool = False
    ) -> Update:
        """Give ``seat_name_`` to another member."""

        async def change(record: GameRecord, _: SeatRecord | None) -> Event:
            require_host(record, by, moderator)
            if record.seat_of(user) is not None:
                raise IllegalIntent(f"{name or user} already plays in this game.")
            seat = record.seat_named(seat_name_)
            if seat is None:
                raise IllegalIntent(
                    f"There is no seat '{seat_name_}'. Seats: "
                    + ", ".join(s.seat for s in record.seats)
                    + "."
                )
            seat.user, seat.name, seat.away, seat.missed = user, name or user, False, 0
            return public("replace", f"{name or user} now plays {seat.seat}.")

        def caps(_: GameRecord) -> tuple[Cap, ...]:  # ``user`` plays in one more game
            if not self.limits.running_per_user:
                return ()
            return (player_cap(self.limits, user, name or "That member", by, "they can take this seat"),)

        return await self._running_change(game_id, change, caps=caps)

    async def set_pace(self, game_id: str, by: str, pace: str, moderator: bool = False) -> Update:
        pacing.check_preset(pace)

        async def change(record: GameRecord, _: SeatRecord | None) -> Event:
            require_host(record, by, moderator)
            record.pace = pace
            return public("pace", f"The pace is now {pacing.describe(pace)}.")

        return await self._running_change(game_id, change, lobby_ok=True)

    async def _running_change(
        self,
        game_id: str,
        change: Callable[[GameRecord, SeatRecord | None], Awaitable[Event]],
        seat_user: str | None = None,
        lobby_ok: bool = False,
        caps: Callable[[GameRecord], tuple[Cap, ...]] | None = None,
    ) -> Update:
        """``caps``: the limits the change could pass, from the record before it."""
        async with self._isolated(game_id), self._lock(game_id):
            record, state = await self._load(game_id)
            if not (record.status in ("running", "paused") or (lobby_ok and record.status == "lobby")):
                require_running(record)
            expected = record.version
            limited = caps(record) if caps is not None else ()
            event = await change(record, record.seat_of(seat_user) if seat_user else None)
            events = [event]
            logged: list[LoggedIntent] = []
            lines: list[PublicLine] = []
            if state is not None and record.status == "running":
                state = await self._play_agents(record, state, events, logged, expected + 1, lines)
            await self._commit(record, expected, state, logged, lines=lines, caps=limited)
        update = Update(record, "status", events, [(i.seat, i.key, i.by) for i in logged])
        await self._publish(update)
        return update
