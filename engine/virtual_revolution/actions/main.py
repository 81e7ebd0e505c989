"""The five Actions: Work (``work``), Recruit an Agent (``recruit:slot=3``; Morel's
``recruit_discard:agent=x``),
Build a Server (``server``), Create a Verse (``refresh``, ``swap_verse:slot=2``, ``verse:slot=1``) and Make a
Donation (``donate:cards=c04+c17,imm=1``).

"You may perform 1 Action out of the 5 Actions on your Player Board"; more only from Agents ("In addition
to your action for the turn, you may perform ..."). Boosts under an Action and one-shot bonuses armed this
turn add to it; a pure gain may pay the Action's own cost (ruling A24: "before or after").
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from itertools import combinations

from engine.core import Event, Intent, public
from engine.core.args import number, word
from engine.core.intent import Value
from engine.core.kits.ledger import Ledger

from ..agents_row import refresh_all, replace_verse, take_agent, take_verse
from ..cardtext import plural
from ..control import may_build, place_server, servers_of
from ..rules import (
    BASE_COST,
    DONATION_COSTS,
    INSURRECTION_COSTS,
    RULES,
    WORK_GAIN,
    P,
    VrAction,
    agent_name,
    agent_named,
    boost_lines,
    borough_name,
    cost,
    design,
    discard_corruption,
    draw_corruption,
    quoted,
    verse_name,
)
from ..state import Duty, VrState
from ..verses import acquire
from .turn import placed

DUTY_MAX = 3
SERVERS = 7


WORK, SERVER, REFRESH = Intent("work"), Intent("server"), Intent("refresh")
RECRUITS, VERSES, SWAPS = (
    tuple(Intent.of(kind, slot=n) for n in range(1, 6)) for kind in ("recruit", "verse", "swap_verse")
)
"""The Actions' intents that name no card, built once (intents are values: one serves every listing); a
row's five slots are ``RECRUITS[0]`` (``recruit:slot=1``) to ``RECRUITS[4]``."""


@lru_cache(maxsize=4096)
def _donation(cards: str, imm: int) -> Intent:
    return Intent.of("donate", cards=cards, imm=imm)


def _in_row(row: list[str | None], slot: Value, name: Callable[[str], str]) -> str:
    """The card in a row's ``slot`` (counted from 1), by name."""
    card = row[int(slot) - 1]
    return f"{name(card)} (#{slot})" if card else f"#{slot}"


def _cards_named(state: VrState, value: Value) -> str:
    cards = [] if value == "none" else str(value).split("+")
    return "Discard " + quoted(cards) if cards else "No Corruption card"


def open_for(state: VrState, seat: str, kind: str) -> bool:
    """Whether ``seat`` may start Action ``kind`` now: the regular Action, or an extra one granted."""
    return placed(state, seat) and (not state.ctx.action_done or kind in state.ctx.extras)


def action_refusal(state: VrState, seat: str, kind: str) -> str | None:
    """Why Action ``kind`` cannot start now, when it is the turn or the money (None: something else)."""
    if not placed(state, seat):
        return "Place a Director first: every turn begins with it."
    if not open_for(state, seat, kind):
        return "You have already performed this turn's Action."
    if kind in BASE_COST and not can_pay(state, seat, kind):
        return f"That costs {cost(state, seat, kind)} Eurocredits; you have {state.p(seat).ec}."
    return None


def use_action(state: VrState, kind: str) -> None:
    """An extra Action of this kind is used first, so the regular one stays free for another Action."""
    if kind in state.ctx.extras:
        state.ctx.extras.remove(kind)
    else:
        state.ctx.action_done = True
    state.ctx.performed.append(kind)


def armed(state: VrState, what: str) -> bool:
    return what in state.ctx.armed


def disarm(state: VrState, prefix: str) -> None:
    state.ctx.armed = [a for a in state.ctx.armed if not a.startswith(prefix)]


GAIN_BONUSES = {"recruit": ("recruit_ec4", 4), "server": ("server_ec3", 3), "verse": ("verse_ec3", 3)}
"""The one-shot bonuses that pay towards an Action's cost when armed: what is armed, and how much."""


def gains(state: VrState, seat: str, action: str) -> int:
    bonus = GAIN_BONUSES.get(action)
    extra = bonus[1] if bonus is not None and armed(state, bonus[0]) else 0
    return sum(b.ec for b in boost_lines(state.p(seat), action)) + extra


@RULES.action
class Work(VrAction):
    """ "Gain 5 Eurocredits." (3 under Disruption of Transports; +3 per Work Boost; +5 with Denfert
    Rochereau.)"""

    kind = "work"
    summary = "Work"
    args = ()

    def options(self, state: VrState, seat: str) -> list[Intent]:
        return [WORK] if open_for(state, seat, "work") else []

    def apply(self, state: VrState, seat: str, intent: Intent) -> list[Event]:
        use_action(state, "work")
        earned = work_ledger(state, seat)
        disarm(state, "work")
        state.p(seat).ec += earned.total
        return [public("work", f"{seat} works: +{earned.total} Eurocredits ({earned.explain()}).")]

    def label(self, state: VrState, intent: Intent) -> str:
        return "Work (gain Eurocredits)"


def work_ledger(state: VrState, seat: str) -> Ledger:
    """What Work earns, each part with its source: the base 5 (or a Necro card's value), every Work Boost,
    and the Denfert Rochereau Title's +5 when armed; the total is paid and the parts are told."""
    player = state.p(seat)
    base = player.markers.get("work", WORK_GAIN)
    earned = Ledger().add("Work" if base == WORK_GAIN else "Work under a Necro card", base)
    for line in boost_lines(player, "work"):
        earned.add("Boost", line.ec)
    if armed(state, "work_ec5"):
        earned.add("Denfert Rochereau", 5)
    return earned


def recruit_range(state: VrState, seat: str) -> int:
    """ "The Recruit Action has a default Range of 1"; Boosts add to it, Don Armondo's promotion adds 2."""
    boosts = sum(b.range for b in boost_lines(state.p(seat), "recruit"))
    return 1 + boosts + (2 if armed(state, "recruit_range2") else 0)


def can_pay(state: VrState, seat: str, action: str) -> bool:
    return state.p(seat).ec + gains(state, seat, action) >= cost(state, seat, action)


def pay(state: VrState, seat: str, action: str) -> int:
    player = state.p(seat)
    gained = gains(state, seat, action)
    player.ec += gained - cost(state, seat, action)
    disarm(state, action)
    return gained


def recruit_into_duty(state: VrState, seat: str, agent_id: str) -> list[Event]:
    gained = pay(state, seat, "recruit")
    state.p(seat).duty.append(Duty(agent=agent_id))
    bonus = f" (+{gained} from bonuses)" if gained else ""
    return [
        public(
            "recruit", f"{seat} recruits {agent_name(agent_id)} for {cost(state, seat, 'recruit')}{bonus}."
        )
    ]


@RULES.action
class Recruit(VrAction):
    """ "You can recruit an Agent if ... the Agent is within range of the Director you just placed ... You do
    not already have 3 Agents on Duty. 1. Pay 4 Eurocredits. 2. Immediately take the corresponding Agent
    card ... 3. Remove the corresponding Localization token." """

    kind = "recruit"
    summary = "Recruit an Agent"
    args = (number("slot", lambda state, v: _in_row(state.slots, v, agent_name)),)

    def options(self, state: VrState, seat: str) -> list[Intent]:
        if not open_for(state, seat, "recruit") or len(state.p(seat).duty) >= DUTY_MAX:
            return []
        if not can_pay(state, seat, "recruit"):
            return []
        here = state.ctx.borough
        assert here is not None
        reach = P().graph.reach(here, recruit_range(state, seat))
        return [
            RECRUITS[slot]
            for slot, where in sorted(state.located.items())
            if state.slots[slot] is not None and where in reach
        ]

    def refusal(self, state: VrState, seat: str, intent: Intent) -> str | None:
        reason = action_refusal(state, seat, "recruit")
        if reason:
            return reason
        if len(state.p(seat).duty) >= DUTY_MAX:
            return "You already have 3 Agents on Duty: promote one first."
        slot = intent.get("slot")
        if isinstance(slot, int) and 1 <= slot <= 5 and state.slots[slot - 1] is not None:
            return f"That Agent is beyond your Range of {recruit_range(state, seat)} from your Director."
        return None

    def apply(self, state: VrState, seat: str, intent: Intent) -> list[Event]:
        use_action(state, "recruit")
        card = take_agent(state, intent.num("slot") - 1)
        return recruit_into_duty(state, seat, card)

    def label(self, state: VrState, intent: Intent) -> str:
        slot = intent.num("slot") - 1
        card = state.slots[slot] if 0 <= slot < 5 else None
        return f"Recruit {agent_name(card)} (#{slot + 1})" if card else f"Recruit Agent #{slot + 1}"


@RULES.action
class RecruitDiscard(VrAction):
    """Morel's promotion: "perform the Recruit an Agent action to recruit an Agent from the Discard pile"
    (no Range: ruling A30)."""

    kind = "recruit_discard"
    summary = "Recruit from the Agent discard pile"
    args = (word("agent", agent_named),)

    def options(self, state: VrState, seat: str) -> list[Intent]:
        if not placed(state, seat) or "recruit_discard" not in state.ctx.extras:
            return []
        if len(state.p(seat).duty) >= DUTY_MAX or not can_pay(state, seat, "recruit"):
            return []
        return [Intent.of("recruit_discard", agent=a) for a in sorted(set(state.agent_discard))]

    def apply(self, state: VrState, seat: str, intent: Intent) -> list[Event]:
        use_action(state, "recruit_discard")
        card = intent.word("agent")
        state.agent_discard.remove(card)
        return recruit_into_duty(state, seat, card)

    def label(self, state: VrState, intent: Intent) -> str:
        card = P().agents.get(str(intent.get("agent")))
        return f"Recruit {card.name} from the discard pile" if card else "Recruit from the discard pile"


def server_waived(state: VrState) -> bool:
    return armed(state, "server_no_it")


@RULES.action
class Server(VrAction):
    """ "1. Pay 10 Eurocredits. 2. Immediately increase your Income by 2 ... 3. Gain 1 +2 VPs token ... 4.
    Draw
    1 Corruption card. 5. Finally, place one of your Server tokens in the Borough." """

    kind = "server"
    summary = "Build a Server"
    args = ()

    def options(self, state: VrState, seat: str) -> list[Intent]:
        if not open_for(state, seat, "server") or len(servers_of(state, seat)) >= SERVERS:
            return []
        here = state.ctx.borough
        assert here is not None
        if not can_pay(state, seat, "server"):
            return []
        return [SERVER] if may_build(state, seat, here, server_waived(state), state.opts.nation) else []

    def refusal(self, state: VrState, seat: str, intent: Intent) -> str | None:
        reason = action_refusal(state, seat, "server")
        if reason:
            return reason
        return (
            "A Server needs your Influence in the Borough, no other Server there and none of yours in its "
            "District."
        )

    def apply(self, state: VrState, seat: str, intent: Intent) -> list[Event]:
        use_action(state, "server")
        return build_server(state, seat, pay_for=True)

    def label(self, state: VrState, intent: Intent) -> str:
        return "Build a Server here"


def build_server(state: VrState, seat: str, pay_for: bool) -> list[Event]:
    player = state.p(seat)
    here = state.ctx.borough
    assert here is not None
    bonus = 0
    if pay_for:
        bonus = pay(state, seat, "server")
        player.income += sum(b.income for b in boost_lines(player, "server"))
    player.income += 2
    player.plus2 += 1
    events = [
        public(
            "server",
            f"{seat} builds a Server in {borough_name(here)}"
            + (f" (+{bonus} Eurocredits from bonuses)." if bonus else "."),
        )
    ]
    events += draw_corruption(state, seat)
    return events + place_server(state, seat, here)


def refresh_count(state: VrState, seat: str) -> int:
    return sum(b.refresh for b in boost_lines(state.p(seat), "verse"))


@RULES.action
class Refresh(VrAction):
    """ "If you wish, you may first pay 2 Eurocredits to refresh the 5 Verse cards available on display ... as
    many times as you like." (Free once with Professor Shane's promotion.)"""

    kind = "refresh"
    args = ()
    family = "trade"
    summary = "Refresh the Verse row"

    def options(self, state: VrState, seat: str) -> list[Intent]:
        if not open_for(state, seat, "verse"):
            return []
        price = 0 if armed(state, "verse_refresh_all") else 2
        ok = state.p(seat).ec + gains(state, seat, "verse") >= price + cost(state, seat, "verse")
        return [REFRESH] if ok else []

    def apply(self, state: VrState, seat: str, intent: Intent) -> list[Event]:
        if armed(state, "verse_refresh_all"):
            state.ctx.armed.remove("verse_refresh_all")
        else:
            state.p(seat).ec -= 2
        refresh_all(state)
        return [public("verse", f"{seat} refreshes the Verse row.")]

    def label(self, state: VrState, intent: Intent) -> str:
        return "Refresh the 5 Verses (2 Eurocredits)"


@RULES.action
class SwapVerse(VrAction):
    """Professor Shane's and the Boost card's "you may refresh 1 or 2 available Verse cards" while creating a
    Verse (ruling: before taking it)."""

    kind = "swap_verse"
    family = "trade"
    summary = "Replace one available Verse"
    args = (number("slot", lambda state, v: _in_row(state.verse_row, v, verse_name)),)

    def options(self, state: VrState, seat: str) -> list[Intent]:
        if not open_for(state, seat, "verse") or state.turn.used("swap") >= refresh_count(state, seat):
            return []
        if not can_pay(state, seat, "verse"):
            return []
        return [SWAPS[i] for i, v in enumerate(state.verse_row) if v is not None]

    def apply(self, state: VrState, seat: str, intent: Intent) -> list[Event]:
        state.turn.use("swap")
        slot = intent.num("slot") - 1
        old = state.verse_row[slot]
        replace_verse(state, slot)
        return [public("verse", f"{seat} replaces {verse_name(old or '')} in the Verse row.")]

    def label(self, state: VrState, intent: Intent) -> str:
        return f"Replace the Verse in slot {intent.num('slot')}"


@RULES.action
class Verse(VrAction):
    """ "2. Pay 7 Eurocredits. 3. Immediately increase your Income by 1. 4. Draw 1 Corruption card. 5. Take 1
    of
    the 5 available Verse cards and place on the left side of your Player Board, Loading side up." """

    kind = "verse"
    summary = "Create a Verse"
    args = (number("slot", lambda state, v: _in_row(state.verse_row, v, verse_name)),)

    def options(self, state: VrState, seat: str) -> list[Intent]:
        if not open_for(state, seat, "verse") or not can_pay(state, seat, "verse"):
            return []
        return [VERSES[i] for i, v in enumerate(state.verse_row) if v is not None]

    def refusal(self, state: VrState, seat: str, intent: Intent) -> str | None:
        return action_refusal(state, seat, "verse")

    def apply(self, state: VrState, seat: str, intent: Intent) -> list[Event]:
        use_action(state, "verse")
        bonus = pay(state, seat, "verse")
        state.p(seat).income += 1
        card = take_verse(state, intent.num("slot") - 1)
        events = [
            public(
                "verse",
                f"{seat} creates the Verse {verse_name(card)}"
                + (f" (+{bonus} Eurocredits from bonuses)." if bonus else "."),
            )
        ]
        return events + draw_corruption(state, seat) + acquire(state, seat, card)

    def label(self, state: VrState, intent: Intent) -> str:
        slot = intent.num("slot") - 1
        card = state.verse_row[slot] if 0 <= slot < 5 else None
        return f"Create {verse_name(card)}" if card else f"Create the Verse in slot {slot + 1}"


def donation_cost(state: VrState, seat: str, cards: int) -> int | None:
    """The cheapest way to discard ``cards`` cards: step 1 (1 for one, 3 for two; 2 and 4 under Insurrections)
    plus 1 Eurocredit for each card a Donation Boost discards. None when it cannot be done."""
    extra = sum(b.discard for b in boost_lines(state.p(seat), "donate"))
    table = INSURRECTION_COSTS if "donate" in state.p(seat).markers else DONATION_COSTS
    best: int | None = None
    for base in (0, 1, 2):
        rest = cards - base
        if 0 <= rest <= extra and base <= cards:
            price = (table[base] if base else 0) + rest
            best = price if best is None else min(best, price)
    return best


def donation_sets(state: VrState, seat: str) -> list[list[str]]:
    hand = sorted(state.p(seat).hand)
    most = 2 + sum(b.discard for b in boost_lines(state.p(seat), "donate"))
    pack_now = P()
    designs = {c: design(c, pack_now) for c in hand}
    out: list[list[str]] = [[]]
    seen: set[tuple[str, ...]] = set()
    for size in range(1, min(most, len(hand)) + 1):
        for combo in combinations(hand, size):
            key = tuple(sorted(designs[c] for c in combo))
            if key not in seen:
                seen.add(key)
                out.append(list(combo))
    return out


@RULES.action
class Donate(VrAction):
    """ "1. You may either pay 1 Eurocredit to discard 1 Corruption card of your choice, or pay 3 Eurocredits
    to discard 2 Corruption cards of your choice. 2. In addition, you can pay 3 Eurocredits to gain 1 Immunity
    token." """

    kind = "donate"
    summary = "Make a Donation"
    args = (
        word("cards", _cards_named),
        number("imm", lambda state, v: "+1 Immunity" if v else "no Immunity"),
    )

    def options(self, state: VrState, seat: str) -> list[Intent]:
        if not open_for(state, seat, "donate"):
            return []
        ec = state.p(seat).ec
        out: list[Intent] = []
        prices: dict[int, int | None] = {}  # by the number of cards: the same for every set of that size
        for cards in donation_sets(state, seat):
            size = len(cards)
            if size not in prices:
                prices[size] = donation_cost(state, seat, size)
            price = prices[size]
            for imm in (0, 1):
                if price is not None and price + 3 * imm <= ec and (cards or imm):
                    out.append(_donation("+".join(cards) or "none", imm))
        return out

    def apply(self, state: VrState, seat: str, intent: Intent) -> list[Event]:
        use_action(state, "donate")
        cards = [] if intent.word("cards") == "none" else intent.word("cards").split("+")
        imm = intent.num("imm")
        player = state.p(seat)
        price = (donation_cost(state, seat, len(cards)) or 0) + 3 * imm
        player.ec -= price
        player.imm += imm
        discard_corruption(state, seat, cards)
        what = [f"discards {plural(len(cards), 'Corruption card')}"] if cards else []
        what += ["gains 1 Immunity"] if imm else []
        return [public("donate", f"{seat} makes a Donation of {price} EC: {' and '.join(what)}.")]

    def label(self, state: VrState, intent: Intent) -> str:
        raw = str(intent.get("cards"))
        cards = [c for c in ([] if raw == "none" else raw.split("+")) if c in P().corruption]
        imm = intent.get("imm") == 1
        price = (donation_cost(state, state.ctx.seat, len(cards)) or 0) + 3 * imm if state.ctx.seat else None
        parts = ["+1 Immunity"] if imm else []
        parts += [f"discard {quoted(cards)}"] if cards else []
        paid = f" {price} EC" if price is not None else ""
        return f"Donate{paid}: " + (", ".join(parts) or "nothing")
