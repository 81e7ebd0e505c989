"""The Sector Phase's placement: each freelancer in Contact Order puts his pawn (and the Accomplice) on a
free zone of the sector he revealed: a resupply zone, or the mission zone to complete a mission he can
pay; with the Smuggler by Day he may stay out instead."""

from __future__ import annotations

from engine.core import Event, Intent
from engine.core.actions import Action
from engine.core.args import word

from .. import rules as R
from ..naming import mission_named, pawn_named, zone_named
from ..pack import Effect
from ..rules import RULES
from ..state import ACC_PAWN, InfamyState, PlaceStep
from ..view import mission_gains

SMUGGLE_WHEN = "Staying out (Smuggler) is chosen when you would place your pawn"


def pawn_id(seat: str, pawn: str) -> str:
    return ACC_PAWN if pawn == "acc" else seat


def placer(state: InfamyState) -> str | None:
    if state.phase == "place" and state.slot < len(state.order):
        return state.order[state.slot]
    return None


def pawn_options(state: InfamyState, seat: str, pawn: str) -> list[Intent]:
    sector = state.sectors[pawn_id(seat, pawn)]
    out: list[Intent] = []
    if not (sector in state.watchdogs and seat != state.chief):
        out += [R.intent("place", pawn=pawn, zone=z) for z in R.free_resupply(state, sector)]
        mz = f"s{sector}m"
        if mz not in state.pawns:
            out += [
                R.intent("place", pawn=pawn, zone=mz, mission=m)
                for m in R.payable_missions(state, seat, sector)
            ]
    if state.day and state.smuggler == seat:
        out.append(R.intent("smuggle", pawn=pawn))
    return out


def resupply_gain(state: InfamyState, zone_id: str) -> str:
    z = R.pack().zone(zone_id)
    if z.kind in ("weapon", "data", "compound", "henchman"):
        return f"gain 1 {R.WHAT_NAMES[z.kind]}"
    if z.kind == "special":
        return "Recover up to 3 Bribes" if state.day else "gain 1 Infamy"
    return "1r at 0 Rep, else draw a Scheme"


def resupply_once(state: InfamyState, seat: str, zone_id: str) -> list[Event]:
    z = R.pack().zone(zone_id)
    if z.kind in ("weapon", "data", "compound", "henchman"):
        got = R.gain(state, seat, z.kind, 1)
        return [R.say(state, f"{seat} gains {R.plural(got, z.kind)}.")]
    if z.kind == "special":
        if state.day:
            n = R.recover(state, seat, 3)
            return [R.say(state, f"{seat} Recovers {R.plural(n, 'bribe')}.")]
        R.gain(state, seat, "infamy", 1)
        return [R.say(state, f"{seat} gains 1 Infamy.")]
    assert z.faction is not None
    if state.players[seat].rep[z.faction] == 0:
        return R.add_rep(state, seat, z.faction, 1)
    return R.draw_schemes(state, seat, z.faction, 1)


def resupply(state: InfamyState, seat: str, who: str, zone_id: str) -> list[Event]:
    z = R.pack().zone(zone_id)
    times = 2 if (not state.day and state.smuggler == seat) else 1
    events = [
        R.say(
            state,
            f"{who} resupplies at {R.zone_label(zone_id)}"
            + (" (doubled by the Smuggler)." if times == 2 else "."),
            "resupply",
        )
    ]
    for _ in range(times):
        events += resupply_once(state, seat, zone_id)
        for b in R.benefits_for(state, seat, "resupply", z.kind):
            R.queue_front(state, seat, b.effects, f"benefit:{b.id}")
    return events


def mission(state: InfamyState, seat: str, who: str, mid: str) -> list[Event]:
    m = R.pack().missions[mid]
    R.pay(state, seat, m.requires)
    state.available.remove(mid)
    state.players[seat].missions.append(mid)
    events = [
        R.say(
            state, f"{who} completes {m.name} (paid {m.requires.words()}).", "mission", seat=seat, mission=mid
        )
    ]
    effects: list[Effect] = list(m.reward)
    if m.infamy:
        effects.append(Effect(op="gain", what="infamy", n=m.infamy))
    if m.rep:
        effects.append(Effect(op="rep", n=m.rep, factions=m.factions))
    steps = state.effect_steps(seat, effects, mid)
    for t in m.types:
        for b in R.benefits_for(state, seat, "mission", t):
            steps += state.effect_steps(seat, b.effects, f"benefit:{b.id}")
    state.now(*steps)
    return events


@RULES.action
class Place(Action[InfamyState]):
    """``place:pawn=own,zone=s3a`` (``mission=`` for the mission zone), or ``smuggle:pawn=own``: for each
    pawn in turn, its zones and then the Smuggler's skip, as the placement has always listed them."""

    kind = "place"
    summary = "Place a pawn"
    also = ("smuggle",)
    also_when = {"smuggle": SMUGGLE_WHEN}
    """Staying out has its own moment: when the Smuggler's winner would place his pawn."""
    family = "move"
    args = (word("pawn", pawn_named), word("zone", zone_named), word("mission", mission_named, optional=True))
    also_args = {"smuggle": (word("pawn", pawn_named),)}
    when = "Pawns are placed once the sectors are revealed, in Contact Order"

    def options(self, state: InfamyState, seat: str) -> list[Intent]:
        if placer(state) != seat:
            return []
        return [i for pawn in state.to_place for i in pawn_options(state, seat, pawn)]

    def refusal(self, state: InfamyState, seat: str, intent: Intent) -> str | None:
        if placer(state) != seat:
            return None
        pawn, zone = intent.get("pawn"), intent.get("zone")
        if pawn not in state.to_place:
            return (
                "That pawn is not yours to place now."
                if pawn != "acc"
                else "You have no Accomplice pawn to place."
            )
        if intent.kind == "smuggle":
            return "Only the Smuggler's winner may stay out instead of placing, and only by Day"
        sector = state.sectors[pawn_id(seat, str(pawn))]
        if not isinstance(zone, str) or len(zone) != 3 or zone[1] != str(sector):
            return f"That pawn goes to sector {sector} (its revealed card): choose a zone there."
        if sector in state.watchdogs and seat != state.chief:
            return f"Sector {sector} holds a Watchdog: no pawn may be placed there."
        if zone in state.pawns:
            return f"The {R.zone_label(zone)} is taken by another pawn."
        if zone in state.hazards:
            return f"The {R.zone_label(zone)} holds a Hazard: nobody can resupply there."
        if zone.endswith("m"):
            m = R.pack().missions.get(str(intent.get("mission")))
            if m is None or str(intent.get("mission")) not in state.available or m.sector != sector:
                return f"That is not an available mission of sector {sector}."
            return (
                f"You cannot pay {m.name} ({m.requires.words()}): a freelancer must have the requirements "
                "to enter the mission zone."
            )
        return None

    def apply(self, state: InfamyState, seat: str, intent: Intent) -> list[Event]:
        RULES.end_turn(state)
        state.now(PlaceStep())
        pawn = intent.word("pawn")
        pid = pawn_id(seat, pawn)
        state.to_place.remove(pawn)
        who = f"{seat}'s Accomplice" if pawn == "acc" else seat
        if intent.kind == "smuggle":
            state.placed[pid] = "smuggled"
            R.queue_front(
                state,
                seat,
                [Effect(op="gain", what="resource"), Effect(op="draw", what="scheme", faction="any")],
                "smuggler",
            )
            return [R.say(state, f"{who} stays out (Smuggler): 1 resource and 1 Scheme instead.")]
        zone = intent.word("zone")
        state.pawns[zone] = pid
        state.placed[pid] = zone
        if zone.endswith("m"):
            return mission(state, seat, who, intent.word("mission"))
        return resupply(state, seat, who, zone)

    def label(self, state: InfamyState, intent: Intent) -> str:
        who = "Accomplice" if intent.get("pawn") == "acc" else "Pawn"
        if intent.kind == "smuggle":
            return f"{who}: stay out (Smuggler) for 1 resource + 1 Scheme"
        zone = intent.word("zone")
        if zone.endswith("m"):
            m = R.pack().missions[intent.word("mission")]
            gains = mission_gains(m.reward_text, m.infamy, m.rep, m.factions)
            return f"{who}: complete {m.name} (pay {m.requires.words()}; {gains})"
        return f"{who}: resupply at {R.zone_label(zone)} ({resupply_gain(state, zone)})"
