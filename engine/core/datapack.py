"""Loading a game's data pack (``data/<game>/``) with errors that name the file, record and field.

A pack is a folder of JSON files. Each file holds a list of records (or an object with a list under
a key) validated by a pydantic model from the game's engine package. Every record carries a
``provenance``: ``rulebook``, ``reconstructed`` or ``house``.
"""

from __future__ import annotations

import importlib.util
import json
import os
from functools import lru_cache
from pathlib import Path
from typing import Any, Literal, TypeVar

from pydantic import BaseModel, ValidationError

from .errors import DataError

Provenance = Literal["rulebook", "reconstructed", "house"]

M = TypeVar("M", bound=BaseModel)


INSTALLED_PACKS = "arbiter_data"
"""The package the wheel ships ``data/`` as (pyproject/setup.py map it), so an installed copy finds it."""


def data_root() -> Path:
    """Where data packs live: ``$ARBITER_DATA``; else the ``data/`` folder of the checkout this code runs
    from; else the copy installed with the package (``arbiter_data``). Found once per value of
    ``ARBITER_DATA`` (games ask for their pack at every turn of a search)."""
    return _root(os.environ.get("ARBITER_DATA") or None)


@lru_cache(maxsize=8)
def _root(env: str | None) -> Path:
    if env:
        return Path(env)
    project = Path(__file__).resolve().parents[2]
    checkout = project / "data"
    # A checkout wins over an installed copy, so edits to data/ are played at once; pyproject.toml
    # beside it tells a checkout from a site-packages folder that happens to hold a "data" folder.
    if (project / "pyproject.toml").is_file() and checkout.is_dir():
        return checkout
    installed = _installed_root()
    return installed if installed is not None else checkout


def _installed_root() -> Path | None:
    # find_spec, not importlib.resources.files: the package has no __init__.py (data/ stays plain data),
    # and a namespace package's location is its search path.
    try:
        spec = importlib.util.find_spec(INSTALLED_PACKS)
    except (ImportError, ValueError):
        return None
    if spec is None or not spec.submodule_search_locations:
        return None
    for location in spec.submodule_search_locations:
        if Path(location).is_dir():
            return Path(location)
    return None


def pack_dir(game_id: str, root: Path | None = None) -> Path:
    return (root or data_root()) / game_id


def read_json(path: Path) -> Any:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise DataError(f"{path}: file not found") from None
    except json.JSONDecodeError as exc:
        raise DataError(
            f"{path}: not valid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})"
        ) from None


def _record_name(raw: Any, index: int) -> str:
    if isinstance(raw, dict):
        for key in ("id", "name"):
            if isinstance(raw.get(key), str):
                return f"record {index + 1} ('{raw[key]}')"
    return f"record {index + 1}"


def validate_records(path: Path, raw: Any, model: type[M], key: str | None = None) -> list[M]:
    """Validate a list of records; the first bad one raises :class:`DataError` naming it and its field."""
    items = raw.get(key) if key is not None and isinstance(raw, dict) else raw
    if not isinstance(items, list):
        where = f" under '{key}'" if key else ""
        raise DataError(f"{path}: expected a list of records{where}")
    out: list[M] = []
    for i, item in enumerate(items):
        try:
            out.append(model.model_validate(item))
        except ValidationError as exc:
            err = exc.errors()[0]
            field = ".".join(str(p) for p in err["loc"]) or "(record)"
            raise DataError(f"{path}: {_record_name(item, i)}, field '{field}': {err['msg']}") from None
    ids = [getattr(r, "id", None) for r in out]
    seen: set[Any] = set()
    for i, rid in enumerate(ids):
        if rid is not None and rid in seen:
            raise DataError(f"{path}: record {i + 1} ('{rid}'), field 'id': duplicate id")
        seen.add(rid)
    return out


def load_records(path: Path, model: type[M], key: str | None = None) -> list[M]:
    return validate_records(path, read_json(path), model, key)


def load_object(path: Path, model: type[M]) -> M:
    raw = read_json(path)
    try:
        return model.model_validate(raw)
    except ValidationError as exc:
        err = exc.errors()[0]
        field = ".".join(str(p) for p in err["loc"]) or "(file)"
        raise DataError(f"{path}: field '{field}': {err['msg']}") from None
