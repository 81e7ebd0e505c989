"""The ``arbiter`` command: play in the terminal, simulate, replay, benchmark, run the Discord bot.

arbiter play GAME [--seats N] [--agents K] [--agent-level L] [--seed S] [--db PATH] [--names A,B]
             [--export FILE]
arbiter play --resume [ID] [--db PATH]
arbiter export [GAME_ID] [--db PATH] [--out FILE]
arbiter simulate GAME --games N [--seats N] [--agent random|heuristic|search|A,B] [--seed S]
                  [--think S | --iterations N] [--rotate]
arbiter replay FILE [--animate OUT.gif|OUT.webp]
arbiter bench [--game GAME] [--json] [--store postgresql://...] [--startup N] [--live N]
arbiter bench --store postgresql://... --processes 1,2 [--games 200] [--seconds 10]
arbiter games
arbiter options GAME
arbiter run [--shards 0-3 --shard-count 8]
arbiter web [--host 127.0.0.1] [--port 8080]
arbiter db backup PATH | db restore PATH | db check   [--db PATH]
arbiter db copy --from sqlite:///arbiter.db --to postgresql://...
"""

from __future__ import annotations

import argparse
import ast
import asyncio
import inspect
import json
import logging
import os
import sys
import textwrap
from pathlib import Path
from typing import Any

from pydantic import BaseModel
from pydantic_core import PydanticUndefined

import engine
from engine.core.agents import LEVELS

from . import collector
from .options import parse_options

log = logging.getLogger(__name__)


def _options(text: str | None) -> dict[str, Any]:
    try:
        return parse_options(text)
    except engine.RuleError as exc:
        raise SystemExit(f"--options: {exc}") from None


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="arbiter", description="A referee for board games played by post.")
    sub = parser.add_subparsers(dest="command", required=True)

    play = sub.add_parser("play", help="play a game in the terminal (hotseat, with agents for empty seats)")
    play.add_argument("game", nargs="?", help="game id (see `arbiter games`)")
    play.add_argument("--seats", type=int, help="number of seats (default: the game's minimum)")
    play.add_argument(
        "--agents", type=int, default=None, help="how many seats agents play (default: all but one)"
    )
    play.add_argument("--seed", type=int, help="random seed (default: random)")
    # None when not given, so the resume hint repeats --db only when the player chose a file.
    play.add_argument(
        "--db",
        default=None,
        help="SQLite file that keeps the game (default: ARBITER_LOCAL_DB, else arbiter-local.db)",
    )
    play.add_argument(
        "--resume", nargs="?", const="latest", help="continue a saved game (its id, or the latest)"
    )
    play.add_argument("--options", help="game options: JSON or key=value pairs")
    play.add_argument("--boards", default="boards", help="folder for board images (default: boards/)")
    play.add_argument("--no-images", action="store_true", help="do not draw board images")
    play.add_argument(
        "--agent-level",
        "--agent",
        dest="agent",
        default="heuristic",
        choices=list(LEVELS),
        help="the agents' level: random, heuristic, or search (thinks about 0.5 s a move)",
    )
    play.add_argument(
        "--names",
        metavar="A,B",
        help="the names of the people playing, in seat order (asked at the start of a hotseat game)",
    )
    play.add_argument(
        "--export",
        metavar="FILE",
        help="when play stops, write the game to FILE, the file `arbiter replay` reads",
    )

    exp = sub.add_parser("export", help="write a local game to the file `arbiter replay` reads")
    exp.add_argument("game_id", nargs="?", help="the game (default: the latest)")
    exp.add_argument(
        "--db",
        default=None,
        help="SQLite file of the games (default: ARBITER_LOCAL_DB, else arbiter-local.db)",
    )
    exp.add_argument("--out", metavar="FILE", help="the file to write (default: GAME_ID.json here)")

    sim = sub.add_parser("simulate", help="agent-only games, with statistics")
    sim.add_argument("game")
    sim.add_argument("--games", type=int, default=100)
    sim.add_argument("--seats", type=int)
    sim.add_argument("--seed", type=int, default=1)
    sim.add_argument(
        "--agent",
        default="random",
        help="random, heuristic, search, or a comma list per seat (search,heuristic)",
    )
    sim.add_argument("--think", type=float, default=None, help="seconds a search agent thinks a move (0.5)")
    sim.add_argument(
        "--iterations", type=int, default=None, help="playouts per search move instead (deterministic)"
    )
    sim.add_argument("--rotate", action="store_true", help="turn the agent list one seat each game")
    sim.add_argument("--options", help="game options: JSON or key=value pairs")
    sim.add_argument("--json", action="store_true", help="print the figures as JSON")

    rep = sub.add_parser("replay", help="replay an exported game and check it reaches the same state")
    rep.add_argument("file")
    rep.add_argument(
        "--animate",
        metavar="OUT",
        help="also write an animated replay (the public board after every player turn) to OUT: a GIF for "
        "a .gif name, an animated WebP for .webp",
    )

    ben = sub.add_parser(
        "bench", help="the benchmark: playout speed, submit latency, snapshot size, render time"
    )
    ben.add_argument("--game", action="append", help="only this game (repeatable)")
    ben.add_argument("--json", action="store_true")
    ben.add_argument("--quick", action="store_true", help="a smaller sample (for tests)")
    ben.add_argument(
        "--store",
        metavar="URL",
        help="also measure submits on this PostgreSQL (postgresql://...), in a scratch schema",
    )
    ben.add_argument(
        "--startup",
        type=int,
        action="append",
        metavar="N",
        help="only time a restart with N stored games and its first in-thread command (repeatable)",
    )
    ben.add_argument(
        "--live", type=int, metavar="N", help="only measure the memory of N live games in one process"
    )
    ben.add_argument(
        "--processes",
        metavar="1,2",
        help="only measure submits per second with this many bot processes sharing the --store PostgreSQL",
    )
    ben.add_argument("--games", type=int, default=200, help="live games at once for --processes (200)")
    ben.add_argument("--seconds", type=float, default=10.0, help="how long --processes plays (10 s)")

    sub.add_parser("games", help="list the games Arbiter plays")
    opts = sub.add_parser("options", help="a game's options: name, meaning and default")
    opts.add_argument("game", help="game id (see `arbiter games`)")
    run = sub.add_parser(
        "run",
        help="start the Discord bot (needs DISCORD_TOKEN)",
        description="Start the Discord bot. Several processes sharing one PostgreSQL database "
        "(ARBITER_DATABASE_URL) each hold some of the bot's shards: --shards 0-3 --shard-count 8 in one, "
        "--shards 4-7 --shard-count 8 in another.",
    )
    run.add_argument("--shards", default=None, help="the shards this process holds: 0-3, or 0,2,5")
    run.add_argument("--shard-count", type=int, default=None, help="how many shards the bot has in all")

    web = sub.add_parser("web", help="serve the web companion: games, histories and leagues in a browser")
    web.add_argument(
        "--host", default=None, help="the address to listen on (default: ARBITER_WEB's, else 127.0.0.1)"
    )
    web.add_argument("--port", type=int, default=None, help="the port (default: ARBITER_WEB's, else 8080)")

    db = sub.add_parser("db", help="the bot's database: online backup, restore, integrity check")
    db.add_argument("--db", default=None, help="the database file (default: ARBITER_DB, else ./arbiter.db)")
    db_sub = db.add_subparsers(dest="db_command", required=True)
    db_backup = db_sub.add_parser("backup", help="an online copy of the database (safe while the bot runs)")
    db_backup.add_argument("path", help="the backup file to write (or a folder for a dated file)")
    db_restore = db_sub.add_parser(
        "restore", help="put a backup in place (stop the bot first); the old file is kept as NAME.bak"
    )
    db_restore.add_argument("path", help="the backup file to restore")
    db_sub.add_parser(
        "check",
        help="SQLite's quick_check and every game's snapshot checksum, version and "
        "intent log; one line per problem, exit code 1 if any",
    )
    db_copy = db_sub.add_parser(
        "copy",
        help="copy the SQLite database into an empty PostgreSQL database, "
        "verified by replaying every game (stop the bot first)",
    )
    db_copy.add_argument(
        "--from",
        dest="source",
        default=None,
        help="sqlite:///path or a path (default: --db, else ARBITER_DB, else ./arbiter.db)",
    )
    db_copy.add_argument(
        "--to",
        dest="target",
        default=None,
        help="postgresql://user:password@host:5432/database (default: ARBITER_DATABASE_URL)",
    )
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    collector.tune()
    logging.basicConfig(
        level=os.environ.get("LOG_LEVEL", "WARNING"), format="%(levelname)s %(name)s: %(message)s"
    )
    if args.command == "games":
        for game_id, game in engine.games().items():
            meta = game.meta
            print(f"{game_id:20} {meta.title} ({meta.min_seats}-{meta.max_seats} players) {meta.summary}")
        return 0
    if args.command == "options":
        return print_options(args.game)
    if args.command == "play":
        try:
            # allow_inline: each command imports what it runs, so `arbiter run` starts sooner
            from .terminal import session

            collector.settle()
            return asyncio.run(session.play(args, _options(args.options)))
        except KeyboardInterrupt:
            # A second Ctrl-C while the game was being saved: nothing committed is lost either way.
            print(
                "\nStopped. Every accepted move is saved: arbiter play --resume continues.", file=sys.stderr
            )
            return 130
    if args.command == "export":
        # allow_inline: each command imports what it runs, so `arbiter run` starts sooner
        from .terminal import session

        return asyncio.run(session.export(args.game_id, session.database_file(args), args.out))
    if args.command == "simulate":
        # allow_inline: each command imports what it runs, so `arbiter run` starts sooner
        from .tools import simulate

        return simulate.run(args, _options(args.options))
    if args.command == "replay":
        return replay_file(Path(args.file), Path(args.animate) if args.animate else None)
    if args.command == "bench" and args.processes:
        # allow_inline: each command imports what it runs, so `arbiter run` starts sooner
        from .tools import bench_processes

        collector.settle()
        return asyncio.run(bench_processes.run(args))
    if args.command == "bench":
        # allow_inline: each command imports what it runs, so `arbiter run` starts sooner
        from .tools import bench

        collector.settle()  # the bench measures the bot's settings
        return asyncio.run(bench.run(args))
    if args.command == "run":
        return run_bot(args.shards, args.shard_count)
    if args.command == "web":
        # allow_inline: each command imports what it runs, so `arbiter run` starts sooner
        from .web import standalone

        return standalone.run(args.host, args.port)
    if args.command == "db" and args.db_command == "copy":
        return db_copy(args.source or database_path(args.db, sqlite_only=True), args.target)
    if args.command == "db":
        return db_command(args.db_command, args.path if args.db_command != "check" else None, args.db)
    return 2


OptionRow = tuple[str, str, str, str]
"""(name, type, default, meaning) of one option."""


def _attribute_docs(model: type[BaseModel]) -> dict[str, str]:
    """The docstrings written under fields (``x: int = 0`` then ``\"\"\"meaning\"\"\"``), which pydantic
    keeps only when the model asks for them: a field with neither gets its name and type alone."""
    try:
        tree = ast.parse(textwrap.dedent(inspect.getsource(model)))
    except (OSError, TypeError, SyntaxError):
        return {}
    docs: dict[str, str] = {}
    body = tree.body[0].body if tree.body and isinstance(tree.body[0], ast.ClassDef) else []
    for field, doc in zip(body, body[1:], strict=False):
        if (
            isinstance(field, ast.AnnAssign)
            and isinstance(field.target, ast.Name)
            and isinstance(doc, ast.Expr)
            and isinstance(doc.value, ast.Constant)
            and isinstance(doc.value.value, str)
        ):
            docs[field.target.id] = " ".join(doc.value.value.split())
    return docs


def _type_name(annotation: Any) -> str:
    if isinstance(annotation, type):
        return {"bool": "true/false", "int": "whole number", "float": "number", "str": "text"}.get(
            annotation.__name__, annotation.__name__
        )
    return str(annotation).replace("typing.", "")


def _default_text(value: Any) -> str:
    if value is PydanticUndefined:
        return "(required)"
    return json.dumps(value) if isinstance(value, bool | int | float | str | type(None)) else repr(value)


def option_rows(game_id: str) -> list[OptionRow]:
    """Every option of a game from its options model: the Field description, else the docstring under
    the field, else nothing (the name and type still say something)."""
    model = engine.get(game_id).meta.options
    docs = _attribute_docs(model)
    rows: list[OptionRow] = []
    for name, field in model.model_fields.items():
        meaning = field.description or docs.get(name, "")
        rows.append((name, _type_name(field.annotation), _default_text(field.default), meaning))
    return rows


def options_table(game_id: str) -> str:
    """A game's options as the Markdown table the README carries (tests/test_readme.py compares them)."""
    rows = option_rows(game_id)
    if not rows:
        return "This game has no options."
    lines = ["| option | type | default | meaning |", "|---|---|---|---|"]
    lines += [f"| `{n}` | {t} | `{d}` | {m.replace('|', '/')} |" for n, t, d, m in rows]
    return "\n".join(lines)


def print_options(game_id: str) -> int:
    try:
        game = engine.get(game_id)
    except engine.RuleError as exc:
        print(str(exc), file=sys.stderr)
        return 2
    rows = option_rows(game_id)
    print(f"{game.meta.title} ({game_id}) options, given as --options 'name=value ...' or JSON:")
    if not rows:
        print("  (none)")
    for name, kind, default, meaning in rows:
        print(f"  {name} ({kind}, default {default})")
        if meaning:
            for line in textwrap.wrap(meaning, 90):
                print(f"      {line}")
    if rows:
        name, kind, default, _ = rows[0]
        example = (
            "true"
            if kind == "true/false" and default != "true"
            else ("false" if kind == "true/false" else "...")
        )
        print(f"For example: arbiter play {game_id} --options '{name}={example}'")
    return 0


def database_path(given: str | None, sqlite_only: bool = False) -> str:
    """The database the bot uses: ``--db``, else ARBITER_DATABASE_URL (unless ``sqlite_only``), else
    ARBITER_DB (environment or .env), else ./arbiter.db."""
    if given:
        return given
    try:
        # allow_inline: each command imports what it runs, so `arbiter run` starts sooner
        from .settings import Settings

        settings = Settings()
        return settings.arbiter_db if sqlite_only else settings.database
    except Exception:  # an unrelated bad setting must not stop an operator's backup
        url = "" if sqlite_only else os.environ.get("ARBITER_DATABASE_URL", "").strip()
        return url or os.environ.get("ARBITER_DB", "./arbiter.db")


def db_command(command: str, path: str | None, db: str | None = None) -> int:
    """``arbiter db backup|restore|check``: 0 on success, 1 when a check finds problems, 2 on failure."""
    # allow_inline: each command imports what it runs, so `arbiter run` starts sooner
    from .store.sqlite import dbtools

    database = database_path(db)
    try:
        if command == "backup":
            assert path is not None
            written = asyncio.run(dbtools.backup(database, path))
            print(f"Backed up {database} to {written} (checked with quick_check).")
            return 0
        if command == "restore":
            assert path is not None
            kept = dbtools.restore(database, path)
            print(
                f"Restored {path} to {database}" + (f"; the old database is kept as {kept}." if kept else ".")
            )
            return 0
        problems = asyncio.run(dbtools.check(database))
    except dbtools.ToolError as exc:
        print(str(exc), file=sys.stderr)
        return 2
    for line in problems:
        print(line)
    # allow_inline: each command imports what it runs, so `arbiter run` starts sooner
    from .store.stores import describe

    shown = describe(database)  # a PostgreSQL URL without its password
    if problems:
        print(f"{len(problems)} problem(s) in {shown}.", file=sys.stderr)
        return 1
    print(f"{shown}: no problems found.")
    return 0


def db_copy(source: str, target: str | None) -> int:
    """``arbiter db copy``: 0 when copied and verified, 1 when the copy holds problems, 2 when not copied."""
    # allow_inline: each command imports what it runs, so `arbiter run` starts sooner
    from .store import dbcopy

    # allow_inline: each command imports what it runs, so `arbiter run` starts sooner
    from .store.sqlite import dbtools

    target = target or os.environ.get("ARBITER_DATABASE_URL", "").strip()
    if not target:
        print(
            "Say where to copy to: --to postgresql://user:password@host:5432/database "
            "(or set ARBITER_DATABASE_URL).",
            file=sys.stderr,
        )
        return 2
    try:
        report = asyncio.run(dbcopy.copy_database(source, target, say=lambda line: print(line, flush=True)))
    except dbtools.ToolError as exc:
        print(f"Not copied: {exc}", file=sys.stderr)
        return 2
    for line in report.damaged + report.problems:
        print(line)
    total = sum(report.rows.values())
    verdict = f"; {len(report.problems)} problem(s) above." if report.problems else ", no problems."
    print(
        f"Copied {total} rows in {report.seconds:.1f} s; {report.games_verified} games replayed to their "
        f"snapshots{verdict}"
    )
    return 1 if report.problems else 0


def kept_intents(data: dict[str, Any]) -> list[tuple[str, str]]:
    """The exported intents that still count: those an undo took back (``undone``: seq ranges, first and
    last inclusive, seq 1 the first intent) are left out, as the table's rebuild leaves them out."""
    ranges = [(int(first), int(last)) for first, last in data.get("undone") or []]
    return [
        (str(s), str(k))
        for seq, (s, k) in enumerate(data["intents"], start=1)
        if not any(first <= seq <= last for first, last in ranges)
    ]


def replay_file(path: Path, animate_to: Path | None = None) -> int:
    # allow_inline: each command imports what it runs, so `arbiter run` starts sooner
    from engine.core.playout import replay

    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        print(f"Cannot read {path}: {exc}", file=sys.stderr)
        return 2
    try:
        game = engine.get(data["game"])
        kept = kept_intents(data)
        state = replay(game, list(data["seats"]), int(data["seed"]), dict(data.get("options") or {}), kept)
        state.step = len(data["intents"])  # the live game's step counts the undone intents too
    except (ValueError, TypeError) as exc:
        print(f"{path} is not an Arbiter export: {exc}", file=sys.stderr)
        return 2
    except KeyError as exc:
        print(f"{path} is not an Arbiter export: missing {exc}", file=sys.stderr)
        return 2
    except engine.RuleError as exc:
        print(f"Replay failed: {exc}", file=sys.stderr)
        return 1
    final = data.get("final")
    if final is not None and game.dump(state) != final:
        print(f"MISMATCH: replaying {len(data['intents'])} intents does not reach the exported state.")
        return 1
    outcome = game.outcome(state)
    skipped = len(data["intents"]) - len(kept)
    print(
        f"OK: {len(kept)} intents replayed"
        + (f" ({skipped} undone, skipped)" if skipped else "")
        + "; "
        + (f"game over ({outcome.reason})" if outcome else "game in progress")
        + ("; state identical to the export." if final is not None else ".")
    )
    if animate_to is not None:
        return write_animation(game, data, animate_to)
    return 0


def animation_format(out: Path) -> str | None:
    """The format an animation's file name asks for: "gif" for .gif, "webp" for .webp; None otherwise."""
    suffix = out.suffix.casefold().lstrip(".")
    return suffix if suffix in ("gif", "webp") else None


def write_animation(game: Any, data: dict[str, Any], out: Path) -> int:
    # allow_inline: each command imports what it runs, so `arbiter run` starts sooner
    from .animation import animated_replay

    fmt = animation_format(out)
    if fmt is None:
        print(f"Name the animation .gif or .webp (for example replay.gif), not {out.name}.", file=sys.stderr)
        return 2

    def progress(done: int, total: int) -> None:
        if done == 1 or done % 25 == 0 or done == total:
            print(f"  drawing boards: {done}/{total}", file=sys.stderr)

    image, ext, turns = animated_replay(
        game,
        list(data["seats"]),
        int(data["seed"]),
        dict(data.get("options") or {}),
        kept_intents(data),
        progress=progress,
        fmt=fmt,
    )
    try:
        out.write_bytes(image)
    except OSError as exc:
        print(f"Cannot write {out}: {exc}", file=sys.stderr)
        return 2
    kind = "animated WebP" if ext == "webp" else "animated GIF"
    print(
        f"Wrote {out}: {kind}, {turns} frames (the set-up and every player turn), {len(image) / 1e6:.1f} MB."
    )
    return 0


def run_bot(shards: str | None = None, shard_count: int | None = None) -> int:
    # allow_inline: each command imports what it runs, so `arbiter run` starts sooner
    from .settings import Settings

    try:
        token = Settings().token  # the environment, then .env in the working directory
    except Exception as exc:  # a bad setting is the operator's to fix: say which, without a traceback
        print(f"A setting is not valid: {exc}", file=sys.stderr)
        return 2
    if not token:
        print(
            "DISCORD_TOKEN is not set.\n"
            "To run the bot on Discord: create an application at the Discord Developer Portal\n"
            "(Applications > New Application > Bot > Reset Token), then\n"
            "    DISCORD_TOKEN=... arbiter run\n"
            "See README.md, 'Running the bot'. To play without Discord: arbiter play infamy",
            file=sys.stderr,
        )
        return 2
    try:
        # allow_inline: each command imports what it runs, so `arbiter run` starts sooner
        from .discord_bot import run
    except ImportError as exc:  # pragma: no cover - only while the Discord front end is missing
        print(f"The Discord front end is not available: {exc}", file=sys.stderr)
        return 2
    collector.settle()  # before connecting: only what lives as long as the process is frozen
    return int(run(arbiter_shards=shards, arbiter_shard_count=shard_count))


if __name__ == "__main__":
    raise SystemExit(main())
