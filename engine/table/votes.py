"""What the seated players decide together or alone about a running game: votes (abandon, call a draw,
extend every deadline; a majority of the seats held by people), a one-time extension of one's own
deadline, the clocks' remaining time, and resigning.

A resigned seat is handed to an agent (no game here defines elimination in its rules, so the seat keeps
playing, by the agent, and the game's outcome stays the game's); the others are told in a public event.
When the last person resigns, the game is cancelled: nobody is left to play it.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable

from .. import pace as pacing
from ..core.errors import IllegalIntent
from ..core.game import GameState
from ..core.model import Event, public
from ..records import GameRecord, LoggedIntent, SeatRecord
from ..store import PublicLine
from .base import TableBase
from .checks import require_running
from .clocks import TableState, Vote, remaining, seat_deadlines
from .model import NotAllowed, Update

log = logging.getLogger(__name__)

VOTE_KINDS: dict[str, str] = {
    "abandon": "abandon the game",
    "draw": "end the game as a draw",
    "extend": "extend every open deadline",
}

Change = Callable[[GameRecord, GameState | None, TableState], Awaitable[list[Event]]]


def voters(record: GameRecord) -> list[SeatRecord]:
    """The seats that vote: held by a person (agents and resigned seats do not vote)."""
    return [s for s in record.seats if s.user is not None]


def majority(record: GameRecord) -> int:
    return len(voters(record)) // 2 + 1


class Votes(TableBase):
    async def _table_change(self, game_id: str, change: Change, running_only: bool = True) -> Update:
        async with self._isolated(game_id), self._lock(game_id):
            record, state = await self._load(game_id)
            if running_only or record.status != "paused":
                require_running(record)
            ts = await self._table_state(game_id)
            expected = record.version
            events = await change(record, state, ts)
            logged: list[LoggedIntent] = []
            lines: list[PublicLine] = []
            if state is not None and record.status == "running":
                state = await self._play_agents(record, state, events, logged, expected + 1, lines)
            await self._commit(record, expected, state, logged, lines=lines, table_state=ts)
        update = Update(record, "status", events, [(i.seat, i.key, i.by) for i in logged])
        await self._publish(update)
        return update

    async def vote(self, game_id: str, user: str, kind: str, yes: bool = True) -> Update:
        """``user`` votes for (or withdraws their vote for) ``kind``; it passes at a majority of the seats
        held by people, and is then carried out at once."""
        if kind not in VOTE_KINDS:
            raise IllegalIntent(f"Unknown vote '{kind}'. Votes: {', '.join(VOTE_KINDS)}.")

        async def change(record: GameRecord, state: GameState | None, ts: TableState) -> list[Event]:
            seat = record.seat_of(user)
            if seat is None:
                raise NotAllowed("Only the players seated in this game can vote.")
            vote = ts.votes.setdefault(kind, Vote(kind=kind, opened_at=self.clock()))
            if yes and seat.seat in vote.yes:
                raise IllegalIntent(f"You have already voted to {VOTE_KINDS[kind]}.")
            if not yes:
                if seat.seat not in vote.yes:
                    raise IllegalIntent(f"You have not voted to {VOTE_KINDS[kind]}.")
                vote.yes.remove(seat.seat)
                if not vote.yes:
                    ts.votes.pop(kind)
                return [public("vote", f"{seat.seat} withdrew their vote to {VOTE_KINDS[kind]}.")]
            vote.yes.append(seat.seat)
            need = majority(record)
            events = [
                public("vote", f"{seat.seat} votes to {VOTE_KINDS[kind]} ({len(vote.yes)} of {need} needed).")
            ]
            if len(vote.yes) >= need:
                ts.votes.pop(kind)
                events.append(self._carry_out(record, ts, kind))
            return events

        return await self._table_change(game_id, change)

    def _carry_out(self, record: GameRecord, ts: TableState, kind: str) -> Event:
        if kind == "abandon":
            record.status = "aborted"
            record.reason = "abandoned by a vote of the players"
            return public("vote_passed", "The vote passed: the game is abandoned.")
        if kind == "draw":
            record.status, record.winners = "finished", []
            record.reason = "Drawn by agreement of the players."
            return public("vote_passed", "The vote passed: the game ends as a draw.")
        grace = pacing.plan(record.pace).grace
        for seat_name in ts.clock:
            ts.grace[seat_name] = ts.grace.get(seat_name, 0.0) + grace
        return public(
            "vote_passed", f"The vote passed: every open deadline is extended by {pacing.span(grace)}."
        )

    async def extend(self, game_id: str, user: str) -> Update:
        """The caller's one-time grace in this game: their open deadline moves by the pace's grace."""

        async def change(record: GameRecord, state: GameState | None, ts: TableState) -> list[Event]:
            seat = record.seat_of(user)
            if seat is None:
                raise NotAllowed("You are not playing in this game.")
            if seat.seat in ts.extended:
                raise IllegalIntent("You have already used your one extension in this game.")
            if seat.seat not in ts.clock:
                raise IllegalIntent("You have no deadline running now: nothing to extend.")
            grace = pacing.plan(record.pace).grace
            ts.extended.append(seat.seat)
            ts.grace[seat.seat] = ts.grace.get(seat.seat, 0.0) + grace
            return [public("extend", f"{seat.seat} used their one extension: {pacing.span(grace)} more.")]

        return await self._table_change(game_id, change)

    async def resign(self, game_id: str, user: str) -> Update:
        """The caller leaves a running game: an agent plays their seat from now on; the others are told."""

        async def change(record: GameRecord, state: GameState | None, ts: TableState) -> list[Event]:
            seat = record.seat_of(user)
            if seat is None:
                raise NotAllowed("You are not playing in this game.")
            name = seat.name or seat.seat
            seat.user, seat.name, seat.away, seat.missed = None, f"Agent (was {name})", False, 0
            ts.resigned.append(seat.seat)
            ts.left[seat.seat] = user
            for vote in list(ts.votes.values()):
                if seat.seat in vote.yes:
                    vote.yes.remove(seat.seat)
            if user == record.host and voters(record):
                record.host = voters(record)[0].user or record.host
            events = [public("resign", f"{seat.seat} resigned; an agent plays the seat from now on.")]
            if not voters(record):
                record.status, record.reason = "aborted", "every player resigned"
                events.append(public("abort", "Every player has resigned; the game is cancelled."))
            return events

        return await self._table_change(game_id, change, running_only=False)

    async def clocks(self, game_id: str) -> dict[str, float]:
        """Each seat's remaining time in seconds (until its open deadline; its bank under a bank pace)."""
        record, _ = await self._load(game_id)
        if record.status not in ("running", "paused"):
            return {}
        ts = await self._table_state(game_id)
        deadlines = seat_deadlines(await self._open_deadlines(game_id))
        return remaining(record, ts, deadlines, self.clock())

    async def open_votes(self, game_id: str) -> dict[str, tuple[int, int]]:
        """Open votes: kind -> (votes for, needed)."""
        record, _ = await self._load(game_id)
        ts = await self._table_state(game_id)
        need = majority(record)
        return {kind: (len(v.yes), need) for kind, v in ts.votes.items()}

    async def extended(self, game_id: str) -> list[str]:
        return list((await self._table_state(game_id)).extended)

    async def due(self, game_id: str) -> dict[str, float]:
        """When each seat's open deadline falls (a unix time), by seat name: what everyone may see (the
        seats the game waits for are public; a secret choice's deadline says nothing of the choice)."""
        record, _ = await self._load(game_id)
        if record.status != "running":
            return {}
        return {d.seat: d.due_at for d in seat_deadlines(await self._open_deadlines(game_id))}

    async def move_status(self, game_id: str, place: dict[str, str]) -> GameRecord:
        """Where the front end shows the game changed (a new status message): saved as a change of its
        own, announced to nobody (the front end that moved it shows it)."""
        async with self._lock(game_id):
            record, state = await self._load(game_id)
            expected = record.version
            record.place.update({k: str(v)[:40] for k, v in place.items()})
            await self._commit(record, expected, state, deadlines=False)
        return record
