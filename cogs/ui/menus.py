"""Menus people can use (issue 16, item 5), the same for every game: a player's options grouped by family
(play / move / trade / discard / end) read from each intent's kind, buttons coloured by role (primary;
secondary for passing, declining and ending; danger for what cannot be undone), and ending a turn while
other actions remain asks once for confirmation. Presentation only: the table still checks every move."""

from __future__ import annotations

from collections.abc import Iterable

import discord

FAMILIES: tuple[tuple[str, str, frozenset[str]], ...] = (
    ("move", "Move", frozenset({"move", "go", "walk", "travel", "fly", "step", "jump"})),
    (
        "trade",
        "Trade",
        frozenset(
            {"trade", "offer", "give", "get", "take", "accept", "buy", "sell", "swap", "exchange", "call"}
        ),
    ),
    ("discard", "Discard", frozenset({"discard", "drop", "pile"})),
    ("end", "Pass or end", frozenset({"end", "pass", "done", "finish", "skip", "decline", "cancel", "stop"})),
)
"""(family, heading, words of an intent kind that put it there); anything else is ``play``."""
ORDER = ("play", "move", "trade", "discard", "end")
HEADINGS = {"play": "Play", **{family: heading for family, heading, _ in FAMILIES}}
IRREVERSIBLE = frozenset(
    {"discard", "sell", "destroy", "sacrifice", "resign", "concede", "surrender", "abandon"}
)
END_TURN = frozenset({"end", "end_turn", "done", "finish", "finish_turn"})
"""Intent kinds that end the player's turn: asked once for confirmation while other actions remain."""
QUIET_KINDS = frozenset({"end", "pass", "cancel", "decline", "skip", "done", "finish", "stop"})


def kind_of(key: str) -> str:
    return key.split(":", 1)[0].strip().lower()


def _words(kind: str) -> set[str]:
    return set(kind.replace("-", "_").split("_"))


def family(key: str) -> str:
    words = _words(kind_of(key))
    for name, _, known in FAMILIES:
        if words & known and not (name == "trade" and words & {"discard"}):
            return name
    return "play"


def style(key: str) -> discord.ButtonStyle:
    words = _words(kind_of(key))
    if words & IRREVERSIBLE:
        return discord.ButtonStyle.danger
    if family(key) == "end":
        return discord.ButtonStyle.secondary
    return discord.ButtonStyle.primary


def grouped(options: Iterable[tuple[str, str]]) -> list[tuple[str, list[tuple[str, str]]]]:
    """(family, [(key, label)]) in the order play, move, trade, discard, end; each family's options in
    the game's order."""
    groups: dict[str, list[tuple[str, str]]] = {}
    for key, label in options:
        groups.setdefault(family(key), []).append((key, label))
    return [(name, groups[name]) for name in ORDER if name in groups]


def ends_turn_early(key: str, legal_keys: Iterable[str]) -> list[str]:
    """When ``key`` ends the turn: the other actions still open (the kinds of those not passing or ending),
    which the player is asked to confirm leaving; [] when nothing else remains or it does not end a turn."""
    if kind_of(key) not in END_TURN:
        return []
    others: list[str] = []
    for other in legal_keys:
        kind = kind_of(other)
        if other != key and kind not in QUIET_KINDS and kind not in others:
            others.append(kind)
    return others


DESCRIPTION_MAX = 100
"""Discord's limit on a select option's description (and on its label)."""


def describe(key: str, label: str) -> str:
    """A select option's description line: its family, and the end of a label too long for the option."""
    head = HEADINGS[family(key)]
    rest = label[DESCRIPTION_MAX:].strip()
    return (f"{head} · …{rest}" if rest else head)[:DESCRIPTION_MAX]
