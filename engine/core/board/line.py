"""The exact centre-to-centre line between two cells: the cells, edges and corners it meets.

Both tactical rulebooks decide line of sight with a straight line between the centres of two squares
(Nakamura Tower: "draw a line between the centres of the squares"; IPA: "place a ruler so that it
touches the points of the two squares"). Whether that line touches a corner exactly is the whole
question near walls, so it is computed exactly: a crossing of the vertical grid line ``x = k`` happens at
``t = (2k - 2a - 1) / (2 dx)`` along the segment, and crossings are ordered by comparing such fractions
with integer cross-multiplication. Positions are reported as :class:`fractions.Fraction`. There is no
floating point anywhere.

A centre-to-centre segment never runs along a grid line (centres sit at half-integers), so it meets the
grid in three ways only: it crosses the inside of an edge, it passes exactly through a corner (a lattice
point), or it lies inside a cell. At a corner the line goes from a cell to its diagonal neighbour and
squeezes between the two other cells sharing that corner: one on each side of the line. The four edges
meeting at the corner split the same way, two on each side. Rules about corners (see
:func:`engine.core.board.grid.Grid.sees`) read those sides.

The geometry does not depend on the board, so lines are cached by their two end cells.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from .cell import Cell, Edge, Point


@dataclass(frozen=True, slots=True)
class Corner:
    """The line passes exactly through ``point``, from one cell to its diagonal neighbour."""

    where: tuple[int, int]
    """:attr:`at` as (numerator, denominator), not reduced (a Fraction is made only when asked for)."""
    point: Point
    sides: tuple[Cell, Cell]
    """The two cells the line squeezes between, one on each side of it."""
    side_edges: tuple[tuple[Edge, Edge], tuple[Edge, Edge]]
    """The edges meeting at ``point``, by side: ``side_edges[i]`` are the two edges of ``sides[i]`` that end
    there."""

    @property
    def at(self) -> Fraction:
        """How far along the line, from 0 at the start to 1 at the end."""
        return Fraction(*self.where)


@dataclass(frozen=True, slots=True)
class Crossing:
    """The line crosses the inside of ``edge`` (from one cell into its orthogonal neighbour)."""

    where: tuple[int, int]
    """:attr:`at` as (numerator, denominator), not reduced."""
    edge: Edge

    @property
    def at(self) -> Fraction:
        """How far along the line, from 0 at the start to 1 at the end."""
        return Fraction(*self.where)


@dataclass(frozen=True, slots=True)
class Line:
    start: Cell
    end: Cell
    cells: tuple[Cell, ...]
    """Every cell whose inside the line meets, in order from ``start`` to ``end`` (both included)."""
    crossings: tuple[Crossing, ...]
    corners: tuple[Corner, ...]

    @property
    def between(self) -> tuple[Cell, ...]:
        """The cells strictly between the two ends (the ones that can stand in the way)."""
        return self.cells[1:-1]

    @property
    def edges(self) -> tuple[Edge, ...]:
        return tuple(c.edge for c in self.crossings)


def _corner(at: tuple[int, int], here: Cell, sx: int, sy: int) -> Corner:
    # Going from ``here`` to ``here + (sx, sy)`` through their shared corner.
    across = Cell(here.col + sx, here.row + sy)
    side_x = Cell(here.col + sx, here.row)  # the neighbour reached by the horizontal part of the step
    side_y = Cell(here.col, here.row + sy)
    point = (here.col + (1 if sx > 0 else 0), here.row + (1 if sy > 0 else 0))
    edges_x = (Edge.of_neighbours(here, side_x), Edge.of_neighbours(side_x, across))
    edges_y = (Edge.of_neighbours(here, side_y), Edge.of_neighbours(side_y, across))
    return Corner(at, point, (side_x, side_y), (edges_x, edges_y))


@lru_cache(maxsize=65536)
def line(start: Cell, end: Cell) -> Line:
    """The centre-to-centre line from ``start`` to ``end``; the same cells and edges, reversed, as from
    ``end`` to ``start``."""
    start, end = Cell(*start), Cell(*end)
    dx, dy = end.col - start.col, end.row - start.row
    sx, sy = (dx > 0) - (dx < 0), (dy > 0) - (dy < 0)
    nx, ny = abs(dx), abs(dy)
    # The i-th vertical grid line crossed (i = 1..nx) is met at t = (2i - 1) / (2 nx); likewise rows.
    i = j = 1
    here = start
    cells = [start]
    crossings: list[Crossing] = []
    corners: list[Corner] = []
    while i <= nx or j <= ny:
        # compare (2i-1)/(2nx) with (2j-1)/(2ny) by cross-multiplying; a missing axis never comes first
        if j > ny:
            order = -1
        elif i > nx:
            order = 1
        else:
            lhs, rhs = (2 * i - 1) * ny, (2 * j - 1) * nx
            order = (lhs > rhs) - (lhs < rhs)
        if order < 0:
            nxt = Cell(here.col + sx, here.row)
            crossings.append(Crossing((2 * i - 1, 2 * nx), Edge.of_neighbours(here, nxt)))
            i += 1
        elif order > 0:
            nxt = Cell(here.col, here.row + sy)
            crossings.append(Crossing((2 * j - 1, 2 * ny), Edge.of_neighbours(here, nxt)))
            j += 1
        else:
            corners.append(_corner((2 * i - 1, 2 * nx), here, sx, sy))
            nxt = Cell(here.col + sx, here.row + sy)
            i += 1
            j += 1
        cells.append(nxt)
        here = nxt
    return Line(start, end, tuple(cells), tuple(crossings), tuple(corners))
