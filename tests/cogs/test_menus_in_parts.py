"""Menus asked in parts: more options than a select holds are offered a part at a time (the kind, then
each argument: ``Table.choices``), each part an ephemeral edit in place; a whole intent plays."""

from __future__ import annotations

from typing import Any

import pytest

from cogs.ui import components as cx
from cogs.ui import layouts as lx
from engine.core.menus import Choice
from engine.table.menus import parent_prefix
from tests.cogs.fakes import Sent, World
from tests.cogs.helpers import ids_like, last, start_game

SEED = 1
"""A Gamedec seed whose random play reaches several turns of more than 25 options."""


async def _menu(world: World, gid: str, thread: int, user: str = "Ann") -> Sent:
    await world.click(user, f"arbo:{gid}", thread)
    return last(world.to(user))


async def test_a_long_menu_is_asked_in_parts(world: World, cogs: dict[str, Any]) -> None:
    gid, thread = await start_game(world, cogs, players=("Ann",), game="parts")
    v = (await world.table.record(gid)).version
    top = await _menu(world, gid, thread)
    # the kinds, and the one whole intent of its kind as it is
    assert top.labels() == {
        f"arbq:{gid}:{v}:0:play": "Play…",
        f"arbq:{gid}:{v}:0:move": "Move…",
        f"arb:{gid}:{v}:end": "End the turn",
    }
    assert not top.select_options()
    await world.click("Ann", f"arbq:{gid}:{v}:0:play", thread)
    cards = last(world.to("Ann"))
    assert cards.where == "update:1001"  # the ephemeral menu is edited in place
    assert ids_like(cards, rf"arbq:{gid}:{v}:0:play:card=c\d") == [
        f"arbq:{gid}:{v}:0:play:card=c{n}" for n in range(1, 9)
    ]
    assert cards.labels()[f"arbq:{gid}:{v}:0:"] == "◀ Back"
    await world.click("Ann", f"arbq:{gid}:{v}:0:play:card=c3", thread)
    targets = last(world.to("Ann"))
    assert targets.where == "update:1001"
    assert ids_like(targets, rf"arb:{gid}:.*") == [
        f"arb:{gid}:{v}:play:card=c3,target=t{n}" for n in range(1, 6)
    ]
    assert targets.labels()[f"arbq:{gid}:{v}:0:play"] == "◀ Back"
    await world.click("Ann", f"arb:{gid}:{v}:play:card=c3,target=t2", thread)
    assert any("✅ Play c3 on t2" in s.text for s in world.to("Ann")[-2:])
    assert (await world.table.seat_view(gid, None))["done"] == ["play:card=c3,target=t2"]


async def test_a_part_longer_than_the_buttons_is_a_select_of_parts(
    world: World, cogs: dict[str, Any]
) -> None:
    """22 units do not fit as buttons: a select whose values open the next part (``>key``)."""
    gid, thread = await start_game(world, cogs, players=("Ann",), game="parts")
    v = (await world.table.record(gid)).version
    await _menu(world, gid, thread)
    await world.click("Ann", f"arbq:{gid}:{v}:0:move", thread)
    units = last(world.to("Ann"))
    assert [o["value"] for o in units.select_options()] == [f">move:unit=u{n}" for n in range(1, 23)]
    assert ids_like(units, rf"arbm:{gid}:{v}")
    await world.click("Ann", f"arbm:{gid}:{v}", thread, values=[">move:unit=u17"])
    places = last(world.to("Ann"))
    assert places.where == "update:1001"
    assert ids_like(places, rf"arb:{gid}:.*") == [f"arb:{gid}:{v}:move:unit=u17,to=d{n}" for n in (1, 2)]
    await world.click("Ann", f"arbm:{gid}:{v}", thread, values=["move:unit=u17,to=d2"])
    assert (await world.table.seat_view(gid, None))["done"] == ["move:unit=u17,to=d2"]


async def test_one_kind_of_many_values_is_a_paged_select(world: World, cogs: dict[str, Any]) -> None:
    """Wide Choice has one kind: that part asks nothing and opens at once; its 60 values are paged."""
    gid, thread = await start_game(world, cogs, players=("Ann",), game="wide")
    post = last([s for s in world.public() if s.where == f"channel:{thread}"])
    assert ids_like(post, rf"arbo:{gid}") and not ids_like(post, r"arb:.*"), (
        "60 options do not fit as buttons"
    )
    v = (await world.table.record(gid)).version
    menu = await _menu(world, gid, thread)
    assert [o["value"] for o in menu.select_options()] == [f"take:n={n}" for n in range(1, 26)]
    assert ids_like(menu, rf"arbq:{gid}:{v}:1:take") and not ids_like(
        menu, rf"arbq:{gid}:{v}:0:.*"
    )  # no Back
    await world.click("Ann", f"arbq:{gid}:{v}:2:take", thread)
    page = last(world.to("Ann"))
    assert page.where == "update:1001"
    assert [o["value"] for o in page.select_options()] == [f"take:n={n}" for n in range(51, 61)]
    assert ids_like(page, rf"arbq:{gid}:{v}:1:take") and not ids_like(page, rf"arbq:{gid}:{v}:3:take")
    await world.click("Ann", f"arbm:{gid}:{v}", thread, values=["take:n=55"])
    assert any("✅ Take 55" in s.text for s in world.to("Ann")[-2:])
    assert (await world.table.seat_view(gid, None))["picks"] == [55]


async def test_a_part_of_an_older_menu_is_stale_and_junk_changes_nothing(
    world: World, cogs: dict[str, Any]
) -> None:
    gid, thread = await start_game(world, cogs, players=("Ann",), game="parts")
    v = (await world.table.record(gid)).version
    await _menu(world, gid, thread)
    await world.click("Ann", f"arb:{gid}:{v}:end", thread)
    assert "End your turn anyway?" in last(world.to("Ann")).text  # moves remain: asked once
    await world.click("Ann", f"arbe:{gid}:{v}:end", thread)
    mark = world.mark()
    await world.click("Ann", f"arbq:{gid}:{v}:0:play", thread)  # a part of the menu before the move
    stale = last(world.to("Ann", mark))
    assert "moved on" in stale.text and ids_like(stale, rf"arbq:{gid}:{v + 1}:0:play")
    # a prefix nothing starts with, and a forged value, show the top of the menu or a plain refusal
    await world.click("Ann", f"arbq:{gid}:{v + 1}:0:zap:x=1", thread)
    assert ids_like(last(world.to("Ann")), rf"arbq:{gid}:{v + 1}:0:move")
    await world.click("Ann", f"arbm:{gid}:{v + 1}", thread, values=["play:card=c99,target=t1"])
    assert "not" in last(world.to("Ann")).text.lower() and "went wrong" not in last(world.to("Ann")).text
    # another member's click on Ann's part is refused, and shows no option of Ann's
    await world.click("Di", f"arbq:{gid}:{v + 1}:0:play", thread)
    refused = last(world.to("Di"))
    assert not ids_like(refused, r"arb.*") and "play:card" not in refused.text
    assert (await world.table.seat_view(gid, None))["done"] == ["end"]


async def test_a_partial_key_that_does_not_fit_falls_back_to_the_paged_list(
    world: World, cogs: dict[str, Any]
) -> None:
    """A secret choice's buttons carry its ref token; with 75-character card parts the custom id would
    pass 100 characters, so that part is offered as the paged list of every option instead."""
    gid, thread = await start_game(world, cogs, players=("Ann",), game="partslong")
    top = await _menu(world, gid, thread)
    prompt = (await world.table.prompts(gid))[0]
    stamp = cx.Stamp.of_ref(prompt.ref).text()
    assert ids_like(top, rf"arbq:{gid}:{stamp}:0:play")  # the kinds fit
    await world.click("Ann", f"arbq:{gid}:{stamp}:0:play", thread)
    listed = last(world.to("Ann"))
    assert ids_like(listed, rf"arbs:{gid}:{stamp}:0") and ids_like(listed, rf"arbp:{gid}:1")
    assert len(listed.select_options()) == 25
    key = str(listed.select_options()[3]["value"])
    await world.click("Ann", f"arbs:{gid}:{stamp}:0", thread, values=[key])
    assert (await world.table.seat_view(gid, None))["done"] == [key]


def test_parts_view_refuses_ids_over_100_characters() -> None:
    from engine.records import GameRecord

    record = GameRecord(id="abcdef", game="parts", host="1", max_seats=1, seed=1, created_at=0.0)
    long = Choice(key="play:card=" + "c" * 65, label="Play…", complete=False)
    secret = cx.Stamp.of_ref("x" * 40)
    assert lx.parts_view(record, "h", [long], "", 0, secret) is None
    assert lx.parts_view(record, "h", [long], "", 0, cx.Stamp.of_version(3)) is not None
    assert parent_prefix("play:card=c1,target=t2") == "play:card=c1"
    assert parent_prefix("play:card=c1") == "play" and parent_prefix("play") == ""


@pytest.mark.slow  # long: `pytest -m slow` (.ci/run) runs it, the quick suite not (issue 33)
@pytest.mark.parametrize("seed", [SEED])
async def test_gamedec_is_played_to_the_end_through_menus_in_parts(
    world: World, cogs: dict[str, Any], monkeypatch: pytest.MonkeyPatch, seed: int
) -> None:
    """A real game: four players play Gamedec through whatever their menus offer (parts included) until
    it ends; every turn of more than 25 options is asked in parts, and moves are played from parts below
    the kinds."""
    import random

    monkeypatch.setattr("engine.table.lobby.secrets.randbits", lambda bits: seed)  # the game's seed
    players = ("Ann", "Bo", "Cy", "Di")
    gid, thread = await start_game(world, cogs, players=players, game="gamedec")
    names = {str(world.users[p].id): p for p in players}
    rng = random.Random(seed)
    deep = 0
    for _ in range(3000):
        waiting = [s.user for s in await world.table.awaiting(gid) if s.user in names]
        if not waiting:
            break
        deep += await _play_through_menus(world, gid, thread, names[rng.choice(waiting)], rng)
    assert (await world.table.record(gid)).status == "finished"
    assert deep >= 1, f"only {deep} moves were played from a part below the kinds"
    assert not [s for s in world.sent if "went wrong" in s.text]


async def _play_through_menus(world: World, gid: str, thread: int, user: str, rng: Any) -> int:
    """Open ``user``'s menu and follow random entries until a move is played; 1 if it was played from a
    part below the first of a menu asked in parts."""
    uid = str(world.users[user].id)
    long = len(await world.table.legal(gid, uid)) > 25
    menu = await _menu(world, gid, thread, user)
    for depth in range(8):
        if long:
            assert not ids_like(menu, rf"arbs:{gid}:.*"), "a long menu is asked in parts"
        parts = ids_like(menu, rf"arbq:{gid}:\w+:0:.+")
        plays = ids_like(menu, rf"arb:{gid}:.*")
        values = [str(o["value"]) for o in menu.select_options()]
        if not parts + plays + values:
            return 0
        choice = rng.choice(parts + plays + values)
        if choice in values:
            select = (ids_like(menu, rf"arbm:{gid}:.*") or ids_like(menu, rf"arbs:{gid}:.*"))[0]
            await world.click(user, select, thread, values=[choice])
        else:
            await world.click(user, choice, thread)
        menu = last(world.to(user))
        if menu.where != f"update:{uid}":  # a move was played: a new answer, not the menu edited in place
            return int(long and depth > 0)
    return 0
