"""Hit locations: the basic table, the advanced left/right table (option ``hit_sides``) and the advanced
Hit Location Damage (option ``location_damage``).

RB: "Head 10; Chest 7-9; Arms 5-6; Legs 1-4". Advanced: "5 as the left arm and 6 for the right arm, and a 2
or 4 for the right leg and a 1 or 3 for the left leg" (mirrored for a left-handed character). Hit Location
Damage: "if a single hit causes three or more wounds then the cyberware becomes disabled ... if the hit is on
the arm, leg or head then the character only suffers three wounds, additional wounds are ignored"; to the
head: "Draw a CanDo card for each wound received above one. If the CanDo card number is equal to a Neurochip
slot number then remove any Neurochip occupying that slot from the game" (ruling V3: a character's
Neurochips fill slots 1, 2... in the order it carries them).
"""

from __future__ import annotations

from engine.core import Event, public

from .loading import pack
from .rules import draw
from .state import Model, NtState
from .stats import name

CYBERWARE = {"arms": "cyberarm", "legs": "cyberleg", "head": "helmet"}
CAP = 3


def location(card: int) -> str:
    return "head" if card == 10 else "chest" if card >= 7 else "arms" if card >= 5 else "legs"


def side(card: int, model: Model) -> str:
    """``left_arm``, ``right_leg``... for the advanced table; the head and chest have no side."""
    where = location(card)
    if where == "arms":
        left = card == 5
    elif where == "legs":
        left = card in (1, 3)
    else:
        return where
    if model.kind == "character" and pack().characters[model.card].left_handed:
        left = not left
    return f"{'left' if left else 'right'}_{where[:-1]}"


def hit_at(state: NtState, target: Model, card: int) -> str:
    return side(card, target) if state.opts.hit_sides else location(card)


def damage(state: NtState, target: Model, where: str, wounds: int) -> tuple[int, list[Event]]:
    """Hit Location Damage: disabled cyberware, the cap of three wounds, Neurochips lost to a head hit."""
    if not state.opts.location_damage or target.kind != "character" or wounds < CAP:
        return wounds, []
    part = "arms" if "arm" in where else "legs" if "leg" in where else where
    events: list[Event] = []
    slot = CYBERWARE.get(part)
    gone = [e for e in target.equipment if slot and pack().equipment[e].slot == slot]
    for item in gone:
        target.equipment.remove(item)
        events.append(
            public("disabled", f"{name(target)}'s {pack().equipment[item].name} is disabled by the hit.")
        )
    if part == "head":
        chips = [e for e in target.equipment if pack().equipment[e].kind == "neurochip"]
        for _ in range(wounds - 1):
            card = draw(state)
            if 1 <= card <= len(chips) and chips[card - 1] in target.equipment:
                target.equipment.remove(chips[card - 1])
                chip = pack().equipment[chips[card - 1]].name
                events.append(
                    public("disabled", f"{name(target)}'s Neurochip {chip} is lost (CanDo {card}).")
                )
    return (min(wounds, CAP) if part in CYBERWARE else wounds), events
