"""Results: when a game ends (finished, or abandoned by vote or cancelled), its result is recorded once in
the league store, updating ratings and reliability (:mod:`engine.league.results`).

The result is saved before the update that ended the game is published, so a front end that hears of
the end (a league scheduling its next round) finds the result saved. A restart between the commit that
ended a game and its recording loses nothing: the table's first tick records every ended game whose
result is missing, and the store's key on the game id makes a second recording of one game a no-op.
"""

from __future__ import annotations

import logging

from ..league.results import GameResult, game_result
from ..league.store import LeagueStore
from .clocks import kept
from .model import Update
from .play import Play

log = logging.getLogger(__name__)

ENDED = ("finished", "aborted")


class Results(Play):
    league_store: LeagueStore | None = None
    """Where results go; None keeps no results (a table for tests or the terminal)."""
    _results_caught_up = False

    def keep_results(self, store: LeagueStore) -> None:
        self.league_store = store
        self._results_caught_up = False

    async def game_result(self, game_id: str) -> GameResult | None:
        """The result of an ended game (None while it is not over, or when it cannot be read)."""
        record, state = await self._load(game_id)
        if record.status not in ENDED:
            return None
        ts = await self._table_state(game_id)
        intents = kept(await self.store.intents(game_id), ts.undone)
        outcome = self.engine_game(record).outcome(state) if state is not None else None
        return game_result(record, outcome, ts.left, intents)

    async def record_result(self, game_id: str) -> GameResult | None:
        """Record an ended game's result; the settled result when this call recorded it, else None."""
        if self.league_store is None:
            return None
        result = await self.game_result(game_id)
        if result is None:
            return None
        return await self.league_store.record_result(result)

    async def record_missing(self) -> int:
        """Record the result of every ended game that has none (after a restart); how many were recorded.
        The database stores name them in one query (start-up stays proportional to the games that need
        it); one game's failure is logged and never stops the others."""
        if self.league_store is None:
            return 0
        missing = await self.league_store.unrecorded_games()
        if missing is None:  # a store that cannot see the games: compare every ended game
            ended = [r.id for r in await self.store.games(status=ENDED)]
            done = await self.league_store.recorded(ended)
            missing = [g for g in ended if g not in done]
        count = 0
        for game_id in missing:
            try:
                count += await self.record_result(game_id) is not None
            except Exception:
                log.exception("the result of game %s could not be recorded", game_id)
        return count

    async def _publish(self, update: Update) -> None:
        if self.league_store is not None and update.record.status in ENDED and not update.duplicate:
            try:
                await self.record_result(update.record.id)
            except Exception:  # recorded at the next start instead; the game itself is safe
                log.exception("the result of game %s could not be recorded now", update.record.id)
        await super()._publish(update)

    async def tick(self, now: float | None = None) -> list[Update]:
        if self.league_store is not None and not self._results_caught_up:
            self._results_caught_up = True
            try:
                await self.record_missing()
            except Exception:
                self._results_caught_up = False
                log.exception("results of ended games could not be caught up; trying at the next tick")
        return await super().tick(now)


__all__ = ["ENDED", "Results"]
