"""Lobbies: opening a game, joining, leaving, agent seats and the start, each within the limits
(:mod:`engine.table.room`)."""

from __future__ import annotations

import logging
import secrets
from collections.abc import Callable
from typing import Any

from .. import pace as pacing
from ..core import registry
from ..core.agents import LEVEL_WORDS, LEVELS
from ..core.errors import (
    IllegalIntent,
)
from ..core.game import Game, GameState
from ..core.model import Event, public
from ..records import GameRecord, LoggedIntent, SeatRecord
from ..store import Cap, PublicLine
from .agent_seats import autopilot
from .base import TableBase
from .checks import require_host
from .model import (
    NotAllowed,
    Update,
    bounded_name,
    seat_name,
)
from .room import lobby_caps, running_caps

log = logging.getLogger(__name__)


class Lobbies(TableBase):
    # --- lobby -------------------------------------------------------------------------------------------
    async def create(
        self,
        game_id: str,
        host: str,
        host_name: str = "",
        seats: int | None = None,
        options: dict[str, Any] | None = None,
        pace: str = "standard",
        seed: int | None = None,
        place: dict[str, str] | None = None,
        host_plays: bool = True,
    ) -> Update:
        """Open a lobby for ``game_id``; ``host`` takes the first seat unless ``host_plays`` is False."""
        await registry.ready(game_id)  # off the event loop: the first game of a kind imports its rules
        game: Game[Any] = registry.get(game_id)
        meta = game.meta
        wanted = seats if seats is not None else meta.max_seats
        if not meta.min_seats <= wanted <= meta.max_seats:
            raise IllegalIntent(
                f"{meta.title} is for {meta.min_seats} to {meta.max_seats} players, not {wanted}."
            )
        parsed = game.parse_options(options)
        pacing.check_preset(pace)
        host_name = bounded_name(host_name, host, self.limits.name_chars)
        caps = lobby_caps(self.limits, host, (place or {}).get("guild"), new_game=True)
        new_id = await self._new_id()
        record = GameRecord(
            id=new_id,
            game=game_id,
            host=host,
            max_seats=wanted,
            options=parsed.model_dump(mode="json"),
            pace=pace,
            seed=seed if seed is not None else secrets.randbits(62),
            created_at=self.clock(),
            place=dict(place or {}),
            seats=[SeatRecord(seat="", user=host, name=host_name)] if host_plays else [],
        )
        async with self._lock(new_id):
            await self._commit(record, None, None, deadlines=False, caps=caps)
        update = Update(record, "lobby", [public("lobby", f"{host_name} opened a game of {meta.title}.")])
        await self._publish(update)
        return update

    async def _new_id(self) -> str:
        while True:
            candidate = secrets.token_hex(3)
            if candidate not in self._cache and await self.store.game(candidate) is None:
                return candidate

    async def _lobby_change(
        self, game_id: str, change: Callable[[GameRecord], Event], caps: tuple[Cap, ...] = ()
    ) -> Update:
        async with self._lock(game_id):
            record, _ = await self._load(game_id)
            if record.status != "lobby":
                raise IllegalIntent("The game has already started; the lobby is closed.")
            expected = record.version
            event = change(record)
            await self._commit(record, expected, None, deadlines=False, caps=caps)
        update = Update(record, "lobby", [event])
        await self._publish(update)
        return update

    async def join(self, game_id: str, user: str, name: str = "") -> Update:
        name = bounded_name(name, user, self.limits.name_chars)

        def change(record: GameRecord) -> Event:
            if record.seat_of(user) is not None:
                raise IllegalIntent("You have already joined this game.")
            if len(record.seats) >= record.max_seats:
                raise IllegalIntent(f"All {record.max_seats} seats are taken.")
            record.seats.append(SeatRecord(seat="", user=user, name=name))
            return public("join", f"{name} joined ({len(record.seats)}/{record.max_seats}).")

        return await self._lobby_change(game_id, change, lobby_caps(self.limits, user, None, new_game=False))

    async def leave(self, game_id: str, user: str) -> Update:
        def change(record: GameRecord) -> Event:
            seat = record.seat_of(user)
            if seat is None:
                raise NotAllowed("You are not in this game.")
            record.seats.remove(seat)
            humans = [s for s in record.seats if s.user is not None]
            if user == record.host:
                if not humans:
                    record.status = "aborted"
                    return public("abort", "The host left an empty lobby; the game is cancelled.")
                record.host = humans[0].user or record.host
                return public("leave", f"{seat.name} left; {humans[0].name} is now the host.")
            return public("leave", f"{seat.name} left ({len(record.seats)}/{record.max_seats}).")

        return await self._lobby_change(game_id, change)

    async def add_agent(self, game_id: str, by: str, level: str = "") -> Update:
        """Seat an agent of ``level`` (random, heuristic or search; "": the autopilot level of the pace)."""

        def change(record: GameRecord) -> Event:
            require_host(record, by, moderator=False)
            if len(record.seats) >= record.max_seats:
                raise IllegalIntent(f"All {record.max_seats} seats are taken.")
            if level and level not in LEVELS:  # a game in development lacking one plays its next weaker
                words = ", ".join(LEVEL_WORDS[k] for k in LEVELS)
                raise IllegalIntent(f"There is no such agent; the agents are: {words}.")
            n = sum(1 for s in record.seats if s.user is None) + 1
            word = LEVEL_WORDS.get(level or autopilot(record.pace), "")
            record.seats.append(SeatRecord(seat="", user=None, name=f"Agent {n}", level=level))
            seated = f"{len(record.seats)}/{record.max_seats}"
            return public("join", f"Agent {n} ({word}) takes a seat ({seated}).")

        return await self._lobby_change(game_id, change)

    async def start(self, game_id: str, by: str) -> Update:
        async with self._isolated(game_id), self._lock(game_id):
            record, _ = await self._load(game_id)
            if record.status != "lobby":
                raise IllegalIntent("The game has already started.")
            require_host(record, by, moderator=False)
            update = await self._begin(record, record.version, running_caps(self.limits, record, by, "start"))
        await self._publish(update)
        return update

    async def _begin(self, record: GameRecord, expected: int | None, caps: tuple[Cap, ...]) -> Update:
        """Start the lobby ``record`` (``expected``: its stored version; None: it is new, opened and started
        in this one change): seat names, the set-up and the agents' first moves, saved within ``caps``."""
        game = self.engine_game(record)
        if len(record.seats) < game.meta.min_seats:
            raise IllegalIntent(
                f"{game.meta.title} needs at least {game.meta.min_seats} players; "
                f"{len(record.seats)} have joined. Invite more or add an agent seat."
            )
        taken: set[str] = set()
        for i, seat in enumerate(record.seats, start=1):
            seat.seat = seat_name(seat.name, taken, f"p{i}")
        state: GameState = game.setup([s.seat for s in record.seats], record.seed, record.options)
        record.status = "running"
        seats = ", ".join(s.seat for s in record.seats)
        events = [public("start", f"{game.meta.title} begins: {seats}.")]
        logged: list[LoggedIntent] = []
        lines: list[PublicLine] = []
        state = await self._play_agents(record, state, events, logged, (expected or 0) + 1, lines)
        await self._commit(record, expected, state, logged, lines=lines, caps=caps)
        return Update(record, "start", events, [(i.seat, i.key, i.by) for i in logged])
