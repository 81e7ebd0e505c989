"""The Nakamura Tower pictures: the full board, the thread's compact board and a player's own picture, laid
out for a phone (issue 31): at most 550 px wide, no text under 11 px nor over another, room names never under
a model or a mark, every symbol keyed, the last move marked, and the private picture leading with the hand."""

from __future__ import annotations

import io
import time

from PIL import Image

from engine.core import RandomAgent
from engine.core.board.cell import Cell
from engine.core.playout import advance
from engine.nakamura_tower.game import NAKAMURA
from engine.nakamura_tower.state import NtState
from renderers.common import recording
from renderers.nakamura_tower import panel_lines, render, render_private
from renderers.nakamura_tower_compact import render_compact
from renderers.nakamura_tower_key import items
from renderers.nakamura_tower_private import _sections
from renderers.nakamura_tower_style import LEFT, TOP, Floor, checked, marks, square, tokens
from tests.support.phone import read

CELL = 30


def _state(seats: int = 2, steps: int = 120, seed: int = 3) -> NtState:
    state = NAKAMURA.setup([f"p{i}" for i in range(1, seats + 1)], seed, {})
    return advance(NAKAMURA, state, {s: RandomAgent(i) for i, s in enumerate(state.seats)}, steps)  # type: ignore[no-any-return]


def _acting(seed: int = 3) -> NtState:
    """A table in the Real World phase with a character's activation under way."""
    state = NAKAMURA.setup(["p1", "p2"], seed, {"quick_start": True})
    agents = {s: RandomAgent(i) for i, s in enumerate(state.seats)}
    for _ in range(2000):
        if state.current is not None and state.round >= 2:
            return state
        state = advance(NAKAMURA, state, agents, 1)
    raise AssertionError("no activation under way")


def test_public_and_private_images() -> None:
    state = _state()
    public = Image.open(io.BytesIO(render(NAKAMURA.view(state, None))))
    private = Image.open(io.BytesIO(render_private(NAKAMURA.view(state, "p1"))))
    assert public.format == "PNG" and public.width <= 550 and private.width <= 550


def test_the_public_view_holds_no_hand() -> None:
    """A spectator's private picture has nothing private: it is the full board."""
    state = _state()
    view = NAKAMURA.view(state, None)
    assert view["my_hand"] == [] and view["my_team"] is None
    assert render_private(view) == render(view)


def test_every_mode_renders_for_a_phone() -> None:
    """Issue 31: "its smallest text at least 11 px high when the image is shown 550 px wide, no text
    overlapping another", for every picture: 1, 2 and 3 seats, the shared Faction, a game over."""
    for seats, options in ((1, {}), (2, {}), (3, {}), (3, {"three_players": "shared"})):
        state = NAKAMURA.setup([f"p{i}" for i in range(1, seats + 1)], 5, {"quick_start": True, **options})
        state = advance(NAKAMURA, state, {s: RandomAgent(i) for i, s in enumerate(state.seats)}, 400)
        views = [NAKAMURA.view(state, None)] + [NAKAMURA.view(state, s) for s in state.seats]
        for render_fn, view in [(render_compact, views[0]), (render, views[0])] + [
            (render_private, v) for v in views[1:]
        ]:
            reading = read(render_fn, view)
            assert reading.fine(), (seats, options, render_fn.__module__, reading.smallest, reading.overlaps)


def test_squares_are_read_once_into_cells_and_written_back_unchanged() -> None:
    """Issue 29, item 8: the renderer takes positions from the typed view. Each square's label becomes a
    Cell when the view is validated (so the drawing never parses "D7" again), and the typed view dumps
    back to exactly the view the game made (views are stored and compared as JSON)."""
    view = NAKAMURA.view(_state(), "p1")
    typed = checked(view)
    placed = next(m for m in typed.models if m.cell is not None)
    raw = next(m for m in view["models"] if m["id"] == placed.id)
    assert isinstance(placed.cell, Cell) and placed.cell.label == raw["cell"]
    assert typed.terminals[0].cell == Cell.parse(view["terminals"][0]["cell"])
    assert checked(dict(view, exits=["A1", "P12"])).exits == [Cell(0, 0), Cell(15, 11)]
    assert typed.model_dump(mode="json") == view
    assert render_private(typed) == render_private(view)


def test_render_time() -> None:
    view = NAKAMURA.view(_state(), "p1")
    start = time.perf_counter()
    render_compact(view)
    render(view)
    assert time.perf_counter() - start < 1.0


def test_room_names_never_sit_under_models_or_marks() -> None:
    """Issue 31, item 5: "room names that never sit under tiles or models": each room's name is drawn on
    squares holding no model and no mark (or left to the key, which lists it)."""
    state = _acting()
    view = checked(NAKAMURA.view(state, None))
    names = set(view.areas.values())
    busy = {(t.cell[0], t.cell[1]) for t in tokens(view)} | {(m.cell.col, m.cell.row) for m in marks(view)}
    floor = Floor(view, CELL)
    with recording() as boxes:
        floor.drawn()
    named = [b for b in boxes if any(b.value.startswith(n) for n in names)]
    assert len(named) + len(floor.unplaced) >= len(names)
    for box in named:
        x0, y0, x1, y1 = box.box
        cols = range((x0 - LEFT) // CELL, (x1 - 1 - LEFT) // CELL + 1)
        rows = range((y0 - TOP) // CELL, (y1 - 1 - TOP) // CELL + 1)
        assert not {(c, r) for c in cols for r in rows} & busy, box.value


def test_the_acting_character_and_its_action_points_are_shown() -> None:
    """Issue 31, item 5: "action points during an activation": the thread picture says who is acting and
    how many Action Points it has left, and outlines its square."""
    state = _acting()
    view = NAKAMURA.view(state, None)
    model = state.models[str(state.current)]
    with recording() as boxes:
        render_compact(view)
    said = " ".join(b.value for b in boxes)
    assert f"is acting, {model.ap} Action Point" in said


def test_every_symbol_has_a_key_and_every_team_a_unique_marker() -> None:
    """Issue 31: "every symbol has a legend (a small key on the board)" (T/O/E tiles, door numbers...);
    "each seat's marker is unique": each Team's letter and colour differ, and its characters carry both."""
    state = _acting()
    view = checked(NAKAMURA.view(state, None))
    words = " ".join(w for _, w in items(view))
    for symbol in ("Terminal", "objective", "drone Entry Point", "door, closed", "open", "locked", "a drone"):
        assert symbol in words
    letters = [t.letter for t in view.teams]
    assert len(set(letters)) == len(letters)
    for token in tokens(view):
        model = next(
            m for m in view.models if m.cell is not None and (m.cell.col, m.cell.row) == tuple(token.cell)
        )
        assert token.label.startswith(model.id)


def test_the_last_move_is_marked() -> None:
    """Issue 31: "Every board marks what the last move (or last turn) changed: moved pieces, placed tokens,
    changed scores": the view says what changed since the move began, the thread picture and the full
    board tell it in words, and the floor rings the square the model left."""
    from engine.nakamura_tower.marks import mark

    state = _acting()
    view = checked(NAKAMURA.view(state, None))
    assert view.last is not None and view.last.what.endswith("'s action")
    with recording() as boxes:
        render_compact(view)
    assert f"Last: {view.last.what}" in [b.value for b in boxes]
    mark(state, "a test move")
    model = next(m for m in state.models.values() if m.kind == "character" and m.cell is not None)
    start = Cell.parse(str(model.cell))
    model.cell = Cell(start.col, start.row + 1 if start.row < 11 else start.row - 1).label
    view = checked(NAKAMURA.view(state, None))
    assert view.last is not None and [m.id for m in view.last.moved] == [model.id]
    changed = view.last.changes[0]
    assert changed.endswith(f"{start.label} to {model.cell}")
    with recording() as boxes:
        render_compact(view)
    assert changed in [b.value for b in boxes]
    assert any(changed in line for line, _ in panel_lines(view))
    marked, unmarked = Floor(view, CELL), Floor(view.model_copy(update={"last": None}), CELL)
    left = tuple(int(v) for v in square(start, CELL))  # the square the model left
    assert marked.drawn().crop(left).tobytes() != unmarked.drawn().crop(left).tobytes()


def test_the_private_picture_leads_with_the_hand() -> None:
    """Issue 31: "the private picture leading with what is private": the Cyberwarfare cards first, with
    what each does; the Team's own board after; the public floor is not drawn again."""
    view = checked(NAKAMURA.view(_acting(), "p1"))
    sections = _sections(view)
    assert sections[0].title.startswith("Your Cyberwarfare cards")
    assert any("Strength" in row.value for row in sections[0].rows)
    assert sections[-1].title.startswith("Your Team")
    assert not any("Nakamura Sentry Drone" in row.value for s in sections for row in s.rows)


def test_the_private_picture_adds_the_secret_plan_and_what_the_fly_eye_saw() -> None:
    """Issue 15: "The private image adds the player's CW hand and face-down plans"; what a sniffer saw is
    its own (rules-notes 6: "The result is shown privately")."""
    view = NAKAMURA.view(_state(), "p1")
    view["my_plan"] = ["Attack with W32.Navajo from your hand"]
    view["my_seen"] = ["Your Fly Eye sees in the defence of the red Terminal at B2: Watchdog Ice."]
    titles = [s.title for s in _sections(checked(view))]
    assert "Your secret choice so far" in titles and "What your Fly Eye saw" in titles
    shared = " ".join(text for text, _ in panel_lines(checked(view)))
    assert "Watchdog Ice" not in shared  # not in the public panel
    with recording() as boxes:
        render_compact(view)
    assert not any("Watchdog" in b.value or "W32.Navajo from your hand" in b.value for b in boxes)


def test_mines_and_stunned_models_are_drawn() -> None:
    """Ruling K4: Mine tokens are public, so every image shows them; a stunned model's token carries a
    mark and the panel says so (nothing by colour alone)."""
    from engine.nakamura_tower.state import Mine

    state = _state()
    before = render(NAKAMURA.view(state, None))
    state.mines.append(Mine(cell="H9", owner="p1", layer="a1", item="mines", armed=True))
    someone = next(m for m in state.models.values() if m.kind == "character" and m.active)
    someone.stunned_until = state.round + 1
    view = NAKAMURA.view(state, None)
    assert render(view) != before
    typed = checked(view)
    letter = next(t.letter for t in typed.teams if t.seat == "p1")
    assert any(m.cell == Cell(7, 8) and m.label == "M" + letter for m in marks(typed))
    assert any(t.label.endswith("~") for t in tokens(typed))
    assert any(", stunned" in line for line, _ in panel_lines(typed))
    assert NAKAMURA.view(state, "p2")["mines"] == view["mines"]  # public: the same for every seat


def test_the_private_image_lists_the_team_being_built() -> None:
    """While a Team is built at the table its seat's private image lists the drafted characters and their
    gear; the public image and the other seats show none of it."""
    from engine.core import Intent

    state = NAKAMURA.setup(["p1", "p2"], 1, {})
    while NAKAMURA.prompts(state)[0].kind == "faction":
        p = NAKAMURA.prompts(state)[0]
        state, _ = NAKAMURA.apply(state, p.seat, p.default)
    seat = NAKAMURA.prompts(state)[0].seat
    assert NAKAMURA.prompts(state)[0].kind == "build" and NAKAMURA.legal(state, seat)[-1] == Intent.of(
        "ready"
    )
    view = NAKAMURA.view(state, seat)
    bare = dict(view, my_draft=[])
    titles = [s.title for s in _sections(checked(view))]
    assert any(t.startswith("Your Team, being built") for t in titles)
    assert render_compact(view) == render_compact(bare)
