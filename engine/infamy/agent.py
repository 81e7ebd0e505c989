"""A heuristic Infamy agent: bids within its means on what it values, goes for missions it can pay,
plays its Schemes. It reads only what its seat may know (public board, its own hand)."""

from __future__ import annotations

import random
from typing import Any

from engine.core import Intent
from engine.core.agents import SampledAgent
from engine.core.search import SearchAgent, margin

from . import rules as R
from .pack import FACTIONS, RESOURCES

CONTACT_VALUE = {
    "liaison": 4.0,
    "accomplice": 3.0,
    "fixer": 3.0,
    "informant": 2.5,
    "chemist": 2.5,
    "hacker": 2.5,
    "arms_dealer": 2.5,
    "cloner": 2.5,
    "thug": 2.0,
    "peddler": 1.5,
    "smuggler": 2.0,
    "saboteur": 1.0,
    "sector_chief": 1.0,
}


class HeuristicAgent(SampledAgent):
    name = "heuristic"

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.random = random.Random(seed)

    # --- helpers --------------------------------------------------------------------------------

    def _needs(self, state: Any, seat: str) -> dict[str, int]:
        """How many of each resource the available missions ask for beyond what we hold."""
        pack = R.pack()
        need = {r: 0 for r in R.TOKENS}
        for m in state.available:
            req = pack.missions[m].requires
            for k in need:
                have = state.held(seat, k)
                need[k] = max(need[k], getattr(req, k) - have)
        return need

    def _mission_value(self, state: Any, seat: str, mid: str) -> float:
        m = R.pack().missions[mid]
        p = state.players[seat]
        rep_gain = 0.0 if seat in state.rep_locked else m.rep * (2.0 + max(p.rep[f] for f in m.factions))
        return m.infamy * (1.5 if p.infamy >= 10 else 1.0) + rep_gain + 1.0

    def _zone_value(self, state: Any, seat: str, zone_id: str) -> float:
        z = R.pack().zone(zone_id)
        p = state.players[seat]
        need = self._needs(state, seat)
        mult = 2 if (not state.day and state.smuggler == seat) else 1
        if z.kind in RESOURCES:
            return mult * (1.0 + 0.8 * min(need[z.kind], 2))
        if z.kind == "henchman":
            return mult * (1.6 + (0.6 if state.held(seat, "henchman") % 2 == 1 else 0))
        if z.kind == "special":
            return mult * (1.5 if not state.day else 0.5 * min(3, p.spent))
        assert z.faction is not None
        if p.rep[z.faction] == 0 and seat not in state.rep_locked:
            return 3.5
        return 1.2 * mult

    def _sector_value(self, state: Any, seat: str, sector: int) -> float:
        best = 0.0
        for m in R.payable_missions(state, seat, sector):
            best = max(best, self._mission_value(state, seat, m))
        for z in R.resupply_zones(sector):
            if z not in state.hazards:
                best = max(best, self._zone_value(state, seat, z))
        return best

    def _leader(self, state: Any, seat: str, among: list[str]) -> str:
        def score(s: str) -> float:
            p = state.players[s]
            return float(p.infamy + 3 * max(p.rep.values()))

        return max(among, key=score)

    # --- choosing -------------------------------------------------------------------------------

    def pick(self, game: Any, state: Any, seat: str, legal: list[Intent]) -> Intent:
        if len(legal) == 1:
            return legal[0]
        top = state.waiting.top()
        if top is not None and top.kind == "ask":
            return self._decide(state, seat, top.topic, legal)
        if state.phase == "auction":
            return self._bid(state, seat, legal)
        if state.phase == "select":
            return self._select(state, seat, legal)
        if state.phase == "place":
            return self._place(state, seat, legal)
        if state.phase == "scheme":
            plays = [i for i in legal if i.kind == "play"]
            if not plays:
                return legal[0]
            return max(plays, key=lambda i: self._scheme_value(state, seat, i.word("card")))
        return self.random.choice(legal)

    def _scheme_value(self, state: Any, seat: str, card: str) -> float:
        s = R.pack().schemes[card]
        v = 0.5
        for e in s.effects:
            if e.when is not None and (e.when == "day") != state.day:
                continue
            if e.what == "infamy":
                v += 1.5 * e.n
            elif e.op == "rep":
                v += 4
            elif e.op in ("gain", "steal"):
                v += e.n
        v -= 0.5 * sum(n for _, n in s.cost.items())
        return v

    def _bid(self, state: Any, seat: str, legal: list[Intent]) -> Intent:
        a = state.auction
        p = state.players[seat]
        cid = state.track[a.pos]
        value = CONTACT_VALUE.get(cid, 1.5)
        if cid == "liaison" and max(p.rep.values()) >= 3:
            value += 2
        if cid == "smuggler" and state.day:
            value -= 0.5
        if cid == "accomplice" and max(p.rep.values()) >= 4:
            value = 0.5
        if any(i.kind == "favor" for i in legal) and value >= 3.5:
            return Intent.of("favor")
        bids = [i for i in legal if i.kind == "bid"]
        if not bids:
            return Intent.of("pass")
        cheapest = min(bids, key=lambda i: i.num("to"))
        cost = cheapest.num("to") - a.bids.get(seat, 0) + 1
        reserve = 5 if state.day else 0
        left_contacts = len(state.track) - a.pos
        budget = p.avail - reserve
        if cost > budget or cost > value + 0.5 + (1 if left_contacts <= 2 and not state.day else 0):
            return Intent.of("pass")
        return cheapest

    def _select(self, state: Any, seat: str, legal: list[Intent]) -> Intent:
        own_pick = self._own_pick(state, seat)

        def score(i: Intent) -> float:
            acc = i.get("acc")
            if isinstance(acc, str):  # the Accomplice's card, after our own
                b = int(acc[1:])
                return (
                    self._sector_value(state, seat, b) * (0.3 if b == own_pick else 1.0)
                    + self.random.random() * 0.6
                )
            return self._sector_value(state, seat, int(i.word("own")[1:])) + self.random.random() * 0.6

        return max(legal, key=score)

    @staticmethod
    def _own_pick(state: Any, seat: str) -> int | None:
        """Our own sector card, when it is down and the Accomplice's is still to choose."""
        frame = state.waiting.find("secret", "sector")
        draft = frame.drafts.get(seat) if frame is not None else None
        return int(Intent.parse(draft[0]).word("own")[1:]) if draft else None

    def _place(self, state: Any, seat: str, legal: list[Intent]) -> Intent:
        def score(i: Intent) -> float:
            if i.kind == "smuggle":
                return 2.0
            zone = i.word("zone")
            if zone.endswith("m"):
                return self._mission_value(state, seat, i.word("mission"))
            return self._zone_value(state, seat, zone)

        return max(legal, key=score)

    def _decide(self, state: Any, seat: str, kind: str, legal: list[Intent]) -> Intent:
        p = state.players[seat]
        rivals = [s for s in state.seats if s != seat]
        if kind == "resource":
            need = self._needs(state, seat)
            return max(legal, key=lambda i: (need[i.word("type")], -state.held(seat, i.word("type"))))
        if kind == "rep":
            return max(legal, key=lambda i: p.rep[i.word("faction")])
        if kind == "liaison":
            best = max(FACTIONS, key=lambda f: p.rep[f])
            want = Intent.of("liaison", gain=best)
            if p.rep[best] >= 2 and want in legal:
                return want
            return Intent.of("liaison", gain="infamy")
        if kind == "thug_cancel":
            return Intent.of("cancel") if p.avail >= 7 else Intent.of("allow")
        if kind in ("steal", "target"):
            leader = self._leader(state, seat, rivals)
            at_leader = [i for i in legal if i.get("rival") == leader]
            pool = at_leader or legal
            if kind == "steal":
                need = self._needs(state, seat)
                return max(pool, key=lambda i: need.get(str(i.get("type")), 0))
            return pool[0]
        if kind == "sabotage":
            pack = R.pack()
            mine = [i for i in legal if not R.can_pay(state, seat, pack.missions[i.word("mission")].requires)]
            return (mine or legal)[0]
        if kind == "hazard":
            real = [i for i in legal if i.get("zone") != "none"]
            return self.random.choice(real or legal)
        if kind == "discard":
            return min(legal, key=lambda i: self._scheme_value(state, seat, i.word("card")))
        return self.random.choice(legal)


def estimate(state: Any, seat: str) -> float:
    """How well ``seat`` stands in [0, 1] (for the search agent's playouts stopped short of the end): its
    score against the best other seat's."""
    scores = {s: float(state.players[s].infamy) for s in sorted(state.players)}
    return margin(scores.pop(seat, 0.0), list(scores.values()), 3.0)


def search_agent(seed: int = 0) -> SearchAgent:
    """The search agent of this game: playouts by the heuristic agent, judged by :func:`estimate`."""
    return SearchAgent(seed, HeuristicAgent, estimate)
