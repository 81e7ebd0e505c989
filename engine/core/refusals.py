"""Why an intent is refused, in plain words, and what the seat can do instead: one voice for every game.

Every refusal reads ``<the reason>. You can: <what is possible>``. The reason comes from

- the action (its ``refusal``: "It needs 2 Credits: you hold 1"), when the moment offers that action;
- the question the seat is asked, for an answer it does not offer (the topic's declared ``refusal``:
  "You already have that Skill");
- when the kind is possible at all (its shape's ``when``: "Moves are made in your own turn"), or what it
  answers (its shape's ``asks``: "Nobody asks you for a Skill to take now");
- the open frame, for a seat it does not ask now ("Your choice is made; it is revealed when everyone has
  chosen").

What is possible is a short summary of the seat's legal intents grouped by kind (:func:`alternatives`),
never a raw key. A refusal never tells a seat anything hidden: the reasons speak of the seat's own cards
and choices, or of public facts.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from .intent import Intent
from .rules import Rules
from .waiting import TurnFrame


class Refusing(Protocol):
    """What a refusal reads of a game (:class:`engine.core.flowgame.FlowGame` provides it)."""

    @property
    def rules(self) -> Rules[Any]: ...

    def legal(self, state: Any, seat: str) -> list[Intent]: ...

    def describe(self, state: Any, intent: Intent) -> str: ...

    def awaiting(self, state: Any) -> list[str]: ...

    def standing_kinds(self, state: Any, seat: str) -> tuple[str, ...]: ...

    def asked_seat(self, state: Any, sender: str) -> str | None: ...

    def may_send(self, state: Any, seat: str, sender: str, intent: Intent) -> str | None: ...

    def answered_by(self, state: Any, frame: Any, seat: str) -> Sequence[str] | None: ...


SHOWN = 3
"""Labels of one kind shown among the alternatives before "N more"."""

FALLBACKS = (" is not possible now", " is not allowed now")
"""What the runtime's own refusal of an action says when the action gives no reason (see
:meth:`engine.core.actions.Action.why_not`): not a reason, so the shape's ``when`` is said instead."""


def explain(game: Refusing, state: Any, seat: str, intent: Intent) -> str:
    """The refusal of ``intent`` by ``seat``: the reason, then what is possible instead."""
    reason = (reason_for(game, state, seat, intent) or "That is not possible now").strip()
    reason = reason if reason[-1] in ".?!" else reason + "."
    awaited = game.awaiting(state)
    if not game.legal(state, seat) and awaited and all(f"{s}'s turn" in reason for s in awaited):
        return reason  # it names whose turn it is already: "the game is waiting for them" would repeat it
    return f"{reason} {alternatives(game, state, seat)}"


def alternatives(game: Refusing, state: Any, seat: str) -> str:
    """ "You can: End turn, Move to Realium, 10 more or Draw." (the seat's legal intents grouped by kind),
    or whom the game waits for when the seat has nothing to do."""
    legal = game.legal(state, seat)
    if not legal:
        awaited = game.awaiting(state)
        return f"The game is waiting for {_and(awaited)}." if awaited else "Nothing can be played now."
    kinds: dict[str, list[Intent]] = {}
    for intent in legal:
        kinds.setdefault(intent.kind, []).append(intent)
    parts: list[str] = []
    for kind, intents in kinds.items():
        action = game.rules.actions.get(kind)
        summary = action.alternatives(state, intents) if action is not None else None
        if summary is not None:
            parts += summary
            continue
        labels = [game.describe(state, i).rstrip(".") for i in intents]
        parts += labels if len(labels) <= SHOWN else [*labels[: SHOWN - 1], f"{len(labels) - SHOWN + 1} more"]
    joint = "; " if any("," in p for p in parts) else ", "
    return "You can: " + (parts[0] if len(parts) == 1 else joint.join(parts[:-1]) + " or " + parts[-1]) + "."


def _and(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def reason_for(game: Refusing, state: Any, seat: str, intent: Intent) -> str | None:
    top = state.waiting.top()
    if top is None:
        return None
    rules = game.rules
    action = rules.actions.get(intent.kind)
    shape = rules.shapes.get(intent.kind)
    when = shape.when if shape is not None else ""
    asked = game.asked_seat(state, seat)
    if asked is None:
        if action is not None and rules.actions.offers(list(game.standing_kinds(state, seat)), intent.kind):
            return _own(action.why_not(state, seat, intent)) or when or _impossible(action, state, intent)
        return _not_asked(game, state, seat, intent)
    if asked != seat or game.answered_by(state, top, asked) is not None:
        refused = game.may_send(state, asked, seat, intent)  # the asked seat may answer with others too
        if refused:
            return refused
    offered = top.acts()
    if action is not None and (rules.actions.offers(offered, intent.kind) or intent.kind in top.asides):
        return _own(action.why_not(state, asked, intent)) or when or _impossible(action, state, intent)
    if intent.kind in top.answer_kinds(asked):
        return (
            rules.refusal(state, top, asked, intent)
            or top.answer_problem(asked, intent)
            or "That answer is not offered"
        )
    question = top.question(asked).removeprefix(f"{asked}: ").rstrip(".") or "the question you are asked"
    if isinstance(top, TurnFrame):
        asks = shape.asks if shape is not None and shape.asks else "that"
        return when or f"Nobody asks you for {asks} now"
    if when:
        return f"{when}; first answer what you are asked now: {question}"
    return f"That does not answer what you are asked now: {question}"


def _impossible(action: Any, state: Any, intent: Intent) -> str:
    return f"{action.safe_label(state, intent)} is not possible now"


def _own(reason: str | None) -> str | None:
    """An action's own refusal, unless it is the runtime's fall-back list (which names no reason)."""
    if reason is None or any(f in reason for f in FALLBACKS):
        return None
    return reason


def _not_asked(game: Refusing, state: Any, seat: str, intent: Intent) -> str:
    """``seat`` is not asked now: why (it passed, its choice is made, it is another's turn)."""
    top = state.waiting.top()
    own: str | None = None
    if top is not None:
        own = game.rules.unasked_reason(state, top, seat) or top.not_asked(seat)
    if own:
        return own
    shape = game.rules.shapes.get(intent.kind)
    when = f". {shape.when}" if shape is not None and shape.when else ""
    awaited = game.awaiting(state)
    if isinstance(top, TurnFrame) and awaited == [top.seat]:
        return f"It is {top.seat}'s turn{when}"
    return f"It is not your turn{when}" if awaited else f"You are not asked anything now{when}"
