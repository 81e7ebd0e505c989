"""What a person reads: the label of every Gamedec intent, the names of traded goods, the turn's question.

:func:`describe` labels any intent from the state (the menus, refusals and confirmations use it); a label
that names an unknown card, space or seat raises ``KeyError``, and the game shows the key instead. Labels
that depend on whom a decision asks take that seat from the decision on top, or are given it.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.core import Intent
from engine.core.labels import fit

from . import rules as R
from .board import AID, NAMES, REALIUM
from .pack import load_pack
from .state import GamedecState

SIMPLE = {
    "end": "End turn",
    "draw": "Draw Task cards",
    "heal": "Heal a Wound (1 Credit)",
    "sell_tasks": "Sell 3 Task cards for 1 Credit",
    "buy_rep": "Reputation +1 (1 Credit)",
    "pass": "Pass",
    "stop": "Stop (cancel)",
    "seven": "Take 7 on the dice",
    "roll": "Roll the dice",
    "cancel": "Cancel the trade",
    "done": "That is all",
    "decline": "Decline the trade",
    "trade_call": "Ask every player for trade offers",
    "cheat": "Send nothing (cheat)",
    "story_finish": "Complete your Scenario (second path)",
}


REWARD_WORDS = {
    "clue": "Clue",
    "ip": "Investigation Point",
    "skill": "Skill",
    "equipment": "Equipment card",
    "credit": "Credit",
    "rep": "Reputation +1",
}
PENALTY_WORDS = {
    "rep_loss": "Reputation -1",
    "bio": "Bio Wound",
    "neuro": "Neuro Wound",
    "offend": "an Obligation",
}


def task_summary(card: str) -> str:
    """A Task card in words: "The Velvet Heir (any world, DL 8, agility/melee; success Clue; failure
    Reputation -1)"."""
    t = load_pack().tasks[card]
    where = "any world" if t.world == "universal" else NAMES[t.world]
    success = " + ".join(REWARD_WORDS[r] for r in t.success)
    failure = PENALTY_WORDS[t.failure]
    return f"{t.name} ({where}, DL {t.dl}, {'/'.join(t.skills)}; success {success}; failure {failure})"


def describe(state: GamedecState, intent: Intent) -> str:
    """The label of ``intent`` now (``KeyError`` for an unknown card, space or seat in it)."""
    by_kind = LABELS.get(intent.kind)
    if by_kind is not None:
        return by_kind(state, intent)
    return SIMPLE.get(intent.kind, intent.key())


def decided_by(state: GamedecState) -> str:
    """The seat the decision on top asks ('' when no decision is asked)."""
    top = state.decision()
    return top.seat if top is not None else ""


# --- the turn ---------------------------------------------------------------------------------


def turn_text(state: GamedecState) -> str:
    p = state.players[state.active]
    where = NAMES[p.pos]
    if not state.moved:
        return f"Your turn: {state.moves_left} move(s). Start with a move (you are in {where})."
    return f"In {where}: act here, move ({state.moves_left} left) or end your turn."


def turn_public(state: GamedecState) -> str:
    """The turn told to the others: whose it is, where, and the moves left."""
    seat = state.active
    where = NAMES[state.players[seat].pos]
    if not state.moved:
        return f"{seat} plays a turn: {state.moves_left} move(s), starting in {where}."
    return f"{seat} plays a turn in {where}: acts there, moves ({state.moves_left} left) or ends the turn."


def _move(state: GamedecState, intent: Intent) -> str:
    extra = " (lose Reputation)" if intent.get("lose") else ""
    return f"Move to {NAMES[intent.word('to')]}{extra}"


def _play(state: GamedecState, intent: Intent) -> str:
    t = load_pack().tasks[intent.word("card")]
    return f"Play {t.name} (DL {t.dl}, {'/'.join(t.skills)})"[:80]


def _card(state: GamedecState, intent: Intent) -> str:
    c = intent.word("card")
    if c.startswith("d") and c[1:].isdigit():
        return f"Pick face-down card #{c[1:]}"
    verb = "Discard" if intent.kind == "discard" else "Pick"
    return f"{verb} {load_pack().tasks[c].name}"[:80]


def _equipment(state: GamedecState, intent: Intent) -> str:
    eq = load_pack().equipment[intent.word("eq")]
    return f"{'Discard' if intent.kind == 'discard_eq' else 'Sell'} {eq.name} (+2 {eq.skill})"


def _skill(state: GamedecState, intent: Intent) -> str:
    return skill_label(state, state.active if intent.kind == "buy_skill" else decided_by(state), intent)


def skill_label(state: GamedecState, seat: str, intent: Intent) -> str:
    """A Skill to take (its value for ``seat``'s detective) or to buy in Deep Past World."""
    value = ""
    if seat in state.players and state.players[seat].detective:
        value = f" +{R.detective(state, seat).skills.get(intent.word('id'), 0)}"
    buy = intent.kind == "buy_skill"
    return f"{'Buy' if buy else 'Take'} Skill {intent.word('id')}{value}{' (2 Credits)' if buy else ''}"


def _react(state: GamedecState, intent: Intent) -> str:
    n = intent.num("n")
    sign = "+" if intent.kind == "assist" else "-"
    return (
        f"{intent.kind.capitalize()} {intent.word('on')} with {n} card{'s' if n > 1 else ''} ({sign}{2 * n})"
    )


def _commission(state: GamedecState, intent: Intent) -> str:
    lag = intent.get("lag")
    return f"Commission: remove the Lag in {NAMES[str(lag)]}" if lag else "Commission: turn the Target"


def _aid(state: GamedecState, intent: Intent) -> str:
    take = intent.word("take")
    seat = state.active
    corp = state.players[seat].pos if seat else ""
    if corp not in AID:
        return "Corporate Aid: " + take.replace("+", " + ")
    heal_kind, cash_kind = AID[corp]
    card = state.corp_equip.get(corp)
    eq = load_pack().equipment[card].name if card else "Equipment"
    words = {
        "heal": f"heal {heal_kind.capitalize()}",
        "cash": "1 Credit" if cash_kind == "credit" else "Reputation +1",
        "equip": f"Equipment {eq}",
    }
    parts = take.split("+")
    if parts == ["cash", "cash"]:
        return "Aid: " + ("2 Credits" if cash_kind == "credit" else "Reputation +2")
    return fit("Aid: " + " + ".join(words[x] for x in parts))


def _pile(state: GamedecState, intent: Intent) -> str:
    buy = intent.kind == "buy_equip"
    where = intent.word("pile" if buy else "take")
    cost = " (1 Credit)" if buy else ""
    verb = "Buy" if buy else "Take"
    if where == "deck":
        return f"{verb} the top Equipment card of the deck, unseen{cost}"
    top_eq = load_pack().equipment[state.equip_faceup[-1]] if state.equip_faceup else None
    shown = f" {top_eq.name} (+2 {top_eq.skill})" if top_eq else " the face-up Equipment"
    return f"{verb}{shown} from the face-up pile{cost}"


def _heal(state: GamedecState, intent: Intent) -> str:
    if not state.active:
        return SIMPLE["heal"]
    kind = "Bio" if state.players[state.active].pos == REALIUM else "Neuro"
    return f"Heal your {kind} Wound (1 Credit)"


def _wound(state: GamedecState, intent: Intent) -> str:
    seat = decided_by(state)
    if seat:
        return wound_label(state, seat, intent)
    return f"Take a {intent.word('type').capitalize()} Wound"


def wound_label(state: GamedecState, seat: str, intent: Intent) -> str:
    kind = intent.word("type")
    if kind not in ("bio", "neuro"):
        return intent.key()  # not a Wound: the refusal quotes it and lists the two there are
    return f"Take a {kind.capitalize()} Wound (-{getattr(R.detective(state, seat), kind)} to your rolls)"


def _detective(state: GamedecState, intent: Intent) -> str:
    d = load_pack().detectives[intent.word("id")]
    best = max(d.skills, key=lambda x: (d.skills[x], x))
    return fit(f"{d.name} ({best} +{d.skills[best]}): {d.ability_text}")


def _skip(state: GamedecState, intent: Intent) -> str:
    top = state.decision()
    return skip_label(top.topic if top is not None else "")


def skip_label(topic: str) -> str:
    return {"story_offer": "Keep your Scenario hidden", "mind": "Do not use Digital Mind now"}.get(
        topic, "Add no Lag"
    )


# --- the Scenarios option -----------------------------------------------------------------------


def _story_start(state: GamedecState, intent: Intent) -> str:
    via = intent.word("via")
    how = {
        "assist": "after your Assist",
        "commission": "after your Commission",
        "clues": "removing your 2 oldest Clues",
    }.get(via, f"removing your Clue in {NAMES.get(via, via)}")
    return f"Reveal your Scenario ({how})"


def _story_task(state: GamedecState, intent: Intent) -> str:
    return "Undertake Puppet Master (DL 12)" if intent.get("card") else "Undertake your Scenario's story Task"


def _ability(state: GamedecState, intent: Intent) -> str:
    if intent.word("use") == "mind":
        kind = intent.get("type")
        wound = f"a {kind.capitalize()} Wound" if isinstance(kind, str) else "a Wound"
        return f"Digital Mind: take {wound} for Reputation +1"
    return (
        f"Big Brother: 2 set-aside cards to lift the Obligation at {NAMES.get(str(intent.get('corp')), '')}"
    )


def _finale(state: GamedecState, intent: Intent) -> str:
    return f"Take the Finale {load_pack().finales[intent.word('id')].name}"[:80]


def _place_lag(state: GamedecState, intent: Intent) -> str:
    return f"Add a Lag in {NAMES.get(intent.word('world'), '')}"


# --- trades ----------------------------------------------------------------------------------------


def item_label(state: GamedecState, item: str, owner_view: bool) -> str:
    """A traded item: nothing, 1-2 Credits, an Equipment card, a named Task card (named only to the two
    traders: ``owner_view``) or a Task card of the giver's choice."""
    pack = load_pack()
    if item == "none":
        return "nothing"
    if item in ("c1", "c2"):
        return f"{item[1]} Credit{'s' if item == 'c2' else ''}"
    if item == "task":
        return "a Task card (giver's choice)"
    if item in pack.equipment:
        return pack.equipment[item].name
    if item in pack.tasks:
        return f"the Task card {pack.tasks[item].name}" if owner_view else "a Task card"
    return item


def _add(state: GamedecState, intent: Intent) -> str:
    """A good added to a trade of several goods (the side being built: what one gives, or asks for)."""
    what = intent.word("what")
    giving = state.trade is None or state.trade.stage == "give"
    if what == "task":
        return "Ask for a Task card of their choice"
    verb = "Give" if giving else "Ask for"
    return f"{verb} {'1 Credit' if what == 'c1' else item_label(state, what, True)}"[:80]


def _choose(state: GamedecState, intent: Intent) -> str:
    """The Task cards of one's choice a trade of several goods asks for (a pick: ``t1+t2``)."""
    cards = [c for c in intent.word("pick").split("+") if c != "none"]
    return f"Give {', '.join(item_label(state, c, True) for c in cards) or 'nothing'}"[:80]


def _give_get(state: GamedecState, intent: Intent) -> str:
    verb = "Give" if intent.kind == "give" else "Ask for"
    return f"{verb} {item_label(state, intent.word('what'), True)}"[:80]


def _accept(state: GamedecState, intent: Intent) -> str:
    card = intent.get("card")
    return f"Accept, giving {item_label(state, str(card), True)}"[:80] if card else "Accept the trade"


def _take(state: GamedecState, intent: Intent) -> str:
    src = intent.word("src")
    t = state.trade
    card = intent.get("card")
    if t is not None and src in t.offers:
        g, a = t.offers[src]
        paid = item_label(state, str(card), True) if card else item_label(state, a, True)
        return f"Take {src}'s offer: {item_label(state, g, True)} for {paid}"[:80]
    return f"Take {src}'s offer"


def _send(state: GamedecState, intent: Intent) -> str:
    card = intent.get("card")
    return f"Send {item_label(state, str(card), True)}"[:80] if card else "Send the agreed goods"


def _show(state: GamedecState, intent: Intent) -> str:
    card = intent.word("card")
    pack = load_pack()
    name = pack.tasks[card].name if card in pack.tasks else card
    seat = shower(state)
    to = (
        ", ".join(sorted(show_audience(state, seat) - {seat}))
        if seat
        else (state.active or "the other trader")
    )
    return f"Show your Task card {name} to {to}"[:80]


def _cancel(state: GamedecState, intent: Intent) -> str:
    offers = state.trade is not None and state.trade.stage == "offers"
    return "Make no offer" if offers else SIMPLE["cancel"]


def _decline(state: GamedecState, intent: Intent) -> str:
    choose = state.trade is not None and state.trade.stage == "choose"
    return "Decline every offer" if choose else SIMPLE["decline"]


def show_audience(state: GamedecState, seat: str) -> set[str]:
    """Who sees a shown card: the other side of the trade (RB: "one may show one's Task cards to the other
    players for this purpose"), and the shower."""
    t = state.trade
    assert t is not None
    if seat == state.active:
        others = {t.partner} if t.partner else {s for s in t.offers if s not in t.passed}
    else:
        others = {state.active}
    return others | {seat}


def shower(state: GamedecState) -> str:
    """The seat a show intent is being described for (the one asked in this trade stage)."""
    t = state.trade
    if t is None:
        return ""
    if t.stage in ("give", "get"):
        return t.by or state.active
    if t.stage == "answer":
        return state.active if t.by else t.partner
    return ""


def _plain(text: Callable[[Intent], str]) -> Callable[[GamedecState, Intent], str]:
    return lambda state, intent: text(intent)


LABELS: dict[str, Callable[[GamedecState, Intent], str]] = {
    "move": _move,
    "play": _play,
    "discard": _card,
    "pick": _card,
    "discard_eq": _equipment,
    "sell_equip": _equipment,
    "skill": _skill,
    "buy_skill": _skill,
    "assist": _react,
    "sabotage": _react,
    "commission": _commission,
    "aid": _aid,
    "buy_equip": _pile,
    "pile": _pile,
    "heal": _heal,
    "wound": _wound,
    "detective": _detective,
    "skip": _skip,
    "story_start": _story_start,
    "story_task": _story_task,
    "ability": _ability,
    "finale": _finale,
    "place_lag": _place_lag,
    "give": _give_get,
    "add": _add,
    "choose": _choose,
    "offer": _plain(lambda i: f"Propose a trade of several goods to {i.word('to')}"),
    "get": _give_get,
    "accept": _accept,
    "take": _take,
    "send": _send,
    "show": _show,
    "cancel": _cancel,
    "decline": _decline,
    "attack": _plain(lambda i: f"Attack {i.word('on')} with {i.word('skill')}"),
    "hunt": _plain(lambda i: f"Make {i.word('on')} place an Obligation (1 Credit)"),
    "smear": _plain(lambda i: f"Lower {i.word('on')}'s Reputation by 2 (1 Credit)"),
    "corp": _plain(lambda i: f"Obligation at {NAMES.get(i.word('id'), i.word('id'))}"),
    "trade": _plain(lambda i: f"Propose a trade to {i.word('to')}"),
    "boost": _plain(lambda i: "Smoke and Mirrors: 1 Credit for +2"),
}
