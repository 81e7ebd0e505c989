"""A structural deep copy of a game state (a pydantic model of plain data), without going through JSON.

``apply`` changes a private copy of the state. The JSON round trip it used (dump, then validate) is exact
but serialises and re-validates every value; ``model_copy(deep=True)`` runs ``copy.deepcopy`` with its memo
over every value, slower still. A state is a tree of models, lists, dicts, sets and tuples of atoms
(strings, numbers, enums), so a copy walks that tree once, led by each model's field types (read once per
class): a field of atoms is shared (it cannot change), a list or dict of atoms is copied in one call, a
list or dict of models copies each, a frozen model of atoms is shared whole.

Like the JSON round trip and unlike ``deepcopy``, two references to one list become two lists, so the copy
dumps exactly as the original (``tests/engine/test_clone.py``; the replay conformance test runs every
intent of seeded games through a copy). A model with private attributes (none is in a state) is copied by
the JSON round trip, which resets them as before; a value whose type the field does not say (``Any``, a
union of models) is copied by what it is, and any other object by ``copy.deepcopy``.
"""

from __future__ import annotations

import copy
import enum
import types
import typing
from collections.abc import Callable
from typing import Any, TypeVar

from pydantic import BaseModel

M = TypeVar("M", bound=BaseModel)
Copier = Callable[[Any], Any]

_ATOMS: frozenset[type] = frozenset({str, int, float, bool, type(None), bytes})
_PLANS: dict[type, list[tuple[str, Copier]] | None] = {}
"""Per model class, the fields to copy and how (the others are shared); None for a frozen model made only
of atoms, whose instance serves as its own copy."""


def _value(value: Any) -> Any:
    """A copy of ``value`` judged by its type at run time (where the field's type does not say)."""
    kind = type(value)
    if kind in _ATOMS:
        return value
    if kind is list:
        return [_value(item) for item in value]
    if kind is dict:
        return {key: _value(item) for key, item in value.items()}
    if isinstance(value, BaseModel):
        return clone(value)
    if kind is tuple:
        items = tuple(_value(item) for item in value)
        return value if all(a is b for a, b in zip(items, value, strict=True)) else items
    if kind is set or kind is frozenset:
        return kind(_value(item) for item in value)
    if isinstance(value, enum.Enum):
        return value
    return copy.deepcopy(value)


def _tuple_of_atoms(value: Any) -> Any:
    # a tuple field holds atoms: shared, unless the rules stored a list there (then it is copied)
    return value if type(value) is tuple else _value(value)


def _list_of(inner: Copier) -> Copier:
    return lambda value: [inner(item) for item in value]


def _dict_of(inner: Copier) -> Copier:
    return lambda value: {key: inner(item) for key, item in value.items()}


def _optional(inner: Copier) -> Copier:
    return lambda value: None if value is None else inner(value)


def _is_atom_type(annotation: Any) -> bool:
    if annotation in _ATOMS or annotation is None:
        return True
    if typing.get_origin(annotation) is typing.Literal:
        return True
    return isinstance(annotation, type) and issubclass(annotation, enum.Enum)


def _copier(annotation: Any) -> Copier | None:
    """How to copy a value of this type; None: it is immutable, share it."""
    if _is_atom_type(annotation):
        return None
    origin, args = typing.get_origin(annotation), typing.get_args(annotation)
    if origin is typing.Annotated:
        return _copier(args[0])
    if origin in (typing.Union, types.UnionType):
        inner = [a for a in args if a is not type(None)]
        if all(_is_atom_type(a) for a in inner):
            return None
        if len(inner) == 1 and len(args) == 2:
            one = _copier(inner[0])
            return None if one is None else _optional(one)
        return _value
    if origin is list and args:
        item = _copier(args[0])
        return list if item is None else _list_of(item)
    if origin is dict and len(args) == 2:
        item = _copier(args[1])
        return dict if item is None else _dict_of(item)
    if origin is set:
        return set
    if origin in (tuple, frozenset) and args:
        shared = all(a is Ellipsis or _copier(a) is None for a in args)
        return _tuple_of_atoms if shared else _value
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return clone
    return _value


def _plan(cls: type[BaseModel]) -> list[tuple[str, Copier]] | None:
    if cls in _PLANS:
        return _PLANS[cls]
    _PLANS[cls] = [(name, _value) for name in cls.model_fields]  # while its own fields are read
    fields = [(name, _copier(info.annotation)) for name, info in cls.model_fields.items()]
    copied = [(name, how) for name, how in fields if how is not None]
    frozen = bool(cls.model_config.get("frozen")) and cls.model_config.get("extra") != "allow"
    plan = _PLANS[cls] = None if frozen and not copied else copied
    return plan


def clone(model: M) -> M:
    """A deep copy of ``model`` that shares nothing mutable with it and dumps as it does."""
    cls = type(model)
    plan = _plan(cls)
    if plan is None:
        return model
    if model.__pydantic_private__ is not None:
        return cls.model_validate_json(model.model_dump_json())
    fields = model.__dict__.copy()
    for name, how in plan:
        fields[name] = how(fields[name])
    extra = model.__pydantic_extra__
    new = cls.__new__(cls)
    setattr_ = object.__setattr__
    setattr_(new, "__dict__", fields)
    setattr_(new, "__pydantic_fields_set__", set(model.__pydantic_fields_set__))
    setattr_(new, "__pydantic_extra__", None if extra is None else {k: _value(v) for k, v in extra.items()})
    setattr_(new, "__pydantic_private__", None)
    return new
