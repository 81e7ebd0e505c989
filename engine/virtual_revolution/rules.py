"""The rules registry of Virtual Revolution and the small queries every part shares: names, the Agents a
player owns, Corruption draws, costs with Necro markers and Boosts."""

from __future__ import annotations

from functools import lru_cache

from engine.core import Event, Intent, private, public
from engine.core.actions import Action
from engine.core.intent import Value
from engine.core.labels import fit
from engine.core.rules import Rules

from .pack import GENRE_NAMES, AgentCard, BoostLine, CorruptionCard, Pack, pack
from .state import Player, VrState

RULES: Rules[VrState] = Rules()

BASE_COST = {"recruit": 4, "server": 10, "verse": 7}
WORK_GAIN = 5
DONATION_COSTS = {1: 1, 2: 3}
INSURRECTION_COSTS = {1: 2, 2: 4}
"""Ruling A20: "between 2 and 4 Eurocredits" is 2 for one card and 4 for two."""


FREE_ACTIONS = ("activate", "promote", "title", "collect", "online", "trade")
"""The free actions: "at any point during their turn, a Player may" use them (ruling V-15)."""


def free_asides(state: VrState, seat: str) -> list[str]:
    """The free actions ``seat`` may take while a card's question is open in its own turn (ruling V-15): none
    outside its turn, nor when it has none to take (then a question with one answer is applied at once, as
    ever). Whether it has any is public (its Agents, Titles, Recycle Area and Verses are)."""
    if state.ctx.seat != seat or state.ctx.borough is None or state.waiting.find("turn") is None:
        return []
    if not any(RULES.actions[kind].options(state, seat) for kind in FREE_ACTIONS):
        return []
    return list(FREE_ACTIONS)


def P(given: Pack | None = None) -> Pack:
    """The pack in use: ``given`` when the caller holds it already (a count or a listing that reads the pack
    many times keeps the one it got), else :func:`.pack.pack`."""
    return given if given is not None else pack()


def agent(agent_id: str) -> AgentCard:
    return P().agents[agent_id]


def neighbours() -> dict[str, list[str]]:
    """Each Borough's adjacent Boroughs, by label ("2"), in order (the map is public; views carry no
    adjacency)."""
    graph = P().graph

    def order(label: str) -> tuple[int, str]:
        return (int(label), label) if label.isdigit() else (10**6, label)

    return {b: sorted((P().label(n) for n in graph.neighbours(b)), key=order) for b in P().boroughs}


def borough_name(borough: str, pack_now: Pack | None = None) -> str:
    return f"Borough {P(pack_now).label(borough)}"


def verse_name(verse: str) -> str:
    return P().verses[verse].name


def agent_name(agent_id: str) -> str:
    return P().agents[agent_id].name


def owned_agents(player: Player, pack_now: Pack | None = None) -> list[str]:
    """Agents a player owns for scoring: on Duty, Retired and turned into Boosts (not Boost cards).
    ``pack_now``: the pack in use, when the caller has it already."""
    agents = P(pack_now).agents
    boosts = [b for ids in player.boosts.values() for b in ids if b in agents]
    return [d.agent for d in player.duty] + list(player.retired) + boosts


def type_of(player: Player, agent_id: str) -> str:
    if agent_id == "tropovicz" and player.tropovicz and agent_id not in [d.agent for d in player.duty]:
        return player.tropovicz
    return agent(agent_id).type


def boost_lines(player: Player, action: str) -> list[BoostLine]:
    out: list[BoostLine] = []
    for b in player.boosts.get(action, []):
        card = P().agents.get(b)
        line = card.boost if card is not None else P().boosts.get(b)
        if line is not None:
            out.append(line)
    return out


def boost_count(player: Player) -> int:
    return sum(len(ids) for ids in player.boosts.values())


def cost(state: VrState, seat: str, action: str) -> int:
    player = state.p(seat)
    return player.markers.get(action, BASE_COST.get(action, 0))


def draw_corruption(state: VrState, seat: str, count: int = 1) -> list[Event]:
    """Draw Corruption cards into a hand ("If the Corruption cards deck is depleted, shuffle the discard pile
    and create a new deck"; with both empty nothing is drawn, ruling A48)."""
    drawn = state.corruption.draw(state.rng, count)
    state.p(seat).hand += drawn
    if not drawn:
        return [public("corruption", f"{seat} draws no Corruption card: the deck and discard are empty.")]
    names = ", ".join(corruption_label(c) for c in drawn)
    return [
        public("corruption", f"{seat} draws {len(drawn)} Corruption card{'s' if len(drawn) > 1 else ''}."),
        private(seat, "corruption_drawn", f"You drew: {names}."),
    ]


def discard_corruption(state: VrState, seat: str, cards: list[str]) -> None:
    hand = state.p(seat).hand
    for card in cards:
        hand.remove(card)
    state.corruption.discard(*cards)


def corruption_label(card_id: str, pack_now: Pack | None = None) -> str:
    """What a Corruption card says ("Lose 2 Eurocredits"), written once per card of the pack in use
    (``pack_now``, when the caller has it already)."""
    pack_now = P(pack_now)
    labels = _corruption_labels(pack_now)
    label = labels.get(card_id)
    if label is None:
        label = labels[card_id] = _corruption_text(pack_now, pack_now.corruption[card_id])
    return label


@lru_cache(maxsize=4)
def _corruption_labels(pack_now: Pack) -> dict[str, str]:
    """The labels of ``pack_now``'s Corruption cards written so far (a loaded pack never changes; raids and
    Donations name the same few cards again and again)."""
    return {}


def _corruption_text(pack_now: Pack, card: CorruptionCard) -> str:
    names = pack_now.district_names
    if card.template == "remove_influence":
        return "Remove 1 Influence in " + " or ".join(names[d] for d in card.districts)
    if card.template == "remove_server":
        return "Remove a Server in " + " or ".join(names[d] for d in card.districts)
    if card.template == "discard_boost":
        return "Discard a Boost under " + " or ".join(SHORT_ACTIONS[a] for a in card.actions)
    if card.template == "discard_verse":
        return "Discard a " + " or ".join(GENRE_NAMES[g] for g in card.genres) + " Verse"
    if card.template == "discard_agent":
        return f"Discard a {str(card.agent).capitalize()} on Duty"
    return FIXED[card.template]


FIXED = {"lose_immunity": "Lose 1 Immunity", "lose_ec": "Lose 2 Eurocredits", "income_down": "Lose 1 Income"}
"""The Corruption cards without a parameter."""
SHORT_ACTIONS = {
    "work": "Work",
    "recruit": "Recruit",
    "server": "Server",
    "verse": "Verse",
    "donate": "Donation",
}
"""The Actions as a Corruption card names them ("under Work or Recruit")."""


def quoted(cards: list[str]) -> str:
    """Corruption cards by what they say: "'Lose 2 Eurocredits' and 'Lose 1 Income'"."""
    names = [f"'{corruption_label(c)}'" for c in cards]
    return " and ".join([", ".join(names[:-1]), names[-1]] if len(names) > 1 else names)


def design(card_id: str, pack_now: Pack | None = None) -> str:
    """Cards with the same printed effect are the same choice: one is offered for all of them."""
    return corruption_label(card_id, pack_now)


def distinct_cards(hand: list[str]) -> list[str]:
    seen: dict[str, str] = {}
    for card in hand:
        seen.setdefault(design(card), card)
    return list(seen.values())


def gain_ec(state: VrState, seat: str, amount: int) -> None:
    player = state.p(seat)
    player.ec = max(0, player.ec + amount)


def change_income(state: VrState, seat: str, amount: int) -> None:
    player = state.p(seat)
    player.income = max(0, player.income + amount)


def borough_named(state: VrState, value: Value) -> str:
    return borough_name(str(value))


def agent_named(state: VrState, value: Value) -> str:
    return agent_name(str(value))


def verse_named(state: VrState, value: Value) -> str:
    return verse_name(str(value))


def district_named(state: VrState, value: Value) -> str:
    return P().district_names[str(value)]


class VrAction(Action[VrState]):
    """An action whose label without arguments (a refusal listing what is possible) is its summary."""

    def refusal(self, state: VrState, seat: str, intent: Intent) -> str | None:
        if self.kind != "director" and state.ctx.seat == seat and state.ctx.borough is None:
            return "Place a Director first: every turn begins with it."
        return None

    def safe_label(self, state: VrState, intent: Intent) -> str:
        if not intent.args and self.summary:
            return fit(self.summary)
        return super().safe_label(state, intent)
