"""Human Interface: Nakamura Tower, wired: metadata, set-up, the view, and who answers a shared Team's
activation. The rules are the phases (:mod:`.phases`, :mod:`.cyber`, :mod:`.drones`), the actions
(:mod:`.actions`) and the combat (:mod:`.combat`)."""

from __future__ import annotations

from collections.abc import Sequence
from contextlib import AbstractContextManager
from typing import Any

from engine.core import GameMeta, Intent, RandomAgent
from engine.core.flowgame import FlowGame
from engine.core.frame import Frame

from . import (  # noqa: F401 - they register into RULES
    actions,
    activation,
    combat,
    declare,
    drones,
    factions,
    infection,
    keeping,
    phases,
    sharing,
    teambuild,
    text,
)
from .agent import HeuristicAgent, search_agent
from .determinize import determinize
from .listing import listing
from .rules import RULES
from .setup import build
from .state import NtOptions, NtState
from .view import NtView
from .viewing import build as build_view

RULES_SUMMARY = """\
Human Interface: Nakamura Tower: Teams of five raid a floor of the tower while its AI's drones hunt
everyone. 1 player: solo against the tower; 2: versus (default); 3: a third Faction, or
(three_players=shared) two players sharing one Team, each playing its own characters. Every test draws from
the 40-card CanDo deck (reshuffled after any 1 or 10). Each turn: 1 Cybershock tests; 2 System Resources;
3 secret SR bids for the initiative; 4 Cyberwarfare; 5 the Real World: each character in turn spends 2
Action Points on Moves (Speed squares, 8-way, orthogonal through doorways) and Attacks (ranged or close,
TAC, hit locations, armour), grenades, Mine tokens, First Aid, dragging a friend or handing over an item,
with reactions (Dodge, Fast Attack, Take Cover); 6 AI Operations: alarms and drones; 7 Clean-Up. The
mission's objectives score; highest score after the last turn wins.
"""


class NakamuraGame(FlowGame[NtState]):
    meta = GameMeta(
        id="nakamura_tower",
        title="Human Interface: Nakamura Tower",
        min_seats=1,
        max_seats=3,
        options=NtOptions,
        summary="Cyberpunk squad raid on a tower floor guarded by AI drones.",
        rules=RULES_SUMMARY,
        turn_word="Turn",
    )
    state_type = NtState
    format = 20
    rules = RULES
    agents = {"random": RandomAgent, "heuristic": HeuristicAgent, "search": search_agent}
    determinize = staticmethod(determinize)
    """A state the seat cannot tell from the real one, hidden parts dealt afresh (for the agents)."""

    def _setup(self, seats: list[str], seed: int, options: Any) -> NtState:
        return self.start(build(self.meta.id, seats, self.new_rng(seed), options))

    def listing(self, state: NtState) -> AbstractContextManager[object]:
        """Every legal list reads the table once for all its actions (:mod:`.listing`)."""
        return listing(state)

    # A shared Faction (ruling H1): the rules ask the Team's first seat; the partners answer its activation.

    def answered_by(self, state: NtState, frame: Frame, seat: str) -> Sequence[str] | None:
        return sharing.answered_by(state, frame, seat)

    def may_send(self, state: NtState, seat: str, sender: str, intent: Intent) -> str | None:
        return sharing.may_send(state, seat, sender, intent)

    def board_lines(self, view: dict[str, Any]) -> list[str]:
        return text.board_lines(view)

    def hand_lines(self, own: dict[str, Any], public: dict[str, Any]) -> list[str]:
        return text.hand_lines(own, public)

    def view_model(self, state: NtState, seat: str | None) -> NtView:
        own = sharing.team_seat(state, seat) if seat is not None else None
        view = build_view(self.table_view(state, seat), state, own)
        view.me = seat
        if own != seat:
            view.my_plan = []  # ruling H2: a secret answer not yet revealed stays with the seat giving it
        return view


NAKAMURA = NakamuraGame()
"""Exported as ``GAME`` from the package only once the conformance suite and the rules tests pass."""
__all__ = ["NAKAMURA", "NakamuraGame"]
