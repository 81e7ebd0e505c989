"""Ending the turn, moving, drawing Task cards in the Realium (RULINGS 5-9)."""

from __future__ import annotations

from engine.core import Event, Intent, private, public
from engine.core.args import word
from engine.core.waiting import TurnFrame

from .. import modifiers as M
from .. import procedure as P
from .. import rules as R
from ..board import NAMES, REALIUM, SPACES, is_corp
from ..names import space_named
from ..pack import load_pack
from ..runtime import RULES
from ..state import GamedecState
from .base import GamedecAction, TurnAction, one

LOSE = {"rep": "Lose Reputation"}
"""Hei Lan's choice entering Twisted & Perverted (RULINGS 9)."""


@RULES.action
class End(GamedecAction):
    kind = "end"
    family = "end"
    args = ()
    when = "Only the detective whose turn it is ends it"
    turn = "any"

    def options(self, state: GamedecState, seat: str) -> list[Intent]:
        return [Intent.of("end")]

    def label(self, state: GamedecState, intent: Intent) -> str:
        return "End turn"

    def apply(self, state: GamedecState, seat: str, intent: Intent) -> list[Event]:
        return P.end_turn(state, seat)


@RULES.action
class Move(GamedecAction):
    """Moves are optional (RULINGS 5); Hei Lan may choose to lose Reputation in Twisted & Perverted (9)."""

    kind = "move"
    family = "move"
    summary = "Move to a space"
    args = (word("to", space_named), word("lose", lambda state, v: LOSE[str(v)], optional=True))
    when = "Moves are made in your own turn"
    turn = "any"

    def options(self, state: GamedecState, seat: str) -> list[Intent]:
        if state.moves_left <= 0:
            return []
        out = []
        for space in SPACES:
            if not R.entry_problem(state, seat, space):
                out.append(one("move", "to", space))
                if space == "twisted" and R.has(state, seat, "twisted_immune"):
                    out.append(Intent.of("move", to=space, lose="rep"))
        return out

    def refusal(self, state: GamedecState, seat: str, intent: Intent) -> str | None:
        if state.moves_left <= 0:
            return "You have no move left this turn: act here or end your turn."
        to = intent.get("to")
        if not isinstance(to, str) or to not in SPACES:
            return "There is no such space: move to the Realium, a Sensory World or a Corporation"
        if intent.get("lose") is not None and not (to == "twisted" and R.has(state, seat, "twisted_immune")):
            return "Only Hei Lan, entering Twisted & Perverted, may choose to lose Reputation"
        problem = R.entry_problem(state, seat, to)
        return f"You cannot move there: {problem}." if problem else None

    def label(self, state: GamedecState, intent: Intent) -> str:
        extra = " (lose Reputation)" if intent.get("lose") else ""
        return f"Move to {NAMES[intent.word('to')]}{extra}"

    def apply(self, state: GamedecState, seat: str, intent: Intent) -> list[Event]:
        p = state.players[seat]
        who = R.name(state, seat)
        to = intent.word("to")
        state.moves_left -= 1
        state.moved = True
        state.aid_used = False
        state.drew = False
        state.story_move_used = False
        p.pos = to
        turn = state.waiting.find("turn")
        if isinstance(turn, TurnFrame):  # the turn's question and menu after a move
            turn.text = P.turn_text(state)
            turn.public = P.turn_public(state)
            turn.actions = P.turn_actions(moved=True)
        events = [public("move", f"{who} moves to {NAMES[to]}.", seat=seat, to=to)]
        if to == "happy_hunting" or (
            to == "twisted" and (not R.has(state, seat, "twisted_immune") or intent.get("lose") == "rep")
        ):
            events += R.change_rep(state, seat, -1)
        if is_corp(to) and R.has(state, seat, "corp_credit"):
            state.credits.gain(seat, 1)
            events.append(
                public("credit", f"{who} collects 1 Credit from {NAMES[to]} ({state.credits.of(seat)}).")
            )
        if "short_circuit" in state.flags and M.lag_on(state, to):
            events += R.wound(state, seat, "neuro")
        return events


@RULES.action
class Draw(TurnAction):
    """RB: "The action of drawing Task cards may be performed once per each visit"; unseen until the turn
    ends, unless Task cards are available immediately."""

    kind = "draw"
    args = ()
    when = "Task cards are drawn in your own turn, in the Realium"

    def options(self, state: GamedecState, seat: str) -> list[Intent]:
        here = state.players[seat].pos
        return [Intent.of("draw")] if state.moved and here == REALIUM and not state.drew else []

    def reason(self, state: GamedecState, seat: str, intent: Intent) -> str:
        if state.players[seat].pos != REALIUM:
            return "Task cards are drawn only in the Realium."
        if state.drew:
            return "You already drew Task cards on this visit to the Realium; move again to draw again."
        return ""

    def label(self, state: GamedecState, intent: Intent) -> str:
        return "Draw Task cards"

    def apply(self, state: GamedecState, seat: str, intent: Intent) -> list[Event]:
        p = state.players[seat]
        state.drew = True
        cards = state.task_deck.draw(state.rng, R.draw_count(state, seat))
        if state.opts.tasks_immediately:
            p.hand += cards
            seen = ", ".join(load_pack().tasks[c].name for c in cards)
        else:
            p.drawn += cards
            seen = "face down until the end of your turn."
        return [
            public(
                "draw",
                f"{R.name(state, seat)} draws {len(cards)} Task card{'s' if len(cards) != 1 else ''}.",
                seat=seat,
                n=len(cards),
            ),
            private(seat, "drawn", "Drawn: " + seen),
        ]
