"""Several people at one keyboard: news addressed to a human seat is kept until that seat is to play and
then shown to it alone; with several human seats the screen is cleared and the keyboard handed over
before a seat's secrets are shown, and the public events a player missed meanwhile are printed again."""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any

from engine.records import GameRecord

from .keyboard import say

MISSED_MAX = 40
"""Public events kept for a hotseat player who has not had the keyboard (the oldest are dropped)."""
CLEAR = "\033[3J\033[2J\033[H"
"""Erase the scrollback (3J: a hotseat player must not scroll up to the last one's secrets), then the
screen (2J), and go home."""


def player(record: GameRecord, seat: str) -> str:
    """Who plays ``seat``, named once: "Ann", or "Ann (seat p1)" when the seat has another name."""
    found = record.seat_named(seat)
    name = found.name if found and found.name else seat
    return name if name.casefold() == seat.casefold() else f"{name} (seat {seat})"


class Hotseat:
    def __init__(self, humans: set[str] | None = None) -> None:
        self.humans = humans or set()
        """The seats people play here; with more than one the keyboard is handed over between them."""
        self.news: dict[str, list[str]] = {}
        """Events addressed to a human seat, kept until that seat is to play."""
        self.missed: dict[str, list[str]] = {}
        """Public events since each player last had the keyboard (the screen is cleared between)."""
        self.front: str | None = None
        """The seat whose player has the keyboard."""

    @property
    def shared(self) -> bool:
        """Whether several people share the keyboard."""
        return len(self.humans) > 1

    def take(self, events: list[Any]) -> None:
        """Print public events; keep private ones for their human seats (an agent's are nobody's)."""
        for event in events:
            if not event.text:
                continue
            if event.audience is None:
                say(f"  {event.text}")
                for seat in self.humans if self.shared else ():
                    kept = self.missed.setdefault(seat, [])
                    kept.append(event.text)
                    del kept[:-MISSED_MAX]
                continue
            for seat in sorted(event.audience & self.humans):
                self.news.setdefault(seat, []).append(event.text)

    def hand_over(self, record: GameRecord, seat: str, read: Callable[[str], str | None]) -> bool:
        """Clear the screen and wait for ``seat``'s player before their secrets are shown; False when the
        input ends. Public events they missed are printed again afterwards."""
        if not self.shared or self.front == seat:
            return True
        say(CLEAR if sys.stdout.isatty() else "\n" + "=" * 60)
        if read(f"Pass the keyboard to {player(record, seat)}, then press Enter. ") is None:
            return False
        say(CLEAR if sys.stdout.isatty() else "")
        self.front = seat
        missed = self.missed.pop(seat, [])
        if missed:
            say("Since your last turn:")
            for line in missed:
                say(f"  {line}")
        return True

    def private_news(self, seat: str) -> None:
        news = self.news.pop(seat, [])
        if news:
            say(f"Only for {seat}:")
            for line in news:
                say(f"  * {line}")
