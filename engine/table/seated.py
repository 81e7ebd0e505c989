"""Seated games: a game opened with its players already chosen (a league's table), started at once.

A league's tables are formed by the league (engine/league/schedule.py), not by players joining a lobby:
the record is made with every seat filled and started in the same change. The per-user limits on lobbies
and running games do not apply (a league's own cap on running games was checked when the player signed
up), the server's limit on running games does (:mod:`engine.table.room`); the league's host is the game's
host, so they can moderate it.
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Sequence
from typing import Any

from .. import pace as pacing
from ..core import registry
from ..core.errors import IllegalIntent
from ..core.game import Game
from ..records import GameRecord, SeatRecord
from .lobby import Lobbies
from .model import Update, bounded_name
from .room import running_caps

log = logging.getLogger(__name__)


class Seated(Lobbies):
    async def open_seated(
        self,
        game_id: str,
        host: str,
        players: Sequence[tuple[str, str]],
        options: dict[str, Any] | None = None,
        pace: str = "standard",
        seed: int | None = None,
        place: dict[str, str] | None = None,
    ) -> Update:
        """Open and start ``game_id`` with ``players`` ((user id, display name), in seat order)."""
        await registry.ready(game_id)  # off the event loop: the first game of a kind imports its rules
        game: Game[Any] = registry.get(game_id)
        meta = game.meta
        if not meta.min_seats <= len(players) <= meta.max_seats:
            raise IllegalIntent(
                f"{meta.title} is for {meta.min_seats} to {meta.max_seats} players, not {len(players)}."
            )
        if len({user for user, _ in players}) != len(players):
            raise IllegalIntent("A player cannot take two seats of one game.")
        parsed = game.parse_options(options)
        pacing.check_preset(pace)
        new_id = await self._new_id()
        record = GameRecord(
            id=new_id,
            game=game_id,
            host=host,
            max_seats=len(players),
            options=parsed.model_dump(mode="json"),
            pace=pace,
            seed=seed if seed is not None else secrets.randbits(62),
            created_at=self.clock(),
            place=dict(place or {}),
            seats=[
                SeatRecord(seat="", user=user, name=bounded_name(name, user, self.limits.name_chars))
                for user, name in players
            ],
        )
        caps = running_caps(self.limits, record, host, "start", players=False)
        async with self._isolated(new_id), self._lock(new_id):
            update = await self._begin(record, None, caps)  # opened and started in one change
        await self._publish(update)
        return update


__all__ = ["Seated"]
