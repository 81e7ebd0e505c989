"""Intents: what a player wants to do, as a small immutable value.

An intent is a ``kind`` and a few named arguments whose values are integers or short words. It has a
stable text form, :meth:`Intent.key`, used in button ids, logs and the terminal, and
:meth:`Intent.parse` reads that text back::

    Intent.of("bid", amount=3).key()  == "bid:amount=3"
    Intent.parse("bid:amount=3")      == Intent.of("bid", amount=3)

Argument order is kept (it is part of the key), so a game should always build an intent the same way;
a game with declared argument shapes puts a key's arguments in their declared order when it reads one
(``Game.parse_intent``: ``move:to=A2,unit=a1`` is read as the listed ``move:unit=a1,to=A2``), so one
intent has one key. A key naming an argument twice is refused here: it is no intent at all.
String values may hold letters, digits and ``_ - . +`` but must not look like an integer, so that the
text form reads back to exactly the same value.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from .errors import MalformedIntent

Value = int | str

KEY_MAX = 80
_WORD = re.compile(r"^[A-Za-z][A-Za-z0-9_]*$")
_TEXT = re.compile(r"^[A-Za-z0-9_.+\-]+$")
_INT = re.compile(r"^-?[0-9]+$")

GOOD_KEPT = 65_536
"""How many valid words (and, apart, values) :class:`Intent` remembers before it starts again: bounded, so a
stream of forged keys cannot grow it without end."""
_GOOD_WORDS: set[str] = set()
_GOOD_VALUES: set[str] = set()


def _seen(good: set[str], text: str) -> None:
    """Remember ``text`` as checked (a plain set: only strings that passed the check are kept)."""
    if len(good) >= GOOD_KEPT:
        good.clear()
    good.add(text)


@dataclass(frozen=True, slots=True)
class Intent:
    kind: str
    args: tuple[tuple[str, Value], ...] = ()

    def __eq__(self, other: object) -> bool:
        # what the generated one compares, without building two tuples: a submit is checked by
        # membership in a legal list of hundreds (an IPA wall: 560)
        if not isinstance(other, Intent):
            return NotImplemented
        return self.kind == other.kind and self.args == other.args

    def __post_init__(self) -> None:
        # a word or value read once is remembered (:func:`_seen`): legal lists build the same few
        # hundred intents again after every move, and a regular expression per argument was a fifth of it
        if self.kind not in _GOOD_WORDS:
            if not _WORD.match(self.kind):
                raise MalformedIntent(f"'{self.kind}' is not a valid action name.")
            _seen(_GOOD_WORDS, self.kind)
        for name, value in self.args:
            if name not in _GOOD_WORDS:
                if not _WORD.match(name):
                    raise MalformedIntent(f"'{name}' is not a valid argument name.")
                _seen(_GOOD_WORDS, name)
            kind = type(value)
            if kind is int or (kind is str and value in _GOOD_VALUES):
                continue
            if isinstance(value, bool) or not isinstance(value, int | str):
                raise MalformedIntent(f"Argument '{name}' must be a number or a word.")
            if isinstance(value, str):
                if not _TEXT.match(value) or _INT.match(value):
                    raise MalformedIntent(f"'{value}' is not a valid value for '{name}'.")
                _seen(_GOOD_VALUES, value)

    @classmethod
    def of(cls, kind: str, /, **args: Value) -> Intent:
        """Build an intent from keyword arguments, in the order given."""
        return cls(kind, tuple(args.items()))

    def get(self, name: str, default: Value | None = None) -> Value | None:
        for key, value in self.args:
            if key == name:
                return value
        return default

    def num(self, name: str) -> int:
        """The integer argument ``name``; a clear error when it is missing or not a number."""
        value = self.get(name)
        if not isinstance(value, int):
            raise MalformedIntent(f"'{self.kind}' needs a number for '{name}'.")
        return value

    def word(self, name: str) -> str:
        """The word argument ``name``; a clear error when it is missing or not a word."""
        value = self.get(name)
        if not isinstance(value, str):
            raise MalformedIntent(f"'{self.kind}' needs a word for '{name}'.")
        return value

    def key(self) -> str:
        """Short stable text for button ids and logs; :meth:`parse` is its inverse."""
        if not self.args:
            text = self.kind
        else:
            text = self.kind + ":" + ",".join([f"{k}={v}" for k, v in self.args])
        if len(text) > KEY_MAX:
            raise MalformedIntent(f"The action '{text[:40]}...' is too long to be sent.")
        return text

    @classmethod
    def parse(cls, text: str) -> Intent:
        """Read an intent from its key. Raises :class:`MalformedIntent` with a readable message.

        Keys read before come from a cache: frames keep their options as keys and read them back for every
        ``legal`` and prompt, and intents are immutable, so the same key always gives an equal intent."""
        if not isinstance(text, str):
            raise MalformedIntent("An action must be text.")
        if cls is not Intent:
            return cls._parse(text)
        return _parse_cached(text)

    @classmethod
    def _parse(cls, text: str) -> Intent:
        text = text.strip()
        if not text:
            raise MalformedIntent("The action is empty.")
        if len(text) > KEY_MAX:
            raise MalformedIntent("That action is too long to be a valid one.")
        kind, sep, rest = text.partition(":")
        args: list[tuple[str, Value]] = []
        named: set[str] = set()
        if sep:
            if not rest:
                raise MalformedIntent(f"'{text}' ends with ':' but gives no arguments.")
            for part in rest.split(","):
                name, eq, value = part.partition("=")
                if not eq or not name or not value:
                    raise MalformedIntent(f"'{part}' in '{text}' should look like name=value.")
                if name in named:
                    raise MalformedIntent(f"'{text}' gives '{name}' twice.")
                named.add(name)
                args.append((name, int(value) if _INT.match(value) else value))
        return cls(kind, tuple(args))

    def __str__(self) -> str:
        return self.key()


PARSED_KEPT = 8192
"""Keys :meth:`Intent.parse` remembers (a refused key is never kept: its error is raised anew)."""


@lru_cache(maxsize=PARSED_KEPT)
def _parse_cached(text: str) -> Intent:
    return Intent._parse(text)
