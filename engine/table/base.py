"""What every part of the table shares: the store, the clock, locks and cache; loading (with every
check of engine.integrity) and saving; setting a damaged game aside. The agents' seats are in
:mod:`.agent_seats`."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import AsyncIterator, Callable
from contextlib import AbstractAsyncContextManager
from typing import Any

from ..core import registry
from ..core.errors import (
    DamagedGame,
    MalformedIntent,
    StaleVersion,
)
from ..core.game import GameState
from ..core.lone import Replayer
from ..core.model import Event, public
from ..integrity import ROW_UNREADABLE, SavedSnapshot, log_problem, seats_problem, snapshot_problem
from ..records import Deadline, GameRecord, LoggedIntent
from ..store import Cap, CapReached, Change, PublicLine, Store
from .agent_seats import AgentSeats
from .clocks import TableState, end_undo, open_clocks, seat_deadlines, stop_clocks, undone
from .live import LiveGame, LiveGames, OfferedLists, copied
from .locks import KeyedLocks
from .model import (
    GameFault,
    LimitReached,
    Limits,
    Subscriber,
    Update,
    game_code,
)

log = logging.getLogger(__name__)


READ_ATTEMPTS = 5
"""How often a game is read again when another process changed it while it was read (:meth:`_read_whole`)."""


class TornRead(StaleVersion):
    """The game was committed between the reads of its record and of its snapshot: read it again."""


class TableBase(AgentSeats):
    claim_lease = 60.0
    """Seconds a deadline claimed by :meth:`tick` stays this process's (then a dead claimer's is freed)."""

    # --- init --------------------------------------------------------------------------------------------
    def __init__(
        self,
        store: Store,
        clock: Callable[[], float] = time.time,
        agent_kind: str | None = "heuristic",
        limits: Limits | None = None,
    ) -> None:
        self.store = store
        self.clock = clock
        self.agent_kind = agent_kind
        self.limits = limits or Limits()
        self._locks = KeyedLocks()
        self._cache = LiveGames(self.limits.live_games)
        """The live games (:mod:`engine.table.live`): bounded, least recently used out first."""
        self._offered = OfferedLists()
        """The legal lists just shown to players (:class:`engine.table.live.Offered`)."""
        self._subscribers: list[Subscriber] = []

    def forget(self, game_id: str) -> None:
        """Drop this process's copy of the game (another process changed it): the next use reads it."""
        self._cache.pop(game_id)
        self._offered.pop(game_id)

    # --- subscriptions -----------------------------------------------------------------------------------
    def subscribe(self, subscriber: Subscriber) -> Callable[[], None]:
        """Call ``subscriber`` with every :class:`Update`; returns a function that unsubscribes."""
        self._subscribers.append(subscriber)
        return lambda: self._subscribers.remove(subscriber) if subscriber in self._subscribers else None

    async def _publish(self, update: Update) -> None:
        for subscriber in list(self._subscribers):
            try:
                await subscriber(update)
            except Exception:  # a front end's failure must not undo or block the game
                log.exception(
                    "subscriber failed on game %s version %s", update.record.id, update.record.version
                )

    # --- loading and saving ------------------------------------------------------------------------------
    def _lock(self, game_id: str) -> AbstractAsyncContextManager[None]:
        """Held while the game is changed: its changes one at a time (:mod:`engine.table.locks`)."""
        return self._locks.hold(game_id)

    async def _load(self, game_id: str) -> tuple[GameRecord, GameState | None]:
        """The record and state of a game. A game whose saved data fails its checks is set aside here
        (:meth:`_set_aside`) and :class:`DamagedGame` is raised; a damaged game loads without a state."""
        cached = self._cache.get(game_id)
        if cached is not None:
            return self._from_cache(game_id, cached)
        record, state = await self._read_whole(game_id)
        newer = self._cache.peek(game_id)
        if newer is not None and newer.record.version >= record.version:
            # a change committed while this (unlocked) read waited on the store: its entry is the newer
            # one, and an older entry put over it would make the next change fail on a stale version
            return self._from_cache(game_id, newer)
        if record.status == "damaged":
            return record, None  # never cached: a moderator may repair it behind our back
        text = self.engine_game(record).dump(state) if state is not None else None
        self._cache.put(game_id, LiveGame(copied(record), state, snapshot=text))
        return record, state

    def _from_cache(self, game_id: str, entry: LiveGame) -> tuple[GameRecord, GameState | None]:
        return copied(entry.record), self._cache.state(entry, game_id, self.engine_game(entry.record).load)

    async def _read_whole(self, game_id: str) -> tuple[GameRecord, GameState | None]:
        """The record and its verified state, read as one: the record, the snapshot and the log are
        separate reads, so another process committing in between can make a healthy game look torn (a
        record of version v beside a log of v+1). A mismatch is judged again on a fresh read while the
        stored version keeps moving; only a mismatch on a version that stood still is damage."""
        for _ in range(READ_ATTEMPTS):
            record = await self.store.game(game_id)
            if record is None:
                raise MalformedIntent(f"There is no game '{game_id}'.")
            if record.status != "damaged":  # its rules, imported off the event loop (registry.ready)
                await registry.ready(record.game)
            if record.status == "damaged" and record.damage.startswith(ROW_UNREADABLE):
                await self._unmarked_row(record)
            if record.status in ("lobby", "damaged"):
                return record, None
            try:
                return record, await self._load_state(record)
            except TornRead:
                continue
            except DamagedGame as exc:
                again = await self.store.game(game_id)
                if again is not None and again.version != record.version:
                    log.info("game %s changed while it was read (%s); reading it again", game_id, exc.reason)
                    continue
                if record.status != "aborted":
                    await self._set_aside(record, exc.reason)
                    raise
                # a cancelled game has nothing left to protect: it stays cancelled, without a board
                log.info("game %s (cancelled) has no usable saved state: %s", record.id, exc.reason)
                return record, None
        raise StaleVersion("The game is changing too fast to be read; try again in a moment.")

    async def _load_state(self, record: GameRecord) -> GameState | None:
        """The verified state: the snapshot if it proves itself, else the rebuild from the intent log if
        that reaches exactly the recorded game; otherwise :class:`DamagedGame` (with the reason)."""
        await registry.ready(record.game)
        if not registry.known(record.game):
            raise DamagedGame(reason=f"unknown game {record.game!r}")
        saved = await self.store.saved_snapshot(record.id)
        intents = await self.store.intents(record.id)
        if saved is None and not intents and record.status == "aborted":
            return None  # cancelled in its lobby: it never had a state
        problem = log_problem(record, intents, saved.steps if saved else None)
        if problem is not None:
            raise DamagedGame(reason=problem)
        if saved is None:
            raise DamagedGame(
                reason="no snapshot for a started game (nothing to check its intent log against)"
            )
        state, unusable = self.saved_state(record, saved, len(intents))
        if state is not None or unusable is None:
            return state
        if saved.version != record.version:
            again = await self.store.game(record.id)
            if again is not None and again.version != record.version:
                raise TornRead("The game is changing too fast to be read; try again in a moment.")
        log.warning("game %s: rebuilding from the intent log (%s)", record.id, unusable)
        undone_ranges = (await self._table_state(record.id)).undone
        # a long game's replay takes 100 ms and more: off the event loop, so other games and Discord go on
        return await asyncio.to_thread(self._replay, record, intents, unusable, undone_ranges)

    def saved_state(
        self, record: GameRecord, saved: SavedSnapshot, steps: int
    ) -> tuple[GameState | None, str | None]:
        """(the snapshot's state, None) when the snapshot proves itself (checksum, format and version, a
        body that loads, at the intent log's length ``steps``); else (None, why it is not used as it is:
        the game is rebuilt from its log). :class:`DamagedGame` when its seats are not the game's seat
        rows (rows lost or changed: the snapshot is checksummed, so the rows are what is wrong)."""
        game = self.engine_game(record)
        unusable = snapshot_problem(record, saved, game.format)
        if unusable is not None:
            return None, unusable
        try:
            state: GameState = game.load(saved.body)
        except Exception as exc:  # the checksum matched, yet the engine cannot read it (old code?)
            return None, f"snapshot unreadable ({type(exc).__name__}: {str(exc)[:200]})"
        if state.step != steps:
            return None, f"snapshot at step {state.step}, intent log of {steps}"
        problem = seats_problem(record, state.seats)
        if problem is not None:
            raise DamagedGame(reason=problem)
        return state, None

    async def rebuild(self, record: GameRecord) -> GameState:
        """Replay the game from its seed, options and intent log; :class:`DamagedGame` if the log is not
        whole or does not replay."""
        intents = await self.store.intents(record.id)
        saved = await self.store.saved_snapshot(record.id)
        problem = log_problem(record, intents, saved.steps if saved else None)
        if problem is not None:
            raise DamagedGame(reason=problem)
        undone_ranges = (await self._table_state(record.id)).undone
        return await asyncio.to_thread(self._replay, record, intents, "rebuild asked for", undone_ranges)

    def _replay(
        self,
        record: GameRecord,
        intents: list[LoggedIntent],
        why: str,
        skipped: list[tuple[int, int]] | None = None,
    ) -> GameState:
        """Every logged intent must apply: one that does not means the log is not this game's. The intents
        an undo took back (``skipped`` seq ranges) are left out; the state's step still counts every logged
        intent, as the live game's does after an undo (:mod:`engine.table.undo`)."""
        game = self.engine_game(record)
        try:
            state: GameState = game.setup([s.seat for s in record.seats], record.seed, record.options)
        except Exception as exc:
            raise DamagedGame(reason=f"{why}; the game cannot be set up again: {str(exc)[:200]}") from exc
        replayer = Replayer(game)  # an older log's moves the game now makes alone
        for logged in intents:
            if skipped and undone(logged.seq, skipped):
                continue
            state.step = logged.seq - 1
            try:
                state, _ = replayer.apply(state, logged.seat, logged.key)
            except Exception as exc:
                raise DamagedGame(
                    reason=f"{why}; the rebuild stops at seq {logged.seq} (version {logged.version}): "
                    f"{type(exc).__name__}: {str(exc)[:200]}"
                ) from exc
        state.step = len(intents)
        return state

    async def _commit(
        self,
        record: GameRecord,
        expected: int | None,
        state: GameState | None,
        intents: list[LoggedIntent] | None = None,
        key: str | None = None,
        deadlines: bool = True,
        fresh_clocks: bool = False,
        lines: list[PublicLine] | None = None,
        table_state: TableState | None = None,
        events: list[Event] | None = None,
        caps: tuple[Cap, ...] = (),
    ) -> None:
        """Save the change; ``lines`` are the public event texts of the intents it applied (saved with them).
        ``table_state``: the game's clocks, votes and extensions as the caller changed them (else read).
        ``caps``: the limits the change could pass (:mod:`engine.table.room`), counted by the store in the
        change's transaction; :class:`LimitReached` when it would pass one (nothing is saved)."""
        record.version = (expected or 0) + 1 if expected is not None else 1
        record.updated_at = self.clock()
        # without a state (a lobby, a damaged game cancelled) the game's code is not needed: its id may be
        # the very thing that is damaged
        game = self.engine_game(record) if state is not None else None
        open_deadlines = None
        ts = table_state
        if ts is None and (deadlines or intents):
            ts = await self._table_state(record.id)
        if intents and ts is not None:
            end_undo(ts, events, lines, record.version)  # a move ends a pending undo request: told in events
        with game_code(record, "saving the game"):
            if deadlines:
                assert ts is not None
                open_deadlines = await self._deadlines(record, state, fresh_clocks, ts, intents)
            snapshot = game.dump(state) if game is not None and state is not None else None
        seats, written_deadlines, written_ts = self._changed(record, expected, ts, open_deadlines)
        change = Change(
            record=record,
            expected_version=expected,
            snapshot=snapshot,
            snapshot_format=game.format if game is not None else 1,
            intents=intents or [],
            deadlines=written_deadlines,
            idempotency_key=key,
            public_lines=lines or [],
            table_state=written_ts,
            seats=seats,
            caps=caps,
        )
        try:
            await self.store.commit(change)
        except StaleVersion:
            self._cache.pop(record.id)
            self._offered.pop(record.id)
            raise
        except CapReached as exc:
            raise LimitReached(str(exc)) from None
        self._remember(record, state, ts, open_deadlines, snapshot)

    def _changed(
        self,
        record: GameRecord,
        expected: int | None,
        ts: TableState | None,
        deadlines: list[Deadline] | None,
    ) -> tuple[bool, list[Deadline] | None, dict[str, Any] | None]:
        """What the change must write besides the record: (seats?, deadlines, table state), leaving out
        what the cache shows is stored already (fewer pages in the WAL per move)."""
        known = self._cache.peek(record.id)
        if known is None or expected is None or known.record.version != expected:
            return True, deadlines, ts.model_dump(mode="json") if ts is not None else None
        same_deadlines = deadlines is not None and known.deadlines == deadlines
        same_ts = ts is not None and known.table_state == ts
        return (
            known.record.seats != record.seats,
            None if same_deadlines else deadlines,
            None if same_ts or ts is None else ts.model_dump(mode="json"),
        )

    def _remember(
        self,
        record: GameRecord,
        state: GameState | None,
        ts: TableState | None,
        deadlines: list[Deadline] | None,
        snapshot: str | None,
    ) -> None:
        """Cache what was just committed (``snapshot``: the state's text as saved); ``ts`` or ``deadlines``
        None: the change left them as they were."""
        before = self._cache.peek(record.id)
        if ts is None and before is not None:
            ts = before.table_state
        if deadlines is None and before is not None:
            deadlines = before.deadlines
        self._cache.put(
            record.id,
            LiveGame(
                copied(record),
                state,
                ts.model_copy(deep=True) if ts is not None else None,
                [d.model_copy() for d in deadlines] if deadlines is not None else None,
                snapshot=snapshot,
            ),
        )

    async def _deadlines(
        self,
        record: GameRecord,
        state: GameState | None,
        fresh: bool = False,
        ts: TableState | None = None,
        intents: list[LoggedIntent] | None = None,
    ) -> list[Deadline]:
        """Open deadlines after a change: a clock that times the same turn, secret decision or reaction
        window keeps running unless ``fresh`` (:func:`engine.table.clocks.open_clocks`)."""
        ts = ts if ts is not None else TableState()
        now = self.clock()
        if state is None or record.status != "running":
            stop_clocks(record, ts, now)
            return []
        if fresh:
            stop_clocks(record, ts, now)
        game = self.engine_game(record)
        old: dict[str, Deadline] = {}
        if not fresh:
            old = {d.seat: d for d in seat_deadlines(await self._open_deadlines(record.id))}
        own = self._table_clocks(record, ts)
        return open_clocks(record, game.prompts(state), old, ts, intents, now) + own

    def _table_clocks(self, record: GameRecord, ts: TableState) -> list[Deadline]:
        return []  # the table's own deadline rows, not a seat's: a pending undo request's end (Undo's)

    async def _open_deadlines(self, game_id: str) -> list[Deadline]:
        """The game's open deadlines: from the cache when this table committed or read them last."""
        cached = self._cache.peek(game_id)
        if cached is not None and cached.deadlines is not None:
            return [d.model_copy() for d in cached.deadlines]
        found = await self.store.deadlines(game_id=game_id)
        cached = self._cache.peek(game_id)
        if cached is not None:
            cached.deadlines = [d.model_copy() for d in found]
        return found

    async def _table_state(self, game_id: str) -> TableState:
        """The table's own state of the game: from the cache when this table committed or read it last."""
        cached = self._cache.peek(game_id)
        if cached is not None and cached.table_state is not None:
            return cached.table_state.model_copy(deep=True)
        ts = TableState.of(await self.store.table_state(game_id))
        cached = self._cache.peek(game_id)
        if cached is not None:
            cached.table_state = ts.model_copy(deep=True)
        return ts

    async def _mark_reminded(self, game_id: str, seat: str) -> None:
        """Mark the seat's deadline reminded, in the store and in the cache."""
        await self.store.mark_reminded(game_id, seat)
        cached = self._cache.peek(game_id)
        if cached is not None and cached.deadlines is not None:
            for deadline in cached.deadlines:
                if deadline.seat == seat:
                    deadline.reminded = True

    async def _end_request(self, deadline: Deadline, now: float) -> Update | None:
        """The table's own row fell due: end what it times (:meth:`engine.table.undo.Undo._end_request`)."""
        return None

    # --- setting a game aside ----------------------------------------------------------------------------
    DAMAGED_NOTICE = (
        "This game is paused for a moderator: part of it could not be read or played. The moves "
        "saved so far are kept, and every other game goes on."
    )

    async def _set_aside(self, record: GameRecord, reason: str) -> Update:
        """Mark one game damaged after its data or code failed: the operator reads ``reason`` in the log,
        its players are told (by the update's public event) that a moderator must look at it, and no
        other game is touched. Returns the update (published once the mark is saved)."""
        log.error("game %s (%s) set aside as damaged: %s", record.id, record.game, reason)
        self._cache.pop(record.id)
        self._offered.pop(record.id)
        record.status, record.damage = "damaged", reason
        update = Update(record, "damaged", [public("damaged", self.DAMAGED_NOTICE)])
        try:
            await self.store.mark_damaged(record.id, reason)
        except Exception:  # the store itself fails: nothing is marked, so nothing is announced
            log.exception("game %s could not be marked damaged", record.id)
            return update
        await self._publish(update)
        return update

    async def _set_aside_id(self, game_id: str, reason: str) -> None:
        try:
            record = await self.store.game(game_id)
        except Exception:
            log.exception("game %s: its record cannot be read to set it aside (%s)", game_id, reason)
            return
        if record is not None:
            await self._set_aside(record, reason)

    @contextlib.asynccontextmanager
    async def _isolated(self, game_id: str) -> AsyncIterator[None]:
        """Around a change of one game (outside its lock): when the game's own code failed, the game is
        set aside and the caller gets :class:`DamagedGame` (a refusal), never the game's exception."""
        try:
            yield
        except GameFault as fault:
            await self._set_aside_id(game_id, fault.reason)
            raise DamagedGame(reason=fault.reason) from fault

    async def _unmarked(self, record: GameRecord) -> None:
        """A damaged record that still has deadlines was never set aside (the store marks a game damaged
        and drops its deadlines together): it is a row the store could not decode. Set it aside now (once:
        its load may have done so already, :meth:`_unmarked_row`)."""
        if record.status == "damaged":
            if await self.store.deadlines(game_id=record.id):
                await self._set_aside(record, record.damage or "damaged")
            raise DamagedGame(reason=record.damage)

    async def _unmarked_row(self, record: GameRecord) -> None:
        """A row the store could not decode comes back as a damaged record whatever its stored status; if
        its deadlines are still there it was never set aside (:meth:`_unmarked`): it is set aside now, so
        its players are told at its first use, not when its next deadline falls due."""
        if await self.store.deadlines(game_id=record.id):
            await self._set_aside(record, record.damage)
