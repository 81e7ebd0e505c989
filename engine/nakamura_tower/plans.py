"""The parts of a Cyberwarfare plan (ruling C2) and what each offers, given the answers before it.

RB: "Plan and decide on card usage (... lay the cards face down on the Tactical Network card in the spare
programme slots)"; "A Player may decide not to use all of their CW cards ... due to insufficient SR to run the
CW Cards or insufficient space on their Tactical Network card"; the example: "programme cards played on the
Tactical Network always go to the first unused field with the lowest number or must replace an existing
programme, in this case the Fly Eye CW card is discarded", "After laying the cards down the Players turn them
face up at the same time and pay their SR costs". Ruling C23: a plan is one that can be carried out as it is
shown. A card committed to one part is not offered for another (unless the hand holds another copy); every
card it lays takes a field (a spent Fly Eye's field counts as free: the card laid there replaces it); and
what it lays, with the cards it would put into a Terminal taken, is paid from the SR the Team has, the SR
Booster's gain included. A part that cannot matter (the Booster and the Terminal's cards after "No attack",
the defence SR without a defence) is not asked.
"""

from __future__ import annotations

from collections.abc import Iterable

from engine.core import Intent
from engine.core.args import Shape, number, word
from engine.core.intent import Value

from . import board
from .battles import SR_BOOST, TN_SLOTS, defences
from .fills import PART, codes, decode, fill_part
from .listing import listing, once
from .loading import pack
from .naming import plural
from .pack import DEFENSIVE, OFFENSIVE
from .state import NtState

NONE = "none"
BOOSTER = frozenset({"booster"})
RUNNING = "r."
"""The prefix of a plan's value naming a programme kept running on the Tactical Network."""
LAID = ("sr", "atk", "bst", "grd")
"""The parts whose cards are laid on the Tactical Network, in the example's order ("The Nimda Algorithm ...
field 2", "Offensive programme W32.Navajo virus (on field 3)", "The Red Fever procedure ... field number 4",
"Defensive programme HardRock 256 on field number 1")."""
Offer = list[tuple[Intent, str]]
Part = tuple[str, str, Offer]
"""A part's argument name, its question and its offer."""


def absent(part: str) -> str:
    """The value a part takes when it is not asked (ruling C5: an unasked defence SR is 2)."""
    return str(SR_BOOST) if part == "dsr" else NONE


def kind_of(instance: str) -> str:
    """A plan names cards by their kind (``u_navajo``), not by copy, so its key stays short."""
    return instance.split(".")[0]


def cost(instance: str) -> int:
    """A card laid from the hand pays its install and running costs (the example: "2 SRs for W32.Navajo")."""
    data = pack().card(instance)
    return data.install + data.run


def resolve(state: NtState, seat: str, answers: dict[str, str]) -> dict[str, str] | None:
    """The card copies the answers name, by part, each copy serving one part in the order of :data:`LAID`
    (the attack's first in the reveal); None when a named card has no copy left."""
    team = state.teams[seat]
    taken: set[str] = set()
    out: dict[str, str] = {}
    for part in LAID:
        value = answers.get(part, NONE)
        if value == NONE:
            continue
        running = value.startswith(RUNNING)
        kind = value.removeprefix(RUNNING)
        pool = [x.card for x in team.tn if x.owner == seat] if running else list(team.hand)
        found = next((c for c in pool if kind_of(c) == kind and c not in taken), None)
        if found is None:
            return None
        taken.add(found)
        out[part] = found
    return out


def sniffers(state: NtState, seat: str) -> int:
    """The spent Fly Eyes on the Team's Tactical Network (RB Sniffing: "He places the Fly Eye card on his
    Tactical Network (field number 1)"); a card laid in their field replaces them."""
    return sum(1 for x in state.teams[seat].tn if x.owner == seat and pack().card(x.card).kind == "sniffer")


@once
def free_fields(state: NtState, seat: str) -> int:
    return TN_SLOTS - len(state.teams[seat].tn) + sniffers(state, seat)


@once
def _charges(state: NtState, seat: str) -> list[str]:
    return _distinct(c for c in state.teams[seat].hand if pack().card(c).kind == "sr_booster")


def _fill_cost(state: NtState, seat: str, answers: dict[str, str], cards: dict[str, str]) -> int | None:
    """The install costs of the hand's cards the plan puts into a Terminal taken (ruling C19); None when
    the value names a card another part took."""
    value = answers.get(PART, NONE)
    if value == NONE:
        return 0
    named, _ = decode(state, seat, value, set(cards.values()))
    if len(named) != codes(value):
        return None
    return sum(pack().card(c).install for c in named if c in state.teams[seat].hand)


def fits(state: NtState, seat: str, answers: dict[str, str]) -> bool:
    """Whether a plan with these answers (the parts not yet answered left empty, the SR Booster still to
    choose if it is not answered) can be laid and paid as it is shown."""
    boosters = [answers["sr"]] if "sr" in answers else [NONE, *map(kind_of, _charges(state, seat))]
    for booster in boosters:
        cards = resolve(state, seat, {**answers, "sr": booster})
        if cards is None:
            continue
        fill = _fill_cost(state, seat, answers, cards)
        if fill is None:
            continue
        hand = [c for part, c in cards.items() if c in state.teams[seat].hand]
        gain = pack().card(cards["sr"]).strength if "sr" in cards else 0
        first = cost(cards["sr"]) if "sr" in cards else 0
        sr = state.teams[seat].sr
        if len(hand) <= free_fields(state, seat) and first <= sr and sum(map(cost, hand)) + fill <= sr + gain:
            return True
    return False


def _distinct(cards: Iterable[str]) -> list[str]:
    """One copy of each card (two copies of the same programme are the same choice)."""
    seen: set[str] = set()
    out = []
    for card in cards:
        if kind_of(card) not in seen:
            seen.add(kind_of(card))
            out.append(card)
    return out


def _name(instance: str) -> str:
    return pack().card(instance).name


def _cards(state: NtState, seat: str, part: str, kinds: frozenset[str], verb: str, running: bool) -> Offer:
    """The cards of these kinds a part may name: from the hand, and (``running``) the Team's own programmes
    kept running on its Tactical Network."""
    team = state.teams[seat]
    offer = [
        (Intent.of("plan", **{part: kind_of(c)}), f"{verb} {_name(c)} from your hand")
        for c in _distinct(c for c in team.hand if pack().card(c).kind in kinds)
    ]
    if running:
        tn = [x.card for x in team.tn if x.owner == seat and pack().card(x.card).kind in kinds]
        offer += [
            (
                Intent.of("plan", **{part: RUNNING + kind_of(c)}),
                f"{verb} {_name(c)}, running on your Tactical Network",
            )
            for c in _distinct(tn)
        ]
    return offer


def _programme(state: NtState, seat: str, target: str) -> Part:
    if target == "purge":
        offer = [(Intent.of("plan", atk=NONE), "No Purge")]
        offer += _cards(state, seat, "atk", DEFENSIVE, "Purge with", True)
        return ("atk", "Which defensive programme purges the infection?", offer)
    offer = [(Intent.of("plan", atk=NONE), "No attack")]
    offer += _cards(state, seat, "atk", OFFENSIVE, "Attack with", True)
    return ("atk", "Which programme attacks?", offer)


def _booster(state: NtState, seat: str) -> Part:
    offer = [(Intent.of("plan", bst=NONE), "No Booster")]
    offer += _cards(state, seat, "bst", BOOSTER, "Boost with", True)
    return ("bst", "Which Booster supports it?", offer)


def _fill(state: NtState, seat: str, target: str, answers: dict[str, str]) -> Part | None:
    spec = next((t for t in board.mission(state).terminals if t.id == target), None)
    cards = resolve(state, seat, answers) or {}
    found = fill_part(state, seat, spec.defence, set(cards.values())) if spec is not None else None
    return (PART, found[0], found[1]) if found is not None else None


def _guard(state: NtState, seat: str) -> Part:
    """A defensive card, a blank, or a Booster supporting the defences (ruling C18)."""
    team = state.teams[seat]
    offer = [(Intent.of("plan", grd=NONE), "Install no defence")]
    offer += [
        (Intent.of("plan", grd=kind_of(c)), f"Install {_name(c)} on your Tactical Network")
        for c in _distinct(c for c in team.hand if pack().card(c).kind in DEFENSIVE | {"blank"})
    ]
    offer += [
        (Intent.of("plan", grd=kind_of(c)), f"Install {_name(c)} to support your defences")
        for c in _distinct(c for c in team.hand if pack().card(c).kind in BOOSTER)
    ]
    return ("grd", "Which defence do you install?", offer)


def _defence_sr(state: NtState, seat: str, answers: dict[str, str]) -> Part:
    """RB: "use SRs (a maximum of 2) to boost the total programme strengths"; FAQ: "defensive card strength (+
    booster) + up to 2 SR + Can Do card" (ruling C5). It matters only with a defensive programme on the
    Tactical Network once the plan is laid: one running (not taken to purge) or the one installed."""
    offer = [
        (Intent.of("plan", dsr=n), f"Boost each of your defences with {n} SR" if n else "No SR for defences")
        for n in range(SR_BOOST, -1, -1)
    ]
    purging = answers.get("atk", NONE).removeprefix(RUNNING)
    running = [x for x in defences(state, seat) if kind_of(x.card) != purging]
    guard = answers.get("grd", NONE)
    installed = guard != NONE and pack().card(guard).kind in DEFENSIVE
    matters = running or installed  # a part not asked before this one took its empty answer
    return ("dsr", "How many SR boost each defence?", offer if matters else offer[:1])


def _sr_booster(state: NtState, seat: str) -> Part | None:
    charges = _charges(state, seat)
    if not charges:
        return None
    offer = [(Intent.of("plan", sr=NONE), "No SR Booster")]
    offer += [
        (Intent.of("plan", sr=kind_of(c)), f"Run {_name(c)} (+{pack().card(c).strength} SR)") for c in charges
    ]
    return ("sr", "Do you run an SR Booster first?", offer)


def _all_parts(state: NtState, seat: str, target: str, answers: dict[str, str]) -> list[Part]:
    parts: list[Part | None] = []
    if target != NONE:
        parts.append(_programme(state, seat, target))
        if answers.get("atk") != NONE:  # after "No attack" nothing about the attack can matter
            parts += [_booster(state, seat), _fill(state, seat, target, answers)]
    parts += [_guard(state, seat), _defence_sr(state, seat, answers), _sr_booster(state, seat)]
    return [p for p in parts if p is not None]


def _feasible(state: NtState, seat: str, answers: dict[str, str], part: Part) -> Part:
    """The part's offer less what cannot be carried out after the answers before it (its empty answer stays
    first when it is possible)."""
    name, question, offer = part
    kept = [(i, label) for i, label in offer if fits(state, seat, {**answers, name: str(i.get(name))})]
    return (name, question, kept or offer[:1])


def remaining(state: NtState, seat: str, target: str, answers: dict[str, str]) -> list[Part]:
    """The parts still to ask after ``answers``: the next one offers what the answers so far leave; the
    first part of a plan is always asked of a Team holding cards (so being asked tells nothing of its
    hand), a later one only when it has a choice to make or its only answer is not what an unasked part
    means. A Team with an empty hand (hand sizes are public) is asked only what it has a choice in: none of
    it, its whole plan is :func:`unasked`. The Team's hand and network are read once for every offer
    judged (:mod:`.listing`)."""
    with listing(state):
        return _remaining(state, seat, target, answers)


def _remaining(state: NtState, seat: str, target: str, answers: dict[str, str]) -> list[Part]:
    parts = _all_parts(state, seat, target, answers)
    first = 0 if state.teams[seat].hand else -1
    names = [name for name, _, _ in parts]
    done = max((names.index(n) for n in answers if n in names), default=-1)
    out = []
    for index, part in enumerate(parts):
        if index <= done:
            continue
        name, question, offer = _feasible(state, seat, answers, part)
        single = len(offer) == 1 and str(offer[0][0].get(name)) == absent(name)
        if index == first or not single:
            out.append((name, question, offer))
    return out


def unasked(state: NtState, seat: str, target: str) -> Part:
    """The plan of a Team that has no choice to make in it (:func:`remaining` asks nothing): its first
    part's one answer (the parts not asked take their empty answers)."""
    name, question, offer = _feasible(state, seat, {}, _all_parts(state, seat, target, {})[0])
    return name, question, offer[:1]


def _card_named(state: NtState, value: Value) -> str:
    """A card a plan names: from the hand, or kept running on the Tactical Network."""
    card = str(value)
    if card == NONE:
        return "Nothing"
    data = pack().card(card.removeprefix(RUNNING))
    return f"{data.name}, running on your Tactical Network" if card.startswith(RUNNING) else data.name


def _fill_named(state: NtState, value: Value) -> str:
    many = codes(str(value))
    if not many:
        return "The attacking programme alone"
    return f"{plural(many, 'card')} into the Terminal taken"


PLAN = Shape(
    "plan",
    (
        word("atk", _card_named, optional=True),
        word("bst", _card_named, optional=True),
        word(PART, _fill_named, optional=True),
        word("grd", _card_named, optional=True),
        number("dsr", lambda state, n: f"{n} SR for each defence", optional=True),
        word("sr", _card_named, optional=True),
    ),
    title="Plan your Cyberwarfare",
    asks="a part of your Cyberwarfare plan",
    least=1,
)
"""A plan's parts, one argument each, in the order they are asked (:func:`remaining`)."""


def answers_of(draft: Iterable[Intent]) -> dict[str, str]:
    return {name: str(value) for intent in draft for name, value in intent.args}


__all__ = [
    "NONE",
    "PLAN",
    "RUNNING",
    "absent",
    "answers_of",
    "cost",
    "free_fields",
    "remaining",
    "resolve",
    "sniffers",
]
