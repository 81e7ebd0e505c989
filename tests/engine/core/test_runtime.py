"""The runtime: steps and the procedure, waiting frames, actions, menus in parts."""

from __future__ import annotations

from typing import Annotated, Any, Literal

import pytest
from pydantic import BaseModel, Field

from engine.core import Event, GameMeta, IllegalIntent, Intent, NotYourTurn, public
from engine.core.actions import Action
from engine.core.flow import ProcedureStuck, Step, later, now, skip_until
from engine.core.flowgame import FlowGame, FlowState, TableView
from engine.core.rules import NoPayload, Rules


class Opts(BaseModel):
    open_window: bool = False


class AskStep(Step):
    op: Literal["ask"] = "ask"
    choices: int = 2
    always: bool = False


class PickStep(Step):
    op: Literal["pick"] = "pick"


class TurnStep(Step):
    op: Literal["turn"] = "turn"


class WindowStep(Step):
    op: Literal["window"] = "window"


class LoopStep(Step):
    op: Literal["loop"] = "loop"


AnyStep = Annotated[AskStep | PickStep | TurnStep | WindowStep | LoopStep, Field(discriminator="op")]


class St(FlowState):
    steps: list[AnyStep] = Field(default_factory=list)
    opts: Opts
    got: list[str] = Field(default_factory=list)
    coins: int = 3


R: Rules[St] = Rules()


@R.step("ask")
def _ask(state: St, step: AskStep) -> list[Event]:
    offer = [(Intent.of("color", c=c), f"Colour {c}") for c in ["red", "blue", "green"][: step.choices]]
    return R.ask(state, state.seats[0], "color", "Which colour?", offer, always=step.always)


@R.answers("color")
def _color(state: St, seat: str, intent: Intent, payload: NoPayload) -> list[Event]:
    state.got.append(intent.word("c"))
    return [public("color", f"{seat} chose {intent.word('c')}")]


@R.step("pick")
def _pick(state: St, step: PickStep) -> list[Event]:
    offer = [(Intent.of(f"c{i}"), f"Card {i}") for i in range(1, 5)]
    return R.choose_many(state, state.seats[1], "keep", "Keep two cards", offer, least=2, most=2)


@R.answers("keep")
def _kept(state: St, seat: str, intent: Intent, payload: NoPayload) -> list[Event]:
    state.got += intent.word("pick").split("+")
    return []


@R.step("turn")
def _turn(state: St, step: TurnStep) -> list[Event]:
    state.turn.begin(state.seats[0])
    R.turn(state, state.seats[0], "turn", "Your turn", ["spend", "end"], default=Intent.of("end"))
    return []


@R.action
class Spend(Action[St]):
    kind = "spend"

    def options(self, state: St, seat: str) -> list[Intent]:
        return [Intent.of("spend", n=n) for n in range(1, state.coins + 1)]

    def refusal(self, state: St, seat: str, intent: Intent) -> str | None:
        n = intent.get("n")
        if isinstance(n, int) and n > state.coins:
            return f"You have only {state.coins} coins."
        return None

    def apply(self, state: St, seat: str, intent: Intent) -> list[Event]:
        state.coins -= intent.num("n")
        state.turn.use("spend")
        return []

    def label(self, state: St, intent: Intent) -> str:
        return f"Spend {intent.num('n')}"


@R.action
class End(Action[St]):
    kind = "end"
    family = "end"

    def options(self, state: St, seat: str) -> list[Intent]:
        return [Intent.of("end")]

    def apply(self, state: St, seat: str, intent: Intent) -> list[Event]:
        R.end_turn(state)
        return []


@R.step("window")
def _window(state: St, step: WindowStep) -> list[Event]:
    react = {s: [(Intent.of("react"), "React")] for s in state.seats}
    return R.window(state, state.seats, "win", "React?", react, open_=state.opts.open_window)


@R.answers("win")
def _declared(state: St, seat: str, intent: Intent, payload: NoPayload) -> list[Event]:
    state.got.append(f"declared:{seat}")
    return [public("react", f"{seat} reacts")]


@R.closed("win")
def _closed(state: St, answers: list[tuple[str, Intent]], payload: NoPayload) -> list[Event]:
    state.got.append("closed:" + ",".join(f"{s}={i.key()}" for s, i in answers))
    return []


@R.step("loop")
def _loop(state: St, step: LoopStep) -> list[Event]:
    state.now(LoopStep())
    return []


class View(TableView):
    got: list[str]


class RuntimeGame(FlowGame[St]):
    meta = GameMeta(id="runtime_test", title="Runtime test", min_seats=2, max_seats=3, options=Opts)
    state_type = St
    rules = R

    def _setup(self, seats: list[str], seed: int, options: Any) -> St:
        return St(game="runtime_test", seats=seats, rng=self.new_rng(seed), opts=options)

    def with_steps(self, *steps: Step, **options: Any) -> St:
        state = self.setup(["ann", "bo", "cy"], 1, options)
        state.later(*steps)
        return self.start(state)

    def view_model(self, state: St, seat: str | None) -> View:
        return View(**self.table_view(state, seat), got=state.got)


G = RuntimeGame()


def test_queue_helpers() -> None:
    steps: list[Any] = [AskStep(), PickStep()]
    now(steps, TurnStep(), WindowStep())
    assert [s.op for s in steps] == ["turn", "window", "ask", "pick"]
    later(steps, LoopStep())
    assert skip_until(steps, "pick") == 3 and [s.op for s in steps] == ["pick", "loop"]
    assert skip_until(steps, "nothing") == 2 and steps == []


def test_a_question_with_one_answer_is_never_asked() -> None:
    state = G.with_steps(AskStep(choices=1), AskStep(choices=2))
    assert state.got == ["red"]
    assert [p.seat for p in G.prompts(state)] == ["ann"]
    assert G.legal(state, "ann") == [Intent.of("color", c="red"), Intent.of("color", c="blue")]
    assert G.describe(state, Intent.of("color", c="blue")) == "Colour blue"


def test_a_question_asked_always_waits_even_with_one_answer() -> None:
    """Where whether there is a choice depends on a hand, answering for the seat would tell the others by
    the timing of the prompt: ``always`` asks anyway."""
    state = G.with_steps(AskStep(choices=1, always=True))
    assert state.got == [] and [p.seat for p in G.prompts(state)] == ["ann"]
    assert G.legal(state, "ann") == [Intent.of("color", c="red")]
    state, _ = G.apply(state, "ann", Intent.of("color", c="red"))
    assert state.got == ["red"]


def test_ask_refusal_names_the_choices_and_changes_nothing() -> None:
    state = G.with_steps(AskStep(choices=2))
    before = G.dump(state)
    with pytest.raises(IllegalIntent, match="not offered. You can: Colour red or Colour blue"):
        G.apply(state, "ann", Intent.of("color", c="green"))
    with pytest.raises(NotYourTurn):
        G.apply(state, "bo", Intent.of("color", c="red"))
    assert G.dump(state) == before
    state, events = G.apply(state, "ann", Intent.of("color", c="blue"))
    assert state.got == ["blue"] and state.log[-1] == "ann chose blue"


def test_choose_many() -> None:
    state = G.with_steps(PickStep())
    assert len(G.legal(state, "bo")) == 6  # 4 choose 2
    assert "Choose 2, not 3" in (G.why_not(state, "bo", Intent.of("choose", pick="c1+c2+c3")) or "")
    assert "not on offer" in (G.why_not(state, "bo", Intent.of("choose", pick="c1+c9")) or "")
    state, _ = G.apply(state, "bo", Intent.of("choose", pick="c2+c4"))
    assert state.got == ["c2", "c4"] and not G.prompts(state)


def test_turn_actions_refuse_with_their_own_reason_and_end_the_turn() -> None:
    state = G.with_steps(TurnStep(), AskStep())
    assert G.why_not(state, "ann", Intent.of("spend", n=5)) == (
        "You have only 3 coins. You can: Spend 1, Spend 2, Spend 3 or End."
    )
    assert "Nobody asks you for that now" in (G.why_not(state, "ann", Intent.of("fly")) or "")
    state, _ = G.apply(state, "ann", Intent.of("spend", n=2))
    assert state.coins == 1 and state.turn.used("spend") == 1 and G.prompts(state)[0].kind == "turn"
    state, _ = G.apply(state, "ann", Intent.of("end"))
    assert G.prompts(state)[0].kind == "color"  # the procedure went on after the turn


def test_sealed_window_handles_answers_together_at_close() -> None:
    state = G.with_steps(WindowStep())
    assert all(p.simultaneous for p in G.prompts(state))
    for seat, key in [("bo", "react"), ("ann", "pass"), ("cy", "pass")]:
        state, _ = G.apply(state, seat, Intent.parse(key))
    assert state.got == ["closed:ann=pass,bo=react,cy=pass"]


def test_open_window_declarations_take_effect_and_reopen_for_those_who_passed() -> None:
    state = G.with_steps(WindowStep(), open_window=True)
    assert not any(p.simultaneous for p in G.prompts(state))
    state, _ = G.apply(state, "ann", Intent.of("pass"))
    state, events = G.apply(state, "bo", Intent.of("react"))
    assert state.got == ["declared:bo"] and [e.text for e in events] == ["bo reacts"]
    assert sorted(p.seat for p in G.prompts(state)) == ["ann", "bo", "cy"]  # ann may answer again
    for seat in ["ann", "bo", "cy"]:
        state, _ = G.apply(state, seat, Intent.of("pass"))
    assert state.got[-1] == "closed:ann=pass,bo=pass,cy=pass"


def test_refs_are_unique_per_decision() -> None:
    state = G.with_steps(AskStep(), AskStep())
    first = G.prompts(state)[0].ref
    state, _ = G.apply(state, "ann", Intent.of("color", c="red"))
    assert G.prompts(state)[0].ref != first


def test_a_procedure_that_never_waits_is_a_bug() -> None:
    with pytest.raises(ProcedureStuck):
        G.with_steps(LoopStep())


def test_menus_in_parts() -> None:
    state = G.with_steps(TurnStep())
    top = G.choices(state, "ann", "")
    assert [(c.key, c.complete) for c in top] == [("spend", False), ("end", True)]
    spend = G.choices(state, "ann", "spend")
    assert [(c.key, c.label, c.complete) for c in spend] == [
        ("spend:n=1", "Spend 1", True),
        ("spend:n=2", "Spend 2", True),
        ("spend:n=3", "Spend 3", True),
    ]


def test_view_carries_the_table_fields() -> None:
    state = G.with_steps(AskStep())
    view = G.view(state, None)
    assert view["awaiting"] == ["ann"] and view["got"] == [] and view["result"] is None


class DraftStep(Step):
    op: Literal["draft"] = "draft"


def test_a_secret_choice_in_two_parts_is_a_private_draft() -> None:
    from engine.core.rules import Rules as _Rules

    rules: _Rules[St] = _Rules()
    revealed: list[dict[str, str]] = []

    @rules.revealed("sector")
    def _reveal(state: St, choices: dict[str, Intent], payload: NoPayload) -> list[Event]:
        revealed.append({s: i.key() for s, i in choices.items()})
        return []

    class Drafting(RuntimeGame):
        pass

    Drafting.rules = rules
    game = Drafting()
    state = game.setup(["ann", "bo"], 1)
    own = [(Intent.of("sector", own=f"s{n}"), f"Sector {n}") for n in (1, 2)]
    acc = [(Intent.of("sector", acc=f"s{n}"), f"Accomplice to sector {n}") for n in (1, 2)]
    rules.secret(
        state,
        ["ann", "bo"],
        "sector",
        "Choose a sector",
        {"ann": own, "bo": own},
        more={"ann": [("Now the Accomplice's sector", acc)]},
    )
    first = {p.seat: p.ref for p in game.prompts(state)}
    state, events = game.apply(state, "ann", Intent.of("sector", own="s2"))
    assert all(e.audience == frozenset({"ann"}) for e in events)  # the first part tells nobody else anything
    second = {p.seat: p for p in game.prompts(state)}
    assert second["ann"].ref != first["ann"] and second["ann"].text == "Now the Accomplice's sector"
    assert game.view(state, "bo")["my_choice"] is None and game.view(state, None)["choosing"]["count"] == 0
    assert game.legal(state, "ann") == [Intent.of("sector", acc="s1"), Intent.of("sector", acc="s2")]
    state, _ = game.apply(state, "ann", Intent.of("sector", acc="s1"))
    state, _ = game.apply(state, "bo", Intent.of("sector", own="s1"))
    assert revealed == [{"ann": "sector:own=s2,acc=s1", "bo": "sector:own=s1"}]


def test_an_action_answering_two_kinds_lists_them_in_its_own_order() -> None:
    """``Action.also``: one action offers two intent kinds interleaved (each pawn: go there, or stay out), a
    turn offering it takes both, and an intent of the other kind is refused by the action's own check."""
    from engine.core.actions import ActionSet
    from engine.core.waiting import TurnFrame

    class Go(Action[Any]):
        kind = "go"
        also = ("stay",)

        def options(self, state: Any, seat: str) -> list[Intent]:
            return [Intent.of("go", pawn="a"), Intent.of("stay", pawn="a"), Intent.of("go", pawn="b")]

        def apply(self, state: Any, seat: str, intent: Intent) -> list[Event]:
            return [public(intent.kind, intent.key())]

    class Rules2:
        actions: ActionSet[Any] = ActionSet()

    Rules2.actions.add(Go())
    with pytest.raises(ValueError):
        Rules2.actions.add(Go())
    assert len(Rules2.actions.all()) == 1 and Rules2.actions.offers(["go"], "stay")
    frame = TurnFrame(topic="move", seat="ann", actions=["go"], default="stay:pawn=a")
    rules: Any = Rules2()
    assert [i.key() for i in frame.legal(rules, None, "ann")] == ["go:pawn=a", "stay:pawn=a", "go:pawn=b"]
    assert frame.why_not(rules, None, "ann", Intent.of("stay", pawn="a")) is None
    assert "not possible" in (frame.why_not(rules, None, "ann", Intent.of("stay", pawn="b")) or "")
    assert frame.accept(rules, None, "ann", Intent.of("stay", pawn="a"))[0].kind == "stay"
