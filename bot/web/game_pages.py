"""A game's page: the public board (the full one; the compact one on a phone), who is to act and every
deadline, the seats with their standing, the board in words and the whole public log; its live part
(``/g/<token>/live``) is what the script swaps in when the game moves, and the export.

Everything comes from the table's public reads (:meth:`engine.table.Table.scene`: the public view, seat
None; the stored public log): never a seat's view, whoever reads. Each version's page is made once.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from engine import pace as pacing
from engine.core import registry
from engine.core.model import GameMeta
from engine.records import GameRecord, SeatRecord
from engine.table import ENDED, Scene

from .. import present
from .html import esc, link, listing, page, span, table, when
from .site import Site

LOG_MAX = 20_000
"""The most public lines a page shows (a game's whole log, in practice)."""
_BOLD = re.compile(r"\*\*(.+?)\*\*")


@dataclass(frozen=True)
class GameView:
    """What a game's page shows at one version."""

    record: GameRecord
    meta: GameMeta
    scene: Scene
    log: list[tuple[int | None, str]]
    """(version, text) of every public line, oldest first (version None: a game saved before lines were
    kept with their versions)."""
    words: list[str]


def named(seat: SeatRecord) -> str:
    """A seat as the page names it: the player's name, and who plays it when that is not the player."""
    name = seat.name or seat.seat
    if seat.user is None:
        return f"{name} (agent)"
    return f"{name} (away: an agent plays)" if seat.away else name


def rich(text: str) -> str:
    """A line of the table's text as HTML: escaped, its ``**bold**`` made bold."""
    return _BOLD.sub(r"<strong>\1</strong>", esc(text))


async def game_view(site: Site, record: GameRecord) -> GameView:
    """The page of the game's current version: made once per version, shared by every reader."""
    return await site.pages.once((record.id, "view", record.version), lambda: _made_view(site, record))


async def _made_view(site: Site, record: GameRecord) -> GameView:
    scene = await site.table.scene(record.id)
    lines = await site.table.public_lines(record.id, LOG_MAX)
    log: list[tuple[int | None, str]] = [(line.version, line.text) for line in lines]
    if not log and scene.record.version > 0:  # a game saved before the store kept its lines: replayed
        log = [(None, text.removeprefix("• ")) for text in await site.table.public_log(record.id, LOG_MAX)]
    game = registry.get(scene.record.game)
    words = present.board_lines(game, scene.public_view) if scene.public_view else []
    made = GameView(scene.record, game.meta, scene, log, words)
    if scene.record.version != record.version:  # it moved on while it was read: kept under its own version
        site.pages.put((record.id, "view", scene.record.version), made)
    return made


def _standing(g: GameView, seat: SeatRecord) -> str:
    outcome = g.scene.outcome
    if outcome is not None:
        place = outcome.place_of(seat.seat)
        parts = ["winner"] if seat.seat in outcome.winners else []
        if place is not None:
            parts.append(f"{present.ordinal(place)} place")
        if seat.seat in outcome.scores:
            parts.append(f"{outcome.scores[seat.seat]:g} points")
        return ", ".join(parts) or "played"
    if seat.seat in g.scene.resigned:
        return "resigned (an agent plays on)"
    if g.scene.due.get(seat.seat) is not None:
        return "to act"
    return "away" if seat.away else "playing"


def seats_html(g: GameView) -> str:
    """Each seat: its player (and the seat's own name on the board, where that differs) and standing."""
    rows = []
    for seat in g.record.seats:
        same = seat.seat.replace(" ", "").lower() == (seat.name or seat.seat).replace(" ", "").lower()
        shown = named(seat) + ("" if same else f" (on the board: {seat.seat})")
        rows.append([esc(shown), esc(_standing(g, seat))])
    return "<section><h2>Players</h2>" + table(["Player", "Standing"], rows, "seats") + "</section>"


def acting_html(g: GameView) -> str:
    """Who is to act, and by when (each deadline in the reader's own time zone once the script ran)."""
    record, scene = g.record, g.scene
    if record.status != "running":
        return ""
    waiting = present.waiting_lines(record, scene.prompts, scene.public_view, named)
    due = []
    for seat_name, at in sorted(scene.due.items(), key=lambda kv: kv[1]):
        seat = record.seat_named(seat_name)
        due.append(f"{esc(named(seat) if seat else seat_name)}: due {when(at)}")
    if pacing.plan(record.pace).bank and scene.clocks:
        banks = [f"{esc(s)}: {span(v)} left" for s, v in scene.clocks.items() if s not in scene.due]
        due += [f"Time bank of {b}" for b in banks]
    votes = [f"Vote to {esc(kind)}: {yes} of {need}" for kind, (yes, need) in scene.votes.items()]
    if scene.undo is not None:
        votes.append("A player asked to take back their last move; the others are answering.")
    return (
        '<section class="acting"><h2>To act</h2>'
        + listing((rich(line) for line in waiting), cls="waiting")
        + listing(due, cls="deadlines")
        + listing(votes)
        + "</section>"
    )


def ending_html(g: GameView) -> str:
    record = g.record
    if record.status == "finished":
        winners = [named(s) for w in record.winners if (s := record.seat_named(w)) is not None]
        who = f" Winner: {', '.join(winners)}." if winners else ""
        return f'<p class="ending"><strong>Game over.</strong>{esc(who)} {esc(record.reason)}</p>'
    if record.status == "aborted":
        return '<p class="ending">The game was cancelled.</p>'
    if record.status == "paused":
        return '<p class="ending">The game is paused by a moderator.</p>'
    return ""


def board_html(base: str, g: GameView, version: int) -> str:
    if not g.scene.public_view:
        return ""
    where = present.standing(g.scene.public_view)
    alt = f"The board of {g.meta.title}" + (f", {where}" if where else "")
    return (
        '<figure class="board"><picture>'
        f'<source media="(max-width: 600px)" srcset="{base}/board-compact.png?v={version}">'
        f'<img src="{base}/board.png?v={version}" alt="{esc(alt)}"></picture></figure>'
    )


def log_html(g: GameView) -> str:
    items = "".join(f'<li data-v="{v if v is not None else ""}">{rich(text)}</li>' for v, text in g.log)
    inner = f'<ol class="log">{items}</ol>' if items else "<p>Nothing has happened yet.</p>"
    return f'<section><h2>The log</h2><div class="logbox">{inner}</div></section>'


def words_html(g: GameView) -> str:
    if not g.words:
        return ""
    return (
        '<details class="words"><summary>The board in words</summary>'
        f"<pre>{esc(chr(10).join(g.words))}</pre></details>"
    )


def live_html(base: str, g: GameView) -> str:
    """The part of the page that changes as the game moves (``/g/<token>/live`` serves it alone)."""
    record = g.record
    where = present.standing(g.scene.public_view) if g.scene.public_view else ""
    status = " · ".join(x for x in (present.status_word(record), where, f"pace {record.pace}") if x)
    return (
        f'<p class="status" data-version="{record.version}">{esc(status)}</p>'
        + ending_html(g)
        + board_html(base, g, record.version)
        + acting_html(g)
        + seats_html(g)
        + words_html(g)
        + log_html(g)
    )


def game_html(base: str, g: GameView, league: str | None) -> str:
    record = g.record
    nav = [link(f"{base}/history", "History, step by step")]
    if record.status in ENDED:
        nav.append(link(f"{base}/history#replay", "The animated replay"))
    nav.append(link(f"{base}/export.json", "Export"))
    if league:
        nav.append(link(league, "The league"))
    body = (
        f'<article class="game" data-live="{esc(base)}" data-version="{record.version}">'
        f"<h1>{esc(g.meta.title)}</h1>"
        f'<nav class="links">{" · ".join(nav)}</nav>'
        f'<div id="live" aria-live="polite">{live_html(base, g)}</div>'
        '<noscript><p class="hint">This page updates by itself when JavaScript is on; reload it to see '
        "the latest move.</p></noscript></article>"
    )
    return page(f"{g.meta.title} · {present.status_word(record)}", body, scripts=["live.js"])


async def export(site: Site, record: GameRecord, g: GameView) -> dict[str, Any]:
    """The game's record to download: the whole export (seed and every move, to replay it exactly) once
    its rules ended it (:meth:`engine.table.Table.reveals` says "all"); before that, and for a game that
    ended otherwise, only what a spectator saw: the public log and the public board."""
    if await site.table.reveals(record.id) == "all":
        return await site.table.export(record.id)
    return {
        "arbiter_public_record": 1,
        "game": record.game,
        "title": g.meta.title,
        "status": record.status,
        "seats": [{"seat": s.seat, "name": s.name or s.seat} for s in record.seats],
        "version": record.version,
        "log": [[v, text] for v, text in g.log],
        "board": g.scene.public_view,
    }


__all__ = ["GameView", "export", "game_html", "game_view", "live_html", "named", "rich"]
