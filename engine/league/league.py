"""A league: one game on one server, with its options and pace fixed, run in seasons of rounds.

Players sign up (while sign-ups are open, if they meet the league's reliability requirement and are under
their cap of running games); the league schedules each round itself (:mod:`.schedule`), records each
table's result and keeps standings (:mod:`.standings`); ending a season archives its final standings and
opens the next. A host's rights and the Discord side are the adapter's; every refusal here is a sentence
for the player.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import BaseModel, Field

from ..core.errors import RuleError
from .reliability import Reliability
from .schedule import met_pairs, schedule_round
from .standings import Line, TableResult, standings


class LeagueError(RuleError):
    """A league action that is not possible, with the reason a player reads (a :class:`RuleError`, so the
    front end shows it as any other refusal)."""


class LeagueTable(BaseModel):
    players: tuple[str, ...]
    record_id: str | None = None
    """The table game's id once it is opened."""
    result: TableResult | None = None
    opening: str | None = None
    """The claim of the process opening this table's game (several bot processes may try at once)."""
    opening_at: float = 0.0
    """When it was claimed: a claim older than the front end's limit is taken over (its process died)."""


class LeagueRound(BaseModel):
    number: int
    tables: list[LeagueTable]
    byes: list[str] = Field(default_factory=list)

    @property
    def done(self) -> bool:
        return all(t.result is not None for t in self.tables)


class Season(BaseModel):
    number: int
    rounds: list[LeagueRound] = Field(default_factory=list)
    final: list[Line] | None = None
    """The standings as they stood when the season ended."""


class Requirement(BaseModel):
    on_time: float = 0.0
    finished: int = 0


class League(BaseModel):
    id: str
    name: str
    server_id: int
    game_id: str
    seats: int
    options: dict[str, Any] = Field(default_factory=dict)
    pace: str = "standard"
    host: str
    points: list[float] | None = None
    requirement: Requirement = Field(default_factory=Requirement)
    signups_open: bool = True
    players: list[str] = Field(default_factory=list)
    seasons: list[Season] = Field(default_factory=lambda: [Season(number=1)])
    names: dict[str, str] = Field(default_factory=dict)
    """Player id -> the display name they signed up with (for the standings)."""
    channel: str = ""
    """Where the league's games open, each in its own thread (a Discord channel id)."""
    rounds_per_season: int = 0
    """The season ends by itself after this many rounds (0: when the host ends it)."""

    @property
    def season(self) -> Season:
        return self.seasons[-1]

    def join(self, player: str, reliability: Reliability, running_games: int, cap: int | None = None) -> None:
        """Sign ``player`` up; ``cap``: the server's fixed cap on running games (None: the growth rule of
        :meth:`Reliability.game_cap`)."""
        if player in self.players:
            raise LeagueError(f"You are already in {self.name}.")
        if not self.signups_open:
            raise LeagueError(f"Sign-ups for {self.name} are closed.")
        reason = reliability.meets(self.requirement.on_time, self.requirement.finished)
        if reason:
            raise LeagueError(reason)
        cap = reliability.game_cap() if cap is None else cap
        if running_games >= cap:
            raise LeagueError(
                f"You have {running_games} games running, your limit for now ({cap}); finish some first."
            )
        self.players.append(player)

    def leave(self, player: str) -> None:
        if player not in self.players:
            raise LeagueError(f"You are not in {self.name}.")
        self.players.remove(player)

    def schedule(self, ratings: Mapping[str, float], seed: int) -> LeagueRound:
        """The season's next round: refused while a table of the last one is still playing."""
        rounds = self.season.rounds
        if rounds and not rounds[-1].done:
            left = sum(t.result is None for t in rounds[-1].tables)
            raise LeagueError(f"Round {rounds[-1].number} still has {left} table(s) playing.")
        if len(self.players) < self.seats:
            raise LeagueError(
                f"{self.name} needs {self.seats} players for a table; {len(self.players)} signed up."
            )
        met = met_pairs([t.players for r in rounds for t in r.tables])
        byes: dict[str, int] = {}
        for r in rounds:
            for p in r.byes:
                byes[p] = byes.get(p, 0) + 1
        plan = schedule_round(self.players, self.seats, ratings, met, byes, seed)
        new = LeagueRound(
            number=len(rounds) + 1, tables=[LeagueTable(players=t) for t in plan.tables], byes=list(plan.byes)
        )
        rounds.append(new)
        return new

    def record(self, round_number: int, table: int, result: TableResult) -> None:
        try:
            entry = self.season.rounds[round_number - 1].tables[table]
        except IndexError:
            raise LeagueError(f"There is no table {table + 1} in round {round_number}.") from None
        ranked = {p for group in result.ranking for p in group} | set(result.forfeits)
        if ranked != set(entry.players):
            raise LeagueError("That result does not rank exactly the table's players.")
        entry.result = result

    def table_of(self, game_id: str) -> tuple[LeagueRound, int] | None:
        """The round and table index of the season's table played as ``game_id``."""
        for round_ in self.season.rounds:
            for index, table in enumerate(round_.tables):
                if table.record_id == game_id:
                    return round_, index
        return None

    def record_game(self, game_id: str, result: TableResult | None) -> LeagueRound | None:
        """Record the result of the table played as ``game_id``; ``None`` for a game abandoned by vote or
        cancelled (every player of the table forfeits it). Returns the table's round, or None when
        ``game_id`` is no table of this season or its result is already in (nothing changes).

        Only the table's own players count: one who is not in the result (removed by the host) forfeits,
        and anyone else in it (a member who took over a seat) is left out."""
        found = self.table_of(game_id)
        if found is None or found[0].tables[found[1]].result is not None:
            return None
        round_, index = found
        players = set(round_.tables[index].players)
        if result is None:
            result = TableResult(ranking=(), forfeits=tuple(round_.tables[index].players))
        groups = tuple(g for g in (tuple(p for p in group if p in players) for group in result.ranking) if g)
        forfeits = tuple(p for p in result.forfeits if p in players)
        missing = tuple(
            p for p in round_.tables[index].players if p not in {*forfeits, *(p for g in groups for p in g)}
        )
        self.record(round_.number, index, TableResult(ranking=groups, forfeits=forfeits + missing))
        return round_

    @property
    def season_over(self) -> bool:
        """The season played all its rounds (when it has a set number)."""
        rounds = self.season.rounds
        return bool(self.rounds_per_season and len(rounds) >= self.rounds_per_season and rounds[-1].done)

    def standings(self, ratings: Mapping[str, float] | None = None) -> list[Line]:
        results = [t.result for r in self.season.rounds for t in r.tables if t.result is not None]
        return standings(results, self.points, ratings)

    def end_season(self, ratings: Mapping[str, float] | None = None) -> Season:
        """Archive this season's standings and open the next; returns the ended season."""
        ended = self.season
        ended.final = self.standings(ratings)
        self.seasons.append(Season(number=ended.number + 1))
        return ended


__all__ = ["League", "LeagueError", "LeagueRound", "LeagueTable", "Requirement", "Season"]
