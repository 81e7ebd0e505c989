"""What happens when someone clicks or types: the shared flows behind commands and components.

Every flow acknowledges the interaction first (Discord allows 3 seconds), then talks to the table,
then follows up. Private answers are always ephemeral. Errors are not handled here: components run
these flows inside :func:`cogs.ui.errors.reported`, which hands their errors to
:func:`cogs.ui.errors.report`, the one place that turns errors into messages. The flows a component or the
reporter starts reach them through :class:`cogs.ui.dispatch.Flows` (provided by the composition root), so
neither of them imports this module.
"""

from __future__ import annotations

import contextlib
import logging
import re

import discord

from bot import present
from bot.services import Services, services_of
from engine.core import registry
from engine.core.errors import (
    DamagedGame,
    IllegalIntent,
    MalformedIntent,
    NotYourTurn,
    RuleError,
    StaleVersion,
)
from engine.core.intent import Intent
from engine.records import GameRecord
from engine.table import NotAllowed, SeatMenu, Update

from . import components as cx
from . import layouts as lx
from . import menus

# The answering primitives and the rate limit live in their own modules (the components and the error
# reporter use them too); they are re-exported here for the cogs that answer through the flows.
from .admission import admit as admit
from .admission import install_rate_limit as install_rate_limit
from .answer import ack as ack
from .answer import png as png
from .answer import send as send
from .answer import text_view as text_view
from .answer import user_id as user_id
from .authority import authorized as authorized
from .authority import is_moderator as is_moderator
from .flows_seat import show_hand as show_hand
from .flows_undo import pending_line
from .stamps import TOKEN_PATTERN, Stamp
from .undo_items import undo_row

log = logging.getLogger(__name__)


# --- what public messages show -----------------------------------------------------------------


async def scene(services: Services, game_id: str) -> lx.GameScene:
    """What the game's status message shows, in one table call. No action buttons on public messages: a
    seat's legal intents can reveal its hidden cards, so each player opens their own options ephemerally
    ("Your options" / "Choose privately")."""
    found = await services.table.scene(game_id)
    record = found.record
    meta = registry.get(record.game).meta
    if record.status == "lobby":
        return lx.GameScene(record, meta)
    request = found.undo
    return lx.GameScene(
        record,
        meta,
        found.prompts,
        found.public_view,
        found.due,
        found.clocks,
        found.votes,
        services.renderer.has_compact(record.game),
        pending_line(request, found.undo_ends or 0.0) if request is not None else "",
        found.outcome,
        await rating_changes(services, record) if record.status == "finished" else {},
        web=await web_link(services, record),
    )


async def rating_changes(services: Services, record: GameRecord) -> dict[str, tuple[float, float]]:
    """Each rated seat's shown rating before and after the game, from its saved result; {} when the game
    was not rated (or results are not kept)."""
    if services.leagues is None:
        return {}
    try:
        result = await services.leagues.result(record.id)
    except Exception:  # noqa: BLE001 - the ranking is still shown without the ratings
        log.exception("the result of game %s could not be read", record.id)
        return {}
    if result is None or not result.after:
        return {}
    return {
        line.seat: (result.before[line.user].shown, result.after[line.user].shown)
        for line in result.players
        if line.user in result.after and line.user in result.before and line.seat
    }


async def web_link(services: Services, record: GameRecord) -> str:
    """The game's web page, when its server turned the web on and the bot knows its public address."""
    if services.web is None:
        return ""
    try:
        return await services.web.game(record) or ""
    except Exception:  # a link is a bonus: it never stops a post
        log.exception("the web link of game %s could not be made", record.id)
        return ""


# --- flows -------------------------------------------------------------------------------------


TYPED_MAX = 200
"""The longest move text ``/play`` reads (a label or a key; menu values are at most 100 characters)."""
_TYPED = re.compile(r"(?:v(?P<version>\d{1,12})|s(?P<choice>" + TOKEN_PATTERN + r")?)\|(?P<key>.{1,80})")


def menu_value(stamp: Stamp, key: str) -> str:
    """The value of a ``/play`` menu entry: the stamp it was offered at, then the intent key. A value that
    would not fit Discord's 100 characters is the bare key, checked as typed by hand."""
    head = f"s{stamp.choice}" if stamp.choice is not None else f"v{stamp.version}"
    value = f"{head}|{key}"
    return value if len(value) <= cx.CUSTOM_ID_MAX else key


def typed_move(text: str) -> tuple[Stamp | None, str]:
    """(stamp, key) of a menu value; (None, text) for text typed by hand."""
    found = _TYPED.fullmatch(text)
    if found is None:
        return None, text
    if found["version"] is not None:
        return Stamp.of_version(int(found["version"])), found["key"]
    return Stamp(choice=found["choice"] or ""), found["key"]


def resolve_key(text: str, legal: list[tuple[Intent, str]]) -> str:
    """A move typed by hand: an intent key, or a label from the menu (matched without case), legal now."""
    text = (text or "").strip()
    if not text:
        raise MalformedIntent("Choose an action (the menu lists what you can do now).")
    if any(i.key() == text for i, _ in legal):
        return text
    folded = text.casefold()
    for intent, label in legal:
        if label.casefold() == folded:
            return intent.key()
    raise IllegalIntent(
        f"“{present.clip(text, 60)}” is not one of your moves now. Start typing in /play's "
        "action box to see the menu of what you can do."
    )


def offer_stamp(menu: SeatMenu) -> Stamp:
    """What the options of ``menu`` are offered for: the seat's open secret decision, else the version (the
    menu was read from one version, so the stamp is never newer than the options)."""
    ref = menu.secret_ref()
    return Stamp.of_ref(ref) if ref is not None else Stamp.of_version(menu.record.version)


NO_DECISION = "\x00none"
"""A ref no decision has: what a secret button names while its game is not running."""


def _open_decision(menu: SeatMenu, token: str) -> str:
    """The ref of the caller's open secret decision whose token a button carries; stale when none is."""
    if menu.record.status == "damaged":  # before the seat: a damaged game may have lost its seat rows
        raise DamagedGame()
    if menu.seat is None:
        raise NotAllowed("You are not playing in this game.")
    if menu.record.status != "running":
        return NO_DECISION  # the table says why (paused, over); should it run again, nothing matches this
    for prompt in menu.mine:
        if prompt.simultaneous and Stamp.of_ref(prompt.ref).choice == token:
            return prompt.ref
    raise StaleVersion("That choice is over: the board has moved on.")


def _hand_typed(menu: SeatMenu, text: str) -> tuple[str, Stamp]:
    """A move typed by hand is taken only as a move legal now, stamped with the state it was found in."""
    if not menu.options:
        if menu.record.status == "damaged":  # before the seat: a damaged game may have lost its seat rows
            raise DamagedGame()
        if menu.seat is None:
            raise NotAllowed("You are not playing in this game.")
        if menu.record.status != "running":
            raise IllegalIntent(f"Nothing to decide: the game is {present.status_word(menu.record).lower()}.")
        raise NotYourTurn("You have nothing to decide right now.")
    return resolve_key(text, menu.options), offer_stamp(menu)


async def submit(
    interaction: discord.Interaction,
    game_id: str,
    key: str,
    stamp: Stamp | None = None,
    confirmed: bool = False,
) -> None:
    """Play an intent for the caller's seat. The interaction id is the idempotency key.

    ``stamp`` is what the intent was offered for (a version, or a secret decision); None for a move typed
    by hand, which is accepted only as a key or label legal now (see :mod:`cogs.play`). ``confirmed``: the
    player has confirmed ending the turn while other actions remained (asked once, see
    :mod:`cogs.ui.menus`). Three table calls: the record (whose server and thread), the menu the move is
    checked against, and the move, which returns the next menu."""
    await ack(interaction)
    services = services_of(interaction)
    table = services.table
    await authorized(interaction, game_id)
    user = user_id(interaction)
    key = (key or "")[:TYPED_MAX]
    menu = await table.menu(game_id, user)
    choice: str | None = None
    try:
        if stamp is None:
            key, stamp = _hand_typed(menu, key)
        elif not confirmed and await _asked_to_confirm(interaction, menu, key, stamp):
            return
        if stamp.secret:
            choice = _open_decision(menu, stamp.choice or "")
    except RuleError:
        # a second delivery of an applied interaction finds its move gone: it was applied, not refused
        if await table.already_applied(game_id, str(interaction.id)):
            await send(interaction, "That action was already applied.")
            return
        raise
    try:
        update = await table.submit(
            game_id,
            user,
            key,
            idempotency_key=str(interaction.id),
            choice=choice,
            expected_version=None if stamp.secret else stamp.version,
            next_menu=cx.EPHEMERAL_BUTTONS_MAX,
        )
    except (NotYourTurn, IllegalIntent):
        if stamp.secret:
            # A secret-choice button is made from the legal choices of its moment; refused now, it is a
            # spent or outdated button (e.g. the first half of a two-part secret choice clicked again).
            raise StaleVersion("The board has moved on.") from None
        raise
    if update.duplicate:
        await send(interaction, "That action was already applied.")
        return
    await _applied(interaction, update, user, key, menu.labels)
    note = services.notes.take(game_id)  # Discord refused a post of this game earlier: say so, once
    if note is not None:
        await send(interaction, note)


async def _asked_to_confirm(interaction: discord.Interaction, menu: SeatMenu, key: str, stamp: Stamp) -> bool:
    """Ending the turn from a button while other actions remain: ask once instead of playing it."""
    if stamp.secret or stamp.version != menu.record.version:
        return False
    labels = menu.labels
    remaining = menus.ends_turn_early(key, labels) if key in labels else []
    view = lx.end_turn_view(menu.record, key, labels.get(key, key), remaining) if remaining else None
    if view is None:
        return False
    await send(interaction, view=view)
    return True


async def _applied(
    interaction: discord.Interaction, update: Update, user: str, key: str, labels: dict[str, str]
) -> None:
    """Name the move applied, with the caller's private events, then their next options if any."""
    record = update.record
    seat = record.seat_of(user)
    mine = [
        f"• {e.text}"
        for e in update.events
        if e.audience is not None and seat is not None and seat.seat in e.audience
    ]
    text = f"✅ {labels.get(key, key)}"
    if mine:
        text += "\n" + "\n".join(mine)
    menu = update.menu
    if menu is not None and _shows_next(menu, key) and record.status == "running":
        view = options_payload(menu, 0, intro=text + "\n\n")
    elif seat is not None and record.status == "running" and update.applied:
        view = text_view(text)
    else:
        await send(interaction, text)
        return
    if seat is not None and record.status == "running" and update.applied:
        with contextlib.suppress(ValueError):  # a view already full keeps its options: /game undo remains
            view.add_item(undo_row(record.id, record.version, seat.seat))
    await send(interaction, view=view)


def _shows_next(menu: SeatMenu, key: str) -> bool:
    """Whether the answer to a move shows the seat's next options: when the game waits for it, or when the
    move was a standing action and more of its kind remain (a second discard); after ending a turn, the
    offers open at any moment are not pushed at the player (its options button still shows them)."""
    if not menu.mine or not menu.options:
        return False
    if not menu.standing:
        return True
    kind = key.split(":", 1)[0]
    return any(i.kind == kind for i, _ in menu.options)


def options_payload(menu: SeatMenu, page: int, intro: str = "") -> discord.ui.LayoutView:
    """The caller's options: buttons when few, a menu asked in parts when more than a select holds (the
    part the menu was read at); the paged list of every option if a part would not fit."""
    record = menu.record
    if menu.seat is None:
        return text_view(intro + "You are not playing in this game; you can watch the board in its thread.")
    if not menu.options or not menu.mine:
        if record.status != "running":
            return text_view(intro + f"Nothing to decide: the game is {present.status_word(record).lower()}.")
        waiting = present.waiting_lines(record, menu.prompts, menu.public_view or {})
        return text_view(intro + "You have nothing to decide right now.\n" + "\n".join(waiting))
    stamp = offer_stamp(menu)
    header = (
        intro
        + ("**Nothing waits for you; you may act meanwhile**" if menu.standing else "**Your decision**")
        + (" (secret: only you see this)" if stamp.secret else "")
        + ":\n"
        + ("\n".join(present.undoubled(p.text, p.seat) for p in menu.mine))
    )
    if menu.due is not None:
        header += f"\n⏳ Due {lx.stamp_of(menu.due)}"
    if menu.standing:  # whose move it is meanwhile
        header += "\n" + "\n".join(present.waiting_lines(record, menu.prompts, menu.public_view or {}))
    keyed = [(i.key(), label) for i, label in menu.options]
    parts = menu.parts
    if len(keyed) > cx.EPHEMERAL_BUTTONS_MAX and parts is not None:  # asked in parts, never a long page
        view = lx.parts_view(record, header, parts.entries, parts.prefix, page, stamp, parts.up)
        if view is not None:
            return view
    return lx.options_view(record, header, keyed, page, stamp)


async def _options(services: Services, game_id: str, user: str, prefix: str = "") -> SeatMenu:
    return await services.table.menu(game_id, user, prefix[:PREFIX_MAX], cx.EPHEMERAL_BUTTONS_MAX)


async def show_options(
    interaction: discord.Interaction, game_id: str, page: int = 0, edit: bool = False
) -> None:
    """The caller's options, ephemerally; a page turn edits the ephemeral message in place."""
    services = services_of(interaction)
    await authorized(interaction, game_id)
    if edit and not interaction.response.is_done():
        menu = await _options(services, game_id, user_id(interaction))
        await interaction.response.edit_message(view=options_payload(menu, page))
        return
    await ack(interaction)
    menu = await _options(services, game_id, user_id(interaction))
    await send(interaction, view=options_payload(menu, page))


async def show_part(
    interaction: discord.Interaction, game_id: str, stamp: Stamp, prefix: str, page: int = 0
) -> None:
    """The next part of a menu asked in parts (or another page of one), edited in place. The part must
    belong to the options offered now: one from an older menu is stale (the board has moved on)."""
    services = services_of(interaction)
    record = await authorized(interaction, game_id)
    if not stamp.secret and stamp.version != record.version:
        raise StaleVersion("The board has moved on since that menu was shown.")
    menu = await _options(services, game_id, user_id(interaction), prefix)
    if stamp.secret:
        _open_decision(menu, stamp.choice or "")
    elif stamp.version != menu.record.version:
        raise StaleVersion("The board has moved on since that menu was shown.")
    view = options_payload(menu, page)
    if interaction.response.is_done():
        await send(interaction, view=view)
    else:
        await interaction.response.edit_message(view=view)


PREFIX_MAX = 80
"""A partial intent key is at most as long as a whole one."""


async def stale(interaction: discord.Interaction, game_id: str) -> None:
    """A click on an older version: say so politely, with the fresh options."""
    menu = await _options(services_of(interaction), game_id, user_id(interaction))
    intro = "The board has moved on since those options were shown. "
    await send(interaction, view=options_payload(menu, 0, intro=intro))
