"""Rules scenarios for the table options: Focused Shot, Played is played, Gaia's Helpers, teams and the
players choosing their corners; each quoting the passage it checks."""

from __future__ import annotations

from engine.core import Intent
from engine.ipa_agents.game import IPA

from .helpers import act, answer_all, dice, hand, place, table


def _fire(state, defence):  # type: ignore[no-untyped-def]
    with dice(*defence):
        state, _ = act(state, "p1", "play:card=light_weight.1,at=a2")
        state, _ = act(state, "p2", "defend:roll=yes")
        state = answer_all(state)
    return state


def test_a_focused_shot_costs_the_move_and_is_dodged_on_a_five() -> None:
    """RB Focused Shot: "When a unit fires with a ranged weapon, it may fire an additional shot ... A Focused
    Shot costs all of the unit's movement points for this round ... Units that make a defensive roll against
    a Focused Shot must roll a 5 or 6 to prevent being hit.\""""
    state = table(focused_shot=True)
    place(state, p1="D4", p2="D12")
    hand(state, "p1", "light_weight")
    assert not any(i.kind == "focus" for i in IPA.legal(state, "p1"))  # not before a shot
    state = _fire(state, (2, 3))
    life = state.agents["p2"].life
    assert Intent.parse("focus:card=light_weight.1,at=a2") in IPA.legal(state, "p1")
    with dice(5, 1):
        state, _ = act(state, "p1", "focus:card=light_weight.1,at=a2")
        state, texts = act(state, "p2", "defend:roll=yes")
        state = answer_all(state)
    assert state.agents["p2"].life == life and "dodges" in texts[0]
    assert not any(i.kind == "move" and i.get("unit") == "a1" for i in IPA.legal(state, "p1"))
    assert not any(i.kind == "focus" for i in IPA.legal(state, "p1"))


def test_no_focused_shot_after_moving_next_to_an_enemy_or_without_the_option() -> None:
    """RB Focused Shot: "the unit may not move in the round in which a Focused Shot was fired. No enemy units
    may stand on the square next to the unit firing the Focused Shot.\""""
    state = table(focused_shot=True)
    place(state, p1="D4", p2="E5")
    hand(state, "p1", "light_weight")
    state.agents["p1"].active = []
    from engine.ipa_agents.state import Active

    state.agents["p1"].active = [Active(card="light_weight.1", turn=state.turn.number)]  # fired this turn
    assert not any(i.kind == "focus" for i in IPA.legal(state, "p1"))  # an enemy next to it
    state.agents["p2"].cell = "D12"
    assert any(i.kind == "focus" for i in IPA.legal(state, "p1"))
    state, _ = act(state, "p1", "move:unit=a1,to=D5")
    assert not any(i.kind == "focus" for i in IPA.legal(state, "p1"))  # it has moved
    plain = table()
    plain.agents["p1"].active = [Active(card="light_weight.1", turn=plain.turn.number)]
    assert not any(i.kind == "focus" for i in IPA.legal(plain, "p1"))


def test_played_is_played_a_missed_draw_and_point_are_lost() -> None:
    """RB "Played is played": "If you forget to draw a card, to advance one rank, or you overlook another
    advantageous effect, you have bad luck. You cannot correct the mistake at a later point in the game.\""""
    state = table(played_is_played=True)
    state, _ = act(state, "p1", "end")
    state, _ = act(state, "p2", "end")
    prompt = next(p for p in IPA.prompts(state) if p.seat == "p1")
    assert prompt.default == Intent.parse("ready:draw=no,point=none")
    before = dict(state.agents["p1"].abilities), len(state.agents["p1"].hand)
    state, _ = act(state, "p1", prompt.default.key())
    state, _ = act(state, "p2", "ready:draw=yes,point=strength")
    assert (state.agents["p1"].abilities, len(state.agents["p1"].hand)) == before and state.rank == 2
    normal = table()
    normal, _ = act(normal, "p1", "end")
    normal, _ = act(normal, "p2", "end")
    assert next(p for p in IPA.prompts(normal) if p.seat == "p1").default.get("draw") == "yes"


def test_played_is_played_a_missed_defensive_roll_and_an_unplaced_point() -> None:
    """RB "Played is played" ("you overlook another advantageous effect"): at the deadline the defensive roll
    is forgone, and a bonus ability point not placed by the end of the turn is lost."""
    state = table(played_is_played=True)
    place(state, p1="D4", p2="D9")
    hand(state, "p1", "thunderbolt")
    state, _ = act(state, "p1", "play:card=thunderbolt.1,at=a2")
    assert IPA.prompts(state)[0].default == Intent.parse("defend:roll=no")
    state = answer_all(state)
    state.agents["p1"].points = 1
    state, texts = act(state, "p1", "end")
    assert state.agents["p1"].points == 0 and any("are lost" in t for t in texts)


def test_gaias_helpers_everyone_agrees_to_the_map() -> None:
    """RB Gaia's Helpers: "First, all players place the terrain tokens on the battle map. You must agree on
    the final appearance of the battle map before you continue the game.\""""
    state = IPA.setup(["ann", "bo"], 4, {"gaia_helpers": True})
    while IPA.prompts(state)[0].kind == "wall":
        p = IPA.prompts(state)[0]
        state, _ = IPA.apply(state, p.seat, p.default)
    assert {p.kind for p in IPA.prompts(state)} == {"gaia"} and len(state.walls) == 40 and not state.events
    state, _ = act(state, "ann", "map:agree=no")
    state, texts = act(state, "bo", "map:agree=yes")
    assert (
        state.walls == [] and IPA.prompts(state)[0].kind == "wall" and any("placed again" in t for t in texts)
    )
    while IPA.prompts(state)[0].kind == "wall":
        p = IPA.prompts(state)[0]
        state, _ = IPA.apply(state, p.seat, p.default)
    state, _ = act(state, "ann", "map:agree=yes")
    state, _ = act(state, "bo", "map:agree=yes")
    assert len(state.events) == 8 and IPA.prompts(state)[0].kind == "turn"


def test_teams_share_a_corner_and_the_last_team_standing_wins() -> None:
    """RB: "Each player (or each group) places the Agent in one of the four starting corners"; the last
    Agent (or team) standing wins (A-48); with two sides the life is that of 2 Agents (20)."""
    from engine.ipa_agents.effects import check_end, die

    state = IPA.setup(["a", "b", "c", "d"], 1, {"teams": True, "battle_map": "standard_2"})
    cells = {s: x.cell for s, x in state.agents.items()}
    assert cells == {"a": "A1", "c": "B2", "b": "X24", "d": "W23"}
    assert all(x.life == 20 for x in state.agents.values()) and state.agents["a"].permits == ["c"]
    die(state, "b", "a")
    assert not check_end(state) and state.agents["a"].credits == 2
    die(state, "c", "a")
    assert state.agents["a"].credits == 2  # no reward for an ally
    die(state, "d", "a")
    check_end(state)
    assert state.result is not None and state.result.winners == ("a", "c")
    assert state.result.reason == "the last team standing"


def test_players_choose_their_corners_in_turn() -> None:
    """RB set-up 3: "Each player (or each group) places the Agent in one of the four starting corners on the
    battle map (opponents may not start in the same starting corner)"."""
    state = IPA.setup(["ann", "bo", "cy"], 2, {"corners": "chosen", "battle_map": "standard_3"})
    assert IPA.prompts(state)[0].seat == "ann" and IPA.prompts(state)[0].kind == "corner"
    state, _ = act(state, "ann", "corner:at=X24")
    assert Intent.parse("corner:at=X24") not in IPA.legal(state, "bo")
    state, _ = act(state, "bo", "corner:at=A1")
    state, _ = act(state, "cy", "corner:at=A24")
    assert [state.agents[s].cell for s in ("ann", "bo", "cy")] == ["X24", "A1", "A24"]
    assert IPA.prompts(state)[0].kind == "turn"
