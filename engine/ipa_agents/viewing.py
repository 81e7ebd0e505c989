"""Building :class:`~.view.IpaView` for a seat: public statistics for everyone, the hand for its owner."""

from __future__ import annotations

from typing import Any

from engine.core.board import Cell
from engine.core.board.view import grid_picture

from .actions.play import boosted
from .effects import STATUS_NAMES
from .marks import shown_choices
from .pack import TYPE_NAMES, Card, pack
from .rules import ability, card_of, grid, hand_limit, meets, plural, stunned
from .state import AgentState, IpaState
from .turn_header import WAITING
from .view import AgentView, CardView, EquipmentView, IpaView, LastView


def _agent(state: IpaState, a: AgentState) -> AgentView:
    statuses = [STATUS_NAMES[s.status] for s in a.statuses] + [
        f"{card_of(o.card).name}: {plural(o.turns, 'more turn')}" for o in a.over_time
    ]
    entity = next((e for e in pack().entities.values() if e.id == a.ue), None)
    waiting = [text.split(":")[0] for counter, text in WAITING if boosted(state, counter)]
    return AgentView(
        seat=a.seat,
        unit=a.unit,
        cell=a.cell,
        alive=a.alive,
        life=a.life,
        max_life=a.max_life,
        abilities={k: ability(state, a, k) for k in a.abilities},
        points=a.points,
        credits=a.credits,
        sp=a.sp,
        ue=entity.name if entity is not None else None,
        ue_text=entity.text if entity is not None else "",
        upgrades=[pack().upgrades[u].name for u in a.upgrades],
        hand=len(a.hand),
        hand_limit=hand_limit(a),
        active=[card_of(c.card).name for c in a.active],
        statuses=statuses,
        permits=list(a.permits),
        injections=waiting if a.seat == state.acting else [],
    )


def _damage(card: Card) -> str:
    """What a card deals, in a few words (the card's own text says the rest)."""
    for effect in card.effects:
        if effect.op == "damage":
            kind = effect.type or card.default_type()
            if effect.roll is not None:
                return f"{min(effect.roll.values())} to {max(effect.roll.values())} {kind} damage, by the die"
            owned = " or ".join(pack().cards[c].name for c in effect.bonus_if_owns)
            extra = f" (+{effect.bonus} with {owned})"
            return f"{effect.amount} {kind} damage" + (extra if effect.bonus_if_owns else "")
        if effect.op == "over_time":
            return f"{effect.amount} {effect.type or card.default_type()} damage a turn, for a die's turns"
    return ""


def _range(card: Card) -> str:
    """How far a card reaches: melee next to you, a ranged weapon its range, an aimed card its maximum."""
    if card.type == "melee":
        return "next to you"
    if card.target == "self" or card.type in ("construct", "rift") and not card.planted:
        return ""
    if card.range is None:
        return "any distance"
    return f"{card.min_range} to {card.range}" if card.min_range else f"up to {card.range}"


def _hand(state: IpaState, seat: str) -> list[CardView]:
    agent = state.agents[seat]
    out = []
    for instance in sorted(agent.hand):
        card = card_of(instance)
        req = ", ".join(f"{k.capitalize()} {n}" for k, n in card.requires.items()) or "none"
        out.append(
            CardView(
                id=instance,
                name=card.name,
                type=TYPE_NAMES[card.type],
                price=card.price,
                requires=req,
                text=card.text,
                usable=meets(state, agent, card),
                damage_text=_damage(card),
                range_text=_range(card),
                use_cost=card.cost,
            )
        )
    return out


def picture(state: IpaState) -> dict[str, Any]:
    tokens: list[tuple[Cell, str, int | None]] = []
    index = {s: i for i, s in enumerate(state.seats)}
    for cell in state.events:
        tokens.append((Cell.parse(cell.cell), "?", None))
    for a in state.agents.values():
        # the seat's number (seats whose names share letters stay apart); the panels name it
        number = index[a.seat] + 1
        label = (f"{number}!" if stunned(a) else f"{number}") if a.alive else f"x{number}"
        tokens.append((Cell.parse(a.cell), label, index[a.seat] if a.alive else None))
    for fe in state.equipment.values():
        mark = {"sentry": "S", "gravitational_enforcer": "G", "scary_mary": "M"}.get(fe.kind, "T")
        life = f"{fe.life}" if fe.life is not None else ""
        tokens.append((Cell.parse(fe.cell), f"{mark}{life}", index.get(fe.owner or "", None)))
    sight = []
    if len(state.last_shot) == 3:
        sight.append(
            (Cell.parse(state.last_shot[0]), Cell.parse(state.last_shot[1]), state.last_shot[2] == "clear")
        )
    pic = grid_picture(
        grid(state),
        title=f"IPA: The Agents - round {state.round}, rank {state.rank}",
        tokens=tokens,
        blocked=[Cell.parse(w) for w in state.walls],
        path=[Cell.parse(c) for c in state.last_path],
        sight=sight,
    )
    for token in pic["tokens"]:
        if (
            token["seat"] is None
        ):  # face-down Events, corpses and ownerless equipment in grey, never a seat's colour
            token["colour"] = [150, 150, 150] if token["label"] == "?" else [90, 90, 90]
    return pic


def build_view(game: Any, state: IpaState, seat: str | None) -> IpaView:
    common = game.table_view(state, seat)
    hand = _hand(state, seat) if seat in state.agents else None
    return IpaView(
        **common,
        viewer=seat if seat in state.agents else None,
        round=state.round,
        rank=state.rank,
        acting=state.acting,
        size=state.size,
        walls=list(state.walls),
        events=[e.cell for e in state.events],
        agents=[_agent(state, state.agents[s]) for s in state.seats],
        equipment=[
            EquipmentView(
                unit=e.unit,
                kind=e.kind,
                name=pack().equipment[e.kind].name,
                owner=e.owner,
                cell=e.cell,
                life=e.life,
                armed=e.armed,
            )
            for e in state.equipment.values()
        ],
        deck=len(state.deck),
        recycle=len(state.recycle),
        last_path=list(state.last_path),
        last_shot=list(state.last_shot),
        hand=hand,
        controlled_by=state.control.controller if state.control is not None else None,
        offered=_offered(state, seat),
        sale_credits=state.agents[seat].turn_credits if seat in state.agents else None,
        controlled_cards=_controlled(state, seat),
        last=_last(state),
        picture=picture(state),
    )


def _controlled(state: IpaState, seat: str | None) -> list[str] | None:
    """Mind Control's two drawn cards, for the controller and the controlled Agent's player only."""
    control = state.control
    if control is None or seat not in (control.controller, control.target):
        return None
    return [card_of(c).name for c in control.cards]


def _last(state: IpaState) -> LastView:
    life: dict[str, int] = {}
    for mark in state.marks:
        if mark.seat:
            life[mark.seat] = life.get(mark.seat, 0) + mark.life
    squares = list(dict.fromkeys(m.square for m in state.marks if m.square))
    return LastView(
        squares=squares,
        life={s: n for s, n in life.items() if n},
        chosen=shown_choices(state),
    )


def _offered(state: IpaState, seat: str | None) -> str | None:
    """The card a gift offers ``seat`` (its frame names it; only the recipient's view shows it)."""
    top = state.waiting.top()
    if seat is None or top is None or top.topic != "gift" or seat not in top.asked():
        return None
    return card_of(str(top.data["card"])).name
