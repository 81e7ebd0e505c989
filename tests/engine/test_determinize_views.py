"""The ``determinize`` hooks deal a state the seat cannot tell from the real one (issue 35 item 1: "samples
the hidden information consistently with the seat's view"): its own view of every sample equals its view of
the state, and what it has seen (or what is public) stays where it is."""

from __future__ import annotations

from typing import Any

import pytest

import engine
from engine.core.rng import Rng

from .test_agent_fairness import GAMES, ZONES, decisions

SAMPLES = 3


def _samples(gid: str, state: Any, seat: str) -> list[Any]:
    game = engine.get(gid)
    return [game.determinize(state, seat, Rng(seed=n)) for n in range(SAMPLES)]  # type: ignore[attr-defined]


@pytest.mark.parametrize("gid", GAMES)
def test_the_seat_sees_the_same_table_in_every_sample(gid: str) -> None:
    game = engine.get(gid)
    for state, seat in decisions(game, 5):
        for sample in _samples(gid, state, seat):
            assert game.view(sample, seat) == game.view(state, seat)


@pytest.mark.parametrize("zone", sorted(ZONES))
def test_the_seat_sees_the_same_table_where_the_hidden_zones_are(zone: str) -> None:
    gid, cases = ZONES[zone]
    game = engine.get(gid)
    for state, seat in cases():
        for sample in _samples(gid, state, seat):
            assert game.view(sample, seat) == game.view(state, seat)


def test_infamy_scheme_discards_are_public_and_stay() -> None:
    """RULINGS A15: "A discarded Scheme goes face up to its faction's discard pile ... so it is public"."""
    game = engine.get("infamy")
    found = decisions(game, 3, every=7, count=3, where=lambda s: any(d.discards for d in s.schemes.values()))
    assert found
    for state, seat in found:
        for sample in _samples("infamy", state, seat):
            assert {f: d.discards for f, d in sample.schemes.items()} == {
                f: d.discards for f, d in state.schemes.items()
            }


def test_ipa_mind_control_cards_are_kept_for_the_controller_and_dealt_for_a_third_seat() -> None:
    gid, cases = ZONES["ipa mind control"]
    (controller, first), (defending, third) = cases()[:2]
    for sample in _samples(gid, controller, first):
        assert sample.control.cards == controller.control.cards
        assert set(sample.control.cards) <= set(sample.agents["p2"].hand)
    drawn = set()
    for n in range(12):
        sample = engine.get(gid).determinize(defending, third, Rng(seed=n))  # type: ignore[attr-defined]
        played, held = sample.control.cards
        assert played == "thunderbolt.1" and held in sample.agents["p2"].hand
        drawn.add(held)
    assert len(drawn) > 1


def test_vr_other_players_objective_choice_is_offered_from_the_objectives_dealt() -> None:
    from engine.virtual_revolution.finish import objective_offer

    gid, cases = ZONES["vr objective choice"]
    for state, seat in cases():
        for sample in _samples(gid, state, seat):
            frame = sample.waiting.find("secret", "objective")
            for other in frame.seats:
                offered = [o.key for o in frame.options[other]]
                assert offered == [i.key() for i, _ in objective_offer(sample, other)]
                if other in frame.chosen:
                    assert frame.chosen[other].split(",trop=")[0] in offered


def test_gamedec_hidden_scenarios_come_from_those_set_up_dealt_from() -> None:
    from engine.gamedec.pack import load_pack

    gid, cases = ZONES["gamedec scenarios"]
    for state, seat in cases():
        present = {p.detective for p in state.players.values()}
        pool = {i for i, s in load_pack().scenarios.items() if s.special or s.hero in present}
        for sample in _samples(gid, state, seat):
            scenarios = [p.scenario for p in sample.players.values() if p.scenario]
            assert set(scenarios) <= pool and len(set(scenarios)) == len(scenarios)
            assert sample.players[seat].scenario == state.players[seat].scenario


def test_nakamura_drafts_stay_legal_and_a_team_still_to_build_keeps_the_suggestion() -> None:
    from engine.nakamura_tower.teambuild import left

    game = engine.get("nakamura_tower")
    early = decisions(game, 3, every=2, count=3, where=lambda s: any(t.draft for t in s.teams.values()))
    gid, cases = ZONES["nakamura drafts"]
    for state, seat in early + cases():
        for sample in _samples(gid, state, seat):
            for other, team in sample.teams.items():
                assert left(sample, team) >= 0
                still = any(getattr(step, "seat", None) == other for step in state.steps)
                if other == seat or still:
                    assert team.draft == state.teams[other].draft


def test_gamedec_task_cards_a_trade_names_to_the_seat_stay_in_their_hands() -> None:
    from engine.gamedec.pack import load_pack

    def named(state: Any, seat: str) -> set[str]:
        t = state.trade
        items = {t.give, t.get, *t.give_all, *t.get_all} if seat in (state.active, t.partner) else set()
        return items & set(load_pack().tasks)

    game = engine.get("gamedec")
    found = [
        (state, seat)
        for state, seat in decisions(game, 5, every=1, count=100, where=lambda s: s.trade is not None)
        if named(state, seat)
    ]
    assert found
    for state, seat in found:
        for sample in _samples("gamedec", state, seat):
            for other, player in state.players.items():
                kept = named(state, seat) & set(player.hand)
                assert other == seat or kept <= set(sample.players[other].hand)
