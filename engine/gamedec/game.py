"""Gamedec on the runtime: metadata, set-up and the view; the rules are the registered steps, frames and
actions (see the package docstring)."""

from __future__ import annotations

from typing import Any, ClassVar

from engine.core import Event, GameMeta, RandomAgent
from engine.core.agents import AgentFactory
from engine.core.flowgame import FlowGame

# isort: off
# They register their actions, and a turn's menu lists its actions in the order they register
# (procedure.turn_actions): the turn's own actions, its Scenario actions, trading, discarding.
from .actions import moves, tasks, exchanges, corporate, story as story_actions  # noqa: F401
from . import trade, bundles  # noqa: F401
from .actions import anytime  # noqa: F401

# isort: on
from . import answers, effects, procedure, setup, story, text, window  # noqa: F401 - they register steps and answers
from . import standing as ST
from .agent import HeuristicAgent, search_agent
from .determinize import determinize
from .runtime import RULES
from .state import GamedecOptions, GamedecState
from .view import GamedecView
from .viewing import build

RULES_SUMMARY = """\
Gamedec: 2-6 game detectives hunt hackers across the Net. First to 9 Investigation Points (IP) wins at once.
Each round: a Corporate Commission card puts the Target (a Sensory World, Lag side up) and the Threatened
Corporation on the board; every detective takes a turn; then the Hacker Attack: if nobody performed the
Commission, a Lag appears on the Target and everyone with an Obligation at the Threatened Corporation gets a
Lag token (one move fewer next turn). When no Commission card is left, everyone loses (about 14 rounds).
Your turn: up to 2 moves (Taida 3) to any of the 13 spaces; act after each move on the space you entered.
- Realium: draw Task cards (1-5 by Reputation; unseen until your turn ends); play Tasks; heal Bio (1 Credit).
- Sensory Worlds: play Tasks, use the world's exchange, attack, perform the Commission.
  Brahma/Dream Space refuse Bad Reputation; Crying Guns/Deep Past need a Credit; Happy Hunting Grounds and
  Twisted & Perverted cost 1 Reputation on entry.
- Corporations: Corporate Aid (place an Obligation, take two aids) and the Commission.
A Task test: 2d6 + Skills + Equipment (not in the Realium) + Assists - Wounds - Sabotages >= 8/10/12.
On a Lag space (or the Lag-side Target) a 1 on either die fails. Success in a world: place a Clue (+1 IP,
but Clues never give IP 7-9); in the Realium: +1 IP; plus the card's bonus. Failure: the penalty, and the
card goes face down under your detective for later Assists (+2) or Sabotages (-2) on anyone's roll.
A turn is either Tasks or Attacks. Attack a detective with more IP on your space (Shooting or Melee,
-1 Reputation); the winning attacker takes 1 IP; the loser chooses a Wound.
Commission: with your Clue on the Target, stand on the Target or the Threatened Corporation: remove that
Clue (and your Obligation there), then turn the Target safe or remove a Lag.
Hand limit 8 Task cards, 3 Equipment (Angela Baal 6) at the end of your turn. Discard cards at any moment
(also in the turns of others: /game act), except during a trade or while a roll is being resolved.
Trade: one per turn, always with the detective whose turn it is: he proposes an offer to one player, or
asks everyone for offers and takes one (also just before his own Task roll). Credits, Equipment, Task cards.
Options: Longer Game (16 IP), Task cards available immediately, Less Randomness, Online Trade, Variable
Starting Player, Terror, Scenarios and Finales (the last implies the Longer Game, Variable SP and Terror),
choose detectives (instead of drawing them), play on for second place.
"""


class GamedecGame(FlowGame[GamedecState]):
    meta = GameMeta(
        id="gamedec",
        title="Gamedec",
        min_seats=2,
        max_seats=6,
        options=GamedecOptions,
        summary="Game detectives chase hackers through virtual worlds: first to 9 Investigation Points wins.",
        rules=RULES_SUMMARY,
    )
    state_type = GamedecState
    format = 9
    """2: the runtime's steps and frames; 3: a trade may be proposed to the active detective (``by``); 4:
    trades of several goods (``bundle``); 5: Credits kept by the resources kit; 6: each waiting frame keeps
    its public (third-person) text; 7: Angela Baal's Arsenal replaces Steady Aim, Postorganism's Lag token
    gives a move, the play-on winner's pawn leaves the board (``left_board``); 8: the runtime's unused
    decisions and options fields gone from every state (issue 29); 9: the table noted when a turn begins
    (``mark``, for the boards' marks of what changed, issue 31). Older games are rebuilt from their intent
    logs."""
    rules = RULES
    log_kept = 8
    """The status panel shows the last 8 public lines."""
    agents: ClassVar[dict[str, AgentFactory]] = {
        "random": RandomAgent,
        "heuristic": HeuristicAgent,
        "search": search_agent,
    }
    determinize = staticmethod(determinize)
    """A state the seat cannot tell from the real one, hidden parts dealt afresh (for the agents)."""
    standing_actions = ST.STANDING
    standing_text = ST.TEXT

    def _setup(self, seats: list[str], seed: int, options: Any) -> GamedecState:
        return self.start(setup.new_state(seats, self.new_rng(seed), options))

    def standing_kinds(self, state: GamedecState, seat: str) -> tuple[str, ...]:
        return ST.standing_kinds(state, seat)

    def view_model(self, state: GamedecState, seat: str | None) -> GamedecView:
        return build(state, seat, self.table_view(state, seat))

    def board_lines(self, view: dict[str, Any]) -> list[str]:
        return text.board_lines(view)

    def hand_lines(self, own: dict[str, Any], public: dict[str, Any]) -> list[str]:
        return text.hand_lines(own, public)

    def _log(self, state: GamedecState, events: list[Event]) -> None:
        # who has chosen or answered is shown while it matters (the view's progress), not news for the log
        super()._log(state, [e for e in events if e.kind not in ("chosen", "answered")])


GAME = GamedecGame()
