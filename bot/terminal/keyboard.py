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
    """Which label a typed line names: (its index, []) for a whole label or the one label it starts;
    (None, candidates) when it starts several (a start ending at a word wins over one inside a word:
    "bid 3" names "Bid 3 (…)" rather than "Bid 30"); (None, []) when it names none."""
    typed = folded(line)
    labels_folded = [folded(label) for label in labels]
    exact = [i for i, label in enumerate(labels_folded) if label == typed]
    if exact:
        return exact[0], []
    starts = [i for i, label in enumerate(labels_folded) if label.startswith(typed)]
    if len(starts) > 1:
        at_word = [i for i in starts if not labels_folded[i][len(typed)].isalnum()]
        starts = at_word if len(at_word) == 1 else starts
    if len(starts) == 1:
        return starts[0], []
    return None, starts


def not_understood(line: str, count: int, candidates: list[str] | None = None) -> str:
    if candidates:
        # The part before a parenthesis names an action; the rest is detail the menu above shows.
        short = [c.split(" (")[0] for c in candidates]
        shown = ", ".join(short[:6]) + (", ..." if len(short) > 6 else "")
        return f"'{line}' could be {len(candidates)} actions: {shown}. Type more of it, or its number."
    return f"Not understood: type a number from 1 to {count}, a label, or 'help'."
