"""Terminal play: hotseat for the human seats, agents for the rest, the game kept in SQLite.

Every accepted intent is committed before the next prompt is shown, so the process can be killed at
any moment and ``arbiter play --resume`` continues at the same version. Board images go to a folder
after every change and their path is printed. News addressed to a human seat is kept until that seat is
to play and then shown to it alone; with several human seats the screen is cleared and the keyboard
handed over before a seat's secrets are shown.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import shlex
import shutil
import signal
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from types import FrameType
from typing import Any

import engine
from engine.core.hand_text import game_hand_lines
from engine.core.intent import Intent
from engine.core.menus import Choice
from engine.records import GameRecord
from engine.table import Table, Update
from renderers import board_renderer, private_renderer

from .present import clipped_lines, view_lines
from .storage import SqliteStore

NAMES = ["Ann", "Bo", "Cy", "Di", "Eve", "Flo"]
SHOWN = 40
PARTS_OVER = 20
"""More options than this are asked in parts (the kind, then each argument), as the Discord menus are."""
PART_DEPTH_MAX = 12
LOCAL_USER = "local{}"
DEFAULT_DB = "arbiter-local.db"
LOG_SHOWN = 15
"""Public events `log` prints, and a resumed game recalls."""
MISSED_MAX = 40
"""Public events kept for a hotseat player who has not had the keyboard (the oldest are dropped)."""
CLEAR = "\033[2J\033[H"

HELP = """Commands at any prompt:
  a number, or an action's text   play it (any unambiguous start of the text will do, in any case)
  all      list every action           hand    what only you can see, as text
  board    the table as text           log     recent public events
  help     this list                   quit    save and stop (Ctrl-C does the same)"""
PARTS_HELP = "A choice ending in … asks the next part; 'back' goes up one part."
QUIT = frozenset({"quit", "exit", "q"})
MORE = frozenset({"all", "more"})


def _say(text: str = "") -> None:
    print(text, flush=True)


class Interrupted(Exception):
    """Ctrl-C while a player was typing: save and stop."""


class _CtrlC:
    """Ctrl-C stops at the next safe point: at once while the terminal waits for a line, else after the
    move being committed (a second Ctrl-C stops at once; nothing committed is lost either way)."""

    def __init__(self) -> None:
        self.requested = False
        self.reading = False

    def __call__(self, signum: int, frame: FrameType | None) -> None:
        if self.reading or self.requested:
            raise KeyboardInterrupt
        self.requested = True

    @contextmanager
    def installed(self) -> Iterator[None]:
        try:
            previous = signal.signal(signal.SIGINT, self)
        except ValueError:  # not the main thread (a test's loop): Ctrl-C keeps its usual meaning
            yield
            return
        try:
            yield
        finally:
            signal.signal(signal.SIGINT, previous)


def read_line(prompt: str, ctrl_c: _CtrlC | None = None) -> str | None:
    """A line from the player, stripped; None at the end of input; :class:`Interrupted` on Ctrl-C."""
    if ctrl_c is not None:
        ctrl_c.reading = True
    try:
        return input(prompt).strip()
    except EOFError:
        return None
    except KeyboardInterrupt:
        raise Interrupted from None
    finally:
        if ctrl_c is not None:
            ctrl_c.reading = False


def command_name() -> str:
    """How the player started this program, for hints they can paste: ``arbiter`` when that is on the
    PATH, else the path they typed (``.venv/bin/arbiter``)."""
    argv0 = sys.argv[0] if sys.argv else ""
    if Path(argv0).name.startswith("arbiter"):
        found = shutil.which("arbiter")
        if found and Path(found).resolve() == Path(argv0).resolve():
            return "arbiter"
        return argv0
    if argv0.endswith(os.path.join("bot", "cli.py")):
        return "python -m bot.cli"
    return "arbiter"


def resume_hint(game_id: str, db: str | None) -> str:
    command = f"{command_name()} play --resume {game_id}"
    return command + (f" --db {shlex.quote(db)}" if db else "")


def _folded(text: str) -> str:
    return " ".join(text.casefold().split())


def match_label(line: str, labels: list[str]) -> tuple[int | None, list[int]]:
    """Which label a typed line names: (its index, []) for a whole label or the one label it starts;
    (None, candidates) when it starts several (a start ending at a word wins over one inside a word:
    "bid 3" names "Bid 3 (…)" rather than "Bid 30"); (None, []) when it names none."""
    typed = _folded(line)
    folded = [_folded(label) for label in labels]
    exact = [i for i, label in enumerate(folded) if label == typed]
    if exact:
        return exact[0], []
    starts = [i for i, label in enumerate(folded) if label.startswith(typed)]
    if len(starts) > 1:
        at_word = [i for i in starts if not folded[i][len(typed)].isalnum()]
        starts = at_word if len(at_word) == 1 else starts
    if len(starts) == 1:
        return starts[0], []
    return None, starts


def not_understood(line: str, count: int, candidates: list[str] | None = None) -> str:
    if candidates:
        # The part before a parenthesis names an action; the rest is detail the menu above shows.
        short = [c.split(" (")[0] for c in candidates]
        shown = ", ".join(short[:6]) + (", ..." if len(short) > 6 else "")
        return f"'{line}' could be {len(candidates)} actions: {shown}. Type more of it, or its number."
    return f"Not understood: type a number from 1 to {count}, a label, or 'help'."


class Terminal:
    def __init__(
        self, table: Table, boards: Path | None, humans: set[str] | None = None, ctrl_c: _CtrlC | None = None
    ) -> None:
        self.table = table
        self.boards = boards
        self.humans = humans or set()
        """The seats people play here; with more than one the keyboard is handed over between them."""
        self.ctrl_c = ctrl_c
        self.news: dict[str, list[str]] = {}
        """Events addressed to a human seat, kept until that seat is to play."""
        self.missed: dict[str, list[str]] = {}
        """Hotseat: public events since each player last had the keyboard (the screen is cleared between)."""
        self.front: str | None = None
        """Hotseat: the seat whose player has the keyboard."""

    @property
    def hotseat(self) -> bool:
        return len(self.humans) > 1

    def show(self, update: Update) -> None:
        self.take(update.events)

    def take(self, events: list[Any]) -> None:
        """Print public events; keep private ones for their human seats (an agent's are nobody's)."""
        for event in events:
            if not event.text:
                continue
            if event.audience is None:
                _say(f"  {event.text}")
                for seat in self.humans if self.hotseat else ():
                    kept = self.missed.setdefault(seat, [])
                    kept.append(event.text)
                    del kept[:-MISSED_MAX]
                continue
            for seat in sorted(event.audience & self.humans):
                self.news.setdefault(seat, []).append(event.text)

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

    def hand_over(self, record: GameRecord, seat: str) -> bool:
        """Hotseat: clear the screen and wait for ``seat``'s player before their secrets are shown;
        False when the input ends. Public events they missed are printed again afterwards."""
        if not self.hotseat or self.front == seat:
            return True
        found = record.seat_named(seat)
        name = found.name if found and found.name else seat
        _say(CLEAR if sys.stdout.isatty() else "\n" + "=" * 60)
        if self.read(f"Pass the keyboard to {name} ({seat}), then press Enter. ") is None:
            return False
        _say(CLEAR if sys.stdout.isatty() else "")
        self.front = seat
        missed = self.missed.pop(seat, [])
        if missed:
            _say("Since your last turn:")
            for line in missed:
                _say(f"  {line}")
        return True

    def private_news(self, seat: str) -> None:
        news = self.news.pop(seat, [])
        if news:
            _say(f"Only for {seat}:")
            for line in news:
                _say(f"  * {line}")

    async def command(self, line: str, record: GameRecord, seat: str) -> bool:
        """The commands any prompt takes besides a choice; True when ``line`` was one of them."""
        word = line.casefold()
        if word in ("help", "?"):
            _say(HELP)
            return True
        if word == "hand":
            own = await self.table.seat_view(record.id, seat)
            public = await self.table.seat_view(record.id, None)
            lines = game_hand_lines(self.table.engine_game(record), own, public)  # as /hand writes it
            _say(
                f"What only {seat} can see:"
                if lines
                else f"Nothing is hidden from the others right now ({seat}); 'board' shows the table."
            )
            for text in clipped_lines([line.replace("**", "") for line in lines]):
                _say(f"  {text}")
            return True
        if word == "board":
            _say(f"The table (version {record.version}):")
            for text in clipped_lines(view_lines(await self.table.seat_view(record.id, None))):
                _say(f"  {text}")
            return True
        if word == "log":
            lines = await self.table.public_log(record.id, limit=LOG_SHOWN)
            _say("Recent events:" if lines else "Nothing has happened yet.")
            for text in lines:
                _say(f"  {text}")
            return True
        return False

    async def ask(self, record: GameRecord, user: str, seat: str) -> str | None:
        """Ask ``seat`` for an intent; returns its key, or None when the input ends or the player quits."""
        prompts = [p for p in await self.table.prompts(record.id) if p.seat == seat]
        legal = await self.table.legal(record.id, user)
        if not prompts or not legal:
            return None
        if not self.hand_over(record, seat):
            return None
        self.private_news(seat)
        private_image = await self.draw(record, seat)
        text = prompts[0].text
        _say(f"\n--- {text if text.startswith(seat) else f'{seat}: {text}'} ---")
        if private_image:
            _say(f"  (your private view: {private_image})")
        if len(legal) > PARTS_OVER:
            return await self.ask_in_parts(record, user, seat, legal)
        self.menu(legal, SHOWN)
        while True:
            line = self.read(f"{seat}> ")
            if line is None or line.casefold() in QUIT:
                return None
            if not line:
                continue
            if line.casefold() in MORE:
                self.menu(legal, len(legal))
            elif not await self.command(line, record, seat):
                key = self.pick(line, legal)
                if key is not None:
                    return key

    @staticmethod
    def pick(line: str, legal: list[tuple[Intent, str]]) -> str | None:
        """The key a line chose from a flat menu: a number, a label (or its unambiguous start), or a key
        typed in full; None, with a word to the player, for anything else."""
        if line.isdigit():
            n = int(line)
            if 1 <= n <= len(legal):
                return legal[n - 1][0].key()
            _say(f"There is no action {n}. " + not_understood(line, len(legal)))
            return None
        labels = [label for _, label in legal]
        index, candidates = match_label(line, labels)
        if index is not None:
            return legal[index][0].key()
        by_key = next((i.key() for i, _ in legal if i.key() == line), None)
        if by_key is not None:
            return by_key
        _say(not_understood(line, len(legal), [labels[i] for i in candidates]))
        return None

    async def ask_in_parts(
        self, record: GameRecord, user: str, seat: str, legal: list[tuple[Intent, str]]
    ) -> str | None:
        """A long menu a part at a time: a numbered list per part; a whole intent is returned, a partial
        one opens its next part, ``back`` goes one part up. A key or label typed in full is taken too."""
        above: list[str] = []
        prefix, entries = await self._part(record, user, "")
        if not entries:
            return None
        self.part_menu(entries, SHOWN)
        while True:
            line = self.read(f"{seat}> ")
            if line is None or line.casefold() in QUIT:
                return None
            if line.casefold() == "back":
                if not above:
                    _say("This is the first question already.")
                    continue
                prefix, entries = await self._part(record, user, above.pop())
                self.part_menu(entries, SHOWN)
                continue
            if await self.command(line, record, seat):
                if line.casefold() in ("help", "?"):
                    _say(PARTS_HELP)
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
        """What a line chose in a part: a number, an entry's label (or its unambiguous start), or a whole
        key or label legal now; None (with a word to the player) for anything else."""
        if not line:
            return None
        if line.casefold() in MORE:
            self.part_menu(entries, len(entries))
            return None
        if line.isdigit():
            n = int(line)
            if 1 <= n <= len(entries):
                return entries[n - 1]
            _say(
                f"There is no choice {n}; type a number from 1 to {len(entries)}, a label, 'back' or 'help'."
            )
            return None
        index, candidates = match_label(line, [c.label.rstrip("…").strip() for c in entries])
        if index is not None:
            return entries[index]
        whole = next(
            (
                Choice(key=i.key(), label=label, complete=True)
                for i, label in legal
                if i.key() == line or _folded(label) == _folded(line)
            ),
            None,
        )
        if whole is None and not candidates:
            found, _ = match_label(line, [label for _, label in legal])
            if found is not None:
                whole = Choice(key=legal[found][0].key(), label=legal[found][1], complete=True)
        if whole is None and candidates:
            _say(not_understood(line, len(entries), [entries[i].label for i in candidates]))
        elif whole is None:
            _say(
                f"Not one of the choices: type a number from 1 to {len(entries)}, a label, 'back' or 'help'."
            )
        return whole

    @staticmethod
    def part_menu(entries: list[Choice], limit: int) -> None:
        for n, entry in enumerate(entries[:limit], start=1):
            more = "" if entry.complete or entry.label.endswith("…") else " …"
            _say(f"  {n:3}. {entry.label}{more}")
        if len(entries) > limit:
            _say(f"  ... and {len(entries) - limit} more: type 'all' to list them.")

    @staticmethod
    def menu(legal: list[tuple[Intent, str]], limit: int) -> None:
        for n, (_, label) in enumerate(legal[:limit], start=1):
            _say(f"  {n:3}. {label}")
        if len(legal) > limit:
            _say(f"  ... and {len(legal) - limit} more: type 'all' to list them.")


def database_file(args: argparse.Namespace) -> str:
    return str(args.db or os.environ.get("ARBITER_LOCAL_DB") or DEFAULT_DB)


async def _resumed(table: Table, resume: str) -> GameRecord | None:
    if resume == "latest":
        running = [r for r in await table.store.games(status=("running", "paused"))]
        if not running:
            _say("No saved game to resume in this database.")
            return None
        return running[-1]
    try:
        return await table.record(resume)
    except engine.RuleError as exc:
        _say(str(exc))
        return None


async def where_it_stands(table: Table, record: GameRecord) -> None:
    """What a resumed game prints first: the game, the seats, the latest events and who is to play."""
    title = engine.get(record.game).meta.title
    seats = ", ".join(f"{s.seat} (agent)" if s.agent else s.seat for s in record.seats)
    _say(f"Resuming game {record.id}: {title}, version {record.version}. Seats: {seats}.")
    lines = await table.public_log(record.id, limit=LOG_SHOWN)
    if lines:
        _say("Latest events:")
        for line in lines:
            _say(f"  {line}")
    waiting = ", ".join(s.seat for s in await table.awaiting(record.id))
    if waiting:
        _say(f"To play: {waiting}.")


async def _open_game(
    table: Table, args: argparse.Namespace, options: dict[str, Any], term: Terminal | None = None
) -> GameRecord | None:
    if args.resume:
        record = await _resumed(table, args.resume)
        if record is not None:
            await where_it_stands(table, record)
        return record
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
    update = await table.create(
        args.game,
        LOCAL_USER.format(1) if humans else "local-host",
        NAMES[0] if humans else "Host",
        seats=seats,
        options=options,
        seed=args.seed,
        pace="relaxed",
        host_plays=humans > 0,
    )
    gid = update.record.id
    for i in range(2, humans + 1):
        await table.join(gid, LOCAL_USER.format(i), NAMES[i - 1])
    for _ in range(agents):
        await table.add_agent(gid, update.record.host)
    start = await table.start(gid, update.record.host)
    _say(
        f"Game {gid}: {game.meta.title}, seed {start.record.seed}. "
        f"Resume later with: {resume_hint(gid, args.db)}"
    )
    if term is not None:
        term.humans = human_seats(start.record)
        term.take(start.events)
    return start.record


def human_seats(record: GameRecord) -> set[str]:
    return {s.seat for s in record.seats if not s.agent}


async def final_lines(table: Table, record: GameRecord) -> list[str]:
    """The game-over lines: the finishing order with scores where the game ranks and scores and someone won
    (or drew), else the scores and the winners the record names (a mission lost against the game has no
    ranking of winners: its reason says who lost)."""
    outcome = None
    exported = await table.export(record.id)
    if exported.get("final") is not None:
        game = engine.get(record.game)
        outcome = game.outcome(game.load(exported["final"]))
    lines = [f"Game over. {record.reason}".rstrip()]
    if outcome is not None and outcome.ranking and (outcome.winners or outcome.draw):
        lines.append("Final ranking:")
        for place, group in enumerate(outcome.ranking, start=1):
            names = ", ".join(
                f"{seat} ({_score(outcome.scores[seat])})" if seat in outcome.scores else seat
                for seat in group
            )
            lines.append(f"  {place}. {names}" + ("  (tied)" if len(group) > 1 else ""))
        return lines
    if outcome is not None and outcome.scores:
        lines.append("Scores: " + ", ".join(f"{s} {_score(v)}" for s, v in outcome.scores.items()))
    lines.append(f"Winner: {', '.join(record.winners)}." if record.winners else "Nobody won.")
    return lines


def _score(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:g}"


async def _turn(table: Table, term: Terminal, record: GameRecord) -> tuple[int | None, GameRecord]:
    """One decision of a person (or the end): (exit code, record) to stop, (None, record) to go on."""
    record = await table.record(record.id)
    if record.status == "finished":
        _say("")
        for line in await final_lines(table, record):
            _say(line)
        return 0, record
    if record.status != "running":
        _say(f"The game is {record.status}.")
        return 0, record
    waiting = await table.awaiting(record.id)
    if not waiting or waiting[0].user is None:
        _say("Nobody can act: the game is stuck. Please report this with the game export.")
        return 1, record
    seat = waiting[0]
    assert seat.user is not None
    key = await term.ask(record, seat.user, seat.seat)
    if key is None:
        return -1, record
    try:
        update = await table.submit(record.id, seat.user, key, expected_version=record.version)
    except engine.RuleError as exc:
        _say(f"  Refused: {exc}")
        return None, record
    _say(f"  ok v{update.record.version}")
    path = await term.draw(update.record)
    if path:
        _say(f"  board: {path}")
    return None, update.record


async def play(args: argparse.Namespace, options: dict[str, Any]) -> int:
    store = SqliteStore(database_file(args))
    await store.open()
    ctrl_c = _CtrlC()
    record: GameRecord | None = None
    try:
        with ctrl_c.installed():
            table = Table(store, agent_kind=args.agent)
            term = Terminal(table, None if args.no_images else Path(args.boards), ctrl_c=ctrl_c)
            table.subscribe(lambda update: _shown(term, update))
            try:
                record = await _open_game(table, args, options, term)
            except engine.RuleError as exc:
                _say(str(exc))
                return 2
            if record is None:
                return 2
            term.humans = human_seats(record)
            path = await term.draw(record)
            if path:
                _say(f"  board: {path}")
            while True:
                code, record = await _turn(table, term, record)
                if code == -1 or ctrl_c.requested:
                    _say(
                        f"\nSaved at version {record.version}. Resume with: {resume_hint(record.id, args.db)}"
                    )
                    return 0
                if code is not None:
                    return code
    except Interrupted:
        if record is None:
            _say("\nStopped before the game began.")
            return 0
        record = await table.record(record.id)
        _say(f"\nSaved at version {record.version}. Resume with: {resume_hint(record.id, args.db)}")
        return 0
    finally:
        await store.close()


async def _shown(term: Terminal, update: Update) -> None:
    if update.kind in ("play", "deadline", "status"):
        term.show(update)


if __name__ == "__main__":  # pragma: no cover
    sys.exit("use: arbiter play GAME")
