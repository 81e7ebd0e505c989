"""Level 2 Agents, the conditional promotions, the Verse families, the Titles and the End of Game Necro cards,
each with the card text it checks."""

from __future__ import annotations

from engine.virtual_revolution.scoring import breakdown
from engine.virtual_revolution.state import Duty, Held, LossStep, NecroStep, VrState

from .support import GAME, act, cleared, fresh, keys, mover, turn_in
from .test_end_of_round import run


def _with(agents: tuple[str, ...], seed: int = 1) -> tuple[VrState, str]:
    state = cleared(fresh(3, seed=seed))
    seat = mover(state)
    state.p(seat).duty = [Duty(agent=a) for a in agents]
    return state, seat


def test_nash_grants_a_donation_in_his_districts() -> None:
    """Nash: "Remove 1 Influence token from the Borough and, if your Director is in one of the two indicated
    Districts, in addition to your action for the turn, you may perform the Make a Donation action." """
    state, seat = _with(("nash",))
    state.p(seat).hand = ["c16"]
    state = act(act(turn_in(state, "b9"), "work"), "activate:agent=nash")  # b9 is in Pigalle
    assert "donate:cards=c16,imm=0" in keys(state)
    elsewhere, seat = _with(("nash",))
    elsewhere.p(seat).hand = ["c16"]
    elsewhere = act(act(turn_in(elsewhere, "b1"), "work"), "activate:agent=nash")  # the Marais
    assert keys(elsewhere, kind="donate") == []


def test_tanaka_removes_here_and_next_door() -> None:
    """Tanaka: "Remove 1 Influence token from the Borough and remove 1 Influence token from an adjacent
    Borough." """
    state, seat = _with(("tanaka",))
    other = next(s for s in state.seats if s != seat)
    state.owner.update({"b14": other, "b13": other})
    state.tokens.update({"b14": 1, "b13": 2})
    state = act(turn_in(state, "b14"), "activate:agent=tanaka,at=b13")
    assert "b14" not in state.owner and state.tokens["b13"] == 1 and state.recycle[other] == 2


def test_ivan_moves_a_server_following_the_usual_rules() -> None:
    """Ivan: "you may move the Server in this Borough (whether it is yours or an opponent's) to an adjacent
    Borough, following the usual rules for building a server" (ruling A28: the owner's Influence there)."""
    state, seat = _with(("ivan",))
    other = next(s for s in state.seats if s != seat)
    state.servers["b14"] = other
    state.owner.update({"b13": other, "b15": seat})
    state.tokens.update({"b13": 1, "b15": 1})
    state = turn_in(state, "b14")
    options = keys(state, kind="activate")
    assert "activate:agent=ivan,at=b13" in options and "activate:agent=ivan,at=b15" not in options
    state = act(state, "activate:agent=ivan,at=b13")
    assert state.servers == {"b13": other} and state.p(seat).ec == 13


def test_stilson_swaps_an_agent_on_duty() -> None:
    """Stilson: "swap one of your Agents on Duty ... with an Agent still available in Neo Paris. Place this
    Agent's card upright above your Player Board (You can use its Ability this Round)." """
    state, seat = _with(("stilson", "zero"))
    state.slots[1], state.located = "pixel", {1: "b20"}
    state = act(turn_in(state, "b1"), "activate:agent=stilson,at=zero,slot=2")
    assert [d.agent for d in state.p(seat).duty] == ["stilson", "pixel"]
    assert state.slots[1] == "zero" and state.located[1] == "b20" and state.p(seat).imm == 2
    assert "activate:agent=pixel" in keys(state)


def test_dina_gives_a_corruption_card() -> None:
    """Dina: "Gain 1 Immunity token and you may give 1 Corruption card of your choice to another Player." """
    state, seat = _with(("dina",))
    other = next(s for s in state.seats if s != seat)
    state.p(seat).hand = ["c16"]
    state = act(turn_in(state, "b1"), f"activate:agent=dina,at={other},with=c16")
    assert state.p(seat).hand == [] and state.p(other).hand[-1] == "c16"


def test_clarisse_takes_then_gives() -> None:
    """Clarisse: "choose another Player and look at their Corruption cards. Take one then give them one of
    yours. It can be the same card." """
    state, seat = _with(("clarisse",))
    other = next(s for s in state.seats if s != seat)
    state.p(other).hand = ["c31"]
    state.p(seat).hand = ["c16"]
    state = act(turn_in(state, "b1"), f"promote:agent=clarisse,use={other},to=retire")
    drawn = next(c for c in state.p(seat).hand if c not in ("c16", "c31"))
    assert state.p(other).hand == [], "a single card to take is taken without asking"
    assert "pick:card=c31" in keys(state), "It can be the same card"
    state = act(state, "pick:card=c16")
    assert sorted(state.p(seat).hand) == sorted(["c31", drawn]) and state.p(other).hand == ["c16"]


def test_clarisse_is_asked_by_hand_size_not_by_what_it_holds() -> None:
    """Two identical cards are still two choices: whether Clarisse is asked must not tell the table that a
    hand holds one kind of card (a timing leak)."""
    state, seat = _with(("clarisse",))
    other = next(s for s in state.seats if s != seat)
    state.p(other).hand = ["c16", "c17"]  # both "Lose 2 Eurocredits"
    state = act(turn_in(state, "b1"), f"promote:agent=clarisse,use={other},to=retire")
    assert GAME.prompts(state)[0].kind == "clarisse_take" and len(keys(state)) == 2


def test_don_armondo_arms_the_range_and_pixel_copies_a_promotion() -> None:
    """Don Armondo: "If you perform the Recruit an Agent action this turn, you may draw 1 Corruption card to
    add +2 to its Range"; Pixel: "Draw 1 Corruption card to use the Promotion ability of any Agent on Duty
    (one of yours or another player's)" (ruling A31: the copied Level 1 text draws its own card too)."""
    state, seat = _with(("pixel",))
    other = next(s for s in state.seats if s != seat)
    state.p(other).duty = [Duty(agent="armondo")]
    state.slots[0], state.located = "lance", {0: "b1"}  # 3 steps from b14: b14-b13-b3-b1
    state = turn_in(state, "b14")
    assert keys(state, kind="recruit") == []
    state = act(state, "promote:agent=pixel,use=armondo,to=retire")
    assert len(state.p(seat).hand) == 2 and state.p(other).duty[0].agent == "armondo"
    assert "recruit:slot=1" in keys(state)


def test_pixel_copies_a_targeted_promotion() -> None:
    """Pixel copying Miss Yoshida: "Draw 1 Corruption card to add 1 Influence token in an adjacent
    Borough"."""
    state, seat = _with(("pixel",))
    other = next(s for s in state.seats if s != seat)
    state.p(other).duty = [Duty(agent="yoshida")]
    state = turn_in(state, "b14")
    assert "promote:agent=pixel,use=yoshida.b13,to=boost" in keys(state)
    state = act(state, "promote:agent=pixel,use=yoshida.b13,to=boost")
    assert state.owner["b13"] == seat and len(state.p(seat).hand) == 2
    assert state.p(seat).boosts["verse"] == ["pixel"] and state.p(other).duty[0].agent == "yoshida"


def test_morel_recruits_from_the_discard_pile() -> None:
    """Morel: "In addition to your action for the turn, you may perform the Recruit an Agent action to
    recruit an
    Agent from the Discard pile." """
    state, seat = _with(("morel",))
    state.agent_discard = ["zero"]
    state = act(act(turn_in(state, "b1"), "work"), "promote:agent=morel,use=yes,to=retire")
    assert keys(state, kind="recruit_discard") == ["recruit_discard:agent=zero"]
    state = act(state, "recruit_discard:agent=zero")
    assert [d.agent for d in state.p(seat).duty] == ["zero"] and state.p(seat).ec == 11


def test_verse_families_conditions() -> None:
    """The Howling: "Have your 3 Directors in the same District during the same Round"; Outpost 53: "Have 2 of
    your Servers in adjacent Districts"; London 1884: "Have 3 Influence tokens or more in the Recycle area";
    The Archipelago: "Have 3 Influence tokens in the same Borough"."""
    state = cleared(fresh(3))
    seat = mover(state)
    state.p(seat).verses = [Held(verse=v) for v in ("howling", "outpost", "london", "archipelago")]
    state.directors = [(seat, "b13"), (seat, "b14")]
    state.servers.update({"b1": seat, "b5": seat})  # Marais and Quartier Latin share a border
    state.recycle[seat] = 3
    state.owner["b2"], state.tokens["b2"] = seat, 3
    state = turn_in(state, "b15")
    assert sorted(keys(state, kind="online")) == [
        "online:verse=archipelago",
        "online:verse=howling",
        "online:verse=london",
        "online:verse=outpost",
    ]
    state = act(state, "online:verse=london")
    assert state.recycle[seat] == 6
    state = act(state, "online:verse=archipelago")
    assert keys(state)[0].startswith("pick:at="), "Add 3 Influence tokens to one or more Boroughs you control"


def test_dark_kingdom_makes_each_opponent_discard() -> None:
    """Dark Kingdom: "Each opponent chooses to discard 1 Agent on Duty, 1 Boost ... or 1 Immunity token. If a
    player does not have any of these items, they do not discard anything." """
    state, seat = _with(("zero", "pixel", "lance"))
    others = [s for s in state.order if s != seat]
    state.p(seat).verses = [Held(verse="dark_kingdom")]
    state.p(others[0]).duty = [Duty(agent="delta")]
    state.p(others[1]).imm = 0
    state = act(turn_in(state, "b1"), "online:verse=dark_kingdom")
    assert mover(state) == others[0]
    assert sorted(keys(state)) == ["pick:agent=delta", "pick:imm=1"]
    state = act(state, "pick:imm=1")
    assert state.p(others[0]).imm == 0 and mover(state) == seat, "the second opponent has nothing"


def test_quartier_latin_keeps_an_agent_in_a_necro_attack() -> None:
    """Quartier Latin: "During an Interpol Raid or a Necro attack, you can keep 1 Agent on Duty or 1 Boost
    that
    should be discarded." """
    state = fresh(2)
    seat = state.seats[0]
    state.titles["QL"] = seat
    state.p(seat).duty = [Duty(agent="zero")]
    state.p(seat).losses = ["agent"]
    state = run(state, LossStep(seat=seat))
    assert "pick:keep=ql" in keys(state, seat)
    state = act(state, "pick:keep=ql", seat)
    assert state.p(seat).duty[0].agent == "zero" and "QL" in state.turned_titles


def test_titles_neo_district_marais_and_nation() -> None:
    """Néo District: "Secretely look at the top Necro card"; Marais: "Draw 2 Corruption cards and discard 2
    Corruption cards from your hand"; Nation: "you may build the Server even if your Director is in a Borough
    where there is no Influence token"."""
    state = cleared(fresh(3))
    seat = mover(state)
    state.titles.update({"ND": seat, "MA": seat, "NA": seat})
    state.p(seat).hand = ["c16"]
    state.p(seat).ec = 10
    state = act(turn_in(state, "b1"), "title:id=ND")
    assert state.p(seat).peek == state.necro_deck[-1]
    state = act(state, "title:id=MA")
    assert len(state.p(seat).hand) == 3 and GAME.prompts(state)[0].kind == "weasel"
    pick = GAME.legal(state, seat)[0]
    state, _ = GAME.apply(state, seat, pick)
    assert len(state.p(seat).hand) == 1
    assert keys(state, kind="server") == []
    state = act(act(state, "title:id=NA"), "server")
    assert state.servers["b1"] == seat


def test_end_of_game_necro_cards_change_the_scoring() -> None:
    """Computer Virus GLOBAL: "Verses cannot grant more than 8 VPs"; MAXIMUM: "Remove 1 of your Servers ...
    (if
    you have no Server in Neo Paris, lose 5 VPs)"; Shootout GLOBAL: "each Title will grant 7 VPs"."""
    state = cleared(fresh(2))
    low, high = state.seats
    state.p(low).income, state.p(high).income = 3, 9
    for seat in state.seats:
        state.p(seat).imm = 0
    state.necro_deck.append("virus")
    state = run(state, NecroStep())
    assert state.p(high).end.penalty == 5 and state.p(low).end.verse_cap == 8
    assert breakdown(state, high, None)["penalty"] == -5
    state.necro_deck.append("shootout")
    state.titles["PI"] = low
    state = run(state, NecroStep())
    assert breakdown(state, low, None)["titles"] == 7
