"""Undo by consent at the table: approvals, refusals with the engine's reason, expiry (after a restart too,
on SQLite and PostgreSQL), one pending request, a move racing the approval, a crash mid-way, and a rebuild
that skips the undone intents."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.store.sqlite.storage import SqliteStore
from engine.core import IllegalIntent, StaleVersion
from engine.store import Change, MemoryStore, Store
from engine.table import NotAllowed, Table, Update
from engine.table.clocks import UNDO_CLOCK
from engine.table.undo import UNDO_TTL
from tests.engine.test_table import Clock, started
from tests.support.postgres import Backend


@pytest.fixture(params=["memory", "sqlite"])
async def store(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Store]:
    s: Store = MemoryStore() if request.param == "memory" else SqliteStore(tmp_path / "t.db")
    await s.open()
    yield s
    await s.close()


async def infamy(table: Table, humans: int = 3, agents: int = 0, pace: str = "blitz") -> str:
    update = await table.create("infamy", "u1", "Ann", seats=humans + agents, seed=5, pace=pace)
    gid = update.record.id
    for i in range(2, humans + 1):
        await table.join(gid, f"u{i}", ["", "", "Bo", "Cy"][i])
    for _ in range(agents):
        await table.add_agent(gid, "u1")
    await table.start(gid, "u1")
    return gid


async def move(table: Table, gid: str) -> tuple[str, str]:
    """The user whose turn it is and a legal intent key of theirs (a bid when there is one)."""
    waiting = await table.awaiting(gid)
    user = waiting[0].user
    assert user is not None
    legal = [i.key() for i, _ in await table.legal(gid, user)]
    return user, next((k for k in legal if k.startswith("bid")), legal[0])


async def play(table: Table, gid: str) -> str:
    user, key = await move(table, gid)
    await table.submit(gid, user, key)
    return user


async def dump(table: Table, gid: str) -> str:
    record, state = await table._load(gid)
    assert state is not None
    return table.engine_game(record).dump(state)


def without_step(text: str) -> str:
    import json

    body = json.loads(text)
    body.pop("step", None)
    return json.dumps(body, sort_keys=True)


def others(user: str) -> list[str]:
    return [u for u in ("u1", "u2", "u3") if u != user]


async def undone_by_consent(table: Table, gid: str) -> str:
    """A move played, then taken back with every other player's approval: the user who played it."""
    bidder = await play(table, gid)
    await table.undo_request(gid, bidder)
    for other in others(bidder):
        await table.undo_answer(gid, other, True)
    return bidder


async def test_undo_by_consent_of_all_returns_to_the_earlier_state(store: Store) -> None:
    table = Table(store)
    gid = await infamy(table)
    before = await dump(table, gid)
    with pytest.raises(IllegalIntent, match="no move"):
        await table.undo_request(gid, "u1")
    bidder = await play(table, gid)
    first, second = others(bidder)
    with pytest.raises(NotAllowed):
        await table.undo_request(gid, "stranger")
    asked = await table.undo_request(gid, bidder)
    assert "asks to take back" in asked.events[0].text and "bid:" not in asked.events[0].text  # no key
    with pytest.raises(IllegalIntent, match="already waiting"):
        await table.undo_request(gid, bidder)
    with pytest.raises(IllegalIntent, match="your own"):
        await table.undo_answer(gid, bidder, True)
    half = await table.undo_answer(gid, first, True)
    assert half.kind == "status" and "approves" in half.events[0].text
    with pytest.raises(IllegalIntent, match="already answered"):
        await table.undo_answer(gid, first, True)
    version = (await table.record(gid)).version
    done = await table.undo_answer(gid, second, True)
    assert done.kind == "undo" and done.record.version == version + 1
    assert any("taken back" in e.text and "approved by" in e.text for e in done.events)
    assert without_step(await dump(table, gid)) == without_step(before)
    assert {d.seat for d in await store.deadlines(game_id=gid)} == {s.seat for s in await table.awaiting(gid)}
    assert bidder in {s.user for s in await table.awaiting(gid)}  # the clock runs for the bidder again
    assert len(await store.intents(gid)) == 1  # the undone intent stays in the log
    assert (await table._table_state(gid)).undone == [(1, 1)]
    export = await table.export(gid)
    assert export["undone"] == [[1, 1]] and len(export["intents"]) == 1
    assert await table.kept_log(gid) == []
    with pytest.raises(StaleVersion):  # a button offered before the undo is stale
        await table.submit(gid, bidder, (await move(table, gid))[1], expected_version=version)
    user, key = await move(table, gid)
    await table.submit(gid, user, key, expected_version=version + 1)
    assert [i.seq for i in await store.intents(gid)] == [1, 2]


async def test_a_refusal_ends_the_request_and_what_was_revealed_cannot_be_undone(store: Store) -> None:
    table = Table(store)
    gid = await infamy(table)
    bidder = await play(table, gid)
    await table.undo_request(gid, bidder)
    refused = await table.undo_answer(gid, others(bidder)[0], False)
    assert "stands" in refused.events[0].text
    with pytest.raises(IllegalIntent, match="No undo request"):
        await table.undo_answer(gid, others(bidder)[1], True)
    toy = await started(table)
    await table.submit(toy, "u1", "pick:n=3")  # a secret pick: its player alone is told
    with pytest.raises(IllegalIntent, match="shown to some players only since"):
        await table.undo_request(toy, "u1")
    ann = (await table.record(toy)).seats[0].seat
    with pytest.raises(NotAllowed):
        await table.undo_moderate(toy, "u2", ann, "misclick", moderator=False)
    with pytest.raises(IllegalIntent, match="shown to some players only"):
        await table.undo_moderate(toy, "u1", ann, "misclick", moderator=False)
    assert (await table._table_state(toy)).undo is None


async def test_a_moderator_undo_needs_a_reason_and_is_done_at_once(store: Store) -> None:
    table = Table(store)
    gid = await infamy(table)
    bidder = await play(table, gid)
    seat = (await table.record(gid)).seat_of(bidder)
    assert seat is not None
    with pytest.raises(IllegalIntent, match="reason"):
        await table.undo_moderate(gid, "u1", seat.seat, "  ", moderator=False)
    done = await table.undo_moderate(gid, "mod", seat.seat, "misclicked, asked in chat", moderator=True)
    assert done.kind == "undo" and "a moderator (misclicked, asked in chat)" in done.events[0].text


async def test_any_one_opponent_and_agents_approve_on_their_own(store: Store) -> None:
    table = Table(store)
    gid = await infamy(table)
    with pytest.raises(NotAllowed):
        await table.set_undo_consent(gid, "u2", "any", moderator=False)
    with pytest.raises(IllegalIntent, match="Choose"):
        await table.set_undo_consent(gid, "u1", "some", moderator=False)
    await table.set_undo_consent(gid, "u1", "any", moderator=False)
    bidder = await play(table, gid)
    await table.undo_request(gid, bidder)
    done = await table.undo_answer(gid, others(bidder)[1], True)
    assert done.kind == "undo"
    solo = await infamy(table, humans=1, agents=2)
    await play(table, solo)
    alone = await table.undo_request(solo, "u1")
    assert alone.kind == "undo" and "the agents" in alone.events[0].text


async def test_the_request_expires_and_a_move_ends_it(store: Store) -> None:
    clock = Clock()
    table = Table(store, clock=clock)
    gid = await infamy(table)
    bidder = await play(table, gid)
    await table.undo_request(gid, bidder)
    assert await table.undo_pending(gid) is not None
    clock.now += UNDO_TTL + 1
    assert await table.undo_pending(gid) is None
    with pytest.raises(IllegalIntent, match="expired"):
        await table.undo_answer(gid, others(bidder)[0], True)
    await table.undo_request(gid, bidder)  # an expired request does not block a new one
    user, key = await move(table, gid)
    moved = await table.submit(gid, user, key)
    seat = (await table.record(gid)).seat_of(bidder)
    assert seat is not None
    ended = f"{seat.seat}'s undo request ended: a move was made."
    assert [e.text for e in moved.events if e.kind == "undo_ended"] == [ended]  # the thread is told
    assert ended in (await table.public_log(gid))[-1]
    assert await table.undo_pending(gid) is None
    assert (await table._table_state(gid)).undo is None
    with pytest.raises(IllegalIntent, match="No undo request"):
        await table.undo_answer(gid, others(bidder)[0], True)


async def test_a_move_racing_the_approval_exactly_one_wins(store: Store) -> None:
    for approval_first in (True, False):
        table = Table(store)
        gid = await infamy(table)
        bidder = await play(table, gid)
        await table.undo_request(gid, bidder)
        await table.undo_answer(gid, others(bidder)[0], True)
        version = (await table.record(gid)).version
        user, key = await move(table, gid)
        last = others(bidder)[1]
        moving = table.submit(gid, user, key, expected_version=version)
        answer = table.undo_answer(gid, last, True)
        results = await asyncio.gather(
            *((answer, moving) if approval_first else (moving, answer)), return_exceptions=True
        )
        won = [r for r in results if isinstance(r, Update)]
        lost = [r for r in results if isinstance(r, (StaleVersion, IllegalIntent))]
        assert len(won) == 1 and len(lost) == 1, results
        assert (await table.record(gid)).version == version + 1
        assert won[0].kind == ("undo" if approval_first else "play")


class Crashing(MemoryStore):
    crash = False

    async def commit(self, change: Change) -> None:
        if self.crash:
            raise RuntimeError("power cut")
        await super().commit(change)


async def test_a_crash_mid_way_leaves_nothing_half_applied() -> None:
    store = Crashing()
    table = Table(store)
    gid = await infamy(table)
    bidder = await play(table, gid)
    await table.undo_request(gid, bidder)
    await table.undo_answer(gid, others(bidder)[0], True)
    before = (
        await table.record(gid),
        await dump(table, gid),
        await store.table_state(gid),
        await store.intents(gid),
        await store.deadlines(game_id=gid),
    )
    store.crash = True
    with pytest.raises(RuntimeError):
        await table.undo_answer(gid, others(bidder)[1], True)
    store.crash = False
    fresh = Table(store)
    after = (
        await fresh.record(gid),
        await dump(fresh, gid),
        await store.table_state(gid),
        await store.intents(gid),
        await store.deadlines(game_id=gid),
    )
    assert after == before
    done = await fresh.undo_answer(gid, others(bidder)[1], True)  # the request is still there, whole
    assert done.kind == "undo"


async def test_a_rebuild_from_the_log_skips_the_undone_intents(tmp_path: Path) -> None:
    store = SqliteStore(tmp_path / "r.db")
    await store.open()
    table = Table(store)
    gid = await infamy(table)
    await undone_by_consent(table, gid)
    for _ in range(3):
        await play(table, gid)
    assert (await table._table_state(gid)).undone == [(1, 1)]
    live = await dump(table, gid)
    record = await table.record(gid)
    rebuilt = await table.rebuild(record)
    assert table.engine_game(record).dump(rebuilt) == live
    await store.close()
    store = SqliteStore(tmp_path / "r.db")
    await store.open()
    await store.corrupt_snapshot(gid, "{garbage")
    again = Table(store)
    assert await dump(again, gid) == live
    user, key = await move(again, gid)
    await again.submit(gid, user, key, expected_version=record.version)
    await store.close()


async def test_arbiter_replay_checks_an_export_with_undone_intents(tmp_path: Path) -> None:
    import json

    from bot.cli import replay_file

    table = Table(MemoryStore())
    gid = await infamy(table, humans=1, agents=2)
    await play(table, gid)
    await table.undo_request(gid, "u1")  # the agents approve
    await play(table, gid)
    export = await table.export(gid)
    assert export["undone"] and len(export["intents"]) > len(await table.kept_log(gid))
    path = tmp_path / "undo.json"
    path.write_text(json.dumps(export))
    assert replay_file(path) == 0
    export["undone"] = []  # the same log replayed whole does not reach the exported state
    path.write_text(json.dumps(export))
    assert replay_file(path) == 1


def test_after_an_undo_only_the_seats_whose_own_view_changed_are_told_what_they_hold() -> None:
    from engine.core import RandomAgent, registry
    from engine.core.playout import choose, next_decision
    from engine.core.undo import plan
    from engine.records import GameRecord, SeatRecord

    game = registry.get("infamy")
    seats = ["A", "B", "C"]
    record = GameRecord(
        id="abc",
        game="infamy",
        host="uA",
        max_seats=3,
        seed=5,
        seats=[SeatRecord(seat=s, user=f"u{s}") for s in seats],
    )
    table = Table(MemoryStore())
    state = game.setup(seats, 5, {})
    states, events, log = [state], [], []
    agents = {s: RandomAgent(i) for i, s in enumerate(seats)}
    told: list[list[str]] = []
    while game.outcome(state) is None and len(log) < 120:
        seat = next_decision(game, state)
        assert seat is not None
        intent, legal = choose(game, state, seat, agents[seat])
        state, produced = game.apply_chosen(state, seat, intent, legal)
        states.append(state)
        events.append(produced)
        log.append((seat, intent.key()))
        found = plan(states, events, log, seat)
        if found.allowed:
            notes = table._changed_views(record, state, found.state)
            assert all(e.audience is not None and len(e.audience) == 1 for e in notes)
            told.append(sorted(s for e in notes for s in e.audience or ()))
    assert [] in told, "an undo that changed only the public board tells nobody privately"
    assert any(t for t in told), "an undo that gave a card back tells its holder"


async def test_the_tick_ends_an_expired_request_and_tells_the_thread(store: Store) -> None:
    clock = Clock()
    table = Table(store, clock=clock)
    gid = await infamy(table, pace="standard")  # no deadline passes meanwhile (a move would end it too)
    bidder = await play(table, gid)
    await table.undo_request(gid, bidder)
    assert not [u for u in await table.tick() if u.kind == "status"]  # not yet
    clock.now += UNDO_TTL + 1
    ended = [u for u in await table.tick() if u.kind == "status"]
    assert len(ended) == 1 and "expired" in ended[0].events[0].text
    assert (await table._table_state(gid)).undo is None
    assert not [u for u in await table.tick() if u.kind == "status"]  # once


async def test_a_player_whose_own_move_would_be_undone_must_approve_even_under_any(store: Store) -> None:
    table = Table(store)
    gid = await infamy(table)
    await table.set_undo_consent(gid, "u1", "any", moderator=False)
    first = await play(table, gid)
    second = await play(table, gid)
    assert first != second
    third = next(u for u in others(first) if u != second)
    asked = await table.undo_request(gid, first)
    assert "(2 moves in all, the others' since included)" in asked.events[0].text
    waiting = await table.undo_answer(gid, third, True)
    assert waiting.kind == "status" and await table.undo_pending(gid) is not None
    refused = await table.undo_answer(gid, second, False)
    assert "stands" in refused.events[0].text and await table.undo_pending(gid) is None
    await table.undo_request(gid, first)
    await table.undo_answer(gid, third, True)
    done = await table.undo_answer(gid, second, True)
    assert done.kind == "undo" and await table.kept_log(gid) == []


async def test_an_expiry_survives_a_restart_and_the_thread_is_told_once(store_backend: Backend) -> None:
    """Issue 18: "the request expires after a short time". Its end is a deadline row saved with the
    request, so a table started afresh on the same database (a restart) still tells the thread, once."""
    clock = Clock()
    store = store_backend.make()
    await store.open()
    table = Table(store, clock=clock)
    gid = await infamy(table, pace="standard")  # no seat's deadline passes meanwhile
    bidder = await play(table, gid)
    await table.undo_request(gid, bidder)
    rows = {d.seat: d for d in await store.deadlines(game_id=gid)}
    assert rows[UNDO_CLOCK].due_at == clock.now + UNDO_TTL and rows[UNDO_CLOCK].reminded
    assert UNDO_CLOCK not in await table.due(gid) and UNDO_CLOCK not in await table.clocks(gid)
    await store.close()
    one, two = store_backend.make(), store_backend.make()  # restarted: two processes on one database
    await one.open()
    await two.open()
    try:
        first, second = Table(one, clock=clock), Table(two, clock=clock)
        assert [u for u in await first.tick() if u.kind == "status"] == []  # not yet due
        clock.now += UNDO_TTL
        told: list[Update] = []
        first.subscribe(lambda u: _keep(told, u))
        second.subscribe(lambda u: _keep(told, u))
        ended = [u for t in await asyncio.gather(first.tick(), second.tick()) for u in t]
        assert len(ended) == 1 and "expired: the move stands" in ended[0].events[0].text
        assert [u.kind for u in told] == ["status"]
        assert (await first._table_state(gid)).undo is None
        assert UNDO_CLOCK not in {d.seat for d in await one.deadlines(game_id=gid)}
        assert await first.tick() == [] and await second.tick() == []
        with pytest.raises(IllegalIntent, match="No undo request"):
            await first.undo_answer(gid, others(bidder)[0], True)
    finally:
        await one.close()
        await two.close()


async def _keep(told: list[Update], update: Update) -> None:
    told.append(update)


async def test_a_move_or_an_answer_drops_the_expiry_row_and_a_new_request_tells_the_old_end(
    store: Store,
) -> None:
    clock = Clock()
    table = Table(store, clock=clock)
    gid = await infamy(table, pace="standard")
    bidder = await play(table, gid)
    await table.undo_request(gid, bidder)
    await table.undo_answer(gid, others(bidder)[0], False)  # refused under "all": settled
    assert UNDO_CLOCK not in {d.seat for d in await store.deadlines(game_id=gid)}
    await table.undo_request(gid, bidder)
    await play(table, gid)  # a move ends the request, and its row with it
    assert UNDO_CLOCK not in {d.seat for d in await store.deadlines(game_id=gid)}
    mover = await play(table, gid)
    await table.undo_request(gid, mover)
    clock.now += UNDO_TTL  # ran out, but no tick came before the next request
    again = await table.undo_request(gid, mover)
    texts = [e.text for e in again.events]
    seat = (await table.record(gid)).seat_of(mover)
    assert seat is not None and texts[0] == f"{seat.seat}'s undo request expired: the move stands."
    assert "asks to take back" in texts[1]
    clock.now += 1
    assert [u for u in await table.tick() if u.kind == "status"] == []  # the new one is not due


async def test_what_a_past_reveals_follows_how_the_game_ended(store: Store) -> None:
    """The ruling of the README's "Undo, history and replays": every seat's view is open only once the
    rules ended the game; a game cancelled, abandoned or drawn by a vote shows the public board only."""
    table = Table(store)
    lobby = (await table.create("infamy", "u1", "Ann", seats=3, seed=5)).record.id
    assert await table.reveals(lobby) == "none"
    await table.abort(lobby, "u1")
    assert await table.reveals(lobby) == "none"  # cancelled in its lobby: it never had a board
    running = await infamy(table)
    await play(table, running)
    assert await table.reveals(running) == "public"
    await table.abort(running, "u1")
    assert await table.reveals(running) == "public"
    drawn = await infamy(table)
    for user in ("u1", "u2"):
        await table.vote(drawn, user, "draw")
    assert (await table.record(drawn)).status == "finished" and await table.reveals(drawn) == "public"
    update = await table.create("infamy", "u1", "Ann", seats=3, seed=5, options={"round_cap": 1})
    ended = update.record.id
    for _ in range(2):
        await table.add_agent(ended, "u1")
    await table.start(ended, "u1")
    while (await table.record(ended)).status == "running":
        await play(table, ended)
    assert await table.reveals(ended) == "all"


async def test_an_undone_move_and_its_request_count_toward_nothing_in_the_result(store: Store) -> None:
    """Issue 18: "Undo requests count toward nothing in ratings": the league result (ratings and
    reliability) reads only the moves that still count; the request and the undone move leave no trace."""
    table = Table(store)
    gid = await infamy(table)
    bidder = await undone_by_consent(table, gid)
    again = await play(table, gid)
    assert again == bidder  # the same seat plays its turn again
    await table.abort(gid, "u1")
    result = await table.game_result(gid)
    assert result is not None
    lines = {line.user: line for line in result.players}
    assert lines[bidder].met == 1 and lines[bidder].missed == 0  # one move counted, not two
    assert all(lines[u].met == 0 for u in others(bidder))  # answering a request is not a move


async def test_an_undo_request_names_the_move_as_everyone_was_told_of_it(store: Store) -> None:
    """Issue 30, item 7: the request names the move it takes back, by the public line it made: a bid by
    the bid everyone saw, a secret choice only as "has chosen" (its label, "Pick 3", stays secret)."""
    from engine.core.model import private, public
    from engine.core.undo import told

    table = Table(store)
    gid = await infamy(table)
    user, key = await move(table, gid)
    await table.submit(gid, user, key)
    asked = await table.undo_request(gid, user)
    pending = await table.undo_pending(gid)
    assert pending is not None and " bids " in pending.move and not pending.move.endswith(".")
    assert f'their last move ("{pending.move}")' in asked.events[0].text
    secret = [private("Ann", "pick", "You chose: Pick 3."), public("chosen", "Ann has chosen.")]
    assert told(secret) == "Ann has chosen" and told([private("Ann", "pick", "You chose: Pick 3.")]) == ""
