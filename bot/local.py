"""Terminal play: hotseat for the human seats, agents for the rest, the game kept in SQLite.

Every accepted intent is committed before the next prompt is shown, so the process can be killed at
any moment and ``arbiter play --resume`` continues at the same version. Board images go to a folder
after every change and their path is printed.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from pathlib import Path
from typing import Any

import engine
from engine.core.intent import Intent
from engine.core.menus import Choice
from engine.records import GameRecord
from engine.table import Table, Update
from renderers import board_renderer, private_renderer

from .storage import SqliteStore

NAMES = ["Ann", "Bo", "Cy", "Di", "Eve", "Flo"]
SHOWN = 40
PARTS_OVER = 20
"""More options than this are asked in parts (the kind, then each argument), as the Discord menus are."""
PART_DEPTH_MAX = 12
LOCAL_USER = "local{}"


def _say(text: str = "") -> None:
    print(text, flush=True)


class Terminal:
    def __init__(self, table: Table, boards: Path | None) -> None:
        self.table = table
        self.boards = boards

    def show(self, update: Update) -> None:
        for event in update.events:
            if event.audience is None:
                _say(f"  {event.text}")

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
        path = folder / (f"v{record.version:05d}.png" if seat is None else f"v{record.version:05d}-{seat}.png")
        path.write_bytes(await asyncio.to_thread(render, view))
        return path

    async def ask(self, record: GameRecord, user: str, seat: str) -> str | None:
        """Ask ``seat`` for an intent; returns its key, or None when the input ends or the player quits."""
        prompts = [p for p in await self.table.prompts(record.id) if p.seat == seat]
        legal = await self.table.legal(record.id, user)
        if not prompts or not legal:
            return None
        private_image = await self.draw(record, seat)
        text = prompts[0].text
        _say(f"\n--- {text if text.startswith(seat) else f'{seat}: {text}'} ---")
        if private_image:
            _say(f"  (your private view: {private_image})")
        if len(legal) > PARTS_OVER:
            return await self.ask_in_parts(record, user, seat, legal)
        self.menu(legal, SHOWN)
        while True:
            try:
                line = input(f"{seat}> ").strip()
            except EOFError:
                return None
            if not line:
                continue
            if line in ("quit", "exit"):
                return None
            if line in ("all", "more"):
                self.menu(legal, len(legal))
                continue
            if line in ("help", "?"):
                _say("Type the number of an action, or its text (e.g. the part before the parenthesis).\n"
                     "'all' lists every action, 'quit' stops (the game is saved; resume with --resume).")
                continue
            if line.isdigit():
                n = int(line)
                if 1 <= n <= len(legal):
                    return legal[n - 1][0].key()
                _say(f"There is no action {n}; choose 1 to {len(legal)}.")
                continue
            by_label = [i for i, label in legal if label.lower() == line.lower()]
            if by_label:
                return by_label[0].key()
            try:
                intent = Intent.parse(line)
            except engine.RuleError as exc:
                _say(f"Not understood: {exc} Type a number from 1 to {len(legal)}, or 'help'.")
                continue
            return intent.key()

    async def ask_in_parts(self, record: GameRecord, user: str, seat: str,
                           legal: list[tuple[Intent, str]]) -> str | None:
        """A long menu a part at a time: a numbered list per part; a whole intent is returned, a partial
        one opens its next part, ``back`` goes one part up. A key or label typed in full is taken too."""
        above: list[str] = []
        prefix, entries = await self._part(record, user, "")
        if not entries:
            return None
        self.part_menu(entries, SHOWN)
        while True:
            try:
                line = input(f"{seat}> ").strip()
            except EOFError:
                return None
            if line in ("quit", "exit"):
                return None
            if line == "back":
                if not above:
                    _say("This is the first question already.")
                    continue
                prefix, entries = await self._part(record, user, above.pop())
                self.part_menu(entries, SHOWN)
                continue
            chosen = self._pick_part(line, entries, legal)
            if chosen is None:
                continue
            if chosen.complete:
                return chosen.key
            above.append(prefix)
            prefix, entries = await self._part(record, user, chosen.key)
            self.part_menu(entries, SHOWN)

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

    def _pick_part(self, line: str, entries: list[Choice], legal: list[tuple[Intent, str]]) -> Choice | None:
        """What a line chose in a part: a number, an entry's label, or a whole key or label legal now;
        None (with a word to the player) for anything else."""
        if not line:
            return None
        if line in ("help", "?"):
            _say("Type the number of a choice (or its text); a choice ending in … asks the next part.\n"
                 "'back' goes up one part, 'all' lists every choice here, 'quit' stops (the game is saved).")
            return None
        if line in ("all", "more"):
            self.part_menu(entries, len(entries))
            return None
        if line.isdigit():
            n = int(line)
            if 1 <= n <= len(entries):
                return entries[n - 1]
            _say(f"There is no choice {n}; choose 1 to {len(entries)}, or 'back'.")
            return None
        folded = line.casefold()
        found = next((c for c in entries if c.label.casefold() == folded or c.key == line), None)
        if found is None:
            found = next((Choice(key=i.key(), label=label, complete=True) for i, label in legal
                          if i.key() == line or label.casefold() == folded), None)
        if found is None:
            _say(f"Not one of the choices: type a number from 1 to {len(entries)}, 'back' or 'help'.")
        return found

    @staticmethod
    def part_menu(entries: list[Choice], limit: int) -> None:
        for n, entry in enumerate(entries[:limit], start=1):
            more = "" if entry.complete or entry.label.endswith("…") else " …"
            _say(f"  {n:3}. {entry.label}{more}")
        if len(entries) > limit:
            _say(f"  ... and {len(entries) - limit} more: type 'all' to list them.")

    @staticmethod
    def menu(legal: list[tuple[Intent, str]], limit: int) -> None:
        for n, (intent, label) in enumerate(legal[:limit], start=1):
            extra = "" if label == intent.key() else f"   [{intent.key()}]"
            _say(f"  {n:3}. {label}{extra}")
        if len(legal) > limit:
            _say(f"  ... and {len(legal) - limit} more: type 'all' to list them.")


async def _open_game(table: Table, args: argparse.Namespace, options: dict[str, Any]) -> GameRecord | None:
    if args.resume:
        if args.resume == "latest":
            running = [r for r in await table.store.games(status=("running", "paused"))]
            if not running:
                _say("No saved game to resume in this database.")
                return None
            return running[-1]
        try:
            return await table.record(args.resume)
        except engine.RuleError as exc:
            _say(str(exc))
            return None
    if not args.game:
        _say("Which game? " + ", ".join(engine.games()) + "  (arbiter play GAME)")
        return None
    game = engine.get(args.game)
    seats = args.seats or game.meta.min_seats
    agents = args.agents if args.agents is not None else seats - 1
    humans = seats - agents
    if agents < 0 or humans < 0:
        _say(f"--agents must be between 0 and {seats}.")
        return None
    update = await table.create(args.game, LOCAL_USER.format(1) if humans else "local-host",
                                NAMES[0] if humans else "Host", seats=seats, options=options,
                                seed=args.seed, pace="relaxed", host_plays=humans > 0)
    gid = update.record.id
    for i in range(2, humans + 1):
        await table.join(gid, LOCAL_USER.format(i), NAMES[i - 1])
    for _ in range(agents):
        await table.add_agent(gid, update.record.host)
    start = await table.start(gid, update.record.host)
    _say(f"Game {gid}: {game.meta.title}, seed {start.record.seed}. Resume later with: arbiter play --resume {gid}")
    for event in start.events:
        if event.audience is None:
            _say(f"  {event.text}")
    return start.record


async def play(args: argparse.Namespace, options: dict[str, Any]) -> int:
    store = SqliteStore(args.db)
    await store.open()
    try:
        table = Table(store, agent_kind=args.agent)
        try:
            record = await _open_game(table, args, options)
        except engine.RuleError as exc:
            _say(str(exc))
            return 2
        if record is None:
            return 2
        term = Terminal(table, None if args.no_images else Path(args.boards))
        table.subscribe(lambda update: _shown(term, update))
        path = await term.draw(record)
        if path:
            _say(f"  board: {path}")
        while True:
            record = await table.record(record.id)
            if record.status == "finished":
                winners = ", ".join(record.winners) or "nobody"
                _say(f"\nGame over: {winners}. {record.reason}")
                return 0
            if record.status != "running":
                _say(f"The game is {record.status}.")
                return 0
            waiting = await table.awaiting(record.id)
            if not waiting:
                _say("Nobody can act: the game is stuck. Please report this with the game export.")
                return 1
            seat = waiting[0]
            if seat.user is None:
                return 1
            key = await term.ask(record, seat.user, seat.seat)
            if key is None:
                _say(f"\nSaved at version {record.version}. Resume with: arbiter play --resume {record.id}")
                return 0
            try:
                update = await table.submit(record.id, seat.user, key, expected_version=record.version)
            except engine.RuleError as exc:
                _say(f"  Refused: {exc}")
                continue
            _say(f"  ok v{update.record.version}")
            path = await term.draw(update.record)
            if path:
                _say(f"  board: {path}")
    finally:
        await store.close()


async def _shown(term: Terminal, update: Update) -> None:
    if update.kind in ("play", "deadline", "status"):
        term.show(update)


if __name__ == "__main__":  # pragma: no cover
    sys.exit("use: arbiter play GAME")
