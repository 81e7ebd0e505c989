"""Issue 30, item 5: "A question with one possible answer is never asked", over seeded games of all five
games at every seat count, with random table options.

The one exception the standards force: where whether a seat has a choice at all depends on what only it
knows (its hand, a secret card), answering for it would tell the others by the timing of the prompt
("Hidden information never leaks: not in ... the timing of a prompt"). So a question with one answer may be
asked only of a seat that holds something hidden; each game says below what that is, in its own terms.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

import engine
from engine.core import RandomAgent
from engine.core.agents import decide, make_agent
from engine.core.playout import next_decision
from tests.engine.test_conformance import random_options

MAX_STEPS = 20_000


def _gamedec(state: Any, seat: str) -> bool:
    from engine.gamedec.procedure import nothing_hidden_to_play

    return not nothing_hidden_to_play(state, seat)


def _infamy(state: Any, seat: str) -> bool:
    # Without auto_pass the host asked for every bid to be asked, a lone "pass" included (RULINGS.md).
    return bool(state.players[seat].hand) or not state.opts.auto_pass


def _ipa(state: Any, seat: str) -> bool:
    # Mind Control's two drawn cards are known to the controller and its target only.
    return bool(state.agents[seat].hand) or (state.control is not None and state.control.controller == seat)


def _nakamura(state: Any, seat: str) -> bool:
    return bool(state.teams[seat].hand)


def _virtual_revolution(state: Any, seat: str) -> bool:
    return bool(state.players[seat].hand)


HOLDS_HIDDEN: dict[str, Callable[[Any, str], bool]] = {
    "gamedec": _gamedec,
    "infamy": _infamy,
    "ipa_agents": _ipa,
    "nakamura_tower": _nakamura,
    "virtual_revolution": _virtual_revolution,
}
"""Whether ``seat`` holds something the others cannot see that could give it a choice."""


def _lone_questions(gid: str, seats: list[str], seed: int, options: dict[str, Any]) -> tuple[int, list[str]]:
    """Play one seeded game; (prompts seen, the one-answer prompts asked of a seat holding nothing hidden)."""
    game = engine.games()[gid]
    agents = {
        s: (make_agent(game, "heuristic", seed + i) if i % 2 else RandomAgent(seed + i))
        for i, s in enumerate(seats)
    }
    state = game.setup(seats, seed, options)
    seen, found = 0, []
    for n in range(MAX_STEPS):
        if game.outcome(state) is not None:
            break
        seat = next_decision(game, state, agents, n)
        assert seat is not None, "the game stalled"
        top = state.waiting.top()
        for prompt in game.prompts(state):
            seen += 1
            # what the seat may do meanwhile (a trade's "show a card", "discard") is a choice too
            legal = game.legal(state, prompt.seat) + top.aside_intents(game.rules, state, prompt.seat)
            if len(legal) == 1 and not HOLDS_HIDDEN[gid](state, prompt.seat):
                found.append(f"{prompt.seat}: {prompt.text} [{legal[0].key()}] (seed {seed}, {options})")
        legal = game.legal(state, seat)
        state, _ = game.apply_chosen(state, seat, decide(agents[seat], game, state, seat, legal), legal)
    return seen, found


@pytest.mark.parametrize("gid", sorted(HOLDS_HIDDEN))
def test_no_question_with_one_answer_is_asked_of_a_seat_that_hides_nothing(gid: str) -> None:
    game = engine.games()[gid]
    rng = random.Random(f"one-answer-{gid}")
    seen, found = 0, []
    for n in range(game.meta.min_seats, game.meta.max_seats + 1):
        seed = rng.randrange(1 << 30)
        prompts, lone = _lone_questions(
            gid, [f"p{i + 1}" for i in range(n)], seed, random_options(game.meta.options, rng)
        )
        seen += prompts
        found += lone
    assert seen > 100, "too few prompts to say anything"
    assert not found, f"{len(found)} of {seen} prompts had one answer and hid nothing:\n" + "\n".join(
        found[:10]
    )


def test_the_check_sees_a_lone_question(monkeypatch: pytest.MonkeyPatch) -> None:
    """The check can fail: with IPA's reaction window opened again for every living Agent (as before issue
    30), Agents with empty hands are asked "Any reaction?" with "No reaction" as their one answer."""
    from engine.ipa_agents import effects

    monkeypatch.setattr(effects, "may_react", lambda state, seat, hit: state.agents[seat].alive)
    rng = random.Random("one-answer-ipa_agents")
    found: list[str] = []
    for _ in range(3):
        found += _lone_questions("ipa_agents", ["p1", "p2", "p3"], rng.randrange(1 << 30), {})[1]
    assert any("Any reaction?" in line for line in found)
