"""The game registry imports a game when it is first asked for (issue 21: a bot's first command after a
start imports the one game it needs, not all five)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from engine.core import MalformedIntent, registry

PROBE = """
import sys
from engine.core import registry
registry.get("infamy")
print(sorted(m for m in sys.modules if m.split(".")[:1] == ["engine"] and m.count(".") == 1))
"""


def test_asking_for_one_game_imports_that_game_only() -> None:
    out = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True, check=True).stdout
    packages = set(eval(out))
    assert "engine.infamy" in packages
    assert not packages & {"engine.gamedec", "engine.ipa_agents", "engine.nakamura_tower"}, packages


@pytest.mark.parametrize("bad", ["nope", "core", "../infamy", "Infamy", "", "example"])
def test_an_unknown_game_is_a_readable_refusal(bad: str) -> None:
    assert not registry.known(bad)
    with pytest.raises(MalformedIntent, match="There is no game .* Games: .*infamy"):
        registry.get(bad)


def test_every_game_is_still_listed() -> None:
    five = {"infamy", "gamedec", "ipa_agents", "nakamura_tower", "virtual_revolution"}
    assert five <= set(registry.games())
    assert registry.get("gamedec").meta.id == "gamedec"
