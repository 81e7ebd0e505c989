"""What the player types: a line at a time, Ctrl-C at a safe point, and which label on the screen a typed
line names."""

from __future__ import annotations

import signal
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType

QUIT = frozenset({"quit", "exit", "q"})
MORE = frozenset({"all", "more"})


def say(text: str = "") -> None:
    print(text, flush=True)


class Interrupted(Exception):
    """Ctrl-C while a player was typing: save and stop."""


class CtrlC:
    """Ctrl-C stops at the next safe point: at once while the terminal waits for a line, else after the
    move being committed (a second Ctrl-C stops at once; nothing committed is lost either way)."""

    def __init__(self) -> None:
        self.requested = False
        self.reading = False

    def __call__(self, signum: int, frame: FrameType | None) -> None:
        if self.reading or self.requested:
            raise KeyboardInterrupt
        self.requested = True

    @contextmanager
    def installed(self) -> Iterator[None]:
        try:
            previous = signal.signal(signal.SIGINT, self)
        except ValueError:  # not the main thread (a test's loop): Ctrl-C keeps its usual meaning
            yield
            return
        try:
            yield
        finally:
            signal.signal(signal.SIGINT, previous)


def read_line(prompt: str, ctrl_c: CtrlC | None = None) -> str | None:
    """A line from the player, stripped; None at the end of input; :class:`Interrupted` on Ctrl-C."""
    if ctrl_c is not None:
        ctrl_c.reading = True
    try:
        return input(prompt).strip()
    except EOFError:
        return None
    except KeyboardInterrupt:
        raise Interrupted from None
    finally:
        if ctrl_c is not None:
            ctrl_c.reading = False


def folded(text: str) -> str:
    return " ".join(text.casefold().split())


def match_label(line: str, labels: list[str]) -> tuple[int | None, list[int]]:
    """Which label a typed line names: (its index, []) for a whole label, the one label it starts, or else
    the one label it is a part of (a square's coordinates "B5", a word of a name "paradise"); (None,
    candidates) when it names several (a start ending at a word wins over one inside a word: "bid 3" names
    "Bid 3 (…)" rather than "Bid 30"); (None, []) when it names none."""
    typed = folded(line)
    if not typed:
        return None, []
    labels_folded = [folded(label) for label in labels]
    exact = [i for i, label in enumerate(labels_folded) if label == typed]
    if exact:
        return exact[0], []
    for found in (_starts(typed, labels_folded), _parts(typed, labels_folded)):
        if len(found) == 1:
            return found[0], []
        if found:
            return None, found
    return None, []


def _at_word_end(label: str, end: int) -> bool:
    return end >= len(label) or not label[end].isalnum()


def _starts(typed: str, labels: list[str]) -> list[int]:
    """The labels ``typed`` starts; of several, the one where it ends at a word, if only one does."""
    starts = [i for i, label in enumerate(labels) if label.startswith(typed)]
    if len(starts) > 1:
        at_word = [i for i in starts if _at_word_end(labels[i], len(typed))]
        starts = at_word if len(at_word) == 1 else starts
    return starts


def _parts(typed: str, labels: list[str]) -> list[int]:
    """The labels holding ``typed`` from the start of a word ("b5" in "Move to B5 (…)"); of several, those
    where it is whole words, when that narrows them."""
    found = [i for i, label in enumerate(labels) if _word_start(label, typed) is not None]
    whole = [i for i in found if _word_start(labels[i], typed, whole=True) is not None]
    return whole if whole and len(whole) < len(found) else found


def _word_start(label: str, typed: str, whole: bool = False) -> int | None:
    """Where ``typed`` begins at a word of ``label`` (None when nowhere); with ``whole``, only where it
    also ends at a word."""
    at = label.find(typed)
    while at >= 0:
        if (at == 0 or not label[at - 1].isalnum()) and (not whole or _at_word_end(label, at + len(typed))):
            return at
        at = label.find(typed, at + 1)
    return None


def not_understood(line: str, count: int, candidates: list[str] | None = None) -> str:
    if candidates:
        # The part before a parenthesis names an action; the rest is detail the menu above shows.
        short = [c.split(" (")[0] for c in candidates]
        shown = ", ".join(short[:6]) + (", ..." if len(short) > 6 else "")
        return f"'{line}' could be {len(candidates)} actions: {shown}. Type more of it, or its number."
    return f"Not understood: type a number from 1 to {count}, a label, or 'help'."
