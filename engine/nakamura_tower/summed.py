"""How a refusal sums up an action's many legal intents among what is possible instead (the runtime's
``Action.alternatives``): by the characters (or doors, or items) they name, never as "Move Harvey Scott to
A8, Move Harvey Scott to B8, 106 more". A Real World turn offers a hundred moves and more: "Move a character:
Harvey Scott, Shoko Takayama or Kaito Brann" (or "Move a character (any of 5)") says what the seat can do in
a few words."""

from __future__ import annotations

from typing import ClassVar

from engine.core import Intent
from engine.core.args import Arg

from .state import NtState

SHOWN = 3
"""Up to this many intents of a kind are named one by one (their labels say it best), and up to this many
of the characters (or items) they name."""


def either(names: list[str]) -> str:
    """ "A", "A or B", "A, B or C"."""
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]


class Summed:
    """An action whose legal intents a refusal sums up by the values of one argument (``summed_by``,
    named by its declared namer): ``<summary>: <the values>``."""

    summed_by: ClassVar[str] = "unit"

    def alternatives(self, state: NtState, intents: list[Intent]) -> list[str] | None:
        if len(intents) <= SHOWN:
            return None
        args: tuple[Arg, ...] = getattr(self, "args", None) or ()
        summary: str = getattr(self, "summary", "")
        arg = next((a for a in args if a.name == self.summed_by), None)
        names: list[str] = []
        for intent in intents:
            value = intent.get(self.summed_by)
            named = arg.name_of(state, value) if arg is not None and value is not None else None
            if named and named not in names:
                names.append(named)
        if not names:
            return [summary]
        return [f"{summary}: {either(names)}" if len(names) <= SHOWN else f"{summary} (any of {len(names)})"]
