"""Recorded games replay to the same end: the same intents give the same game (the snapshots of running
games are rebuilt from their intent logs, so a saved game goes on as it would have). First recorded before
the port onto engine/core; re-recorded when the Assist/Sabotage window became open (issue 11), which
changes which seats are asked before a roll, when Angela Baal's house ability became Steady Aim, and when it
became Arsenal (issue 28: Steady Aim contradicted the rulebook's attack example).

``replays.json`` holds eight tables (2-6 players, the optional rules alone and together, heuristic, random
and kind-first agents), each with its intent log and how it ended: the outcome and every detective's
points, Reputation, Credits, Skills, Clues, Obligations, Wounds, cards and Scenario. A deliberate rule
change that alters these games re-records the file: ``python -m tests.engine.gamedec.test_replays``.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

from engine.core import RandomAgent
from engine.core.agents import decide
from engine.core.lone import Replayer
from engine.gamedec import GAME
from engine.gamedec.agent import HeuristicAgent
from engine.gamedec.state import GamedecState

RECORDED = Path(__file__).with_name("replays.json")
GAMES = json.loads(RECORDED.read_text())["games"]


def facts(state: GamedecState) -> dict[str, Any]:
    assert state.result is not None
    return {
        "result": state.result.model_dump(mode="json"),
        "round": state.round,
        "lags": sorted(state.lags),
        "players": {
            s: {
                "detective": p.detective,
                "ip": p.ip,
                "rep": p.rep,
                "credits": state.credits.of(s),
                "skills": p.skills,
                "clues": p.clues,
                "obligations": p.obligations,
                "bio": p.bio,
                "neuro": p.neuro,
                "equipment": p.equipment,
                "hand": p.hand,
                "set_aside": p.set_aside,
                "scenario": p.scenario,
                "story": p.story,
                "finales": p.finales,
            }
            for s, p in state.players.items()
        },
    }


@pytest.mark.parametrize(
    "game", GAMES, ids=lambda g: f"seed{g['seed']}-{len(g['seats'])}p-{'+'.join(g['options'])}"
)
def test_a_recorded_game_replays_to_the_same_end(game: dict[str, Any]) -> None:
    """As a stored game is rebuilt (:class:`~engine.core.lone.Replayer`): a move the game now makes by
    itself (issue 30: a question with one answer is not asked) stands for the logged one."""
    state = GAME.setup(game["seats"], game["seed"], game["options"])
    replayer = Replayer(GAME)
    for line in game["log"]:
        seat, key = line.split(" ", 1)
        state, _ = replayer.apply(state, seat, key)
    assert GAME.prompts(state) == []
    assert facts(state) == game["end"]


def record(path: Path) -> None:
    """Play the same tables with heuristic and random agents on the current engine and write them."""
    games = []
    for game in GAMES:
        seats, seed = game["seats"], game["seed"]
        state = GAME.setup(seats, seed, game["options"])
        agents = {
            s: (HeuristicAgent(seed * 10 + i) if i % 2 else RandomAgent(seed * 10 + i))
            for i, s in enumerate(seats)
        }
        log = []
        while state.result is None:
            seat = GAME.prompts(state)[0].seat
            intent = decide(agents[seat], GAME, state, seat, GAME.legal(state, seat))
            state, _ = GAME.apply(state, seat, intent)
            log.append(f"{seat} {intent.key()}")
        games.append({**game, "log": log, "end": facts(state)})
    path.write_text(
        json.dumps(
            {"recorded_with": "tests.engine.gamedec.test_replays.record", "games": games},
            separators=(",", ":"),
        )
    )


if __name__ == "__main__":
    record(Path(sys.argv[1]) if len(sys.argv) > 1 else RECORDED)
