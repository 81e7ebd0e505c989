"""The effect interpreter: a hit on its way (damage roll, defensive roll, the Rift window, the effects),
damage with its types, death, kill rewards and the end of the game.

RB "Defensive Roll": "If one of the dice shows a 6, your unit dodges and is not hit." "If you roll a 6 with
both dice, your unit dodges, is not hit, and 1 damage is dealt to the attacker, unless the attacker is a
piece of field equipment. ... Your Agent also receives 1 additional ability point." "If you roll a 1 with
both dice ... your unit takes 2 additional damage." "Against gas damage, self-inflicted damage, and attacks
directed against items, players or inventories, you cannot use defensive rolls."
"""

from __future__ import annotations

from engine.core import Event, Intent, private, public
from engine.core.args import Shape, word
from engine.core.lone import made_alone

from .fear import shove
from .life import check_end, damage, destroy, die, reduction
from .names import card_named, words
from .pack import DamageType
from .rules import (
    RULES,
    P,
    agent_of_unit,
    cap,
    card_of,
    clear_shot,
    meets,
    owns,
    plural,
    recycle_from_hand,
    seat_of_unit,
    sees,
    stunned,
    unit_cell,
    unit_name,
)
from .state import Active, Hit, HitPayload, HitStep, IpaState, OverTimeOn, ResumeStep, StatusOn

# --- building hits ---------------------------------------------------------------------------------


def card_hit(state: IpaState, seat: str, instance: str, target: str) -> Hit:
    card = card_of(instance)
    agent = state.agents[seat]
    indices = [
        i
        for i, e in enumerate(card.effects)
        if e.op in ("damage", "over_time", "status", "shove", "lose_on_roll", "destroy_equipment")
    ]
    return Hit(attacker=agent.unit, seat=seat, card=instance, target=target, effects=indices)


def equipment_hit(state: IpaState, unit: str, target: str) -> Hit:
    fe = state.equipment[unit]
    return Hit(attacker=unit, seat=fe.owner or "", target=target)


# --- the amount and type -----------------------------------------------------------------------------


def _equipment_damage(state: IpaState, unit: str) -> tuple[int, DamageType]:
    fe = state.equipment[unit]
    spec = P().equipment[fe.kind]
    bonus = sum(
        u.amount
        for u in (P().upgrades[x] for x in _owner_upgrades(state, fe.owner))
        if u.equipment == fe.kind and u.effect == "damage"
    )
    return spec.damage + bonus, spec.damage_type


def _owner_upgrades(state: IpaState, seat: str | None) -> list[str]:
    return list(state.agents[seat].upgrades) if seat else []


def _roll_damage(state: IpaState, hit: Hit) -> list[Event]:
    """Fix the hit's amount and type before the defence (RB example: "First Player 1 rolls to see how much
    damage Player 2 receives")."""
    if not hit.card:
        if hit.attacker in state.equipment:
            hit.amount, hit.type = _equipment_damage(state, hit.attacker)
        return []  # over time (Drowning): the amount is fixed
    card = card_of(hit.card)
    agent = state.agents[hit.seat]
    events: list[Event] = []
    damage = next((e for e in card.effects if e.op == "damage"), None)
    if damage is None:
        hit.type = card.default_type()
        return []
    amount = damage.amount
    if damage.roll is not None:
        face = state.rng.roll(1)[0]
        amount = damage.roll[face]
        events.append(public("roll", f"{hit.seat} rolls {face} for {card.name}: {amount} damage."))
    if damage.bonus_if_owns and any(_owns_id(agent, c) for c in damage.bonus_if_owns):
        amount += damage.bonus
    hit.type = damage.type or card.default_type()
    active = next((a for a in agent.active if a.card == hit.card), None)
    if active is not None and active.converted:
        hit.type, amount = "fire", amount + _converter_plus(state, hit.seat)
    hit.amount = amount + hit.bonus
    return events


def _converter_plus(state: IpaState, seat: str) -> int:
    for act in state.agents[seat].active:
        for effect in card_of(act.card).effects:
            if effect.op == "convert":
                return effect.plus
    return 0


def _owns_id(agent: object, card_id: str) -> bool:

    return owns(agent, card_id)  # type: ignore[arg-type]


# --- the defence ------------------------------------------------------------------------------------


def defender(state: IpaState, unit: str) -> str | None:
    return seat_of_unit(state, unit)


def can_defend(state: IpaState, hit: Hit) -> bool:
    if state.opts.defence_dice == 0 or hit.type == "gas":
        return False
    target_agent = agent_of_unit(state, hit.target)
    if target_agent is not None:
        return not stunned(target_agent)
    fe = state.equipment.get(hit.target)
    if fe is None or fe.life is None:
        return False
    if hit.card and any(card_of(hit.card).effects[i].op == "destroy_equipment" for i in hit.effects):
        return False  # RB: "If a piece of field equipment is destroyed, it also cannot make a defensive roll"
    return hit.type not in P().equipment[fe.kind].weakness


@RULES.step("hit")
def hit_step(state: IpaState, step: HitStep) -> list[Event]:
    hit = step.hit
    if not _still_there(state, hit):
        return []
    events = _roll_damage(state, hit)
    target_agent = agent_of_unit(state, hit.target)
    if target_agent is not None:
        target_agent.attacked += 1
        if state.opts.overwhelming_numbers and target_agent.attacked > 3:
            hit.extra += 1  # the attacks after the third
    if not can_defend(state, hit):
        return events + landed(state, hit)
    seat = defender(state, hit.target)
    if seat is None or not state.agents[seat].alive:
        return events + defend(state, hit, True)
    text = f"{_attack_line(state, hit)} Defensive roll?"
    offer = [
        (Intent.of("defend", roll="yes"), "Roll the defensive dice"),
        (Intent.of("defend", roll="no"), "Forgo the defensive roll"),
    ]
    missed = Intent.of("defend", roll="no") if state.opts.played_is_played else None  # a missed roll is lost
    public = f"{_attack_line(state, hit)} {seat} decides whether to roll in defence."
    return events + RULES.ask(
        state,
        seat,
        "defend",
        text,
        offer,
        default=missed,
        payload=HitPayload(hit=hit),
        pace="quick",
        public=public,
    )


STATUS_NAMES = {"stun": "Stun", "helpless": "Helpless", "confuse": "Confuse", "mind_control": "Mind Control"}
"""The statuses by the rulebook's names."""


def _attack_line(state: IpaState, hit: Hit) -> str:
    """What attacks whom, with what and for how much: "Ann's Agent attacks Bo's Agent with Static Bolt (2
    energy)."; a strike over time names its card ("Choke Field strikes Bo's Agent again (1 energy)."), a
    Sentry's shot its Sentry."""
    target = unit_name(state, hit.target)
    amount = f"({hit.amount} {hit.type})"
    if hit.card:
        return (
            f"{cap(unit_name(state, hit.attacker))} attacks {target} with {card_of(hit.card).name} {amount}."
        )
    if hit.over:
        return f"{card_of(hit.over).name} strikes {target} again {amount}."
    return f"{cap(unit_name(state, hit.attacker))} fires at {target} {amount}."


def _still_there(state: IpaState, hit: Hit) -> bool:
    if state.result is not None:
        return False
    attacker = agent_of_unit(state, hit.attacker)
    if attacker is not None and not attacker.alive:
        return False
    if hit.attacker.startswith("e") and hit.attacker not in state.equipment:
        return False
    target = agent_of_unit(state, hit.target)
    return target.alive if target is not None else hit.target in state.equipment


DEFEND = Shape(
    "defend",
    (word("roll", words({"yes": "Roll the defensive dice", "no": "Forgo the defensive roll"})),),
    title="Defensive roll",
    asks="a defensive roll",
)


@RULES.answers("defend", HitPayload, takes=[DEFEND])
def defend_answered(state: IpaState, seat: str, intent: Intent, payload: HitPayload) -> list[Event]:
    return defend(state, payload.hit, intent.get("roll") == "yes")


def defend(state: IpaState, hit: Hit, rolls: bool) -> list[Event]:
    if not rolls:
        return [
            public("defence", f"{cap(unit_name(state, hit.target))} forgoes the defensive roll.")
        ] + landed(state, hit)
    dice = state.rng.roll(state.opts.defence_dice)
    shown = " and ".join(str(d) for d in dice)
    name = cap(unit_name(state, hit.target))
    if any(d >= (5 if hit.focused else 6) for d in dice):  # Focused Shot: "must roll a 5 or 6"
        events = [public("defence", f"{name} rolls {shown} and dodges.", dice=dice)]
        if dice.count(6) == 2:
            events += _double_six(state, hit)
        return events + _after(state, hit)
    if len(dice) == 2 and dice == [1, 1]:
        hit.extra += 2
        events = [
            public("defence", f"{name} rolls 1 and 1: the dodge fails badly, 2 more damage.", dice=dice)
        ]
    else:
        events = [public("defence", f"{name} rolls {shown}: hit.", dice=dice)]
    return events + landed(state, hit)


def _double_six(state: IpaState, hit: Hit) -> list[Event]:
    events: list[Event] = []
    owner = defender(state, hit.target)
    if owner is not None and state.agents[owner].alive:
        state.agents[owner].points += 1
        events.append(public("point", f"{owner}'s Agent gains an ability point for the double 6."))
    attacker = agent_of_unit(state, hit.attacker)
    if attacker is not None:
        events.append(public("reflect", f"1 damage goes back to {attacker.seat}'s Agent (self-inflicted)."))
        events += damage(state, attacker.unit, 1, "physical", None, typed=False)
    return events


# --- the Rift window --------------------------------------------------------------------------------

RIFT = Shape(
    "rift",
    (word("card", card_named),),
    title="Play a Rift",
    asks="a Rift",
    when=(
        "A Rift is played when a hit lands, or in your own turn, with an action, against the previous "
        "player's last action"
    ),
)
"""A Rift played: in the window after a hit (here) or in its owner's turn (:class:`~.undo.UndoRift`)."""
PASS = Shape("pass", title="No reaction", asks="a reaction to a hit")
"""Every Agent asked after a hit may let it land."""


def rift_options(state: IpaState, seat: str, hit: Hit) -> list[tuple[Intent, str]]:
    """The Rifts ``seat`` may play against this hit: "You may also activate a rift after a failed defensive
    roll"; Space Vacuum "can only be used against a Space Manipulation, if it is active"; "The target must
    be in the Agent's line of sight" (A-49: the Rift's user is the target, or sees the attacker or the
    target)."""

    if not may_react(state, seat, hit):
        return []
    agent = state.agents[seat]
    source = card_of(hit.card).type if hit.card else None
    out = []
    for instance in agent.hand:
        card = card_of(instance)
        if card.type != "rift" or not meets(state, agent, card):
            continue
        cancel = next(e for e in card.effects if e.op == "cancel")
        if cancel.hit or (source is not None and source in cancel.against):
            out.append((Intent.of("rift", card=instance), f"Play {card.name} to cancel it"))
    return out


def may_react(state: IpaState, seat: str, hit: Hit) -> bool:
    """Whether ``seat`` could hold a Rift against ``hit`` by what everyone sees: its Agent alive and not
    stunned, an inactive card in hand (hand sizes are public), and the target its own or the target or
    the attacker in its Agent's line of sight (Ruling R-3)."""
    agent = state.agents[seat]
    if not agent.alive or stunned(agent) or not agent.hand:
        return False
    target_cell, attacker_cell = unit_cell(state, hit.target), unit_cell(state, hit.attacker)
    return seat_of_unit(state, hit.target) == seat or any(
        c is not None and sees(state, agent.cell, c) for c in (target_cell, attacker_cell)
    )


def landed(state: IpaState, hit: Hit) -> list[Event]:
    """The hit lands unless a Rift cancels it: one sealed window for every other Agent that could hold a
    Rift by what everyone sees (:func:`may_react`), whether or not it holds one, so the window itself tells
    nobody who could have reacted (Ruling R-3). The others are not asked."""
    seats = []
    for s in state.seats:
        agent = state.agents.get(s)
        if s == hit.seat or agent is None or not agent.alive:
            continue
        if may_react(state, s, hit):
            seats.append(s)
        else:
            made_alone(s, "pass")  # a replay of a log written when every living Agent was asked skips it
    offers = {s: rift_options(state, s, hit) for s in seats}
    text = f"{cap(unit_name(state, hit.target))} is hit. Any reaction?"
    return RULES.window(
        state,
        seats,
        "rift",
        text,
        offers,
        pass_as=(Intent("pass"), "No reaction"),
        payload=HitPayload(hit=hit),
        public=f"{cap(unit_name(state, hit.target))} is hit: the other Agents may react, in secret.",
    )


@RULES.closed("rift", HitPayload, takes=[RIFT, PASS])
def rift_closed(state: IpaState, answers: list[tuple[str, Intent]], payload: HitPayload) -> list[Event]:
    hit = payload.hit
    for seat, intent in answers:
        if intent.kind != "rift":
            continue
        instance = intent.word("card")
        if instance not in state.agents[seat].hand:
            continue
        card = recycle_from_hand(state, seat, instance)
        events = [public("rift", f"{seat} activates the Rift {card.name}: the hit is cancelled.")]
        if hit.card and not any(e.op == "cancel" and e.hit for e in card.effects):
            events += swallow(state, hit.seat, hit.card)
        return events + _after(state, hit)
    return apply_hit(state, hit) + _after(state, hit)


def swallow(state: IpaState, seat: str, instance: str) -> list[Event]:
    """Space Vacuum: the "Target Space Manipulation (and its effect) is sucked into the rift and is placed
    on the recycle pile" (the card leaves its owner's active cards)."""
    owner = state.agents[seat]
    active = next((a for a in owner.active if a.card == instance), None)
    if active is None:
        return []
    owner.active.remove(active)
    state.recycle.append(instance)
    return [public("rift", f"{card_of(instance).name} goes to the recycle pile.")]


def _after(state: IpaState, hit: Hit) -> list[Event]:
    return check_end(state)


# --- the effects --------------------------------------------------------------------------------------


def apply_hit(state: IpaState, hit: Hit) -> list[Event]:
    if not hit.card:
        return damage(state, hit.target, hit.amount + hit.extra, hit.type, hit.seat)
    card = card_of(hit.card)
    events: list[Event] = []
    dealt = False
    for i in hit.effects:
        effect = card.effects[i]
        if effect.op == "damage":
            events += damage(state, hit.target, hit.amount + hit.extra, hit.type, hit.seat)
            dealt = True
        elif effect.op == "status":
            events += inflict(state, hit.target, effect.status, hit.seat)
        elif effect.op == "over_time":
            turns = state.rng.roll(1)[0]
            target = agent_of_unit(state, hit.target)
            if target is not None:
                target.over_time.append(
                    OverTimeOn(
                        card=hit.card,
                        by=hit.seat,
                        amount=effect.amount,
                        type=effect.type or card.default_type(),
                        turns=turns,
                    )
                )
                events.append(
                    public(
                        "over_time",
                        f"{card.name} will strike {target.seat}'s Agent for {plural(turns, 'turn')}.",
                    )
                )
        elif effect.op == "lose_on_roll":
            face = state.rng.roll(1)[0]
            events.append(public("roll", f"{hit.seat} rolls {face} for {card.name}."))
            if face >= effect.face:
                events += damage(state, hit.target, effect.life, "physical", hit.seat, typed=False)
        elif effect.op == "destroy_equipment":
            events += destroy(state, hit.target)
        elif effect.op == "shove":
            events += shove(state, hit, effect.squares)
    if hit.extra and not dealt:
        events += damage(state, hit.target, hit.extra, card.default_type(), hit.seat)
    return events


def inflict(state: IpaState, unit: str, status: str, by: str) -> list[Event]:
    """RB: "All field equipment is immune to the effects of Stun ... Helpless"; UE 4 makes an Agent immune."""
    target = agent_of_unit(state, unit)
    if target is None or not target.alive:
        return []
    if target.ue == "steady":
        return [public("immune", f"{target.seat}'s Agent is immune to {STATUS_NAMES[status]}.")]
    target.statuses = [s for s in target.statuses if s.status != status]
    # Helpless lasts through the target's own next turn, whoever is in turn first
    target.statuses.append(StatusOn(status=status, by=target.seat if status == "helpless" else by))
    word = {
        "stun": "stunned (under shock)",
        "helpless": "helpless: no action in its next turn",
        "confuse": "confused: its first deed next turn is an attack on the nearest target",
        "mind_control": "under Mind Control: its next turn is played by " + by,
    }[status]
    return [public("status", f"{target.seat}'s Agent is {word}.")]


def resume(state: IpaState, seat: str) -> None:
    state.now(ResumeStep(seat=seat))


def queue_hits(state: IpaState, hits: list[Hit], seat: str) -> None:
    state.now(*[HitStep(hit=h) for h in hits], ResumeStep(seat=seat))


def reveal(state: IpaState, seat: str, instance: str) -> Active:
    agent = state.agents[seat]
    if instance in agent.hand:
        agent.hand.remove(instance)
        act = Active(card=instance, turn=state.turn.number)
        agent.active.append(act)
        return act
    act = next(a for a in agent.active if a.card == instance)
    act.uses += 1
    act.turn = state.turn.number
    return act


def shot_line(state: IpaState, a: str, b: str, clear: bool) -> None:
    state.last_shot = [a, b, "clear" if clear else "blocked"]


def whisper(seat: str, text: str) -> Event:
    return private(seat, "private", text)


__all__ = [
    "card_hit",
    "check_end",
    "clear_shot",
    "damage",
    "destroy",
    "die",
    "equipment_hit",
    "queue_hits",
    "reduction",
    "reveal",
]
