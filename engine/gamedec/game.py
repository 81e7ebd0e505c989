"""Gamedec on the Arbiter contract: set-up, prompts, legal intents, their effects and the views."""

from __future__ import annotations

from typing import Any, ClassVar

from engine.core import (
    Deck,
    Event,
    Game,
    GameMeta,
    Intent,
    Prompt,
    RandomAgent,
    SecretChoice,
    clockwise,
    private,
    public,
)
from engine.core.agents import AgentFactory
from engine.core.shapes import check_shape

from . import procedure as P
from . import rules as R
from . import story as ST
from .agent import HeuristicAgent
from .board import AID, CORPS, NAMES, REALIUM, SPACES, is_corp
from .pack import load_pack
from .shapes import SHAPES
from .state import GamedecOptions, GamedecState, Player, TestState
from .trade import TradeRules, step_ref, turn_intents
from .view import build_view

RULES = """\
Gamedec: 2-6 game detectives hunt hackers across the Net. First to 9 Investigation Points (IP) wins at once.
Each round: a Corporate Commission card puts the Target (a Sensory World, Lag side up) and the Threatened
Corporation on the board; every detective takes a turn; then the Hacker Attack: if nobody performed the
Commission, a Lag appears on the Target and everyone with an Obligation at the Threatened Corporation gets a
Lag token (one move fewer next turn). When no Commission card is left, everyone loses (about 14 rounds).
Your turn: up to 2 moves (Taida 3) to any of the 13 spaces; act after each move on the space you entered.
- Realium: draw Task cards (1-5 by Reputation; unseen until your turn ends); play Tasks; heal Bio for 1 Credit.
- Sensory Worlds: play Tasks, use the world's exchange, attack, perform the Commission.
  Brahma/Dream Space refuse Bad Reputation; Crying Guns/Deep Past need a Credit; Happy Hunting Grounds and
  Twisted & Perverted cost 1 Reputation on entry.
- Corporations: Corporate Aid (place an Obligation, take two aids) and the Commission.
A Task test: 2d6 + Skills + Equipment (not in the Realium) + Assists - Wounds - Sabotages >= 8/10/12.
On a Lag space (or the Lag-side Target) a 1 on either die fails. Success in a world: place a Clue (+1 IP,
but Clues never give IP 7-9); in the Realium: +1 IP; plus the card's bonus. Failure: the penalty, and the
card goes face down under your detective for later Assists (+2) or Sabotages (-2) on anyone's roll.
A turn is either Tasks or Attacks. Attack a detective with more IP on your space (Shooting or Melee,
-1 Reputation); the winning attacker takes 1 IP; the loser chooses a Wound.
Commission: with your Clue on the Target, stand on the Target or the Threatened Corporation: remove that
Clue (and your Obligation there), then turn the Target safe or remove a Lag.
Hand limit 8 Task cards, 3 Equipment at the end of your turn. Discard cards whenever you are asked something.
Trade: one per turn, always with the detective whose turn it is: he proposes an offer to one player, or
asks everyone for offers and takes one (also just before his own Task roll). Credits, Equipment, Task cards.
Options: Longer Game (16 IP), Task cards available immediately, Less Randomness, Online Trade, Variable
Starting Player, Terror, Scenarios and Finales (the last implies the Longer Game, Variable SP and Terror),
choose detectives (instead of drawing them), play on for second place.
"""

TURN_KINDS = frozenset({
    "end", "move", "draw", "play", "attack", "heal", "sell_tasks", "buy_equip", "buy_skill", "sell_equip", "hunt",
    "buy_rep", "smear", "commission", "aid", "trade", "trade_call", "discard", "discard_eq",
})
DECISION_KINDS = frozenset({"detective", "skill", "pile", "corp", "wound", "pick", "stop", "seven", "roll", "give", "get",
                            "cancel", "accept", "decline", "send", "cheat", "take", "show"})
ANYTIME_KINDS = frozenset({"discard", "discard_eq", "ability", "story_start"})
"""Universal actions offered in every prompt of their owner (RB "Universal Actions": "at any moment (also in
the turns of other players)"), besides the decisions that are themselves about discarding."""
WINDOW_KINDS = frozenset({"assist", "sabotage", "pass"})
AID_CHOICES = ("heal", "cash", "equip", "heal+cash", "heal+equip", "cash+equip", "cash+cash")


class GamedecGame(Game[GamedecState]):
    meta = GameMeta(
        id="gamedec", title="Gamedec", min_seats=2, max_seats=6, options=GamedecOptions,
        summary="Game detectives chase hackers through virtual worlds: first to 9 Investigation Points wins.",
        rules=RULES,
    )
    state_type = GamedecState
    format = 1
    intent_kinds = TURN_KINDS | DECISION_KINDS | WINDOW_KINDS | ST.STORY_KINDS
    agents: ClassVar[dict[str, AgentFactory]] = {}

    # --- set-up -------------------------------------------------------------------------------

    def _setup(self, seats: list[str], seed: int, options: Any) -> GamedecState:
        opts: GamedecOptions = options
        if opts.scenarios:
            opts = opts.model_copy(update={"longer_game": True, "variable_start": True, "terror": True})
        pack = load_pack()
        rng = self.new_rng(seed)
        # RB set-up 5: "Each player, beginning with the Starting Player, chooses or draws at random one
        # gamedec card" - drawn by the seed, or chosen in turn with the choose_detectives option.
        draft = opts.choose_detectives
        detectives = [""] * len(seats) if draft else rng.shuffled(sorted(pack.detectives))[: len(seats)]
        start = rng.choice(seats)
        players = {}
        for seat, det in zip(seats, detectives, strict=True):
            players[seat] = Player(detective=det, rep=pack.detectives[det].start_rep if det else 0)
        equip = rng.shuffled(sorted(pack.equipment))
        corp_equip: dict[str, str | None] = {c: equip.pop() for c in CORPS}
        faceup = [equip.pop()]
        commissions = rng.shuffled(sorted(pack.commissions))
        state = GamedecState(
            seats=seats, rng=rng, options=opts.model_dump(), players=players, start_player=start,
            task_deck=Deck.shuffled(sorted(pack.tasks), rng), equip_deck=equip, equip_faceup=faceup,
            corp_equip=corp_equip, commission_deck=commissions,
        )
        if draft:
            state.draft = clockwise(seats, start)
            return state
        return self._deal(state)

    def _deal(self, state: GamedecState) -> GamedecState:
        """Set-up steps 7-8 (hands, the two set-aside Commissions) and the optional decks."""
        pack = load_pack()
        rng = state.rng
        opts = GamedecOptions.model_validate(state.options)
        seats = state.seats
        for seat in clockwise(seats, state.start_player):
            state.players[seat].hand = state.task_deck.draw(rng, 8)
        for _ in range(2):
            card = state.commission_deck.pop()
            state.commission_used.append(card)
            target = pack.commissions[card].target
            if target not in state.lags:
                state.lags.append(target)
        if opts.terror:
            state.terror_deck = rng.shuffled(sorted(pack.terror))
        if opts.scenarios:
            ST.deal(state)
        state.setup_choice = SecretChoice(kind="start_skill", seats=list(seats), allow_change=False)
        return state

    # --- prompts and legal intents ------------------------------------------------------------

    def prompts(self, state: GamedecState) -> list[Prompt]:
        if state.result is not None:
            return []
        if state.draft:
            return [Prompt(state.draft[0], "detective", "Choose your detective (players choose in turn, "
                           "beginning with the Starting Player).", self.legal(state, state.draft[0])[0],
                           pace="normal", ref=f"draft:{len(state.seats) - len(state.draft)}")]
        if state.setup_choice is not None:
            return [Prompt(s, "start_skill", "Choose your starting Skill (your +3 Skill is advised).",
                           self._best_skill_intent(state, s), simultaneous=True, pace="normal",
                           ref="setup:skill")
                    for s in state.setup_choice.waiting()]
        top = state.decisions.top()
        if top is not None:
            legal = self._decision_base(state, top.seat)
            return [Prompt(top.seat, top.kind, top.text, self._decision_default(state, top.kind, legal),
                           pace="quick", ref=step_ref(state, top.kind))]
        if state.trade is not None:
            return TradeRules.prompts(state)
        if state.window is not None:
            test = state.test
            assert test is not None
            what = self._test_label(state)
            text = f"{what}. Before the roll: Assist (+2) or Sabotage (-2) with your set-aside cards, or pass."
            # The window's identity: the step it opened at and its round (it reopens after any reaction).
            ctx = state.window.context
            ref = f"w{ctx.get('opened', 0)}-{ctx.get('round', 1)}"
            return [Prompt(s, "assist", text, Intent.of("pass"), simultaneous=True, pace="quick", ref=ref)
                    for s in state.window.open_seats()]
        if state.active:
            return [Prompt(state.active, "turn", self._turn_text(state), Intent.of("end"), pace="normal",
                           ref=step_ref(state, "turn"))]
        return []

    def legal(self, state: GamedecState, seat: str) -> list[Intent]:
        if state.result is not None or seat not in state.players:
            return []
        p = state.players[seat]
        if state.draft:
            if seat != state.draft[0]:
                return []
            taken = {q.detective for q in state.players.values()}
            return [Intent.of("detective", id=d) for d in sorted(load_pack().detectives) if d not in taken]
        if state.setup_choice is not None:
            if seat in state.setup_choice.waiting():
                return [Intent.of("skill", id=s) for s in load_pack().skills]
            return []
        top = state.decisions.top()
        if top is not None:
            return self._decision_legal(state, seat) if top.seat == seat else []
        if state.trade is not None:
            return TradeRules.legal(state, seat)
        if state.window is not None:
            if seat not in state.window.open_seats():
                return []
            assert state.test is not None
            out = [Intent.of("pass")]
            targets = [state.test.actor] + ([state.test.defender] if state.test.defender else [])
            for n in range(1, min(3, len(p.set_aside)) + 1):
                for on in targets:
                    out.append(Intent.of("assist", on=on, n=n))
                    out.append(Intent.of("sabotage", on=on, n=n))
            if seat in targets and p.credits >= 1 and R.power(state, seat, "credit_boost"):
                out.append(Intent.of("boost", on=seat))
            if seat == state.test.actor == state.active and state.test.kind != "attack":
                # FAQ: "Can one trade while performing a Task? Yes, but only before the dice roll."
                out += turn_intents(state, seat)
            return out + self._anytime(state, seat)
        if state.active == seat:
            return self._turn_legal(state, seat)
        return []

    def _turn_legal(self, state: GamedecState, seat: str) -> list[Intent]:
        p = state.players[seat]
        pack = load_pack()
        out = [Intent.of("end")]
        if state.moves_left > 0:
            for space in SPACES:
                if not R.entry_problem(state, seat, space):
                    out.append(Intent.of("move", to=space))
                    if space == "twisted" and R.has(state, seat, "twisted_immune"):
                        out.append(Intent.of("move", to=space, lose="rep"))
        if state.moved:
            here = p.pos
            if here == REALIUM and not state.drew:
                out.append(Intent.of("draw"))
            if state.turn_mode != "attacks" and not is_corp(here):
                for card in p.hand:
                    if R.can_play(state, seat, pack.tasks[card], here):
                        out.append(Intent.of("play", card=card))
            if state.turn_mode != "tasks" and not is_corp(here):
                for other in state.seats:
                    q = state.players[other]
                    if (other != seat and q.pos == here and not q.finished and q.ip > p.ip
                            and other not in state.attacked):
                        out.append(Intent.of("attack", on=other, skill="shooting"))
                        out.append(Intent.of("attack", on=other, skill="melee"))
            out += self._exchange_legal(state, seat, here)
            if state.target and state.target in p.clues and here in (state.target, state.threatened):
                if state.target_lag:
                    out.append(Intent.of("commission"))
                for lag in state.lags:
                    out.append(Intent.of("commission", lag=lag))
                if not state.target_lag and not state.lags:
                    out.append(Intent.of("commission"))
            if is_corp(here) and not state.aid_used and (
                    here not in p.obligations or (here == "novatronics" and R.has(state, seat, "novatronics_unlimited"))):
                heal_kind, _ = AID[here]
                for choice in AID_CHOICES:
                    parts = choice.split("+")
                    if "heal" in parts and not getattr(p, heal_kind):
                        continue
                    if "equip" in parts and not state.corp_equip.get(here):
                        continue
                    out.append(Intent.of("aid", take=choice))
            out += ST.turn_legal(state, seat)
        out += turn_intents(state, seat)
        for card in p.hand:
            out.append(Intent.of("discard", card=card))
        for eq in p.equipment:
            out.append(Intent.of("discard_eq", eq=eq))
        if not state.moved:
            out += ST.anytime_legal(state, seat)
        return out

    def _anytime(self, state: GamedecState, seat: str, equipment: bool = True) -> list[Intent]:
        """Universal actions in a prompt that is not the owner's turn prompt: discards (RB "he may decide
        to discard some of his cards at any moment of the game") and the Scenario abilities usable "at any
        moment" (FAQ: Big Brother, Digital Mind), and revealing a Scenario started by an Assist."""
        p = state.players[seat]
        if p.finished:
            return []
        out = [Intent.of("discard", card=c) for c in p.hand]
        if equipment:
            out += [Intent.of("discard_eq", eq=e) for e in p.equipment]
        return out + ST.anytime_legal(state, seat)

    def _exchange_legal(self, state: GamedecState, seat: str, here: str) -> list[Intent]:
        p = state.players[seat]
        d = R.detective(state, seat)
        out: list[Intent] = []
        c = p.credits
        if here == REALIUM and c >= 1 and p.bio:
            out.append(Intent.of("heal"))
        elif here == "paradise_beach" and c >= 1 and p.neuro:
            out.append(Intent.of("heal"))
        elif here == "brahma" and len(p.hand) + len(p.drawn) >= 3:
            out.append(Intent.of("sell_tasks"))
        elif here == "crying_guns" and c >= 1:
            out += [Intent.of("buy_equip", pile=pile) for pile in P.equipment_piles(state)]
        elif here == "deep_past" and c >= 2:
            out += [Intent.of("buy_skill", id=s) for s in load_pack().skills if s not in p.skills]
        elif here == "dream_space":
            out += [Intent.of("sell_equip", eq=e) for e in p.equipment]
        elif here == "happy_hunting" and c >= 1:
            out += [Intent.of("hunt", on=o) for o in state.seats
                    if o != seat and not state.players[o].finished and R.free_corps(state, o)]
        elif here == "speed_demons" and c >= 1 and p.rep < d.rep_max:
            out.append(Intent.of("buy_rep"))
        elif here == "twisted" and c >= 1:
            out += [Intent.of("smear", on=o) for o in state.seats
                    if o != seat and not state.players[o].finished
                    and state.players[o].rep > R.detective(state, o).rep_min]
        return out

    def _decision_legal(self, state: GamedecState, seat: str) -> list[Intent]:
        top = state.decisions.top()
        assert top is not None
        base = self._decision_base(state, seat)
        if top.kind in ("discard", "discard_eq", "sell"):
            return base
        # RB: no discard onto the Equipment pile while someone takes from it
        return base + self._anytime(state, seat, equipment=top.kind != "pile")

    def _decision_base(self, state: GamedecState, seat: str) -> list[Intent]:
        top = state.decisions.top()
        assert top is not None
        p = state.players[seat]
        kind = top.kind
        if kind == "skill":
            return [Intent.of("skill", id=s) for s in load_pack().skills if s not in p.skills]
        if kind == "pile":
            return [Intent.of("pile", take=pile) for pile in P.equipment_piles(state)]
        if kind == "corp":
            return [Intent.of("corp", id=c) for c in R.free_corps(state, seat)]
        if kind == "wound":
            return [Intent.of("wound", type=k) for k in ("bio", "neuro") if not getattr(p, k)]
        if kind == "discard":
            return [Intent.of("discard", card=c) for c in p.hand]
        if kind == "discard_eq":
            return [Intent.of("discard_eq", eq=e) for e in p.equipment]
        if kind == "seven":
            return [Intent.of("seven"), Intent.of("roll")]
        if kind == "finale":
            return ST.finale_legal(state, seat, list(top.data.get("options", [])))
        if kind == "place_lag":
            return ST.place_lag_legal(state)
        if kind == "story_offer":
            return [Intent.of("skip")] + ST.start_options(state, seat)
        if kind == "mind":
            return [Intent.of("skip")]
        if kind == "sell":
            picked: list[str] = list(top.data.get("picked", []))
            out = [Intent.of("stop")]
            out += [Intent.of("pick", card=c) for c in p.hand if c not in picked]
            out += [Intent.of("pick", card=f"d{i + 1}") for i in range(len(p.drawn)) if f"d{i + 1}" not in picked]
            return out
        raise AssertionError(kind)

    def _decision_default(self, state: GamedecState, kind: str, legal: list[Intent]) -> Intent:
        if kind == "wound":
            seat = state.decisions.top().seat  # type: ignore[union-attr]
            d = R.detective(state, seat)
            options = [i.word("type") for i in legal]
            best = min(options, key=lambda k: (getattr(d, k), k != "bio"))
            return Intent.of("wound", type=best)
        if kind == "sell":
            return Intent.of("stop")
        if kind == "seven":
            return Intent.of("seven")
        if kind == "discard":
            return legal[-1]
        return legal[0]

    def _best_skill_intent(self, state: GamedecState, seat: str) -> Intent:
        d = R.detective(state, seat)
        best = max(d.skills, key=lambda s: (d.skills[s], s))
        return Intent.of("skill", id=best)

    # --- applying intents ---------------------------------------------------------------------

    @staticmethod
    def _discard(state: GamedecState, seat: str, intent: Intent) -> list[Event]:
        """A discard "at any moment": a Task card to the discard pile, or a piece of Equipment."""
        who, pack = R.name(state, seat), load_pack()
        if intent.kind == "discard":
            card = intent.word("card")
            state.players[seat].hand.remove(card)
            state.task_deck.discard(card)
            return [public("discard", f"{who} discards {pack.tasks[card].name}.")]
        eq = intent.word("eq")
        R.discard_equipment(state, seat, eq)
        return [public("discard", f"{who} discards {pack.equipment[eq].name}.")]

    def _apply(self, state: GamedecState, seat: str, intent: Intent) -> list[Event]:
        events: list[Event] = []
        if state.draft:
            det = load_pack().detectives[intent.word("id")]
            state.players[seat].detective = det.id
            state.players[seat].rep = det.start_rep
            state.draft.pop(0)
            events.append(public("detective", f"{seat} chooses {det.name}.", seat=seat, detective=det.id))
            if not state.draft:
                self._deal(state)
                events.append(public("deal", "Each detective takes 8 Task cards; choose your starting Skill."))
        elif state.setup_choice is not None:
            events += self._setup_skill(state, seat, intent)
        elif state.decisions:
            top = state.decisions.top()
            assert top is not None
            if intent.kind in ANYTIME_KINDS and top.kind not in ("discard", "discard_eq", "sell"):
                events += self._anytime_action(state, seat, intent)
                p = state.players[seat]
                if (top.kind == "story_offer" and p.story != "hidden") or (
                        top.kind == "wound" and p.bio and p.neuro) or (
                        top.kind == "mind" and intent.kind == "ability" and intent.get("use") == "mind"):
                    state.decisions.pop()
            else:
                events += self._answer_decision(state, seat, intent)
        elif state.trade is not None:
            events += TradeRules.apply(state, seat, intent)
        elif state.window is not None and intent.kind in ANYTIME_KINDS:
            events += self._anytime_action(state, seat, intent)
        elif state.window is not None and intent.kind == "trade":
            events += TradeRules.open(state, seat, intent.word("to"))
        elif state.window is not None and intent.kind == "trade_call":
            events += TradeRules.call(state, seat)
        elif state.window is not None:
            state.window.answer(seat, intent.key())
            events.append(public("answered", f"{seat} has answered.", seat=seat))
            if intent.kind != "pass":
                events.append(private(seat, "your_answer", f"You declared: {self.describe(state, intent)}."))
            if state.window.closed:
                events += P.close_window(state)
        else:
            events += self._turn_action(state, seat, intent)
        return R.note(state, events) + P.run(state)

    def _anytime_action(self, state: GamedecState, seat: str, intent: Intent) -> list[Event]:
        """A universal action taken inside another prompt (a decision or an Assist/Sabotage window)."""
        p = state.players[seat]
        pack = load_pack()
        if intent.kind == "discard":
            card = intent.word("card")
            p.hand.remove(card)
            state.task_deck.discard(card)
            return [public("discard", f"{R.name(state, seat)} discards {pack.tasks[card].name}.")]
        if intent.kind == "discard_eq":
            eq = intent.word("eq")
            R.discard_equipment(state, seat, eq)
            return [public("discard", f"{R.name(state, seat)} discards {pack.equipment[eq].name}.")]
        return ST.apply_turn(state, seat, intent)

    def _setup_skill(self, state: GamedecState, seat: str, intent: Intent) -> list[Event]:
        choice = state.setup_choice
        assert choice is not None
        choice.commit(seat, intent.key())
        events = [public("chosen", f"{seat} has chosen a starting Skill."),
                  private(seat, "your_skill", f"Your starting Skill: {intent.word('id')}.")]
        if choice.complete:
            picks = choice.reveal()
            for s, key in picks.items():
                state.players[s].skills = [Intent.parse(key).word("id")]
            state.setup_choice = None
            state.phase = "play"
            events.append(public("skills", "Starting Skills: " + ", ".join(
                f"{R.name(state, s)} {state.players[s].skills[0]}" for s in state.seats) + "."))
            if state.options.get("scenarios"):
                # RB "More Terror Cards": "one Terror card at the start of the game"
                state.queue.append({"op": "terror"})
            state.queue.append({"op": "new_round"})
        return events

    def _answer_decision(self, state: GamedecState, seat: str, intent: Intent) -> list[Event]:
        top = state.decisions.top()
        assert top is not None
        p = state.players[seat]
        kind = intent.kind
        if kind == "pick":
            picked = list(top.data.get("picked", [])) + [intent.word("card")]
            top.data["picked"] = picked
            if len(picked) < 3:
                return [private(seat, "pick", f"Chosen {len(picked)} of 3 cards for Brahma.")]
            state.decisions.pop()
            drawn_idx = sorted((int(c[1:]) - 1 for c in picked if c.startswith("d")), reverse=True)
            cards = [c for c in picked if not c.startswith("d")]
            for c in cards:
                p.hand.remove(c)
            for i in drawn_idx:
                cards.append(p.drawn.pop(i))
            state.task_deck.discard(*cards)
            p.credits += 1
            names = ", ".join(load_pack().tasks[c].name for c in cards)
            return [public("exchange", f"{R.name(state, seat)} discards 3 Task cards in Brahma for 1 Credit "
                                       f"({names}).", seat=seat)]
        state.decisions.pop()
        if kind == "stop":
            return [private(seat, "pick", "Brahma exchange cancelled.")]
        if kind == "skill":
            p.skills.append(intent.word("id"))
            return [public("skill", f"{R.name(state, seat)} gains the Skill {intent.word('id')}.")]
        if kind == "pile":
            return R.take_equipment(state, seat, intent.word("take"))
        if kind == "corp":
            corp = intent.word("id")
            p.obligations.append(corp)
            why = "offends" if top.data.get("why") == "offend" else "must place an Obligation at"
            return [public("obligation", f"{R.name(state, seat)} {why} {NAMES[corp]}.", seat=seat, corp=corp)]
        if kind == "wound":
            return R.wound(state, seat, intent.word("type"))
        if kind in ("discard", "discard_eq"):
            return self._discard(state, seat, intent)
        if kind == "finale":
            return ST.take_finale(state, seat, intent.word("id"))
        if kind == "skip" and top.kind == "mind":
            return []
        if kind == "skip" and top.kind == "story_offer":
            # RB: "At the moment one of the conditions listed on the card is met, the player may (but does
            # not have to) reveal his Scenario": declined now, the Assist no longer starts it.
            p.assist_ready = False
            return []
        if kind in ("place_lag", "skip"):
            return ST.place_lag(state, seat, intent)
        if kind in ("seven", "roll"):
            assert state.test is not None
            state.test.take_seven = kind == "seven"
            state.queue.insert(0, {"op": "roll"})
            return []
        raise AssertionError(kind)

    def _turn_action(self, state: GamedecState, seat: str, intent: Intent) -> list[Event]:
        p = state.players[seat]
        pack = load_pack()
        kind = intent.kind
        who = R.name(state, seat)
        if kind == "end":
            state.queue[:0] = [{"op": "reveal_drawn", "seat": seat}, {"op": "hand_limit", "seat": seat},
                               {"op": "equip_limit", "seat": seat}, {"op": "end_turn", "seat": seat}]
            return [public("end", f"{who} ends the turn.")]
        if kind == "move":
            to = intent.word("to")
            state.moves_left -= 1
            state.moved = True
            state.aid_used = False
            state.drew = False
            state.story_move_used = False
            p.pos = to
            events = [public("move", f"{who} moves to {NAMES[to]}.", seat=seat, to=to)]
            if to == "happy_hunting" or (to == "twisted" and (
                    not R.has(state, seat, "twisted_immune") or intent.get("lose") == "rep")):
                events += R.change_rep(state, seat, -1)
            if is_corp(to) and R.has(state, seat, "corp_credit"):
                p.credits += 1
                events.append(public("credit", f"{who} collects 1 Credit from {NAMES[to]} ({p.credits})."))
            if "short_circuit" in state.flags and R.lag_on(state, to):
                events += R.wound(state, seat, "neuro")
            return events
        if kind == "draw":
            state.drew = True
            cards = state.task_deck.draw(state.rng, R.draw_count(state, seat))
            if state.options.get("tasks_immediately"):
                p.hand += cards
            else:
                p.drawn += cards
            return [public("draw", f"{who} draws {len(cards)} Task card{'s' if len(cards) != 1 else ''}.",
                           seat=seat, n=len(cards)),
                    private(seat, "drawn", "Drawn: " + (", ".join(pack.tasks[c].name for c in cards)
                                                        if state.options.get("tasks_immediately")
                                                        else "face down until the end of your turn."))]
        if kind == "play":
            card = intent.word("card")
            task = pack.tasks[card]
            p.hand.remove(card)
            state.turn_mode = "tasks"
            state.test = TestState(kind="task", actor=seat, card=card, space=p.pos)
            mod = R.task_modifier(state, seat, task, p.pos)
            events = [public("play", f"{who} plays {task.name} (DL {task.dl}, {'/'.join(task.skills)}) in "
                                     f"{NAMES[p.pos]}: modifier {mod:+d}.", seat=seat, card=card)]
            return events + P.open_window_or_roll(state)
        if kind == "attack":
            on, skill = intent.word("on"), intent.word("skill")
            state.turn_mode = "attacks"
            state.attacked.append(on)
            events = [public("attack", f"{who} attacks {R.name(state, on)} with {skill}.", seat=seat, on=on)]
            events += R.change_rep(state, seat, -1)
            state.test = TestState(kind="attack", actor=seat, defender=on, skill=skill, space=p.pos)
            return events + P.open_window_or_roll(state)
        if kind == "heal":
            p.credits -= 1
            return R.heal(state, seat, "bio" if p.pos == REALIUM else "neuro")
        if kind == "sell_tasks":
            state.decisions.push(seat, "sell", "Brahma: choose 3 Task cards to discard for 1 Credit "
                                               "(face-down draws are d1, d2...).", picked=[])
            return []
        if kind == "buy_equip":
            p.credits -= 1
            return [public("exchange", f"{who} pays 1 Credit in Crying Guns.")] + R.take_equipment(
                state, seat, intent.word("pile"))
        if kind == "buy_skill":
            p.credits -= 2
            p.skills.append(intent.word("id"))
            return [public("exchange", f"{who} pays 2 Credits in Deep Past World for the Skill "
                                       f"{intent.word('id')}.")]
        if kind == "sell_equip":
            eq = intent.word("eq")
            R.discard_equipment(state, seat, eq)
            p.credits += 1
            return [public("exchange", f"{who} trades {pack.equipment[eq].name} for 1 Credit in Dream Space.")]
        if kind == "hunt":
            on = intent.word("on")
            p.credits -= 1
            events = [public("exchange", f"{who} pays 1 Credit in Happy Hunting Grounds: {on} must place an "
                                         "Obligation.")]
            free = R.free_corps(state, on)
            if len(free) == 1:
                state.players[on].obligations.append(free[0])
                events.append(public("obligation", f"{R.name(state, on)} places an Obligation at {NAMES[free[0]]}."))
            else:
                state.decisions.push(on, "corp", f"{seat} hunted you: choose the Corporation for your Obligation.",
                                     why="hunt")
            return events
        if kind == "buy_rep":
            p.credits -= 1
            return [public("exchange", f"{who} pays 1 Credit in Speed Demons.")] + R.change_rep(state, seat, +1)
        if kind == "smear":
            on = intent.word("on")
            p.credits -= 1
            return [public("exchange", f"{who} pays 1 Credit in Twisted & Perverted to smear {on}.")] + \
                R.change_rep(state, on, -2)
        if kind == "commission":
            return self._commission(state, seat, intent)
        if kind == "aid":
            return self._aid(state, seat, intent.word("take"))
        if kind == "trade":
            return TradeRules.open(state, seat, intent.word("to"))
        if kind == "trade_call":
            return TradeRules.call(state, seat)
        if kind in ("discard", "discard_eq"):
            return self._discard(state, seat, intent)
        if kind in ST.STORY_KINDS:
            events = ST.apply_turn(state, seat, intent)
            if state.test is not None:
                events += P.open_window_or_roll(state)
            return events
        raise AssertionError(kind)

    def _commission(self, state: GamedecState, seat: str, intent: Intent) -> list[Event]:
        """RB "Corporate Commission": remove the Clue on the Target and the Obligation on the Threatened
        Corporation, then turn the Target safe or (FAQ) remove one Lag from the board."""
        p = state.players[seat]
        who = R.name(state, seat)
        p.clues.remove(state.target)
        if state.threatened in p.obligations:
            p.obligations.remove(state.threatened)
        lag = intent.get("lag")
        if isinstance(lag, str):
            state.lags.remove(lag)
            result = f"removes the Lag from {NAMES[lag]}"
        elif state.target_lag:
            state.target_lag = False
            result = "turns the Target safe"
        else:
            result = "(no Lag to remove)"
        events = [public("commission_done", f"{who} performs the Corporate Commission and {result}.", seat=seat)]
        if p.story == "hidden":
            p.commission_ready = True
        if not state.commission_done:
            state.commission_done = True
            if state.options.get("variable_start"):
                state.start_player = seat
                state.end_round_after = seat
                p.skip_turn = True
                events.append(public("start_player", f"{who} takes the Starting Player marker; the round ends "
                                                     "after this turn."))
        return events

    def _aid(self, state: GamedecState, seat: str, take: str) -> list[Event]:
        p = state.players[seat]
        corp = p.pos
        heal_kind, cash_kind = AID[corp]
        state.aid_used = True
        events: list[Event] = []
        if corp not in p.obligations:
            p.obligations.append(corp)
            events.append(public("aid", f"{R.name(state, seat)} takes Corporate Aid from {NAMES[corp]} "
                                        "(Obligation placed).", seat=seat, corp=corp))
        else:
            events.append(public("aid", f"{R.name(state, seat)} takes Corporate Aid from {NAMES[corp]}."))
        for part in take.split("+"):
            if part == "heal":
                events += R.heal(state, seat, heal_kind)
            elif part == "cash":
                if cash_kind == "credit":
                    p.credits += 1
                    events.append(public("credit", f"{R.name(state, seat)} takes 1 Credit ({p.credits})."))
                else:
                    events += R.change_rep(state, seat, +1)
            else:
                card = state.corp_equip[corp]
                assert card is not None
                p.equipment.append(card)
                R.refill_corp(state, corp)
                eq = load_pack().equipment[card]
                events.append(public("equipment", f"{R.name(state, seat)} takes {eq.name} (+2 {eq.skill})."))
        return events

    def explain_illegal(self, state: GamedecState, seat: str, intent: Intent, legal: list[Intent]) -> str:
        """Precise refusals for the common mistakes; only facts the seat may know."""
        if state.trade is not None and intent.kind in ("discard", "discard_eq"):
            return "Cards cannot be discarded while a trade is being made; discard once it is settled."
        if state.active == seat and not state.decisions and state.window is None and state.trade is None:
            if intent.kind == "move":
                to = intent.get("to")
                if state.moves_left <= 0:
                    return "You have no move left this turn: act here or end your turn."
                if isinstance(to, str) and to in SPACES:
                    problem = R.entry_problem(state, seat, to)
                    if problem:
                        return f"You cannot move there: {problem}."
            elif intent.kind in TURN_KINDS - {"end", "trade", "discard", "discard_eq"} and not state.moved:
                return "Your turn must begin with a move (it may be to the space you are on)."
            elif intent.kind == "play" and state.turn_mode == "attacks":
                return "You attacked this turn, so you cannot play Task cards until your next turn."
            elif intent.kind == "attack" and state.turn_mode == "tasks":
                return "You played a Task card this turn, so you cannot attack until your next turn."
            else:
                why = self._explain_turn(state, seat, intent)
                if why:
                    return why
        return super().explain_illegal(state, seat, intent, legal)

    def _explain_turn(self, state: GamedecState, seat: str, intent: Intent) -> str:
        """The usual reasons an action of the active detective is refused (his own or public facts only)."""
        p = state.players[seat]
        pack = load_pack()
        here = p.pos
        kind = intent.kind
        if kind == "play":
            card = intent.get("card")
            if not isinstance(card, str) or card not in p.hand:
                extra = " (cards drawn this turn are playable from your next turn)" if p.drawn else ""
                return f"That Task card is not in your hand{extra}."
            task = pack.tasks[card]
            if is_corp(here):
                return "No Task cards are played on Corporation spaces."
            where = "any Sensory World or the Realium" if task.world == "universal" else NAMES[task.world]
            return f"{task.name} can be played only in {where}; you are in {NAMES[here]}."
        if kind == "attack":
            on = intent.get("on")
            if not isinstance(on, str) or on not in state.players or on == seat:
                return "Attack another detective on your space."
            q = state.players[on]
            if is_corp(here):
                return "Attacks are not possible on Corporation spaces."
            if q.pos != here:
                return f"{on} is not on your space ({NAMES[here]})."
            if q.ip <= p.ip:
                return f"You may attack only a detective with more Investigation Points than you ({p.ip})."
            if on in state.attacked:
                return f"{on} has already been attacked this round."
            if intent.get("skill") not in ("shooting", "melee"):
                return "An attack uses Shooting or Melee."
        if kind == "draw":
            if here != REALIUM:
                return "Task cards are drawn only in the Realium."
            if state.drew:
                return "You already drew Task cards on this visit to the Realium; move again to draw again."
        if kind == "commission":
            if not state.target:
                return "There is no Commission to perform now."
            if state.target not in p.clues:
                return f"You need your Clue on the Target ({NAMES[state.target]}) to perform the Commission."
            if here not in (state.target, state.threatened):
                return (f"Stand on the Target ({NAMES[state.target]}) or the Threatened Corporation "
                        f"({NAMES[state.threatened]}) to perform the Commission.")
        if kind == "aid":
            if not is_corp(here):
                return "Corporate Aid is received on a Corporation space."
            if state.aid_used:
                return "You already received Corporate Aid on this move."
            if here in p.obligations:
                return f"Your Obligation already lies on {NAMES[here]}: perform a Commission there to remove it."
        if kind in ("trade", "trade_call"):
            if state.trade_done:
                return "You already made a trade this turn (one trade per turn)."
            if state.trade_proposals >= 2:
                return "You already proposed two trades this turn."
        return ""

    # --- texts ----------------------------------------------------------------------------------

    def _aid_label(self, state: GamedecState, take: str) -> str:
        seat = state.active
        corp = state.players[seat].pos if seat else ""
        if corp not in AID:
            return "Corporate Aid: " + take.replace("+", " + ")
        heal_kind, cash_kind = AID[corp]
        card = state.corp_equip.get(corp)
        eq = load_pack().equipment[card].name if card else "Equipment"
        words = {"heal": f"heal {heal_kind.capitalize()}", "cash": "1 Credit" if cash_kind == "credit" else
                 "Reputation +1", "equip": f"Equipment {eq}"}
        parts = take.split("+")
        if parts == ["cash", "cash"]:
            return "Aid: " + ("2 Credits" if cash_kind == "credit" else "Reputation +2")
        return _fit("Aid: " + " + ".join(words[x] for x in parts))

    def _test_label(self, state: GamedecState) -> str:
        test = state.test
        if test is None:
            return ""
        if test.kind == "task":
            task = load_pack().tasks[test.card]
            mod = R.task_modifier(state, test.actor, task, test.space)
            mod += 2 * test.plus.get(test.actor, 0) - 2 * test.minus.get(test.actor, 0)
            lag = ", a 1 fails (Lag)" if (R.lag_on(state, test.space) and not state.options.get("less_randomness")
                                         and not R.has(state, test.actor, "ignore_lags")) else ""
            return (f"{test.actor} tests {task.name} (DL {task.dl}, {mod:+d} so far: needs "
                    f"{max(2, task.dl - mod)}+ on 2 dice{lag})")
        if test.kind == "story":
            return f"{test.actor} undertakes a story Task (DL {ST.story_dl(test.card)})"
        return f"{test.actor} attacks {test.defender} ({test.skill})"

    def _turn_text(self, state: GamedecState) -> str:
        p = state.players[state.active]
        where = NAMES[p.pos]
        if not state.moved:
            return f"Your turn: {state.moves_left} move(s). Start with a move (you are in {where})."
        return f"In {where}: act here, move ({state.moves_left} left) or end your turn."

    def parse_intent(self, key: str) -> Intent:
        intent = super().parse_intent(key)
        check_shape(SHAPES, intent)
        return intent

    def check(self, state: GamedecState, seat: str, intent: Intent) -> None:
        # The shape first, so no rule or refusal text ever reads a missing or mistyped argument.
        check_shape(SHAPES, intent)
        super().check(state, seat, intent)

    def describe(self, state: GamedecState, intent: Intent) -> str:
        """A label; a malformed intent is refused (MalformedIntent), and one naming an unknown card, space or
        seat is labelled by its own key (the refusal that quotes it then lists what is possible)."""
        check_shape(SHAPES, intent)
        try:
            return self._label(state, intent)
        except KeyError:
            return intent.key()

    def _label(self, state: GamedecState, intent: Intent) -> str:
        pack = load_pack()
        k = intent.kind
        g = intent.get
        try:
            if k == "move":
                extra = " (lose Reputation)" if g("lose") else ""
                return f"Move to {NAMES[str(g('to'))]}{extra}"
            if k == "play":
                t = pack.tasks[str(g("card"))]
                return f"Play {t.name} (DL {t.dl}, {'/'.join(t.skills)})"[:80]
            if k in ("discard", "pick"):
                c = str(g("card"))
                if c.startswith("d") and c[1:].isdigit():
                    return f"Pick face-down card #{c[1:]}"
                verb = "Discard" if k == "discard" else "Pick"
                return f"{verb} {pack.tasks[c].name}"[:80]
            if k in ("discard_eq", "sell_equip"):
                eq = pack.equipment[str(g("eq"))]
                return f"{'Discard' if k == 'discard_eq' else 'Sell'} {eq.name} (+2 {eq.skill})"
            if k == "attack":
                return f"Attack {g('on')} with {g('skill')}"
            if k in ("skill", "buy_skill"):
                seat_ = state.active if k == "buy_skill" else getattr(state.decisions.top(), "seat", "")
                value = ""
                if seat_ in state.players and state.players[seat_].detective:
                    value = f" +{R.detective(state, seat_).skills.get(str(g('id')), 0)}"
                cost = " (2 Credits)" if k == "buy_skill" else ""
                return f"{'Buy' if k == 'buy_skill' else 'Take'} Skill {g('id')}{value}{cost}"
            if k in ("assist", "sabotage"):
                n = int(g("n") or 0)
                sign = "+" if k == "assist" else "-"
                return f"{k.capitalize()} {g('on')} with {n} card{'s' if n > 1 else ''} ({sign}{2 * n})"
            if k == "commission":
                lag = g("lag")
                return f"Commission: remove the Lag in {NAMES[str(lag)]}" if lag else "Commission: turn the Target"
            if k == "aid":
                return self._aid_label(state, str(g("take")))
            if k == "buy_equip" or k == "pile":
                where = str(g("pile") if k == "buy_equip" else g("take"))
                cost = " (1 Credit)" if k == "buy_equip" else ""
                verb = "Buy" if k == "buy_equip" else "Take"
                if where == "deck":
                    return f"{verb} the top Equipment card of the deck, unseen{cost}"
                top_eq = pack.equipment[state.equip_faceup[-1]] if state.equip_faceup else None
                shown = f" {top_eq.name} (+2 {top_eq.skill})" if top_eq else " the face-up Equipment"
                return f"{verb}{shown} from the face-up pile{cost}"
            if k == "heal" and state.active:
                kind_ = "Bio" if state.players[state.active].pos == REALIUM else "Neuro"
                return f"Heal your {kind_} Wound (1 Credit)"
            if k == "wound" and (top_ := state.decisions.top()) is not None:
                return _wound_label(state, top_.seat, intent)
        except KeyError:
            return intent.key()
        simple = {
            "end": "End turn", "draw": "Draw Task cards", "heal": "Heal a Wound (1 Credit)",
            "sell_tasks": "Sell 3 Task cards for 1 Credit", "buy_rep": "Reputation +1 (1 Credit)",
            "pass": "Pass", "stop": "Stop (cancel)", "seven": "Take 7 on the dice", "roll": "Roll the dice",
            "cancel": "Cancel the trade", "decline": "Decline the trade",
        }
        if k == "cancel" and state.trade is not None and state.trade.stage == "offers":
            return "Make no offer"
        if k == "decline" and state.trade is not None and state.trade.stage == "choose":
            return "Decline every offer"
        if k in simple:
            return simple[k]
        if k == "hunt":
            return f"Make {g('on')} place an Obligation (1 Credit)"
        if k == "smear":
            return f"Lower {g('on')}'s Reputation by 2 (1 Credit)"
        if k == "corp":
            return f"Obligation at {NAMES.get(str(g('id')), str(g('id')))}"
        if k == "wound":
            return f"Take a {str(g('type')).capitalize()} Wound"
        if k == "trade":
            return f"Propose a trade to {g('to')}"
        if k == "detective" and str(g("id")) in pack.detectives:
            d = pack.detectives[str(g("id"))]
            best = max(d.skills, key=lambda x: (d.skills[x], x))
            return _fit(f"{d.name} ({best} +{d.skills[best]}): {d.ability_text}")
        if k == "trade_call":
            return "Ask every player for trade offers"
        if k == "skip" and (top := state.decisions.top()) is not None and top.kind == "story_offer":
            return "Keep your Scenario hidden"
        if k == "skip" and (top := state.decisions.top()) is not None and top.kind == "mind":
            return "Do not use Digital Mind now"
        if k in ST.STORY_KINDS:
            return _story_label(intent)
        return TradeRules.describe(state, intent)

    # --- views ----------------------------------------------------------------------------------

    def view(self, state: GamedecState, seat: str | None) -> dict[str, Any]:
        return build_view(self, state, seat)


def _fit(label: str, limit: int = 80) -> str:
    """A label cut at a word boundary with an ellipsis, within ``limit`` characters."""
    if len(label) <= limit:
        return label
    return label[: limit - 1].rsplit(" ", 1)[0].rstrip(",;:") + "…"


def _wound_label(state: GamedecState, seat: str, intent: Intent) -> str:
    kind = intent.word("type")
    if kind not in ("bio", "neuro"):
        return intent.key()  # not a Wound: the refusal quotes it and lists the two there are
    return f"Take a {kind.capitalize()} Wound (-{getattr(R.detective(state, seat), kind)} to your rolls)"


def _story_label(intent: Intent) -> str:
    pack = load_pack()
    k, g = intent.kind, intent.get
    if k == "story_start":
        via = str(g("via"))
        how = {"assist": "after your Assist", "commission": "after your Commission",
               "clues": "removing your 2 oldest Clues"}.get(via, f"removing your Clue in {NAMES.get(via, via)}")
        return f"Reveal your Scenario ({how})"
    if k == "story_task":
        return "Undertake Puppet Master (DL 12)" if g("card") else "Undertake your Scenario's story Task"
    if k == "story_finish":
        return "Complete your Scenario (second path)"
    if k == "ability":
        if g("use") == "mind":
            return f"Digital Mind: take a {str(g('type')).capitalize()} Wound for Reputation +1"
        return f"Big Brother: 2 set-aside cards to lift the Obligation at {NAMES.get(str(g('corp')), '')}"
    if k == "finale":
        return f"Take the Finale {pack.finales[str(g('id'))].name}"[:80]
    if k == "place_lag":
        return f"Add a Lag in {NAMES.get(str(g('world')), '')}"
    if k == "skip":
        return "Add no Lag"
    return "Smoke and Mirrors: 1 Credit for +2"


GAME = GamedecGame()
GamedecGame.agents = {"random": RandomAgent, "heuristic": HeuristicAgent}
