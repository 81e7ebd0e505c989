"""Every worked example the Virtual Revolution rulebook prints, one test each, played through the engine.

The rulebook says "example" eleven times (the bonus pictogram, "in the Borough", Guy-Roger's Miss Yoshida,
Johann's Recycle Area, Cyril's recruitment, Cassandra's donation, Cyril's raid, the Necro "Corruption"
attack, Johann's Agent and Objective scoring, the Income Objective) and gives one more case with "e.g." (a
raid card with no impact). Each test quotes its passage and asserts what the rulebook prints. The house pack
holds every record they need (the Agents, Verses, Objectives and cards are the printed ones)."""

from __future__ import annotations

from engine.virtual_revolution.rules import cost
from engine.virtual_revolution.state import (
    Duty,
    Held,
    MaintenanceStep,
    NecroStep,
    ObjectiveStep,
    RaidStep,
    ScoreStep,
    VrState,
)

from .support import GAME, act, cleared, default_of, fresh, keys, mover, run, turn_in


def test_the_bonus_pictogram_example() -> None:
    """ "A bonus always appears in the same way: Concerned Action : Bonus granted to the Action. In this
    example, when you perform the Build a Server Action, you gain +2 Eurocredits." (The Boost card "When you
    perform the Build a Server Action, gain 2 Eurocredits".)"""
    for boosted, left in ((False, 0), (True, 2)):
        state = cleared(fresh(3))
        seat = mover(state)
        state.owner["b1"], state.tokens["b1"] = seat, 1
        if boosted:
            state.p(seat).boosts = {"server": ["bst_server_ec"]}
        state = act(turn_in(state, "b1"), "server")
        player = state.p(seat)
        assert state.servers["b1"] == seat and player.ec == left, "pay 10 Eurocredits, +2 with the bonus"
        assert (player.income, player.plus2, len(player.hand)) == (7, 1, 1)


def test_in_the_borough_means_where_the_director_was_placed() -> None:
    """ "When Activated, an Agent acts in the Borough where the Director was placed that turn ... For example,
    an effect that says 'in the Borough' indicates the Borough where the Director was placed that Turn."
    Zero (Fighter): "Remove 1 Influence token in the Borough." """
    state = cleared(fresh(3))
    seat = mover(state)
    other = next(s for s in state.seats if s != seat)
    state.owner.update({"b1": other, "b2": other})
    state.tokens.update({"b1": 2, "b2": 2})
    state.p(seat).duty = [Duty(agent="zero")]
    state = act(turn_in(state, "b2"), "activate:agent=zero")
    assert (state.tokens["b1"], state.tokens["b2"], state.recycle[other]) == (2, 1, 1)


def test_guy_rogers_miss_yoshida() -> None:
    """ "Guy-Roger has recruited the Agent Miss Yoshida. As soon as the Agent is on Duty, Guy-Roger turns it
    to activate it and gains 1 Immunity token. Then he can decide to Promote it immediately: he draws 1
    Corruption card to add 1 Influence token. Finally, if he wishes, he can turn the Agent into a Boost and
    place it under the Recruit Action. From now on, when he performs the Recruit an Agent Action, including
    this turn, he will gain 2 Eurocredits and will add +1 to the Range. He could also have decided to simply
    retire the Agent instead of turning it into a Boost, so as not to risk losing the Agent to a game
    effect." This turn's second Recruit comes from Stilson ("In addition to your action for the turn, you
    may perform the Recruit an Agent action"); the first, which brought her in, is not improved ("A bonus
    cannot immediately improve the Action that brought it into play")."""
    state = cleared(fresh(3))
    guy = mover(state)
    player = state.p(guy)
    player.ec, player.duty = 20, [Duty(agent="stilson")]
    state.slots = ["yoshida", "lance", None, None, None]
    state.located = {0: "b13", 1: "b3"}  # b13 is next to b14; b3 is two steps away (b14-b13-b3)
    state = act(turn_in(state, "b14"), "recruit:slot=1")
    assert state.p(guy).ec == 16
    state = act(state, "activate:agent=yoshida")
    assert state.p(guy).imm == 2
    options = keys(state, guy, kind="promote")
    assert "promote:agent=yoshida,use=b13,to=boost" in options
    assert "promote:agent=yoshida,use=b13,to=retire" in options, "He could also have decided to simply retire"
    state = act(state, "promote:agent=yoshida,use=b13,to=boost")
    player = state.p(guy)
    assert (len(player.hand), state.owner["b13"], player.boosts["recruit"]) == (1, guy, ["yoshida"])
    assert "recruit:slot=2" not in keys(state, guy), "the turn's Action is done"
    state = act(state, "promote:agent=stilson,use=yes,to=retire")
    assert "recruit:slot=2" in keys(state, guy), "Range 1 + 1 reaches two Boroughs away"
    state = act(state, "recruit:slot=2")
    player = state.p(guy)
    assert player.ec == 16 - 4 + 2 and [d.agent for d in player.duty] == ["lance"]


def test_a_retired_agent_cannot_be_lost_to_a_game_effect() -> None:
    """The same example's alternative: "He could also have decided to simply retire the Agent instead of
    turning it into a Boost, so as not to risk losing the Agent to a game effect"; a retired Agent "can
    never be discarded". Elimination ("Discard a Boost") takes the Boost, and passes over the retired one."""
    for to in ("boost", "retire"):
        state = cleared(fresh(3))
        seat = mover(state)
        state.p(seat).duty = [Duty(agent="yoshida")]
        state = act(turn_in(state, "b14"), f"promote:agent=yoshida,use=b13,to={to}")
        state.necro_deck.append("elimination")
        state = run(state, NecroStep())
        player = state.p(seat)
        assert (player.retired, player.boosts.get("recruit")) == (
            (["yoshida"], None) if to == "retire" else ([], [])
        )


def test_johanns_recycle_area() -> None:
    """ "Johann has 4 Influence tokens in the Recycle Area. On his turn, he can decide to collect all of them
    for either: +4 Eurocredits; or discard 2 Corruption cards at random; or discard 1 Corruption card at
    random and +2 Eurocredits; or secretly look at the top Necro card and +2 Eurocredits; or discard 1
    Corruption card at random and secretly look at the top Necro card; or gain 1 Immunity token and +1
    Eurocredit. He could also decide to collect less than 4 (and choose his benefits accordingly), or even
    leave them all in the Recycle Area." """
    state = cleared(fresh(3))
    johann = mover(state)
    state.recycle[johann] = 4
    state.p(johann).hand = ["c16", "c17", "c31", "c34", "c20"]
    state = turn_in(state, "b1")

    def tokens(key: str) -> int:
        n = dict(part.split("=") for part in key.split(":")[1].split(","))
        return int(n["ec"]) + 2 * int(n["drop"]) + 2 * int(n["peek"]) + 3 * int(n["imm"])

    offered = keys(state, johann, kind="collect")
    all_four = {k for k in offered if tokens(k) == 4}
    assert all_four == {
        "collect:ec=4,drop=0,peek=0,imm=0",
        "collect:ec=0,drop=2,peek=0,imm=0",
        "collect:ec=2,drop=1,peek=0,imm=0",
        "collect:ec=2,drop=0,peek=1,imm=0",
        "collect:ec=0,drop=1,peek=1,imm=0",
        "collect:ec=1,drop=0,peek=0,imm=1",
    }
    assert "collect:ec=1,drop=0,peek=0,imm=0" in offered, "collect less than 4"
    assert "end" in keys(state, johann), "or even leave them all in the Recycle Area"
    before = state.p(johann).model_copy()
    state = act(state, "collect:ec=1,drop=0,peek=0,imm=1")
    player = state.p(johann)
    assert (player.ec, player.imm, player.reserve) == (before.ec + 1, before.imm + 1, before.reserve + 4)
    assert state.recycle[johann] == 0


def test_cyrils_recruitment_of_pixel() -> None:
    """ "Cyril wishes to recruit the Agent Pixel, whose card is on Space #3, and whose Localization token is
    in the 13th Borough. He has a Range of 1. He decides to place his Director in the 14th Borough, which is
    adjacent to the 13th. He pays 4 Eurocredits then takes the Pixel card, and places it above his Player
    Board, on one of his 3 Agents on Duty slots. Finally, he places Localization token #3 back on space #3 to
    indicate that the Agent is no longer available in Neo Paris." """
    state = fresh(3)
    state.slots[2] = "pixel"
    state.located = {2: "b13"}
    cyril = mover(state)
    state = turn_in(state, "b14")
    assert "recruit:slot=3" in keys(state)
    state = act(state, "recruit:slot=3")
    assert [d.agent for d in state.p(cyril).duty] == ["pixel"] and state.p(cyril).ec == 10 - 4
    assert state.slots[2] is None and 2 not in state.located, "token #3 is back on space #3"
    far = fresh(3)
    far.slots[2] = "pixel"
    far.located = {2: "b22"}
    assert "recruit:slot=3" not in keys(turn_in(far, "b14")), "the Agent must be within Range of the Director"


def test_cassandras_donation() -> None:
    """ "Cassandra feels it is time to make a donation. She could pay only 1 Eurocredit to discard 1 of her
    Corruption cards. But she has a lot of these and chooses to pay 3 Eurocredits to discard 2 of her
    choice. She could then pay 3 Eurocredits to gain 1 Immunity token, but she decides not to." """
    state = fresh(3)
    cassandra = mover(state)
    state.p(cassandra).hand = ["c01", "c11", "c18", "c19"]  # Lose 1 Immunity, a Boost loss, two Lose 2 EC
    state = turn_in(state, "b1")
    options = keys(state, kind="donate")
    assert "donate:cards=c01,imm=0" in options, "She could pay only 1 Eurocredit to discard 1"
    assert "donate:cards=c01+c11,imm=1" in options, "She could then pay 3 Eurocredits to gain 1 Immunity"
    assert "donate:cards=c01+c11+c18,imm=0" not in options, "at most 2"
    state = act(state, "donate:cards=c01+c11,imm=0")
    player = state.p(cassandra)
    assert (player.ec, player.imm, sorted(player.hand)) == (10 - 3, 1, ["c18", "c19"])
    assert state.corruption.discards[-2:] == ["c01", "c11"]


def test_a_raid_card_without_impact() -> None:
    """ "If a card has no impact for the player (e.g. eliminating an Influence token from a District where it
    is not present), all the better for them." A card removing Influence in Pigalle or Néo District, from a
    player whose only Influence is in Marais: nothing is asked, nothing is lost, the card is discarded."""
    state = cleared(fresh(3))
    seat = state.seats[0]
    state.owner["b1"], state.tokens["b1"] = seat, 1
    state.p(seat).hand, state.p(seat).imm = ["c04"], 1
    state = run(state, RaidStep(seat=seat))
    assert not any(p.seat == seat for p in GAME.prompts(state))
    assert (state.tokens["b1"], state.p(seat).imm, state.p(seat).hand) == (1, 1, [])
    assert state.corruption.discards[-1] == "c04"


def test_cyrils_raid() -> None:
    """ "Cyril has 6 Corruption cards in his hand at the end of the Round. He must therefore undergo a Raid
    and apply their effects. Card A causes him to lose 1 Immunity token and takes priority. It must be
    resolved first. He discards 1 Immunity token. He has 1 Immunity token left which he decides to discard to
    ignore the effect of card B, which would otherwise decrease his Income by 1. Card C would cause him to
    lose a Diplomat Agent, but he has none, so the card has no effect. Cards D and E cause him to lose 2
    Eurocredits each. Since he had 3 Eurocredits at the end of the Round, he loses them all. The last card F
    causes him to lose a Server in either the 'Quartier Latin' or the 'Nation' District. He has one Server in
    'Nation' and none in 'Quartier Latin', so he must apply the effect and lose the Server he has in
    'Nation'. Finally, Cyril returns all of his Corruption cards to the discard pile." """
    state = cleared(fresh(3))
    cyril = state.seats[0]
    player = state.p(cyril)
    player.hand = ["c01", "c31", "c36", "c16", "c17", "c20"]
    player.imm, player.ec = 2, 3
    state.servers["b11"] = cyril  # Nation
    state = run(state, RaidStep(seat=cyril))
    assert state.p(cyril).imm == 1, "card A first"
    assert "pick:card=c31,ignore=1" in keys(state, cyril), "he chooses card B and ignores it"
    assert not [k for k in keys(state, cyril) if "c36" in k], "card C has no effect"
    state = act(state, "pick:card=c31,ignore=1", cyril)
    player = state.p(cyril)
    assert (player.imm, player.income, player.ec, player.hand) == (0, 5, 0, [])
    assert "b11" not in state.servers, "he must lose the Server he has in Nation"
    assert sorted(state.corruption.discards[-6:]) == sorted(["c01", "c31", "c36", "c16", "c17", "c20"])


def test_the_necro_corruption_attack() -> None:
    """ "The Necro card 'Corruption' is revealed. The Income of each player is compared. MINIMUM: Orange has
    the lowest Income, so they apply the effect and gain 1 Immunity token. GLOBAL: The Global effect applies
    to all players, who must each draw 1 Corruption card. Each player may spend 2 Immunity tokens to ignore
    this effect. MAXIMUM: Red and Green are tied for the highest Income. They should both suffer the Maximum
    effect (next Round, the Recruit an Agent action will cost them 8 instead of 4). However, Red decides to
    spend 3 Immunity tokens. Therefore, they will not suffer the Global nor the Maximum effect. Green takes
    the corresponding Necro Marker and places it on the 'Recruit an Agent' Action on their Player Board, to
    remind themselves that it will cost them more in the next Round." """
    state = fresh(3)
    orange, red, green = state.order
    for seat, income, imm in ((orange, 3, 1), (red, 8, 3), (green, 8, 1)):
        state.p(seat).income, state.p(seat).imm, state.p(seat).hand = income, imm, []
    state.necro_deck.append("corruption")
    state = run(state, NecroStep())
    prompts = GAME.prompts(state)
    assert [p.seat for p in prompts] == [red] and prompts[0].simultaneous, "only Red can spend (2 or more)"
    assert "spend:n=3" in keys(state, red)
    state = act(state, "spend:n=3", red)
    assert (state.p(orange).imm, len(state.p(orange).hand)) == (2, 1)
    assert (state.p(red).imm, len(state.p(red).hand), state.p(red).next_markers) == (0, 0, {})
    assert (len(state.p(green).hand), state.p(green).next_markers) == (1, {"recruit": 8})
    state = run(state, MaintenanceStep())
    assert [cost(state, s, "recruit") for s in (orange, red, green)] == [4, 4, 8], "next Round"


def johann() -> tuple[VrState, str]:
    """Johann's end of game: the 8 Agents and 2 Objectives the examples name, 7 Verses, 3 Servers."""
    state = cleared(fresh(3))
    seat = state.seats[0]
    player = state.p(seat)
    player.retired = ["delta", "dina", "leslie", "yoshida", "pixel", "jade", "slade", "ivan"]
    player.verses = [
        Held(verse=v) for v in ("westland", "exoplanet", "elven_lands", "venizia", "olmeta", "rift", "curse")
    ]
    player.objectives = ["o_verses", "o_servers"]
    state.servers.update({"b1": seat, "b5": seat, "b9": seat})
    return run(state, ObjectiveStep(), ScoreStep()), seat


def scored(state: VrState, keep: dict[str, str]) -> VrState:
    """Everyone answers the Objective question: ``keep``'s choice, the deadline's for the others."""
    for seat in state.order:
        state = act(state, keep.get(seat) or default_of(state, seat), seat)
    assert state.result is not None
    return state


def test_johanns_agent_scoring() -> None:
    """ "Johann recruited these 8 Agents during the game: Delta, Dina, Leslie, Miss Yoshida, Pixel, Jade,
    Slade, and Ivan. Each one grants 1 VP, and the 2 series of 3 Agents of different types grant 5 additional
    VPs each, for a total of 8 + 5 + 5 = 18 VPs." """
    state, seat = johann()
    state = scored(state, {seat: "objective:id=o_verses"})
    assert state.p(seat).breakdown["agents"] == 8 + 5 + 5


def test_johanns_objective_scoring() -> None:
    """ "Johann has these 2 Objective cards. He must choose 1 and score the indicated VPs. The 1st would grant
    him 30 VPs (5 VPs per Verse card, he has 7, which should grant 35 VPs, but Objective cards cannot grant
    more than 30 VPs). The 2nd would grant 15 VPs (5 VPs per Server, of which he built 3). He decides to keep
    and score the 1st card." """
    state, seat = johann()
    labels = {o.key: o.label for o in state.waiting.top().options[seat]}  # type: ignore[union-attr]
    assert "(30 VP)" in labels["objective:id=o_verses"] and "(15 VP)" in labels["objective:id=o_servers"]
    state = scored(state, {seat: "objective:id=o_verses"})
    player = state.p(seat)
    assert (player.kept, player.breakdown["objective"]) == ("o_verses", 30)


def test_the_income_objective_example() -> None:
    """ "Gain 3 VPs for every 2 levels of Income. EXAMPLE: With an Income of 15, you score 3x7 = 21 VPs." """
    state = cleared(fresh(3))
    seat = state.seats[0]
    state.p(seat).income, state.p(seat).objectives = 15, ["o_income", "o_servers"]
    state = scored(run(state, ObjectiveStep(), ScoreStep()), {seat: "objective:id=o_income"})
    assert state.p(seat).breakdown["objective"] == 3 * 7 == 21
