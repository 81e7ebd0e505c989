"""Reading the Nakamura Tower pack: the files into the models of :mod:`.pack`, checked across files by
:mod:`.packcheck`, and the pack in use, read once."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from engine.core.board import GridSpec, load_grid
from engine.core.datapack import load_records, pack_dir
from engine.core.errors import DataError

from .pack import GAME_ID, CanDoValue, Character, CwCard, Drone, Equipment, Mission, Pack
from .packcheck import check_pack
from .tiles import assemble, load_tiles


def load_pack(folder: Path) -> Pack:
    """Read and check a pack folder; :class:`DataError` names the file, record and field."""
    missions: dict[str, Mission] = {}
    maps: dict[str, GridSpec] = {}
    tiles = load_tiles(folder / "maps")
    for mission in load_records(folder / "missions.json", Mission, "missions"):
        where = f"{folder / 'missions.json'}: record '{mission.id}'"
        if mission.board is not None:
            spec, mission = assemble(mission, tiles, where)
            if maps.get(mission.map, spec) != spec:
                raise DataError(
                    f"{where}, field 'board': board '{mission.map}' is built differently elsewhere"
                )
            maps[mission.map] = spec
        elif mission.map not in maps:
            maps[mission.map] = load_grid(folder / "maps" / f"{mission.map}.txt")
        missions[mission.id] = mission
    pack = Pack(
        cando=tuple(load_records(folder / "cando.json", CanDoValue, "values")),
        characters={c.id: c for c in load_records(folder / "characters.json", Character, "characters")},
        drones={d.id: d for d in load_records(folder / "drones.json", Drone, "drones")},
        equipment={e.id: e for e in load_records(folder / "equipment.json", Equipment, "equipment")},
        cards={c.id: c for c in load_records(folder / "cyberwarfare.json", CwCard, "cards")},
        missions=missions,
        maps=maps,
    )
    check_pack(folder, pack)
    return pack


@lru_cache(maxsize=4)
def _cached(folder: str) -> Pack:
    return load_pack(Path(folder))


_IN_USE: list[Pack] = []


def pack() -> Pack:
    """The pack in use (``data/nakamura_tower`` or ``$ARBITER_DATA/nakamura_tower``), read the first time it
    is asked for and kept for the process: the rules ask for it hundreds of times a move (a drone's every
    look), so not even ``ARBITER_DATA`` is read again (set it before the bot starts)."""
    if not _IN_USE:
        _IN_USE.append(_cached(str(pack_dir(GAME_ID))))
    return _IN_USE[0]


__all__ = ["load_pack", "pack"]
