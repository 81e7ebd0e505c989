"""Phase 7, Clean-Up: the victory conditions, the doors, the Alarm and Activated tokens, the stunned who get
up; and the Clean-Up of the Tactical Networks and hands: which programmes are kept running into the next
turn, a card installed from the hand, and the hand limit.

RB Clean-Up: "Remove own Cyberwarfare cards from Tactical Networks unless the Player decides to keep them as
a 'running programme'. ... Play any Cyberwarfare cards from a Player's hand onto spare slots on the Tactical
Network card if desired paying any required SRs to install the programme(s). Discard any number of
non-blank CW cards from the Player's hand of CW cards." FAQ: "Remove all System Resource tokens from
characters and Cyberwarfare cards". Rules-notes 8 #18: "One ephemeral form per Player, both at once".
Ruling C4: a Team is asked only when it has a programme of its own on its Tactical Network, or cards in
hand, a spare field and SR left (public facts); one card may be installed a turn; the hand is then cut to its
limit, the oldest cards kept, blank cards never discarded. A programme kept running pays its running cost
in the next phase 2 and draws one card fewer ("five cards less the number of CW cards that remain on their
Tactical Network").
"""

from __future__ import annotations

from engine.core import Event, Intent, private, public
from engine.core.args import Shape, word
from engine.core.intent import Value

from . import board
from .battles import TN_SLOTS, discard, pay
from .cyber import cut_hand, hand_size
from .loading import pack
from .rules import RULES
from .scoring import check_end
from .state import CleanUpStep, NtState, Slot, TurnStep
from .wounds import recover

ALL = "all"
NONE = "none"
Offer = list[tuple[Intent, str]]


def _card(value: Value, what: str, none: str) -> str:
    return none if value == NONE else f"{what} {pack().card(str(value)).name}"


KEEP = Shape(
    "keep",
    (
        word(
            "drop",
            lambda state, v: "Remove every programme" if v == ALL else _card(v, "Remove", "Keep all"),
            optional=True,
        ),
        word("only", lambda state, v: _card(v, "Keep only", "Keep all"), optional=True),
        word("install", lambda state, v: _card(v, "Install", "Install nothing"), optional=True),
    ),
    title="Tidy your Tactical Network",
    asks="what keeps running on your Tactical Network",
    least=1,
)
"""The Clean-Up's parts: the programme removed (or the only one kept), then the card installed."""


@RULES.step("cleanup")
def cleanup_phase(state: NtState, step: CleanUpStep) -> list[Event]:
    state.phase = step.op
    return cleanup(state)


def cleanup(state: NtState) -> list[Event]:
    """RB Clean-Up: "Check the victory conditions ... Close all doors that can be closed. Remove all Alarm
    tokens from the board. Remove any 'Activated' tokens and one 'Reacted' token" (all of them, R16);
    FAQ: "System Resources cannot be kept for future turns"."""
    events = check_end(state)
    if state.result is not None:
        return events
    taken = board.occupied(state)
    for edge_label, door in state.doors.items():
        edge = board.edge_of(edge_label)
        if door.forced or edge.a in taken or edge.b in taken:
            continue  # RB: "Characters standing in the doorway ... can prevent a door from becoming closed"
        door.state = "locked" if door.locked else "closed"
    state.alarms, state.alarm_types = {}, []
    for model in state.models.values():
        model.activated = model.reacted = False
        model.ap = 2
    state.current, state.last_path, state.last_sight = None, [], []
    events += recover(state)
    events += housekeeping(state)  # the Tactical Networks and hands; then the SR tokens go
    state.later(TurnStep())
    return events


def _own(state: NtState, seat: str) -> list[str]:
    return [s.card for s in state.teams[seat].tn if s.owner == seat]


def _keep_offer(state: NtState, seat: str) -> Offer:
    own = _own(state, seat)
    offer = [(Intent.of("keep", drop=NONE), "Keep every programme running")]
    if len(own) > 1:
        offer.append((Intent.of("keep", drop=ALL), "Remove every programme"))
    fields = {slot.card: n for n, slot in enumerate(state.teams[seat].tn, start=1)}
    for card in own:
        name = f"{pack().card(card).name} (field {fields[card]})"
        offer.append((Intent.of("keep", drop=card), f"Remove {name}, keep the rest"))
        if len(own) > 2:
            offer.append((Intent.of("keep", only=card), f"Keep only {name}"))
    return offer


def _install_offer(state: NtState, seat: str) -> Offer:
    team = state.teams[seat]
    offer = [(Intent.of("keep", install=NONE), "Install nothing from your hand")]
    seen: set[str] = set()
    for card in team.hand:
        data = pack().card(card)
        if data.id in seen or data.kind == "sniffer" or data.install > team.sr:
            continue
        seen.add(data.id)
        offer.append((Intent.of("keep", install=card), f"Install {data.name} ({data.install} SR)"))
    return offer


def _asked(state: NtState, seat: str) -> bool:
    team = state.teams[seat]
    return bool(_own(state, seat)) or (bool(team.hand) and len(team.tn) < TN_SLOTS and team.sr > 0)


def housekeeping(state: NtState) -> list[Event]:
    """Every Team with something to decide is asked at once and in secret; then the hands are cut."""
    seats = [s for s in state.sides if _asked(state, s)]
    if not seats:
        return finish(state)
    offers, more = {}, {}
    for seat in seats:
        parts = []
        if _own(state, seat):
            parts.append(_keep_offer(state, seat))
        install = _install_offer(state, seat)
        if (
            state.teams[seat].hand
            and len(state.teams[seat].tn) < TN_SLOTS
            and (len(install) > 1 or not parts)
        ):
            parts.append(install)  # a later part with "Install nothing" alone is not asked (ruling C24)
        offers[seat] = parts[0]
        more[seat] = [("Install a card from your hand on a spare field?", p) for p in parts[1:]]
    return RULES.secret(
        state,
        seats,
        "keep",
        "Clean-Up: which programmes keep running on your Tactical Network?",
        offers,
        texts={s: "Clean-Up: install a card from your hand?" for s in seats if not _own(state, s)},
        more=more,
        defaults={s: offers[s][0][0] for s in seats},
        announce="{seat} has tidied their Tactical Network.",
        confirm="",
        public="Clean-Up: the players tidy their Tactical Networks and hands, in secret.",
    )


@RULES.revealed("keep", takes=[KEEP])
def kept(state: NtState, choices: dict[str, Intent], payload: object) -> list[Event]:
    events: list[Event] = []
    for seat, choice in choices.items():
        events += _tidy(state, seat, choice)
    return events + finish(state)


def _dropped(own: list[str], choice: Intent) -> list[str]:
    drop, only = str(choice.get("drop") or NONE), choice.get("only")
    if only is not None:
        return [c for c in own if c != only]
    if drop == ALL:
        return list(own)
    return [c for c in own if c == drop]


def _tidy(state: NtState, seat: str, choice: Intent) -> list[Event]:
    team = state.teams[seat]
    events: list[Event] = []
    for card in _dropped(_own(state, seat), choice):
        team.tn = [s for s in team.tn if s.card != card]
        if pack().card(card).kind == "blank":
            team.hand.append(card)  # RB: "the blank cards are never discarded"
        else:
            discard(state, card)
        events.append(
            public("cw_remove", f"{seat} removes {pack().card(card).name} from their Tactical Network.")
        )
    card = str(choice.get("install") or NONE)
    if card in team.hand and len(team.tn) < TN_SLOTS and pay(state, seat, pack().card(card).install):
        team.hand.remove(card)
        team.tn.append(Slot(card=card, owner=seat, face_down=True))
        events.append(public("cw_install", f"{seat} installs a card face down on their Tactical Network."))
        events.append(private(seat, "cw_install", f"You install {pack().card(card).name} face down."))
    return events


def finish(state: NtState) -> list[Event]:
    """The hand limit (ruling C4: the oldest cards kept; RB "non-blank": blanks always stay), then every
    System Resource token goes (FAQ: "System Resources cannot be kept for future turns")."""
    # Increased difficulty: "During the Clean-Up Phase ... they have to discard all cards still in their hand"
    limit = 0 if state.opts.hard_hands else hand_size(state)
    for seat, team in state.teams.items():
        cut_hand(state, seat, limit)
        team.sr = 0
        team.seen = []
    state.hackers = {}
    return []


__all__ = ["cleanup", "finish", "housekeeping"]
