"""The Scenarios option's actions: revealing a Scenario, a story Task, the second story path, and the
abilities usable "at any moment" (FAQ: Digital Mind, Big Brother). Revealing a Scenario started by an Assist
and the abilities are asides in other prompts too."""

from __future__ import annotations

from engine.core import Event, Intent
from engine.core.waiting import TurnFrame

from .. import story as ST
from ..answers import refresh
from ..runtime import RULES
from ..state import GamedecState
from ..window import before_roll, refresh_window
from .base import GamedecAction


def in_own_turn(state: GamedecState, seat: str) -> bool:
    """``seat``'s turn is what the game asks it now (not a decision or window inside it)."""
    top = state.waiting.top()
    return isinstance(top, TurnFrame) and top.seat == seat


@RULES.action
class StoryStart(GamedecAction):
    kind = "story_start"

    def options(self, state: GamedecState, seat: str) -> list[Intent]:
        if in_own_turn(state, seat) and state.moved:
            return ST.start_options(state, seat) if state.opts.scenarios else []
        return ST.anytime_start(state, seat)

    def apply(self, state: GamedecState, seat: str, intent: Intent) -> list[Event]:
        events = ST.reveal(state, seat, intent.word("via"))
        refresh(state, seat, intent)
        refresh_window(state)
        return events


@RULES.action
class StoryTask(GamedecAction):
    kind = "story_task"

    def options(self, state: GamedecState, seat: str) -> list[Intent]:
        return ST.story_tasks(state, seat)

    def apply(self, state: GamedecState, seat: str, intent: Intent) -> list[Event]:
        card = intent.get("card")
        return ST.undertake(state, seat, card if isinstance(card, str) else None) + before_roll(state)


@RULES.action
class StoryFinish(GamedecAction):
    kind = "story_finish"

    def options(self, state: GamedecState, seat: str) -> list[Intent]:
        return [Intent.of("story_finish")] if state.moved and ST.can_finish(state, seat) else []

    def apply(self, state: GamedecState, seat: str, intent: Intent) -> list[Event]:
        return ST.finish(state, seat)


@RULES.action
class Ability(GamedecAction):
    kind = "ability"

    def options(self, state: GamedecState, seat: str) -> list[Intent]:
        return ST.abilities(state, seat)

    def apply(self, state: GamedecState, seat: str, intent: Intent) -> list[Event]:
        events = ST.use_ability(state, seat, intent)
        refresh(state, seat, intent)
        refresh_window(state)
        return events
