"""Board geometry shared by the tactical games and the area map: cells and edges, a static grid spec
from the data pack, movement and line-of-sight queries, area graphs, map loaders and moves as intents.

- :mod:`.cell`: :class:`Cell` ("D7") and :class:`Edge` ("D7-D8");
- :mod:`.spec`: :class:`GridSpec`, the static facts of a board (pydantic, from the pack);
- :mod:`.grid`: :class:`Grid` (from :func:`grid_of`, cached): neighbours, distance, reachable, path,
  nearest, line, sees; :class:`Passage` holds the dynamic facts a game passes in;
- :mod:`.line`: the exact centre-to-centre line;
- :mod:`.areas`: :class:`AreaGraph` (boroughs, rooms);
- :mod:`.maps`: the text format, :func:`load_grid`, tiles (:func:`compose`);
- :mod:`.moves`: :class:`MoveAction`, a game's ``move:unit=u1,to=D7``;
- :mod:`.view`: the render model for the shared board renderer (renderers/board.py).
"""

from __future__ import annotations

from .areas import AreaGraph, AreaRecord
from .cell import Cell, Edge, LabelError
from .grid import OPEN, CornerRule, Grid, Passage, Route, grid_of
from .line import Line, line
from .maps import Placement, compose, load_grid, parse_grid, rotate
from .moves import MoveAction, Movement
from .spec import AreaSpec, DoorSpec, GridSpec, Metric

__all__ = [
    "OPEN",
    "AreaGraph",
    "AreaRecord",
    "AreaSpec",
    "Cell",
    "CornerRule",
    "DoorSpec",
    "Edge",
    "Grid",
    "GridSpec",
    "LabelError",
    "Line",
    "Metric",
    "MoveAction",
    "Movement",
    "Passage",
    "Placement",
    "Route",
    "compose",
    "grid_of",
    "line",
    "load_grid",
    "parse_grid",
    "rotate",
]
