"""The shared conformance suite run on Virtual Revolution before it is registered (``GAME`` is not exported
yet): the game is registered for each test and removed after."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from engine.core import register, unregister
from engine.virtual_revolution.game import VIRTUAL_REVOLUTION
from tests.engine import test_conformance as suite

ID = "virtual_revolution"


@pytest.fixture(autouse=True)
def registered() -> Iterator[None]:
    register(VIRTUAL_REVOLUTION)
    yield
    unregister(ID)


@pytest.mark.parametrize("seed", suite.PLAYOUT_SEEDS)
def test_random_option_playouts_end_with_views(seed: int) -> None:
    suite.test_random_option_playouts_end_with_views(ID, seed)


@pytest.mark.parametrize("seed", suite.REF_SEEDS)
def test_prompt_refs_name_one_decision(seed: int) -> None:
    suite.test_prompt_refs_name_one_decision(ID, seed)


@pytest.mark.parametrize("seed", suite.FUZZ_SEEDS)
def test_hostile_intents_are_refused_in_plain_words(seed: int) -> None:
    suite.test_hostile_intents_are_refused_in_plain_words(ID, seed)


@pytest.mark.parametrize("seed", suite.CONTRACT_SEEDS)
def test_replay_defaults_labels_and_secrets(seed: int) -> None:
    suite.test_replay_of_the_intent_log_is_exact(ID, seed)
    suite.test_prompts_defaults_labels_and_idle_seats(ID, seed)
    suite.test_a_game_played_only_on_defaults_ends(ID, seed)
    suite.test_a_secret_choice_is_invisible_to_every_other_viewer(ID, seed)


def test_options_are_varied() -> None:
    import random

    model = VIRTUAL_REVOLUTION.meta.options
    draws = [suite.random_options(model, random.Random(seed)) for seed in range(40)]
    for name in model.model_fields:
        assert len({repr(d[name]) for d in draws}) > 1, name
