"""Skill ratings with OpenSkill's Plackett–Luce model: multiplayer, ties as ties, per game per server.

A finished rated game gives a :class:`RatedResult`: the finishing order as groups of tied players (the
game's ``Outcome.ranking`` with seats turned into players). Agent seats are left out of the update and
never rated; a seat an agent took over for missed deadlines still counts as its player's result (the
table passes that player). Ratings are a fold over the results, so :func:`rebuild` from the results alone
gives the values kept incrementally.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache

from openskill.models import PlackettLuce
from pydantic import BaseModel, ConfigDict, Field

PROVISIONAL_GAMES = 5
"""A player is marked provisional until this many rated games."""


class Rating(BaseModel):
    model_config = ConfigDict(frozen=True)

    mu: float = 25.0
    sigma: float = 25.0 / 3
    games: int = 0

    @property
    def shown(self) -> float:
        """The conservative rating people see: mu - 3 sigma (0 for a newcomer)."""
        return self.mu - 3 * self.sigma

    @property
    def provisional(self) -> bool:
        return self.games < PROVISIONAL_GAMES


class RatedResult(BaseModel):
    """One finished game, as ratings read it. ``ranking``: groups of tied players, first place first."""

    model_config = ConfigDict(frozen=True)

    game_id: str
    server_id: int
    ranking: tuple[tuple[str, ...], ...]
    rated: bool = True
    """False for a game abandoned by vote or aborted: it changes nobody's rating."""


class Ratings(BaseModel):
    """Every player's rating, per (server, game)."""

    table: dict[str, dict[str, Rating]] = Field(default_factory=dict)
    """``"<server>:<game>"`` -> player -> rating."""

    @staticmethod
    def pool(server_id: int, game_id: str) -> str:
        return f"{server_id}:{game_id}"

    def of(self, server_id: int, game_id: str, player: str) -> Rating:
        return self.table.get(self.pool(server_id, game_id), {}).get(player, Rating())

    def record(self, result: RatedResult) -> dict[str, tuple[Rating, Rating]]:
        """Apply one result; returns each rated player's (before, after)."""
        groups = [list(group) for group in result.ranking if group]
        if not result.rated or sum(len(g) for g in groups) < 2:
            return {}
        pool = self.table.setdefault(self.pool(result.server_id, result.game_id), {})
        before = {p: pool.get(p, Rating()) for g in groups for p in g}
        after = update(groups, before)
        pool.update(after)
        return {p: (before[p], after[p]) for p in before}

    def leaderboard(self, server_id: int, game_id: str) -> list[tuple[str, Rating]]:
        """Players by shown rating, best first (ties by more games, then name)."""
        pool = self.table.get(self.pool(server_id, game_id), {})
        return sorted(pool.items(), key=lambda item: (-item[1].shown, -item[1].games, item[0]))


@lru_cache(maxsize=1)
def _model() -> PlackettLuce:
    return PlackettLuce()


def update(groups: Sequence[Sequence[str]], before: dict[str, Rating]) -> dict[str, Rating]:
    """New ratings after one game whose finishing order is ``groups`` (tied players share a group)."""
    model = _model()
    players = [p for g in groups for p in g]
    teams = [[model.create_rating([before[p].mu, before[p].sigma], name=p)] for p in players]
    ranks = [float(place) for place, g in enumerate(groups, start=1) for _ in g]
    rated = model.rate(teams, ranks=ranks)
    return {
        p: Rating(mu=team[0].mu, sigma=team[0].sigma, games=before[p].games + 1)
        for p, team in zip(players, rated, strict=True)
    }


def rebuild(results: Iterable[RatedResult]) -> Ratings:
    """The ratings from the results alone, in the order they were recorded."""
    ratings = Ratings()
    for result in results:
        ratings.record(result)
    return ratings


def result_of(
    game_id: str,
    server_id: int,
    ranking: Sequence[Sequence[str]],
    players: dict[str, str | None],
    rated: bool = True,
) -> RatedResult:
    """A :class:`RatedResult` from an ``Outcome.ranking`` of seats; ``players`` maps each seat to its player
    (None for an agent seat, which is left out; the groups that empty out go too)."""
    groups = tuple(tuple(player for seat in group if (player := players.get(seat))) for group in ranking)
    return RatedResult(
        game_id=game_id, server_id=server_id, ranking=tuple(g for g in groups if g), rated=rated
    )


__all__ = ["PROVISIONAL_GAMES", "RatedResult", "Rating", "Ratings", "rebuild", "result_of", "update"]
