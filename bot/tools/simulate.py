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
from engine.core.agents import Agent, make_agent
from engine.core.playout import play_out


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
) -> Figures:
    game = engine.get(game_id)
    count = seats or game.meta.min_seats
    names = [f"p{i + 1}" for i in range(count)]
    kinds = agent.split(",") if "," in agent else [agent] * count
    if len(kinds) != count:
        raise SystemExit(f"--agent lists {len(kinds)} kinds for {count} seats")
    figures = Figures()
    started = time.perf_counter()
    for n in range(games):
        game_seed = seed + n
        try:
            state = game.setup(names, game_seed, options or {})
            agents: dict[str, Agent] = {
                s: make_agent(game, kinds[i], game_seed * 31 + i) for i, s in enumerate(names)
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
                figures.wins[f"{winner} ({kinds[names.index(winner)]})" if winner in names else winner] += 1
        if progress:
            _bar(n + 1, games)
    figures.seconds = time.perf_counter() - started
    if progress:
        print(file=sys.stderr)
    return figures


def _bar(done: int, total: int, width: int = 30) -> None:
    if done != total and done % max(1, total // 100):
        return
    filled = int(width * done / total)
    print(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total}", end="", file=sys.stderr, flush=True)


def run(args: argparse.Namespace, options: dict[str, Any]) -> int:
    try:
        figures = simulate(
            args.game, args.games, args.seats, args.seed, args.agent, options, progress=sys.stderr.isatty()
        )
    except engine.RuleError as exc:
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
        for reason, n in list(data["end_reasons"].items())[:8]:
            print(f"  ended '{reason}': {n}")
        for failure in data["failures"]:
            print(f"  FAILED seed {failure['seed']}: {failure['error']}")
    return 1 if figures.failures else 0
