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
    assert "hand     what only you can see" in out
    assert f"Nothing is hidden from the others right now ({bo})" in out or f"What only {bo} can see:" in out
    assert "The table:" in out and "Scores: ann 0, bo 0" in out and "The table (version" not in out
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


# --- issue 30, item 4: the terminal as a newcomer meets it -------------------------------------------------


def _play(monkeypatch: pytest.MonkeyPatch, lines: list[str], *args: str) -> int:
    scripted(monkeypatch, lines)
    return main(["play", *args, "--no-images"])


def test_rules_prints_the_summary_and_the_glossary_and_rules_term_one_entry(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    from engine.core.glossary import glossary

    db = str(tmp_path / "g.db")
    lines = ["rules", "rules expenses", "rules trigger", "rules zebra", "quit"]
    assert _play(monkeypatch, lines, "infamy", "--seats", "3", "--seed", "3", "--db", db) == 0
    out = capsys.readouterr().out
    terms = glossary(engine.get("infamy"))
    assert engine.get("infamy").meta.rules.splitlines()[0] in out
    assert "Terms (type 'rules' and one of them to read it): " + ", ".join(terms) + "." in out
    assert f"  Expenses: {terms['Expenses']}" in out  # any case
    assert f"  Triggerman: {terms['Triggerman']}" in out  # the start of a term
    assert "'zebra' is not one of the terms of Infamy. The terms: Freelancer, Infamy" in out


def test_every_game_has_a_glossary_of_its_own_terms_in_house_words() -> None:
    """Issue 30, item 4: the terms the issue names are explained (Expenses, Triggerman, Watchdog, Lag,
    CanDo), every game has a glossary, and every record is the project's own text."""
    import json

    from engine.core.datapack import pack_dir
    from engine.core.glossary import FILE, glossary

    games = [
        g
        for g, game in engine.games().items()
        if not type(game).__module__.startswith(("tests.", "engine.example"))
    ]
    for gid in games:
        terms = glossary(engine.get(gid))
        assert len(terms) >= 12, gid
        assert all(text.endswith(".") and text[0].isupper() for text in terms.values()), gid
        records = json.loads((pack_dir(gid) / FILE).read_text(encoding="utf-8"))
        assert {r["provenance"] for r in records} == {"house"}, gid
    named = {**glossary(engine.get("infamy")), **glossary(engine.get("gamedec"))}
    named |= glossary(engine.get("nakamura_tower"))
    assert {"Expenses", "Triggerman", "Watchdog", "Lag", "CanDo"} <= set(named)


def test_help_lists_every_command_the_readme_lists() -> None:
    from bot.terminal.commands import HELP

    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    table = readme[readme.index("| input | what it does |") :].split("\n\n")[0]
    commands = [row.split("|")[1].strip() for row in table.splitlines()[2:]]
    words = [c.strip("`").split("`")[0].split()[0] for c in commands if c.startswith("`")]
    assert {"hand", "board", "rules", "log", "all", "back", "undo", "help", "quit"} <= set(words)
    for word in words:
        assert f"  {word} " in HELP or f"   {word} " in HELP, word


async def test_log_shows_the_events_the_board_shows(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The public view's log (what the board shows) is what `log` prints, set-up lines included."""
    table = Table(MemoryStore())
    update = await table.create("infamy", "local1", "Ann", seats=3, seed=3)
    await table.add_agent(update.record.id, "local1")
    await table.add_agent(update.record.id, "local1")
    start = await table.start(update.record.id, "local1")
    term = Terminal(table, None, humans={"Ann"})
    assert await term.command("log", start.record, "Ann")
    out = capsys.readouterr().out
    board_log = (await table.seat_view(start.record.id, None))["log"]
    assert board_log and all(f"  • {line}" in out for line in board_log[-15:])
    assert "is the Triggerman and places a Watchdog" in out  # the set-up's line, which the table never saw


def test_any_part_of_a_label_names_it() -> None:
    labels = ["Move to B5 (2 squares)", "Move to B15", "Go to Paradise Beach", "Go to Dream Space"]
    assert match_label("b5", labels) == (0, [])  # coordinates
    assert match_label("B15", labels) == (1, [])
    assert match_label("paradise", labels) == (2, [])  # a word of a name
    assert match_label("space", labels) == (3, [])
    assert match_label("go to", labels) == (None, [2, 3])
    assert match_label("aradise", labels) == (None, [])  # from the start of a word only


def test_a_move_not_on_the_menu_is_refused_with_the_games_reason(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = str(tmp_path / "g.db")
    assert (
        _play(monkeypatch, ["bid 0", "bid 40", "quit"], "infamy", "--seats", "3", "--seed", "3", "--db", db)
        == 0
    )
    out = capsys.readouterr().out
    assert "  Refused: A bid must beat the highest bid" in out and "bid at least 1" in out
    assert "  Refused: You have 12 Bribes available" in out
    assert "Not understood" not in out


def test_undo_takes_back_ones_own_last_move_and_names_it(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = str(tmp_path / "g.db")
    assert _play(monkeypatch, ["3", "undo", "quit"], "infamy", "--seats", "3", "--seed", "3", "--db", db) == 0
    out = capsys.readouterr().out
    assert "Ann's last move was taken back (3 moves undone), approved by the agents." in out
    after = out[out.index("was taken back") :]
    # asked again, as before
    assert "Contact 1 of 5, the Sector Chief" in after and "no bid yet" in after.lower()


def test_undo_refused_says_why(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = str(tmp_path / "g.db")
    assert _play(monkeypatch, ["undo", "quit"], "infamy", "--seats", "3", "--seed", "3", "--db", db) == 0
    assert "  Not taken back: You have made no move to take back." in capsys.readouterr().out


def test_hotseat_players_name_their_seats_and_the_hand_over_names_them_once(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = str(tmp_path / "g.db")
    answers, prompts = iter(["Zoe", "", "", "quit"]), []

    def answer(prompt: str = "") -> str:
        prompts.append(prompt)
        return next(answers)

    monkeypatch.setattr("builtins.input", answer)
    assert (
        main(["play", "toy", "--seats", "2", "--agents", "0", "--seed", "1", "--db", db, "--no-images"]) == 0
    )
    out = capsys.readouterr().out
    assert "2 players share this keyboard. Name each seat" in out
    assert prompts[:2] == ["Player 1 (Enter: Ann): ", "Player 2 (Enter: Bo): "]
    assert "High Card begins: Zoe, Bo." in out
    assert "Pass the keyboard to Zoe, then press Enter. " in prompts and not any(
        "(Zoe)" in p for p in prompts
    )
    assert (
        _play(
            monkeypatch,
            ["", "quit"],
            "toy",
            "--seats",
            "2",
            "--agents",
            "0",
            "--names",
            "Ann,Ann",
            "--db",
            db,
        )
        == 0
    )
    out = capsys.readouterr().out
    assert "Name each seat" not in out and "High Card begins: Ann, Bo." in out  # names stay unique


def test_the_hand_over_clears_the_scrollback_too(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from bot.terminal.hotseat import Hotseat

    class Record:
        def seat_named(self, seat: str) -> object:
            return type("Seat", (), {"name": "Bo", "seat": "Bo"})()

    monkeypatch.setattr(sys.stdout, "isatty", lambda: True)
    seats = Hotseat({"Ann", "Bo"})
    assert seats.hand_over(Record(), "Bo", lambda prompt: "")  # type: ignore[arg-type]
    assert "\033[3J\033[2J" in capsys.readouterr().out  # the scrollback (3J), then the screen (2J)


def test_export_writes_the_file_replay_reads(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db, out_file = str(tmp_path / "g.db"), tmp_path / "game.json"
    assert (
        _play(
            monkeypatch,
            ["1", "1", "quit"],
            "toy",
            "--seats",
            "2",
            "--seed",
            "4",
            "--db",
            db,
            "--export",
            str(out_file),
        )
        == 0
    )
    out = capsys.readouterr().out
    assert "Exported game " in out and f"to {out_file}" in out and "still running" in out
    assert main(["replay", str(out_file)]) == 0
    assert "state identical to the export" in capsys.readouterr().out
    monkeypatch.chdir(tmp_path)
    assert main(["export", "--db", db]) == 0  # the latest game, to <id>.json here
    written = list(tmp_path.glob("*.json"))
    assert len(written) == 2 and main(["replay", str(next(p for p in written if p != out_file))]) == 0


def test_resume_in_an_empty_folder_names_the_file_and_leaves_no_database(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("ARBITER_LOCAL_DB", raising=False)
    assert main(["play", "--resume", "--no-images"]) == 2
    out = capsys.readouterr().out
    assert f"there is no database at {tmp_path / 'arbiter-local.db'}" in out
    assert main(["export"]) == 2
    assert list(tmp_path.iterdir()) == [], "nothing is created to say there is nothing"


def test_an_agents_mark_goes_on_its_own_move_not_on_what_followed_for_a_person() -> None:
    """A resumed game printed "Ann passes on the Smuggler. (agent)" for a person's automatic pass that an
    agent's move set off: the mark names who played, so it goes on the agent's own lines."""
    from engine.public_log import lines_of

    events = [
        Event("bid", "Agent1 passes on the Smuggler."),
        Event("bid", "Ann passes on the Smuggler (no bid is possible)."),
        Event("win", "Agent2 wins the Smuggler with a bid of 1."),
        Event("secret", "Only for Agent1.", audience=frozenset({"Agent1"})),
    ]
    assert [line.text for line in lines_of(events, "agent", 5, "Agent1")] == [
        "Agent1 passes on the Smuggler. (agent)",
        "Ann passes on the Smuggler (no bid is possible).",
        "Agent2 wins the Smuggler with a bid of 1.",
    ]
    assert [line.text for line in lines_of(events[1:3], "deadline", 5, "Agent1")][0].endswith("(deadline)")
    assert not any("(agent)" in line.text for line in lines_of(events, "1001", 5, "Agent1"))
