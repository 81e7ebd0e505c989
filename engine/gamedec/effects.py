"""Task tests and fights: the roll (once the Assist/Sabotage window of :mod:`.window` has closed), and
what it gives. What a Task's success or failure gives is queued as steps in front of the rest of the round,
so it runs while the tester's turn stays open.
"""

from __future__ import annotations

from engine.core import Event, public

from . import modifiers as M
from . import rules as R
from . import story as ST
from .answers import CorpPayload, decide
from .board import NAMES, REALIUM
from .names import skill_name
from .pack import load_pack
from .runtime import RULES
from .state import GamedecState, TestState
from .steps import (
    ChooseSkillStep,
    EquipPickStep,
    FightWoundStep,
    IpStep,
    PenaltyStep,
    RewardStep,
    RollStep,
)

# --- the roll ---------------------------------------------------------------------------------------


def _lag_fails(state: GamedecState, seat: str, space: str, dice: list[int], take_seven: bool) -> bool:
    return M.natural_one_fails(state, seat, space) and 1 in dice and not take_seven


@RULES.step("roll")
def _roll(state: GamedecState, step: RollStep) -> list[Event]:
    test = state.test
    assert test is not None
    if test.kind == "story":
        return _story_roll(state, test)
    if test.kind == "task":
        return _task_roll(state, test)
    return _fight(state, test)


def _task_roll(state: GamedecState, test: TestState) -> list[Event]:
    task = load_pack().tasks[test.card]
    seat = test.actor
    dice = [3, 4] if test.take_seven else state.rng.roll(2, 6)
    mod = M.task_modifier(state, seat, task, test.space)
    cards = 2 * test.plus.get(seat, 0) - 2 * test.minus.get(seat, 0)
    total = sum(dice) + mod + cards
    lag_fail = _lag_fails(state, seat, test.space, dice, test.take_seven)
    ok = total >= task.dl and not lag_fail
    state.last_roll = {
        "kind": "task",
        "seat": seat,
        "card": task.id,
        "dice": dice,
        "modifier": mod,
        "cards": cards,
        "total": total,
        "dl": task.dl,
        "success": ok,
        "lag_fail": lag_fail,
    }
    how = "takes 7" if test.take_seven else f"rolls {dice[0]}+{dice[1]}"
    verdict = "success" if ok else ("failure: a 1 on a Lag space" if lag_fail else "failure")
    events = [
        public(
            "roll",
            f"{R.name(state, seat)} {how} {mod:+d} (cards {cards:+d}) = {total} vs {task.dl}: {verdict}.",
            dice=dice,
            total=total,
            success=ok,
        )
    ]
    state.test = None
    if ok:
        state.task_deck.discard(task.id)
        steps = [RewardStep(seat=seat, what=w, space=test.space) for w in task.success]
        steps += [RewardStep(seat=seat, what="rep")] * R.power(state, seat, "rep_on_success")
        steps += [RewardStep(seat=seat, what="credit")] * R.power(state, seat, "credit_on_success")
        state.now(*steps)
    else:
        state.players[seat].set_aside.append(task.id)
        state.now(PenaltyStep(seat=seat, what=task.failure))
    return events


def _fight(state: GamedecState, test: TestState) -> list[Event]:
    a, d = test.actor, test.defender
    rolls = {a: state.rng.roll(2, 6), d: state.rng.roll(2, 6)}
    totals = {}
    for me, other in ((a, d), (d, a)):
        totals[me] = (
            sum(rolls[me])
            + M.fight_modifier(state, me, test.skill, test.space, other)
            + 2 * test.plus.get(me, 0)
            - 2 * test.minus.get(me, 0)
        )
    state.last_roll = {
        "kind": "attack",
        "attacker": a,
        "defender": d,
        "dice": rolls,
        "totals": totals,
        "skill": test.skill,
    }
    state.test = None
    text = (
        f"Fight ({skill_name(test.skill)}): {a} {rolls[a][0]}+{rolls[a][1]} -> {totals[a]}, "
        f"{d} {rolls[d][0]}+{rolls[d][1]} -> {totals[d]}"
    )
    winner = a if totals[a] > totals[d] else (d if totals[d] > totals[a] else "")
    if not winner:
        tie_breakers = [s for s in (a, d) if R.has(state, s, "wins_ties")]
        winner = tie_breakers[0] if len(tie_breakers) == 1 else ""
    if not winner:
        return [public("fight", text + ": a tie, nothing happens.")]
    loser = d if winner == a else a
    events = [public("fight", text + f": {winner} wins.", winner=winner)]
    events += ST.interrupted_by_fight(state, loser)
    if winner == a:
        state.now(IpStep(seat=a, count=1), FightWoundStep(seat=loser))
    else:
        state.now(FightWoundStep(seat=loser))
    return events


def _story_roll(state: GamedecState, test: TestState) -> list[Event]:
    seat = test.actor
    dl = ST.story_dl(test.card)
    dice = [3, 4] if test.take_seven else state.rng.roll(2, 6)
    mod = ST.story_modifier(state, seat, test.card, test.space)
    cards = 2 * test.plus.get(seat, 0) - 2 * test.minus.get(seat, 0)
    total = sum(dice) + mod + cards
    lag_fail = _lag_fails(state, seat, test.space, dice, test.take_seven)
    ok = total >= dl and not lag_fail
    state.last_roll = {
        "kind": "story",
        "seat": seat,
        "card": test.card,
        "dice": dice,
        "modifier": mod,
        "cards": cards,
        "total": total,
        "dl": dl,
        "success": ok,
        "lag_fail": lag_fail,
    }
    state.test = None
    events = [
        public(
            "roll",
            f"{R.name(state, seat)} rolls {dice[0]}+{dice[1]} {mod:+d} (cards {cards:+d}) = "
            f"{total} vs {dl}: {'success' if ok else 'failure'}.",
            dice=dice,
            success=ok,
        )
    ]
    return events + ST.resolve(state, seat, test.card, ok)


# --- what a roll gives --------------------------------------------------------------------------------


@RULES.step("fight_wound")
def _fight_wound(state: GamedecState, step: FightWoundStep) -> list[Event]:
    """RB: the loser "receives a Wound of a type chosen by himself ... he cannot choose a Wound that he
    already has"."""
    p = state.players[step.seat]
    missing = [k for k in ("bio", "neuro") if not getattr(p, k)]
    if not missing:
        return [public("wound", f"{R.name(state, step.seat)} already has both Wounds; nothing happens.")]
    if len(missing) == 1:
        if not step.asked and ST.mind_first(state, step.seat, missing[0]):
            state.now(FightWoundStep(seat=step.seat, asked=True))
            return []
        return R.wound(state, step.seat, missing[0])
    return decide(state, step.seat, "wound", "You lost the fight: choose your Wound.")


@RULES.step("ip")
def _ip(state: GamedecState, step: IpStep) -> list[Event]:
    return R.gain_ip(state, step.seat, step.count or 1)


@RULES.step("reward")
def _reward(state: GamedecState, step: RewardStep) -> list[Event]:
    seat, what = step.seat, step.what
    if what == "clue":
        return _clue(state, seat, step.space)
    if what == "ip":
        return R.gain_ip(state, seat)
    if what == "skill":
        state.now(ChooseSkillStep(seat=seat))
        return []
    if what == "equipment":
        state.now(EquipPickStep(seat=seat))
        return []
    if what == "credit":
        state.credits.gain(seat, 1)
        return [
            public("credit", f"{R.name(state, seat)} takes 1 Credit ({state.credits.of(seat)}).", seat=seat)
        ]
    return R.change_rep(state, seat, +1)


def _clue(state: GamedecState, seat: str, space: str) -> list[Event]:
    """RULINGS 16: placed automatically where the detective has none; no point from 6 IP on (Notes #5)."""
    p = state.players[seat]
    if space == REALIUM:
        return R.gain_ip(state, seat)
    if space in p.clues:
        return [public("clue", f"{R.name(state, seat)} already has a Clue in {NAMES[space]}.")]
    p.clues.append(space)
    events = [
        public("clue", f"{R.name(state, seat)} places a Clue in {NAMES[space]}.", seat=seat, space=space)
    ]
    if R.clue_gives_ip(state, seat):
        return events + R.gain_ip(state, seat)
    return events + [public("clue", "Investigation Points 7-9 cannot be gained with Clues.")]


@RULES.step("penalty")
def _penalty(state: GamedecState, step: PenaltyStep) -> list[Event]:
    seat, what = step.seat, step.what
    if what == "rep_loss":
        return R.change_rep(state, seat, -1)
    if what in ("bio", "neuro"):
        if not step.asked and ST.mind_first(state, seat, what):
            state.now(PenaltyStep(seat=seat, what=what, asked=True))
            return []
        return R.wound(state, seat, what)
    free = R.free_corps(state, seat)
    if not free:
        return [public("offend", f"{R.name(state, seat)} already has Obligations everywhere.")]
    if len(free) == 1:
        state.players[seat].obligations.append(free[0])
        return [public("offend", f"{R.name(state, seat)} offends {NAMES[free[0]]} (Obligation).")]
    return decide(
        state,
        seat,
        "corp",
        "Failure: choose the Corporation you offend (an Obligation).",
        CorpPayload(why="offend"),
    )


@RULES.step("choose_skill")
def _choose_skill(state: GamedecState, step: ChooseSkillStep) -> list[Event]:
    p = state.players[step.seat]
    missing = [s for s in load_pack().skills if s not in p.skills]
    if not missing:
        return [public("skill", f"{R.name(state, step.seat)} already has all eight Skills.")]
    if len(missing) == 1:
        p.skills.append(missing[0])
        return [public("skill", f"{R.name(state, step.seat)} gains the Skill {missing[0]}.")]
    return decide(state, step.seat, "skill", "Choose a new Skill.")


@RULES.step("equip_pick")
def _equip_pick(state: GamedecState, step: EquipPickStep) -> list[Event]:
    piles = R.equipment_piles(state)
    if not piles:
        return [public("equipment", "No Equipment card is left to take.")]
    if len(piles) == 1:
        return R.take_equipment(state, step.seat, piles[0])
    return decide(state, step.seat, "pile", "Take an Equipment card: from the deck or the face-up pile?")
