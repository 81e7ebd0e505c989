"""Scenarios 1 and 2 of issue 6: a whole Infamy game played by three members through Discord.

One game is played once per module (it takes about a minute) and both scenarios assert on its record:

1. alice, bob and cy create, join and start a game with ``/game new`` and the lobby buttons, and play it
   to the end (no round limit: the faithful game) with the options the bot offers each of them (seeded
   random choices): "Your options"/"Choose privately", the ephemeral buttons and selects, ``/play`` with
   autocomplete, "My hand" and ``/hand``. Every board image is a valid PNG; the outcome the bot reports is
   the engine's (replay of the intent log from the database and of the ``/game export`` attachment).
2. Hidden information: no message any member could see holds another member's secret (Scheme names in
   hand, sector choice before the reveal, private event texts), and private answers are ephemeral or DMs.
"""

from __future__ import annotations

import asyncio
import json
import random
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

import engine
from tests.e2e import hidden_info
from tests.e2e import scenario_kit as kit
from tests.e2e.fake_discord import FakeDiscord, Message

# A long scenario: `pytest -m slow` runs it (.ci/run does), the README's quick `pytest` not (issue 33).
pytestmark = pytest.mark.slow

SEED = 20261129


@dataclass
class PlayedGame:
    fake: FakeDiscord
    table: kit.Table
    record: dict[str, Any]
    intents: list[dict[str, Any]]
    snapshot: tuple[int, str]
    export: dict[str, Any]
    export_message: Message
    seconds: float
    bot_log: str
    db_path: Path
    spectator: dict[str, Any]  # dave, in the server but not in the game: his answers, and the versions


async def _play(tmp: Path) -> PlayedGame:
    fake = FakeDiscord()
    await fake.start()
    bot = kit.arbiter_process(fake, tmp / "arbiter.db", tmp / "arbiter-bot.log")
    try:
        alice, bob, cy, dave = (fake.add_member(n) for n in ("alice", "bob", "cy", "dave"))
        await bot.start()
        await fake.wait_for_commands("game", "play", "hand")
        db = kit.BotDb(tmp / "arbiter.db")
        started = time.monotonic()
        table = await kit.open_game(fake, db, alice, [bob, cy], options="")
        rng = random.Random(SEED)
        players = kit.players_of(table, rng)
        await kit.play(table, rng, steps=10, players=players)
        # dave watches: he may press what the thread shows, and type /play, but must not act or learn
        before, _ = await table.settle()
        spectator = {
            "before": before["version"],
            "answers": [
                await (await dave.click(table.status, f"arbo:{table.gid}")).message(10),
                await (await dave.click(table.status, f"arbh:{table.gid}")).message(10),
                await (await dave.slash("hand", channel=table.thread_id)).message(10),
                await (await dave.slash("play", action="pass", channel=table.thread_id)).message(10),
            ],
        }
        spectator["after"] = db.record(table.gid)["version"]
        # the export holds the seed and every secret choice: a player may not have it mid-game
        spectator["export"] = await (await alice.slash("game", "export", channel=table.thread_id)).message(10)
        record = await kit.play(table, rng, players=players)
        seconds = time.monotonic() - started
        h = await bob.slash("game", "export", channel=table.thread_id)
        export_message = await h.message(10)
        export = json.loads(export_message.attachment(f"{table.gid}.json").data)
        snapshot = db.snapshot(table.gid)
        assert snapshot is not None
        intents = db.intents(table.gid)
        db.close()
        await bot.stop()
        return PlayedGame(
            fake,
            table,
            record,
            intents,
            snapshot,
            export,
            export_message,
            seconds,
            bot.logs(),
            tmp / "arbiter.db",
            spectator,
        )
    finally:
        await bot.stop()
        await fake.stop()


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> PlayedGame:
    tmp = tmp_path_factory.mktemp("scenario-game")
    return asyncio.run(_play(tmp))


def test_three_members_play_a_whole_game(played: PlayedGame) -> None:
    fake, record, table = played.fake, played.record, played.table
    game = engine.get("infamy")
    print(
        f"\nscenario 1: game {table.gid} over in {played.seconds:.1f}s, version {record['version']}, "
        f"{len(played.intents)} intents, winners {record['winners']} ({record['reason']}), "
        f"latency {fake.latency_report()}"
    )

    assert record["status"] == "finished", record
    # a spectator cannot act: every answer is ephemeral and says so, and the game did not move
    dave = played.spectator
    assert dave["after"] == dave["before"]
    for answer in dave["answers"]:
        assert answer.ephemeral and "not playing" in answer.text(), answer.text()
        assert not kit.offered_actions(answer, table.gid), answer.custom_ids()

    early = dave["export"]
    assert early.ephemeral and not early.attachments and "export" in early.text().lower(), early.text()

    # everyone who played is a member, no agent
    assert sorted(table.players) == ["alice", "bob", "cy"]
    assert all(i["by_user"] not in ("agent", "deadline") for i in played.intents), (
        "a move was not made by a member"
    )

    # the outcome is the engine's: replay the database's intent log ...
    log = [(i["seat"], i["intent"]) for i in played.intents]
    replayed = kit.replay_log(record, log)
    outcome = game.outcome(replayed)
    assert outcome is not None, "the replayed game has not ended"
    assert sorted(outcome.winners) == sorted(record["winners"]) and outcome.reason == record["reason"]
    assert game.dump(replayed) == played.snapshot[1], "the saved snapshot differs from the replayed state"
    assert played.snapshot[0] == record["version"]
    # ... and the export a member downloaded through Discord once the game had ended
    export = played.export
    assert export["intents"] == [list(x) for x in log] and export["seed"] == record["seed"]
    from_export = kit.replay_log(
        {**record, "options": export["options"]}, [(s, k) for s, k in export["intents"]]
    )
    assert game.dump(from_export) == export["final"] == played.snapshot[1]
    assert played.export_message.ephemeral

    # the public record says the same
    final_status = table.status.text()
    assert "Game over" in final_status
    for seat in record["winners"]:
        assert table.players[seat].mention in final_status.split("Game over", 1)[1]

    # every image is a valid PNG; a board was posted as the game went on
    pngs = kit.png_attachments(fake)
    boards = [p for p in pngs if p[1] == "board.png"]
    assert len(boards) >= 10, f"only {len(boards)} board images"
    unique = {data: (msg, name) for msg, name, data in pngs}  # a board goes in a turn post and the status
    for data, (msg, name) in unique.items():
        kit.assert_png(data, f"{name} of message {msg.id}")

    # slash commands, buttons and (where offered) selects were used; every interaction answered in time
    kinds = {i.type for i in fake.state.interactions.values()}
    assert {2, 3, 4} <= kinds, kinds  # command, component, autocomplete
    used: dict[str, int] = {}
    for i in fake.state.interactions.values():
        data = i.payload.get("data", {})
        what = {2: "slash /" + str(data.get("name")), 4: "autocomplete", 5: "modal"}.get(i.type) or (
            "select"
            if data.get("component_type") == 3
            else "button " + str(data.get("custom_id", "")).split(":")[0]
        )
        used[what] = used.get(what, 0) + 1
    print(f"interactions used: {dict(sorted(used.items()))}")
    unanswered = [i for i in fake.state.interactions.values() if i.callback is None]
    assert not unanswered, unanswered[:3]
    assert max(fake.latencies()) < 3.0, fake.latency_report()
    assert not fake.state.unhandled, fake.state.unhandled[:3]
    refused = [(r.method, r.route, r.status) for r in fake.state.requests if r.status >= 400]
    assert not refused, f"Discord refused requests of the bot: {refused[:5]}"
    assert not [m for m in fake.state.all_messages() if "Something went wrong" in m.all_text()], (
        "the bot answered with an unexpected error; see its log"
    )
    assert "Traceback" not in played.bot_log, played.bot_log[-3000:]


def test_no_member_sees_another_members_secrets(played: PlayedGame) -> None:
    fake, table = played.fake, played.table
    times = hidden_info.commit_times_from_db(played.db_path, table.gid)
    secrets = hidden_info.secrets_of(played.record, played.intents, times)
    seats = {seat: member.id for seat, member in table.players.items()}

    # the check has something to find: secrets existed and the members saw them privately
    held = {seat: set().union(*(m.hands[seat] for m in secrets.moments)) for seat in seats}
    assert any(held.values()), f"no seat ever held a Scheme: {held}"
    assert any(v for m in secrets.moments for v in m.choices.values()), "no secret sector choice was seen"
    for seat, member in table.players.items():
        mine = "\n".join(m.all_text() for m in fake.messages_visible_to(member) if m.ephemeral)
        assert not held[seat] or any(name in mine for name in held[seat]), f"{seat} never saw their Schemes"

    checker = hidden_info.Checker(fake, seats, secrets, spectators={"dave": fake.members["dave"].id})
    leaks = checker.leaks()
    print(
        f"\nscenario 2: {checker.checked_versions} message versions checked against "
        f"{len(secrets.moments)} saved versions; {len(secrets.private_texts)} private event texts"
    )
    assert not leaks, "\n".join(str(x) for x in leaks[:20])

    problems = hidden_info.private_answers_not_public(fake, secrets, seats)
    assert not problems, "\n".join(problems[:20])

    # images: a sample of the public boards and of the private images, each the drawing of the right view
    for name, sample in (("board.png", 6), ("hand.png", 4)):
        checked, problems = hidden_info.images_drawn_from_views(fake, secrets, seats, "infamy", name, sample)
        assert checked == sample, f"only {checked} {name} images to check"
        assert not problems, "\n".join(problems)

    # every answer to a member's interaction was ephemeral (this bot answers nothing publicly)
    public_answers = [m for m in fake.state.all_messages() if m.via != "channel" and not m.ephemeral]
    assert not public_answers, public_answers[:5]
    # private images only in ephemeral answers or DMs
    for msg, name, _ in kit.png_attachments(fake):
        if name != "board.png":
            assert msg.ephemeral or msg.channel_kind == "dm", f"{name} in a public message {msg.id}"


def test_the_secrets_check_finds_a_planted_leak(played: PlayedGame) -> None:
    """The check of scenario 2 is not vacuous: a Scheme name of one member's shown to another is caught."""
    from tests.e2e.fake_discord.recording import EPHEMERAL

    fake, table = played.fake, played.table
    times = hidden_info.commit_times_from_db(played.db_path, table.gid)
    secrets = hidden_info.secrets_of(played.record, played.intents, times)
    seats = {seat: member.id for seat, member in table.players.items()}
    checker = hidden_info.Checker(fake, seats, secrets)

    def secret_from(other: str, name: str, at: float) -> bool:
        # a planted leak must be one in every moment the checker compares the message with (its lag window)
        window = secrets.window(at + 0.01)
        return all(name not in m.public_names and name not in m.hands.get(other, set()) for m in window)

    moment, name, other = next(
        (m, n, o)
        for m in secrets.moments
        if m.at
        for holder in sorted(seats)
        for n in sorted(m.hands[holder])
        for o in sorted(seats)
        if o != holder and secret_from(o, n, m.at)
    )
    bob = table.players[other]
    planted = Message(
        id=fake.state.ids.next(),
        channel_id=table.thread_id,
        guild_id=table.status.guild_id,
        author_id=fake.state.bot_user.id,
        via="followup",
        channel_kind="thread",
        content=f"Your hand: {name}",
        flags=EPHEMERAL,
        answered_member_id=bob.id,
    )
    planted.created_at = planted.updated_at = moment.at - checker.clock_offset + 0.01
    fake.state.messages[planted.id] = planted
    try:
        leaks = checker.leaks()
    finally:
        del fake.state.messages[planted.id]
    assert [x for x in leaks if x.message is planted and x.member == other and name in x.what], leaks
