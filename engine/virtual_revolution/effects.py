"""Agent abilities as data: the ``activation`` op of each card (on top of its type's ability) and how its
targets become intent arguments. "An Agent's ability depends on its type (plus an additional effect for
level 2 Agents): Fighter: Remove 1 Influence token (opposing or not) from this Borough ... Tech: Gain 3
Eurocredits. Diplomat: Gain 1 Immunity token." "When Activated, an Agent acts in the Borough where the
Director was placed that turn." Promotions are in :mod:`.promotions`."""

from __future__ import annotations

from collections.abc import Callable

from engine.core import Event, Intent, private, public

from .actions.main import build_server
from .agents_row import discard_verse, refresh_all, take_agent, take_verse
from .control import add_it, can_add, may_build, place_server, remove_it, remove_server, servers_of
from .rules import P, agent, agent_name, borough_name, corruption_label, distinct_cards
from .state import Duty, VrState
from .verses import acquire, bonus

Target = tuple[str, str]
"""(at, with) arguments of an activation; empty strings when unused."""
PLAIN: Target = ("", "")


def here(state: VrState) -> str:
    assert state.ctx.borough is not None
    return state.ctx.borough


def _adjacent_with_it(state: VrState, seat: str) -> list[Target]:
    found = [(b, "") for b in P().graph.neighbours(here(state)) if b in state.owner]
    return found or [PLAIN]


def _anywhere(state: VrState, seat: str) -> list[Target]:
    spot = here(state)
    after = state.tokens.get(spot, 0) <= 1  # the removal may empty this Borough first
    found = [
        (b, "")
        for b in P().boroughs
        if can_add(state, seat, b) or (b == spot and after and state.p(seat).reserve)
    ]
    return found or [PLAIN]


def _adjacent_add(state: VrState, seat: str) -> list[Target]:
    found = [(b, "") for b in P().graph.neighbours(here(state)) if can_add(state, seat, b)]
    return found or [PLAIN]


def _online_verses(state: VrState, seat: str) -> list[Target]:
    return [(h.verse, "") for h in state.p(seat).verses if h.online] or [PLAIN]


def _viscount(state: VrState, seat: str) -> list[Target]:
    out = [PLAIN]
    out += [(b, str(i + 1)) for b in servers_of(state, seat) for i, v in enumerate(state.verse_row) if v]
    if len(servers_of(state, seat)) < 7 and may_build(state, seat, here(state), False, state.opts.nation):
        out += [(h.verse, "") for h in state.p(seat).verses]
    return out


def _ivan(state: VrState, seat: str) -> list[Target]:
    spot = here(state)
    owner = state.servers.get(spot)
    if owner is None:
        return [PLAIN]
    out = [PLAIN]
    for b in P().graph.neighbours(spot):
        if may_build(state, owner, b, False, state.opts.nation, moving=spot):
            out.append((b, ""))
    return out


def _near(state: VrState, seat: str) -> list[Target]:
    spot = here(state)
    near = {spot, *P().graph.neighbours(spot)}
    victims = sorted({s for s, b in state.directors if b in near and s != seat and state.p(s).imm > 0})
    return [(s, "") for s in victims] or [PLAIN]


def _dina(state: VrState, seat: str) -> list[Target]:
    cards = distinct_cards(state.p(seat).hand)
    return [PLAIN] + [(s, c) for s in state.order if s != seat for c in cards]


def _stilson(state: VrState, seat: str) -> list[Target]:
    out = [PLAIN]
    for d in state.p(seat).duty:
        out += [(d.agent, str(slot + 1)) for slot in sorted(state.located) if state.slots[slot]]
    return out


def _corto(state: VrState, seat: str) -> list[Target]:
    return [PLAIN, ("refresh", "")]


TARGETS: dict[str, Callable[[VrState, str], list[Target]]] = {
    "remove_adjacent": _adjacent_with_it,
    "add_anywhere": _anywhere,
    "add_adjacent": _adjacent_add,
    "verse_bonus_again": _online_verses,
    "viscount": _viscount,
    "move_server": _ivan,
    "steal_immunity": _near,
    "give_corruption": _dina,
    "swap_agent": _stilson,
    "refresh_display": _corto,
}


def activation_targets(state: VrState, seat: str, agent_id: str) -> list[Target]:
    finder = TARGETS.get(agent(agent_id).activation.op)
    return finder(state, seat) if finder else [PLAIN]


def activate(state: VrState, seat: str, agent_id: str, at: str, with_: str) -> list[Event]:
    card = agent(agent_id)
    player = state.p(seat)
    events = [public("activate", f"{seat} activates {card.name}.")]
    if card.type == "fighter":
        events += remove_it(state, here(state), by=seat)
    elif card.type == "tech":
        player.ec += 3
    else:
        player.imm += 1
    return events + EXTRA[card.activation.op](state, seat, agent_id, at, with_)


def _none(state: VrState, seat: str, agent_id: str, at: str, with_: str) -> list[Event]:
    return []


def _donation(state: VrState, seat: str, agent_id: str, at: str, with_: str) -> list[Event]:
    if P().district_of(here(state)) in agent(agent_id).districts:
        state.ctx.extras.append("donate")
        return [public("extra", f"{seat} may make an extra Donation this turn.")]
    return []


def _remove_at(state: VrState, seat: str, agent_id: str, at: str, with_: str) -> list[Event]:
    return remove_it(state, at, by=seat) if at else []


def _add_at(state: VrState, seat: str, agent_id: str, at: str, with_: str) -> list[Event]:
    return add_it(state, seat, at) if at else []


def _again(state: VrState, seat: str, agent_id: str, at: str, with_: str) -> list[Event]:
    return bonus(state, seat, at) if at else []


def _viscount_do(state: VrState, seat: str, agent_id: str, at: str, with_: str) -> list[Event]:

    if at in state.servers:
        events = remove_server(state, at)
        verse = take_verse(state, int(with_) - 1)
        return (
            events
            + [public("verse", f"{seat} takes {P().verses[verse].name}.")]
            + acquire(state, seat, verse)
        )
    held = next((h for h in state.p(seat).verses if h.verse == at), None)
    if held is None:
        return []
    state.p(seat).verses.remove(held)
    discard_verse(state, held.verse)
    return build_server(state, seat, pay_for=False)


def _income(state: VrState, seat: str, agent_id: str, at: str, with_: str) -> list[Event]:
    state.p(seat).income += agent(agent_id).activation.n
    return []


def _corto_do(state: VrState, seat: str, agent_id: str, at: str, with_: str) -> list[Event]:
    if at != "refresh":
        return []
    refresh_all(state)
    return [public("verse", f"{seat} refreshes the Verse row.")]


def _ivan_do(state: VrState, seat: str, agent_id: str, at: str, with_: str) -> list[Event]:
    if not at:
        return []
    owner = state.servers.pop(here(state))
    return [public("server", f"{seat} moves {owner}'s Server to {borough_name(at)}.")] + place_server(
        state, owner, at
    )


def _steal(state: VrState, seat: str, agent_id: str, at: str, with_: str) -> list[Event]:
    if not at:
        return []
    state.p(at).imm -= 1
    state.p(seat).imm += 1
    return [public("steal", f"{seat} steals 1 Immunity from {at}.")]


def _give(state: VrState, seat: str, agent_id: str, at: str, with_: str) -> list[Event]:
    if not at:
        return []
    state.p(seat).hand.remove(with_)
    state.p(at).hand.append(with_)
    return [
        public("give", f"{seat} gives a Corruption card to {at}."),
        private([seat, at], "given", f"The card given: {corruption_label(with_)}."),
    ]


def _swap(state: VrState, seat: str, agent_id: str, at: str, with_: str) -> list[Event]:
    """Ruling A29: the outgoing Agent takes the vacated space (the token stays), reset upright."""
    if not at:
        return []
    player = state.p(seat)
    slot = int(with_) - 1
    where = state.located[slot]
    incoming = take_agent(state, slot)
    outgoing = next(d for d in player.duty if d.agent == at)
    player.duty[player.duty.index(outgoing)] = Duty(agent=incoming)
    state.slots[slot] = at
    state.located[slot] = where
    return [public("swap", f"{seat} swaps {agent_name(at)} for {agent_name(incoming)}.")]


def _tropovicz(state: VrState, seat: str, agent_id: str, at: str, with_: str) -> list[Event]:
    state.p(seat).ec += 3
    return remove_it(state, here(state), by=seat)


EXTRA: dict[str, Callable[[VrState, str, str, str, str], list[Event]]] = {
    "none": _none,
    "donation_if_districts": _donation,
    "remove_adjacent": _remove_at,
    "add_anywhere": _add_at,
    "add_adjacent": _add_at,
    "verse_bonus_again": _again,
    "viscount": _viscount_do,
    "income": _income,
    "refresh_display": _corto_do,
    "move_server": _ivan_do,
    "steal_immunity": _steal,
    "give_corruption": _give,
    "swap_agent": _swap,
    "ec_and_remove": _tropovicz,
}


def activation_intent(agent_id: str, target: Target) -> Intent:
    at, with_ = target
    args: dict[str, str | int] = {"agent": agent_id}
    if at:
        args["at"] = at
    if with_.isdigit():
        args["slot"] = int(with_)
    elif with_:
        args["with"] = with_
    return Intent.of("activate", **args)
