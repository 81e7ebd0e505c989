"""Work's earnings explain themselves (engine/core/kits/ledger through actions/main.work_ledger)."""

from __future__ import annotations

from engine.virtual_revolution import GAME
from engine.virtual_revolution.actions.main import work_ledger


def test_work_pays_its_ledger_and_says_where_each_eurocredit_comes_from() -> None:
    """ "Work: Gain 5 Eurocredits." The event names the parts it paid."""
    state = GAME.setup(["ann", "bo"], 3)
    seat = next(p.seat for p in GAME.prompts(state))
    earned = work_ledger(state, seat)
    assert earned.total == 5 and earned.explain() == "Work +5"
    state.p(seat).markers["work"] = 3  # a Necro card's value replaces the base
    assert work_ledger(state, seat).explain() == "Work under a Necro card +3"


def test_a_played_work_event_names_its_parts() -> None:
    from engine.core.agents import make_agent
    from engine.core.playout import play_out

    seats = ["ann", "bo", "cy"]
    result = play_out(
        GAME,
        GAME.setup(seats, 5),
        {s: make_agent(GAME, "heuristic", i) for i, s in enumerate(seats)},
        keep_events=True,
    )
    works = [e.text for e in result.events if e.kind == "work"]
    assert works and all(" Eurocredits (Work" in text for text in works), works[:3]
