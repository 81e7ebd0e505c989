"""ISSUE 17: every shell command in README.md is run, and its options table is the generated one, so the
guide cannot rot.

Each line of a ```sh block is split at ``&&``; each command is either run here (in a subprocess, in a
temporary working directory, with scripted input where it asks for any) or named in SKIPPED with the
reason. A command that is neither fails the test: a new command in the README must be covered.

    python tests/test_readme.py --fix    rewrites the options table from the games' options models
"""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
LAUNCH = "import sys; from bot.cli import main; sys.exit(main(sys.argv[1:]))"
OPTIONS_START = "<!-- options:"
OPTIONS_END = "<!-- /options -->"

SKIPPED = {
    "python3 -m venv": "installs: .ci/run's wheel step installs into a fresh venv",
    "pip install": "installs: .ci/run installs from scratch",
    ".venv/bin/pip install": "installs: .ci/run installs from scratch",
    ".venv/bin/pytest": "the test suite itself",
    "DISCORD_TOKEN=": "needs Discord; tests/e2e runs the bot against a loopback Discord",
    "docker ": "needs Docker",
    "arbiter db backup /safe/place": (
        "writes outside the temporary folder; tests/bot/store/test_storage_integrity.py"
    ),
    "arbiter db restore /safe/place": "needs the backup above; tests/bot/store/test_storage_integrity.py",
    "arbiter web": "serves until stopped; tests/bot/web/test_live.py runs it beside SQLite and PostgreSQL",
}
PLAY_INPUT = "help\nhand\nboard\nlog\n1\nquit\n"
"""What a scripted player types: every command, one action, then quit."""
TIMEOUT = 180


def shell_commands(text: str) -> list[str]:
    """The commands of every ```sh block, comments dropped, lines split at &&."""
    commands: list[str] = []
    for block in re.findall(r"```sh\n(.*?)```", text, flags=re.S):
        for line in block.splitlines():
            line = line.split("  #")[0].strip()
            if line and not line.startswith("#"):
                commands += [part.strip() for part in line.split("&&")]
    return commands


def skipped_because(command: str) -> str | None:
    return next((why for start, why in SKIPPED.items() if command.startswith(start)), None)


def arbiter_args(command: str) -> list[str]:
    words = shlex.split(command)
    assert Path(words[0]).name == "arbiter", f"not an arbiter command: {command}"
    return words[1:]


def generated_options() -> str:
    import engine
    from bot.cli import options_table

    parts = []
    for game_id, game in engine.games().items():
        if not shipped(game):
            continue
        parts.append(f"**{game.meta.title}** (`{game_id}`):\n\n{options_table(game_id)}\n")
    return "\n".join(parts)


def shipped(game: object) -> bool:
    """A game the registry found (``engine/<game>/`` exposing ``GAME``), not one a test registered."""
    package = sys.modules.get(".".join(type(game).__module__.split(".")[:2]))
    return package is not None and getattr(package, "GAME", None) is game


def options_block(text: str) -> tuple[int, int]:
    start = text.index(OPTIONS_START)
    start = text.index("-->", start) + len("-->\n")
    return start, text.index(OPTIONS_END, start)


COMMANDS = shell_commands(README.read_text(encoding="utf-8"))


def test_the_readme_has_commands_and_every_one_is_run_or_excused() -> None:
    assert any(c.startswith(".venv/bin/arbiter play") for c in COMMANDS)  # the quick start
    uncovered = [
        c for c in COMMANDS if skipped_because(c) is None and Path(shlex.split(c)[0]).name != "arbiter"
    ]
    assert not uncovered, f"README commands neither run nor excused in tests/test_readme.py: {uncovered}"


@pytest.mark.parametrize("command", [c for c in COMMANDS if skipped_because(c) is None])
def test_a_readme_command_runs(command: str, tmp_path: Path) -> None:
    args = arbiter_args(command)
    env = {k: v for k, v in os.environ.items() if not k.startswith(("ARBITER_", "DISCORD_"))}
    env.update(PYTHONPATH=str(ROOT), PYTHONUNBUFFERED="1", ARBITER_DB=str(tmp_path / "arbiter.db"))
    if args[:2] == ["db", "check"]:  # on a database with a game in it
        subprocess.run(
            [
                sys.executable,
                "-c",
                LAUNCH,
                "play",
                "infamy",
                "--seats",
                "3",
                "--no-images",
                "--db",
                str(tmp_path / "arbiter.db"),
            ],
            input="1\nquit\n",
            cwd=tmp_path,
            env=env,
            text=True,
            capture_output=True,
            timeout=TIMEOUT,
            check=True,
        )
    if args and args[0] == "play":
        assert "--db" not in args, "the README's play commands use the default database"
    done = subprocess.run(
        [sys.executable, "-c", LAUNCH, *args],
        input=PLAY_INPUT if args[0] == "play" else "",
        cwd=tmp_path,
        env=env,
        text=True,
        capture_output=True,
        timeout=TIMEOUT,
    )
    out = done.stdout + done.stderr
    assert done.returncode == 0, f"{command}\n{out[-3000:]}"
    assert "Traceback" not in out, out[-3000:]
    if args[0] == "play":
        assert "Commands at any prompt:" in out and "The table:" in out and "Saved at version" in out
        assert "Resume with:" in out


def test_the_options_table_is_generated_from_the_options_models() -> None:
    text = README.read_text(encoding="utf-8")
    start, end = options_block(text)
    assert text[start:end].strip() == generated_options().strip(), (
        "README's options table is out of date: run `python tests/test_readme.py --fix`"
    )


def fix() -> None:
    text = README.read_text(encoding="utf-8")
    start, end = options_block(text)
    README.write_text(text[:start] + "\n" + generated_options() + "\n" + text[end:], encoding="utf-8")


if __name__ == "__main__":
    if sys.argv[1:] != ["--fix"]:
        raise SystemExit(__doc__)
    sys.path.insert(0, str(ROOT))
    fix()
