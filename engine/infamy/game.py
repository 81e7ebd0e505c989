"""Infamy as an Arbiter game, wired: metadata, set-up and the view. The rules are the steps
(:mod:`.steps`), actions (:mod:`.actions`), answers (:mod:`.answers`) and effects (:mod:`.effects`)."""

from __future__ import annotations

from typing import Any

from engine.core import Deck, Event, GameMeta, RandomAgent
from engine.core.flowgame import FlowGame

from . import actions, answers, effects, marks, steps, text  # noqa: F401 - they register into RULES
from . import rules as R
from .agent import HeuristicAgent, search_agent
from .determinize import determinize
from .pack import FACTIONS
from .rules import RULES
from .state import COLOURS, InfamyOptions, InfamyState, Player, RoundStep
from .view import InfamyView
from .viewing import build_view

RULES_SUMMARY = """\
Infamy: 3-4 freelancers in the Martian colony ARES-6. Win with 15 Infamy (i) or 5 Rep (r) in one faction
(Cartel, Megacorp, Militia); the check is at the end of every Round.
A Turn is a Day Round then a Night Round. Each Round has three phases:
1. Contact Phase. 5 Contacts are revealed (Day reshuffles all 13; Night draws from the 8 left). From the
   second Round on, the Triggerman first moves a Watchdog. Then each Contact is auctioned in the open,
   starting with the Triggerman and going clockwise: every bid or raise costs 1 Bribe of Expenses (spent,
   never returned) plus Bribes placed on the Contact so that you are the single highest bidder. Bidding
   ends when everyone else passes in a row. The winner spends his bid (one Bribe stays on the Contact),
   takes the reward at once and becomes Triggerman; losers take their bid back. A Favor (plus Expenses)
   wins a Contact outright, only at your first chance to bid on it, never on the Fixer.
   You have 12 Bribes for the whole Turn; they all come back after the Night.
2. Sector Phase. Everyone secretly picks one of the 6 sectors (not one with a Watchdog). Then, in Contact
   Order (winners of Contacts 1..5, then the others clockwise from the Triggerman), each places a pawn on
   a free zone of his sector: a resupply zone (a resource, a Henchman, sector 2's special zone, or a
   faction HQ: 1r at 0 Rep, else a Scheme) or the mission zone, only to complete an available mission
   there that he can pay (reward, then Infamy, then Rep in one faction shown). No free zone: fail.
3. Scheme Phase. From the Triggerman clockwise, each may play one Scheme. At Night, gain 1i per 2
   Henchmen. Then the win check; Bribes on Contacts go to Spent (and at Night all Spent Bribes are
   recovered); new missions are dealt, and the Day/Night marker flips.
Ties: more than 15i beats 5r, 5r beats exactly 15i; then most Infamy and the rulebook's tiebreaks.
Contacts: Accomplice (second pawn, no Rep that Round), Arms Dealer (2 Weapons), Chemist (2 Compound),
Cloner (1 Henchman), Fixer (1 Favor), Hacker (2 Data), Informant (draw 2, discard 1, 1 extra Scheme),
Liaison (2i or 1r), Peddler (1 resource), Saboteur (Sabotage 1 + a Hazard), Sector Chief (add a
Watchdog, ignore Watchdogs, remove one at the end), Smuggler (Day: skip placing for 1 resource and 1
Scheme; Night: double resupply), Thug (steal a resource; the victim may Spend 3 Bribes to cancel).
"""


class InfamyGame(FlowGame[InfamyState]):
    meta = GameMeta(
        id="infamy",
        title="Infamy",
        min_seats=3,
        max_seats=4,
        options=InfamyOptions,
        summary="Bribe Contacts, pick sectors in secret, complete missions: 15 Infamy or 5 Rep wins.",
        rules=RULES_SUMMARY,
    )
    state_type = InfamyState
    rules = RULES
    log_kept = 12
    """The views show the last 12 public lines; keeping no more keeps snapshots (and copies) small."""
    format = 7
    """2: on the runtime (steps and waiting frames); 3: the frames as the Gamedec port extended them; 4: the
    counted tokens kept by the resources kit; 5: each waiting frame keeps its public (third-person) text; 6:
    the state holds no ``decisions`` nor ``options`` (nobody read them); 7: the table noted after every move
    and what the latest move changed (``noted``, ``last``), and a placement with one possible zone is made
    without asking (issues 30, 31). Older games are rebuilt from their intent log."""
    agents = {"random": RandomAgent, "heuristic": HeuristicAgent, "search": search_agent}
    determinize = staticmethod(determinize)
    """A state the seat cannot tell from the real one, hidden parts dealt afresh (for the agents)."""

    def _setup(self, seats: list[str], seed: int, options: Any) -> InfamyState:
        pack = R.pack()
        rng = self.new_rng(seed)
        missions = Deck.shuffled(sorted(pack.missions), rng, reshuffle=False)
        schemes = {
            f: Deck.shuffled(sorted(s.id for s in pack.schemes.values() if s.faction == f), rng)
            for f in FACTIONS
        }
        n = len(seats)
        triggerman = rng.choice(seats)
        state = InfamyState(
            seats=seats,
            rng=rng,
            opts=options,
            triggerman=triggerman,
            players={s: Player(colour=COLOURS[i]) for i, s in enumerate(seats)},
            missions=missions,
            schemes=schemes,
            tokens=R.tokens(seats, options.finite_supply),
            steps=[RoundStep()],
        )
        state.available = state.missions.draw(rng, n)
        first = rng.between(1, 6)
        state.watchdogs = [first]
        state.log.append(f"{triggerman} is the Triggerman and places a Watchdog in sector {first}.")
        return self.start(state)

    def view_model(self, state: InfamyState, seat: str | None) -> InfamyView:
        return build_view(self, state, seat)

    def board_lines(self, view: dict[str, Any]) -> list[str]:
        return text.board_lines(view)

    def hand_lines(self, own: dict[str, Any], public: dict[str, Any]) -> list[str]:
        return text.hand_lines(own, public)

    def _log(self, state: InfamyState, events: list[Event]) -> None:
        """The public lines, then what the move changed (:mod:`.marks`: the boards mark it)."""
        super()._log(state, events)
        marks.note(state, events, self.awaiting(state))
