"""What each card does, in a player's words: an Agent's activation, promotion and Boost, a Verse's bonus, a
Title's ability, a Necro card's three effects and an Objective's text. They are written from the cards' data
(the ops :mod:`.effects`, :mod:`.promotions`, :mod:`.verses`, :mod:`.necro` and :mod:`.scoring` interpret),
so a pack with other cards reads right too. The words are ours (``house``), retelling the rulebook's card
texts; the views carry them beside the cards' names (issue 30: card values beside card names)."""

from __future__ import annotations

from .pack import ACTION_NAMES, GENRE_NAMES, AgentCard, BoostLine, NecroCard, Op, VerseCard, pack

TYPE_ABILITY = {
    "fighter": "remove 1 Influence from the Borough (no Corruption card)",
    "tech": "+3 EC",
    "diplomat": "+1 Immunity",
}
""" "Fighter: Remove 1 Influence token (opposing or not) from this Borough ... Tech: Gain 3 Eurocredits.
Diplomat: Gain 1 Immunity token." """
TYPE_NAMES = {"fighter": "Fighter", "tech": "Tech", "diplomat": "Diplomat"}


def plural(n: int, word: str, many: str = "") -> str:
    """ "1 card", "2 cards" (``many``: an irregular plural)."""
    return f"{n} {word if n == 1 else many or word + 's'}"


def districts(codes: tuple[str, ...] | list[str]) -> str:
    names = pack().district_names
    return " or ".join(names.get(c, c) for c in codes)


def _activation_extra(card: AgentCard) -> str:
    op = card.activation
    where = districts(card.districts)
    texts = {
        "none": "",
        "donation_if_districts": f"with your Director in {where}, an extra Make a Donation",
        "remove_adjacent": "remove 1 Influence from an adjacent Borough",
        "add_anywhere": "add 1 Influence to any Borough",
        "add_adjacent": "add 1 Influence to an adjacent Borough",
        "verse_bonus_again": "gain one of your Online Verses' Bonus again",
        "viscount": "trade one of your Servers for an available Verse, or a Verse for a Server here",
        "income": f"+{op.n} Income",
        "refresh_display": "you may refresh the 5 available Verses",
        "move_server": "you may move the Server here (anyone's) to an adjacent Borough",
        "steal_immunity": "steal 1 Immunity from a player with a Director here or adjacent",
        "give_corruption": "you may give one of your Corruption cards to another player",
        "swap_agent": "swap one of your Agents on Duty for an Agent in Neo Paris",
        "ec_and_remove": "+3 EC, remove 1 Influence from the Borough",
    }
    return texts.get(op.op, "")


def activation_text(card: AgentCard) -> str:
    """ "Tech: +3 EC; +2 Income" (the type's ability, then the card's own addition)."""
    extra = _activation_extra(card)
    return TYPE_ABILITY[card.type] + (f"; {extra}" if extra else "")


ARMED = {
    "verse_refresh_all": "if you Create a Verse this turn, refresh the 5 available Verses first",
    "server_ec3": "if you Build a Server this turn, +3 EC",
    "verse_ec3": "if you Create a Verse this turn, +3 EC",
    "server_no_it": "if you Build a Server this turn, you need no Influence in the Borough",
    "recruit_range2": "if you Recruit an Agent this turn, +2 Range",
    "recruit_ec4": "if you Recruit an Agent this turn, +4 EC",
}


def _promotion(card: AgentCard) -> str:
    op = card.promotion
    where = districts(card.districts)
    extra = "Recruit from the Agent discard pile" if op.action == "recruit_discard" else ""
    texts = {
        "remove_in_districts": f"remove 1 Influence in {where}",
        "add_or_remove_in_districts": f"add or remove 1 Influence in {where}",
        "extra": f"an extra {extra or ACTION_NAMES.get(op.action, op.action)} Action this turn",
        "arm": ARMED.get(op.arm, ""),
        "copy_promotion": "use the Promotion of any Agent on Duty (anyone's)",
        "income": f"+{op.n} Income",
        "immunity": f"+{op.n} Immunity",
        "swap_corruption": "look at another player's Corruption cards, take one and give one back",
        "add_adjacent": "add 1 Influence to an adjacent Borough",
        "discard_corruption": f"discard {plural(op.n, 'Corruption card')} of your choice",
        "online_free": "put one of your Verses Online whatever its condition (and gain its Bonus)",
        "refresh_agents": "turn all your Agents on Duty upright",
        "give_corruption": "give one of your Corruption cards to another player",
        "choose_type": "at the scoring, choose her type: Fighter, Tech or Diplomat",
    }
    return texts.get(op.op, "")


def promotion_text(card: AgentCard) -> str:
    """ "draw 1 Corruption card: +1 Income" ("Level 1 Agents Promotion Ability always makes you draw 1
    Corruption card")."""
    text = _promotion(card)
    return f"draw 1 Corruption card: {text}" if card.level == 1 and text else text


def boost_text(line: BoostLine | None) -> str:
    """ "Work: +3 EC", "Recruit an Agent: +2 EC, +1 Range" (empty: no Boost line, a Level 2 Agent)."""
    return f"{ACTION_NAMES[line.action]}: {boost_gain(line)}" if line is not None else ""


def boost_gain(line: BoostLine) -> str:
    """What a Boost adds to its Action: "+2 EC, +1 Range"."""
    parts = [
        f"+{line.ec} EC" if line.ec else "",
        f"+{line.range} Range" if line.range else "",
        f"+{line.income} Income" if line.income else "",
        f"pay 1 EC to discard {plural(line.discard, 'more Corruption card')}" if line.discard else "",
        f"refresh up to {plural(line.refresh, 'available Verse')}" if line.refresh else "",
    ]
    return ", ".join(p for p in parts if p)


def verse_bonus_text(card: VerseCard) -> str:
    b = card.bonus
    where = f"in {districts(b.districts)}" if b.districts else "anywhere"
    texts = {
        "none": "",
        "boost": "take an available Boost card",
        "plus2": "a +2 VP token",
        "income": f"+{b.n} Income",
        "immunity": f"+{b.n} Immunity",
        "ec": f"+{b.n} EC",
        "add_in": f"add 1 Influence {where}",
        "add_controlled": f"add {b.n} Influence to Boroughs you control",
        "to_recycle": f"put {b.n} Influence in the Recycle Area",
        "opponents_discard": "each opponent discards an Agent on Duty, a Boost or an Immunity token",
    }
    return texts.get(b.op, "")


TITLE_TEXT = {
    "peek": "look at the top Necro card in secret",
    "draw2_discard2": "draw 2 Corruption cards, then discard 2",
    "upright_agent": "turn one of your Agents on Duty upright",
    "work_ec5": "+5 EC on this turn's Work",
    "keep_item": "keep an Agent on Duty or a Boost a raid or a Necro card takes (outside your turn too)",
    "server_no_it": "build this turn's Server without Influence in the Borough",
    "server_or_verse_for_ec": "give up one of your Servers or Verses for 10 EC",
}
"""The Titles' abilities ("once per Round ... Turn your Title card sideways")."""


def title_text(district: str) -> str:
    card = next((t for code, t in pack().titles.items() if code == district), None)
    return TITLE_TEXT.get(card.ability, "") if card is not None else ""


def _necro_op(op: Op) -> str:
    action = ACTION_NAMES.get(op.action, op.action)
    texts = {
        "immunity": f"+{op.n} Immunity",
        "draw": f"draw {plural(op.n, 'Corruption card')}",
        "marker": f"next Round {action} {'gives' if op.action == 'work' else 'costs'} {op.value} EC",
        "income": f"{op.n:+d} Income",
        "ec": f"{op.n:+d} EC",
        "cap_ec": f"keep at most {op.n} EC",
        "lose_all_ec": "lose all EC",
        "discard_corruption": f"discard {plural(op.n, 'Corruption card')} (chosen)",
        "remove_it": f"remove {plural(op.n, 'Influence token')}",
        "discard_verse": "discard a Verse",
        "discard_agent": "discard an Agent on Duty",
        "discard_boost": "discard a Boost",
        "verse_cap": f"Verses score at most {op.n} VP each",
        "objective_cap": f"the Objective scores at most {op.n} VP",
        "trio_value": f"each Agent trio scores {op.n} VP",
        "title_value": f"each Title scores {op.n} VP",
        "remove_server_or_vp": f"remove a Server (none left: -{op.n} VP)",
        "clear_boroughs": f"remove all Influence from {plural(op.n, 'Borough')}",
    }
    return texts.get(op.op, op.op.replace("_", " "))


def necro_effects(ops: tuple[Op, ...] | list[Op]) -> str:
    """One effect of a Necro card (MINIMUM, GLOBAL or MAXIMUM) in words; "no effect" for none."""
    return ", ".join(_necro_op(op) for op in ops) or "no effect"


def necro_text(card: NecroCard) -> str:
    """ "MINIMUM, lowest Income: +1 Immunity · GLOBAL, everyone: ... · MAXIMUM, highest Income: ..." """
    return (
        f"MINIMUM, lowest Income: {necro_effects(card.minimum)} · GLOBAL, everyone: "
        f"{necro_effects(card.global_)} · MAXIMUM, highest Income: {necro_effects(card.maximum)}"
    )


OBJECTIVE_NAME = {
    "income_pairs": "3 VP per 2 Income",
    "servers": "5 VP per Server",
    "verses": "5 VP per Verse",
    "genres": "7 VP per Verse type",
    "one_genre": "7 VP per Verse of one type",
    "boroughs": "{per} VP per Borough controlled",
    "empty_districts": "{per} VP per District without Influence",
    "titles": "{per} VP per Title",
    "agent_type": "Agents of one type",
    "money": "1 VP per 2 EC + Income",
}
"""The Objectives' short names (buttons, the scoring); ``{per}`` depends on the number of players."""
PER_SEATS = {
    "boroughs": {2: 2, 3: 3, 4: 4},
    "empty_districts": {2: 7, 3: 6, 4: 5},
    "titles": {2: 8, 3: 10, 4: 12},
}
""" "For each Borough you control, gain: 2 VPs in a 2-player game, 3 VPs in a 3-player game, or 4 VPs in a
4-player game" (and the like for Districts without Influence and Titles)."""


def objective_name(op: str, seats: int) -> str:
    return OBJECTIVE_NAME.get(op, op).format(per=PER_SEATS.get(op, {}).get(seats, ""))


OBJECTIVE_RULE = {
    "income_pairs": "3 VP for every 2 levels of Income",
    "servers": "5 VP per Server you built",
    "verses": "5 VP per Verse you own (Online or not)",
    "genres": "7 VP per Verse type you own",
    "one_genre": "Choose a Verse type: 7 VP per Verse of that type you own",
    "boroughs": "{per} VP per Borough you control",
    "empty_districts": "{per} VP per District without your Influence (Servers aside)",
    "titles": "{per} VP per Title you own (beside its usual 10 VP)",
    "agent_type": "Choose an Agent type: 7 VP per Level 1 and 10 VP per Level 2 Agent of it you own",
    "money": "1 VP for every 2 EC, plus 1 VP per level of Income",
}
"""The Objectives' texts (their scoring is :func:`.scoring.objective_points`), at most 30 VP."""


def objective_rule(op: str, seats: int) -> str:
    return OBJECTIVE_RULE.get(op, op).format(per=PER_SEATS.get(op, {}).get(seats, ""))


def genre_name(genre: str) -> str:
    return GENRE_NAMES.get(genre, genre)
