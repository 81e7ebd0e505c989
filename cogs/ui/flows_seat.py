"""The flows about a member's own seat: the hand (``/hand``, "My hand"), the lobby buttons and the
confirmation of an irreversible command. Registered by name like the others (:mod:`cogs.ui.flows` imports
this module)."""

from __future__ import annotations

import logging

import discord

from bot import present
from bot.services import Services, services_of
from engine.core import hand_text, registry
from engine.records import GameRecord

from . import layouts as lx
from .answer import ack, png, send, user_id
from .authority import authorized, is_moderator

log = logging.getLogger(__name__)


async def show_hand(interaction: discord.Interaction, game_id: str) -> None:
    """The caller's private view and private image, ephemerally."""
    await ack(interaction)
    services = services_of(interaction)
    user = user_id(interaction)
    record = await authorized(interaction, game_id)
    meta = registry.get(record.game).meta
    seat = record.seat_of(user)
    if seat is None:
        await send(
            interaction,
            f"You are not playing in {meta.title} `{record.id}`. Spectators see the public "
            "board in the game's thread.",
        )
        return
    if record.status == "lobby":
        await send(interaction, f"{meta.title} `{record.id}` has not started yet: no hand to show.")
        return
    view, file = await hand_message(services, record, user, seat.seat)
    await send(interaction, view=view, file=file)


async def hand_message(
    services: Services, record: GameRecord, user: str, seat: str, intro: str = "", options: bool = True
) -> tuple[discord.ui.LayoutView, discord.File | None]:
    """The private message of ``user``, who plays ``seat``: the private image and the readable text of what
    only that seat sees, with its move (and, where ``options``, the button to its options). ``/hand`` shows
    it, and a player whose hand an undo changed gets it by DM (:mod:`cogs.announcer`), ``intro`` saying
    why."""
    table = services.table
    meta = registry.get(record.game).meta
    view = await table.view(record.id, user)
    public = await table.seat_view(record.id, None)
    image: bytes | None = None
    try:
        image = await services.renderer.private(record.game, view, key=(record.id, record.version, seat))
    except Exception:  # noqa: BLE001 - the text still tells the player everything
        log.exception("rendering the private view of game %s failed", record.id)
    mine = [p for p in await table.prompts(record.id) if p.seat == seat]
    standing = [] if mine else [p for p in await table.standing(record.id) if p.seat == seat]
    status = (
        ("**Your move:** " + " / ".join(present.undoubled(p.text, p.seat) for p in mine))
        if mine
        else ("Nothing waits for you. " + standing[0].text)
        if standing
        else "Nothing to decide right now."
    )
    lines = hand_text.game_hand_lines(registry.get(record.game), view, public)  # what only this seat sees
    text = (
        intro
        + f"You play **{seat}**. {status}\n"
        + (
            "Only you see:\n" + "\n".join(lines)
            if lines
            else "Nothing private right now: the board shows it all."
        )
    )
    layout = lx.hand_view(record, meta, text, image is not None, options and bool(mine or standing))
    return layout, png(image, lx.HAND_FILE) if image is not None else None


async def lobby_action(interaction: discord.Interaction, game_id: str, action: str) -> None:
    await ack(interaction)
    table = services_of(interaction).table
    await authorized(interaction, game_id)  # a forged button naming another server's lobby stops here
    user = interaction.user
    uid = str(user.id)
    name = getattr(user, "display_name", None) or user.name
    if action == "join":
        update = await table.join(game_id, uid, name)
        text = f"You joined ({len(update.record.seats)}/{update.record.max_seats})."
    elif action == "leave":
        update = await table.leave(game_id, uid)
        text = "You left the lobby." if update.record.status == "lobby" else "You left; the lobby is closed."
    elif action.startswith("agent"):
        update = await table.add_agent(game_id, uid, action.removeprefix("agent").removeprefix("-"))
        text = f"Agent seat added ({len(update.record.seats)}/{update.record.max_seats})."
    else:
        update = await table.start(game_id, uid)
        text = "The game has started: the board and your first decisions are in the thread."
    await send(interaction, text)


async def confirm(interaction: discord.Interaction, game_id: str, action: str) -> None:
    """The confirmation of an irreversible command; the table checks the caller's authority again."""
    await ack(interaction)
    record = await authorized(interaction, game_id)
    if action == "abort":
        await services_of(interaction).table.abort(
            game_id, user_id(interaction), is_moderator(interaction, record)
        )
        await send(interaction, "The game was cancelled.")


async def show_board(interaction: discord.Interaction, game_id: str) -> None:
    """The full-size public board, ephemerally: public information, for anyone in the game's server."""
    await ack(interaction)
    services = services_of(interaction)
    record = await authorized(interaction, game_id)
    if record.status == "lobby":
        await send(interaction, "The game has not started yet: no board to show.")
        return
    view = await services.table.seat_view(game_id, None)
    image = await services.renderer.board(record.game, view, key=(record.id, record.version, None))
    title = registry.get(record.game).meta.title
    await send(interaction, f"The full board of {title} `{record.id}`.", file=png(image, lx.BOARD_FILE))
