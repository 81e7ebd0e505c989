"""Phase 4, Cyberwarfare, after the declarations (:mod:`.declare`): the draw, the secret simultaneous
planning, and the reveal with its programme battles (:mod:`.battles`); plus the upkeep of running
programmes (phase 2) and the Clean-Up of the Tactical Networks and hands.

RB: "The Active Player with a Hacker Team member may attempt Cyberwarfare attacks"; FAQ: "Both players plan
and decide on card usage. Remove any CW cards from the Tactical Network that the player wishes to, and put
the new CW cards face down on the Tactical Network starting with the lowest numbered space ... Then use SR
Booster cards, and only then the first player decides what to do." A plan is one secret choice in parts
(ruling C2): the programme that attacks the declared target (from the hand, or one kept running on the
Tactical Network), its Booster, a defensive card (or, with blank cards, a blank) to install, and an SR
Booster.
"""

from __future__ import annotations

from pydantic import BaseModel

from engine.core import Event, Intent, public

from . import board
from .alarms import raise_alarm
from .battles import SR_BOOST, TN_SLOTS, attack_terminal, attack_tn, defences, discard, pay, purge
from .cooperation import against_ally
from .fills import PART, decode, fill_part
from .loading import pack
from .pack import DEFENSIVE, OFFENSIVE
from .rules import RULES
from .state import Model, NtState, Slot
from .stats import gear
from .viruses import drain

HAND = 5
"""RB: "The Players may keep a maximum of five cards in their hand"."""
BLANK_HAND = 7
"""RB Blank CW Cards: "The Player's hand size is increased to 7 cards"."""
NONE = "none"
BOOSTER = frozenset({"booster"})
RUNNING = "r."
"""The prefix of a plan's value naming a programme kept running on the Tactical Network."""
Offer = list[tuple[Intent, str]]


def hand_size(state: NtState) -> int:
    return BLANK_HAND if state.opts.blank_cards else HAND


def draw_cards(state: NtState, seat: str) -> None:
    """RB: "Players usually draw five cards less the number of CW cards that remain on their Tactical
    Network card ... and already in their hand" (hostile infections do not count; seven with blank cards,
    ruling C15); "Some gear or character Special Skills may permit additional cards to be drawn"; "the
    Nakamura Cyberbody always allows the Player to draw seven cards ... regardless of the number of
    programmes running" (ruling C21: the gear of the Team's characters on the board)."""
    team = state.teams[seat]
    own = sum(1 for s in team.tn if s.owner == seat)
    items = [g for m in board.on_board(state) if m.team == seat and m.kind == "character" for g in gear(m)]
    target = max(hand_size(state) - own, max((g.cw_hand for g in items), default=0))
    team.hand += team.deck.draw(state.rng, max(0, target + sum(g.cw_draw for g in items) - len(team.hand)))


def cut_hand(state: NtState, seat: str, limit: int) -> None:
    """RB: "The Players may keep a maximum of five cards in their hand and must discard any CW cards in excess
    of this" (ruling C4: the oldest kept; blank cards, "never discarded", always stay)."""
    team = state.teams[seat]
    blanks = [c for c in team.hand if pack().card(c).kind == "blank"]
    others = [c for c in team.hand if pack().card(c).kind != "blank"]
    room = max(0, limit - len(blanks))
    team.deck.discard(*others[room:])
    team.hand = [c for c in team.hand if c in blanks or c in others[:room]]


def _name(instance: str) -> str:
    return pack().card(instance).name


def _distinct(cards: list[str]) -> list[str]:
    """One copy of each card (two copies of the same programme are the same choice)."""
    seen: set[str] = set()
    out = []
    for card in cards:
        kind = card.split(".")[0]
        if kind not in seen:
            seen.add(kind)
            out.append(card)
    return out


def _running(state: NtState, seat: str, kinds: frozenset[str]) -> list[str]:
    """The Team's own programmes of these kinds kept running on its Tactical Network."""
    return [s.card for s in state.teams[seat].tn if s.owner == seat and pack().card(s.card).kind in kinds]


def _kind(instance: str) -> str:
    """A plan names cards by their kind (``u_navajo``), not by copy, so its key stays short."""
    return instance.split(".")[0]


def _choices(state: NtState, seat: str, part: str, kinds: frozenset[str], verb: str, nothing: str) -> Offer:
    team = state.teams[seat]
    offer = [(Intent.of("plan", **{part: NONE}), nothing)]
    offer += [
        (Intent.of("plan", **{part: _kind(c)}), f"{verb} {_name(c)} from your hand")
        for c in _distinct([c for c in team.hand if pack().card(c).kind in kinds])
    ]
    offer += [
        (
            Intent.of("plan", **{part: RUNNING + _kind(c)}),
            f"{verb} {_name(c)}, running on your Tactical Network",
        )
        for c in _distinct(_running(state, seat, kinds))
    ]
    return offer


def _in_hand(state: NtState, seat: str, kinds: frozenset[str] | set[str]) -> list[str]:
    return _distinct([c for c in state.teams[seat].hand if pack().card(c).kind in kinds])


def _attack_parts(state: NtState, seat: str, target: str) -> list[tuple[str, Offer]]:
    """The programme for the declared target, its Booster, and for a Terminal of defence 2 or more the card
    that also goes into it if it falls (ruling C19)."""
    if target == NONE:
        return []
    if target == "purge":
        programme = (
            "Which defensive programme purges the infection?",
            _choices(state, seat, "atk", DEFENSIVE, "Purge with", "No Purge"),
        )
    else:
        programme = (
            "Which programme attacks?",
            _choices(state, seat, "atk", OFFENSIVE, "Attack with", "No attack"),
        )
    parts = [
        programme,
        ("Which Booster supports it?", _choices(state, seat, "bst", BOOSTER, "Boost with", "No Booster")),
    ]
    spec = next((t for t in board.mission(state).terminals if t.id == target), None)
    fill = fill_part(state, seat, spec.defence) if spec is not None else None
    return parts + ([fill] if fill is not None else [])


def _guard_part(state: NtState, seat: str) -> tuple[str, Offer]:
    """A defensive card, a blank, or a Booster supporting the defences (ruling C18), for a free field."""
    room = len(state.teams[seat].tn) < TN_SLOTS
    guards = [(Intent.of("plan", grd=NONE), "Install no defence")]
    if room:
        guards += [
            (Intent.of("plan", grd=_kind(c)), f"Install {_name(c)} on your Tactical Network")
            for c in _in_hand(state, seat, DEFENSIVE | {"blank"})
        ]
        guards += [
            (Intent.of("plan", grd=_kind(c)), f"Install {_name(c)} to support your defences")
            for c in _in_hand(state, seat, BOOSTER)
        ]
    return ("Which defence do you install?", guards)


def _defence_sr_part(state: NtState, seat: str) -> tuple[str, Offer]:
    """RB: "use SRs (a maximum of 2) to boost the total programme strengths"; FAQ: "defensive card strength (+
    booster) + up to 2 SR + Can Do card" (ruling C5: how many is the Team's secret choice, made here)."""
    offer = [
        (Intent.of("plan", dsr=n), f"Boost each of your defences with {n} SR" if n else "No SR for defences")
        for n in range(SR_BOOST, -1, -1)
    ]
    if not defences(state, seat) and not _in_hand(state, seat, DEFENSIVE):
        return ("How many SR boost each defence?", offer[:1])  # nothing to defend with: not asked
    return ("How many SR boost each defence?", offer)


def _parts(state: NtState, seat: str, target: str) -> list[tuple[str, Offer]]:
    parts = _attack_parts(state, seat, target) + [_guard_part(state, seat), _defence_sr_part(state, seat)]
    charges = _in_hand(state, seat, {"sr_booster"})
    if charges and len(state.teams[seat].tn) < TN_SLOTS:
        offer = [(Intent.of("plan", sr=NONE), "No SR Booster")]
        offer += [
            (Intent.of("plan", sr=_kind(c)), f"Run {_name(c)} (+{pack().card(c).strength} SR)")
            for c in charges
        ]
        parts.append(("Do you run an SR Booster first?", offer))
    # a later part with nothing to choose is not asked; the first always is (being asked tells nothing)
    return parts[:1] + [part for part in parts[1:] if len(part[1]) > 1]


class PlanPayload(BaseModel):
    targets: dict[str, str]
    """Each planning Team's declared target (a Terminal id, ``tn_<seat>``, ``purge`` or ``none``)."""


def open_plan(state: NtState, targets: dict[str, str]) -> list[Event]:
    """FAQ: "Both players plan and decide on card usage" in secret, revealed together."""
    if not targets:
        return []
    offers, more = {}, {}
    for seat, target in targets.items():
        parts = _parts(state, seat, target)
        offers[seat], more[seat] = parts[0][1], parts[1:]
    return RULES.secret(
        state,
        list(targets),
        "plan",
        "Plan your Cyberwarfare in secret (revealed when every Team has planned).",
        offers,
        texts={s: _parts(state, s, t)[0][0] for s, t in targets.items()},
        more=more,
        defaults={s: offers[s][0][0] for s in targets},
        payload=PlanPayload(targets=targets),
        announce="{seat} has planned.",
        confirm="Your plan: {label}.",
        public="The Hackers plan their Cyberwarfare in secret.",
    )


def _arg(plan: Intent, key: str) -> str:
    return str(plan.get(key) or NONE)


@RULES.revealed("plan", PlanPayload)
def reveal(state: NtState, choices: dict[str, Intent], payload: PlanPayload) -> list[Event]:
    """RB: "After laying the cards down the Players turn them face up at the same time and pay their SR
    costs"; FAQ: "Then use SR Booster cards, and only then the first player decides what to do" (ruling C2:
    the SR Boosters run first, then the defences are installed, then the attacks are fought in the
    Cyberwarfare order chosen by the initiative winner)."""
    events: list[Event] = []
    cards = {seat: _resolve(state, seat, plan) for seat, plan in choices.items()}
    fills = {
        seat: decode(state, seat, _arg(plan, PART), set(cards[seat].values()))
        for seat, plan in choices.items()
    }
    for seat, plan in choices.items():
        committed = str(plan.get("dsr"))
        state.teams[seat].defence_sr = int(committed) if committed in ("0", "1", "2") else SR_BOOST
    for seat in choices:
        events += _charge(state, seat, cards[seat].get("sr"))
    for seat in choices:
        events += _install(state, seat, cards[seat].get("grd"))
    for seat in [s for s in state.cw_order or state.sides if s in choices]:
        hacker = state.models.get(state.hackers.get(seat, ""))
        if hacker is not None and hacker.active:
            fill = fills[seat]
            events += _attack(state, seat, hacker, cards[seat], payload.targets[seat], fill)
    for terminal in state.terminals.values():
        for drawn in terminal.face_down.values():
            for card in drawn:
                discard(state, card)  # a declared attack not made: its defence cards go back
        terminal.face_down = {}
    for seat in choices:
        cut_hand(state, seat, hand_size(state))  # the planning's hand limit ("discard down to five")
    return events


def _resolve(state: NtState, seat: str, plan: Intent) -> dict[str, str]:
    """The cards a plan names, by part: a kind from the hand, or ``r.<kind>`` kept running on the Tactical
    Network; each copy serves one part, the attack's parts first."""
    team = state.teams[seat]
    taken: set[str] = set()
    out: dict[str, str] = {}
    for part in ("atk", "bst", "sr", "grd"):
        value = _arg(plan, part)
        running = value.startswith(RUNNING)
        kind = value[len(RUNNING) :] if running else value
        pool = [x.card for x in team.tn if x.owner == seat] if running else list(team.hand)
        found = next((c for c in pool if _kind(c) == kind and c not in taken), None)
        if value != NONE and found is not None:
            taken.add(found)
            out[part] = found
    return out


def _charge(state: NtState, seat: str, card: str | None) -> list[Event]:
    """RB: "Use SR Booster cards (spend SR to install and then add SR tokens to the Hacker character card)";
    the example: "Boost his SRs with the Nimda Algorithm (-2 SRs to get +3 SRs)", the card taking a field of
    the Tactical Network."""
    team = state.teams[seat]
    if card is None or card not in team.hand:
        return []
    data = pack().card(card)
    team.hand.remove(card)
    if len(team.tn) >= TN_SLOTS or not pay(state, seat, data.install + data.run):
        discard(state, card)
        return [public("cw_discard", f"{seat} cannot run {data.name}: it is discarded.")]
    team.tn.append(Slot(card=card, owner=seat))
    team.sr += data.strength
    return [public("cw_charge", f"{seat} runs {data.name}: +{data.strength} SR, {team.sr} SR now.")]


def _install(state: NtState, seat: str, guard: str | None) -> list[Event]:
    """RB: "The defender reveals their first defensive CW card played on their Tactical Network and pays
    their SR costs" (install and run, as the example's "2 SRs for HardRock 256 Bastion"); a blank card costs
    nothing and does nothing (ruling C15)."""
    team = state.teams[seat]
    if guard is None or guard not in team.hand:
        return []
    team.hand.remove(guard)
    card = pack().card(guard)
    if len(team.tn) >= TN_SLOTS or not pay(state, seat, card.install + card.run):
        if card.kind == "blank":
            team.hand.append(guard)  # RB: "the blank cards are never discarded"
            return []
        discard(state, guard)
        return [public("cw_discard", f"{seat} cannot install {card.name}: it is discarded.")]
    team.tn.append(Slot(card=guard, owner=seat))
    return [public("cw_install", f"{seat} installs {card.name} on its Tactical Network.")]


def _take_card(state: NtState, seat: str, card: str) -> str | None:
    """Takes a card for a battle from the hand or the Tactical Network: ``hand``, ``tn`` or None."""
    team = state.teams[seat]
    if card in team.hand:
        team.hand.remove(card)
        return "hand"
    slot = next((s for s in team.tn if s.card == card and s.owner == seat), None)
    if slot is None:
        return None
    team.tn.remove(slot)
    return "tn"


def _attack(
    state: NtState,
    seat: str,
    hacker: Model,
    cards: dict[str, str],
    target: str,
    fill: tuple[list[str], bool] = ([], True),
) -> list[Event]:
    card, boost = cards.get("atk"), cards.get("bst")
    if card is None or target == NONE:
        return []
    where = _take_card(state, seat, card)
    if where is None:
        return []
    running = [card] if where == "tn" else []
    booster = None
    if boost is not None:
        found = _take_card(state, seat, boost)
        booster = boost if found is not None else None
        running += [boost] if found == "tn" else []
    if any(g.slot == "cyberdeck" for g in gear(hacker)):
        assert hacker.cell is not None
        raise_alarm(state, hacker.cell, "hacking")  # RB "+2 Use of hacking gear"
    if target == "purge":
        return purge(state, seat, hacker, card, booster, running)
    if target.startswith("tn_"):
        shocked = against_ally(state, hacker, target[3:])
        return shocked + attack_tn(state, seat, hacker, card, booster, target[3:], running)
    return attack_terminal(state, seat, hacker, card, booster, target, running, *fill)


def upkeep(state: NtState, seat: str) -> list[Event]:
    """Phase 2: the running cost of every programme on the Tactical Network. Own programmes that cannot be
    paid are discarded (the last installed first, ruling C3); hostile ones are paid by their victim and stay
    even when it cannot pay (ruling G09: all its SR is consumed)."""
    team = state.teams[seat]
    events: list[Event] = []
    for slot in list(team.tn):
        card = pack().card(slot.card)
        if slot.owner != seat:
            team.sr = max(0, team.sr - card.run - drain(slot.card))
    for slot in reversed(list(team.tn)):
        if slot.face_down:
            continue  # RB: face-down cards need no SR "until they are either used or the end of the CW Phase"
        if slot.owner == seat and not pay(state, seat, pack().card(slot.card).run):
            team.tn.remove(slot)
            discard(state, slot.card)
            events.append(public("cw_discard", f"{seat} cannot run {_name(slot.card)}: it is discarded."))
    return events


def turn_up(state: NtState) -> list[Event]:
    """RB: "At the end of the CW Phase all players declare any face-down cards and remove SRs for their
    initial costs. If there are insufficient SRs any card that did not have sufficient SRs is discarded"
    (ruling C22: the install cost was paid at Clean-Up, so the running cost is paid now)."""
    events: list[Event] = []
    for seat, team in state.teams.items():
        for slot in [s for s in team.tn if s.face_down]:
            slot.face_down = False
            if pay(state, seat, pack().card(slot.card).run):
                events.append(
                    public("cw_turn_up", f"{seat} turns up {_name(slot.card)} on its Tactical Network.")
                )
                continue
            team.tn.remove(slot)
            discard(state, slot.card)
            events.append(public("cw_discard", f"{seat} cannot run {_name(slot.card)}: it is discarded."))
    return events
