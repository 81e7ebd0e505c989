"""The squares an Agent may move to: IPA's own search over (square, fields entered), which lists every move
(issue 33: on square numbers, one search per state), against the board's ring search when no force field
slows it and no pass through a unit is left.

RB "Movement": "Each Agent has 5 movement points ... distance is counted horizontally and vertically";
RB "Physics": "Units normally cannot stand on squares that are already occupied by another unit."
"""

from __future__ import annotations

from engine.core import RandomAgent
from engine.core.board.moves import MoveAction
from engine.core.playout import next_decision
from engine.ipa_agents import GAME as IPA
from engine.ipa_agents.actions.move import _fields, _spare


def test_moves_without_force_fields_are_the_ones_the_full_search_finds() -> None:
    move = IPA.rules.actions["move"]
    checked = 0
    for seed in range(4):
        seats = ["p1", "p2"]
        state = IPA.copy(IPA.setup(seats, seed))
        agents = {s: RandomAgent(seed * 7 + i) for i, s in enumerate(seats)}
        for n in range(400):
            if IPA.outcome(state) is not None:
                break
            seat = next_decision(IPA, state, agents, n)
            assert seat is not None
            top = state.waiting.top()
            if getattr(top, "kind", "") == "turn" and top.seat == seat:
                for unit in move.movers(state, seat):
                    start = move.where(state, unit)
                    full = {c: d for c, d in move._search(state, unit, None)[0].items() if c != start}
                    assert move.destinations(state, unit) == full
                    if not _fields(state, unit) and not _spare(state, unit):
                        assert MoveAction.destinations(move, state, unit) == full
                        checked += 1
            legal = IPA.legal(state, seat)
            IPA.apply_in_place(state, seat, agents[seat].choose(IPA, state, seat, legal), legal)
    assert checked > 20
