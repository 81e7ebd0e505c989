"""The round procedure and card effects as a queue of steps run by an EffectInterpreter.

The state keeps a queue of small step records (``{"op": ..., "seat": ...}``): the rest of a round
(turns, the Hacker Attack, the next Corporate Investigation), a Task's rewards, a Terror card's
effects. :func:`run` pops and interprets them until one needs a player's answer (a decision, a
reaction window, a trade) or a detective's turn is open. Because the queue lives in the state, a
game paused on a question resumes exactly where it stopped.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict

from engine.core import EffectInterpreter, Event, Game, Intent, ReactionWindow, clockwise, handles, public

from . import rules as R
from .board import NAMES, REALIUM, WORLDS
from .pack import load_pack
from .state import GamedecState


class Step(BaseModel):
    model_config = ConfigDict(extra="ignore")
    op: str
    seat: str = ""
    what: str = ""
    count: int = 0
    kind: str = ""
    flag: str = ""
    space: str = ""


SCHEDULE = frozenset({"turn", "hacker_attack", "new_round"})


def blocked(state: GamedecState) -> bool:
    return bool(state.result is not None or state.setup_choice is not None or state.decisions
                or state.window is not None or state.trade is not None)


def run(state: GamedecState) -> list[Event]:
    """Run queued steps until someone must answer or a turn is open."""
    events: list[Event] = []
    proc = Procedure()
    guard = 0
    while not blocked(state):
        guard += 1
        if guard > 10_000:  # a bug, never the rules
            raise RuntimeError("gamedec procedure does not settle")
        if not state.queue or (state.active and state.queue[0]["op"] in SCHEDULE):
            if state.active and state.players[state.active].finished:
                # play-on option: a detective who reached the goal mid-turn leaves the board at once
                state.queue.insert(0, {"op": "end_turn", "seat": state.active})
                continue
            break  # a detective's turn is open: the rest of the round waits for "end"
        step = Step.model_validate(state.queue.pop(0))
        events += proc.run_one(state, step, None)
    return R.note(state, events)


def eligible_reactors(state: GamedecState, actor: str) -> list[str]:
    return [s for s in clockwise(state.seats, actor) if not state.players[s].finished]


def open_window_or_roll(state: GamedecState) -> list[Event]:
    """Open the Assist/Sabotage window before a roll: every detective still playing is asked (so no
    one learns who could react); it is skipped only when no one holds a set-aside card (a public count)."""
    assert state.test is not None
    seats = eligible_reactors(state, state.test.actor)
    # Smoke and Mirrors (a started Scenario: public) lets a tester discard a Credit "before rolling the dice,
    # analogously to Assist cards" (FAQ), so its holder opens the window too.
    testers = [state.test.actor] + ([state.test.defender] if state.test.defender else [])
    boost = any(state.players[s].credits >= 1 and R.power(state, s, "credit_boost") for s in testers)
    if boost or any(state.players[s].set_aside for s in seats):
        state.window = ReactionWindow(kind="assist", seats=seats, context={"round": state.test.window_round,
                                                                          "opened": state.step})
        return [public("window", "Before the roll: Assists and Sabotages may be declared "
                                 f"(round {state.test.window_round}).")]
    return after_window(state)


def after_window(state: GamedecState) -> list[Event]:
    test = state.test
    assert test is not None
    if (state.options.get("less_randomness") and test.kind == "task"
            and test.plus.get(test.actor, 0) >= 3):
        state.decisions.push(test.actor, "seven", "3+ Assist cards: take 7 on the dice, or roll?")
        return []
    state.queue.insert(0, {"op": "roll"})
    return []


def reset_turn(state: GamedecState, seat: str, moves: int) -> None:
    """What a new turn starts from: ``moves`` moves and none of the once-per-turn actions used."""
    state.active = seat
    state.moves_left = moves
    state.moved = False
    state.turn_mode = ""
    state.aid_used = False
    state.drew = False
    state.trade_done = False
    state.trade_proposals = 0
    state.story_move_used = False
    state.players[seat].commission_ready = False


def close_window(state: GamedecState) -> list[Event]:
    """Apply every answer of the closed window, in seat order; reopen it if anyone reacted."""
    window, test = state.window, state.test
    assert window is not None and test is not None
    events: list[Event] = []
    reacted = False
    for seat, key in window.in_order():
        intent = Intent.parse(key)
        if intent.kind == "boost":
            # Smoke and Mirrors: a Credit discarded before the roll, like an Assist card
            reacted = True
            state.players[seat].credits -= 1
            test.plus[seat] = test.plus.get(seat, 0) + 1
            events.append(public("boost", f"{R.name(state, seat)} discards a Credit for +2."))
            continue
        if intent.kind not in ("assist", "sabotage"):
            continue
        reacted = True
        on, n = intent.word("on"), intent.num("n")
        p = state.players[seat]
        used, p.set_aside = p.set_aside[:n], p.set_aside[n:]
        state.task_deck.discard(*used)
        book = test.plus if intent.kind == "assist" else test.minus
        book[on] = book.get(on, 0) + n
        sign = "+" if intent.kind == "assist" else "-"
        whom = "their own roll" if on == seat else on
        events.append(public(intent.kind, f"{R.name(state, seat)} {'assists' if sign == '+' else 'sabotages'} "
                             f"{whom} with {n} card{'s' if n > 1 else ''} ({sign}{2 * n}).", seat=seat, on=on, n=n))
        if intent.kind == "assist" and on != seat and seat not in test.rewarded:
            test.rewarded.append(seat)
            events += R.change_rep(state, seat, +1)
        if intent.kind == "assist" and on != seat and p.story == "hidden":
            hero = load_pack().scenarios[p.scenario].hero
            if hero and state.players[on].detective == hero:
                p.assist_ready = True
    state.window = None
    if state.options.get("scenarios"):
        # RB: "Starting a Scenario by means of an Assist may take place in another player's round". Every
        # hidden-Scenario holder who assisted another detective is asked, so the question reveals nothing.
        helpers = {s for s, key in window.in_order()
                   if key.startswith("assist:") and Intent.parse(key).word("on") != s}
        for seat in reversed([s for s in state.seats if s in helpers and state.players[s].story == "hidden"]):
            state.decisions.push(seat, "story_offer", "You assisted another detective: if that starts your "
                                                      "Scenario, you may reveal it now.")
    if reacted:
        test.window_round += 1
        events += open_window_or_roll(state)
    else:
        events += after_window(state)
    return events


class Procedure(EffectInterpreter[GamedecState, None]):
    # --- the round ------------------------------------------------------------------------

    @handles("new_round")
    def new_round(self, state: GamedecState, step: Step, ctx: None) -> list[Event]:
        """Phase 1, Corporate Investigation."""
        events: list[Event] = []
        if not state.commission_deck:
            opts = state.options
            if opts.get("longer_game") and not opts.get("scenarios") and not state.second_deck_used:
                state.second_deck_used = True
                state.commission_deck = state.rng.shuffled(state.commission_used)[:8]
                events.append(public("commission_deck", "The Commission deck ran out: 8 cards form a new deck."))
            else:
                from .story import double_agent_winner
                agent = double_agent_winner(state)
                if agent:
                    events.append(Game.finish(state, [agent], f"{R.name(state, agent)}, the Double Agent, "
                                                              "sold the Net to the hackers"))
                    return events
                if state.placings:
                    events.append(Game.finish(state, [state.placings[0]], f"{R.name(state, state.placings[0])} "
                                              "won; the Commission deck ran out before a second place"))
                    return events
                events.append(Game.finish(state, [], "the Corporate Commission deck ran out: the hackers' "
                                                     "final attack shuts the Net down"))
                return events
        state.round += 1
        card = state.commission_deck.pop()
        state.commission_used.append(card)
        com = load_pack().commissions[card]
        state.commission, state.target, state.threatened = card, com.target, com.threatened
        state.target_lag = True
        state.commission_done = False
        state.end_round_after = ""
        state.attacked = []
        events.append(public("commission", f"Round {state.round}: the hackers target {NAMES[com.target]}; "
                                           f"{NAMES[com.threatened]} is threatened.", target=com.target,
                             threatened=com.threatened))
        order: list[dict[str, Any]] = []
        for seat in clockwise(state.seats, state.start_player):
            p = state.players[seat]
            if p.skip_turn:
                p.skip_turn = False
                events.append(public("skip", f"{R.name(state, seat)} took the Starting Player marker and "
                                             "skips this round."))
                continue
            if not p.finished:
                order.append({"op": "turn", "seat": seat})
        state.queue += order + [{"op": "hacker_attack"}, {"op": "new_round"}]
        if state.options.get("scenarios"):
            from .story import round_start
            round_start(state)
        return events

    @handles("turn")
    def turn(self, state: GamedecState, step: Step, ctx: None) -> list[Event]:
        seat = step.seat
        p = state.players[seat]
        if p.finished:
            return []  # play-on option: "his rounds are skipped" (he reached the goal earlier this round)
        moves = R.base_moves(state, seat)
        events = [public("turn", f"{R.name(state, seat)}'s turn.", seat=seat)]
        if p.lag:
            p.lag = False
            moves -= 1
            events.append(public("lag", f"{R.name(state, seat)} discards the Lag token instead of a move."))
        reset_turn(state, seat, moves)
        # Cards received in other turns: RB "At the start of his turn a player may hold a maximum of eight".
        state.queue[:0] = [{"op": "hand_limit", "seat": seat}, {"op": "equip_limit", "seat": seat}]
        return events

    @handles("reveal_drawn")
    def reveal_drawn(self, state: GamedecState, step: Step, ctx: None) -> list[Event]:
        p = state.players[step.seat]
        if not p.drawn:
            return []
        p.hand += p.drawn
        n = len(p.drawn)
        p.drawn = []
        return [public("reveal_drawn", f"{R.name(state, step.seat)} looks at the {n} Task card"
                                       f"{'s' if n > 1 else ''} drawn this turn.")]

    @handles("hand_limit")
    def hand_limit(self, state: GamedecState, step: Step, ctx: None) -> list[Event]:
        p = state.players[step.seat]
        if len(p.hand) > R.HAND_LIMIT:
            over = len(p.hand) - R.HAND_LIMIT
            state.decisions.push(step.seat, "discard", f"Hand limit 8: discard {over} more Task card"
                                                       f"{'s' if over > 1 else ''}.")
            state.queue.insert(0, {"op": "hand_limit", "seat": step.seat})
        return []

    @handles("equip_limit")
    def equip_limit(self, state: GamedecState, step: Step, ctx: None) -> list[Event]:
        p = state.players[step.seat]
        if len(p.equipment) > R.EQUIP_LIMIT:
            state.decisions.push(step.seat, "discard_eq", "Equipment limit 3: discard an Equipment card.")
            state.queue.insert(0, {"op": "equip_limit", "seat": step.seat})
        return []

    @handles("end_turn")
    def end_turn(self, state: GamedecState, step: Step, ctx: None) -> list[Event]:
        state.active = ""
        state.moves_left = 0
        if state.options.get("variable_start") and state.end_round_after == step.seat:
            # RB: the first to perform a Commission "ends the round after his turn, going straight to
            # the next Corporate Investigation".
            while state.queue and state.queue[0]["op"] != "new_round":
                state.queue.pop(0)
            return [public("round_end", f"{R.name(state, step.seat)} holds the Starting Player marker: "
                                        "the round ends now.")]
        return []

    @handles("hacker_attack")
    def hacker_attack(self, state: GamedecState, step: Step, ctx: None) -> list[Event]:
        """Phase 3."""
        events: list[Event] = []
        if state.target_lag and state.target:
            if state.target not in state.lags:
                state.lags.append(state.target)
            hit = []
            for seat in state.seats:
                p = state.players[seat]
                if state.threatened in p.obligations and not p.finished:
                    if R.has(state, seat, "ignore_lags"):
                        continue
                    p.lag = True
                    hit.append(seat)
            who = f"; Lag tokens for {', '.join(hit)}" if hit else ""
            events.append(public("hacker_attack", f"Hacker Attack: a Lag appears in {NAMES[state.target]}{who}.",
                                 target=state.target, lagged=hit))
        else:
            events.append(public("hacker_attack", "The Commission was performed: the hacker attack fails."))
        state.target, state.threatened, state.commission, state.target_lag = "", "", "", False
        return events

    # --- tests --------------------------------------------------------------------------------

    @handles("roll")
    def roll(self, state: GamedecState, step: Step, ctx: None) -> list[Event]:
        test = state.test
        assert test is not None
        pack = load_pack()
        if test.kind == "story":
            return self._story_roll(state, test)
        if test.kind == "task":
            task = pack.tasks[test.card]
            seat = test.actor
            dice = [3, 4] if test.take_seven else state.rng.roll(2, 6)
            mod = R.task_modifier(state, seat, task, test.space)
            cards = 2 * test.plus.get(seat, 0) - 2 * test.minus.get(seat, 0)
            total = sum(dice) + mod + cards
            lag_fail = (not state.options.get("less_randomness") and R.lag_on(state, test.space)
                        and not R.has(state, seat, "ignore_lags") and 1 in dice and not test.take_seven)
            ok = total >= task.dl and not lag_fail
            state.last_roll = {"kind": "task", "seat": seat, "card": task.id, "dice": dice, "modifier": mod,
                               "cards": cards, "total": total, "dl": task.dl, "success": ok, "lag_fail": lag_fail}
            how = "takes 7" if test.take_seven else f"rolls {dice[0]}+{dice[1]}"
            verdict = "success" if ok else ("failure: a 1 on a Lag space" if lag_fail else "failure")
            events = [public("roll", f"{R.name(state, seat)} {how} {mod:+d} (cards {cards:+d}) = {total} vs "
                                     f"{task.dl}: {verdict}.", dice=dice, total=total, success=ok)]
            state.test = None
            if ok:
                state.task_deck.discard(task.id)
                steps: list[dict[str, Any]] = [{"op": "reward", "seat": seat, "what": w, "space": test.space}
                                               for w in task.success]
                steps += [{"op": "reward", "seat": seat, "what": "rep"}] * R.power(state, seat, "rep_on_success")
                steps += [{"op": "reward", "seat": seat, "what": "credit"}] * R.power(state, seat,
                                                                                      "credit_on_success")
            else:
                state.players[seat].set_aside.append(task.id)
                steps = [{"op": "penalty", "seat": seat, "what": task.failure}]
            state.queue[:0] = steps
            return events
        # a fight
        a, d = test.actor, test.defender
        rolls = {a: state.rng.roll(2, 6), d: state.rng.roll(2, 6)}
        totals = {}
        for me, other in ((a, d), (d, a)):
            totals[me] = (sum(rolls[me]) + R.fight_modifier(state, me, test.skill, test.space, other)
                          + 2 * test.plus.get(me, 0) - 2 * test.minus.get(me, 0))
        state.last_roll = {"kind": "attack", "attacker": a, "defender": d, "dice": rolls, "totals": totals,
                           "skill": test.skill}
        state.test = None
        text = (f"Fight ({test.skill}): {a} {rolls[a][0]}+{rolls[a][1]} -> {totals[a]}, "
                f"{d} {rolls[d][0]}+{rolls[d][1]} -> {totals[d]}")
        winner = ""
        if totals[a] > totals[d]:
            winner = a
        elif totals[d] > totals[a]:
            winner = d
        else:
            tie_breakers = [s for s in (a, d) if R.has(state, s, "wins_ties")]
            if len(tie_breakers) == 1:
                winner = tie_breakers[0]
        if not winner:
            return [public("fight", text + ": a tie, nothing happens.")]
        loser = d if winner == a else a
        events = [public("fight", text + f": {winner} wins.", winner=winner)]
        from .story import interrupted_by_fight
        events += interrupted_by_fight(state, loser)
        front: list[dict[str, Any]] = [{"op": "fight_wound", "seat": loser}]
        if winner == a:
            front.insert(0, {"op": "ip", "seat": a, "count": 1})
        state.queue[:0] = front
        return events

    def _story_roll(self, state: GamedecState, test: Any) -> list[Event]:
        from . import story as ST
        seat = test.actor
        dl = ST.story_dl(test.card)
        dice = [3, 4] if test.take_seven else state.rng.roll(2, 6)
        mod = ST.story_modifier(state, seat, test.card, test.space)
        cards = 2 * test.plus.get(seat, 0) - 2 * test.minus.get(seat, 0)
        total = sum(dice) + mod + cards
        lag_fail = (not state.options.get("less_randomness") and R.lag_on(state, test.space)
                    and not R.has(state, seat, "ignore_lags") and 1 in dice and not test.take_seven)
        ok = total >= dl and not lag_fail
        state.last_roll = {"kind": "story", "seat": seat, "card": test.card, "dice": dice, "modifier": mod,
                           "cards": cards, "total": total, "dl": dl, "success": ok, "lag_fail": lag_fail}
        state.test = None
        events = [public("roll", f"{R.name(state, seat)} rolls {dice[0]}+{dice[1]} {mod:+d} (cards {cards:+d}) = "
                                 f"{total} vs {dl}: {'success' if ok else 'failure'}.", dice=dice, success=ok)]
        return events + ST.resolve(state, seat, test.card, ok)

    @handles("fight_wound")
    def fight_wound(self, state: GamedecState, step: Step, ctx: None) -> list[Event]:
        """RB: the loser "receives a Wound of a type chosen by himself ... he cannot choose a Wound that he
        already has"."""
        p = state.players[step.seat]
        missing = [k for k in ("bio", "neuro") if not getattr(p, k)]
        if not missing:
            return [public("wound", f"{R.name(state, step.seat)} already has both Wounds; nothing happens.")]
        if len(missing) == 1:
            if step.flag != "asked" and _mind_first(state, step.seat, missing[0]):
                state.queue.insert(0, {"op": "fight_wound", "seat": step.seat, "flag": "asked"})
                return []
            return R.wound(state, step.seat, missing[0])
        state.decisions.push(step.seat, "wound", "You lost the fight: choose your Wound.")
        return []

    @handles("ip")
    def ip(self, state: GamedecState, step: Step, ctx: None) -> list[Event]:
        return R.gain_ip(state, step.seat, step.count or 1)

    @handles("reward")
    def reward(self, state: GamedecState, step: Step, ctx: None) -> list[Event]:
        seat, what = step.seat, step.what
        p = state.players[seat]
        if what == "clue":
            if step.space == REALIUM:
                return R.gain_ip(state, seat)
            if step.space in p.clues:
                return [public("clue", f"{R.name(state, seat)} already has a Clue in {NAMES[step.space]}.")]
            p.clues.append(step.space)
            events = [public("clue", f"{R.name(state, seat)} places a Clue in {NAMES[step.space]}.",
                             seat=seat, space=step.space)]
            if R.clue_gives_ip(state, seat):
                events += R.gain_ip(state, seat)
            else:
                events.append(public("clue", "Investigation Points 7-9 cannot be gained with Clues."))
            return events
        if what == "ip":
            return R.gain_ip(state, seat)
        if what == "skill":
            state.queue.insert(0, {"op": "choose_skill", "seat": seat})
            return []
        if what == "equipment":
            state.queue.insert(0, {"op": "equip_pick", "seat": seat})
            return []
        if what == "credit":
            p.credits += 1
            return [public("credit", f"{R.name(state, seat)} takes 1 Credit ({p.credits}).", seat=seat)]
        if what == "rep":
            return R.change_rep(state, seat, +1)
        raise ValueError(what)

    @handles("penalty")
    def penalty(self, state: GamedecState, step: Step, ctx: None) -> list[Event]:
        seat, what = step.seat, step.what
        if what == "rep_loss":
            return R.change_rep(state, seat, -1)
        if what in ("bio", "neuro"):
            if step.flag != "asked" and _mind_first(state, seat, what):
                state.queue.insert(0, {"op": "penalty", "seat": seat, "what": what, "flag": "asked"})
                return []
            return R.wound(state, seat, what)
        if what == "offend":
            free = R.free_corps(state, seat)
            if not free:
                return [public("offend", f"{R.name(state, seat)} already has Obligations everywhere.")]
            if len(free) == 1:
                state.players[seat].obligations.append(free[0])
                return [public("offend", f"{R.name(state, seat)} offends {NAMES[free[0]]} (Obligation).")]
            state.decisions.push(seat, "corp", "Failure: choose the Corporation you offend (an Obligation).",
                                 why="offend")
            return []
        raise ValueError(what)

    @handles("choose_skill")
    def choose_skill(self, state: GamedecState, step: Step, ctx: None) -> list[Event]:
        p = state.players[step.seat]
        missing = [s for s in load_pack().skills if s not in p.skills]
        if not missing:
            return [public("skill", f"{R.name(state, step.seat)} already has all eight Skills.")]
        if len(missing) == 1:
            p.skills.append(missing[0])
            return [public("skill", f"{R.name(state, step.seat)} gains the Skill {missing[0]}.")]
        state.decisions.push(step.seat, "skill", "Choose a new Skill.")
        return []

    @handles("equip_pick")
    def equip_pick(self, state: GamedecState, step: Step, ctx: None) -> list[Event]:
        piles = equipment_piles(state)
        if not piles:
            return [public("equipment", "No Equipment card is left to take.")]
        if len(piles) == 1:
            return R.take_equipment(state, step.seat, piles[0])
        state.decisions.push(step.seat, "pile", "Take an Equipment card: from the deck or the face-up pile?")
        return []

    # --- Terror ---------------------------------------------------------------------------------

    @handles("terror")
    def terror(self, state: GamedecState, step: Step, ctx: None) -> list[Event]:
        if not state.terror_deck:
            return [public("terror", "The Terror deck is empty.")]
        card = load_pack().terror[state.terror_deck.pop()]
        state.terror_revealed.append(card.id)
        state.queue[:0] = [e.model_dump() for e in card.effects]
        return [public("terror", f"Terror: {card.name}. {card.text}", card=card.id)]

    @handles("add_lags")
    def add_lags(self, state: GamedecState, step: Step, ctx: None) -> list[Event]:
        free = [w for w in WORLDS if w not in state.lags]
        chosen = free if step.count >= len(free) else state.rng.shuffled(free)[:step.count]
        state.lags += chosen
        return [public("lags", "Lags appear in " + (", ".join(NAMES[w] for w in chosen) or "no world") + ".")]

    @handles("lasting")
    def lasting(self, state: GamedecState, step: Step, ctx: None) -> list[Event]:
        if step.flag not in state.flags:
            state.flags.append(step.flag)
        return []

    @handles("player_lags")
    def player_lags(self, state: GamedecState, step: Step, ctx: None) -> list[Event]:
        for seat, p in state.players.items():
            if not p.finished and not R.has(state, seat, "ignore_lags"):
                p.lag = True
        return []

    @handles("rep_all")
    def rep_all(self, state: GamedecState, step: Step, ctx: None) -> list[Event]:
        events: list[Event] = []
        for seat, p in state.players.items():
            if not p.finished:
                events += R.change_rep(state, seat, step.count)
        return events

    @handles("credits_all")
    def credits_all(self, state: GamedecState, step: Step, ctx: None) -> list[Event]:
        for p in state.players.values():
            p.credits = max(0, p.credits + step.count)
        return []

    @handles("wound_all")
    def wound_all(self, state: GamedecState, step: Step, ctx: None) -> list[Event]:
        events: list[Event] = []
        for seat, p in state.players.items():
            if not p.finished:
                events += R.wound(state, seat, step.kind)
        return events


def _mind_first(state: GamedecState, seat: str, kind: str) -> bool:
    """Digital Mind (a started Scenario: public) may be used "just before receiving a wound from another
    source" (FAQ): its holder is asked first when the coming Wound is one he could take for Reputation."""
    p = state.players[seat]
    if not R.power(state, seat, "rep_for_wound") or getattr(p, kind) or p.rep >= R.detective(state, seat).rep_max:
        return False
    state.decisions.push(seat, "mind", f"A {kind.capitalize()} Wound is coming: use Digital Mind first "
                                       "(take it for Reputation +1)?")
    return True


def equipment_piles(state: GamedecState) -> list[str]:
    piles = []
    if state.equip_deck or len(state.equip_faceup) > 1:
        piles.append("deck")
    if state.equip_faceup:
        piles.append("faceup")
    return piles

