"""``arbiter bench``'s AI Operations figure (issue 15): six drones on the board, the phase played alone."""

from __future__ import annotations

import engine
from bot.tools.bench_drones import DRONES, drone_phase, one_phase, ready


def test_the_timed_phase_is_the_ai_operations_of_six_drones() -> None:
    game = engine.get("nakamura_tower")
    state = ready(game, 7)
    drones = {m.id: m.cell for m in state.models.values() if m.kind == "drone" and m.active}
    assert len(drones) == DRONES and state.steps[0].op == "ai" and len(state.steps) == 1
    assert state.round == 1 and not any(line.startswith("Alarm levels") for line in state.log)
    spent, state = one_phase(game, state)
    lines = state.log
    assert spent > 0
    assert state.phase == "ai" and not game.prompts(state) and not state.steps
    after = {m.id: m.cell for m in state.models.values() if m.kind == "drone"}
    assert any(line.startswith("Alarm levels") for line in lines)
    assert after != drones or any("attacks" in line for line in lines)  # the drones moved or fought
    figures = drone_phase(game, 2)
    assert figures["runs"] == 2 and 0 < figures["p50_ms"] <= figures["max_ms"]
