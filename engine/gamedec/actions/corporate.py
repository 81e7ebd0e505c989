"""The Corporate Commission and Corporate Aid (RULINGS 25-29)."""

from __future__ import annotations

from engine.core import Event, Intent, public
from engine.core.args import word
from engine.core.intent import Value
from engine.core.labels import fit

from .. import rules as R
from ..board import AID, NAMES, is_corp
from ..names import skill_name, space_named
from ..pack import load_pack
from ..runtime import RULES
from ..state import GamedecState
from .base import TurnAction

AID_CHOICES = ("heal", "cash", "equip", "heal+cash", "heal+equip", "cash+equip", "cash+cash")


@RULES.action
class Commission(TurnAction):
    """RB "Corporate Commission": with his Clue on the Target, on the Target or the Threatened Corporation,
    the detective removes that Clue (and his Obligation there), then turns the Target safe or (FAQ) removes
    one Lag from the board."""

    kind = "commission"
    summary = "Perform the Corporate Commission"
    args = (word("lag", space_named, optional=True),)
    when = "The Corporate Commission is performed in your own turn"

    def options(self, state: GamedecState, seat: str) -> list[Intent]:
        p = state.players[seat]
        if not state.moved or not state.target or state.target not in p.clues:
            return []
        if p.pos not in (state.target, state.threatened):
            return []
        out = [Intent.of("commission")] if state.target_lag else []
        out += [Intent.of("commission", lag=lag) for lag in state.lags]
        return out or [Intent.of("commission")]

    def reason(self, state: GamedecState, seat: str, intent: Intent) -> str:
        if not state.target:
            return "There is no Commission to perform now."
        if state.target not in state.players[seat].clues:
            return f"You need your Clue on the Target ({NAMES[state.target]}) to perform the Commission."
        if state.players[seat].pos not in (state.target, state.threatened):
            return (
                f"Stand on the Target ({NAMES[state.target]}) or the Threatened Corporation "
                f"({NAMES[state.threatened]}) to perform the Commission."
            )
        return ""

    def label(self, state: GamedecState, intent: Intent) -> str:
        lag = intent.get("lag")
        return f"Commission: remove the Lag in {NAMES[str(lag)]}" if lag else "Commission: turn the Target"

    def apply(self, state: GamedecState, seat: str, intent: Intent) -> list[Event]:
        p = state.players[seat]
        who = R.name(state, seat)
        p.clues.remove(state.target)
        if state.threatened in p.obligations:
            p.obligations.remove(state.threatened)
        lag = intent.get("lag")
        turned = False
        if isinstance(lag, str):
            state.lags.remove(lag)
            result = f"removes the Lag from {NAMES[lag]}"
        elif state.target_lag:
            state.target_lag = False
            turned = True
            result = "turns the Target safe"
        else:
            result = "(no Lag to remove)"
        events = [
            public("commission_done", f"{who} performs the Corporate Commission and {result}.", seat=seat)
        ]
        if p.story == "hidden":
            p.commission_ready = True
        if turned and not state.commission_done:
            # RULINGS 26: the round's Commission is the one that turns the Target (the Hacker Attack and the
            # Variable Starting Player read it alike); one that only removed a Lag is not it
            state.commission_done = True
            if state.opts.variable_start:
                state.start_player = seat
                state.end_round_after = seat
                p.skip_turn = True
                events.append(
                    public(
                        "start_player",
                        f"{who} takes the Starting Player marker; the round ends after this turn.",
                    )
                )
        return events


def _aid_label(state: GamedecState, value: Value) -> str:
    """The aids taken ("heal+cash"), in the words of the Corporation the active detective stands on."""
    take = str(value)
    seat = state.active
    corp = state.players[seat].pos if seat else ""
    if corp not in AID:
        return "Corporate Aid: " + take.replace("+", " + ")
    heal_kind, cash_kind = AID[corp]
    card = state.corp_equip.get(corp)
    eq = load_pack().equipment[card].name if card else "Equipment"
    words = {
        "heal": f"heal {heal_kind.capitalize()}",
        "cash": "1 Credit" if cash_kind == "credit" else "Reputation +1",
        "equip": f"Equipment {eq}",
    }
    parts = take.split("+")
    if parts == ["cash", "cash"]:
        return "Aid: " + ("2 Credits" if cash_kind == "credit" else "Reputation +2")
    return fit("Aid: " + " + ".join(words[x] for x in parts))


@RULES.action
class Aid(TurnAction):
    """Corporate Aid: once per move, placing an Obligation; two aids (RULINGS 27; Pauline Eim, 28)."""

    kind = "aid"
    summary = "Take Corporate Aid"
    args = (word("take", _aid_label),)
    when = "Corporate Aid is taken in your own turn, on a Corporation space"

    def options(self, state: GamedecState, seat: str) -> list[Intent]:
        p = state.players[seat]
        here = p.pos
        if not state.moved or not is_corp(here) or state.aid_used:
            return []
        if here in p.obligations and not (
            here == "novatronics" and R.has(state, seat, "novatronics_unlimited")
        ):
            return []
        heal_kind, _ = AID[here]
        out = []
        for choice in AID_CHOICES:
            parts = choice.split("+")
            if "heal" in parts and not getattr(p, heal_kind):
                continue
            if "equip" in parts and not state.corp_equip.get(here):
                continue
            out.append(Intent.of("aid", take=choice))
        return out

    def reason(self, state: GamedecState, seat: str, intent: Intent) -> str:
        here = state.players[seat].pos
        if not is_corp(here):
            return "Corporate Aid is received on a Corporation space."
        if state.aid_used:
            return "You already received Corporate Aid on this move."
        if here in state.players[seat].obligations and not (
            here == "novatronics" and R.has(state, seat, "novatronics_unlimited")
        ):
            return f"Your Obligation already lies on {NAMES[here]}: perform a Commission there to remove it."
        take = intent.get("take")
        if take not in AID_CHOICES:
            return "Corporate Aid is two of the Corporation's aids (or one, or its Credit/Reputation twice)"
        heal_kind, _ = AID[here]
        if "heal" in str(take).split("+"):
            return f"You have no {heal_kind.capitalize()} Wound for {NAMES[here]} to heal"
        return f"{NAMES[here]} has no Equipment card on offer"

    def apply(self, state: GamedecState, seat: str, intent: Intent) -> list[Event]:
        p = state.players[seat]
        corp = p.pos
        heal_kind, cash_kind = AID[corp]
        state.aid_used = True
        events: list[Event] = []
        if corp not in p.obligations:
            p.obligations.append(corp)
            events.append(
                public(
                    "aid",
                    f"{R.name(state, seat)} takes Corporate Aid from {NAMES[corp]} (Obligation placed).",
                    seat=seat,
                    corp=corp,
                )
            )
        else:
            events.append(public("aid", f"{R.name(state, seat)} takes Corporate Aid from {NAMES[corp]}."))
        for part in intent.word("take").split("+"):
            if part == "heal":
                events += R.heal(state, seat, heal_kind)
            elif part == "cash" and cash_kind == "credit":
                state.credits.gain(seat, 1)
                events.append(
                    public("credit", f"{R.name(state, seat)} takes 1 Credit ({state.credits.of(seat)}).")
                )
            elif part == "cash":
                events += R.change_rep(state, seat, +1)
            else:
                events += _equipment(state, seat, corp)
        return events

    def label(self, state: GamedecState, intent: Intent) -> str:
        return _aid_label(state, intent.word("take"))


def _equipment(state: GamedecState, seat: str, corp: str) -> list[Event]:
    card = R.take_corp_equipment(state, corp)
    state.players[seat].equipment.append(card)
    eq = load_pack().equipment[card]
    return [public("equipment", f"{R.name(state, seat)} takes {eq.name} (+2 {skill_name(eq.skill)}).")]
