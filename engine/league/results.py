"""A finished (or abandoned) table game as leagues, ratings and reliability read it, and how it is settled.

:func:`game_result` turns what the table keeps about an ended game (its record, the game's ``Outcome``,
the seats that resigned, the intent log) into a :class:`GameResult` of players (user ids, not seats):

- the finishing order is the ``Outcome``'s ranking (ties as ties); a game drawn by a vote of the players
  is one tied group; a game abandoned by vote or cancelled is unrated;
- seats only an agent played are left out (agents are never rated); a seat an agent took over for missed
  deadlines, or while its player was on vacation, is still its player's result;
- a player who resigned is placed last (the first to resign lowest) and counts as a forfeit in a league;
- a member removed by the host (``kick``) is not in the result at all: a moderation act is no result;
- a game cancelled in its lobby has a result with nobody in it (so it is known to be recorded);
- reliability: every intent a player made is a deadline met (timed from the change before it), every
  deadline that ran out on them is a deadline missed; the game counts as finished for those seated at the
  end of a finished game and as abandoned for those who resigned.

:func:`settle` is the one place a result changes ratings and reliability: every store calls it inside the
transaction that saves the result, so a result is applied exactly once (the game id is the key).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from pydantic import BaseModel, Field

from ..core.model import Outcome
from ..records import GameRecord, LoggedIntent
from .ratings import RatedResult, Rating, update
from .reliability import Reliability
from .standings import TableResult


class PlayerLine(BaseModel):
    """One player of an ended game: where they finished and how they kept its deadlines."""

    user: str
    name: str = ""
    seat: str = ""
    place: int | None = None
    """1 for first (tied players share it); None in an unrated game."""
    forfeit: bool = False
    """Resigned (or the last one to leave an abandoned game)."""
    met: int = 0
    missed: int = 0
    timed_moves: int = 0
    move_seconds: float = 0.0


class GameResult(BaseModel):
    game_id: str
    server_id: int
    game: str
    rated: bool
    finished: bool = True
    """False for a game abandoned by vote or cancelled (which is never rated either)."""
    reason: str = ""
    finished_at: float = 0.0
    ranking: tuple[tuple[str, ...], ...] = ()
    """Groups of tied user ids, first place first (forfeits last)."""
    forfeits: tuple[str, ...] = ()
    players: list[PlayerLine] = Field(default_factory=list)
    place: dict[str, str] = Field(default_factory=dict)
    """Where the game was shown (guild, channel, thread): the link in ``/history``."""
    league_id: str | None = None
    before: dict[str, Rating] = Field(default_factory=dict)
    after: dict[str, Rating] = Field(default_factory=dict)
    """Each rated player's rating before and after this game (filled in by :func:`settle`)."""

    @property
    def pool(self) -> tuple[int, str]:
        return self.server_id, self.game

    def rated_result(self) -> RatedResult:
        return RatedResult(
            game_id=self.game, server_id=self.server_id, ranking=self.ranking, rated=self.rated
        )

    def table_result(self) -> TableResult:
        return TableResult(ranking=self.ranking, forfeits=self.forfeits)

    def line_of(self, user: str) -> PlayerLine | None:
        return next((p for p in self.players if p.user == user), None)


def server_of(record: GameRecord) -> int:
    """The Discord server a game was played on (0 for a game outside any server, e.g. the terminal)."""
    guild = record.place.get("guild", "")
    return int(guild) if guild.isdigit() else 0


def game_result(
    record: GameRecord, outcome: Outcome | None, left: Mapping[str, str], intents: Sequence[LoggedIntent]
) -> GameResult:
    """The result of an ended game; ``left``: seat -> the user who resigned it, in the order they did."""
    if any(not seat.seat for seat in record.seats):  # cancelled in its lobby: it never started
        return GameResult(
            game_id=record.id,
            server_id=server_of(record),
            game=record.game,
            rated=False,
            finished=False,
            reason=record.reason or "cancelled before it started",
            finished_at=record.updated_at,
        )
    rated = record.status == "finished"
    players = _players(record, left)
    seats = [s.seat for s in record.seats]
    if outcome is not None and outcome.ranking:
        groups = [list(g) for g in outcome.ranking]
        ranked = {s for g in groups for s in g}
        if rest := [s for s in seats if s not in ranked]:
            groups.append(rest)
    else:
        groups = [seats]  # a draw by vote (no outcome), or an unrated game
    leavers = [seat for seat in reversed(list(left)) if seat in players]
    ranking = [tuple(players[s] for s in g if s in players and s not in leavers) for g in groups]
    ranking += [(players[s],) for s in leavers]
    ranking = [g for g in ranking if g]
    lines = _reliability_lines(record, players, intents, set(leavers))
    places: dict[str, int] = {}
    place = 1
    for group in ranking:
        places.update({u: place for u in group})
        place += len(group)
    for line in lines:
        line.place = places.get(line.user) if rated else None
    return GameResult(
        game_id=record.id,
        server_id=server_of(record),
        game=record.game,
        rated=rated and len(players) >= 2,
        finished=rated,
        reason=record.reason,
        finished_at=record.updated_at,
        ranking=tuple(ranking),
        forfeits=tuple(players[s] for s in leavers),
        players=lines,
        place={k: v for k, v in record.place.items() if k in ("guild", "channel", "thread")},
        league_id=record.place.get("league") or None,
    )


def _players(record: GameRecord, left: Mapping[str, str]) -> dict[str, str]:
    """Seat -> the person whose result it is (seats only agents played are left out)."""
    out: dict[str, str] = {}
    for seat in record.seats:
        if seat.user is not None:
            out[seat.seat] = seat.user
        elif seat.seat in left:
            out[seat.seat] = left[seat.seat]
    return out


def _reliability_lines(
    record: GameRecord, players: dict[str, str], intents: Sequence[LoggedIntent], leavers: set[str]
) -> list[PlayerLine]:
    lines = {
        seat: PlayerLine(user=user, seat=seat, name=_name(record, seat), forfeit=seat in leavers)
        for seat, user in players.items()
    }
    missed: dict[str, set[int]] = {}
    previous: float | None = None
    for logged in intents:
        line = lines.get(logged.seat)
        if line is not None and logged.by == line.user:
            line.met += 1
            if previous is not None:
                line.timed_moves += 1
                line.move_seconds += max(0.0, logged.at - previous)
        elif line is not None and logged.by == "deadline":
            missed.setdefault(logged.seat, set()).add(logged.version)
        previous = logged.at
    for seat, versions in missed.items():
        lines[seat].missed = len(versions)
    return list(lines.values())


def running_line(record: GameRecord, user: str, intents: Sequence[LoggedIntent]) -> PlayerLine | None:
    """How ``user`` has kept the deadlines of a game still running, counted as a result counts them (None
    when they do not play it): a member's reliability shows misses as they happen."""
    players = {s.seat: s.user for s in record.seats if s.user == user}
    if not players:
        return None
    return next(iter(_reliability_lines(record, players, intents, set())), None)


def _name(record: GameRecord, seat: str) -> str:
    found = record.seat_named(seat)
    name = found.name if found else seat
    return name.removeprefix("Agent (was ").removesuffix(")") if name.startswith("Agent (was ") else name


def settle(
    result: GameResult, ratings: Mapping[str, Rating], reliability: Mapping[str, Reliability]
) -> tuple[GameResult, dict[str, Rating], dict[str, Reliability]]:
    """The result with its rating changes, each rated player's new rating and each player's new
    reliability, from their values before (missing players start afresh)."""
    groups = [list(g) for g in result.ranking if g]
    new_ratings: dict[str, Rating] = {}
    before: dict[str, Rating] = {}
    if result.rated and sum(len(g) for g in groups) >= 2:
        before = {p: ratings.get(p, Rating()) for g in groups for p in g}
        new_ratings = update(groups, before)
    new_reliability: dict[str, Reliability] = {}
    for line in result.players:
        record = reliability.get(line.user, Reliability()).model_copy()
        record.met += line.met
        record.missed += line.missed
        record.moves += line.timed_moves
        record.move_seconds += line.move_seconds
        if line.forfeit:
            record.ended(abandoned=True)
        elif result.finished:
            record.ended()
        new_reliability[line.user] = record
    settled = result.model_copy(update={"before": before, "after": new_ratings})
    return settled, new_ratings, new_reliability


__all__ = ["GameResult", "PlayerLine", "game_result", "server_of", "settle"]
