"""End of Game Scoring: "2 VPs per +2 VPs token ... 1 VP per 5 Eurocredits, 1 VP per Income level, 2 VPs per
controlled Borough, 10 VPs per Title ... 1 VP per Agent (+5 VPs per trio of Agents of different types)", the
Server table 1/3/6/10/15/21/28, the Online Verses ("can not score more than 10 VPs") and one Objective ("can
not grant more than 30 VPs"). "The player with the most VPs wins the game. In case of a tie, the Player with
the most Eurocredits wins. If there is still a tie, the tied Players share the victory." """

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from .cardtext import PER_SEATS
from .control import controlled, on_map, servers_of
from .pack import AGENT_TYPES, DISTRICTS, GENRES, ObjectiveCard, Op, Pack
from .rules import P, boost_count, owned_agents
from .state import Player, VrState

SERVER_VP = {0: 0, 1: 1, 2: 3, 3: 6, 4: 10, 5: 15, 6: 21, 7: 28}
PER_BOROUGH = PER_SEATS["boroughs"]
PER_EMPTY_DISTRICT = PER_SEATS["empty_districts"]
PER_TITLE = PER_SEATS["titles"]

BREAKDOWN_NAMES = {
    "tokens": "+2 VP tokens",
    "eurocredits": "Eurocredits",
    "income": "Income",
    "boroughs": "Boroughs",
    "titles": "Titles",
    "agents": "Agents",
    "servers": "Servers",
    "verses": "Verses",
    "objective": "Objective",
    "penalty": "Computer Virus",
}
"""The parts of a score, as the scorepad names them."""


def breakdown_text(parts: dict[str, int]) -> str:
    """ "3 for Eurocredits, 11 for Income" (the parts that score)."""
    return ", ".join(f"{v} for {BREAKDOWN_NAMES.get(k, k)}" for k, v in parts.items() if v)


def agent_types(player: Player, tropovicz: str | None, pack_now: Pack | None = None) -> list[str]:
    """Types of the Agents owned; a promoted Mme Tropovicz counts as the type chosen (ruling A46).
    ``pack_now`` (here and below): the pack in use, when the caller has it already (scores are counted
    for every answer a deadline tries)."""
    out = []
    pack_now = P(pack_now)
    cards = pack_now.agents
    for a in owned_agents(player, pack_now):
        promoted = a == "tropovicz" and a not in [d.agent for d in player.duty]
        out.append(tropovicz if promoted and tropovicz and player.tropovicz else cards[a].type)
    return out


def trios(types: list[str]) -> int:
    return min(types.count(t) for t in AGENT_TYPES)


def genres_owned(player: Player, pack_now: Pack | None = None) -> Counter[str]:
    verses = P(pack_now).verses
    return Counter(verses[h.verse].genre for h in player.verses)


def empty_districts(state: VrState, seat: str) -> int:
    pack_now = P()
    mine = {pack_now.district_of(b) for b, owner in state.owner.items() if owner == seat}
    return sum(1 for d in DISTRICTS if d not in mine)


def _extreme(state: VrState, seat: str, value: dict[str, int], most: bool) -> bool:
    target = max(value.values()) if most else min(value.values())
    return value[seat] == target


def verse_points(state: VrState, seat: str, op: Op, types: list[str]) -> int:
    """The scoring ops of the Verses ("even if tied": every tied player scores, ruling A44)."""
    player = state.p(seat)
    ec = {s: state.p(s).ec for s in state.seats}
    its = {s: on_map(state, s) for s in state.seats}
    values: dict[str, Callable[[], int]] = {
        "per_agent_type": lambda: types.count(op.agent or ""),
        "per_genre": lambda: genres_owned(player)[op.genre or ""],
        "boroughs_in": lambda: sum(1 for b in controlled(state, seat) if P().district_of(b) in op.districts),
        "trios": lambda: trios(types),
        "fewest_ec": lambda: int(_extreme(state, seat, ec, most=False)),
        "most_ec": lambda: int(_extreme(state, seat, ec, most=True)),
        "most_it": lambda: int(_extreme(state, seat, its, most=True)),
        "fewest_it": lambda: int(_extreme(state, seat, its, most=False)),
        "districts_without_it": lambda: empty_districts(state, seat),
        "hand_at_final_raid": lambda: player.final_hand,
        "boroughs_2plus": lambda: sum(
            1 for b, n in state.tokens.items() if n >= 2 and state.owner.get(b) == seat
        ),
        "recycled": lambda: state.recycle.get(seat, 0),
        "boosts": lambda: boost_count(player),
        "boost_actions": lambda: sum(1 for ids in player.boosts.values() if ids),
        "servers": lambda: len(servers_of(state, seat)),
        "immunity": lambda: player.imm,
    }
    count = values.get(op.op)
    return op.vp * count() if count else 0


def objective_points(
    state: VrState,
    seat: str,
    card: ObjectiveCard,
    types: list[str],
    param: str = "",
    pack_now: Pack | None = None,
) -> tuple[int, str]:
    """(points before the cap, the type named) for the Objective kept. On "Choose a type of Verse" and "Choose
    a type of Agent" the type is the player's (``param``); without one, the type that scores best."""
    player = state.p(seat)
    n = len(state.seats)
    pack_now = P(pack_now)
    genres = genres_owned(player, pack_now)
    if card.op == "one_genre":
        genre = param if param in GENRES else max(GENRES, key=lambda g: genres[g])
        return 7 * genres[genre], genre
    if card.op == "agent_type":

        def value(t: str) -> int:
            owned = owned_agents(player, pack_now)
            levels = [pack_now.agents[a].level for a, kind in zip(owned, types, strict=True) if kind == t]
            return 7 * levels.count(1) + 10 * levels.count(2)

        kind = param if param in AGENT_TYPES else max(AGENT_TYPES, key=value)
        return value(kind), kind
    simple: dict[str, Callable[[], int]] = {
        "income_pairs": lambda: 3 * (player.income // 2),
        "servers": lambda: 5 * len(servers_of(state, seat)),
        "verses": lambda: 5 * len(player.verses),
        "genres": lambda: 7 * sum(1 for g in genres if genres[g]),
        "boroughs": lambda: PER_BOROUGH[n] * len(controlled(state, seat, pack_now)),
        "empty_districts": lambda: PER_EMPTY_DISTRICT[n] * empty_districts(state, seat),
        "titles": lambda: PER_TITLE[n] * sum(1 for h in state.titles.values() if h == seat),
        "money": lambda: player.ec // 2 + player.income,
    }
    return simple[card.op](), ""


def breakdown(
    state: VrState,
    seat: str,
    objective: str | None,
    tropovicz: str | None = None,
    param: str = "",
    pack_now: Pack | None = None,
) -> dict[str, int]:
    player = state.p(seat)
    mods = player.end
    pack_now = P(pack_now)
    types = agent_types(player, tropovicz, pack_now)
    out = {
        "tokens": 2 * player.plus2,
        "eurocredits": player.ec // 5,
        "income": player.income,
        "boroughs": 2 * len(controlled(state, seat, pack_now)),
        "titles": mods.title_value * sum(1 for h in state.titles.values() if h == seat),
        "agents": len(types) + mods.trio_value * trios(types),
        "servers": SERVER_VP[min(7, len(servers_of(state, seat)))],
        "verses": sum(
            min(verse_points(state, seat, pack_now.verses[h.verse].scoring, types), mods.verse_cap)
            for h in player.verses
            if h.online
        ),
        "objective": 0,
        "penalty": -mods.penalty,
    }
    if objective is not None:
        points, _ = objective_points(state, seat, pack_now.objectives[objective], types, param, pack_now)
        out["objective"] = min(points, mods.objective_cap)
    return out


def tropovicz_types(state: VrState, seat: str) -> list[str]:
    """The types a promoted Mme Tropovicz may be declared ("choose which type of Agent this is: Fighter, Tech
    or
    Diplomat"); none when she was not promoted with her ability."""
    return list(AGENT_TYPES) if state.p(seat).tropovicz else []


def best_tropovicz(state: VrState, seat: str, objective: str | None, param: str = "") -> str | None:
    """The type that scores best with this Objective: the deadline's answer and the agent's estimate (the
    player declares it at the scoring, see :mod:`.finish`)."""
    kinds = tropovicz_types(state, seat)
    if not kinds:
        return None
    return max(kinds, key=lambda t: sum(breakdown(state, seat, objective, t, param).values()))


def total(state: VrState, seat: str, objective: str | None, param: str = "") -> int:
    trop = best_tropovicz(state, seat, objective, param)
    return sum(breakdown(state, seat, objective, trop, param).values())
