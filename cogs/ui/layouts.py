"""The message layouts (Components V2) that carry the persistent components: the status message, turn
posts, the private options and menus in parts, the hand, the lobby and confirmations. Public layouts show
public information only; the components' custom ids are built in :mod:`cogs.ui.components`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import discord
from discord import ui

from bot import present
from engine import pace as pacing
from engine.core.menus import Choice
from engine.core.model import GameMeta, Outcome, Prompt
from engine.records import GameRecord

from . import menus
from .components import (
    CUSTOM_ID_MAX,
    EPHEMERAL_BUTTONS_MAX,
    PART_MARK,
    SELECT_MAX,
    ActionButton,
    HandButton,
    IntentSelect,
    OptionsButton,
    PageButton,
    PartButton,
    PartSelect,
    fits,
    part_custom_id,
)
from .items import BoardButton, ConfirmButton, EndTurnButton, LobbyButton, end_custom_id
from .stamps import Stamp
from .undo_items import StatusUndoButton

BOARD_FILE = "board.png"
HAND_FILE = "hand.png"


@dataclass
class GameScene:
    """What a public message about a game shows, gathered from the table (public information only)."""

    record: GameRecord
    meta: GameMeta
    prompts: list[Prompt] = field(default_factory=list)
    public_view: dict[str, Any] = field(default_factory=dict)
    due: dict[str, float] = field(default_factory=dict)
    """When each awaited seat's deadline falls (unix time): public, like who is awaited."""
    clocks: dict[str, float] = field(default_factory=dict)
    """Each seat's remaining time in seconds (its bank under a bank pace)."""
    votes: dict[str, tuple[int, int]] = field(default_factory=dict)
    full_board: bool = False
    """The thread's images are the game's compact board: offer the full one behind a button."""
    undo: str = ""
    """The pending undo request as a line of the status (:func:`cogs.ui.flows_undo.pending_line`); "" when
    none."""
    outcome: Outcome | None = None
    """How the game ended by its rules: the ranking with scores and the reason."""
    ratings: dict[str, tuple[float, float]] = field(default_factory=dict)
    """Each rated seat's rating before and after the game (its result is saved when it ends)."""
    replay: str = ""
    """Where the animated replay is, for the game-over post."""
    web: str = ""
    """The game's web page (:mod:`bot.web.links`), when its server turned the web on; "" when not."""


def web_line(scene: GameScene) -> str:
    """The game's web page, as a line of the status message and of the game-over post."""
    return f"🌐 Board, history and the whole log in a browser: {scene.web}" if scene.web else ""


def stamp_of(when: float, long: bool = True) -> str:
    """A Discord timestamp: each reader sees it in their own time zone and it stays true after posting."""
    unix = int(when)
    return f"<t:{unix}:R> (<t:{unix}:f>)" if long else f"<t:{unix}:R>"


def deadline_lines(scene: GameScene, long: bool = True) -> list[str]:
    """One line per awaited seat with its deadline; under a bank pace, every seat's remaining bank too."""
    record = scene.record
    if record.status != "running" or not scene.due:
        return []
    out = []
    for seat_name, when in sorted(scene.due.items(), key=lambda kv: kv[1]):
        seat = record.seat_named(seat_name)
        out.append(f"⏳ {seat.name if seat and seat.name else seat_name}: due {stamp_of(when, long)}")
    if pacing.plan(record.pace).bank and scene.clocks:
        banks = ", ".join(f"{s} {pacing.span(v)}" for s, v in scene.clocks.items() if s not in scene.due)
        if banks:
            out.append(f"Time banks: {banks}")
    for kind, (yes, need) in scene.votes.items():
        out.append(f"🗳️ Vote to {kind}: {yes} of {need} (/game vote)")
    return out


def _rows(items: list[ui.Item[Any]], per_row: int = 5) -> list[ui.ActionRow[Any]]:
    rows: list[ui.ActionRow[Any]] = []
    for start in range(0, len(items), per_row):
        row: ui.ActionRow[Any] = ui.ActionRow()
        for item in items[start : start + per_row]:
            row.add_item(item)
        rows.append(row)
    return rows


def _layout(*parts: ui.Item[Any] | None, colour: int | None = None, id: int | None = None) -> ui.LayoutView:
    view = ui.LayoutView(timeout=None)
    container: ui.Container[Any] = ui.Container(accent_colour=colour, id=id)
    for part in parts:
        if part is not None:
            container.add_item(part)
    view.add_item(container)
    return view


def lobby_view(record: GameRecord, meta: GameMeta) -> ui.LayoutView:
    seats = (
        "\n".join(
            f"{i}. {present.who(s)}{' (host)' if s.user == record.host else ''}"
            for i, s in enumerate(record.seats, start=1)
        )
        or "(empty)"
    )
    options = ", ".join(f"{k}={v}" for k, v in record.options.items()) or "defaults"
    text = (
        f"## {meta.title} · lobby `{record.id}`\n{meta.summary}\n\n"
        f"**Seats** ({len(record.seats)}/{record.max_seats}, at least {meta.min_seats}):\n{seats}\n\n"
        f"**Pace:** {record.pace} · **Options:** {options}"
    )
    if record.status == "aborted":
        return _layout(
            ui.TextDisplay(present.clip(f"## {meta.title} · `{record.id}`\nThis lobby was closed."))
        )
    buttons: list[ui.Item[Any]] = [LobbyButton(record.id, a) for a in LOBBY_ACTIONS]
    return _layout(ui.TextDisplay(present.clip(text)), *_rows(buttons, per_row=3), colour=0x3498DB)


LOBBY_ACTIONS = ("join", "leave", "start", "agent-random", "agent-heuristic", "agent-search")
"""The lobby's buttons: the host adds an agent seat of the level chosen (easy, steady or strong)."""


def action_rows(scene: GameScene, anchor: str = "") -> list[ui.ActionRow[Any]]:
    """The buttons under a game's board; ``anchor``: the id of the status message they go on, which also
    gets **Undo my move** (a turn post does not: its board is soon out of date)."""
    record = scene.record
    if record.status != "running":
        return []
    items: list[ui.Item[Any]] = []
    if scene.prompts:
        secret = any(p.simultaneous for p in scene.prompts)
        items.append(OptionsButton(record.id, "Choose privately" if secret else "Your options"))
    items.append(HandButton(record.id))
    if scene.full_board:
        items.append(BoardButton(record.id))
    if anchor.isdigit():
        items.append(StatusUndoButton(record.id, anchor))
    return _rows(items)


def _board(image: bool, url: str | None = None) -> ui.MediaGallery[Any] | None:
    """The board: the message's own attachment, or ``url`` (another message's attachment, uploaded once)."""
    if not image:
        return None
    return ui.MediaGallery(
        discord.MediaGalleryItem(url or f"attachment://{BOARD_FILE}", description="The board")
    )


VERSION_ID = 1_000_000
"""The status message's container carries ``VERSION_ID + version`` as its component id: machines (the
end-to-end tests, moderators' tools) read which version it shows; people see the game's own Turn and Round."""


def status_view(
    scene: GameScene,
    image: bool,
    recent: list[str] | None = None,
    anchor: str | None = None,
    image_url: str | None = None,
) -> ui.LayoutView:
    """The one status message of a game, kept current: board, who must act, action buttons, and the latest
    steps not posted in the thread yet (they go out with the next turn post). ``anchor``: the status
    message's id, for its **Undo my move** button (by default the one the game remembers; "" for none, as
    on a new status message before the game remembers it). ``image_url``: show the board uploaded with
    another message (the turn post) instead of an attachment of its own."""
    record, meta = scene.record, scene.meta
    anchor = record.place.get("status", "") if anchor is None else anchor
    if record.status == "lobby" or (record.status == "aborted" and not scene.public_view):
        return lobby_view(record, meta)
    seats = ", ".join(present.who(s) for s in record.seats)
    where = present.standing(scene.public_view, meta.turn_word)
    head = (
        f"## {meta.title} · `{record.id}`\n**{present.status_word(record)}**"
        + (f" · {where}" if where else "")
        + f" · pace {record.pace}\n**Players:** {seats}"
        + (f"\n-# {web_line(scene)}" if scene.web else "")
    )
    waiting = (
        present.waiting_lines(record, scene.prompts, scene.public_view) if record.status == "running" else []
    )
    waiting += deadline_lines(scene) + ([scene.undo] if scene.undo and record.status == "running" else [])
    tail = "\n".join(game_over_lines(scene)) or ("\n".join(waiting) if waiting else "")
    if record.status == "paused":
        tail = "The game is paused by a moderator."
    if record.status == "aborted":
        tail = "The game was cancelled."
    latest: ui.TextDisplay[Any] | None = (
        ui.TextDisplay(present.clip("-# Latest: " + " ".join(recent), 600)) if recent and tail else None
    )
    view = _layout(
        ui.TextDisplay(present.clip(head, 1500)),
        _board(image, image_url),
        latest,
        ui.TextDisplay(present.clip(tail or "…", 2000)),
        *action_rows(scene, anchor),
        colour=0xF0BE46,
        id=VERSION_ID + record.version,
    )
    return view


TURN_POST_MAX = 1000
"""The most characters a turn post carries, so it reads at a glance on a phone; the detail is in /game log."""
TURN_HEAD_MAX = 450
"""Of which the top (who acts now, the deadlines, or the game-over ranking) takes at most this many."""


def turn_view(
    scene: GameScene, lines: list[str], mentions: list[str], image: bool, followers: list[str] | None = None
) -> ui.LayoutView:
    """The post after a turn, read at a glance: who must act now and by when first (or, at the end, the
    ranking), then what happened, summed up in a few lines (the rest is in ``/game log``), the board, and
    the followers' mentions; at most :data:`TURN_POST_MAX` characters in all."""
    record = scene.record
    over = game_over_lines(scene)
    if over:
        head = present.clip("\n".join(over), TURN_HEAD_MAX + 300, "\n… (the full ranking: /game log)")
    else:
        running = record.status == "running"
        waiting = present.waiting_lines(record, scene.prompts, scene.public_view) if running else []
        top = ["**To act now:** " + " ".join(mentions)] if mentions else []
        top += deadline_lines(scene, long=False)
        head = present.clip("\n".join(top + waiting), TURN_HEAD_MAX, "\n… (/game log)")
    tail = present.clip("-# Following: " + " ".join(followers), 150, " …") if followers else ""
    budget = TURN_POST_MAX - len(head) - len(tail) - 4
    body = present.summary(lines, budget) or ("" if head else "…")  # a message is never empty
    return _layout(
        ui.TextDisplay(head) if head else None,
        ui.TextDisplay(body) if body else None,
        _board(image),
        ui.TextDisplay(tail) if tail else None,
        *action_rows(scene),
    )


def follow_view(scene: GameScene, lines: list[str], image: bool) -> ui.LayoutView:
    """A turn post sent by DM to a member who follows the game: the game and its thread, who acts now and by
    when, what happened and the board; no buttons (a game is played in its own server)."""
    record = scene.record
    thread = record.place.get("thread")
    title = f"**{scene.meta.title}** `{record.id}`" + (f" in <#{thread}>" if thread else "")
    over = game_over_lines(scene)
    running = record.status == "running"
    now = over or (
        (present.waiting_lines(record, scene.prompts, scene.public_view) if running else [])
        + deadline_lines(scene, long=False)
    )
    head = present.clip("\n".join([title, *now]), TURN_HEAD_MAX + 200, "\n… (/game log)")
    body = present.summary(lines, TURN_POST_MAX - len(head) - 4)
    return _layout(ui.TextDisplay(head), ui.TextDisplay(body) if body else None, _board(image))


def game_over_lines(scene: GameScene) -> list[str]:
    """The end of the game as everyone reads it: why it ended, the full ranking with each seat's score and
    rating change, and where the replay is; [] while it runs."""
    record = scene.record
    if record.status != "finished":
        return []
    outcome = scene.outcome
    reason = present.sentence(record.reason or (outcome.reason if outcome else ""))
    lines = [f"**Game over.** {reason}".rstrip()]
    named = [s for w in record.winners if (s := record.seat_named(w)) is not None]
    if outcome is not None and outcome.ranking and (outcome.winners or outcome.draw):
        for place, group in enumerate(outcome.ranking, start=1):
            entries = [_ranked(scene, seat) for seat in group]
            lines.append(f"{place}. " + ", ".join(entries) + (" (tied)" if len(group) > 1 else ""))
    else:
        if outcome is not None and outcome.scores:
            lines.append("Scores: " + ", ".join(_ranked(scene, seat) for seat in outcome.scores))
        lines.append(
            "Winner: " + ", ".join(present.player(s) for s in named) + "." if named else "Nobody won."
        )
    if scene.replay:
        lines.append(scene.replay)
    if scene.web:
        lines.append(web_line(scene))
    return lines


def _ranked(scene: GameScene, seat: str) -> str:
    """One seat of the final ranking: its player, its score, its rating change."""
    found = scene.record.seat_named(seat)
    text = f"**{present.player(found)}**" if found is not None else f"**{seat}**"
    outcome = scene.outcome
    if outcome is not None and seat in outcome.scores:
        text += f" {present.score(outcome.scores[seat])}"
    if seat in scene.ratings:
        before, after = scene.ratings[seat]
        text += f" · rating {after:.1f} ({after - before:+.1f})"
    return text


COMPONENTS_MAX = 40
"""Discord's limit of components in one Components V2 message (the container and texts count)."""


def family_rows(record: GameRecord, legal: list[tuple[str, str]], stamp: Stamp) -> list[ui.Item[Any]]:
    """The option buttons grouped by family (play, move, trade, discard, end), each family headed by its
    name when there are several, coloured by role; ungrouped when the headings would not fit."""
    groups = menus.grouped(legal)
    items: list[ui.Item[Any]] = []
    for name, options in groups:
        if len(groups) > 1:
            items.append(ui.TextDisplay(f"-# **{menus.HEADINGS[name]}**"))
        items += _rows(
            [ActionButton(record.id, stamp, k, label, style=menus.style(k)) for k, label in options]
        )
    buttons = sum(len(options) for _, options in groups)
    if 3 + len(items) + buttons > COMPONENTS_MAX:
        ordered = [(k, label) for _, options in groups for k, label in options]
        return list(
            _rows([ActionButton(record.id, stamp, k, label, style=menus.style(k)) for k, label in ordered])
        )
    return items


def end_turn_view(record: GameRecord, key: str, label: str, remaining: list[str]) -> ui.LayoutView | None:
    """Ending the turn while other actions remain: asked once, with the way back to the options. None when
    the confirmation's custom id would not fit (the move is then played as asked)."""
    if len(end_custom_id(record.id, record.version, key)) > CUSTOM_ID_MAX:
        return None
    still = ", ".join(k.replace("_", " ") for k in remaining[:8])
    text = f"**{label}?** You can still: {still}. End your turn anyway?"
    return _layout(
        ui.TextDisplay(present.clip(text, 1500)),
        *_rows(
            [EndTurnButton(record.id, record.version, key), OptionsButton(record.id, "Back to my options")]
        ),
    )


def options_view(
    record: GameRecord, header: str, legal: list[tuple[str, str]], page: int, stamp: Stamp
) -> ui.LayoutView:
    """The caller's own options, ephemeral: buttons when few, a paged select when many."""
    parts: list[ui.Item[Any]] = [ui.TextDisplay(present.clip(header, 1500))]
    if len(legal) <= EPHEMERAL_BUTTONS_MAX and all(fits(record.id, stamp, k) for k, _ in legal):
        return _layout(*parts, *family_rows(record, legal, stamp))
    pages = max(1, -(-len(legal) // SELECT_MAX))
    page = min(max(page, 0), pages - 1)
    chunk = legal[page * SELECT_MAX : (page + 1) * SELECT_MAX]
    row: ui.ActionRow[Any] = ui.ActionRow()
    row.add_item(
        IntentSelect(
            record.id,
            stamp,
            page,
            chunk,
            placeholder=f"Choose… (page {page + 1} of {pages}, {len(legal)} options)",
        )
    )
    parts.append(row)
    nav: list[ui.Item[Any]] = []
    if page > 0:
        nav.append(PageButton(record.id, page - 1, "◀ Previous"))
    if page < pages - 1:
        nav.append(PageButton(record.id, page + 1, "Next ▶"))
    parts += _rows(nav)
    return _layout(*parts)


def parts_view(
    record: GameRecord,
    header: str,
    entries: list[Choice],
    prefix: str,
    page: int,
    stamp: Stamp,
    up: str | None = None,
) -> ui.LayoutView | None:
    """One part (``prefix``) of a menu asked in parts: buttons when few (a whole intent plays, a partial one
    opens its next part), else a paged select; "Back" opens the part ``up`` when given. None when a custom
    id would not fit Discord's 100 characters (the caller falls back to the paged list of every option)."""
    ids = [part_custom_id(record.id, stamp, c.key, 0) for c in entries if not c.complete]
    ids += [part_custom_id(record.id, stamp, prefix, page + 1)]
    ids += [part_custom_id(record.id, stamp, up)] if up is not None else []
    if any(len(i) > CUSTOM_ID_MAX for i in ids):
        return None
    parts: list[ui.Item[Any]] = [ui.TextDisplay(present.clip(header, 1500))]
    back: list[ui.Item[Any]] = [PartButton(record.id, stamp, up, "◀ Back")] if up is not None else []
    if len(entries) <= EPHEMERAL_BUTTONS_MAX and all(
        fits(record.id, stamp, c.key) for c in entries if c.complete
    ):
        buttons: list[ui.Item[Any]] = [
            ActionButton(record.id, stamp, c.key, c.label, style=menus.style(c.key))
            if c.complete
            else PartButton(record.id, stamp, c.key, c.label, style=discord.ButtonStyle.primary)
            for c in entries
        ]
        parts += _rows(buttons + back)
        return _layout(*parts)
    pages = max(1, -(-len(entries) // SELECT_MAX))
    page = min(max(page, 0), pages - 1)
    chunk = entries[page * SELECT_MAX : (page + 1) * SELECT_MAX]
    row: ui.ActionRow[Any] = ui.ActionRow()
    options = [(c.key if c.complete else PART_MARK + c.key, c.label) for c in chunk]
    row.add_item(
        PartSelect(
            record.id,
            stamp,
            options,
            placeholder=f"Choose… (page {page + 1} of {pages}, {len(entries)} options)",
        )
    )
    parts.append(row)
    nav: list[ui.Item[Any]] = list(back)
    if page > 0:
        nav.append(PartButton(record.id, stamp, prefix, "◀ Previous", page - 1))
    if page < pages - 1:
        nav.append(PartButton(record.id, stamp, prefix, "Next ▶", page + 1))
    parts += _rows(nav)
    return _layout(*parts)


def hand_view(record: GameRecord, meta: GameMeta, text: str, image: bool, has_options: bool) -> ui.LayoutView:
    parts: list[ui.Item[Any]] = [
        ui.TextDisplay(present.clip(f"## Your hand · {meta.title} `{record.id}`\n{text}", 3000))
    ]
    if image:
        parts.append(
            ui.MediaGallery(
                discord.MediaGalleryItem(f"attachment://{HAND_FILE}", description="Your private view")
            )
        )
    if has_options:
        parts += _rows([OptionsButton(record.id)])
    return _layout(*parts)


def confirm_view(game: str, action: str, text: str) -> ui.LayoutView:
    return _layout(
        ui.TextDisplay(present.clip(text, 1500)), *_rows([ConfirmButton(game, action)]), colour=0xE74C3C
    )


DAMAGED_WORD = "Set aside for a moderator"
DAMAGED_TEXT = (
    "This game is paused: its saved data could not be used. A moderator can resume it once the data "
    "is repaired (`/game resume`) or cancel it (`/game abort`). Every other game goes on."
)


def damaged_view(title: str, game_id: str) -> ui.LayoutView:
    """The status message of a game set aside: what happened and what a moderator can do, no buttons."""
    text = f"## {title} · `{game_id}`\n**{DAMAGED_WORD}**\n{DAMAGED_TEXT}"
    return _layout(ui.TextDisplay(present.clip(text, 2000)), colour=0x95A5A6)
