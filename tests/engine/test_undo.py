"""Undo by consent, for every registered game (engine/core/undo.py).

After each intent of seeded random playouts, the player who just acted asks to take it back. The checks:
- an allowed undo returns exactly to the dump before that intent;
- an allowed undo revealed nothing hidden: with every face-down pile reordered and the random generator
  changed (which leaves every view of the earlier state as it was), replaying the undone intents gives
  every seat the same view. This oracle does not use the rule it checks;
- a refusal names what was revealed, and the rule both allows and refuses somewhere in every game.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import engine
from engine.core import Deck, RandomAgent, RuleError
from engine.core.playout import choose, next_decision
from engine.core.undo import plan, plan_from_log
from tests.engine.test_conformance import GAMES, _table
from tests.support.sweep import sweep
from tests.support.toygame import TOY

UNDO_SEEDS = range(3)


def _played(game: Any, seats: list[str], seed: int, options: dict[str, Any], limit: int = 400) -> Any:
    state = game.setup(seats, seed, options)
    states, events, log = [state], [], []
    agents = {s: RandomAgent(seed * 13 + i) for i, s in enumerate(seats)}
    while game.outcome(state) is None and len(log) < limit:
        seat = next_decision(game, state)
        assert seat is not None
        intent, legal = choose(game, state, seat, agents[seat])
        state, produced = game.apply_chosen(state, seat, intent, legal)
        states.append(state)
        events.append(produced)
        log.append((seat, intent.key()))
    return states, events, log


def _reshuffled(game: Any, state: Any, rng: random.Random) -> Any:
    """``state`` with its hidden stock changed: every face-down pile reordered, another generator."""
    other = game.copy(state)
    other.rng.seed ^= 0x5BD1E995

    def visit(value: Any) -> None:
        if isinstance(value, Deck):
            rng.shuffle(value.cards)
        elif hasattr(type(value), "model_fields"):
            for name in type(value).model_fields:
                item = getattr(value, name)
                if isinstance(item, list) and (name == "deck" or name.endswith("_deck")):
                    rng.shuffle(item)
                else:
                    visit(item)
        elif isinstance(value, dict):
            for item in value.values():
                visit(item)
        elif isinstance(value, list):
            for item in value:
                visit(item)

    visit(other)
    return other


def _views(game: Any, state: Any, seats: list[str]) -> list[Any]:
    return [game.view(state, seat) for seat in [None, *seats]]


def _replays_blind(
    game: Any, start: Any, undone: list[tuple[str, str]], seats: list[str], target: Any, rng: random.Random
) -> bool | None:
    """Whether the undone intents, replayed on ``start`` with its hidden stock changed, give the views of
    ``target``; None when the change shows in ``start``'s own views (the oracle says nothing then)."""
    other = _reshuffled(game, start, rng)
    if _views(game, other, seats) != _views(game, start, seats):
        return None
    try:
        for seat, key in undone:
            other, _ = game.apply(other, seat, game.parse_intent(key))
    except RuleError:
        return False
    return _views(game, other, seats) == _views(game, target, seats)


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("seed", sweep(UNDO_SEEDS, quick=1))
def test_an_undo_is_allowed_only_when_nothing_hidden_was_revealed(game_id: str, seed: int) -> None:
    game = engine.get(game_id)
    seats, options = _table(game, seed)
    states, events, log = _played(game, seats, seed, options)
    rng = random.Random(seed)
    allowed = refused = 0
    for n in range(1, len(log) + 1):
        requester = log[n - 1][0]
        undo = plan(states[: n + 1], events[:n], log[:n], requester)
        if not undo.allowed:
            refused += 1
            assert undo.refusal and "since" in undo.refusal or states[n].result is not None, undo.refusal
            continue
        allowed += 1
        assert undo.undone == log[undo.keep : n] and undo.undone[0][0] == requester
        assert game.dump(undo.state) == game.dump(states[undo.keep])
        blind = _replays_blind(game, undo.state, undo.undone, seats, states[n], rng)
        assert blind is not False, f"undo of {undo.undone} at intent {n} took back hidden information"
    assert allowed and refused, (allowed, refused)


def test_plan_from_log_replays_and_names_the_reason() -> None:
    """A High Card pick is secret: taking it back before the reveal is refused ("shown to some players
    only"), as is anything after the reveal of the cards."""
    seats = ["ann", "bo", "cy"]
    state = TOY.setup(seats, seed=1)
    key = TOY.legal(state, "ann")[0].key()
    undo = plan_from_log(TOY, seats, 1, None, [("ann", key)], "ann")
    assert not undo.allowed and "some players only" in (undo.refusal or "")
    nobody = plan_from_log(TOY, seats, 1, None, [("ann", key)], "bo")
    assert nobody.refusal == "You have made no move to take back."
