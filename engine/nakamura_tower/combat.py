"""Attacks in the Real World and the AI Operations phase: the opposed tests, hit location, armour and
wounds, and the reactions of the target (Dodge, Fast Attack, Take Cover) as a sealed window.

RB Tests: "the highest score wins, the attacker loses draws." Only a target that may still make a Fast
Attack or Take Cover is asked; Dodge is free and automatic (rules-notes 8 #14), so the asking tells nothing
the public board does not.
"""

from __future__ import annotations

from collections.abc import Callable

from pydantic import BaseModel

from engine.core import Event, Intent, public
from engine.core.args import Shape, number, word
from engine.core.intent import Value

from . import board, intervening, mines
from .activation import settle
from .board import raise_alarm
from .rules import RULES, draw
from .sharing import controller_of
from .state import AttackStep, Model, NtState
from .stats import RANGED_IN_CC, Weapon, ammunition, bonus, called, ph, speed, strikes, weapons, who
from .wounds import hurt, take_wounds

__all__ = ["hurt", "take_wounds"]

FAST_ATTACK = -3
"""RB Fast Attack: "perform a Ranged Attack or Close Combat Attack with a -3 modifier"."""
DODGE = 3
"""RB Dodge: the Target's Speed "+3 + specific Dodge bonuses"."""


def weapon_for(
    state: NtState,
    attacker: Model,
    target: Model,
    sight: Callable[[str], bool] | None = None,
    arms: tuple[Weapon | None, Weapon] | None = None,
) -> Weapon | None:
    """The way ``attacker`` can attack ``target`` now: Close Combat on adjacent squares, else its ranged
    weapon within Maximum Range, with Line of Sight either way. ``sight``: the attacker's
    :func:`board.sight` at this moment, and ``arms`` its :func:`weapons`, drawn once by a caller that asks
    about many targets."""
    if not (attacker.able and target.active) or board.friends(attacker, target):
        return None
    assert attacker.cell is not None and target.cell is not None
    reach = board.distance(state, attacker.cell, target.cell)
    ranged, close = arms or weapons(attacker)
    weapon = close if reach <= 1 else ranged if ranged is not None and reach <= ranged.maximum else None
    if weapon is None:  # out of reach: the Line of Sight (the costly part) need not be drawn
        return None
    if intervening.applies(state, attacker, target):
        return weapon if intervening.in_sight(state, attacker, target) else None
    return weapon if (sight or board.sight(state, attacker))(target.cell) else None


def attack_base(
    state: NtState,
    attacker: Model,
    target: Model,
    weapon: Weapon,
    fast: bool = False,
    shield: str | None = None,
) -> int:
    """RB Ranged Attack: "Physical Skill ... Add points for Special Skills, Neurochips and weapon card
    bonuses ... If the attacker is using Fast Attack apply a -3 modifier ... Attacker applies the TAC
    modifier"."""
    assert target.cell is not None
    skill = bonus(attacker, "close" if weapon.close else "ranged")
    return (
        ph(attacker)
        + skill
        + weapon.bonus
        + (FAST_ATTACK if fast else 0)
        - board.tac(state, attacker, target.cell)
        + (0 if weapon.close else intervening.penalty(state, attacker, target, shield))
    )


def dodge_base(model: Model) -> int:
    """RB Dodge: "Use the character's Speed Skill and add 3 to this plus Dodge specific modifiers"; a stunned
    model cannot Dodge and defends with the bare CanDo card (ruling G01)."""
    return speed(model) + DODGE + bonus(model, "dodge") if model.able else 0


def alarm_kind(weapon: Weapon) -> str:
    """RB Alarm table: "+1 Use of Ranged Attack Weapons", "+2 Use of Heavy Weapons", "+1 Close Combat
    without using Ranged Attack Weapons"."""
    if weapon.heavy:
        return "heavy"
    return "close" if weapon.close and weapon.bonus != RANGED_IN_CC else "ranged"


def damage_of(state: NtState, attacker: Model, target: Model, weapon: Weapon) -> int:
    """RB: the first Damage up to Effective Range, the second up to Maximum Range; a shot adds what its
    ammunition card adds."""
    assert attacker.cell is not None and target.cell is not None
    if weapon.close:
        return weapon.damage
    reach = board.distance(state, attacker.cell, target.cell)
    return (weapon.damage if reach <= weapon.effective else weapon.damage_max) + ammunition(attacker)


def wound(state: NtState, attacker: Model, target: Model, weapon: Weapon, card: int) -> list[Event]:
    """A hit by ``weapon``: its Damage at this range, the hit location from the attacker's ``card``."""
    damage = damage_of(state, attacker, target, weapon)
    return hurt(state, target, damage, weapon.pierce, card, attacker, weapon.stun)


def cover_squares(state: NtState, mover: Model, threat: Model) -> list[str]:
    """RB Take Cover: "move one square such that it is either further away from the active model that
    triggered the reaction or there is no Line of Sight" (ruling R10: never closer)."""
    assert mover.cell is not None and threat.cell is not None
    g, here, there = board.grid(state), board.square(mover.cell), board.square(threat.cell)
    taken, seen_by_threat = board.occupied(state), board.sight(state, threat)
    near = g.distance(here, there)
    out: list[str] = []
    for cell in g.neighbours(here, board.passage(state, mover)):
        if cell in taken:
            continue
        far = g.distance(cell, there)
        if far > near or (far == near and not seen_by_threat(cell.label)):
            out.append(cell.label)
    return out


def may_react(model: Model) -> bool:
    """RB: Fast Attack and Take Cover are "once per turn per character"; "Drones cannot perform the Take
    Cover or Fast Attack reactions" (ruling R03; psychotic characters neither, G19)."""
    return model.able and model.kind == "character" and not model.reacted and model.team != "ai"


HOW = {"fire": "Fast Attack", "cover": "Take Cover", "dodge": "Dodge", "shield": "Step in as a Human Shield"}
"""The reactions, as a menu names them."""


def _step_named(state: NtState, step: Value) -> str:
    """The square of the Move under way at which a reaction happens (its step along the path)."""
    moved = state.waiting.find("window", "moved")
    return f"At {moved.data['cells'][int(step)]}" if moved is not None else f"Step {step}"


REACT = Shape(
    "react",
    (
        word("unit", called, optional=True),
        number("at", _step_named, optional=True),
        word("how", lambda state, how: HOW[str(how)], optional=True),
        word("to", optional=True),
    ),
    title="React",
    asks="a reaction",
    least=1,
)
"""A reaction: to an attack (``react:how=cover,to=C5``, a Human Shield ``react:unit=a2,how=shield``) or to
a Move along its path (``react:unit=b1,at=2``, Take Cover ``react:unit=b1,at=2,how=cover``)."""


class ReactPayload(BaseModel):
    attacker: str
    target: str
    strike: int = 1


def begin_attack(state: NtState, attacker_id: str, target_id: str, strike: int = 1) -> list[Event]:
    """Declare an attack; ask the target's player only when it may Fast Attack or Take Cover. ``strike``
    counts the blows of one Close Combat Attack (Rapid Strike)."""
    attacker, target = state.models[attacker_id], state.models[target_id]
    weapon = weapon_for(state, attacker, target)
    striker, struck = who(state, attacker), who(state, target)  # as every line below names them
    if weapon is None:
        return [public("no_attack", f"{striker} no longer has a target in {struck}.")]
    assert attacker.cell is not None and target.cell is not None
    state.last_sight = [attacker.cell, target.cell]
    raise_alarm(state, attacker.cell, alarm_kind(weapon))
    events = [public("attack", f"{striker} attacks {struck} with {weapon.name}.")]
    offer: list[tuple[Intent, str]] = []
    if may_react(target):
        if weapon_for(state, target, attacker) is not None:
            offer.append((Intent.of("react", how="fire"), f"Fast Attack {striker}"))
        offer += [
            (Intent.of("react", how="cover", to=c), f"Take Cover to {c}")
            for c in cover_squares(state, target, attacker)
        ]
    shields = [] if weapon.close else intervening.shields(state, attacker, target)
    if (not offer or target.standing != "ask") and not shields:
        # ruling M7: a standing order answers without a prompt (Dodge when the order's reaction is not legal)
        how = target.standing if target.standing != "ask" else "dodge"
        pick = next((i for i, _ in offer if i.get("how") == how), None)
        to = pick.get("to") if pick is not None else None
        events += resolve(state, attacker, target, how if pick else "dodge", str(to) if to else None)
        return events + _again(state, attacker, target, weapon, strike)
    offer += [
        (Intent.of("react", unit=m.id, how="shield"), f"{who(state, m)} steps in as a Human Shield")
        for m in shields
    ]
    text = f"{striker} attacks {struck}: {_choices(offer)}?"
    player = controller_of(state, target)  # ruling H1: the seat that plays the target reacts with it
    return events + RULES.window(
        state,
        [player],
        "react",
        text,
        {player: offer},
        pass_as=(Intent.of("react", how="dodge"), "Dodge"),
        payload=ReactPayload(attacker=attacker_id, target=target_id, strike=strike),
        public=f"{striker} attacks {struck}: {player} chooses the reaction.",
    )


def _choices(offer: list[tuple[Intent, str]]) -> str:
    """The reactions offered, in words ("Dodge, Fast Attack or Take Cover")."""
    kinds = {str(i.get("how")) for i, _ in offer}
    names = ["Dodge"] + [HOW[h] for h in ("fire", "cover") if h in kinds]
    names += ["a Human Shield"] if "shield" in kinds else []
    return ", ".join(names[:-1]) + " or " + names[-1] if len(names) > 1 else names[0]


@RULES.closed("react", ReactPayload, takes=[REACT])
def reacted(state: NtState, answers: list[tuple[str, Intent]], payload: ReactPayload) -> list[Event]:
    intent = answers[0][1] if answers else Intent.of("react", how="dodge")
    how = str(intent.get("how") or "dodge")
    to = intent.get("to") if how == "cover" else intent.get("unit")
    attacker, target = state.models[payload.attacker], state.models[payload.target]
    weapon = weapon_for(state, attacker, target)
    events = resolve(state, attacker, target, how, str(to) if to is not None else None)
    if weapon is not None:
        events += _again(state, attacker, target, weapon, payload.strike)
    turn = state.waiting.find("turn")
    if turn is not None and state.phase == "real":
        events += settle(state, turn.asked()[0])
    return events


def _again(state: NtState, attacker: Model, target: Model, weapon: Weapon, strike: int) -> list[Event]:
    """RB Example 7: the Matsushita Cyberarm Killer Mod "has the Rapid Strike special ability that enables
    her to hit twice per CC Attack. Thus she gets a second Close Combat Attack" (ruling K11: a separate
    attack, with its own reaction; only a declared CC Attack, not a Fast Attack)."""
    if not weapon.close or strike >= strikes(attacker) or weapon_for(state, attacker, target) is None:
        return []
    events = [public("rapid_strike", f"{who(state, attacker)} strikes again (Rapid Strike).")]
    return events + begin_attack(state, attacker.id, target.id, strike + 1)


def resolve(state: NtState, attacker: Model, target: Model, how: str, to: str | None) -> list[Event]:
    """The attack against the target's answer: ``dodge``, ``fire`` (Fast Attack), ``cover`` (Take Cover to
    the square ``to``) or ``shield`` (the teammate ``to`` steps in as a Human Shield)."""
    weapon = weapon_for(state, attacker, target)
    if weapon is None:
        return [public("no_attack", f"{who(state, target)} is out of reach.")]
    if how == "fire":
        return _exchange(state, attacker, target, weapon)
    shield = to if how == "shield" else None
    if shield is not None:
        state.models[shield].reacted = True
        if intervening.second(state, attacker, target, shield):
            return _shielded(state, attacker, state.models[shield], weapon)
    card = draw(state)
    hit = attack_base(state, attacker, target, weapon, shield=shield) + card
    if how == "cover" and to is not None:
        return _take_cover(state, attacker, target, weapon, to, hit, card)
    defence = dodge_base(target) + draw(state)
    if defence >= hit:
        return [public("dodged", f"{who(state, target)} dodges ({defence} against {hit}).")] + _stray(
            state, attacker, target, weapon, hit, defence, shield
        )
    return [public("hit_roll", f"{who(state, attacker)} hits ({hit} against {defence}).")] + wound(
        state, attacker, target, weapon, card
    )


def _take_cover(
    state: NtState, attacker: Model, target: Model, weapon: Weapon, to: str, hit: int, card: int
) -> list[Event]:
    target.reacted = True
    guard = speed(target) + bonus(target, "dodge") + draw(state)
    # ruling R06: against a Ranged Attack the reactor needs more (Example 3: "would need a CanDo card 5
    # higher" at Speed 4 against PH 8), against a Close Combat Attack as much (Example 8: "equal to or
    # higher")
    if guard > hit or (weapon.close and guard == hit):
        events = [public("cover", f"{who(state, target)} takes cover to {to} ({guard} against {hit}).")]
        return events + mines.enter(state, target, to)
    return [
        public("cover_failed", f"{who(state, target)} fails to take cover ({guard} against {hit}).")
    ] + wound(state, attacker, target, weapon, card)


def _shielded(state: NtState, attacker: Model, shield: Model, weapon: Weapon) -> list[Event]:
    """RB Human Shield: "automatically hit if it is the second intervening model" (a new CanDo card for the
    hit location)."""
    events = [public("shield", f"{who(state, shield)} steps into {who(state, attacker)}'s line of fire.")]
    return events + wound(state, attacker, shield, weapon, draw(state))


def _stray(
    state: NtState,
    attacker: Model,
    target: Model,
    weapon: Weapon,
    hit: int,
    defence: int,
    shield: str | None = None,
) -> list[Event]:
    """Intervening Models: a miss caused by the models in the way hits one of them."""
    other = None if weapon.close else intervening.stray(state, attacker, target, hit, defence, shield)
    if other is None:
        return []
    return [intervening.stray_event(who(state, attacker), who(state, other))] + wound(
        state, attacker, other, weapon, draw(state)
    )


def _exchange(state: NtState, attacker: Model, target: Model, weapon: Weapon) -> list[Event]:
    """RB (FAQ): an attack against a Fast Attack is simultaneous, "the higher result wins" and "'simultaneous'
    does not mean a tie is resolved in favour of either side" (ruling R07: a tie, both miss)."""
    target.reacted = True
    back = weapon_for(state, target, attacker)
    assert back is not None
    first_card, second_card = draw(state), draw(state)
    first = attack_base(state, attacker, target, weapon) + first_card
    second = attack_base(state, target, attacker, back, fast=True) + second_card
    text = f"{who(state, attacker)}'s attack {first} against {who(state, target)}'s Fast Attack {second}"
    if first == second:
        return [public("exchange", text + ": both miss.")]
    if first > second:
        return [public("exchange", text + ".")] + wound(state, attacker, target, weapon, first_card)
    return [public("exchange", text + ".")] + wound(state, target, attacker, back, second_card)


def fast_attack(state: NtState, reactor: Model, mover: Model) -> list[Event]:
    """RB Move vs. Fast Attack: the reactor's attack at -3 against the mover's Dodge."""
    weapon = weapon_for(state, reactor, mover)
    reactor.reacted = True
    if weapon is None:
        return [public("no_attack", f"{who(state, reactor)} has no shot at {who(state, mover)}.")]
    assert reactor.cell is not None and mover.cell is not None
    raise_alarm(state, reactor.cell, alarm_kind(weapon))
    card = draw(state)
    hit = attack_base(state, reactor, mover, weapon, fast=True) + card
    defence = dodge_base(mover) + draw(state)
    text = f"{who(state, reactor)} makes a Fast Attack on {who(state, mover)} at {mover.cell}: "
    text += f"{hit} against {defence}"
    if defence >= hit:
        return [public("fast_attack", text + ", dodged.")] + _stray(
            state, reactor, mover, weapon, hit, defence
        )
    return [public("fast_attack", text + ".")] + wound(state, reactor, mover, weapon, card)


@RULES.step("attack")
def attack_step(state: NtState, step: AttackStep) -> list[Event]:
    return begin_attack(state, step.attacker, step.target)
