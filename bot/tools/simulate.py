"""``arbiter simulate``: agent-only games with a progress bar and the figures balance work needs."""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
import traceback
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import engine
from engine.core.agents import Agent, SeatView, UnknownAgent, make_agent
from engine.core.game import Game
from engine.core.intent import Intent
from engine.core.playout import play_out
from engine.core.search import SearchAgent


def wilson(wins: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval (95 % by default) of a win rate of ``wins`` in ``games``."""
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    centre = p + z * z / (2 * games)
    half = z * ((p * (1 - p) + z * z / (4 * games)) / games) ** 0.5
    scale = 1 + z * z / games
    return max(0.0, (centre - half) / scale), min(1.0, (centre + half) / scale)


class Timed:
    """An agent whose every decision is timed (how long the search agent thinks)."""

    def __init__(self, inner: Agent, times: list[float]) -> None:
        self.inner, self.times = inner, times
        self.takes_standing = getattr(inner, "takes_standing", False)

    def choose(self, game: Game[Any], view: SeatView, seat: str, legal: list[Intent]) -> Intent:
        started = time.perf_counter()
        try:
            return self.inner.choose(game, view, seat, legal)
        finally:
            if len(legal) > 1:
                self.times.append(time.perf_counter() - started)


def spread_f(values: list[float]) -> dict[str, float] | None:
    if not values:
        return None
    ordered = sorted(values)
    return {
        "decisions": len(values),
        "mean": round(statistics.fmean(values), 3),
        "p90": round(ordered[int(0.9 * (len(ordered) - 1))], 3),
        "max": round(ordered[-1], 3),
    }


@dataclass
class Figures:
    games: int = 0
    steps: list[int] = field(default_factory=list)
    rounds: list[int] = field(default_factory=list)
    wins: Counter[str] = field(default_factory=Counter)
    reasons: Counter[str] = field(default_factory=Counter)
    draws: int = 0
    no_winner: int = 0
    failures: list[tuple[int, str]] = field(default_factory=list)
    seconds: float = 0.0
    kind_games: Counter[str] = field(default_factory=Counter)
    """Seat-games played by each agent level."""
    kind_wins: Counter[str] = field(default_factory=Counter)
    think: list[float] = field(default_factory=list)
    """Seconds of every search decision with a real choice."""

    def rates(self) -> dict[str, dict[str, Any]]:
        """Each level's win rate per seat it played, with its 95 % Wilson interval."""
        out: dict[str, dict[str, Any]] = {}
        for kind, games in sorted(self.kind_games.items()):
            low, high = wilson(self.kind_wins[kind], games)
            out[kind] = {
                "wins": self.kind_wins[kind],
                "seat_games": games,
                "rate": round(self.kind_wins[kind] / games, 3),
                "ci95": [round(low, 3), round(high, 3)],
            }
        return out

    def as_dict(self) -> dict[str, Any]:
        def spread(values: list[int]) -> dict[str, float] | None:
            if not values:
                return None
            ordered = sorted(values)
            return {
                "mean": round(statistics.fmean(values), 2),
                "median": statistics.median(values),
                "min": ordered[0],
                "max": ordered[-1],
                "p90": ordered[int(0.9 * (len(ordered) - 1))],
            }

        return {
            "games": self.games,
            "intents": sum(self.steps),
            "seconds": round(self.seconds, 3),
            "intents_per_second": round(sum(self.steps) / self.seconds, 1) if self.seconds else None,
            "length_in_intents": spread(self.steps),
            "length_in_rounds": spread(self.rounds),
            "wins_by_seat": dict(sorted(self.wins.items())),
            "draws": self.draws,
            "no_winner": self.no_winner,
            "end_reasons": dict(self.reasons.most_common()),
            "failures": [{"seed": s, "error": e} for s, e in self.failures],
            "win_rates": self.rates(),
            "search_seconds": spread_f(self.think),
        }


def _round_of(view: dict[str, Any]) -> int | None:
    for key in ("round", "rounds", "round_number"):
        value = view.get(key)
        if isinstance(value, int):
            return value
    return None


def simulate(
    game_id: str,
    games: int,
    seats: int | None = None,
    seed: int = 1,
    agent: str = "random",
    options: dict[str, Any] | None = None,
    progress: bool = True,
    think: float | None = None,
    iterations: int | None = None,
    rotate: bool = False,
) -> Figures:
    """``games`` agent-only games; ``think`` / ``iterations``: the search agents' budget per decision;
    ``rotate``: game n seats the agent list turned by n places, so every level plays every seat."""
    game = engine.get(game_id)
    listed = agent.split(",")
    count = seats or (len(listed) if len(listed) > 1 else game.meta.min_seats)
    names = [f"p{i + 1}" for i in range(count)]
    kinds = listed if len(listed) > 1 else listed * count
    if len(kinds) != count:
        raise SystemExit(f"--agent lists {len(kinds)} kinds for {count} seats")
    for kind in set(kinds):
        make_agent(game, kind)  # an unknown name stops here, before any game
    figures = Figures()
    started = time.perf_counter()
    for n in range(games):
        game_seed = seed + n
        order = kinds[n % count :] + kinds[: n % count] if rotate else kinds
        try:
            state = game.setup(names, game_seed, options or {})
            agents = {
                s: _agent(game, order[i], game_seed * 31 + i, think, iterations, figures.think)
                for i, s in enumerate(names)
            }
            result = play_out(game, state, agents)
        except Exception as exc:  # a failure is a finding: report it with its seed, go on
            figures.failures.append((game_seed, f"{type(exc).__name__}: {exc}"))
            if len(figures.failures) == 1:
                traceback.print_exc(file=sys.stderr)
            continue
        outcome = game.outcome(result.state)
        figures.games += 1
        figures.steps.append(result.steps)
        rounds = _round_of(game.view(result.state, None))
        if rounds is not None:
            figures.rounds.append(rounds)
        if outcome is not None:
            figures.reasons[outcome.reason] += 1
            if outcome.draw:
                figures.draws += 1
            elif not outcome.winners:
                figures.no_winner += 1
            for winner in [] if outcome.draw else outcome.winners:  # the seats tied in a draw are no wins
                figures.wins[f"{winner} ({order[names.index(winner)]})" if winner in names else winner] += 1
                if winner in names:
                    figures.kind_wins[order[names.index(winner)]] += 1
        figures.kind_games.update(order)
        if progress:
            _bar(n + 1, games)
    figures.seconds = time.perf_counter() - started
    if progress:
        print(file=sys.stderr)
    return figures


def _agent(
    game: Any, kind: str, seed: int, think: float | None, iterations: int | None, times: list[float]
) -> Agent:
    made = make_agent(game, kind, seed)
    if isinstance(made, SearchAgent):
        return Timed(made.budgeted(iterations, think), times)
    return made


def _bar(done: int, total: int, width: int = 30) -> None:
    if done != total and done % max(1, total // 100):
        return
    filled = int(width * done / total)
    print(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total}", end="", file=sys.stderr, flush=True)


def run(args: argparse.Namespace, options: dict[str, Any]) -> int:
    try:
        figures = simulate(
            args.game,
            args.games,
            args.seats,
            args.seed,
            args.agent,
            options,
            progress=sys.stderr.isatty(),
            think=args.think,
            iterations=args.iterations,
            rotate=args.rotate,
        )
    except (engine.RuleError, UnknownAgent) as exc:
        print(str(exc), file=sys.stderr)
        return 2
    data = figures.as_dict()
    if args.json:
        print(json.dumps(data, indent=2))
    else:
        print(
            f"{args.game}: {data['games']} games, {data['intents']} intents in {data['seconds']} s "
            f"({data['intents_per_second']} intents/s)"
        )
        for label, key in (
            ("length (intents)", "length_in_intents"),
            ("length (rounds)", "length_in_rounds"),
        ):
            if data[key]:
                print(f"  {label}: " + ", ".join(f"{k} {v}" for k, v in data[key].items()))
        print(
            "  wins by seat: " + (", ".join(f"{k}: {v}" for k, v in data["wins_by_seat"].items()) or "none")
        )
        print(f"  draws: {data['draws']}, games nobody won: {data['no_winner']}")
        for kind, rate in data["win_rates"].items():
            low, high = rate["ci95"]
            print(
                f"  win rate of {kind}: {rate['wins']}/{rate['seat_games']} = {100 * rate['rate']:.1f} % "
                f"(95 % CI {100 * low:.1f}-{100 * high:.1f} %)"
            )
        if data["search_seconds"]:
            print(
                "  search seconds per decision: "
                + ", ".join(f"{k} {v}" for k, v in data["search_seconds"].items())
            )
        for reason, n in list(data["end_reasons"].items())[:8]:
            print(f"  ended '{reason}': {n}")
        for failure in data["failures"]:
            print(f"  FAILED seed {failure['seed']}: {failure['error']}")
    return 1 if figures.failures else 0
