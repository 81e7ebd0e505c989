"""The choices made at the scoring: the Objective kept, the type two Objectives name, Mme Tropovicz's type."""

from __future__ import annotations

from engine.core.flow import Step
from engine.virtual_revolution.state import Held, ObjectiveStep, ScoreStep, VrState

from .support import GAME, act, cleared, fresh, keys


def at_scoring(state: VrState, *steps: Step) -> VrState:
    state.waiting.frames = []
    state.steps = list(steps)  # type: ignore[arg-type]
    return GAME.start(state)


def test_the_player_chooses_the_type_of_verse_and_keeps_it_secret_until_revealed() -> None:
    """ "Choose a type of Verse (Science Fiction, Horror, Fantasy or Adventure). Gain 7 VPs per Verse card of
    that type you own (Online or not)." "Each Player chooses 1 of their 2 Objective cards and scores VPs as
    indicated on the card." The type is the player's own choice, even a worse one, made in secret with the
    Objective and revealed with everyone's."""
    state = cleared(fresh(2))
    ann, bo = state.seats
    state.p(ann).objectives = ["o_one_genre", "o_money"]
    state.p(ann).verses = [Held(verse="westland"), Held(verse="space_conquest"), Held(verse="venizia")]
    state.p(bo).objectives = ["o_income", "o_servers"]
    state = at_scoring(state, ObjectiveStep(), ScoreStep())
    offered = keys(state, ann)
    assert {f"objective:id=o_one_genre,param={g}" for g in ("sf", "horror", "fantasy", "adventure")} <= set(
        offered
    )
    prompt = next(p for p in GAME.prompts(state) if p.seat == ann)
    assert prompt.default.key() == "objective:id=o_one_genre,param=sf", "the deadline keeps the best"
    state = act(state, "objective:id=o_one_genre,param=adventure", ann)
    assert "adventure" not in str(GAME.view(state, bo)) and "o_one_genre" not in str(GAME.view(state, bo))
    assert state.result is None
    state = act(state, "objective:id=o_income", bo)
    player = state.p(ann)
    assert (player.kept, player.kept_param, player.breakdown["objective"]) == ("o_one_genre", "adventure", 7)
    assert state.result is not None


def test_the_player_chooses_the_type_of_agent() -> None:
    """ "Choose a type of Agent. Line 1: Gain 5 VPs per Level 1 Agent and 7 VPs per Level 2 Agent of the
    indicated Type. Line 2: Gain 2 VPs per Level 1 Agent and 3 VPs per Level 2 Agent ... All your Agents of
    the
    indicated type are counted (on Duty, turned into a Boost or retired)." """
    state = cleared(fresh(2))
    ann, bo = state.seats
    state.p(ann).objectives = ["o_agent_type", "o_money"]
    state.p(ann).retired = ["leslie", "pixel", "hassan"]  # a Level 1 Fighter, a Level 1 and a Level 2 Tech
    state = at_scoring(state, ObjectiveStep(), ScoreStep())
    assert {f"objective:id=o_agent_type,param={t}" for t in ("fighter", "tech", "diplomat")} <= set(
        keys(state, ann)
    )
    state = act(state, "objective:id=o_agent_type,param=fighter", ann)
    state = act(state, keys(state, bo)[0], bo)
    assert state.p(ann).breakdown["objective"] == 7


def test_mme_tropovicz_type_is_declared_at_the_scoring() -> None:
    """Mme Tropovicz: "This is the only non-immediate promotion ability. At the end of the game, before the
    scoring, choose which type of Agent this is: Fighter, Tech or Diplomat." Her promotion is public, so the
    second part of the secret answer tells nobody anything; the choice is revealed with the Objectives."""
    state = cleared(fresh(2))
    ann, bo = state.seats
    player = state.p(ann)
    player.objectives = ["o_money", "o_income"]
    player.retired = ["tropovicz", "leslie", "pixel"]  # with her as a Diplomat: a trio
    player.tropovicz = "diplomat"
    state = at_scoring(state, ObjectiveStep(), ScoreStep())
    state = act(state, "objective:id=o_money", ann)
    assert sorted(keys(state, ann)) == ["pick:trop=diplomat", "pick:trop=fighter", "pick:trop=tech"]
    assert next(p for p in GAME.prompts(state) if p.seat == ann).default.key() == "pick:trop=diplomat"
    assert {p.seat for p in GAME.prompts(state)} == {ann, bo}
    state = act(state, "pick:trop=fighter", ann)
    state = act(state, keys(state, bo)[0], bo)
    player = state.p(ann)
    assert player.tropovicz == "fighter"
    assert player.breakdown["agents"] == 3, "two Fighters and a Tech: no trio"
