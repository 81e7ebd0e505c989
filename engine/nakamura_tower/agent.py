"""A heuristic player for Nakamura Tower (either Faction, or solo): attack when a target is in reach,
otherwise head for the nearest objective (then the Exits in the solo mission, then the nearest enemy),
Fast Attack when offered, hack a Terminal with a defence and a Booster (purging an infection first, and
keeping a virus running to strike back), and bid a little for the initiative; its gear (grenades, mines,
First Aid, drags) as engine/nakamura_tower/tactics.py says.
The AI's drones are rules (engine/nakamura_tower/drones.py), not this agent."""

from __future__ import annotations

from typing import Any

from engine.core import Intent, Rng
from engine.core.agents import SampledAgent
from engine.core.search import SearchAgent, margin

from . import board, stats
from .loading import pack
from .pack import DEFENSIVE, OFFENSIVE
from .scoring import playing_together
from .sharing import team_seat
from .state import NtState
from .tactics import gear_choice


class HeuristicAgent(SampledAgent):
    name = "heuristic"

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.rng = Rng(seed=seed)

    def pick(self, game: Any, state: NtState, seat: str, legal: list[Intent]) -> Intent:
        seat = team_seat(state, seat)  # a shared Team's partner plays for its Team
        kinds = {i.kind for i in legal}
        if "ready" in kinds:
            return Intent.of("ready")  # the mission's suggested Team, as drafted
        for kind, pick in (
            ("bid", self._bid),
            ("order", self._order),
            ("declare", self._declare),
            ("plan", self._plan),
            ("keep", self._keep),
            ("jam", self._jam),
            ("react", self._react),
        ):
            if kind in kinds:
                return pick(state, seat, legal)
        gear = gear_choice(state, seat, legal)
        if gear is not None:
            return gear
        attack = self._target(state, [i for i in legal if i.kind == "attack"])
        if attack is not None:
            return attack
        escapes = [i for i in legal if i.kind == "escape"]
        if escapes:
            return escapes[0]
        moves = [i for i in legal if i.kind == "move"]
        best = self._move(state, seat, moves) if moves else None
        if best is not None:
            return best
        for kind in ("done", "end", "pass"):
            found = [i for i in legal if i.kind == kind]
            if found:
                return found[0]
        return legal[self.rng.below(len(legal))]

    @staticmethod
    def _bid(state: NtState, seat: str, legal: list[Intent]) -> Intent:
        bids = sorted((i for i in legal if i.kind == "bid"), key=lambda i: i.num("sr"))
        return bids[min(2, len(bids) - 1)]

    @staticmethod
    def _order(state: NtState, seat: str, legal: list[Intent]) -> Intent:
        want = Intent.of("order", cw=seat, rw=seat)
        return want if want in legal else legal[0]

    @staticmethod
    def _declare(state: NtState, seat: str, legal: list[Intent]) -> Intent:
        """Purge an infection first, else hack a Terminal it does not hold when it has a virus or worm, else
        an enemy Tactical Network; a Fly Eye looks at the Terminal's defence (or at two enemy cards)."""
        if any(i.get("hacker") for i in legal):
            return legal[0]
        if any(i.get("look") for i in legal):
            looks = [i for i in legal if i.get("look") == "terminal"]
            looks += [i for i in legal if i.get("look") not in ("none", "terminal") and 0 < i.num("n") <= 2]
            return looks[0] if looks else legal[0]
        team = state.teams[seat]
        armed = any(pack().card(c).kind in OFFENSIVE for c in team.hand) or any(
            s.owner == seat and pack().card(s.card).kind in OFFENSIVE for s in team.tn
        )
        defended = any(pack().card(c).kind in DEFENSIVE for c in team.hand)
        targets = [str(i.get("target")) for i in legal]
        allies = playing_together(state)
        for wanted, ok in (("purge", defended), ("t_", armed), ("tn_", armed and not allies)):
            found = [t for t in targets if t.startswith(wanted)]
            if found and ok:
                return Intent.of("declare", target=found[0])
        return legal[0]

    @staticmethod
    def _plan(state: NtState, seat: str, legal: list[Intent]) -> Intent:
        """The strongest programme and Booster; a defence or an SR Booster only when the Team's SR pays for
        it (a defence leaving 2 SR for the attack); never a blank (a bluff tells a program nothing)."""
        sr = state.teams[seat].sr
        if any(i.get("dsr") is not None for i in legal):
            # the SR for each defence: half of what is left, so the Team's own attack keeps its share
            wanted = min(2, sr // 2)
            return next((i for i in legal if i.num("dsr") == wanted), legal[0])
        if any(i.get("fill") is not None for i in legal):
            return _fill(state, seat, legal)

        def affordable(i: Intent) -> bool:
            part, card = i.args[0]
            data = pack().card(str(card).removeprefix("r."))
            need = data.install + data.run + (2 if part == "grd" else 0)
            return data.kind != "blank" and (part not in ("grd", "sr") or sr >= need)

        real = [i for i in legal if all(v != "none" for _, v in i.args) and affordable(i)]
        if not real:
            return legal[0]
        return max(real, key=lambda i: pack().card(str(i.args[0][1]).removeprefix("r.")).strength)

    @staticmethod
    def _keep(state: NtState, seat: str, legal: list[Intent]) -> Intent:
        """Clean-Up: drop a spent SR Booster, a Booster or a blank, keep the rest running; install a defence
        if none runs, else a virus or worm (it strikes back at a failed attack)."""
        if any(i.get("install") for i in legal):
            running = {pack().card(s.card).kind for s in state.teams[seat].tn if s.owner == seat}
            wanted = OFFENSIVE if running & DEFENSIVE else DEFENSIVE
            found = [i for i in legal if i.get("install") not in (None, "none")]
            found = [i for i in found if pack().card(str(i.get("install"))).kind in wanted]
            return found[0] if found else legal[0]
        spent = [
            i
            for i in legal
            if i.get("drop") not in (None, "none", "all")
            and pack().card(str(i.get("drop"))).kind in ("sr_booster", "booster", "blank")
        ]
        return spent[0] if spent else legal[0]

    @staticmethod
    def _jam(state: NtState, seat: str, legal: list[Intent]) -> Intent:
        """Jam the enemy Hacker when it may be chosen (it hacks and holds Terminals), else the first."""
        hackers = [i for i in legal if stats.hacker(state.models[str(i.get("unit"))])]
        return hackers[0] if hackers else legal[0]

    @staticmethod
    def _react(state: NtState, seat: str, legal: list[Intent]) -> Intent:
        fire = [i for i in legal if i.kind == "react" and i.get("how") in ("fire", None) and i.get("unit")]
        if fire:
            return fire[0]
        back = [i for i in legal if i.kind == "react" and i.get("how") == "fire"]
        if back:
            return back[0]
        return next((i for i in legal if i.kind == "pass" or i.get("how") == "dodge"), legal[0])

    @staticmethod
    def _target(state: NtState, found: list[Intent]) -> Intent | None:
        def value(i: Intent) -> tuple[int, int]:
            target = state.models[str(i.get("target"))]
            return (0 if target.kind == "character" else 1, -target.wounds)

        if playing_together(state):  # allies are left alone
            found = [i for i in found if state.models[str(i.get("target"))].team not in state.teams]
        return min(found, key=value) if found else None

    @staticmethod
    def _goals(state: NtState, seat: str) -> list[str]:
        if state.objectives:
            return list(state.objectives)
        exits = list(board.mission(state).exits)
        if exits:
            return exits
        foes = [m for m in board.on_board(state) if m.team != seat and m.cell is not None]
        if playing_together(state):
            foes = [m for m in foes if m.team not in state.teams]
        return [str(m.cell) for m in foes]

    def _move(self, state: NtState, seat: str, moves: list[Intent]) -> Intent | None:
        goals = self._goals(state, seat)
        if not goals:
            return None
        g, squares = board.grid(state), [board.square(goal) for goal in goals]  # read once for every move

        def near(cell: str) -> int:
            here = board.square(cell)
            return min(g.distance(here, goal) for goal in squares)

        def score(i: Intent) -> tuple[int, str]:
            return (near(str(i.get("to"))), str(i.get("unit")))

        best = min(moves, key=score)
        unit = state.models[str(best.get("unit"))]
        if unit.cell is not None and near(str(best.get("to"))) >= near(unit.cell):
            return None
        return best


def _fill(state: NtState, seat: str, legal: list[Intent]) -> Intent:
    """The programme that won stays in the Terminal, with the strongest card of the hand beside it when the
    Team has SR to spare (4 or more: its battles come first)."""
    hand = state.teams[seat].hand
    single = [i for i in legal if _one_card(str(i.get("fill"))) and int(str(i.get("fill"))[1]) < len(hand)]
    if state.teams[seat].sr < 4 or not single:
        return legal[0]
    return max(single, key=lambda i: pack().card(hand[int(str(i.get("fill"))[1])]).strength)


def _one_card(fill: str) -> bool:
    """Whether a fill names one card of the hand: ``h`` and a digit (``h0``..``h9``)."""
    return len(fill) == 2 and fill[0] == "h" and fill[1].isdecimal()


def estimate(state: NtState, seat: str) -> float:
    """How well ``seat`` stands in [0, 1] (for the search agent's playouts stopped short of the end): its
    score against the best other seat's."""
    scores = {s: float(state.teams[s].score) for s in sorted(state.teams)}
    return margin(scores.pop(seat, 0.0), list(scores.values()), 3.0)


def search_agent(seed: int = 0) -> SearchAgent:
    """The search agent of this game: playouts by the heuristic agent, judged by :func:`estimate`."""
    return SearchAgent(seed, HeuristicAgent, estimate)
