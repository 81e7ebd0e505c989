"""engine.core: the contract every game implements and the machinery games share.

- :mod:`.game`: :class:`Game` and :class:`GameState`, the contract.
- :mod:`.intent`, :mod:`.model`: intents, prompts, events, outcomes, game metadata.
- :mod:`.errors`: the :class:`RuleError` family.
- :mod:`.rng`, :mod:`.deck`, :mod:`.seating`: seeded randomness, decks, seat order (token supplies
  with a box limit: :mod:`.kits.resources`).
- :mod:`.flow`, :mod:`.waiting`, :mod:`.actions`, :mod:`.rules`, :mod:`.flowgame`: the runtime (typed steps,
  waiting frames, actions, the rules registry, the game built from them).
- :mod:`.args`: the declared arguments of every intent kind; :mod:`.refusals`: one voice for refusals.
- :mod:`.datapack`: data-pack loading with precise errors.
- :mod:`.agents`, :mod:`.playout`: agents and the loop that lets them play.
"""

from .agents import Agent, RandomAgent, make_agent
from .deck import Deck
from .errors import (
    DataError,
    GameOver,
    IllegalIntent,
    MalformedIntent,
    NotYourTurn,
    RuleError,
    SnapshotError,
    StaleVersion,
)
from .game import Game, GameState
from .intent import Intent
from .model import Event, GameMeta, NoOptions, Outcome, Pace, Prompt, private, public
from .registry import games, get, register, unregister
from .rng import Rng
from .seating import clockwise, next_seat, previous_seat

__all__ = [
    "Agent",
    "DataError",
    "Deck",
    "Event",
    "Game",
    "GameMeta",
    "GameOver",
    "GameState",
    "IllegalIntent",
    "Intent",
    "MalformedIntent",
    "NoOptions",
    "NotYourTurn",
    "Outcome",
    "Pace",
    "Prompt",
    "RandomAgent",
    "Rng",
    "RuleError",
    "SnapshotError",
    "StaleVersion",
    "clockwise",
    "games",
    "get",
    "make_agent",
    "next_seat",
    "previous_seat",
    "private",
    "public",
    "register",
    "unregister",
]
