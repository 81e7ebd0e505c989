"""Gamedec's refusals say the true reason and what is possible instead (issue 11, Gamedec refusals).

Each test quotes the rulebook passage or the refusal it checks. The last tests go through every intent kind
with the game-agnostic checks shared with Infamy (tests/engine/infamy/refusal_checks.py): not the generic
list, no raw intent key, something possible named, no card another seat holds in secret.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from itertools import chain

import pytest

from engine.core import Intent
from engine.gamedec import GAME
from engine.gamedec.answers import decide
from engine.gamedec.pack import load_pack
from engine.gamedec.state import GamedecState
from engine.gamedec.steps import HackerAttackStep, NewRoundStep

from ..infamy.refusal_checks import (
    RAW_KEY,
    check_refused_where_not_offered,
    check_refused_where_offered,
    offered_kinds,
    sample_states,
)
from .helpers import do, force_dice, queue, stage_turn, started

PAPER_CIPHER = "t073"  # Realium, DL 8


def game(**options: bool) -> GamedecState:
    state = started(options=dict(options), detectives=["max_romanov", "ben_torres", "angela_baal"])
    stage_turn(state, "ann")
    return state


def refusal(state: GamedecState, seat: str, key: str) -> str:
    message = GAME.why_not(state, seat, GAME.parse_intent(key))
    assert message is not None, f"{key} is legal"
    assert not RAW_KEY.search(message), message
    assert "You can:" in message or "waiting for" in message, message
    return message


# --- the exchanges (RB "Exchanges on Board Spaces") ------------------------------------------------------


def test_an_exchange_refused_for_a_missing_resource_names_it() -> None:
    """Deep Past World: "discard 2 Credit tokens to take a new Skill token"; Brahma: "discard any 3 Task cards
    you own"; Realium: "discard 1 Credit token to heal your Bio wounds"; Speed Demons: "discard 1 Credit
    token to increase your Reputation by 1" (Max is already at Excellent)."""
    state = game()
    ann = state.players["ann"]
    ann.hand = ["t001", "t002"]
    state.credits.held["ann"] = 1
    state, _ = do(state, "ann", "move:to=deep_past")
    assert refusal(state, "ann", "buy_skill:id=melee").startswith("It needs 2 Credits: you hold 1.")
    state, _ = do(state, "ann", "move:to=brahma")
    assert refusal(state, "ann", "sell_tasks").startswith("It needs 3 Task cards: you hold 2.")
    stage_turn(state, "ann")
    state, _ = do(state, "ann", "move:to=realium")
    assert refusal(state, "ann", "heal").startswith("You have no Bio Wound to heal.")
    stage_turn(state, "ann")
    state, _ = do(state, "ann", "move:to=speed_demons")
    assert refusal(state, "ann", "buy_rep").startswith("Your Reputation is already Excellent")


def test_aid_and_twisted_options_refused_with_the_reason() -> None:
    """RB "Corporate Aid": "healing Neuro or Bio Wounds ... drawing the Equipment card lying by the
    Corporation space"; Twisted & Perverted: "discard 1 Credit token so that a chosen player immediately
    lowers the Reputation of his detective by 2"."""
    state = game()
    state, _ = do(state, "ann", "move:to=pharma")
    message = refusal(state, "ann", "aid:take=heal+cash")
    assert message.startswith("You have no Bio Wound for Pharma Nanolabs to heal.")
    assert "Aid: 1 Credit" in message
    stage_turn(state, "ann")
    state.credits.held["ann"] = 1
    state.players["bo"].rep = -2  # Ben Torres's lowest
    state, _ = do(state, "ann", "move:to=twisted")
    assert refusal(state, "ann", "smear:on=bo").startswith("bo's Reputation is already Extremely bad")
    assert refusal(state, "ann", "smear:on=ann").startswith("Choose another detective, not yourself.")


def test_answering_the_window_twice_says_so() -> None:
    """RB: Assists and Sabotages are declared "before the dice are rolled": a seat that passed is told it has
    passed and is asked again after a declaration (the window is open: RULINGS 11-13), not "It is not your
    turn"; a seat with no set-aside card is told it has nothing to declare."""
    state = game()
    state.players["ann"].hand = [PAPER_CIPHER]
    state.players["bo"].set_aside = ["t001"]
    state.players["cy"].set_aside = ["t002"]
    state, _ = do(state, "ann", "move:to=realium")
    state, _ = do(state, "ann", f"play:card={PAPER_CIPHER}")
    state, _ = do(state, "bo", "pass")
    message = GAME.why_not(state, "bo", Intent.of("sabotage", on="ann", n=1))
    assert message is not None and message.startswith("You passed; you are asked again if someone declares")
    # what bo may still do meanwhile: discard, at any moment (RULINGS 37a)
    assert "not your turn" not in message.lower() and "You can: Discard" in message


def test_a_seat_with_nothing_set_aside_is_told_it_has_nothing_to_declare() -> None:
    """RB: an Assist or Sabotage discards "one or more cards he holds" set aside: a seat holding none is not
    asked before the roll, and told why."""
    state = game()
    state.players["ann"].hand = [PAPER_CIPHER]
    state.players["bo"].set_aside = ["t001"]
    state, _ = do(state, "ann", "move:to=realium")
    state, _ = do(state, "ann", f"play:card={PAPER_CIPHER}")
    assert refusal(state, "cy", "sabotage:on=ann,n=1").startswith(
        "You hold nothing to declare before this roll"
    )


def test_a_declaration_beyond_ones_cards_names_the_count() -> None:
    """RB: "discard one or more cards he holds": a seat holding 2 set-aside cards is told so."""
    state = game()
    state.players["ann"].hand = [PAPER_CIPHER]
    state.players["bo"].set_aside = ["t001", "t002"]
    state, _ = do(state, "ann", "move:to=realium")
    state, _ = do(state, "ann", f"play:card={PAPER_CIPHER}")
    assert refusal(state, "bo", "sabotage:on=ann,n=3").startswith("You hold only 2 set-aside cards.")
    assert refusal(state, "bo", "sabotage:on=cy,n=1").startswith("Only ann rolls now")


def test_a_turn_action_out_of_turn_says_whose_turn_it_is() -> None:
    """RB: "In his turn each player may make a move twice": another seat's move is refused as not his turn,
    with when moves are made; what he may do names the detective whose turn it is (a trade with him)."""
    state = game()
    message = GAME.why_not(state, "bo", Intent.of("move", to="realium"))
    assert message is not None and message.startswith("It is ann's turn. Moves are made in your own turn.")
    assert message.endswith("or Propose a trade to ann.")


# --- every intent kind -----------------------------------------------------------------------------------

WORDS = [
    "realium",
    "brahma",
    "twisted",
    "zoenet",
    "pharma",
    "novatronics",
    "t001",
    "t083",
    "e01",
    "e16",
    "ann",
    "bo",
    "cy",
    "p1",
    "p2",
    "p3",
    "none",
    "c1",
    "c2",
    "task",
    "bio",
    "neuro",
    "melee",
    "shooting",
    "deck",
    "faceup",
    "zz",
    "heal",
    "cash+cash",
    "assist",
    "mind",
    "obligation",
    "d1",
    "smuggling_network",
]


def hidden_from(state: GamedecState, seat: str) -> list[str]:
    """Names of Task cards other seats hold that ``seat`` cannot know: not its own, not face up, not named
    in its own view (a card offered to it in a trade)."""
    pack = load_pack()
    seen = json.dumps(GAME.view(state, seat))
    secret = {c for s, p in state.players.items() if s != seat for c in (*p.hand, *p.drawn, *p.set_aside)}
    return sorted({pack.tasks[c].name for c in secret if f'"{c}"' not in seen})


def _boost() -> GamedecState:
    state = started(options={"scenarios": True})
    stage_turn(state, state.seats[0])
    ann = state.players[state.seats[0]]
    ann.scenario, ann.story, ann.hand = "smoke_and_mirrors", "started", [PAPER_CIPHER]
    state.credits.held[state.seats[0]] = 1
    state, _ = do(state, state.seats[0], "move:to=realium")
    state, _ = do(state, state.seats[0], f"play:card={PAPER_CIPHER}")
    return state


def _seven() -> GamedecState:
    state = game(less_randomness=True)
    ann = state.players["ann"]
    ann.hand, ann.set_aside = [PAPER_CIPHER], ["t001", "t002", "t003"]
    state, _ = do(state, "ann", "move:to=realium")
    state, _ = do(state, "ann", f"play:card={PAPER_CIPHER}")
    state, _ = do(state, "ann", "assist:on=ann,n=3")
    return state


def _story(scenario: str) -> GamedecState:
    state = started(options={"scenarios": True}, detectives=["angela_baal", "ben_torres", "max_romanov"])
    stage_turn(state, "ann")
    for p in state.players.values():
        p.bio = p.neuro = p.lag = False
        p.rep, p.story = 0, "hidden"
    state.flags, state.lags, state.target = [], [], ""
    state.players["ann"].scenario, state.players["ann"].story = scenario, "started"
    return state


def _story_turn() -> GamedecState:
    state = _story("mutiny_on_mars")
    state.players["ann"].equipment = ["e01", "e02", "e03"]
    state, _ = do(state, "ann", "move:to=dream_space")
    return state


def _story_start() -> GamedecState:
    state = _story("mutiny_on_mars")
    state.players["ann"].story = "hidden"
    state.players["ann"].clues = ["dream_space"]
    state, _ = do(state, "ann", "move:to=realium")
    return state


def _finale() -> GamedecState:
    state = _story("mutiny_on_mars")
    state, _ = do(state, "ann", "move:to=dream_space")
    force_dice(state, 6, 6)
    state, _ = do(state, "ann", "story_task")
    return state


def _ability() -> GamedecState:
    state = _story("digital_mind")
    decide(state, "ann", "wound", "You lost the fight: choose your Wound.")
    return state


def _place_lag() -> GamedecState:
    state = _story("mutiny_on_mars")
    state.players["cy"].scenario, state.players["cy"].story = "postorganism", "started"
    queue(state, HackerAttackStep(), NewRoundStep())
    state, _ = do(state, "ann", "end")
    return state


def _detective() -> GamedecState:
    return GAME.setup(["ann", "bo", "cy"], 3, {"choose_detectives": True})


def _online_send() -> GamedecState:
    state = game(online_trade=True)
    for key, seat in (("trade:to=bo", "ann"), ("give:what=c1", "ann"), ("get:what=none", "ann")):
        state, _ = do(state, seat, key)
    state, _ = do(state, "bo", "accept")
    return state


def _commission() -> GamedecState:
    state = game()
    state.target, state.threatened, state.target_lag = "brahma", "zoenet", True
    state.players["ann"].clues = ["brahma"]
    state, _ = do(state, "ann", "move:to=brahma")
    return state


def _attack() -> GamedecState:
    state = game()
    state.players["bo"].pos, state.players["bo"].ip = "brahma", 2
    state, _ = do(state, "ann", "move:to=brahma")
    return state


def _pile() -> GamedecState:
    state = game()
    decide(state, "ann", "pile", "Take an Equipment card: from the deck or the face-up pile?")
    return state


def _bundle() -> GamedecState:
    state = game()
    state.credits.held["ann"] = 2
    state, _ = do(state, "ann", "offer:to=bo")
    return state


STAGED: list[Callable[[], GamedecState]] = [
    _commission,
    _attack,
    _pile,
    _bundle,
    _boost,
    _seven,
    _story_turn,
    _story_start,
    _finale,
    _ability,
    _place_lag,
    _detective,
    _online_send,
]
"""Moments the random playouts rarely reach: Smoke and Mirrors, take 7, the Scenario actions, a Finale,
Digital Mind, Postorganism's Lag, choosing detectives, sending the goods of an Online Trade, a Commission,
an attack, an Equipment pile, a trade of several goods."""


def samples() -> tuple[dict[str, tuple[GamedecState, str, Intent]], dict[str, GamedecState]]:
    """For each kind: a state where it is offered (with the seat and a legal intent), and a state where
    nobody is offered it."""
    offered: dict[str, tuple[GamedecState, str, Intent]] = {}
    absent: dict[str, GamedecState] = {}
    staged = [build() for build in STAGED]
    # lazily: a playout's states are looked at one by one, before its next step
    for state in chain(staged, sample_states(GAME, ["p1", "p2", "p3"], range(12))):
        now = offered_kinds(GAME, state)
        kept = GAME.load(GAME.dump(state))  # a copy: a playout may go on in place
        for kind, pairs in now.items():
            offered.setdefault(kind, (kept, *pairs[0]))
        for kind in GAME.known_kinds() - set(now):
            absent.setdefault(kind, kept)
        if GAME.known_kinds() <= set(offered) and GAME.known_kinds() <= set(absent):
            break
    return offered, absent


OFFERED, ABSENT = samples()


@pytest.mark.parametrize("kind", sorted(GAME.known_kinds()))
def test_every_kind_is_refused_with_a_reason_where_it_is_offered(kind: str) -> None:
    """Refusals checked: not the generic list, no raw intent key, what is possible instead, nothing hidden."""
    check_refused_where_offered(GAME, OFFERED, kind, WORDS, hidden_from)


@pytest.mark.parametrize("kind", sorted(GAME.known_kinds()))
def test_every_kind_is_refused_with_a_reason_where_it_is_not_offered(kind: str) -> None:
    """The same checks for a kind nobody is offered now (a move during a Skill choice, an answer to no
    question)."""
    check_refused_where_not_offered(GAME, OFFERED, ABSENT, kind, hidden_from)
