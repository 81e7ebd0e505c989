"""A heuristic agent for IPA: The Agents: attack when it can, otherwise close in on the nearest enemy,
buy Sentries and boosts with spare credits, pick up Events, never forgo a defensive roll, play a Rift when
offered, and keep the hand within its limit."""

from __future__ import annotations

from typing import Any

from engine.core import Intent, Rng
from engine.core.agents import SampledAgent
from engine.core.search import SearchAgent, margin

from .rules import card_of, distance, seat_of_unit
from .sides import allied

PREFER = ("loot", "rift", "shoot", "play", "focus", "pickup", "train", "takeover", "upgrade")


class HeuristicAgent(SampledAgent):
    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.rng = Rng(seed=seed)

    def pick(self, game: Any, state: Any, seat: str, legal: list[Intent]) -> Intent:
        legal = [i for i in legal if not self._at_ally(state, seat, i)] or legal
        kinds = {i.kind for i in legal}
        if "defend" in kinds:
            return Intent.of("defend", roll="yes")
        if "ready" in kinds:
            return self._ready(state, seat, legal)
        for kind in PREFER:
            found = [i for i in legal if i.kind == kind]
            if found:
                return self._best(state, seat, kind, found)
        buy = self._buy(state, seat, legal)
        if buy is not None:
            return buy
        moves = [i for i in legal if i.kind == "move" and i.get("unit") == state.agents[seat].unit]
        if moves:
            return self._move(state, seat, moves)
        discard = self._trim(state, seat, legal)
        if discard is not None:
            return discard
        ends = [i for i in legal if i.kind in ("end", "pass")]
        return ends[0] if ends else legal[self.rng.below(len(legal))]

    @staticmethod
    def _at_ally(state: Any, seat: str, intent: Intent) -> bool:
        """Never aim at one's own side (teams), and never bring an enemy back to life."""
        at = intent.get("at") if intent.kind in ("play", "shoot", "focus") else None
        if not isinstance(at, str):
            return False
        owner = seat_of_unit(state, at)
        if owner is None:
            return False
        instance = intent.get("card")
        if intent.kind == "play" and isinstance(instance, str) and card_of(instance).revives():
            return not allied(state, owner, seat)
        return allied(state, owner, seat)

    def _ready(self, state: Any, seat: str, legal: list[Intent]) -> Intent:
        agent = state.agents[seat]
        stat = min(("strength", "precision", "intellect"), key=lambda a: agent.abilities[a])
        want = Intent.of("ready", draw="yes", point=stat)
        return want if want in legal else legal[0]

    def _best(self, state: Any, seat: str, kind: str, found: list[Intent]) -> Intent:
        if kind == "play":
            return max(found, key=lambda i: (i.get("at") is not None, card_of(str(i.get("card"))).price))
        return found[0]

    def _buy(self, state: Any, seat: str, legal: list[Intent]) -> Intent | None:
        agent = state.agents[seat]
        for item in ("sentry", "life_boost" if agent.life < agent.max_life - 3 else "", "speed_boost"):
            found = [i for i in legal if i.kind == "buy" and i.get("item") == item]
            if found:
                return found[0]
        over = len(agent.hand) - 7
        sells = [i for i in legal if i.kind == "sell"]
        if over > 0 and sells:
            return sells[0]
        return None

    def _move(self, state: Any, seat: str, moves: list[Intent]) -> Intent:
        agent = state.agents[seat]
        enemies = [a.cell for a in state.agents.values() if a.alive and not allied(state, a.seat, seat)]
        events = [e.cell for e in state.events]
        goals = events[:0] + enemies
        if not goals:
            return moves[0]

        def score(i: Intent) -> tuple[int, int]:
            to = str(i.get("to"))
            on_event = 0 if to in events else 1
            return (min(distance(to, g) for g in goals) + 2 * on_event, on_event)

        best = min(moves, key=score)
        here = min(distance(agent.cell, g) for g in goals)
        return best if score(best)[0] < here + 2 else moves[0]

    def _trim(self, state: Any, seat: str, legal: list[Intent]) -> Intent | None:
        agent = state.agents[seat]
        if len(agent.hand) > 7:
            drops = [i for i in legal if i.kind == "discard"]
            return drops[0] if drops else None
        return None


def estimate(state: Any, seat: str) -> float:
    """How well ``seat`` stands in [0, 1] (for the search agent's playouts stopped short of the end): its
    score against the best other seat's."""
    scores = {s: float(state.agents[s].life if state.agents[s].alive else -5) for s in sorted(state.agents)}
    return margin(scores.pop(seat, 0.0), list(scores.values()), 4.0)


def search_agent(seed: int = 0) -> SearchAgent:
    """The search agent of this game: playouts by the heuristic agent, judged by :func:`estimate`."""
    return SearchAgent(seed, HeuristicAgent, estimate)
