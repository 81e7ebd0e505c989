"""Replaying an intent log written before a turn came to end by itself (:meth:`Rules.ends_alone`).

A turn whose only legal move is its default is now made by the game, not asked; a log written before holds
that move as an intent of its own, which the game no longer waits for. :class:`Replayer` applies a log one
intent at a time and takes such an intent for the no-op it has become: refused, and one of the moves the
game made by itself while applying the intent before. Everything else is applied (or refused) as by
``game.apply``, so a log written since replays exactly as it was played.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any

from .errors import RuleError
from .model import Event

_MADE: ContextVar[list[tuple[str, str]] | None] = ContextVar("moves_made_alone", default=None)


@contextmanager
def noting() -> Iterator[list[tuple[str, str]]]:
    """The (seat, intent key) of every move the game makes by itself while the block runs."""
    made: list[tuple[str, str]] = []
    token = _MADE.set(made)
    try:
        yield made
    finally:
        _MADE.reset(token)


def made_alone(seat: str, key: str) -> None:
    """Called by the runtime when a turn ends by itself (only noted inside :func:`noting`)."""
    made = _MADE.get()
    if made is not None:
        made.append((seat, key))


@dataclass
class Replayer:
    """Applies a game's logged intents in order (see the module's docstring)."""

    game: Any
    made: list[tuple[str, str]] = field(default_factory=list)
    """The moves the game made by itself so far that no logged intent has stood for yet."""

    def apply(self, state: Any, seat: str, key: str) -> tuple[Any, list[Event]]:
        """``game.apply`` of one logged intent; ``(state, [])`` for one the game has already made alone."""
        with noting() as made:
            try:
                out: tuple[Any, list[Event]] = self.game.apply(state, seat, self.game.parse_intent(key))
            except RuleError:
                if (seat, key) not in self.made:
                    raise
                self.made.remove((seat, key))
                return state, []
        self.made += made  # a window's seats answer in any order: a move made alone waits for its turn
        return out
