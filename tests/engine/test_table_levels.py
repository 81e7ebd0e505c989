"""Agent levels per seat (issue 35 item 3): the host seats an agent of a level; an unknown level is refused
with the known ones, in words; seats without a level get the autopilot level of the game's pace."""

from __future__ import annotations

import pytest

from engine.core import IllegalIntent
from engine.core.agents import UnknownAgent, autopilot_level, make_agent
from engine.core.search import SearchAgent
from engine.store import MemoryStore
from engine.table import Table
from engine.table.agent_seats import autopilot


async def test_the_host_seats_an_agent_of_the_level_chosen() -> None:
    table = Table(MemoryStore(), agent_kind=None)
    gid = (await table.create("virtual_revolution", "u1", "Ann", seats=3, seed=5)).record.id
    update = await table.add_agent(gid, "u1", "search")
    assert any("Agent 1 (strong) takes a seat" in e.text for e in update.events)
    await table.add_agent(gid, "u1")
    record = await table.record(gid)
    assert [s.level for s in record.seats] == ["", "search", ""]
    record = (await table.start(gid, "u1")).record  # seats are named once the game starts
    assert table._level(record, record.seats[1].seat) == "search"
    assert table._level(record, record.seats[2].seat) == autopilot(record.pace) == "heuristic"


async def test_an_unknown_level_is_refused_with_the_known_ones() -> None:
    table = Table(MemoryStore())
    gid = (await table.create("virtual_revolution", "u1", "Ann", seats=2, seed=5)).record.id
    with pytest.raises(IllegalIntent, match="the agents are: easy, steady, strong"):
        await table.add_agent(gid, "u1", "genius")


def test_make_agent_refuses_an_unknown_name_and_knows_search() -> None:
    import engine

    game = engine.get("gamedec")
    assert isinstance(make_agent(game, "search", 1), SearchAgent)
    with pytest.raises(UnknownAgent, match="the agents are: random, heuristic, search"):
        make_agent(game, "serch", 1)


def test_autopilot_plays_the_heuristic_search_only_where_chosen() -> None:
    assert autopilot_level(60) == "heuristic"  # blitz: a minute for a reaction
    assert autopilot_level(2) == "heuristic"
