"""Building :class:`~.view.IpaView` for a seat: public statistics for everyone, the hand for its owner."""

from __future__ import annotations

from typing import Any

from engine.core.board import Cell
from engine.core.board.view import grid_picture

from .pack import TYPE_NAMES, pack
from .rules import ability, card_of, grid, meets, stunned
from .state import AgentState, IpaState
from .view import AgentView, CardView, EquipmentView, IpaView


def _agent(state: IpaState, a: AgentState) -> AgentView:
    statuses = [s.status for s in a.statuses] + [f"{card_of(o.card).name} x{o.turns}" for o in a.over_time]
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
        ue=a.ue,
        upgrades=list(a.upgrades),
        hand=len(a.hand),
        active=[card_of(c.card).name for c in a.active],
        statuses=statuses,
        permits=list(a.permits),
    )


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
            )
        )
    return out


def picture(state: IpaState) -> dict[str, Any]:
    tokens: list[tuple[Cell, str, int | None]] = []
    index = {s: i for i, s in enumerate(state.seats)}
    for cell in state.events:
        tokens.append((Cell.parse(cell.cell), "?", None))
    for a in state.agents.values():
        # short, so it stays readable in a 22-pixel square; the side panel has the rest
        label = f"{a.seat[:4]} {a.life}" if a.alive else f"x {a.seat[:4]}"
        if a.alive and stunned(a):
            label = f"{a.seat[:4]} {a.life}!"
        tokens.append((Cell.parse(a.cell), label[:24], index[a.seat] if a.alive else None))
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
        picture=picture(state),
    )


def _offered(state: IpaState, seat: str | None) -> str | None:
    """The card a gift offers ``seat`` (its frame names it; only the recipient's view shows it)."""
    top = state.waiting.top()
    if seat is None or top is None or top.topic != "gift" or seat not in top.asked():
        return None
    return card_of(str(top.data["card"])).name
