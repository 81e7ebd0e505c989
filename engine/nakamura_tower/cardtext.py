"""What a card does, in a few words beside its name (issue 30: "card values beside card names"): a weapon's
Damage and range, a piece of gear's bonuses, a Cyberwarfare programme's kind, Strength and SR costs, and a
model's numbers (Mental and Physical Skill, Speed, Armour). Written from the pack's records for the views; a
player never reads a field name."""

from __future__ import annotations

from .loading import pack
from .naming import plural
from .pack import CwCard, Equipment
from .state import Model
from .stats import armour, ms, ph, speed, wound_limit

KINDS = {
    "virus": "virus",
    "worm": "worm",
    "ice": "Ice defence",
    "bastion": "Bastion defence",
    "ids": "IDS defence",
    "booster": "Booster",
    "sr_booster": "SR Booster",
    "sniffer": "sniffer",
    "blank": "blank card",
}
"""A Cyberwarfare card's kind as a player reads it."""


def _signed(value: int, what: str) -> str:
    return f"{value:+d} {what}"


def _weapon(item: Equipment) -> list[str]:
    if item.kind == "ranged":
        parts = [
            f"Damage {item.damage} up to {item.effective} squares, {item.damage_max} up to {item.maximum}"
        ]
        parts += ["heavy (no Close Combat)"] if item.heavy else []
    elif item.kind == "close":
        parts = [f"Close Combat, Damage {item.damage}"]
    elif item.kind == "grenade":
        blast = f", blast {plural(item.blast, 'square')} around" if item.blast else ""
        damage = f", Damage {item.damage}" if item.damage else ""
        parts = [f"thrown up to {item.maximum} squares{damage}{blast}"]
    elif item.kind == "mine":
        parts = [f"Mine tokens, Damage {item.damage}"]
    else:
        return []
    parts += [f"Armour Piercing {item.pierce}"] if item.pierce else []
    parts += ["stuns"] if item.stun else []
    return parts


def _bonuses(item: Equipment) -> list[str]:
    parts = [_signed(item.sr, "SR")] if item.sr else []
    parts += [_signed(v, w) for v, w in ((item.ranged, "Ranged"), (item.close, "Close Combat")) if v]
    parts += [_signed(item.dodge, "Dodge")] if item.dodge else []
    parts += [_signed(item.armour, "Armour")] if item.armour else []
    parts += ["two blows a Close Combat Attack"] if item.strikes > 1 else []
    parts += ["opens locked doors"] if item.door_breaker else []
    parts += [f"+{item.cw_draw} Cyberwarfare card drawn"] if item.cw_draw else []
    parts += [f"draws {item.cw_hand} Cyberwarfare cards"] if item.cw_hand else []
    parts += [f"removes {item.heal} wounds or wakes a stunned friend"] if item.kind == "medical" else []
    parts += [f"+{item.damage} Damage to the ranged weapon"] if item.kind == "ammunition" else []
    parts += [f"Cybershock {item.cybershock}"] if item.cybershock else []
    return parts


def gear_text(item: Equipment) -> str:
    """ "Damage 5 up to 6 squares, 4 up to 12" (a weapon); "+3 SR, Cybershock 1" (a Cyberwar Helmet)."""
    return ", ".join(_weapon(item) + _bonuses(item))


def gear_line(item: Equipment, uses: int | None = None) -> str:
    """ "Kessler P9 pistol (Damage 4 up to 5 squares, 3 up to 10)", with the uses left on a limited card."""
    what = gear_text(item)
    left = f"{uses} left" if uses is not None else ""
    inside = "; ".join(x for x in (what, left) if x)
    return f"{item.name} ({inside})" if inside else item.name


def programme_text(card: CwCard) -> str:
    """ "virus, Strength 2, install 1 SR, run 1 SR"; a worm's special ability too."""
    parts = [KINDS.get(card.kind, card.kind)]
    if card.kind == "sr_booster":
        parts.append(f"+{card.strength} SR")
    elif card.kind not in ("sniffer", "blank"):
        parts.append(f"Strength {card.strength}")
    if card.kind == "sniffer":
        parts.append("looks at face-down cards, 1 SR a card")
    if card.install or card.run:
        parts.append(f"install {card.install} SR, run {card.run} SR")
    if card.effect == "drain":
        parts.append(f"drains {card.effect_value} SR a turn")
    elif card.effect == "jam":
        parts.append(f"jams a character: -{card.effect_value} Action Point")
    return ", ".join(parts)


def programme_line(instance: str) -> str:
    """A Cyberwarfare card copy (``u_navajo.2``) by its name with what it does."""
    card = pack().card(instance)
    return f"{card.name} ({programme_text(card)})"


def model_stats(model: Model) -> str:
    """ "MS 6, PH 7, Speed 4, Armour head 1, chest 2, arms 1, legs 1" (a drone has no Mental Skill)."""
    mind = f"MS {ms(model)}, " if model.kind == "character" else ""
    where = ", ".join(f"{w} {armour(model, w)}" for w in ("head", "chest", "arms", "legs"))
    return f"{mind}PH {ph(model)}, Speed {speed(model)}, {wound_limit(model)} Wounds, Armour {where}"


__all__ = ["KINDS", "gear_line", "gear_text", "model_stats", "programme_line", "programme_text"]
