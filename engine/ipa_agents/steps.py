"""The procedure: wall placement, Event tokens, rounds of turns, the start and end of a turn, and the end
of a round (draws, ranks, ability points)."""

from __future__ import annotations

from pydantic import BaseModel

from engine.core import Event, Intent, private, public
from engine.core.args import Shape, word
from engine.core.flowgame import FlowGame
from engine.core.intent import Value
from engine.core.kits.handlimit import excess

from . import control, marks, undo
from .effects import check_end, damage
from .names import words
from .pack import ABILITIES
from .rules import RULES, P, card_of, draw_card, hand_limit, offered, plural, stunned
from .setup import default_wall, event_free, event_square
from .sides import sides
from .state import (
    ConfuseStep,
    EndTurnStep,
    EventsStep,
    EventToken,
    Hit,
    HitStep,
    IpaState,
    OverTimeStep,
    ResumeStep,
    RoundEndStep,
    RoundStep,
    SetupWallStep,
    TurnStep,
)
from .turn_header import turn_texts

TURN_ACTIONS = [
    "move",
    "tunnel",
    "play",
    "focus",
    "rift",
    "convert",
    "shoot",
    "pickup",
    "sell",
    "buy",
    "upgrade",
    "loot",
    "takeover",
    "relocate",
    "give",
    "transfer",
    "permit",
    "train",
    "discard",
    "end",
]


# --- set-up -------------------------------------------------------------------------------------------


@RULES.step("wall")
def place_wall(state: IpaState, step: SetupWallStep) -> list[Event]:
    """RB set-up 6: "The players place the terrain tokens onto the battle map one after the other.\""""
    c = default_wall(state, step.seat)
    if c is None:
        return []
    text = (
        f"Place a wall: name its square ({_walls(step.left)} left for you). Not in an opponent's starting "
        "corner, no group of more than 5 walls, nothing cut off."
    )
    public = f"{step.seat} places a wall ({_walls(step.left)} left)."
    return RULES.ask(
        state, step.seat, "wall", text, [], default=Intent.of("wall", at=c), actions=["wall"], public=public
    )


def _walls(n: int) -> str:
    return "1 wall" if n == 1 else f"{n} walls"


@RULES.step("events")
def place_events(state: IpaState, step: EventsStep) -> list[Event]:
    """RB set-up 7: each player draws 4 Event tokens; "In each quadrant of the battle map, the same number
    of Event tokens must be placed face down"; the red and yellow d10 give the square (A-20: re-rolled
    when the square is taken or in a starting corner)."""
    pool = [k.id for k in P().events.values() for _ in range(k.count)]
    state.rng.shuffle(pool)
    rolls: list[str] = []
    for _seat in state.seats:
        for q in range(4):
            kind = pool.pop()
            for _ in range(200):
                red, yellow = state.rng.between(1, 10), state.rng.between(1, 10)
                square = event_square(state, q, red, yellow)
                if event_free(state, square):
                    break
            state.events.append(EventToken(cell=square, kind=kind))
            rolls.append(square)
    return [
        public(
            "events", f"{len(rolls)} Event tokens are placed face down, {len(state.seats)} in each quadrant."
        )
    ]


# --- rounds and turns -----------------------------------------------------------------------------------


@RULES.step("round")
def open_round(state: IpaState, step: RoundStep) -> list[Event]:
    state.round += 1
    for agent in state.agents.values():
        agent.attacked = 0
        agent.gifts = 0
    state.later(*[TurnStep(seat=s) for s in state.seats], RoundEndStep())
    return [public("round", f"Round {state.round} begins (rank {state.rank}).")]


@RULES.step("turn")
def begin_turn(state: IpaState, step: TurnStep) -> list[Event]:
    """RB "Turn Cycle": "If the effect of an item lasts 1 game round, the effect continues until the player
    who activated (used) the item is in turn again." RB "Multiple Activations": "it is deactivated when its
    owner is in turn again. When deactivated, the card is taken back into the hand"."""
    seat = step.seat
    agent = state.agents[seat]
    state.turn.begin(seat)
    state.acting = seat
    events: list[Event] = []
    for other in state.agents.values():
        ends = [s.by == seat and not (s.status == "helpless" and other.seat == seat) for s in other.statuses]
        ended = [s for s, e in zip(other.statuses, ends, strict=True) if e]
        other.statuses = [s for s, e in zip(other.statuses, ends, strict=True) if not e]
        events += [
            public("status_end", f"{other.seat}'s Agent is no longer {STATUS_WORDS[s.status]}.")
            for s in ended
            if other.alive
        ]
    if not agent.alive:
        return events
    undo.begin(state, seat)
    for act in agent.active:  # the Damage Converter's payment: "The effect lasts only during this round"
        act.converted = False
    confused = control.has(agent, "confuse")
    if not stunned(agent) and not confused:
        events += _deactivate(state, seat)  # a stunned Agent cannot deactivate; later
    events += control.take_control(state, seat)
    if confused:  # RB Confuse: "The first thing a confused unit does when it is next in turn is an attack"
        state.now(OverTimeStep(seat=seat), ConfuseStep(seat=seat))
    else:
        state.now(OverTimeStep(seat=seat), ResumeStep(seat=seat))
    return events


STATUS_WORDS = {
    "stun": "stunned",
    "helpless": "helpless",
    "confuse": "confused",
    "mind_control": "controlled",
}


def _deactivate(state: IpaState, seat: str) -> list[Event]:
    agent = state.agents[seat]
    keep = []
    lingering = {o.card for a in state.agents.values() for o in a.over_time}
    for act in agent.active:
        card = card_of(act.card)
        if card.type == "construct" or act.card in lingering:
            keep.append(act)
        elif card.type == "artifact":
            state.recycle.append(act.card)
        else:
            agent.hand.append(act.card)
    agent.active = keep
    return []


@RULES.step("over_time")
def over_time(state: IpaState, step: OverTimeStep) -> list[Event]:
    """Drowning: "The unit is dealt 1 energy damage every time it becomes that unit's turn ... The unit gets
    a defensive roll every time ... The defensive roll must be taken before the unit does anything else.\""""
    agent = state.agents[step.seat]
    hits = []
    for ot in agent.over_time:
        ot.turns -= 1
        hits.append(
            HitStep(
                hit=Hit(
                    attacker=state.agents[ot.by].unit,
                    seat=ot.by,
                    card="",
                    over=ot.card,
                    target=agent.unit,
                    amount=ot.amount,
                    type=ot.type,
                )
            )
        )
    agent.over_time = [o for o in agent.over_time if o.turns > 0]
    state.now(*hits)
    return []


@RULES.step("resume")
def resume_turn(state: IpaState, step: ResumeStep) -> list[Event]:
    undo.settle(state)
    if state.result is not None or control.controlled(state, step.seat):
        return []
    agent = state.agents[step.seat]
    if not agent.alive:
        state.now(EndTurnStep(seat=step.seat))
        return []
    own, told = turn_texts(state, step.seat)
    RULES.turn(state, step.seat, "turn", own, TURN_ACTIONS, default=Intent("end"), public=told)
    return []


@RULES.step("end_turn")
def end_turn(state: IpaState, step: EndTurnStep) -> list[Event]:
    """RB "Inventory": "When your Agent ends its turn, it loses 2 life for each inactive card above 7";
    RB "Space Shop": sale credits "must be spent immediately" (they vanish now). A-14: the Gravitational
    Enforcers bought this turn are armed."""
    agent = state.agents[step.seat]
    events: list[Event] = []
    for fe in state.equipment.values():
        if fe.owner == step.seat:
            fe.armed = True
    agent.statuses = [s for s in agent.statuses if not (s.status == "helpless" and s.by == step.seat)]
    agent.turn_credits = 0  # dead or alive: a revived Agent has no sale credits left from this turn
    if agent.alive:
        over = excess(agent.hand, hand_limit(agent))
        if over:
            loss = over * P().numbers.hand_penalty
            events.append(
                public(
                    "hand_limit", f"{step.seat} ends the turn with {plural(over, 'inactive card')} too many."
                )
            )
            events += damage(state, agent.unit, loss, "physical", None, typed=False)
        if state.opts.played_is_played and agent.points:
            events.append(
                public("missed", f"{step.seat}'s unplaced ability points are lost (Played is played).")
            )
            agent.points = 0
    return events + check_end(state)


@RULES.step("round_end")
def end_round(state: IpaState, step: RoundEndStep) -> list[Event]:
    """RB: "After a game round has been completed, all Agents may draw one Item Card, and all Agents advance
    one rank upwards (up to rank 20). You may also decide not to draw an Item Card." The choices are made by
    everyone at once, in secret (the draw is private)."""
    if state.round >= state.opts.round_limit:
        return _round_limit(state)
    seats = [a.seat for a in state.agents.values() if a.alive]
    seats = [s for s in state.seats if s in seats]
    gains = state.rank < P().numbers.rank_cap
    offers = {}
    for seat in seats:
        offer = []
        for draw in ("yes", "no"):
            for stat in ABILITIES if gains else ("none",):
                word = "Draw a card" if draw == "yes" else "No card"
                label = f"{word}, +1 {stat.capitalize()}" if stat != "none" else word
                offer.append((offered("ready", draw=draw, point=stat), label))
        offers[seat] = offer
    text = "End of the round: draw an Item Card? Place the rank's ability point."
    public = "End of the round: each player chooses in secret whether to draw an Item Card, and the point."
    if not state.opts.played_is_played:
        return RULES.secret(state, seats, "round_end", text, offers, public=public, announce=ROUND_END_CHOSEN)
    # Played is played: "If you forget to draw a card, to advance one rank ... you have bad luck": the
    # deadline's default draws nothing and places nothing
    missed = Intent.of("ready", draw="no", point="none")
    for offer in offers.values():
        if gains:
            offer.append((missed, "No card, no point (missed)"))
    return RULES.secret(
        state,
        seats,
        "round_end",
        text,
        offers,
        defaults={s: missed for s in seats},
        public=public,
        announce=ROUND_END_CHOSEN,
    )


ROUND_END_CHOSEN = "{seat} has chosen whether to draw a card, and the ability point."
"""The public notice of one seat's end-of-round choice (what it chose is told when all have chosen)."""


class NoData(BaseModel):
    pass


def _point_named(state: IpaState, value: Value) -> str | None:
    if value == "none":
        return "No ability point"
    return f"+1 {str(value).capitalize()}" if value in ABILITIES else None


READY = Shape(
    "ready",
    (word("draw", words({"yes": "Draw a card", "no": "No card"})), word("point", _point_named)),
    title="End of the round",
    asks="your draw and ability point at the end of the round",
)
"""The end of a round: draw an Item Card or not, and the rank's ability point (``none`` at rank 20)."""


@RULES.revealed("round_end", takes=[READY])
def round_ended(state: IpaState, choices: dict[str, Intent], payload: NoData) -> list[Event]:
    events: list[Event] = []
    gains = state.rank < P().numbers.rank_cap
    told: dict[str, str] = {}
    for seat in state.seats:
        intent = choices.get(seat)
        agent = state.agents[seat]
        if intent is None or not agent.alive:
            continue
        if intent.get("draw") == "yes":
            card = draw_card(state)
            if card is not None:
                agent.hand.append(card)
                events.append(private(seat, "draw", f"You draw {card_of(card).name}."))
        point = intent.get("point")
        if gains and point in ABILITIES:
            agent.abilities[point] += 1
        told[seat] = ("draws a card" if intent.get("draw") == "yes" else "draws no card") + (
            f", +1 {str(point).capitalize()}" if gains and point in ABILITIES else ""
        )
        events.append(public("ready", f"{seat} {told[seat]}."))
    marks.revealed(state, told)
    if gains:
        state.rank += 1
    state.later(RoundStep())
    return events


def _round_limit(state: IpaState) -> list[Event]:
    """House: the table's round limit ends the game; the living sides rank by the life they have left (a
    tie for first is a draw), the fallen sides by when they fell, last first."""
    groups = sides(state)
    standing = [g for g in groups if any(state.agents[s].alive for s in g)]
    left = {g[0]: sum(state.agents[s].life for s in g if state.agents[s].alive) for g in standing}
    levels = sorted(set(left.values()), reverse=True)
    ranking = [[s for g in standing if left[g[0]] == level for s in g] for level in levels]
    fallen = [g for g in groups if g not in standing]
    ranking += sorted(fallen, key=lambda g: max(state.dead.index(s) for s in g), reverse=True)
    top = ranking[0]
    scores = {s: float(state.agents[s].life) for s in state.seats}
    reason = f"the round limit ({state.opts.round_limit}) is reached; most life left"
    draw = sum(1 for g in standing if left[g[0]] == levels[0]) > 1
    return [FlowGame.finish(state, top, reason, draw=draw, ranking=ranking, scores=scores)]
