"""The questions Infamy's effects ask and the handlers of their answers.

Every question is an ask (see :mod:`engine.core.waiting`): its options are fixed when it is asked, one
possible answer is applied at once, and the answer's handler below carries the effect on. The Sector
Phase's secret choice is revealed in :func:`sectors_revealed`. Each topic declares the kinds that answer
it (``takes``: their arguments, named for a player by :mod:`.naming`, and what they choose) and why an
answer it does not offer is refused (``refusal``: :mod:`.reasons`). Their payloads are in :mod:`.payloads`.
"""

from __future__ import annotations

from engine.core import Event, Intent, private
from engine.core.args import Shape, word
from engine.core.rules import NoPayload

from . import reasons
from . import rules as R
from .naming import (
    block_named,
    faction_named,
    hazard_zone_named,
    liaison_named,
    mission_named,
    scheme_named,
    sector_named,
    what_named,
    zone_named,
)
from .pack import FACTIONS, RESOURCES, Effect
from .payloads import HazardAsk, Left, OrderAsk, RepAsk, SabotageAsk, StealAsk, TargetAsk, ThugAsk
from .rules import RULES
from .state import ACC_PAWN, Block, InfamyState, OrderStep, PlaceStep

Offer = list[tuple[Intent, str]]

SECTOR = Shape(
    "sector",
    (word("own", sector_named, optional=True), word("acc", sector_named, optional=True)),
    title="Your sector card",
    asks="a sector card",
    when="Sector cards are chosen in the Sector Phase, once every Contact is auctioned",
)
"""A sector card chosen in secret: one's own (``own``), then the Accomplice's (``acc``), one at a time."""
WATCHDOG = Shape(
    "watchdog",
    (word("frm", sector_named, optional=True), word("to", sector_named, optional=True)),
    title="A Watchdog",
    asks="where a Watchdog goes",
)
"""A Watchdog added (``to``), moved (``frm`` and ``to``) or removed (``frm``): one kind, three questions."""


# --- asking ----------------------------------------------------------------------------------------


def ask_resource(state: InfamyState, seat: str, n: int, source: str) -> list[Event]:
    kinds = [r for r in RESOURCES if state.tokens[r].supply != 0]
    if not kinds:
        return [R.say(state, f"{seat} gains nothing: no resource left in the supply.")]
    offer = [(Intent.of("resource", type=r), f"Gain 1 {R.WHAT_NAMES[r]}") for r in kinds]
    return RULES.ask(
        state,
        seat,
        "resource",
        f"{seat}: choose a resource to gain.",
        offer,
        public=f"{seat} chooses a resource to gain.",
        payload=Left(left=n, source=source),
    )


def ask_draw(state: InfamyState, seat: str, n: int) -> list[Event]:
    decks = R.nonempty_decks(state)
    if not decks:
        return [R.say(state, f"{seat} cannot draw: every Scheme deck is empty.")]
    offer = [(Intent.of("deck", faction=f), f"Draw from the {R.FACTION_NAMES[f]} deck") for f in decks]
    return RULES.ask(
        state,
        seat,
        "deck",
        f"{seat}: choose a Scheme deck to draw from.",
        offer,
        payload=Left(left=n),
        public=f"{seat} chooses a Scheme deck to draw from.",
    )


def ask_sabotage(state: InfamyState, seat: str, n: int, hazard_after: bool) -> list[Event]:
    if not state.available:
        return [R.say(state, "No available mission to Sabotage.")]
    p = R.pack()
    offer = [
        (Intent.of("sabotage", mission=m), f"Sabotage {p.missions[m].name} (sector {p.missions[m].sector})")
        for m in state.available
    ]
    text = f"{seat}: choose an available mission to Sabotage (it goes under the Mission deck)."
    return RULES.ask(
        state,
        seat,
        "sabotage",
        text,
        offer,
        payload=SabotageAsk(left=n, hazard_after=hazard_after),
        public=f"{seat} chooses an available mission to Sabotage (it goes under the Mission deck).",
    )


def ask_hazard(
    state: InfamyState, seat: str, n: int, non_hq: bool, sector: int | None, optional: bool
) -> list[Event]:
    if R.hazards_left(state) <= 0:
        return [R.say(state, "No Hazard token is left in the General Supply.")]
    zones = R.hazard_targets(state, non_hq=non_hq, sector=sector)
    if not zones:
        return []
    offer: Offer = [(Intent.of("hazard", zone=z), f"Hazard on {R.zone_label(z)}") for z in zones]
    if optional:  # "may": the default is to add none
        offer.insert(0, (Intent.of("hazard", zone="none"), "Add no Hazard"))
    return RULES.ask(
        state,
        seat,
        "hazard",
        f"{seat}: choose a resupply zone for a Hazard.",
        offer,
        public=f"{seat} chooses a resupply zone for a Hazard.",
        payload=HazardAsk(left=n, non_hq=non_hq, sector=sector),
    )


def ask_unhazard(state: InfamyState, seat: str, n: int) -> list[Event]:
    if not state.hazards:
        return [R.say(state, "There is no Hazard to remove.")]
    offer = [
        (Intent.of("unhazard", zone=z), f"Remove the Hazard on {R.zone_label(z)}")
        for z in sorted(state.hazards)
    ]
    return RULES.ask(
        state,
        seat,
        "unhazard",
        f"{seat}: choose a Hazard to remove.",
        offer,
        payload=Left(left=n),
        public=f"{seat} chooses a Hazard to remove.",
    )


def ask_order(state: InfamyState, seat: str, blocks: list[Block]) -> list[Event]:
    offer = [(Intent.of("resolve", item=b.id), f"First: {b.text}") for b in blocks]
    return RULES.ask(
        state,
        seat,
        "order",
        f"{seat}: several effects trigger; choose which resolves first.",
        offer,
        public=f"Several of {seat}'s effects trigger; {seat} chooses which resolves first.",
        payload=OrderAsk(blocks=blocks),
    )


# --- answers to effects ----------------------------------------------------------------------------


@RULES.answers(
    "resource",
    Left,
    takes=[
        Shape("resource", (word("type", what_named),), title="Gain a resource", asks="a resource to gain")
    ],
    refusal=reasons.resource,
)
def resource(state: InfamyState, seat: str, intent: Intent, data: Left) -> list[Event]:
    r = intent.word("type")
    got = R.gain(state, seat, r, 1)
    events = [R.say(state, f"{seat} gains {R.plural(got, r)}.")]
    if data.left > 1:
        events += ask_resource(state, seat, data.left - 1, data.source)
    return events


@RULES.answers(
    "rep",
    RepAsk,
    takes=[Shape("rep", (word("faction", faction_named),), title="Gain Rep", asks="a faction for Rep")],
    refusal=reasons.rep,
)
def rep(state: InfamyState, seat: str, intent: Intent, data: RepAsk) -> list[Event]:
    return R.add_rep(state, seat, intent.word("faction"), data.n)


@RULES.answers(
    "liaison",
    takes=[
        Shape(
            "liaison",
            (word("gain", liaison_named),),
            title="The Liaison's reward",
            asks="the Liaison's reward",
        )
    ],
    refusal=reasons.liaison,
)
def liaison(state: InfamyState, seat: str, intent: Intent, data: NoPayload) -> list[Event]:
    g = intent.word("gain")
    if g == "infamy":
        R.gain(state, seat, "infamy", 2)
        return [R.say(state, f"{seat} takes 2 Infamy from the Liaison.")]
    return R.add_rep(state, seat, g, 1)


@RULES.answers(
    "deck",
    Left,
    takes=[
        Shape(
            "deck",
            (word("faction", faction_named),),
            title="Draw a Scheme",
            asks="a Scheme deck to draw from",
        )
    ],
    refusal=reasons.deck,
)
def deck(state: InfamyState, seat: str, intent: Intent, data: Left) -> list[Event]:
    events = R.draw_schemes(state, seat, intent.word("faction"), 1)
    if data.left > 1:
        events += ask_draw(state, seat, data.left - 1)
    return events


@RULES.answers(
    "discard",
    takes=[
        Shape("discard", (word("card", scheme_named),), title="Discard a Scheme", asks="a Scheme to discard")
    ],
    refusal=reasons.discard,
)
def discard(state: InfamyState, seat: str, intent: Intent, data: NoPayload) -> list[Event]:
    card = intent.word("card")
    scheme = R.pack().schemes[card]
    state.players[seat].hand.remove(card)
    state.schemes[scheme.faction].discard(card)
    return [R.say(state, f"{seat} discards the Scheme {scheme.name}.")]


@RULES.answers(
    "steal",
    StealAsk,
    takes=[
        Shape(
            "steal",
            (word("rival"), word("type", what_named, optional=True)),
            title="Steal from a rival",
            asks="what to steal",
        )
    ],
    refusal=reasons.steal,
)
def steal(state: InfamyState, seat: str, intent: Intent, data: StealAsk) -> list[Event]:
    rival = intent.word("rival")
    what = intent.get("type")
    if what is None:
        hand = state.players[rival].hand
        card = hand.pop(state.rng.below(len(hand)))
        state.players[seat].hand.append(card)
        name = R.pack().schemes[card].name
        return [
            R.say(state, f"{seat} steals a Scheme from {rival}."),
            private([seat, rival], "stolen", f"The stolen Scheme is {name}.", card=card),
        ]
    what = str(what)
    cost = data.cancel_cost
    if cost and state.players[rival].avail >= cost:
        name = R.WHAT_NAMES[what]
        offer = [
            (Intent.of("allow"), f"Let {seat} take 1 {name}"),
            (Intent.of("cancel"), f"Spend {cost} Bribes to cancel the theft"),
        ]
        RULES.ask(
            state,
            rival,
            "thug_cancel",
            f"{rival}: {seat} steals 1 {name} from you. Spend {cost} Bribes to cancel?",
            offer,
            payload=ThugAsk(thief=seat, type=what, cost=cost),
            pace="quick",
            public=f"{rival} decides whether to spend {cost} Bribes to stop {seat} stealing 1 {name}.",
        )
        return [R.say(state, f"{seat} goes to steal 1 {name} from {rival}.")]
    R.take_from(state, rival, seat, what)
    return [R.say(state, f"{seat} steals 1 {R.WHAT_NAMES[what]} from {rival}.")]


@RULES.answers(
    "thug_cancel",
    ThugAsk,
    takes=[
        Shape("allow", asks="whether to cancel a theft"),
        Shape("cancel", asks="whether to cancel a theft"),
    ],
)
def thug_cancel(state: InfamyState, seat: str, intent: Intent, data: ThugAsk) -> list[Event]:
    if intent.kind == "cancel":
        R.spend(state, seat, data.cost)
        return [R.say(state, f"{seat} Spends {data.cost} Bribes to cancel the theft.")]
    R.take_from(state, seat, data.thief, data.type)
    return [R.say(state, f"{data.thief} steals 1 {R.WHAT_NAMES[data.type]} from {seat}.")]


@RULES.answers(
    "target",
    TargetAsk,
    takes=[Shape("target", (word("rival"),), title="Choose a rival", asks="a rival to lose tokens")],
    refusal=reasons.target,
)
def target(state: InfamyState, seat: str, intent: Intent, data: TargetAsk) -> list[Event]:
    rival = intent.word("rival")
    lost = R.lose(state, rival, data.what, data.n)
    return [R.say(state, f"{rival} loses {R.plural(lost, data.what)}.")]


@RULES.answers(
    "sabotage",
    SabotageAsk,
    takes=[
        Shape(
            "sabotage",
            (word("mission", mission_named),),
            title="Sabotage a mission",
            asks="a mission to Sabotage",
        )
    ],
    refusal=reasons.sabotage,
)
def sabotage(state: InfamyState, seat: str, intent: Intent, data: SabotageAsk) -> list[Event]:
    m = intent.word("mission")
    state.available.remove(m)
    state.missions.put_bottom(m)
    mission = R.pack().missions[m]
    events = [R.say(state, f"{seat} Sabotages {mission.name}: it goes under the Mission deck.")]
    if data.hazard_after:
        if data.left > 1:  # the next Sabotage waits for this Hazard choice
            R.queue_front(state, seat, [Effect(op="sabotage", n=data.left - 1, hazard_after=True)], "")
        return events + ask_hazard(state, seat, 1, non_hq=True, sector=mission.sector, optional=True)
    if data.left > 1:
        events += ask_sabotage(state, seat, data.left - 1, False)
    return events


@RULES.answers(
    "hazard",
    HazardAsk,
    takes=[
        Shape("hazard", (word("zone", hazard_zone_named),), title="Add a Hazard", asks="a zone for a Hazard")
    ],
    refusal=reasons.hazard,
)
def hazard(state: InfamyState, seat: str, intent: Intent, data: HazardAsk) -> list[Event]:
    z = intent.word("zone")
    events: list[Event] = []
    if z != "none":
        state.hazards.append(z)
        events.append(R.say(state, f"{seat} adds a Hazard on {R.zone_label(z)}."))
    if data.left > 1:
        events += ask_hazard(
            state, seat, data.left - 1, non_hq=data.non_hq, sector=data.sector, optional=False
        )
    return events


@RULES.answers(
    "unhazard",
    Left,
    takes=[
        Shape("unhazard", (word("zone", zone_named),), title="Remove a Hazard", asks="a Hazard to remove")
    ],
    refusal=reasons.unhazard,
)
def unhazard(state: InfamyState, seat: str, intent: Intent, data: Left) -> list[Event]:
    z = intent.word("zone")
    state.hazards.remove(z)
    events = [R.say(state, f"{seat} removes the Hazard from {R.zone_label(z)}.")]
    if data.left > 1:
        events += ask_unhazard(state, seat, data.left - 1)
    return events


@RULES.answers("watchdog_add", Left, takes=[WATCHDOG], refusal=reasons.watchdog)
def watchdog_add(state: InfamyState, seat: str, intent: Intent, data: Left) -> list[Event]:
    to = int(intent.word("to")[1:])
    state.watchdogs.append(to)
    if data.source == "sector_chief":  # only the Sector Chief's own Watchdog is removed later (A9)
        state.chief_added = True
    return [R.say(state, f"{seat} adds a Watchdog to sector {to}.")]


@RULES.answers("watchdog_move", takes=[WATCHDOG], refusal=reasons.watchdog)
def watchdog_move(state: InfamyState, seat: str, intent: Intent, data: NoPayload) -> list[Event]:
    a, b = int(intent.word("frm")[1:]), int(intent.word("to")[1:])
    state.watchdogs.remove(a)
    state.watchdogs.append(b)
    return [R.say(state, f"{seat} moves a Watchdog from sector {a} to sector {b}.")]


@RULES.answers("watchdog_remove", takes=[WATCHDOG], refusal=reasons.watchdog)
def watchdog_remove(state: InfamyState, seat: str, intent: Intent, data: NoPayload) -> list[Event]:
    a = int(intent.word("frm")[1:])
    state.watchdogs.remove(a)
    return [R.say(state, f"{seat} removes a Watchdog from sector {a} (Sector Chief).")]


@RULES.answers(
    "order",
    OrderAsk,
    takes=[
        Shape(
            "resolve", (word("item", block_named),), title="Resolve first", asks="which effect resolves first"
        )
    ],
    refusal=reasons.resolve,
)
def order(state: InfamyState, seat: str, intent: Intent, data: OrderAsk) -> list[Event]:
    """The chosen block resolves first; the rest are ordered again (or simply follow when one is left)."""
    chosen = intent.word("item")
    first = next(b for b in data.blocks if b.id == chosen)
    rest = [b for b in data.blocks if b.id != chosen]
    contacts = R.pack().contacts

    def source(block: Block) -> str:
        return block.id if block.id in contacts else f"benefit:{block.id}"

    steps: list[object] = list(state.effect_steps(seat, first.effects, source(first)))
    if len(rest) > 1:
        steps.append(OrderStep(seat=seat, blocks=rest))
    elif rest:
        steps += state.effect_steps(seat, rest[0].effects, source(rest[0]))
    state.now(*steps)  # type: ignore[arg-type]
    return []


# --- the Sector Phase ------------------------------------------------------------------------------


@RULES.revealed("sector", takes=[SECTOR], refusal=reasons.sector)
def sectors_revealed(state: InfamyState, choices: dict[str, Intent], data: NoPayload) -> list[Event]:
    state.sectors = {}
    parts = []
    for seat, intent in choices.items():
        state.sectors[seat] = int(intent.word("own")[1:])
        parts.append(f"{seat} {state.sectors[seat]}")
        acc = intent.get("acc")
        if isinstance(acc, str):
            state.sectors[ACC_PAWN] = int(acc[1:])
            parts.append(f"{seat}'s Accomplice {state.sectors[ACC_PAWN]}")
    state.phase = "place"
    state.slot = 0
    state.placed = {}
    load_slot(state)
    state.now(PlaceStep())
    return [
        R.say(state, "Sectors revealed: " + ", ".join(parts) + ".", "reveal", sectors=dict(state.sectors))
    ]


def load_slot(state: InfamyState) -> None:
    if state.slot < len(state.order):
        seat = state.order[state.slot]
        state.to_place = ["own"] + (["acc"] if state.acc_owner == seat else [])


__all__ = ["FACTIONS", "ask_draw", "ask_hazard", "ask_order", "ask_resource", "ask_sabotage", "ask_unhazard"]
