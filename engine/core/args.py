"""What an intent's arguments are: every action and every answer declares them beside its kind.

A key typed by a person or forged in a button id can name a known kind with missing, extra or mistyped
arguments, or give them in another order. The runtime reads each kind's :class:`Shape` to refuse such a
key in plain words before any rule or label reads its arguments, to put the arguments of one intent in one
order (so one intent has one key), and to name each value for a player in a menu asked in parts::

    @RULES.action
    class Play(Action[MyState]):
        kind = "play"
        args = (word("card", names=card_name), number("times", optional=True))

    @RULES.answers("wound", WoundPayload, takes=[Shape("wound", (word("type", names=WOUNDS.get),))])

Numbers are whole numbers from ``low`` to ``high`` (0 to :data:`NUMBER_MAX` by default): no game here
counts anything negative or in the millions, and a huge number must not reach arithmetic or a label.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from .errors import MalformedIntent
from .intent import Intent, Value

NUMBER_MAX = 9999

Namer = Callable[[Any, Value], str | None]
"""How a value is named for a player: ``(state, value) -> text``; None or an error for a value it does not
know (the runtime then falls back to the value itself, and a test finds it)."""


@dataclass(frozen=True)
class Arg:
    """One argument of an intent kind."""

    name: str
    type: Literal["word", "number"] = "word"
    optional: bool = False
    names: Namer | None = None
    """How each value is named for a player (a card's name for its id); None: the value as it is (a number,
    a square's coordinates)."""
    low: int = 0
    high: int = NUMBER_MAX
    title: str = ""
    """What a menu asking for this argument says ("Which card?"); empty: the kind's own title."""

    def problem(self, kind: str, value: Value) -> str | None:
        """Why ``value`` does not fit (None: it does)."""
        if self.type == "number":
            if not isinstance(value, int):
                return f"'{kind}' needs a whole number for '{self.name}'."
            if not self.low <= value <= self.high:
                return f"'{value}' is out of range for '{self.name}' ({self.low} to {self.high})."
        elif not isinstance(value, str):
            return f"'{kind}' needs a name, not a number, for '{self.name}'."
        return None

    def name_of(self, state: Any, value: Value) -> str | None:
        """The player's name for ``value`` (None when the namer does not know it)."""
        if self.names is None:
            return str(value)
        try:
            return self.names(state, value)
        except (KeyError, ValueError, TypeError, AttributeError, IndexError):
            return None


def word(name: str, names: Namer | None = None, *, optional: bool = False, title: str = "") -> Arg:
    """A word argument (an id, a square, a seat)."""
    return Arg(name, "word", optional, names, title=title)


def number(
    name: str,
    names: Namer | None = None,
    *,
    optional: bool = False,
    low: int = 0,
    high: int = NUMBER_MAX,
    title: str = "",
) -> Arg:
    """A whole-number argument from ``low`` to ``high``."""
    return Arg(name, "number", optional, names, low, high, title)


@dataclass(frozen=True)
class Shape:
    """The arguments of one intent kind, and what a player reads about the kind itself."""

    kind: str
    args: tuple[Arg, ...] = ()
    title: str = ""
    """A menu's name for the kind when it is asked in parts ("Play a card"); empty: from the kind."""
    asks: str = ""
    """For an answer: what it chooses ("a Skill to take"), for a refusal when nobody asks it."""
    when: str = ""
    """When an intent of this kind is possible ("Moves are made in your own turn"), for a refusal at
    another moment."""
    least: int = 0
    """How many of its (optional) arguments an intent must give at least: an answer whose argument depends
    on the question (Virtual Revolution's ``pick``: an Agent, a Borough, a card) declares each, optional,
    with ``least=1``."""
    _by_name: Mapping[str, Arg] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_by_name", {a.name: a for a in self.args})

    def arg(self, name: str) -> Arg | None:
        return self._by_name.get(name)

    def menu_title(self) -> str:
        return self.title or self.kind.replace("_", " ").capitalize()

    def takes(self) -> str:
        return ", ".join(a.name for a in self.args) or "no arguments"

    def check(self, intent: Intent) -> Intent:
        """``intent`` with its arguments in the declared order; :class:`MalformedIntent` unless it has
        exactly the arguments this kind takes, each of its type."""
        seen: dict[str, Value] = {}
        for name, value in intent.args:
            arg = self._by_name.get(name)
            if arg is None:
                raise MalformedIntent(f"'{intent.kind}' has no '{name}' (it takes {self.takes()}).")
            if name in seen:
                raise MalformedIntent(f"'{intent.kind}' gives '{name}' twice.")
            problem = arg.problem(intent.kind, value)
            if problem:
                raise MalformedIntent(problem)
            seen[name] = value
        missing = [a.name for a in self.args if not a.optional and a.name not in seen]
        if len(seen) < self.least:
            raise MalformedIntent(f"'{intent.kind}' needs one of {self.takes()}.")
        if missing:
            raise MalformedIntent(
                f"'{intent.kind}' needs {' and '.join(repr(m) for m in missing)} (it takes {self.takes()})."
            )
        if len(seen) < 2 or list(seen) == [a.name for a in self.args if a.name in seen]:
            return intent
        return Intent(intent.kind, tuple((a.name, seen[a.name]) for a in self.args if a.name in seen))


class Shapes:
    """Every intent kind of a game and its shape, gathered from its actions and answers. A kind declared
    twice must be declared alike (one kind, one shape)."""

    def __init__(self) -> None:
        self._shapes: dict[str, Shape] = {}

    def add(self, shape: Shape, where: str) -> None:
        known = self._shapes.get(shape.kind)
        if known is None:
            self._shapes[shape.kind] = shape
            return
        if known.args != shape.args or known.least != shape.least:
            raise ValueError(f"intent kind '{shape.kind}' has two shapes ({where})")
        if not known.asks or not known.when or not known.title:
            merged = Shape(
                shape.kind,
                known.args,
                known.title or shape.title,
                known.asks or shape.asks,
                known.when or shape.when,
                known.least,
            )
            self._shapes[shape.kind] = merged

    def extend(self, shapes: Iterable[Shape], where: str) -> None:
        for shape in shapes:
            self.add(shape, where)

    def get(self, kind: str) -> Shape | None:
        return self._shapes.get(kind)

    def __contains__(self, kind: object) -> bool:
        return kind in self._shapes

    @property
    def kinds(self) -> frozenset[str]:
        return frozenset(self._shapes)

    def check(self, intent: Intent) -> Intent:
        """``intent`` checked against its kind's shape and in the declared order (an unknown kind is
        refused by the game, which knows its name)."""
        shape = self._shapes.get(intent.kind)
        return intent if shape is None else shape.check(intent)
