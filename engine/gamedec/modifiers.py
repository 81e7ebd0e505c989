"""The modifiers of a test, as one ledger each (engine/core's kits): the roll, the prompt texts, the hand
view and the agent's odds all read them. RB: "Test: 2d6 + Skills + Equipment + Assists - Wounds -
Sabotages >= Difficulty Level"."""

from __future__ import annotations

from fractions import Fraction

from engine.core.kits.ledger import TWO_D6, Ledger, chance

from . import rules as R
from .board import REALIUM
from .pack import Task, load_pack
from .state import GamedecState


def lag_on(state: GamedecState, space: str) -> bool:
    return space in state.lags or (space == state.target and state.target_lag)


def skill_ledger(state: GamedecState, seat: str, skills: list[str], space: str) -> Ledger:
    """Skills held on the card, plus +2 per matching Equipment card (never in the Realium), then Wounds:
    "Test: 2d6 + Skills + Equipment + Assists - Wounds - Sabotages >= Difficulty Level"."""
    p, d, pack = R.player(state, seat), R.detective(state, seat), load_pack()
    mods = Ledger().extend((pack.skills[s].name, d.skills[s]) for s in skills if s in p.skills)
    if space != REALIUM:
        mods.extend((pack.equipment[e].name, 2) for e in p.equipment if pack.equipment[e].skill in skills)
    if not R.has(state, seat, "ignore_wounds"):
        mods.add("Bio Wound", -d.bio if p.bio else 0).add("Neuro Wound", -d.neuro if p.neuro else 0)
    return mods


def lag_penalty(state: GamedecState, seat: str, space: str) -> int:
    """Less Randomness: a Lag "burden[s] the test with a -2 penalty modifier" (Vivien ignores it)."""
    lagged = state.opts.less_randomness and lag_on(state, space) and not R.has(state, seat, "ignore_lags")
    return -2 if lagged else 0


def task_ledger(state: GamedecState, seat: str, task: Task, space: str) -> Ledger:
    """Every modifier of a Task test but the dice and Assists/Sabotages, each with its source: one
    computation for the roll, the prompt texts, the hand view and the agent's odds."""
    mods = skill_ledger(state, seat, task.skills, space)
    mods.extend(story_bonus(state, seat, space))
    mods.add("Lag", lag_penalty(state, seat, space))
    mods.add("Firewalls", -1 if "firewalls" in state.flags else 0)
    return mods


def task_modifier(state: GamedecState, seat: str, task: Task, space: str) -> int:
    return task_ledger(state, seat, task, space).total


def story_bonus(state: GamedecState, seat: str, space: str) -> list[tuple[str, int]]:
    """A started Scenario's or a Finale's test bonus (and Smuggling Network's +1 per Equipment card)."""
    bonus = R.power(state, seat, "test_bonus", space)
    per_card = R.power(state, seat, "equipment_count_bonus", space)
    return [("Scenario", bonus), ("Equipment owned", per_card * len(state.players[seat].equipment))]


def fight_ledger(state: GamedecState, seat: str, skill: str, space: str, other: str) -> Ledger:
    mods = skill_ledger(state, seat, [skill], space).add(
        "Scenario", R.power(state, seat, "fight_bonus", space)
    )
    if state.opts.less_randomness and lag_on(state, space):
        # Lags cancel out between two fighters; only Vivien's opponent keeps the -2.
        me_immune, other_immune = R.has(state, seat, "ignore_lags"), R.has(state, other, "ignore_lags")
        mods.add("Lag", -2 if not me_immune and other_immune else 0)
    return mods


def fight_modifier(state: GamedecState, seat: str, skill: str, space: str, other: str) -> int:
    return fight_ledger(state, seat, skill, space, other).total


def cards_ledger(mods: Ledger, plus: int, minus: int) -> Ledger:
    """``mods`` with the Assists (+2 a card) and Sabotages (-2 a card) declared so far."""
    return mods.model_copy(deep=True).add("Assists", 2 * plus).add("Sabotages", -2 * minus)


def natural_one_fails(state: GamedecState, seat: str, space: str) -> bool:
    """RB: "on a space on which a Lag marker lies ... the test ends in failure also when the value "1"
    comes up on either die" (not with Less Randomness; Vivien ignores Lags)."""
    return not state.opts.less_randomness and lag_on(state, space) and not R.has(state, seat, "ignore_lags")


def success_chance(modifier: int, dl: int, lag_fail: bool) -> Fraction:
    """Chance that 2d6 + modifier >= dl (with the natural-1 Lag failure when it applies)."""
    return chance(TWO_D6, modifier, dl, (lambda roll: 1 in roll) if lag_fail else None)
