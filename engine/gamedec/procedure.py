"""The round: Corporate Investigation, the detectives' turns, the Hacker Attack; hand and Equipment limits;
Terror cards. (Task tests and fights are in ``effects.py``, set-up in ``setup.py``.)

Phase 1 queues one ``turn`` step per detective, the Hacker Attack and the next round's Phase 1 at once. A
turn is a frame offering the turn's actions (:func:`turn_actions`: each action says whether the turn offers
it); the steps they queue run while it is open, and the rest of the round waits for it (``ROUND_OPS``).
"""

from __future__ import annotations

from engine.core import Event, Intent, clockwise, public
from engine.core.kits.handlimit import excess

from . import marks
from . import rules as R
from .actions.base import GamedecAction
from .answers import decide
from .board import NAMES, WORLDS
from .names import plural
from .pack import load_pack
from .runtime import RULES
from .state import GamedecState
from .steps import (
    ROUND_OPS,
    EndTurnStep,
    EquipLimitStep,
    HackerAttackStep,
    HandLimitStep,
    NewRoundStep,
    RevealDrawnStep,
    TerrorEffectStep,
    TerrorStep,
    TurnStep,
)
from .story import double_agent_winner, round_start


def turn_actions(moved: bool) -> list[str]:
    """What a detective's turn offers, in menu order: its actions in the order they are registered (each
    declares :attr:`~.actions.base.GamedecAction.turn`). Before his first move the ones possible then come
    first, ending, moving and the Universal Actions (trading, discarding) ahead of the Scenario's: until he
    moves only they are possible (RB: "The round must begin with a move"), and the others refuse saying so."""
    listed = [a for a in RULES.actions.all() if isinstance(a, GamedecAction) and a.turn]
    if not moved:
        first = sorted((a for a in listed if a.turn == "any"), key=lambda a: a.family == "play")
        listed = first + [a for a in listed if a.turn == "moved"]
    return [a.kind for a in listed]


def turn_text(state: GamedecState) -> str:
    p = state.players[state.active]
    where = NAMES[p.pos]
    if not state.moved:
        return f"Your turn: {plural(state.moves_left, 'move')}. Start with a move (you are in {where})."
    return f"In {where}: act here, move ({state.moves_left} left) or end your turn."


def turn_public(state: GamedecState) -> str:
    """The turn told to the others: whose it is, where, and the moves left."""
    seat = state.active
    where = NAMES[state.players[seat].pos]
    if not state.moved:
        return f"{seat} plays a turn: {plural(state.moves_left, 'move')}, starting in {where}."
    return f"{seat} plays a turn in {where}: acts there, moves ({state.moves_left} left) or ends the turn."


# --- Phase 1, Corporate Investigation ------------------------------------------------------------------


@RULES.step("new_round")
def _new_round(state: GamedecState, step: NewRoundStep) -> list[Event]:
    events: list[Event] = []
    if not state.commission_deck:
        if state.opts.longer_game and not state.opts.scenarios and not state.second_deck_used:
            state.second_deck_used = True
            state.commission_deck = state.rng.shuffled(state.commission_used)[:8]
            events.append(public("commission_deck", "The Commission deck ran out: 8 cards form a new deck."))
        else:
            return [_deck_ran_out(state)]
    state.round += 1
    card = state.commission_deck.pop()
    state.commission_used.append(card)
    com = load_pack().commissions[card]
    state.commission, state.target, state.threatened = card, com.target, com.threatened
    state.target_lag = True
    state.commission_done = False
    state.end_round_after = ""
    state.attacked = []
    events.append(
        public(
            "commission",
            f"Round {state.round}: the hackers target {NAMES[com.target]}; "
            f"{NAMES[com.threatened]} is threatened.",
            target=com.target,
            threatened=com.threatened,
        )
    )
    turns = []
    for seat in clockwise(state.seats, state.start_player):
        p = state.players[seat]
        if p.skip_turn:
            p.skip_turn = False
            events.append(
                public("skip", f"{R.name(state, seat)} took the Starting Player marker and skips this round.")
            )
        elif not p.finished:
            turns.append(TurnStep(seat=seat))
    state.later(*turns, HackerAttackStep(), NewRoundStep())
    if state.opts.scenarios:
        round_start(state)
    return events


def _deck_ran_out(state: GamedecState) -> Event:
    """RB: "If the Starting Player cannot reveal a Corporate Commission card ... the game ends"."""
    agent = double_agent_winner(state)
    if agent:
        return R.finish(
            state,
            [agent],
            f"{R.name(state, agent)}, the Double Agent, sold the Net to the hackers",
            [agent],
            net_down=True,
        )
    if state.placings:
        return R.finish(
            state,
            [state.placings[0]],
            f"{R.name(state, state.placings[0])} won; the Commission deck ran out before a second place",
            state.placings[:1],
            net_down=True,
        )
    return R.finish(
        state,
        [],
        "the Corporate Commission deck ran out: the hackers' final attack shuts the Net down",
        [],
        net_down=True,
    )


# --- Phase 2, the turns --------------------------------------------------------------------------------


def reset_turn(state: GamedecState, seat: str, moves: int) -> None:
    """What a new turn starts from: ``moves`` moves and none of the once-per-turn actions used."""
    state.active = seat
    state.moves_left = moves
    state.moved = False
    state.turn_mode = ""
    state.aid_used = False
    state.drew = False
    state.trade_done = False
    state.trade_proposals = 0
    state.story_move_used = False
    state.players[seat].commission_ready = False
    marks.mark(state, seat)


def nothing_hidden_to_play(state: GamedecState, seat: str) -> bool:
    """Whether all a detective could still do in his turn is public: no Task card in his hand (its size is
    public) and no Scenario card kept secret. Only then does a turn that can only end end by itself: a
    detective holding cards is asked even when none can be played, so the others learn nothing of them."""
    p = state.players[seat]
    return not p.hand and p.story in ("", "done")


RULES.ends_alone("turn", when=nothing_hidden_to_play)


def open_turn(state: GamedecState, seat: str) -> None:
    """``seat``'s turn is open: it is offered the turn's actions until it ends it."""
    state.turn.begin(seat)
    RULES.turn(
        state,
        seat,
        "turn",
        turn_text(state),
        turn_actions(moved=False),
        default=Intent.of("end"),
        waits_for=ROUND_OPS,
        public=turn_public(state),
    )


@RULES.step("turn")
def _turn(state: GamedecState, step: TurnStep) -> list[Event]:
    seat = step.seat
    p = state.players[seat]
    if p.finished:
        return []  # play-on option: "his rounds are skipped" (he reached the goal earlier this round)
    moves = R.base_moves(state, seat)
    events = [public("turn", f"{R.name(state, seat)}'s turn.", seat=seat)]
    if p.lag:
        p.lag = False
        # FAQ (Postorganism): with a Lag token "in the next round he may move three times (four times, in
        # the case of Taida Wolf), and then discards the Lag token he has"
        extra = R.power(state, seat, "lag_move")
        moves += extra if extra else -1
        lost = "for an extra move (Postorganism)" if extra else "instead of a move"
        events.append(public("lag", f"{R.name(state, seat)} discards the Lag token {lost}."))
    reset_turn(state, seat, moves)
    open_turn(state, seat)
    # Cards received in other turns: RB "At the start of his turn a player may hold a maximum of eight".
    state.now(HandLimitStep(seat=seat), EquipLimitStep(seat=seat))
    return events


def end_turn(state: GamedecState, seat: str) -> list[Event]:
    """The turn's ``end``: the face-down draws are looked at, the limits applied, then the next turn."""
    RULES.end_turn(state)
    state.now(
        RevealDrawnStep(seat=seat),
        HandLimitStep(seat=seat),
        EquipLimitStep(seat=seat),
        EndTurnStep(seat=seat),
    )
    return [public("end", f"{R.name(state, seat)} ends the turn.")]


@RULES.step("reveal_drawn")
def _reveal_drawn(state: GamedecState, step: RevealDrawnStep) -> list[Event]:
    p = state.players[step.seat]
    if not p.drawn:
        return []
    p.hand += p.drawn
    n = len(p.drawn)
    p.drawn = []
    return [
        public(
            "reveal_drawn",
            f"{R.name(state, step.seat)} looks at the {n} Task card{'s' if n > 1 else ''} drawn this turn.",
        )
    ]


@RULES.step("hand_limit")
def _hand_limit(state: GamedecState, step: HandLimitStep) -> list[Event]:
    """RULINGS 37: enforced at the end of the owner's turn and again at the start of his next one."""
    over = excess(state.players[step.seat].hand, R.HAND_LIMIT)
    if over <= 0:
        return []
    state.now(HandLimitStep(seat=step.seat))
    return decide(
        state, step.seat, "discard", f"Hand limit 8: discard {over} more Task card{'s' if over > 1 else ''}."
    )


@RULES.step("equip_limit")
def _equip_limit(state: GamedecState, step: EquipLimitStep) -> list[Event]:
    limit = R.equipment_limit(state, step.seat)
    if not excess(state.players[step.seat].equipment, limit):
        return []
    state.now(EquipLimitStep(seat=step.seat))
    return decide(state, step.seat, "discard_eq", f"Equipment limit {limit}: discard an Equipment card.")


@RULES.step("end_turn")
def _end_turn(state: GamedecState, step: EndTurnStep) -> list[Event]:
    state.active = ""
    state.moves_left = 0
    if state.opts.variable_start and state.end_round_after == step.seat:
        # RB: the first to perform a Commission "ends the round after his turn, going straight to the next
        # Corporate Investigation".
        state.skip_until("new_round")
        return [
            public(
                "round_end",
                f"{R.name(state, step.seat)} holds the Starting Player marker: the round ends now.",
            )
        ]
    return []


# --- Phase 3, the Hacker Attack --------------------------------------------------------------------------


@RULES.step("hacker_attack")
def _hacker_attack(state: GamedecState, step: HackerAttackStep) -> list[Event]:
    events: list[Event] = []
    if state.target_lag and state.target:
        if state.target not in state.lags:
            state.lags.append(state.target)
        hit = []
        for seat in state.seats:
            p = state.players[seat]
            if state.threatened in p.obligations and not p.finished and not R.has(state, seat, "ignore_lags"):
                p.lag = True
                hit.append(seat)
        who = f"; Lag tokens for {', '.join(hit)}" if hit else ""
        events.append(
            public(
                "hacker_attack",
                f"Hacker Attack: a Lag appears in {NAMES[state.target]}{who}.",
                target=state.target,
                lagged=hit,
            )
        )
    else:
        events.append(public("hacker_attack", "The Commission was performed: the hacker attack fails."))
    state.target, state.threatened, state.commission, state.target_lag = "", "", "", False
    return events


# --- Terror -----------------------------------------------------------------------------------------------


@RULES.step("terror")
def _terror(state: GamedecState, step: TerrorStep) -> list[Event]:
    if not state.terror_deck:
        return [public("terror", "The Terror deck is empty.")]
    card = load_pack().terror[state.terror_deck.pop()]
    state.terror_revealed.append(card.id)
    state.now(*(TerrorEffectStep.model_validate(e.model_dump()) for e in card.effects))
    return [public("terror", f"Terror: {card.name}. {card.text}", card=card.id)]


@RULES.step("add_lags")
def _add_lags(state: GamedecState, step: TerrorEffectStep) -> list[Event]:
    free = [w for w in WORLDS if w not in state.lags]
    chosen = free if step.count >= len(free) else state.rng.shuffled(free)[: step.count]
    state.lags += chosen
    return [public("lags", "Lags appear in " + (", ".join(NAMES[w] for w in chosen) or "no world") + ".")]


@RULES.step("lasting")
def _lasting(state: GamedecState, step: TerrorEffectStep) -> list[Event]:
    if step.flag not in state.flags:
        state.flags.append(step.flag)
    return []


@RULES.step("player_lags")
def _player_lags(state: GamedecState, step: TerrorEffectStep) -> list[Event]:
    for seat, p in state.players.items():
        if not p.finished and not R.has(state, seat, "ignore_lags"):
            p.lag = True
    return []


@RULES.step("rep_all")
def _rep_all(state: GamedecState, step: TerrorEffectStep) -> list[Event]:
    events: list[Event] = []
    for seat, p in state.players.items():
        if not p.finished:
            events += R.change_rep(state, seat, step.count)
    return events


@RULES.step("credits_all")
def _credits_all(state: GamedecState, step: TerrorEffectStep) -> list[Event]:
    for seat in state.players:  # gains are endless; a loss takes what there is (never below 0)
        if step.count > 0:
            state.credits.gain(seat, step.count)
        else:
            state.credits.lose(seat, -step.count)
    return []


@RULES.step("wound_all")
def _wound_all(state: GamedecState, step: TerrorEffectStep) -> list[Event]:
    events: list[Event] = []
    for seat, p in state.players.items():
        if not p.finished:
            events += R.wound(state, seat, step.kind)
    return events
