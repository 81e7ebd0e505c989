"""The Scenarios option: secret Scenario cards, their start conditions, abilities, two story paths and
the Finale cards (RB "Scenarios"). The texts are house-written; the vocabulary of abilities is data.

The story actions (``actions/story.py``) call the effects here; the story's own decisions (a Finale to
take, Postorganism's Lag, revealing a Scenario started by an Assist, Digital Mind before a Wound) are
registered here too.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from engine.core import Event, Intent, public
from engine.core.args import Shape, word
from engine.core.frame import Frame
from engine.core.intent import Value
from engine.core.kits.ledger import Ledger
from engine.core.rules import NoPayload, Offer

from . import modifiers as M
from . import rules as R
from .answers import ANYTIME, decide, decision
from .board import NAMES, WORLDS, is_corp
from .names import space_named
from .pack import load_pack
from .runtime import RULES
from .state import GamedecState, TestState

PUPPET = "puppet_master"
HOW = {
    "assist": "after your Assist",
    "commission": "after your Commission",
    "clues": "removing your 2 oldest Clues",
}
"""How a Scenario is started (``story_start:via=...``), besides removing one's Clue in a world."""


def _how(via: str) -> str:
    return HOW.get(via) or f"removing your Clue in {NAMES[via]}"


def _via_named(state: GamedecState, value: Value) -> str:
    how = _how(str(value))
    return how[0].upper() + how[1:]


START_ARGS = (word("via", _via_named),)
"""Revealing a Scenario: the action in one's turn, and the answer when asked after an Assist."""
SKIP = Shape("skip", asks="a decision you may decline")
"""Declining a decision of the story: adding no Lag, keeping the Scenario hidden, not using Digital Mind."""


def start_label(intent: Intent) -> str:
    return f"Reveal your Scenario ({_how(intent.word('via'))})"


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


def story_tasks(state: GamedecState, seat: str) -> list[Intent]:
    """The story Tasks ``seat`` may undertake in his turn (after a move, once per move, not after an attack):
    his started Scenario's first path, the Puppet Master Finale."""
    if not state.opts.scenarios or not state.moved or state.story_move_used or state.turn_mode == "attacks":
        return []
    p = state.players[seat]
    out = []
    if p.story == "started":
        path = load_pack().scenarios[p.scenario].path1
        if path is not None and (path.world == p.pos or (path.world == "universal" and not is_corp(p.pos))):
            out.append(Intent.of("story_task"))
    if PUPPET in p.finales and not is_corp(p.pos):
        out.append(Intent.of("story_task", card=PUPPET))
    return out


def can_finish(state: GamedecState, seat: str) -> bool:
    """The started Scenario's second path can be paid for now."""
    p = state.players[seat]
    if not state.opts.scenarios or p.story != "started":
        return False
    path = load_pack().scenarios[p.scenario].path2
    return path is not None and _can_pay(state, seat, path.cost, path.count)


def abilities(state: GamedecState, seat: str) -> list[Intent]:
    """Digital Mind and Big Brother, usable "At any moment of the game" (FAQ)."""
    if not state.opts.scenarios or state.players[seat].finished:
        return []
    return _abilities(state, seat)


def _abilities(state: GamedecState, seat: str) -> list[Intent]:
    p = state.players[seat]
    out: list[Intent] = []
    if R.power(state, seat, "rep_for_wound") and p.rep < R.detective(state, seat).rep_max:
        out += [Intent.of("ability", use="mind", type=k) for k in ("bio", "neuro") if not getattr(p, k)]
    if R.power(state, seat, "obligation_for_cards") and len(p.set_aside) >= 2:
        out += [Intent.of("ability", use="obligation", corp=c) for c in p.obligations]
    return out


def anytime_start(state: GamedecState, seat: str) -> list[Intent]:
    """Revealing a Scenario started by an Assist, in any prompt of its owner (RB: "Starting a Scenario by
    means of an Assist may take place in another player's round")."""
    p = state.players[seat]
    if not state.opts.scenarios or p.finished or p.story != "hidden" or not p.assist_ready:
        return []
    return [Intent.of("story_start", via="assist")]


def _can_pay(state: GamedecState, seat: str, cost: str, count: int) -> bool:
    p = state.players[seat]
    have = {"equipment": len(p.equipment), "credits": state.credits.of(seat), "set_aside": len(p.set_aside)}[
        cost
    ]
    return have >= count


def reveal(state: GamedecState, seat: str, via: str) -> list[Event]:
    """Start the Scenario: pay what its start condition asks and reveal it."""
    p = state.players[seat]
    if via in WORLDS:
        p.clues.remove(via)
    elif via == "clues":
        del p.clues[:2]
    elif via == "assist":
        p.assist_ready = False
    else:
        p.commission_ready = False
    p.story = "started"
    sc = load_pack().scenarios[p.scenario]
    return [
        public(
            "story",
            f"{R.name(state, seat)} reveals the Scenario {sc.name}: {sc.text}",
            seat=seat,
            scenario=sc.id,
        )
    ]


def undertake(state: GamedecState, seat: str, card: str | None) -> list[Event]:
    """A story Task is tested like a Task card (the caller opens its Assist window)."""
    p = state.players[seat]
    pack = load_pack()
    state.story_move_used = True
    state.turn_mode = "tasks"
    ident = card if card is not None else p.scenario
    state.test = TestState(kind="story", actor=seat, card=ident, space=p.pos)
    path = pack.scenarios[ident].path1 if ident != PUPPET else None
    label = pack.finales[PUPPET].name if ident == PUPPET else (path.name if path is not None else ident)
    return [
        public(
            "play",
            f"{R.name(state, seat)} undertakes the story Task {label} (DL {story_dl(ident)}).",
            seat=seat,
        )
    ]


def finish(state: GamedecState, seat: str) -> list[Event]:
    """The second story path: pay its cost and complete the Scenario."""
    p = state.players[seat]
    sc = load_pack().scenarios[p.scenario]
    path = sc.path2
    assert path is not None
    if path.cost == "equipment":
        for eq in list(p.equipment[: path.count]):
            R.discard_equipment(state, seat, eq)
    elif path.cost == "credits":
        state.credits.lose(seat, path.count)
    else:
        used, p.set_aside = p.set_aside[: path.count], p.set_aside[path.count :]
        state.task_deck.discard(*used)
    events = [
        public("story", f"{R.name(state, seat)} completes the Scenario {sc.name} ({path.name}).", seat=seat)
    ]
    return events + complete(state, seat, {seat: path.ip}, sc.finales2)


def use_ability(state: GamedecState, seat: str, intent: Intent) -> list[Event]:
    if intent.word("use") == "mind":
        return R.wound(state, seat, intent.word("type")) + R.change_rep(state, seat, +1)
    p = state.players[seat]
    corp = intent.word("corp")
    used, p.set_aside = p.set_aside[:2], p.set_aside[2:]
    state.task_deck.discard(*used)
    p.obligations.remove(corp)
    return [
        public(
            "ability",
            f"{R.name(state, seat)} discards 2 set-aside cards to remove the Obligation at {NAMES[corp]}.",
        )
    ]


def story_card(ident: str) -> dict[str, Any]:
    """A story Task under test, in the shape of a Task card in the view. A test's ``card`` is a Scenario id
    (its path-1 Task) or the Puppet Master Finale, never a Task card id: reading it from the Task cards made
    every view raise while a story Task was being tested. Both are public once undertaken (the Scenario is
    revealed to start it, and undertaking the Task is announced)."""
    pack = load_pack()
    if ident == PUPPET:
        f = pack.finales[PUPPET]
        return {
            "id": ident,
            "name": f.name,
            "world": "",
            "dl": story_dl(ident),
            "skills": [],
            "success": [],
            "failure": "",
            "story": True,
        }
    path = pack.scenarios[ident].path1
    assert path is not None
    return {
        "id": ident,
        "name": path.name,
        "world": path.world,
        "dl": path.dl,
        "skills": list(path.skills),
        "success": [],
        "failure": "",
        "story": True,
    }


def story_dl(ident: str) -> int:
    if ident == PUPPET:
        return 12
    path = load_pack().scenarios[ident].path1
    assert path is not None
    return path.dl


def story_ledger(state: GamedecState, seat: str, ident: str, space: str) -> Ledger:
    """A story Task's modifiers, "analogous to a Task card held in hand" (no Firewalls, as before)."""
    skills: list[str] = []
    if ident != PUPPET:
        path = load_pack().scenarios[ident].path1
        assert path is not None
        skills = list(path.skills)
    mods = M.skill_ledger(state, seat, skills, space).extend(M.story_bonus(state, seat, space))
    return mods.add("Lag", M.lag_penalty(state, seat, space))


def story_modifier(state: GamedecState, seat: str, ident: str, space: str) -> int:
    return story_ledger(state, seat, ident, space).total


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
        decide(state, seat, "finale", "Choose your Finale card.", FinalePayload(options=free))
    return R.gain_ip_many(state, awards)


class FinalePayload(BaseModel):
    options: list[str]


@decision("finale", FinalePayload)
def _finales(state: GamedecState, seat: str, payload: FinalePayload) -> tuple[Offer, Intent | None]:
    return [
        (Intent.of("finale", id=f), f"Take the Finale {load_pack().finales[f].name}"[:80])
        for f in payload.options
    ], None


def _finale_refused(state: GamedecState, frame: Frame, seat: str, intent: Intent) -> str:
    return "That Finale card is not one of this ending's free ones"


FINALE = Shape(
    "finale", (word("id", lambda state, v: load_pack().finales[str(v)].name),), asks="a Finale card"
)


@RULES.answers("finale", FinalePayload, takes=[FINALE], refusal=_finale_refused)
def _take_finale(state: GamedecState, seat: str, intent: Intent, payload: FinalePayload) -> list[Event]:
    finale = intent.word("id")
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
            decide(state, seat, "place_lag", "Postorganism: add a Lag to a Sensory World?")


@decision("place_lag")
def _lag_worlds(state: GamedecState, seat: str, payload: NoPayload) -> tuple[Offer, Intent | None]:
    worlds = [w for w in WORLDS if w not in state.lags]
    return [
        (Intent.of("skip"), "Add no Lag"),
        *((Intent.of("place_lag", world=w), f"Add a Lag in {NAMES[w]}") for w in worlds),
    ], None


def _lag_refused(state: GamedecState, frame: Frame, seat: str, intent: Intent) -> str | None:
    if intent.kind != "place_lag":
        return None
    world = intent.get("world")
    return (
        f"A Lag already lies in {NAMES[str(world)]}" if world in state.lags else "That is not a Sensory World"
    )


PLACE_LAG = Shape("place_lag", (word("world", space_named),), asks="a world for Postorganism's Lag")


@RULES.answers("place_lag", takes=[PLACE_LAG, SKIP], refusal=_lag_refused)
def _place_lag(state: GamedecState, seat: str, intent: Intent, payload: NoPayload) -> list[Event]:
    if intent.kind == "skip":
        return []
    world = intent.word("world")
    state.lags.append(world)
    return [public("lags", f"{R.name(state, seat)} (Postorganism) adds a Lag in {NAMES[world]}.")]


# --- revealing a Scenario started by an Assist; Digital Mind before a Wound ---------------------------------


def offer_reveal(state: GamedecState, helpers: list[str]) -> None:
    """RB: "Starting a Scenario by means of an Assist may take place in another player's round". Every
    hidden-Scenario holder who assisted another detective is asked (the first of ``helpers``, in seat order,
    first), so the question reveals nothing."""
    for seat in reversed(helpers):
        decide(
            state,
            seat,
            "story_offer",
            "You assisted another detective: if that starts your Scenario, you may reveal it now.",
        )


def _revealed(state: GamedecState, seat: str, aside: Intent) -> bool:
    return state.players[seat].story != "hidden"


# the reveal is this decision's own answer: offered as an aside as well, it was listed twice under one key
@decision("story_offer", asides=tuple(a for a in ANYTIME if a != "story_start"), closes=_revealed)
def _reveal_options(state: GamedecState, seat: str, payload: NoPayload) -> tuple[Offer, Intent | None]:
    starts = [(i, start_label(i)) for i in start_options(state, seat)]
    return [(Intent.of("skip"), "Keep your Scenario hidden"), *starts], None


@RULES.answers("story_offer", takes=[SKIP, Shape("story_start", START_ARGS)])
def _reveal_or_not(state: GamedecState, seat: str, intent: Intent, payload: NoPayload) -> list[Event]:
    if intent.kind == "story_start":
        return reveal(state, seat, intent.word("via"))
    # RB: "At the moment one of the conditions listed on the card is met, the player may (but does not have
    # to) reveal his Scenario": declined now, the Assist no longer starts it.
    state.players[seat].assist_ready = False
    return []


def mind_first(state: GamedecState, seat: str, kind: str) -> bool:
    """Digital Mind (a started Scenario: public) may be used "just before receiving a wound from another
    source" (FAQ): its holder is asked first when the coming Wound is one he could take for Reputation."""
    p = state.players[seat]
    if (
        not R.power(state, seat, "rep_for_wound")
        or getattr(p, kind)
        or p.rep >= R.detective(state, seat).rep_max
    ):
        return False
    decide(
        state,
        seat,
        "mind",
        f"A {kind.capitalize()} Wound is coming: use Digital Mind first (take it for Reputation +1)?",
    )
    return True


def _mind_used(state: GamedecState, seat: str, aside: Intent) -> bool:
    return aside.kind == "ability" and aside.get("use") == "mind"


@decision("mind", closes=_mind_used)
def _mind(state: GamedecState, seat: str, payload: NoPayload) -> tuple[Offer, Intent | None]:
    return [(Intent.of("skip"), "Do not use Digital Mind now")], None


@RULES.answers("mind", takes=[SKIP])
def _mind_skipped(state: GamedecState, seat: str, intent: Intent, payload: NoPayload) -> list[Event]:
    return []


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
    return {
        "id": sc.id,
        "name": sc.name,
        "hero": sc.hero,
        "text": sc.text,
        "status": p.story,
        "start": [c.model_dump() for c in sc.start],
        "path1": sc.path1.model_dump() if sc.path1 else None,
        "path2": sc.path2.model_dump() if sc.path2 else None,
    }


def public_status(state: GamedecState, seat: str) -> dict[str, object] | None:
    p = state.players[seat]
    if not p.scenario:
        return None
    pack = load_pack()
    shown = p.story in ("started", "done")
    return {
        "status": p.story,
        "name": pack.scenarios[p.scenario].name if shown else None,
        "finales": [pack.finales[f].name for f in p.finales],
    }
