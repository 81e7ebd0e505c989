"""Searches where every step costs 1, one ring of squares at a time, over square numbers.

:class:`~.grid.Grid` answers a route or nearest-target question with no cost function by this breadth-first
search (issue 21: Nakamura Tower's drones search a route at every move). It gives exactly what the general
search gives, and needs no heap. Squares are numbered in reading order (``row * width + col``), so the
distances and predecessors are plain lists indexed by number and no ``Cell`` is hashed on the way; a step's
rank (orthogonal before diagonal, then the reading order of the square it comes from) is one integer.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from typing import Any, NamedTuple

from .cell import Cell

Allow = Callable[[Cell], bool]


class Numbered:
    """A board's squares by number, and the steps out of each: (number of the square reached, rank of the
    step, the step itself for a passage test)."""

    def __init__(self, width: int, height: int, steps: Mapping[Cell, tuple[Any, ...]]) -> None:
        self.width, self.height = width, height
        self.cells = [Cell(n % width, n // width) for n in range(width * height)]
        diagonal = width * height  # above every square's number: a diagonal step ranks after all others
        self.out = [
            tuple(
                (self.number(step.to), (diagonal if step.sides is not None else 0) + n, step)
                for step in steps.get(cell, ())
            )
            for n, cell in enumerate(self.cells)
        ]

    def inside(self, cell: Cell) -> bool:
        return 0 <= cell.col < self.width and 0 <= cell.row < self.height

    def number(self, cell: Cell) -> int:
        return cell.row * self.width + cell.col


class Rings(NamedTuple):
    """What a search reached: ``dist[n]`` the cost of square ``n`` (-1: not reached), ``pred[n]`` the square
    it is reached from, ``found`` the cost of the nearest goal."""

    board: Numbered
    dist: list[int]
    pred: list[int]
    found: int | None

    def cost(self, cell: Cell) -> int | None:
        if not self.board.inside(cell):
            return None
        d = self.dist[self.board.number(cell)]
        return d if d >= 0 else None

    def back(self, cell: Cell) -> Cell:
        """The square ``cell`` is reached from."""
        return self.board.cells[self.pred[self.board.number(cell)]]


def rings(
    board: Numbered,
    start: Cell,
    budget: int | None,
    may_pass: Allow,
    is_open: Callable[[Any], bool] | None,
    goals: Collection[Cell],
) -> Rings:
    """From ``start`` (on the board) until the ring that holds the nearest goal is done, or ``budget``.
    A square's predecessors all lie in the ring before it, so the lowest-ranked one is kept."""
    dist, pred, rank = [-1] * len(board.cells), [-1] * len(board.cells), [0] * len(board.cells)
    first = board.number(start)
    wanted = {board.number(g) for g in goals if board.inside(g)}
    dist[first] = 0
    ring, d, found = [first], 0, None
    while ring and found is None:
        nd, outer = d + 1, []
        beyond = budget is not None and nd > budget
        for here in ring:
            if here in wanted:
                found = d
            if beyond or (here != first and not may_pass(board.cells[here])):
                continue
            for to, step_rank, step in board.out[here]:
                old = dist[to]
                if 0 <= old < nd or (is_open is not None and not is_open(step)):
                    continue
                if old < 0:
                    dist[to] = nd
                    outer.append(to)
                elif step_rank >= rank[to]:
                    continue
                pred[to] = here
                rank[to] = step_rank
        ring, d = outer, nd
    return Rings(board, dist, pred, found)
