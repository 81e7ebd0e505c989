"""The Interpol Raid: "The player reveals all of their Corruption Cards and suffers their effects in the order
of their choice ... A player can spend 1 Immunity token to ignore the effect of a Corruption card ... After a
Raid, all of the player's Corruption cards, whether they had an effect or not, are discarded."

"Lose 1 Immunity token. This card must be resolved first, before you can spend Immunity tokens" (ruling A35:
it cannot be ignored). "If one of these options would affect you, you MUST choose it" (ruling A36: only the
options that affect the player are offered; none, the card does nothing). The cards' effects do not depend on
one another, but what the player ignores and keeps does: so the player chooses which card resolves next
(ruling V-12). Where no choice is left (no Immunity, no Quartier Latin, one way for each card to hit) every
order gives the same result and the cards resolve in the hand's order without asking.
"""

from __future__ import annotations

from pydantic import BaseModel

from engine.core import Event, Intent, public

from .agents_row import discard_verse
from .cardtext import plural
from .control import remove_it, remove_server, servers_of
from .least_loss import after, best_after, worth
from .losses import discard_agent, discard_boost, ql_ready
from .pack import CorruptionCard
from .picks import PICK, item_label
from .rules import (
    RULES,
    P,
    agent_name,
    borough_name,
    change_income,
    corruption_label,
    design,
    distinct_cards,
    gain_ec,
    type_of,
    verse_name,
)
from .state import Player, RaidStep, VrState

MYTHOLOGIA = 7


class RaidPayload(BaseModel):
    seat: str
    final: bool
    spent: int
    left: list[str]
    card: str


def apply_options(state: VrState, player: Player, card: CorruptionCard) -> list[tuple[Intent, str]]:
    """The ways the card can hit the player (empty: no effect)."""
    seat = player.seat
    t = card.template
    if t in ("lose_ec", "income_down"):
        return [(Intent.of("pick", apply=1), "Suffer it")]
    if t == "remove_influence":
        return [
            (Intent.of("pick", at=b), f"Remove 1 Influence in {borough_name(b)}")
            for b in P().boroughs
            if state.owner.get(b) == seat and P().district_of(b) in card.districts
        ]
    if t == "remove_server":
        return [
            (Intent.of("pick", at=b), f"Lose the Server in {borough_name(b)}")
            for b in servers_of(state, seat)
            if P().district_of(b) in card.districts
        ]
    if t == "discard_boost":
        return [
            (Intent.of("pick", boost=b), f"Discard the Boost {item_label(b)}")
            for a in card.actions
            for b in player.boosts.get(a, [])
        ]
    if t == "discard_verse":
        return [
            (Intent.of("pick", verse=h.verse), f"Discard {verse_name(h.verse)}")
            for h in player.verses
            if P().verses[h.verse].genre in card.genres
        ]
    if t == "discard_agent":
        return [
            (Intent.of("pick", agent=d.agent), f"Discard {agent_name(d.agent)}")
            for d in player.duty
            if type_of(player, d.agent) == card.agent
        ]
    return []


def card_offer(state: VrState, step: RaidStep, card: CorruptionCard) -> list[tuple[Intent, str]]:
    """How a card can be resolved: ignored (1 Immunity), kept with the Quartier Latin Title, or suffered."""
    player = state.p(step.seat)
    hits = apply_options(state, player, card)
    if not hits:
        return []
    offer = [(Intent.of("pick", ignore=1), "Spend 1 Immunity to ignore it")] if player.imm else []
    if card.template in ("discard_agent", "discard_boost") and ql_ready(state, step.seat):
        offer.append((Intent.of("pick", keep="ql"), "Keep it: use the Quartier Latin Title"))
    return [*offer, *hits]


def _tagged(card: str, intent: Intent, label: str) -> tuple[Intent, str]:
    return Intent("pick", (("card", card), *intent.args)), f"{corruption_label(card)}: {label}"


@RULES.step("raid")
def raid(state: VrState, step: RaidStep) -> list[Event]:
    player = state.p(step.seat)
    events: list[Event] = []
    left = list(step.left)
    if not step.started:
        events += _reveal(state, player, step.final)
        left = [c for c in player.hand if P().corruption[c].template != "lose_immunity"]
    offers = {c: card_offer(state, step, P().corruption[c]) for c in distinct_cards(left)}
    hitting = [c for c in left if offers.get(c)]
    left = [c for c in left if c not in offers or offers[c]]
    if not hitting:
        return events + _close(state, player, step.spent)
    payload = RaidPayload(seat=step.seat, final=step.final, spent=step.spent, left=left, card="")
    if len(hitting) > 1 and any(len(o) > 1 for o in offers.values()):
        # "suffers their effects in the order of their choice": the card and how it resolves, in one answer
        offer = [_tagged(c, i, label) for c in hitting for i, label in offers[c]]
        card, how = deadline_answer(state, step.seat, left, hitting)
        default = _tagged(card, how, "")[0]
        text = "Raid: choose the next card to resolve and how."
        public = f"Raid: {step.seat} chooses the next revealed card to resolve and how."
    else:
        card = hitting[0]
        offer = offers[card]
        default = deadline_answer(state, step.seat, left, [card])[1] if len(offer) > 1 else offer[0][0]
        left.remove(card)
        payload.card, payload.left = card, left
        text = f"Raid: {corruption_label(card)}."
        public = f"Raid: {step.seat} resolves {corruption_label(card)}."
    return events + RULES.ask(
        state, step.seat, "raid", text, offer, default=default, payload=payload, pace="quick", public=public
    )


def harm(state: VrState, seat: str, card_id: str, now: int | None = None) -> tuple[int, Intent | None]:
    """What suffering the Corruption card would cost the seat at the least (ruling V-16's measure; ``now``:
    the seat's worth, if known), and the way to suffer it that costs that (None: it cannot hit the seat)."""
    card = P().corruption[card_id]
    now = worth(state, seat) if now is None else now
    if card.template == "lose_immunity":
        return now - after(state, seat, lambda s: _lose_immunity(s, seat)), None
    hits = apply_options(state, state.p(seat), card)
    if not hits:
        return 0, None
    left, how = best_after(state, seat, hits, lambda s, i: suffer(s, seat, card, i))
    return now - left, how


def _lose_immunity(state: VrState, seat: str) -> None:
    state.p(seat).imm = max(0, state.p(seat).imm - 1)


def deadline_answer(state: VrState, seat: str, left: list[str], hitting: list[str]) -> tuple[str, Intent]:
    """The card to resolve next and how, when the deadline answers (ruling V-16): a card that costs nothing
    is suffered; the Quartier Latin keeps the costliest Agent or Boost; Immunity ignores the costliest cards
    while there is a token for each card worth ignoring, otherwise the cheapest card is suffered first."""
    now = worth(state, seat)
    costs = {c: harm(state, seat, c, now) for c in hitting}
    by_cost = sorted(hitting, key=lambda c: -costs[c][0])  # stable: the first offered among equals
    cheapest = min(hitting, key=lambda c: costs[c][0])
    if costs[cheapest][0] <= 0:
        return cheapest, _how(costs[cheapest][1])
    if ql_ready(state, seat):
        keepable = [c for c in by_cost if P().corruption[c].template in ("discard_agent", "discard_boost")]
        if keepable:
            return keepable[0], Intent.of("pick", keep="ql")
    imm = state.p(seat).imm
    if imm:
        guard = now - after(state, seat, lambda s: _lose_immunity(s, seat))
        worth_ignoring = [c for c in by_cost if costs[c][0] > guard]
        designs = {design(c) for c in worth_ignoring}
        if worth_ignoring and sum(1 for c in left if design(c) in designs) <= imm:
            return worth_ignoring[0], Intent.of("pick", ignore=1)
    return cheapest, _how(costs[cheapest][1])


def _how(intent: Intent | None) -> Intent:
    assert intent is not None, "a card in a raid's offer can hit"
    return intent


def _reveal(state: VrState, player: Player, final: bool) -> list[Event]:
    if len(player.hand) >= MYTHOLOGIA and not final:
        player.raided_7 = True
    if final:
        player.final_hand = len(player.hand)
    shown = "; ".join(corruption_label(c) for c in player.hand) or "no Corruption cards"
    events = [public("raid", f"Interpol raids {player.seat}: {shown}.")]
    for card in [c for c in player.hand if P().corruption[c].template == "lose_immunity"]:
        player.imm = max(0, player.imm - 1)
        told = f"the card '{corruption_label(card)}'"
        events.append(public("raid", f"{player.seat} loses 1 Immunity ({told})."))
    return events


def _close(state: VrState, player: Player, spent: int) -> list[Event]:
    if spent == 0 and not state.final:
        player.raided_no_imm = True
    cards = list(player.hand)
    player.hand = []
    state.corruption.discard(*cards)
    gone = plural(len(cards), "Corruption card")
    return [public("raid", f"{player.seat}'s raid is over: {gone} discarded.")]


@RULES.answers("raid", RaidPayload, takes=[PICK])
def raid_answer(state: VrState, seat: str, intent: Intent, payload: RaidPayload) -> list[Event]:
    player = state.p(seat)
    spent = payload.spent
    left = list(payload.left)
    card = payload.card
    if intent.get("card") is not None:
        card = intent.word("card")
        left.remove(card)
    events: list[Event] = []
    if intent.get("ignore") == 1:
        player.imm -= 1
        spent += 1
        events.append(public("raid", f"{seat} spends 1 Immunity to ignore '{corruption_label(card)}'."))
    elif intent.get("keep") == "ql":
        state.turned_titles.append("QL")
        events.append(public("title", f"{seat} uses the Quartier Latin Title to keep an item."))
    else:
        events += suffer(state, seat, P().corruption[card], intent)
    state.now(RaidStep(seat=seat, final=payload.final, started=True, spent=spent, left=left))
    return events


def suffer(state: VrState, seat: str, card: CorruptionCard, intent: Intent) -> list[Event]:
    player = state.p(seat)
    t = card.template
    if t == "lose_ec":
        gain_ec(state, seat, -2)
        return [public("raid", f"{seat} loses 2 Eurocredits.")]
    if t == "income_down":
        change_income(state, seat, -1)
        return [public("raid", f"{seat} loses 1 Income.")]
    if t == "discard_boost":
        return discard_boost(state, seat, intent.word("boost"))
    if t == "discard_agent":
        return discard_agent(state, seat, intent.word("agent"))
    if t == "discard_verse":
        held = next(h for h in player.verses if h.verse == intent.word("verse"))
        player.verses.remove(held)
        discard_verse(state, held.verse)
        return [public("raid", f"{seat} discards the Verse {verse_name(held.verse)}.")]
    if t == "remove_server":
        return remove_server(state, intent.word("at"))
    return remove_it(state, intent.word("at"))
