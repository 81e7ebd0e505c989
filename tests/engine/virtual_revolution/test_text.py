"""Virtual Revolution's own board text and hand text (issue 30), and what the views tell of the last change
(issue 31): the whole table in the game's words with every card's values, the hand leading with what only
its seat sees, and the changes of a turn and the Immunity spent on a Necro card marked once public."""

from __future__ import annotations

from engine.core.playout import advance
from engine.virtual_revolution.agent import HeuristicAgent
from engine.virtual_revolution.pack import pack
from engine.virtual_revolution.state import NecroStep
from engine.virtual_revolution.view import VrView
from tests.support.player_text import problems, record_ids

from .support import GAME, act, cleared, fresh, run, turn_in


def _midgame(seats: int = 3, steps: int = 160) -> object:
    names = [f"p{i}" for i in range(1, seats + 1)]
    agents = {s: HeuristicAgent(i) for i, s in enumerate(names)}
    return advance(GAME, GAME.setup(names, 11, None), agents, steps)


def test_the_board_text_tells_the_whole_table_in_the_games_words() -> None:
    """Every player, every Borough with its neighbours, every Agent on offer with what it does, every
    Verse on offer with its condition and scoring, the Titles' abilities and the Boost cards: nothing is cut
    off and nothing reads as program text."""
    state = _midgame()
    public = GAME.view(state, None)
    view = VrView.model_validate(public)
    lines = GAME.board_lines(public)
    text = "\n".join(lines)
    for seat in state.seats:  # type: ignore[attr-defined]
        assert f"  {seat}: " in text
    for b in pack().boroughs:
        assert f"Borough {pack().label(b)}: " in text
    assert "next to Boroughs" in text
    for slot in view.slots:
        if slot.agent is not None:
            assert f"{slot.agent.name} ({slot.agent.type.capitalize()}, Level {slot.agent.level})" in text
            assert slot.agent.ability and slot.agent.ability in text
    for verse in view.verse_row:
        if verse is not None:
            assert verse.condition in text and verse.scoring in text
    for title in view.titles:
        assert title.ability and title.ability in text
    assert all(card in text for card in view.boost_cards)
    ids = record_ids("virtual_revolution")
    assert [p for line in lines for p in problems(line, ids)] == []


def test_the_hand_text_leads_with_the_seats_secrets_and_holds_nobody_elses() -> None:
    """ "Corruption cards are kept secret"; each player keeps "2 Objective cards" secret: the hand text
    begins with them, and another seat's hand changing leaves it as it was."""
    state = _midgame()
    seat, other = state.seats[0], state.seats[1]  # type: ignore[attr-defined]
    public = GAME.view(state, None)
    lines = GAME.hand_lines(GAME.view(state, seat), public)
    assert lines[0].startswith("**Your Corruption cards**")
    for card in GAME.view(state, seat)["me"]["hand"]:
        assert f"• {card}" in lines
    assert any(line.startswith("**Your Objectives**") for line in lines[:12])
    state.p(other).hand = list(reversed(state.p(other).hand)) + ["c01"]  # type: ignore[attr-defined]
    state.p(other).objectives = ["o_money", "o_titles"]  # type: ignore[attr-defined]
    public_after = GAME.view(state, None)
    own_after = GAME.view(state, seat)
    assert GAME.hand_lines(own_after, public_after) == lines


def test_an_objective_tells_what_it_would_score_now() -> None:
    """ "Gain 3 VPs for every 2 levels of Income. EXAMPLE: With an Income of 15, you score 3x7 = 21 VPs." """
    state = cleared(fresh(3))
    seat = state.seats[0]
    state.p(seat).objectives = ["o_income", "o_servers"]
    state.p(seat).income = 15
    lines = GAME.hand_lines(GAME.view(state, seat), GAME.view(state, None))
    assert "• 3 VP for every 2 levels of Income: 21 VP now" in lines
    assert "• 5 VP per Server you built: 0 VP now" in lines


def test_the_last_turn_is_marked_on_the_view() -> None:
    """ "Add one, and only one, of your Influence Tokens to the Borough where you placed your Director ...
    Draw 1 Corruption Card": the view's ``last`` names the Borough that changed and the player's new
    Corruption card, and a new turn starts a new mark."""
    state = cleared(fresh(3))
    seat = state.ctx.seat
    state = turn_in(state, "b5")
    state = act(state, "influence:how=add")
    last = VrView.model_validate(GAME.view(state, None)).last
    assert last is not None and last.seat == seat and last.director == "b5"
    assert last.boroughs == ["b5"]
    assert "+1 Corruption card" in last.changes[seat]
    state = act(state, "end")
    nxt = state.ctx.seat
    state = turn_in(state, "b9")
    last = VrView.model_validate(GAME.view(state, None)).last
    assert last is not None and (last.seat, last.boroughs, last.changes) == (nxt, [], {})


def test_the_immunity_spent_on_a_necro_card_is_shown_once_revealed() -> None:
    """ "A Player can spend 2 Immunity tokens to IGNORE THE GLOBAL EFFECT": the spending is secret until
    everyone has chosen, then every board shows it."""
    state = fresh(3)
    orange, red, green = state.order
    for seat, income, imm in ((orange, 3, 2), (red, 8, 3), (green, 8, 0)):
        state.p(seat).income, state.p(seat).imm, state.p(seat).hand = income, imm, []
    state.necro_deck.append("corruption")
    state = run(state, NecroStep())
    state = act(state, "spend:n=2", orange)
    last = VrView.model_validate(GAME.view(state, green)).last
    assert last is not None and last.necro is not None and last.necro.spent == {}
    assert last.necro.name == "Corruption" and last.necro.high == [red, green]
    hand = GAME.hand_lines(GAME.view(state, orange), GAME.view(state, None))
    assert "**Your secret choice**: Spend 2 Immunity: ignore the GLOBAL effect" in hand
    state = act(state, "spend:n=3", red)
    last = VrView.model_validate(GAME.view(state, green)).last
    assert last is not None and last.necro is not None and last.necro.spent == {orange: 2, red: 3}
    assert any("Immunity spent: " in line for line in GAME.board_lines(GAME.view(state, None)))
