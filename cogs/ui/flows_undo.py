"""Undo by consent in Discord, the flows: the **Undo** button on one's own last move, **Undo my move** on
the status message, the **Approve**/**Refuse** buttons posted in the thread for the other seats, and the
request ``/game undo`` makes (the commands are :mod:`cogs.undo`'s).

The table decides everything (:mod:`engine.table.undo`): these flows check the game's server, the caller's
seat and that the button's move is still the last one (or, on the status message, that it is the game's
current status message), and say what happened. The request's Approve/Refuse message goes to the
game's thread; the thread is also told the result (the table's public events, through the announcer).
"""

from __future__ import annotations

import logging

import discord

from bot.services import services_of
from engine.core.errors import IllegalIntent, StaleVersion
from engine.records import GameRecord
from engine.table import NotAllowed
from engine.table.clocks import UndoRequest
from engine.table.undo import CONSENT

from .answer import ack, send, text_view, user_id
from .authority import authorized
from .layouts import stamp_of
from .undo_items import answer_view

log = logging.getLogger(__name__)


async def _post_answers(
    interaction: discord.Interaction, record: GameRecord, seat: str, request: UndoRequest, ends: float
) -> None:
    """The thread's message with the Approve/Refuse buttons for the other seats; ``ends``: when the request
    runs out (shown as a Discord timestamp, in each reader's own time zone)."""
    thread = record.place.get("thread")
    if not thread:
        return
    others = [f"<@{s.user}>" for s in record.seats if s.user is not None and not s.agent and s.seat != seat]
    text = (
        f"↩️ **{seat}** asks to take back {what(request)}. {' '.join(others)}: approve or refuse "
        f"(the request ends {stamp_of(ends, long=False)}, or at the next move)."
    )
    try:
        await interaction.client.get_partial_messageable(int(thread)).send(
            view=answer_view(text, record.id, request.version),
            allowed_mentions=discord.AllowedMentions(users=True, everyone=False, roles=False),
        )
    except discord.HTTPException:
        log.exception("could not post the undo request of game %s", record.id)


def what(request: UndoRequest) -> str:
    """The move a request takes back, as everyone was told of it: 'their last move ("Ann bids 3 on the
    Smuggler")'."""
    return f'their last move ("{request.move}")' if request.move else "their last move"


def pending_line(request: UndoRequest, ends: float) -> str:
    """The status message's line while a request waits: whose, which move, who approved so far, when it
    ends."""
    approved = ", ".join(request.approved) or "nobody yet"
    return (
        f"↩️ {request.seat} asks to take back {what(request)} (approved by {approved}; ends "
        f"{stamp_of(ends, long=False)}): answer in the thread."
    )


async def ask_undo(interaction: discord.Interaction, record: GameRecord) -> None:
    """The caller asks to take back their last move (the table refuses with the engine's reason)."""
    table = services_of(interaction).table
    update = await table.undo_request(record.id, user_id(interaction))
    seat = update.record.seat_of(user_id(interaction))
    if update.kind == "undo":
        await send(interaction, "↩️ Your last move was taken back (no other player had to approve).")
        return
    pending = await table.undo_pending(record.id)
    if pending is not None and seat is not None:
        ends = pending.opened_at + table.undo_ttl
        await _post_answers(interaction, update.record, seat.seat, pending, ends)
    consent = CONSENT[await table.undo_consent(record.id)]
    await send(interaction, f"↩️ Asked: {consent} must approve in the thread.")


async def undo_request(interaction: discord.Interaction, game_id: str, version: int, seat: str) -> None:
    """The **Undo** button: only the player of ``seat``, and only while the board is as it was offered."""
    await ack(interaction)
    record = await authorized(interaction, game_id)
    mine = record.seat_of(user_id(interaction))
    if mine is None or mine.seat != seat:
        raise NotAllowed("Only the player who made that move can ask to take it back.")
    counted = await services_of(interaction).table.kept_intents(game_id)
    if not counted or counted[-1].version != version:  # a move (or an undo) since; not a vote, a re-post
        raise StaleVersion(
            "The board has moved on since that move: use /game undo to take back your last move."
        )
    await ask_undo(interaction, record)


async def undo_mine(interaction: discord.Interaction, game_id: str, message: str) -> None:
    """**Undo my move** on the status message ``message``: refused on a status message the game has left
    (it was re-posted), with a link to the one that is kept up to date."""
    await ack(interaction)
    record = await authorized(interaction, game_id)
    current = record.place.get("status", "")
    if message != current:
        where = record.place.get("channel", "")
        link = f"https://discord.com/channels/{record.place.get('guild', '@me')}/{where}/{current}"
        raise IllegalIntent(
            "This status message is no longer kept up to date: the game goes on at its new status "
            f"message ({link}). Use **Undo my move** there, or /game undo."
        )
    await ask_undo(interaction, record)


async def undo_answer(interaction: discord.Interaction, game_id: str, version: int, approve: bool) -> None:
    """**Approve** / **Refuse**: answers the request the button was posted for, and no other."""
    await ack(interaction)
    record = await authorized(interaction, game_id)
    table = services_of(interaction).table
    if record.seat_of(user_id(interaction)) is None:
        raise NotAllowed("Only the players seated in this game can answer an undo request.")
    pending = await table.undo_pending(game_id)
    if pending is None or pending.version != version:
        over = "it was answered, it expired, or a move was made since"
        await _settled(
            interaction, f"this request is over ({over})."
        )  # its dead buttons go at the first click
        raise IllegalIntent(f"That undo request is over: {over}.")
    update = await table.undo_answer(game_id, user_id(interaction), approve)
    if update.kind == "undo":
        await send(interaction, "✅ Approved: the move was taken back.")
    elif approve:
        await send(interaction, "✅ Approved; the others' answers are awaited.")
    else:
        await send(interaction, "Refused.")
    if await table.undo_pending(game_id) is None:
        await _settled(interaction, " ".join(e.text for e in update.events if e.audience is None))


async def _settled(interaction: discord.Interaction, outcome: str) -> None:
    """The request's message loses its buttons once the request is settled (the thread has the result)."""
    message = getattr(interaction, "message", None)
    if message is None:
        return
    try:
        await message.edit(view=text_view(f"↩️ Undo request settled: {outcome}"[:1900]))
    except (discord.HTTPException, AttributeError, TypeError):
        log.info("the undo request message of %s could not be edited", getattr(message, "id", "?"))


__all__ = ["ask_undo", "pending_line", "undo_answer", "undo_mine", "undo_request"]
