"""Where leagues, results, ratings and reliability are kept: the :class:`LeagueStore` protocol, and an
in-memory implementation for tests and throwaway tables.

The SQLite and PostgreSQL implementations (``bot/league_sqlite.py``, ``bot/league_pg.py``) keep them in
the same database as the games. :meth:`LeagueStore.record_result` is the one write of a result: it saves
the result, the new ratings and the new reliability in one transaction through
:func:`engine.league.results.settle`, keyed on the game id, so a result is applied exactly once however
often it is offered (a restart, a second process). Leagues are saved whole, with a compare-and-swap on
their version, like games.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from ..core.errors import StaleVersion
from .league import League, LeagueError
from .ratings import Rating, rebuild
from .reliability import Reliability
from .results import GameResult, settle


class LeagueStore(Protocol):
    async def record_result(self, result: GameResult) -> GameResult | None:
        """Save an ended game's result and apply it to ratings and reliability, atomically; returns the
        settled result (with its rating changes), or None when that game's result was already saved."""
        ...

    async def result(self, game_id: str) -> GameResult | None: ...

    async def recorded(self, game_ids: Sequence[str]) -> set[str]:
        """Those of ``game_ids`` whose result is saved."""
        ...

    async def unrecorded_games(self) -> list[str] | None:
        """The ended games (finished or aborted) of the same database without a saved result, oldest
        first; None when this store cannot see the games (the caller compares them itself)."""
        ...

    async def results(
        self,
        server_id: int | None = None,
        game: str | None = None,
        user: str | None = None,
        limit: int | None = None,
    ) -> list[GameResult]:
        """Saved results in the order they were recorded (with ``limit``, the last ``limit`` of them)."""
        ...

    async def ratings(self, server_id: int, game: str) -> dict[str, Rating]:
        """Every rated player of a game on a server."""
        ...

    async def set_ratings(self, server_id: int, game: str, ratings: dict[str, Rating]) -> None:
        """Replace a game's ratings on a server (a rebuild from the results)."""
        ...

    async def reliability(self, user: str) -> Reliability: ...

    async def league(self, league_id: str) -> tuple[League, int] | None:
        """The league and its version."""
        ...

    async def leagues(self, server_id: int | None = None) -> list[League]:
        """The server's leagues (every server's with None)."""
        ...

    async def save_league(self, league: League, expected_version: int | None) -> int:
        """Save the whole league; returns its new version. :class:`StaleVersion` when the stored version is
        not ``expected_version`` (None: a new league); :class:`LeagueError` when the server already has a
        league of that name."""
        ...


def name_key(name: str) -> str:
    """League names are unique per server regardless of case and spacing."""
    return " ".join(name.lower().split())


async def rebuilt_ratings(store: LeagueStore, server_id: int, game: str) -> dict[str, Rating]:
    """A game's ratings on a server recomputed from its saved results alone."""
    results = await store.results(server_id=server_id, game=game)
    return rebuild(r.rated_result() for r in results).table.get(f"{server_id}:{game}", {})


class MemoryLeagueStore:
    """A :class:`LeagueStore` in memory: the same semantics as the database stores."""

    def __init__(self) -> None:
        self._results: dict[str, GameResult] = {}
        self._ratings: dict[tuple[int, str], dict[str, Rating]] = {}
        self._reliability: dict[str, Reliability] = {}
        self._leagues: dict[str, tuple[str, int]] = {}

    async def record_result(self, result: GameResult) -> GameResult | None:
        if result.game_id in self._results:
            return None
        pool = self._ratings.setdefault(result.pool, {})
        settled, ratings, reliability = settle(result, pool, self._reliability)
        self._results[result.game_id] = settled
        pool.update(ratings)
        self._reliability.update(reliability)
        return settled

    async def result(self, game_id: str) -> GameResult | None:
        return self._results.get(game_id)

    async def recorded(self, game_ids: Sequence[str]) -> set[str]:
        return {g for g in game_ids if g in self._results}

    async def unrecorded_games(self) -> list[str] | None:
        return None

    async def results(
        self,
        server_id: int | None = None,
        game: str | None = None,
        user: str | None = None,
        limit: int | None = None,
    ) -> list[GameResult]:
        found = [
            r
            for r in self._results.values()
            if (server_id is None or r.server_id == server_id)
            and (game is None or r.game == game)
            and (user is None or r.line_of(user) is not None)
        ]
        return found[-limit:] if limit else found

    async def ratings(self, server_id: int, game: str) -> dict[str, Rating]:
        return dict(self._ratings.get((server_id, game), {}))

    async def set_ratings(self, server_id: int, game: str, ratings: dict[str, Rating]) -> None:
        self._ratings[(server_id, game)] = dict(ratings)

    async def reliability(self, user: str) -> Reliability:
        return self._reliability.get(user, Reliability()).model_copy()

    async def league(self, league_id: str) -> tuple[League, int] | None:
        saved = self._leagues.get(league_id)
        return (League.model_validate_json(saved[0]), saved[1]) if saved else None

    async def leagues(self, server_id: int | None = None) -> list[League]:
        found = [League.model_validate_json(body) for body, _ in self._leagues.values()]
        return [league for league in found if server_id is None or league.server_id == server_id]

    async def save_league(self, league: League, expected_version: int | None) -> int:
        saved = self._leagues.get(league.id)
        if (saved[1] if saved else None) != expected_version:
            raise StaleVersion("The league changed meanwhile; try again.")
        if expected_version is None and any(
            name_key(other.name) == name_key(league.name) for other in await self.leagues(league.server_id)
        ):
            raise LeagueError(f"This server already has a league named {league.name}.")
        version = (expected_version or 0) + 1
        self._leagues[league.id] = (league.model_dump_json(), version)
        return version


__all__ = ["LeagueStore", "MemoryLeagueStore", "name_key", "rebuilt_ratings"]
