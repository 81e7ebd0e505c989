"""The squares a wall may go on during set-up, against the rule's own definition computed the slow way
(issue 21 made ``_legal_walls`` faster: a cut judged on the eight squares around, wall groups counted
once per map instead of searched for every square; issue 33: the squares kept wall by wall, each wall
judging again only the squares around its group, :mod:`engine.ipa_agents.wall_map`).

RB set-up 6: "You may not place a terrain token in the starting corner of an opponent." and "Special wall
rule: when a game starts, no more than 5 walls may stand directly next to each other. (This also applies
diagonally.)" Rules notes A-19 (ruled): "Terrain tokens may never trap units or Events": after the wall,
every square without a wall is still reachable from every other (4-connected)."""

from __future__ import annotations

import random

from engine.core.board import Cell
from engine.ipa_agents.setup import _legal_walls

AROUND = [(dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy]


def _connected(size: int, walls: set[tuple[int, int]]) -> bool:
    open_cells = {(x, y) for x in range(size) for y in range(size)} - walls
    if not open_cells:
        return True
    start = next(iter(open_cells))
    seen, todo = {start}, [start]
    while todo:
        x, y = todo.pop()
        for n in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if n in open_cells and n not in seen:
                seen.add(n)
                todo.append(n)
    return seen == open_cells


def _group(walls: set[tuple[int, int]], start: tuple[int, int]) -> int:
    seen, todo = {start}, [start]
    while todo:
        x, y = todo.pop()
        for dx, dy in AROUND:
            n = (x + dx, y + dy)
            if n in walls and n not in seen:
                seen.add(n)
                todo.append(n)
    return len(seen)


def reference(size: int, walls: set[tuple[int, int]], forbidden: set[str], limit: int) -> list[str]:
    out = []
    for y in range(size):
        for x in range(size):
            label = Cell(x, y).label
            if (x, y) in walls or label in forbidden:
                continue
            after = walls | {(x, y)}
            if _connected(size, walls) and not _connected(size, after):
                continue
            if _group(after, (x, y)) > limit:
                continue
            out.append(label)
    return out


def test_the_wall_squares_are_exactly_those_the_rules_allow() -> None:
    rng = random.Random(21)
    for _ in range(40):
        size = rng.choice((8, 12, 16))
        walls = {(rng.randrange(size), rng.randrange(size)) for _ in range(rng.randint(0, size * 2))}
        if not _connected(size, walls):
            continue  # set-up never reaches a split map: every placement keeps it whole
        forbidden = {Cell(rng.randrange(size), rng.randrange(size)).label for _ in range(6)}
        limit = rng.choice((3, 5))
        labels = tuple(sorted(Cell(x, y).label for x, y in walls))
        got = list(_legal_walls(size, labels, frozenset(forbidden), limit))
        assert got == reference(size, walls, forbidden, limit), (size, sorted(walls), limit)


def test_the_default_wall_is_always_an_allowed_square() -> None:
    """The square a wall goes on at a deadline is judged one square at a time (issue 21: a submit no longer
    draws up the whole list for the next wall's default); it must always be one the full list allows, and
    there must be none when the list is empty. Set-up is played to its last wall by defaults, for 2, 3 and
    4 players."""
    from engine.ipa_agents import GAME as IPA
    from engine.ipa_agents.setup import default_wall, legal_walls

    for seats in (["a", "b"], ["a", "b", "c"], ["a", "b", "c", "d"]):
        state = IPA.setup(seats, len(seats))
        placed = 0
        while IPA.prompts(state)[0].kind == "wall":
            prompt = IPA.prompts(state)[0]
            square = default_wall(state, prompt.seat)
            assert square is not None and square in legal_walls(state, prompt.seat)
            state, _ = IPA.apply(state, prompt.seat, prompt.default)
            placed += 1
        assert placed == len(state.walls) == 40 // len(seats) * len(seats)  # "divide ... fairly"


def test_a_wall_splits_the_map_exactly_when_a_search_of_the_whole_map_says_so() -> None:
    """Issue 21: whether a wall on a square cuts the open squares in two is first judged on the ring of
    eight around it (joined there: it cannot cut), and only otherwise by a search of the whole map. Both
    must agree with the plain definition: after the wall, the open squares are no longer all joined."""
    from engine.ipa_agents.setup import _splits

    rng = random.Random(5)
    checked = 0
    for _ in range(120):
        size = rng.choice((6, 8, 12))
        walls = {(rng.randrange(size), rng.randrange(size)) for _ in range(rng.randint(0, size * 3))}
        if not _connected(size, walls):
            continue
        for _ in range(20):
            x, y = rng.randrange(size), rng.randrange(size)
            if (x, y) in walls or len(walls) + 1 >= size * size:
                continue
            assert _splits(size, walls, x, y) == (not _connected(size, walls | {(x, y)})), (size, x, y)
            checked += 1
    assert checked > 500
