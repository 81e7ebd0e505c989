"""A bare table for rules scenarios: two or more Agents on an empty map, in their turn, with dice scripted."""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from engine.core import Intent
from engine.core.rng import Rng
from engine.ipa_agents.game import IPA
from engine.ipa_agents.state import IpaState


def table(seats: int = 2, **options: Any) -> IpaState:
    """A game in round 1, the first seat in turn, on a map without walls or Events."""
    state = IPA.setup([f"p{i}" for i in range(1, seats + 1)], 7, {"battle_map": "standard_5", **options})
    state.walls, state.events = [], []
    return state


def place(state: IpaState, **cells: str) -> None:
    for seat, cell in cells.items():
        state.agents[seat].cell = cell


def hand(state: IpaState, seat: str, *cards: str) -> None:
    state.agents[seat].hand = [c if "." in c else f"{c}.1" for c in cards]


@contextmanager
def dice(*faces: int) -> Iterator[None]:
    """Script the dice: each roll takes the next faces."""
    queue = list(faces)
    original = Rng.roll

    def roll(self: Rng, n: int = 1, sides: int = 6) -> list[int]:
        if len(queue) >= n:
            out = queue[:n]
            del queue[:n]
            return out
        return original(self, n, sides)

    Rng.roll = roll  # type: ignore[method-assign]
    try:
        yield
    finally:
        Rng.roll = original  # type: ignore[method-assign]


def act(state: IpaState, seat: str, key: str) -> tuple[IpaState, list[str]]:
    new, events = IPA.apply(state, seat, Intent.parse(key))
    return new, [e.text for e in events if e.audience is None]


def answer_all(state: IpaState) -> IpaState:
    """Let every open reaction window close with 'No reaction' and every defensive roll be rolled."""
    for _ in range(50):
        prompts = IPA.prompts(state)
        kinds = {p.kind for p in prompts}
        if not prompts or kinds == {"turn"} or "round_end" in kinds:
            return state
        p = prompts[0]
        key = "defend:roll=yes" if p.kind == "defend" else p.default.key()
        state, _ = IPA.apply(state, p.seat, Intent.parse(key))
    return state


HOUSE_PACK = Path(__file__).resolve().parents[3] / "data" / "ipa_agents"
SPARE = "pocket_pistol"
"""The house card whose copies make room for a test pack's extra cards (the box holds 200)."""


def example_pack(folder: Path, monkeypatch: pytest.MonkeyPatch, *cards: dict[str, Any]) -> None:
    """Play on a test-only pack: the house pack with ``cards`` added (one copy each, in place of copies
    of the Pocket Pistol), loaded through ``ARBITER_DATA`` for the rest of the test. The house pack is
    never changed."""
    shutil.copytree(HOUSE_PACK, folder / "ipa_agents")
    path = folder / "ipa_agents" / "cards.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    spare = next(c for c in data["cards"] if c["id"] == SPARE)
    spare["copies"] -= sum(c.get("copies", 1) for c in cards)
    data["cards"] += list(cards)
    path.write_text(json.dumps(data), encoding="utf-8")
    monkeypatch.setenv("ARBITER_DATA", str(folder))


def inflict(state: IpaState, card: str, seat: str = "p1", at: str = "a2") -> IpaState:
    """``seat`` plays ``card`` on ``at`` (one of its own with Intellect 9); the target's defensive roll fails;
    the turn ends."""
    state.agents[seat].abilities["intellect"] = 9
    hand(state, seat, card)
    with dice(2, 3):
        state, _ = act(state, seat, f"play:card={card}.1,at={at}")
        state, _ = act(state, f"p{at[1]}", "defend:roll=yes")
        state = answer_all(state)
    state, _ = act(state, seat, "end")
    return state
