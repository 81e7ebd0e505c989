"""Cyberwarfare programme battles: an attack on a Terminal (against the AI's defence cards) or on an enemy
Tactical Network (against its defensive programmes), a Purge, and the infections that follow (a Terminal's
aggressive defence, and the counter-infection of a losing attacker).

RB: Attack = "offensive Strength + booster + ... SR spent (max 2) + CanDo", "- 3" when remote; the Terminal
defends with "AI card Strength + CanDo"; "The higher score wins; on a draw the defender wins." "Only after
defeating all of the defending cards during one CW Phase would Tomo be able to take control of the
Terminal." A remote hack is "from anywhere on the board" at -3; a direct one from "the same or adjacent
square to the Terminal"; "An attack against a Tactical Network is always done remotely."

Costs: a card played from the hand pays its install and running costs when it is first used (the worked
example pays "2 SRs for W32.Navajo virus" and "2 SRs for HardRock 256 Bastion", each install 1 + run 1); a
programme kept running from an earlier turn has paid its running cost in phase 2 and pays nothing more for
its first battle; every further battle costs "the 'running programme' costs of the programme cards used".
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from engine.core import Event, public

from . import board
from .board import hacker_of, raise_alarm
from .infection import apply_effect, cybershock_test
from .loading import pack
from .naming import plural, terminal
from .pack import DEFENSIVE, OFFENSIVE
from .rules import draw
from .state import Model, NtState, Slot, TerminalState
from .stats import name, skill
from .wounds import take_wounds

REMOTE = -3
SR_BOOST = 2
"""RB: SR boost in a battle, "a maximum of 2"."""
TN_SLOTS = 4
"""Ruling G07: a Tactical Network has 4 fields (the example fills fields 1-4)."""


def pay(state: NtState, seat: str, cost: int) -> bool:
    team = state.teams[seat]
    if team.sr < cost:
        return False
    team.sr -= cost
    return True


def _boost(state: NtState, seat: str | None, defending: bool = False, reserve: int = 0) -> int:
    """An attacker adds what SR it can, up to 2, keeping back ``reserve`` (what its plan puts into a Terminal
    taken will cost, ruling C23); a defender the SR its plan committed to each defence, 0-2 (ruling C5; RB
    "use SRs (a maximum of 2) to boost the total programme strengths"). RB: Hackers "are the only Team
    members that may attempt a Cyberwarfare attack or defence": a Team without a Hacker on the board adds
    none (ruling G12)."""
    if seat is None or seat not in state.teams or hacker_of(state, seat) is None:
        return 0
    cap = min(SR_BOOST, state.teams[seat].defence_sr) if defending else SR_BOOST
    spent = max(0, min(cap, state.teams[seat].sr - reserve))
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


def _name(card: str) -> str:
    return pack().card(card).name


def discard(state: NtState, card: str) -> None:
    """A card goes to its owner's discard pile (the AI's, or its Faction's)."""
    owner = pack().card(card).faction
    if owner == "ai":
        state.ai_deck.discard(card)
        return
    for team in state.teams.values():
        if team.faction == owner:
            team.deck.discard(card)
            return


def keep(state: NtState, seat: str, card: str) -> None:
    """A programme that won its battle stays on its owner's Tactical Network if a field is free (it may then
    be kept running, RB Clean-Up), else it is discarded."""
    team = state.teams[seat]
    if len(team.tn) < TN_SLOTS:
        team.tn.append(Slot(card=card, owner=seat))
    else:
        discard(state, card)


def opening_cost(cards: Iterable[str | None], running: Iterable[str]) -> int:
    """The SR a programme's first battle costs: install + run for each card played from the hand, nothing
    for one already running on the Tactical Network."""
    kept = set(running)
    return sum(pack().card(c).install + pack().card(c).run for c in cards if c is not None and c not in kept)


def _running_cost(card: str, booster: str | None) -> int:
    return pack().card(card).run + (pack().card(booster).run if booster else 0)


def defences(state: NtState, seat: str) -> list[Slot]:
    """The Team's own defensive programmes on its Tactical Network, fought in order; RB: "duplicate
    offensive or defensive programmes have no effect in attack or defence" (a second copy does not fight)."""
    seen: set[str] = set()
    out = []
    for slot in state.teams[seat].tn:
        kind = slot.card.split(".")[0]
        if slot.owner == seat and pack().card(slot.card).kind in DEFENSIVE and kind not in seen:
            seen.add(kind)
            out.append(slot)
    return out


def versus_network(
    state: NtState, victim: str, card: str, attack: Callable[[], int], go_on: Callable[[], bool]
) -> tuple[bool, list[Event]]:
    """An offensive programme against a Tactical Network: RB "If using multiple defensive programme cards,
    each is attacked sequentially with all having to be defeated before the Tactical Network or terminal
    becomes infected"; FAQ: "If there are no defensive cards in the attacked TN, the defender only draws a
    Can Do card to defend his TN and cannot support with SR". ``attack`` totals one battle's attack;
    ``go_on`` pays for each battle after the first. True when every defence fell. A Booster the defender runs
    supports its first defensive programme (FAQ: "defensive card strength (+ booster)"; RB: "An offensive or
    defensive programme can only be boosted in strength by one 'Booster'", ruling C18) and falls with it."""
    team = state.teams[victim]
    events: list[Event] = []
    guards: list[Slot | None] = list(defences(state, victim)) or [None]
    support = next((x for x in team.tn if x.owner == victim and pack().card(x.card).kind == "booster"), None)
    for n, guard in enumerate(guards):
        if n and not go_on():
            return False, events + [public("cw_battle", f"{_name(card)} cannot be paid to go on.")]
        total = attack()
        for used in (guard, support if n == 0 else None):
            if used is not None:
                used.face_down = (
                    False  # RB: face down "until they are either used or the end of the CW Phase"
                )
        if guard is None:
            defence, against = draw(state), "a bare CanDo card"
        else:
            helper = support if n == 0 else None
            lift = pack().card(helper.card).strength if helper is not None else 0
            defence = (
                pack().card(guard.card).strength + lift + _boost(state, victim, defending=True) + draw(state)
            )
            against = f"{victim}'s {_name(guard.card)}" + (f" with {_name(helper.card)}" if helper else "")
        events.append(public("cw_battle", f"{_name(card)} {total} against {against} {defence}."))
        if total <= defence:
            return False, events
        if guard is not None:
            for lost in [guard] + ([support] if support is not None and n == 0 else []):
                team.tn.remove(lost)
                discard(state, lost.card)
    return True, events


def draw_defence(state: NtState, seat: str, terminal_id: str) -> list[str]:
    """FAQ: "draw defensive AI CW cards equal to the Terminal Strength, separately for each Player attacking
    the Terminal" (face down; those left face up against this Team count, ruling C7). Drawn once a phase."""
    spec = next(t for t in board.mission(state).terminals if t.id == terminal_id)
    held = state.terminals[terminal_id]
    if seat not in held.face_down:
        need = spec.defence + (1 if state.opts.hard_terminals else 0) - len(held.face_up.get(seat, []))
        held.face_down[seat] = state.ai_deck.draw(state.rng, max(0, need))
    return held.face_down[seat]


def attack_terminal(
    state: NtState,
    seat: str,
    hacker: Model,
    card: str,
    booster: str | None,
    terminal_id: str,
    running: Iterable[str] = (),
    fill: Sequence[str] = (),
    stays: bool = True,
) -> list[Event]:
    """RB: "When a Terminal or Tactical Network loses but is defended by more than one defensive CW card,
    repeat the battle procedure against the next defensive CW programme card(s) until the Hacker is
    successful, has no SRs (automatic loss)"; "The cost of additional attacks is equal to the 'running
    programme' costs of the programme cards used in the previous attempt"."""
    spec = next(t for t in board.mission(state).terminals if t.id == terminal_id)
    held = state.terminals[terminal_id]
    assert hacker.cell is not None
    direct = board.distance(state, hacker.cell, spec.cell) <= 1
    draw_defence(state, seat, terminal_id)
    if not pay(state, seat, opening_cost((card, booster), running)):
        _unfought(state, held, held.face_down.pop(seat, []))
        return _lost(state, card, booster, f"{seat} cannot pay for {_name(card)}")
    standing = held.face_up.pop(seat, [])
    drawn = held.face_down.pop(seat, [])
    defenders = standing + drawn + list(held.installed)  # ruling G10: the AI's cards, then the holder's
    reserve = sum(pack().card(c).install for c in fill if c in state.teams[seat].hand)
    events = [
        public(
            "cw_attack",
            f"{seat} attacks {terminal(state, terminal_id)} {'directly' if direct else 'remotely'} with "
            f"{_name(card)}.",
        )
    ]
    for i, defender in enumerate(defenders):
        if i and not pay(state, seat, _running_cost(card, booster)):
            _unfought(state, held, defenders[i:])
            return events + _lost(state, card, booster, f"{seat} cannot pay to go on")
        data = pack().card(defender)
        attack = (
            _strength(card, booster)
            + (skill(hacker, "terminal_hack") if data.kind in DEFENSIVE else 0)
            + _boost(state, seat, reserve=reserve)
            + cando_for(state, hacker)
            + (0 if direct else REMOTE)
        )
        defence = data.strength + draw(state)
        events.append(public("cw_battle", f"{_name(card)} {attack} against {data.name} {defence}."))
        if attack <= defence:
            _unfought(state, held, defenders[i + 1 :])
            return events + _terminal_holds(state, seat, held, defender, card, booster)
        if defender in held.installed:
            held.installed.remove(defender)
        discard(state, defender)
    return events + _take(state, seat, hacker, (card, booster, fill, stays), terminal_id, direct)


def _unfought(state: NtState, held: TerminalState, cards: list[str]) -> None:
    """The AI cards not fought are discarded ("the replenishing of the Terminal defences when attacked
    again"); the holder's own cards stay in the Terminal."""
    for card in cards:
        if card not in held.installed:
            discard(state, card)


def _terminal_holds(
    state: NtState, seat: str, held: TerminalState, winner: str, card: str, booster: str | None
) -> list[Event]:
    """A failed hack: "the destruction of all attacking programmes"; RB "if the Terminal drew one or more
    virus or worm CW cards those aggressive defence systems attempt to infect that Player's Tactical
    Network"; "The one that defeated his attack would stay face up" (an AI virus that infected is on the
    Tactical Network instead, one that the Team's defences beat is discarded). A Terminal held by another
    Team strikes back with a virus or worm its holder put in it (RB: "an unsuccessful hacking attack against
    a Terminal ... that has a hostile virus or worm programme running", ruling C12)."""
    events = _lost(state, card, booster, "The attack fails")
    data = pack().card(winner)
    if winner not in held.installed and data.kind in OFFENSIVE:
        return events + strike(state, "ai", winner, seat, terminal=True)
    if winner not in held.installed:
        held.face_up[seat] = [winner]
    virus = next((c for c in held.installed if pack().card(c).kind in OFFENSIVE), None)
    if virus is None or held.controller is None:
        return events
    held.installed.remove(virus)
    return events + strike(state, held.controller, virus, seat, terminal=True)


def strike(state: NtState, owner: str, virus: str, victim: str, terminal: bool = False) -> list[Event]:
    """A virus or worm attacks a Tactical Network after a failed hack, fighting each of its defences in
    turn with its owner's SR boost and CanDo (the AI adds no SR), and infects it on a win; beaten, it is
    discarded. RB: "If the Tactical Network did not have any defensive programmes installed then that virus
    or worm immediately infects that Tactical Network" (a Terminal's ``terminal`` defence); a Tactical
    Network's counter-infection meets at least a bare CanDo card (FAQ: "the defender only draws a Can Do
    card to defend his TN")."""
    data = pack().card(virus)
    if terminal and not defences(state, victim):
        return infect(state, owner, virus, victim)
    seat = owner if owner in state.teams else None

    def attack() -> int:
        return (
            data.strength + _boost(state, seat) + cando_for(state, hacker_of(state, seat) if seat else None)
        )

    won, events = versus_network(state, victim, virus, attack, lambda: True)
    if won:
        return events + infect(state, owner, virus, victim)
    discard(state, virus)
    return events + [public("cw_stopped", f"{victim}'s defences stop {data.name}.")]


def _take(
    state: NtState,
    seat: str,
    hacker: Model,
    cards: tuple[str, str | None, Sequence[str], bool],
    terminal_id: str,
    direct: bool,
) -> list[Event]:
    """RB: "If an attack against a Terminal is successful the Player can place any cards from his Tactical
    Network or the Player's hand on the Terminal up to the Terminal's defence value"; FAQ: "the attacker can
    put present CW card, or change to any number of CW cards from his hand (paying appropriate costs) or TN,
    into the Terminal, equal to the Terminal Strength"."""
    card, booster, fill, stays = cards
    held = state.terminals[terminal_id]
    for old in held.installed:
        discard(state, old)
    held.controller, held.hacker, held.installed = seat, hacker.id, [card] if stays else []
    spec = next(t for t in board.mission(state).terminals if t.id == terminal_id)
    events = _fill(state, seat, held, fill, spec.defence)
    if not held.installed:
        held.installed.append(card)  # none of the cards named could go in: the attacking programme stays
    elif not stays:
        keep(state, seat, card)  # "change to" other cards: the attacking programme goes back to the TN
    if booster:
        keep(state, seat, booster)
    if direct:
        assert hacker.cell is not None
        raise_alarm(state, hacker.cell, "takeover")  # RB "+2 Direct Terminal takeover"
    took = f"{seat}'s {name(hacker)} takes over {terminal(state, terminal_id)}."
    events = [public("takeover", took)] + events
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


def _fill(state: NtState, seat: str, held: TerminalState, fill: Sequence[str], limit: int) -> list[Event]:
    """The cards the plan named go into the Terminal taken, up to its defence value (ruling C19): one from
    the hand pays its install cost (no running cost, G11), one running on the Tactical Network moves over
    as it is."""
    team = state.teams[seat]
    for extra in fill:
        slot = next((s for s in team.tn if s.card == extra and s.owner == seat), None)
        if len(held.installed) >= limit or (slot is None and extra not in team.hand):
            continue
        if slot is not None:
            team.tn.remove(slot)
        elif pay(state, seat, pack().card(extra).install):
            team.hand.remove(extra)
        else:
            continue
        held.installed.append(extra)
    count = len(held.installed)
    return [public("cw_fill", f"{seat} puts {plural(count, 'card')} into the Terminal.")]


def _lost(state: NtState, card: str, booster: str | None, why: str) -> list[Event]:
    """RB: "The losing programme and its support card, if any, are discarded"."""
    discard(state, card)
    if booster:
        discard(state, booster)
    return [public("cw_lost", f"{why}: {_name(card)} is discarded.")]


def attack_tn(
    state: NtState,
    seat: str,
    hacker: Model,
    card: str,
    booster: str | None,
    victim: str,
    running: Iterable[str] = (),
) -> list[Event]:
    """FAQ: "When there is more than one defensive card in the attacked TN the battle is repeated, and the
    attacker has to pay the running costs for all cards used for every additional attack"; "A winning
    attacker can put the offensive card he used to attack into the defender's TN"; "A losing attacker's TN
    is attacked by an offensive CW card if present". RB: "An attack against a Tactical Network is always done
    remotely" (-3)."""
    if not pay(state, seat, opening_cost((card, booster), running)):
        return _lost(state, card, booster, f"{seat} cannot pay for {_name(card)}")
    events = [public("cw_attack", f"{seat} attacks {victim}'s Tactical Network with {_name(card)}.")]

    def attack() -> int:
        return _strength(card, booster) + _boost(state, seat) + cando_for(state, hacker) + REMOTE

    won, fought = versus_network(
        state, victim, card, attack, lambda: pay(state, seat, _running_cost(card, booster))
    )
    events += fought
    if not won:
        return (
            events + _lost(state, card, booster, "The attack fails") + counter_infection(state, victim, seat)
        )
    if booster:
        keep(state, seat, booster)
    return events + infect(state, seat, card, victim)


def counter_infection(state: NtState, defender: str, attacker: str) -> list[Event]:
    """FAQ: "A losing attacker's TN is attacked by an offensive CW card if present; if the attacker lost, the
    offensive card infects the TN and a Cybershock Test is made for the Hacker now"; RB: "A virus or worm
    Cyberwarfare attack may also be triggered by an unsuccessful hacking attack against a Terminal or
    Tactical network that has a hostile virus or worm programme running" (ruling C12: the strongest virus or
    worm the defender runs on its own Tactical Network, with the defender's SR boost, no -3)."""
    team = state.teams[defender]
    own = [s for s in team.tn if s.owner == defender and pack().card(s.card).kind in OFFENSIVE]
    if not own:
        return []
    slot = max(own, key=lambda s: pack().card(s.card).strength)
    team.tn.remove(slot)
    line = f"{defender}'s running {_name(slot.card)} strikes back at {attacker}."
    return [public("cw_counter", line)] + strike(state, defender, slot.card, attacker)


def infect(state: NtState, owner: str, card: str, victim: str) -> list[Event]:
    """RB: "put that card on the Tactical Network card"; "reduce the number of SRs on the Tactical Network
    equal to that required to install that programme"; "the Hacker on that Tactical Network has to pass a
    Cybershock test". A full Tactical Network gives up its weakest own programme (ruling G08)."""
    team = state.teams[victim]
    data = pack().card(card)
    if len(team.tn) >= TN_SLOTS:
        own = [s for s in team.tn if s.owner == victim]
        if not own:
            discard(state, card)
            return [
                public("cw_full", f"{victim}'s Tactical Network is full of infections: {data.name} fails.")
            ]
        weakest = min(own, key=lambda s: pack().card(s.card).strength)
        team.tn.remove(weakest)
        discard(state, weakest.card)
    team.tn.append(Slot(card=card, owner=owner))
    team.sr = max(0, team.sr - data.install)
    events = [public("infected", f"{data.name} infects {victim}'s Tactical Network.")]
    events += apply_effect(state, owner, card, victim)  # RB: "these will be applied immediately"

    victim_hacker = hacker_of(state, victim)
    if victim_hacker is not None:
        assert victim_hacker.cell is not None
        raise_alarm(state, victim_hacker.cell, "infection")
        events += cybershock_test(state, victim_hacker.id)
        if state.opts.faq_infection and victim_hacker.active and victim_hacker.team == victim:
            # FAQ optional: "receives one Physical wound, and the Cybershock level rises by one"
            victim_hacker.cybershock += 1
            events += take_wounds(state, victim_hacker, 1, None)
    return events


def purge(
    state: NtState, seat: str, hacker: Model, card: str, booster: str | None, running: Iterable[str] = ()
) -> list[Event]:
    """FAQ Purge: "defensive card strength + up to 2 SR + Can Do card, against offensive card strength +
    booster + Can Do card. Players can repeat Purge System if there is more than one Virus/Worm program, as
    long as they have SR to run programs" (ruling G13: a tie keeps the virus; ruling C6: the winning
    defensive card stays on the Tactical Network if a field is free)."""
    team = state.teams[seat]
    data = pack().card(card)
    if not pay(state, seat, opening_cost((card, booster), running)):
        return _lost(state, card, booster, f"{seat} cannot pay for {data.name}")
    events: list[Event] = []
    for n, hostile in enumerate([s for s in team.tn if s.owner != seat]):
        if n and not pay(state, seat, _running_cost(card, booster)):
            break
        defence = _strength(card, booster) + _boost(state, seat) + cando_for(state, hacker)
        attack = pack().card(hostile.card).strength + draw(state)
        text = f"{seat} purges with {data.name} {defence} against {_name(hostile.card)} {attack}"
        if defence <= attack:
            return events + _lost(state, card, booster, text + ", the infection stays")
        team.tn.remove(hostile)
        discard(state, hostile.card)
        events.append(public("purge", text + ": the infection is purged."))
    keep(state, seat, card)
    if booster:
        keep(state, seat, booster)
    return events
