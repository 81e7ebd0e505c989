"""A game's past in Discord: ``/game history at:`` (the board at a turn or a version, with the public
events that led to it) and the animated replay (``/game replay``, and posted in the thread at the end).

Both replay the game from its seed, options and the intents that still count (an undo's are skipped),
off the event loop. A game cancelled, abandoned or drawn by a vote has them as a finished one has. What they
show is the table's call (:meth:`engine.table.Table.reveals`): the public view, to everyone (a seated player
included), while the game runs and after an end its rules did not reach; every seat's view, to anyone, only
once the rules ended the game. A replay always shows the public boards. Both draw the public board as the
thread does, with the game's compact board (its full board where it has none).
"""

from __future__ import annotations

import asyncio
import io
import logging
import os
import re
from typing import Any

import discord
from discord import app_commands

from bot.animation import animated_replay
from bot.services import Services
from engine.core import registry
from engine.core.errors import MalformedIntent
from engine.core.history import at as state_at
from engine.core.history import states, turn_ends
from engine.records import GameRecord
from engine.table import NotAllowed

from .ui.answer import ack, png, send, user_id
from .ui.common import NAME_MAX, ServiceCog, bounded, my_games_autocomplete

log = logging.getLogger(__name__)

AT_MAX = 24
LINES_SHOWN = 8
END_REPLAY_ENV = "ARBITER_END_REPLAY"
"""Set to 0 to post no animated replay when a game ends (tests that play many games)."""
_AT = re.compile(r"\s*(?:(?P<kind>t|turn|r|round|v|version)\s*)?#?(?P<n>\d{1,9})\s*", re.IGNORECASE)
KINDS = {"t": "turn", "r": "round", "v": "version"}
OVER = ("finished", "aborted")
"""The statuses of a game that ended (by its rules, or cancelled, abandoned or drawn by a vote)."""
NEVER_STARTED = "The game never started (it was cancelled in its lobby): it has no history."
HIDDEN_STAYS_HIDDEN = (
    "This game ended before its rules ended it (cancelled, abandoned or drawn by a vote), so what was "
    "hidden stays hidden: its history shows only the public board."
)


def end_replays() -> bool:
    return os.environ.get(END_REPLAY_ENV, "1") != "0"


def parse_at(text: str) -> tuple[str, int]:
    """("turn" | "round" | "version", n) from "turn 3", "t3", "round 2", "r2", "v12", "version 12" or
    "12" (a version)."""
    found = _AT.fullmatch(text[:AT_MAX])
    if found is None:
        raise MalformedIntent(
            "Say which moment: a turn (`turn 3` or `t3`), a round (`round 2` or `r2`) or a version "
            "(`v12` or `12`)."
        )
    return KINDS[(found["kind"] or "v")[0].lower()], int(found["n"])


def _round_start(game: Any, record: GameRecord, log_: list[tuple[str, str]], n: int) -> int:
    """How many intents were played when round ``n`` began (the first state in that round)."""
    for moment in states(game, [s.seat for s in record.seats], record.seed, record.options, log_):
        if getattr(moment.state, "round", None) == n:
            return moment.done
    raise MalformedIntent(f"The game has not reached round {n}.")


def _moment(
    game: Any, record: GameRecord, log_: list[tuple[str, str]], versions: list[int], kind: str, n: int
) -> tuple[Any, int, str]:
    """(state, version reached, what it is) for the asked moment; runs off the event loop."""
    seats = [s.seat for s in record.seats]
    if kind == "round":
        done, label = _round_start(game, record, log_, n), f"at the start of round {n}"
    elif kind == "turn":
        moments = turn_ends(game, seats, record.seed, record.options, log_)
        if not 0 <= n < len(moments):
            raise MalformedIntent(
                f"The game has had {len(moments) - 1} turns so far: choose 0 to {len(moments) - 1}."
            )
        done = moments[n].done
        label = f"after turn {n}" if n else "at the set-up"
    else:
        if not 0 <= n <= record.version:
            raise MalformedIntent(f"The game is at version {record.version}: choose 0 to {record.version}.")
        done = sum(1 for v in versions if v <= n)
        label = f"at version {n}"
    version = versions[done - 1] if done else 0
    return state_at(game, seats, record.seed, record.options, log_, done), version, label


async def history_at(
    services: Services, record: GameRecord, at: str, seat: str | None
) -> tuple[str, bytes | None]:
    """The text (what it is, the events that led to it) and the board image of the asked moment."""
    if record.status == "lobby":
        raise MalformedIntent("The game has not started yet: it has no history.")
    reveals = await services.table.reveals(record.id)
    if reveals == "none":
        raise MalformedIntent(NEVER_STARTED)
    if seat is not None and reveals != "all":
        raise NotAllowed(
            HIDDEN_STAYS_HIDDEN
            if record.status in OVER
            else "While the game runs, history shows only the public board (every seat's view is "
            "open once its rules have ended it)."
        )
    if seat is not None and record.seat_named(seat) is None:
        raise MalformedIntent(f"There is no seat '{seat}' in this game.")
    kind, n = parse_at(at)
    table = services.table
    intents = await table.kept_intents(record.id)
    game = registry.get(record.game)
    state, version, label = await asyncio.to_thread(
        _moment, game, record, [(i.seat, i.key) for i in intents], [i.version for i in intents], kind, n
    )
    view = game.view(state, seat)
    lines = await table.public_lines(record.id, 500)
    led = [f"• {line.text}" for line in lines if line.version <= version][-LINES_SHOWN:]
    whose = f"{seat}'s view" if seat else "the public board"
    text = f"**{game.meta.title} `{record.id}` {label}** ({whose})\n" + ("\n".join(led) or "• The set-up.")
    image: bytes | None = None
    renderer = services.renderer
    # the public board as the thread shows it (the compact board, laid out for a phone); a seat's own view
    # on its full board, which draws what that seat held
    draw = renderer.compact if seat is None else renderer.board
    try:
        image = await draw(record.game, view, key=(record.id, version, seat))
    except Exception:  # noqa: BLE001 - the text still says what happened
        log.exception("rendering the history of game %s failed", record.id)
    return text, image


async def replay_file(services: Services, record: GameRecord) -> tuple[discord.File, int]:
    """The animated replay of the game's public boards (drawn off the event loop) and how many frames."""
    game = registry.get(record.game)
    log_ = await services.table.kept_log(record.id)
    data, ext, frames = await asyncio.to_thread(
        animated_replay, game, [s.seat for s in record.seats], record.seed, record.options, log_
    )
    return discord.File(io.BytesIO(data), filename=f"{record.id}-replay.{ext}"), frames


async def post_replay(client: Any, services: Services, record: GameRecord) -> None:
    """Post the animated replay in the game's thread (at the end of a game, or asked for)."""
    thread = record.place.get("thread")
    if not thread:
        return
    try:
        file, frames = await replay_file(services, record)
        await client.get_partial_messageable(int(thread)).send(
            content=f"🎞️ The replay of `{record.id}`: {frames - 1} turns.", file=file
        )
    except Exception:  # a replay is a bonus: it never stops the game's announcements
        log.exception("the replay of game %s could not be posted", record.id)


class HistoryCommands(ServiceCog):
    @app_commands.command(name="history", description="The board at a turn or version, and what led to it")
    @app_commands.describe(
        at="A turn (turn 3, t3), a round (round 2, r2) or a version (v12, 12)",
        seat="Once the rules ended the game: that seat's own view instead of the public board",
    )
    async def history(
        self, interaction: discord.Interaction, at: str, game: str | None = None, seat: str | None = None
    ) -> None:
        await ack(interaction)
        gid = await self.services.resolve(interaction, game)
        record = await self.services.table.record(gid)
        seat = bounded(seat.strip(), NAME_MAX, "A seat name") if seat else None
        text, image = await history_at(self.services, record, bounded(at, AT_MAX, "The moment"), seat)
        await send(interaction, text, file=png(image, "history.png") if image is not None else None)

    @app_commands.command(name="replay", description="Post the animated replay of the game in its thread")
    async def replay(self, interaction: discord.Interaction, game: str | None = None) -> None:
        await ack(interaction)
        gid = await self.services.resolve(interaction, game)
        record = await self.services.table.record(gid)
        if record.status == "lobby":
            raise MalformedIntent("The game has not started yet: nothing to replay.")
        if await self.services.table.reveals(gid) == "none":
            raise MalformedIntent(
                "The game never started (it was cancelled in its lobby): nothing to replay."
            )
        if not record.place.get("thread"):
            raise MalformedIntent("This game has no thread to post its replay in.")
        await send(interaction, "🎞️ Drawing the replay; it will be posted in the game's thread.")
        log.info("replay of game %s asked by %s", gid, user_id(interaction))
        await post_replay(interaction.client, self.services, record)

    @history.autocomplete("game")
    @replay.autocomplete("game")
    async def _history_game(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return await my_games_autocomplete(interaction, current)


__all__ = [
    "END_REPLAY_ENV",
    "OVER",
    "HistoryCommands",
    "end_replays",
    "history_at",
    "parse_at",
    "post_replay",
]
