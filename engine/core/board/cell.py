"""Cells and edges: the value types of a square grid.

A :class:`Cell` is a (column, row) pair counted from 0 at the top left. Players read and type it as a
label: the column as letters (``A``..``Z``, then ``AA``, ``AB``, ...) and the row as a number from 1, so
``Cell(3, 6).label == "D7"``. Row 1 is the top row (house: neither rulebook prints coordinates).

An :class:`Edge` is the side shared by two orthogonal neighbours, normalised so that the same side is
always the same value whichever cell is named first; its label is ``"D7-D8"``. Walls and doors of Human
Interface: Nakamura Tower lie on edges. An edge may have one cell outside the board: that is the board's
(or a tile's) outer side, which matters when tiles are put together.

Both are named tuples: hashing and comparing them is as fast as for plain tuples, which keeps path
searches and line-of-sight checks cheap.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from ..errors import MalformedIntent

_LABEL = re.compile(r"^([A-Za-z]{1,2})([0-9]{1,3})$")


class LabelError(MalformedIntent, ValueError):
    """A cell or edge label that cannot be read. A :class:`ValueError` too, so that pydantic reports it
    as a field error when a data pack holds it."""


def column_label(col: int) -> str:
    """``0 -> "A"``, ``25 -> "Z"``, ``26 -> "AA"`` (bijective base 26, like spreadsheet columns)."""
    if col < 0:
        raise ValueError(f"column {col} is negative")
    out = ""
    n = col + 1
    while n:
        n, rest = divmod(n - 1, 26)
        out = chr(ord("A") + rest) + out
    return out


def column_index(letters: str) -> int:
    n = 0
    for ch in letters.upper():
        n = n * 26 + (ord(ch) - ord("A") + 1)
    return n - 1


CELLS_KEPT = 16_384
"""How many labels (read and written) the tables of :class:`Cell` keep: every square of the biggest board
many times over, bounded against a stream of forged labels."""


class Cell(NamedTuple):
    col: int
    row: int

    @property
    def label(self) -> str:
        label = _LABELS.get(self)
        if label is None:
            label = f"{column_label(self.col)}{self.row + 1}"
            if len(_LABELS) < CELLS_KEPT:
                _LABELS[self] = label
        return label

    @classmethod
    def parse(cls, text: str) -> Cell:
        """Read a label such as ``"D7"`` (case does not matter). A label read before comes from a table
        (path searches, sight lines and legal lists read the same squares after every move)."""
        cell = _PARSED.get(text) if cls is Cell and type(text) is str else None
        if cell is not None:
            return cell
        match = _LABEL.match(text.strip()) if isinstance(text, str) else None
        if not match or int(match.group(2)) < 1:
            raise LabelError(f"'{text}' is not a square: write a column letter and a row number, like D7.")
        cell = cls(column_index(match.group(1)), int(match.group(2)) - 1)
        if cls is Cell and type(text) is str and len(_PARSED) < CELLS_KEPT:
            _PARSED[text] = cell
        return cell

    def offset(self, dc: int, dr: int) -> Cell:
        return Cell(self.col + dc, self.row + dr)

    def reading(self) -> tuple[int, int]:
        """The sort key of reading order: top row first, then left to right."""
        return (self.row, self.col)

    def __str__(self) -> str:
        return self.label


_LABELS: dict[Cell, str] = {}
_PARSED: dict[str, Cell] = {}


class _EdgeFields(NamedTuple):
    a: Cell
    b: Cell


class Edge(_EdgeFields):
    """The side between two orthogonal neighbours; ``a`` is the one above or to the left of ``b``."""

    __slots__ = ()

    def __new__(cls, a: Cell, b: Cell) -> Edge:
        a, b = Cell(*a), Cell(*b)
        if abs(a.col - b.col) + abs(a.row - b.row) != 1:
            raise LabelError(
                f"{a.label} and {b.label} are not orthogonal neighbours, so no edge lies between them."
            )
        if (b.row, b.col) < (a.row, a.col):
            a, b = b, a
        return super().__new__(cls, a, b)

    @classmethod
    def of_neighbours(cls, a: Cell, b: Cell) -> Edge:
        """The edge between two cells the caller knows to be orthogonal neighbours, without the check
        (a line of sight builds one per side it crosses)."""
        return tuple.__new__(cls, (a, b) if (a.row, a.col) < (b.row, b.col) else (b, a))

    @property
    def vertical(self) -> bool:
        """True for the side between a cell and the one to its right (a vertical line segment)."""
        return self.a.row == self.b.row

    @property
    def label(self) -> str:
        return f"{_outside_label(self.a)}-{_outside_label(self.b)}"

    @classmethod
    def parse(cls, text: str) -> Edge:
        """Read ``"D7-D8"`` (or ``"D8-D7"``: the same edge)."""
        left, sep, right = text.strip().partition("-") if isinstance(text, str) else ("", "", "")
        if not sep:
            raise LabelError(f"'{text}' is not an edge: write the two squares it separates, like D7-D8.")
        return cls(Cell.parse(left), Cell.parse(right))

    def ends(self) -> tuple[tuple[int, int], tuple[int, int]]:
        """The two lattice points (x, y) the edge runs between; cell (c, r) spans x in [c, c+1]."""
        if self.vertical:
            x = self.b.col
            return (x, self.a.row), (x, self.a.row + 1)
        y = self.b.row
        return (self.a.col, y), (self.a.col + 1, y)

    def __str__(self) -> str:
        return self.label


def _outside_label(cell: Cell) -> str:
    # A cell just outside the board (row or column -1) has no letter; it is written with a "0" row or an
    # "@" column so that a frame edge still prints, though it cannot be parsed back.
    if cell.col < 0:
        return f"@{cell.row + 1}"
    if cell.row < 0:
        return f"{column_label(cell.col)}0"
    return cell.label


Point = tuple[int, int]
"""A lattice point (x, y): the corner shared by up to four cells; cell (c, r) has corners (c, r) .. (c+1,
r+1)."""
