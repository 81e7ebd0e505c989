"""A league's page (standings per season, the schedule, each player's rating over time, the reliability
figures), a server's page (its open and running games, its leagues) and a player's page (their games,
ratings and reliability on that server). All of it is what Discord's league commands show anyone."""

from __future__ import annotations

from engine import pace as pacing
from engine.core import registry
from engine.league.league import League, LeagueRound
from engine.league.reliability import Reliability
from engine.league.results import GameResult
from engine.league.view import StandingsView, archived_view
from engine.records import GameRecord

from .. import present
from .chart import rating_chart
from .html import esc, link, listing, page, span, table, when
from .site import NotFound, Site

SERVER_GAMES_MAX = 200
FINISHED_SHOWN = 20
RESULTS_SHOWN = 30


def title_of(game_id: str) -> str:
    return registry.get(game_id).meta.title if game_id in registry.games() else game_id


def standings_html(view: StandingsView, players: dict[str, str], game_id: str) -> str:
    """``players``: display name -> the player page's path."""
    rows = []
    for row in view.rows:
        arrow = {1: "▲ up", -1: "▼ down"}.get(row.trend, "")
        name = link(players[row.player], row.player) if row.player in players else esc(row.player)
        rating = f"{row.rating:.1f}" + (" (provisional)" if row.provisional else "")
        points, wins = f"{row.points:g}", f"{row.wins:g}"
        rows.append([str(row.place), name, points, str(row.played), wins, rating, arrow])
    head = ["Place", "Player", "Points", "Played", "Wins", "Rating", "Trend"]
    shown = table(head, rows, "standings") if rows else "<p>No results yet.</p>"
    subtitle = view.subtitle.replace(f"· {game_id}", f"· {title_of(game_id)}")  # the game's name, not its id
    return f"<p>{esc(subtitle)}</p>{shown}"


def reliability_cells(r: Reliability) -> list[str]:
    mean = r.mean_move_seconds
    return [
        f"{r.on_time:.0%} ({r.met} of {r.met + r.missed})",
        str(r.finished),
        str(r.abandoned),
        span(mean) if mean is not None else "none yet",
    ]


RELIABILITY_HEAD = ["Deadlines met", "Finished", "Abandoned", "Mean time to move"]


async def _player_paths(site: Site, league: League) -> tuple[dict[str, str], dict[str, str]]:
    """(display name -> player page, user -> player page) of the league's players."""
    server = await site.links.path("server", str(league.server_id))
    by_user = {p: f"{server}/player/{p}" for p in league.players if p.isdigit()}
    return {league.names.get(p, p): path for p, path in by_user.items()}, by_user


async def round_html(site: Site, league: League, round_: LeagueRound) -> str:
    items = []
    for index, table_ in enumerate(round_.tables, start=1):
        names = ", ".join(league.names.get(p, p) for p in table_.players)
        text = f"Table {index}: {esc(names)}"
        if table_.record_id:
            text += " · " + link(await site.links.path("game", table_.record_id), "the game")
        if table_.result is not None:
            order = " then ".join(
                " and ".join(league.names.get(p, p) for p in group) for group in table_.result.ranking
            )
            text += f" · finished: {esc(order)}"
        items.append(text)
    if round_.byes:
        items.append("Bye: " + esc(", ".join(league.names.get(p, p) for p in round_.byes)))
    return f"<h3>Round {round_.number}</h3>" + listing(items)


async def league_page(site: Site, league: League) -> str:
    assert site.leagues is not None
    leagues = site.leagues
    by_name, by_user = await _player_paths(site, league)
    current = await leagues.standings(league)
    game_id = league.game_id
    seasons = [
        f"<details><summary>Season {s.number} (final)</summary>{standings_html(view, by_name, game_id)}"
        "</details>"
        for s in reversed(league.seasons)
        if s.final is not None and (view := archived_view(league, s.number)) is not None
    ]
    schedule = [await round_html(site, league, r) for r in reversed(league.season.rounds)]
    results = await leagues.results(league.server_id, game=league.game_id)
    series = {
        league.names.get(p, p): [r.after[p].shown for r in results if p in r.after] for p in league.players
    }
    reliability = []
    for player in league.players:
        name = league.names.get(player, player)
        shown = link(by_user[player], name) if player in by_user else esc(name)
        reliability.append([shown, *reliability_cells(await leagues.reliability(player))])
    head = (
        f"{title_of(league.game_id)} · {league.seats} per table · {pacing.describe(league.pace)} · "
        f"season {league.season.number} · sign-ups {'open' if league.signups_open else 'closed'}"
    )
    body = (
        f'<article class="league"><h1>{esc(league.name)}</h1><p>{esc(head)}</p>'
        f"<section><h2>Standings</h2>{standings_html(current, by_name, game_id)}{''.join(seasons)}</section>"
        f"<section><h2>Schedule, season {league.season.number}</h2>"
        f"{''.join(schedule) or '<p>No round scheduled yet.</p>'}</section>"
        f"<section><h2>Ratings over time</h2>{rating_chart(series, f'Ratings in {league.name}')}</section>"
        f"<section><h2>Reliability</h2>{table(['Player', *RELIABILITY_HEAD], reliability)}</section>"
        "</article>"
    )
    return page(league.name, body)


async def _game_items(site: Site, records: list[GameRecord]) -> list[str]:
    items = []
    for record in records:
        title = title_of(record.game)
        shown = esc(title)
        if record.status not in ("lobby", "damaged"):  # a lobby has no page: it has no board yet
            shown = link(await site.links.path("game", record.id), title)
        players = ", ".join(s.name or s.seat for s in record.seats)
        items.append(f"{shown}: {esc(present.status_word(record))} · {esc(players)}")
    return items


async def server_page(site: Site, guild: str) -> str:
    playing = await site.table.games(("running", "paused"), guild)
    lobbies = await site.table.games(("lobby",), guild)
    ended = await site.table.games(("finished",), guild)
    ended = sorted(ended, key=lambda r: -r.updated_at)[:FINISHED_SHOWN]
    leagues = await site.leagues.leagues(int(guild)) if site.leagues is not None and guild.isdigit() else []
    league_items = [
        link(await site.links.path("league", lg.id), lg.name) + esc(f": {title_of(lg.game_id)}")
        for lg in leagues
    ]
    body = (
        '<article class="server"><h1>This server\'s games</h1>'
        f"<section><h2>In play</h2>{listing(await _game_items(site, playing[:SERVER_GAMES_MAX]))}"
        f"{'' if playing else '<p>No game in play.</p>'}</section>"
        f"<section><h2>Open lobbies</h2>{listing(await _game_items(site, lobbies[:SERVER_GAMES_MAX]))}"
        f"{'' if lobbies else '<p>No open lobby: open one with /game new in Discord.</p>'}</section>"
        f"<section><h2>Leagues</h2>{listing(league_items) or '<p>No league.</p>'}</section>"
        f"<section><h2>Finished lately</h2>{listing(await _game_items(site, ended)) or '<p>None yet.</p>'}"
        "</section></article>"
    )
    return page("This server's games", body)


def result_line(result: GameResult, user: str) -> str:
    how = present.how_they_did(result, user)
    return f"{when(result.finished_at)} {esc(title_of(result.game))}: {esc(how)}"


async def player_page(site: Site, guild: str, user: str) -> str:
    if not user.isdigit() or len(user) > 25:
        raise NotFound(user)
    records = [r for r in await site.table.games_of(user, active_only=False) if r.place.get("guild") == guild]
    leagues = site.leagues
    results = await leagues.results(int(guild), user=user) if leagues is not None else []
    if not records and not results:
        raise NotFound(user)
    name = next((s.name for r in records for s in r.seats if s.user == user and s.name), "A player")
    ratings = []
    charts = []
    for game_id in registry.games():
        rating = (await leagues.ratings(int(guild), game_id)).get(user) if leagues is not None else None
        if rating is None:
            continue
        mark = " (provisional)" if rating.provisional else ""
        ratings.append([esc(title_of(game_id)), f"{rating.shown:.1f}{mark}", str(rating.games)])
        shown = [r.after[user].shown for r in results if r.game == game_id and user in r.after]
        charts.append(rating_chart({name: shown}, f"{name} in {title_of(game_id)}"))
    reliability = reliability_cells(await leagues.reliability(user)) if leagues is not None else []
    recent = [result_line(r, user) for r in reversed(results[-RESULTS_SHOWN:])]
    body = (
        f'<article class="player"><h1>{esc(name)}</h1>'
        f"<section><h2>Games here</h2>{listing(await _game_items(site, records)) or '<p>None.</p>'}</section>"
        f"<section><h2>Ratings</h2>"
        f"{table(['Game', 'Rating', 'Rated games'], ratings) if ratings else '<p>No rated game yet.</p>'}"
        f"{''.join(charts)}</section>"
        f"<section><h2>Results</h2>{listing(recent) or '<p>No finished game yet.</p>'}</section>"
        f"<section><h2>Reliability</h2>{table(RELIABILITY_HEAD, [reliability]) if reliability else ''}"
        "</section></article>"
    )
    return page(name, body)


__all__ = ["league_page", "player_page", "server_page"]
