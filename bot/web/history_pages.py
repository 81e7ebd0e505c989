"""A game's history: the public board after every version that moved it, with a slider (keyboard steps
with the script: arrow keys, Home, End), the public events between one step and the next, and the
animated replay once the game ended.

The boards are the public views (seat None) of the game replayed from its seed, options and the intents
that still count (an undo's are left out), off the event loop; a game's steps are kept and extended as
it moves, so a long game is replayed once, not at every page.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

from engine.core import registry
from engine.records import GameRecord, LoggedIntent
from engine.table import ENDED

from .. import present
from .game_pages import GameView, game_view, rich
from .html import esc, link, listing, page
from .site import NotFound, Site

GAMES_KEPT = 16
"""Games whose steps are kept in memory (least recently shown out first)."""


@dataclass
class Steps:
    """A game's public board after the set-up (step 0) and after each version that applied intents."""

    seqs: list[int] = field(default_factory=list)
    """The seq of every kept intent replayed so far: a log that no longer starts with them (an undo) is
    replayed afresh."""
    versions: list[int] = field(default_factory=lambda: [0])
    views: list[dict[str, Any]] = field(default_factory=list)
    state: Any = None
    read_at: int = -1
    """The game's version when its intents were last read (the same version: nothing to read again)."""


def _extend(game: Any, record: GameRecord, steps: Steps, intents: list[LoggedIntent]) -> Steps:
    """``steps`` carried on over ``intents`` (every kept intent, in order); runs in a worker thread."""
    if steps.state is None or steps.seqs != [i.seq for i in intents[: len(steps.seqs)]]:
        state = game.setup([s.seat for s in record.seats], record.seed, record.options)
        steps = Steps(state=state, views=[game.view(state, None)])
    fresh = intents[len(steps.seqs) :]
    state = steps.state
    for index, logged in enumerate(fresh):
        state.step = logged.seq - 1  # as the table's rebuild: an undo's intents keep their place in the count
        state, _ = game.apply(state, logged.seat, game.parse_intent(logged.key))
        steps.seqs.append(logged.seq)
        last_of_version = index + 1 == len(fresh) or fresh[index + 1].version != logged.version
        if last_of_version:
            steps.versions.append(logged.version)
            steps.views.append(game.view(state, None))
    steps.state = state
    return steps


class Histories:
    def __init__(self, kept: int = GAMES_KEPT) -> None:
        self.kept = kept
        self._games: OrderedDict[str, Steps] = OrderedDict()
        self._locks: dict[str, asyncio.Lock] = {}

    async def steps(self, site: Site, record: GameRecord) -> Steps:
        lock = self._locks.setdefault(record.id, asyncio.Lock())
        async with lock:
            known = self._games.get(record.id, Steps())
            if known.read_at != record.version:
                intents = await site.table.kept_intents(record.id)
                if known.state is None or known.seqs != [i.seq for i in intents]:
                    game = registry.get(record.game)
                    known = await asyncio.to_thread(_extend, game, record, known, intents)
                known.read_at = record.version
            self._games[record.id] = known
            self._games.move_to_end(record.id)
            while len(self._games) > self.kept:
                dropped, _ = self._games.popitem(last=False)
                self._locks.pop(dropped, None)
            return known


def _at(steps: Steps, asked: str | None) -> int:
    last = len(steps.views) - 1
    try:
        at = int(asked) if asked is not None else last
    except ValueError:
        at = last
    return min(max(at, 0), last)


def step_html(base: str, g: GameView, steps: Steps, at: int) -> str:
    """One step: what it is, its board and the events that led to it (``?part=1`` serves it alone)."""
    version = steps.versions[at]
    earlier = steps.versions[at - 1] if at else -1
    lines = [text for v, text in g.log if v is not None and earlier < v <= version]
    where = present.standing(steps.views[at])
    label = "The set-up" if at == 0 else f"Step {at} of {len(steps.views) - 1}"
    told = listing((rich(t) for t in lines), "ol", "log") if at else "<p>The game as it was dealt.</p>"
    return (
        f'<h2 id="step-label" data-at="{at}">{esc(label)}{esc(" · " + where if where else "")}</h2>'
        f'<figure class="board"><img src="{base}/history/{at}.png" alt="The board: {esc(label)}"></figure>'
        f"<section><h3>What happened</h3>{told or '<p>No public event.</p>'}</section>"
    )


def history_html(base: str, g: GameView, steps: Steps, at: int) -> str:
    last = len(steps.views) - 1
    prev_link = link(f"{base}/history?at={at - 1}", "◀ Earlier") if at > 0 else ""
    next_link = link(f"{base}/history?at={at + 1}", "Later ▶") if at < last else ""
    slider = (
        f'<form class="slider" method="get" action="{base}/history">'
        f'<label for="at">Step</label> <input type="range" id="at" name="at" min="0" max="{last}" '
        f'value="{at}" data-part="{base}/history?part=1&amp;at="> '
        '<button type="submit">Show</button></form>'
        f'<nav class="steps">{prev_link} {next_link}</nav>'
    )
    replay = ""
    if g.record.status in ENDED:
        replay = (
            '<section id="replay"><h2>The animated replay</h2>'
            f'<img src="{base}/replay" alt="Every turn of the game, one after the other" loading="lazy">'
            "</section>"
        )
    body = (
        f'<article class="history"><h1>{esc(g.meta.title)}: history</h1>'
        f'<nav class="links">{link(base, "Back to the game")}</nav>{slider}'
        f'<div id="step">{step_html(base, g, steps, at)}</div>{replay}</article>'
    )
    return page(f"{g.meta.title} · history", body, scripts=["history.js"])


async def history_page(site: Site, histories: Histories, record: GameRecord, base: str, query: Any) -> str:
    g = await game_view(site, record)
    steps = await histories.steps(site, record)
    at = _at(steps, query.get("at"))
    if query.get("part"):
        return step_html(base, g, steps, at)
    return history_html(base, g, steps, at)


async def step_board(site: Site, histories: Histories, record: GameRecord, at: int) -> bytes:
    steps = await histories.steps(site, record)
    if not 0 <= at < len(steps.views):
        raise NotFound(record.id)
    view = steps.views[at]
    key = (record.id, "step", steps.versions[at])
    return await site.pages.once(key, lambda: site.drawer.board(record.game, view))


async def replay(site: Site, record: GameRecord) -> tuple[bytes, str]:
    """The animated replay of the public boards (once the game ended): its bytes and type, made once."""
    if record.status not in ENDED or await site.table.reveals(record.id) == "none":
        raise NotFound(record.id)
    found: tuple[bytes, str] | None = site.pages.get((record.id, "replay", record.version))
    if found is not None:
        return found
    log = await site.table.kept_log(record.id)
    seats = [s.seat for s in record.seats]
    data, ext = await site.drawer.replay(record.game, seats, record.seed, record.options, log)
    made = (data, f"image/{ext}")
    return site.pages.put((record.id, "replay", record.version), made)  # type: ignore[no-any-return]


__all__ = ["Histories", "Steps", "history_page", "replay", "step_board"]
