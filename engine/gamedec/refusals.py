"""Why a Gamedec intent is refused, in plain words, and what the seat can do instead (issue 11).

Every refusal reads ``<the reason>. You can: <what is possible>``. The reason comes from the action (its
``refusal``: "It needs 2 Credits: you hold 1", "You have no Bio Wound"), from the question the seat is asked
(an answer that is not offered: "You already have that Skill"), or from when the kind is possible at all
("Assists and Sabotages are declared before a roll"); what is possible is a short summary of the seat's
legal intents (:func:`alternatives`), never a raw intent key. A refusal never names a card another seat
holds: it speaks of the seat's own cards, or of public facts (Credits, Equipment, Reputation, counts).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core import Intent
from engine.core.each import EachFrame
from engine.core.frame import Frame, Option
from engine.core.waiting import AskFrame, SecretFrame, TurnFrame, WindowFrame

from .board import NAMES
from .pack import load_pack
from .state import GamedecState

SHOWN = 3
"""Labels of one kind shown among the alternatives before "N more"."""

WHEN = {
    "end": "Only the detective whose turn it is ends it",
    "move": "Moves are made in your own turn",
    "draw": "Task cards are drawn in your own turn, in the Realium",
    "play": "Task cards are played in your own turn",
    "attack": "Attacks are made in your own turn",
    "commission": "The Corporate Commission is performed in your own turn",
    "aid": "Corporate Aid is taken in your own turn, on a Corporation space",
    "heal": "Wounds are healed by an exchange in your own turn",
    "sell_tasks": "The Brahma exchange is made in your own turn",
    "buy_equip": "The Crying Guns exchange is made in your own turn",
    "buy_skill": "The Deep Past World exchange is made in your own turn",
    "sell_equip": "The Dream Space exchange is made in your own turn",
    "hunt": "The Happy Hunting Grounds exchange is made in your own turn",
    "buy_rep": "The Speed Demons exchange is made in your own turn",
    "smear": "The Twisted & Perverted exchange is made in your own turn",
    "pass": "There is no Assist/Sabotage window to pass in now",
    "assist": "Assists are declared before a roll, while the Assist/Sabotage window asks you",
    "sabotage": "Sabotages are declared before a roll, while the Assist/Sabotage window asks you",
    "boost": "Smoke and Mirrors is used before your own roll",
    "trade": "A trade always includes the detective whose turn it is, and is proposed while his turn is open",
    "trade_call": "Only the detective whose turn it is asks for trade offers",
    "offer": "Only the detective whose turn it is proposes a trade of several goods",
    "show": "Task cards are shown to the other side of a trade being made",
    "discard": "Cards are discarded at any moment, but not during a trade nor while a roll is resolved",
    "discard_eq": "Equipment is discarded at any moment, but not during a trade nor while a roll is resolved",
    "story_start": "A Scenario is revealed in your own turn once a start condition holds",
    "story_task": "A story Task is undertaken in your own turn",
    "story_finish": "A Scenario's second path is completed in your own turn",
    "ability": "Your Scenario grants no such ability now",
}
"""When an action kind is possible, for an intent of that kind at another moment."""

ASKED = {
    "skill": "a Skill to take",
    "pile": "an Equipment pile",
    "corp": "a Corporation for your Obligation",
    "wound": "the Wound of a lost fight",
    "pick": "Task cards for Brahma",
    "stop": "Task cards for Brahma",
    "seven": "whether to take 7",
    "roll": "whether to take 7",
    "finale": "a Finale card",
    "place_lag": "a world for Postorganism's Lag",
    "skip": "a decision you may decline",
    "detective": "a detective",
    "accept": "an answer to a trade offer",
    "decline": "an answer to a trade offer",
    "take": "a trade offer to take",
    "cancel": "your part of a trade",
    "give": "what you give in a trade",
    "add": "the goods of a trade you propose",
    "choose": "the Task cards a trade asks of you",
    "done": "the goods of a trade you propose",
    "get": "what you ask for in a trade",
    "send": "the goods of a trade",
    "cheat": "the goods of a trade",
}
"""What an answer kind chooses, for an answer to a question nobody asks."""


# --- what is possible instead ------------------------------------------------------------------------


def alternatives(game: Any, state: GamedecState, seat: str) -> str:
    """ "You can: End turn, Move to Realium, Move to Brahma, 10 more moves or ..." (the seat's legal intents
    grouped by kind), or whom the game waits for when the seat has nothing to do."""
    legal = game.legal(state, seat)
    if not legal:
        awaited = game.awaiting(state)
        waited = ", ".join(awaited)
        return f"The game is waiting for {waited}." if awaited else "Nothing can be played now."
    kinds: dict[str, list[Intent]] = {}
    for intent in legal:
        kinds.setdefault(intent.kind, []).append(intent)
    parts: list[str] = []
    for kind, intents in kinds.items():
        labels = [game.describe(state, i).rstrip(".") for i in intents]
        if len(labels) <= SHOWN:
            parts += labels
        else:
            parts += [*labels[: SHOWN - 1], f"{len(labels) - SHOWN + 1} more ({kind.replace('_', ' ')})"]
    return "You can: " + (parts[0] if len(parts) == 1 else "; ".join(parts[:-1]) + " or " + parts[-1]) + "."


def explain(game: Any, state: GamedecState, seat: str, intent: Intent) -> str:
    """The refusal of ``intent`` by ``seat``: the reason, then what is possible instead."""
    reason = reason_for(game, state, seat, intent) or "That is not possible now"
    return f"{reason.rstrip('.')}. {alternatives(game, state, seat)}"


# --- the reason ------------------------------------------------------------------------------------


def reason_for(game: Any, state: GamedecState, seat: str, intent: Intent) -> str | None:
    top = state.waiting.top()
    if top is None:
        return None
    action = game.rules.actions.get(intent.kind)
    if seat not in top.asked():
        if action is not None and game.rules.actions.offers(
            list(game.standing_kinds(state, seat)), intent.kind
        ):
            return _own(action.why_not(state, seat, intent)) or WHEN.get(intent.kind)  # a standing offer
        return not_asked(state, top, seat, intent)
    offered = _action_kinds(top)
    if action is not None and (game.rules.actions.offers(offered, intent.kind) or intent.kind in top.asides):
        why: str | None = action.why_not(state, seat, intent)
        return _own(why) or WHEN.get(intent.kind)
    answers = _answer_kinds(top, seat)
    if intent.kind in answers:
        check = ANSWER_REASONS.get(intent.kind)
        return check(state, seat, intent) if check is not None else "That answer is not offered"
    return _other_moment(state, top, seat, intent)


def _own(reason: str | None) -> str | None:
    """An action's own refusal, unless it is the runtime's fall-back list (which names no reason)."""
    if reason is None or " is not possible now" in reason or " is not allowed now" in reason:
        return None
    return reason


def _action_kinds(frame: Frame) -> list[str]:
    return list(getattr(frame, "actions", []) or [])


def _options_of(frame: Frame, seat: str) -> list[Option]:
    if isinstance(frame, AskFrame):
        return frame.options
    if isinstance(frame, EachFrame):
        question = frame.questions.get(seat)
        return question.options if question is not None else []
    if isinstance(frame, SecretFrame):
        return frame._options(seat) if seat in frame.asked() else []
    if isinstance(frame, WindowFrame):
        return frame.options.get(seat, [])
    return []


def _answer_kinds(frame: Frame, seat: str) -> set[str]:
    kinds = {Intent.parse(o.key).kind for o in _options_of(frame, seat)}
    if isinstance(frame, SecretFrame):
        for parts in frame.more.get(seat, []):
            kinds |= {Intent.parse(o.key).kind for o in parts}
    return kinds


def _question(frame: Frame, seat: str) -> str:
    if isinstance(frame, EachFrame) and seat in frame.questions:
        return frame.questions[seat].text.rstrip(".")
    return frame.text_for(seat).rstrip(".") or "the question you are asked"


def _other_moment(state: GamedecState, frame: Frame, seat: str, intent: Intent) -> str:
    """An intent of a kind the top frame does not take from ``seat``."""
    if isinstance(frame, TurnFrame):
        return WHEN.get(intent.kind) or f"Nobody asks you for {ASKED.get(intent.kind, 'that')} now"
    when = WHEN.get(intent.kind)
    if when is not None:
        return f"{when}; first answer what you are asked now: {_question(frame, seat)}"
    return f"That does not answer what you are asked now: {_question(frame, seat)}"


def not_asked(state: GamedecState, frame: Frame, seat: str, intent: Intent) -> str:
    """``seat`` is not asked now: why (it passed the window, its choice is made, it is another's turn)."""
    if isinstance(frame, WindowFrame) and seat in frame.answers:
        return "You passed in this window; you are asked again if someone declares an Assist or Sabotage"
    if isinstance(frame, WindowFrame):
        return "You hold nothing to declare before this roll (no set-aside card)"
    if isinstance(frame, SecretFrame) and seat in frame.chosen:
        return "Your choice is made; it is revealed when everyone has chosen"
    if isinstance(frame, EachFrame) and any(s == seat for s, _ in frame.answered):
        return "You have answered; the others are still answering"
    if state.active and seat != state.active and intent.kind in WHEN:
        return f"It is {state.active}'s turn. {WHEN[intent.kind]}"
    return "You are not asked anything now"


# --- answers that are not offered ---------------------------------------------------------------------


def _skill(state: GamedecState, seat: str, intent: Intent) -> str:
    skill = intent.get("id")
    if skill not in load_pack().skills:
        return "There is no such Skill"
    return "You already have that Skill"


def _wound(state: GamedecState, seat: str, intent: Intent) -> str:
    kind = intent.get("type")
    if kind not in ("bio", "neuro"):
        return "There is no such Wound: the Wounds are Bio and Neuro"
    return f"You already have a {str(kind).capitalize()} Wound"


def _corp(state: GamedecState, seat: str, intent: Intent) -> str:
    corp = intent.get("id")
    if not isinstance(corp, str) or corp not in NAMES or corp not in state.corp_equip:
        return "There is no such Corporation"
    return f"Your Obligation already lies at {NAMES[corp]}"


def _pile(state: GamedecState, seat: str, intent: Intent) -> str:
    pile = intent.get("take")
    if pile not in ("deck", "faceup"):
        return "There is no such pile: the Equipment deck or the face-up pile"
    return "That Equipment pile is empty"


def _own_task(state: GamedecState, seat: str, intent: Intent) -> str:
    return "That is not a Task card of your hand (or it is already chosen)"


def _own_equipment(state: GamedecState, seat: str, intent: Intent) -> str:
    return "You do not own that Equipment card"


def _detective(state: GamedecState, seat: str, intent: Intent) -> str:
    if intent.get("id") not in load_pack().detectives:
        return "There is no such detective"
    return "That detective is already taken"


def _finale(state: GamedecState, seat: str, intent: Intent) -> str:
    return "That Finale card is not one of this ending's free ones"


def _place_lag(state: GamedecState, seat: str, intent: Intent) -> str:
    world = intent.get("world")
    return (
        f"A Lag already lies in {NAMES[str(world)]}" if world in state.lags else "That is not a Sensory World"
    )


def _goods(state: GamedecState, seat: str, intent: Intent) -> str:
    what = intent.get("what")
    if what in ("c1", "c2"):
        return "That many Credits are not there to trade"
    if isinstance(what, str) and what in load_pack().equipment:
        return "That Equipment card is not there to trade"
    return "That is not among the goods this trade can hold"


def _take(state: GamedecState, seat: str, intent: Intent) -> str:
    src = intent.get("src")
    t = state.trade
    if t is None or src not in t.offers:
        return f"{src} made no offer" if isinstance(src, str) and src in state.players else "No such offer"
    return "That offer is paid with a Task card of your hand"


def _accept(state: GamedecState, seat: str, intent: Intent) -> str:
    return "This offer asks for a Task card of your hand: accept by naming one, or decline"


ANSWER_REASONS: dict[str, Callable[[GamedecState, str, Intent], str]] = {
    "skill": _skill,
    "wound": _wound,
    "corp": _corp,
    "pile": _pile,
    "discard": _own_task,
    "pick": _own_task,
    "show": _own_task,
    "send": _own_task,
    "discard_eq": _own_equipment,
    "detective": _detective,
    "finale": _finale,
    "place_lag": _place_lag,
    "give": _goods,
    "add": _goods,
    "choose": _own_task,
    "get": _goods,
    "take": _take,
    "accept": _accept,
}
