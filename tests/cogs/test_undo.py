"""Undo by consent, history and the replay through the Discord adapters (issue 18)."""

from __future__ import annotations

from typing import Any

from cogs.history import parse_at
from cogs.ui.components import action_custom_id
from cogs.ui.stamps import Stamp
from engine.table.undo import UNDO_TTL
from tests.cogs.fakes import World
from tests.cogs.helpers import ids_like, last, open_game, start_game, status_edits, thread_posts

NAMES = {"1001": "Ann", "1002": "Bo", "1003": "Cy"}


async def bid(world: World, gid: str, thread: int) -> tuple[str, str]:
    """The member whose turn it is clicks a bid button; returns (member name, the intent key)."""
    waiting = await world.table.awaiting(gid)
    user = waiting[0].user
    assert user is not None
    legal = [i.key() for i, _ in await world.table.legal(gid, user)]
    key = next(k for k in legal if k.startswith("bid"))
    version = (await world.table.record(gid)).version
    await world.click(NAMES[user], action_custom_id(gid, Stamp.of_version(version), key), thread)
    return NAMES[user], key


async def test_a_misclicked_bid_is_undone_by_consent(world: World, cogs: dict[str, Any]) -> None:
    gid, thread = await start_game(world, cogs, game="infamy")
    before = await world.table.seat_view(gid, None)
    mark = world.mark()
    name, _ = await bid(world, gid, thread)
    answer = last(world.to(name, mark))
    undo = ids_like(answer, rf"arbu:{gid}:\d+:\w+")
    assert answer.ephemeral and len(undo) == 1, answer.text
    others = [n for n in ("Ann", "Bo", "Cy") if n != name]
    mark = world.mark()
    await world.click(others[0], undo[0], thread)  # another member cannot press it
    assert "Only the player who made that move" in last(world.to(others[0], mark)).text
    assert await world.table.undo_pending(gid) is None
    await world.click(name, undo[0], thread)
    assert "must approve" in last(world.to(name, mark)).text
    posts = thread_posts(world, thread, mark)
    answers = [cid for p in posts for cid in ids_like(p, rf"arbv:{gid}:\d+:[yn]")]
    assert len(answers) == 2, [p.text for p in posts]
    pending = await world.table.undo_pending(gid)
    assert pending is not None
    ends = int(pending.opened_at + UNDO_TTL)  # when it runs out, in each reader's own time zone
    assert any(f"the request ends <t:{ends}:R>" in p.text for p in posts), [p.text for p in posts]
    # issue 30, item 7: the request names the move it takes back, as everyone was told of it
    assert pending.move.startswith(f"{name} pays 1 Bribe of Expenses and bids ")
    assert any(f'their last move ("{pending.move}")' in p.text for p in posts)
    approve = next(c for c in answers if c.endswith(":y"))
    status = status_edits(world, mark)[-1].text  # the living dashboard shows the request while it waits
    assert f'their last move ("{pending.move}") (approved by nobody yet; ends <t:{ends}:R>)' in status
    mark = world.mark()
    await world.click(name, approve, thread)
    assert "your own" in last(world.to(name, mark)).text
    await world.click(others[0], approve, thread)
    await world.click(others[0], approve, thread)
    assert "already answered" in last(world.to(others[0], mark)).text
    await world.click(others[1], approve, thread)
    assert "taken back" in last(world.to(others[1], mark)).text
    assert any("taken back" in p.text and "approved by" in p.text for p in thread_posts(world, thread, mark))
    assert await world.table.seat_view(gid, None) == before
    assert "asks to take back" not in status_edits(world, mark)[-1].text  # settled: gone from the status
    mark = world.mark()
    await world.click(name, undo[0], thread)  # the old Undo button is stale now
    assert "moved on" in last(world.to(name, mark)).text


async def test_a_refused_undo_and_a_forged_answer(world: World, cogs: dict[str, Any]) -> None:
    gid, thread = await start_game(world, cogs, game="infamy")
    name, _ = await bid(world, gid, thread)
    others = [n for n in ("Ann", "Bo", "Cy") if n != name]
    mark = world.mark()
    await world.command(cogs["GameCog"], "undo", world.interaction(name, thread))
    posts = thread_posts(world, thread, mark)
    refuse = next(c for p in posts for c in ids_like(p, rf"arbv:{gid}:\d+:n"))
    version = int(refuse.split(":")[2])
    mark = world.mark()
    await world.click(others[0], f"arbv:{gid}:{version - 1}:y", thread)  # not this request's
    assert "request is over" in last(world.to(others[0], mark)).text
    await world.click(others[0], refuse, thread)
    assert "Refused" in last(world.to(others[0], mark)).text
    assert any("stands" in p.text for p in thread_posts(world, thread, mark))
    assert await world.table.undo_pending(gid) is None
    outsider = world.mark()
    await world.command(cogs["GameCog"], "undo", world.interaction("Di", thread))
    assert "not playing" in last(world.to("Di", outsider)).text


async def test_a_revealed_secret_cannot_be_undone_and_the_reason_is_shown(
    world: World, cogs: dict[str, Any]
) -> None:
    gid, thread = await start_game(world, cogs)  # the toy game: a secret pick tells its player alone
    from tests.cogs.helpers import choose

    await choose(world, "Ann", gid, thread, "pick:n=2")
    mark = world.mark()
    await world.command(cogs["GameCog"], "undo", world.interaction("Ann", thread))
    assert (
        "cannot be taken back: something was shown to some players only since"
        in last(world.to("Ann", mark)).text
    )
    assert await world.table.undo_pending(gid) is None


async def test_history_shows_the_public_board_while_the_game_runs(world: World, cogs: dict[str, Any]) -> None:
    gid, thread = await start_game(world, cogs, game="infamy")
    for _ in range(3):
        await bid(world, gid, thread)
    mark = world.mark()
    await world.command(cogs["GameCog"], "history", world.interaction("Ann", thread), at="t0")
    shown = last(world.to("Ann", mark))
    assert "at the set-up" in shown.text and shown.ephemeral and shown.files
    await world.command(cogs["GameCog"], "history", world.interaction("Ann", thread), at="turn 2")
    assert "after turn 2" in last(world.to("Ann", mark)).text
    await world.command(cogs["GameCog"], "history", world.interaction("Ann", thread), at="t2", seat="Bo")
    assert "only the public board" in last(world.to("Ann", mark)).text
    await world.command(cogs["GameCog"], "history", world.interaction("Ann", thread), at="t99")
    assert "choose 0 to" in last(world.to("Ann", mark)).text
    await world.command(cogs["GameCog"], "history", world.interaction("Ann", thread), at="round 1")
    assert "at the start of round 1" in last(world.to("Ann", mark)).text
    await world.command(cogs["GameCog"], "history", world.interaction("Ann", thread), at="r9")
    assert "not reached round 9" in last(world.to("Ann", mark)).text
    await world.command(cogs["GameCog"], "history", world.interaction("Ann", thread), at="yesterday")
    assert "Say which moment" in last(world.to("Ann", mark)).text


def test_parse_at() -> None:
    assert parse_at("turn 3") == ("turn", 3) and parse_at("t3") == ("turn", 3)
    assert parse_at("v12") == ("version", 12) and parse_at("12") == ("version", 12)
    assert parse_at("Round 2") == ("round", 2) and parse_at("r2") == ("round", 2)


async def test_game_replay_posts_an_animation_with_a_frame_per_turn(
    world: World, cogs: dict[str, Any]
) -> None:
    import io

    from PIL import Image

    from engine.core import registry
    from engine.core.history import turn_ends

    gid, thread = await start_game(world, cogs, game="infamy")
    for _ in range(3):
        await bid(world, gid, thread)
    mark = world.mark()
    await world.command(cogs["GameCog"], "replay", world.interaction("Bo", thread))
    assert "Drawing the replay" in last(world.to("Bo", mark)).text
    posted = [(name, data) for s in thread_posts(world, thread, mark) for name, data in s.files]
    assert len(posted) == 1 and "-replay." in posted[0][0], posted
    record = await world.table.record(gid)
    moments = turn_ends(
        registry.get("infamy"),
        [s.seat for s in record.seats],
        record.seed,
        record.options,
        await world.table.kept_log(gid),
    )
    with Image.open(io.BytesIO(posted[0][1])) as image:
        assert getattr(image, "n_frames", 1) == len(moments) >= 4


async def test_the_replay_is_posted_when_a_game_ends(world: World, cogs: dict[str, Any]) -> None:
    world.announcer.end_replay = True
    gid, thread = await start_game(
        world, cogs, players=("Ann",), agents=2, game="infamy", options="round_cap=1"
    )
    for _ in range(200):
        record = await world.table.record(gid)
        if record.status != "running":
            break
        legal = [i.key() for i, _ in await world.table.legal(gid, "1001")]
        await world.click("Ann", action_custom_id(gid, Stamp.of_version(record.version), legal[0]), thread)
    assert (await world.table.record(gid)).status == "finished"
    files = [name for s in thread_posts(world, thread) for name, _ in s.files]
    assert sum("-replay." in name for name in files) == 1, files
    other = (await world.table.record(gid)).seats[1].seat  # an agent's seat: open to anyone after the end
    mark = world.mark()
    await world.command(cogs["GameCog"], "history", world.interaction("Di", thread), at="t1", seat=other)
    shown = last(world.to("Di", mark))
    assert f"({other}'s view)" in shown.text and shown.files, shown.text


async def test_a_host_undoes_a_seats_move_with_a_reason(world: World, cogs: dict[str, Any]) -> None:
    gid, thread = await start_game(world, cogs, game="infamy")
    name, _ = await bid(world, gid, thread)
    seat = (await world.table.record(gid)).seat_of({v: k for k, v in NAMES.items()}[name])
    assert seat is not None
    guest = next(n for n in ("Bo", "Cy") if n != name)
    mark = world.mark()
    await world.command(cogs["GameCog"], "undo", world.interaction(guest, thread), seat=seat.seat, reason="x")
    assert "Only the game's host" in last(world.to(guest, mark)).text
    await world.command(cogs["GameCog"], "undo", world.interaction("Ann", thread), seat=seat.seat)
    assert "reason" in last(world.to("Ann", mark)).text
    await world.command(
        cogs["GameCog"],
        "undo",
        world.interaction("Ann", thread),
        seat=seat.seat,
        reason="misclicked, said so in chat",
    )
    assert "taken back" in last(world.to("Ann", mark)).text
    assert any(
        "a moderator (misclicked, said so in chat)" in p.text for p in thread_posts(world, thread, mark)
    )


async def test_an_abandoned_game_gets_its_replay_and_public_history_but_keeps_hands_hidden(
    world: World, cogs: dict[str, Any]
) -> None:
    """Issue 18: a game that ended by vote, abort or cancel gets the same history and replay as a finished
    one, showing only public views: its rules never reached an end where everyone may see everything."""
    world.announcer.end_replay = True
    gid, thread = await start_game(world, cogs, game="infamy")
    for _ in range(2):
        await bid(world, gid, thread)
    mark = world.mark()
    for name in ("Ann", "Bo"):  # a majority of three
        await world.command(cogs["GameCog"], "vote", world.interaction(name, thread), motion="abandon")
    await world.settle()
    assert (await world.table.record(gid)).status == "aborted"
    files = [name for s in thread_posts(world, thread, mark) for name, _ in s.files]
    assert sum("-replay." in name for name in files) == 1, files
    assert await world.table.reveals(gid) == "public"
    mark = world.mark()
    await world.command(cogs["GameCog"], "history", world.interaction("Di", thread), at="t1")
    shown = last(world.to("Di", mark))
    assert "after turn 1" in shown.text and "(the public board)" in shown.text and shown.files
    seat = (await world.table.record(gid)).seats[1].seat
    await world.command(cogs["GameCog"], "history", world.interaction("Ann", thread), at="t1", seat=seat)
    refused = last(world.to("Ann", mark))
    assert "what was hidden stays hidden" in refused.text and not refused.files
    await world.command(cogs["GameCog"], "export", world.interaction("Ann", thread))
    exported = last(world.to("Ann", mark))
    assert "public record only" in exported.text
    assert [name for name, _ in exported.files] == [f"{gid}-public.json"]
    assert b'"seed"' not in exported.files[0][1] and b'"intents"' not in exported.files[0][1]
    await world.command(cogs["GameCog"], "replay", world.interaction("Cy", thread))
    assert "Drawing the replay" in last(world.to("Cy", mark)).text


async def test_a_game_cancelled_in_its_lobby_has_no_history_or_replay(
    world: World, cogs: dict[str, Any]
) -> None:
    world.announcer.end_replay = True
    gid, thread = await open_game(world, cogs, game="infamy", seats=3, host="Ann")
    await world.table.abort(gid, "1001")
    await world.settle()
    assert await world.table.reveals(gid) == "none"
    mark = world.mark()
    await world.command(cogs["GameCog"], "history", world.interaction("Ann", thread), at="t0")
    assert "never started" in last(world.to("Ann", mark)).text
    await world.command(cogs["GameCog"], "replay", world.interaction("Ann", thread))
    assert "never started" in last(world.to("Ann", mark)).text
    assert not [f for s in thread_posts(world, thread) for f in s.files if "-replay." in f[0]]


async def test_undo_buttons_survive_a_new_status_message_and_the_old_one_is_refused(
    world: World, cogs: dict[str, Any]
) -> None:
    """Issue 18: the Undo button keeps working when the status message is re-posted (a change that is
    not a move), the new status message's **Undo my move** works, and the old one's is refused clearly."""
    gid, thread = await start_game(world, cogs, game="infamy")
    old = (await world.table.record(gid)).place["status"]
    mark = world.mark()
    name, _ = await bid(world, gid, thread)
    undo = ids_like(last(world.to(name, mark)), rf"arbu:{gid}:\d+:\w+")[0]
    edits = status_edits(world, mark)
    assert edits and f"arbw:{gid}:{old}" in edits[-1].custom_ids()
    assert not [c for p in thread_posts(world, thread, mark) for c in ids_like(p, rf"arbw:{gid}:\d+")]
    await world.table.move_status(gid, {"status": "987654321"})  # what the announcer does after a 30046
    await world.settle()
    mark = world.mark()
    await world.click(name, f"arbw:{gid}:{old}", thread)
    refused = last(world.to(name, mark)).text
    assert "no longer kept up to date" in refused and "987654321" in refused, refused
    assert await world.table.undo_pending(gid) is None
    await world.click(name, undo, thread)  # the version moved on, but no move was made: still good
    assert "must approve" in last(world.to(name, mark)).text
    approve = _answers(world, gid, thread, mark, "y")[0]
    for other in [n for n in NAMES.values() if n != name]:
        await world.click(other, approve, thread)
    assert await world.table.kept_log(gid) == []
    mark = world.mark()
    await world.click(name, undo, thread)  # the move itself was undone: now it is stale
    assert "moved on" in last(world.to(name, mark)).text
    mover, _ = await bid(world, gid, thread)
    mark = world.mark()
    await world.click(mover, f"arbw:{gid}:987654321", thread)  # the new status message's Undo my move
    assert "must approve" in last(world.to(mover, mark)).text


def _answers(world: World, gid: str, thread: int, since: int, answer: str) -> list[str]:
    posts = thread_posts(world, thread, since)
    return [c for p in posts for c in ids_like(p, rf"arbv:{gid}:\d+:{answer}")]
