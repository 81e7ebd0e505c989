"""Issue 16, item 5: menus people can use. Options grouped by family with their headings, buttons coloured
by role (secondary to pass or end, danger for what cannot be undone), and ending a turn while other
actions remain asks once for confirmation (Gamedec: a detective may end the turn before moving)."""

from __future__ import annotations

from typing import Any

import discord

from cogs.ui import menus
from tests.cogs.fakes import World
from tests.cogs.helpers import last, start_game

PEOPLE = ("Ann", "Bo", "Cy")


def test_families_and_roles_come_from_the_intent_kind() -> None:
    assert menus.family("move:to=chrome_city") == "move"
    assert menus.family("trade_call:seat=bo") == "trade"
    assert menus.family("discard_eq:card=e1") == "discard"
    assert menus.family("end") == "end" and menus.family("pass") == "end"
    assert menus.family("bid:n=3") == "play"
    assert menus.style("end") is discord.ButtonStyle.secondary
    assert menus.style("discard:card=t1") is discord.ButtonStyle.danger
    assert menus.style("bid:n=3") is discord.ButtonStyle.primary
    groups = menus.grouped([("end", "End"), ("bid:n=1", "Bid 1"), ("move:to=x", "Move")])
    assert [g for g, _ in groups] == ["play", "move", "end"]
    assert menus.ends_turn_early("end", ["end", "move:to=x", "trade:seat=bo"]) == ["move", "trade"]
    assert menus.ends_turn_early("end", ["end", "pass"]) == []
    assert menus.ends_turn_early("pass", ["pass", "bid:n=1"]) == [], "passing a bid is not ending a turn"
    long = "Play " + "x" * 95 + " and the rest"  # 100 characters, then the rest
    assert menus.describe("play:card=c1", long) == "Play · …and the rest"
    assert menus.describe("move:to=x", "Move to x") == "Move"


async def _to_a_turn(world: World, gid: str) -> tuple[str, str]:
    """Play the set-up's secret choices until a detective's turn; (user name, user id) of the active one."""
    record = await world.table.record(gid)
    for _ in range(20):
        prompts = await world.table.prompts(gid)
        if prompts and prompts[0].kind == "turn":
            user = record.user_of(prompts[0].seat) or ""
            return next(n for n, u in world.users.items() if str(u.id) == user), user
        user = record.user_of(prompts[0].seat) or ""
        await world.table.submit(gid, user, (await world.table.legal(gid, user))[0][0].key())
        await world.settle()
    raise AssertionError("no turn began")


async def test_ending_a_turn_early_is_asked_once_and_buttons_have_roles(
    world: World, cogs: dict[str, Any]
) -> None:
    gid, thread = await start_game(world, cogs, players=PEOPLE, game="gamedec")
    name, user = await _to_a_turn(world, gid)
    await world.click(name, f"arbo:{gid}", thread)
    options = last(world.to(name))
    version = (await world.table.record(gid)).version
    end = f"arb:{gid}:{version}:end"
    assert end in options.custom_ids(), options.custom_ids()
    styles = {}

    def walk(value: Any) -> None:
        if isinstance(value, dict):
            if value.get("type") == 2 and "custom_id" in value:
                styles[value["custom_id"]] = value.get("style")
            for v in value.values():
                walk(v)
        elif isinstance(value, list):
            for v in value:
                walk(v)

    walk(options.components)
    assert styles[end] == discord.ButtonStyle.secondary.value
    await world.click(name, end, thread)
    asked = last(world.to(name))
    assert "End your turn anyway?" in asked.text and "move" in asked.text
    assert (await world.table.record(gid)).version == version, "nothing was played"
    confirm = next(c for c in asked.custom_ids() if c.startswith("arbe:"))
    assert f"arbo:{gid}" in asked.custom_ids(), "the way back to the options"
    await world.click(name, confirm, thread)
    assert "✅" in last(world.to(name)).text
    record = await world.table.record(gid)
    assert record.version > version and record.seat_of(user) is not None
    # the confirmation is for that version only: pressed again, the board has moved on
    await world.click(name, confirm, thread)
    assert "moved on" in last(world.to(name)).text or "not your turn" in last(world.to(name)).text.casefold()


async def test_select_options_name_their_family(world: World, cogs: dict[str, Any]) -> None:
    gid, thread = await start_game(world, cogs, players=("Ann",), game="wide")
    await world.click("Ann", f"arbo:{gid}", thread)
    options = last(world.to("Ann")).select_options()
    assert options and all(o.get("description") == "Trade" for o in options), options[:2]
