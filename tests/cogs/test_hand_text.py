"""Issue 16, item 4: the private view as readable text (engine/core/hand_text.py), the same for every game:
headed sections, cards as bullet lines with their effect, counts; never JSON; never another seat's secret."""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest

import engine
from engine.core.hand_text import game_hand_lines, hand_lines, private_part
from tests.cogs.fakes import World
from tests.cogs.helpers import choose, last, start_game

SEATS = ["ann", "bo", "cy"]
JSONISH = re.compile(r"[{}\[\]\"]|\w+: \{|null|true|false")


def _play(game_id: str, steps: int, until: Any = None) -> tuple[Any, Any]:
    game = engine.get(game_id)
    state = game.setup(seats=SEATS, seed=3)
    rng = random.Random(1)
    for _ in range(steps):
        prompts = game.prompts(state)
        if not prompts or (until is not None and until(game, state)):
            break
        seat = prompts[0].seat
        state, _ = game.apply(state, seat, rng.choice(game.legal(state, seat)))
    return game, state


def _names(value: Any) -> set[str]:
    """Every card name in a (part of a) view."""
    out: set[str] = set()
    if isinstance(value, dict):
        if isinstance(value.get("name"), str) and value["name"]:
            out.add(value["name"])
        for item in value.values():
            out |= _names(item)
    elif isinstance(value, list):
        for item in value:
            out |= _names(item)
    return out


def _holds_hand(game: Any, state: Any) -> bool:
    """Every seat holds cards of its own (so each seat's text must show its cards as bullet lines)."""
    return all(game.view(state, s).get("hand") for s in SEATS)


@pytest.mark.parametrize(("game_id", "steps"), [("gamedec", 20), ("infamy", 600)])
def test_hand_text_is_readable_and_never_shows_another_seats_cards(game_id: str, steps: int) -> None:
    game, state = _play(game_id, steps, until=_holds_hand if game_id == "infamy" else None)
    public = game.view(state, None)
    texts = {s: "\n".join(game_hand_lines(game, game.view(state, s), public)) for s in SEATS}
    for seat, text in texts.items():
        own = private_part(game.view(state, seat), public)
        assert text, f"{seat} holds something private: {own}"
        assert not JSONISH.search(text), text
        assert "**Your hand**" in text
        mine = _names(own)
        assert any(f"• **{name}**" in text for name in mine), text  # cards as bullet lines
        for other in SEATS:
            if other == seat:
                continue
            theirs = _names(private_part(game.view(state, other), public)) - mine - _names(public)
            leaked = [name for name in theirs if name in text]
            assert not leaked, f"{seat}'s hand text names {other}'s cards {leaked}"
    assert len(texts["ann"]) < 1400, "shorter than the old raw dump"


def test_gamedec_leaves_out_what_the_board_shows_and_counts_sections() -> None:
    game, state = _play("gamedec", 20)
    view, public = game.view(state, "ann"), game.view(state, None)
    text = "\n".join(hand_lines(view, public))
    hand = view["me"]["hand"]
    assert f"**Your hand** ({len(hand)}):" in text
    assert view["me"]["detective"]["ability"] not in text, "the seat's public row is on the board, not here"
    assert "paradise_beach" not in text and "world " in text


def test_cards_show_their_effect_and_a_secret_choice_reads_as_words() -> None:
    lines = hand_lines(
        {
            "hand": [
                {
                    "id": "ca09",
                    "name": "Harada Patronage",
                    "faction": "cartel",
                    "cost": "2C",
                    "text": "Pay 2 Compound: gain 1r in Cartel.",
                }
            ],
            "my_choice": "pick:n=2",
            "scores": {"ann": 1},
        },
        {"hand": None, "my_choice": None, "scores": {"ann": 1}},
    )
    assert lines == [
        "**Your hand** (1):",
        "• **Harada Patronage** (faction cartel, cost 2C) — Pay 2 Compound: gain 1r in Cartel.",
        "**Your secret choice**: pick (n 2)",
    ]
    assert hand_lines({"a": 1}, {"a": 1}) == []


def test_a_game_may_write_its_own_text_and_falls_back_when_it_declines() -> None:
    class Hooked:
        def hand_lines(self, view: dict[str, Any], public: dict[str, Any]) -> list[str] | None:
            return ["custom"] if view.get("x") else None

    assert game_hand_lines(Hooked(), {"x": 1}, {}) == ["custom"]
    assert game_hand_lines(Hooked(), {"y": 2}, {}) == ["**Y**: 2"]


async def test_slash_hand_shows_text_not_json(world: World, cogs: dict[str, Any]) -> None:
    gid, thread = await start_game(world, cogs, players=("Ann", "Bo"))
    await choose(world, "Ann", gid, thread, "pick:n=3")
    await world.command(cogs["HandCog"], "hand", world.interaction("Ann", thread))
    text = last(world.to("Ann")).text
    assert "Your secret choice**: pick (n 3)" in text, text
    assert "```" not in text and not JSONISH.search(text.split("Only you see:")[1]), text
    await world.command(cogs["HandCog"], "hand", world.interaction("Bo", thread))
    bo = last(world.to("Bo")).text
    assert "pick (n 3)" not in bo and "n 3" not in bo, "Ann's secret pick never reaches Bo"
    json.dumps(bo)  # plain text
