"""Verses: their conditions to go Online and their immediate bonuses (the data's ``condition`` and ``bonus``
ops). "When you meet the indicated condition, you can put the Verse 'Online'. Get the bonus immediately and
flip the card to its Online side." "Some Verses do not have a condition to complete and automatically go
Online." Scoring is in :mod:`.scoring`."""

from __future__ import annotations

from collections.abc import Callable

from engine.core import Event, Intent, public
from engine.core.rules import NoPayload

from .control import servers_of
from .least_loss import least_losing
from .pack import AGENT_TYPES, VerseCard
from .picks import PICK, boost_label
from .rules import RULES, P, boost_count, free_asides, verse_name
from .state import BoostGainStep, Held, LossStep, PlaceStep, VrState


def acquire(state: VrState, seat: str, verse: str) -> list[Event]:
    card = P().verses[verse]
    held = Held(verse=verse)
    state.p(seat).verses.insert(0, held)
    if card.condition.op == "none":
        held.online = True
        return [public("online", f"{card.name} goes Online at once (it has no condition).")]
    return []


def duty_types(state: VrState, seat: str) -> list[str]:
    return [P().agents[d.agent].type for d in state.p(seat).duty]


def _district_of_servers(state: VrState, seat: str) -> list[str]:
    return [P().district_of(b) for b in servers_of(state, seat)]


def _howling(state: VrState, seat: str) -> bool:
    mine = [P().district_of(b) for s, b in state.directors if s == seat]
    return len(mine) == 3 and len(set(mine)) == 1


def _outpost(state: VrState, seat: str) -> bool:
    districts = sorted(set(_district_of_servers(state, seat)))
    return any(P().graph.groups_adjacent(a, b) for a in districts for b in districts if a < b)


def condition_met(state: VrState, seat: str, card: VerseCard) -> bool:
    """The condition ops: what each Verse asks, read from the state (history ones from the raid flags)."""
    c = card.condition
    player = state.p(seat)
    types = duty_types(state, seat)
    checks: dict[str, Callable[[], bool]] = {
        "none": lambda: True,
        "duty_of_type": lambda: types.count(c.agent or "") >= 2,
        "duty_types": lambda: all(t in types for t in c.agents),
        "duty_all_types": lambda: all(t in types for t in AGENT_TYPES),
        "server_in": lambda: any(d in c.districts for d in _district_of_servers(state, seat)),
        "raided_7": lambda: player.raided_7,
        "raided_no_imm": lambda: player.raided_no_imm,
        "directors_one_district": lambda: _howling(state, seat),
        "three_in_borough": lambda: any(
            n >= 3 and state.owner.get(b) == seat for b, n in state.tokens.items()
        ),
        "recycle_3": lambda: state.recycle.get(seat, 0) >= 3,
        "no_duty": lambda: not player.duty,
        "servers_adjacent_districts": lambda: _outpost(state, seat),
        "immunity_5": lambda: player.imm >= 5,
        "boosts_4": lambda: boost_count(player) >= 4,
    }
    check = checks.get(c.op)
    return bool(check and check())


def go_online(state: VrState, seat: str, held: Held) -> list[Event]:
    held.online = True
    return [public("online", f"{seat} puts {verse_name(held.verse)} Online.")] + bonus(
        state, seat, held.verse
    )


def bonus(state: VrState, seat: str, verse: str) -> list[Event]:
    """The immediate bonus ops. Choices (where to add Influence, which Boost) are asked by the steps queued
    here, which run inside the turn."""
    b = P().verses[verse].bonus
    player = state.p(seat)
    if b.op == "boost":
        state.now(BoostGainStep(seat=seat))
    elif b.op == "plus2":
        player.plus2 += 1
    elif b.op == "income":
        player.income += b.n
    elif b.op == "immunity":
        player.imm += b.n
    elif b.op == "ec":
        player.ec += b.n
    elif b.op == "add_in":
        scope = "districts" if b.districts else "anywhere"
        state.now(PlaceStep(seat=seat, scope=scope, districts=list(b.districts)))
    elif b.op == "add_controlled":
        state.now(PlaceStep(seat=seat, count=b.n, scope="controlled"))
    elif b.op == "to_recycle":
        moved = min(b.n, player.reserve)
        player.reserve -= moved
        state.recycle[seat] = state.recycle.get(seat, 0) + moved
    elif b.op == "opponents_discard":
        others = [s for s in state.order if s != seat]
        for other in others:
            state.p(other).losses.append("dark")
        state.now(*[LossStep(seat=s) for s in others])
    return []


NO_PAYLOAD = NoPayload()


@RULES.step("boost_gain")
def gain_boost(state: VrState, step: BoostGainStep) -> list[Event]:
    """ "The player who gains a Boost chooses a card among those still available and slides it under their
    Player Board, at the location of the corresponding Action." (None left: nothing, ruling.)"""
    if not state.boost_cards:
        return [public("boost", f"No Boost card is left for {step.seat}.")]
    offer = [(Intent.of("pick", boost=b), boost_label(b)) for b in state.boost_cards]
    return RULES.ask(
        state,
        step.seat,
        "boost",
        "Choose a Boost card.",
        offer,
        default=least_losing(state, step.seat, offer, lambda s, i: boost_chosen(s, step.seat, i, NO_PAYLOAD)),
        asides=free_asides(state, step.seat),
        public=f"{step.seat} chooses a Boost card.",
    )


@RULES.answers("boost", takes=[PICK])
def boost_chosen(state: VrState, seat: str, intent: Intent, payload: NoPayload) -> list[Event]:
    boost = intent.word("boost")
    if boost not in state.boost_cards:  # taken while the question was open (ruling V-15): ask again
        return gain_boost(state, BoostGainStep(seat=seat))
    state.boost_cards.remove(boost)
    action = P().boosts[boost].action
    state.p(seat).boosts.setdefault(action, []).append(boost)
    return [public("boost", f"{seat} takes the Boost card {boost_label(boost)}.")]
