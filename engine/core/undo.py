"""Undo by consent: which recent intents a player may take back, decided for every game from its own
states and events, never per game.

A request takes back the requester's most recent intent and everything played after it. It is possible
only if nothing was revealed since, so an undo can never be used to peek at a card or to roll again:

- the random generator did not move (no die rolled, nothing shuffled, no random draw of any kind);
- no face-down pile changed (no card drawn, dealt or revealed from it, even where as many went back
  under it). A face-down pile is a :class:`~.deck.Deck` anywhere in the state, or a list field named
  ``deck`` or ``*_deck``;
- no secret choice was revealed (a secret frame open before an intent is still open after it);
- no event went to some seats only.

The refusal names the first such thing ("a card was drawn since"). The table asks the other seats and,
once they approve, returns the game to :attr:`UndoPlan.state` as a new version.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from pydantic import BaseModel

from .deck import Deck
from .lone import Replayer
from .model import Event

Logged = tuple[str, str]
"""(seat, intent key), as the intent log keeps them."""


@dataclass(frozen=True)
class UndoPlan:
    """What an undo request would do: keep the first ``keep`` intents of the log and return to ``state``;
    or, with a ``refusal``, nothing."""

    keep: int
    undone: list[Logged] = field(default_factory=list)
    refusal: str | None = None
    state: Any = None
    move: str = ""
    """The requester's move it takes back, as everyone was told of it (:func:`told`); "" when it told
    nothing."""

    @property
    def allowed(self) -> bool:
        return self.refusal is None


def piles(state: BaseModel) -> dict[str, tuple[Any, ...]]:
    """Every face-down pile of ``state`` by its place in the state, with its cards in order."""
    return dict(_piles(state, ""))


def _piles(value: Any, where: str) -> Iterator[tuple[str, tuple[Any, ...]]]:
    if isinstance(value, Deck):
        yield where, tuple(value.cards)
    elif isinstance(value, BaseModel):
        for name in type(value).model_fields:
            item = getattr(value, name)
            if isinstance(item, list) and (name == "deck" or name.endswith("_deck")):
                yield f"{where}.{name}", tuple(item)
            else:
                yield from _piles(item, f"{where}.{name}")
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from _piles(item, f"{where}[{key}]")
    elif isinstance(value, list) and value and isinstance(value[0], BaseModel):
        for index, item in enumerate(value):
            yield from _piles(item, f"{where}[{index}]")


def _secret_refs(state: Any) -> set[str]:
    waiting = getattr(state, "waiting", None)
    frames = getattr(waiting, "frames", [])
    return {frame.ref for frame in frames if frame.kind == "secret"}


def revealed(before: Any, after: Any, events: Sequence[Event]) -> str | None:
    """What one intent revealed, taking ``before`` to ``after`` with ``events``; None if nothing."""
    if before.rng.position != after.rng.position:
        return "a die was rolled or something was shuffled or drawn at random since"
    if piles(before) != piles(after):
        return "a card was drawn or dealt since"
    if _secret_refs(before) - _secret_refs(after):
        return "secret choices were revealed since"
    if any(event.audience is not None for event in events):
        return "something was shown to some players only since"
    return None


def plan(
    states: Sequence[Any], events: Sequence[Sequence[Event]], log: Sequence[Logged], requester: str
) -> UndoPlan:
    """The undo ``requester`` may ask for. ``states[i]`` is the game after the first ``i`` intents of
    ``log`` (``states[0]`` the set-up) and ``events[i]`` what intent ``i`` produced."""
    if len(states) != len(log) + 1 or len(events) != len(log):
        raise ValueError("plan needs one state more than the log has intents, and their events")
    if states[-1].result is not None:
        return UndoPlan(keep=len(log), refusal="The game is over: nothing can be taken back.")
    last = next((i for i in range(len(log) - 1, -1, -1) if log[i][0] == requester), None)
    if last is None:
        return UndoPlan(keep=len(log), refusal="You have made no move to take back.")
    for index in range(last, len(log)):
        why = revealed(states[index], states[index + 1], events[index])
        if why is not None:
            return UndoPlan(keep=len(log), refusal=f"Your last move cannot be taken back: {why}.")
    return UndoPlan(keep=last, undone=list(log[last:]), state=states[last])


def plan_from_log(
    game: Any, seats: list[str], seed: int, options: Any, log: Sequence[Logged], requester: str
) -> UndoPlan:
    """:func:`plan`, replaying the game from its seed, options and intent log."""
    state = game.setup(seats, seed, options)
    states, events = [state], []
    replayer = Replayer(game)  # an older log's moves the game now makes alone
    for seat, key in log:
        state, produced = replayer.apply(state, seat, key)
        states.append(state)
        events.append(produced)
    found = plan(states, events, log, requester)
    if not found.allowed or not found.undone:
        return found
    return replace(found, move=told(events[found.keep]))


def told(events: Sequence[Event]) -> str:
    """A move as everyone was told of it: the first public line it produced ("Ann bids 2 on the Smuggler");
    never its label, which may name what only its seat knows (a secret choice, a card in hand)."""
    return next((e.text.strip().rstrip(".") for e in events if e.audience is None and e.text.strip()), "")


__all__ = ["Logged", "UndoPlan", "piles", "plan", "plan_from_log", "revealed", "told"]
