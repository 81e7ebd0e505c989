"""Deadline answers: the choice a player loses least by (ruling V-16).

Every question has an answer applied when its deadline passes; for a loss or a choice it is the one the player
loses least by. What a player has is measured the way the game measures it at the end: the player's score
counted as if the game ended now, with the better of its two Objectives (the choice is the player's own, so
its secret cards may guide it). Among answers after which that score is the same, the one that spends nothing
(an Immunity token, the Quartier Latin Title) comes first, then the first offered.

Each answer is tried on a copy of the state, so the measure follows the rules themselves (a Borough's control,
a Title kept or lost, a Verse's scoring), never a separate estimate of them."""

from __future__ import annotations

from collections.abc import Callable

from engine.core import Intent
from engine.core.clone import clone
from engine.core.rules import Offer

from .rules import P
from .scoring import agent_types, best_tropovicz, breakdown, objective_points
from .state import VrState

Change = Callable[[VrState, Intent], object]
Thrift = Callable[[Intent], int]


def worth(state: VrState, seat: str) -> int:
    """The seat's score as if the game ended now, with its better Objective (a promoted Mme Tropovicz of the
    type that scores best without one)."""
    player = state.p(seat)
    pack_now = P()
    trop = best_tropovicz(state, seat, None)
    types = agent_types(player, trop, pack_now)
    kept = [
        min(
            objective_points(state, seat, pack_now.objectives[o], types, pack_now=pack_now)[0],
            player.end.objective_cap,
        )
        for o in player.objectives
    ]
    return sum(breakdown(state, seat, None, trop, pack_now=pack_now).values()) + max(kept, default=0)


def after(state: VrState, seat: str, change: Callable[[VrState], object]) -> int:
    """The seat's worth once ``change`` is made (on a copy: ``state`` is untouched)."""
    trial = clone(state)  # the structural copy the runtime makes for apply: it dumps as the original
    change(trial)
    return worth(trial, seat)


def _tried(state: VrState, seat: str, change: Change, intent: Intent) -> int:
    return after(state, seat, lambda trial: change(trial, intent))


def spends_nothing(intent: Intent) -> int:
    """0 for an answer that uses up nothing, 1 for one that spends an Immunity token or the Quartier Latin."""
    return int(intent.get("ignore") == 1 or intent.get("keep") == "ql" or bool(intent.get("n")))


def best_after(
    state: VrState, seat: str, offer: Offer, change: Change, thrift: Thrift = spends_nothing
) -> tuple[int, Intent]:
    """The offered answer after which the seat's worth is highest (among equals the lowest ``thrift``, then
    the first offered), with that worth."""
    intents = [intent for intent, _ in offer]
    scored = [(_tried(state, seat, change, intent), -thrift(intent), -n) for n, intent in enumerate(intents)]
    best = max(scored)
    return best[0], intents[-best[2]]


def least_losing(
    state: VrState, seat: str, offer: Offer, change: Change, thrift: Thrift = spends_nothing
) -> Intent:
    """The answer :func:`best_after` names; a single answer without trying it."""
    if len(offer) == 1:
        return offer[0][0]
    return best_after(state, seat, offer, change, thrift)[1]
