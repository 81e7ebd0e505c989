"""Rule helpers on the Gamedec state: Reputation, Wounds, Investigation Points, tests, entry, decks.

Functions here mutate the state they are given and return the events they caused. They never decide
what a player chooses; choices are asked by the procedure (``answers.py``).
"""

from __future__ import annotations

from engine.core import Event, Game, public
from engine.core.flow import Step
from engine.core.kits import display
from engine.core.kits.ranking import rank
from engine.core.waiting import TurnFrame

from .board import CORPS, DRAWS_BY_REP, NAMES, NEEDS_CREDIT, NO_BAD_REP, REALIUM, REP_NAMES, WORLDS
from .names import skill_name
from .pack import Detective, Task, load_pack
from .state import GamedecState, Player
from .steps import ChooseSkillStep, EndTurnStep, TerrorStep

HAND_LIMIT = 8
EQUIP_LIMIT = 3
ARSENAL_LIMIT = 6
"""Angela Baal's house ability (RULINGS 24): the Scenario example has her hold "as many as 6 Equipment
cards"."""
CLUE_CAP = 6


def player(state: GamedecState, seat: str) -> Player:
    return state.players[seat]


def detective(state: GamedecState, seat: str) -> Detective:
    return load_pack().detectives[state.players[seat].detective]


def name(state: GamedecState, seat: str) -> str:
    if not state.players[seat].detective:
        return seat  # still choosing a detective (choose_detectives option)
    return f"{seat} ({detective(state, seat).name})"


SHARED_ABILITIES = frozenset({"ignore_lags", "ignore_wounds"})


def has(state: GamedecState, seat: str, ability: str) -> bool:
    """The detective's own ability, or (Lags, Wounds) one granted by a Scenario or Finale."""
    if detective(state, seat).ability == ability:
        return True
    return ability in SHARED_ABILITIES and power(state, seat, ability) > 0


def power(state: GamedecState, seat: str, op: str, space: str | None = None) -> int:
    """The total value of the story abilities ``op`` active for ``seat`` (started Scenario, Finales)."""
    p = state.players[seat]
    if not p.scenario and not p.finales:
        return 0
    pack = load_pack()
    records = []
    if p.story == "started":
        records += pack.scenarios[p.scenario].abilities
    for f in p.finales:
        records += pack.finales[f].abilities
    total = 0
    where = p.pos if space is None else space
    for a in records:
        if a.op != op:
            continue
        if a.when == "bad_rep" and p.rep >= 0:
            continue
        if a.when == "realium" and where != REALIUM:
            continue
        if a.when == "wounded" and not (p.bio or p.neuro):
            continue
        total += a.value
    return total


def goal(state: GamedecState) -> int:
    return 16 if state.opts.longer_game else 9


# --- Reputation and Wounds --------------------------------------------------------------------


def change_rep(state: GamedecState, seat: str, delta: int) -> list[Event]:
    """One level at a time, clamped to the detective's range ("nothing happens" beyond it)."""
    p, d = player(state, seat), detective(state, seat)
    before = p.rep
    step = 1 if delta > 0 else -1
    for _ in range(abs(delta)):
        if d.rep_min <= p.rep + step <= d.rep_max:
            p.rep += step
    if p.rep == before:
        return [public("reputation", f"{name(state, seat)}: Reputation stays {REP_NAMES[p.rep]}.", seat=seat)]
    return [
        public(
            "reputation",
            f"{name(state, seat)}: Reputation {REP_NAMES[before]} -> {REP_NAMES[p.rep]}.",
            seat=seat,
            rep=p.rep,
        )
    ]


def wound(state: GamedecState, seat: str, kind: str) -> list[Event]:
    p = player(state, seat)
    kinds = ["bio", "neuro"] if "both_wounds" in state.flags else [kind]
    got = []
    for k in kinds:
        if not getattr(p, k):
            setattr(p, k, True)
            got.append(k.capitalize())
    if not got:
        return [public("wound", f"{name(state, seat)} already has that Wound; nothing happens.", seat=seat)]
    return [public("wound", f"{name(state, seat)} receives a {' and a '.join(got)} Wound.", seat=seat)]


def heal(state: GamedecState, seat: str, kind: str) -> list[Event]:
    p = player(state, seat)
    if not getattr(p, kind):
        return [public("heal", f"{name(state, seat)} has no {kind.capitalize()} Wound to heal.", seat=seat)]
    setattr(p, kind, False)
    return [public("heal", f"{name(state, seat)} heals the {kind.capitalize()} Wound.", seat=seat)]


def free_corps(state: GamedecState, seat: str) -> list[str]:
    return [c for c in CORPS if c not in player(state, seat).obligations]


# --- Investigation Points ---------------------------------------------------------------------


def placing_key(state: GamedecState, seat: str) -> tuple[int, int, int, int, int]:
    """RB tie-break: more IP, higher Reputation, fewer Obligations, more Skills, more Credits."""
    p = player(state, seat)
    return (p.ip, p.rep, -len(p.obligations), len(p.skills), state.credits.of(seat))


def finish(
    state: GamedecState, winners: list[str], reason: str, ahead: list[str], *, net_down: bool = False
) -> Event:
    """End the game with every seat placed and its Investigation Points as its score (RULINGS 39a).
    ``ahead`` (the winner, or the play-on placings) take the first places in order; the others follow by
    the rulebook's order: "the players with the most Investigation Points ... Reputation ... Corporate
    Obligations (whoever has fewer counts), then Skill tokens (whoever has more), and finally Credit
    tokens" - unless the Net went down (``net_down``): then they share one place (RB: "All players are
    considered to have lost")."""
    rest = [s for s in state.seats if s not in ahead]
    tail = ([rest] if rest else []) if net_down else rank(rest, lambda s: placing_key(state, s))
    ranking = [[s] for s in ahead] + tail
    scores = {s: float(player(state, s).ip) for s in state.seats}
    return Game.finish(state, winners, reason, ranking=ranking, scores=scores)


def gain_ip_many(state: GamedecState, awards: dict[str, int]) -> list[Event]:
    """Points for several detectives at once (a Scenario reward); simultaneous winners are placed by the
    rulebook's tie-break (FAQ on Optional Rules)."""
    events: list[Event] = []
    reached = []
    for seat, amount in awards.items():
        p = player(state, seat)
        p.ip += amount
        events.append(
            public(
                "ip",
                f"{name(state, seat)} gains {amount} Investigation Point"
                f"{'s' if amount > 1 else ''} ({p.ip}).",
                seat=seat,
                ip=p.ip,
            )
        )
        if p.ip >= goal(state):
            reached.append(seat)
    if reached:
        return events + reach_goal(state, sorted(reached, key=lambda s: placing_key(state, s), reverse=True))
    for seat, amount in awards.items():
        p = player(state, seat)
        p.ip -= amount
        events += _thresholds(state, seat, p.ip, p.ip + amount)
        p.ip += amount
    return events


def gain_ip(state: GamedecState, seat: str, amount: int = 1) -> list[Event]:
    """Add points; the goal ends the game at once; track symbols and Terror thresholds are queued."""
    p = player(state, seat)
    before = p.ip
    p.ip += amount
    events = [
        public(
            "ip",
            f"{name(state, seat)} gains {amount} Investigation Point{'s' if amount > 1 else ''} ({p.ip}).",
            seat=seat,
            ip=p.ip,
        )
    ]
    if p.ip >= goal(state):
        return events + reach_goal(state, [seat])
    return events + _thresholds(state, seat, before, p.ip)


def reach_goal(state: GamedecState, seats: list[str]) -> list[Event]:
    """``seats`` (best first) reached the goal. RB "End of the Game": "the game immediately ends with his
    victory"; with the play-on option: "If the players want, they may continue the game for second place.
    The winner does not take part in the further game"."""
    if not state.opts.play_on:
        best = seats[0]
        player(state, best).finished = True
        return [
            finish(state, [best], f"{name(state, best)} reached {goal(state)} Investigation Points", [best])
        ]
    events: list[Event] = []
    for seat in seats:
        player(state, seat).finished = True
        state.placings.append(seat)
        place = "first" if len(state.placings) == 1 else "second"
        events.append(
            public(
                "placing",
                f"{name(state, seat)} reaches {goal(state)} Investigation Points: {place} place.",
                seat=seat,
                place=len(state.placings),
            )
        )
    still = [s for s in state.seats if not player(state, s).finished]
    if len(state.placings) == 1 and len(still) >= 2:
        for seat in seats:
            player(state, seat).left_board = True
        events.append(public("play_on", "The others play on for second place; the winner leaves the board."))
        if state.active in seats:
            leave_turn(state, state.active)
        return events
    first = state.placings[0]
    second = state.placings[1] if len(state.placings) > 1 else max(still, key=lambda s: placing_key(state, s))
    events.append(
        finish(
            state,
            [first],
            f"{name(state, first)} reached {goal(state)} Investigation Points "
            f"first; second place: {name(state, second)}",
            state.placings,
        )
    )
    return events


def leave_turn(state: GamedecState, seat: str) -> None:
    """Play on: the winner "does not take part in the further game" - a detective who reached the goal in his
    own turn leaves the board at once: his turn ends as soon as what it set off is resolved."""
    frame = state.waiting.find("turn")
    if not isinstance(frame, TurnFrame) or frame.seat != seat:
        return
    waits = frame.waits_for or []
    rest = next((i for i, step in enumerate(state.steps) if step.op in waits), len(state.steps))
    state.steps.insert(rest, EndTurnStep(seat=seat))
    state.waiting.pop(frame)


def _thresholds(state: GamedecState, seat: str, before: int, after: int) -> list[Event]:
    front: list[Step] = []
    skill_marks = (5, 10, 15) if state.opts.longer_game else (5,)
    for mark in skill_marks:
        if before < mark <= after:
            front.append(ChooseSkillStep(seat=seat))
    if state.opts.terror:
        marks = (7, 10) if state.opts.scenarios else (7,)
        for mark in marks:
            if before < mark <= after:
                front.append(TerrorStep())
    state.now(*front)
    return []


def clue_gives_ip(state: GamedecState, seat: str) -> bool:
    """RB: "Points 7, 8 and 9 cannot be gained this way" (the Longer Game lifts it)."""
    return state.opts.longer_game or player(state, seat).ip < CLUE_CAP


# --- tests (the modifiers are in :mod:`.modifiers`) ------------------------------------------------


def can_play(state: GamedecState, seat: str, task: Task, space: str) -> bool:
    if task_playable_here(task, space):
        return True
    return task.world == REALIUM and space in WORLDS and power(state, seat, "realium_anywhere") > 0


def task_playable_here(task: Task, space: str) -> bool:
    if task.world == "universal":
        return space == REALIUM or space in WORLDS
    return task.world == space


# --- trade -----------------------------------------------------------------------------------

MAX_PROPOSALS = 2
"""House limit: at most two proposals or calls for offers per turn (so a turn cannot stall on offers)."""


def trade_partners(state: GamedecState, seat: str) -> list[str]:
    return [o for o in state.seats if o != seat and not state.players[o].finished]


def can_trade(state: GamedecState, seat: str) -> bool:
    """RB: "the player currently playing his turn must always take part in it ... There is a limit of one
    transaction per player's turn"."""
    return (
        seat == state.active
        and not state.trade_done
        and state.trade_proposals < MAX_PROPOSALS
        and bool(trade_partners(state, seat))
    )


# --- movement ---------------------------------------------------------------------------------


def entry_problem(state: GamedecState, seat: str, space: str) -> str:
    """Why ``seat`` may not enter ``space`` now ('' when it may)."""
    p = player(state, seat)
    if space in NO_BAD_REP and p.rep < 0 and not has(state, seat, "ignore_bad_rep_entry"):
        return f"{NAMES[space]} does not admit a detective with Bad Reputation"
    if space in NEEDS_CREDIT and state.credits.of(seat) < 1:
        return f"{NAMES[space]} admits only a detective holding at least 1 Credit"
    return ""


def base_moves(state: GamedecState, seat: str) -> int:
    return (3 if has(state, seat, "extra_move") else 2) + power(state, seat, "extra_move")


def equipment_limit(state: GamedecState, seat: str) -> int:
    """RB: "Each player may have a maximum of 3 Equipment cards" (Angela Baal's Arsenal: 6)."""
    return ARSENAL_LIMIT if has(state, seat, "arsenal") else EQUIP_LIMIT


def draw_count(state: GamedecState, seat: str) -> int:
    return DRAWS_BY_REP[player(state, seat).rep] + (1 if has(state, seat, "extra_draw") else 0)


# --- Equipment piles --------------------------------------------------------------------------


def _renew_deck(state: GamedecState) -> None:
    """RB: an empty deck is re-formed from the face-up pile, unless only one card lies there."""
    if not state.equip_deck and len(state.equip_faceup) > 1:
        state.equip_deck = state.rng.shuffled(state.equip_faceup)
        state.equip_faceup = [state.equip_deck.pop()]


def draw_equipment_deck(state: GamedecState) -> str | None:
    _renew_deck(state)
    if not state.equip_deck:
        return None
    card = state.equip_deck.pop()
    _renew_deck(state)
    return card


def refill_faceup(state: GamedecState) -> None:
    if not state.equip_faceup:
        card = draw_equipment_deck(state)
        if card is not None:
            state.equip_faceup.append(card)


def take_equipment(state: GamedecState, seat: str, pile: str) -> list[Event]:
    card: str | None
    if pile == "faceup":
        card = state.equip_faceup.pop() if state.equip_faceup else None
        refill_faceup(state)
    else:
        card = draw_equipment_deck(state)
    if card is None:
        return [public("equipment", "No Equipment card is left to take.")]
    player(state, seat).equipment.append(card)
    eq = load_pack().equipment[card]
    return [
        public(
            "equipment",
            f"{name(state, seat)} takes {eq.name} (+2 {skill_name(eq.skill)}).",
            seat=seat,
            card=card,
        )
    ]


def discard_equipment(state: GamedecState, seat: str, card: str) -> None:
    player(state, seat).equipment.remove(card)
    state.equip_faceup.insert(0, card)
    refill_faceup(state)


def take_corp_equipment(state: GamedecState, corp: str) -> str:
    """RB: "After choosing this aid the player takes the Equipment card lying by the given Corporation's
    space, and then refills the empty space with a new card taken from the top of the face-down Equipment
    deck." (The Corporation spaces are a display; the deck renews itself by its own rule.)"""
    card, _ = display.take_and_refill(state.corp_equip, corp, lambda: draw_equipment_deck(state))
    return card


def equipment_piles(state: GamedecState) -> list[str]:
    """The piles an Equipment card can be taken from now."""
    piles = []
    if state.equip_deck or len(state.equip_faceup) > 1:
        piles.append("deck")
    if state.equip_faceup:
        piles.append("faceup")
    return piles
