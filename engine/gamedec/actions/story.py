"""The Scenarios option's actions: revealing a Scenario, a story Task, the second story path, and the
abilities usable "at any moment" (FAQ: Digital Mind, Big Brother). Revealing a Scenario started by an Assist
and the abilities are asides in other prompts too."""

from __future__ import annotations

from engine.core import Event, Intent
from engine.core.args import word
from engine.core.intent import Value
from engine.core.waiting import TurnFrame

from .. import story as ST
from ..answers import refresh
from ..board import NAMES
from ..names import space_named, wound_named
from ..pack import load_pack
from ..runtime import RULES
from ..state import GamedecState
from ..window import before_roll, refresh_window
from .base import GamedecAction

USES = {"mind": "Digital Mind", "obligation": "Big Brother"}
"""The Scenario abilities usable at any moment (FAQ)."""


def _puppet(state: GamedecState, value: Value) -> str | None:
    """The one Finale card undertaken as a story Task (Puppet Master)."""
    return load_pack().finales[ST.PUPPET].name if value == ST.PUPPET else None


def in_own_turn(state: GamedecState, seat: str) -> bool:
    """``seat``'s turn is what the game asks it now (not a decision or window inside it)."""
    top = state.waiting.top()
    return isinstance(top, TurnFrame) and top.seat == seat


@RULES.action
class StoryStart(GamedecAction):
    kind = "story_start"
    summary = "Reveal your Scenario"
    args = ST.START_ARGS
    when = "A Scenario is revealed in your own turn once a start condition holds"
    turn = "any"

    def options(self, state: GamedecState, seat: str) -> list[Intent]:
        if in_own_turn(state, seat) and state.moved:
            return ST.start_options(state, seat) if state.opts.scenarios else []
        return ST.anytime_start(state, seat)

    def apply(self, state: GamedecState, seat: str, intent: Intent) -> list[Event]:
        events = ST.reveal(state, seat, intent.word("via"))
        refresh(state, seat, intent)
        refresh_window(state)
        return events

    def label(self, state: GamedecState, intent: Intent) -> str:
        return ST.start_label(intent)


@RULES.action
class StoryTask(GamedecAction):
    kind = "story_task"
    summary = "Undertake a story Task"
    args = (word("card", _puppet, optional=True),)
    when = "A story Task is undertaken in your own turn"
    turn = "moved"

    def options(self, state: GamedecState, seat: str) -> list[Intent]:
        return ST.story_tasks(state, seat)

    def apply(self, state: GamedecState, seat: str, intent: Intent) -> list[Event]:
        card = intent.get("card")
        return ST.undertake(state, seat, card if isinstance(card, str) else None) + before_roll(state)

    def label(self, state: GamedecState, intent: Intent) -> str:
        return (
            "Undertake Puppet Master (DL 12)"
            if intent.get("card")
            else "Undertake your Scenario's story Task"
        )


@RULES.action
class StoryFinish(GamedecAction):
    kind = "story_finish"
    args = ()
    when = "A Scenario's second path is completed in your own turn"
    turn = "moved"

    def options(self, state: GamedecState, seat: str) -> list[Intent]:
        return [Intent.of("story_finish")] if state.moved and ST.can_finish(state, seat) else []

    def apply(self, state: GamedecState, seat: str, intent: Intent) -> list[Event]:
        return ST.finish(state, seat)

    def label(self, state: GamedecState, intent: Intent) -> str:
        return "Complete your Scenario (second path)"


@RULES.action
class Ability(GamedecAction):
    kind = "ability"
    summary = "Use a Scenario ability"
    args = (
        word("use", lambda state, v: USES[str(v)]),
        word("type", wound_named, optional=True),
        word("corp", space_named, optional=True),
    )
    when = "Your Scenario grants no such ability now"
    turn = "any"

    def options(self, state: GamedecState, seat: str) -> list[Intent]:
        return ST.abilities(state, seat)

    def apply(self, state: GamedecState, seat: str, intent: Intent) -> list[Event]:
        events = ST.use_ability(state, seat, intent)
        refresh(state, seat, intent)
        refresh_window(state)
        return events

    def label(self, state: GamedecState, intent: Intent) -> str:
        if intent.word("use") == "mind":
            kind = intent.get("type")
            wound = f"a {kind.capitalize()} Wound" if isinstance(kind, str) else "a Wound"
            return f"Digital Mind: take {wound} for Reputation +1"
        corp = NAMES.get(str(intent.get("corp")), "")
        return f"Big Brother: 2 set-aside cards to lift the Obligation at {corp}"
