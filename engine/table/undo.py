"""Undo by consent: a player asks to take back their last move, the other seated players approve.

Whether a move may be taken back is the engine's call (:mod:`engine.core.undo`: nothing may have been
revealed since, and its refusal is shown as it is). The table adds the consent and the bookkeeping:

- at most one pending request per game, kept in the game's :class:`~.clocks.TableState` (``undo``); it
  expires after :data:`UNDO_TTL` seconds of the table's clock, and any move ends it (``_commit``). Its end
  is a deadline row of the game (:data:`~.clocks.UNDO_CLOCK`), saved in the same commit as the request:
  after a restart the scheduler's tick still finds it, and the thread is told once that it expired (the
  commit that ends it drops the row);
- who must approve: every other player ("all", the default) or any one of them ("any"), a setting of the
  game (``undo_consent``); agents, players away and resigned seats approve on their own; a player whose own
  moves the undo would take back too must approve under either rule;
- accepted, the game returns to the earlier state as a **new version** (buttons offered before stay
  stale), the undone intents stay in the log, their seq ranges in ``TableState.undone`` (a rebuild and a
  replay skip them), deadlines are computed again, the seats whose own view changed are told privately and
  everyone reads what was undone (how many moves, whose; never what they were: a secret choice may be
  among them) and who approved;
- the host (or a moderator) may take a seat's last move back at once, with a reason that is logged.

Everything an acceptance changes is one commit: a crash before it leaves the game as it was.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from ..core.errors import IllegalIntent, RuleError
from ..core.game import GameState
from ..core.hand_text import game_hand_lines, private_part
from ..core.model import Event, private, public
from ..core.undo import UndoPlan, plan_from_log
from ..records import Deadline, GameRecord, LoggedIntent
from ..store import PublicLine
from .checks import require_host, require_running
from .clocks import UNDO_TTL, TableState, UndoRequest, kept, undo_clock
from .model import NotAllowed, Update, game_code
from .votes import Votes

log = logging.getLogger(__name__)


@dataclass
class Taken:
    """What a change found to restore: the earlier state an accepted undo returns to."""

    state: GameState | None = None


Change = Callable[[GameRecord, TableState, Taken], Awaitable[list[Event]]]

CONSENT = {"all": "every other player", "any": "any one other player"}


def moves(count: int) -> str:
    return "1 move" if count == 1 else f"{count} moves"


def quoted(text: str) -> str:
    return f'"{text}"'


def taken_back(found: UndoPlan) -> str:
    """What an undo takes back, in words: 'their last move ("Ann bids 3 on the Smuggler")', and how many
    moves in all when others played since."""
    named = f"their last move ({quoted(found.move)})" if found.move else "their last move"
    count = len(found.undone)
    return named + (f" ({moves(count)} in all, the others' since included)" if count > 1 else "")


DEFAULT_CONSENT = "all"


class Undo(Votes):
    undo_ttl = UNDO_TTL
    default_consent = DEFAULT_CONSENT

    # --- the plan ------------------------------------------------------------------------------------------
    async def _plan(
        self, record: GameRecord, ts: TableState, seat: str
    ) -> tuple[UndoPlan, list[LoggedIntent]]:
        """The engine's plan for ``seat``, replayed from the intents that still count (in a worker thread:
        the game's lock is held meanwhile, so nothing else changes the game)."""
        intents = kept(await self.store.intents(record.id), ts.undone)
        game = self.engine_game(record)
        with game_code(record, "planning an undo"):  # a replay of the whole game: off the event loop
            found = await asyncio.to_thread(
                plan_from_log,
                game,
                [s.seat for s in record.seats],
                record.seed,
                record.options,
                [(i.seat, i.key) for i in intents],
                seat,
            )
        return found, intents

    def _consent(self, ts: TableState) -> str:
        return ts.undo_consent or self.default_consent

    def _pending(self, ts: TableState, logged: int) -> UndoRequest | None:
        """The pending request, dropped when it expired or a move was made since."""
        request = ts.undo
        if request is not None and (self._expired(request, self.clock()) or request.logged != logged):
            ts.undo = None
            return None
        return request

    def _expired(self, request: UndoRequest, now: float) -> bool:
        return now - request.opened_at >= self.undo_ttl

    @staticmethod
    def _expiry(request: UndoRequest) -> Event:
        return public("undo_expired", f"{request.seat}'s undo request expired: the move stands.")

    def _table_clocks(self, record: GameRecord, ts: TableState) -> list[Deadline]:
        return undo_clock(record, ts, self.undo_ttl)

    @staticmethod
    def _askers(record: GameRecord, request: UndoRequest) -> list[str]:
        """The seats whose answer is waited for: the other seats a person plays now."""
        return [s.seat for s in record.seats if not s.agent and s.seat != request.seat]

    # --- asking --------------------------------------------------------------------------------------------
    async def undo_request(self, game_id: str, user: str) -> Update:
        """``user`` asks to take back their last move (and everything after it); refused with the engine's
        reason when something was revealed since. Accepted at once when no other person plays."""

        async def change(record: GameRecord, ts: TableState, taken: Taken) -> list[Event]:
            seat = record.seat_of(user)
            if seat is None:
                raise NotAllowed("You are not playing in this game.")
            logged = len(await self.store.intents(record.id))
            before = ts.undo
            if self._pending(ts, logged) is not None:
                raise IllegalIntent("An undo request is already waiting for its answers in this game.")
            # an earlier request that ran out unannounced (its row not yet due at a tick) is told now, once
            told = (
                [self._expiry(before)] if before is not None and self._expired(before, self.clock()) else []
            )
            found, intents = await self._plan(record, ts, seat.seat)
            if found.refusal is not None:
                raise IllegalIntent(found.refusal)
            request = UndoRequest(
                seat=seat.seat,
                user=user,
                logged=logged,
                version=record.version + 1,
                opened_at=self.clock(),
                move=found.move,
            )
            request.also = sorted(
                {s for s, _ in found.undone if s != seat.seat} & set(self._askers(record, request))
            )
            if not self._askers(record, request):
                return told + self._accept(ts, taken, found, intents, logged, seat.seat, "the agents")
            ts.undo = request
            return told + [
                public(
                    "undo_asked",
                    f"{seat.seat} asks to take back {taken_back(found)}; {CONSENT[self._consent(ts)]} "
                    "must approve.",
                )
            ]

        return await self._undo_change(game_id, change)

    async def undo_answer(self, game_id: str, user: str, approve: bool) -> Update:
        """Another seated player approves or refuses the pending request."""

        async def change(record: GameRecord, ts: TableState, taken: Taken) -> list[Event]:
            seat = record.seat_of(user)
            if seat is None:
                raise NotAllowed("Only the players seated in this game can answer an undo request.")
            logged = len(await self.store.intents(record.id))
            request = self._pending(ts, logged)
            if request is None:
                raise IllegalIntent(
                    "No undo request is waiting: it was answered, it expired, or a move was made since."
                )
            if seat.seat == request.seat:
                raise IllegalIntent("You cannot answer your own undo request.")
            if seat.seat in request.approved or seat.seat in request.refused:
                raise IllegalIntent("You have already answered this undo request.")
            (request.approved if approve else request.refused).append(seat.seat)
            return await self._settle(record, ts, taken, request, logged, seat.seat, approve)

        return await self._undo_change(game_id, change)

    async def _settle(
        self,
        record: GameRecord,
        ts: TableState,
        taken: Taken,
        request: UndoRequest,
        logged: int,
        seat: str,
        approve: bool,
    ) -> list[Event]:
        askers = self._askers(record, request)
        consent = self._consent(ts)
        answered = f"{seat} {'approves' if approve else 'refuses'} the undo."
        agreed = all(s in request.approved for s in (askers if consent == "all" else request.also))
        if approve and agreed:
            ts.undo = None
            found, intents = await self._plan(record, ts, request.seat)
            if found.refusal is not None:  # cannot happen while no move was made; refused all the same
                return [public("undo_refused", f"The undo cannot be done: {found.refusal}")]
            return self._accept(ts, taken, found, intents, logged, request.seat, ", ".join(request.approved))
        if not approve and (
            consent == "all" or seat in request.also or all(s in request.refused for s in askers)
        ):
            ts.undo = None
            return [public("undo_refused", f"{answered} {request.seat}'s move stands.")]
        return [public("undo_answer", answered)]

    # --- moderator -----------------------------------------------------------------------------------------
    async def undo_moderate(
        self, game_id: str, by: str, seat_name: str, reason: str, moderator: bool
    ) -> Update:
        """The host (or a moderator) takes ``seat_name``'s last move back at once, for ``reason`` (logged
        and shown); the engine's plan decides as for any request."""
        reason = " ".join(reason.split())[:200]
        if not reason:
            raise IllegalIntent("Give a reason for a moderator's undo.")

        async def change(record: GameRecord, ts: TableState, taken: Taken) -> list[Event]:
            require_host(record, by, moderator)
            seat = record.seat_named(seat_name)
            if seat is None:
                raise IllegalIntent(f"There is no seat '{seat_name}' in this game.")
            logged = len(await self.store.intents(record.id))
            found, intents = await self._plan(record, ts, seat.seat)
            if found.refusal is not None:
                raise IllegalIntent(found.refusal)
            ts.undo = None
            log.info(
                "game %s: moderator %s undid %s's last move (%d intents): %s",
                record.id,
                by,
                seat.seat,
                len(found.undone),
                reason,
            )
            return self._accept(ts, taken, found, intents, logged, seat.seat, f"a moderator ({reason})")

        return await self._undo_change(game_id, change)

    async def set_undo_consent(self, game_id: str, by: str, consent: str, moderator: bool) -> Update:
        """The host chooses who approves an undo in this game: "all" or "any"."""
        if consent not in CONSENT:
            raise IllegalIntent(f"Choose one of: {', '.join(CONSENT)}.")

        async def change(record: GameRecord, ts: TableState, taken: Taken) -> list[Event]:
            require_host(record, by, moderator)
            ts.undo_consent = consent
            return [public("undo_consent", f"From now on an undo needs the approval of {CONSENT[consent]}.")]

        return await self._undo_change(game_id, change)

    async def _end_request(self, deadline: Deadline, now: float) -> Update | None:
        """The pending request's deadline row fell due: end the request and tell the thread, in one commit
        that also drops the row (so it is told once, after a restart too); None when there is nothing to
        end (answered or ended by a move since, or the game stopped running)."""

        async def change(record: GameRecord, ts: TableState, taken: Taken) -> list[Event]:
            request = ts.undo
            if request is None or not self._expired(request, now):
                raise IllegalIntent("no undo request to end")
            ts.undo = None
            return [self._expiry(request)]

        try:
            return await self._undo_change(deadline.game_id, change)
        except RuleError as exc:  # answered, ended by a move, the game over, or another process was first
            log.info("game %s: no undo request ended (%s)", deadline.game_id, exc)
            return None

    async def undo_consent(self, game_id: str) -> str:
        """Who must approve an undo in this game: "all" or "any"."""
        return self._consent(await self._table_state(game_id))

    async def undo_pending(self, game_id: str) -> UndoRequest | None:
        """The pending request (None when there is none, it expired or a move was made since). Cheap enough
        for every status message: the loaded state's step is the length of the intent log."""
        _, state = await self._load(game_id)
        if state is None:
            return None
        return self._pending(await self._table_state(game_id), state.step)

    # --- carrying it out -----------------------------------------------------------------------------------
    @staticmethod
    def _accept(
        ts: TableState,
        taken: Taken,
        found: UndoPlan,
        intents: list[LoggedIntent],
        logged: int,
        seat: str,
        approvers: str,
    ) -> list[Event]:
        """Mark the undone intents and hand the earlier state to :meth:`_undo_change` to commit."""
        ts.undone.append((intents[found.keep].seq, logged))
        ts.undo = None
        taken.state = found.state
        return [
            public(
                "undone",
                f"{seat}'s last move was taken back ({moves(len(found.undone))} undone), approved by "
                f"{approvers}.",
            )
        ]

    async def _undo_change(self, game_id: str, change: Change) -> Update:
        """:meth:`_table_change` for undo: a change that restores an earlier state (``taken``) commits it,
        with the step counting every logged intent, new deadlines and the seats whose view changed told."""
        async with self._isolated(game_id), self._lock(game_id):
            record, state = await self._load(game_id)
            require_running(record)
            ts = await self._table_state(game_id)
            expected = record.version
            taken = Taken()
            events = await change(record, ts, taken)
            restored = taken.state
            logged: list[LoggedIntent] = []
            lines: list[PublicLine] = []
            fresh = False
            if restored is not None and state is not None:
                restored = self._game_copy(record, restored, len(await self.store.intents(game_id)))
                events += self._changed_views(record, state, restored)
                lines = [PublicLine(expected + 1, e.text) for e in events if e.audience is None]
                state, fresh = restored, True
                state = await self._play_agents(record, state, events, logged, expected + 1, lines)
            await self._commit(
                record, expected, state, logged, lines=lines, table_state=ts, fresh_clocks=fresh
            )
        update = Update(
            record, "undo" if fresh else "status", events, [(i.seat, i.key, i.by) for i in logged]
        )
        await self._publish(update)
        return update

    def _game_copy(self, record: GameRecord, state: GameState, steps: int) -> GameState:
        copied: GameState = self.engine_game(record).copy(state)
        copied.step = steps  # seq numbers go on after the undone intents (a rebuild does the same)
        return copied

    def _changed_views(self, record: GameRecord, before: GameState, after: GameState) -> list[Event]:
        """A private event to every seated player whose own view changed: what only they see now (their
        hand as it was), so the front end re-sends it to them alone (Discord sends the whole private
        message ``/hand`` shows, image included, for this event's kind, ``undo_view``; its text serves the
        other front ends)."""
        game = self.engine_game(record)
        out: list[Event] = []
        with game_code(record, "showing the views after an undo"):
            public_before, public_view = game.view(before, None), game.view(after, None)
            for seat in record.seats:
                own = game.view(after, seat.seat)
                mine = private_part(own, public_view)
                if seat.user is None or private_part(game.view(before, seat.seat), public_before) == mine:
                    continue  # only the public board changed for this seat: the thread shows it
                lines = game_hand_lines(game, own, public_view)
                text = "A move was taken back: your own view is as it was before it."
                if lines:
                    text += " Only you see:\n" + "\n".join(lines[:30])
                out.append(private(seat.seat, "undo_view", text[:1800]))
        return out


__all__ = ["CONSENT", "DEFAULT_CONSENT", "UNDO_TTL", "Undo"]
