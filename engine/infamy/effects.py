"""Infamy's effect vocabulary, interpreted: every card is data (:class:`~.pack.Effect` records), and each
``op`` has one handler here. A handler that needs a choice asks it (:mod:`.answers`); the answer's handler
carries the effect on, and the procedure resumes with the next queued step."""

from __future__ import annotations

from engine.core import Event, Intent

from . import answers as A
from . import rules as R
from .interpreter import EffectInterpreter, handles
from .pack import FACTIONS, RESOURCES, Effect
from .payloads import Left, RepAsk, StealAsk, TargetAsk
from .rules import RULES
from .state import EffectStep, InfamyState, OrderStep

Offer = list[tuple[Intent, str]]


class InfamyEffects(EffectInterpreter[InfamyState, EffectStep]):
    """One handler per ``op``. ``ctx`` is the step: whose effect it is and where it came from."""

    def run_step(self, state: InfamyState, step: EffectStep) -> list[Event]:
        effect = step.effect
        if effect.when is not None and (effect.when == "day") != state.day:
            return []
        return self.run_one(state, effect, step)

    # --- gains and losses -----------------------------------------------------------------------

    @handles("gain")
    def gain(self, state: InfamyState, e: Effect, ctx: EffectStep) -> list[Event]:
        assert e.what is not None
        if e.what == "resource":
            return A.ask_resource(state, ctx.seat, e.n, ctx.source)
        got = R.gain(state, ctx.seat, e.what, e.n)
        why = ""
        if ctx.source.startswith("benefit:"):
            why = next(b.name for b in R.pack().benefits if b.id == ctx.source[8:])
        if got == 0:
            empty = f"the General Supply has no {R.WHAT_NAMES[e.what]} left"
            return [
                R.say(
                    state, f"{ctx.seat} gains no {R.WHAT_NAMES[e.what]} ({why + ': ' if why else ''}{empty})."
                )
            ]
        return [R.say(state, f"{ctx.seat} gains {R.plural(got, e.what)}{f' ({why})' if why else ''}.")]

    @handles("lose")
    def lose(self, state: InfamyState, e: Effect, ctx: EffectStep) -> list[Event]:
        assert e.what is not None
        lost = R.lose(state, ctx.seat, e.what, e.n)
        return [R.say(state, f"{ctx.seat} loses {R.plural(lost, e.what)}.")] if lost else []

    @handles("spend")
    def spend(self, state: InfamyState, e: Effect, ctx: EffectStep) -> list[Event]:
        n = R.spend(state, ctx.seat, e.n)
        return [R.say(state, f"{ctx.seat} Spends {R.plural(n, 'bribe')}.")]

    @handles("recover")
    def recover(self, state: InfamyState, e: Effect, ctx: EffectStep) -> list[Event]:
        n = R.recover(state, ctx.seat, e.n)
        return [R.say(state, f"{ctx.seat} Recovers {R.plural(n, 'bribe')}.")]

    @handles("rep")
    def rep(self, state: InfamyState, e: Effect, ctx: EffectStep) -> list[Event]:
        if ctx.seat in state.rep_locked:
            return [R.say(state, f"{ctx.seat} gains no Rep this Round (won the Accomplice).")]
        choices: list[str] = (
            list(e.factions) if e.factions else (list(FACTIONS) if e.faction == "any" else [str(e.faction)])
        )
        if len(choices) == 1:
            return R.add_rep(state, ctx.seat, choices[0], e.n)
        offer = [(Intent.of("rep", faction=f), f"Gain {e.n}r in {R.FACTION_NAMES[f]}") for f in choices]
        return RULES.ask(
            state,
            ctx.seat,
            "rep",
            f"{ctx.seat}: choose the faction for {e.n} Rep.",
            offer,
            payload=RepAsk(n=e.n),
            public=f"{ctx.seat} chooses the faction for {e.n} Rep.",
        )

    @handles("liaison")
    def liaison(self, state: InfamyState, e: Effect, ctx: EffectStep) -> list[Event]:
        offer = [(Intent.of("liaison", gain="infamy"), "Liaison: gain 2 Infamy")]
        if ctx.seat not in state.rep_locked:
            offer += [
                (Intent.of("liaison", gain=f), f"Liaison: gain 1r in {R.FACTION_NAMES[f]}") for f in FACTIONS
            ]
        public = f"{ctx.seat} chooses the Liaison's reward: 2 Infamy or 1 Rep."
        return RULES.ask(
            state, ctx.seat, "liaison", f"{ctx.seat}: Liaison, 2 Infamy or 1 Rep?", offer, public=public
        )

    @handles("gain_per_mission")
    def gain_per_mission(self, state: InfamyState, e: Effect, ctx: EffectStep) -> list[Event]:
        assert e.what is not None and e.type is not None
        p = R.pack()
        k = sum(1 for m in state.players[ctx.seat].missions if e.type in p.missions[m].types) * e.n
        if k == 0:
            return [R.say(state, f"{ctx.seat} has no {e.type.title()} mission: nothing gained.")]
        if e.what == "resource":
            return A.ask_resource(state, ctx.seat, k, ctx.source)
        got = R.gain(state, ctx.seat, e.what, k)
        return [R.say(state, f"{ctx.seat} gains {R.plural(got, e.what)} ({e.type.title()} missions).")]

    # --- schemes --------------------------------------------------------------------------------

    @handles("draw")
    def draw(self, state: InfamyState, e: Effect, ctx: EffectStep) -> list[Event]:
        if e.faction not in (None, "any"):
            return R.draw_schemes(state, ctx.seat, str(e.faction), e.n)
        return A.ask_draw(state, ctx.seat, e.n)

    @handles("discard")
    def discard(self, state: InfamyState, e: Effect, ctx: EffectStep) -> list[Event]:
        hand = state.players[ctx.seat].hand
        if not hand:
            return []
        p = R.pack()
        offer = [(Intent.of("discard", card=c), f"Discard {p.schemes[c].name}") for c in sorted(set(hand))]
        text = f"{ctx.seat}: discard 1 Scheme from your hand (it goes face up to its discard pile)."
        public = f"{ctx.seat} discards 1 Scheme (it goes face up to its discard pile)."
        return RULES.ask(state, ctx.seat, "discard", text, offer, public=public)

    # --- rivals ---------------------------------------------------------------------------------

    @staticmethod
    def _rivals(state: InfamyState, seat: str) -> list[str]:
        return [s for s in state.seats if s != seat]

    @handles("steal")
    def steal(self, state: InfamyState, e: Effect, ctx: EffectStep) -> list[Event]:
        assert e.what is not None
        offer: Offer = []
        for rival in self._rivals(state, ctx.seat):
            if e.what == "scheme":
                if state.players[rival].hand:
                    offer.append((Intent.of("steal", rival=rival), f"Steal a random Scheme from {rival}"))
                continue
            kinds = list(RESOURCES) if e.what == "resource" else [e.what]
            offer += [
                (Intent.of("steal", rival=rival, type=k), f"Steal 1 {R.WHAT_NAMES[k]} from {rival}")
                for k in kinds
                if R.count(state, rival, k) > 0
            ]
        if not offer:
            return [R.say(state, f"{ctx.seat} has nothing to steal: no rival has any.")]
        return RULES.ask(
            state,
            ctx.seat,
            "steal",
            f"{ctx.seat}: choose what to steal and from whom.",
            offer,
            public=f"{ctx.seat} chooses what to steal and from whom.",
            payload=StealAsk(cancel_cost=e.cancel_cost, source=ctx.source),
        )

    @handles("rival_lose")
    def rival_lose(self, state: InfamyState, e: Effect, ctx: EffectStep) -> list[Event]:
        assert e.what is not None
        name = R.WHAT_NAMES[e.what]
        targets = [r for r in self._rivals(state, ctx.seat) if R.count(state, r, e.what) > 0]
        if not targets:
            return [R.say(state, f"No rival of {ctx.seat} has any {name} to lose.")]
        offer = [(Intent.of("target", rival=r), f"{r} loses {R.plural(e.n, e.what)}") for r in targets]
        return RULES.ask(
            state,
            ctx.seat,
            "target",
            f"{ctx.seat}: choose a rival to lose {R.plural(e.n, e.what)}.",
            offer,
            public=f"{ctx.seat} chooses a rival to lose {R.plural(e.n, e.what)}.",
            payload=TargetAsk(what=e.what, n=e.n),
        )

    @handles("rivals_lose")
    def rivals_lose(self, state: InfamyState, e: Effect, ctx: EffectStep) -> list[Event]:
        assert e.what is not None
        events = []
        for r in self._rivals(state, ctx.seat):
            lost = R.lose(state, r, e.what, e.n)
            if lost:
                events.append(R.say(state, f"{r} loses {R.plural(lost, e.what)}."))
        return events or [R.say(state, f"No rival had any {R.WHAT_NAMES[e.what]} to lose.")]

    @handles("rivals_spend")
    def rivals_spend(self, state: InfamyState, e: Effect, ctx: EffectStep) -> list[Event]:
        events = []
        for r in self._rivals(state, ctx.seat):
            n = R.spend(state, r, e.n)
            if n:
                events.append(R.say(state, f"{r} Spends {R.plural(n, 'bribe')}."))
        return events

    # --- board ----------------------------------------------------------------------------------

    @handles("sabotage")
    def sabotage(self, state: InfamyState, e: Effect, ctx: EffectStep) -> list[Event]:
        return A.ask_sabotage(state, ctx.seat, e.n, e.hazard_after)

    @handles("hazard_add")
    def hazard_add(self, state: InfamyState, e: Effect, ctx: EffectStep) -> list[Event]:
        return A.ask_hazard(state, ctx.seat, e.n, non_hq=e.zone == "non_hq", sector=None, optional=False)

    @handles("hazard_remove")
    def hazard_remove(self, state: InfamyState, e: Effect, ctx: EffectStep) -> list[Event]:
        return A.ask_unhazard(state, ctx.seat, e.n)

    @handles("watchdog_add")
    def watchdog_add(self, state: InfamyState, e: Effect, ctx: EffectStep) -> list[Event]:
        if R.watchdogs_left(state) <= 0:
            return [R.say(state, "Both Watchdogs are already on the board: none is added.")]
        offer = [(Intent.of("watchdog", to=f"s{n}"), f"Add a Watchdog to sector {n}") for n in range(1, 7)]
        text = f"{ctx.seat}: choose a sector for the new Watchdog (it closes that sector to the others)."
        public = f"{ctx.seat} chooses a sector for the new Watchdog (it closes that sector to the others)."
        return RULES.ask(
            state, ctx.seat, "watchdog_add", text, offer, payload=Left(source=ctx.source), public=public
        )

    @handles("watchdog_move")
    def watchdog_move(self, state: InfamyState, e: Effect, ctx: EffectStep) -> list[Event]:
        if not state.watchdogs:
            return [R.say(state, "No Watchdog is on the board to move.")]
        offer = [
            (Intent.of("watchdog", frm=f"s{a}", to=f"s{b}"), f"Move the Watchdog from sector {a} to {b}")
            for a in sorted(set(state.watchdogs))
            for b in range(1, 7)
            if b != a
        ]
        text = f"{ctx.seat}: move a Watchdog to another sector (no pawn may enter a sector with a Watchdog)."
        public = (
            f"{ctx.seat} moves a Watchdog to another sector (no pawn may enter a sector with a Watchdog)."
        )
        return RULES.ask(state, ctx.seat, "watchdog_move", text, offer, public=public)

    @handles("flag")
    def flag(self, state: InfamyState, e: Effect, ctx: EffectStep) -> list[Event]:
        seat = ctx.seat
        if e.what == "accomplice":
            state.acc_owner = seat
            if seat not in state.rep_locked:
                state.rep_locked.append(seat)
            return [
                R.say(state, f"{seat} controls the Accomplice this Round and can gain no Rep until it ends.")
            ]
        if e.what == "smuggler":
            state.smuggler = seat
            how = (
                "may skip placing a pawn for 1 resource and 1 Scheme"
                if state.day
                else "doubles every resupply"
            )
            return [R.say(state, f"{seat} has the Smuggler: {how} this Round.")]
        if e.what == "chief":
            state.chief = seat
            return [R.say(state, f"{seat} has the Sector Chief: ignores Watchdogs this Round.")]
        state.informant = seat
        return [R.say(state, f"{seat} may play 1 extra Scheme this Round (Informant).")]


INTERPRETER = InfamyEffects()


@RULES.step("effect")
def effect(state: InfamyState, step: EffectStep) -> list[Event]:
    return INTERPRETER.run_step(state, step)


@RULES.step("order")
def order(state: InfamyState, step: OrderStep) -> list[Event]:
    return A.ask_order(state, step.seat, step.blocks)
