"""The layers of ARCHITECTURE.md, enforced on the import graph.

Every import counts: top level, inside functions and under ``TYPE_CHECKING`` (a lazy import still makes
one module depend on the other; it only hides the cycle from the interpreter). Imports are read with
:mod:`ast`, nothing is imported.

- no import cycle between modules of bot/, cogs/, engine/ and renderers/;
- bot/ imports cogs only from the composition root (bot/discord_bot.py);
- engine/ imports neither discord, PIL nor a database driver;
- renderers/ import neither discord nor engine state: only a game's view schema (``engine.<game>.view``)
  and the value types of engine/core.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("bot", "cogs", "engine", "renderers")
COMPOSITION_ROOTS = {"bot.discord_bot"}
ENGINE_FORBIDDEN = {"discord", "PIL", "aiosqlite", "asyncpg", "sqlite3"}
CORE_VALUE_TYPES = {"engine.core.model", "engine.core.intent", "engine.core.board.cell"}
"""What a renderer may take from engine/core besides a game's view module: plain value types (a board's
squares are :class:`engine.core.board.cell.Cell`; never its grid, rules or state)."""


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts)


def modules() -> dict[str, Path]:
    return {module_name(p): p for pkg in PACKAGES for p in (ROOT / pkg).rglob("*.py")}


def imports_of(path: Path, module: str, known: set[str]) -> set[str]:
    """Every module ``module`` imports, anywhere in its file. ``from pkg import name`` depends on the
    submodule ``pkg.name`` when there is one, else on ``pkg``."""
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
        if isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - (node.level - 1)]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            for alias in node.names:
                sub = f"{target}.{alias.name}"
                out.add(sub if sub in known else target)
    return out


def graph() -> tuple[dict[str, set[str]], dict[str, set[str]]]:
    """(edges between our modules, every import of each module)."""
    mods = modules()
    known = set(mods)
    raw = {mod: imports_of(path, mod, known) for mod, path in mods.items()}
    edges = {mod: {i for i in imp if i in known and i != mod} for mod, imp in raw.items()}
    return edges, raw


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for start in sorted(edges):
        if start in index:
            continue
        work: list[tuple[str, list[str]]] = [(start, sorted(edges[start]))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, todo = work[-1]
            if todo:
                nxt = todo.pop()
                if nxt not in index:
                    index[nxt] = low[nxt] = len(index)
                    stack.append(nxt)
                    on_stack.add(nxt)
                    work.append((nxt, sorted(edges.get(nxt, ()))))
                elif nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def test_the_cycle_finder_finds_a_cycle_and_a_lazy_import(tmp_path: Path) -> None:
    """The checks below can fail: a lazy import inside a function and one under TYPE_CHECKING count."""
    a = tmp_path / "a.py"
    a.write_text("def f():\n    from b import x\n")
    b = tmp_path / "b.py"
    b.write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import a\n")
    edges = {"a": imports_of(a, "a", {"a", "b"}) & {"b"}, "b": imports_of(b, "b", {"a", "b"}) & {"a"}}
    assert cycles(edges) == [["a", "b"]]
    assert cycles({"a": {"b"}, "b": {"c"}, "c": set()}) == []


def test_no_import_cycle() -> None:
    edges, _ = graph()
    found = cycles(edges)
    assert not found, "import cycles: " + "; ".join(" <-> ".join(c) for c in found)


def test_bot_imports_cogs_only_from_the_composition_root() -> None:
    _, raw = graph()
    bad = {
        mod: sorted(i for i in imp if i.split(".")[0] == "cogs")
        for mod, imp in raw.items()
        if mod.split(".")[0] == "bot" and mod not in COMPOSITION_ROOTS
    }
    bad = {mod: imp for mod, imp in bad.items() if imp}
    assert not bad, f"bot/ modules importing cogs outside the composition root: {bad}"


def test_engine_imports_no_discord_pil_or_database_driver() -> None:
    _, raw = graph()
    bad = {
        mod: sorted(i for i in imp if i.split(".")[0] in ENGINE_FORBIDDEN)
        for mod, imp in raw.items()
        if mod.split(".")[0] == "engine"
    }
    bad = {mod: imp for mod, imp in bad.items() if imp}
    assert not bad, f"engine/ importing discord, PIL or a database driver: {bad}"


def _renderer_may_import(name: str) -> bool:
    top = name.split(".")[0]
    if top == "discord":
        return False
    if top != "engine":
        return True
    parts = name.split(".")
    return name in CORE_VALUE_TYPES or (len(parts) == 3 and parts[1] != "core" and parts[2] == "view")


def test_renderers_import_only_view_schemas_from_the_engine() -> None:
    _, raw = graph()
    bad = {
        mod: sorted(i for i in imp if not _renderer_may_import(i))
        for mod, imp in raw.items()
        if mod.split(".")[0] == "renderers"
    }
    bad = {mod: imp for mod, imp in bad.items() if imp}
    assert not bad, f"renderers importing discord or engine state: {bad}"


@pytest.mark.parametrize(
    "name, allowed",
    [
        ("engine.gamedec.view", True),
        ("engine.gamedec.state", False),
        ("engine.core.model", True),
        ("engine.core.flow", False),
        ("engine.core.board.cell", True),
        ("engine.core.board.grid", False),
        ("engine", False),
        ("discord.ui", False),
        ("PIL.Image", True),
    ],
)
def test_the_renderer_rule(name: str, allowed: bool) -> None:
    assert _renderer_may_import(name) is allowed
