"""A heuristic agent for Virtual Revolution: it places its Director where the best Action waits (a Server,
then a Verse, then an Agent in Range), strengthens its Boroughs while its Corruption hand is small, uses every
Agent and free bonus, puts Verses Online, donates when a raid threatens, spends Immunity where a raid or a
Necro card would cost an item, and keeps the best Objective. Every decision is a score over the legal
intents (ties broken by its own seeded generator)."""

from __future__ import annotations

from typing import Any

from engine.core import Intent, Rng
from engine.core.agents import SampledAgent
from engine.core.search import SearchAgent, margin
from engine.core.waiting import SecretFrame

from .control import may_build, servers_of
from .rules import P, cost
from .scoring import breakdown, total
from .state import VrState

RAID_LIMIT = 5
KIND_VALUE = {
    "online": 90,
    "activate": 80,
    "collect": 70,
    "title": 60,
    "server": 55,
    "verse": 45,
    "recruit": 40,
    "recruit_discard": 40,
    "donate": 20,
    "work": 15,
    "influence": 30,
    "promote": 5,
    "swap_verse": 1,
    "refresh": 0,
    "trade": -10,
    "end": -5,
}


class HeuristicAgent(SampledAgent):
    name = "heuristic"

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.rng = Rng(seed=seed)

    def pick(self, game: Any, state: Any, seat: str, legal: list[Intent]) -> Intent:
        scored = [(self.score(state, seat, i), self.rng.below(1000), n) for n, i in enumerate(legal)]
        return legal[max(scored)[2]]

    def score(self, state: VrState, seat: str, intent: Intent) -> float:
        kind = intent.kind
        handler = getattr(self, f"_{kind}", None)
        if handler is not None:
            return float(handler(state, seat, intent))
        return float(KIND_VALUE.get(kind, 0))

    # --- the turn ------------------------------------------------------------------------------

    def _director(self, state: VrState, seat: str, intent: Intent) -> float:
        borough = intent.word("to")
        player = state.p(seat)
        value = 0.0
        if player.ec >= cost(state, seat, "server") and len(servers_of(state, seat)) < 7:
            if may_build(state, seat, borough, False, state.opts.nation):
                value += 50
        reach = P().graph.reach(borough, 1)
        if len(player.duty) < 3 and player.ec >= cost(state, seat, "recruit"):
            value += 20 * sum(
                1 for slot, where in state.located.items() if where in reach and state.slots[slot]
            )
        owner = state.owner.get(borough)
        if owner == seat:
            value += 8 + 2 * state.tokens.get(borough, 0) if state.tokens.get(borough, 0) < 3 else 4
        elif owner is None:
            value += 10
        else:
            value += 6 if state.tokens.get(borough, 0) == 1 else 0
        return value

    def _influence(self, state: VrState, seat: str, intent: Intent) -> float:
        hand = len(state.p(seat).hand)
        how = intent.word("how")
        here = state.ctx.borough or ""
        if how == "move":
            source = intent.word("at")
            return 25 if state.tokens.get(source, 0) >= 2 else -20
        if hand >= RAID_LIMIT - 2:
            return -10
        if how == "remove":
            return 35 if state.owner.get(here) not in (None, seat) else -30
        return 32

    def _promote(self, state: VrState, seat: str, intent: Intent) -> float:
        late = state.round >= state.opts.rounds
        full = len(state.p(seat).duty) >= 3
        use = intent.word("use")
        base = 30 if late or full else -20
        if use != "no" and P().agents[intent.word("agent")].level == 1:
            base -= 3 if len(state.p(seat).hand) >= RAID_LIMIT - 1 else -3
        return base + (4 if intent.word("to") == "boost" else 0)

    def _donate(self, state: VrState, seat: str, intent: Intent) -> float:
        hand = len(state.p(seat).hand)
        cards = 0 if intent.word("cards") == "none" else len(intent.word("cards").split("+"))
        if hand - cards < RAID_LIMIT <= hand + 1:
            return 50 + cards + intent.num("imm")
        return 10 + cards + 2 * intent.num("imm") if hand >= 3 else 5

    def _collect(self, state: VrState, seat: str, intent: Intent) -> float:
        n = intent.num("ec") + 2 * intent.num("drop") + 2 * intent.num("peek") + 3 * intent.num("imm")
        return 60 + n + 3 * intent.num("imm") + 2 * intent.num("drop") - intent.num("peek")

    def _trade(self, state: VrState, seat: str, intent: Intent) -> float:
        held = next((h for h in state.p(seat).verses if h.verse == intent.word("verse")), None)
        return -10 if held is None or held.online else -8

    def _verse(self, state: VrState, seat: str, intent: Intent) -> float:
        slot = intent.num("slot") - 1
        verse = state.verse_row[slot]
        value = 45.0
        if verse is not None and P().verses[verse].condition.op == "none":
            value += 5
        return value

    # --- questions -----------------------------------------------------------------------------

    def _pick(self, state: VrState, seat: str, intent: Intent) -> float:
        if intent.get("trop") is not None:
            return self._declare(state, seat, intent)
        if intent.get("ignore") == 1:
            return 4.0 * self._severity(state, intent)
        if intent.get("keep") == "ql":
            return 30
        if intent.get("pos") is not None:
            return -intent.num("pos")
        if intent.get("imm") is not None:
            return 10
        if intent.get("apply") == 1:
            return 15
        if intent.get("at") is not None and state.ctx.seat == seat and state.ctx.borough:
            return 5 if state.owner.get(intent.word("at")) == seat else 3
        return 0

    @staticmethod
    def _severity(state: VrState, intent: Intent) -> int:
        """How much the raid card being resolved (public: a raid reveals the hand) would cost."""
        top = state.waiting.top()
        named = intent.get("card") or (top.data.get("card", "") if top is not None else "")
        card = P().corruption.get(str(named))
        severity = {
            "remove_server": 10,
            "discard_verse": 6,
            "discard_agent": 5,
            "discard_boost": 5,
            "income_down": 4,
            "remove_influence": 3,
            "lose_ec": 2,
        }
        return severity.get(card.template, 3) if card is not None else 3

    def _spend(self, state: VrState, seat: str, intent: Intent) -> float:
        n = intent.num("n")
        imm = state.p(seat).imm
        return {0: 10, 2: 8 + (4 if imm >= 4 else 0), 3: 12 if imm >= 3 else 0}.get(n, 0)

    def _objective(self, state: VrState, seat: str, intent: Intent) -> float:

        return float(total(state, seat, intent.word("id"), str(intent.get("param") or "")))

    @staticmethod
    def _declare(state: VrState, seat: str, intent: Intent) -> float:
        """Mme Tropovicz's type, for the Objective already chosen in this secret answer."""

        frame = state.waiting.top()
        drafts = frame.drafts.get(seat, []) if isinstance(frame, SecretFrame) else []
        kept = Intent.parse(drafts[0]) if drafts else Intent("objective")
        objective, param = kept.get("id"), str(kept.get("param") or "")
        trop = intent.word("trop")
        return float(sum(breakdown(state, seat, str(objective) if objective else None, trop, param).values()))


def estimate(state: Any, seat: str) -> float:
    """How well ``seat`` stands in [0, 1] (for the search agent's playouts stopped short of the end): its
    score against the best other seat's."""
    scores = {s: float(total(state, s, None)) for s in sorted(state.players)}
    return margin(scores.pop(seat, 0.0), list(scores.values()), 10.0)


def search_agent(seed: int = 0) -> SearchAgent:
    """The search agent of this game: playouts by the heuristic agent, judged by :func:`estimate`."""
    return SearchAgent(seed, HeuristicAgent, estimate)
