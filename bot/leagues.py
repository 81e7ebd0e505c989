"""The league service: leagues stored, signed up to, scheduled and ended, and their games followed to the end.

Rules about leagues are the engine's (:mod:`engine.league`); this module keeps them in the league store
(:mod:`engine.league.store`) and runs them: a league change is a load, a change and a compare-and-swap
save (retried when another change came first). A front end (:class:`LeagueFront`, the Discord one lives
in ``cogs/league_front.py``) opens each table's game in its own thread and posts the league's news.

The league schedules itself: when a league game ends (the table's update, after its result was recorded),
its result goes into the league's round; when every table of the round has a result the next round is
scheduled and its games opened, or, after the season's last round, the season ends and its final
standings are archived and posted. After a restart :meth:`LeagueService.resume` catches up on both (a
result that ended while the bot was down, a table whose game was never opened).
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import secrets
import time
from collections.abc import Awaitable, Callable
from typing import Any, Protocol

from engine import pace as pacing
from engine.core import registry
from engine.core.errors import StaleVersion
from engine.league.league import League, LeagueError, LeagueRound, LeagueTable, Requirement, Season
from engine.league.ratings import Rating, Ratings
from engine.league.reliability import Reliability
from engine.league.results import GameResult, running_line
from engine.league.store import LeagueStore, name_key, rebuilt_ratings
from engine.league.view import StandingsView, standings_view
from engine.table import ACTIVE, ENDED, NotAllowed, Table, Update
from engine.table.locks import KeyedLocks

log = logging.getLogger(__name__)

SAVE_TRIES = 5
CLAIM_SECONDS = 600.0
"""How long a claim to open a table holds before another process may take it over."""
LEAGUE_NAME_MAX = 40


class LeagueFront(Protocol):
    async def open_table(self, league: League, round_: LeagueRound, index: int) -> str:
        """Open the game of a round's table (in its own thread); returns the game id."""
        ...

    async def announce(self, league: League, text: str, standings: StandingsView | None = None) -> None:
        """Post the league's news in its channel (with the standings picture when given)."""
        ...


def table_seed(league: League, round_: LeagueRound, index: int) -> int:
    """A table's game seed, from where it sits in the league (the same table is the same game)."""
    text = f"{league.id}:{league.season.number}:{round_.number}:{index}"
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big") & (2**62 - 1)


class LeagueService:
    def __init__(self, table: Table, store: LeagueStore, front: LeagueFront | None = None) -> None:
        self.table = table
        self.store = store
        self.front = front
        self._locks = KeyedLocks()
        self._tasks: set[asyncio.Task[None]] = set()

    # --- reading -----------------------------------------------------------------------------------------
    async def leagues(self, server: int) -> list[League]:
        return await self.store.leagues(server)

    async def league(self, league_id: str) -> League | None:
        """The league of this id, if there is one."""
        loaded = await self.store.league(league_id)
        return loaded[0] if loaded is not None else None

    async def find(self, server: int, name: str) -> League:
        """The server's league called ``name`` (any case); a refusal naming the leagues there is."""
        leagues = await self.store.leagues(server)
        for league in leagues:
            if name_key(league.name) == name_key(name):
                return league
        known = ", ".join(sorted(league.name for league in leagues)) or "none yet (/league create)"
        raise LeagueError(f"There is no league named {name!r} here. Leagues: {known}.")

    async def shown_ratings(self, league: League) -> dict[str, Rating]:
        return await self.store.ratings(league.server_id, league.game_id)

    async def ratings(self, server: int, game: str) -> dict[str, Rating]:
        """Every rating of ``game`` on ``server``, by player."""
        return await self.store.ratings(server, game)

    async def results(
        self, server: int, user: str | None = None, game: str | None = None, limit: int | None = None
    ) -> list[GameResult]:
        """The saved results on ``server`` (of ``user``, of ``game``), oldest first; the last ``limit``."""
        return await self.store.results(server_id=server, game=game, user=user, limit=limit)

    async def result(self, game_id: str) -> GameResult | None:
        """The saved result of an ended game, with each rated player's rating before and after it."""
        return await self.store.result(game_id)

    async def reliability(self, user: str) -> Reliability:
        """The member's reliability: the games whose results are saved, and the deadlines met and missed
        so far in the games they play now (counted as they happen; the result adds them for good)."""
        stored = await self.store.reliability(user)
        live = stored.model_copy()
        for record in await self.table.store.games(status=("running", "paused"), user=user):
            line = running_line(record, user, await self.table.kept_intents(record.id))
            if line is not None:
                live.met += line.met
                live.missed += line.missed
                live.moves += line.timed_moves
                live.move_seconds += line.move_seconds
        return live

    async def rebuild(self, server: int, game: str) -> tuple[int, int]:
        """Recompute ``game``'s ratings on ``server`` from the stored results alone: (ratings, changed)."""
        before = await self.store.ratings(server, game)
        after = await rebuilt_ratings(self.store, server, game)
        await self.store.set_ratings(server, game, after)
        return len(after), sum(1 for p in set(before) | set(after) if before.get(p) != after.get(p))

    async def standings(self, league: League) -> StandingsView:
        ratings = await self.store.ratings(league.server_id, league.game_id)
        return standings_view(league, pool_ratings(league, ratings), league.names)

    # --- changing a league -------------------------------------------------------------------------------
    async def _change(
        self, league_id: str, change: Callable[[League], Awaitable[Any] | Any]
    ) -> tuple[League, Any]:
        """Load, change and save the league (compare-and-swap, retried when another change came first)."""
        async with self._locks.hold(league_id):
            for _ in range(SAVE_TRIES):
                loaded = await self.store.league(league_id)
                if loaded is None:
                    raise LeagueError("That league no longer exists.")
                league, version = loaded
                outcome = change(league)
                if asyncio.iscoroutine(outcome):
                    outcome = await outcome
                try:
                    await self.store.save_league(league, version)
                except StaleVersion:
                    continue
                return league, outcome
        raise LeagueError("The league is busy; try again in a moment.")

    async def create(
        self,
        server: int,
        name: str,
        game: str,
        host: str,
        channel: str,
        seats: int | None = None,
        options: dict[str, Any] | None = None,
        pace: str = "standard",
        points: list[float] | None = None,
        requirement: Requirement | None = None,
        rounds: int = 0,
    ) -> League:
        name = " ".join(name.split())
        if not name or len(name) > LEAGUE_NAME_MAX:
            raise LeagueError(f"A league name is 1 to {LEAGUE_NAME_MAX} characters.")
        await registry.ready(game)
        engine_game = registry.get(game)
        meta = engine_game.meta
        wanted = seats if seats is not None else meta.max_seats
        if not meta.min_seats <= wanted <= meta.max_seats:
            raise LeagueError(
                f"{meta.title} is for {meta.min_seats} to {meta.max_seats} players, not {wanted}."
            )
        parsed = engine_game.parse_options(options).model_dump(mode="json")
        pacing.check_preset(pace)
        if points is not None and (not points or any(p < 0 for p in points)):
            raise LeagueError("Points per place are numbers of 0 or more, first place first, e.g. 3,1,0.")
        league = League(
            id=secrets.token_hex(4),
            name=name,
            server_id=server,
            game_id=game,
            seats=wanted,
            options=parsed,
            pace=pace,
            host=host,
            points=points,
            requirement=requirement or Requirement(),
            channel=channel,
            rounds_per_season=max(0, rounds),
        )
        await self.store.save_league(league, None)
        await self._announce(
            league,
            f"New league **{league.name}** ({meta.title}, {wanted} per table): sign up with "
            f"`/league join league:{league.name}`.",
        )
        return league

    def _require_host(self, league: League, by: str, moderator: bool) -> None:
        if by != league.host and not moderator:
            raise NotAllowed(f"Only the host of {league.name} (<@{league.host}>) or a moderator can do that.")

    async def join(self, league: League, user: str, name: str, cap: int | None = None) -> League:
        """Sign ``user`` up: refused when sign-ups are closed, below the league's requirement, or at their cap
        of running games (``cap``: the server's fixed cap; None: the growth rule of engine/league)."""
        reliability = await self.reliability(user)
        running = len(await self.table.store.games(status=ACTIVE, user=user))  # seated in, not hosted

        def change(current: League) -> None:
            current.join(user, reliability, running, cap)
            current.names[user] = name

        updated, _ = await self._change(league.id, change)
        return updated

    async def leave(self, league: League, user: str) -> League:
        updated, _ = await self._change(league.id, lambda current: current.leave(user))
        return updated

    async def set_signups(self, league: League, by: str, moderator: bool, open_: bool) -> League:
        def change(current: League) -> None:
            self._require_host(current, by, moderator)
            current.signups_open = open_

        updated, _ = await self._change(league.id, change)
        return updated

    async def schedule(self, league: League, by: str, moderator: bool) -> LeagueRound:
        """The host schedules the next round now; its games are opened."""
        ratings = await self.store.ratings(league.server_id, league.game_id)

        def change(current: League) -> LeagueRound:
            self._require_host(current, by, moderator)
            return current.schedule(
                {p: r.shown for p, r in ratings.items()}, seed=table_seed(current, _next(current), 0)
            )

        updated, round_ = await self._change(league.id, change)
        await self._announce(updated, round_text(updated, round_))
        await self.open_tables(updated)
        return round_  # type: ignore[no-any-return]

    async def end(self, league: League, by: str, moderator: bool) -> Season:
        ratings = await self.store.ratings(league.server_id, league.game_id)

        def change(current: League) -> Season:
            self._require_host(current, by, moderator)
            if not current.season.rounds:
                raise LeagueError(f"Season {current.season.number} of {current.name} has not started yet.")
            return current.end_season({p: r.shown for p, r in ratings.items()})

        view = await self.standings(league)
        updated, ended = await self._change(league.id, change)
        await self._announce(
            updated,
            f"Season {ended.number} of **{updated.name}** is over; its final standings are archived. "
            f"Season {ended.number + 1} starts with the same players.",
            view,
        )
        return ended  # type: ignore[no-any-return]

    # --- running the rounds ------------------------------------------------------------------------------
    async def open_tables(self, league: League) -> int:
        """Open the game of every table of the current round that has none yet; how many were opened. Each
        table is claimed first (a compare-and-swap of the league), so two processes never open one table
        twice; a table that cannot be opened now (Discord refused) is tried again at the next resume, and a
        claim whose process died is taken over after :data:`CLAIM_SECONDS`."""
        if self.front is None or not league.season.rounds:
            return 0
        round_ = league.season.rounds[-1]
        where = (league.season.number, round_.number)
        opened = 0
        for index in range(len(round_.tables)):
            token, now = secrets.token_hex(4), time.time()

            def claim(current: League, i: int = index, tok: str = token, at: float = now) -> bool:
                table = _table_at(current, where, i)
                if table is None or table.record_id is not None:
                    return False
                if table.opening is not None and at - table.opening_at < CLAIM_SECONDS:
                    return False
                table.opening, table.opening_at = tok, at
                return True

            if not (await self._change(league.id, claim))[1]:
                continue
            try:
                game_id: str | None = await self.front.open_table(league, round_, index)
            except Exception:
                log.exception(
                    "league %s: table %d of round %d could not be opened", league.id, index + 1, round_.number
                )
                game_id = None

            def settle(current: League, i: int = index, gid: str | None = game_id) -> None:
                table = _table_at(current, where, i)
                if table is not None:
                    table.record_id, table.opening = gid, None

            await self._change(league.id, settle)
            opened += game_id is not None
        return opened

    async def in_background(self, update: Update) -> None:
        """The bot's subscriber: :meth:`on_update` in a task of its own, so the move that ended a league game
        is answered at once, not after the next round's tables are opened on Discord."""
        if update.record.place.get("league") and update.record.status in ENDED and not update.duplicate:
            task = asyncio.create_task(self.on_update(update), name=f"league-{update.record.id}")
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    async def drain(self) -> None:
        """Wait for the league work started in the background (tests, shutdown)."""
        while self._tasks:
            await asyncio.gather(*list(self._tasks), return_exceptions=True)

    async def on_update(self, update: Update) -> None:
        """The table's subscriber: a league game that ended moves its league on."""
        league_id = update.record.place.get("league")
        if league_id and update.record.status in ENDED and not update.duplicate:
            try:
                await self.game_ended(league_id, update.record.id)
            except Exception:
                log.exception("league %s did not take the end of game %s", league_id, update.record.id)

    async def game_ended(self, league_id: str, game_id: str) -> None:
        result = await self.store.result(game_id)
        if result is None:
            result = await self.table.game_result(game_id)
        if result is None:
            return
        table_result = result.table_result() if result.finished else None

        def change(current: League) -> bool:
            return current.record_game(game_id, table_result) is not None

        league, recorded = await self._change(league_id, change)
        if recorded:
            await self._after_result(league)

    async def _after_result(self, league: League) -> None:
        rounds = league.season.rounds
        if not rounds or not rounds[-1].done:
            return
        if league.season_over:
            ratings = await self.store.ratings(league.server_id, league.game_id)
            view = standings_view(league, pool_ratings(league, ratings), league.names)
            season_no = league.season.number

            def finish(current: League) -> None:
                if current.season.number == season_no and current.season_over:
                    current.end_season({p: r.shown for p, r in ratings.items()})

            await self._change(league.id, finish)
            await self._announce(
                league, f"Season {season_no} of **{league.name}** is over. Final standings:", view
            )
            return
        ratings = await self.store.ratings(league.server_id, league.game_id)
        number = len(rounds)

        def next_round(current: League) -> LeagueRound | None:
            if len(current.season.rounds) != number:
                return None  # someone scheduled it already
            return current.schedule(
                {p: r.shown for p, r in ratings.items()}, seed=table_seed(current, _next(current), 0)
            )

        try:
            updated, round_ = await self._change(league.id, next_round)
        except LeagueError as exc:
            await self._announce(
                league, f"**{league.name}**: round {number} is over; the next cannot start: {exc}"
            )
            return
        if round_ is not None:
            await self._announce(updated, round_text(updated, round_), await self.standings(updated))
            await self.open_tables(updated)

    async def _announce(self, league: League, text: str, view: StandingsView | None = None) -> None:
        if self.front is None:
            return
        try:
            await self.front.announce(league, text, view)
        except Exception:
            log.exception("league %s: news could not be posted", league.id)

    async def resume(self) -> None:
        """After a restart: results of league games that ended while nobody listened, and tables without a
        game. Each league on its own: one that fails never stops the others. Background work: the rules it
        loads wait for the interactions' (``registry.background``)."""
        with registry.background():
            await self._resume()

    async def _resume(self) -> None:
        for league in await self.store.leagues():
            try:
                for round_ in league.season.rounds:
                    for table in round_.tables:
                        if table.record_id and table.result is None:
                            record = await self.table.record(table.record_id)
                            if record.status in ENDED:
                                await self.game_ended(league.id, table.record_id)
                loaded = await self.store.league(league.id)
                if loaded is not None:
                    await self.open_tables(loaded[0])
            except Exception:
                log.exception("league %s could not be caught up", league.id)


def _table_at(league: League, where: tuple[int, int], index: int) -> LeagueTable | None:
    """The table ``index`` of round ``where[1]`` of season ``where[0]``, if that season is still on."""
    season, number = where
    rounds = league.season.rounds
    if league.season.number != season or len(rounds) < number or index >= len(rounds[number - 1].tables):
        return None
    return rounds[number - 1].tables[index]


def _next(league: League) -> LeagueRound:
    return LeagueRound(number=len(league.season.rounds) + 1, tables=[])


def round_text(league: League, round_: LeagueRound) -> str:
    """The announcement of a scheduled round: its tables and byes, by name."""

    def who(player: str) -> str:
        return f"<@{player}>" if player.isdigit() else league.names.get(player, player)

    lines = [f"**{league.name}**, season {league.season.number}: round {round_.number} is scheduled."]
    for index, table in enumerate(round_.tables, start=1):
        lines.append(f"Table {index}: " + ", ".join(who(p) for p in table.players))
    if round_.byes:
        lines.append("Bye this round: " + ", ".join(who(p) for p in round_.byes))
    return "\n".join(lines)


def pool_ratings(league: League, ratings: dict[str, Rating]) -> Ratings:
    """One game's ratings on one server as :class:`Ratings` (what the views read)."""
    return Ratings(table={Ratings.pool(league.server_id, league.game_id): ratings})


__all__ = ["LEAGUE_NAME_MAX", "LeagueFront", "LeagueService", "round_text", "table_seed"]
