"""Human Interface: Nakamura Tower, wired: metadata, set-up and the view. The rules are the phases
(:mod:`.phases`, :mod:`.cyber`, :mod:`.drones`), the actions (:mod:`.actions`) and the combat
(:mod:`.combat`)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from engine.core import Event, GameMeta, IllegalIntent, Intent, NotYourTurn, Prompt, RandomAgent
from engine.core.flowgame import FlowGame
from engine.core.intent import Value
from engine.core.shapes import check_shape

from . import actions, activation, combat, declare, drones, factions, keeping, phases, sharing, teambuild  # noqa: F401 - they register into RULES
from .agent import HeuristicAgent
from .rules import RULES
from .setup import build
from .shapes import SHAPES
from .state import NtOptions, NtState
from .stats import name as model_name
from .teambuild import part_label as team_part_label
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

INTENT_KINDS = frozenset(SHAPES)


class NakamuraGame(FlowGame[NtState]):
    meta = GameMeta(
        id="nakamura_tower",
        title="Human Interface: Nakamura Tower",
        min_seats=1,
        max_seats=3,
        options=NtOptions,
        summary="Cyberpunk squad raid on a tower floor guarded by AI drones.",
        rules=RULES_SUMMARY,
    )
    state_type = NtState
    format = 17
    rules = RULES
    intent_kinds = INTENT_KINDS
    agents = {"random": RandomAgent, "heuristic": HeuristicAgent}

    def _setup(self, seats: list[str], seed: int, options: Any) -> NtState:
        return self.start(build(self.meta.id, seats, self.new_rng(seed), options))

    def parse_intent(self, key: str) -> Intent:
        intent = super().parse_intent(key)
        check_shape(SHAPES, intent)
        return intent

    # A shared Faction (ruling H1): the rules ask the Team's first seat; these pass each question on to
    # the partner who plays the character concerned.

    def prompts(self, state: NtState) -> list[Prompt]:
        found = super().prompts(state)
        team = sharing.shared_turn(state)
        if team is None:
            return found
        seats = sharing.routed(state, team)
        out = [p for p in found if p.seat != team]
        for p in found:
            if p.seat == team:
                out += [replace(p, seat=s) for s in seats]
        return out

    def legal(self, state: NtState, seat: str) -> list[Intent]:
        team = sharing.shared_turn(state)
        if team is None or sharing.team_seat(state, seat) != team:
            return super().legal(state, seat)
        found = super().legal(state, team)
        if seat not in sharing.routed(state, team):
            return []
        return [i for i in found if sharing.owns(state, seat, i)]

    def check(self, state: NtState, seat: str, intent: Intent) -> None:
        check_shape(SHAPES, intent)
        team = sharing.shared_turn(state)
        if team is not None and sharing.team_seat(state, seat) == team and state.result is None:
            if seat not in sharing.routed(state, team):
                partner = [s for s in (team, sharing.partner_of(state, team)) if s is not None and s != seat]
                raise NotYourTurn(f"It is not {seat}'s turn; waiting for {', '.join(partner)}.")
            if not sharing.owns(state, seat, intent):
                raise IllegalIntent("That character is played by your partner in the shared Team.")
            seat = team
        super().check(state, seat, intent)

    def _apply(self, state: NtState, seat: str, intent: Intent) -> list[Event]:
        team = sharing.shared_turn(state)
        if team is None or sharing.team_seat(state, seat) != team:
            return super()._apply(state, seat, intent)
        state._sender = seat
        try:
            return super()._apply(state, team, intent)
        finally:
            state._sender = None

    def describe(self, state: NtState, intent: Intent) -> str:
        check_shape(SHAPES, intent)
        return super().describe(state, intent)

    def part_label(self, state: NtState, kind: str, name: str, value: Value) -> str:
        model = state.models.get(str(value)) if name in ("unit", "target", "other") else None
        if model is not None:
            return f"{model_name(model)} ({model.id})"
        found = team_part_label(name, value)
        if found:
            return found
        return super().part_label(state, kind, name, value)

    def view_model(self, state: NtState, seat: str | None) -> NtView:
        own = sharing.team_seat(state, seat) if seat is not None else None
        view = build_view(self.table_view(state, seat), state, own)
        if own != seat:
            view.my_plan = []  # ruling H2: a secret answer not yet revealed stays with the seat giving it
        return view


NAKAMURA = NakamuraGame()
"""Exported as ``GAME`` from the package only once the conformance suite and the rules tests pass."""
__all__ = ["NAKAMURA", "NakamuraGame"]
