"""Tests of the core machinery through a small game of our own (tests/support/toygame.py)."""

from __future__ import annotations

import pytest

from engine.core import (
    DataError,
    Deck,
    GameOver,
    IllegalIntent,
    Intent,
    MalformedIntent,
    NotYourTurn,
    RandomAgent,
    Rng,
    SnapshotError,
    clockwise,
    next_seat,
)
from engine.core.datapack import validate_records
from engine.core.playout import play_out, replay
from tests.support.toygame import TOY

SEATS = ["ann", "bo", "cy"]


def test_intent_key_round_trip() -> None:
    intent = Intent.of("bid", amount=3, contact="fixer")
    assert intent.key() == "bid:amount=3,contact=fixer"
    assert Intent.parse(intent.key()) == intent
    assert Intent.parse("pass") == Intent.of("pass")


@pytest.mark.parametrize("bad", ["", "bid:", "bid:amount", "9lives", "bid:a=1,=2", "x" * 81, "bid:a=b c"])
def test_malformed_intent_text_is_refused(bad: str) -> None:
    with pytest.raises(MalformedIntent):
        Intent.parse(bad)


def test_string_value_that_looks_like_a_number_is_refused() -> None:
    with pytest.raises(MalformedIntent):
        Intent.of("pick", card="12")


def test_rng_is_deterministic_and_serialisable() -> None:
    a, b = Rng(seed=7), Rng(seed=7)
    assert [a.below(10) for _ in range(20)] == [b.below(10) for _ in range(20)]
    c = Rng.model_validate_json(a.model_dump_json())
    assert [c.roll(2, 6) for _ in range(5)] == [a.roll(2, 6) for _ in range(5)]
    assert Rng(seed=8).below(1000) != Rng(seed=7).below(1000) or Rng(seed=8).below(1000) != Rng(seed=9).below(
        1000
    )


def test_a_shuffle_draws_as_below_does() -> None:
    """Rng.shuffle counts its draws itself (issue 33): the same swaps, and the same position after, as
    Fisher-Yates by ``below``, so every seeded game deals as before."""
    for seed in range(40):
        for size in (0, 1, 2, 3, 7, 52, 200):
            fast, slow = Rng(seed=seed, position=seed * 3), Rng(seed=seed, position=seed * 3)
            items, expected = list(range(size)), list(range(size))
            fast.shuffle(items)
            for i in range(size - 1, 0, -1):
                j = slow.below(i + 1)
                expected[i], expected[j] = expected[j], expected[i]
            assert items == expected and fast.position == slow.position, (seed, size)


def test_rng_is_roughly_uniform() -> None:
    rng = Rng(seed=1)
    counts = [0] * 6
    for _ in range(6000):
        counts[rng.below(6)] += 1
    assert all(900 < c < 1100 for c in counts)


def test_deck_reshuffles_discards_when_empty() -> None:
    rng = Rng(seed=3)
    deck = Deck.shuffled(["a", "b"], rng)
    assert sorted(deck.draw(rng, 2)) == ["a", "b"]
    deck.discard("a", "b")
    assert sorted(deck.draw(rng, 3)) == ["a", "b"]
    assert deck.empty


def test_deck_without_reshuffle_runs_out() -> None:
    rng = Rng(seed=3)
    deck = Deck(cards=["a"], reshuffle=False)
    deck.discard("b")
    assert deck.draw(rng, 2) == ["a"]
    assert deck.empty


def test_seat_order() -> None:
    assert clockwise(SEATS, "bo") == ["bo", "cy", "ann"]
    assert clockwise(SEATS, "bo", include_start=False) == ["cy", "ann"]
    assert next_seat(SEATS, "cy") == "ann"
    assert next_seat(SEATS, "ann", skip=["bo"]) == "cy"


def test_toy_setup_validates_seats_and_options() -> None:
    with pytest.raises(IllegalIntent):
        TOY.setup(["solo"], seed=1)
    with pytest.raises(MalformedIntent):
        TOY.setup(["a", "a"], seed=1)
    with pytest.raises(MalformedIntent, match="target"):
        TOY.setup(SEATS, seed=1, options={"target": "many"})


def test_apply_is_pure_and_checks_turn_and_legality() -> None:
    state = TOY.setup(SEATS, seed=1)
    before = TOY.dump(state)
    with pytest.raises(IllegalIntent, match="Pick 1"):
        TOY.apply(state, "ann", Intent.of("pick", n=4))
    with pytest.raises(NotYourTurn):
        TOY.apply(state, "zed", Intent.of("pick", n=1))
    new, events = TOY.apply(state, "ann", Intent.of("pick", n=2))
    assert TOY.dump(state) == before
    assert new.step == 1
    with pytest.raises(NotYourTurn):
        TOY.apply(new, "ann", Intent.of("pick", n=3))
    # the public event says who chose; only ann's private event says what
    assert [e.text for e in events if e.visible_to("bo")] == ["ann has chosen."]
    assert any("2" in e.text for e in events if e.visible_to("ann"))


def test_apply_chosen_trusts_only_the_legal_list_it_is_given() -> None:
    """An agent's pick from ``legal()`` is applied without asking the rules twice, to the same state as
    :meth:`apply`; anything not in that list gets the full check and its refusal."""
    state = TOY.setup(SEATS, seed=1)
    before = TOY.dump(state)
    legal = TOY.legal(state, "ann")
    chosen, events = TOY.apply_chosen(state, "ann", legal[1], legal)
    checked, checked_events = TOY.apply(state, "ann", legal[1])
    assert TOY.dump(chosen) == TOY.dump(checked) and events == checked_events and TOY.dump(state) == before
    with pytest.raises(IllegalIntent, match="Pick 1"):
        TOY.apply_chosen(state, "ann", Intent.of("pick", n=4), legal)
    with pytest.raises(NotYourTurn):
        TOY.apply_chosen(state, "zed", legal[0], TOY.legal(state, "zed"))


def test_secret_choice_never_in_another_seats_view() -> None:
    state = TOY.setup(SEATS, seed=1)
    state, _ = TOY.apply(state, "ann", Intent.of("pick", n=3))
    assert TOY.view(state, "ann")["my_pick"] == "pick:n=3"
    assert TOY.view(state, "bo")["my_pick"] is None
    assert "pick:n=3" not in str(TOY.view(state, None))


def test_parse_intent_refuses_unknown_kinds() -> None:
    with pytest.raises(MalformedIntent, match="not an action"):
        TOY.parse_intent("fly")


def test_dump_load_round_trip_and_bad_snapshots() -> None:
    state = TOY.setup(SEATS, seed=5)
    state, _ = TOY.apply(state, "bo", Intent.of("pick", n=1))
    assert TOY.dump(TOY.load(TOY.dump(state))) == TOY.dump(state)
    with pytest.raises(SnapshotError):
        TOY.load("{not json")
    with pytest.raises(SnapshotError):
        TOY.load(TOY.dump(state).replace(f'"format":{TOY.format}', '"format":99'))


@pytest.mark.parametrize("seed", range(20))
def test_seeded_playouts_end_and_replay_exactly(seed: int) -> None:
    state = TOY.setup(SEATS, seed=seed)
    agents = {s: RandomAgent(seed * 10 + i) for i, s in enumerate(SEATS)}
    result = play_out(TOY, state, agents)
    outcome = TOY.outcome(result.state)
    assert outcome is not None
    assert TOY.prompts(result.state) == []
    again = replay(TOY, SEATS, seed, {}, result.log)
    assert TOY.dump(again) == TOY.dump(result.state)
    with pytest.raises(GameOver):
        TOY.apply(result.state, "ann", Intent.of("pick", n=1))


def test_reaction_window_asks_everyone_else_and_resumes() -> None:
    state = TOY.setup(SEATS, seed=2)
    for s in SEATS:
        state, _ = TOY.apply(state, s, Intent.of("pick", n=1))
    leader = state.leader
    state, _ = TOY.apply(state, leader, Intent.of("double"))
    asked = sorted(p.seat for p in TOY.prompts(state))
    assert asked == sorted(s for s in SEATS if s != leader)
    for s in asked:
        state, _ = TOY.apply(state, s, Intent.of("pass"))
    assert state.doubled and state.waiting.find("window") is None


def test_pack_errors_name_file_record_and_field(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from pydantic import BaseModel

    class Card(BaseModel):
        id: str
        cost: int

    path = tmp_path / "cards.json"
    with pytest.raises(DataError, match=r"cards.json: record 2 \('b'\), field 'cost'"):
        validate_records(path, [{"id": "a", "cost": 1}, {"id": "b", "cost": "lots"}], Card)
    with pytest.raises(DataError, match="duplicate id"):
        validate_records(path, [{"id": "a", "cost": 1}, {"id": "a", "cost": 2}], Card)


def test_open_frames_survive_a_dump_and_load() -> None:
    state = TOY.setup(SEATS, seed=2)
    for s in SEATS:
        state, _ = TOY.apply(state, s, Intent.of("pick", n=1))
    assert state.waiting.find("turn") is not None
    restored = TOY.load(TOY.dump(state))
    assert [p.seat for p in TOY.prompts(restored)] == [p.seat for p in TOY.prompts(state)]
    assert TOY.legal(restored, state.leader) == [Intent.of("double"), Intent.of("keep")]


def test_intents_are_equal_and_hash_alike_exactly_when_their_kind_and_arguments_are() -> None:
    """Intent's own __eq__ (issue 21: a submit is checked by membership in a legal list of hundreds) must
    compare what the generated one did: the kind and the arguments in order, nothing else."""
    from engine.core.intent import Intent

    a = Intent.of("wall", at="C3")
    same = Intent.parse("wall:at=C3")
    assert a == same and hash(a) == hash(same) and {a: 1}[same] == 1
    assert a != Intent.of("wall", at="C4") and a != Intent.of("move", at="C3")
    assert Intent.of("m", a=1, b=2) != Intent.of("m", b=2, a=1), "argument order is part of the intent"
    assert a != "wall:at=C3" and (a == object()) is False
    assert a in [Intent.of("wall", at=f"C{n}") for n in range(1, 9)]
