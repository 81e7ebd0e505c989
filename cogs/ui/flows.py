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
from typing import Any

import discord

from bot import present
from bot.services import Services, services_of
from engine.core import registry
from engine.core.errors import IllegalIntent, MalformedIntent, NotYourTurn, StaleVersion
from engine.core.intent import Intent
from engine.core.menus import Choice
from engine.core.model import Prompt
from engine.records import GameRecord
from engine.table import NotAllowed, Table

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
    table = services.table
    record = await table.record(game_id)
    meta = registry.get(record.game).meta
    if record.status == "lobby":
        return lx.GameScene(record, meta)
    prompts = await table.prompts(game_id)
    public_view = await table.seat_view(game_id, None)
    request = await table.undo_pending(game_id)
    # No action buttons on public messages: a seat's legal intents can reveal its hidden cards, so each
    # player opens their own options ephemerally ("Your options" / "Choose privately").
    return lx.GameScene(
        record,
        meta,
        prompts,
        public_view,
        await table.due(game_id),
        await table.clocks(game_id),
        await table.open_votes(game_id),
        services.renderer.has_compact(record.game),
        pending_line(request, request.opened_at + table.undo_ttl) if request is not None else "",
    )


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


def offer_stamp(record: GameRecord, prompts: list[Prompt], seat: str | None) -> Stamp:
    """What the options shown now are offered for: the seat's open secret decision, else the version.
    ``prompts`` must be read after ``record``, so the stamp is never newer than the options."""
    secret = next((p for p in prompts if p.seat == seat and p.simultaneous), None)
    return Stamp.of_ref(secret.ref) if secret is not None else Stamp.of_version(record.version)


NO_DECISION = "\x00none"
"""A ref no decision has: what a secret button names while its game is not running."""


async def _open_decision(table: Table, record: GameRecord, user: str, token: str) -> str:
    """The ref of the caller's open secret decision whose token a button carries; stale when none is."""
    seat = record.seat_of(user)
    if seat is None:
        raise NotAllowed("You are not playing in this game.")
    if record.status != "running":
        return NO_DECISION  # the table says why (paused, over); should it run again, nothing matches this
    for prompt in await table.prompts(record.id):
        if prompt.seat == seat.seat and prompt.simultaneous and Stamp.of_ref(prompt.ref).choice == token:
            return prompt.ref
    raise StaleVersion("That choice is over: the board has moved on.")


async def _hand_typed(
    table: Table, record: GameRecord, user: str, text: str, legal: list[tuple[Intent, str]]
) -> tuple[str, Stamp]:
    """A move typed by hand is taken only as a move legal now, stamped with the state it was found in."""
    if not legal:
        if record.seat_of(user) is None:
            raise NotAllowed("You are not playing in this game.")
        if record.status != "running":
            raise IllegalIntent(f"Nothing to decide: the game is {present.status_word(record).lower()}.")
        raise NotYourTurn("You have nothing to decide right now.")
    seat = record.seat_of(user)
    return resolve_key(text, legal), offer_stamp(
        record, await table.prompts(record.id), seat.seat if seat else None
    )


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
    :mod:`cogs.ui.menus`)."""
    await ack(interaction)
    services = services_of(interaction)
    table = services.table
    record = await authorized(interaction, game_id)
    user = user_id(interaction)
    key = (key or "")[:TYPED_MAX]
    legal = await table.legal(game_id, user)
    seen = await table.store.idempotent(game_id, str(interaction.id)) is not None
    choice: str | None = None
    if not seen:  # a second delivery of an applied interaction is answered "already applied" by the table
        if stamp is None:
            key, stamp = await _hand_typed(table, record, user, key, legal)
        elif not confirmed and await _asked_to_confirm(interaction, record, key, stamp, legal):
            return
        if stamp.secret:
            choice = await _open_decision(table, record, user, stamp.choice or "")
    try:
        update = await table.submit(
            game_id,
            user,
            key,
            idempotency_key=str(interaction.id),
            choice=choice,
            expected_version=None if stamp is None or stamp.secret else stamp.version,
        )
    except (NotYourTurn, IllegalIntent):
        if stamp is not None and stamp.secret:
            # A secret-choice button is made from the legal choices of its moment; refused now, it is a
            # spent or outdated button (e.g. the first half of a two-part secret choice clicked again).
            raise StaleVersion("The board has moved on.") from None
        raise
    if update.duplicate:
        await send(interaction, "That action was already applied.")
        return
    await _applied(interaction, services, update, user, key, {i.key(): label for i, label in legal})


async def _asked_to_confirm(
    interaction: discord.Interaction,
    record: GameRecord,
    key: str,
    stamp: Stamp,
    legal: list[tuple[Intent, str]],
) -> bool:
    """Ending the turn from a button while other actions remain: ask once instead of playing it."""
    if stamp.secret or stamp.version != record.version:
        return False
    labels = {i.key(): label for i, label in legal}
    remaining = menus.ends_turn_early(key, labels) if key in labels else []
    view = lx.end_turn_view(record, key, labels.get(key, key), remaining) if remaining else None
    if view is None:
        return False
    await send(interaction, view=view)
    return True


async def _applied(
    interaction: discord.Interaction,
    services: Services,
    update: Any,
    user: str,
    key: str,
    labels: dict[str, str],
) -> None:
    """Name the move applied, with the caller's private events, then their next options if any."""
    seat = update.record.seat_of(user)
    mine = [
        f"• {e.text}"
        for e in update.events
        if e.audience is not None and seat is not None and seat.seat in e.audience
    ]
    text = f"✅ {labels.get(key, key)}"
    if mine:
        text += "\n" + "\n".join(mine)
    more = await _next_options(services, update.record, seat.seat if seat else None, key)
    record = update.record
    if more and record.status == "running":
        view = await _options_payload(services, record.id, user, 0, intro=text + "\n\n")
    elif seat is not None and record.status == "running" and update.applied:
        view = text_view(text)
    else:
        await send(interaction, text)
        return
    if seat is not None and record.status == "running" and update.applied:
        with contextlib.suppress(ValueError):  # a view already full keeps its options: /game undo remains
            view.add_item(undo_row(record.id, record.version, seat.seat))
    await send(interaction, view=view)


async def _next_options(services: Services, record: GameRecord, seat: str | None, key: str) -> bool:
    """Whether the answer to a move shows the seat's next options: when the game waits for it, or when the
    move was a standing action and more of its kind remain (a second discard); after ending a turn, the
    offers open at any moment are not pushed at the player (its options button still shows them)."""
    if seat is None:
        return False
    table = services.table
    if any(p.seat == seat for p in await table.prompts(record.id)):
        return True
    if not any(p.seat == seat for p in await table.standing(record.id)):
        return False
    kind = key.split(":", 1)[0]
    return any(i.kind == kind for i, _ in await table.legal(record.id, record.user_of(seat) or ""))


async def _options_payload(
    services: Services, game_id: str, user: str, page: int, intro: str = "", prefix: str = ""
) -> discord.ui.LayoutView:
    """The caller's options: buttons when few, a menu asked in parts (:meth:`Table.choices`) when more
    than a select holds, at part ``prefix``; the paged list of every option if a part would not fit."""
    table = services.table
    record = await table.record(game_id)
    seat = record.seat_of(user)
    if seat is None:
        return text_view(intro + "You are not playing in this game; you can watch the board in its thread.")
    legal = await table.legal(game_id, user)
    prompts = [p for p in await table.prompts(game_id) if p.seat == seat.seat]
    if not prompts:  # nothing waits for this seat; it may still have offers open at any moment
        prompts = [p for p in await table.standing(game_id) if p.seat == seat.seat]
    if not legal or not prompts:
        if record.status != "running":
            return text_view(intro + f"Nothing to decide: the game is {present.status_word(record).lower()}.")
        all_prompts = await table.prompts(game_id)
        waiting = present.waiting_lines(record, all_prompts, await table.seat_view(game_id, None))
        return text_view(intro + "You have nothing to decide right now.\n" + "\n".join(waiting))
    stamp = offer_stamp(record, prompts, seat.seat)
    header = (
        intro
        + ("**Nothing waits for you; you may act meanwhile**" if prompts[0].standing else "**Your decision**")
        + (" (secret: only you see this)" if stamp.secret else "")
        + ":\n"
        + ("\n".join(present.undoubled(p.text, p.seat) for p in prompts))
    )
    when = (await table.due(game_id)).get(seat.seat)
    if when is not None:
        header += f"\n⏳ Due {lx.stamp_of(when)}"
    if prompts[0].standing:  # whose move it is meanwhile
        waited = await table.prompts(game_id)
        header += "\n" + "\n".join(
            present.waiting_lines(record, waited, await table.seat_view(game_id, None))
        )
    keyed = [(i.key(), label) for i, label in legal]
    if len(keyed) > cx.EPHEMERAL_BUTTONS_MAX:  # more than buttons hold: asked in parts, never a long page
        parts = await _parts(services.table, record, user, header, prefix, page, stamp)
        if parts is not None:
            return parts
    return lx.options_view(record, header, keyed, page, stamp)


PART_DEPTH_MAX = 12
"""More arguments than any intent has: a bound on opening single-entry parts one after the other."""


async def _parts(
    table: Table, record: GameRecord, user: str, header: str, prefix: str, page: int, stamp: Stamp
) -> discord.ui.LayoutView | None:
    prefix, entries = await _descend(table, record.id, user, prefix)
    if not entries and prefix:  # that part is not offered (any more, or never was): from the top
        prefix, entries = await _descend(table, record.id, user, "")
    if not entries:
        return None
    up = await _up(table, record.id, user, prefix)
    return lx.parts_view(record, header, entries, prefix, page, stamp, up)


async def _descend(table: Table, game_id: str, user: str, prefix: str) -> tuple[str, list[Choice]]:
    """A part with a single partial entry asks nothing: its next part opens at once."""
    entries = await table.choices(game_id, user, prefix)
    for _ in range(PART_DEPTH_MAX):
        if len(entries) != 1 or entries[0].complete:
            break
        prefix = entries[0].key
        entries = await table.choices(game_id, user, prefix)
    return prefix, entries


async def _up(table: Table, game_id: str, user: str, prefix: str) -> str | None:
    """The part "Back" opens: the nearest part above with more than one entry; None at the top."""
    while prefix:
        prefix = lx.parent_prefix(prefix)
        if len(await table.choices(game_id, user, prefix)) > 1:
            return prefix
    return None


async def _send_options(
    interaction: discord.Interaction, services: Services, game_id: str, user: str, page: int, intro: str = ""
) -> None:
    await send(interaction, view=await _options_payload(services, game_id, user, page, intro))


async def show_options(
    interaction: discord.Interaction, game_id: str, page: int = 0, edit: bool = False
) -> None:
    """The caller's options, ephemerally; a page turn edits the ephemeral message in place."""
    services = services_of(interaction)
    await authorized(interaction, game_id)
    if edit and not interaction.response.is_done():
        view = await _options_payload(services, game_id, user_id(interaction), page)
        await interaction.response.edit_message(view=view)
        return
    await ack(interaction)
    await _send_options(interaction, services, game_id, user_id(interaction), page)


async def show_part(
    interaction: discord.Interaction, game_id: str, stamp: Stamp, prefix: str, page: int = 0
) -> None:
    """The next part of a menu asked in parts (or another page of one), edited in place. The part must
    belong to the options offered now: one from an older menu is stale (the board has moved on)."""
    services = services_of(interaction)
    record = await authorized(interaction, game_id)
    user = user_id(interaction)
    if stamp.secret:
        await _open_decision(services.table, record, user, stamp.choice or "")
    elif stamp.version != record.version:
        raise StaleVersion("The board has moved on since that menu was shown.")
    view = await _options_payload(services, game_id, user, page, prefix=prefix[:PREFIX_MAX])
    if interaction.response.is_done():
        await send(interaction, view=view)
    else:
        await interaction.response.edit_message(view=view)


PREFIX_MAX = 80
"""A partial intent key is at most as long as a whole one."""


async def stale(interaction: discord.Interaction, game_id: str) -> None:
    """A click on an older version: say so politely, with the fresh options."""
    services = services_of(interaction)
    await _send_options(
        interaction,
        services,
        game_id,
        user_id(interaction),
        0,
        intro="The board has moved on since those options were shown. ",
    )
