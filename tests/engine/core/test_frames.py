"""The runtime's frames as a game with a long turn uses them: asides, a turn whose actions queue steps, window
reactions read from the state, the notices of sealed frames, open each-frames with follow-ups, refs."""

from __future__ import annotations

import re
from typing import Annotated, Any, Literal

import pytest
from pydantic import Field

from engine.core import Event, GameMeta, IllegalIntent, Intent, NoOptions, public
from engine.core.actions import Action
from engine.core.flow import Step
from engine.core.flowgame import FlowGame, FlowState, TableView
from engine.core.rules import NoPayload, Rules

REF = re.compile(r"^[A-Za-z0-9:.\-]{1,16}$")
"""The conformance suite's ref pattern."""


class TurnStep(Step):
    op: Literal["turn"] = "turn"


class EffectStep(Step):
    op: Literal["effect"] = "effect"
    n: int = 0


class AskStep(Step):
    op: Literal["ask"] = "ask"


class OffersStep(Step):
    op: Literal["offers"] = "offers"


AnyStep = Annotated[TurnStep | EffectStep | AskStep | OffersStep, Field(discriminator="op")]


class St(FlowState):
    steps: list[AnyStep] = Field(default_factory=list)
    opts: NoOptions = Field(default_factory=NoOptions)
    cards: dict[str, list[str]] = Field(default_factory=dict)
    got: list[str] = Field(default_factory=list)


R: Rules[St] = Rules()


@R.step("turn")
def _turn(state: St, step: TurnStep) -> list[Event]:
    R.turn(
        state,
        "ann",
        "long_turn",
        "Your turn",
        ["draw", "end"],
        default=Intent.of("end"),
        waits_for=["turn", "ask"],
    )
    return []


@R.step("effect")
def _effect(state: St, step: EffectStep) -> list[Event]:
    state.got.append(f"effect{step.n}")
    return []


@R.step("ask")
def _ask(state: St, step: AskStep) -> list[Event]:
    return R.ask(state, "bo", "only_one", "Take it?", [(Intent.of("take"), "Take")], asides=["discard"])


@R.answers("only_one")
def _took(state: St, seat: str, intent: Intent, payload: NoPayload) -> list[Event]:
    state.got.append("took")
    return []


@R.action
class Draw(Action[St]):
    kind = "draw"

    def options(self, state: St, seat: str) -> list[Intent]:
        return [Intent.of("draw")]

    def apply(self, state: St, seat: str, intent: Intent) -> list[Event]:
        state.now(EffectStep(n=1), EffectStep(n=2))  # a card's effects, run in order while the turn is open
        return [public("draw", f"{seat} draws")]


@R.action
class End(Action[St]):
    kind = "end"

    def options(self, state: St, seat: str) -> list[Intent]:
        return [Intent.of("end")]

    def apply(self, state: St, seat: str, intent: Intent) -> list[Event]:
        R.end_turn(state)
        return []


@R.action
class Discard(Action[St]):
    """Allowed "at any moment": an aside in other frames."""

    kind = "discard"

    def options(self, state: St, seat: str) -> list[Intent]:
        return [Intent.of("discard", card=c) for c in state.cards.get(seat, [])]

    def refusal(self, state: St, seat: str, intent: Intent) -> str | None:
        return "You hold no such card." if intent.get("card") not in state.cards.get(seat, []) else None

    def apply(self, state: St, seat: str, intent: Intent) -> list[Event]:
        state.cards[seat].remove(intent.word("card"))
        return [public("discard", f"{seat} discards")]

    def label(self, state: St, intent: Intent) -> str:
        return f"Discard {intent.word('card')}"


@R.action
class Help(Action[St]):
    """A window reaction read from the state: one per card held."""

    kind = "help"

    def options(self, state: St, seat: str) -> list[Intent]:
        return [Intent.of("help", n=n) for n in range(1, len(state.cards.get(seat, [])) + 1)]

    def apply(self, state: St, seat: str, intent: Intent) -> list[Event]:
        raise AssertionError("a window's answers go to its handlers")

    def label(self, state: St, intent: Intent) -> str:
        return f"Help with {intent.num('n')}"


@R.closed("help")
def _helped(state: St, answers: list[tuple[str, Intent]], payload: NoPayload) -> list[Event]:
    state.got.append(",".join(f"{s}={i.key()}" for s, i in answers))
    return []


@R.step("offers")
def _offers(state: St, step: OffersStep) -> list[Event]:
    give = [(Intent.of("give", what=w), f"Give {w}") for w in ("coin", "card")]
    return R.each(
        state,
        ["bo", "cy"],
        "offer",
        {s: (f"{s}: what do you give?", [(Intent.of("none"), "No offer"), *give]) for s in ("bo", "cy")},
        defaults={"bo": Intent.of("none")},
    )


@R.answers("offer")
def _offered(state: St, seat: str, intent: Intent, payload: NoPayload) -> list[Event]:
    if intent.kind == "give":
        R.follow_up(state, "offer", seat, "And in return?", [(Intent.of("want", what="coin"), "Want a coin")])
    return [public("offer", f"{seat} answers {intent.key()}")]


@R.closed("offer")
def _offers_done(state: St, answers: list[tuple[str, Intent]], payload: NoPayload) -> list[Event]:
    state.got.append(" ".join(f"{s}={i.key()}" for s, i in answers))
    return [public("offers", "offers closed")]


class View(TableView):
    got: list[str]


class FramesGame(FlowGame[St]):
    meta = GameMeta(id="frames_test", title="Frames test", min_seats=3, max_seats=3)
    state_type = St
    rules = R

    def _setup(self, seats: list[str], seed: int, options: Any) -> St:
        return St(
            game="frames_test", seats=seats, rng=self.new_rng(seed), cards={s: ["a", "b"] for s in seats}
        )

    def view_model(self, state: St, seat: str | None) -> View:
        return View(**self.table_view(state, seat), got=state.got)

    def with_steps(self, *steps: Step) -> St:
        state = self.setup(["ann", "bo", "cy"], 1)
        state.later(*steps)
        return self.start(state)


G = FramesGame()


def test_a_turns_actions_run_their_steps_while_it_stays_open_and_each_is_a_new_decision() -> None:
    state = G.with_steps(TurnStep(), AskStep())
    first = G.prompts(state)[0]
    assert first.kind == "long_turn" and REF.match(first.ref)
    state, _ = G.apply(state, "ann", Intent.of("draw"))
    assert state.got == ["effect1", "effect2"]  # the draw's effects ran; the rest of the round (ask) waits
    again = G.prompts(state)[0]
    assert again.kind == "long_turn" and again.ref != first.ref
    state, _ = G.apply(state, "ann", Intent.of("end"))
    assert G.prompts(state)[0].kind == "only_one"


def test_a_turn_without_waits_for_holds_every_step() -> None:
    state = G.setup(["ann", "bo", "cy"], 1)
    R.turn(state, "ann", "plain", "Your turn", ["end"], default=Intent.of("end"))
    state.later(EffectStep(n=7))
    state = G.start(state)
    assert state.got == [] and G.prompts(state)[0].kind == "plain"


def test_asides_leave_the_question_open_and_keep_a_single_answer_asked() -> None:
    """A question with one answer is asked anyway when it offers asides: the seat may discard first."""
    state = G.with_steps(AskStep())
    assert [i.key() for i in G.legal(state, "bo")] == ["take", "discard:card=a", "discard:card=b"]
    ref = G.prompts(state)[0].ref
    assert G.why_not(state, "bo", Intent.of("discard", card="z")) == (
        "You hold no such card. You can: Take, Discard a or Discard b."
    )
    state, events = G.apply(state, "bo", Intent.of("discard", card="a"))
    assert [e.text for e in events] == ["bo discards"] and state.cards["bo"] == ["b"]
    assert G.prompts(state)[0].ref == ref and G.legal(state, "bo")[0] == Intent.of("take")
    assert G.describe(state, Intent.of("discard", card="b")) == "Discard b"
    with pytest.raises(IllegalIntent, match="does not answer what you are asked now: Take it"):
        G.apply(state, "bo", Intent.of("draw"))
    state, _ = G.apply(state, "bo", Intent.of("take"))
    assert state.got == ["took"]


def test_a_pick_with_asides_stays_asked_while_the_seat_discards() -> None:
    """choose_many with asides: even a pick with no real choice waits, so the seat may act meanwhile."""
    state = G.setup(["ann", "bo", "cy"], 1)
    offer = [(Intent.of("x"), "X"), (Intent.of("y"), "Y")]
    R.choose_many(state, "bo", "only_one", "Keep both?", offer, least=2, most=2, asides=["discard"])
    assert G.prompts(state)[0].seat == "bo"
    assert "discard:card=a" in {i.key() for i in G.legal(state, "bo")}
    state, _ = G.apply(state, "bo", Intent.of("discard", card="a"))
    assert G.prompts(state)[0].seat == "bo" and state.cards["bo"] == ["b"]


def test_window_reactions_read_from_the_state_and_its_notices() -> None:
    state = G.setup(["ann", "bo", "cy"], 1)
    R.window(
        state,
        ["ann", "bo", "cy"],
        "help",
        "Help?",
        {},
        actions=["help"],
        asides=["discard"],
        announce="{seat} has answered.",
        confirm="You declared: {label}.",
    )
    assert [i.key() for i in G.legal(state, "bo")] == [
        "help:n=1",
        "help:n=2",
        "pass",
        "discard:card=a",
        "discard:card=b",
    ]
    state, _ = G.apply(state, "bo", Intent.of("discard", card="a"))  # an aside: the window stays open for bo
    assert "help:n=2" not in {i.key() for i in G.legal(state, "bo")}
    assert "Help with 2 is not possible" in (G.why_not(state, "bo", Intent.of("help", n=2)) or "")
    state, events = G.apply(state, "bo", Intent.of("help", n=1))
    assert [(e.kind, e.text, e.audience) for e in events] == [
        ("answered", "bo has answered.", None),
        ("your_answer", "You declared: Help with 1.", frozenset({"bo"})),
    ]
    state, events = G.apply(state, "ann", Intent.of("pass"))
    assert [e.kind for e in events] == ["answered"]
    state, _ = G.apply(state, "cy", Intent.of("pass"))
    assert state.got == ["ann=pass,bo=help:n=1,cy=pass"]


def test_secret_notices_are_the_games_own() -> None:
    state = G.setup(["ann", "bo", "cy"], 1)
    offer = [(Intent.of("send"), "Send the goods"), (Intent.of("cheat"), "Send nothing")]
    R.secret(
        state,
        ["ann", "bo"],
        "send",
        "Send?",
        {"ann": offer, "bo": offer},
        announce="{seat} has chosen what to send.",
        confirm="",
    )
    state, events = G.apply(state, "ann", Intent.of("cheat"))
    assert [(e.text, e.audience) for e in events] == [("ann has chosen what to send.", None)]


def test_each_frame_asks_several_seats_in_the_open_with_follow_ups() -> None:
    state = G.with_steps(OffersStep())
    prompts = {p.seat: p for p in G.prompts(state)}
    assert set(prompts) == {"bo", "cy"} and not any(p.simultaneous for p in prompts.values())
    assert prompts["bo"].default == Intent.of("none") and prompts["cy"].default == Intent.of("none")
    state, events = G.apply(state, "cy", Intent.of("give", what="card"))
    assert [e.text for e in events] == ["cy answers give:what=card"]  # public at once
    after = {p.seat: p for p in G.prompts(state)}
    assert after["bo"].ref == prompts["bo"].ref  # bo's question is unchanged
    assert after["cy"].text == "And in return?" and after["cy"].ref != prompts["cy"].ref
    assert REF.match(after["cy"].ref) and G.legal(state, "cy") == [Intent.of("want", what="coin")]
    assert G.why_not(state, "cy", Intent.of("want", what="coin")) is None
    state, _ = G.apply(state, "bo", Intent.of("none"))
    assert "waiting for cy" in (G.why_not(state, "bo", Intent.of("none")) or "")  # bo has answered
    state, events = G.apply(state, "cy", Intent.of("want", what="coin"))
    assert state.got == ["bo=none cy=give:what=card cy=want:what=coin"] and events[-1].text == "offers closed"
    assert not G.prompts(state)


def test_refs_are_plain_for_topics_with_underscores_and_secret_parts() -> None:
    state = G.setup(["ann", "bo", "cy"], 1)
    own = [(Intent.of("sector", own=f"s{n}"), f"Sector {n}") for n in (1, 2)]
    acc = [(Intent.of("sector", acc=f"s{n}"), f"Accomplice {n}") for n in (1, 2)]
    R.secret(
        state,
        ["ann", "bo"],
        "sector_choice",
        "Choose",
        {"ann": own, "bo": own},
        more={"ann": [("Now the Accomplice's", acc)]},
    )
    state, _ = G.apply(state, "ann", Intent.of("sector", own="s1"))
    refs = [p.ref for p in G.prompts(state)]
    assert all(REF.match(ref) for ref in refs) and len(set(refs)) == 2
    state = G.with_steps(OffersStep())
    state.waiting.serial = 99_990  # a very long game: the part of a follow-up still fits
    state.waiting.renew(state.waiting.frames[-1])
    state, _ = G.apply(state, "cy", Intent.of("give", what="card"))
    assert all(REF.match(p.ref) for p in G.prompts(state)), [p.ref for p in G.prompts(state)]


def test_a_window_refusal_names_the_reactions_its_actions_offer() -> None:
    state = G.setup(["ann", "bo", "cy"], 1)
    R.window(state, ["ann", "bo"], "help", "Help?", {}, actions=["help"])
    assert G.why_not(state, "bo", Intent.of("draw")) == (
        "That does not answer what you are asked now: Help? You can: Help with 1, Help with 2 or Pass."
    )


def test_a_window_lists_passing_where_its_actions_offer_it() -> None:
    """Passing comes last, unless one of the window's actions offers it: then in their order."""

    class Passing(Action[St]):
        kind = "pass"

        def options(self, state: St, seat: str) -> list[Intent]:
            return [Intent.of("pass")]

    rules: Rules[St] = Rules()
    rules.actions.add(Passing())
    rules.actions.add(Help())
    rules.closed("help")(_helped)

    class Passes(FramesGame):
        pass

    Passes.rules = rules
    game = Passes()
    state = game.setup(["ann", "bo", "cy"], 1)
    rules.window(state, ["ann", "bo"], "help", "Help?", {}, actions=["pass", "help"])
    assert [i.key() for i in game.legal(state, "ann")] == ["pass", "help:n=1", "help:n=2"]
    assert game.why_not(state, "ann", Intent.of("draw")) == (
        "That does not answer what you are asked now: Help? You can: Pass, Help with 1 or Help with 2."
    )
    state, _ = game.apply(state, "ann", Intent.of("pass"))
    state, _ = game.apply(state, "bo", Intent.of("help", n=2))
    assert state.got == ["ann=pass,bo=help:n=2"]


CARDS = ("ace", "king", "queen")


@R.parts("pick_two")
def _later_picks(state: St, seat: str, draft: list[Intent], payload: NoPayload) -> list[tuple[str, Any]]:
    """The second pick offers the cards the first left; passing first leaves nothing more to ask."""
    first = str(draft[0].get("first"))
    if first == "none" or len(draft) > 1:
        return []
    return [("And the second?", [(Intent.of("pick", second=c), c.title()) for c in CARDS if c != first])]


@R.revealed("pick_two")
def _picked(state: St, choices: dict[str, Intent], payload: NoPayload) -> list[Event]:
    state.got += [f"{s}={i.key()}" for s, i in sorted(choices.items())]
    return []


def test_a_secret_part_may_depend_on_the_answers_before_it() -> None:
    """A part handler gives the later parts from the answers so far: the card taken first is not offered
    second (its old offer is refused), and an answer that leaves nothing to decide ends the choice at once."""
    state = G.setup(["ann", "bo", "cy"], 1)
    first = [(Intent.of("pick", first="none"), "Nothing")]
    first += [(Intent.of("pick", first=c), c.title()) for c in CARDS]
    second = [(Intent.of("pick", second=c), c.title()) for c in CARDS]
    R.secret(
        state,
        ["ann", "bo"],
        "pick_two",
        "Pick",
        {"ann": first, "bo": first},
        more={"ann": [("And the second?", second)], "bo": [("And the second?", second)]},
    )
    state, _ = G.apply(state, "ann", Intent.of("pick", first="king"))
    assert G.legal(state, "ann") == [Intent.of("pick", second="ace"), Intent.of("pick", second="queen")]
    assert next(p for p in G.prompts(state) if p.seat == "ann").text == "And the second?"
    with pytest.raises(IllegalIntent):
        G.apply(state, "ann", Intent.of("pick", second="king"))
    state, _ = G.apply(state, "ann", Intent.of("pick", second="queen"))
    state, _ = G.apply(state, "bo", Intent.of("pick", first="none"))  # nothing more to ask of bo
    assert state.got == ["ann=pick:first=king,second=queen", "bo=pick:first=none"]
