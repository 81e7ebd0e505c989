"""Phase 4, Cyberwarfare: the Hackers, the draw, the secret simultaneous planning, and the reveal with its
programme battles against Terminals (the AI's defence cards) and enemy Tactical Networks; plus the upkeep of
running programmes (phase 2) and the hand limit (Clean-Up).

RB: "The Active Player with a Hacker Team member may attempt Cyberwarfare attacks"; FAQ: "Both players plan
and decide on card usage ... put the new CW cards face down on the Tactical Network"; "The higher score
wins; on a draw the defender wins." A plan is one secret choice in three parts (rulings C1-C9): the attack
(an offensive card and its target, or a Purge with a defensive card), a defensive card to install on the own
Tactical Network, and a Booster for the attack.
"""

from __future__ import annotations

from pydantic import BaseModel

from engine.core import Event, Intent, public

from . import board
from .alarms import raise_alarm
from .battles import attack_terminal, attack_tn, pay, purge
from .loading import pack
from .pack import DEFENSIVE, OFFENSIVE
from .rules import RULES
from .state import Model, NtState, Slot
from .stats import gear

HAND = 5
"""RB: "The Players may keep a maximum of five cards in their hand"."""
TN_SLOTS = 4
"""Ruling G07: a Tactical Network has 4 fields (the example fills fields 1-4)."""
NONE = "none"


def draw_cards(state: NtState, seat: str) -> None:
    """RB: "Players usually draw five cards less the number of CW cards that remain on their Tactical
    Network card ... and already in their hand" (hostile infections do not count)."""
    team = state.teams[seat]
    own = sum(1 for s in team.tn if s.owner == seat)
    team.hand += team.deck.draw(state.rng, max(0, HAND - own - len(team.hand)))


def _card(instance: str) -> str:
    return pack().card(instance).name


def _targets(state: NtState, seat: str) -> list[tuple[str, str]]:
    out = [
        (t.id, f"the {t.colour or 'basic'} Terminal at {t.cell}")
        for t in board.mission(state).terminals
        if state.terminals[t.id].controller != seat
    ]
    return out + [(f"tn_{s}", f"{s}'s Tactical Network") for s in state.seats if s != seat]


def _distinct(hand: list[str]) -> list[str]:
    """One copy of each card (two copies of the same programme are the same choice)."""
    seen: set[str] = set()
    out = []
    for card in hand:
        kind = card.split(".")[0]
        if kind not in seen:
            seen.add(kind)
            out.append(card)
    return out


def _offer(
    state: NtState, seat: str
) -> tuple[list[tuple[Intent, str]], list[tuple[str, list[tuple[Intent, str]]]]]:
    team = state.teams[seat]
    attacks = [(Intent.of("plan", card=NONE, target=NONE), "No attack")]
    hand = _distinct(team.hand)
    for card in hand:
        kind = pack().card(card).kind
        if kind in OFFENSIVE:
            attacks += [
                (Intent.of("plan", card=card, target=t), f"{_card(card)} against {label}")
                for t, label in _targets(state, seat)
            ]
        elif kind in DEFENSIVE and any(s.owner != seat for s in team.tn):
            attacks.append((Intent.of("plan", card=card, target="purge"), f"Purge with {_card(card)}"))
    guards = [(Intent.of("plan", guard=NONE), "Install no defence")]
    guards += [
        (Intent.of("plan", guard=c), f"Install {_card(c)}")
        for c in team.hand
        if pack().card(c).kind in DEFENSIVE
    ]
    boosts = [(Intent.of("plan", boost=NONE), "No Booster")]
    boosts += [
        (Intent.of("plan", boost=c), f"Boost with {_card(c)}")
        for c in team.hand
        if pack().card(c).kind == "booster"
    ]
    return attacks, [
        ("Which defence do you install?", guards),
        ("Which Booster supports the attack?", boosts),
    ]


class PlanPayload(BaseModel):
    hackers: dict[str, str]


def open_plan(state: NtState, hackers: dict[str, str]) -> list[Event]:
    """FAQ: "Both players plan and decide on card usage" in secret, revealed together."""
    seats = list(hackers)
    offers, more = {}, {}
    for seat in seats:
        offers[seat], more[seat] = _offer(state, seat)
    defaults = {s: Intent.of("plan", card=NONE, target=NONE) for s in seats}
    return RULES.secret(
        state,
        seats,
        "plan",
        "Plan your Cyberwarfare in secret: the attack first.",
        offers,
        more=more,
        defaults=defaults,
        payload=PlanPayload(hackers=hackers),
        announce="{seat} has planned.",
        confirm="Your plan: {label}.",
    )


@RULES.revealed("plan", PlanPayload)
def reveal(state: NtState, choices: dict[str, Intent], payload: PlanPayload) -> list[Event]:
    """RB: "At the end of the CW Phase all players declare any face-down cards and remove SRs for their
    initial costs" (ruling C2: defences are installed first, then the attacks are fought in the Cyberwarfare
    order chosen by the initiative winner)."""
    events: list[Event] = []
    for seat, plan in choices.items():
        events += _install(state, seat, str(plan.get("guard") or NONE), str(plan.get("card") or NONE))
    for seat in [s for s in state.cw_order or state.seats if s in choices]:
        hacker_model = state.models[payload.hackers[seat]]
        if not hacker_model.active:
            continue
        plan = choices[seat]
        card, target, boost = (str(plan.get(k) or NONE) for k in ("card", "target", "boost"))
        if card == NONE or card not in state.teams[seat].hand:
            continue
        events += _attack(state, seat, hacker_model, card, target, boost)
    return events


def _install(state: NtState, seat: str, guard: str, attack_card: str) -> list[Event]:
    team = state.teams[seat]
    if guard == NONE or guard == attack_card or guard not in team.hand:
        return []
    team.hand.remove(guard)
    card = pack().card(guard)
    if len(team.tn) >= TN_SLOTS or not pay(state, seat, card.install):
        team.deck.discard(guard)
        return [public("cw_discard", f"{seat} cannot install {card.name}: it is discarded.")]
    team.tn.append(Slot(card=guard, owner=seat))
    return [public("cw_install", f"{seat} installs {card.name} on its Tactical Network.")]


def _attack(
    state: NtState, seat: str, hacker_model: Model, card: str, target: str, boost: str
) -> list[Event]:
    team = state.teams[seat]
    team.hand.remove(card)
    booster = boost if boost != NONE and boost in team.hand else None
    if booster is not None:
        team.hand.remove(booster)
    if any(g.slot == "cyberdeck" for g in gear(hacker_model)):
        assert hacker_model.cell is not None
        raise_alarm(state, hacker_model.cell, "hacking")  # RB "+2 Use of hacking gear"
    if target == "purge":
        return purge(state, seat, hacker_model, card)
    if target.startswith("tn_"):
        return attack_tn(state, seat, hacker_model, card, booster, target[3:])
    return attack_terminal(state, seat, hacker_model, card, booster, target)


def upkeep(state: NtState, seat: str) -> list[Event]:
    """Phase 2: the running cost of every programme on the Tactical Network. Own programmes that cannot be
    paid are discarded (the last installed first, ruling C3); hostile ones are paid by their victim and stay
    even when it cannot pay (ruling G09: all its SR is consumed)."""
    team = state.teams[seat]
    events: list[Event] = []
    for slot in list(team.tn):
        card = pack().card(slot.card)
        if slot.owner != seat:
            team.sr = max(0, team.sr - card.run)
    for slot in reversed(list(team.tn)):
        if slot.owner == seat and not pay(state, seat, pack().card(slot.card).run):
            team.tn.remove(slot)
            team.deck.discard(slot.card)
            events.append(public("cw_discard", f"{seat} cannot run {_card(slot.card)}: it is discarded."))
    return events


def housekeeping(state: NtState) -> list[Event]:
    """Clean-Up: "Discard any number of non-blank CW cards from the Player's hand" (ruling C4: down to the
    hand limit of five, the oldest kept)."""
    for team in state.teams.values():
        # Increased difficulty: "During the Clean-Up Phase ... they have to discard all cards still in their
        # hand"
        extra = team.hand[0 if state.opts.hard_hands else HAND :]
        del team.hand[0 if state.opts.hard_hands else HAND :]
        team.deck.discard(*extra)
    return []
