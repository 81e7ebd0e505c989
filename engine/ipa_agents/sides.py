"""Sides and starting corners: teams (a table option for 4 players), the players choosing their corners,
and Gaia's Helpers' approval of the map.

RB "Before the Game Begins" 3: "Each player (or each group) places the Agent in one of the four starting
corners on the battle map (opponents may not start in the same starting corner)." Alternative rules,
Gaia's Helpers: "First, all players place the terrain tokens on the battle map. You must agree on the final
appearance of the battle map before you continue the game."
"""

from __future__ import annotations

from pydantic import BaseModel

from engine.core import Event, Intent, public
from engine.core.args import Shape, word
from engine.core.board import Cell

from . import marks
from .actions.move import wall_steps
from .names import words
from .rules import RULES, joined
from .setup import CORNERS, SEAT_CORNERS
from .state import CornerStep, GaiaStep, IpaState

TEAM_CORNERS = (0, 2)
"""Two teams start in opposite corners (A1 and X24)."""
GAIA_TRIES = 3
"""House: the third map placed stands, agreed or not, so a table that never agrees still plays."""


def teams_on(state: IpaState) -> bool:
    """Teams are played with 4 players (two teams of two: seats 1 and 3 against 2 and 4)."""
    return state.opts.teams and len(state.seats) == 4


def team_of(state: IpaState, seat: str) -> int:
    """The side of ``seat``: its team, or (without teams) its own seat index."""
    index = state.seats.index(seat)
    return index % 2 if teams_on(state) else index


def allied(state: IpaState, a: str, b: str) -> bool:
    return team_of(state, a) == team_of(state, b)


def sides(state: IpaState) -> list[list[str]]:
    """The seats by side, in seat order of their first member."""
    out: dict[int, list[str]] = {}
    for seat in state.seats:
        out.setdefault(team_of(state, seat), []).append(seat)
    return list(out.values())


def start_life(numbers_life: dict[int, int], seats: int, teams: bool) -> int:
    """RB: life 20/17/15 for 2/3/4 Agents; with teams, the life of the number of sides (the notes' ruling:
    two teams play as two sides, 20 each)."""
    return numbers_life[2] if teams and seats == 4 else numbers_life[seats]


def corner_cells(corner: str) -> list[str]:
    """The corner square, then the square diagonally inside it (a teammate's start, A-13)."""
    c = Cell.parse(corner)
    inward = Cell(c.col + (1 if c.col == 0 else -1), c.row + (1 if c.row == 0 else -1))
    return [corner, inward.label]


def seat_corners(seats: list[str], teams: bool) -> dict[str, str]:
    """House R-2: the corners by seat order (two sides in opposite corners)."""
    if teams and len(seats) == 4:
        return {s: CORNERS[TEAM_CORNERS[i % 2]] for i, s in enumerate(seats)}
    return {s: CORNERS[i] for s, i in zip(seats, SEAT_CORNERS[len(seats)], strict=True)}


def place_sides(state: IpaState) -> None:
    """Every Agent onto its side's corner: the first of a side on the corner square, a teammate inside."""
    for side in sides(state):
        corner = state.agents[side[0]].corner
        for seat, cell in zip(side, corner_cells(corner), strict=False):
            state.agents[seat].corner = corner
            state.agents[seat].cell = cell


# --- the players choose their corners ---------------------------------------------------------------


class CornerPayload(BaseModel):
    seat: str


@RULES.step("corner")
def choose_corner(state: IpaState, step: CornerStep) -> list[Event]:
    """Each side in seat order chooses one of the corners nobody has chosen yet."""
    taken = {state.agents[s].corner for s in state.seats if s in state.chosen_corners}
    offer = [(Intent.of("corner", at=c), f"Start in the corner {c}") for c in CORNERS if c not in taken]
    return RULES.ask(
        state,
        step.seat,
        "corner",
        "Choose your starting corner.",
        offer,
        payload=CornerPayload(seat=step.seat),
        public=f"{step.seat} chooses a starting corner.",
    )


CORNER = Shape("corner", (word("at"),), title="Choose a starting corner", asks="a starting corner")


@RULES.answers("corner", CornerPayload, takes=[CORNER])
def corner_chosen(state: IpaState, seat: str, intent: Intent, payload: CornerPayload) -> list[Event]:
    corner = intent.word("at")
    for mate in next(side for side in sides(state) if seat in side):
        state.agents[mate].corner = corner
        state.chosen_corners.append(mate)
    place_sides(state)
    return [public("corner", f"{seat} starts in the corner {corner}.")]


def corner_steps(state: IpaState) -> list[CornerStep]:
    return [CornerStep(seat=side[0]) for side in sides(state)]


# --- Gaia's Helpers --------------------------------------------------------------------------------


class GaiaPayload(BaseModel):
    tries: int


@RULES.step("gaia")
def ask_gaia(state: IpaState, step: GaiaStep) -> list[Event]:
    offers = {
        s: [
            (Intent.of("map", agree="yes"), "Agree to this map"),
            (Intent.of("map", agree="no"), "Clear the walls and place them again"),
        ]
        for s in state.seats
    }
    text = f"Gaia's Helpers: do you agree to the battle map as it stands (map {step.tries} of {GAIA_TRIES})?"
    return RULES.secret(
        state,
        list(state.seats),
        "gaia",
        text,
        offers,
        defaults={s: Intent.of("map", agree="yes") for s in state.seats},
        payload=GaiaPayload(tries=step.tries),
        announce="{seat} has said whether the battle map stands.",
        public=f"Gaia's Helpers: everyone says in secret whether the battle map stands (map {step.tries} of "
        f"{GAIA_TRIES}).",
    )


MAP = Shape(
    "map",
    (word("agree", words({"yes": "Agree to this map", "no": "Clear the walls and place them again"})),),
    title="Agree to the map",
    asks="your agreement to the battle map",
)


@RULES.revealed("gaia", GaiaPayload, takes=[MAP])
def gaia_revealed(state: IpaState, choices: dict[str, Intent], payload: GaiaPayload) -> list[Event]:
    against = [s for s in state.seats if choices[s].get("agree") == "no"]
    marks.revealed(state, {s: "does not agree" if s in against else "agrees" for s in state.seats})
    if not against:
        return [public("gaia", "Everyone agrees to the battle map.")]
    if payload.tries >= GAIA_TRIES:
        return [public("gaia", f"No agreement on the map ({joined(against)} against); the third map stands.")]

    state.walls = []
    state.now(*[s for s in wall_steps(state) if s.op == "wall"], GaiaStep(tries=payload.tries + 1))
    return [
        public(
            "gaia",
            f"{joined(against)} {'does' if len(against) == 1 else 'do'} not agree: the walls are "
            "cleared and placed again.",
        )
    ]
