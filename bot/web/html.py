"""The pages' frame and the few helpers every page uses: escaping, a page, times, links. Plain HTML that
reads without JavaScript; the scripts in ``static/`` only improve it (live updates, history keys)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from html import escape

STYLE = "/static/style.css"


def esc(text: object) -> str:
    return escape(str(text), quote=True)


def page(title: str, body: str, scripts: Iterable[str] = (), head: str = "") -> str:
    """A whole page: phone-first (the viewport is the device's width), one stylesheet, deferred scripts."""
    tags = "".join(f'<script src="/static/{esc(s)}" defer></script>' for s in scripts)
    return (
        "<!doctype html>\n"
        '<html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        '<meta name="referrer" content="no-referrer"><meta name="robots" content="noindex">'
        f"<title>{esc(title)} · Arbiter</title>"
        f'<link rel="stylesheet" href="{STYLE}">{head}{tags}</head>'
        f'<body><header class="top"><a href="/">Arbiter</a></header><main>{body}</main>'
        '<footer class="foot">Public information only: what every spectator of the game may see.</footer>'
        "</body></html>\n"
    )


def when(unix: float) -> str:
    """A moment as ``<time>``: UTC in the page, the reader's own time zone once the script has run."""
    moment = dt.datetime.fromtimestamp(unix, tz=dt.UTC)
    return (
        f'<time datetime="{moment.isoformat()}" data-local="1">'
        f"{moment.strftime('%a %d %b %Y, %H:%M')} UTC</time>"
    )


def span(seconds: float) -> str:
    """A duration as people say it: 2 d 3 h, 5 h 10 min, 4 min."""
    minutes = int(max(0.0, seconds) // 60)
    days, rest = divmod(minutes, 24 * 60)
    hours, mins = divmod(rest, 60)
    if days:
        return f"{days} d {hours} h"
    if hours:
        return f"{hours} h {mins} min"
    return f"{mins} min"


def link(href: str, text: str) -> str:
    return f'<a href="{esc(href)}">{esc(text)}</a>'


def listing(items: Iterable[str], tag: str = "ul", cls: str = "") -> str:
    """Items (already HTML) as a list; nothing for none."""
    inner = "".join(f"<li>{item}</li>" for item in items)
    attr = f' class="{cls}"' if cls else ""
    return f"<{tag}{attr}>{inner}</{tag}>" if inner else ""


def table(head: Iterable[str], rows: Iterable[Iterable[str]], cls: str = "") -> str:
    """A table of cells already HTML; its header cells are plain text."""
    top = "".join(f'<th scope="col">{esc(h)}</th>' for h in head)
    body = "".join("<tr>" + "".join(f"<td>{c}</td>" for c in row) + "</tr>" for row in rows)
    attr = f' class="{cls}"' if cls else ""
    inner = f"<thead><tr>{top}</tr></thead><tbody>{body}</tbody>"
    return f'<div class="scroll"><table{attr}>{inner}</table></div>'


NOT_FOUND = page(
    "Not found",
    "<h1>Not found</h1><p>There is no page here. Links to games and leagues are posted in Discord by "
    "servers that turned their web pages on.</p>",
)
HOME = page(
    "Web companion",
    "<h1>Arbiter's web companion</h1><p>Games, their history and leagues, readable in a browser. Open a "
    "link from a game's status message or from <code>/league standings</code> in Discord.</p>",
)

__all__ = ["HOME", "NOT_FOUND", "esc", "link", "listing", "page", "span", "table", "when"]
