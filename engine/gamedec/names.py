"""How Gamedec's ids read for a player: spaces, seats, cards, Equipment, Skills and traded goods.

The ``*_named`` functions name one argument's value (``(state, value) -> text``): the actions and answer
topics declare them on their arguments (see :mod:`engine.core.args`), so a menu asked in parts reads
"Brahma", "Paper Cipher" or "2 Credits", never ``brahma``, ``t073`` or ``c2``. A value they do not know
raises (``KeyError``) and the runtime falls back to the value itself.
"""

from __future__ import annotations

from engine.core.intent import Value

from .board import NAMES
from .pack import load_pack
from .state import GamedecState
from .view import PENALTY_WORDS, REWARD_WORDS

WOUNDS = {"bio": "Bio Wound", "neuro": "Neuro Wound"}
PILES = {"deck": "The Equipment deck", "faceup": "The face-up Equipment pile"}


def plural(n: int, word: str, many: str = "") -> str:
    """ "1 Credit", "2 Credits" (``many``: an irregular plural)."""
    return f"{n} {word if n == 1 else many or word + 's'}"


def skill_name(skill: str) -> str:
    """A Skill's name ("Contacts"); an id the pack does not know reads as itself, capitalised."""
    found = load_pack().skills.get(skill)
    return found.name if found is not None else skill.capitalize()


def task_summary(card: str) -> str:
    """A Task card in words: "The Velvet Heir (any world, DL 8, agility/melee; success Clue; failure
    Reputation -1)"."""
    t = load_pack().tasks[card]
    where = "any world" if t.world == "universal" else NAMES[t.world]
    success = " + ".join(REWARD_WORDS[r] for r in t.success)
    failure = PENALTY_WORDS[t.failure]
    skills = "/".join(skill_name(s) for s in t.skills)
    return f"{t.name} ({where}, DL {t.dl}, {skills}; success {success}; failure {failure})"


def item_label(state: GamedecState, item: str, owner_view: bool) -> str:
    """A traded item: nothing, 1-2 Credits, an Equipment card, a named Task card (named only to the two
    traders: ``owner_view``) or a Task card of the giver's choice."""
    pack = load_pack()
    if item == "none":
        return "nothing"
    if item in ("c1", "c2"):
        return f"{item[1]} Credit{'s' if item == 'c2' else ''}"
    if item == "task":
        return "a Task card (giver's choice)"
    if item in pack.equipment:
        return pack.equipment[item].name
    if item in pack.tasks:
        return f"the Task card {pack.tasks[item].name}" if owner_view else "a Task card"
    return item


# --- one argument's value, for a menu asked in parts -----------------------------------------------------


def space_named(state: GamedecState, value: Value) -> str:
    return NAMES[str(value)]


def seat_named(state: GamedecState, value: Value) -> str | None:
    """A seat is named by its own name (None: no such seat)."""
    return str(value) if value in state.players else None


def task_named(state: GamedecState, value: Value) -> str:
    return load_pack().tasks[str(value)].name


def equipment_named(state: GamedecState, value: Value) -> str:
    eq = load_pack().equipment[str(value)]
    return f"{eq.name} (+2 {skill_name(eq.skill)})"


def skill_named(state: GamedecState, value: Value) -> str:
    return load_pack().skills[str(value)].name


def wound_named(state: GamedecState, value: Value) -> str:
    return WOUNDS[str(value)]


def pile_named(state: GamedecState, value: Value) -> str:
    return PILES[str(value)]


def goods_named(state: GamedecState, value: Value) -> str:
    """A good of a trade, as its own side reads it (a Task card of its hand named)."""
    item = str(value)
    known = item in ("none", "c1", "c2", "task") or item in load_pack().equipment or item in load_pack().tasks
    if not known:
        raise KeyError(item)
    return item_label(state, item, True)
