"""The pace of a game: one clock per player's turn, short reaction windows, time banks.

What the table keeps about a game's clocks besides the deadline rows (:class:`TableState`, saved with
each change through ``Change.table_state``):

- a clock is identified by what it times (:func:`clock_id`): a player's turn (every decision they make
  in a row, until another seat acts after them), a secret choice (one per decision ``ref``), or a reaction
  window on another player's turn (a ``quick`` prompt, with the preset's short fixed time);
- under a bank preset the turn (and a secret choice) may use the player's whole bank; when it ends, the
  bank is what was left plus the increment, at most the cap (:func:`engine.pace.settle_bank`); a reaction
  never touches the bank;
- one ``/game extend`` per player per game, and extensions voted by the players, add the preset's grace to
  open deadlines (``grace``, applied at the next commit);
- open votes of the seated players (abandon, draw, extend) and the seats that resigned.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field

from .. import pace as pacing
from ..core.model import Event, Prompt, public
from ..records import Deadline, GameRecord, LoggedIntent
from ..store import UNREADABLE_DEADLINE, PublicLine

TURN = "turn"
UNDO_CLOCK = "~undo"
"""The ``seat`` of the deadline row that ends a game's pending undo request when its time runs out. It is
kept with the game's other deadlines, so the scheduler finds it after a restart (and a process claims it
like any other deadline); a seat name never starts with "~" (:func:`engine.table.model.seat_name`)."""
UNDO_TTL = 600.0
"""Seconds an undo request waits for its answers."""


class Vote(BaseModel):
    kind: str
    yes: list[str] = Field(default_factory=list)
    """Seat names that voted for it."""
    opened_at: float = 0.0


class UndoRequest(BaseModel):
    """A pending request to take back ``seat``'s last move (engine/table/undo.py)."""

    seat: str
    user: str
    logged: int
    """The length of the intent log when it was asked: any move since ends the request."""
    version: int
    opened_at: float = 0.0
    approved: list[str] = Field(default_factory=list)
    refused: list[str] = Field(default_factory=list)
    """Seat names that answered."""
    also: list[str] = Field(default_factory=list)
    """Other seats whose own moves the undo takes back too: they must approve whatever the consent rule."""
    move: str = ""
    """The move it takes back, as a player reads it ("" when the game could not name it)."""


class TableState(BaseModel):
    bank: dict[str, float] = Field(default_factory=dict)
    """Seconds in each seat's bank at the start of its current (or next) turn (bank presets)."""
    since: dict[str, float] = Field(default_factory=dict)
    """When the seat's running turn (or secret-choice) clock started; reactions are not here."""
    clock: dict[str, str] = Field(default_factory=dict)
    """What each open clock times (:func:`clock_id`), by seat."""
    grace: dict[str, float] = Field(default_factory=dict)
    """Seconds to add to the seat's open deadline at the next commit."""
    extended: list[str] = Field(default_factory=list)
    """Seats that used their one ``/game extend``."""
    votes: dict[str, Vote] = Field(default_factory=dict)
    resigned: list[str] = Field(default_factory=list)
    left: dict[str, str] = Field(default_factory=dict)
    """Seat -> the user who resigned it, in the order they did: a resignation is that player's last place
    in the game's result (engine/league/results.py), though an agent plays the seat on."""
    held: dict[str, float] = Field(default_factory=dict)
    """Seconds left on a turn suspended while another seat reacts; it resumes when the seat is asked again."""
    undo: UndoRequest | None = None
    """The one pending undo request of the game, if any."""
    undone: list[tuple[int, int]] = Field(default_factory=list)
    """Seq ranges (first, last, inclusive) of logged intents taken back by an undo: they stay in the log
    as an audit trail; a rebuild and a replay skip them."""
    undo_consent: str = ""
    """Who must approve an undo: "all" the other players or "any" one of them ("": the table's default)."""

    @classmethod
    def of(cls, raw: dict[str, Any]) -> TableState:
        try:
            return cls.model_validate(raw or {})
        except ValueError:
            return cls()  # an unreadable state costs the clocks' history, never the game


def undone(seq: int, ranges: list[tuple[int, int]]) -> bool:
    """Whether the logged intent ``seq`` was taken back by an undo."""
    return any(first <= seq <= last for first, last in ranges)


def kept(intents: list[LoggedIntent], ranges: list[tuple[int, int]]) -> list[LoggedIntent]:
    """The logged intents that still count (the undone ones left out), in order."""
    return [i for i in intents if not undone(i.seq, ranges)]


def seat_deadlines(deadlines: list[Deadline]) -> list[Deadline]:
    """The deadlines of seats (what a player must decide by when), without the undo request's row."""
    return [d for d in deadlines if d.seat not in (UNDO_CLOCK, UNREADABLE_DEADLINE)]


def undo_clock(record: GameRecord, ts: TableState, ttl: float = UNDO_TTL) -> list[Deadline]:
    """The deadline row of the pending undo request (none when there is none): it falls due when the
    request's time runs out; it is never reminded."""
    if ts.undo is None:
        return []
    due = ts.undo.opened_at + ttl
    return [
        Deadline(game_id=record.id, seat=UNDO_CLOCK, kind="undo", due_at=due, remind_at=due, reminded=True)
    ]


def end_undo(
    ts: TableState, events: list[Event] | None, lines: list[PublicLine] | None, version: int
) -> None:
    """A move ends the pending undo request; the thread is told (in ``events`` and the public ``lines`` of
    the change at ``version``, when the caller gives them)."""
    if ts.undo is None:
        return
    ended = public("undo_ended", f"{ts.undo.seat}'s undo request ended: a move was made.")
    ts.undo = None
    if events is not None and lines is not None:
        events.append(ended)
        lines.append(PublicLine(version, ended.text))


def clock_id(prompt: Prompt) -> str:
    """What a prompt's clock times: a reaction window, a secret decision, or the seat's turn."""
    if prompt.pace == "quick":
        return f"quick:{prompt.ref}"
    if prompt.simultaneous:
        return f"secret:{prompt.ref}"
    return TURN


def turn_passed(intents: list[LoggedIntent] | None) -> set[str]:
    """Seats whose turn passed on within one change: another seat acted after their last intent (so a
    seat asked again in the same change starts a new turn, e.g. one player against agents)."""
    out: set[str] = set()
    order = [i.seat for i in intents or []]
    for index, seat in enumerate(order):
        if any(other != seat for other in order[index + 1 :]):
            out.add(seat)
    return out


def end_turn(ts: TableState, chosen: pacing.PacePlan, seat: str, now: float, finished: bool) -> None:
    """Stop the seat's turn clock; under a bank preset, charge the time used (and add the increment
    when the turn really ended, not when the game was paused)."""
    since = ts.since.pop(seat, None)
    ts.clock.pop(seat, None)
    if since is None or not chosen.bank:
        return
    bank = ts.bank.get(seat, float(chosen.turn))
    used = max(0.0, now - since)
    ts.bank[seat] = pacing.settle_bank(chosen, bank, used) if finished else max(0.0, bank - used)


def hold_turn(ts: TableState, chosen: pacing.PacePlan, seat: str, now: float, open_: Deadline | None) -> None:
    """Another seat reacts on this seat's turn: its turn clock stops (the time used is charged, without
    the increment) and resumes with what was left when the seat is asked again."""
    since = ts.since.pop(seat, now)
    left = open_.due_at - now if open_ is not None else float(chosen.turn)
    if chosen.bank:
        ts.bank[seat] = max(0.0, ts.bank.get(seat, float(chosen.turn)) - max(0.0, now - since))
    ts.held[seat] = max(0.0, left)


def resume_turn(record: GameRecord, ts: TableState, prompt: Prompt, now: float) -> Deadline:
    left = ts.held.pop(prompt.seat)
    ts.since[prompt.seat] = now
    ts.clock[prompt.seat] = TURN
    return Deadline(
        game_id=record.id,
        seat=prompt.seat,
        kind=prompt.kind,
        due_at=now + left,
        remind_at=now + left * pacing.REMIND_AT,
    )


def new_clock(
    record: GameRecord, ts: TableState, chosen: pacing.PacePlan, prompt: Prompt, now: float
) -> Deadline:
    ident = clock_id(prompt)
    if prompt.pace == "quick":
        span = float(chosen.reaction)
    elif chosen.bank:
        span = ts.bank.setdefault(prompt.seat, float(chosen.turn))
        ts.since[prompt.seat] = now
    else:
        span = pacing.decision_seconds(record.pace, prompt.pace)
        ts.since[prompt.seat] = now
    ts.clock[prompt.seat] = ident
    return Deadline(
        game_id=record.id,
        seat=prompt.seat,
        kind=prompt.kind,
        due_at=now + span,
        remind_at=now + span * pacing.REMIND_AT,
    )


def with_grace(deadline: Deadline, extra: float, now: float) -> Deadline:
    due = deadline.due_at + extra
    return deadline.model_copy(
        update={"due_at": due, "remind_at": now + (due - now) * pacing.REMIND_AT, "reminded": False}
    )


def open_clocks(
    record: GameRecord,
    prompts: list[Prompt],
    old: dict[str, Deadline],
    ts: TableState,
    intents: list[LoggedIntent] | None,
    now: float,
) -> list[Deadline]:
    """The deadlines after a change: a clock that times the same thing as before keeps running; a new
    one starts for a new turn, secret decision or reaction window; ended turns settle their banks."""
    chosen = pacing.plan(record.pace)
    asked: dict[str, Prompt] = {}
    for prompt in prompts:
        seat = record.seat_named(prompt.seat)
        if seat is not None and not seat.agent and prompt.seat not in asked:
            asked[prompt.seat] = prompt
    passed = turn_passed(intents)
    reacting = any(clock_id(p).startswith("quick:") for p in asked.values())
    for seat_name in list(ts.since):
        now_asked = asked.get(seat_name)
        if now_asked is None and reacting and seat_name not in passed and ts.clock.get(seat_name) == TURN:
            hold_turn(ts, chosen, seat_name, now, old.get(seat_name))
        elif now_asked is None or clock_id(now_asked) != ts.clock.get(seat_name) or seat_name in passed:
            end_turn(ts, chosen, seat_name, now, finished=True)
    for seat_name in list(ts.held):
        now_asked = asked.get(seat_name)
        resumes = now_asked is not None and clock_id(now_asked) == TURN and seat_name not in passed
        if not resumes and not (now_asked is None and reacting):
            ts.held.pop(seat_name)
            if chosen.bank:  # the held turn ended without its player: it still earns the increment
                ts.bank[seat_name] = pacing.settle_bank(
                    chosen, ts.bank.get(seat_name, float(chosen.turn)), 0.0
                )
    out: list[Deadline] = []
    for seat_name, prompt in asked.items():
        kept = old.get(seat_name)
        if kept is not None and ts.clock.get(seat_name) == clock_id(prompt) and seat_name not in passed:
            deadline = kept.model_copy(update={"kind": prompt.kind})
        elif seat_name in ts.held and clock_id(prompt) == TURN:
            deadline = resume_turn(record, ts, prompt, now)
        else:
            deadline = new_clock(record, ts, chosen, prompt, now)
        extra = ts.grace.pop(seat_name, 0.0)
        out.append(with_grace(deadline, extra, now) if extra else deadline)
    for seat_name in list(ts.clock):
        if seat_name not in asked:
            ts.clock.pop(seat_name, None)
    ts.grace.clear()
    return out


def stop_clocks(record: GameRecord, ts: TableState, now: float) -> None:
    """The game stops running (paused, over): turn clocks stop; banks keep what is left, no increment."""
    chosen = pacing.plan(record.pace)
    for seat_name in list(ts.since):
        end_turn(ts, chosen, seat_name, now, finished=False)
    ts.held.clear()
    ts.clock.clear()
    ts.grace.clear()


def remaining(record: GameRecord, ts: TableState, deadlines: list[Deadline], now: float) -> dict[str, float]:
    """Each seat's remaining time: until its open deadline, else (bank presets) its bank."""
    out: dict[str, float] = {}
    chosen = pacing.plan(record.pace)
    if chosen.bank:
        for seat in record.seats:
            if seat.seat:
                out[seat.seat] = ts.bank.get(seat.seat, float(chosen.turn))
    for deadline in deadlines:
        if ts.clock.get(deadline.seat, TURN).startswith("quick:") and deadline.seat in out:
            continue  # a reaction window is not the seat's bank
        out[deadline.seat] = max(0.0, deadline.due_at - now)
    return out
