"""A game's game.py is wiring (issue 29): the runtime owns the contract.

Every game on the runtime (engine/<game>/game.py) defines none of ``parse_intent``, ``check``, ``describe``,
``prompts``, ``legal``, ``_apply`` or ``part_label``, declares no ``intent_kinds`` (its actions and topics
declare their arguments), keeps no ``shapes.py``, passes no sender through the state (``_sender``), and stays
under 200 lines. Read with :mod:`ast`; nothing is imported."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ENGINE = Path(__file__).resolve().parents[2] / "engine"
GAMES = sorted(p.parent.name for p in ENGINE.glob("*/game.py") if p.parent.name != "core")
FORBIDDEN = {"parse_intent", "check", "describe", "prompts", "legal", "_apply", "part_label"}


def defined(source: str) -> set[str]:
    """Names a module's classes define (methods and class attributes)."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ClassDef):
            for item in node.body:
                if isinstance(item, ast.FunctionDef | ast.AsyncFunctionDef):
                    names.add(item.name)
                elif isinstance(item, ast.Assign):
                    names |= {t.id for t in item.targets if isinstance(t, ast.Name)}
                elif isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name):
                    names.add(item.target.id)
    return names


def test_the_reader_finds_a_method_and_a_class_attribute() -> None:
    found = defined("class G:\n    intent_kinds = 1\n    def check(self): ...\n")
    assert found == {"intent_kinds", "check"}


@pytest.mark.parametrize("gid", GAMES)
def test_game_py_is_wiring(gid: str) -> None:
    path = ENGINE / gid / "game.py"
    source = path.read_text(encoding="utf-8")
    assert not defined(source) & (FORBIDDEN | {"intent_kinds"}), f"{gid}/game.py overrides the runtime"
    assert len(source.splitlines()) <= 200, f"{gid}/game.py is over 200 lines"
    assert not (ENGINE / gid / "shapes.py").exists(), f"{gid} keeps a shapes.py"
    package = "".join(p.read_text(encoding="utf-8") for p in (ENGINE / gid).rglob("*.py"))
    assert "_sender" not in package, f"{gid} passes a sender through its state"
