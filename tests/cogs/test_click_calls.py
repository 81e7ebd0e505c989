"""One click is at most three table calls (issue 29, item 6): the record (whose server and thread), the
menu the move is checked against, and the move, which returns the seat's next menu read in the same lock.
The announcer's own reads (the status message, one :meth:`Table.scene`) are counted apart."""

from __future__ import annotations

import functools
import inspect
import sys
from collections import Counter
from typing import Any

import pytest

from engine.table import Table
from tests.cogs.fakes import World
from tests.cogs.helpers import last, secret_id, start_game

PUBLIC = [
    name
    for name, fn in inspect.getmembers(Table, inspect.iscoroutinefunction)
    if not name.startswith("_") and name not in ("tick",)
]


def _from_announcer() -> bool:
    frame = sys._getframe(2)
    while frame is not None:
        if frame.f_globals.get("__name__") == "cogs.announcer":
            return True
        frame = frame.f_back  # type: ignore[assignment]
    return False


@pytest.fixture
def counted(world: World, monkeypatch: pytest.MonkeyPatch) -> tuple[Counter[str], Counter[str]]:
    """(the flows' table calls, the announcer's), by method, from the moment it is reset."""
    flows: Counter[str] = Counter()
    announcer: Counter[str] = Counter()
    table = world.table
    for name in PUBLIC:
        original = getattr(table, name)

        @functools.wraps(original)
        async def wrapper(*args: Any, __name: str = name, __fn: Any = original, **kwargs: Any) -> Any:
            (announcer if _from_announcer() else flows)[__name] += 1
            return await __fn(*args, **kwargs)

        monkeypatch.setattr(table, name, wrapper)
    return flows, announcer


async def test_a_secret_choice_click_is_three_table_calls(
    world: World, cogs: dict[str, Any], counted: tuple[Counter[str], Counter[str]]
) -> None:
    gid, thread = await start_game(world, cogs)
    await world.click("Ann", f"arbo:{gid}", thread)
    cid = await secret_id(world, gid, "Ann", "pick:n=2")
    flows, announcer = counted
    flows.clear()
    announcer.clear()
    await world.click("Ann", cid, thread)
    assert "✅ Pick 2" in last(world.to("Ann")).text
    assert flows == Counter({"record": 1, "menu": 1, "submit": 1}), flows
    assert announcer["scene"] <= 1, announcer


async def test_a_turn_click_with_next_options_is_three_table_calls(
    world: World, cogs: dict[str, Any], counted: tuple[Counter[str], Counter[str]]
) -> None:
    gid, thread = await start_game(world, cogs, players=("Ann", "Bo"))
    for user in ("Ann", "Bo"):
        await world.click(user, f"arbo:{gid}", thread)
        await world.click(user, await secret_id(world, gid, user, "pick:n=1"), thread)
    record = await world.table.record(gid)
    leader = record.seat_named((await world.table.prompts(gid))[0].seat)
    assert leader is not None
    name = "Ann" if leader.user == "1001" else "Bo"
    flows, announcer = counted
    flows.clear()
    await world.click(name, f"arbo:{gid}", thread)
    assert sum(flows.values()) <= 2, flows  # the record, then the menu
    flows.clear()
    await world.click(name, f"arb:{gid}:{record.version}:keep", thread)
    assert "✅ Keep" in last(world.to(name)).text
    assert flows == Counter({"record": 1, "menu": 1, "submit": 1}), flows
