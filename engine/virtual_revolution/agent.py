"""A heuristic agent for Virtual Revolution (filled in below)."""

from __future__ import annotations

from typing import Any

from engine.core import Intent, Rng


class HeuristicAgent:
    name = "heuristic"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed=seed)

    def choose(self, game: Any, state: Any, seat: str, legal: list[Intent]) -> Intent:
        return legal[self.rng.below(len(legal))]
