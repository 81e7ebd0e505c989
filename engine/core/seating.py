"""Seat order. Seats are listed clockwise; these helpers walk that circle."""

from __future__ import annotations

from collections.abc import Sequence


def clockwise(seats: Sequence[str], start: str, include_start: bool = True) -> list[str]:
    """Every seat once, clockwise, beginning with ``start`` (or the seat after it)."""
    i = list(seats).index(start)
    order = list(seats[i:]) + list(seats[:i])
    return order if include_start else order[1:]


def next_seat(seats: Sequence[str], seat: str, skip: Sequence[str] = ()) -> str:
    """The next seat clockwise after ``seat`` that is not in ``skip`` (``seat`` itself if all are)."""
    for candidate in clockwise(seats, seat, include_start=False):
        if candidate not in skip:
            return candidate
    return seat


def previous_seat(seats: Sequence[str], seat: str) -> str:
    """The seat to the right of ``seat`` (counter-clockwise)."""
    i = list(seats).index(seat)
    return seats[i - 1]
