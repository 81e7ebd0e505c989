"""A tiny game that exercises the core machinery, for tests of the core and the table.

"High card": each round every player secretly commits a number from 1 to 3 (a secret simultaneous
choice). The unique highest number scores that many points; ties score nothing. Then the round's
leader decides whether the next round is doubled (a pending decision), and the others may object
in a reaction window (an objection cancels the doubling). First to ``target`` points wins; after
``max_rounds`` the game is a draw.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict

from engine.core import (
    Event,
    Game,
    GameMeta,
    GameState,
    Intent,
    Prompt,
    ReactionWindow,
    SecretChoice,
    next_seat,
    private,
    public,
)


class ToyOptions(BaseModel):
    model_config = ConfigDict(extra="forbid")
    target: int = 5
    max_rounds: int = 20


class ToyState(GameState):
    scores: dict[str, int]
    round: int = 1
    leader: str
    doubled: bool = False
    choice: SecretChoice | None = None
    objection: ReactionWindow | None = None


class ToyGame(Game[ToyState]):
    meta = GameMeta(id="toy", title="High Card", min_seats=2, max_seats=5, options=ToyOptions,
                    summary="Pick 1-3 in secret; the unique highest scores.", rules="Pick a number.")
    state_type = ToyState
    intent_kinds = frozenset({"pick", "double", "keep", "object", "pass"})

    def _setup(self, seats: list[str], seed: int, options: Any) -> ToyState:
        rng = self.new_rng(seed)
        leader = rng.choice(seats)
        state = ToyState(game="toy", seats=seats, rng=rng, options=options.model_dump(),
                         scores={s: 0 for s in seats}, leader=leader)
        state.choice = SecretChoice(kind="pick", seats=list(seats))
        return state

    def prompts(self, state: ToyState) -> list[Prompt]:
        if state.result is not None:
            return []
        top = state.decisions.top()
        if top is not None:
            return [Prompt(top.seat, top.kind, top.text, Intent.of("keep"))]
        if state.objection is not None:
            return [Prompt(s, "object", "Object to doubling?", Intent.of("pass"), simultaneous=True, pace="quick")
                    for s in state.objection.open_seats()]
        assert state.choice is not None
        return [Prompt(s, "pick", "Pick 1, 2 or 3 in secret.", Intent.of("pick", n=1), simultaneous=True)
                for s in state.choice.waiting()]

    def legal(self, state: ToyState, seat: str) -> list[Intent]:
        if state.result is not None or seat not in state.seats:
            return []
        top = state.decisions.top()
        if top is not None:
            return [Intent.of("double"), Intent.of("keep")] if top.seat == seat else []
        if state.objection is not None:
            return [Intent.of("object"), Intent.of("pass")] if seat in state.objection.open_seats() else []
        assert state.choice is not None
        if seat in state.choice.waiting():
            return [Intent.of("pick", n=n) for n in (1, 2, 3)]
        return []

    def _apply(self, state: ToyState, seat: str, intent: Intent) -> list[Event]:
        if intent.kind == "pick":
            assert state.choice is not None
            state.choice.commit(seat, intent.key())
            events: list[Event] = [public("picked", f"{seat} has chosen."),
                                   private(seat, "your_pick", f"You picked {intent.num('n')}.")]
            if state.choice.complete:
                events += self._score(state)
            return events
        if intent.kind in ("double", "keep"):
            state.decisions.pop()
            if intent.kind == "double":
                others = [s for s in state.seats if s != seat]
                state.objection = ReactionWindow(kind="object", seats=others)
                return [public("double", f"{seat} proposes to double the next round.")]
            return [public("keep", f"{seat} keeps the next round normal.")]
        assert state.objection is not None
        state.objection.answer(seat, intent.key())
        if not state.objection.closed:
            return []
        objected = any(k == "object" for _, k in state.objection.in_order())
        state.objection = None
        state.doubled = not objected
        return [public("objection", "The doubling was refused." if objected else "The next round is doubled.")]

    def _score(self, state: ToyState) -> list[Event]:
        assert state.choice is not None
        picks = {s: Intent.parse(k).num("n") for s, k in state.choice.reveal().items()}
        events: list[Event] = [public("reveal", "Revealed: " + ", ".join(f"{s}={n}" for s, n in picks.items()))]
        best = max(picks.values())
        top = [s for s, n in picks.items() if n == best]
        if len(top) == 1:
            state.scores[top[0]] += best * (2 if state.doubled else 1)
        state.doubled = False
        target, max_rounds = state.options["target"], state.options["max_rounds"]
        winners = [s for s, v in state.scores.items() if v >= target]
        if winners:
            events.append(self.finish(state, winners, f"reached {target} points"))
            return events
        if state.round >= max_rounds:
            events.append(self.finish(state, [], "no one reached the target", draw=True))
            return events
        state.round += 1
        state.leader = next_seat(state.seats, state.leader)
        state.choice = SecretChoice(kind="pick", seats=list(state.seats))
        state.decisions.push(state.leader, "double", "Double the next round?")
        return events

    def view(self, state: ToyState, seat: str | None) -> dict[str, Any]:
        assert state.choice is not None
        return {
            "round": state.round,
            "scores": dict(state.scores),
            "leader": state.leader,
            "doubled": state.doubled,
            "choosing": state.choice.progress(),
            "my_pick": state.choice.own(seat),
            "awaiting": self.awaiting(state),
            "result": state.result.model_dump() if state.result else None,
        }

    def describe(self, state: ToyState, intent: Intent) -> str:
        return {"pick": f"Pick {intent.get('n')}", "double": "Double", "keep": "Keep",
                "object": "Object", "pass": "Pass"}[intent.kind]


TOY = ToyGame()
