"""The table's pace model, with an injected clock (time moves; nothing waits): a clock per player's turn,
short reaction windows, time banks with increment and cap, the one-time extension, votes and resigning."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import pytest

from bot.store.sqlite.storage import SqliteStore
from engine import pace as pacing
from engine.core import Event, Game, GameMeta, GameState, IllegalIntent, Intent, Prompt, public, registry
from engine.store import MemoryStore, Store
from engine.table import NotAllowed, Table

TURNS = 40


class PaceState(GameState):
    turn: int = 0
    part: int = 0
    react_for: str | None = None


class PaceGame(Game[PaceState]):
    """Each turn is two decisions of one seat (``go`` twice); ``provoke`` as the first opens a reaction
    window (a quick prompt) for the next seat, on the mover's turn."""

    meta = GameMeta(id="pacetest", title="Pace Test", min_seats=2, max_seats=3, summary="Two steps a turn.")
    state_type = PaceState
    intent_kinds = frozenset({"go", "provoke", "pass"})

    def _setup(self, seats: list[str], seed: int, options: Any) -> PaceState:
        return PaceState(game=self.meta.id, seats=seats, rng=self.new_rng(seed))

    def _mover(self, state: PaceState) -> str:
        return state.seats[state.turn % len(state.seats)]

    def _next(self, state: PaceState) -> str:
        return state.seats[(state.turn + 1) % len(state.seats)]

    def prompts(self, state: PaceState) -> list[Prompt]:
        if state.result is not None:
            return []
        if state.react_for is not None:
            return [
                Prompt(
                    state.react_for, "react", "React?", Intent.of("pass"), pace="quick", ref=f"r{state.turn}"
                )
            ]
        return [Prompt(self._mover(state), f"part{state.part}", "Your step.", Intent.of("go"))]

    def legal(self, state: PaceState, seat: str) -> list[Intent]:
        if state.result is not None:
            return []
        if state.react_for is not None:
            return [Intent.of("pass")] if seat == state.react_for else []
        if seat != self._mover(state):
            return []
        return [Intent.of("go"), Intent.of("provoke")] if state.part == 0 else [Intent.of("go")]

    def _apply(self, state: PaceState, seat: str, intent: Intent) -> list[Event]:
        if intent.kind == "pass":
            state.react_for = None
            return [public("pass", f"{seat} lets it be.")]
        if intent.kind == "provoke":
            state.react_for = self._next(state)
        state.part += 1
        if state.part == 2:
            state.part, state.turn = 0, state.turn + 1
            if state.turn >= TURNS:
                return [self.finish(state, [seat], "the last turn was played")]
        return [public(intent.kind, f"{seat} goes.")]

    def view(self, state: PaceState, seat: str | None) -> dict[str, Any]:
        return {"turn": state.turn, "part": state.part}

    def describe(self, state: PaceState, intent: Intent) -> str:
        return intent.kind


class Clock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture(autouse=True)
def pace_game() -> Iterator[None]:
    registry.register(PaceGame())
    yield
    registry.unregister("pacetest")


@pytest.fixture(params=["memory", "sqlite"])
async def store(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Store]:
    s: Store = MemoryStore() if request.param == "memory" else SqliteStore(tmp_path / "t.db")
    await s.open()
    yield s
    await s.close()


async def started(table: Table, pace: str, humans: int = 2) -> str:
    gid = (await table.create("pacetest", "u1", "Ann", seats=humans, seed=3, pace=pace)).record.id
    for i, name in list(enumerate(["Bo", "Cy"], start=2))[: humans - 1]:
        await table.join(gid, f"u{i}", name)
    await table.start(gid, "u1")
    return gid


async def due(table: Table, gid: str) -> dict[str, float]:
    return {d.seat: d.due_at for d in await table.store.deadlines(game_id=gid)}


async def test_a_clock_covers_the_whole_turn_not_each_decision(store: Store) -> None:
    clock = Clock()
    table = Table(store, clock=clock)
    gid = await started(table, "blitz")
    start = clock.now
    assert await due(table, gid) == {"Ann": start + 300}
    clock.now += 200
    await table.submit(gid, "u1", "go")  # the first of Ann's two decisions: her clock goes on
    assert await due(table, gid) == {"Ann": start + 300}
    clock.now += 50
    await table.submit(gid, "u1", "go")  # her turn ends: Bo's clock starts now
    assert await due(table, gid) == {"Bo": clock.now + 300}


async def test_an_expired_turn_applies_the_rest_of_the_turn_and_counts_one_miss(store: Store) -> None:
    clock = Clock()
    table = Table(store, clock=clock)
    gid = await started(table, "blitz")
    clock.now += 301
    updates = await table.tick()
    assert [u.kind for u in updates] == ["deadline"]
    assert [(s, k, by) for s, k, by in updates[0].applied] == [
        ("Ann", "go", "deadline"),
        ("Ann", "go", "deadline"),
    ]
    record = await table.record(gid)
    assert record.seat_named("Ann").missed == 1  # type: ignore[union-attr]
    assert await due(table, gid) == {"Bo": clock.now + 300}


async def test_a_reaction_window_gets_the_short_fixed_time(store: Store) -> None:
    clock = Clock()
    table = Table(store, clock=clock)
    gid = await started(table, "standard")
    await table.submit(gid, "u1", "provoke")
    plan = pacing.plan("standard")
    assert plan.reaction < plan.turn
    assert await due(table, gid) == {"Bo": clock.now + plan.reaction}
    clock.now += plan.reaction + 1
    [update] = await table.tick()
    assert update.applied == [("Bo", "pass", "deadline")]  # a reaction window's default is one decision
    # back on Ann's turn: a new turn clock (the reaction ended hers); Bo's one miss is counted
    assert await due(table, gid) == {"Ann": clock.now + plan.turn}


async def test_time_bank_increment_and_cap(store: Store) -> None:
    clock = Clock()
    table = Table(store, clock=clock)
    plan = pacing.plan("bank-blitz")
    assert plan.bank and plan.increment and plan.cap > plan.turn
    gid = await started(table, "bank-blitz")
    assert await due(table, gid) == {"Ann": clock.now + plan.turn}
    clock.now += 100
    await table.submit(gid, "u1", "go")
    await table.submit(gid, "u1", "go")
    clocks = await table.clocks(gid)
    assert clocks["Ann"] == plan.turn - 100 + plan.increment  # what was left, plus the increment
    assert clocks["Bo"] == plan.turn  # Bo's clock runs: his whole bank is his deadline
    assert await due(table, gid) == {"Bo": clock.now + plan.turn}
    # quick turns add the increment each time, up to the cap
    for _ in range(7):
        for user in ("u2", "u2", "u1", "u1"):
            await table.submit(gid, user, "go")
    clocks = await table.clocks(gid)
    assert clocks["Ann"] == plan.cap
    assert await due(table, gid) == {"Bo": clock.now + plan.cap}


async def test_a_turn_that_runs_out_leaves_only_the_increment(store: Store) -> None:
    clock = Clock()
    table = Table(store, clock=clock)
    plan = pacing.plan("bank-blitz")
    gid = await started(table, "bank-blitz")
    clock.now += plan.turn + 1
    await table.tick()
    assert (await table.clocks(gid))["Ann"] == plan.increment
    await table.submit(gid, "u2", "go")
    await table.submit(gid, "u2", "go")
    assert await due(table, gid) == {"Ann": clock.now + plan.increment}


async def test_reactions_do_not_draw_on_the_bank_and_a_pause_charges_without_increment(store: Store) -> None:
    clock = Clock()
    table = Table(store, clock=clock)
    plan = pacing.plan("bank-blitz")
    gid = await started(table, "bank-blitz")
    await table.submit(gid, "u1", "provoke")
    assert await due(table, gid) == {"Bo": clock.now + plan.reaction}
    clock.now += 30
    await table.submit(gid, "u2", "pass")
    assert (await table.clocks(gid))["Bo"] == plan.turn  # the reaction cost Bo nothing
    # Ann's turn was held while Bo reacted (his time is not hers), and goes on with what was left
    assert await due(table, gid) == {"Ann": clock.now + plan.turn}
    clock.now += 70
    await table.pause(gid, "u1")
    assert (await table.clocks(gid))["Ann"] == plan.turn - 70  # charged, no increment: the turn goes on
    clock.now += 10_000  # paused time is nobody's
    await table.resume(gid, "u1")
    assert await due(table, gid) == {"Ann": clock.now + plan.turn - 70}


async def test_one_extension_per_player_per_game(store: Store) -> None:
    clock = Clock()
    table = Table(store, clock=clock)
    plan = pacing.plan("blitz")
    gid = await started(table, "blitz")
    with pytest.raises(IllegalIntent, match="no deadline"):
        await table.extend(gid, "u2")  # Bo has no clock running
    with pytest.raises(NotAllowed):
        await table.extend(gid, "spectator")
    update = await table.extend(gid, "u1")
    assert "extension" in update.events[0].text
    assert await due(table, gid) == {"Ann": clock.now + plan.turn + plan.grace}
    with pytest.raises(IllegalIntent, match="already used"):
        await table.extend(gid, "u1")
    await table.submit(gid, "u1", "go")  # the extended clock keeps running through the turn
    assert await due(table, gid) == {"Ann": clock.now + plan.turn + plan.grace}


async def test_votes_need_a_majority_of_the_seated_players(store: Store) -> None:
    clock = Clock()
    table = Table(store, clock=clock)
    gid = await started(table, "blitz", humans=3)
    with pytest.raises(NotAllowed, match="seated"):
        await table.vote(gid, "spectator", "draw")
    with pytest.raises(IllegalIntent, match="Unknown vote"):
        await table.vote(gid, "u1", "win")
    await table.vote(gid, "u1", "draw")
    with pytest.raises(IllegalIntent, match="already voted"):
        await table.vote(gid, "u1", "draw")
    assert await table.open_votes(gid) == {"draw": (1, 2)}
    assert (await table.record(gid)).status == "running"
    update = await table.vote(gid, "u3", "draw")
    assert update.record.status == "finished" and update.record.winners == []
    assert await table.store.deadlines(game_id=gid) == []


async def test_an_extend_vote_moves_every_open_deadline_and_abandon_cancels(store: Store) -> None:
    clock = Clock()
    table = Table(store, clock=clock)
    plan = pacing.plan("standard")
    gid = await started(table, "standard")
    await table.vote(gid, "u1", "extend")
    await table.vote(gid, "u2", "extend")
    assert await due(table, gid) == {"Ann": clock.now + plan.turn + plan.grace}
    await table.vote(gid, "u1", "abandon")
    await table.vote(gid, "u1", "abandon", yes=False)
    assert await table.open_votes(gid) == {}
    await table.vote(gid, "u1", "abandon")
    update = await table.vote(gid, "u2", "abandon")
    assert update.record.status == "aborted"


async def test_a_resigned_seat_is_played_by_an_agent_and_the_others_are_told(store: Store) -> None:
    clock = Clock()
    table = Table(store, clock=clock, agent_kind="random")
    gid = await started(table, "blitz", humans=3)
    update = await table.resign(gid, "u1")  # Ann, on her turn, and the host
    assert any("Ann resigned" in e.text and e.audience is None for e in update.events)
    assert [s for s, _, by in update.applied if by == "agent"][:2] == [
        "Ann",
        "Ann",
    ]  # the agent plays at once
    record = await table.record(gid)
    assert record.seat_named("Ann").user is None  # type: ignore[union-attr]
    assert record.host == "u2"
    with pytest.raises(NotAllowed):
        await table.vote(gid, "u1", "draw")  # no longer seated
    await table.resign(gid, "u2")
    update = await table.resign(gid, "u3")
    assert update.record.status == "aborted"
