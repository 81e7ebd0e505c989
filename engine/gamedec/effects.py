"""Task tests and fights: the Assist/Sabotage window before the roll, the roll, and what it gives.

RULINGS 11-13: before every roll a sealed window asks every detective still playing (the tester and both
fighters too); the answers are applied together, in seat order from the tester, when the last one arrives;
if anyone reacted the window opens again for everyone. What a Task's success or failure gives is queued as
steps in front of the rest of the round, so it runs while the tester's turn stays open.
"""

from __future__ import annotations

from engine.core import Event, Intent, clockwise, public
from engine.core.rules import NoPayload

from . import rules as R
from . import story as ST
from .actions.base import GamedecAction
from .answers import CorpPayload, decide
from .board import NAMES, REALIUM
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

WINDOW_ASIDES = ("trade", "discard", "discard_eq", "story_start", "ability")
"""RULINGS 15 and 37: the tester may trade before his own roll; discards and the "at any moment" Scenario
abilities are not answers."""


def test_label(state: GamedecState) -> str:
    """What is being tested, for the window's question (public: the test is announced when it begins)."""
    test = state.test
    assert test is not None
    if test.kind == "task":
        task = load_pack().tasks[test.card]
        mods = R.cards_ledger(
            R.task_ledger(state, test.actor, task, test.space),
            test.plus.get(test.actor, 0),
            test.minus.get(test.actor, 0),
        )
        lag = ", a 1 fails (Lag)" if R.natural_one_fails(state, test.actor, test.space) else ""
        return (
            f"{test.actor} tests {task.name} (DL {task.dl}; {mods.explain()}: {mods.total:+d} so far, needs "
            f"{max(2, task.dl - mods.total)}+ on 2 dice{lag})"
        )
    if test.kind == "story":
        return f"{test.actor} undertakes a story Task (DL {ST.story_dl(test.card)})"
    return f"{test.actor} attacks {test.defender} ({test.skill})"


def _testers(test: TestState) -> list[str]:
    return [test.actor] + ([test.defender] if test.defender else [])


def reactors(state: GamedecState) -> list[str]:
    assert state.test is not None
    return [s for s in clockwise(state.seats, state.test.actor) if not state.players[s].finished]


def _window_needed(state: GamedecState) -> bool:
    """Skipped only when no one holds a set-aside card (a public count) and no tester can use Smoke and
    Mirrors (a started Scenario: public), which a Credit discards "before rolling the dice, analogously to
    Assist cards" (FAQ)."""
    assert state.test is not None
    boost = any(
        state.players[s].credits >= 1 and R.power(state, s, "credit_boost") for s in _testers(state.test)
    )
    return boost or any(state.players[s].set_aside for s in reactors(state))


def _window_text(state: GamedecState) -> str:
    return f"{test_label(state)}. Before the roll: Assist (+2) or Sabotage (-2) with your set-aside cards, or pass."


def _open_window(state: GamedecState) -> list[Event]:
    assert state.test is not None
    RULES.window(
        state,
        reactors(state),
        "assist",
        _window_text(state),
        {},
        actions=["pass", "assist", "boost"],
        asides=WINDOW_ASIDES,
        announce="{seat} has answered.",
        confirm="You declared: {label}.",
    )
    return [
        public(
            "window",
            f"Before the roll: Assists and Sabotages may be declared (round {state.test.window_round}).",
        )
    ]


def _seven_offered(state: GamedecState) -> bool:
    """Less Randomness: "if while performing a Task a player uses 3 or more Assist cards, he may decide to
    automatically take the result 7"."""
    test = state.test
    assert test is not None
    return state.opts.less_randomness and test.kind == "task" and test.plus.get(test.actor, 0) >= 3


def _roll_or_seven(state: GamedecState) -> list[Event]:
    assert state.test is not None
    if _seven_offered(state):
        return decide(state, state.test.actor, "seven", "3+ Assist cards: take 7 on the dice, or roll?")
    state.now(RollStep())
    return []


def refresh_window(state: GamedecState) -> None:
    """The window's question quotes the tester's modifier so far: after an aside or a trade inside the window
    changed it (an Equipment card discarded or traded), the question is written again, a new decision."""
    window = state.window
    if window is None or state.test is None:
        return
    text = _window_text(state)
    if text != window.text:
        window.text = text
        state.waiting.renew(window)


def before_roll(state: GamedecState) -> list[Event]:
    """A test begins: its window, or (nobody can react) the roll."""
    return _open_window(state) if _window_needed(state) else _roll_or_seven(state)


# --- the window's answers -----------------------------------------------------------------------------


class Pass(GamedecAction):
    """Passing, the window's first answer (most answers are a pass) and its default."""

    kind = "pass"
    family = "end"

    def options(self, state: GamedecState, seat: str) -> list[Intent]:
        return [Intent.of("pass")]


class Assist(GamedecAction):
    """Assist (+2) or Sabotage (-2) a tester with 1-3 set-aside cards (RULINGS 11: finite menus)."""

    kind = "assist"
    also = ("sabotage",)

    def options(self, state: GamedecState, seat: str) -> list[Intent]:
        if state.test is None:
            return []
        out = []
        for n in range(1, min(3, len(state.players[seat].set_aside)) + 1):
            for on in _testers(state.test):
                out += [Intent.of("assist", on=on, n=n), Intent.of("sabotage", on=on, n=n)]
        return out


class Boost(GamedecAction):
    """Smoke and Mirrors: a tester discards a Credit before the roll for +2."""

    kind = "boost"

    def options(self, state: GamedecState, seat: str) -> list[Intent]:
        test = state.test
        if test is None or seat not in _testers(test):
            return []
        if state.players[seat].credits >= 1 and R.power(state, seat, "credit_boost"):
            return [Intent.of("boost", on=seat)]
        return []


RULES.action(Pass)
RULES.action(Assist)
RULES.action(Boost)


def _declared(state: GamedecState, seat: str, intent: Intent) -> list[Event]:
    """One answer of the closed window, applied (RULINGS 12: declared cards are discarded)."""
    test = state.test
    assert test is not None
    p = state.players[seat]
    if intent.kind == "boost":
        p.credits -= 1
        test.plus[seat] = test.plus.get(seat, 0) + 1
        return [public("boost", f"{R.name(state, seat)} discards a Credit for +2.")]
    on, n = intent.word("on"), intent.num("n")
    used, p.set_aside = p.set_aside[:n], p.set_aside[n:]
    state.task_deck.discard(*used)
    book = test.plus if intent.kind == "assist" else test.minus
    book[on] = book.get(on, 0) + n
    sign = "+" if intent.kind == "assist" else "-"
    whom = "their own roll" if on == seat else on
    events = [
        public(
            intent.kind,
            f"{R.name(state, seat)} {'assists' if sign == '+' else 'sabotages'} {whom} with "
            f"{n} card{'s' if n > 1 else ''} ({sign}{2 * n}).",
            seat=seat,
            on=on,
            n=n,
        )
    ]
    if intent.kind == "assist" and on != seat:
        if seat not in test.rewarded:  # RULINGS 13: +1 Reputation once per test
            test.rewarded.append(seat)
            events += R.change_rep(state, seat, +1)
        if p.story == "hidden":
            hero = load_pack().scenarios[p.scenario].hero
            if hero and state.players[on].detective == hero:
                p.assist_ready = True
    return events


@RULES.closed("assist")
def _window_closed(state: GamedecState, answers: list[tuple[str, Intent]], payload: NoPayload) -> list[Event]:
    """Apply every answer in seat order; open the window again if anyone reacted, else roll."""
    test = state.test
    assert test is not None
    events: list[Event] = []
    reacted = False
    for seat, intent in answers:
        if intent.kind in ("assist", "sabotage", "boost"):
            reacted = True
            events += _declared(state, seat, intent)
    assisted = {s for s, i in answers if i.kind == "assist" and i.word("on") != s}
    helpers = [s for s in state.seats if s in assisted and state.players[s].story == "hidden"]
    if reacted:
        test.window_round += 1
    # The questions stack up in the old order: a window that opens again waits below the Scenario reveals,
    # the take-7 question comes before them.
    if reacted and _window_needed(state):
        events += _open_window(state)
        if state.opts.scenarios:
            ST.offer_reveal(state, helpers)
        return events
    if state.opts.scenarios:
        ST.offer_reveal(state, helpers)
    return events + _roll_or_seven(state)


# --- the roll ---------------------------------------------------------------------------------------


def _lag_fails(state: GamedecState, seat: str, space: str, dice: list[int], take_seven: bool) -> bool:
    return R.natural_one_fails(state, seat, space) and 1 in dice and not take_seven


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
    mod = R.task_modifier(state, seat, task, test.space)
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
            + R.fight_modifier(state, me, test.skill, test.space, other)
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
        f"Fight ({test.skill}): {a} {rolls[a][0]}+{rolls[a][1]} -> {totals[a]}, "
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
    p = state.players[seat]
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
        p.credits += 1
        return [public("credit", f"{R.name(state, seat)} takes 1 Credit ({p.credits}).", seat=seat)]
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
