"""Virtual Revolution, wired: metadata, set-up and the view. The rules are the steps (:mod:`.steps`,
:mod:`.raids`, :mod:`.necro`, :mod:`.endround`, :mod:`.finish`), the actions (:mod:`.actions`) and the card
effects (:mod:`.effects`, :mod:`.promotions`, :mod:`.verses`, :mod:`.losses`)."""

from __future__ import annotations

from typing import Any

from engine.core import GameMeta, RandomAgent
from engine.core.flowgame import FlowGame

from . import actions, endround, finish, losses, necro, promotions, raids, steps, text, verses  # noqa: F401
from .agent import HeuristicAgent, search_agent
from .determinize import determinize
from .rules import RULES, neighbours
from .setup import build, opening_events
from .state import VrOptions, VrState
from .view import VrView
from .viewing import build_view

RULES_SUMMARY = """\
Virtual Revolution: 2-4 corporations fight over Neo Paris (7 Districts, 23 Boroughs) for 5 Rounds.
Each Round every player takes 3 turns in Turn Order. A turn: place a Director anywhere; at most one Influence
manoeuvre there (add or remove 1 token, each drawing a secret Corruption card, or move one of yours in; a
Borough never holds two players' Influence); at most one Action: Work (+5), Recruit an Agent within Range
(4), Build a Server (10: +2 Income, a +2VP token, 1 Corruption), Create a Verse (7: +1 Income, 1 Corruption)
or Make a Donation (discard Corruption, buy Immunity). Free in your turn: activate or promote Agents, use
Titles, collect recycled Influence, put Verses Online, trade a Verse for Immunity.
Control every Borough of a District to take its Title (lost at two fewer). End of Rounds 1-4: Interpol raids
anyone with 5+ Corruption cards, a Necro card hits the lowest, everyone and the highest Income (Immunity
spent in secret ignores it), the Turn Order is chosen, Income paid, the rows renewed. After Round 5 everyone
is raided, an End of Game Necro card, then the scoring: most VP wins, ties by Eurocredits.
"""


class VirtualRevolutionGame(FlowGame[VrState]):
    meta = GameMeta(
        id="virtual_revolution",
        title="Virtual Revolution",
        min_seats=2,
        max_seats=4,
        options=VrOptions,
        summary="Area control and engine building over a reconstructed Neo Paris.",
        rules=RULES_SUMMARY,
    )
    state_type = VrState
    format = 5
    """2: each waiting frame keeps its public (third-person) text; 3: the open questions' deadline answers
    are the least-losing ones and the Objective labels are capped (ruling V-16); 4: the runtime's unused
    decisions and options fields gone from every state (issue 29); 5: the table noted when a turn begins or
    a Round ends (``mark``), for the boards to mark what changed (issue 31). Older games are rebuilt from
    their intent log."""
    rules = RULES
    agents = {"random": RandomAgent, "heuristic": HeuristicAgent, "search": search_agent}
    determinize = staticmethod(determinize)
    """A state the seat cannot tell from the real one, hidden parts dealt afresh (for the agents)."""

    def _setup(self, seats: list[str], seed: int, options: Any) -> VrState:
        state = build(self.meta.id, seats, self.new_rng(seed), options)
        self._log(state, opening_events(state))
        return self.start(state)

    def view_model(self, state: VrState, seat: str | None) -> VrView:
        return build_view(self.table_view(state, seat), state, seat)

    def board_lines(self, view: dict[str, Any]) -> list[str]:
        return text.board_lines(view, neighbours())

    def hand_lines(self, own: dict[str, Any], public: dict[str, Any]) -> list[str]:
        return text.hand_lines(own, public)


VIRTUAL_REVOLUTION = VirtualRevolutionGame()
"""Exported as ``GAME`` from the package only once the conformance suite and the rules tests pass."""
