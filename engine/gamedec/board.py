"""The fixed board of Gamedec: 13 spaces, entry rules, exchanges and Corporate Aid menus (all rulebook)."""

from __future__ import annotations

from typing import Final

REALIUM: Final = "realium"
WORLDS: Final[tuple[str, ...]] = (
    "brahma",
    "crying_guns",
    "deep_past",
    "dream_space",
    "happy_hunting",
    "paradise_beach",
    "speed_demons",
    "twisted",
)
CORPS: Final[tuple[str, ...]] = ("mobillenium", "novatronics", "pharma", "zoenet")
SPACES: Final[tuple[str, ...]] = (REALIUM, *WORLDS, *CORPS)

NAMES: Final[dict[str, str]] = {
    "realium": "Realium",
    "brahma": "Brahma",
    "crying_guns": "Crying Guns",
    "deep_past": "Deep Past World",
    "dream_space": "Dream Space",
    "happy_hunting": "Happy Hunting Grounds",
    "paradise_beach": "Paradise Beach",
    "speed_demons": "Speed Demons",
    "twisted": "Twisted & Perverted",
    "mobillenium": "Mobillenium",
    "novatronics": "Novatronics",
    "pharma": "Pharma Nanolabs",
    "zoenet": "Zoenet Labs",
}

NO_BAD_REP: Final = frozenset({"brahma", "dream_space"})
"""RB: "On the Brahma and Dream Space spaces a detective with Bad Reputation ... may not stand"."""
NEEDS_CREDIT: Final = frozenset({"crying_guns", "deep_past"})
"""RB: "On the Crying Guns and Deep Past World spaces a detective without any Credit tokens may not stand"."""
REP_LOSS_ENTRY: Final = frozenset({"happy_hunting", "twisted"})
"""RB: "Entering Happy Hunting Grounds or Twisted & Perverted automatically lowers ... Reputation by 1"."""


def entry_rule(space: str) -> str:
    """The entry symbol beside ``space``, in words."""
    if space in NO_BAD_REP:
        return "no Bad Reputation"
    if space in NEEDS_CREDIT:
        return "needs 1 Credit"
    return "-1 Reputation on entry" if space in REP_LOSS_ENTRY else ""


EXCHANGES: Final[dict[str, str]] = {
    "realium": "1 Credit: heal your Bio Wound",
    "brahma": "3 Task cards: 1 Credit",
    "crying_guns": "1 Credit: 1 Equipment card",
    "deep_past": "2 Credits: a new Skill",
    "dream_space": "1 Equipment card: 1 Credit",
    "happy_hunting": "1 Credit: a player places an Obligation",
    "paradise_beach": "1 Credit: heal your Neuro Wound",
    "speed_demons": "1 Credit: Reputation +1",
    "twisted": "1 Credit: a player's Reputation -2",
}

AID: Final[dict[str, tuple[str, str]]] = {
    # corporation: (wound it heals, financial support "credit" or Reputation "rep")
    "mobillenium": ("neuro", "credit"),
    "novatronics": ("bio", "rep"),
    "pharma": ("bio", "credit"),
    "zoenet": ("neuro", "rep"),
}

REP_NAMES: Final[dict[int, str]] = {-2: "Extremely bad", -1: "Bad", 0: "Neutral", 1: "Good", 2: "Excellent"}
DRAWS_BY_REP: Final[dict[int, int]] = {-2: 1, -1: 2, 0: 3, 1: 4, 2: 5}


def is_corp(space: str) -> bool:
    return space in CORPS
