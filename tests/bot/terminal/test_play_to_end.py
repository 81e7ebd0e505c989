"""Issue 30, item 4: the terminal plays every game to its end with ``--no-images``, using only ``board``,
``hand``, ``rules`` and the menus: ``arbiter play GAME --no-images`` with one person at the keyboard (a
seeded random player typing menu numbers and, now and then, ``board``, ``hand``, ``rules`` and ``rules
TERM``) and agents in the other seats, to "Game over"."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import engine
from bot.cli import main
from engine.core.glossary import glossary

GAMES = sorted(
    g
    for g, game in engine.games().items()
    if not type(game).__module__.startswith(("tests.", "engine.example"))
)
PROMPTS_MAX = 4000
"""More prompts than this for one person is a game that does not end (or a menu that does not advance)."""


class Player:
    """Answers the terminal's prompts: a menu number (mostly the first few), sometimes a command."""

    def __init__(self, seed: int, terms: list[str]) -> None:
        self.rng = random.Random(seed)
        self.terms = terms
        self.asked = 0
        self.commands: dict[str, int] = {}
        self.first = ["board", "hand", "rules", f"rules {terms[0]}" if terms else "rules"]
        """Typed at the first prompt, so every game answers each command at least once."""

    def __call__(self, prompt: str = "") -> str:
        self.asked += 1
        if self.asked > PROMPTS_MAX:
            raise EOFError  # the terminal saves and stops: the test then fails on "Game over"
        if "yes or no" in prompt:
            return "yes"
        if not prompt.rstrip().endswith(">"):
            return ""  # a hand-over or a name: Enter
        roll = self.rng.random()
        if self.first or roll < 0.06:
            word = self.first.pop(0) if self.first else self.rng.choice(["board", "hand", "rules", "term"])
            if word == "term":
                word = f"rules {self.rng.choice(self.terms)}" if self.terms else "rules"
            kind = "rules TERM" if word.startswith("rules ") else word
            self.commands[kind] = self.commands.get(kind, 0) + 1
            return word
        return str(self.rng.choice([1, 2, 2, 3, 3, 4, 5, 6]))


@pytest.mark.parametrize("gid", GAMES)
def test_the_terminal_plays_every_game_to_its_end_without_images(
    gid: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    game = engine.get(gid)
    terms = list(glossary(game))
    player = Player(7, terms)
    monkeypatch.setattr("builtins.input", player)
    seats = game.meta.min_seats if game.meta.min_seats > 1 else 2
    code = main(
        ["play", gid, "--seats", str(seats), "--seed", "3", "--db", str(tmp_path / "g.db"), "--no-images"]
    )
    out = capsys.readouterr().out
    assert code == 0, out[-3000:]
    assert "Game over." in out, f"{gid}: not over after {player.asked} prompts\n" + out[-3000:]
    assert "Traceback" not in out and "ok v" not in out
    # the commands answered with the game's own words: its table, the hand, its rules summary and glossary
    assert {"board", "hand", "rules", "rules TERM"} <= set(player.commands)
    assert "The table:" in out and ("What only Ann can see:" in out or "Nothing is hidden" in out)
    assert game.meta.rules.splitlines()[0] in out
    assert f"  {terms[0]}: {glossary(game)[terms[0]]}" in out
