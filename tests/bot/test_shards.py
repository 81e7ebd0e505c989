"""``arbiter run --shards 0-3 --shard-count 8`` (issue 20): which shards a process holds, the client it
makes, and which games it announces."""

from __future__ import annotations

import pytest

from bot.discord_bot import ArbiterBot, ShardedArbiterBot, make_bot, run
from bot.settings import Settings
from bot.shards import BadShards, ShardPlan


def test_shards_are_read_as_ranges_and_lists() -> None:
    assert ShardPlan.parse("0-3", 8).ids == (0, 1, 2, 3)
    assert ShardPlan.parse("5, 1,2-3", 8).ids == (1, 2, 3, 5)
    assert ShardPlan.parse(None, None) == ShardPlan() and not ShardPlan().sharded
    for shards, count, message in (
        ("0-8", 8, "not within 0-7"),
        ("3-1", 8, "not within"),
        ("a-b", 8, "Cannot read"),
        ("0-3", None, "go together"),
        (None, 8, "go together"),
        ("0", 0, "at least 1"),
    ):
        with pytest.raises(BadShards, match=message):
            ShardPlan.parse(shards, count)


def test_a_guild_belongs_to_the_shard_discord_gives_it() -> None:
    """Discord: shard_id = (guild_id >> 22) % num_shards; DMs (no guild) are shard 0."""
    plan = ShardPlan.parse("0-3", 8)
    guild_on_5 = str((5 << 22) + 12345)
    guild_on_2 = str((10 << 22) + 7)  # 10 % 8 == 2
    assert plan.shard_of(guild_on_5) == 5 and not plan.holds(guild_on_5)
    assert plan.shard_of(guild_on_2) == 2 and plan.holds(guild_on_2)
    assert plan.holds(None) and plan.holds("not-a-number")  # shard 0
    assert ShardPlan().holds(guild_on_5)  # one process holds every shard
    assert plan.describe() == "shards 0,1,2,3 of 8"


def test_the_client_connects_only_its_shards() -> None:
    sharded = make_bot(Settings(discord_token="t", arbiter_shards="4-7", arbiter_shard_count=8))
    assert isinstance(sharded, ShardedArbiterBot)
    assert sharded.shard_ids == [4, 5, 6, 7] and sharded.shard_count == 8
    assert sharded.shard_plan.holds(str(6 << 22))
    alone = make_bot(Settings(discord_token="t"))
    assert isinstance(alone, ArbiterBot) and not isinstance(alone, ShardedArbiterBot)


def test_run_refuses_shards_it_cannot_read(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(arbiter_shards="0-9", arbiter_shard_count=8) == 2
    assert "Invalid shards" in capsys.readouterr().err
