"""Standing offers at the table (issue 11): "an offer open at any moment; the game does not wait for it".
A seat whose only prompt is standing gets no deadline, its default is never applied when time runs out, it
is not among those awaited, and the table accepts its standing intent out of turn. With an injected clock
(time moves; nothing waits)."""

from __future__ import annotations

from engine.core import Intent
from engine.store import MemoryStore
from engine.table import Table


class Clock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


async def _at_a_turn(table: Table) -> str:
    """A three-person Gamedec game at the first detective's open turn (the set-up answered by defaults)."""
    gid = (await table.create("gamedec", "u1", "Ann", seats=3, seed=5, pace="blitz")).record.id
    await table.join(gid, "u2", "Bo")
    await table.join(gid, "u3", "Cy")
    await table.start(gid, "u1")
    for _ in range(20):
        if await table.standing(gid):
            return gid
        record = await table.record(gid)
        prompt = (await table.prompts(gid))[0]
        await table.submit(gid, record.user_of(prompt.seat) or "", prompt.default)
    raise AssertionError("no turn opened")


async def test_a_standing_offer_has_no_deadline_and_its_default_is_never_applied() -> None:
    clock = Clock()
    store = MemoryStore()
    await store.open()
    table = Table(store, clock=clock)
    gid = await _at_a_turn(table)
    waiting = {p.seat for p in await table.prompts(gid)}
    standing = {p.seat for p in await table.standing(gid)}
    assert standing and not standing & waiting
    assert set(await table.due(gid)) == waiting, "only the decisions waited for have a clock"
    assert {s.seat for s in await table.awaiting(gid)} == waiting
    before = len(await store.intents(gid))
    clock.now += 10 * 24 * 3600
    updates = await table.tick()
    applied = [seat for u in updates for seat, _, by in u.applied if by == "deadline"]
    assert applied and set(applied) <= waiting, f"a deadline applied something for {set(applied) - waiting}"
    record = await table.record(gid)
    assert all(record.seat_named(s).missed == 0 for s in standing)  # type: ignore[union-attr]
    assert len(await store.intents(gid)) == before + len([a for u in updates for a in u.applied])


async def test_the_table_accepts_a_standing_intent_out_of_turn() -> None:
    store = MemoryStore()
    await store.open()
    table = Table(store, clock=Clock())
    gid = await _at_a_turn(table)
    record = await table.record(gid)
    offer = (await table.standing(gid))[0]
    user = record.user_of(offer.seat) or ""
    discard = next(i for i, _ in await table.legal(gid, user) if i.kind == "discard")
    version = record.version
    waiting = [(p.seat, p.kind) for p in await table.prompts(gid)]
    update = await table.submit(gid, user, discard, expected_version=version)
    assert update.record.version == version + 1
    assert [(p.seat, p.kind) for p in await table.prompts(gid)] == waiting
    assert (await store.intents(gid))[-1].key == discard.key()
    assert Intent.of("end") not in [i for i, _ in await table.legal(gid, user)], "it is not his turn"
