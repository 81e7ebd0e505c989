"""A wall at set-up is one answer, its square (issue 30, item 5: "IPA's wall set-up takes one answer per
wall ... not two questions each"). RB set-up 6: "The players place the terrain tokens onto the battle map one
after the other": each terrain token is one square, so one answer names it."""

from __future__ import annotations

from engine.core import Intent
from engine.ipa_agents.game import IPA
from engine.ipa_agents.setup import legal_walls


def test_the_menu_asks_for_the_square_once_and_offers_every_allowed_square() -> None:
    """RB set-up 6: "You may not place a terrain token in the starting corner of an opponent": the one
    question lists every square a wall may go on (bo's corner X24 is not among them), each complete."""
    state = IPA.setup(["ann", "bo"], 1)
    (part,) = IPA.choices(state, "ann", "")
    assert not part.complete  # the kind: a single entry, which a menu in parts opens at once
    squares = IPA.choices(state, "ann", part.key)
    assert all(c.complete for c in squares)
    assert [c.key for c in squares] == [f"wall:at={s}" for s in legal_walls(state, "ann")]
    labels = {c.label for c in squares}
    assert "Wall on B2" in labels and "Wall on W23" not in labels and "Wall on X24" not in labels


def test_one_answer_places_one_wall_and_passes_the_turn() -> None:
    """RB set-up 6: "one after the other": ann's wall on B2, then bo is asked."""
    state = IPA.setup(["ann", "bo"], 1)
    state, events = IPA.apply(state, "ann", IPA.parse_intent("wall:at=B2"))
    assert state.walls == ["B2"] and [e.text for e in events][0] == "ann places a wall on B2."
    assert IPA.prompts(state)[0].seat == "bo" and IPA.prompts(state)[0].default.kind == "wall"


def test_a_square_written_otherwise_or_off_the_map_is_refused_with_the_reason() -> None:
    """The square is named as the map's edges write it (RB: the battle map is divided into squares; R-1:
    columns A-X, rows 1-24)."""
    state = IPA.setup(["ann", "bo"], 1)
    lower = IPA.why_not(state, "ann", Intent.of("wall", at="b2")) or ""
    assert "B2, not b2" in lower
    off = IPA.why_not(state, "ann", Intent.of("wall", at="Z99")) or ""
    assert "not a square of the map" in off
    corner = IPA.why_not(state, "ann", Intent.of("wall", at="X24")) or ""
    assert "cannot stand on X24" in corner


def test_an_intent_log_of_the_former_two_part_key_still_replays() -> None:
    """Format 10: a game logged before (``wall:col=B,row=2``) is rebuilt from its intent log; the old key
    is read as the one answer it now is."""
    state = IPA.setup(["ann", "bo"], 1)
    old = IPA.parse_intent("wall:col=B,row=2")
    assert old == Intent.of("wall", at="B2") and old.key() == "wall:at=B2"
    state, _ = IPA.apply(state, "ann", old)
    assert state.walls == ["B2"]
