"""Agents playing their seats at a table: after each change, every seat an agent plays decides (its level:
the one chosen for the seat, else the table's, else the strongest that answers within the pace), until a
person must decide or the game ends."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import Any

from ..core import registry
from ..core.agents import Agent, autopilot_level, decide, make_agent
from ..core.game import Game, GameState
from ..core.intent import Intent
from ..core.model import Event
from ..pace import PLANS
from ..public_log import lines_of
from ..records import GameRecord, LoggedIntent
from ..store import PublicLine
from .model import AGENT_STEPS_PER_YIELD, MAX_AGENT_STEPS, game_code

log = logging.getLogger(__name__)


def autopilot(pace: str) -> str:
    """The agent level for autopilot seats of a game at ``pace``: the strongest that answers in time."""
    plan = PLANS.get(pace)
    return autopilot_level(plan.reaction if plan is not None else 0)


class AgentSeats:
    """The agents' part of the table (a base of :class:`~.base.TableBase`)."""

    agent_kind: str | None
    clock: Callable[[], float]

    @staticmethod
    def engine_game(record: GameRecord) -> Game[Any]:
        game: Game[Any] = registry.get(record.game)
        return game

    async def _play_agents(
        self,
        record: GameRecord,
        state: GameState,
        events: list[Event],
        logged: list[LoggedIntent],
        version: int,
        lines: list[PublicLine] | None = None,
    ) -> GameState:
        """Let agents decide for every seat they play, until a person must decide or the game ends; their
        moves go to ``logged``, their events to ``events`` and their public lines to ``lines``.

        A long run of agent moves (a game whose players are all away) hands the event loop back every
        few moves, so other games and Discord's heartbeats are never starved.
        """
        game = self.engine_game(record)
        # a search agent thinks half a second a move: off the event loop
        thinks = any(self._level(record, s.seat) == "search" for s in record.seats if s.agent)
        for step in range(MAX_AGENT_STEPS):
            if step and step % AGENT_STEPS_PER_YIELD == 0:
                await asyncio.sleep(0)
            with game_code(record, "agents played"):
                if thinks:
                    state, move = await asyncio.to_thread(self._agent_move, game, record, state)
                else:
                    state, move = self._agent_move(game, record, state)
            if move is None:
                break
            seat, choice, more = move
            events.extend(more)
            if lines is not None:
                lines += lines_of(more, "agent", version, seat)
            logged.append(
                LoggedIntent(
                    seq=state.step, version=version, seat=seat, key=choice.key(), by="agent", at=self.clock()
                )
            )
        else:
            log.error("game %s: agents did not stop after %d steps", record.id, MAX_AGENT_STEPS)
        with game_code(record, "agents played"):
            self._note_outcome(record, state)
        return state

    def _agent_move(
        self, game: Game[Any], record: GameRecord, state: GameState
    ) -> tuple[GameState, tuple[str, Intent, list[Event]] | None]:
        """One agent move, or None when no agent has anything to decide."""
        if game.outcome(state) is not None:
            return state, None
        prompt = next((p for p in game.prompts(state) if self._is_agent(record, p.seat)), None)
        if prompt is None:
            return state, None
        legal = game.legal(state, prompt.seat)
        agent = self._agent(game, record, prompt.seat, (record.seed * 1_000_003 + state.step) & (2**62 - 1))
        choice = decide(agent, game, state, prompt.seat, legal) if legal else prompt.default
        state, more = game.apply_chosen(state, prompt.seat, choice, legal)
        return state, (prompt.seat, choice, more)

    def _agent(self, game: Game[Any], record: GameRecord, seat: str, seed: int) -> Agent:
        """The agent that decides for ``seat`` now: the level chosen for the seat, else the table's kind (a
        simulation may grade them), else (``agent_kind`` None) the autopilot level of the game's pace."""
        return make_agent(game, self._level(record, seat), seed=seed)

    def _level(self, record: GameRecord, seat: str) -> str:
        found = record.seat_named(seat)
        chosen = found.level if found is not None and found.user is None else ""
        return chosen or self.agent_kind or autopilot(record.pace)

    @staticmethod
    def _is_agent(record: GameRecord, seat: str) -> bool:
        found = record.seat_named(seat)
        return found is not None and found.agent

    def _note_outcome(self, record: GameRecord, state: GameState) -> None:
        outcome = self.engine_game(record).outcome(state)
        if outcome is not None:
            record.status = "finished"
            record.winners = list(outcome.winners)
            record.reason = outcome.reason
