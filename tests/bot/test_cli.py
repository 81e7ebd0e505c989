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
    return subprocess.Popen([sys.executable, "-c", LAUNCH, *args], cwd=cwd, env=env, text=True,
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)


def read_until_ok(proc: subprocess.Popen[str]) -> int:
    """Answer '1' to each prompt until the CLI confirms a commit; return the confirmed version."""
    assert proc.stdin is not None and proc.stdout is not None
    proc.stdin.write("1\n")
    proc.stdin.flush()
    for line in proc.stdout:
        if "ok v" in line:
            return int(line.split("ok v")[1].split()[0])
        if "Game over" in line:
            return -1
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
    proc = arbiter("play", "toy", "--seats", "2", "--agents", "0", "--seed", "5", "--db", str(db),
                   "--no-images", cwd=tmp_path)
    confirmed = 0
    for _ in range(kill_after):
        confirmed = read_until_ok(proc)
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait(timeout=10)
    version, intents, gid = db_version(db)
    assert version == confirmed
    assert intents == kill_after

    resumed = arbiter("play", "--resume", gid, "--db", str(db), "--no-images", cwd=tmp_path)
    assert read_until_ok(resumed) in (confirmed + 1, -1)
    resumed.stdin.close()  # type: ignore[union-attr]
    out = resumed.stdout.read()  # type: ignore[union-attr]
    assert resumed.wait(timeout=20) == 0, out
    assert db_version(db)[1] == kill_after + 1


def test_play_refuses_bad_input_clearly(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                        monkeypatch: pytest.MonkeyPatch) -> None:
    answers = iter(["9", "fly", "pick:n=7", "quit"])
    monkeypatch.setattr("builtins.input", lambda _prompt="": next(answers))
    code = main(["play", "toy", "--seats", "2", "--agents", "1", "--seed", "1", "--db", str(tmp_path / "x.db"),
                 "--boards", str(tmp_path / "boards")])
    out = capsys.readouterr().out
    assert code == 0
    assert "There is no action 9; choose 1 to 3." in out
    assert "'fly' is not an action in High Card" in out
    assert "Refused: That is not one of the choices. Choose one of: Pick 1, Pick 2, Pick 3." in out
    assert "Saved at version" in out
    assert list((tmp_path / "boards").rglob("*.png"))


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
    export = {"game": "toy", "seats": seats, "seed": 9, "options": {}, "intents": result.log,
              "final": TOY.dump(result.state)}
    path = tmp_path / "export.json"
    path.write_text(json.dumps(export))
    assert main(["replay", str(path)]) == 0
    assert "OK" in capsys.readouterr().out
    export["intents"] = result.log[:-1]
    path.write_text(json.dumps(export))
    assert main(["replay", str(path)]) == 1
    assert "MISMATCH" in capsys.readouterr().out


def test_bench_quick_runs(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "--game", "toy", "--quick", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["toy"]["submit"]["submits"] == 30
    assert data["toy"]["render"]["png_bytes"] > 0


def test_run_without_token_explains(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    assert main(["run"]) == 2
    err = capsys.readouterr().err
    assert "DISCORD_TOKEN is not set" in err and "arbiter play" in err
