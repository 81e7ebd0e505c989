"""The small value types of the contract: prompts, events, outcomes and a game's description."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

from .intent import Intent

Pace = Literal["quick", "normal", "long"]
"""How long a decision deserves: a reaction is quick, a turn normal, a big plan long."""


@dataclass(frozen=True, slots=True)
class Prompt:
    """A decision the game is waiting for.

    ``default`` is a legal intent applied when the deadline passes, so no game can stall.
    ``simultaneous`` marks secret commitments revealed together: the adapter asks privately and shows
    only who has answered. Several prompts may be open at once.

    ``text`` speaks to the seat that decides (second person: "Choose your detective"); ``public`` is the
    same decision told to everyone else, in the third person and without anything hidden ("p2 chooses a
    detective"). Public lines (status, turn posts, the public view) read ``public``; see
    :func:`public_text` for the fallback when a game leaves it empty.
    """

    seat: str
    kind: str
    text: str
    default: Intent
    simultaneous: bool = False
    pace: Pace = "normal"
    ref: str = ""
    """Which decision this prompt belongs to (e.g. ``round2:sector``), stable while it stays open and
    different for the next one. A secret-choice button carries it, so a click meant for an earlier
    decision is refused as stale instead of answering a later one."""
    standing: bool = False
    """An offer open at any moment; the game does not wait for it (:meth:`Game.standing` lists them, never
    :meth:`Game.prompts`): no deadline, its default is never applied, nobody is told the game waits for it,
    and it does not make it that seat's turn."""
    public: str = ""
    """The decision in the third person for everyone else, without anything hidden; it may name the
    seat (a public line then puts the seat's mention in its place). The same for every seat of a secret
    choice and for every part of it, so it never tells how far a seat has got."""


SECOND_PERSON = re.compile(r"\b(you|your|yours|yourself|yourselves)\b", re.IGNORECASE)
"""Words that address the reader: a text with one of them is not for a public line."""


def public_text(prompt: Prompt) -> str:
    """What everyone else reads about ``prompt``: its ``public`` text; else its ``text`` when that does not
    address the reader; else a plain third-person line that says only whose decision it is."""
    if prompt.public:
        return prompt.public
    if not SECOND_PERSON.search(prompt.text):
        return prompt.text
    return f"{prompt.seat} has a decision to make ({prompt.kind.replace('_', ' ')})."


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened. ``audience`` None means everyone; otherwise only those seats see it."""

    kind: str
    text: str
    audience: frozenset[str] | None = None
    data: dict[str, Any] = field(default_factory=dict)

    def visible_to(self, seat: str | None) -> bool:
        return self.audience is None or (seat is not None and seat in self.audience)

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "text": self.text,
            "audience": None if self.audience is None else sorted(self.audience),
            "data": self.data,
        }

    @classmethod
    def from_json(cls, raw: dict[str, Any]) -> Event:
        audience = raw.get("audience")
        return cls(
            kind=str(raw["kind"]),
            text=str(raw["text"]),
            audience=None if audience is None else frozenset(audience),
            data=dict(raw.get("data") or {}),
        )


def public(kind: str, text: str, **data: Any) -> Event:
    """An event everyone sees."""
    return Event(kind, text, None, data)


def private(seats: str | Iterable[str], kind: str, text: str, **data: Any) -> Event:
    """An event only ``seats`` see."""
    audience = frozenset([seats]) if isinstance(seats, str) else frozenset(seats)
    return Event(kind, text, audience, data)


class Outcome(BaseModel):
    """How a game ended: the winning seats (empty when everyone lost), whether it is a draw, and why;
    the full finishing order (``ranking``: groups of tied seats, first place first) and the final scores
    where the game has them. Leagues and ratings read the ranking."""

    model_config = ConfigDict(frozen=True)

    winners: tuple[str, ...] = ()
    draw: bool = False
    reason: str = ""
    ranking: tuple[tuple[str, ...], ...] = ()
    scores: dict[str, float] = {}

    def place_of(self, seat: str) -> int | None:
        """1 for the first group, 2 for the next, ...; None for a seat not ranked."""
        for place, group in enumerate(self.ranking, start=1):
            if seat in group:
                return place
        return None


class NoOptions(BaseModel):
    """Options model for a game without options."""

    model_config = ConfigDict(extra="forbid")


@dataclass(frozen=True)
class GameMeta:
    """What a front end needs to know about a game before playing it."""

    id: str
    title: str
    min_seats: int
    max_seats: int
    options: type[BaseModel] = NoOptions
    summary: str = ""
    rules: str = ""
    """A newcomer's summary of the rules, for /rules and the terminal."""
    glossary: dict[str, str] = field(default_factory=dict)
    """The game's terms and what each means, in the game's own words (Expenses, Triggerman, Lag...), for
    the terminal's ``rules TERM``; when empty, the data pack's ``glossary.json`` serves
    (:func:`engine.core.glossary.glossary`)."""
    turn_word: str = "Round"
    """What the game calls the count of its ``round`` (the status line's "Round 3"): Nakamura Tower counts
    Turns."""
