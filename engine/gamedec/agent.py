"""A heuristic Gamedec agent: goes where its Tasks are likely to succeed and pay, performs Commissions,
takes Corporate Aid when it helps, assists when it pays and sabotages a detective about to win."""

from __future__ import annotations

import random
from typing import Any

from engine.core import Intent
from engine.core.agents import SampledAgent
from engine.core.kits.ledger import TWO_D6, opposed_chance
from engine.core.search import SearchAgent, margin

from . import modifiers as M
from . import rules as R
from .board import AID, REALIUM, SPACES, WORLDS, is_corp
from .pack import Task, load_pack
from .state import GamedecState
from .story import PUPPET, story_dl, story_modifier

REWARD_VALUE = {"ip": 1.0, "skill": 0.4, "equipment": 0.35, "credit": 0.25, "rep": 0.25}
FAIL_COST = {"rep_loss": 0.15, "bio": 0.25, "neuro": 0.25, "offend": 0.2}


def _lag_fail(state: GamedecState, seat: str, space: str) -> bool:
    return M.natural_one_fails(state, seat, space)


def task_chance(state: GamedecState, seat: str, task: Task, space: str, extra: int = 0) -> float:
    mod = M.task_modifier(state, seat, task, space) + extra
    return float(M.success_chance(mod, task.dl, _lag_fail(state, seat, space)))


def task_value(state: GamedecState, seat: str, task: Task, space: str) -> float:
    p = state.players[seat]
    gain = 0.0
    for r in task.success:
        if r == "clue":
            if space == REALIUM:
                gain += 1.0
            elif space not in p.clues:
                gain += 1.0 if R.clue_gives_ip(state, seat) else 0.3
                if space == state.target and state.target_lag:
                    gain += 0.4
        else:
            gain += REWARD_VALUE[r]
    if R.goal(state) - p.ip <= 1 and ("ip" in task.success or space == REALIUM):
        gain += 2.0
    chance = task_chance(state, seat, task, space)
    cost = FAIL_COST[task.failure] - 0.1  # a failed card becomes an Assist card
    return chance * gain - (1 - chance) * cost


UNIVERSAL = frozenset({"discard", "discard_eq", "ability", "story_start", "trade", "trade_call", "offer"})


class HeuristicAgent(SampledAgent):
    name = "heuristic"

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.random = random.Random(seed)

    def pick(self, game: Any, state: GamedecState, seat: str, legal: list[Intent]) -> Intent:
        dec = state.decision()
        if dec is not None and dec.topic in ("mind", "story_offer"):
            return self._story_offer(dec.topic, dec.text, legal)
        if (dec is not None and dec.topic not in ("discard", "discard_eq", "sell")) or (
            dec is None and state.trade is None and state.window is not None
        ):
            # universal actions offered inside other prompts: this agent discards only when it must
            core = [i for i in legal if i.kind not in UNIVERSAL]
            legal = core or legal
        choice = self._by_kinds(state, seat, legal, {i.kind for i in legal})
        if choice is not None:
            return choice
        return game.prompts(state)[0].default if game.prompts(state) else legal[0]

    @staticmethod
    def _story_offer(topic: str, text: str, legal: list[Intent]) -> Intent:
        if topic == "mind":  # the Wound comes anyway: take it for Reputation
            return next(
                (
                    i
                    for i in legal
                    if i.kind == "ability" and i.get("use") == "mind" and str(i.get("type")) in text.lower()
                ),
                legal[0],
            )
        return next((i for i in legal if i.kind == "story_start"), legal[0])

    def _by_kinds(
        self, state: GamedecState, seat: str, legal: list[Intent], kinds: set[str]
    ) -> Intent | None:
        setup = state.waiting.top()
        if "pass" in kinds:
            return self._react(state, seat, legal)
        if (setup is not None and setup.topic == "start_skill") or kinds == {"skill"}:
            return self._skill(state, seat, legal)
        if "end" in kinds:
            return self._turn(state, seat, legal)
        if "accept" in kinds or "take" in kinds:
            return self._trade_answer(state, seat, legal)
        if "give" in kinds or "get" in kinds or "cancel" in kinds:
            return Intent.of("cancel")
        if "decline" in kinds:
            return Intent.of("decline")
        if "send" in kinds:
            return next(i for i in legal if i.kind == "send")
        if kinds <= {"send", "cheat"}:
            return legal[0]
        return self._decision(state, seat, legal, kinds)

    def _decision(
        self, state: GamedecState, seat: str, legal: list[Intent], kinds: set[str]
    ) -> Intent | None:
        pack = load_pack()
        if "discard" in kinds:
            return min(
                (i for i in legal if i.kind == "discard"),
                key=lambda i: self._best_anywhere(state, seat, pack.tasks[i.word("card")]),
            )
        if "discard_eq" in kinds:
            return min(legal, key=lambda i: self._equip_use(state, seat, pack.equipment[i.word("eq")].skill))
        if "seven" in kinds:
            return self._seven(state, seat)
        if "corp" in kinds:
            return next((i for i in legal if i.word("id") != state.threatened), legal[0])
        if "pile" in kinds:
            top = state.equip_faceup[-1] if state.equip_faceup else None
            if top and self._equip_use(state, seat, pack.equipment[top].skill) > 0:
                return next((i for i in legal if i.get("take") == "faceup"), legal[0])
            return next((i for i in legal if i.get("take") == "deck"), legal[0])
        if "stop" in kinds:
            return Intent.of("stop")
        return None

    # --- helpers ------------------------------------------------------------------------------

    def _trade_answer(self, state: GamedecState, seat: str, legal: list[Intent]) -> Intent:
        """Take a trade only when it gains something by a rough value of the goods."""
        t = state.trade
        no = next(i for i in legal if i.kind == "decline")
        if t is None:
            return no

        def value(item: str) -> float:
            if item in ("", "none"):
                return 0.0
            if item in ("c1", "c2"):
                return float(item[1])
            if item in load_pack().equipment:
                eq = load_pack().equipment[item]
                return 1.0 + 0.3 * self._equip_use(state, seat, eq.skill)
            return 0.6  # a Task card

        best, gain = no, 0.2
        for i in legal:
            card = i.get("card")
            if i.kind == "accept":  # I am the partner: I receive t.give and give t.get
                g = value(t.give) - value(str(card) if card else t.get)
            elif i.kind == "take":
                offered, asked = t.offers[i.word("src")]
                g = value(offered) - value(str(card) if card else asked)
            else:
                continue
            if card and isinstance(card, str):
                g -= 0.1 * self._best_anywhere(state, seat, load_pack().tasks[card])
            if g > gain:
                best, gain = i, g
        return best

    def _equip_use(self, state: GamedecState, seat: str, skill: str) -> int:
        pack = load_pack()
        return sum(1 for c in state.players[seat].hand if skill in pack.tasks[c].skills)

    def _best_anywhere(self, state: GamedecState, seat: str, task: Task) -> float:
        spaces = [task.world] if task.world in WORLDS or task.world == REALIUM else [REALIUM, *WORLDS]
        return max(task_value(state, seat, task, s) for s in spaces)

    def _skill(self, state: GamedecState, seat: str, legal: list[Intent]) -> Intent:
        d = R.detective(state, seat)
        pack = load_pack()
        hand = state.players[seat].hand

        def score(i: Intent) -> float:
            s = i.word("id")
            return d.skills[s] + 0.6 * sum(1 for c in hand if s in pack.tasks[c].skills)

        return max(legal, key=score)

    def _seven(self, state: GamedecState, seat: str) -> Intent:
        test = state.test
        assert test is not None
        task = load_pack().tasks[test.card]
        mod = (
            M.task_modifier(state, seat, task, test.space)
            + 2 * test.plus.get(seat, 0)
            - 2 * test.minus.get(seat, 0)
        )
        roll_chance = M.success_chance(mod, task.dl, _lag_fail(state, seat, test.space))
        return Intent.of("seven") if 7 + mod >= task.dl and roll_chance < 1 else Intent.of("roll")

    def _react(self, state: GamedecState, seat: str, legal: list[Intent]) -> Intent:
        test = state.test
        p = state.players[seat]
        if test is None or not p.set_aside:
            return Intent.of("pass")
        options = {i.key(): i for i in legal}
        if test.kind == "task":
            task = load_pack().tasks[test.card]
            actor = test.actor
            cards = 2 * test.plus.get(actor, 0) - 2 * test.minus.get(actor, 0)
            chance = task_chance(state, actor, task, test.space, cards)
            if actor == seat:
                better = task_chance(state, actor, task, test.space, cards + 2)
                if better - chance >= 0.2:
                    return options.get(Intent.of("assist", on=seat, n=1).key(), Intent.of("pass"))
                return Intent.of("pass")
            a = state.players[actor]
            threat = a.ip >= R.goal(state) - 2 and ("ip" in task.success or test.space == REALIUM)
            if threat and chance > 0.2:
                n = min(3, len(p.set_aside))
                return options.get(Intent.of("sabotage", on=actor, n=n).key(), Intent.of("pass"))
            d = R.detective(state, seat)
            if (
                p.rep < min(1, d.rep_max)
                and a.ip < p.ip
                and len(p.set_aside) >= 2
                and seat not in test.rewarded
            ):
                return options.get(Intent.of("assist", on=actor, n=1).key(), Intent.of("pass"))
            return Intent.of("pass")
        if seat in (test.actor, test.defender) and not test.plus.get(seat):
            return options.get(Intent.of("assist", on=seat, n=1).key(), Intent.of("pass"))
        return Intent.of("pass")

    def _turn(self, state: GamedecState, seat: str, legal: list[Intent]) -> Intent:
        by_kind: dict[str, list[Intent]] = {}
        for i in legal:
            by_kind.setdefault(i.kind, []).append(i)
        if state.moved:
            here = self._act_here(state, seat, by_kind)
            if here is not None:
                return here
        moves = by_kind.get("move", [])
        if moves:
            return max(
                moves,
                key=lambda i: (
                    self._space_score(state, seat, i.word("to")) + (0.2 if i.get("lose") is None else 0.0)
                ),
            )
        return Intent.of("end")

    def _act_here(self, state: GamedecState, seat: str, by_kind: dict[str, list[Intent]]) -> Intent | None:
        p = state.players[seat]
        for story in ("story_finish", "story_start"):
            if story in by_kind:
                return by_kind[story][0]
        if "story_task" in by_kind and self._story_chance(state, seat) >= 0.25:
            return by_kind["story_task"][0]
        if "commission" in by_kind and self._commission_pays(state, seat):
            com = by_kind["commission"]
            flip = next((i for i in com if i.get("lag") is None), None)
            if flip is not None and state.target_lag:
                return flip
            if not state.target_lag or flip is None:
                return self._pick_lag(state, seat, com)
        if "aid" in by_kind:
            return self._aid(state, seat, by_kind["aid"])
        if "heal" in by_kind:
            return by_kind["heal"][0]
        if "buy_rep" in by_kind and p.rep < 1 and state.credits.of(seat) >= 1:
            return by_kind["buy_rep"][0]
        if "buy_skill" in by_kind:
            return self._skill(state, seat, by_kind["buy_skill"])
        room = len(p.equipment) < R.equipment_limit(state, seat)
        if "buy_equip" in by_kind and state.credits.of(seat) >= 2 and room:
            return by_kind["buy_equip"][0]
        return self._task_or_fight(state, seat, by_kind)

    def _task_or_fight(
        self, state: GamedecState, seat: str, by_kind: dict[str, list[Intent]]
    ) -> Intent | None:
        p = state.players[seat]
        pack = load_pack()
        best, best_v = None, 0.05
        for i in by_kind.get("play", []):
            v = task_value(state, seat, pack.tasks[i.word("card")], p.pos)
            if v > best_v:
                best, best_v = i, v
        attack = self._attack(state, seat, by_kind.get("attack", []))
        if attack is not None and (best is None or best_v < 0.45):
            return attack
        if best is not None:
            return best
        late = not R.clue_gives_ip(state, seat)
        if "draw" in by_kind and (len(p.hand) + len(p.drawn) <= 7 or late):
            return by_kind["draw"][0]
        return None

    def _commission_pays(self, state: GamedecState, seat: str) -> bool:
        """With Variable Starting Player the first Commission ends the round and costs the next turn: worth it
        only for a clear leader (it takes the other detectives' turns away)."""
        if not state.opts.variable_start or state.commission_done:
            return True
        p = state.players[seat]
        lead = all(p.ip > q.ip + 1 for s, q in state.players.items() if s != seat)
        return lead

    def _story_chance(self, state: GamedecState, seat: str) -> float:

        p = state.players[seat]
        ident = PUPPET if PUPPET in p.finales else p.scenario
        mod = story_modifier(state, seat, ident, p.pos)
        return float(M.success_chance(mod, story_dl(ident), _lag_fail(state, seat, p.pos)))

    def _pick_lag(self, state: GamedecState, seat: str, options: list[Intent]) -> Intent:
        pack = load_pack()
        hand = state.players[seat].hand

        def score(i: Intent) -> float:
            lag = i.get("lag")
            return sum(1.0 for c in hand if pack.tasks[c].world == lag) if isinstance(lag, str) else 0.0

        return max(options, key=score)

    def _aid(self, state: GamedecState, seat: str, options: list[Intent]) -> Intent:
        p = state.players[seat]
        corp = p.pos
        heal_kind, cash_kind = AID[corp]
        eq = state.corp_equip.get(corp)
        eq_value = 0.0
        if eq is not None and len(p.equipment) < R.equipment_limit(state, seat):
            eq_value = 0.3 + 0.3 * self._equip_use(state, seat, load_pack().equipment[eq].skill)
        d = R.detective(state, seat)
        cash_value = 0.4 if cash_kind == "credit" else (0.5 if p.rep < d.rep_max else 0.0)
        values = {"heal": 0.9 if getattr(p, heal_kind) else 0.0, "cash": cash_value, "equip": eq_value}
        # an Obligation at the Threatened Corporation risks a Lag token: only worth it for a good haul
        risk = 0.5 if corp == state.threatened and state.target_lag else 0.15
        best = max(options, key=lambda i: sum(values[x] for x in i.word("take").split("+")))
        total = sum(values[x] for x in best.word("take").split("+"))
        if corp in p.obligations or total > risk + 0.3:
            return best
        return Intent.of("end") if state.moves_left == 0 else self._move_from(state, seat)

    def _move_from(self, state: GamedecState, seat: str) -> Intent:

        options = [s for s in SPACES if not R.entry_problem(state, seat, s)]
        return Intent.of("move", to=max(options, key=lambda s: self._space_score(state, seat, s)))

    def _attack(self, state: GamedecState, seat: str, options: list[Intent]) -> Intent | None:
        best, best_c = None, 0.55
        for i in options:
            on, skill = i.word("on"), i.word("skill")
            mine = M.fight_modifier(state, seat, skill, state.players[seat].pos, on)
            theirs = M.fight_modifier(state, on, skill, state.players[seat].pos, seat)
            wins = float(opposed_chance(TWO_D6, mine, theirs)[0])
            if wins > best_c:
                best, best_c = i, wins
        return best

    def _space_score(self, state: GamedecState, seat: str, space: str) -> float:
        p = state.players[seat]
        pack = load_pack()
        score = 0.0
        if not is_corp(space):
            values = sorted(
                (
                    task_value(state, seat, pack.tasks[c], space)
                    for c in p.hand
                    if R.task_playable_here(pack.tasks[c], space)
                ),
                reverse=True,
            )
            score += sum(v for v in values[:2] if v > 0)
        if space == REALIUM:
            if len(p.hand) <= 4 or not R.clue_gives_ip(state, seat):
                score += 0.6
            if p.bio and state.credits.of(seat):
                score += 0.3
        has_clue = state.target in p.clues and state.target_lag
        if has_clue and space in (state.target, state.threatened):
            score += 1.2 + (0.3 if state.threatened in p.obligations else 0.0)
        if is_corp(space):
            heal_kind, cash_kind = AID[space]
            if space not in p.obligations:
                score += 0.2 + (0.6 if getattr(p, heal_kind) else 0.0)
                if space == state.threatened and state.target_lag and not has_clue:
                    score -= 0.5
        if space in ("happy_hunting",) or (space == "twisted" and not R.has(state, seat, "twisted_immune")):
            score -= 0.3
        if space == "speed_demons" and state.credits.of(seat) and p.rep < 1:
            score += 0.3
        if space == "paradise_beach" and state.credits.of(seat) and p.neuro:
            score += 0.4
        if space == "deep_past" and state.credits.of(seat) >= 2:
            score += 0.4
        return score + self.random.random() * 0.01


def estimate(state: GamedecState, seat: str) -> float:
    """How well ``seat`` stands in [0, 1] (for the search agent's playouts stopped short of the end): its
    score against the best other seat's."""
    scores = {s: float(state.players[s].ip + state.players[s].rep / 4) for s in sorted(state.players)}
    return margin(scores.pop(seat, 0.0), list(scores.values()), 2.0)


def search_agent(seed: int = 0) -> SearchAgent:
    """The search agent of this game: playouts by the heuristic agent, judged by :func:`estimate`."""
    return SearchAgent(seed, HeuristicAgent, estimate)
