"""Loading a game's data pack (``data/<game>/``) with errors that name the file, record and field.

A pack is a folder of JSON files. Each file holds a list of records (or an object with a list under
a key) validated by a pydantic model from the game's engine package. Every record carries a
``provenance``: ``rulebook``, ``reconstructed`` or ``house``.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any, Literal, TypeVar

from pydantic import BaseModel, ValidationError

from .errors import DataError

Provenance = Literal["rulebook", "reconstructed", "house"]

M = TypeVar("M", bound=BaseModel)


def data_root() -> Path:
    """Where data packs live: ``$ARBITER_DATA`` or the project's ``data/`` folder."""
    env = os.environ.get("ARBITER_DATA")
    if env:
        return Path(env)
    return Path(__file__).resolve().parents[2] / "data"


def pack_dir(game_id: str, root: Path | None = None) -> Path:
    return (root or data_root()) / game_id


def read_json(path: Path) -> Any:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise DataError(f"{path}: file not found") from None
    except json.JSONDecodeError as exc:
        raise DataError(f"{path}: not valid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})") from None


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
