"""ISSUE 17, the terminal as a newcomer meets it: private news to the seat in front of the screen, `hand`,
`board`, `log` and `help` at any prompt, labels matched by their start in any case, the keyboard handed
over between hotseat players, Ctrl-C saving with the resume command, and the final ranking."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

import engine
from bot.cli import main
from bot.present import private_part, view_lines
from bot.terminal import menus
from bot.terminal.keyboard import match_label
from bot.terminal.session import final_lines, resume_hint
from bot.terminal.terminal import Terminal
from engine.core.model import Event
from engine.nakamura_tower.scoring import check_end
from engine.store import MemoryStore
from engine.table import Table
from tests.engine.nakamura_tower.helpers import table

ROOT = Path(__file__).resolve().parents[3]
LAUNCH = "import sys, tests.conftest; from bot.cli import main; sys.exit(main(sys.argv[1:]))"


def scripted(monkeypatch: pytest.MonkeyPatch, lines: list[str]) -> Iterator[str]:
    answers = iter(lines)

    def answer(_prompt: str = "") -> str:
        try:
            return next(answers)
        except StopIteration:
            raise EOFError from None

    monkeypatch.setattr("builtins.input", answer)
    return answers


async def two_humans() -> tuple[Table, str, list[str]]:
    table = Table(MemoryStore())
    update = await table.create("toy", "local1", "Ann", seats=2, seed=1)
    await table.join(update.record.id, "local2", "Bo")
    start = await table.start(update.record.id, "local1")
    return table, start.record.id, [s.seat for s in start.record.seats]


def test_a_label_is_matched_by_any_unambiguous_start_in_any_case() -> None:
    labels = ["Bid 3 (place 2 more Bribes + 1 for Expenses)", "Bid 30 (all in)", "Pass", "Play a Scheme"]
    assert match_label("bid 3", labels) == (0, [])  # the start ends at a word: not "Bid 30"
    assert match_label("BID 30", labels) == (1, [])
    assert match_label("pass", labels) == (2, [])
    assert match_label("pl", labels) == (3, [])
    assert match_label("  play   a  ", labels) == (3, [])
    assert match_label("bid", labels) == (None, [0, 1])
    assert match_label("fly", labels) == (None, [])


def test_a_start_of_a_label_plays_it_and_an_ambiguous_one_asks_for_more(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    legal = [("a", "Pick 1"), ("b", "Pick 2"), ("c", "Pass")]

    class Key:
        def __init__(self, key: str) -> None:
            self._key = key

        def key(self) -> str:
            return self._key

    menu = [(Key(k), label) for k, label in legal]
    assert menus.pick("PICK 2", menu) == "b"  # type: ignore[arg-type]
    assert menus.pick("pa", menu) == "c"  # type: ignore[arg-type]
    assert menus.pick("pick", menu) is None  # type: ignore[arg-type]
    out = capsys.readouterr().out
    assert "'pick' could be 2 actions: Pick 1, Pick 2. Type more of it, or its number." in out


async def test_private_news_waits_for_its_seat_and_the_keyboard_is_handed_over(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    table, gid, (ann, bo) = await two_humans()
    term = Terminal(table, None, humans={ann, bo})
    term.take(
        [
            Event("secret", "You drew the Scheme 'Blackmail'.", audience=frozenset({bo})),
            Event("public", "Round 1 begins."),
        ]
    )
    record = await table.record(gid)
    scripted(monkeypatch, ["", "quit"])
    assert await term.ask(record, "local1", ann) is None
    out = capsys.readouterr().out
    assert "Round 1 begins." in out  # public: printed at once, and again after the hand-over
    assert "Blackmail" not in out  # Bo's news is not shown to Ann
    scripted(monkeypatch, ["", "quit"])
    assert await term.ask(record, "local2", bo) is None
    out = capsys.readouterr().out
    assert out.index("=" * 60) < out.index("Since your last turn:") < out.index(f"Only for {bo}:")
    assert "You drew the Scheme 'Blackmail'." in out
    scripted(monkeypatch, ["quit"])
    assert await term.ask(record, "local2", bo) is None
    assert "Blackmail" not in capsys.readouterr().out  # shown once; the same player keeps the keyboard


async def test_one_human_sees_no_hand_over(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    table, gid, (ann, bo) = await two_humans()
    term = Terminal(table, None, humans={ann})
    term.take(
        [
            Event("secret", "Only Ann knows.", audience=frozenset({ann})),
            Event("secret", "Only the agent knows.", audience=frozenset({bo})),
        ]
    )
    scripted(monkeypatch, ["quit"])
    await term.ask(await table.record(gid), "local1", ann)
    out = capsys.readouterr().out
    assert "Pass the keyboard" not in out and "Only Ann knows." in out and "agent knows" not in out


async def test_hand_board_log_and_help_answer_at_any_prompt(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    table, gid, (ann, bo) = await two_humans()
    await table.submit(gid, "local1", "pick:n=3")
    term = Terminal(table, None, humans={ann})
    scripted(monkeypatch, ["help", "hand", "board", "log", "quit"])
    record = await table.record(gid)
    assert await term.ask(record, "local2", bo) is None
    out = capsys.readouterr().out
    assert "hand    what only you can see" in out
    assert f"Nothing is hidden from the others right now ({bo})" in out or f"What only {bo} can see:" in out
    assert "The table (version " in out and "Scores: ann 0, bo 0" in out
    assert "Recent events:" in out or "Nothing has happened yet." in out
    # Ann, who has picked in secret, sees her pick in `hand`; the table does not show it.
    public = await table.seat_view(gid, None)
    assert "3" in str(private_part(await table.seat_view(gid, ann), public))
    assert "3" not in str(private_part(await table.seat_view(gid, bo), public))


def test_views_read_as_lines() -> None:
    lines = view_lines(
        {
            "round": 2,
            "scores": {"ann": 1, "bo": 0},
            "hand": ["Blackmail", "Bribe"],
            "players": [{"seat": "ann", "cards": {"a": 1}}],
            "doubled": False,
        }
    )
    assert lines[0] == "Round: 2"
    assert "Scores: ann 1, bo 0" in lines and "Hand: Blackmail, Bribe" in lines and "Doubled: no" in lines
    assert "Players:" in lines and "  - Seat: ann" in lines and "    Cards: a 1" in lines
    assert private_part({"a": 1, "b": {"c": [1], "d": 2}}, {"a": 1, "b": {"c": [], "d": 2}}) == {
        "b": {"c": [1]}
    }
    assert private_part({"a": 1}, {"a": 1}) is None


def test_game_over_prints_the_ranking_and_scores(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    scripted(monkeypatch, ["1"] * 400)
    code = main(["play", "toy", "--seats", "3", "--seed", "4", "--db", str(tmp_path / "g.db"), "--no-images"])
    out = capsys.readouterr().out
    assert code == 0, out[-2000:]
    tail = out[out.index("Game over.") :]
    assert "Final ranking:" in tail and "  1. " in tail and "  2. " in tail
    assert "reached 5 points" in tail


async def test_game_over_without_a_ranking_names_the_winners() -> None:
    class Record:
        id = "g1"
        game = "toy"
        reason = "the last one standing"
        winners = ["ann"]

    class NoFinal:
        async def export(self, _gid: str) -> dict[str, object]:
            return {"final": None}

    lines = await final_lines(NoFinal(), Record())  # type: ignore[arg-type]
    assert lines == ["Game over. the last one standing", "Winner: ann."]


async def test_a_game_nobody_won_prints_no_ranking_of_winners() -> None:
    """Issue 28: a lost solo mission printed "Final ranking: 1. Ann (0)"; the reason says who lost."""
    game = engine.get("nakamura_tower")
    state = table(seats=1)
    state.round = state.turns
    state.teams["p1"].score = 4
    check_end(state)

    class Record:
        id = "g1"
        game = "nakamura_tower"
        reason = state.result.reason if state.result else ""
        winners: list[str] = []

    class Final:
        async def export(self, _gid: str) -> dict[str, object]:
            return {"final": game.dump(state)}

    lines = await final_lines(Final(), Record())  # type: ignore[arg-type]
    assert lines == [
        "Game over. The tower wins: p1 scored 4 of the 10 points needed by the end of the last turn",
        "Scores: p1 4",
        "Nobody won.",
    ]


def test_a_resumed_game_first_says_where_it_stands(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = str(tmp_path / "g.db")
    scripted(monkeypatch, ["1", "quit"])
    assert main(["play", "toy", "--seats", "2", "--seed", "2", "--db", db, "--no-images"]) == 0
    capsys.readouterr()
    scripted(monkeypatch, ["quit"])
    assert main(["play", "--resume", "--db", db, "--no-images"]) == 0
    out = capsys.readouterr().out
    assert "Resuming game " in out and "High Card, version " in out and "(agent)" in out
    assert out.index("Resuming game") < out.index("To play:") < out.index("--- ")


def test_resume_hint_quotes_the_db() -> None:
    assert resume_hint("abc123", "my games.db").endswith("play --resume abc123 --db 'my games.db'")
    assert "--db" not in resume_hint("abc123", None)


def test_ctrl_c_at_a_prompt_saves_and_prints_the_resume_command(tmp_path: Path) -> None:
    env = dict(os.environ, PYTHONPATH=str(ROOT), PYTHONUNBUFFERED="1")
    proc = subprocess.Popen(
        [
            sys.executable,
            "-c",
            LAUNCH,
            "play",
            "toy",
            "--seats",
            "2",
            "--seed",
            "3",
            "--db",
            str(tmp_path / "c.db"),
            "--no-images",
        ],
        cwd=tmp_path,
        env=env,
        text=True,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
    )
    assert proc.stdout is not None
    seen = ""
    deadline = time.monotonic() + 60
    while "Pick 1" not in seen and time.monotonic() < deadline:
        seen += proc.stdout.readline()
    time.sleep(0.5)  # into input()
    os.kill(proc.pid, signal.SIGINT)
    out, _ = proc.communicate(timeout=30)
    assert proc.returncode == 0, seen + out
    assert "Traceback" not in out and "KeyboardInterrupt" not in out
    assert "Saved at version " in out and "Resume with: arbiter play --resume " in out
    assert f"--db {tmp_path / 'c.db'}" in out


def test_the_resume_hint_uses_the_command_as_installed(monkeypatch: pytest.MonkeyPatch) -> None:
    import bot.terminal.session as local

    monkeypatch.setattr(sys, "argv", ["/home/ann/arbiter/.venv/bin/arbiter", "play"])
    monkeypatch.setattr(local.shutil, "which", lambda _name: None)  # not on the PATH: the path typed
    assert local.resume_hint("g1", None) == "/home/ann/arbiter/.venv/bin/arbiter play --resume g1"
    monkeypatch.setattr(local.shutil, "which", lambda _name: "/home/ann/arbiter/.venv/bin/arbiter")
    assert local.resume_hint("g1", None) == "arbiter play --resume g1"


async def test_terminal_hand_is_the_same_text_as_discords_hand(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 16, item 4: one generic text for private views, in the terminal as on Discord (no markup)."""
    table, gid, (ann, bo) = await two_humans()
    await table.submit(gid, "local2", "pick:n=2")
    term = Terminal(table, None, humans={ann, bo})
    assert await term.command("hand", await table.record(gid), bo)
    out = capsys.readouterr().out
    assert f"What only {bo} can see:" in out and "Your pick: pick (n 2)" in out and "**" not in out
