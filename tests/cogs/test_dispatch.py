"""Issue 29, item 7: no string-keyed dispatch. A component starts its flow through the typed
:class:`cogs.ui.dispatch.Flows` the composition root hangs on the client (``client.flows``), not by name
through a registry: every flow of the interface is provided, with its parameters, and a click reaches
whatever the client was given, its errors answered by the one reporter."""

from __future__ import annotations

import inspect
from pathlib import Path
from typing import Any

import pytest

from bot.discord_bot import ArbiterBot
from bot.settings import Settings
from cogs.ui.all_flows import AllFlows
from cogs.ui.components import action_custom_id
from cogs.ui.dispatch import Flows
from cogs.ui.items import end_custom_id
from cogs.ui.stamps import Stamp
from cogs.ui.undo_items import answer_custom_id
from engine.core.errors import StaleVersion
from tests.cogs.fakes import World

FLOWS = sorted(name for name, value in vars(Flows).items() if inspect.iscoroutinefunction(value))


def test_the_interface_names_every_flow_a_component_starts() -> None:
    assert FLOWS == sorted(
        [
            "confirm",
            "lobby_action",
            "show_board",
            "show_hand",
            "show_options",
            "show_part",
            "stale",
            "submit",
            "undo_answer",
            "undo_mine",
            "undo_request",
        ]
    )


@pytest.mark.parametrize("name", FLOWS)
def test_every_flow_is_provided_with_the_parameters_the_interface_declares(name: str) -> None:
    declared = list(inspect.signature(getattr(Flows, name)).parameters.values())[1:]  # without self
    provided = list(inspect.signature(getattr(AllFlows(), name)).parameters.values())
    assert [(p.name, p.default) for p in provided] == [(p.name, p.default) for p in declared]
    assert inspect.iscoroutinefunction(getattr(AllFlows(), name))


async def test_the_composition_root_provides_the_flows(tmp_path: Path) -> None:
    bot = ArbiterBot(Settings(arbiter_db=str(tmp_path / "a.db")))
    assert isinstance(bot.flows, AllFlows)


class Recorder:
    """Stands in for the flows: records each call; ``fail``: what ``submit`` raises."""

    def __init__(self, fail: Exception | None = None) -> None:
        self.calls: list[tuple[str, tuple[Any, ...], dict[str, Any]]] = []
        self.fail = fail

    def __getattr__(self, name: str) -> Any:
        async def flow(interaction: Any, *args: Any, **kwargs: Any) -> None:
            self.calls.append((name, args, kwargs))
            if name == "submit" and self.fail is not None:
                raise self.fail

        return flow


async def test_a_click_starts_the_flow_the_client_was_given() -> None:
    world = World()
    world.client.flows = recorder = Recorder()  # type: ignore[assignment]
    await world.click("Ann", action_custom_id("abc123", Stamp.of_version(7), "pass"))
    await world.click("Ann", end_custom_id("abc123", 8, "end"))
    await world.click("Bo", answer_custom_id("abc123", 9, approve=False))
    assert recorder.calls == [
        ("submit", ("abc123", "pass", Stamp(version=7)), {}),
        ("submit", ("abc123", "end", Stamp(version=8)), {"confirmed": True}),
        ("undo_answer", ("abc123", 9, False), {}),
    ]


async def test_a_stale_click_is_answered_by_the_stale_flow_of_the_same_game() -> None:
    world = World()
    world.client.flows = recorder = Recorder(fail=StaleVersion("moved on"))  # type: ignore[assignment]
    await world.click("Ann", action_custom_id("abc123", Stamp.of_version(7), "pass"))
    assert [(name, args) for name, args, _ in recorder.calls] == [
        ("submit", ("abc123", "pass", Stamp(version=7))),
        ("stale", ("abc123",)),
    ]
