"""A one-seat game whose turn offers 85 intents of three kinds, to exercise menus asked in parts.

``play`` a card (8) on a target (5), ``move`` a unit (22) to a destination (2), or ``end`` the turn.
``partslong`` is the same game as a secret choice (its buttons carry the decision's ref token, longer
than a version) with card ids so long that ``play:card=<id>`` does not fit in a custom id beside them
(so the Discord menu falls back to its paged list there).
"""

from __future__ import annotations

from typing import Any

from engine.core import Event, Game, GameMeta, GameState, Intent, Prompt, public

CARDS = 8
TARGETS = 5
UNITS = 22
DESTINATIONS = 2
TURNS = 3


class PartsState(GameState):
    turn: int = 0
    done: list[str] = []


class PartsGame(Game[PartsState]):
    meta = GameMeta(
        id="parts",
        title="Many Parts",
        min_seats=1,
        max_seats=2,
        summary="Play a card on a target, move a unit, or end the turn.",
        rules="Three turns each: play one of 8 cards on one of 5 targets, move one of 22 units to "
        "one of 2 places, or pass.",
    )
    state_type = PartsState
    intent_kinds = frozenset({"play", "move", "end"})
    card_tail = ""
    target_arg = "target"
    ref = ""

    def card(self, n: int) -> str:
        return f"c{n}{self.card_tail}"

    def _setup(self, seats: list[str], seed: int, options: Any) -> PartsState:
        return PartsState(game=self.meta.id, seats=seats, rng=self.new_rng(seed))

    def _seat(self, state: PartsState) -> str:
        return state.seats[state.turn % len(state.seats)]

    def prompts(self, state: PartsState) -> list[Prompt]:
        if state.result is not None:
            return []
        return [
            Prompt(
                self._seat(state),
                "turn",
                "Your turn.",
                Intent.of("end"),
                simultaneous=bool(self.ref),
                ref=f"{self.ref}{state.turn}" if self.ref else "",
            )
        ]

    def legal(self, state: PartsState, seat: str) -> list[Intent]:
        if state.result is not None or seat != self._seat(state):
            return []
        plays = [
            Intent.of("play", **{"card": self.card(c), self.target_arg: f"t{t}"})
            for c in range(1, CARDS + 1)
            for t in range(1, TARGETS + 1)
        ]
        moves = [
            Intent.of("move", unit=f"u{u}", to=f"d{d}")
            for u in range(1, UNITS + 1)
            for d in range(1, DESTINATIONS + 1)
        ]
        return plays + moves + [Intent.of("end")]

    def _apply(self, state: PartsState, seat: str, intent: Intent) -> list[Event]:
        state.done.append(intent.key())
        state.turn += 1
        events = [public(intent.kind, f"{seat}: {self.describe(state, intent)}.")]
        if state.turn >= TURNS * len(state.seats):
            events.append(self.finish(state, [seat], "the last turn was played"))
        return events

    def view(self, state: PartsState, seat: str | None) -> dict[str, Any]:
        return {"turn": state.turn, "done": list(state.done)}

    def describe(self, state: PartsState, intent: Intent) -> str:
        if intent.kind == "play":
            return f"Play {str(intent.get('card'))[:8]} on {intent.get(self.target_arg)}"
        if intent.kind == "move":
            return f"Move {intent.get('unit')} to {intent.get('to')}"
        return "End the turn"


class LongPartsGame(PartsGame):
    meta = GameMeta(
        id="partslong",
        title="Many Long Parts",
        min_seats=1,
        max_seats=2,
        summary="Many Parts with long card ids.",
    )
    card_tail = "x" * 63
    target_arg = "t"
    ref = "a secret turn, named at length: "


PARTS = PartsGame()
LONG_PARTS = LongPartsGame()
