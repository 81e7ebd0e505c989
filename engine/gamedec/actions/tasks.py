"""Playing a Task card and attacking a detective: a turn is either Tasks or Attacks (RULINGS 10, 20-21)."""

from __future__ import annotations

from engine.core import Event, Intent, public
from engine.core.args import word

from .. import modifiers as M
from .. import rules as R
from ..board import NAMES, is_corp
from ..names import seat_named, skill_name, skill_named, task_named
from ..pack import load_pack
from ..runtime import RULES
from ..state import GamedecState, TestState
from ..window import before_roll
from .base import TurnAction, one


@RULES.action
class Play(TurnAction):
    kind = "play"
    summary = "Play a Task card"
    args = (word("card", task_named),)
    when = "Task cards are played in your own turn"

    def options(self, state: GamedecState, seat: str) -> list[Intent]:
        p = state.players[seat]
        if not state.moved or state.turn_mode == "attacks" or is_corp(p.pos):
            return []
        tasks = load_pack().tasks
        return [one("play", "card", c) for c in p.hand if R.can_play(state, seat, tasks[c], p.pos)]

    def reason(self, state: GamedecState, seat: str, intent: Intent) -> str:
        if state.turn_mode == "attacks":
            return "You attacked this turn, so you cannot play Task cards until your next turn."
        p = state.players[seat]
        card = intent.get("card")
        if not isinstance(card, str) or card not in p.hand:
            extra = " (cards drawn this turn are playable from your next turn)" if p.drawn else ""
            return f"That Task card is not in your hand{extra}."
        task = load_pack().tasks[card]
        if is_corp(p.pos):
            return "No Task cards are played on Corporation spaces."
        where = "any Sensory World or the Realium" if task.world == "universal" else NAMES[task.world]
        return f"{task.name} can be played only in {where}; you are in {NAMES[p.pos]}."

    def label(self, state: GamedecState, intent: Intent) -> str:
        t = load_pack().tasks[intent.word("card")]
        return f"Play {t.name} (DL {t.dl}, {'/'.join(skill_name(s) for s in t.skills)})"[:80]

    def apply(self, state: GamedecState, seat: str, intent: Intent) -> list[Event]:
        p = state.players[seat]
        card = intent.word("card")
        task = load_pack().tasks[card]
        p.hand.remove(card)
        state.turn_mode = "tasks"
        state.test = TestState(kind="task", actor=seat, card=card, space=p.pos)
        mods = M.task_ledger(state, seat, task, p.pos)
        skills = "/".join(skill_name(s) for s in task.skills)
        events = [
            public(
                "play",
                f"{R.name(state, seat)} plays {task.name} (DL {task.dl}, {skills}) "
                f"in {NAMES[p.pos]}: modifier {mods.total:+d} ({mods.explain()}).",
                seat=seat,
                card=card,
            )
        ]
        return events + before_roll(state)


@RULES.action
class Attack(TurnAction):
    """RB: only a detective with more Investigation Points, on the same space, not on a Corporation, each
    detective once per round; the attacker loses 1 Reputation."""

    kind = "attack"
    summary = "Attack a detective"
    args = (word("on", seat_named), word("skill", skill_named))
    when = "Attacks are made in your own turn"

    def options(self, state: GamedecState, seat: str) -> list[Intent]:
        p = state.players[seat]
        if not state.moved or state.turn_mode == "tasks" or is_corp(p.pos):
            return []
        out = []
        for other in state.seats:
            q = state.players[other]
            if (
                other != seat
                and q.pos == p.pos
                and not q.finished
                and q.ip > p.ip
                and other not in state.attacked
            ):
                out += [
                    Intent.of("attack", on=other, skill="shooting"),
                    Intent.of("attack", on=other, skill="melee"),
                ]
        return out

    def reason(self, state: GamedecState, seat: str, intent: Intent) -> str:
        if state.turn_mode == "tasks":
            return "You played a Task card this turn, so you cannot attack until your next turn."
        p = state.players[seat]
        on = intent.get("on")
        if not isinstance(on, str) or on not in state.players or on == seat:
            return "Attack another detective on your space."
        q = state.players[on]
        if is_corp(p.pos):
            return "Attacks are not possible on Corporation spaces."
        if q.pos != p.pos:
            return f"{on} is not on your space ({NAMES[p.pos]})."
        if q.ip <= p.ip:
            return f"You may attack only a detective with more Investigation Points than you ({p.ip})."
        if on in state.attacked:
            return f"{on} has already been attacked this round."
        if intent.get("skill") not in ("shooting", "melee"):
            return "An attack uses Shooting or Melee."
        return ""

    def label(self, state: GamedecState, intent: Intent) -> str:
        return f"Attack {intent.word('on')} with {intent.word('skill')}"

    def apply(self, state: GamedecState, seat: str, intent: Intent) -> list[Event]:
        on, skill = intent.word("on"), intent.word("skill")
        state.turn_mode = "attacks"
        state.attacked.append(on)
        events = [
            public(
                "attack", f"{R.name(state, seat)} attacks {R.name(state, on)} with {skill}.", seat=seat, on=on
            )
        ]
        events += R.change_rep(state, seat, -1)
        state.test = TestState(
            kind="attack", actor=seat, defender=on, skill=skill, space=state.players[seat].pos
        )
        return events + before_roll(state)
