"""Infamy's effect vocabulary, interpreted. Every card is data; a step that needs a choice asks it
through the DecisionStack (``ask``) and resumes in :meth:`InfamyEffects.resume` when answered."""

from __future__ import annotations

from typing import Any

from engine.core import EffectInterpreter, Event, Intent, handles, private

from . import rules as R
from .pack import FACTIONS, RESOURCES, Effect
from .state import InfamyState, QueueItem

Option = tuple[Intent, str]


def ask(state: InfamyState, seat: str, kind: str, text: str, options: list[Option], **data: Any) -> None:
    """Push a decision whose legal answers are exactly ``options`` (the first is the default)."""
    state.decisions.push(seat, kind, text, options=[[i.key(), short(label)] for i, label in options], **data)


def short(label: str, limit: int = 80) -> str:
    """Labels go on buttons: at most ``limit`` characters."""
    return label if len(label) <= limit else label[: limit - 1].rstrip() + "…"


def decision_options(state: InfamyState) -> list[tuple[Intent, str]]:
    top = state.decisions.top()
    if top is None:
        return []
    return [(Intent.parse(k), label) for k, label in top.data["options"]]


class InfamyEffects(EffectInterpreter[InfamyState, QueueItem]):
    """One handler per ``op``. ``ctx`` is the queue item: whose effect it is and where it came from."""

    def run_item(self, state: InfamyState, item: QueueItem) -> list[Event]:
        effect = Effect.model_validate(item.effect)
        if effect.when is not None and (effect.when == "day") != state.day:
            return []
        return self.run_one(state, effect, item)

    # --- gains and losses -----------------------------------------------------------------------

    @handles("gain")
    def gain(self, state: InfamyState, e: Effect, ctx: QueueItem) -> list[Event]:
        assert e.what is not None
        if e.what == "resource":
            return self._ask_resource(state, ctx, e.n)
        got = R.gain(state, ctx.seat, e.what, e.n)
        why = ""
        if ctx.source.startswith("benefit:"):
            why = f" ({next(b.name for b in R.pack().benefits if b.id == ctx.source[8:])})"
        if got == 0:
            return [R.say(state, f"{ctx.seat} gains no {R.WHAT_NAMES[e.what]} (supply empty){why}.")]
        return [R.say(state, f"{ctx.seat} gains {R.plural(got, e.what)}{why}.")]

    def _ask_resource(self, state: InfamyState, ctx: QueueItem, n: int) -> list[Event]:
        finite = bool(state.options.get("finite_supply", True))
        kinds = [r for r in RESOURCES if not finite or state.supply[r] > 0]
        if not kinds:
            return [R.say(state, f"{ctx.seat} gains nothing: no resource left in the supply.")]
        opts = [(Intent.of("resource", type=r), f"Gain 1 {R.WHAT_NAMES[r]}") for r in kinds]
        ask(state, ctx.seat, "resource", f"{ctx.seat}: choose a resource to gain.", opts, left=n, source=ctx.source)
        return []

    @handles("lose")
    def lose(self, state: InfamyState, e: Effect, ctx: QueueItem) -> list[Event]:
        assert e.what is not None
        lost = R.lose(state, ctx.seat, e.what, e.n)
        return [R.say(state, f"{ctx.seat} loses {R.plural(lost, e.what)}.")] if lost else []

    @handles("spend")
    def spend(self, state: InfamyState, e: Effect, ctx: QueueItem) -> list[Event]:
        n = R.spend(state, ctx.seat, e.n)
        return [R.say(state, f"{ctx.seat} Spends {R.plural(n, 'bribe')}.")]

    @handles("recover")
    def recover(self, state: InfamyState, e: Effect, ctx: QueueItem) -> list[Event]:
        n = R.recover(state, ctx.seat, e.n)
        return [R.say(state, f"{ctx.seat} Recovers {R.plural(n, 'bribe')}.")]

    @handles("rep")
    def rep(self, state: InfamyState, e: Effect, ctx: QueueItem) -> list[Event]:
        if ctx.seat in state.rep_locked:
            return [R.say(state, f"{ctx.seat} gains no Rep this Round (won the Accomplice).")]
        choices: list[str] = list(e.factions) if e.factions else (
            list(FACTIONS) if e.faction == "any" else [str(e.faction)])
        if len(choices) == 1:
            return R.add_rep(state, ctx.seat, choices[0], e.n)
        opts = [(Intent.of("rep", faction=f), f"Gain {e.n}r in {R.FACTION_NAMES[f]}") for f in choices]
        ask(state, ctx.seat, "rep", f"{ctx.seat}: choose the faction for {e.n} Rep.", opts, n=e.n)
        return []

    @handles("liaison")
    def liaison(self, state: InfamyState, e: Effect, ctx: QueueItem) -> list[Event]:
        opts = [(Intent.of("liaison", gain="infamy"), "Liaison: gain 2 Infamy")]
        if ctx.seat not in state.rep_locked:
            opts += [(Intent.of("liaison", gain=f), f"Liaison: gain 1r in {R.FACTION_NAMES[f]}") for f in FACTIONS]
        ask(state, ctx.seat, "liaison", f"{ctx.seat}: Liaison, 2 Infamy or 1 Rep?", opts)
        return []

    @handles("gain_per_mission")
    def gain_per_mission(self, state: InfamyState, e: Effect, ctx: QueueItem) -> list[Event]:
        assert e.what is not None and e.type is not None
        p = R.pack()
        k = sum(1 for m in state.players[ctx.seat].missions if e.type in p.missions[m].types) * e.n
        if k == 0:
            return [R.say(state, f"{ctx.seat} has no {e.type.title()} mission: nothing gained.")]
        if e.what == "resource":
            return self._ask_resource(state, ctx, k)
        got = R.gain(state, ctx.seat, e.what, k)
        return [R.say(state, f"{ctx.seat} gains {R.plural(got, e.what)} ({e.type.title()} missions).")]

    # --- schemes --------------------------------------------------------------------------------

    @handles("draw")
    def draw(self, state: InfamyState, e: Effect, ctx: QueueItem) -> list[Event]:
        if e.faction not in (None, "any"):
            return R.draw_schemes(state, ctx.seat, str(e.faction), e.n)
        decks = R.nonempty_decks(state)
        if not decks:
            return [R.say(state, f"{ctx.seat} cannot draw: every Scheme deck is empty.")]
        opts = [(Intent.of("deck", faction=f), f"Draw from the {R.FACTION_NAMES[f]} deck") for f in decks]
        ask(state, ctx.seat, "deck", f"{ctx.seat}: choose a Scheme deck to draw from.", opts, left=e.n)
        return []

    @handles("discard")
    def discard(self, state: InfamyState, e: Effect, ctx: QueueItem) -> list[Event]:
        hand = state.players[ctx.seat].hand
        if not hand:
            return []
        p = R.pack()
        opts = [(Intent.of("discard", card=c), f"Discard {p.schemes[c].name}") for c in sorted(set(hand))]
        ask(state, ctx.seat, "discard", f"{ctx.seat}: discard 1 Scheme from your hand (it goes face up to its discard pile).", opts)
        return []

    # --- rivals ---------------------------------------------------------------------------------

    def _rivals(self, state: InfamyState, seat: str) -> list[str]:
        return [s for s in state.seats if s != seat]

    @handles("steal")
    def steal(self, state: InfamyState, e: Effect, ctx: QueueItem) -> list[Event]:
        assert e.what is not None
        opts: list[Option] = []
        for rival in self._rivals(state, ctx.seat):
            if e.what == "scheme":
                if state.players[rival].hand:
                    opts.append((Intent.of("steal", rival=rival), f"Steal a random Scheme from {rival}"))
                continue
            kinds = list(RESOURCES) if e.what == "resource" else [e.what]
            for k in kinds:
                if R.count(state, rival, k) > 0:
                    opts.append((Intent.of("steal", rival=rival, type=k), f"Steal 1 {R.WHAT_NAMES[k]} from {rival}"))
        if not opts:
            return [R.say(state, f"{ctx.seat} has nothing to steal: no rival has any.")]
        ask(state, ctx.seat, "steal", f"{ctx.seat}: choose what to steal and from whom.", opts,
            cancel_cost=e.cancel_cost, source=ctx.source)
        return []

    @handles("rival_lose")
    def rival_lose(self, state: InfamyState, e: Effect, ctx: QueueItem) -> list[Event]:
        assert e.what is not None
        name = R.WHAT_NAMES[e.what]
        targets = [r for r in self._rivals(state, ctx.seat) if R.count(state, r, e.what) > 0]
        if not targets:
            return [R.say(state, f"No rival of {ctx.seat} has any {name} to lose.")]
        opts = [(Intent.of("target", rival=r), f"{r} loses {R.plural(e.n, e.what)}") for r in targets]
        ask(state, ctx.seat, "target", f"{ctx.seat}: choose a rival to lose {R.plural(e.n, e.what)}.", opts,
            what=e.what, n=e.n)
        return []

    @handles("rivals_lose")
    def rivals_lose(self, state: InfamyState, e: Effect, ctx: QueueItem) -> list[Event]:
        assert e.what is not None
        events = []
        for r in self._rivals(state, ctx.seat):
            lost = R.lose(state, r, e.what, e.n)
            if lost:
                events.append(R.say(state, f"{r} loses {R.plural(lost, e.what)}."))
        return events or [R.say(state, f"No rival had any {R.WHAT_NAMES[e.what]} to lose.")]

    @handles("rivals_spend")
    def rivals_spend(self, state: InfamyState, e: Effect, ctx: QueueItem) -> list[Event]:
        events = []
        for r in self._rivals(state, ctx.seat):
            n = R.spend(state, r, e.n)
            if n:
                events.append(R.say(state, f"{r} Spends {R.plural(n, 'bribe')}."))
        return events

    # --- board ----------------------------------------------------------------------------------

    @handles("sabotage")
    def sabotage(self, state: InfamyState, e: Effect, ctx: QueueItem) -> list[Event]:
        if not state.available:
            return [R.say(state, "No available mission to Sabotage.")]
        p = R.pack()
        opts = [(Intent.of("sabotage", mission=m), f"Sabotage {p.missions[m].name} (sector {p.missions[m].sector})")
                for m in state.available]
        ask(state, ctx.seat, "sabotage", f"{ctx.seat}: choose an available mission to Sabotage (it goes under the Mission deck).", opts,
            left=e.n, hazard_after=e.hazard_after)
        return []

    @handles("hazard_add")
    def hazard_add(self, state: InfamyState, e: Effect, ctx: QueueItem) -> list[Event]:
        return self.ask_hazard(state, ctx.seat, e.n, non_hq=e.zone == "non_hq", sector=None, optional=False)

    def ask_hazard(self, state: InfamyState, seat: str, n: int, non_hq: bool, sector: int | None,
                   optional: bool) -> list[Event]:
        if R.hazards_left(state) <= 0:
            return [R.say(state, "No Hazard token is left in the General Supply.")]
        zones = R.hazard_targets(state, non_hq=non_hq, sector=sector)
        if not zones:
            return []
        opts: list[Option] = [(Intent.of("hazard", zone=z), f"Hazard on {R.zone_label(z)}") for z in zones]
        if optional:  # "may": the default is to add none
            opts.insert(0, (Intent.of("hazard", zone="none"), "Add no Hazard"))
        ask(state, seat, "hazard", f"{seat}: choose a resupply zone for a Hazard.", opts, left=n, non_hq=non_hq,
            sector=sector)
        return []

    @handles("hazard_remove")
    def hazard_remove(self, state: InfamyState, e: Effect, ctx: QueueItem) -> list[Event]:
        if not state.hazards:
            return [R.say(state, "There is no Hazard to remove.")]
        opts = [(Intent.of("unhazard", zone=z), f"Remove the Hazard on {R.zone_label(z)}") for z in sorted(state.hazards)]
        ask(state, ctx.seat, "unhazard", f"{ctx.seat}: choose a Hazard to remove.", opts, left=e.n)
        return []

    @handles("watchdog_add")
    def watchdog_add(self, state: InfamyState, e: Effect, ctx: QueueItem) -> list[Event]:
        if R.watchdogs_left(state) <= 0:
            return [R.say(state, "Both Watchdogs are already on the board: none is added.")]
        opts = [(Intent.of("watchdog", to=f"s{n}"), f"Add a Watchdog to sector {n}") for n in range(1, 7)]
        text = f"{ctx.seat}: choose a sector for the new Watchdog (it closes that sector to the others)."
        ask(state, ctx.seat, "watchdog_add", text, opts, source=ctx.source)
        return []

    @handles("watchdog_move")
    def watchdog_move(self, state: InfamyState, e: Effect, ctx: QueueItem) -> list[Event]:
        if not state.watchdogs:
            return [R.say(state, "No Watchdog is on the board to move.")]
        opts = [(Intent.of("watchdog", frm=f"s{a}", to=f"s{b}"), f"Move the Watchdog from sector {a} to {b}")
                for a in sorted(set(state.watchdogs)) for b in range(1, 7) if b != a]
        ask(state, ctx.seat, "watchdog_move", f"{ctx.seat}: move a Watchdog to another sector (no pawn may enter a sector with a Watchdog).", opts)
        return []

    @handles("flag")
    def flag(self, state: InfamyState, e: Effect, ctx: QueueItem) -> list[Event]:
        seat = ctx.seat
        if e.what == "accomplice":
            state.acc_owner = seat
            if seat not in state.rep_locked:
                state.rep_locked.append(seat)
            return [R.say(state, f"{seat} controls the Accomplice this Round and can gain no Rep until it ends.")]
        if e.what == "smuggler":
            state.smuggler = seat
            how = "may skip placing a pawn for 1 resource and 1 Scheme" if state.day else "doubles every resupply"
            return [R.say(state, f"{seat} has the Smuggler: {how} this Round.")]
        if e.what == "chief":
            state.chief = seat
            return [R.say(state, f"{seat} has the Sector Chief: ignores Watchdogs this Round.")]
        state.informant = seat
        return [R.say(state, f"{seat} may play 1 extra Scheme this Round (Informant).")]

    # --- answers to decisions -------------------------------------------------------------------

    def resume(self, state: InfamyState, seat: str, intent: Intent) -> list[Event]:
        """Apply the answer ``intent`` to the top decision (already checked legal) and pop it."""
        d = state.decisions.pop()
        data, kind = d.data, d.kind
        p = R.pack()
        events: list[Event] = []
        if kind == "resource":
            r = intent.word("type")
            got = R.gain(state, seat, r, 1)
            events.append(R.say(state, f"{seat} gains {R.plural(got, r)}."))
            if data["left"] > 1:
                events += self._ask_resource(state, QueueItem(seat=seat, effect={}, source=data.get("source", "")),
                                             data["left"] - 1)
        elif kind == "rep":
            events += R.add_rep(state, seat, intent.word("faction"), data["n"])
        elif kind == "liaison":
            g = intent.word("gain")
            if g == "infamy":
                R.gain(state, seat, "infamy", 2)
                events.append(R.say(state, f"{seat} takes 2 Infamy from the Liaison."))
            else:
                events += R.add_rep(state, seat, g, 1)
        elif kind == "deck":
            events += R.draw_schemes(state, seat, intent.word("faction"), 1)
            if data["left"] > 1:
                events += self.draw(state, Effect(op="draw", what="scheme", n=data["left"] - 1, faction="any"),
                                    QueueItem(seat=seat, effect={}))
        elif kind == "discard":
            card = intent.word("card")
            state.players[seat].hand.remove(card)
            state.schemes[p.schemes[card].faction].discard(card)
            events.append(R.say(state, f"{seat} discards the Scheme {p.schemes[card].name}."))
        elif kind == "steal":
            events += self._steal(state, seat, intent, data)
        elif kind == "thug_cancel":
            thief, victim, what = data["thief"], seat, data["type"]
            if intent.kind == "cancel":
                R.spend(state, victim, data["cost"])
                events.append(R.say(state, f"{victim} Spends {data['cost']} Bribes to cancel the theft."))
            else:
                R.take_from(state, victim, thief, what)
                events.append(R.say(state, f"{thief} steals 1 {R.WHAT_NAMES[what]} from {victim}."))
        elif kind == "target":
            rival, what = intent.word("rival"), data["what"]
            lost = R.lose(state, rival, what, data["n"])
            events.append(R.say(state, f"{rival} loses {R.plural(lost, what)}."))
        elif kind == "sabotage":
            m = intent.word("mission")
            state.available.remove(m)
            state.missions.put_bottom(m)
            events.append(R.say(state, f"{seat} Sabotages {p.missions[m].name}: it goes under the Mission deck."))
            if data["hazard_after"]:
                if data["left"] > 1:  # the next Sabotage waits for this Hazard choice
                    state.queue.insert(0, QueueItem(seat=seat, effect={"op": "sabotage", "n": data["left"] - 1,
                                                                      "hazard_after": True}))
                events += self.ask_hazard(state, seat, 1, non_hq=True, sector=p.missions[m].sector, optional=True)
            elif data["left"] > 1:
                events += self.sabotage(state, Effect(op="sabotage", n=data["left"] - 1), QueueItem(seat=seat, effect={}))
        elif kind == "hazard":
            z = intent.word("zone")
            if z != "none":
                state.hazards.append(z)
                events.append(R.say(state, f"{seat} adds a Hazard on {R.zone_label(z)}."))
            if data["left"] > 1:
                events += self.ask_hazard(state, seat, data["left"] - 1, non_hq=bool(data.get("non_hq")),
                                          sector=data.get("sector"), optional=False)
        elif kind == "unhazard":
            z = intent.word("zone")
            state.hazards.remove(z)
            events.append(R.say(state, f"{seat} removes the Hazard from {R.zone_label(z)}."))
            if data["left"] > 1:
                events += self.hazard_remove(state, Effect(op="hazard_remove", n=data["left"] - 1),
                                             QueueItem(seat=seat, effect={}))
        elif kind == "watchdog_add":
            to = int(intent.word("to")[1:])
            state.watchdogs.append(to)
            if data.get("source") == "sector_chief":  # only the Sector Chief's own Watchdog is removed later (A9)
                state.chief_added = True
            events.append(R.say(state, f"{seat} adds a Watchdog to sector {to}."))
        elif kind == "watchdog_move":
            a, b = int(intent.word("frm")[1:]), int(intent.word("to")[1:])
            state.watchdogs.remove(a)
            state.watchdogs.append(b)
            events.append(R.say(state, f"{seat} moves a Watchdog from sector {a} to sector {b}."))
        elif kind == "watchdog_remove":
            a = int(intent.word("frm")[1:])
            state.watchdogs.remove(a)
            events.append(R.say(state, f"{seat} removes a Watchdog from sector {a} (Sector Chief)."))
        elif kind == "order":
            blocks = data["blocks"]
            chosen = intent.word("item")
            first = next(b for b in blocks if b[0] == chosen)
            rest = [b for b in blocks if b[0] != chosen]
            def src(block_id: str) -> str:
                return block_id if block_id in p.contacts else f"benefit:{block_id}"
            items = [QueueItem(seat=seat, effect=e, source=src(first[0])) for e in first[2]]
            if len(rest) > 1:
                items.append(QueueItem(seat=seat, effect={"op": "_order", "blocks": rest}, source="order"))
            elif rest:
                items += [QueueItem(seat=seat, effect=e, source=src(rest[0][0])) for e in rest[0][2]]
            state.queue[0:0] = items
        else:  # pragma: no cover - every kind pushed above is handled
            raise AssertionError(f"unknown decision {kind}")
        return events

    def _steal(self, state: InfamyState, seat: str, intent: Intent, data: dict[str, Any]) -> list[Event]:
        rival = intent.word("rival")
        what = intent.get("type")
        if what is None:
            hand = state.players[rival].hand
            card = hand.pop(state.rng.below(len(hand)))
            state.players[seat].hand.append(card)
            name = R.pack().schemes[card].name
            return [R.say(state, f"{seat} steals a Scheme from {rival}."),
                    private([seat, rival], "stolen", f"The stolen Scheme is {name}.", card=card)]
        what = str(what)
        cost = int(data.get("cancel_cost", 0))
        if cost and state.players[rival].avail >= cost:
            opts = [(Intent.of("allow"), f"Let {seat} take 1 {R.WHAT_NAMES[what]}"),
                    (Intent.of("cancel"), f"Spend {cost} Bribes to cancel the theft")]
            ask(state, rival, "thug_cancel",
                f"{rival}: {seat} steals 1 {R.WHAT_NAMES[what]} from you. Spend {cost} Bribes to cancel?",
                opts, thief=seat, type=what, cost=cost)
            return [R.say(state, f"{seat} goes to steal 1 {R.WHAT_NAMES[what]} from {rival}.")]
        R.take_from(state, rival, seat, what)
        return [R.say(state, f"{seat} steals 1 {R.WHAT_NAMES[what]} from {rival}.")]

    def ask_order(self, state: InfamyState, seat: str, blocks: list[list[Any]]) -> list[Event]:
        opts = [(Intent.of("resolve", item=b[0]), f"First: {b[1]}") for b in blocks]
        ask(state, seat, "order", f"{seat}: several effects trigger; choose which resolves first.", opts, blocks=blocks)
        return []


INTERPRETER = InfamyEffects()
