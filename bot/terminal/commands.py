"""The commands any prompt of the terminal takes besides a choice: ``help``, ``hand``, ``board``, ``rules``
(and ``rules TERM``), ``log`` and ``undo``. Each prints its answer; ``undo`` may change the game, so the
seat is asked again afterwards."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from enum import Enum
from typing import Any

from engine.core.errors import DataError, RuleError
from engine.core.glossary import glossary, lookup
from engine.core.hand_text import game_hand_lines
from engine.records import GameRecord
from engine.table import Table

from ..present import board_lines
from .keyboard import say

LOG_SHOWN = 15
"""Public events `log` prints, and a resumed game recalls."""

HELP = """Commands at any prompt:
  a number, or any part of an action's text   plays it (in any case: "bid 3", "B5", "paradise")
  all      list every action            back    go up one part of a menu asked in parts
  hand     what only you can see        board   the whole table as text
  rules    the rules and the terms      rules TERM   what one term means (rules Expenses)
  log      the recent public events     undo    take back your last move, where the rules allow it
  help     this list                    quit    save and stop (Ctrl-C does the same)"""
PARTS_HELP = "A choice ending in … asks the next part; 'back' goes up one part."


class Done(Enum):
    """What a line typed at a prompt did, when it was a command."""

    NOT_A_COMMAND = 0
    SHOWN = 1
    """It printed something; the same question stands."""
    CHANGED = 2
    """It changed the game (an undo): the seat is asked again."""


Approve = Callable[[GameRecord, str, str], Awaitable[bool | None]]
"""Asks a seated person at the keyboard whether they approve an undo: (record, their seat, what it takes
back) -> yes, no, or None when the input ended."""


class Commands:
    def __init__(self, table: Table, approve: Approve | None = None) -> None:
        self.table = table
        self.approve = approve

    async def run(self, line: str, record: GameRecord, seat: str) -> Done:
        word, _, rest = line.strip().partition(" ")
        word = word.casefold()
        if word in ("help", "?") and not rest:
            say(HELP)
            return Done.SHOWN
        handlers: dict[str, Callable[[GameRecord, str, str], Awaitable[Done]]] = {
            "hand": self.hand,
            "board": self.board,
            "rules": self.rules,
            "log": self.log,
            "undo": self.undo,
        }
        handler = handlers.get(word)
        if handler is None or (rest and word != "rules"):
            return Done.NOT_A_COMMAND
        return await handler(record, seat, rest.strip())

    async def hand(self, record: GameRecord, seat: str, _rest: str) -> Done:
        own = await self.table.seat_view(record.id, seat)
        public = await self.table.seat_view(record.id, None)
        lines = game_hand_lines(self.table.engine_game(record), own, public)  # as /hand writes it
        say(
            f"What only {seat} can see:"
            if lines
            else f"Nothing is hidden from the others right now ({seat}); 'board' shows the table."
        )
        for text in lines:
            say(f"  {text.replace('**', '')}")
        return Done.SHOWN

    async def board(self, record: GameRecord, _seat: str, _rest: str) -> Done:
        say("The table:")
        public = await self.table.seat_view(record.id, None)
        for text in board_lines(self.table.engine_game(record), public):
            say(f"  {text.replace('**', '')}")
        return Done.SHOWN

    async def rules(self, record: GameRecord, _seat: str, term: str) -> Done:
        game = self.table.engine_game(record)
        try:
            terms = glossary(game)
        except DataError as exc:
            say(f"The glossary cannot be read: {exc}")
            terms = {}
        if term:
            found = lookup(terms, term)
            if not found:
                known = ", ".join(terms) if terms else "none"
                say(f"'{term}' is not one of the terms of {game.meta.title}. The terms: {known}.")
            for name, text in found:
                say(f"  {name}: {text}")
            return Done.SHOWN
        say(game.meta.rules or f"{game.meta.title}: {game.meta.summary}")
        if terms:
            say("Terms (type 'rules' and one of them to read it): " + ", ".join(terms) + ".")
        return Done.SHOWN

    async def log(self, record: GameRecord, _seat: str, _rest: str) -> Done:
        """The game's own public log, as the board shows it (the public view's ``log``); the table's log of
        events for a game whose view keeps none."""
        public = await self.table.seat_view(record.id, None)
        kept = public.get("log") if isinstance(public, dict) else None
        if isinstance(kept, list) and kept and all(isinstance(line, str) for line in kept):
            lines = [f"• {line}" for line in kept[-LOG_SHOWN:]]
        else:
            lines = await self.table.public_log(record.id, limit=LOG_SHOWN)
        say("Recent events:" if lines else "Nothing has happened yet.")
        for text in lines:
            say(f"  {text}")
        return Done.SHOWN

    async def undo(self, record: GameRecord, seat: str, _rest: str) -> Done:
        """Ask to take back this seat's last move: agents approve at once; every other person at the
        keyboard is asked (the request names the move)."""
        found = record.seat_named(seat)
        if found is None or found.user is None:
            say("Only a seat played here can take back its move.")
            return Done.SHOWN
        try:
            update = await self.table.undo_request(record.id, found.user)
        except RuleError as exc:
            say(f"  Not taken back: {exc}")
            return Done.SHOWN
        if update.kind != "undo":
            update = await self._answers(update.record, seat) or update
        for event in update.events:
            if event.audience is None and event.text:
                say(f"  {event.text}")
        return Done.CHANGED if update.kind == "undo" else Done.SHOWN

    async def _answers(self, record: GameRecord, asker: str) -> Any:
        """The other people's answers to ``asker``'s pending request; the last update."""
        pending = await self.table.undo_pending(record.id)
        update = None
        for other in record.seats:
            if pending is None or other.seat == asker or other.agent or other.user is None:
                continue
            if self.approve is None:
                break
            yes = await self.approve(record, other.seat, f'"{pending.move}"' if pending.move else "the move")
            if yes is None:
                break
            update = await self.table.undo_answer(record.id, other.user, yes)
            pending = await self.table.undo_pending(record.id)
        return update


def refused_line(exc: RuleError) -> str:
    return f"  Refused: {exc}"


__all__ = ["HELP", "LOG_SHOWN", "PARTS_HELP", "Approve", "Commands", "Done", "refused_line"]
