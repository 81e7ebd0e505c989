"""Phase 4, Cyberwarfare, after the declarations (:mod:`.declare`): the draw, the secret simultaneous
planning, and the reveal with its programme battles (:mod:`.battles`); plus the upkeep of running
programmes (phase 2) and the Clean-Up of the Tactical Networks and hands.

RB: "The Active Player with a Hacker Team member may attempt Cyberwarfare attacks"; FAQ: "Both players plan
and decide on card usage. Remove any CW cards from the Tactical Network that the player wishes to, and put
the new CW cards face down on the Tactical Network starting with the lowest numbered space ... Then use SR
Booster cards, and only then the first player decides what to do." A plan is one secret choice in parts
(ruling C2): the programme that attacks the declared target (from the hand, or one kept running on the
Tactical Network), its Booster, a defensive card (or, with blank cards, a blank) to install, and an SR
Booster; what each part offers is in :mod:`.plans`.
"""

from __future__ import annotations

from pydantic import BaseModel

from engine.core import Event, Intent, public

from . import board, marks
from .battles import SR_BOOST, TN_SLOTS, attack_terminal, attack_tn, discard, keep, pay, purge
from .board import raise_alarm
from .fills import PART, decode
from .infection import against_ally, drain
from .loading import pack
from .plans import NONE, PLAN, absent, answers_of, cost, remaining, resolve, unasked
from .rules import RULES
from .state import Model, NtState, Slot
from .stats import gear

HAND = 5
"""RB: "The Players may keep a maximum of five cards in their hand"."""
BLANK_HAND = 7
"""RB Blank CW Cards: "The Player's hand size is increased to 7 cards"."""
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


class PlanPayload(BaseModel):
    targets: dict[str, str]
    """Each planning Team's declared target (a Terminal id, ``tn_<seat>``, ``purge`` or ``none``)."""


def open_plan(state: NtState, targets: dict[str, str]) -> list[Event]:
    """FAQ: "Both players plan and decide on card usage" in secret, revealed together; each part offers what
    the answers before it leave (:mod:`.plans`, ruling C23)."""
    if not targets:
        return []
    parts = {
        seat: remaining(state, seat, target, {}) or [unasked(state, seat, target)]
        for seat, target in targets.items()
    }
    return RULES.secret(
        state,
        list(targets),
        "plan",
        "Plan your Cyberwarfare in secret (revealed when every Team has planned).",
        {seat: found[0][2] for seat, found in parts.items()},
        texts={seat: found[0][1] for seat, found in parts.items()},
        more={seat: [(question, offer) for _, question, offer in found[1:]] for seat, found in parts.items()},
        defaults={seat: found[0][2][0][0] for seat, found in parts.items()},
        payload=PlanPayload(targets=targets),
        announce="{seat} has planned.",
        confirm="Your plan: {label}.",
        public="The Hackers plan their Cyberwarfare in secret.",
        lone=[seat for seat in targets if not state.teams[seat].hand],  # hand sizes are public
    )


@RULES.parts("plan", PlanPayload)
def later_parts(
    state: NtState, seat: str, draft: list[Intent], payload: PlanPayload
) -> list[tuple[str, Offer]]:
    """A card committed to one part of the plan is not offered for another; after "No attack" neither the
    Booster nor the Terminal's cards are asked (ruling C23)."""
    found = remaining(state, seat, payload.targets[seat], answers_of(draft))
    return [(question, offer) for _, question, offer in found]


def _arg(plan: Intent, key: str) -> str:
    value = plan.get(key)
    return absent(key) if value is None else str(value)


@RULES.revealed("plan", PlanPayload, takes=[PLAN])
def reveal(state: NtState, choices: dict[str, Intent], payload: PlanPayload) -> list[Event]:
    """RB: "After laying the cards down the Players turn them face up at the same time and pay their SR
    costs"; FAQ: "Then use SR Booster cards, and only then the first player decides what to do" (ruling C2:
    the SR Boosters run first, then the cards are laid and paid, then the attacks are fought in the
    Cyberwarfare order chosen by the initiative winner; ruling C23: a plan made can be carried out)."""
    events: list[Event] = []
    marks.mark(state, "the Cyberwarfare reveal")
    cards = {seat: resolve(state, seat, answers_of([plan])) or {} for seat, plan in choices.items()}
    for seat in choices:
        marks.reveal(state, plan_line(seat, cards[seat]), "the Cyberwarfare reveal")
    fills = {
        seat: decode(state, seat, _arg(plan, PART), set(cards[seat].values()))
        for seat, plan in choices.items()
    }
    laid: dict[str, list[str]] = {}
    for seat, plan in choices.items():
        committed = _arg(plan, "dsr")
        state.teams[seat].defence_sr = int(committed) if committed in ("0", "1", "2") else SR_BOOST
        events += _charge(state, seat, cards[seat].get("sr"))
        laid[seat] = _lay(state, seat, cards[seat])
        events += _install(state, seat, cards[seat].get("grd"), len(laid[seat]))
    for seat in [s for s in state.cw_order or state.sides if s in choices]:
        hacker = state.models.get(state.hackers.get(seat, ""))
        if hacker is not None and hacker.active:
            events += _attack(
                state, seat, hacker, cards[seat], payload.targets[seat], fills[seat], laid[seat]
            )
        else:
            for card in laid[seat]:
                keep(state, seat, card)  # laid but not fought: it stays on the Tactical Network if it can
    for terminal in state.terminals.values():
        for drawn in terminal.face_down.values():
            for card in drawn:
                discard(state, card)  # a declared attack not made: its defence cards go back
        terminal.face_down = {}
    for seat in choices:
        _clear_sniffers(state, seat)
        cut_hand(state, seat, hand_size(state))  # the planning's hand limit ("discard down to five")
    return events


def plan_line(seat: str, cards: dict[str, str]) -> str:
    """ "p1's plan: attacks with W32.Navajo boosted by Red Fever Procedure, installs Frostline Ice." (the
    cards laid face up at the reveal; what would go into a Terminal taken stays unsaid until it falls)."""
    parts = [f"runs {_name(cards['sr'])}"] if "sr" in cards else []
    if "atk" in cards:
        parts.append(
            f"attacks with {_name(cards['atk'])}"
            + (f" boosted by {_name(cards['bst'])}" if "bst" in cards else "")
        )
    parts += [f"installs {_name(cards['grd'])}"] if "grd" in cards else []
    return f"{seat}'s plan: {', '.join(parts) or 'no card'}."


def _lay(state: NtState, seat: str, cards: dict[str, str]) -> list[str]:
    """The attacking programme and its Booster from the hand are laid on the Tactical Network and paid (RB:
    "Offensive programme W32.Navajo virus (on field 3)", "The Red Fever procedure next to the programme being
    boosted"; "turn them face up at the same time and pay their SR costs"): out of the hand, paid, each
    holding a field until its battle."""
    team = state.teams[seat]
    out = []
    for part in ("atk", "bst"):
        card = cards.get(part)
        if card is not None and card in team.hand and pay(state, seat, cost(card)):
            team.hand.remove(card)
            out.append(card)
    return out


def _field(state: NtState, seat: str, held: int) -> int | None:
    """Where a card laid now goes: the next field (None: at the end), or the field of a spent Fly Eye it
    replaces ("or must replace an existing programme, in this case the Fly Eye CW card is discarded"); -1
    when there is no room. ``held``: fields the cards laid for the attack hold."""
    team = state.teams[seat]
    if len(team.tn) + held < TN_SLOTS:
        return None
    spent = next(
        (i for i, x in enumerate(team.tn) if x.owner == seat and pack().card(x.card).kind == "sniffer"), -1
    )
    if spent >= 0:
        discard(state, team.tn[spent].card)
    return spent


def _place(state: NtState, seat: str, card: str, field: int | None) -> None:
    team = state.teams[seat]
    if field is None:
        team.tn.append(Slot(card=card, owner=seat))
    else:
        team.tn[field] = Slot(card=card, owner=seat)


def _clear_sniffers(state: NtState, seat: str) -> None:
    """FAQ: "Sniffer programmes are one use only and should be discarded after use": a Fly Eye still on its
    field when the plans have been carried out is discarded."""
    team = state.teams[seat]
    for slot in [x for x in team.tn if x.owner == seat and pack().card(x.card).kind == "sniffer"]:
        team.tn.remove(slot)
        discard(state, slot.card)


def _charge(state: NtState, seat: str, card: str | None) -> list[Event]:
    """RB: "Use SR Booster cards (spend SR to install and then add SR tokens to the Hacker character card)";
    the example: "Boost his SRs with the Nimda Algorithm (-2 SRs to get +3 SRs)", the card taking a field of
    the Tactical Network ("The Nimda Algorithm (this card occupies a programme slot on the Tactical Network
    - field 2 in this case)")."""
    team = state.teams[seat]
    if card is None or card not in team.hand:
        return []
    data = pack().card(card)
    team.hand.remove(card)
    field = _field(state, seat, 0)
    if field == -1 or not pay(state, seat, cost(card)):
        discard(state, card)
        return [public("cw_discard", f"{seat} cannot run {data.name}: it is discarded.")]
    _place(state, seat, card, field)
    team.sr += data.strength
    return [public("cw_charge", f"{seat} runs {data.name}: +{data.strength} SR, {team.sr} SR now.")]


def _install(state: NtState, seat: str, guard: str | None, held: int) -> list[Event]:
    """RB: "The defender reveals their first defensive CW card played on their Tactical Network and pays
    their SR costs" (install and run, as the example's "2 SRs for HardRock 256 Bastion"), in the next free
    field or in a spent Fly Eye's ("Defensive programme HardRock 256 on field number 1 ... the Fly Eye CW card
    is discarded"); a blank card costs nothing and does nothing (ruling C15)."""
    team = state.teams[seat]
    if guard is None or guard not in team.hand:
        return []
    team.hand.remove(guard)
    card = pack().card(guard)
    field = _field(state, seat, held)
    if field == -1 or not pay(state, seat, cost(guard)):
        if card.kind == "blank":
            team.hand.append(guard)  # RB: "the blank cards are never discarded"
            return []
        discard(state, guard)
        return [public("cw_discard", f"{seat} cannot install {card.name}: it is discarded.")]
    _place(state, seat, guard, field)
    return [public("cw_install", f"{seat} installs {card.name} on their Tactical Network.")]


def _take_card(state: NtState, seat: str, card: str, laid: list[str]) -> bool:
    """Takes a card for its battle: laid and paid at the reveal, or running on the Tactical Network (paid in
    phase 2); False when it is no longer there (an enemy's attack may have destroyed a running one)."""
    if card in laid:
        return True
    team = state.teams[seat]
    slot = next((s for s in team.tn if s.card == card and s.owner == seat), None)
    if slot is None:
        return False
    team.tn.remove(slot)
    return True


def _attack(
    state: NtState,
    seat: str,
    hacker: Model,
    cards: dict[str, str],
    target: str,
    fill: tuple[list[str], bool],
    laid: list[str],
) -> list[Event]:
    card, boost = cards.get("atk"), cards.get("bst")
    if card is None or target == NONE or not _take_card(state, seat, card, laid):
        return []
    booster = boost if boost is not None and _take_card(state, seat, boost, laid) else None
    paid = [c for c in (card, booster) if c is not None]  # laid and paid, or running: no opening cost
    if any(g.slot == "cyberdeck" for g in gear(hacker)):
        assert hacker.cell is not None
        raise_alarm(state, hacker.cell, "hacking")  # RB "+2 Use of hacking gear"
    if target == "purge":
        return purge(state, seat, hacker, card, booster, paid)
    if target.startswith("tn_"):
        shocked = against_ally(state, hacker, target[3:])
        return shocked + attack_tn(state, seat, hacker, card, booster, target[3:], paid)
    return attack_terminal(state, seat, hacker, card, booster, target, paid, *fill)


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
                    public("cw_turn_up", f"{seat} turns up {_name(slot.card)} on their Tactical Network.")
                )
                continue
            team.tn.remove(slot)
            discard(state, slot.card)
            events.append(public("cw_discard", f"{seat} cannot run {_name(slot.card)}: it is discarded."))
    return events
