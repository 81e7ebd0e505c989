"""The rules kits: ledger, checks and contests, resources, display, hand limits, ranking."""

from __future__ import annotations

from fractions import Fraction

import pytest

from engine.core import Deck, Rng
from engine.core.kits import display
from engine.core.kits.handlimit import excess, over_limit
from engine.core.kits.ledger import TWO_D6, Ledger, chance, opposed, opposed_chance, passes
from engine.core.kits.ranking import best, rank
from engine.core.kits.resources import Resources


def test_ledger_explains_and_totals() -> None:
    mods = Ledger().add("Discretion", 3).add("Goggles", 2).add("Wound", -1).add("Nothing", 0)
    assert mods.total == 4
    assert mods.explain() == "Discretion +3, Goggles +2, Wound −1"
    assert Ledger().explain() == "no modifiers"


def test_check_chances_are_exact() -> None:
    assert chance(TWO_D6, 0, 7) == Fraction(21, 36)
    assert chance(TWO_D6, 0, 2) == 1
    assert chance(TWO_D6, -20, 2) == 0
    # a natural 1 on either die fails whatever the total: 25 rolls without a 1, of which 2d6 >= 7 ...
    no_ones = chance(TWO_D6, 0, 7, fails=lambda roll: 1 in roll)
    assert no_ones == Fraction(sum(1 for a in range(2, 7) for b in range(2, 7) if a + b >= 7), 36)
    assert passes((3, 4), 2, 9) and not passes((3, 4), 1, 9)


def test_opposed_contest() -> None:
    assert opposed((6, 6), 0, (1, 1), 0) == 1 and opposed((1, 1), 0, (6, 6), 0) == -1
    assert opposed((3, 3), 1, (3, 4), 0) == 0
    win, tie = opposed_chance(TWO_D6, 0, 0)
    assert win == (1 - tie) / 2


def test_resources_respect_the_box() -> None:
    bribes = Resources(name="bribes", box=5)
    assert bribes.gain("ann", 3) == 3 and bribes.supply == 2
    assert bribes.gain("bo", 3, partial=False) == 0
    assert bribes.gain("bo", 3) == 2 and bribes.supply == 0
    assert bribes.lose("ann", 10) == 3 and bribes.supply == 3
    assert bribes.move("bo", "ann", 1) == 1 and bribes.of("ann") == 1 and bribes.supply == 3
    endless = Resources(name="credits")
    assert endless.gain("ann", 100) == 100 and endless.supply is None


def test_display_places_refill_from_a_deck_or_a_pile() -> None:
    """Gamedec: "when one of the players takes a given card, the space is immediately refilled"."""
    rng = Rng(seed=3)
    deck = Deck(cards=["a", "b", "c"], reshuffle=False)
    row: list[str | None] = [None, None]
    assert display.refill(row, display.from_deck(deck, rng)) == [(0, "c"), (1, "b")]
    assert display.take_and_refill(row, 0, display.from_deck(deck, rng)) == ("c", "a") and row == ["a", "b"]
    assert display.take_and_refill(row, 1, display.from_deck(deck, rng)) == ("b", None) and row == ["a", None]
    with pytest.raises(ValueError, match="place 2 of the display is empty"):
        display.take(row, 1)
    pile = ["x"]
    assert display.refill(row, display.from_pile(pile)) == [(1, "x")] and pile == []
    spaces: dict[str, str | None] = {"mobillenium": "e1", "zoenet": None}
    assert display.refill(spaces, display.from_pile(["e2"])) == [("zoenet", "e2")]
    assert display.take_and_refill(spaces, "mobillenium", display.from_pile([])) == ("e1", None)
    with pytest.raises(ValueError, match="the place mobillenium of the display is empty"):
        display.take(spaces, "mobillenium")


def test_display_slides_like_the_verse_row() -> None:
    """Virtual Revolution: "slide the remaining Verse cards to the right to fill the gap, if any, and add a
    new Verse card to the leftmost empty space"; at Maintenance "Discard the rightmost Verse card, slide all
    the remaining Verse cards to the right, and add a new Verse card to the leftmost space"."""
    row: list[str | None] = ["v1", "v2", "v3", "v4", "v5"]
    pile = ["n2", "n1"]
    assert display.take_sliding(row, 2, display.from_pile(pile)) == "v3"
    assert row == ["n1", "v1", "v2", "v4", "v5"]
    assert display.push(row, display.from_pile(pile)) == "v5" and row == ["n2", "n1", "v1", "v2", "v4"]
    assert display.push(row, display.from_pile(pile)) == "v4" and row[0] is None


def test_hand_limits() -> None:
    assert excess(["a"] * 9, 7) == 2 and excess(["a"], 7) == 0
    assert over_limit({"ann": ["x"] * 8, "bo": ["x"] * 2, "cy": ["x"] * 10}, 7, ["cy", "bo", "ann"]) == [
        ("cy", 3),
        ("ann", 1),
    ]


def test_ranking_groups_ties() -> None:
    points = {"ann": (9, 2), "bo": (9, 2), "cy": (9, 5), "di": (3, 0)}
    assert rank(list(points), points.__getitem__) == [["cy"], ["ann", "bo"], ["di"]]
    assert best(["ann", "bo"], points.__getitem__) == ["ann", "bo"]
