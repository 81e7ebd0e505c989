"""engine.core.clone: the structural copy ``apply`` changes, in place of the JSON round trip."""

from __future__ import annotations

import enum
from typing import Any

import pytest
from pydantic import BaseModel, ConfigDict, PrivateAttr

import engine
from engine.core.agents import RandomAgent
from engine.core.clone import clone
from engine.core.playout import advance

GAMES = ["gamedec", "infamy", "ipa_agents", "nakamura_tower", "virtual_revolution"]


def _mutables(value: Any, found: dict[int, Any]) -> dict[int, Any]:
    """Every list, dict, set and unfrozen model reachable from ``value``, by id."""
    if isinstance(value, BaseModel):
        if not value.model_config.get("frozen"):
            found[id(value)] = value
        for item in value.__dict__.values():
            _mutables(item, found)
    elif isinstance(value, (list, dict, set)):
        found[id(value)] = value
        for item in value.values() if isinstance(value, dict) else value:
            _mutables(item, found)
    elif isinstance(value, tuple):
        for item in value:
            _mutables(item, found)
    return found


def _mid_game(game_id: str, steps: int) -> Any:
    game = engine.get(game_id)
    seats = [f"p{i + 1}" for i in range(game.meta.min_seats)]
    agents = {s: RandomAgent(5 + i) for i, s in enumerate(seats)}
    return game, advance(game, game.setup(seats, 21), agents, steps)


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("steps", [0, 30, 90])
def test_a_state_clone_dumps_as_the_original_and_shares_nothing_mutable(game_id: str, steps: int) -> None:
    game, state = _mid_game(game_id, steps)
    copied = game.copy(state)
    assert type(copied) is type(state)
    assert game.dump(copied) == game.dump(state)
    assert copied.model_fields_set == state.model_fields_set
    shared = _mutables(state, {}).keys() & _mutables(copied, {}).keys()
    assert not shared, f"{len(shared)} mutable objects shared between a state and its copy"


@pytest.mark.parametrize("game_id", GAMES)
def test_playing_on_from_a_clone_leaves_the_original_as_it_was(game_id: str) -> None:
    game, state = _mid_game(game_id, 20)
    before = game.dump(state)
    agents = {s: RandomAgent(99) for s in state.seats}
    later = advance(game, game.copy(state), agents, 40)
    assert game.dump(state) == before
    assert game.dump(later) != before


class Colour(enum.Enum):
    RED = "red"


class Leaf(BaseModel):
    model_config = ConfigDict(frozen=True)
    name: str
    colour: Colour = Colour.RED


class Box(BaseModel):
    marks: list[int] = []
    pair: tuple[int, ...] = ()
    leaves: list[Leaf] = []
    by_name: dict[str, list[str]] = {}
    maybe: Box | None = None
    anything: Any = None


class Cached(BaseModel):
    value: int = 0
    _memo: dict[str, int] = PrivateAttr(default_factory=dict)


def test_frozen_models_of_atoms_are_shared_and_everything_else_copied() -> None:
    leaf = Leaf(name="a")
    box = Box(marks=[1], leaves=[leaf], by_name={"x": ["y"]}, maybe=Box(marks=[2]), anything={"k": [3]})
    copied = clone(box)
    assert copied.leaves[0] is leaf
    assert copied.marks is not box.marks and copied.by_name["x"] is not box.by_name["x"]
    assert copied.maybe is not None and box.maybe is not None and copied.maybe.marks is not box.maybe.marks
    assert copied.anything == {"k": [3]} and copied.anything["k"] is not box.anything["k"]
    assert copied.model_dump_json() == box.model_dump_json()


def test_one_list_referenced_twice_becomes_two_lists_as_in_the_json_round_trip() -> None:
    shared = [1, 2]
    box = Box(maybe=Box())
    box.marks = shared
    assert box.maybe is not None
    box.maybe.marks = shared
    copied = clone(box)
    assert copied.maybe is not None
    copied.marks.append(3)
    assert copied.maybe.marks == [1, 2]


def test_a_list_stored_in_a_tuple_field_is_copied_not_shared() -> None:
    box = Box()
    box.pair = [1, 2]  # type: ignore[assignment]  # rules without validation on assignment could do it
    copied = clone(box)
    assert copied.pair == [1, 2] and copied.pair is not box.pair


def test_a_model_with_private_attributes_gets_them_reset_as_validation_does() -> None:
    cached = Cached(value=4)
    cached._memo["seen"] = 1
    copied = clone(cached)
    assert copied.value == 4 and copied._memo == {}
