"""What a front end shows next, in one table call: a seat's menu and a game's public scene (issue 29, item 6).

A click used to make a dozen table calls (the record, prompts, legal intents, standing offers, deadlines,
the public view, each part of a menu asked in parts), each loading the game again, and could read them
at different versions. :meth:`Menus.menu` reads the game once and returns a :class:`SeatMenu`: everything
a seat's options message needs, consistent with one version. :meth:`Play.submit` returns the seat's next
menu computed inside its lock (``Update.menu``), and :meth:`Menus.scene` everything the status message
needs. Front ends never read the store.
"""

from __future__ import annotations

from typing import Any

from ..core.game import Game, GameState
from ..core.menus import Choice
from ..records import Deadline, GameRecord
from .clocks import remaining, seat_deadlines
from .live import Offered
from .model import MAX_PREFIX, Parts, Scene, SeatMenu, game_code
from .undo import Undo
from .votes import majority

PART_DEPTH_MAX = 12
"""More arguments than any intent has: a bound on opening single-entry parts one after the other."""


class Menus(Undo):
    async def menu(
        self, game_id: str, user: str, prefix: str = "", parts_over: int | None = None
    ) -> SeatMenu:
        """``user``'s menu now (see :class:`SeatMenu`); asked in parts at ``prefix`` when it has more than
        ``parts_over`` options."""
        record, state = await self._load(game_id)
        return await self._menu_of(record, state, user, prefix, parts_over)

    async def _menu_of(
        self, record: GameRecord, state: GameState | None, user: str, prefix: str, parts_over: int | None
    ) -> SeatMenu:
        seat = record.seat_of(user)
        if state is None or seat is None or record.status != "running":
            return SeatMenu(record, seat.seat if seat else None)
        deadlines = await self._open_deadlines(record.id)
        game = self.engine_game(record)
        with game_code(record, "listing a seat's options"):
            return self._seat_menu(game, record, state, seat.seat, deadlines, prefix, parts_over)

    def _seat_menu(
        self,
        game: Game[Any],
        record: GameRecord,
        state: GameState,
        seat: str,
        deadlines: list[Deadline],
        prefix: str,
        parts_over: int | None,
    ) -> SeatMenu:
        prompts = game.prompts(state)
        mine = [p for p in prompts if p.seat == seat] or [p for p in game.standing(state) if p.seat == seat]
        intents = game.legal(state, seat)
        self._offered.put(record.id, Offered(record.version, seat, intents))
        options = [(i, game.describe(state, i)) for i in intents]
        asked = bool(mine) and not mine[0].standing
        parts = None
        if parts_over is not None and len(options) > parts_over:
            parts = _parts(game, state, seat, prefix[:MAX_PREFIX])
        return SeatMenu(
            record,
            seat,
            prompts,
            mine,
            options,
            {d.seat: d.due_at for d in seat_deadlines(deadlines)}.get(seat),
            None if asked else game.view(state, None),
            parts,
        )

    async def scene(self, game_id: str) -> Scene:
        """Everything the game's status message shows (see :class:`Scene`)."""
        record, state = await self._load(game_id)
        if record.status == "lobby" or state is None:
            return Scene(record)
        game = self.engine_game(record)
        ts = await self._table_state(game_id)
        deadlines = seat_deadlines(await self._open_deadlines(game_id))
        running = record.status == "running"
        with game_code(record, "showing the board"):
            prompts = game.prompts(state) if running else []
            public_view = game.view(state, None)
            outcome = game.outcome(state) if record.status == "finished" else None
        undo = self._pending(ts, state.step)
        return Scene(
            record,
            prompts,
            public_view,
            {d.seat: d.due_at for d in deadlines} if running else {},
            remaining(record, ts, deadlines, self.clock()) if record.status in ("running", "paused") else {},
            {kind: (len(v.yes), majority(record)) for kind, v in ts.votes.items()},
            undo,
            undo.opened_at + self.undo_ttl if undo is not None else None,
            outcome,
            list(ts.left),
        )


def _parts(game: Game[Any], state: GameState, seat: str, prefix: str) -> Parts | None:
    """The part of the menu at ``prefix`` (from the top when that part is not offered); a part with a single
    partial entry asks nothing, so the next one opens at once."""
    prefix, entries = _descend(game, state, seat, prefix)
    if not entries and prefix:
        prefix, entries = _descend(game, state, seat, "")
    if not entries:
        return None
    return Parts(prefix, entries, _up(game, state, seat, prefix))


def _descend(game: Game[Any], state: GameState, seat: str, prefix: str) -> tuple[str, list[Choice]]:
    entries = game.choices(state, seat, prefix)
    for _ in range(PART_DEPTH_MAX):
        if len(entries) != 1 or entries[0].complete:
            break
        prefix = entries[0].key
        entries = game.choices(state, seat, prefix)
    return prefix, entries


def _up(game: Game[Any], state: GameState, seat: str, prefix: str) -> str | None:
    """The part "Back" opens: the nearest part above with more than one entry; None at the top."""
    while prefix:
        prefix = parent_prefix(prefix)
        if len(game.choices(state, seat, prefix)) > 1:
            return prefix
    return None


def parent_prefix(prefix: str) -> str:
    """The part above ``prefix``: ``play:card=c7,to=b2`` -> ``play:card=c7`` -> ``play`` -> ``""``."""
    kind, sep, rest = prefix.partition(":")
    if not sep:
        return ""
    args = rest.split(",")[:-1]
    return kind + (":" + ",".join(args) if args else "")
