"""The Scenarios option: secret Scenario cards, their start conditions, abilities, two story paths and
the Finale cards (RB "Scenarios"). The texts are house-written; the vocabulary of abilities is data."""

from __future__ import annotations

from typing import Any

from engine.core import Event, Intent, public

from . import rules as R
from .board import NAMES, WORLDS, is_corp
from .pack import load_pack
from .state import GamedecState, TestState

STORY_KINDS = frozenset({"story_start", "story_task", "story_finish", "ability", "finale", "boost", "place_lag",
                         "skip"})
PUPPET = "puppet_master"


def deal(state: GamedecState) -> None:
    """RB: "discard all Scenario cards connected with detectives not taking part in the game. From the
    remaining set each player secretly draws one card"."""
    pack = load_pack()
    present = {p.detective for p in state.players.values()}
    pool = sorted(s.id for s in pack.scenarios.values() if s.special or s.hero in present)
    pool = state.rng.shuffled(pool)
    for seat in state.seats:
        if pool:
            state.players[seat].scenario = pool.pop()
            state.players[seat].story = "hidden"


def taken_finales(state: GamedecState) -> set[str]:
    return {f for p in state.players.values() for f in p.finales}


def hero_seat(state: GamedecState, scenario: str) -> str:
    hero = load_pack().scenarios[scenario].hero
    return next((s for s, p in state.players.items() if p.detective == hero), "")


def start_options(state: GamedecState, seat: str) -> list[Intent]:
    p = state.players[seat]
    if p.story != "hidden":
        return []
    out = []
    for cond in load_pack().scenarios[p.scenario].start:
        if cond.op == "assist_hero" and p.assist_ready:
            out.append(Intent.of("story_start", via="assist"))
        elif cond.op == "commission" and p.commission_ready:
            out.append(Intent.of("story_start", via="commission"))
        elif cond.op == "remove_clue":
            out += [Intent.of("story_start", via=w) for w in cond.worlds if w in p.clues]
        elif cond.op == "remove_two_clues" and len(p.clues) >= 2:
            out.append(Intent.of("story_start", via="clues"))
    return out


def turn_legal(state: GamedecState, seat: str) -> list[Intent]:
    """Story intents in a detective's own turn (after a move for the Tasks)."""
    if not state.options.get("scenarios"):
        return []
    p = state.players[seat]
    pack = load_pack()
    out = start_options(state, seat)
    if p.story == "started":
        sc = pack.scenarios[p.scenario]
        if sc.path1 is not None and state.moved and not state.story_move_used and state.turn_mode != "attacks":
            world = sc.path1.world
            if world == p.pos or (world == "universal" and not is_corp(p.pos)):
                out.append(Intent.of("story_task"))
        if sc.path2 is not None and _can_pay(state, seat, sc.path2.cost, sc.path2.count):
            out.append(Intent.of("story_finish"))
    if (PUPPET in p.finales and state.moved and not state.story_move_used and not is_corp(p.pos)
            and state.turn_mode != "attacks"):
        out.append(Intent.of("story_task", card=PUPPET))
    return out + _abilities(state, seat)


def _abilities(state: GamedecState, seat: str) -> list[Intent]:
    p = state.players[seat]
    out: list[Intent] = []
    if R.power(state, seat, "rep_for_wound") and p.rep < R.detective(state, seat).rep_max:
        out += [Intent.of("ability", use="mind", type=k) for k in ("bio", "neuro") if not getattr(p, k)]
    if R.power(state, seat, "obligation_for_cards") and len(p.set_aside) >= 2:
        out += [Intent.of("ability", use="obligation", corp=c) for c in p.obligations]
    return out


def anytime_legal(state: GamedecState, seat: str) -> list[Intent]:
    """Story intents usable at any moment, in any prompt of their owner: the abilities the FAQ says work "At
    any moment of the game" (Digital Mind, Big Brother), and revealing a Scenario started by an Assist (RB:
    "Starting a Scenario by means of an Assist may take place in another player's round")."""
    if not state.options.get("scenarios"):
        return []
    p = state.players[seat]
    out = [Intent.of("story_start", via="assist")] if p.story == "hidden" and p.assist_ready else []
    return out + _abilities(state, seat)


def _can_pay(state: GamedecState, seat: str, cost: str, count: int) -> bool:
    p = state.players[seat]
    have = {"equipment": len(p.equipment), "credits": p.credits, "set_aside": len(p.set_aside)}[cost]
    return have >= count


def apply_turn(state: GamedecState, seat: str, intent: Intent) -> list[Event]:
    p = state.players[seat]
    pack = load_pack()
    who = R.name(state, seat)
    if intent.kind == "story_start":
        via = intent.word("via")
        if via in WORLDS:
            p.clues.remove(via)
        elif via == "clues":
            del p.clues[:2]
        elif via == "assist":
            p.assist_ready = False
        else:
            p.commission_ready = False
        p.story = "started"
        sc = pack.scenarios[p.scenario]
        return [public("story", f"{who} reveals the Scenario {sc.name}: {sc.text}", seat=seat, scenario=sc.id)]
    if intent.kind == "story_task":
        state.story_move_used = True
        state.turn_mode = "tasks"
        card = intent.get("card")
        ident = card if isinstance(card, str) else p.scenario
        state.test = TestState(kind="story", actor=seat, card=ident, space=p.pos)
        label = pack.finales[PUPPET].name if ident == PUPPET else pack.scenarios[ident].path1.name  # type: ignore[union-attr]
        return [public("play", f"{who} undertakes the story Task {label} (DL {story_dl(ident)}).", seat=seat)]
    if intent.kind == "story_finish":
        sc = pack.scenarios[p.scenario]
        path = sc.path2
        assert path is not None
        if path.cost == "equipment":
            for eq in list(p.equipment[: path.count]):
                R.discard_equipment(state, seat, eq)
        elif path.cost == "credits":
            p.credits -= path.count
        else:
            used, p.set_aside = p.set_aside[: path.count], p.set_aside[path.count:]
            state.task_deck.discard(*used)
        events = [public("story", f"{who} completes the Scenario {sc.name} ({path.name}).", seat=seat)]
        return events + complete(state, seat, {seat: path.ip}, sc.finales2)
    if intent.kind == "ability":
        if intent.word("use") == "mind":
            return R.wound(state, seat, intent.word("type")) + R.change_rep(state, seat, +1)
        corp = intent.word("corp")
        used, p.set_aside = p.set_aside[:2], p.set_aside[2:]
        state.task_deck.discard(*used)
        p.obligations.remove(corp)
        return [public("ability", f"{who} discards 2 set-aside cards to remove the Obligation at {NAMES[corp]}.")]
    raise AssertionError(intent.kind)


def story_card(ident: str) -> dict[str, Any]:
    """A story Task under test, in the shape of a Task card in the view. A test's ``card`` is a Scenario id
    (its path-1 Task) or the Puppet Master Finale, never a Task card id: reading it from the Task cards made
    every view raise while a story Task was being tested. Both are public once undertaken (the Scenario is
    revealed to start it, and undertaking the Task is announced)."""
    pack = load_pack()
    if ident == PUPPET:
        f = pack.finales[PUPPET]
        return {"id": ident, "name": f.name, "world": "", "dl": story_dl(ident), "skills": [],
                "success": [], "failure": "", "story": True}
    path = pack.scenarios[ident].path1
    assert path is not None
    return {"id": ident, "name": path.name, "world": path.world, "dl": path.dl, "skills": list(path.skills),
            "success": [], "failure": "", "story": True}


def story_dl(ident: str) -> int:
    if ident == PUPPET:
        return 12
    path = load_pack().scenarios[ident].path1
    assert path is not None
    return path.dl


def story_modifier(state: GamedecState, seat: str, ident: str, space: str) -> int:
    skills: list[str] = []
    if ident != PUPPET:
        path = load_pack().scenarios[ident].path1
        assert path is not None
        skills = list(path.skills)
    mod = R.skill_bonus(state, seat, skills, space) - R.wound_penalty(state, seat) + R.story_bonus(state, seat, space)
    if state.options.get("less_randomness") and R.lag_on(state, space) and not R.has(state, seat, "ignore_lags"):
        mod -= 2
    return mod


def resolve(state: GamedecState, seat: str, ident: str, ok: bool) -> list[Event]:
    """After a story Task's roll: a failure changes nothing (the card stays); success completes it."""
    if not ok:
        return []
    p = state.players[seat]
    if ident == PUPPET:
        p.finales.remove(PUPPET)
        return R.gain_ip(state, seat, 2)
    sc = load_pack().scenarios[ident]
    hero = hero_seat(state, ident)
    # RB: own hero 4 Investigation Points; another's: 3, and 1 bonus Point to the hero's player
    awards = {seat: 4} if hero == seat or not hero else {seat: 3, hero: 1}
    return complete(state, seat, awards, sc.finales1)


def complete(state: GamedecState, seat: str, awards: dict[str, int], finales: list[str]) -> list[Event]:
    p = state.players[seat]
    p.story = "done"
    free = [f for f in finales if f not in taken_finales(state)]
    if free:
        state.decisions.push(seat, "finale", "Choose your Finale card.", options=free)
    events = R.gain_ip_many(state, awards)
    if state.result is not None:
        state.decisions.items.clear()
    return events


def finale_legal(state: GamedecState, seat: str, options: list[str]) -> list[Intent]:
    return [Intent.of("finale", id=f) for f in options]


def take_finale(state: GamedecState, seat: str, finale: str) -> list[Event]:
    state.players[seat].finales.append(finale)
    f = load_pack().finales[finale]
    return [public("finale", f"{R.name(state, seat)} takes the Finale {f.name}: {f.text}", seat=seat)]


def interrupted_by_fight(state: GamedecState, loser: str) -> list[Event]:
    """V-Runner: losing a fight ends the run (the Scenario is discarded)."""
    p = state.players[loser]
    if p.story == "started" and p.scenario == "v_runner":
        p.story = "done"
        return [public("story", f"{R.name(state, loser)} lost a fight: the V-Runner Scenario ends.")]
    return []


def round_start(state: GamedecState) -> None:
    """FAQ (Postorganism): "may add 1 Lag token in any Sensory World, at the start of each round - during
    Corporate Investigation, after revealing a new Corporate Commission card"."""
    for seat in state.seats:
        if R.power(state, seat, "lag_each_round") and any(w not in state.lags for w in WORLDS):
            state.decisions.push(seat, "place_lag", "Postorganism: add a Lag to a Sensory World?")


def place_lag_legal(state: GamedecState) -> list[Intent]:
    return [Intent.of("skip")] + [Intent.of("place_lag", world=w) for w in WORLDS if w not in state.lags]


def place_lag(state: GamedecState, seat: str, intent: Intent) -> list[Event]:
    if intent.kind == "skip":
        return []
    world = intent.word("world")
    state.lags.append(world)
    return [public("lags", f"{R.name(state, seat)} (Postorganism) adds a Lag in {NAMES[world]}.")]


def double_agent_winner(state: GamedecState) -> str:
    for seat in state.seats:
        p = state.players[seat]
        if p.story == "started" and R.power(state, seat, "double_agent"):
            return seat
    return ""


def private_view(state: GamedecState, seat: str) -> dict[str, object]:
    p = state.players[seat]
    if not p.scenario:
        return {}
    sc = load_pack().scenarios[p.scenario]
    return {"id": sc.id, "name": sc.name, "hero": sc.hero, "text": sc.text, "status": p.story,
            "start": [c.model_dump() for c in sc.start],
            "path1": sc.path1.model_dump() if sc.path1 else None,
            "path2": sc.path2.model_dump() if sc.path2 else None}


def public_status(state: GamedecState, seat: str) -> dict[str, object] | None:
    p = state.players[seat]
    if not p.scenario:
        return None
    pack = load_pack()
    shown = p.story in ("started", "done")
    return {"status": p.story, "name": pack.scenarios[p.scenario].name if shown else None,
            "finales": [pack.finales[f].name for f in p.finales]}

