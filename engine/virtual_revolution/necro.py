"""The Necro attack: "Player(s) with the lowest Income are affected by the MINIMUM effect. All Players are
affected by the GLOBAL effect ... Player(s) with the highest Income are affected by the MAXIMUM effect. If
all players have the same Income, they all suffer the 3 effects." "A Player can spend 2 Immunity tokens to
IGNORE THE GLOBAL EFFECT ... 3 Immunity tokens to IGNORE THE GLOBAL AND MAXIMUM EFFECTS."

The spending is secret and revealed together (a secret frame); then each player's effects apply (item choices
asked of that player), Eurocredit changes summed then floored at 0 (ruling A17), and every Income change last
("The increase or decrease in Income is applied after determining which players are affected")."""

from __future__ import annotations

from pydantic import BaseModel

from engine.core import Event, Intent, public
from engine.core.args import Shape, number
from engine.core.rules import Offer

from .cardtext import necro_effects, necro_text
from .control import servers_of
from .least_loss import least_losing
from .losses import settle_losses
from .pack import NecroCard, Op
from .promotions import ask_discard
from .rules import RULES, P, draw_corruption
from .state import LossStep, NecroApplyStep, NecroIncomeStep, NecroStep, Player, VrState

LOSS_OPS = {
    "discard_verse": "verse",
    "discard_agent": "agent",
    "discard_boost": "boost",
    "remove_it": "it",
    "clear_boroughs": "clear",
}


SPEND = Shape(
    "spend",
    (number("n", lambda state, n: f"Spend {n} Immunity" if n else "Spend nothing"),),
    title="Spend Immunity",
)
"""Immunity spent in secret against a Necro card."""
HARMLESS = ("immunity", "draw", "marker", "discard_corruption")
"""Effects that take nothing the score counts (ruling V-16): never worth an Immunity token at a deadline."""


class NecroPayload(BaseModel):
    low: list[str]
    high: list[str]


def groups(state: VrState) -> tuple[list[str], list[str]]:
    incomes = {s: state.p(s).income for s in state.order}
    low, high = min(incomes.values()), max(incomes.values())
    return [s for s in state.order if incomes[s] == low], [s for s in state.order if incomes[s] == high]


def spend_options(state: VrState, seat: str, high: list[str]) -> list[tuple[Intent, str]]:
    imm = state.p(seat).imm
    offer = [(Intent.of("spend", n=0), "Spend nothing")]
    if imm >= 2:
        offer.append((Intent.of("spend", n=2), "Spend 2 Immunity: ignore the GLOBAL effect"))
    if imm >= 3 and seat in high:
        offer.append((Intent.of("spend", n=3), "Spend 3 Immunity: ignore GLOBAL and MAXIMUM"))
    return offer


@RULES.step("necro")
def necro_attack(state: VrState, step: NecroStep) -> list[Event]:
    if not state.necro_deck:
        return []
    card_id = state.necro_deck.pop()
    state.necro_now = card_id
    for player in state.players.values():
        player.peek = None
    card = P().necro[card_id]
    low, high = groups(state)
    state.mark.necro, state.mark.low, state.mark.high = card_id, low, high
    events = [
        public("necro", f"Necro attack: {card.name}. {necro_text(card)}."),
        public("necro", f"Lowest Income (MINIMUM): {', '.join(low)}; highest (MAXIMUM): {', '.join(high)}."),
    ]
    payload = NecroPayload(low=low, high=high)
    choosing = [s for s in state.order if len(spend_options(state, s, high)) > 1] if card.global_ else []
    if not choosing:
        return events + necro_spent(state, {}, payload)
    offers = {s: spend_options(state, s, high) for s in choosing}
    return events + RULES.secret(
        state,
        choosing,
        "immunity",
        "Spend Immunity against the Necro card?",
        offers,
        defaults={s: spend_default(state, s, offers[s], payload) for s in choosing},
        payload=payload,
        announce="{seat} has decided.",
        pace="quick",
        public="The players who may spend Immunity against the Necro card decide in secret.",
    )


def spend_default(state: VrState, seat: str, offer: Offer, payload: NecroPayload) -> Intent:
    """The deadline's answer (ruling V-16): the spending after which the seat, having suffered the rest and
    given up what it must as its deadlines would, loses least; among equals the smaller spending."""
    apply = NecroApplyStep(seat=seat, spent=0, low=seat in payload.low, high=seat in payload.high)
    assert state.necro_now is not None
    card = P().necro[state.necro_now]
    spared = [*card.global_, *(card.maximum if apply.high else [])]
    if all(op.op in HARMLESS for op in spared):
        return offer[0][0]  # nothing to spare: spending nothing loses least (and trying it tells no more)

    def suffer(trial: VrState, intent: Intent) -> None:
        necro_apply(trial, apply.model_copy(update={"spent": intent.num("n")}))
        settle_losses(trial, seat)
        player = trial.p(seat)
        player.income = max(0, player.income + player.income_delta)

    return least_losing(state, seat, offer, suffer, thrift=lambda i: i.num("n"))


@RULES.revealed("immunity", NecroPayload, takes=[SPEND])
def necro_spent(state: VrState, choices: dict[str, Intent], payload: NecroPayload) -> list[Event]:
    spent = {s: choices[s].num("n") if s in choices else 0 for s in state.order}
    state.mark.spent = {s: n for s, n in spent.items() if s in choices}
    shown = ", ".join(f"{s} {n}" for s, n in spent.items() if s in choices)
    events = [public("necro", f"Immunity spent against the Necro card: {shown}.")] if choices else []
    state.now(
        *[
            NecroApplyStep(seat=s, spent=spent[s], low=s in payload.low, high=s in payload.high)
            for s in state.order
        ],
        NecroIncomeStep(),
    )
    return events


def effects_for(card: NecroCard, step: NecroApplyStep) -> list[Op]:
    """MINIMUM for the lowest Income, GLOBAL unless 2 were spent, MAXIMUM for the highest unless 3 were."""
    ops = list(card.minimum) if step.low else []
    if step.spent < 2:
        ops += card.global_
    if step.high and step.spent < 3:
        ops += card.maximum
    return ops


@RULES.step("necro_apply")
def necro_apply(state: VrState, step: NecroApplyStep) -> list[Event]:
    assert state.necro_now is not None
    card = P().necro[state.necro_now]
    player = state.p(step.seat)
    player.imm -= step.spent
    ops = effects_for(card, step)
    events: list[Event] = []
    ec = 0
    for op in ops:
        ec += op.n if op.op == "ec" else 0
        events += _apply(state, player, op)
    player.ec = max(0, player.ec + ec)
    if any(op.op == "cap_ec" for op in ops):
        player.ec = min(player.ec, 5)
    if any(op.op == "lose_all_ec" for op in ops):
        player.ec = 0
    if player.losses:
        state.now(LossStep(seat=step.seat))
    if any(op.op == "discard_corruption" for op in ops):
        events += ask_discard(state, step.seat, 1)
    return [public("necro", suffered(card, step)), *events]


def suffered(card: NecroCard, step: NecroApplyStep) -> str:
    """ "Ann suffers Hostile AI: +1 Immunity (MINIMUM), discard a Verse (GLOBAL)." """
    parts = [
        (card.minimum, step.low, "MINIMUM"),
        (card.global_, step.spent < 2, "GLOBAL"),
        (card.maximum, step.high and step.spent < 3, "MAXIMUM"),
    ]
    hits = [f"{necro_effects(ops)} ({name})" for ops, on, name in parts if on and ops]
    spent = f" ({step.spent} Immunity spent)" if step.spent else ""
    if not hits:
        return f"{step.seat} suffers nothing from {card.name}{spent}."
    return f"{step.seat} suffers {card.name}{spent}: {', '.join(hits)}."


def _apply(state: VrState, player: Player, op: Op) -> list[Event]:
    mods = player.end
    if op.op == "immunity":
        player.imm += op.n
    elif op.op == "draw":
        return draw_corruption(state, player.seat, op.n)
    elif op.op == "marker":
        player.next_markers[op.action] = op.value
    elif op.op == "income":
        player.income_delta += op.n
    elif op.op in LOSS_OPS:
        player.losses += [LOSS_OPS[op.op]] * max(1, op.n)
    elif op.op == "verse_cap":
        mods.verse_cap = op.n
    elif op.op == "objective_cap":
        mods.objective_cap = op.n
    elif op.op == "trio_value":
        mods.trio_value = op.n
    elif op.op == "title_value":
        mods.title_value = op.n
    elif op.op == "remove_server_or_vp":
        if servers_of(state, player.seat):
            player.losses.append("server")
        else:
            mods.penalty += op.n
    return []


@RULES.step("necro_income")
def necro_income(state: VrState, step: NecroIncomeStep) -> list[Event]:
    for seat in state.order:
        player = state.p(seat)
        player.income = max(0, player.income + player.income_delta)
        player.income_delta = 0
    if state.necro_now is not None:
        state.necro_seen.append(state.necro_now)
    state.necro_now = None
    return []
