"""IPA: The Agents, wired: metadata, set-up and the view. The rules are the steps (:mod:`.steps`), actions
(:mod:`.actions`) and effects (:mod:`.effects`)."""

from __future__ import annotations

from typing import Any

from engine.core import Event, GameMeta, Intent, RandomAgent
from engine.core.board import Cell, load_grid
from engine.core.flowgame import FlowGame

from . import actions, control, effects, marks, sides, steps, text, turn_header  # noqa: F401 - register
from .actions.move import wall_steps
from .agent import HeuristicAgent, search_agent
from .determinize import determinize
from .pack import MAPS, map_path, pack
from .rules import RULES
from .setup import quadrant
from .sides import allied, corner_steps, place_sides, seat_corners, start_life
from .state import AgentState, EventsStep, EventToken, IpaOptions, IpaState, RoundStep
from .view import IpaView
from .viewing import build_view

RULES_SUMMARY = """\
IPA: The Agents: 2-4 Agents fight on a 24 x 24 battle map; the last Agent standing wins.
Set-up: Agents in distinct corners, Precision/Strength/Intellect 1, life 20/17/15 for 2/3/4 players,
7 secret Item Cards each; the players place the 40 walls in turn (never in an opponent's corner, no group of
more than 5, never cutting off a square); 4 Event tokens per player go face down by the dice, the same number
in each quadrant. Or a Standard Battle Map.
Your turn: one move of up to 5 squares (orthogonal, not through units; Gravitational Enforcers slow you) and
one action (activate an Item Card, pick up the Event you stand on, take over field equipment), before or
after the move. Free: Constructs, the Space Shop (sell cards for credits to spend now; Injections, field
equipment, SP upgrades), Sentry shots, discarding, Spoils of War next to a corpse.
Attacks: the defender rolls 2d6: any 6 dodges, a double 6 reflects 1 damage, a double 1 adds 2. After a hit
every other Agent may play a Rift (everyone is asked, so nobody learns who holds one).
End of turn: 2 life lost per inactive card above 7. End of round: draw a card (or not), rank +1 (to 20) and
an ability point.
"""


class IpaGame(FlowGame[IpaState]):
    meta = GameMeta(
        id="ipa_agents",
        title="IPA: The Agents",
        min_seats=2,
        max_seats=4,
        options=IpaOptions,
        summary="Tactical skirmish of Agents on a 24 x 24 map: last Agent standing wins.",
        rules=RULES_SUMMARY,
    )
    format = 10
    """2: the runtime's frames changed shape before the game was registered (no format-1 game was saved);
    3: the last action a Rift may undo, permissions to pass; 4: the options of the advanced and alternative
    rules (Played is played, Focused Shot, Gaia's Helpers), teams and chosen corners; 5: Confuse and Mind
    Control (statuses, the controlled turn, the Focused Shot's hits); 6: each waiting frame keeps its
    public (third-person) text; 7: a wall's default is the first allowed square from the map's centre (a
    game saved in set-up would not replay to its stored default); 8: the effects of one attack or one round
    wear off (issue 28: Ocular Precision and Krono Blood are spent by the attack they are for, a
    Focused Shot needs a shot of this turn, the Damage Converter's payment ends with the turn, a force
    field's loss holds for the rest of the turn, a Sentry's round of placement), and the turn's header is
    told again after each deed; 9: the state no longer carries the runtime's unused ``decisions`` and
    ``options`` (issue 29, item 9); 10: a wall is one answer, its square (``wall:at=D7``, was
    ``wall:col=D,row=7``: a logged old key is read as the new one, :meth:`conform`), and the state keeps what
    the last turns changed (``marks``) and the secret choices just revealed (``revealed``), for the boards.
    Older games are rebuilt from their intent log."""
    state_type = IpaState
    rules = RULES
    agents = {"random": RandomAgent, "heuristic": HeuristicAgent, "search": search_agent}
    determinize = staticmethod(determinize)
    """A state the seat cannot tell from the real one, hidden parts dealt afresh (for the agents)."""

    def _setup(self, seats: list[str], seed: int, options: Any) -> IpaState:
        numbers = pack().numbers
        rng = self.new_rng(seed)
        life = start_life(numbers.life, len(seats), options.teams)
        corners = seat_corners(seats, options.teams)
        agents = {
            s: AgentState(
                seat=s, unit=f"a{i + 1}", cell=corners[s], corner=corners[s], life=life, max_life=life
            )
            for i, s in enumerate(seats)
        }
        state = IpaState(
            game=self.meta.id,
            seats=seats,
            rng=rng,
            opts=options,
            agents=agents,
            size=numbers.size,
            deck=rng.shuffled(pack().deck()),
        )
        place_sides(state)
        for agent in agents.values():
            agent.hand = [state.deck.pop() for _ in range(numbers.hand)]
            agent.permits = [s for s in seats if s != agent.seat and allied(state, s, agent.seat)]
        first = corner_steps(state) if options.corners == "chosen" else []
        if options.battle_map in MAPS:
            _standard_map(state, options.battle_map)
            state.steps = [*first, RoundStep()]
        else:
            state.steps = [*first, *wall_steps(state)]
        return self.start(state)

    def conform(self, intent: Intent) -> Intent:
        """An intent log written before format 10 names a wall's square in two parts (``wall:col=D,row=7``):
        it is read as the one answer it now is (``wall:at=D7``), so old games rebuild."""
        col, row = intent.get("col"), intent.get("row")
        if intent.kind == "wall" and isinstance(col, str) and isinstance(row, int) and len(intent.args) == 2:
            intent = Intent.of("wall", at=f"{col}{row}")
        return super().conform(intent)

    def _log(self, state: IpaState, events: list[Event]) -> None:
        """The public log, and what the events changed on the map for the boards to mark (:mod:`.marks`)."""
        super()._log(state, events)
        marks.note(state, events)

    def view_model(self, state: IpaState, seat: str | None) -> IpaView:
        return build_view(self, state, seat)

    def board_lines(self, view: dict[str, Any]) -> list[str] | None:
        return text.board_lines(view)

    def hand_lines(self, own: dict[str, Any], public: dict[str, Any]) -> list[str] | None:
        return text.hand_lines(own, public)


def _standard_map(state: IpaState, name: str) -> None:
    """RB: points 6 and 7 "may be skipped when using a Standard Battle Map". The maps are house maps (the
    printed ones are not in the text); each holds 4 Event squares per quadrant, of which each player count
    uses its own number, first in reading order."""
    spec = load_grid(map_path(name))
    state.walls = [c.label for c in sorted(spec.blocked, key=Cell.reading)]
    pool = [k.id for k in pack().events.values() for _ in range(k.count)]
    state.rng.shuffle(pool)
    per = {q: 0 for q in range(4)}
    for c in sorted(spec.marks.get("event", ()), key=Cell.reading):
        q = quadrant(c.label, state.size)
        if per[q] < len(state.seats):
            per[q] += 1
            state.events.append(EventToken(cell=c.label, kind=pool.pop()))


IPA = IpaGame()
"""Exported as ``GAME`` from the package."""
__all__ = ["IPA", "EventsStep", "IpaGame"]
