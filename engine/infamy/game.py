"""Infamy as an Arbiter game: set-up, the three phases of each Round, winning, views and labels."""

from __future__ import annotations

from typing import Any

from engine.core import (
    Deck,
    Event,
    Game,
    GameMeta,
    Intent,
    Pace,
    Prompt,
    RandomAgent,
    SecretChoice,
    clockwise,
    next_seat,
    private,
)
from engine.core.shapes import check_shape

from . import rules as R
from .agent import HeuristicAgent
from .effects import INTERPRETER, ask, decision_options, short
from .pack import FACTIONS, Effect, Requirements
from .shapes import SHAPES
from .state import ACC_PAWN, COLOURS, Auction, InfamyOptions, InfamyState, Player, QueueItem

RULES = """\
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

INTENT_KINDS = frozenset({
    "bid", "pass", "favor", "sector", "place", "smuggle", "play",
    "resource", "rep", "liaison", "deck", "discard", "steal", "allow", "cancel", "target", "sabotage",
    "hazard", "unhazard", "watchdog", "resolve",
})


class InfamyGame(Game[InfamyState]):
    meta = GameMeta(
        id="infamy", title="Infamy", min_seats=3, max_seats=4, options=InfamyOptions,
        summary="Bribe Contacts, pick sectors in secret, complete missions: 15 Infamy or 5 Rep wins.",
        rules=RULES,
    )
    state_type = InfamyState
    intent_kinds = INTENT_KINDS
    format = 1
    agents = {"random": RandomAgent, "heuristic": HeuristicAgent}

    # --- set-up ---------------------------------------------------------------------------------

    def _setup(self, seats: list[str], seed: int, options: Any) -> InfamyState:
        pack = R.pack()
        rng = self.new_rng(seed)
        missions = Deck.shuffled(sorted(pack.missions), rng, reshuffle=False)
        schemes = {f: Deck.shuffled(sorted(s.id for s in pack.schemes.values() if s.faction == f), rng)
                   for f in FACTIONS}
        n = len(seats)
        supply = {"weapon": 18 - n, "data": 18 - n, "compound": 18 - n, "henchman": 20, "favor": 6}
        triggerman = rng.choice(seats)
        state = InfamyState(
            seats=seats, rng=rng, options=options.model_dump(), triggerman=triggerman,
            players={s: Player(colour=COLOURS[i]) for i, s in enumerate(seats)},
            missions=missions, schemes=schemes, supply=supply,
        )
        state.available = state.missions.draw(rng, n)
        first = rng.between(1, 6)
        state.watchdogs = [first]
        R.say(state, f"{triggerman} is the Triggerman and places a Watchdog in sector {first}.")
        self._start_round(state)
        self._advance(state, [])
        return state

    def _start_round(self, state: InfamyState) -> list[Event]:
        pack = R.pack()
        if state.day:
            state.contact_deck = state.rng.shuffled(sorted(pack.contacts))
        state.track = [state.contact_deck.pop() for _ in range(min(5, len(state.contact_deck)))]
        state.winners = [None] * len(state.track)
        state.face_down = [False] * len(state.track)
        state.phase = "auction"
        state.auction = Auction(pos=0, to_act=state.triggerman)
        names = ", ".join(pack.contacts[c].name for c in state.track)
        events = [R.say(state, f"Round {state.round} ({'Day' if state.day else 'Night'}). Contacts: {names}.",
                        "round", round=state.round, day=state.day)]
        if state.round > 1 and state.watchdogs:
            R.queue_front(state, state.triggerman, [Effect(op="watchdog_move")], "contact_phase")
        return events

    # --- the driver -----------------------------------------------------------------------------

    def _advance(self, state: InfamyState, events: list[Event]) -> list[Event]:
        """Run everything automatic until someone must decide (or the game ends)."""
        guard = 0
        while state.result is None:
            guard += 1
            if guard > 10_000:  # pragma: no cover - a rules bug, never a player's fault
                raise RuntimeError("infamy: no progress")
            top = state.decisions.top()
            if top is not None:
                options = decision_options(state)
                if len(options) != 1:
                    return events
                # A decision with one possible answer is not asked (rules notes, section 8).
                events += INTERPRETER.resume(state, top.seat, options[0][0])
                continue
            if state.queue:
                item = state.queue.pop(0)
                if item.effect.get("op") == "_order":
                    events += INTERPRETER.ask_order(state, item.seat, item.effect["blocks"])
                else:
                    events += INTERPRETER.run_item(state, item)
                continue
            if state.phase == "auction":
                if not self._auction_step(state, events):
                    return events
            elif state.phase == "select":
                assert state.choice is not None
                if not state.choice.complete:
                    return events
                self._reveal(state, events)
            elif state.phase == "place":
                if not self._place_step(state, events):
                    return events
            elif state.phase == "scheme":
                if not self._scheme_step(state, events):
                    return events
            elif state.phase == "cleanup":
                self._cleanup(state, events)
        return events

    # --- Contact Phase --------------------------------------------------------------------------

    def _auction_step(self, state: InfamyState, events: list[Event]) -> bool:
        """True when something automatic happened; False when waiting for the bidder."""
        a = state.auction
        assert a is not None
        if a.pos >= len(state.track):
            state.auction = None
            self._start_sectors(state, events)
            return True
        if state.options.get("auto_pass", True) and self._auction_intents(state, a.to_act) == [Intent.of("pass")]:
            events += self._pass(state, a.to_act, auto=True)
            return True
        return False

    def _auction_intents(self, state: InfamyState, seat: str) -> list[Intent]:
        a = state.auction
        if a is None or a.to_act != seat:
            return []
        p = state.players[seat]
        contact = R.pack().contacts[state.track[a.pos]]
        out = [Intent.of("pass")]
        if seat != a.high:
            high = a.bids.get(a.high, 0) if a.high else 0
            own = a.bids.get(seat, 0)
            for total in range(high + 1, own + p.avail):  # one Bribe goes to Expenses
                out.append(Intent.of("bid", to=total))
        if p.favors > 0 and p.avail >= 1 and seat not in a.acted and contact.favor_allowed:
            out.append(Intent.of("favor"))
        return out

    def _next_bidder(self, state: InfamyState, a: Auction) -> str:
        skip = [a.high] if a.high else []
        return next_seat(state.seats, a.to_act, skip=skip)

    def _pass(self, state: InfamyState, seat: str, auto: bool = False) -> list[Event]:
        a = state.auction
        assert a is not None
        a.passes += 1
        if seat not in a.acted:
            a.acted.append(seat)
        name = R.pack().contacts[state.track[a.pos]].name
        events: list[Event] = []
        if auto:
            events.append(R.say(state, f"{seat} cannot bid on the {name} and passes.", "pass"))
        else:
            events.append(R.say(state, f"{seat} passes on the {name}.", "pass"))
        n = len(state.seats)
        if a.high is not None and a.passes >= n - 1:
            return events + self._win_by_bids(state)
        if a.high is None and a.passes >= n:
            state.face_down[a.pos] = True
            events.append(R.say(state, f"Nobody bids on the {name}: it is turned face down."))
            self._next_contact(state)
            return events
        a.to_act = self._next_bidder(state, a)
        return events

    def _bid(self, state: InfamyState, seat: str, total: int) -> list[Event]:
        a = state.auction
        assert a is not None
        p = state.players[seat]
        own = a.bids.get(seat, 0)
        R.spend(state, seat, 1)
        p.avail -= total - own
        a.bids[seat] = total
        a.expenses[seat] = a.expenses.get(seat, 0) + 1
        a.high = seat
        a.passes = 0
        if seat not in a.acted:
            a.acted.append(seat)
        name = R.pack().contacts[state.track[a.pos]].name
        events = [R.say(state, f"{seat} pays 1 Bribe of Expenses and bids {total} on the {name}.", "bid",
                        seat=seat, total=total)]
        a.to_act = self._next_bidder(state, a)
        return events

    def _return_bids(self, state: InfamyState, winner: str) -> None:
        a = state.auction
        assert a is not None
        for s, b in a.bids.items():
            if s != winner:
                state.players[s].avail += b

    def _win_by_bids(self, state: InfamyState) -> list[Event]:
        a = state.auction
        assert a is not None and a.high is not None
        winner, bid = a.high, a.bids[a.high]
        self._return_bids(state, winner)
        p = state.players[winner]
        p.markers += 1
        p.spent += bid - 1
        return self._won(state, winner, f"with a bid of {bid}")

    def _favor(self, state: InfamyState, seat: str) -> list[Event]:
        a = state.auction
        assert a is not None
        p = state.players[seat]
        p.avail -= 1
        p.markers += 1  # the Expense marks the Contact
        a.expenses[seat] = a.expenses.get(seat, 0) + 1
        p.favors -= 1
        state.supply["favor"] = min(R.BOX["favor"], state.supply["favor"] + 1)
        self._return_bids(state, seat)
        return self._won(state, seat, "with a Favor")

    def _won(self, state: InfamyState, winner: str, how: str) -> list[Event]:
        a = state.auction
        assert a is not None
        pack = R.pack()
        cid = state.track[a.pos]
        contact = pack.contacts[cid]
        state.winners[a.pos] = winner
        state.triggerman = winner
        events = [R.say(state, f"{winner} wins the {contact.name} {how} and becomes the Triggerman.", "won",
                        seat=winner, contact=cid)]
        blocks: list[list[Any]] = [[cid, f"{contact.name}: {contact.text}",
                                    [e.model_dump(exclude_defaults=True) for e in contact.reward]]]
        for f in contact.factions:
            for b in R.benefits_for(state, winner, "contact", f):
                blocks.append([b.id, f"{b.name}: {b.text}", [e.model_dump(exclude_defaults=True) for e in b.effects]])
        self._next_contact(state)
        if len(blocks) > 1:
            state.queue[0:0] = [QueueItem(seat=winner, effect={"op": "_order", "blocks": blocks}, source="order")]
        else:
            state.queue[0:0] = [QueueItem(seat=winner, effect=e, source=cid) for e in blocks[0][2]]
        return events

    def _next_contact(self, state: InfamyState) -> None:
        a = state.auction
        assert a is not None
        state.auction = Auction(pos=a.pos + 1, to_act=state.triggerman)

    # --- Sector Phase ---------------------------------------------------------------------------

    def _start_sectors(self, state: InfamyState, events: list[Event]) -> None:
        state.order = R.contact_order(state)
        state.phase = "select"
        state.choice = SecretChoice(kind="sector", seats=list(state.seats), allow_change=False)
        events.append(R.say(state, "Sector Phase: everyone chooses a sector in secret. Contact Order: "
                            + ", ".join(state.order) + "."))

    def allowed_sectors(self, state: InfamyState, seat: str) -> list[int]:
        if seat == state.chief:
            return list(range(1, 7))
        return [n for n in range(1, 7) if n not in state.watchdogs]

    def _select_intents(self, state: InfamyState, seat: str) -> list[Intent]:
        allowed = self.allowed_sectors(state, seat)
        if state.acc_owner == seat and seat in state.half_choice:
            # Two steps (own card, then the Accomplice's) keep each menu at 6 options or fewer.
            return [Intent.of("sector", acc=f"s{b}") for b in allowed]
        return [Intent.of("sector", own=f"s{a}") for a in allowed]

    def _reveal(self, state: InfamyState, events: list[Event]) -> None:
        assert state.choice is not None
        picks = state.choice.reveal()
        state.sectors = {}
        parts = []
        for seat, key in picks.items():
            intent = Intent.parse(key)
            state.sectors[seat] = int(intent.word("own")[1:])
            parts.append(f"{seat} {state.sectors[seat]}")
            acc = intent.get("acc")
            if isinstance(acc, str):
                state.sectors[ACC_PAWN] = int(acc[1:])
                parts.append(f"Accomplice ({seat}) {state.sectors[ACC_PAWN]}")
        state.choice = None
        state.phase = "place"
        state.slot = 0
        state.placed = {}
        self._load_slot(state)
        events.append(R.say(state, "Sectors revealed: " + ", ".join(parts) + ".", "reveal",
                            sectors=dict(state.sectors)))

    def _load_slot(self, state: InfamyState) -> None:
        if state.slot < len(state.order):
            seat = state.order[state.slot]
            state.to_place = ["own"] + (["acc"] if state.acc_owner == seat else [])

    def _pawn_id(self, seat: str, pawn: str) -> str:
        return ACC_PAWN if pawn == "acc" else seat

    def _place_options(self, state: InfamyState, seat: str, pawn: str) -> list[Intent]:
        pid = self._pawn_id(seat, pawn)
        sector = state.sectors[pid]
        out: list[Intent] = []
        if not (sector in state.watchdogs and seat != state.chief):
            for z in R.free_resupply(state, sector):
                out.append(Intent.of("place", pawn=pawn, zone=z))
            mz = f"s{sector}m"
            if mz not in state.pawns:
                for m in R.payable_missions(state, seat, sector):
                    out.append(Intent.of("place", pawn=pawn, zone=mz, mission=m))
        if state.day and state.smuggler == seat:
            out.append(Intent.of("smuggle", pawn=pawn))
        return out

    def _place_step(self, state: InfamyState, events: list[Event]) -> bool:
        if state.slot >= len(state.order):
            self._start_schemes(state, events)
            return True
        seat = state.order[state.slot]
        # With two pawns (the Accomplice) he "places both ... in whichever order he chooses": a pawn with no
        # zone now may get one from the other pawn's mission (a Hazard removed), so fail only when all are stuck.
        stuck = [pawn for pawn in state.to_place if not self._place_options(state, seat, pawn)]
        if len(stuck) == len(state.to_place):
            for pawn in stuck:
                pid = self._pawn_id(seat, pawn)
                state.to_place.remove(pawn)
                state.placed[pid] = "failed"
                sector = state.sectors[pid]
                why = "a Watchdog is there" if sector in state.watchdogs and seat != state.chief else "no zone is free"
                who = f"{seat}'s Accomplice" if pawn == "acc" else seat
                events.append(R.say(state, f"{who} fails to place in sector {sector}: {why}.", "failed"))
        if not state.to_place:
            state.slot += 1
            self._load_slot(state)
            return True
        return False

    def _place(self, state: InfamyState, seat: str, intent: Intent) -> list[Event]:
        pawn, zone = intent.word("pawn"), intent.word("zone")
        pid = self._pawn_id(seat, pawn)
        state.to_place.remove(pawn)
        state.pawns[zone] = pid
        state.placed[pid] = zone
        who = f"{seat}'s Accomplice" if pawn == "acc" else seat
        if zone.endswith("m"):
            return self._mission(state, seat, who, intent.word("mission"))
        return self._resupply(state, seat, who, zone)

    def _resupply(self, state: InfamyState, seat: str, who: str, zone_id: str) -> list[Event]:
        pack = R.pack()
        z = pack.zone(zone_id)
        times = 2 if (not state.day and state.smuggler == seat) else 1
        events = [R.say(state, f"{who} resupplies at {R.zone_label(zone_id)}"
                        + (" (doubled by the Smuggler)." if times == 2 else "."), "resupply")]
        for _ in range(times):
            if z.kind in ("weapon", "data", "compound", "henchman"):
                got = R.gain(state, seat, z.kind, 1)
                events.append(R.say(state, f"{seat} gains {R.plural(got, z.kind)}."))
            elif z.kind == "special":
                if state.day:
                    n = R.recover(state, seat, 3)
                    events.append(R.say(state, f"{seat} Recovers {R.plural(n, 'bribe')}."))
                else:
                    R.gain(state, seat, "infamy", 1)
                    events.append(R.say(state, f"{seat} gains 1 Infamy."))
            else:
                assert z.faction is not None
                if state.players[seat].rep[z.faction] == 0:
                    events += R.add_rep(state, seat, z.faction, 1)
                else:
                    events += R.draw_schemes(state, seat, z.faction, 1)
            for b in R.benefits_for(state, seat, "resupply", z.kind):
                R.queue_front(state, seat, b.effects, f"benefit:{b.id}")
        return events

    def _mission(self, state: InfamyState, seat: str, who: str, mid: str) -> list[Event]:
        m = R.pack().missions[mid]
        R.pay(state, seat, m.requires)
        state.available.remove(mid)
        state.players[seat].missions.append(mid)
        events = [R.say(state, f"{who} completes {m.name} (paid {m.requires.short()}).", "mission",
                        seat=seat, mission=mid)]
        effects: list[Effect] = list(m.reward)
        if m.infamy:
            effects.append(Effect(op="gain", what="infamy", n=m.infamy))
        if m.rep:
            effects.append(Effect(op="rep", n=m.rep, factions=m.factions))
        items = [QueueItem(seat=seat, effect=e.model_dump(exclude_defaults=True), source=mid) for e in effects]
        for t in m.types:
            for b in R.benefits_for(state, seat, "mission", t):
                items += [QueueItem(seat=seat, effect=e.model_dump(exclude_defaults=True), source=f"benefit:{b.id}")
                          for e in b.effects]
        state.queue[0:0] = items
        return events

    def _smuggle(self, state: InfamyState, seat: str, pawn: str) -> list[Event]:
        state.to_place.remove(pawn)
        pid = self._pawn_id(seat, pawn)
        state.placed[pid] = "smuggled"
        R.queue_front(state, seat, [Effect(op="gain", what="resource"), Effect(op="draw", what="scheme", faction="any")],
                      "smuggler")
        who = f"{seat}'s Accomplice" if pawn == "acc" else seat
        return [R.say(state, f"{who} stays out (Smuggler): 1 resource and 1 Scheme instead.")]

    # --- Scheme Phase and the end of the Round --------------------------------------------------

    def _start_schemes(self, state: InfamyState, events: list[Event]) -> None:
        state.phase = "scheme"
        state.scheme_order = clockwise(state.seats, state.triggerman)
        state.scheme_idx = 0
        state.plays_left = 1 + (1 if state.informant == state.scheme_order[0] else 0)
        events.append(R.say(state, "Scheme Phase, from the Triggerman clockwise."))

    def _next_schemer(self, state: InfamyState) -> None:
        state.scheme_idx += 1
        if state.scheme_idx < len(state.scheme_order):
            seat = state.scheme_order[state.scheme_idx]
            state.plays_left = 1 + (1 if state.informant == seat else 0)

    def _scheme_step(self, state: InfamyState, events: list[Event]) -> bool:
        if state.scheme_idx >= len(state.scheme_order):
            self._end_round(state, events)
            return True
        seat = state.scheme_order[state.scheme_idx]
        if not state.players[seat].hand or state.plays_left <= 0:
            self._next_schemer(state)
            return True
        return False

    def _scheme_intents(self, state: InfamyState, seat: str) -> list[Intent]:
        pack = R.pack()
        hand = state.players[seat].hand
        out = [Intent.of("pass")]
        for c in sorted(set(hand)):
            if R.can_pay(state, seat, pack.schemes[c].cost):
                out.append(Intent.of("play", card=c))
        return out

    def _play(self, state: InfamyState, seat: str, card: str) -> list[Event]:
        s = R.pack().schemes[card]
        p = state.players[seat]
        p.hand.remove(card)
        R.pay(state, seat, s.cost)
        state.schemes[s.faction].discard(card)
        state.plays_left -= 1
        if state.plays_left <= 0:
            self._next_schemer(state)
        R.queue_front(state, seat, s.effects, card)
        return [R.say(state, f"{seat} plays the Scheme {s.name}: {s.text}", "scheme", seat=seat, card=card)]

    def _end_round(self, state: InfamyState, events: list[Event]) -> None:
        if not state.day:
            for seat in clockwise(state.seats, state.triggerman):
                k = state.players[seat].henchmen // 2
                if k:
                    state.players[seat].infamy += k
                    events.append(R.say(state, f"{seat} gains {k} Infamy for Henchmen."))
        result = R.winners(state)
        if result is not None:
            seats, how = result
            def standing(seat: str) -> str:
                p = state.players[seat]
                best = max(FACTIONS, key=lambda f: p.rep[f])
                return f"{seat} ({p.infamy} Infamy, {p.rep[best]}r in {R.FACTION_NAMES[best]})"
            detail = ", ".join(standing(x) for x in seats)
            if len(seats) == 1:
                events.append(R.say(state, f"Round {state.round}: {detail} wins by {how}.", "winner"))
                events.append(self.finish(state, seats, f"{how} victory"))
            else:
                events.append(R.say(state, f"Round {state.round}: a full tie between {detail}.", "winner"))
                events.append(self.finish(state, seats, f"tie on {how}", draw=True))
            return
        cap = int(state.options.get("round_cap", 0))
        if cap and state.round >= cap:
            best = R._rank(state, list(state.seats), R.CASE1)
            events.append(self.finish(state, best, f"Round limit ({cap}) reached", draw=len(best) > 1))
            return
        for p in state.players.values():
            p.spent += p.markers
            p.markers = 0
            if not state.day:
                p.avail += p.spent
                p.spent = 0
        state.phase = "cleanup"
        if state.chief is not None and state.watchdogs and (
                state.chief_added or state.options.get("sector_chief_literal_removal", False)):
            opts = [(Intent.of("watchdog", frm=f"s{n}"), f"Remove the Watchdog in sector {n}")
                    for n in sorted(set(state.watchdogs))]
            ask(state, state.chief, "watchdog_remove", f"{state.chief}: remove 1 Watchdog (Sector Chief).", opts)

    def _cleanup(self, state: InfamyState, events: list[Event]) -> None:
        n = len(state.seats)
        while len(state.available) < n and not state.missions.empty:
            state.available.extend(state.missions.draw(state.rng, 1))
        state.pawns = {}
        state.placed = {}
        state.sectors = {}
        state.acc_owner = state.smuggler = state.chief = state.informant = None
        state.chief_added = False
        state.rep_locked = []
        state.order = []
        state.round += 1
        state.day = not state.day
        events += self._start_round(state)

    # --- the contract ---------------------------------------------------------------------------

    def prompts(self, state: InfamyState) -> list[Prompt]:
        if state.result is not None:
            return []
        top = state.decisions.top()
        if top is not None:
            opts = decision_options(state)
            pace: Pace = "quick" if top.kind == "thug_cancel" else "normal"
            return [Prompt(top.seat, top.kind, top.text, opts[0][0], pace=pace, ref=_step_ref(state, top.kind))]
        if state.phase == "auction" and state.auction is not None:
            return [Prompt(state.auction.to_act, "bid", self._bid_text(state), Intent.of("pass"), pace="quick",
                           ref=_step_ref(state, "bid"))]
        if state.phase == "select" and state.choice is not None:
            # One text for every seat and both of the Accomplice's steps: the public line for a secret choice
            # shows it, and it must not tell whether the Accomplice's controller has put his first card down.
            text = "Choose the sector to enter this Round, in secret (sectors with a Watchdog are closed)"
            if state.acc_owner is not None:
                text += f"; {state.acc_owner} also chooses one for the Accomplice"
            return [Prompt(seat, "sector", text + ".", self._select_intents(state, seat)[0], simultaneous=True,
                           ref=self._sector_ref(state, seat))
                    for seat in state.choice.waiting()]
        if state.phase == "place" and state.slot < len(state.order):
            seat = state.order[state.slot]
            legal = self.legal(state, seat)
            if legal:
                # Deadline default: a resupply zone, else the Smuggler's skip; a mission only if nothing else.
                default = next((i for i in legal if i.kind == "place" and not i.word("zone").endswith("m")),
                               next((i for i in legal if i.kind == "smuggle"), legal[0]))
                return [Prompt(seat, "place", self._place_text(state, seat), default, ref=_step_ref(state, "place"))]
        if state.phase == "scheme" and state.scheme_idx < len(state.scheme_order):
            seat = state.scheme_order[state.scheme_idx]
            extra = " (Informant: you may play 2)" if state.informant == seat and state.plays_left > 1 else ""
            return [Prompt(seat, "scheme", f"{seat}: play a Scheme from your hand{extra}, or pass.",
                           Intent.of("pass"), ref=_step_ref(state, "scheme"))]
        return []  # pragma: no cover - _advance always stops at a prompt

    @staticmethod
    def _sector_ref(state: InfamyState, seat: str) -> str:
        """The Round's secret sector choice; the Accomplice's controller answers it in two parts, and his
        second part is a decision of its own, so a button left from the first cannot answer it. The ref goes
        only to that seat's own buttons, never into a public line, so it tells no one else anything."""
        second = state.acc_owner == seat and seat in state.half_choice
        return f"r{state.round}:sector{'2' if second else ''}"

    def _bid_text(self, state: InfamyState) -> str:
        a = state.auction
        assert a is not None
        seat, p = a.to_act, state.players[a.to_act]
        contact = R.pack().contacts[state.track[a.pos]]
        high = f"{a.high} leads with {a.bids[a.high]}" if a.high else "no bid yet"
        own = a.bids.get(seat, 0)
        mine = f"; you have {own} on it" if own else ""
        text = (f"{seat}: Contact {a.pos + 1} of {len(state.track)}, the {contact.name} ({contact.text}) - {high}{mine}. "
                f"Bid (1 Bribe of Expenses + Bribes to top the highest bid) or pass. You have {p.avail} available.")
        if Intent.of("favor") in self._auction_intents(state, seat):
            text += " Last chance to use a Favor on it."
        return text

    def _place_text(self, state: InfamyState, seat: str) -> str:
        parts = []
        for pawn in state.to_place:
            sector = state.sectors[self._pawn_id(seat, pawn)]
            parts.append(f"{'the Accomplice' if pawn == 'acc' else 'your pawn'} in sector {sector}")
        order = " (either first)" if len(parts) > 1 else ""
        return (f"{seat}: place {' and '.join(parts)}{order}: a free resupply zone, or the mission zone to "
                "complete a mission you can pay.")

    def legal(self, state: InfamyState, seat: str) -> list[Intent]:
        if state.result is not None or seat not in state.players:
            return []
        top = state.decisions.top()
        if top is not None:
            return [i for i, _ in decision_options(state)] if top.seat == seat else []
        if state.phase == "auction":
            return self._auction_intents(state, seat)
        if state.phase == "select":
            assert state.choice is not None
            return self._select_intents(state, seat) if seat in state.choice.waiting() else []
        if state.phase == "place":
            if state.slot >= len(state.order) or state.order[state.slot] != seat:
                return []
            out: list[Intent] = []
            for pawn in state.to_place:
                out += self._place_options(state, seat, pawn)
            return out
        if state.phase == "scheme":
            if state.scheme_idx < len(state.scheme_order) and state.scheme_order[state.scheme_idx] == seat:
                return self._scheme_intents(state, seat)
        return []

    def _apply(self, state: InfamyState, seat: str, intent: Intent) -> list[Event]:
        events: list[Event] = []
        kind = intent.kind
        if state.decisions:
            events += INTERPRETER.resume(state, seat, intent)
        elif state.phase == "auction":
            if kind == "pass":
                events += self._pass(state, seat)
            elif kind == "bid":
                events += self._bid(state, seat, intent.num("to"))
            else:
                events += self._favor(state, seat)
        elif state.phase == "select":
            assert state.choice is not None
            if state.acc_owner == seat and seat not in state.half_choice:
                state.half_choice[seat] = int(intent.word("own")[1:])
                events.append(private(seat, "your_sector", f"You chose sector {state.half_choice[seat]}; now choose "
                                      "the Accomplice's sector."))
                return self._advance(state, events)
            if state.acc_owner == seat:
                own = str(state.half_choice.pop(seat))
                acc = intent.word("acc")[1:]
                state.choice.commit(seat, Intent.of("sector", own=f"s{own}", acc=f"s{acc}").key())
                mine = f"You chose sector {own}, and sector {acc} for the Accomplice"
            else:
                own = intent.word("own")[1:]
                state.choice.commit(seat, intent.key())
                mine = f"You chose sector {own}"
            events.append(R.say(state, f"{seat} has chosen.", "chosen", seat=seat))
            events.append(private(seat, "your_sector", mine + "."))
        elif state.phase == "place":
            if kind == "smuggle":
                events += self._smuggle(state, seat, intent.word("pawn"))
            else:
                events += self._place(state, seat, intent)
        elif state.phase == "scheme":
            if kind == "pass":
                events.append(R.say(state, f"{seat} plays no Scheme."))
                state.plays_left = 0
                self._next_schemer(state)
            else:
                events += self._play(state, seat, intent.word("card"))
        return self._advance(state, events)

    # --- labels and refusals --------------------------------------------------------------------

    def parse_intent(self, key: str) -> Intent:
        intent = super().parse_intent(key)
        check_shape(SHAPES, intent)
        return intent

    def check(self, state: InfamyState, seat: str, intent: Intent) -> None:
        # The shape first, so no rule or refusal text ever reads a missing or mistyped argument.
        check_shape(SHAPES, intent)
        super().check(state, seat, intent)

    def describe(self, state: InfamyState, intent: Intent) -> str:
        check_shape(SHAPES, intent)
        return short(self._describe(state, intent))

    def _describe(self, state: InfamyState, intent: Intent) -> str:
        for i, label in decision_options(state):
            if i == intent:
                return label
        pack = R.pack()
        k = intent.kind
        try:
            if k == "pass":
                if state.phase == "auction" and state.auction is not None:
                    return f"Pass on the {pack.contacts[state.track[state.auction.pos]].name}"
                return "Pass (play no Scheme)" if state.phase == "scheme" else "Pass"
            if k == "bid":
                a = state.auction
                seat = a.to_act if a else ""
                own = a.bids.get(seat, 0) if a else 0
                total = intent.num("to")
                if own:
                    return f"Raise to {total} (place {total - own} more Bribes + 1 for Expenses)"
                return f"Bid {total} (place {total} Bribes + 1 for Expenses)"
            if k == "favor":
                return "Use a Favor (+1 Expense): win outright"
            if k == "sector":
                acc = intent.get("acc")
                if intent.get("own") is None:
                    n = int(str(acc)[1:])
                    return f"Accomplice's card: sector {n} ({pack.sectors[n].name})"
                n = int(intent.word("own")[1:])
                return f"Your card: sector {n} ({pack.sectors[n].name})"
            if k == "place":
                who = "Accomplice" if intent.get("pawn") == "acc" else "Pawn"
                zone = intent.word("zone")
                if zone.endswith("m"):
                    m = pack.missions[intent.word("mission")]
                    return f"{who}: mission {m.name} (pay {m.requires.short()}; {m.infamy}i {m.rep}r)"
                return f"{who}: resupply at {R.zone_label(zone)} ({self._resupply_gain(state, zone)})"
            if k == "smuggle":
                who = "Accomplice" if intent.get("pawn") == "acc" else "Pawn"
                return f"{who}: stay out (Smuggler) for 1 resource + 1 Scheme"
            if k == "play":
                s = pack.schemes[intent.word("card")]
                return f"Play {s.name}: {s.text}"
        except Exception:  # noqa: BLE001 - a label must never fail; fall back to the key
            return intent.key()
        return intent.key()

    def _resupply_gain(self, state: InfamyState, zone_id: str) -> str:
        z = R.pack().zone(zone_id)
        if z.kind in ("weapon", "data", "compound", "henchman"):
            return f"gain 1 {R.WHAT_NAMES[z.kind]}"
        if z.kind == "special":
            return "Recover up to 3 Bribes" if state.day else "gain 1 Infamy"
        return "1r at 0 Rep, else draw a Scheme"

    def explain_illegal(self, state: InfamyState, seat: str, intent: Intent, legal: list[Intent]) -> str:
        a = state.auction
        if state.phase == "auction" and a is not None and not state.decisions:
            p = state.players[seat]
            if intent.kind == "bid":
                total = intent.get("to")
                high = a.bids.get(a.high, 0) if a.high else 0
                if seat == a.high:
                    return "You are already the highest bidder: you cannot raise your own bid."
                if isinstance(total, int) and total <= high:
                    return f"A bid must beat the highest bid ({high}): bid at least {high + 1}."
                own = a.bids.get(seat, 0)
                most = own + p.avail - 1
                counting = f" (counting your {own} already on it)" if own else ""
                if most > high:
                    return (f"You have {p.avail} available Bribes; with 1 for Expenses your highest possible bid is "
                            f"{most}{counting}.")
                return (f"You cannot afford to top {high}: a bid costs 1 Bribe of Expenses plus the Bribes placed, "
                        f"and you have {p.avail} available{counting}. You can only pass.")
            if intent.kind == "favor":
                contact = R.pack().contacts[state.track[a.pos]]
                if not contact.favor_allowed:
                    return f"A Favor cannot be used on the {contact.name}."
                if p.favors == 0:
                    return "You have no Favor."
                if seat in a.acted:
                    return "A Favor can only be used at your first opportunity to bid on a Contact."
                return "Using a Favor needs 1 available Bribe for Expenses."
        if state.phase == "select" and intent.kind == "sector" and not state.decisions:
            return self._explain_sector(state, seat, intent)
        if state.phase == "place" and intent.kind == "place" and not state.decisions:
            return self._explain_place(state, seat, intent, legal)
        if intent.kind == "play" and not state.decisions:
            card = intent.get("card")
            if card not in state.players[seat].hand:
                return "You do not hold that Scheme."
            s = R.pack().schemes.get(str(card))
            if s is not None:
                return f"You cannot pay the cost of {s.name} ({s.cost.short()})."
        return super().explain_illegal(state, seat, intent, legal)

    def _explain_sector(self, state: InfamyState, seat: str, intent: Intent) -> str:
        allowed = ", ".join(str(n) for n in self.allowed_sectors(state, seat))
        second = state.acc_owner == seat and seat in state.half_choice
        if state.acc_owner == seat and intent.get("acc" if second else "own") is None:
            return (f"Your own sector card is down; now choose the Accomplice's sector ({allowed})." if second else
                    f"First choose your own sector ({allowed}), then the Accomplice's.")
        raw = intent.get("acc" if second else "own")
        n = int(raw[1:]) if isinstance(raw, str) and raw[1:].isdigit() else 0
        if not 1 <= n <= 6:
            return f"There is no such sector: the sectors are 1 to 6. You may choose {allowed}."
        return (f"Sector {n} holds a Watchdog: no freelancer may select it (only the Sector Chief's winner may). "
                f"Choose one of {allowed}.")

    def _explain_place(self, state: InfamyState, seat: str, intent: Intent, legal: list[Intent]) -> str:
        pawn, zone = intent.get("pawn"), intent.get("zone")
        if pawn not in state.to_place:
            return "That pawn is not yours to place now." if pawn != "acc" else "You have no Accomplice pawn to place."
        sector = state.sectors[self._pawn_id(seat, str(pawn))]
        if not isinstance(zone, str) or len(zone) != 3 or zone[1] != str(sector):
            return f"That pawn goes to sector {sector} (its revealed card): choose a zone there."
        if sector in state.watchdogs and seat != state.chief:
            return f"Sector {sector} holds a Watchdog: no pawn may be placed there."
        if zone in state.pawns:
            return f"The {R.zone_label(zone)} is taken by another pawn."
        if zone in state.hazards:
            return f"The {R.zone_label(zone)} holds a Hazard: nobody can resupply there."
        if zone.endswith("m"):
            m = R.pack().missions.get(str(intent.get("mission")))
            if m is None or str(intent.get("mission")) not in state.available or m.sector != sector:
                return f"That is not an available mission of sector {sector}."
            return (f"You cannot pay {m.name} ({m.requires.short()}): a freelancer must have the requirements "
                    "to enter the mission zone.")
        return super().explain_illegal(state, seat, intent, legal)

    # --- views ----------------------------------------------------------------------------------

    def view(self, state: InfamyState, seat: str | None) -> dict[str, Any]:
        pack = R.pack()
        open_hands = bool(state.options.get("open_hands", False))
        a = state.auction
        players = []
        for s in state.seats:
            p = state.players[s]
            info: dict[str, Any] = {
                "seat": s, "colour": p.colour, "infamy": p.infamy, "rep": dict(p.rep),
                "res": dict(p.res), "henchmen": p.henchmen, "favors": p.favors,
                "bribes": {"available": p.avail, "spent": p.spent, "on_contacts": p.markers,
                           "bid": a.bids.get(s, 0) if a else 0},
                "hand_count": len(p.hand), "missions": list(p.missions),
                "contacts": [pack.contacts[c].name for c, w in zip(state.track, state.winners, strict=False) if w == s],
                "triggerman": s == state.triggerman,
                "benefits": [{"name": b.name, "faction": b.faction, "level": b.level, "text": b.text}
                             for b in pack.benefits if p.rep[b.faction] >= b.level],
            }
            if open_hands:
                info["hand"] = self._hand(state, s)
            players.append(info)
        track = []
        for i, c in enumerate(state.track):
            contact = pack.contacts[c]
            entry: dict[str, Any] = {
                "pos": i + 1, "id": c, "name": contact.name, "factions": list(contact.factions),
                "text": contact.text, "ongoing": contact.ongoing, "winner": state.winners[i],
                "face_down": state.face_down[i], "current": a is not None and a.pos == i,
            }
            if a is not None and a.pos == i:
                entry["bids"] = dict(a.bids)
                entry["high"] = a.high
            track.append(entry)
        sectors = []
        for sid, sec in pack.sectors.items():
            sectors.append({
                "id": sid, "name": sec.name,
                "zones": [{"id": z.id, "kind": z.kind, "faction": z.faction, "hazard": z.id in state.hazards,
                           "pawn": state.pawns.get(z.id)} for z in sec.zones],
                "mission_pawn": state.pawns.get(f"s{sid}m"),
                "watchdogs": state.watchdogs.count(sid),
            })
        missions = []
        for m in state.available:
            mm = pack.missions[m]
            missions.append({"id": m, "name": mm.name, "sector": mm.sector, "types": list(mm.types),
                             "requires": mm.requires.model_dump(), "short": mm.requires.short(),
                             "reward": mm.reward_text, "infamy": mm.infamy, "rep": mm.rep,
                             "factions": list(mm.factions)})
        awaiting = self.awaiting(state)
        prompts = self.prompts(state)
        out: dict[str, Any] = {
            "game": "infamy", "round": state.round, "turn": (state.round + 1) // 2,
            "day": state.day, "phase": state.phase, "triggerman": state.triggerman,
            "seats": list(state.seats), "players": players, "track": track,
            "contact_deck": len(state.contact_deck),
            "auction": None if a is None else {
                "pos": a.pos + 1, "to_act": a.to_act, "high": a.high, "bids": dict(a.bids),
                "expenses": dict(a.expenses)},
            "sectors": sectors, "missions": missions, "mission_deck": len(state.missions),
            "scheme_decks": {f: len(state.schemes[f]) for f in FACTIONS},
            "scheme_discards": {f: len(state.schemes[f].discards) for f in FACTIONS},
            "supply": dict(state.supply) | {"hazard": R.hazards_left(state), "watchdog": R.watchdogs_left(state)},
            "watchdogs": list(state.watchdogs), "hazards": list(state.hazards),
            "choosing": state.choice.progress() if state.choice else None,
            "revealed": dict(state.sectors), "order": list(state.order), "slot": state.slot,
            "placed": dict(state.placed),
            "flags": {"accomplice": state.acc_owner, "smuggler": state.smuggler, "chief": state.chief,
                      "informant": state.informant},
            "awaiting": awaiting,
            "waiting_for": [{"seat": p.seat, "kind": p.kind, "text": p.text} for p in prompts],
            "log": list(state.log),
            "result": state.result.model_dump() if state.result else None,
            "me": seat,
        }
        if seat is not None and seat in state.players:
            out["hand"] = self._hand(state, seat)
            own = state.choice.own(seat) if state.choice else None
            out["my_choice"] = None
            if seat in state.half_choice:
                out["my_choice"] = {"own": state.half_choice[seat], "acc": None}
            if own:
                intent = Intent.parse(own)
                acc = intent.get("acc")
                out["my_choice"] = {"own": int(intent.word("own")[1:]),
                                    "acc": int(str(acc)[1:]) if acc else None}
        return out

    def _hand(self, state: InfamyState, seat: str) -> list[dict[str, Any]]:
        pack = R.pack()
        return [{"id": c, "name": pack.schemes[c].name, "faction": pack.schemes[c].faction,
                 "text": pack.schemes[c].text, "cost": pack.schemes[c].cost.short()
                 if pack.schemes[c].cost != Requirements() else ""} for c in state.players[seat].hand]


def _step_ref(state: InfamyState, kind: str) -> str:
    """The ref of a decision only its own seat can answer: while it is open nobody else can change the
    state, so the number of intents applied so far names it, and the next one (even of the same kind for
    the same seat, as in an auction) has a higher number."""
    return f"s{state.step}:{kind.replace('_', '-')}"[:16]
