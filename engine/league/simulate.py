"""A simulated league season with agent players of known strength: how well the ratings find them.

Each player is a :class:`~engine.core.agents.NoisyAgent` around the game's heuristic agent; its noise
(the share of random moves) is its hidden strength. Every league plays its rounds with the real
scheduler, standings and ratings; the games are played by the engine directly (seeded, so a season is
repeatable).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import engine
from engine.core.agents import NoisyAgent, make_agent
from engine.core.playout import play_out

from .league import League
from .ratings import Ratings, result_of
from .standings import TableResult

SERVER = 1


@dataclass
class SeasonReport:
    ratings: Ratings
    leagues: list[League]
    games: int

    def correlation(self, game_id: str, noise: Mapping[str, float]) -> float:
        """Spearman's rank correlation between the shown rating and the true strength (less noise)."""
        players = sorted(noise)
        shown = [self.ratings.of(SERVER, game_id, p).shown for p in players]
        strength = [-noise[p] for p in players]
        return spearman(shown, strength)


def spearman(xs: Sequence[float], ys: Sequence[float]) -> float:
    def ranks(values: Sequence[float]) -> list[float]:
        order = sorted(range(len(values)), key=lambda i: values[i])
        out = [0.0] * len(values)
        i = 0
        while i < len(order):
            j = i
            while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
                j += 1
            for k in range(i, j + 1):
                out[order[k]] = (i + j) / 2
            i = j + 1
        return out

    rx, ry = ranks(xs), ranks(ys)
    mx, my = sum(rx) / len(rx), sum(ry) / len(ry)
    cov = sum((a - mx) * (b - my) for a, b in zip(rx, ry, strict=True))
    vx, vy = sum((a - mx) ** 2 for a in rx), sum((b - my) ** 2 for b in ry)
    return cov / (vx * vy) ** 0.5 if vx and vy else 0.0


def play_table(game_id: str, players: Sequence[str], noise: Mapping[str, float], seed: int) -> TableResult:
    game = engine.get(game_id)
    seats = [f"p{i + 1}" for i in range(len(players))]
    agents = {
        s: NoisyAgent(make_agent(game, "heuristic", seed + i), noise[p], seed * 31 + i)
        for i, (s, p) in enumerate(zip(seats, players, strict=True))
    }
    outcome = play_out(game, game.setup(seats, seed), agents).state.result
    by_seat = dict(zip(seats, players, strict=True))
    return TableResult(ranking=tuple(tuple(by_seat[s] for s in group) for group in outcome.ranking))


def season(
    noise: Mapping[str, float], leagues: Sequence[tuple[str, int]], rounds: int, seed: int
) -> SeasonReport:
    """Play ``rounds`` rounds of each league (game id, seats per table) with every player signed up."""
    ratings, played = Ratings(), 0
    made = []
    for index, (game_id, seats) in enumerate(leagues):
        league = League(
            id=f"L{index + 1}",
            name=f"{game_id} league",
            server_id=SERVER,
            game_id=game_id,
            seats=seats,
            host="host",
            players=sorted(noise),
        )
        for number in range(1, rounds + 1):
            shown = {p: ratings.of(SERVER, game_id, p).shown for p in league.players}
            plan = league.schedule(shown, seed=seed * 1009 + number)
            for t, table in enumerate(plan.tables):
                result = play_table(game_id, table.players, noise, seed=seed * 7919 + number * 97 + t)
                league.record(number, t, result)
                ratings.record(result_of(game_id, SERVER, result.ranking, {p: p for p in table.players}))
                played += 1
        made.append(league)
    return SeasonReport(ratings=ratings, leagues=made, games=played)


__all__ = ["SeasonReport", "play_table", "season", "spearman"]
