"""Points per placing and a league's standings.

A table's finishing order is groups of tied players, first place first. By default a table of n players
gives place k (1 = first) ``n - k`` points; a league may set its own points per place instead. Tied
players share the mean of the points of the places they span. A forfeit (a player who abandoned the
game) scores nothing and counts as a last place.

Standings order players by points, then wins (first places, shared ones included), then the lower mean
place, then the rating shown, then name.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from pydantic import BaseModel, ConfigDict, Field


class TableResult(BaseModel):
    """One finished league table: the finishing order and who forfeited."""

    model_config = ConfigDict(frozen=True)

    ranking: tuple[tuple[str, ...], ...]
    forfeits: tuple[str, ...] = ()


class Line(BaseModel):
    """One player's line in the standings."""

    player: str
    points: float = 0.0
    played: int = 0
    wins: float = 0.0
    places: list[int] = Field(default_factory=list)
    forfeits: int = 0
    rating: float = 0.0

    @property
    def mean_place(self) -> float:
        return sum(self.places) / len(self.places) if self.places else 0.0


def points_for(result: TableResult, by_place: Sequence[float] | None = None) -> dict[str, float]:
    """Each player's points from one table."""
    playing = [p for group in result.ranking for p in group if p not in result.forfeits]
    size = len(playing) + len(result.forfeits)
    scale = list(by_place) if by_place is not None else [float(size - k) for k in range(1, size + 1)]
    scale += [0.0] * max(0, size - len(scale))
    points: dict[str, float] = {p: 0.0 for p in result.forfeits}
    place = 0
    for group in result.ranking:
        group = tuple(p for p in group if p not in result.forfeits)
        if not group:
            continue
        share = sum(scale[place : place + len(group)]) / len(group)
        points.update({p: share for p in group})
        place += len(group)
    return points


def places_of(result: TableResult) -> dict[str, int]:
    """Each player's place at the table (tied players share the better one; forfeits are last)."""
    places: dict[str, int] = {}
    place = 1
    for group in result.ranking:
        group = tuple(p for p in group if p not in result.forfeits)
        places.update({p: place for p in group})
        place += len(group)
    places.update({p: place for p in result.forfeits})
    return places


def standings(
    results: Iterable[TableResult],
    by_place: Sequence[float] | None = None,
    ratings: Mapping[str, float] | None = None,
) -> list[Line]:
    """The league's standings from its table results, best first."""
    lines: dict[str, Line] = {}
    for result in results:
        points, places = points_for(result, by_place), places_of(result)
        first = [p for p, place in places.items() if place == 1 and p not in result.forfeits]
        for player, place in places.items():
            line = lines.setdefault(player, Line(player=player))
            line.points += points[player]
            line.played += 1
            line.places.append(place)
            line.wins += 1 / len(first) if player in first else 0
            line.forfeits += player in result.forfeits
    for line in lines.values():
        line.rating = (ratings or {}).get(line.player, 0.0)
    return sorted(lines.values(), key=lambda ln: (-ln.points, -ln.wins, ln.mean_place, -ln.rating, ln.player))


__all__ = ["Line", "TableResult", "places_of", "points_for", "standings"]
