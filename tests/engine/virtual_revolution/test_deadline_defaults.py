"""The answer a question takes when its deadline passes is the one the player loses least by (ruling V-16):
the Quartier Latin keeps what it can, Immunity goes where it saves something the score counts, and what is
given up is what is worth least. Each test plays the default itself through the engine."""

from __future__ import annotations

from engine.virtual_revolution.state import Duty, Held, NecroStep, RaidStep, VrState

from .support import GAME, act, cleared, default_of, fresh, keys, mover, run, turn_in


def necro_table(card: str) -> tuple[VrState, str]:
    """Three players, Blue (the first) in the middle of the Incomes, nobody else with Immunity to spend."""
    state = cleared(fresh(3))
    blue, low, high = state.seats
    for seat, income in ((blue, 5), (low, 4), (high, 6)):
        player = state.p(seat)
        player.income, player.imm, player.hand, player.objectives = income, 0, [], ["o_income", "o_money"]
    state.necro_deck.append(card)
    return state, blue


def apply_default(state: VrState, seat: str) -> VrState:
    return act(state, default_of(state, seat), seat)


def test_the_quartier_latin_keeps_the_agent_an_assassination_takes() -> None:
    """Quartier Latin: "During an Interpol Raid or a Necro attack, you can keep 1 Agent on Duty or 1 Boost
    that should be discarded." Assassination, GLOBAL: "Discard 1 of your Agents on Duty." The deadline keeps
    the Agent with the Title instead of discarding it (issue 28, item 7)."""
    state, blue = necro_table("assassination")
    state.titles["QL"] = blue
    state.p(blue).duty = [Duty(agent="zero")]
    state = run(state, NecroStep())
    assert set(keys(state, blue)) == {"pick:agent=zero", "pick:keep=ql"}
    assert default_of(state, blue) == "pick:keep=ql"
    state = apply_default(state, blue)
    assert [d.agent for d in state.p(blue).duty] == ["zero"] and "QL" in state.turned_titles


def test_the_quartier_latin_is_kept_for_later_when_the_loss_costs_nothing() -> None:
    """Elimination, GLOBAL: "Discard a Boost (Boost card or Agent turned into a Boost)." A Boost card scores
    nothing, so the deadline gives it up and keeps the Title (once per Round) for a loss that would cost."""
    state, blue = necro_table("elimination")
    state.titles["QL"] = blue
    state.p(blue).boosts = {"work": ["bst_work"]}
    state = run(state, NecroStep())
    assert default_of(state, blue) == "pick:boost=bst_work"


def test_the_quartier_latin_keeps_the_agent_a_raid_takes() -> None:
    """Quartier Latin in an Interpol Raid: a Corruption card "Discard one of your Agents on Duty of the
    indicated type" takes a Fighter; the deadline keeps it with the Title."""
    state = cleared(fresh(3))
    blue = state.seats[0]
    state.titles["QL"] = blue
    player = state.p(blue)
    player.imm, player.hand, player.duty = 0, ["c34"], [Duty(agent="zero")]
    state = run(state, RaidStep(seat=blue))
    assert default_of(state, blue) == "pick:keep=ql"
    state = apply_default(state, blue)
    assert [d.agent for d in state.p(blue).duty] == ["zero"] and state.p(blue).hand == []


def test_immunity_is_spent_at_a_deadline_only_where_it_saves_something() -> None:
    """ "A Player can spend 2 Immunity tokens to IGNORE THE GLOBAL EFFECT of a Necro card." Against
    Assassination (an Agent, 1 VP) the deadline spends 2; against Corruption (GLOBAL: "Draw 1 Corruption
    card", nothing the score counts) it spends nothing; with the Quartier Latin upright the Agent is kept for
    free, so it spends nothing either."""
    state, blue = necro_table("assassination")
    state.p(blue).imm, state.p(blue).duty = 2, [Duty(agent="zero")]
    state = run(state, NecroStep())
    assert default_of(state, blue) == "spend:n=2"
    state = apply_default(state, blue)
    assert [d.agent for d in state.p(blue).duty] == ["zero"] and state.p(blue).imm == 0
    state, blue = necro_table("corruption")
    state.p(blue).imm = 2
    assert default_of(run(state, NecroStep()), blue) == "spend:n=0"
    state, blue = necro_table("assassination")
    state.titles["QL"] = blue
    state.p(blue).imm, state.p(blue).duty = 2, [Duty(agent="zero")]
    assert default_of(run(state, NecroStep()), blue) == "spend:n=0"


def test_a_loading_verse_goes_before_an_online_one() -> None:
    """Hostile AI, GLOBAL: "Discard 1 of your Verse cards (Online or not)"; "Verses cards that are still
    Loading side up at the end of the game will not score any Victory Points." """
    state, blue = necro_table("hostile_ai")
    state.p(blue).verses = [Held(verse="codex", online=True), Held(verse="westland")]
    state.p(blue).ec = 0  # The Codex: "7 VPs if you have the fewest Eurocredits"
    state = run(state, NecroStep())
    assert default_of(state, blue) == "pick:verse=westland"


def test_a_boost_card_goes_before_an_agent_turned_into_a_boost() -> None:
    """Elimination: "Discard a Boost (Boost card or Agent turned into a Boost)"; "All agents, whether on Duty,
    Promoted, or turned into a Boost, are counted for the calculation of VPs." """
    state, blue = necro_table("elimination")
    state.p(blue).boosts = {"work": ["jade", "bst_work"]}
    state = run(state, NecroStep())
    assert default_of(state, blue) == "pick:boost=bst_work"
    state = apply_default(state, blue)
    assert state.p(blue).boosts["work"] == ["jade"] and "bst_work" in state.boost_cards


def test_influence_is_removed_where_the_borough_stays_controlled() -> None:
    """Anonymous Tip-off, GLOBAL: "Remove 1 of your Influence tokens in Neo Paris"; "A player controls a
    Borough when they have at least one Influence token"; "2 VPs per controlled Borough"."""
    state, blue = necro_table("tipoff")
    state.owner.update({"b1": blue, "b9": blue})
    state.tokens.update({"b1": 1, "b9": 2})
    state = run(state, NecroStep())
    assert default_of(state, blue) == "pick:at=b9"
    state = apply_default(state, blue)
    assert (state.tokens["b9"], state.owner["b1"]) == (1, blue)


def test_dark_kingdom_takes_an_immunity_token_first() -> None:
    """Dark Kingdom: "Each opponent chooses to discard 1 Agent on Duty, 1 Boost (Boost card or Agent turned
    into a Boost), or 1 Immunity token." An Immunity token scores nothing: it goes first."""
    state = cleared(fresh(3))
    seat = mover(state)
    other = next(s for s in state.order if s != seat)
    state.p(other).imm, state.p(other).duty = 1, [Duty(agent="zero")]
    state.p(other).boosts = {"work": ["bst_work"]}
    state.p(seat).verses = [Held(verse="dark_kingdom")]
    state.p(seat).duty = [Duty(agent="zero"), Duty(agent="pixel"), Duty(agent="lance")]
    state = act(turn_in(state, "b1"), "online:verse=dark_kingdom")
    assert default_of(state, other) == "pick:imm=1"


def test_a_raid_at_its_deadline_spends_the_immunity_on_the_costliest_card() -> None:
    """ "suffers their effects in the order of their choice"; "A player can spend 1 Immunity token to ignore
    the effect of a Corruption card." With one token, an Income card, a Server card and three 2-Eurocredit
    cards, the deadline suffers the cheap ones and keeps the token for the Server."""
    state = cleared(fresh(3))
    seat = state.seats[0]
    player = state.p(seat)
    player.hand = ["c31", "c20", "c16", "c17", "c18"]  # Income -1, a Server in QL/NA, 3 x 2 EC
    player.imm, player.ec, player.objectives = 1, 10, ["o_income", "o_money"]
    state.servers["b11"] = seat  # Nation
    state = run(state, RaidStep(seat=seat))
    assert default_of(state, seat) == "pick:card=c31,apply=1"
    while any(p.seat == seat for p in GAME.prompts(state)):
        state = apply_default(state, seat)
    player = state.p(seat)
    assert state.servers.get("b11") == seat and (player.imm, player.income, player.ec) == (0, 4, 4)


def test_a_discard_of_choice_drops_the_cards_that_would_cost_most() -> None:
    """Marais: "Draw 2 Corruption cards and discard 2 Corruption cards from your hand (which can be the cards
    you drew)." The deadline drops the two cards a raid would make cost most: the Diplomat whose loss breaks
    a trio ("+5 VPs per trio of Agents of different types") and the Server, not the Income nor the
    2-Eurocredit cards that cost no VP."""
    state = cleared(fresh(3))
    seat = mover(state)
    player = state.p(seat)
    player.hand, player.objectives = ["c36", "c20", "c31"], ["o_income"]
    player.duty = [Duty(agent="zero"), Duty(agent="pixel"), Duty(agent="lance")]
    player.ec = 12  # losing 2 of 12 Eurocredits costs no VP ("1 VP per 5 Eurocredits")
    for borough in ("b1", "b2", "b3"):  # the Marais
        state.owner[borough], state.tokens[borough] = seat, 1
    state.titles["MA"] = seat
    state.servers["b11"] = seat
    state.corruption.put_top("c16", "c17")
    state = act(turn_in(state, "b11"), "title:id=MA")
    assert sorted(state.p(seat).hand) == ["c16", "c17", "c20", "c31", "c36"]
    assert default_of(state, seat) == "choose:pick=c20+c36"


def test_clarisse_takes_the_harmless_card_and_gives_the_harmful_one() -> None:
    """Clarisse: "choose another Player and look at their Corruption cards. Take one then give them one of
    yours." At the deadline she takes the card that cannot hit her and gives the one that would."""
    state = cleared(fresh(3))
    seat = mover(state)
    other = next(s for s in state.order if s != seat)
    state.p(other).hand = ["c20", "c34"]
    player = state.p(seat)
    player.hand, player.duty, player.objectives = [], [Duty(agent="clarisse")], ["o_income"]
    state.servers["b11"] = seat
    state.corruption.put_top("c16")
    state = act(turn_in(state, "b11"), f"promote:agent=clarisse,use={other},to=retire")
    assert default_of(state, seat) == "pick:card=c34"
    state = apply_default(state, seat)
    assert default_of(state, seat) == "pick:card=c16"


def test_influence_added_at_a_deadline_goes_where_it_gains_most() -> None:
    """Venizia: "Add 1 Influence token to a Borough located in one of the 2 indicated Districts" (Pigalle,
    Marais); "As soon as a player controls all the Boroughs in a District, they gain control of the
    District"; "10 VPs per Title". With two of Pigalle's three Boroughs, the deadline takes the third."""
    state = cleared(fresh(3))
    seat = mover(state)
    state.owner.update({"b9": seat, "b10": seat})
    state.tokens.update({"b9": 1, "b10": 1})
    state.servers["b1"] = seat
    state.p(seat).verses = [Held(verse="venizia")]
    state = act(turn_in(state, "b1"), "online:verse=venizia")
    assert default_of(state, seat) == "pick:at=b18"
    assert state.titles.get("PI") is None
    assert apply_default(state, seat).titles["PI"] == seat


def test_a_boost_card_taken_at_a_deadline_goes_under_a_new_action() -> None:
    """Westland: "Gain 1 Boost card from those available and slide it under the corresponding Action";
    Castle in the Air: "Gain 3 VPs per Boost you have under different Actions". With a Boost under Make a
    Donation already, the deadline takes a Boost for another Action (the first offered is a Donation's)."""
    state = cleared(fresh(3))
    seat = mover(state)
    player = state.p(seat)
    player.verses = [Held(verse="castle", online=True), Held(verse="westland")]
    player.boosts = {"donate": ["droid"]}
    player.duty = [Duty(agent="pixel"), Duty(agent="delta")]
    state = act(turn_in(state, "b1"), "online:verse=westland")
    assert keys(state, kind="pick")[0] == "pick:boost=bst_donate"
    assert default_of(state, seat) == "pick:boost=bst_recruit"
