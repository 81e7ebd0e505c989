"""The table: the async service that runs games for any front end (Discord, the terminal, tests).

It owns lobbies (host, seats, options, pace), turns a user's intent into an engine call, and keeps
every game safe:

- one :class:`asyncio.Lock` per game; every change bumps the game's version;
- ``submit(..., expected_version=...)`` refuses a stale version with :class:`StaleVersion`;
- the same ``idempotency_key`` delivered twice is applied once;
- the new snapshot, the appended intents and the open deadlines are committed in one transaction
  (compare-and-swap on the version) *before* anything is announced;
- seats played by agents (agent seats, players on vacation or taken over after missed deadlines) are
  played at once, inside the same change;
- :meth:`tick` applies prompt defaults when deadlines pass and sends reminders;
- a snapshot that cannot be read is rebuilt from the intent log; a game whose saved data does not
  prove itself (checksum, version, a contiguous log of the recorded length, a rebuild that replays
  every intent) is set aside as damaged, alone, never silently reset; so is a game whose code raises
  while a deadline is applied or agents play: nothing one game raises stops another game's work.

Front ends subscribe with :meth:`subscribe` and receive an :class:`Update` per change; they show each
event only to its audience and fetch per-seat views with :meth:`view`.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
import secrets
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from . import pace as pacing
from .core import registry
from .core.agents import make_agent
from .core.errors import (
    DamagedGame,
    GameOver,
    IllegalIntent,
    MalformedIntent,
    RuleError,
    StaleVersion,
)
from .core.game import Game, GameState
from .core.intent import Intent
from .core.menus import Choice
from .core.model import Event, Prompt, private, public
from .integrity import ROW_UNREADABLE, log_problem, snapshot_problem
from .public_log import lines_of, replay
from .records import Deadline, GameRecord, LoggedIntent, SeatRecord
from .store import Change, PublicLine, Store

log = logging.getLogger(__name__)

MAX_AGENT_STEPS = 20_000
MAX_PREFIX = 80
"""A partial intent key is at most as long as a whole one."""
AGENT_STEPS_PER_YIELD = 20
_SEAT_NAME = re.compile(r"[^A-Za-z0-9_]")


class NotAllowed(RuleError):
    """The caller may not do this (not the host, not a moderator, not in the game)."""


class GameFault(Exception):
    """A game's own code raised something other than a :class:`RuleError` (a bug, or data it cannot
    handle). Raised inside the table only: the game is then set aside and callers get :class:`DamagedGame`."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


@contextlib.contextmanager
def game_code(record: GameRecord, doing: str) -> Iterator[None]:
    """Run a game's code: a refusal stays a refusal; anything else becomes a :class:`GameFault`."""
    try:
        yield
    except (RuleError, GameFault):
        raise
    except Exception as exc:
        raise GameFault(f"{type(exc).__name__} in {record.game}'s code while {doing}: {str(exc)[:300]}") from exc


class LimitReached(NotAllowed):
    """A user or a server already has as many open lobbies or running games as the limits allow."""


@dataclass(frozen=True)
class Limits:
    """How many games one user and one server may have at once, and how long a display name may be.

    Counted in the store (a COUNT, not a load) when a lobby is opened or joined: one user cannot fill the
    database with lobbies, nor one server take every game slot of a shared bot. ``0`` means no limit.
    "Running" counts running and paused games (both hold a seat and deadlines)."""

    lobbies_per_user: int = 5
    running_per_user: int = 20
    lobbies_per_guild: int = 50
    running_per_guild: int = 500
    name_chars: int = 32


ACTIVE = ("running", "paused")


@dataclass
class Update:
    """One change to a game, for front ends to announce."""

    record: GameRecord
    kind: str
    """lobby | start | play | deadline | reminder | status | damaged"""
    events: list[Event] = field(default_factory=list)
    applied: list[tuple[str, str, str]] = field(default_factory=list)
    """(seat, intent key, by) for every intent applied in this change, in order."""
    duplicate: bool = False
    """True when the idempotency key had been seen: nothing was applied this time."""

    @property
    def finished(self) -> bool:
        return self.record.status == "finished"


Subscriber = Callable[[Update], Awaitable[None]]


def seat_name(display: str, taken: set[str], fallback: str) -> str:
    """An engine seat name from a display name: letters, digits and _, unique, at most 16 characters."""
    base = _SEAT_NAME.sub("", display)[:12]
    if not base or not base[0].isalpha():
        base = fallback
    name, n = base, 2
    while name.lower() in taken:
        name = f"{base}{n}"
        n += 1
    taken.add(name.lower())
    return name


def bounded_name(name: str, fallback: str, limit: int = Limits.name_chars) -> str:
    """A display name fit to store and show: one line, printable characters only, at most ``limit``
    characters (a 10 MB name would otherwise be saved and rewritten on every change of the game)."""
    cleaned = " ".join("".join(ch for ch in name[: limit * 4] if ch.isprintable()).split())
    return (cleaned or fallback)[:limit]


class Table:
    def __init__(
        self,
        store: Store,
        clock: Callable[[], float] = time.time,
        agent_kind: str = "heuristic",
        limits: Limits | None = None,
    ) -> None:
        self.store = store
        self.clock = clock
        self.agent_kind = agent_kind
        self.limits = limits or Limits()
        self._room = asyncio.Lock()
        """Held while a lobby is opened or joined, from the count to the commit: concurrent requests of one
        user (or one server) cannot all pass the count before any of them is saved."""
        self._locks: dict[str, asyncio.Lock] = {}
        self._cache: dict[str, tuple[GameRecord, GameState | None]] = {}
        self._subscribers: list[Subscriber] = []

    # --- subscriptions --------------------------------------------------------------------

    def subscribe(self, subscriber: Subscriber) -> Callable[[], None]:
        """Call ``subscriber`` with every :class:`Update`; returns a function that unsubscribes."""
        self._subscribers.append(subscriber)
        return lambda: self._subscribers.remove(subscriber) if subscriber in self._subscribers else None

    async def _publish(self, update: Update) -> None:
        for subscriber in list(self._subscribers):
            try:
                await subscriber(update)
            except Exception:  # a front end's failure must not undo or block the game
                log.exception("subscriber failed on game %s version %s", update.record.id, update.record.version)

    # --- loading and saving ---------------------------------------------------------------

    def _lock(self, game_id: str) -> asyncio.Lock:
        return self._locks.setdefault(game_id, asyncio.Lock())

    @staticmethod
    def engine_game(record: GameRecord) -> Game[Any]:
        game: Game[Any] = registry.get(record.game)
        return game

    async def _load(self, game_id: str) -> tuple[GameRecord, GameState | None]:
        """The record and state of a game. A game whose saved data fails its checks is set aside here
        (:meth:`_set_aside`) and :class:`DamagedGame` is raised; a damaged game loads without a state."""
        cached = self._cache.get(game_id)
        if cached is not None:
            return cached[0].model_copy(deep=True), cached[1]
        record = await self.store.game(game_id)
        if record is None:
            raise MalformedIntent(f"There is no game '{game_id}'.")
        state: GameState | None = None
        if record.status in ("lobby", "damaged"):
            if record.status == "damaged":
                return record, None  # never cached: a moderator may repair it behind our back
        else:
            try:
                state = await self._load_state(record)
            except DamagedGame as exc:
                if record.status != "aborted":
                    await self._set_aside(record, exc.reason)
                    raise
                # a cancelled game has nothing left to protect: it stays cancelled, without a board
                log.info("game %s (cancelled) has no usable saved state: %s", record.id, exc.reason)
        self._cache[game_id] = (record.model_copy(deep=True), state)
        return record, state

    async def _load_state(self, record: GameRecord) -> GameState | None:
        """The verified state: the snapshot if it proves itself, else the rebuild from the intent log if
        that reaches exactly the recorded game; otherwise :class:`DamagedGame` (with the reason)."""
        if record.game not in registry.games():
            raise DamagedGame(reason=f"unknown game {record.game!r}")
        game = self.engine_game(record)
        saved = await self.store.saved_snapshot(record.id)
        intents = await self.store.intents(record.id)
        if saved is None and not intents and record.status == "aborted":
            return None  # cancelled in its lobby: it never had a state
        problem = log_problem(record, intents, saved.steps if saved else None)
        if problem is not None:
            raise DamagedGame(reason=problem)
        if saved is None:
            raise DamagedGame(reason="no snapshot for a started game (nothing to check its intent log against)")
        unusable = snapshot_problem(record, saved, game.format)
        if unusable is None:
            try:
                state: GameState = game.load(saved.body)
            except Exception as exc:  # the checksum matched, yet the engine cannot read it (old code?)
                unusable = f"snapshot unreadable ({type(exc).__name__}: {str(exc)[:200]})"
            else:
                if state.step == len(intents):
                    return state
                unusable = f"snapshot at step {state.step}, intent log of {len(intents)}"
        log.warning("game %s: rebuilding from the intent log (%s)", record.id, unusable)
        return self._replay(record, intents, unusable)

    async def rebuild(self, record: GameRecord) -> GameState:
        """Replay the game from its seed, options and intent log; :class:`DamagedGame` if the log is not
        whole or does not replay."""
        intents = await self.store.intents(record.id)
        saved = await self.store.saved_snapshot(record.id)
        problem = log_problem(record, intents, saved.steps if saved else None)
        if problem is not None:
            raise DamagedGame(reason=problem)
        return self._replay(record, intents, "rebuild asked for")

    def _replay(self, record: GameRecord, intents: list[LoggedIntent], why: str) -> GameState:
        """Every logged intent must apply: one that does not means the log is not this game's."""
        game = self.engine_game(record)
        try:
            state: GameState = game.setup([s.seat for s in record.seats], record.seed, record.options)
        except Exception as exc:
            raise DamagedGame(reason=f"{why}; the game cannot be set up again: {str(exc)[:200]}") from exc
        for logged in intents:
            try:
                state, _ = game.apply(state, logged.seat, game.parse_intent(logged.key))
            except Exception as exc:
                raise DamagedGame(reason=f"{why}; the rebuild stops at seq {logged.seq} (version {logged.version}): "
                                         f"{type(exc).__name__}: {str(exc)[:200]}") from exc
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
    ) -> None:
        """Save the change; ``lines`` are the public event texts of the intents it applied (saved with them)."""
        record.version = (expected or 0) + 1 if expected is not None else 1
        record.updated_at = self.clock()
        # without a state (a lobby, a damaged game cancelled) the game's code is not needed: its id may be
        # the very thing that is damaged
        game = self.engine_game(record) if state is not None else None
        open_deadlines = None
        with game_code(record, "saving the game"):
            if deadlines:
                open_deadlines = await self._deadlines(record, state, fresh_clocks)
            snapshot = game.dump(state) if game is not None and state is not None else None
        change = Change(
            record=record,
            expected_version=expected,
            snapshot=snapshot,
            snapshot_format=game.format if game is not None else 1,
            intents=intents or [],
            deadlines=open_deadlines,
            idempotency_key=key,
            public_lines=lines or [],
        )
        try:
            await self.store.commit(change)
        except StaleVersion:
            self._cache.pop(record.id, None)
            raise
        self._cache[record.id] = (record.model_copy(deep=True), state)

    async def _deadlines(self, record: GameRecord, state: GameState | None, fresh: bool = False) -> list[Deadline]:
        """Open deadlines after a change: a prompt still open keeps its clock unless ``fresh``."""
        if state is None or record.status != "running":
            return []
        game = self.engine_game(record)
        old: dict[tuple[str, str], Deadline] = {}
        if not fresh:
            old = {(d.seat, d.kind): d for d in await self.store.deadlines(game_id=record.id)}
        now = self.clock()
        out: list[Deadline] = []
        seen: set[str] = set()
        for prompt in game.prompts(state):
            seat = record.seat_named(prompt.seat)
            if seat is None or seat.agent or prompt.seat in seen:
                continue
            seen.add(prompt.seat)
            kept = old.get((prompt.seat, prompt.kind))
            if kept is not None:
                out.append(kept)
                continue
            span = pacing.decision_seconds(record.pace, prompt.pace)
            out.append(Deadline(game_id=record.id, seat=prompt.seat, kind=prompt.kind,
                                due_at=now + span, remind_at=now + span * pacing.REMIND_AT))
        return out

    # --- lobby ----------------------------------------------------------------------------

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
        game: Game[Any] = registry.get(game_id)
        meta = game.meta
        wanted = seats if seats is not None else meta.max_seats
        if not meta.min_seats <= wanted <= meta.max_seats:
            raise IllegalIntent(f"{meta.title} is for {meta.min_seats} to {meta.max_seats} players, not {wanted}.")
        parsed = game.parse_options(options)
        pacing.check_preset(pace)
        host_name = bounded_name(host_name, host, self.limits.name_chars)
        async with self._room:
            await self._check_room(host, (place or {}).get("guild"), new_game=True)
            new_id = await self._new_id()
            now = self.clock()
            record = GameRecord(
                id=new_id, game=game_id, host=host, max_seats=wanted, options=parsed.model_dump(mode="json"),
                pace=pace, seed=seed if seed is not None else secrets.randbits(62), created_at=now,
                place=dict(place or {}),
                seats=[SeatRecord(seat="", user=host, name=host_name)] if host_plays else [],
            )
            async with self._lock(new_id):
                await self._commit(record, None, None, deadlines=False)
        update = Update(record, "lobby", [public("lobby", f"{host_name} opened a game of {meta.title}.")])
        await self._publish(update)
        return update

    async def _new_id(self) -> str:
        while True:
            candidate = secrets.token_hex(3)
            if candidate not in self._cache and await self.store.game(candidate) is None:
                return candidate

    async def _lobby_change(self, game_id: str, change: Callable[[GameRecord], Event]) -> Update:
        async with self._lock(game_id):
            record, _ = await self._load(game_id)
            if record.status != "lobby":
                raise IllegalIntent("The game has already started; the lobby is closed.")
            expected = record.version
            event = change(record)
            await self._commit(record, expected, None, deadlines=False)
        update = Update(record, "lobby", [event])
        await self._publish(update)
        return update

    async def _check_room(self, user: str, guild: str | None, new_game: bool) -> None:
        """Refuse with :class:`LimitReached` when ``user`` (or, for a new game, the server) is at a limit."""
        limits, count = self.limits, self.store.count_games
        if limits.lobbies_per_user and await count(("lobby",), user=user) >= limits.lobbies_per_user:
            raise LimitReached(f"You already have {limits.lobbies_per_user} open lobbies, the most allowed: "
                               "start, leave or close one first.")
        if limits.running_per_user and await count(ACTIVE, user=user) >= limits.running_per_user:
            raise LimitReached(f"You already play in {limits.running_per_user} games, the most allowed: "
                               "finish or leave one first.")
        if not new_game or guild is None:
            return
        if limits.lobbies_per_guild and await count(("lobby",), guild=guild) >= limits.lobbies_per_guild:
            raise LimitReached(f"This server already has {limits.lobbies_per_guild} open lobbies, the most "
                               "allowed: join one of them, or wait until some start.")
        if limits.running_per_guild and await count(ACTIVE, guild=guild) >= limits.running_per_guild:
            raise LimitReached(f"This server already runs {limits.running_per_guild} games, the most allowed: "
                               "wait until some end.")

    async def join(self, game_id: str, user: str, name: str = "") -> Update:
        name = bounded_name(name, user, self.limits.name_chars)

        def change(record: GameRecord) -> Event:
            if record.seat_of(user) is not None:
                raise IllegalIntent("You have already joined this game.")
            if len(record.seats) >= record.max_seats:
                raise IllegalIntent(f"All {record.max_seats} seats are taken.")
            record.seats.append(SeatRecord(seat="", user=user, name=name))
            return public("join", f"{name} joined ({len(record.seats)}/{record.max_seats}).")

        async with self._room:
            record, _ = await self._load(game_id)
            if record.status == "lobby" and record.seat_of(user) is None:
                await self._check_room(user, record.place.get("guild"), new_game=False)
            return await self._lobby_change(game_id, change)

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

    async def add_agent(self, game_id: str, by: str) -> Update:
        def change(record: GameRecord) -> Event:
            self._require_host(record, by, moderator=False)
            if len(record.seats) >= record.max_seats:
                raise IllegalIntent(f"All {record.max_seats} seats are taken.")
            n = sum(1 for s in record.seats if s.user is None) + 1
            record.seats.append(SeatRecord(seat="", user=None, name=f"Agent {n}"))
            return public("join", f"Agent {n} takes a seat ({len(record.seats)}/{record.max_seats}).")

        return await self._lobby_change(game_id, change)

    async def start(self, game_id: str, by: str) -> Update:
        async with self._isolated(game_id), self._lock(game_id):
            record, _ = await self._load(game_id)
            if record.status != "lobby":
                raise IllegalIntent("The game has already started.")
            self._require_host(record, by, moderator=False)
            game = self.engine_game(record)
            if len(record.seats) < game.meta.min_seats:
                raise IllegalIntent(
                    f"{game.meta.title} needs at least {game.meta.min_seats} players; "
                    f"{len(record.seats)} have joined. Invite more or add an agent seat."
                )
            taken: set[str] = set()
            for i, seat in enumerate(record.seats, start=1):
                seat.seat = seat_name(seat.name, taken, f"p{i}")
            expected = record.version
            state: GameState = game.setup([s.seat for s in record.seats], record.seed, record.options)
            record.status = "running"
            events = [public("start", f"{game.meta.title} begins: " + ", ".join(s.seat for s in record.seats) + ".")]
            logged: list[LoggedIntent] = []
            lines: list[PublicLine] = []
            state = await self._play_agents(record, state, events, logged, expected + 1, lines)
            await self._commit(record, expected, state, logged, lines=lines)
        update = Update(record, "start", events, [(i.seat, i.key, i.by) for i in logged])
        await self._publish(update)
        return update

    # --- play -----------------------------------------------------------------------------

    async def submit(
        self,
        game_id: str,
        user: str,
        intent: Intent | str,
        expected_version: int | None = None,
        idempotency_key: str | None = None,
        choice: str | None = None,
    ) -> Update:
        """Apply ``intent`` for ``user``'s seat. The same ``idempotency_key`` is applied only once.

        ``choice`` is the :attr:`Prompt.ref` the intent was offered for (secret-choice buttons carry it
        instead of a version, since another player's choice must not make theirs stale): the seat must
        still have that very decision open, or the intent is refused as stale."""
        async with self._isolated(game_id), self._lock(game_id):
            record, state = await self._load(game_id)
            if idempotency_key is not None and await self.store.idempotent(game_id, idempotency_key) is not None:
                return Update(record, "play", duplicate=True)
            self._require_running(record)
            if expected_version is not None and expected_version != record.version:
                raise StaleVersion("The board has moved on since that choice was offered.")
            seat = record.seat_of(user)
            if seat is None:
                raise NotAllowed("You are not playing in this game.")
            assert state is not None
            game = self.engine_game(record)
            if choice is not None and not any(p.seat == seat.seat and p.ref == choice for p in game.prompts(state)):
                raise StaleVersion("That choice is over: the board has moved on.")
            parsed = intent if isinstance(intent, Intent) else game.parse_intent(intent)
            expected = record.version
            state, events = game.apply(state, seat.seat, parsed)
            lines = lines_of(events, user, expected + 1)
            logged = [LoggedIntent(seq=state.step, version=expected + 1, seat=seat.seat, key=parsed.key(),
                                   by=user, at=self.clock())]
            if seat.away:
                seat.away = False
                events.append(public("return", f"{seat.seat} is back and plays again."))
            seat.missed = 0
            state = await self._play_agents(record, state, events, logged, expected + 1, lines)
            await self._commit(record, expected, state, logged, idempotency_key, lines=lines)
        update = Update(record, "play", events, [(i.seat, i.key, i.by) for i in logged])
        await self._publish(update)
        return update

    async def _play_agents(
        self, record: GameRecord, state: GameState, events: list[Event], logged: list[LoggedIntent], version: int,
        lines: list[PublicLine] | None = None,
    ) -> GameState:
        """Let agents decide for every seat they play, until a person must decide or the game ends; their
        moves go to ``logged``, their events to ``events`` and their public lines to ``lines``.

        A long run of agent moves (a game whose players are all away) hands the event loop back every
        few moves, so other games and Discord's heartbeats are never starved.
        """
        game = self.engine_game(record)
        for step in range(MAX_AGENT_STEPS):
            if step and step % AGENT_STEPS_PER_YIELD == 0:
                await asyncio.sleep(0)
            with game_code(record, "agents played"):
                state, move = self._agent_move(game, record, state)
            if move is None:
                break
            seat, choice, more = move
            events.extend(more)
            if lines is not None:
                lines += lines_of(more, "agent", version)
            logged.append(LoggedIntent(seq=state.step, version=version, seat=seat, key=choice.key(),
                                       by="agent", at=self.clock()))
        else:
            log.error("game %s: agents did not stop after %d steps", record.id, MAX_AGENT_STEPS)
        with game_code(record, "agents played"):
            self._note_outcome(record, state)
        return state

    def _agent_move(self, game: Game[Any], record: GameRecord, state: GameState
                    ) -> tuple[GameState, tuple[str, Intent, list[Event]] | None]:
        """One agent move, or None when no agent has anything to decide."""
        if game.outcome(state) is not None:
            return state, None
        prompt = next((p for p in game.prompts(state) if self._is_agent(record, p.seat)), None)
        if prompt is None:
            return state, None
        legal = game.legal(state, prompt.seat)
        agent = make_agent(game, self.agent_kind, seed=(record.seed * 1_000_003 + state.step) & (2**62 - 1))
        choice = agent.choose(game, state, prompt.seat, legal) if legal else prompt.default
        state, more = game.apply(state, prompt.seat, choice)
        return state, (prompt.seat, choice, more)

    @staticmethod
    def _is_agent(record: GameRecord, seat: str) -> bool:
        found = record.seat_named(seat)
        return found is not None and found.agent

    def _note_outcome(self, record: GameRecord, state: GameState) -> None:
        outcome = self.engine_game(record).outcome(state)
        if outcome is not None:
            record.status = "finished"
            record.winners = list(outcome.winners)
            record.reason = outcome.reason

    @staticmethod
    def _require_running(record: GameRecord) -> None:
        if record.status == "lobby":
            raise IllegalIntent("The game has not started yet.")
        if record.status == "paused":
            raise IllegalIntent("The game is paused by a moderator; wait until it resumes.")
        if record.status == "finished":
            raise GameOver(f"The game is over: {record.reason}")
        if record.status == "aborted":
            raise GameOver("The game was cancelled.")
        if record.status == "damaged":
            raise DamagedGame()

    @staticmethod
    def _require_host(record: GameRecord, by: str, moderator: bool) -> None:
        if by != record.host and not moderator:
            raise NotAllowed("Only the game's host or a moderator can do that.")

    # --- setting a game aside ---------------------------------------------------------------

    DAMAGED_NOTICE = ("This game is paused for a moderator: part of it could not be read or played. The moves "
                      "saved so far are kept, and every other game goes on.")

    async def _set_aside(self, record: GameRecord, reason: str) -> Update:
        """Mark one game damaged after its data or code failed: the operator reads ``reason`` in the log,
        its players are told (by the update's public event) that a moderator must look at it, and no
        other game is touched. Returns the update (published once the mark is saved)."""
        log.error("game %s (%s) set aside as damaged: %s", record.id, record.game, reason)
        self._cache.pop(record.id, None)
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
        and drops its deadlines together): it is a row the store could not decode. Set it aside now."""
        if record.status == "damaged":
            await self._set_aside(record, record.damage or "damaged")
            raise DamagedGame(reason=record.damage)

    # --- deadlines --------------------------------------------------------------------------

    async def tick(self, now: float | None = None) -> list[Update]:
        """Apply the default of every prompt whose deadline has passed; send due reminders.

        One game's failure never stops the pass: a game whose data or code fails is set aside (once,
        even if several of its deadlines are due) and the next deadline is handled."""
        now = self.clock() if now is None else now
        updates: list[Update] = []
        aside: set[str] = set()
        for deadline in await self.store.deadlines(due_before=now):
            if deadline.game_id in aside:
                continue
            try:
                if deadline.due_at <= now:
                    update = await self._expire(deadline)
                else:
                    update = await self._remind(deadline)
            except DamagedGame as exc:
                aside.add(deadline.game_id)
                log.warning("deadline of game %s seat %s not applied: the game is set aside (%s)",
                            deadline.game_id, deadline.seat, exc.reason)
                continue
            except RuleError:
                log.exception("deadline for game %s seat %s could not be applied", deadline.game_id, deadline.seat)
                continue
            except Exception:  # the store or the host, not the game: log it, keep the game, try next tick
                log.exception("deadline for game %s seat %s failed", deadline.game_id, deadline.seat)
                continue
            if update is not None:
                updates.append(update)
                await self._publish(update)
        return updates

    async def _remind(self, deadline: Deadline) -> Update | None:
        record, _ = await self._load(deadline.game_id)
        await self._unmarked(record)
        await self.store.mark_reminded(deadline.game_id, deadline.seat)
        if record.status != "running":
            return None
        left = max(0, int(deadline.due_at - self.clock()))
        hours, minutes = divmod(left // 60, 60)
        when = f"{hours} h {minutes} min" if hours else f"{minutes} min"
        event = private(deadline.seat, "reminder", f"Reminder: your decision is due in {when}.", due_at=deadline.due_at)
        return Update(record, "reminder", [event])

    async def _expire(self, deadline: Deadline) -> Update | None:
        async with self._isolated(deadline.game_id), self._lock(deadline.game_id):
            record, state = await self._load(deadline.game_id)
            await self._unmarked(record)
            if record.status != "running" or state is None:
                return None
            game = self.engine_game(record)
            with game_code(record, "applying a deadline's default"):
                prompt: Prompt | None = next(
                    (p for p in game.prompts(state) if p.seat == deadline.seat and p.kind == deadline.kind), None
                )
                seat = record.seat_named(deadline.seat)
                if prompt is None or seat is None:
                    return None
                label = game.describe(state, prompt.default)
                state, events = game.apply(state, prompt.seat, prompt.default)
            expected = record.version
            lines = lines_of(events, "deadline", expected + 1)
            notice = [public("timeout", f"Time ran out for {seat.seat}; the default was applied."
                             + ("" if prompt.simultaneous else f" ({label})"))]
            if prompt.simultaneous:
                notice.append(private(seat.seat, "timeout_choice", f"Your default choice was applied: {label}."))
            logged = [LoggedIntent(seq=state.step, version=expected + 1, seat=seat.seat, key=prompt.default.key(),
                                   by="deadline", at=self.clock())]
            seat.missed += 1
            if seat.missed >= pacing.MISSED_BEFORE_AGENT and not seat.away:
                seat.away = True
                notice.append(public("away", f"{seat.seat} missed {seat.missed} deadlines in a row; an agent plays "
                                             "for them until they return."))
            events = notice + events
            state = await self._play_agents(record, state, events, logged, expected + 1, lines)
            await self._commit(record, expected, state, logged, lines=lines)
        return Update(record, "deadline", events, [(i.seat, i.key, i.by) for i in logged])

    # --- vacation and moderation ------------------------------------------------------------

    async def set_away(self, game_id: str, user: str, away: bool) -> Update:
        """Vacation: an agent plays the user's seat while ``away``; coming back hands it back."""

        async def change(record: GameRecord, seat: SeatRecord | None) -> Event:
            if seat is None:
                raise NotAllowed("You are not playing in this game.")
            seat.away = away
            seat.missed = 0
            if away:
                return public("away", f"{seat.seat} is on vacation; an agent plays for them until they return.")
            return public("return", f"{seat.seat} is back and plays again.")

        return await self._running_change(game_id, change, seat_user=user)

    async def pause(self, game_id: str, by: str, moderator: bool = False) -> Update:
        return await self._set_status(game_id, by, moderator, "paused", "The game is paused.")

    async def resume(self, game_id: str, by: str, moderator: bool = False) -> Update:
        return await self._set_status(game_id, by, moderator, "running", "The game resumes; deadlines start afresh.")

    async def abort(self, game_id: str, by: str, moderator: bool = False) -> Update:
        return await self._set_status(game_id, by, moderator, "aborted", "The game was cancelled.")

    async def _set_status(self, game_id: str, by: str, moderator: bool, status: str, text: str) -> Update:
        async with self._isolated(game_id), self._lock(game_id):
            record, state = await self._load(game_id)
            self._require_host(record, by, moderator)
            allowed = {"paused": ("running",), "running": ("paused", "damaged"),
                       "aborted": ("lobby", "running", "paused", "damaged")}
            if record.status not in allowed[status]:
                raise IllegalIntent(f"A {record.status} game cannot be {status}.")
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
            await self._commit(record, expected, state, logged, fresh_clocks=status == "running", lines=lines)
        update = Update(record, "status", events, [(i.seat, i.key, i.by) for i in logged])
        await self._publish(update)
        return update

    async def _repaired(self, record: GameRecord, status: str) -> GameState | None:
        """A damaged game a moderator resumes (or cancels): loaded again from scratch, with every check;
        if it still fails, it stays damaged and the moderator is told so."""
        if status == "aborted":
            return None  # cancelling needs no board (and the board may be what is broken), nor a whole row
        if record.damage.startswith(ROW_UNREADABLE):
            raise DamagedGame("This game's database row cannot be read, so it stays set aside: the operator must "
                              "repair the row first (the log names the game).", reason=record.damage)
        self._cache.pop(record.id, None)
        try:
            state = await self._load_state(record)
        except DamagedGame as exc:
            log.warning("game %s stays damaged after a resume was asked: %s", record.id, exc.reason)
            raise DamagedGame("This game's saved data still cannot be used, so it stays paused for a moderator: "
                              "the operator's log (and arbiter db check) says what is wrong.",
                              reason=exc.reason) from exc
        if state is None:
            raise DamagedGame("This game has no saved board to resume from; it stays set aside.",
                              reason="no state to resume")
        log.info("game %s: its data checks out again; resumed", record.id)
        return state

    async def kick(self, game_id: str, by: str, user: str, moderator: bool = False) -> Update:
        """Remove a player; an agent takes their seat."""

        async def change(record: GameRecord, _: SeatRecord | None) -> Event:
            self._require_host(record, by, moderator)
            seat = record.seat_of(user)
            if seat is None:
                raise IllegalIntent("That member is not playing in this game.")
            seat.user, seat.name, seat.away = None, f"Agent (was {seat.name})", False
            if user == record.host:
                record.host = by
            return public("kick", f"{seat.seat} was removed; an agent plays the seat.")

        return await self._running_change(game_id, change)

    async def replace(self, game_id: str, by: str, seat_name_: str, user: str, name: str,
                      moderator: bool = False) -> Update:
        """Give ``seat_name_`` to another member."""

        async def change(record: GameRecord, _: SeatRecord | None) -> Event:
            self._require_host(record, by, moderator)
            if record.seat_of(user) is not None:
                raise IllegalIntent(f"{name or user} already plays in this game.")
            seat = record.seat_named(seat_name_)
            if seat is None:
                raise IllegalIntent(f"There is no seat '{seat_name_}'. Seats: "
                                    + ", ".join(s.seat for s in record.seats) + ".")
            seat.user, seat.name, seat.away, seat.missed = user, name or user, False, 0
            return public("replace", f"{name or user} now plays {seat.seat}.")

        return await self._running_change(game_id, change)

    async def set_pace(self, game_id: str, by: str, pace: str, moderator: bool = False) -> Update:
        pacing.check_preset(pace)

        async def change(record: GameRecord, _: SeatRecord | None) -> Event:
            self._require_host(record, by, moderator)
            record.pace = pace
            return public("pace", f"The pace is now {pacing.describe(pace)}.")

        return await self._running_change(game_id, change, lobby_ok=True)

    async def _running_change(
        self,
        game_id: str,
        change: Callable[[GameRecord, SeatRecord | None], Awaitable[Event]],
        seat_user: str | None = None,
        lobby_ok: bool = False,
    ) -> Update:
        async with self._isolated(game_id), self._lock(game_id):
            record, state = await self._load(game_id)
            if not (record.status in ("running", "paused") or (lobby_ok and record.status == "lobby")):
                self._require_running(record)
            expected = record.version
            event = await change(record, record.seat_of(seat_user) if seat_user else None)
            events = [event]
            logged: list[LoggedIntent] = []
            lines: list[PublicLine] = []
            if state is not None and record.status == "running":
                state = await self._play_agents(record, state, events, logged, expected + 1, lines)
            await self._commit(record, expected, state, logged, lines=lines)
        update = Update(record, "status", events, [(i.seat, i.key, i.by) for i in logged])
        await self._publish(update)
        return update

    # --- reading ------------------------------------------------------------------------------

    async def record(self, game_id: str) -> GameRecord:
        record, _ = await self._load(game_id)
        return record

    async def view(self, game_id: str, user: str | None) -> dict[str, Any]:
        """The view for ``user``'s seat; the public view for anyone else (spectators)."""
        record, state = await self._load(game_id)
        if state is None:
            return {}
        seat = record.seat_of(user) if user is not None else None
        view: dict[str, Any] = self.engine_game(record).view(state, seat.seat if seat else None)
        return view

    async def seat_view(self, game_id: str, seat: str | None) -> dict[str, Any]:
        record, state = await self._load(game_id)
        if state is None:
            return {}
        view: dict[str, Any] = self.engine_game(record).view(state, seat)
        return view

    async def prompts(self, game_id: str) -> list[Prompt]:
        record, state = await self._load(game_id)
        if state is None or record.status != "running":
            return []
        prompts: list[Prompt] = self.engine_game(record).prompts(state)
        return prompts

    async def legal(self, game_id: str, user: str) -> list[tuple[Intent, str]]:
        """The user's legal intents with their labels; empty when it is not their turn."""
        record, state = await self._load(game_id)
        seat = record.seat_of(user)
        if state is None or seat is None or record.status != "running":
            return []
        game = self.engine_game(record)
        return [(i, game.describe(state, i)) for i in game.legal(state, seat.seat)]

    async def awaiting(self, game_id: str) -> list[SeatRecord]:
        """Seats the game is waiting for (people only: agents have already played)."""
        record, state = await self._load(game_id)
        if state is None or record.status != "running":
            return []
        asked = {p.seat for p in self.engine_game(record).prompts(state)}
        return [s for s in record.seats if s.seat in asked]

    async def games_of(self, user: str, active_only: bool = True) -> list[GameRecord]:
        status = ("lobby", "running", "paused") if active_only else ()
        return await self.store.games(status=status, user=user)

    async def export(self, game_id: str) -> dict[str, Any]:
        """Everything needed to replay the game exactly with ``arbiter replay``."""
        record, state = await self._load(game_id)
        game = self.engine_game(record)
        intents = await self.store.intents(game_id)
        return {
            "arbiter_export": 1,
            "game": record.game,
            "id": record.id,
            "seats": [s.seat for s in record.seats],
            "seed": record.seed,
            "options": record.options,
            "intents": [[i.seat, i.key] for i in intents],
            "version": record.version,
            "final": game.dump(state) if state is not None else None,
        }

    async def public_log(self, game_id: str, limit: int = 25, after_version: int | None = None) -> list[str]:
        """The game's recent public events (of versions after ``after_version``), as "• text" lines: read
        from the store, where each change saved them. A game saved before the store kept them is replayed
        from its intent log instead, off the event loop."""
        record = await self.record(game_id)
        if record.status == "lobby":
            return []
        stored = await self.store.public_log(game_id, limit, after_version)
        if stored is None:
            game = self.engine_game(record)
            intents = await self.store.intents(game_id)
            stored = await asyncio.to_thread(replay, game, record, intents, limit, after_version)
        return [f"• {line.text}" for line in stored]

    async def choices(self, game_id: str, user: str, prefix: str = "") -> list[Choice]:
        """The next part of an intent after ``prefix`` for ``user``'s seat (menus asked in parts); empty
        when it is not their turn or nothing legal starts with ``prefix``."""
        record, state = await self._load(game_id)
        seat = record.seat_of(user)
        if state is None or seat is None or record.status != "running":
            return []
        found: list[Choice] = self.engine_game(record).choices(state, seat.seat, prefix[:MAX_PREFIX])
        return found
