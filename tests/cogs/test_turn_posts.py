"""Issue 30, items 7 and 8, through the Discord adapters: a turn post reads at a glance (who acts first and
by when at the top, a few lines of what happened, never over 1,000 characters); the game-over post gives
the reason, the full ranking with scores and rating changes, and the replay; ``/games all`` counts the
seats; following by DM sends the board and who acts now; reliability says "no data yet" and counts the
misses of games still running; after ``/game replace`` the seat shows its new player."""

from __future__ import annotations

from typing import Any

from bot import present
from bot.leagues import LeagueService
from cogs.league_ratings import reliability_text
from cogs.pace import seats_text
from cogs.ui import layouts as lx
from engine.core import registry
from engine.league.reliability import Reliability
from engine.league.store import MemoryLeagueStore
from engine.records import GameRecord, SeatRecord
from tests.cogs.fakes import Sent, World
from tests.cogs.helpers import choose, last, start_game, status_edits, thread_posts

TURN_POST_MAX = 1000


def shown_text(sent: Sent) -> str:
    """What a reader reads of a Components V2 message: its text displays."""
    out: list[str] = []

    def walk(value: Any) -> None:
        if isinstance(value, dict):
            if value.get("type") == 10:
                out.append(str(value.get("content", "")))
            for item in value.values():
                walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)

    walk(sent.components)
    return "\n".join(out)


def _record(status: str = "running") -> GameRecord:
    return GameRecord(
        id="abc123",
        game="toy",
        status=status,
        host="1001",
        max_seats=3,
        seed=1,
        seats=[
            SeatRecord(seat="Ann", user="1001", name="Ann"),
            SeatRecord(seat="Bo", user="1002", name="Bo"),
            SeatRecord(seat="Agent1", user=None, name="Agent 1"),
        ],
        place={"thread": "77", "guild": "111"},
        winners=["Bo"] if status == "finished" else [],
        reason="Bo reached 5 points" if status == "finished" else "",
    )


def test_a_long_agent_turn_is_summed_up_under_who_acts_now() -> None:
    """Three of thirteen Gamedec turn posts were walls of 2,001-2,544 characters with the deadline last."""
    record = _record()
    scene = lx.GameScene(record, registry.get("toy").meta, due={"Ann": 1_800_000_000.0})
    lines = [
        f"• Agent1 rolls 2d6 for test {n}: 3 + 4 + Melee 2 = 9 against 8, a success; " + "x" * 60
        for n in range(40)
    ]
    view = lx.turn_view(scene, lines, ["<@1001>"], False, ["<@1004>"])
    sent = Sent("channel:77", view=view)
    text = shown_text(sent)
    assert len(text) <= TURN_POST_MAX, len(text)
    assert text.startswith("**To act now:** <@1001>\n⏳ Ann: due <t:1800000000:R>")
    assert "earlier steps: /game log" in text and "test 39" in text and "test 0:" not in text
    assert text.count("• Agent1") <= present.SUMMARY_LINES
    assert text.rstrip().endswith("-# Following: <@1004>")


def test_the_game_over_lines_rank_everyone_with_scores_ratings_and_the_replay() -> None:
    from engine.core.model import Outcome

    record = _record("finished")
    outcome = Outcome(
        winners=("Bo",),
        reason="Bo reached 5 points",
        ranking=(("Bo",), ("Ann", "Agent1")),
        scores={"Bo": 5, "Ann": 3, "Agent1": 3},
    )
    scene = lx.GameScene(
        record,
        registry.get("toy").meta,
        outcome=outcome,
        ratings={"Bo": (0.0, 2.5), "Ann": (4.0, 3.25)},
        replay="🎞️ The replay follows.",
    )
    assert lx.game_over_lines(scene) == [
        "**Game over.** Bo reached 5 points.",
        "1. **<@1002>** 5 · rating 2.5 (+2.5)",
        "2. **<@1001>** 3 · rating 3.2 (-0.8), **Agent 1 (Agent1)** 3 (tied)",
        "🎞️ The replay follows.",
    ]
    lost = lx.GameScene(
        _record("finished").model_copy(update={"winners": [], "reason": "the last turn is over"}),
        registry.get("toy").meta,
        outcome=Outcome(reason="the last turn is over", scores={"Ann": 4}),
    )
    assert lx.game_over_lines(lost) == [
        "**Game over.** The last turn is over.",
        "Scores: **<@1001>** 4",
        "Nobody won.",
    ]


async def test_every_post_of_a_game_played_to_its_end_reads_at_a_glance(
    world: World, cogs: dict[str, Any]
) -> None:
    """A Gamedec game of one member and two agents, the member on vacation: every thread post is at most
    1,000 characters, and the last one ends the game with the ranking, the rating changes and the replay."""
    store = MemoryLeagueStore()
    world.table.keep_results(store)
    world.services.leagues = LeagueService(world.table, store)
    gid, thread = await start_game(world, cogs, players=("Ann", "Bo"), agents=1, game="gamedec")
    mark = world.mark()
    for user in ("1001", "1002"):
        if (await world.table.record(gid)).status == "running":
            await world.table.set_away(gid, user, True)
    await world.settle()
    record = await world.table.record(gid)
    assert record.status == "finished"
    posts = thread_posts(world, thread, mark)
    assert posts
    longest = max(len(shown_text(p)) for p in posts)
    assert longest <= TURN_POST_MAX, longest
    end = shown_text(posts[-1])
    assert end.startswith("**Game over.** ") and "\n1. **" in end and "rating " in end
    assert "`/game replay` posts the animated replay" in end
    assert "Game over." in status_edits(world, mark)[-1].text


async def test_games_all_counts_filled_and_open_seats(world: World, cogs: dict[str, Any]) -> None:
    await start_game(world, cogs, players=("Ann", "Bo"), agents=1)
    await world.command(cogs["GameCog"], "new", world.interaction("Cy"), game="toy", seats=3)
    await world.command(cogs["GamesCog"], "all", world.interaction("Mod", moderator=True))
    text = last(world.to("Mod")).text
    assert "In play, 3 of 3 seats filled (2 players, 1 agent), 0 open" in text
    assert "Lobby open, 1 of 3 seats filled (1 player), 2 open" in text
    lobby = _record("lobby").model_copy(
        update={"seats": [SeatRecord(seat="", user="1", name="A")], "max_seats": 4}
    )
    assert seats_text(lobby) == "1 of 4 seats filled (1 player), 3 open"


async def test_a_follower_by_dm_gets_the_board_and_who_acts_now(world: World, cogs: dict[str, Any]) -> None:
    gid, thread = await start_game(world, cogs, players=("Ann", "Bo"))
    await world.command(cogs["GameCog"], "follow", world.interaction("Di", thread), how="dm")
    mark = world.mark()
    await choose(world, "Ann", gid, thread, "pick:n=1")
    await choose(world, "Bo", gid, thread, "pick:n=2")
    await world.settle()
    dms = [s for s in world.since(mark) if s.where == "dm:1004"]
    assert dms, [s.where for s in world.since(mark)]
    text = shown_text(dms[-1])
    assert text.startswith(f"**High Card** `{gid}` in <#{thread}>")
    assert "<@100" in text and "⏳" in text  # who acts now, and by when
    assert dms[-1].files and dms[-1].files[0][0] == lx.BOARD_FILE
    assert len(text) <= TURN_POST_MAX and not dms[-1].custom_ids(), "no buttons in a DM"


def test_reliability_says_no_data_yet_before_any_deadline() -> None:
    assert reliability_text(Reliability()).startswith("Deadlines met: no data yet; games finished 0")
    assert "Deadlines met: 50% (1 of 2)" in reliability_text(Reliability(met=1, missed=1))


async def test_a_missed_deadline_counts_while_the_game_runs(world: World, cogs: dict[str, Any]) -> None:
    store = MemoryLeagueStore()
    world.table.keep_results(store)
    leagues = LeagueService(world.table, store)
    world.services.leagues = leagues
    gid, thread = await start_game(world, cogs, players=("Ann", "Bo"), pace="blitz")
    assert (await leagues.reliability("1001")).met + (await leagues.reliability("1001")).missed == 0
    await choose(world, "Ann", gid, thread, "pick:n=1")
    await world.table.tick(now=world.table.clock() + 3600)  # Bo's deadline runs out
    mine, his = await leagues.reliability("1001"), await leagues.reliability("1002")
    assert (mine.met, mine.missed) == (1, 0) and his.missed == 1
    assert (await store.reliability("1002")).missed == 0, "the stored record waits for the result"


async def test_after_replace_the_seat_shows_its_new_player(world: World, cogs: dict[str, Any]) -> None:
    gid, thread = await start_game(world, cogs)
    game = cogs["GameCog"]
    await world.command(game, "kick", world.interaction("Ann", thread), member=world.users["Cy"])
    mark = world.mark()
    await world.command(
        game, "replace", world.interaction("Ann", thread), seat="Cy", member=world.users["Di"]
    )
    status = shown_text(status_edits(world, mark)[-1])
    assert "**Players:** <@1001>, <@1002>, <@1004> (Cy)" in status and "Agent (was Cy)" not in status
    record = await world.table.record(gid)
    assert present.who(record.seats[2]) == "<@1004> (Cy)"


def test_the_status_names_the_count_as_the_game_does() -> None:
    """Issue 31: Nakamura Tower's status said "Round" where its board says "Turn": the word is the game's
    (``GameMeta.turn_word``), "Round" unless it says otherwise."""
    from dataclasses import replace

    view = {"round": 4, "phase": "real_world"}
    assert present.standing(view) == "Round 4 · real world phase"
    assert present.standing(view, "Turn") == "Turn 4 · real world phase"
    meta = replace(registry.get("toy").meta, turn_word="Turn")
    status = Sent("edit:1:2", view=lx.status_view(lx.GameScene(_record(), meta, public_view=view), False))
    assert "**In play** · Turn 4 · real world phase" in shown_text(status)


async def test_slash_hand_and_my_hand_show_the_games_own_hand_text(
    world: World, cogs: dict[str, Any], monkeypatch: Any
) -> None:
    """Issue 30, item 7: /hand and **My hand** write what the game's ``hand_lines`` writes."""
    game = type(registry.get("toy"))
    monkeypatch.setattr(game, "hand_lines", lambda self, own, public: ["**Your pick**: the 3 (kept secret)"])
    gid, thread = await start_game(world, cogs, players=("Ann", "Bo"))
    await world.command(cogs["HandCog"], "hand", world.interaction("Ann", thread))
    assert "Only you see:\n**Your pick**: the 3 (kept secret)" in last(world.to("Ann")).text
    await world.click("Bo", f"arbh:{gid}", thread)
    assert "Only you see:\n**Your pick**: the 3 (kept secret)" in last(world.to("Bo")).text
