"""ISSUE 17: the data packs travel with the package (``arbiter_data``) and are found outside a checkout.

.ci/run builds the wheel, installs it in a fresh venv outside the checkout and plays every game from it;
these are the quick checks of the same thing."""

from __future__ import annotations

import sys
import tomllib
from fnmatch import fnmatch
from pathlib import Path

import pytest

from engine.core import datapack

ROOT = Path(__file__).resolve().parents[1]


def test_every_data_file_is_packaged() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    patterns = config["tool"]["setuptools"]["package-data"]["arbiter_data"]
    setup = (ROOT / "setup.py").read_text(encoding="utf-8")
    assert '"arbiter_data": "data"' in setup and '["arbiter_data"]' in setup
    files = [p.relative_to(ROOT / "data").as_posix() for p in (ROOT / "data").rglob("*") if p.is_file()]
    assert files
    left_out = [f for f in files if not any(fnmatch(f, pat.replace("**/", "*/")) for pat in patterns)]
    assert not left_out, f"data files the wheel would leave out (add a pattern to package-data): {left_out}"


def test_a_checkout_reads_its_own_data_folder(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("ARBITER_DATA", raising=False)
    assert datapack.data_root() == ROOT / "data"


def test_an_installed_copy_reads_the_packaged_packs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    site = tmp_path / "site-packages"
    (site / "engine" / "core").mkdir(parents=True)
    (site / "data" / "infamy").mkdir(parents=True)  # a stranger's "data" folder must not be taken
    (site / "arbiter_data" / "infamy").mkdir(parents=True)
    monkeypatch.delenv("ARBITER_DATA", raising=False)
    monkeypatch.setattr(datapack, "__file__", str(site / "engine" / "core" / "datapack.py"))
    monkeypatch.syspath_prepend(str(site))
    sys.modules.pop("arbiter_data", None)
    datapack._root.cache_clear()  # the root is found once per process; this test moves the code
    monkeypatch.setattr(datapack, "_root", datapack._root.__wrapped__)
    assert datapack.data_root() == site / "arbiter_data"
    assert datapack.pack_dir("infamy") == site / "arbiter_data" / "infamy"
    monkeypatch.setenv("ARBITER_DATA", str(tmp_path / "mine"))
    assert datapack.data_root() == tmp_path / "mine"
