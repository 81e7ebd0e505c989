"""The layers of ARCHITECTURE.md, enforced on the import graph.

Every import counts: top level, inside functions and under ``TYPE_CHECKING`` (a lazy import still makes
one module depend on the other; it only hides the cycle from the interpreter). Imports are read with
:mod:`ast`, nothing is imported.

- no import cycle between modules of bot/, cogs/, engine/ and renderers/;
- bot/ imports cogs only from the composition root (bot/discord_bot.py);
- engine/ imports neither discord, PIL nor a database driver;
- renderers/ import neither discord nor engine state: only a game's view schema (``engine.<game>.view``)
  and the value types of engine/core.

The layout of bot/ and cogs/ (issue 29, item 5), each folder saying where a thing belongs:

- ``bot/`` (its root modules): the Discord shell only, :data:`SHELL`; beneath it ``bot/store/`` (with
  ``sqlite/`` and ``postgres/``), ``bot/terminal/`` and ``bot/tools/``, and nothing else;
- only ``bot.store`` imports a database driver (aiosqlite, asyncpg, sqlite3) or writes SQL (a statement
  in a string, or a call of a driver's ``execute``/``fetchrow``...); it imports nothing of the bot but
  itself and :mod:`bot.tasks`, and only bot/ imports it (never cogs, engine or renderers);
- ``bot.terminal`` and ``bot.tools`` import neither discord nor cogs;
- ``bot.web`` (the web companion, issue 34) imports neither discord nor cogs, reads the games through the
  table (and the leagues through the league service), renderers for its pictures, and never a store: only
  its composition root (``bot.web.standalone``, ``arbiter web``) opens one, and no module of it reaches a
  store through an attribute;
- ``cogs.ui`` (the UI plumbing) imports no command cog; the components and the error reporter reach the
  flows only through the typed :class:`cogs.ui.dispatch.Flows`, which only the composition root provides
  (it alone imports :mod:`cogs.ui.all_flows`).
"""

from __future__ import annotations

import ast
import functools
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("bot", "cogs", "engine", "renderers")
COMPOSITION_ROOTS = {"bot.discord_bot"}
ENGINE_FORBIDDEN = {"discord", "PIL", "aiosqlite", "asyncpg", "sqlite3"}
CORE_VALUE_TYPES = {"engine.core.model", "engine.core.intent", "engine.core.board.cell"}
"""What a renderer may take from engine/core besides a game's view module: plain value types (a board's
squares are :class:`engine.core.board.cell.Cell`; never its grid, rules or state)."""
DATABASE_DRIVERS = {"aiosqlite", "asyncpg", "sqlite3"}
SHELL = {
    "bot.animation",  # the animated replay, off the event loop
    "bot.cli",  # the `arbiter` command: a dispatcher to the shell, the terminal and the tools
    "bot.collector",
    "bot.discord_bot",  # the composition root
    "bot.gate",
    "bot.image_cache",
    "bot.leagues",  # the league service (its rows are bot.store's)
    "bot.options",
    "bot.permission_notes",  # moderators told once when Discord refuses a permission
    "bot.prefs",  # the preferences service (its SQL is bot.store.prefs)
    "bot.present",
    "bot.ratelimit",
    "bot.render",
    "bot.scheduler",
    "bot.services",
    "bot.settings",
    "bot.shards",
    "bot.tasks",
}
"""The modules of bot/'s root: the Discord shell. Anything else belongs in a sub-package."""
BOT_PACKAGES = {
    "bot",
    "bot.store",
    "bot.store.sqlite",
    "bot.store.postgres",
    "bot.terminal",
    "bot.tools",
    "bot.web",
}
WEB_ROOT = "bot.web.standalone"
"""The web companion's composition root: the one module of bot.web that opens a store."""
COGS_PACKAGES = {"cogs", "cogs.ui"}
STORE_MAY_IMPORT = {"bot.tasks"}
"""What bot.store takes from the rest of the bot: stopping a background task."""
FLOWS_MODULES = {"cogs.ui.flows", "cogs.ui.flows_seat", "cogs.ui.flows_undo", "cogs.ui.all_flows"}
BELOW_THE_FLOWS = {
    "cogs.ui.components",
    "cogs.ui.items",
    "cogs.ui.undo_items",
    "cogs.ui.errors",
    "cogs.ui.dispatch",
}
"""What the flows build on: these reach the flows only through cogs.ui.dispatch.Flows."""
SQL = re.compile(
    r"\bSELECT\s[^\n]*?\bFROM\s|\bINSERT\s+(?:OR\s+[A-Z]+\s+)?INTO\s|\bUPDATE\s+\w+\s+SET\s|\bDELETE\s+FROM\s"
    r"|\b(?:CREATE|DROP|ALTER)\s+(?:UNIQUE\s+)?(?:TABLE|INDEX|SCHEMA|VIEW|TRIGGER)\b|\bPRAGMA\s+\w+"
    r"|^\s*(?:BEGIN|COMMIT|ROLLBACK)(?:\s+[A-Z]+)?\s*;?\s*$"
)
"""An SQL statement in a string (keywords in capitals, as the stores write them; prose is not SQL)."""
DRIVER_CALLS = {"execute", "executemany", "executescript", "fetchrow", "fetchval"}


def top(name: str) -> str:
    return name.split(".")[0]


def within(name: str, package: str) -> bool:
    return name == package or name.startswith(package + ".")


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


@functools.cache
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


def sql_in(source: str) -> list[str]:
    """The SQL a module writes: statements in its strings (an f-string read with ``x`` for each
    replacement field) and calls of a driver's execute/fetch methods."""
    found: list[str] = []
    tree = ast.parse(source)
    parts = {id(v) for node in ast.walk(tree) if isinstance(node, ast.JoinedStr) for v in node.values}
    for node in ast.walk(tree):
        text = None
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in parts:
            text = node.value
        elif isinstance(node, ast.JoinedStr):
            text = "".join(v.value if isinstance(v, ast.Constant) else "x" for v in node.values)
        if text is not None and (match := SQL.search(text)):
            found.append(match.group(0).strip())
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            if node.func.attr in DRIVER_CALLS:
                found.append(f"{node.func.attr}(...)")
    return found


def violations(rule: Iterator[tuple[str, str]]) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for mod, what in rule:
        out.setdefault(mod, []).append(what)
    return {mod: sorted(set(what)) for mod, what in out.items()}


def test_the_sql_finder_finds_statements_and_driver_calls_not_prose() -> None:
    """The SQL rule below can fail: each of these is found, and plain words about SQL are not."""
    assert sql_in('q = "SELECT body FROM t WHERE id = ?"') == ["SELECT body FROM"]
    assert sql_in('q = f"INSERT INTO {table} VALUES ({marks})"') == ["INSERT INTO"]
    assert sql_in('q = f"UPDATE {table} SET body = ?"') == ["UPDATE x SET"]
    assert sorted(sql_in('conn.execute("BEGIN IMMEDIATE")')) == ["BEGIN IMMEDIATE", "execute(...)"]
    assert sql_in('x = "PRAGMA quick_check"') == ["PRAGMA quick_check"]
    assert sql_in('CREATE = """\n    CREATE TABLE games (id TEXT)"""') == ["CREATE TABLE"]
    assert sql_in('"""The catch-up is selected in SQL; a paged select; begin, commit."""') == []
    assert sql_in("await pool.fetchval(query)") == ["fetchval(...)"]


def test_bot_is_the_shell_with_its_store_terminal_and_tools_beneath_it() -> None:
    mods = modules()
    root = {m for m in mods if top(m) == "bot" and m.count(".") == 1 and mods[m].name != "__init__.py"}
    assert root == SHELL, f"bot/ root modules not in the shell's list (move them beneath): {root ^ SHELL}"
    packages = {m for m, path in mods.items() if path.name == "__init__.py"}
    assert {p for p in packages if top(p) == "bot"} == BOT_PACKAGES
    assert {p for p in packages if top(p) == "cogs"} == COGS_PACKAGES


def test_only_the_store_imports_a_database_driver() -> None:
    _, raw = graph()
    bad = violations(
        (mod, i)
        for mod, imp in raw.items()
        if not within(mod, "bot.store")
        for i in imp
        if top(i) in DATABASE_DRIVERS
    )
    assert not bad, f"database drivers imported outside bot/store/: {bad}"


def test_only_the_store_writes_sql() -> None:
    bad = violations(
        (mod, sql)
        for mod, path in modules().items()
        if not within(mod, "bot.store")
        for sql in sql_in(path.read_text(encoding="utf-8"))
    )
    assert not bad, f"SQL outside bot/store/ (give the store a method instead): {bad}"


def test_the_store_imports_nothing_of_the_bot_but_itself() -> None:
    edges, _ = graph()
    bad = violations(
        (mod, i)
        for mod, imp in edges.items()
        if within(mod, "bot.store")
        for i in imp
        if top(i) in ("bot", "cogs", "renderers") and not within(i, "bot.store") and i not in STORE_MAY_IMPORT
    )
    assert not bad, f"bot/store/ importing the shell, cogs or renderers: {bad}"


def test_only_bot_imports_the_store() -> None:
    edges, _ = graph()
    bad = violations(
        (mod, i) for mod, imp in edges.items() if top(mod) != "bot" for i in imp if within(i, "bot.store")
    )
    assert not bad, f"bot/store/ imported from outside bot/: {bad}"


def store_reads(source: str) -> list[int]:
    """Lines of ``source`` that reach a store through an attribute (``table.store``, ``leagues.store``)."""
    return [
        node.lineno
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.Attribute) and node.attr == "store"
    ]


def test_the_store_reader_finds_an_attribute_not_a_word() -> None:
    assert store_reads("x = await table.store.games()") == [1]
    assert store_reads('"""the store keeps it"""\nstore = 1') == []


def test_no_cog_touches_a_store() -> None:
    """Issue 29, item 6: the cogs ask the table (or the league service), which alone reads its store."""
    bad = [
        f"{path.relative_to(ROOT)}:{line}"
        for path in sorted((ROOT / "cogs").rglob("*.py"))
        for line in store_reads(path.read_text(encoding="utf-8"))
    ]
    assert not bad, f"a cog reads a store directly (give the table a method instead): {bad}"


def test_the_terminal_and_the_tools_import_neither_discord_nor_cogs() -> None:
    _, raw = graph()
    bad = violations(
        (mod, i)
        for mod, imp in raw.items()
        if within(mod, "bot.terminal") or within(mod, "bot.tools")
        for i in imp
        if top(i) in ("discord", "cogs")
    )
    assert not bad, f"the terminal or the tools importing Discord: {bad}"


def test_the_ui_plumbing_imports_no_command_cog() -> None:
    edges, _ = graph()
    bad = violations(
        (mod, i)
        for mod, imp in edges.items()
        if within(mod, "cogs.ui")
        for i in imp
        if top(i) == "cogs" and not within(i, "cogs.ui")
    )
    assert not bad, f"cogs/ui/ importing command cogs: {bad}"


def test_components_reach_the_flows_only_through_the_typed_interface() -> None:
    edges, _ = graph()
    below = violations((mod, i) for mod in BELOW_THE_FLOWS for i in edges[mod] if i in FLOWS_MODULES)
    assert not below, f"components or the reporter importing the flows (use cogs.ui.dispatch.Flows): {below}"
    providers = {mod for mod, imp in edges.items() if "cogs.ui.all_flows" in imp}
    assert providers <= COMPOSITION_ROOTS, f"the flows provided outside the composition root: {providers}"


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


INLINE_REASON = "# allow_inline:"


def inline_imports(source: str) -> list[int]:
    """Lines of imports inside a function that give no reason (``# allow_inline: why`` on the line or the
    line above)."""
    lines = source.splitlines()
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            for sub in ast.walk(node):
                if isinstance(sub, ast.Import | ast.ImportFrom):
                    here = lines[sub.lineno - 1]
                    above = lines[sub.lineno - 2] if sub.lineno > 1 else ""
                    if INLINE_REASON not in here and INLINE_REASON not in above:
                        found.append(sub.lineno)
    return found


def test_the_inline_finder_wants_a_reason() -> None:
    assert inline_imports("def f():\n    import os\n") == [2]
    assert inline_imports("def f():\n    # allow_inline: why\n    import os\n") == []
    assert inline_imports("import os\n") == []


def test_every_import_inside_a_function_says_why() -> None:
    """Issue 29, item 9: an import inside a function hides a dependency; each states its reason."""
    bad = [
        f"{path.relative_to(ROOT)}:{line}"
        for pkg in PACKAGES
        for path in sorted((ROOT / pkg).rglob("*.py"))
        for line in inline_imports(path.read_text(encoding="utf-8"))
    ]
    assert not bad, f"imports inside functions without '# allow_inline: <reason>': {bad}"


def test_the_web_companion_reads_through_the_table_only() -> None:
    """Issue 34: bot.web may import the table, renderers and the league service, never discord, cogs or a
    store (its composition root opens one), and reads no store through an attribute."""
    _, raw = graph()
    bad = violations(
        (mod, i)
        for mod, imp in raw.items()
        if within(mod, "bot.web")
        for i in imp
        if top(i) in ("discord", "cogs") or (within(i, "bot.store") and mod != WEB_ROOT)
    )
    assert not bad, f"the web companion importing Discord or a store: {bad}"
    reads = [
        f"{path.relative_to(ROOT)}:{line}"
        for path in sorted((ROOT / "bot" / "web").rglob("*.py"))
        for line in store_reads(path.read_text(encoding="utf-8"))
    ]
    assert not reads, f"the web companion reads a store directly (ask the table): {reads}"
    table_reads = {i for mod, imp in raw.items() if within(mod, "bot.web") for i in imp if top(i) == "engine"}
    assert "engine.table" in table_reads
