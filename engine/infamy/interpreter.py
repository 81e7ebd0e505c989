"""Infamy's card-effect interpreter: cards are data, effects are interpreted (one handler per ``op``).

A game describes its effects as small pydantic records with an ``op`` field (``gain``, ``pay``,
``steal``...), usually a discriminated union, and an :class:`EffectInterpreter` subclass that
registers one handler per ``op`` with :func:`handles`::

    class InfamyEffects(EffectInterpreter[InfamyState, InfamyContext]):
        @handles("gain")
        def gain(self, state, effect, ctx): ...

``run`` dispatches a list of effects in order and gathers their events. A handler that must ask a
player asks a question (a waiting frame) and returns the effects still to run in
``ctx`` so the game can resume them later. An ``op`` with no handler is a data error, reported when
the pack is loaded (:meth:`check_ops`), not in the middle of a game.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from engine.core.errors import DataError
from engine.core.model import Event

S = TypeVar("S")
C = TypeVar("C")


class EffectRecord(Protocol):
    @property
    def op(self) -> str: ...


Handler = Callable[[Any, Any, Any, Any], list[Event]]


def handles(op: str) -> Callable[[Callable[..., list[Event]]], Callable[..., list[Event]]]:
    """Mark a method of an :class:`EffectInterpreter` as the handler for effects with ``op``."""

    def mark(fn: Callable[..., list[Event]]) -> Callable[..., list[Event]]:
        fn.__dict__["_effect_op"] = op
        return fn

    return mark


class EffectInterpreter(Generic[S, C]):
    _handlers: ClassVar[dict[str, str]] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        handlers: dict[str, str] = {}
        for base in reversed(cls.__mro__):
            for name, member in vars(base).items():
                op = getattr(member, "_effect_op", None)
                if isinstance(op, str):
                    handlers[op] = name
        cls._handlers = handlers

    @classmethod
    def ops(cls) -> frozenset[str]:
        return frozenset(cls._handlers)

    @classmethod
    def check_ops(cls, where: str, records: Iterable[EffectRecord]) -> None:
        """Refuse a pack whose effects use an op this interpreter does not know."""
        for i, record in enumerate(records):
            if record.op not in cls._handlers:
                raise DataError(f"{where}: effect {i + 1} has unknown op '{record.op}'")

    def run_one(self, state: S, effect: EffectRecord, ctx: C) -> list[Event]:
        name = self._handlers.get(effect.op)
        if name is None:
            raise DataError(f"no handler for effect op '{effect.op}'")
        result: list[Event] = getattr(self, name)(state, effect, ctx)
        return result

    def run(self, state: S, effects: Iterable[EffectRecord], ctx: C) -> list[Event]:
        events: list[Event] = []
        for effect in effects:
            events.extend(self.run_one(state, effect, ctx))
        return events
