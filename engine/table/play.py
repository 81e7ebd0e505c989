"""Play: a user's intent applied, and deadlines: defaults applied when they pass, reminders before."""

from __future__ import annotations

import logging

from .. import pace as pacing
from ..core.errors import (
    DamagedGame,
    RuleError,
    StaleVersion,
)
from ..core.game import GameState
from ..core.intent import Intent
from ..core.model import Event, Prompt, private, public
from ..integrity import ROW_UNREADABLE
from ..public_log import lines_of
from ..records import Deadline, GameRecord, LoggedIntent
from ..store import UNREADABLE_DEADLINE
from .checks import require_running
from .clocks import TURN, UNDO_CLOCK, clock_id
from .menus import Menus
from .model import (
    NotAllowed,
    Update,
    game_code,
)

log = logging.getLogger(__name__)

MAX_DEFAULTS_PER_TURN = 50
"""A bound on the defaults one expired turn applies (a turn of more decisions than this is a game bug)."""
EXPIRE_ATTEMPTS = 5
"""How often a due default is tried when other processes keep changing its game meanwhile."""


class Play(Menus):
    # --- play --------------------------------------------------------------------------------------------
    async def submit(
        self,
        game_id: str,
        user: str,
        intent: Intent | str,
        expected_version: int | None = None,
        idempotency_key: str | None = None,
        choice: str | None = None,
        next_menu: int | None = None,
    ) -> Update:
        """Apply ``intent`` for ``user``'s seat. The same ``idempotency_key`` is applied only once.

        ``choice`` is the :attr:`Prompt.ref` the intent was offered for (secret-choice buttons carry it
        instead of a version, since another player's choice must not make theirs stale): the seat must
        still have that very decision open, or the intent is refused as stale. With ``next_menu``, the
        update carries the seat's menu after the change (:attr:`Update.menu`, asked in parts past that many
        options), read inside the same lock: what the player sees next is of the version just made."""
        async with self._isolated(game_id), self._lock(game_id):
            try:
                update = await self._submit(game_id, user, intent, expected_version, idempotency_key, choice)
            except RuleError:
                # the key's unique row answers a repeat only when the repeat is refused (stale, already
                # applied): a new key costs no read
                if idempotency_key is None or await self.store.idempotent(game_id, idempotency_key) is None:
                    raise
                record, _ = await self._load(game_id)
                return Update(record, "play", duplicate=True)
            if next_menu is not None:
                record, state = await self._load(game_id)
                update.menu = await self._menu_of(record, state, user, "", next_menu)
        await self._publish(update)
        return update

    async def _submit(
        self,
        game_id: str,
        user: str,
        intent: Intent | str,
        expected_version: int | None,
        idempotency_key: str | None,
        choice: str | None,
    ) -> Update:
        record, state = await self._load(game_id)
        require_running(record)
        if expected_version is not None and expected_version != record.version:
            raise StaleVersion("The board has moved on since that choice was offered.")
        seat = record.seat_of(user)
        if seat is None:
            raise NotAllowed("You are not playing in this game.")
        assert state is not None
        game = self.engine_game(record)
        if choice is not None and not any(
            p.seat == seat.seat and p.ref == choice for p in game.prompts(state)
        ):
            raise StaleVersion("That choice is over: the board has moved on.")
        # one intent, one key: an intent built with its arguments in another order is logged as listed
        parsed = game.conform(intent) if isinstance(intent, Intent) else game.parse_intent(intent)
        expected = record.version
        offered = self._offered.get(game_id, expected, seat.seat)
        if offered is not None:  # the list just shown to this seat: membership in it is the check
            state, events = game.apply_chosen(state, seat.seat, parsed, offered)
        else:
            state, events = game.apply(state, seat.seat, parsed)
        lines = lines_of(events, user, expected + 1)
        logged = [
            LoggedIntent(
                seq=state.step,
                version=expected + 1,
                seat=seat.seat,
                key=parsed.key(),
                by=user,
                at=self.clock(),
            )
        ]
        if seat.away:
            seat.away = False
            events.append(public("return", f"{seat.seat} is back and plays again."))
        seat.missed = 0
        state = await self._play_agents(record, state, events, logged, expected + 1, lines)
        await self._commit(record, expected, state, logged, idempotency_key, lines=lines, events=events)
        return Update(record, "play", events, [(i.seat, i.key, i.by) for i in logged])

    # --- deadlines ---------------------------------------------------------------------------------------
    async def tick(self, now: float | None = None) -> list[Update]:
        """Apply the default of every prompt whose deadline has passed; send due reminders.

        One game's failure never stops the pass: a game whose data or code fails is set aside (once,
        even if several of its deadlines are due) and the next deadline is handled."""
        now = self.clock() if now is None else now
        self._cache.evict_idle()  # games nobody played for a while leave memory (engine/table/live.py)
        updates: list[Update] = []
        aside: set[str] = set()
        for deadline in await self.store.claim_deadlines(now, self.claim_lease):
            if deadline.game_id in aside:
                continue
            if deadline.seat == UNREADABLE_DEADLINE:  # its clock cannot be read: the game cannot be timed
                aside.add(deadline.game_id)
                await self._set_aside_id(deadline.game_id, f"{ROW_UNREADABLE}: a deadline row")
                continue
            published = deadline.seat == UNDO_CLOCK  # the undo's own change announces its end
            try:
                if published:
                    update = await self._end_request(deadline, now)
                elif deadline.due_at <= now:
                    update = await self._expire(deadline)
                else:
                    update = await self._remind(deadline)
            except DamagedGame as exc:
                aside.add(deadline.game_id)
                log.warning(
                    "deadline of game %s seat %s not applied: the game is set aside (%s)",
                    deadline.game_id,
                    deadline.seat,
                    exc.reason,
                )
                continue
            except RuleError:
                log.exception(
                    "deadline for game %s seat %s could not be applied", deadline.game_id, deadline.seat
                )
                continue
            except Exception:  # the store or the host, not the game: log it, keep the game, try next tick
                log.exception("deadline for game %s seat %s failed", deadline.game_id, deadline.seat)
                continue
            if update is not None:
                updates.append(update)
                if not published:
                    await self._publish(update)
        return updates

    async def _still_open(self, deadline: Deadline, reminder: bool = False) -> bool:
        """Whether ``deadline`` (read or claimed a moment ago) is still the seat's open deadline, as stored
        now: a move or another process may have replaced it since (a stale one is never applied)."""
        for current in await self.store.deadlines(game_id=deadline.game_id):
            if current.seat == deadline.seat:
                return current.due_at == deadline.due_at and not (reminder and current.reminded)
        return False

    async def _remind(self, deadline: Deadline) -> Update | None:
        if not await self._still_open(deadline, reminder=True):
            return None
        record, _ = await self._load(deadline.game_id)
        await self._unmarked(record)
        await self._mark_reminded(deadline.game_id, deadline.seat)
        if record.status != "running":
            return None
        left = max(0, int(deadline.due_at - self.clock()))
        hours, minutes = divmod(left // 60, 60)
        when = f"{hours} h {minutes} min" if hours else f"{minutes} min"
        event = private(
            deadline.seat, "reminder", f"Reminder: your decision is due in {when}.", due_at=deadline.due_at
        )
        return Update(record, "reminder", [event])

    async def _expire(self, deadline: Deadline) -> Update | None:
        """The seat's clock ran out: its default is applied, and, when the clock timed a whole turn, the
        defaults of the rest of that turn too (one missed turn, not one per decision in it).

        Another process may have changed the game since this one cached it: the compare-and-swap refuses
        the stale change, and the default is tried again on the game as stored, while it is still due (two
        processes applying the defaults of two seats of one game at once take turns)."""
        for _ in range(EXPIRE_ATTEMPTS - 1):
            try:
                return await self._expire_once(deadline)
            except StaleVersion:
                continue  # the cache was dropped: next time the game is read as stored
        return await self._expire_once(deadline)

    async def _expire_once(self, deadline: Deadline) -> Update | None:
        async with self._isolated(deadline.game_id), self._lock(deadline.game_id):
            if not await self._still_open(deadline):
                return None
            record, state = await self._load(deadline.game_id)
            await self._unmarked(record)
            if record.status != "running" or state is None:
                return None
            game = self.engine_game(record)
            seat = record.seat_named(deadline.seat)
            with game_code(record, "applying a deadline's default"):
                prompt: Prompt | None = next(
                    (p for p in game.prompts(state) if p.seat == deadline.seat and p.kind == deadline.kind),
                    None,
                )
                if prompt is None or seat is None:
                    return None
                expected = record.version
                state, events, logged, labels = self._defaults(record, state, prompt, expected + 1)
            lines = lines_of(events, "deadline", expected + 1, seat.seat)
            notice = [
                public(
                    "timeout",
                    f"Time ran out for {seat.seat}; the default was applied."
                    + ("" if prompt.simultaneous else f" ({'; '.join(labels)})"),
                )
            ]
            if prompt.simultaneous:
                notice.append(
                    private(seat.seat, "timeout_choice", f"Your default choice was applied: {labels[0]}.")
                )
            seat.missed += 1
            if seat.missed >= pacing.MISSED_BEFORE_AGENT and not seat.away:
                seat.away = True
                notice.append(
                    public(
                        "away",
                        f"{seat.seat} missed {seat.missed} deadlines in a row; an agent plays "
                        "for them until they return.",
                    )
                )
            events = notice + events
            state = await self._play_agents(record, state, events, logged, expected + 1, lines)
            await self._commit(record, expected, state, logged, lines=lines, events=events)
        return Update(record, "deadline", events, [(i.seat, i.key, i.by) for i in logged])

    def _defaults(
        self, record: GameRecord, state: GameState, prompt: Prompt, version: int
    ) -> tuple[GameState, list[Event], list[LoggedIntent], list[str]]:
        """Apply ``prompt``'s default, then, while the same seat's turn clock goes on (its next decision
        in the same turn, nobody else acting in between), the next decision's default."""
        game = self.engine_game(record)
        events: list[Event] = []
        logged: list[LoggedIntent] = []
        labels: list[str] = []
        ident = clock_id(prompt)
        current: Prompt | None = prompt
        while current is not None and len(logged) < MAX_DEFAULTS_PER_TURN:
            labels.append(game.describe(state, current.default))
            state, more = game.apply(state, current.seat, current.default)
            events += more
            logged.append(
                LoggedIntent(
                    seq=state.step,
                    version=version,
                    seat=current.seat,
                    key=current.default.key(),
                    by="deadline",
                    at=self.clock(),
                )
            )
            if ident != TURN or game.outcome(state) is not None:
                break
            current = next((p for p in game.prompts(state) if p.seat == prompt.seat), None)
            if current is not None and clock_id(current) != TURN:
                current = None
        return state, events, logged, labels
