"""Issue 16 item 6: "public lines speak in the third person, private ones in the second". The status message
and the turn posts (``present.waiting_lines``) read a prompt's ``public`` text; its ``text`` speaks to the
seat that decides and is shown only to it."""

from __future__ import annotations

import random
import re

import engine
from bot import present
from engine.core import Intent, Prompt, RandomAgent
from engine.core.model import SECOND_PERSON
from engine.core.playout import step
from engine.records import GameRecord, SeatRecord


def _record(game: str = "gamedec", seats: tuple[str, ...] = ("p1", "p2", "p3")) -> GameRecord:
    people = [SeatRecord(seat=s, user=str(100 + i), name=f"Player {i}") for i, s in enumerate(seats)]
    return GameRecord(id="g1", game=game, status="running", host="100", max_seats=4, seats=people, seed=1)


def test_a_public_text_that_names_the_seat_puts_the_mention_in_its_place() -> None:
    prompt = Prompt(
        "p2", "turn", "Your turn: 2 move(s).", Intent("end"), public="p2 plays a turn: 2 move(s)."
    )
    assert present.waiting_lines(_record(), [prompt], {}) == ["**<@101> (p2)** plays a turn: 2 move(s)."]


def test_a_public_text_that_begins_with_the_seats_possessive_keeps_it() -> None:
    prompt = Prompt("p1", "turn", "Round 2, your turn.", Intent("end"), public="p1's turn (Round 2).")
    assert present.waiting_lines(_record(), [prompt], {}) == ["**<@100> (p1)**'s turn (Round 2)."]


def test_a_second_person_text_without_a_public_one_is_never_shown_to_everyone() -> None:
    prompt = Prompt("p1", "corp", "Choose the Corporation for your Obligation.", Intent("x"))
    (line,) = present.waiting_lines(_record(), [prompt], {})
    assert "your" not in line.lower() and "Corporation" not in line
    assert line.startswith("**<@100> (p1)**") and "decision to make (corp)" in line


def test_a_text_that_does_not_address_the_reader_is_its_own_public_form() -> None:
    prompt = Prompt("p3", "drone", "p3: Which AI model activates next?", Intent("x"))
    assert present.waiting_lines(_record(), [prompt], {}) == [
        "**<@102> (p3)**: Which AI model activates next?"
    ]


def test_a_secret_choice_shows_its_public_text_not_a_part_of_one_seat() -> None:
    """A seat on the second part of its secret choice must not be told apart by the public line."""
    first = Prompt(
        "p1", "plan", "Plan in secret: the attack first.", Intent("x"), True, public="Hackers plan."
    )
    second = Prompt(
        "p2", "plan", "Which Booster supports the attack?", Intent("x"), True, public="Hackers plan."
    )
    (line,) = present.waiting_lines(_record(), [second, first], {})
    assert line.startswith("**Secret choice** (Hackers plan.): 1 of 3 have chosen.")
    assert "Booster" not in line


def _gamedec_bundle_with_task_cards() -> tuple[GameRecord, list[Prompt], str]:
    """A seeded Gamedec game at a trade being built whose private question names a Task card given."""
    game = engine.get("gamedec")
    seats = ["p1", "p2", "p3"]
    for seed in range(60):
        state = game.setup(seats, seed, {})
        agents = {s: RandomAgent(seed * 31 + i) for i, s in enumerate(seats)}
        for _ in range(3000):
            prompts = game.prompts(state)
            if not prompts:
                break
            for p in prompts:
                named = re.search(r"the Task card ([^,)]+)", p.text)
                if p.kind == "bundle" and named:
                    return _record(), prompts, named.group(1)
            state, _, _ = step(game, state, prompts[0].seat, agents[prompts[0].seat])
    raise AssertionError("no seeded Gamedec game built a trade of Task cards")


def test_a_trade_being_built_names_no_task_card_in_public() -> None:
    """The detective building a trade reads "what do you give (so far: the Task card The Hidden Debt)"; a
    Task card in hand is secret, so everyone else reads only that a trade offer is being prepared."""
    record, prompts, card = _gamedec_bundle_with_task_cards()
    lines = present.waiting_lines(record, prompts, {})
    assert lines and all(card not in line for line in lines), lines
    assert any("prepares a trade offer" in line for line in lines)
    assert not any(SECOND_PERSON.search(line) for line in lines)


def test_the_infamy_public_view_lists_the_awaited_decisions_in_the_third_person() -> None:
    """Infamy's view lists whom the game waits for; every viewer but the seat asked reads the public text."""
    game = engine.get("infamy")
    seats = ["p1", "p2", "p3"]
    state = game.setup(seats, 3, {})
    rng = random.Random(3)
    agents = {s: RandomAgent(rng.randrange(1000)) for s in seats}
    checked = 0
    for _ in range(400):
        prompts = game.prompts(state)
        if not prompts:
            break
        for viewer in [None, *seats]:
            for waiting in game.view(state, viewer)["waiting_for"]:
                if waiting["seat"] != viewer:
                    assert not SECOND_PERSON.search(waiting["text"]), (viewer, waiting)
                    checked += 1
        state, _, _ = step(game, state, prompts[0].seat, agents[prompts[0].seat])
    assert checked > 100
