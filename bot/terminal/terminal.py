"""A seat asked at the terminal: its prompt, its private picture and news, the menu of what it may do
(flat, or in parts when long), and the commands any prompt takes (``help``, ``hand``, ``board``, ``log``)."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from engine.core.hand_text import game_hand_lines
from engine.core.intent import Intent
from engine.core.menus import Choice
from engine.records import GameRecord
from engine.table import Table, Update
from renderers import board_renderer, private_renderer

from ..present import board_lines
from .hotseat import Hotseat
from .keyboard import MORE, QUIT, CtrlC, read_line, say
from .menus import menu, part_menu, pick, pick_part

SHOWN = 40
PARTS_OVER = 20
"""More options than this are asked in parts (the kind, then each argument), as the Discord menus are."""
PART_DEPTH_MAX = 12
LOG_SHOWN = 15
"""Public events `log` prints, and a resumed game recalls."""

HELP = """Commands at any prompt:
  a number, or an action's text   play it (any unambiguous start of the text will do, in any case)
  all      list every action           hand    what only you can see, as text
  board    the table as text           log     recent public events
  help     this list                   quit    save and stop (Ctrl-C does the same)"""
PARTS_HELP = "A choice ending in … asks the next part; 'back' goes up one part."


class Terminal:
    def __init__(
        self, table: Table, boards: Path | None, humans: set[str] | None = None, ctrl_c: CtrlC | None = None
    ) -> None:
        self.table = table
        self.boards = boards
        self.ctrl_c = ctrl_c
        self.seats = Hotseat(humans)
        """Who plays here, and the news kept for each of them."""

    @property
    def humans(self) -> set[str]:
        """The seats people play here; with more than one the keyboard is handed over between them."""
        return self.seats.humans

    @humans.setter
    def humans(self, seats: set[str]) -> None:
        self.seats.humans = seats

    def show(self, update: Update) -> None:
        self.take(update.events)

    def take(self, events: list[Any]) -> None:
        """Print public events; keep private ones for their human seats (an agent's are nobody's)."""
        self.seats.take(events)

    def read(self, prompt: str) -> str | None:
        return read_line(prompt, self.ctrl_c)

    async def draw(self, record: GameRecord, seat: str | None = None) -> Path | None:
        if self.boards is None:
            return None
        view = await self.table.seat_view(record.id, seat)
        if not view:
            return None
        render = board_renderer(record.game) if seat is None else private_renderer(record.game)
        if render is None:
            return None
        folder = self.boards / record.id
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / (
            f"v{record.version:05d}.png" if seat is None else f"v{record.version:05d}-{seat}.png"
        )
        path.write_bytes(await asyncio.to_thread(render, view))
        return path

    async def command(self, line: str, record: GameRecord, seat: str) -> bool:
        """The commands any prompt takes besides a choice; True when ``line`` was one of them."""
        word = line.casefold()
        if word in ("help", "?"):
            say(HELP)
            return True
        if word == "hand":
            own = await self.table.seat_view(record.id, seat)
            public = await self.table.seat_view(record.id, None)
            lines = game_hand_lines(self.table.engine_game(record), own, public)  # as /hand writes it
            say(
                f"What only {seat} can see:"
                if lines
                else f"Nothing is hidden from the others right now ({seat}); 'board' shows the table."
            )
            for text in [line.replace("**", "") for line in lines]:
                say(f"  {text}")
            return True
        if word == "board":
            say(f"The table (version {record.version}):")
            public = await self.table.seat_view(record.id, None)
            for text in board_lines(self.table.engine_game(record), public):
                say(f"  {text}")
            return True
        if word == "log":
            lines = await self.table.public_log(record.id, limit=LOG_SHOWN)
            say("Recent events:" if lines else "Nothing has happened yet.")
            for text in lines:
                say(f"  {text}")
            return True
        return False

    async def ask(self, record: GameRecord, user: str, seat: str) -> str | None:
        """Ask ``seat`` for an intent; returns its key, or None when the input ends or the player quits."""
        prompts = [p for p in await self.table.prompts(record.id) if p.seat == seat]
        legal = await self.table.legal(record.id, user)
        if not prompts or not legal:
            return None
        if not self.seats.hand_over(record, seat, self.read):
            return None
        self.seats.private_news(seat)
        private_image = await self.draw(record, seat)
        text = prompts[0].text
        say(f"\n--- {text if text.startswith(seat) else f'{seat}: {text}'} ---")
        if private_image:
            say(f"  (your private view: {private_image})")
        if len(legal) > PARTS_OVER:
            return await self.ask_in_parts(record, user, seat, legal)
        menu(legal, SHOWN)
        while True:
            line = self.read(f"{seat}> ")
            if line is None or line.casefold() in QUIT:
                return None
            if not line:
                continue
            if line.casefold() in MORE:
                menu(legal, len(legal))
            elif not await self.command(line, record, seat):
                key = pick(line, legal)
                if key is not None:
                    return key

    async def ask_in_parts(
        self, record: GameRecord, user: str, seat: str, legal: list[tuple[Intent, str]]
    ) -> str | None:
        """A long menu a part at a time: a numbered list per part; a whole intent is returned, a partial
        one opens its next part, ``back`` goes one part up. A key or label typed in full is taken too."""
        above: list[str] = []
        prefix, entries = await self._part(record, user, "")
        if not entries:
            return None
        part_menu(entries, SHOWN)
        while True:
            line = self.read(f"{seat}> ")
            if line is None or line.casefold() in QUIT:
                return None
            if line.casefold() == "back":
                if not above:
                    say("This is the first question already.")
                    continue
                prefix, entries = await self._part(record, user, above.pop())
                part_menu(entries, SHOWN)
                continue
            if await self.command(line, record, seat):
                if line.casefold() in ("help", "?"):
                    say(PARTS_HELP)
                continue
            chosen = pick_part(line, entries, legal)
            if chosen is None:
                continue
            if chosen.complete:
                return chosen.key
            above.append(prefix)
            prefix, entries = await self._part(record, user, chosen.key)
            part_menu(entries, SHOWN)

    async def _part(self, record: GameRecord, user: str, prefix: str) -> tuple[str, list[Choice]]:
        """The entries of part ``prefix``; a part with a single partial entry asks nothing and opens its
        next part at once."""
        entries = await self.table.choices(record.id, user, prefix)
        for _ in range(PART_DEPTH_MAX):
            if len(entries) != 1 or entries[0].complete:
                break
            prefix = entries[0].key
            entries = await self.table.choices(record.id, user, prefix)
        return prefix, entries
