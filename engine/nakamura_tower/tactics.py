"""The heuristic agent's use of gear (engine/nakamura_tower/agent.py asks here first in the Real World):
First Aid for a stunned or badly wounded friend, a drag to pull a stunned friend along, a grenade where its
blast catches enemies and no friend (when it catches two, or no plain attack is offered), and a Mine token
behind the character on the way it came (never two within three squares)."""

from __future__ import annotations

from engine.core import Intent

from . import board
from .grenades import caught, need
from .loading import pack
from .state import NtState
from .stats import bonus, ph

MEDIAN_CARD = 5
MINE_SPACING = 3


def gear_choice(state: NtState, seat: str, legal: list[Intent]) -> Intent | None:
    for pick in (_aid, _drag, _grenade, _mine):
        found = pick(state, seat, legal)
        if found is not None:
            return found
    return None


def _aid(state: NtState, seat: str, legal: list[Intent]) -> Intent | None:
    def need_of(i: Intent) -> tuple[bool, int]:
        other = state.models[str(i.get("target"))]
        return other.stunned, other.wounds

    aids = [i for i in legal if i.kind == "aid" and (need_of(i)[0] or need_of(i)[1] >= 2)]
    return max(aids, key=need_of) if aids else None


def _drag(state: NtState, seat: str, legal: list[Intent]) -> Intent | None:
    drags = [i for i in legal if i.kind == "drag" and state.models[str(i.get("target"))].stunned]
    return drags[0] if drags and any(i.kind == "move" for i in legal) else None


def _grenade(state: NtState, seat: str, legal: list[Intent]) -> Intent | None:
    def value(i: Intent) -> int:
        item = pack().equipment[str(i.get("item"))]
        thrower = state.models[str(i.get("unit"))]
        if ph(thrower) + bonus(thrower, "ranged") + MEDIAN_CARD <= need(state, thrower, str(i.get("at"))):
            return 0  # more likely to scatter than not
        hit = caught(state, str(i.get("at")), item.blast)
        if any(board.allied(state, m, thrower) for m in hit):
            return 0  # never a friend, nor an ally in cooperative play
        return len(hit)

    g = board.grid(state)
    enemies = [
        board.square(m.cell) for m in board.on_board(state) if m.team != seat and m.cell is not None
    ]  # a quick filter; allies drop out below

    def near_enemy(i: Intent) -> bool:
        reach, at = pack().equipment[str(i.get("item"))].blast, board.square(str(i.get("at")))
        return any(g.distance(at, c) <= reach for c in enemies)

    throws = [(value(i), i) for i in legal if i.kind == "throw" and near_enemy(i)]
    throws = [(v, i) for v, i in throws if v > 0]
    if not throws:
        return None
    best, intent = max(throws, key=lambda t: (t[0], t[1].key()))
    plain = any(i.kind == "attack" for i in legal)
    return intent if best >= 2 or not plain else None


def _mine(state: NtState, seat: str, legal: list[Intent]) -> Intent | None:
    own = [m.cell for m in state.mines if m.owner == seat]
    for i in legal:
        if i.kind != "mine":
            continue
        cell = str(i.get("at"))
        here = state.models[str(i.get("unit"))].cell
        if cell != here and all(board.distance(state, cell, c) > MINE_SPACING for c in own):
            return i
    return None
