"""Hidden information: hands, face-down draws and secret answers never reach another seat."""

from __future__ import annotations

import json

from engine.core import RandomAgent
from engine.core.agents import decide
from engine.gamedec import GAME
from renderers.gamedec import render

from .helpers import do, stage_turn, started


def _public_parts(state: object, seat: str) -> list[str]:
    out = [json.dumps(GAME.view(state, None), sort_keys=True)]
    seats: list[str] = state.seats  # type: ignore[attr-defined]
    out += [json.dumps(GAME.view(state, s), sort_keys=True) for s in seats if s != seat]
    return out


def test_hand_not_in_other_views_or_public_image() -> None:
    state = started()
    ann = state.players["ann"]
    before = _public_parts(state, "ann")
    image = render(GAME.view(state, None))
    other = state.model_copy(deep=True)
    spare = [c for c in other.task_deck.cards if c not in ann.hand][: len(ann.hand)]
    other.players["ann"].hand = spare
    other.players["ann"].set_aside = []
    assert _public_parts(other, "ann") == before
    assert render(GAME.view(other, None)) == image
    for card in ann.hand:
        assert card not in "".join(before)
    assert {c["id"] for c in GAME.view(state, "ann")["me"]["hand"]} == set(ann.hand)


def test_face_down_draws_hidden_even_from_owner() -> None:
    """RB: "The player does not look at the new cards immediately"."""
    state = started()
    stage_turn(state, "ann")
    state, events = do(state, "ann", "move:to=realium")
    state, events = do(state, "ann", "draw")
    drawn = state.players["ann"].drawn
    assert drawn
    for seat in (None, "ann", "bo", "cy"):
        text = json.dumps(GAME.view(state, seat))
        assert not any(c in text for c in drawn)
    for e in events:
        assert not any(c in e.text or c in json.dumps(e.data) for c in drawn)


def test_public_events_never_name_hand_cards() -> None:
    """No public event names a Task card that stays hidden in a hand (before and after the event)."""
    from engine.gamedec.pack import load_pack

    names = {t.id: t.name for t in load_pack().tasks.values()}
    for seed, options in (
        (9, {}),
        (10, {"online_trade": True}),
        (11, {"tasks_immediately": True}),
        (12, {"scenarios": True, "online_trade": True, "play_on": True}),
    ):
        seats = ["a1", "b2", "c3", "d4"]
        state = GAME.setup(seats, seed, options)
        agents = {s: RandomAgent(i + seed) for i, s in enumerate(seats)}
        for _ in range(1500):
            if state.result is not None:
                break
            before = {c for s in seats for c in state.players[s].hand + state.players[s].drawn}
            seat = GAME.prompts(state)[0].seat
            intent = decide(agents[seat], GAME, state, seat, GAME.legal(state, seat))
            state, events = GAME.apply(state, seat, intent)
            after = {c for s in seats for c in state.players[s].hand + state.players[s].drawn}
            hidden = before & after
            for e in events:
                if e.audience is not None:
                    continue
                blob = e.text + json.dumps(e.data)
                for card in hidden:
                    assert names[card] not in blob and card not in blob, (e.text, card)


def test_trade_offer_of_a_named_card_hidden_from_third_players() -> None:
    """RB: "one may show one's Task cards to the other players for this purpose": shown to the trader
    only; the third detective's view and the public view and image never name it."""
    state = started()
    stage_turn(state, "ann")
    card = state.players["bo"].hand[0]
    state, _ = do(state, "ann", "trade_call")
    state, _ = do(state, "bo", f"give:what={card}")
    state, _ = do(state, "bo", "get:what=none")
    for seat in (None, "cy"):
        assert card not in json.dumps(GAME.view(state, seat))
    assert GAME.view(state, "ann")["trade"]["offers"]["bo"]["give"] == card
    assert GAME.view(state, "cy")["trade"]["offers"]["bo"]["give"] == "task_card"
