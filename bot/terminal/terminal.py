"""A seat asked at the terminal: its prompt, its private picture and news, the menu of what it may do
(flat, or in parts when long), and the commands any prompt takes (:mod:`~bot.terminal.commands`)."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from engine.core.intent import Intent
from engine.core.menus import Choice
from engine.records import GameRecord
from engine.table import Table, Update
from renderers import board_renderer, private_renderer

from .commands import LOG_SHOWN, PARTS_HELP, Commands, Done
from .hotseat import Hotseat
from .keyboard import MORE, QUIT, CtrlC, read_line, say
from .menus import guess, menu, part_menu, pick, pick_part

SHOWN = 40
PARTS_OVER = 20
"""More options than this are asked in parts (the kind, then each argument), as the Discord menus are."""
PART_DEPTH_MAX = 12
AGAIN = ""
"""What :meth:`Terminal.ask` returns when the seat must be asked again (an undo changed the game)."""
YES = frozenset({"y", "yes"})
NO = frozenset({"n", "no"})

__all__ = ["AGAIN", "LOG_SHOWN", "PARTS_OVER", "SHOWN", "Terminal"]


class Terminal:
    def __init__(
        self, table: Table, boards: Path | None, humans: set[str] | None = None, ctrl_c: CtrlC | None = None
    ) -> None:
        self.table = table
        self.boards = boards
        self.ctrl_c = ctrl_c
        self.seats = Hotseat(humans)
        """Who plays here, and the news kept for each of them."""
        self.commands = Commands(table, self.approve)

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
        return await self.commands.run(line, record, seat) is not Done.NOT_A_COMMAND

    async def approve(self, record: GameRecord, seat: str, move: str) -> bool | None:
        """Another person at this keyboard answers an undo request (nothing secret is shown)."""
        asker = next((s.seat for s in record.seats if s.seat != seat), "")
        while True:
            line = self.read(f"{seat}: do you approve taking back {move}? (yes or no) ")
            if line is None:
                return None
            if line.casefold() in YES | NO:
                return line.casefold() in YES
            say(f"Answer yes or no ({asker} asked to take the move back).")

    async def _typed(self, line: str, record: GameRecord, seat: str) -> Done:
        return await self.commands.run(line, record, seat)

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
                continue
            done = await self._typed(line, record, seat)
            if done is Done.CHANGED:
                return AGAIN
            if done is Done.SHOWN:
                continue
            key = pick(line, legal, quiet=True)
            if key is None and (named := guess(line, legal)) is not None:
                return named.key()  # not on the menu: the game says why it is refused
            if key is None:
                pick(line, legal)  # says why the line named no action
                continue
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
            done = await self._typed(line, record, seat)
            if done is Done.CHANGED:
                return AGAIN
            if done is Done.SHOWN:
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
