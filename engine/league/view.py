"""What the league pictures show: the standings table and a player's rating history (typed views that
renderers/league.py draws)."""

from __future__ import annotations

from pydantic import BaseModel, Field

from ..core import registry
from .league import League
from .ratings import Ratings
from .standings import standings


class StandingRow(BaseModel):
    place: int
    player: str
    points: float
    played: int
    wins: float
    rating: float
    provisional: bool
    trend: int = 0
    """+1 up, -1 down, 0 the same (or new) since the standings before the last round."""


class StandingsView(BaseModel):
    title: str
    subtitle: str
    rows: list[StandingRow] = Field(default_factory=list)


class RatingHistoryView(BaseModel):
    player: str
    game: str
    shown: list[float] = Field(default_factory=list)
    """The rating shown after each rated game, oldest first."""


def standings_view(league: League, ratings: Ratings, names: dict[str, str] | None = None) -> StandingsView:
    """The current season's standings; ``names`` turns player ids into display names."""
    shown = {p: ratings.of(league.server_id, league.game_id, p) for p in league.players}
    rows_now = league.standings({p: r.shown for p, r in shown.items()})
    rounds = league.season.rounds
    earlier = [t.result for r in rounds[:-1] for t in r.tables if t.result is not None]
    before = (
        {ln.player: i for i, ln in enumerate(standings(earlier, league.points))} if len(rounds) > 1 else {}
    )
    rows = []
    for index, line in enumerate(rows_now):
        was = before.get(line.player)
        trend = 0 if was is None or was == index else (1 if was > index else -1)
        rating = shown.get(line.player) or ratings.of(league.server_id, league.game_id, line.player)
        rows.append(
            StandingRow(
                place=index + 1,
                player=(names or {}).get(line.player, line.player),
                points=line.points,
                played=line.played,
                wins=line.wins,
                rating=rating.shown,
                provisional=rating.provisional,
                trend=trend,
            )
        )
    subtitle = f"{game_title(league.game_id)} · season {league.season.number} · after round {len(rounds)}"
    return StandingsView(title=league.name, subtitle=subtitle, rows=rows)


def game_title(game_id: str) -> str:
    """The game's title as players know it (its id for a game this build does not play)."""
    game = registry.games().get(game_id)
    return game.meta.title if game is not None else game_id


def last_ended(league: League) -> int | None:
    """The number of the season that ended last, while the season after it has played no round: what
    ``/league standings`` shows by default then (the new season has nothing to show yet)."""
    if league.season.rounds:
        return None
    ended = [s.number for s in league.seasons if s.final is not None]
    return ended[-1] if ended else None


def archived_view(league: League, number: int) -> StandingsView | None:
    """The final standings of an ended season, as they were archived (None: no such ended season)."""
    season = next((s for s in league.seasons if s.number == number and s.final is not None), None)
    if season is None or season.final is None:
        return None
    rows = [
        StandingRow(
            place=index + 1,
            player=league.names.get(line.player, line.player),
            points=line.points,
            played=line.played,
            wins=line.wins,
            rating=line.rating,
            provisional=False,
        )
        for index, line in enumerate(season.final)
    ]
    rounds = len(season.rounds)
    subtitle = (
        f"{game_title(league.game_id)} · season {number}, final standings after "
        f"{rounds} round{'' if rounds == 1 else 's'}"
    )
    return StandingsView(title=league.name, subtitle=subtitle, rows=rows)


__all__ = [
    "RatingHistoryView",
    "StandingRow",
    "StandingsView",
    "archived_view",
    "game_title",
    "last_ended",
    "standings_view",
]
