"""The `arbiter` command: terminal play, kill-and-resume on a real subprocess, simulate, replay, bench."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from bot.cli import main

ROOT = Path(__file__).resolve().parents[2]
# The subprocess registers the toy game from tests/support before running the real CLI entry point.
LAUNCH = "import sys, tests.conftest; from bot.cli import main; sys.exit(main(sys.argv[1:]))"


def arbiter(*args: str, cwd: Path) -> subprocess.Popen[str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT), PYTHONUNBUFFERED="1")
    return subprocess.Popen(
        [sys.executable, "-c", LAUNCH, *args],
        cwd=cwd,
        env=env,
        text=True,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
    )


class Answers:
    """Answers '1' to a CLI's prompts, one at a time, and knows where its output stands: a move is
    committed before anything after it is printed (the next hand-over, the next prompt or the end)."""

    def __init__(self, proc: subprocess.Popen[str], db: Path) -> None:
        self.proc, self.db = proc, db
        self.asked = False
        """Whether the header of the prompt being answered has been read."""

    def one(self) -> int:
        """Answer the next prompt; the version saved once the CLI has moved on (-1 at the end). The blank
        line first takes the keyboard when hotseat hands it over (a menu ignores a blank line)."""
        proc = self.proc
        assert proc.stdin is not None and proc.stdout is not None
        proc.stdin.write("\n1\n")
        proc.stdin.flush()
        for line in proc.stdout:
            assert "ok v" not in line  # issue 30: no version noise after a move
            if "Game over" in line:
                return -1
            header = line.strip().startswith("--- ")
            if header or "=" * 60 in line:
                if self.asked:
                    self.asked = header  # a header read now is the next prompt's
                    return db_version(self.db)[0]
                self.asked = header
        raise AssertionError("the CLI ended without confirming")


def db_version(path: Path) -> tuple[int, int, str]:
    with sqlite3.connect(path) as db:
        gid, version = db.execute("SELECT id, version FROM games").fetchone()
        intents = db.execute("SELECT COUNT(*) FROM intents WHERE game_id=?", (gid,)).fetchone()[0]
    return version, intents, gid


@pytest.mark.parametrize("kill_after", [1, 4, 9])
def test_sigkill_mid_game_loses_no_accepted_intent(tmp_path: Path, kill_after: int) -> None:
    """ISSUE: killing the process (SIGKILL) at any moment loses no accepted intent; --resume continues
    at the same version."""
    db = tmp_path / "g.db"
    proc = arbiter(
        "play",
        "toy",
        "--seats",
        "2",
        "--agents",
        "0",
        "--seed",
        "5",
        "--db",
        str(db),
        "--no-images",
        "--names",
        "Ann,Bo",
        cwd=tmp_path,
    )
    confirmed = 0
    answers = Answers(proc, db)
    for _ in range(kill_after):
        confirmed = answers.one()
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait(timeout=10)
    version, intents, gid = db_version(db)
    assert version == confirmed
    assert intents == kill_after

    resumed = arbiter("play", "--resume", gid, "--db", str(db), "--no-images", cwd=tmp_path)
    assert Answers(resumed, db).one() in (confirmed + 1, -1)
    resumed.stdin.close()  # type: ignore[union-attr]
    out = resumed.stdout.read()  # type: ignore[union-attr]
    assert resumed.wait(timeout=20) == 0, out
    assert db_version(db)[1] == kill_after + 1


def test_play_refuses_bad_input_clearly(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """ISSUE 17: anything but a number, a label or a command gets "type a number from 1 to N, a label, or
    `help`", never the engine's vocabulary of action kinds; `quit` in any case."""
    answers = iter(["9", "fly", "pick:n=7", "QUIT"])
    monkeypatch.setattr("builtins.input", lambda _prompt="": next(answers))
    code = main(
        [
            "play",
            "toy",
            "--seats",
            "2",
            "--agents",
            "1",
            "--seed",
            "1",
            "--db",
            str(tmp_path / "x.db"),
            "--boards",
            str(tmp_path / "boards"),
        ]
    )
    out = capsys.readouterr().out
    assert code == 0
    assert "There is no action 9. Not understood: type a number from 1 to 3, a label, or 'help'." in out
    assert out.count("type a number from 1 to 3, a label, or 'help'.") == 3
    assert "not an action" not in out and "pick:" not in out  # no intent kinds, no keys
    assert "Saved at version " in out and "Resume with: arbiter play --resume" in out
    assert f"--db {tmp_path / 'x.db'}" in out
    assert list((tmp_path / "boards").rglob("*.png"))


def test_the_resume_hint_names_the_db_only_when_given(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("ARBITER_LOCAL_DB", raising=False)
    monkeypatch.setattr("builtins.input", lambda _prompt="": "quit")
    assert main(["play", "toy", "--seats", "2", "--seed", "1", "--no-images"]) == 0
    out = capsys.readouterr().out
    assert "Resume with: arbiter play --resume " in out and "--db" not in out
    assert (tmp_path / "arbiter-local.db").exists()


def test_options_lists_every_option_with_its_meaning_and_default(capsys: pytest.CaptureFixture[str]) -> None:
    from bot.cli import option_rows

    assert main(["options", "toy"]) == 0
    out = capsys.readouterr().out
    rows = option_rows("toy")
    assert rows
    for name, kind, default, meaning in rows:
        assert f"{name} ({kind}, default {default})" in out
        assert not meaning or meaning.split()[0] in out
    assert "For example: arbiter play toy --options" in out
    assert main(["options", "nope"]) == 2
    assert "There is no game 'nope'" in capsys.readouterr().err


def test_an_option_without_a_description_shows_its_name_and_type() -> None:
    from pydantic import BaseModel, Field

    from bot.cli import _attribute_docs, _default_text, _type_name

    class Opts(BaseModel):
        plain: int = 3
        described: bool = Field(False, description="Said in the Field.")
        documented: str = "x"
        """Said under the field."""

    assert _attribute_docs(Opts) == {"documented": "Said under the field."}
    assert _type_name(int) == "whole number" and _type_name(bool) == "true/false"
    assert _default_text(3) == "3" and _default_text(False) == "false"


def test_the_lobby_example_options_are_accepted_by_the_games_they_name() -> None:
    """ISSUE 17: `target=7`, the only example in the product, was refused by both games."""
    import re

    from bot.options import parse_options

    text = (ROOT / "cogs" / "lobby.py").read_text(encoding="utf-8")
    start = re.search(r"options=[\"']Game options", text)
    assert start is not None, "the /game new options parameter is described"
    examples = re.findall(r"(\w+=\w+) \((\w+)\)", text[start.start() :])
    assert len(examples) >= 2, examples
    for option, game_id in examples:
        game = engine_by_title(game_id)
        game.meta.options.model_validate(parse_options(option))


def engine_by_title(title: str):  # type: ignore[no-untyped-def]
    import engine

    found = [g for g in engine.games().values() if g.meta.title.lower() == title.lower()]
    assert found, f"no game titled {title}"
    return found[0]


def test_simulate_reports_figures(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "toy", "--games", "30", "--seats", "3", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["games"] == 30 and not data["failures"]
    assert sum(data["wins_by_seat"].values()) + data["draws"] == 30
    assert data["length_in_rounds"]["max"] <= 20


def test_replay_of_an_export(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from engine.core import RandomAgent
    from engine.core.playout import play_out
    from tests.support.toygame import TOY

    seats = ["a", "b"]
    result = play_out(TOY, TOY.setup(seats, 9), {s: RandomAgent(i) for i, s in enumerate(seats)})
    export = {
        "game": "toy",
        "seats": seats,
        "seed": 9,
        "options": {},
        "intents": result.log,
        "final": TOY.dump(result.state),
    }
    path = tmp_path / "export.json"
    path.write_text(json.dumps(export))
    assert main(["replay", str(path)]) == 0
    assert "OK" in capsys.readouterr().out
    export["intents"] = result.log[:-1]
    path.write_text(json.dumps(export))
    assert main(["replay", str(path)]) == 1
    assert "MISMATCH" in capsys.readouterr().out


def test_replay_writes_an_animated_replay_of_the_public_board(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`arbiter replay FILE --animate OUT`: one frame for the set-up and one per player turn."""
    import itertools

    from PIL import Image

    import engine
    from engine.core import RandomAgent
    from engine.core.playout import play_out

    game = engine.get("infamy")
    seats = ["a", "b", "c"]
    result = play_out(game, game.setup(seats, 4), {s: RandomAgent(i) for i, s in enumerate(seats)})
    export = {"game": "infamy", "seats": seats, "seed": 4, "options": {}, "intents": result.log[:60]}
    path, out = tmp_path / "export.json", tmp_path / "replay.webp"
    path.write_text(json.dumps(export))
    gif = tmp_path / "replay.gif"  # issue 31: the format its name asks for (it wrote WebP under a .gif name)
    assert main(["replay", str(path), "--animate", str(gif)]) == 0
    assert gif.read_bytes()[:6] in (b"GIF87a", b"GIF89a") and "animated GIF" in capsys.readouterr().out
    assert main(["replay", str(path), "--animate", str(tmp_path / "replay.mp4")]) == 2
    assert "Name the animation .gif or .webp" in capsys.readouterr().err
    assert main(["replay", str(path), "--animate", str(out)]) == 0
    turns = 1 + len(list(itertools.groupby(seat for seat, _ in result.log[:60])))
    assert f"{turns} frames" in capsys.readouterr().out
    image = Image.open(out)
    assert (
        image.format == "WEBP" and getattr(image, "n_frames", 1) == turns and out.stat().st_size < 8_000_000
    )


def test_bench_quick_runs(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "--game", "toy", "--quick", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["toy"]["submit"]["submits"] == 30
    assert data["toy"]["render"]["png_bytes"] > 0
    # issue 21: the floor is measured in the same run, and a submit is one trip to the database thread
    submit = data["toy"]["submit"]
    assert 0 < submit["floor_p99_ms"] and submit["p99_over_floor"] > 0
    assert data["toy"]["submit_auto_checkpoint"]["submits"] == 30
    assert data["toy"]["store_cost"]["trips_per_submit"] == 1.0
    assert data["toy"]["store_cost"]["wal_bytes_per_submit"] > 0


def test_bench_times_a_restart_with_stored_games(capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 21: a restart with N stored games answers the first in-thread command, the catch-up finds
    exactly the games whose announcement is behind; and N live games are measured."""
    assert main(["bench", "--startup", "300", "--live", "5", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    startup = data["startup_300"]
    assert startup["stored_games"] == 300 and startup["catch_up_selected"]["games"] == 20
    assert startup["every_game_read"]["games"] == 300
    assert 0 < startup["store_open"]["wall_ms"] <= startup["first_command"]["wall_ms"]
    assert data["live_5"]["live_games"] == 5 and data["live_5"]["rss_after_mb"] > 0


def test_every_command_sets_the_collector_and_a_long_running_one_freezes_what_start_up_left() -> None:
    """Issue 21: the bot, the terminal game and the bench collect garbage in rarer, larger steps, and freeze
    what start-up left alive so full collections stop walking it (bot/collector.py). In a fresh process, as
    `arbiter` runs."""
    code = (
        "import gc; from bot.cli import main; from bot import collector; main(['games']); "
        "before = gc.get_freeze_count(); collector.settle(); "
        "print(list(gc.get_threshold()), before, gc.get_freeze_count())"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True
    )
    threshold, before, after = done.stdout.strip().splitlines()[-1].rsplit(" ", 2)
    from bot.collector import THRESHOLDS

    assert json.loads(threshold) == list(THRESHOLDS)
    assert int(before) == 0 and int(after) > 10_000, "start-up's modules and classes are frozen"


def test_run_without_token_explains(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    assert main(["run"]) == 2
    err = capsys.readouterr().err
    assert "DISCORD_TOKEN is not set" in err and "arbiter play" in err


def test_run_reads_the_token_from_a_dot_env_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """ISSUE 17: the README promises that the variables may be put in a `.env` file."""
    import bot.discord_bot
    from bot.cli import run_bot
    from bot.settings import Settings

    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    monkeypatch.chdir(tmp_path)
    assert run_bot() == 2  # no .env yet: explained, not started
    assert "DISCORD_TOKEN is not set" in capsys.readouterr().err
    (tmp_path / ".env").write_text(
        "DISCORD_TOKEN=from-the-dot-env\nARBITER_DB=./games.db\n", encoding="utf-8"
    )
    started: list[str | None] = []
    monkeypatch.setattr(bot.discord_bot, "run", lambda **_: started.append(Settings().token) or 0)
    assert run_bot() == 0
    assert started == ["from-the-dot-env"]
    assert Settings().arbiter_db == "./games.db"
    monkeypatch.setenv("DISCORD_TOKEN", "from-the-environment")  # the environment wins over .env
    assert Settings().token == "from-the-environment"


def test_bench_measures_the_compact_board_beside_the_full_one(capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 21: "Board render p99 <= 20 ms including PNG ... every board image <= 100 KB": the board the
    turn posts carry is the compact one, so the bench measures it too."""
    assert main(["bench", "--game", "infamy", "--quick"]) == 0
    out = capsys.readouterr().out
    assert "board render: p50" in out and "compact board (turn posts, status message): p50" in out


def test_simulate_refuses_an_unknown_agent_and_prints_rates(capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 35: "an unknown agent name is refused with the list of known ones (today `arbiter simulate
    --agent search` silently plays something else)"; each level's win rate comes with its interval."""
    assert main(["simulate", "toy", "--games", "2", "--agent", "serch"]) == 2
    assert "There is no agent 'serch'" in capsys.readouterr().err
    assert (
        main(["simulate", "toy", "--games", "20", "--seats", "2", "--agent", "random,random", "--json"]) == 0
    )
    rates = json.loads(capsys.readouterr().out)["win_rates"]
    assert rates["random"]["seat_games"] == 40
    low, high = rates["random"]["ci95"]
    assert low < rates["random"]["rate"] < high
