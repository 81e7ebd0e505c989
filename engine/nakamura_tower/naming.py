"""How Nakamura Tower names things for a player (issue 30): rooms and hallways by their names, Terminals by
their colour and square ("the red Terminal at B2"), doors by their colour, number and doorway ("the red
door 1 at E3-F3"), a Team by the players who play it (a shared Faction: "p1 and p3"), and counts with their
plural forms. Never an id. (A drone is named by its card and the number its token shows: see
:func:`.stats.name`.)"""

from __future__ import annotations

from . import board
from .state import NtState


def plural(count: int, noun: str, many: str = "") -> str:
    """ "1 card", "2 cards" ("1 Action Point", "3 Action Points"; ``many`` for an irregular plural)."""
    return f"{count} {noun if count == 1 else many or noun + 's'}"


def cap(text: str) -> str:
    """The text with a capital first letter (the rest as it is: "the red Terminal at B2" -> "The red ...")."""
    return text[:1].upper() + text[1:]


def room(state: NtState, area: str) -> str:
    """A room's or hallway's name ("Laboratory")."""
    found = board.grid(state).areas.get(area)
    return (found.name if found is not None else "") or "the floor"


def room_of(state: NtState, cell: str) -> str:
    """The name of the room or hallway a square is in."""
    return room(state, board.area(state, cell))


def terminal_named(colour: str, cell: str) -> str:
    """ "the red Terminal at B2"; a Terminal without a colour is the basic one."""
    return f"the {colour or 'basic'} Terminal at {cell}"


def terminal(state: NtState, terminal_id: str) -> str:
    spec = next((t for t in board.mission(state).terminals if t.id == terminal_id), None)
    return terminal_named(spec.colour, spec.cell) if spec is not None else "a Terminal"


def door_named(colour: str, number: int | None, edge: str) -> str:
    """ "the red door 1 at E3-F3" (a door's colour and number are printed on its token; the doorway says
    where it is)."""
    named = " ".join(x for x in (colour, "door", str(number) if number is not None else "") if x)
    return f"the {named} at {edge}"


def door(state: NtState, edge: str) -> str:
    spec = board.grid(state).door(board.edge_of(edge))
    return door_named(spec.colour if spec else "", spec.number if spec else None, edge)


def team(state: NtState, seat: str) -> str:
    """The players of a Team: its seat, with its partner in a shared Faction ("p1 and p3")."""
    partner = next((p for p, t in state.partners.items() if t == seat), None)
    return f"{seat} and {partner}" if partner is not None else seat


def team_of(state: NtState, seat: str) -> str:
    """ "p1's Team", or "p1 and p3's Team" for a shared Faction."""
    return f"{team(state, seat)}'s Team"


__all__ = [
    "cap",
    "door",
    "door_named",
    "plural",
    "room",
    "room_of",
    "team",
    "team_of",
    "terminal",
    "terminal_named",
]
