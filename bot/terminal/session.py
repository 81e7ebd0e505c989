"""Terminal play: hotseat for the human seats, agents for the rest, the game kept in SQLite.

Every accepted intent is committed before the next prompt is shown, so the process can be killed at
any moment and ``arbiter play --resume`` continues at the same version. Board images go to a folder
after every change and their path is printed. This module opens (or resumes) the game and runs it turn
by turn; :class:`~bot.terminal.terminal.Terminal` asks each seat.
"""

from __future__ import annotations

import argparse
import json
import os
import shlex
import shutil
import sys
from pathlib import Path
from typing import Any

import engine
from engine.records import GameRecord
from engine.table import Table, Update

from ..store.sqlite.storage import SqliteStore
from .keyboard import CtrlC, Interrupted, read_line, say
from .terminal import AGAIN, LOG_SHOWN, Terminal

NAMES = ["Ann", "Bo", "Cy", "Di", "Eve", "Flo"]
LOCAL_USER = "local{}"
DEFAULT_DB = "arbiter-local.db"
NAME_MAX = 24


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


def database_file(args: argparse.Namespace) -> str:
    return str(args.db or os.environ.get("ARBITER_LOCAL_DB") or DEFAULT_DB)


async def _resumed(table: Table, resume: str, db: str) -> GameRecord | None:
    if resume == "latest":
        running = [r for r in await table.store.games(status=("running", "paused"))]
        if not running:
            say(f"No saved game to resume in {db}.")
            return None
        return running[-1]
    try:
        return await table.record(resume)
    except engine.RuleError as exc:
        say(f"{exc} (looked in {db})")
        return None


def missing_database(db: str) -> str | None:
    """Why there is nothing to resume or export when the database file does not exist (it is not created
    for that: an empty folder stays empty); None when it exists."""
    if Path(db).is_file():
        return None
    return (
        f"No saved game: there is no database at {Path(db).resolve()} (give the one the game was played "
        f"with: --db PATH). Start a game with: {command_name()} play GAME"
    )


async def where_it_stands(table: Table, record: GameRecord) -> None:
    """What a resumed game prints first: the game, the seats, the latest events and who is to play."""
    title = engine.get(record.game).meta.title
    seats = ", ".join(f"{s.seat} (agent)" if s.agent else s.seat for s in record.seats)
    say(f"Resuming game {record.id}: {title}, version {record.version}. Seats: {seats}.")
    lines = await table.public_log(record.id, limit=LOG_SHOWN)
    if lines:
        say("Latest events:")
        for line in lines:
            say(f"  {line}")
    waiting = ", ".join(s.seat for s in await table.awaiting(record.id))
    if waiting:
        say(f"To play: {waiting}.")


async def _open_game(
    table: Table, args: argparse.Namespace, options: dict[str, Any], term: Terminal | None = None
) -> GameRecord | None:
    if args.resume:
        record = await _resumed(table, args.resume, database_file(args))
        if record is not None:
            await where_it_stands(table, record)
        return record
    if not args.game:
        say("Which game? " + ", ".join(engine.games()) + "  (arbiter play GAME)")
        return None
    game = engine.get(args.game)
    seats = args.seats or game.meta.min_seats
    agents = args.agents if args.agents is not None else seats - 1
    humans = seats - agents
    if agents < 0 or humans < 0:
        say(f"--agents must be between 0 and {seats}.")
        return None
    names = player_names(getattr(args, "names", None), humans, term)
    if names is None:
        return None
    update = await table.create(
        args.game,
        LOCAL_USER.format(1) if humans else "local-host",
        names[0] if humans else "Host",
        seats=seats,
        options=options,
        seed=args.seed,
        pace="relaxed",
        host_plays=humans > 0,
    )
    gid = update.record.id
    for i in range(2, humans + 1):
        await table.join(gid, LOCAL_USER.format(i), names[i - 1])
    for _ in range(agents):
        await table.add_agent(gid, update.record.host)
    start = await table.start(gid, update.record.host)
    say(
        f"Game {gid}: {game.meta.title}, seed {start.record.seed}. "
        f"Resume later with: {resume_hint(gid, args.db)}"
    )
    if term is not None:
        term.humans = human_seats(start.record)
        term.take(start.events)
    return start.record


def player_names(given: str | None, humans: int, term: Terminal | None) -> list[str] | None:
    """The names of the people at the keyboard: ``--names Ann,Bo`` (the rest as usual), else asked at the
    start of a hotseat game, else Ann, Bo, ...; None when the input ends while asking."""
    defaults = NAMES + [f"Player {n}" for n in range(len(NAMES) + 1, humans + 1)]
    if given is not None:
        typed = [" ".join(n.split())[:NAME_MAX] for n in given.split(",")]
        chosen = [n for n in typed if n]
    elif humans > 1:
        chosen = []
        say(f"{humans} players share this keyboard. Name each seat (Enter keeps the name offered).")
        for n in range(humans):
            line = read_line(f"Player {n + 1} (Enter: {defaults[n]}): ", term.ctrl_c if term else None)
            if line is None:
                return None
            chosen.append(" ".join(line.split())[:NAME_MAX] or defaults[n])
    else:
        chosen = []
    unique: list[str] = []
    for name in chosen[:humans] + defaults:
        if len(unique) < humans and name.casefold() not in {u.casefold() for u in unique}:
            unique.append(name)
    return unique


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
        say("")
        for line in await final_lines(table, record):
            say(line)
        return 0, record
    if record.status != "running":
        say(f"The game is {record.status}.")
        return 0, record
    waiting = await table.awaiting(record.id)
    if not waiting or waiting[0].user is None:
        say("Nobody can act: the game is stuck. Please report this with the game export.")
        return 1, record
    seat = waiting[0]
    assert seat.user is not None
    key = await term.ask(record, seat.user, seat.seat)
    if key is None:
        return -1, record
    if key == AGAIN:  # an undo: the game is as it was, ask again
        return None, await table.record(record.id)
    try:
        update = await table.submit(record.id, seat.user, key, expected_version=record.version)
    except engine.RuleError as exc:
        say(f"  Refused: {exc}")
        return None, record
    path = await term.draw(update.record)
    if path:
        say(f"  board: {path}")
    return None, update.record


async def play(args: argparse.Namespace, options: dict[str, Any]) -> int:
    db = database_file(args)
    if args.resume and (missing := missing_database(db)):
        say(missing)
        return 2
    store = SqliteStore(db)
    await store.open()
    ctrl_c = CtrlC()
    record: GameRecord | None = None
    table: Table | None = None
    try:
        with ctrl_c.installed():
            table = Table(store, agent_kind=args.agent)
            term = Terminal(table, None if args.no_images else Path(args.boards), ctrl_c=ctrl_c)
            table.subscribe(lambda update: _shown(term, update))
            try:
                record = await _open_game(table, args, options, term)
            except engine.RuleError as exc:
                say(str(exc))
                return 2
            if record is None:
                return 2
            term.humans = human_seats(record)
            path = await term.draw(record)
            if path:
                say(f"  board: {path}")
            while True:
                code, record = await _turn(table, term, record)
                if code == -1 or ctrl_c.requested:
                    say(
                        f"\nSaved at version {record.version}. Resume with: {resume_hint(record.id, args.db)}"
                    )
                    return 0
                if code is not None:
                    return code
    except Interrupted:
        if record is None or table is None:
            say("\nStopped before the game began.")
            return 0
        record = await table.record(record.id)
        say(f"\nSaved at version {record.version}. Resume with: {resume_hint(record.id, args.db)}")
        return 0
    finally:
        if table is not None and record is not None and getattr(args, "export", None):
            await write_export(table, record.id, Path(args.export))
        await store.close()


async def write_export(table: Table, game_id: str, out: Path) -> bool:
    """The file ``arbiter replay`` reads (the seed, options and every intent, as ``/game export`` gives
    it), written to ``out``; False, with a word, when it cannot be."""
    data = await table.export(game_id)
    try:
        out.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    except OSError as exc:
        say(f"Cannot write {out}: {exc}")
        return False
    record = await table.record(game_id)
    note = (
        ""
        if record.status in ("finished", "aborted")
        else " The game is still running: the file holds the seed and every secret choice, so keep it "
        "from the other players until it ends."
    )
    say(f"Exported game {game_id} to {out} (replay it with: {command_name()} replay {out}).{note}")
    return True


async def export(game_id: str | None, db: str, out: str | None) -> int:
    """``arbiter export [GAME_ID]``: the latest (or the given) game of the local database, to ``out`` (by
    default ``<game id>.json`` here)."""
    if missing := missing_database(db):
        say(missing)
        return 2
    store = SqliteStore(db)
    await store.open()
    try:
        table = Table(store)
        if game_id is None:
            games = await store.games(status=("running", "paused", "finished", "aborted"))
            if not games:
                say(f"No game to export in {db}.")
                return 2
            game_id = games[-1].id
        try:
            await table.record(game_id)
        except engine.RuleError as exc:
            say(f"{exc} (looked in {db})")
            return 2
        return 0 if await write_export(table, game_id, Path(out or f"{game_id}.json")) else 2
    finally:
        await store.close()


async def _shown(term: Terminal, update: Update) -> None:
    if update.kind in ("play", "deadline", "status"):
        term.show(update)
