"""The Real World phase's actions: moving (with reactions along the path), attacking, doors and the rest."""

from . import attack, gear, move, other  # noqa: F401 - they register into RULES
