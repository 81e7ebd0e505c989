"""Arbiter's rules engine. ``engine.games()`` and ``engine.get(id)`` are the way in.

``engine/`` imports neither discord, PIL nor a database driver: front ends talk to it through
:mod:`engine.table` and the contract in :mod:`engine.core`.
"""

from .core import (
    DataError,
    Event,
    Game,
    GameMeta,
    GameOver,
    GameState,
    IllegalIntent,
    Intent,
    MalformedIntent,
    NotYourTurn,
    Outcome,
    Prompt,
    RuleError,
    SnapshotError,
    StaleVersion,
    games,
    get,
)

__all__ = [
    "DataError",
    "Event",
    "Game",
    "GameMeta",
    "GameOver",
    "GameState",
    "IllegalIntent",
    "Intent",
    "MalformedIntent",
    "NotYourTurn",
    "Outcome",
    "Prompt",
    "RuleError",
    "SnapshotError",
    "StaleVersion",
    "games",
    "get",
]
