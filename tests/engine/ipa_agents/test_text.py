"""IPA's board text and hand text (issue 30, item 1: "Each game says its own table"), and what the views
tell the boards about the last turns (issue 31, item 3: "Every board marks the last move ... and shows, after
a secret choice is revealed, what each seat chose")."""

from __future__ import annotations

from engine.ipa_agents.game import IPA
from engine.ipa_agents.state import EquipmentState, EventToken

from .helpers import act, answer_all, dice, hand, place, table


def _board(state: object) -> list[str]:
    lines = IPA.board_lines(IPA.view(state, None))  # type: ignore[arg-type]
    assert lines is not None
    return lines


def _hand(state: object, seat: str) -> list[str]:
    lines = IPA.hand_lines(IPA.view(state, seat), IPA.view(state, None))  # type: ignore[arg-type]
    assert lines is not None
    return lines


def test_the_board_text_maps_every_square_with_its_coordinates() -> None:
    """RB "Battle Map": "The battle map is divided into squares" (R-1: 24 x 24, columns A-X, rows 1-24, row 1
    at the top): the text map has a row per row, a character per square, the columns' letters above and
    below, and a key; the Agents by their number, walls, face-down Events and field equipment."""
    state = table()
    place(state, p1="D4", p2="X24")
    state.walls = ["B2"]
    state.events = [EventToken(cell="F6", kind="aliens")]
    state.equipment["e1"] = EquipmentState(
        unit="e1", kind="sentry", owner="p1", cell="E5", life=4, placed=0, armed=True
    )
    lines = _board(state)
    top = lines.index("Battle map:")
    head, rows = lines[top + 1], lines[top + 2 : top + 26]
    assert head.strip() == "ABCDEFGHIJKLMNOPQRSTUVWX" and lines[top + 26] == head
    assert len(rows) == 24 and rows[0].startswith(" 1 ") and rows[23].startswith("24 ")
    square = {(r + 1, chr(65 + c)): row[3 + c] for r, row in enumerate(rows) for c in range(24)}
    assert square[(4, "D")] == "1" and square[(24, "X")] == "2" and square[(2, "B")] == "#"
    assert square[(6, "F")] == "?" and square[(5, "E")] == "S" and square[(1, "A")] == "."
    assert lines[top + 27].startswith("Key: 1 p1, 2 p2, x a corpse, # wall, ? face-down Event, S Sentry")
    text = "\n".join(lines)
    assert "p1's Sentry on E5: life 4." in text and "aliens" not in text.lower()


def test_the_board_text_tells_each_agent_in_the_games_words() -> None:
    """RB: each Agent has life, the abilities Precision, Strength and Intellect, saved credits and Science
    Points; an inventory of inactive cards, at most 7 at the end of its turn. Only their number shows."""
    state = table()
    place(state, p1="D4", p2="X24")
    hand(state, "p2", "pocket_pistol", "uzi")
    state.agents["p2"].credits, state.agents["p2"].sp = 1, 3
    text = "\n".join(_board(state))
    assert "2. p2 on X24: life 20/20; Precision 1, Strength 1, Intellect 1; 2 of 7 inactive cards;" in text
    assert "1 credit saved; 3 SP." in text
    assert "Pocket Pistol" not in text and "Uzi" not in text  # the backs only


def test_the_hand_text_gives_each_cards_numbers_beside_its_name() -> None:
    """RB "Item Cards": "the minimum and/or maximum range", the damage and its type, "The sale price is
    shown in the upper right corner of the card", and the ability requirements ("for the ability Strength
    you must have a 6 to be able to use the Butcher's Axe")."""
    state = table()
    place(state, p1="D4", p2="X24")
    hand(state, "p1", "long_rifle", "butchers_axe", "electrocute", "med_patch")
    lines = _hand(state, "p1")
    assert lines[0] == "**Your hand** (4 of 7 inactive cards):"
    text = "\n".join(lines)
    rifle = "**Long Rifle** (Ranged Weapon): 4 physical damage; range 3 to 16; sells for 2 credits;"
    axe = "**Butcher's Axe** (Melee Weapon): 3 fire damage (+1 with Pentagram of Skulls or Skull of Putrid); "
    assert rifle in text and axe in text
    assert "range next to you" in text and "1 to 3 energy damage, by the die" in text
    assert "**Med Patch** (Artifact): sells for" in text
    assert "**Credits**: 0 credits saved; 0 SP (Science Points)." in text
    assert "**Your Agent** on D4: life 20/20; Precision 1, Strength 1, Intellect 1." in text


def test_the_hand_text_holds_what_only_its_seat_knows() -> None:
    """RB Space Shop: sale credits "must be spent immediately, i.e. while you are still in turn" (only the
    seller's header tells them); RB Bribes and Gifts (R-28): the card offered is named to its recipient
    only."""
    state = table()
    place(state, p1="D4", p2="X24")
    hand(state, "p1", "pocket_pistol", "uzi")
    hand(state, "p2", "war_hammer")
    state, _ = act(state, "p1", "sell:card=uzi.1")
    state, _ = act(state, "p1", "give:card=pocket_pistol.1,to=p2")
    mine, theirs = "\n".join(_hand(state, "p1")), "\n".join(_hand(state, "p2"))
    assert "1 credit from sales this turn" in mine and "Offered" not in mine
    assert "**Offered to you**: Pocket Pistol" in theirs and "War Hammer" in theirs
    assert "War Hammer" not in mine and "Pocket Pistol" not in "\n".join(_board(state))


def test_the_view_marks_the_last_turns_changes_for_the_boards() -> None:
    """RB "Movement" and "Damage": a move and a hit change the map and an Agent's life; the view's ``last``
    holds the squares moved from and to and the life lost in the turn in progress and the one before, then
    forgets them."""
    state = table()
    place(state, p1="D4", p2="D8")
    hand(state, "p1", "pocket_pistol")
    state, _ = act(state, "p1", "move:unit=a1,to=D5")
    with dice(1, 2):
        state, _ = act(state, "p1", "play:card=pocket_pistol.1,at=a2")
        state = answer_all(state)
    last = IPA.view(state, None)["last"]
    assert {"D4", "D5", "D8"} <= set(last["squares"]) and last["life"] == {"p2": -2}
    state, _ = act(state, "p1", "end")
    assert IPA.view(state, None)["last"]["life"] == {"p2": -2}  # p2's turn shows what p1 did
    state, _ = act(state, "p2", "end")
    for seat in ("p1", "p2"):
        state, _ = act(state, seat, "ready:draw=no,point=strength")
    state, _ = act(state, "p1", "end")
    assert IPA.view(state, None)["last"]["life"] == {}


def test_the_end_of_round_choices_are_shown_once_revealed_and_never_before() -> None:
    """RB: "After a game round has been completed, all Agents may draw one Item Card ... You may also decide
    not to draw an Item Card" (chosen in secret, revealed together): the boards show each seat's choice in
    the turn after the reveal, none while it is secret."""
    state = table()
    place(state, p1="D4", p2="X24")
    state, _ = act(state, "p1", "end")
    state, _ = act(state, "p2", "end")
    state, _ = act(state, "p1", "ready:draw=yes,point=intellect")
    assert IPA.view(state, None)["last"]["chosen"] == {}
    assert "**Your secret choice**: draw a card, +1 Intellect" in "\n".join(_hand(state, "p1"))
    state, _ = act(state, "p2", "ready:draw=no,point=strength")
    chosen = IPA.view(state, None)["last"]["chosen"]
    assert chosen == {"p1": "draws a card, +1 Intellect", "p2": "draws no card, +1 Strength"}
    assert "Just revealed: p1 draws a card, +1 Intellect; p2 draws no card, +1 Strength." in _board(state)
    state, _ = act(state, "p1", "end")
    state, _ = act(state, "p2", "end")
    assert IPA.view(state, None)["last"]["chosen"] == {}
