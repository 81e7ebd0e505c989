"""The exchanges of the board's spaces (RB "Exchanges on Board Spaces", RULINGS 30-32): pointless ones are
not offered."""

from __future__ import annotations

from engine.core import Event, Intent, public
from engine.core.args import word

from .. import rules as R
from ..answers import SELL_TEXT, CorpPayload, SellPayload, decide, pile_label, skill_label
from ..board import NAMES, REALIUM, REP_NAMES
from ..names import equipment_named, pile_named, seat_named, skill_named
from ..pack import load_pack
from ..runtime import RULES
from ..state import GamedecState
from .base import TurnAction


class Exchange(TurnAction):
    """An exchange offered on ``space`` after a move, to a detective holding at least ``credits``."""

    space = ""
    credits = 1

    def options(self, state: GamedecState, seat: str) -> list[Intent]:
        p = state.players[seat]
        if not state.moved or p.pos != self.space or state.credits.of(seat) < self.credits:
            return []
        return self.offers(state, seat)

    def offers(self, state: GamedecState, seat: str) -> list[Intent]:
        return [Intent.of(self.kind)]

    def reason(self, state: GamedecState, seat: str, intent: Intent) -> str:
        p = state.players[seat]
        if p.pos != self.space:
            return f"This exchange is made in {NAMES[self.space]}; you are in {NAMES[p.pos]}"
        if state.credits.of(seat) < self.credits:
            return f"It needs {_credits(self.credits)}: you hold {state.credits.of(seat)}"
        return self.unoffered(state, seat, intent)

    def unoffered(self, state: GamedecState, seat: str, intent: Intent) -> str:
        """Why this exchange, on its space and paid for, is still refused."""
        return ""


def _credits(n: int) -> str:
    return f"{n} Credit{'s' if n != 1 else ''}"


def _target_reason(state: GamedecState, seat: str, on: object) -> str:
    """Why another detective cannot be the target of an exchange ('' when he can be, as far as who he is)."""
    if on == seat:
        return "Choose another detective, not yourself"
    if not isinstance(on, str) or on not in state.players:
        return "There is no detective of that name"
    if state.players[on].finished:
        return f"{on} has left the game"
    return ""


@RULES.action
class Heal(TurnAction):
    """Realium: 1 Credit heals the Bio Wound; Paradise Beach: the Neuro Wound."""

    kind = "heal"
    args = ()
    when = "Wounds are healed by an exchange in your own turn"

    def options(self, state: GamedecState, seat: str) -> list[Intent]:
        p = state.players[seat]
        if not state.moved or state.credits.of(seat) < 1:
            return []
        wounded = (p.pos == REALIUM and p.bio) or (p.pos == "paradise_beach" and p.neuro)
        return [Intent.of("heal")] if wounded else []

    def reason(self, state: GamedecState, seat: str, intent: Intent) -> str:
        p = state.players[seat]
        if p.pos not in (REALIUM, "paradise_beach"):
            return "Wounds are healed for 1 Credit in the Realium (Bio) or Paradise Beach (Neuro)"
        kind = "Bio" if p.pos == REALIUM else "Neuro"
        if not (p.bio if kind == "Bio" else p.neuro):
            return f"You have no {kind} Wound to heal"
        return f"It needs 1 Credit: you hold {state.credits.of(seat)}"

    def apply(self, state: GamedecState, seat: str, intent: Intent) -> list[Event]:
        p = state.players[seat]
        state.credits.lose(seat, 1)
        return R.heal(state, seat, "bio" if p.pos == REALIUM else "neuro")

    def label(self, state: GamedecState, intent: Intent) -> str:
        if not state.active:
            return "Heal a Wound (1 Credit)"
        kind = "Bio" if state.players[state.active].pos == REALIUM else "Neuro"
        return f"Heal your {kind} Wound (1 Credit)"


@RULES.action
class SellTasks(Exchange):
    kind = "sell_tasks"
    args = ()
    when = "The Brahma exchange is made in your own turn"
    space = "brahma"
    credits = 0

    def offers(self, state: GamedecState, seat: str) -> list[Intent]:
        p = state.players[seat]
        return [Intent.of("sell_tasks")] if len(p.hand) + len(p.drawn) >= 3 else []

    def unoffered(self, state: GamedecState, seat: str, intent: Intent) -> str:
        p = state.players[seat]
        return f"It needs 3 Task cards: you hold {len(p.hand) + len(p.drawn)}"

    def apply(self, state: GamedecState, seat: str, intent: Intent) -> list[Event]:
        return decide(state, seat, "sell", SELL_TEXT, SellPayload(picked=[]))

    def label(self, state: GamedecState, intent: Intent) -> str:
        return "Sell 3 Task cards for 1 Credit"


@RULES.action
class BuyEquipment(Exchange):
    kind = "buy_equip"
    summary = "Buy Equipment (1 Credit)"
    args = (word("pile", pile_named),)
    when = "The Crying Guns exchange is made in your own turn"
    space = "crying_guns"

    def offers(self, state: GamedecState, seat: str) -> list[Intent]:
        return [Intent.of("buy_equip", pile=pile) for pile in R.equipment_piles(state)]

    def unoffered(self, state: GamedecState, seat: str, intent: Intent) -> str:
        if intent.get("pile") not in ("deck", "faceup"):
            return "There is no such pile: the Equipment deck or the face-up pile"
        return "That Equipment pile is empty" if R.equipment_piles(state) else "No Equipment card is left"

    def apply(self, state: GamedecState, seat: str, intent: Intent) -> list[Event]:
        state.credits.lose(seat, 1)
        return [
            public("exchange", f"{R.name(state, seat)} pays 1 Credit in Crying Guns.")
        ] + R.take_equipment(state, seat, intent.word("pile"))

    def label(self, state: GamedecState, intent: Intent) -> str:
        return pile_label(state, "Buy", intent.word("pile"), " (1 Credit)")


@RULES.action
class BuySkill(Exchange):
    kind = "buy_skill"
    summary = "Buy a Skill (2 Credits)"
    args = (word("id", skill_named),)
    when = "The Deep Past World exchange is made in your own turn"
    space = "deep_past"
    credits = 2

    def offers(self, state: GamedecState, seat: str) -> list[Intent]:
        held = state.players[seat].skills
        return [Intent.of("buy_skill", id=s) for s in load_pack().skills if s not in held]

    def unoffered(self, state: GamedecState, seat: str, intent: Intent) -> str:
        if intent.get("id") not in load_pack().skills:
            return "There is no such Skill"
        return "You already have that Skill"

    def apply(self, state: GamedecState, seat: str, intent: Intent) -> list[Event]:
        p = state.players[seat]
        state.credits.lose(seat, 2)
        p.skills.append(intent.word("id"))
        return [
            public(
                "exchange",
                f"{R.name(state, seat)} pays 2 Credits in Deep Past World for the Skill {intent.word('id')}.",
            )
        ]

    def label(self, state: GamedecState, intent: Intent) -> str:
        return skill_label(state, state.active, intent)


@RULES.action
class SellEquipment(Exchange):
    kind = "sell_equip"
    summary = "Sell Equipment for 1 Credit"
    args = (word("eq", equipment_named),)
    when = "The Dream Space exchange is made in your own turn"
    space = "dream_space"
    credits = 0

    def offers(self, state: GamedecState, seat: str) -> list[Intent]:
        return [Intent.of("sell_equip", eq=e) for e in state.players[seat].equipment]

    def unoffered(self, state: GamedecState, seat: str, intent: Intent) -> str:
        return (
            "You do not own that Equipment card"
            if state.players[seat].equipment
            else "You own no Equipment card"
        )

    def apply(self, state: GamedecState, seat: str, intent: Intent) -> list[Event]:
        eq = intent.word("eq")
        R.discard_equipment(state, seat, eq)
        state.credits.gain(seat, 1)
        return [
            public(
                "exchange",
                f"{R.name(state, seat)} trades {load_pack().equipment[eq].name} for 1 Credit in Dream Space.",
            )
        ]

    def label(self, state: GamedecState, intent: Intent) -> str:
        eq = load_pack().equipment[intent.word("eq")]
        return f"Sell {eq.name} (+2 {eq.skill})"


@RULES.action
class Hunt(Exchange):
    """Happy Hunting Grounds: another detective places an Obligation where he chooses."""

    kind = "hunt"
    summary = "Make a detective place an Obligation"
    args = (word("on", seat_named),)
    when = "The Happy Hunting Grounds exchange is made in your own turn"
    space = "happy_hunting"

    def offers(self, state: GamedecState, seat: str) -> list[Intent]:
        return [
            Intent.of("hunt", on=o)
            for o in state.seats
            if o != seat and not state.players[o].finished and R.free_corps(state, o)
        ]

    def unoffered(self, state: GamedecState, seat: str, intent: Intent) -> str:
        on = intent.get("on")
        return _target_reason(state, seat, on) or f"{on} already has an Obligation at every Corporation"

    def apply(self, state: GamedecState, seat: str, intent: Intent) -> list[Event]:
        on = intent.word("on")
        state.credits.lose(seat, 1)
        events = [
            public(
                "exchange",
                f"{R.name(state, seat)} pays 1 Credit in Happy Hunting Grounds: {on} must place "
                "an Obligation.",
            )
        ]
        free = R.free_corps(state, on)
        if len(free) == 1:
            state.players[on].obligations.append(free[0])
            return events + [
                public("obligation", f"{R.name(state, on)} places an Obligation at {NAMES[free[0]]}.")
            ]
        return events + decide(
            state,
            on,
            "corp",
            f"{seat} hunted you: choose the Corporation for your Obligation.",
            CorpPayload(why="hunt"),
        )

    def label(self, state: GamedecState, intent: Intent) -> str:
        return f"Make {intent.word('on')} place an Obligation (1 Credit)"


@RULES.action
class BuyReputation(Exchange):
    kind = "buy_rep"
    args = ()
    when = "The Speed Demons exchange is made in your own turn"
    space = "speed_demons"

    def offers(self, state: GamedecState, seat: str) -> list[Intent]:
        return [Intent.of("buy_rep")] if state.players[seat].rep < R.detective(state, seat).rep_max else []

    def unoffered(self, state: GamedecState, seat: str, intent: Intent) -> str:
        top = REP_NAMES[R.detective(state, seat).rep_max]
        return f"Your Reputation is already {top}, the highest your detective can have"

    def apply(self, state: GamedecState, seat: str, intent: Intent) -> list[Event]:
        state.credits.lose(seat, 1)
        return [public("exchange", f"{R.name(state, seat)} pays 1 Credit in Speed Demons.")] + R.change_rep(
            state, seat, +1
        )

    def label(self, state: GamedecState, intent: Intent) -> str:
        return "Reputation +1 (1 Credit)"


@RULES.action
class Smear(Exchange):
    """Twisted & Perverted: another detective's Reputation -2."""

    kind = "smear"
    summary = "Lower a detective's Reputation"
    args = (word("on", seat_named),)
    when = "The Twisted & Perverted exchange is made in your own turn"
    space = "twisted"

    def offers(self, state: GamedecState, seat: str) -> list[Intent]:
        return [
            Intent.of("smear", on=o)
            for o in state.seats
            if o != seat
            and not state.players[o].finished
            and state.players[o].rep > R.detective(state, o).rep_min
        ]

    def unoffered(self, state: GamedecState, seat: str, intent: Intent) -> str:
        on = intent.get("on")
        wrong = _target_reason(state, seat, on)
        if wrong:
            return wrong
        low = REP_NAMES[R.detective(state, str(on)).rep_min]
        return f"{on}'s Reputation is already {low}, the lowest that detective can have"

    def apply(self, state: GamedecState, seat: str, intent: Intent) -> list[Event]:
        on = intent.word("on")
        state.credits.lose(seat, 1)
        return [
            public("exchange", f"{R.name(state, seat)} pays 1 Credit in Twisted & Perverted to smear {on}.")
        ] + R.change_rep(state, on, -2)

    def label(self, state: GamedecState, intent: Intent) -> str:
        return f"Lower {intent.word('on')}'s Reputation by 2 (1 Credit)"
