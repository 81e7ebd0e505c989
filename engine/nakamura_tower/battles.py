"""Cyberwarfare programme battles: an attack on a Terminal (against the AI's defence cards) or on an enemy
Tactical Network (against its defensive programmes), a Purge, and the infections that follow.

RB: Attack = "offensive Strength + booster + ... SR spent (max 2) + CanDo", "- 3" when remote; the Terminal
defends with "AI card Strength + CanDo"; "The higher score wins; on a draw the defender wins." "Only after
defeating all of the defending cards during one CW Phase would Tomo be able to take control of the
Terminal." A remote hack is "from anywhere on the board" at -3; a direct one from "the same or adjacent
square to the Terminal".
"""

from __future__ import annotations

from engine.core import Event, public

from . import board
from .alarms import raise_alarm
from .board import hacker_of
from .cando import draw
from .loading import pack
from .pack import DEFENSIVE, OFFENSIVE
from .shock import cybershock_test
from .state import Model, NtState, Slot
from .stats import name, skill

REMOTE = -3
SR_BOOST = 2
"""RB: SR boost in a battle, "a maximum of 2"."""
TN_SLOTS = 4


def pay(state: NtState, seat: str, cost: int) -> bool:
    team = state.teams[seat]
    if team.sr < cost:
        return False
    team.sr -= cost
    return True


def _boost(state: NtState, seat: str | None) -> int:
    """Both sides add what SR they can, up to 2 (ruling C5: rules-notes 8 #8's default, without asking)."""
    if seat is None or seat not in state.teams:
        return 0
    spent = min(SR_BOOST, state.teams[seat].sr)
    state.teams[seat].sr -= spent
    return spent


def cando_for(state: NtState, model: Model | None) -> int:
    """RB Codebreaker: "draw two CanDo cards and choose one" (no card effects are printed: the higher)."""
    first = draw(state)
    if model is not None and skill(model, "codebreaker"):
        return max(first, draw(state))
    return first


def _strength(card: str, booster: str | None) -> int:
    return pack().card(card).strength + (pack().card(booster).strength if booster else 0)


def _discard(state: NtState, card: str) -> None:
    owner = pack().card(card).faction
    if owner == "ai":
        state.ai_deck.discard(card)
        return
    for team in state.teams.values():
        if team.faction == owner:
            team.deck.discard(card)
            return


def _costs(state: NtState, seat: str, card: str, booster: str | None, install: bool) -> bool:
    cards = [card] + ([booster] if booster else [])
    total = sum(pack().card(c).run + (pack().card(c).install if install else 0) for c in cards)
    return pay(state, seat, total)


def attack_terminal(
    state: NtState, seat: str, hacker: Model, card: str, booster: str | None, terminal_id: str
) -> list[Event]:
    spec = next(t for t in board.mission(state).terminals if t.id == terminal_id)
    held = state.terminals[terminal_id]
    assert hacker.cell is not None
    direct = board.distance(state, hacker.cell, spec.cell) <= 1
    if not _costs(state, seat, card, booster, install=True):
        return _lost(state, card, booster, f"{seat} cannot pay for {pack().card(card).name}")
    need = spec.defence + (1 if state.opts.hard_terminals else 0)
    standing = held.face_up.pop(seat, [])
    defenders = list(held.installed) + standing + state.ai_deck.draw(state.rng, max(0, need - len(standing)))
    events = [
        public(
            "cw_attack",
            f"{seat} attacks the Terminal at {spec.cell} "
            f"{'directly' if direct else 'remotely'} with {pack().card(card).name}.",
        )
    ]
    for i, defender in enumerate(defenders):
        attack = (
            _strength(card, booster)
            + _boost(state, seat)
            + cando_for(state, hacker)
            + (0 if direct else REMOTE)
        )
        defence = pack().card(defender).strength + draw(state)
        events.append(
            public(
                "cw_battle",
                f"{pack().card(card).name} {attack} against {pack().card(defender).name} {defence}.",
            )
        )
        if attack <= defence:
            for rest in defenders[i + 1 :]:
                _discard(state, rest)
            events += _lost(state, card, booster, "the attack fails")
            if pack().card(defender).kind in OFFENSIVE and pack().card(defender).faction == "ai":
                events += infect(state, "ai", defender, seat, aggressive=True)
            if (
                not any(x.card == defender for x in state.teams[seat].tn)
                and defender not in state.ai_deck.discards
            ):
                held.face_up[seat] = [defender]  # RB: "The one that defeated his attack would stay face up"
            return events
        _discard(state, defender)
    return events + _take(state, seat, hacker, card, booster, terminal_id, direct)


def _take(
    state: NtState, seat: str, hacker: Model, card: str, booster: str | None, terminal_id: str, direct: bool
) -> list[Event]:
    held = state.terminals[terminal_id]
    for old in held.installed:
        _discard(state, old)
    held.controller, held.hacker, held.installed = seat, hacker.id, [card]
    if booster:
        _discard(state, booster)
    if direct:
        assert hacker.cell is not None
        raise_alarm(state, hacker.cell, "takeover")  # RB "+2 Direct Terminal takeover"
    events = [public("takeover", f"{seat}'s {name(hacker)} takes over the Terminal {terminal_id}.")]
    if not state.locked_once:
        # RB: "until the first Terminal has been taken over, when all doors controlled by all Terminals
        # become locked"
        state.locked_once = True
        colours = {t.colour for t in board.mission(state).terminals if t.kind == "security" and t.colour}
        for edge, door in state.doors.items():
            if board.door_colour(state, edge) in colours:
                door.locked = True
                if door.state == "closed":
                    door.state = "locked"
        events.append(public("locked", "The first Terminal has fallen: every Terminal's doors lock."))
    return events


def _lost(state: NtState, card: str, booster: str | None, why: str) -> list[Event]:
    """RB: "the destruction of all attacking programmes (including direct support programmes ...)"."""
    _discard(state, card)
    if booster:
        _discard(state, booster)
    return [public("cw_lost", f"{why.capitalize()}: {pack().card(card).name} is discarded.")]


def attack_tn(
    state: NtState, seat: str, hacker: Model, card: str, booster: str | None, victim: str
) -> list[Event]:
    """RB: "If the defender lost but has more defensive cards, fight again against the next one: the attacker
    has to pay the running costs for all cards used for every additional attack"; with no defensive card
    "the defender only draws a Can Do card to defend his TN and cannot support with SR"."""
    if not _costs(state, seat, card, booster, install=True):
        return _lost(state, card, booster, f"{seat} cannot pay for {pack().card(card).name}")
    team = state.teams[victim]
    guards = [s for s in team.tn if s.owner == victim and pack().card(s.card).kind in DEFENSIVE]
    events = [
        public("cw_attack", f"{seat} attacks {victim}'s Tactical Network with {pack().card(card).name}.")
    ]
    for n, guard in enumerate(guards or [None]):
        if n and not _costs(state, seat, card, booster, install=False):
            return events + _lost(state, card, booster, f"{seat} cannot pay to go on")
        attack = _strength(card, booster) + _boost(state, seat) + cando_for(state, hacker)
        if guard is None:
            defence = draw(state)
        else:
            defence = pack().card(guard.card).strength + _boost(state, victim) + draw(state)
        against = pack().card(guard.card).name if guard else "a bare CanDo card"
        events.append(public("cw_battle", f"{pack().card(card).name} {attack} against {against} {defence}."))
        if attack <= defence:
            return events + _lost(state, card, booster, "the attack fails")
        if guard is not None:
            team.tn.remove(guard)
            _discard(state, guard.card)
    if booster:
        _discard(state, booster)
    return events + infect(state, seat, card, victim)


def infect(state: NtState, owner: str, card: str, victim: str, aggressive: bool = False) -> list[Event]:
    """RB: "A winning attacker can put the offensive card he used to attack into the defender's TN"; "reduce
    the number of SRs on the Tactical Network equal to that required to install that programme"; "the Hacker
    on that Tactical Network has to pass a Cybershock test". A full Tactical Network gives up its weakest own
    programme (ruling G08); a Terminal's aggressive defence fights the victim's defences first."""

    team = state.teams[victim]
    data = pack().card(card)
    if aggressive and any(pack().card(s.card).kind in DEFENSIVE for s in team.tn if s.owner == victim):
        guard = next(s for s in team.tn if s.owner == victim and pack().card(s.card).kind in DEFENSIVE)
        defence = pack().card(guard.card).strength + _boost(state, victim) + draw(state)
        attack = data.strength + draw(state)
        if attack <= defence:
            return [public("cw_battle", f"{victim}'s {pack().card(guard.card).name} stops {data.name}.")]
    if len(team.tn) >= TN_SLOTS:
        own = [s for s in team.tn if s.owner == victim]
        if not own:
            _discard(state, card)
            return [
                public("cw_full", f"{victim}'s Tactical Network is full of infections: {data.name} fails.")
            ]
        weakest = min(own, key=lambda s: pack().card(s.card).strength)
        team.tn.remove(weakest)
        _discard(state, weakest.card)
    team.tn.append(Slot(card=card, owner=owner))
    team.sr = max(0, team.sr - data.install)
    events = [public("infected", f"{data.name} infects {victim}'s Tactical Network.")]

    victim_hacker = hacker_of(state, victim)
    if victim_hacker is not None:
        assert victim_hacker.cell is not None
        raise_alarm(state, victim_hacker.cell, "infection")
        events += cybershock_test(state, victim_hacker.id)
        if state.opts.faq_infection and victim_hacker.active and victim_hacker.team == victim:
            # FAQ optional: "receives one Physical wound, and the Cybershock level rises by one"
            from .combat import take_wounds

            victim_hacker.cybershock += 1
            events += take_wounds(state, victim_hacker, 1, None)
    return events


def purge(state: NtState, seat: str, hacker: Model, card: str) -> list[Event]:
    """FAQ Purge: "defensive card strength + up to 2 SR + Can Do card, against offensive card strength +
    booster + Can Do card" (ruling G13: a tie keeps the virus; ruling C6: a winning defensive card is then
    installed if a field is free, else discarded)."""
    team = state.teams[seat]
    hostile = next((s for s in team.tn if s.owner != seat), None)
    data = pack().card(card)
    if hostile is None or not pay(state, seat, data.run):
        _discard(state, card)
        return [public("purge", f"{seat} has nothing to purge with {data.name}.")]
    defence = data.strength + _boost(state, seat) + cando_for(state, hacker)
    attack = pack().card(hostile.card).strength + draw(state)
    text = f"{seat} purges with {data.name} {defence} against {pack().card(hostile.card).name} {attack}"
    if defence <= attack:
        _discard(state, card)
        return [public("purge", text + ": the infection stays.")]
    team.tn.remove(hostile)
    _discard(state, hostile.card)
    if len(team.tn) < TN_SLOTS:
        team.tn.append(Slot(card=card, owner=seat))
    else:
        _discard(state, card)
    return [public("purge", text + ": the infection is purged.")]
