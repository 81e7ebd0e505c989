"""Authority belongs to the game (issue 9): the game's own server (and thread), moderators of that server
only, components checked as well as commands; and the per-user rate limit that every interaction passes."""

from __future__ import annotations

import json
from typing import Any

import discord
import pytest

from bot.ratelimit import RateLimiter, polite
from cogs.ui import flows
from cogs.ui.items import DYNAMIC_ITEMS
from cogs.ui.stamps import Stamp, ref_token
from tests.cogs.fakes import FakeInteraction, World
from tests.cogs.helpers import last, open_game, secret_id, start_game

FOREIGN = 999


def elsewhere(world: World, user: str, moderator: bool = True) -> FakeInteraction:
    """An interaction of ``user`` from another server (a channel of its own), with Manage Server there."""
    interaction = world.interaction(user, 333, moderator=moderator)
    interaction.guild_id = FOREIGN
    return interaction


@pytest.mark.parametrize(
    "command, kwargs",
    [
        ("pause", {}),
        ("resume", {}),
        ("abort", {}),
        ("pace", {"preset": "relaxed"}),
        ("export", {}),
        ("log", {}),
        ("kick", {"member": "Bo"}),
        ("replace", {"seat": "Cy", "member": "Mod"}),
    ],
)
async def test_another_servers_moderator_is_refused(
    world: World, cogs: dict[str, Any], command: str, kwargs: dict[str, Any]
) -> None:
    gid, _ = await start_game(world, cogs)
    before = await world.table.record(gid)
    args = {k: world.users[v] if k == "member" else v for k, v in kwargs.items()}
    interaction = elsewhere(world, "Mod")
    await world.command(cogs["GameCog"], command, interaction, game=gid, **args)
    answer = last(world.to("Mod"))
    assert answer.ephemeral and answer.text == "That game belongs to another server."
    assert not answer.files
    after = await world.table.record(gid)
    assert after.version == before.version and after == before


async def test_a_game_named_from_a_dm_is_refused_and_dms_have_no_moderator(
    world: World, cogs: dict[str, Any]
) -> None:
    gid, _ = await start_game(world, cogs)
    dm = world.interaction("Mod", 444, moderator=True)
    dm.guild_id = None  # type: ignore[assignment]
    assert not flows.is_moderator(dm, await world.table.record(gid))  # type: ignore[arg-type]
    await world.command(cogs["GameCog"], "abort", dm, game=gid)
    assert "another server" in last(world.to("Mod")).text
    assert (await world.table.record(gid)).status == "running"


async def test_moderator_rights_count_only_in_the_games_server(world: World, cogs: dict[str, Any]) -> None:
    gid, thread = await start_game(world, cogs)
    record = await world.table.record(gid)
    here = world.interaction("Mod", thread, moderator=True)
    assert flows.is_moderator(here, record)  # type: ignore[arg-type]
    assert not flows.is_moderator(elsewhere(world, "Mod"), record)  # type: ignore[arg-type]
    assert not flows.is_moderator(world.interaction("Bo", thread), record)  # type: ignore[arg-type]
    assert flows.is_moderator(world.interaction("Ann", thread), record)  # type: ignore[arg-type]  # the host


async def test_forged_components_from_another_server_are_refused(world: World, cogs: dict[str, Any]) -> None:
    gid, thread = await open_game(world, cogs)
    for custom_id in (
        f"arbl:{gid}:join",
        f"arbh:{gid}",
        f"arbo:{gid}",
        f"arbu:{gid}:1:Ann",
        f"arbv:{gid}:1:y",
        f"arbw:{gid}:{thread}",  # Undo my move, naming the game's own status message
    ):
        interaction = world.interaction("Di", 333, data={"custom_id": custom_id, "component_type": 2})
        interaction.guild_id = FOREIGN
        cls = next(c for c in DYNAMIC_ITEMS if c.__discord_ui_compiled_template__.fullmatch(custom_id))
        match = cls.__discord_ui_compiled_template__.fullmatch(custom_id)
        item = await cls.from_custom_id(interaction, discord.ui.Button(label="x"), match)  # type: ignore[arg-type]
        await item.callback(interaction)  # type: ignore[arg-type]
        assert last(world.to("Di")).text == "That game belongs to another server.", custom_id
    assert [s.user for s in (await world.table.record(gid)).seats] == ["1001"]


async def test_a_command_in_one_games_thread_cannot_name_another_game(
    world: World, cogs: dict[str, Any]
) -> None:
    first, first_thread = await start_game(world, cogs)
    second, _ = await start_game(world, cogs, players=("Bo", "Ann", "Cy"))
    await world.command(cogs["GameCog"], "pause", world.interaction("Bo", first_thread), game=second)
    assert "another game" in last(world.to("Bo")).text
    assert (await world.table.record(second)).status == "running"
    assert first != second


async def test_typed_game_ids_are_checked_for_their_form(world: World, cogs: dict[str, Any]) -> None:
    await start_game(world, cogs)
    await world.command(cogs["GameCog"], "log", world.interaction("Di"), game="x" * 5000)
    answer = last(world.to("Di")).text
    assert "not a game id" in answer and "xxxxxxxxxx" not in answer


async def test_public_only_export_of_a_running_game(world: World, cogs: dict[str, Any]) -> None:
    gid, thread = await start_game(world, cogs)
    await world.click("Ann", await secret_id(world, gid, "Ann", "pick:n=3"), thread)
    await world.command(cogs["GameCog"], "export", world.interaction("Mod", thread, moderator=True))
    sent = last(world.to("Mod"))
    data = json.loads(sent.files[0][1])
    assert data["public_only"] and [s["seat"] for s in data["seats"]] == ["Ann", "Bo", "Cy"]
    assert not {"seed", "intents", "final"} & data.keys()
    assert "pick:n=3" not in sent.files[0][1].decode()


def test_ref_tokens_are_short_plain_and_never_collide_with_a_version() -> None:
    assert ref_token("r2:sector") == "r2.sector"
    long = ref_token("x" * 500)
    assert long.startswith("~") and len(long) == 13
    assert Stamp.parse(Stamp.of_ref("r2:sector").text()) == Stamp(choice="r2.sector")
    assert Stamp.parse("12") == Stamp(version=12) and Stamp.parse("0") == Stamp(choice="")
    for junk in ("", "-1", "s", "s:x", "1" * 13, "v12", "s" + "a" * 40):
        assert Stamp.parse(junk) is None, junk


def test_menu_values_carry_their_stamp_and_fit() -> None:
    key = "k" * 80
    assert flows.typed_move(flows.menu_value(Stamp.of_version(41), "pick:n=2")) == (
        Stamp(version=41),
        "pick:n=2",
    )
    assert flows.typed_move(flows.menu_value(Stamp.of_ref("r1:sector"), "s:3")) == (
        Stamp(choice="r1.sector"),
        "s:3",
    )
    assert len(flows.menu_value(Stamp.of_version(10**11), key)) <= 100
    assert flows.typed_move("Pick 2") == (None, "Pick 2")
    assert flows.typed_move("vX|pick") == (None, "vX|pick")


# --- the rate limit ---------------------------------------------------------------------------------


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_token_bucket_allows_a_burst_then_the_refill_rate() -> None:
    clock = Clock()
    limiter = RateLimiter(10, 10.0, clock=clock)
    assert [limiter.allow("u1") for _ in range(12)] == [True] * 10 + [False] * 2
    assert limiter.allow("u2"), "another user has a bucket of their own"
    assert 0.9 < limiter.retry_after("u1") <= 1.0
    clock.now += 1.0
    assert limiter.allow("u1") and not limiter.allow("u1")
    clock.now += 60
    assert sum(limiter.allow("u1") for _ in range(20)) == 10, "a bucket never holds more than its capacity"


def test_autocomplete_has_its_own_larger_bucket() -> None:
    limiter = RateLimiter(2, 10.0, clock=Clock())
    assert sum(limiter.allow("u1", autocomplete=True) for _ in range(20)) == 10
    assert limiter.allow("u1") and limiter.allow("u1") and not limiter.allow("u1")


def test_idle_buckets_are_forgotten() -> None:
    clock = Clock()
    limiter = RateLimiter(10, 10.0, clock=clock)
    for n in range(1000):
        limiter.allow(f"u{n}")
    clock.now += 11
    for _ in range(30):
        limiter.allow("busy")
    assert len(limiter) < 1001


def test_the_answer_is_polite_and_says_truly_how_long_to_wait() -> None:
    """Issue 30, item 8: the wait it names is enough (rounded up), and as a Discord timestamp it stays true
    however late the answer is read."""
    assert polite(0.2, now=1000.0) == (
        "You are going a little fast: you can act again <t:1001:R> (in 1 second). Nothing was "
        "changed by this request."
    )
    assert "<t:1003:R> (in 3 seconds)" in polite(2.5, now=1000.2)
    clock = Clock()
    limiter = RateLimiter(5, 60.0, clock=clock)
    assert sum(limiter.allow("u1") for _ in range(6)) == 5
    wait = limiter.retry_after("u1")
    said = int(polite(wait, now=clock.now).split("(in ")[1].split()[0])
    clock.now += said - 0.5
    assert said == 12 and not limiter.allow("u1"), "not before the time it names"
    clock.now += 0.5 + 1e-9  # (a hair over: the refill is counted in floating point)
    assert limiter.allow("u1"), "and at the time it names, the action goes through"


async def test_admit_answers_politely_and_stops_the_interaction(world: World, cogs: dict[str, Any]) -> None:
    world.client.rate_limiter = RateLimiter(2, 60.0)  # type: ignore[attr-defined]
    allowed = []
    for _ in range(4):
        interaction = world.interaction("Di")
        interaction.type = discord.InteractionType.application_command  # type: ignore[attr-defined]
        allowed.append(await flows.admit(interaction))  # type: ignore[arg-type]
    assert allowed == [True, True, False, False]
    assert "going a little fast" in last(world.to("Di")).text and last(world.to("Di")).ephemeral
