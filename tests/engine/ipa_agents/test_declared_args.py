"""IPA's intents on declared arguments (issue 29, item 1): one key per intent, every id named for a player
in a menu asked in parts, and refusals in the runtime's one voice with the rules' reason first."""

from __future__ import annotations

import random
import re

from engine.core import Intent, RandomAgent
from engine.core.agents import decide
from engine.core.playout import next_decision
from engine.ipa_agents.agent import HeuristicAgent
from engine.ipa_agents.game import IPA, IpaGame

from .helpers import act, hand, place, table

RAW = re.compile(r"\b[a-z]+_[a-z_]+\b|\b[a-z_]+\.\d+\b")
"""What a player must never read in a menu: a snake_case id (``pocket_pistol``) or a card instance
(``uzi.1``)."""


def test_the_game_declares_what_the_runtime_checks() -> None:
    """Issue 29: "No ``engine/<game>/game.py`` defines ``parse_intent``, ``check``, ``describe``,
    ``prompts``, ``legal`` or ``_apply``": IPA's intents are checked, keyed and labelled from its actions'
    and topics' declarations."""
    overrides = ("parse_intent", "check", "describe", "prompts", "legal", "_apply", "part_label")
    assert [name for name in overrides if name in vars(IpaGame)] == []
    assert "intent_kinds" not in vars(IpaGame)
    kinds = IPA.rules.shapes.kinds
    assert {"move", "wall", "play", "rift", "pass", "defend", "ready", "map", "gift", "shove"} <= kinds


def test_a_key_with_its_arguments_in_another_order_is_the_same_intent() -> None:
    """Issue 32, item 7: ``move:to=A2,unit=a1`` is the listed ``move:unit=a1,to=A2``; RB "Movement": "Each
    Agent has 5 movement points"."""
    state = table()
    place(state, p1="A1", p2="X24")
    listed = Intent.parse("move:unit=a1,to=A2")
    assert listed in IPA.legal(state, "p1")
    typed = IPA.parse_intent("move:to=A2,unit=a1")
    assert typed == listed and typed.key() == "move:unit=a1,to=A2"
    assert IPA.parse_intent("buy:at=B2,item=sentry").key() == "buy:item=sentry,at=B2"
    new, _ = act(state, "p1", "move:to=A2,unit=a1")
    assert new.agents["p1"].cell == "A2"


def test_every_offered_id_is_named_and_no_menu_shows_one() -> None:
    """RB "Item Cards", "Field Equipment", "Space Shop": cards, units and shop items have names; every value
    of every offered intent whose argument declares a namer is named, and the menus asked in parts read
    names, never ids."""
    rng = random.Random("ipa-names")
    checked = 0
    for seats, options in ((2, {"focused_shot": True}), (3, {"gaia_helpers": True}), (4, {"teams": True})):
        names = [f"p{i + 1}" for i in range(seats)]
        state = IPA.setup(names, rng.randrange(1 << 30), {"battle_map": "standard_4", **options})
        agents = {s: (HeuristicAgent if i % 2 else RandomAgent)(i) for i, s in enumerate(names)}
        for n in range(600):
            seat = next_decision(IPA, state, agents, n) if IPA.outcome(state) is None else None
            if seat is None:
                break
            legal = IPA.legal(state, seat)
            for intent in legal:
                shape = IPA.rules.shapes.get(intent.kind)
                assert shape is not None
                for name, value in intent.args:
                    arg = shape.arg(name)
                    assert arg is not None
                    if arg.names is not None:
                        assert arg.name_of(state, value) is not None, f"{intent.key()}: {name} is not named"
                        checked += 1
            for choice in IPA.choices(state, seat, ""):
                parts = IPA.choices(state, seat, choice.key) if not choice.complete else [choice]
                for part in parts:
                    assert not RAW.search(part.label), f"{part.key}: {part.label!r}"
            state, _ = IPA.apply_chosen(state, seat, decide(agents[seat], IPA, state, seat, legal), legal)
    assert checked > 1000


def test_a_menu_asked_in_parts_names_the_card_then_the_target() -> None:
    """RB "Ranged Weapon": the card aims at a target in range; a menu asks the card first (by its name),
    then the target (by its Agent)."""
    state = table()
    place(state, p1="D4", p2="D8")
    hand(state, "p1", "pocket_pistol")
    menu = IPA.choices(state, "p1", "play")
    assert [c.label for c in menu] == ["Activate Pocket Pistol on p2's Agent"]
    assert IPA.part_label(state, "play", "card", "pocket_pistol.1") == "Pocket Pistol"
    assert IPA.part_label(state, "move", "unit", "a2") == "p2's Agent"
    assert IPA.part_label(state, "buy", "item", "sentry").startswith("Sentry (")


def test_refusals_give_the_rules_reason_first_then_what_is_possible() -> None:
    """RB "Turns": "Each unit may be moved once per round"; RB "Space Shop": "Agents may sell Item Cards,
    but the Item Cards must be inactive"; a refusal says why, then "You can: ..."."""
    state = table()
    place(state, p1="D4", p2="X24")
    hand(state, "p1", "pocket_pistol")
    state, _ = act(state, "p1", "move:unit=a1,to=D5")
    again = IPA.why_not(state, "p1", Intent.parse("move:unit=a1,to=D6")) or ""
    assert again.startswith("Your Agent cannot move now") and "You can: " in again
    sold = IPA.why_not(state, "p1", Intent.parse("sell:card=uzi.1")) or ""
    assert sold.startswith("That card is not among your inactive cards.") and "Sell Pocket Pistol" in sold
    other = IPA.why_not(state, "p2", Intent.parse("end")) or ""
    assert other.startswith("It is p1's turn. A turn is ended by the player in turn.")
    assert not RAW.search(again + sold + other) and "a1" not in again
