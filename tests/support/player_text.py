"""What players read, scanned for what they should never read (issue 30).

Seeded random games of a game (every seat count, random table options) are played through the contract,
and at every decision everything a player can read is collected: each open prompt's text and its public
text, the label of every legal intent, every entry of a menu asked in parts (its first two levels), every
event's text, the refusal of an intent of another seat, and the game's board text and each seat's hand text
(:func:`engine.core.text.board_lines`, :func:`~engine.core.text.hand_lines`, once the game writes them).
Each string is checked by :func:`problems`:

- an intent key (``move:unit=a1,to=B5``) or a snake_case identifier (``gravitational_enforcer``);
- a record id of the game's data pack (``ca19``, ``t_red``, ``rem_b9``): any word of the text that is the
  id of a record and is not a word people write (it has a digit or an underscore);
- Python notation (``None``, ``True``, ``[]``, ``{'``, ``<object``) or a debug dump (``Key: | Key:``);
- placeholder plurals (``card(s)``) and a count of one with a plural (``1 cards``).

``python -m tests.support.player_text GAME [GAMES_PER_SEATING]`` prints each kind of problem with its count
and a few examples; the test (tests/test_player_text.py) requires none.
"""

from __future__ import annotations

import json
import random
import re
import sys
from collections import Counter, defaultdict
from collections.abc import Iterator
from functools import lru_cache
from pathlib import Path
from typing import Any

import engine
from engine.core import RandomAgent
from engine.core.agents import decide
from engine.core.datapack import data_root
from engine.core.playout import next_decision

INTENT_KEY = re.compile(r"\b[a-z][a-z0-9_]*:[a-z][a-z0-9_]*=[A-Za-z0-9_.+\-]+")
SNAKE = re.compile(r"(?<![\w/.<@:#-])[a-z][a-z0-9]*(?:_[a-z0-9]+)+(?![\w/.-])")
PYTHON = re.compile(
    r"\bNone\b|\bTrue\b|\bFalse\b|\[\]|\{\}|\[['\"]|\{['\"]|<[a-z_.]+ object|\bdict\(|\blist\("
)
DUMP = re.compile(r"\w+: [^|]*\| \w+: |… and \d+ more lines")
PLACEHOLDER = re.compile(r"\w\(s\)|\w\(es\)")
ONE_PLURAL = re.compile(
    r"\b1 (cards|moves|points|squares|tokens|credits|rounds|turns|wounds|actions|players|dice|agents|"
    r"clues|bribes|schemes|lags|drones|characters|models|items|walls|boroughs|verses|servers)\b"
)
WORD = re.compile(r"[A-Za-z0-9_]+")

KINDS = ("intent key", "snake_case", "record id", "python", "dump", "placeholder plural", "one with plural")


@lru_cache(maxsize=8)
def record_ids(game_id: str) -> frozenset[str]:
    """The ids of the game's data records that no person would write as a word (a digit or ``_`` in it)."""
    out: set[str] = set()
    folder = Path(data_root()) / game_id
    for path in folder.rglob("*.json"):
        try:
            _ids(json.loads(path.read_text(encoding="utf-8")), out)
        except ValueError:
            continue
    return frozenset(i for i in out if any(c.isdigit() or c == "_" for c in i) and len(i) >= 2)


def _ids(value: Any, out: set[str]) -> None:
    if isinstance(value, dict):
        found = value.get("id")
        if isinstance(found, str):
            out.add(found)
        for item in value.values():
            _ids(item, out)
    elif isinstance(value, list):
        for item in value:
            _ids(item, out)


def problems(text: str, ids: frozenset[str] = frozenset()) -> list[tuple[str, str]]:
    """(kind, what) for each thing in ``text`` a player should not read."""
    found: list[tuple[str, str]] = []
    keys = INTENT_KEY.findall(text)
    found += [("intent key", k) for k in keys]
    rest = INTENT_KEY.sub(" ", text)
    found += [("snake_case", m) for m in SNAKE.findall(rest)]
    found += [("record id", w) for w in WORD.findall(rest) if w in ids and not w.isdigit()]
    found += [("python", m) for m in PYTHON.findall(rest)]
    found += [("dump", m) for m in DUMP.findall(rest)]
    found += [("placeholder plural", m) for m in PLACEHOLDER.findall(rest)]
    found += [("one with plural", m) for m in ONE_PLURAL.findall(rest)]
    return found


def _texts_at(game: Any, state: Any, seat: str) -> Iterator[tuple[str, str]]:
    """(where, text) of everything a player reads at this decision."""
    for prompt in game.prompts(state):
        yield "prompt", prompt.text
        if prompt.public:
            yield "prompt (public)", prompt.public
    legal = game.legal(state, seat)
    for intent in legal[:200]:
        yield "label", game.describe(state, intent)
    for entry in game.choices(state, seat, ""):
        yield "menu part", entry.label
        if not entry.complete:
            for deeper in game.choices(state, seat, entry.key)[:60]:
                yield "menu part", deeper.label
    others = [s for s in state.seats if s != seat]
    if others and legal:
        refusal = game.why_not(state, others[0], legal[0])
        if refusal:
            yield "refusal", refusal
    yield from _table_texts(game, state)


def _table_texts(game: Any, state: Any) -> Iterator[tuple[str, str]]:
    """The board text and every seat's hand text: the game's own, else the generic ones it falls back to."""
    from bot.present import view_lines
    from engine.core.hand_text import game_hand_lines

    public = game.view(state, None)
    board = game.board_lines(public)
    for line in board if board is not None else view_lines(public):
        yield "board text", line
    for seat in state.seats:
        for line in game_hand_lines(game, game.view(state, seat), public):
            yield "hand text", line


def scan(game_id: str, per_seating: int = 2, steps: int = 400) -> dict[str, Counter[tuple[str, str]]]:
    """Problems by kind: a counter of (where, what)."""
    game = engine.get(game_id)
    ids = record_ids(game_id)
    rng = random.Random(f"player-text-{game_id}")
    out: dict[str, Counter[tuple[str, str]]] = defaultdict(Counter)
    for seats in range(game.meta.min_seats, game.meta.max_seats + 1):
        for _ in range(per_seating):
            _scan_game(game, ids, seats, rng, steps, out)
    return out


def _scan_game(game: Any, ids: frozenset[str], seats: int, rng: random.Random, steps: int, out: Any) -> None:
    from tests.engine.test_conformance import random_options

    names = [f"p{i + 1}" for i in range(seats)]
    state = game.setup(names, rng.randrange(1 << 30), random_options(game.meta.options, rng))
    agents = {s: RandomAgent(rng.randrange(1 << 30)) for s in names}
    for n in range(steps):
        seat = next_decision(game, state, agents, n) if game.outcome(state) is None else None
        if seat is None:
            break
        for where, text in _texts_at(game, state, seat):
            for kind, what in problems(text, ids):
                out[kind][(where, what)] += 1
        legal = game.legal(state, seat)
        state, events = game.apply_chosen(state, seat, decide(agents[seat], game, state, seat, legal), legal)
        for event in events:
            for kind, what in problems(event.text, ids):
                out[kind][("event", what)] += 1


def main(argv: list[str]) -> int:
    game_id = argv[0]
    per = int(argv[1]) if len(argv) > 1 else 2
    found = scan(game_id, per)
    total = 0
    for kind in KINDS:
        counter = found.get(kind)
        if not counter:
            continue
        total += sum(counter.values())
        print(f"{kind}: {sum(counter.values())}")
        for (where, what), count in counter.most_common(12):
            print(f"    {count:5}  {where}: {what}")
    print(f"{game_id}: {total} problems")
    return 1 if total else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
