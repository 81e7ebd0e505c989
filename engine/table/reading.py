"""Reading a game: its record, views, prompts, legal intents with labels, menus in parts, the export and
the public log."""

from __future__ import annotations

import asyncio
import logging
from typing import Any, Literal

from ..core.intent import Intent
from ..core.menus import Choice
from ..core.model import Prompt
from ..public_log import replay
from ..records import GameRecord, LoggedIntent, SeatRecord
from ..store import PublicLine
from .base import TableBase
from .clocks import kept
from .live import Offered
from .model import (
    MAX_PREFIX,
)

log = logging.getLogger(__name__)

Revealed = Literal["none", "public", "all"]


class Reading(TableBase):
    # --- reading -----------------------------------------------------------------------------------------
    async def record(self, game_id: str) -> GameRecord:
        record, _ = await self._load(game_id)
        return record

    async def view(self, game_id: str, user: str | None) -> dict[str, Any]:
        """The view for ``user``'s seat; the public view for anyone else (spectators)."""
        record, state = await self._load(game_id)
        if state is None:
            return {}
        seat = record.seat_of(user) if user is not None else None
        view: dict[str, Any] = self.engine_game(record).view(state, seat.seat if seat else None)
        return view

    async def seat_view(self, game_id: str, seat: str | None) -> dict[str, Any]:
        record, state = await self._load(game_id)
        if state is None:
            return {}
        view: dict[str, Any] = self.engine_game(record).view(state, seat)
        return view

    async def prompts(self, game_id: str) -> list[Prompt]:
        record, state = await self._load(game_id)
        if state is None or record.status != "running":
            return []
        prompts: list[Prompt] = self.engine_game(record).prompts(state)
        return prompts

    async def standing(self, game_id: str) -> list[Prompt]:
        """The standing offers open now (``Prompt.standing``): nothing waits for them, so they have no
        deadline and are not among :meth:`prompts`."""
        record, state = await self._load(game_id)
        if state is None or record.status != "running":
            return []
        offers: list[Prompt] = self.engine_game(record).standing(state)
        return offers

    async def legal(self, game_id: str, user: str) -> list[tuple[Intent, str]]:
        """The user's legal intents with their labels; empty when it is not their turn."""
        record, state = await self._load(game_id)
        seat = record.seat_of(user)
        if state is None or seat is None or record.status != "running":
            return []
        game = self.engine_game(record)
        intents = game.legal(state, seat.seat)
        self._offered.put(game_id, Offered(record.version, seat.seat, intents))
        return [(i, game.describe(state, i)) for i in intents]

    async def already_applied(self, game_id: str, idempotency_key: str) -> bool:
        """Whether the change keyed ``idempotency_key`` was applied (a second delivery of one interaction)."""
        return await self.store.idempotent(game_id, idempotency_key) is not None

    async def awaiting(self, game_id: str) -> list[SeatRecord]:
        """Seats the game is waiting for (people only: agents have already played)."""
        record, state = await self._load(game_id)
        if state is None or record.status != "running":
            return []
        asked = {p.seat for p in self.engine_game(record).prompts(state)}
        return [s for s in record.seats if s.seat in asked]

    async def games(self, status: tuple[str, ...], guild: str | None = None) -> list[GameRecord]:
        """The games of these statuses (on one Discord server, ``place["guild"]``, when given)."""
        found = await self.store.games(status=status)
        return [r for r in found if guild is None or r.place.get("guild") == guild]

    async def unannounced(self) -> list[GameRecord]:
        """The games whose newest version a front end has not announced (every game with a board, where the
        store does not keep the announced versions): what a restart catches up on."""
        records = await self.store.unannounced()
        if records is None:
            records = await self.store.games(status=("lobby", "running", "paused", "finished", "aborted"))
        return records

    async def games_of(self, user: str, active_only: bool = True) -> list[GameRecord]:
        status = ("lobby", "running", "paused") if active_only else ()
        return await self.store.games(status=status, user=user)

    async def export(self, game_id: str) -> dict[str, Any]:
        """Everything needed to replay the game exactly with ``arbiter replay``."""
        record, state = await self._load(game_id)
        game = self.engine_game(record)
        intents = await self.store.intents(game_id)
        undone = (await self._table_state(game_id)).undone
        return {
            "arbiter_export": 1,
            "game": record.game,
            "id": record.id,
            "seats": [s.seat for s in record.seats],
            "seed": record.seed,
            "options": record.options,
            "intents": [[i.seat, i.key] for i in intents],
            "undone": [[first, last] for first, last in undone],
            "version": record.version,
            "final": game.dump(state) if state is not None else None,
        }

    async def reveals(self, game_id: str) -> Revealed:
        """What a game's past may show (its history, replay and export), by how it stands or ended:

        - ``"none"``: it never started (a lobby, one cancelled in its lobby, or one whose board cannot be
          read any more): it has no past to show;
        - ``"public"``: it runs, or it ended before its rules ended it (cancelled by its host or a
          moderator, abandoned or drawn by a vote, every player resigned): only what a spectator saw, so
          the hands that were still hidden stay hidden;
        - ``"all"``: its rules ended it (the game has an outcome): every seat's view is open to everyone.
        """
        record, state = await self._load(game_id)
        if state is None or record.status in ("lobby", "damaged"):
            return "none"
        if record.status == "finished" and self.engine_game(record).outcome(state) is not None:
            return "all"
        return "public"

    async def kept_intents(self, game_id: str) -> list[LoggedIntent]:
        """Every logged intent that still counts (the ones an undo took back are left out), in order."""
        undone = (await self._table_state(game_id)).undone
        return kept(await self.store.intents(game_id), undone)

    async def kept_log(self, game_id: str) -> list[tuple[str, str]]:
        """(seat, intent key) of every logged intent that still counts."""
        return [(i.seat, i.key) for i in await self.kept_intents(game_id)]

    async def public_log(self, game_id: str, limit: int = 25, after_version: int | None = None) -> list[str]:
        """The game's recent public events (of versions after ``after_version``), as "• text" lines: read
        from the store, where each change saved them. A game saved before the store kept them is replayed
        from its intent log instead, off the event loop."""
        record = await self.record(game_id)
        if record.status == "lobby":
            return []
        stored = await self.store.public_log(game_id, limit, after_version)
        if stored is None:
            game = self.engine_game(record)
            intents = await self.store.intents(game_id)
            stored = await asyncio.to_thread(replay, game, record, intents, limit, after_version)
        return [f"• {line.text}" for line in stored]

    async def public_lines(self, game_id: str, limit: int = 500) -> list[PublicLine]:
        """The stored public log with each line's version (empty for a game saved before it was kept)."""
        return await self.store.public_log(game_id, limit) or []

    async def choices(self, game_id: str, user: str, prefix: str = "") -> list[Choice]:
        """The next part of an intent after ``prefix`` for ``user``'s seat (menus asked in parts); empty
        when it is not their turn or nothing legal starts with ``prefix``."""
        record, state = await self._load(game_id)
        seat = record.seat_of(user)
        if state is None or seat is None or record.status != "running":
            return []
        found: list[Choice] = self.engine_game(record).choices(state, seat.seat, prefix[:MAX_PREFIX])
        return found
