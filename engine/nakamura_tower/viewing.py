"""Builds a seat's :class:`~.view.NtView` from the state (and the board's render model for the renderer)."""

from __future__ import annotations

from typing import Any

from engine.core.board.view import grid_picture

from . import board
from .cardtext import gear_line, model_stats, programme_line
from .factions import NAMES
from .loading import pack
from .marks import last_view
from .mines import seen_by
from .scoring import final_scores
from .sharing import controller_of
from .state import Model, NtState, TeamState
from .stats import left as uses_left
from .stats import name, wound_limit
from .teambuild import bought, left
from .view import DoorView, DraftView, MineView, ModelView, NtView, TeamView, TerminalView

PHASES = {
    "setup": "Set-up",
    "infection": "Infection and Cybershock",
    "resources": "System Resources",
    "initiative": "Initiative",
    "cyber": "Cyberwarfare",
    "real": "Real World",
    "ai": "AI Operations",
    "cleanup": "Clean-Up",
}
"""The phases of a Game Turn in the rulebook's words (RB "Phase Sequence in a Game Turn")."""


def _tn(state: NtState, seat: str, viewer: str | None, values: bool = False) -> list[str]:
    """The fields of ``seat``'s Tactical Network as ``viewer`` sees them: a face-down card is only a back to
    the other seats (ruling C22); with ``values``, each card with what it does."""
    out = []
    for slot in state.teams[seat].tn:
        card = programme_line(slot.card) if values else pack().card(slot.card).name
        if slot.face_down:
            out.append(f"{card} (face down)" if viewer == seat else "a face-down card")
        else:
            owner = "the tower" if slot.owner == "ai" else slot.owner
            out.append(card if slot.owner == seat else f"{card} (from {owner})")
    return out


def draft_view(team: TeamState) -> list[DraftView]:
    paid = bought(team)
    return [
        DraftView(
            character=r.character,
            name=pack().characters[r.character].name,
            equipment=[pack().equipment[e].name for e in r.equipment],
            bought=[pack().equipment[e].name for e in paid[r.character]],
            leader=r.character == team.draft_leader,
            partner=n in team.partner_plays,
        )
        for n, r in enumerate(team.draft)
    ]


def _gear(state: NtState, model: Model, seat: str | None, values: bool = False) -> list[str]:
    """The model's cards by name; a limited card with the uses left on all its copies (but for another
    Team's mine card with ``hidden_mines``: how many tokens are out is its secret); with ``values``, each
    with what it does (a drone, its weapon)."""
    if model.kind != "character":
        weapon = pack().equipment[pack().drones[model.card].weapon]
        return [gear_line(weapon)] if values else []
    out = []
    for ident in dict.fromkeys(model.equipment):
        item = pack().equipment[ident]
        secret = item.kind == "mine" and state.opts.hidden_mines and seat != model.team
        uses = (model.equipment.count(ident) - 1) * item.uses + uses_left(model, item)
        if values:
            out.append(gear_line(item, uses if item.uses and not secret else None))
        elif item.uses and not secret:
            out.append(f"{item.name} ({uses} left)")
        else:
            out.append(item.name)
    return out


def picture(state: NtState) -> dict[str, Any]:
    opened = {board.edge_of(e) for e, d in state.doors.items() if d.state == "open"}
    locked = {board.edge_of(e) for e, d in state.doors.items() if d.state == "locked"}
    seats = {s: i for i, s in enumerate(state.sides)}
    tokens = [
        (board.square(m.cell), m.id, seats.get(m.team)) for m in board.present(state) if m.cell is not None
    ]
    sight = []
    if len(state.last_sight) == 2:
        sight = [(board.square(state.last_sight[0]), board.square(state.last_sight[1]), True)]
    return grid_picture(
        board.grid(state),
        title=board.mission(state).title,
        tokens=tokens,
        opened=opened,
        locked=locked,
        path=[board.square(c) for c in state.last_path],
        sight=sight,
    )


def build(common: dict[str, Any], state: NtState, seat: str | None) -> NtView:
    m = board.mission(state)
    grid = board.grid(state)
    final = final_scores(state)
    teams = [
        TeamView(
            seat=s,
            faction=t.faction,
            faction_name=NAMES.get(t.faction, t.faction),
            letter=t.letter,
            sr=t.sr,
            score=t.score,
            held_points=final[s] - t.score,
            hand_size=len(t.hand),
            deck_size=len(t.deck),
            tn=_tn(state, s, seat),
            tn_values=_tn(state, s, seat, values=True),
            leader=t.leader,
            hacker=state.hackers.get(s),
        )
        for s, t in state.teams.items()
    ]
    models = [
        ModelView(
            id=x.id,
            name=name(x),
            kind=x.kind,
            team=x.team,
            controller=controller_of(state, x),
            cell=x.cell,
            status=x.status,
            crippled=x.crippled,
            wounds=x.wounds,
            wound_limit=wound_limit(x),
            cybershock=x.cybershock,
            ap=x.ap,
            activated=x.activated,
            reacted=x.reacted,
            psychotic=x.psychotic,
            standing=x.standing,
            stunned=x.stunned,
            gear=_gear(state, x, seat),
            gear_values=_gear(state, x, seat, values=True),
            stats=model_stats(x),
        )
        for x in state.models.values()
    ]
    doors = []
    for e, d in state.doors.items():
        spec = grid.door(board.edge_of(e))
        doors.append(
            DoorView(
                edge=e,
                colour=spec.colour if spec else "",
                number=spec.number if spec else None,
                state=d.state,
                forced=d.forced,
            )
        )
    terminals = [
        TerminalView(
            id=t.id,
            cell=t.cell,
            kind=t.kind,
            colour=t.colour,
            defence=t.defence,
            controller=state.terminals[t.id].controller,
            installed=len(state.terminals[t.id].installed),
            face_up={k: [pack().card(c).name for c in v] for k, v in state.terminals[t.id].face_up.items()},
            face_down={k: len(v) for k, v in state.terminals[t.id].face_down.items()},
        )
        for t in m.terminals
    ]
    mine = state.teams.get(seat) if seat is not None else None
    return NtView(
        **common,
        mission=m.title,
        mission_text=m.text,
        round=state.round,
        turns=state.turns,
        phase=PHASES.get(state.phase, state.phase),
        order=list(state.order),
        current=state.current,
        teams=teams,
        models=models,
        doors=doors,
        terminals=terminals,
        alarms=dict(state.alarms),
        tac=dict(m.tac),
        areas={a: x.name or a for a, x in grid.areas.items()},
        area_kinds={a: x.kind for a, x in grid.areas.items()},
        objectives=list(state.objectives),
        mines=[MineView(cell=m.cell, owner=m.owner, armed=m.armed) for m in seen_by(state, seat)],
        exits=list(m.exits),
        entry_points=list(m.entry_points),
        cando_left=len(state.cando.cards),
        draws=list(state.draws),
        picture=picture(state),
        my_team=seat if mine is not None else None,
        my_hand=[pack().card(c).name for c in mine.hand] if mine is not None else [],
        my_cards=[programme_line(c) for c in mine.hand] if mine is not None else [],
        my_draft=draft_view(mine) if mine is not None else [],
        my_budget=left(state, mine) if mine is not None and mine.draft else 0,
        my_plan=secret_plan(state, seat) if mine is not None else [],
        my_seen=list(mine.seen) if mine is not None else [],
        last=last_view(state, seat),
    )


def secret_plan(state: NtState, seat: str | None) -> list[str]:
    """The seat's own answers so far to the open secret Cyberwarfare question (declaration, plan or
    Clean-Up), by their labels; nothing for any other seat."""
    frame = state.waiting.find("secret")
    if frame is None or seat is None:
        return []
    return [option.label for option in frame.given(seat)]
