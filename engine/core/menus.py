"""Menus asked in parts: the next argument's values for a partial intent.

A seat with many legal intents (a hand of cards times targets, a unit times destinations) is not shown
one long list: the adapter asks the kind first, then each argument in turn. ``choices(prefix)`` answers
one such question from a partial key (``""``, ``"play"``, ``"play:card=c7"``). An entry that leads to a
single intent is offered complete, with its label, so no question has one possible answer.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from pydantic import BaseModel

from .intent import Intent, Value


class Choice(BaseModel):
    """One menu entry: ``key`` is the partial (or, when ``complete``, the whole) intent key so far."""

    key: str
    label: str
    complete: bool


def _given(prefix: str) -> tuple[str, list[tuple[str, str]]]:
    kind, _, rest = prefix.strip().partition(":")
    pairs = [tuple(part.split("=", 1)) for part in rest.split(",") if "=" in part]
    return kind, [(name, value) for name, value in pairs]


def _matches(intent: Intent, kind: str, given: list[tuple[str, str]]) -> bool:
    if kind and intent.kind != kind:
        return False
    head = [(name, str(value)) for name, value in intent.args[: len(given)]]
    return head == given


def _partial(kind: str, args: Sequence[tuple[str, Value]]) -> str:
    return kind + (":" + ",".join(f"{name}={value}" for name, value in args) if args else "")


def choices(
    legal: list[Intent],
    prefix: str,
    label: Callable[[Intent], str],
    part_label: Callable[[str, str, Value], str],
) -> list[Choice]:
    """The entries after ``prefix`` among ``legal``. ``label`` names a complete intent;
    ``part_label(kind, argument, value)`` names a partial one."""
    kind, given = _given(prefix)
    groups: dict[str, list[Intent]] = {}
    for intent in legal:
        if not _matches(intent, kind, given):
            continue
        depth = len(given) + 1 if kind else 0
        groups.setdefault(_partial(intent.kind, intent.args[:depth]), []).append(intent)
    out: list[Choice] = []
    for key, members in groups.items():
        if len(members) == 1:
            out.append(Choice(key=members[0].key(), label=label(members[0]), complete=True))
            continue
        sample = members[0]
        if not kind:
            out.append(Choice(key=key, label=part_label(sample.kind, "", ""), complete=False))
        else:
            name, value = sample.args[len(given)]
            out.append(Choice(key=key, label=part_label(sample.kind, name, value), complete=False))
    return out
