"""``arbiter bench``: the cost of Nakamura Tower's AI Operations phase with six drones (issue 15).

Each run plays a seeded two-player Skirmish on the prompts' defaults up to the first Real World activation,
brings the AI up to :data:`DRONES` drones on free squares near the Drone Entry Points, ends the Teams'
activations and times the AI Operations phase alone: the alarm levels, every drone's route and attacks, and
any reaction a target is asked (answered by its default, as when a deadline passes).
"""

from __future__ import annotations

import time
from typing import Any

DRONES = 6


def _at_the_real_world(game: Any, seed: int) -> Any:
    state = game.setup(["p1", "p2"], seed, {"quick_start": True})
    for _ in range(500):
        prompts = game.prompts(state)
        if not prompts or prompts[0].kind == "activate":
            return state
        state, _ = game.apply(state, prompts[0].seat, prompts[0].default)
    raise RuntimeError("no Real World activation reached")


def _six_drones(state: Any) -> int:
    """Drones added on the free squares nearest the Drone Entry Points in turn; the drones on the board."""
    # allow_inline: a bench's own parts load only when it runs
    from engine.nakamura_tower import board

    # allow_inline: a bench's own parts load only when it runs
    from engine.nakamura_tower.setup import add_drone, mission_of

    entries = mission_of(state).entry_points
    grid = board.grid(state)
    while (count := sum(1 for m in board.on_board(state) if m.kind == "drone")) < DRONES:
        entry = board.square(entries[state.drones_made % len(entries)])
        taken = board.occupied(state)
        free = [c for c in grid.cells() if c not in taken and c not in grid.blocked]
        add_drone(state, min(free, key=lambda c: (grid.distance(entry, c), c.row, c.col)).label)
    return count


def ready(game: Any, seed: int) -> Any:
    """A state whose next step is the AI Operations phase, with :data:`DRONES` drones on the board."""
    # allow_inline: a bench's own parts load only when it runs
    from engine.nakamura_tower.rules import RULES

    state = _at_the_real_world(game, seed)
    assert _six_drones(state) == DRONES
    RULES.end_turn(state)
    state.skip_until("ai")  # the Teams' activations are over: AI Operations is next
    state.steps = state.steps[:1]
    return state


def one_phase(game: Any, state: Any) -> tuple[float, Any]:
    """Milliseconds of the AI Operations phase of ``state`` (from :func:`ready`), and the state after it."""
    began = time.perf_counter()
    game.start(state)  # runs the queued phase (and logs it, as an applied intent does)
    while game.prompts(state) and state.phase == "ai":  # a reaction a target is asked
        prompt = game.prompts(state)[0]
        state, _ = game.apply(state, prompt.seat, prompt.default)
    return (time.perf_counter() - began) * 1000, state


def drone_phase(game: Any, runs: int) -> dict[str, Any]:
    ordered = sorted(one_phase(game, ready(game, 1234 + n))[0] for n in range(runs))
    return {
        "runs": runs,
        "drones": DRONES,
        "p50_ms": round(ordered[len(ordered) // 2], 2),
        "p99_ms": round(ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))], 2),
        "max_ms": round(ordered[-1], 2),
    }
