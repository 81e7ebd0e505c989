"""FlowGame: a :class:`Game` whose contract comes from its steps, waiting frames and actions.

A game on the runtime defines its state (a :class:`FlowState`), its :class:`~.rules.Rules` (steps,
actions, answer handlers), its view model and its set-up; ``prompts``, ``legal``, ``apply``, refusals,
labels, ``is_legal``, ``why_not`` and ``choices`` all come from the top waiting frame. A new game
overrides none of them.

What every such game also gets:

- ``state.opts``: the table options as the game's typed model (declare ``opts: MyOptions``);
- ``state.log``: the recent public log (the text of every public event, newest last);
- ``state.turn``: per-turn counters (``state.turn.begin(seat)``, ``use("aid")``, ``used("aid")``);
- :class:`TableView` fields in every view: who is awaited, secret-choice progress, the seat's own secret
  choice, the recent log and the result, so adapters read them instead of guessing;
- standing offers (``standing_actions``): actions a seat the game is not waiting for may take at any
  moment, such as a discard "also in the turns of other players". Such a seat gets a standing prompt
  (:meth:`standing`); its intents are its ``legal`` ones, checked and applied by the action itself, and the
  procedure then runs on as after any other intent. A seat the top frame asks takes the same actions as
  that frame's asides instead.
"""

from __future__ import annotations

from collections.abc import Sequence
from contextlib import AbstractContextManager, nullcontext
from dataclasses import replace
from typing import Any, ClassVar, TypeVar

from pydantic import BaseModel, Field

from . import flow
from .actions import intents_of
from .errors import GameOver, IllegalIntent, NotYourTurn
from .frame import Frame
from .game import Game, GameState
from .intent import Intent, Value
from .labels import fit
from .lone import made_alone
from .model import Event, Outcome, Prompt
from .refusals import explain
from .rules import Rules
from .waiting import Option, SecretFrame, TurnFrame, Waiting

LOG_KEPT = 40
LONE_TURNS_MAX = 1000
"""A bound on turns ending by themselves one after the other (each seat's turn with nothing to do)."""


class TurnCounters(BaseModel):
    """Whose turn it is, how many turns have begun, and what was used this turn."""

    number: int = 0
    seat: str = ""
    uses: dict[str, int] = Field(default_factory=dict)

    def begin(self, seat: str) -> None:
        self.number += 1
        self.seat = seat
        self.uses = {}

    def use(self, what: str, times: int = 1) -> None:
        self.uses[what] = self.uses.get(what, 0) + times

    def used(self, what: str) -> int:
        return self.uses.get(what, 0)


class FlowState(GameState):
    """The state every runtime game extends. Declare ``steps: list[MyStep]`` (the game's discriminated
    union of steps) and ``opts: MyOptions``."""

    steps: list[Any] = Field(default_factory=list)
    waiting: Waiting = Field(default_factory=Waiting)
    log: list[str] = Field(default_factory=list)
    turn: TurnCounters = Field(default_factory=TurnCounters)

    def blocked(self) -> bool:
        top = self.waiting.top()
        if isinstance(top, TurnFrame):
            return top.holds(self.steps)
        return top is not None

    def now(self, *steps: flow.Step) -> None:
        flow.now(self.steps, *steps)

    def later(self, *steps: flow.Step) -> None:
        flow.later(self.steps, *steps)

    def skip_until(self, op: str) -> int:
        return flow.skip_until(self.steps, op)


class TableView(BaseModel):
    """What every view holds, whatever the game."""

    awaiting: list[str] = Field(default_factory=list)
    choosing: dict[str, Any] | None = None
    """Secret-choice progress (who has chosen, never what), while a secret choice is open."""
    my_choice: str | None = None
    """The viewer's own secret choice, while it is not revealed."""
    log: list[str] = Field(default_factory=list)
    result: Outcome | None = None
    turn: int = 0


F = TypeVar("F", bound=FlowState)


class FlowGame(Game[F]):
    rules: ClassVar[Rules[Any]]
    log_kept: ClassVar[int] = LOG_KEPT
    """Public log lines kept in the state (a game whose views show fewer keeps fewer: smaller snapshots)."""
    standing_actions: ClassVar[tuple[str, ...]] = ()
    """Action kinds a seat the game is not waiting for may take at any moment (standing offers)."""
    standing_text: ClassVar[str] = "You may act now, without being asked; the game does not wait for it."
    """The standing prompt's text (it speaks to its seat only: standing offers are never shown publicly)."""

    # --- what a runtime game implements --------------------------------------------------------

    def listing(self, state: F) -> AbstractContextManager[object]:
        """The context every legal list of ``state`` is drawn in (nothing changes while it is drawn): a game
        may keep what its actions read of the state for that list (Nakamura Tower: its ``listing`` module).
        By default nothing is kept."""
        return nullcontext()

    def view_model(self, state: F, seat: str | None) -> BaseModel:
        """The game's typed view for ``seat`` (None: public); build it with ``**self.table_view(...)``."""
        raise NotImplementedError

    # --- the contract, from the frames ---------------------------------------------------------

    def start(self, state: F) -> F:
        """Run the procedure from set-up until the first question: call at the end of ``_setup``."""
        self._log(state, self._run(state))
        return state

    def _run(self, state: F) -> list[Event]:
        """Run the procedure until the game waits on someone; a turn that can only end (see
        :meth:`Rules.ends_alone`) ends by itself and the procedure runs on."""
        events = self.rules.procedure.run(state)
        for _ in range(LONE_TURNS_MAX):
            top = state.waiting.top()
            if (
                state.result is not None
                or not isinstance(top, TurnFrame)
                or top.topic not in self.rules.lone_ends
            ):
                break
            when = self.rules.lone_when.get(top.topic)
            if when is not None and not when(state, top.seat):
                break
            legal = top.legal(self.rules, state, top.seat) + top.aside_intents(self.rules, state, top.seat)
            if len(legal) != 1 or legal[0].key() != top.default:
                break
            events += top.accept(self.rules, state, top.seat, legal[0])
            made_alone(top.seat, legal[0].key())  # a replay of an older log skips it (see .lone)
            events += self.rules.procedure.run(state)
        self.rules.retell(state)
        return events

    def prompts(self, state: F) -> list[Prompt]:
        top = state.waiting.top()
        if state.result is not None or top is None:
            return []
        found = top.prompts()
        out: list[Prompt] = []
        for prompt in found:
            by = self.answered_by(state, top, prompt.seat)
            out += [prompt] if by is None else [self._answered(state, prompt, s) for s in by]
        return out

    def _answered(self, state: F, prompt: Prompt, sender: str) -> Prompt:
        """``prompt`` for ``sender``, who answers it for ``prompt.seat``: its default is the frame's when the
        sender may send it, else the first intent of the same kind the sender may send (a shared Team's
        partner ends the activations of its own characters, not the Team's)."""
        if self.may_send(state, prompt.seat, sender, prompt.default) is None:
            return replace(prompt, seat=sender)
        legal = self.legal(state, sender)
        same = [i for i in legal if i.kind == prompt.default.kind] or legal or [prompt.default]
        return replace(prompt, seat=sender, default=same[0])

    # --- who answers: the seat asked, or the seats the game declares for it -------------------

    def answered_by(self, state: F, frame: Frame, seat: str) -> Sequence[str] | None:
        """The seats that answer what ``frame`` asks ``seat`` when another seat may (a shared Team's
        partner playing some of its characters), each sending only what :meth:`may_send` allows; None (the
        default): ``seat`` itself, alone."""
        return None

    def may_send(self, state: F, seat: str, sender: str, intent: Intent) -> str | None:
        """Why ``sender``, one of the seats that answer for ``seat`` (see :meth:`answered_by`), may not send
        ``intent``; None: it may."""
        return None

    def asked_seat(self, state: F, sender: str) -> str | None:
        """The seat whose question ``sender`` answers now (itself, or the seat it answers for); None when
        the top frame asks nothing of it."""
        top = state.waiting.top()
        if top is None:
            return None
        for seat in top.asked():
            by = self.answered_by(state, top, seat)
            if sender in ((seat,) if by is None else by):
                return seat
        return None

    def _proxied(self, state: F, seat: str) -> bool:
        top = state.waiting.top()
        return top is not None and self.answered_by(state, top, seat) is not None

    # --- standing offers -----------------------------------------------------------------------

    def standing_kinds(self, state: F, seat: str) -> tuple[str, ...]:
        """The standing actions open to ``seat`` at this moment: a game narrows :attr:`standing_actions`
        to the moments its rules allow (never in the middle of resolving something already under way)."""
        return self.standing_actions

    def _standing_intents(self, state: F, seat: str) -> list[Intent]:
        top = state.waiting.top()
        if not self.standing_actions or state.result is not None or top is None or seat in top.asked():
            return []
        kinds = self.standing_kinds(state, seat)
        return intents_of(self.rules.actions, list(kinds), state, seat) if kinds else []

    def standing(self, state: F) -> list[Prompt]:
        out = []
        for seat in state.seats:
            intents = self._standing_intents(state, seat)
            if intents:
                out.append(
                    Prompt(
                        seat,
                        "standing",
                        self.standing_text,
                        intents[0],
                        ref="standing",
                        standing=True,
                        public=f"{seat} may act at any moment.",
                    )
                )
        return out

    def _is_standing(self, state: F, seat: str, intent: Intent) -> bool:
        """Whether ``intent`` is a standing action of ``seat`` (one the top frame does not ask)."""
        top = state.waiting.top()
        if top is None or seat in top.asked() or not self.standing_actions:
            return False
        return self.rules.actions.offers(list(self.standing_kinds(state, seat)), intent.kind)

    # --- the contract, from the frames and the declared shapes ---------------------------------

    def known_kinds(self) -> frozenset[str]:
        return self.intent_kinds | self.rules.shapes.kinds

    def conform(self, intent: Intent) -> Intent:
        """``intent`` checked against its kind's declared shape, its arguments in the declared order."""
        return self.rules.shapes.check(intent)

    def legal(self, state: F, seat: str) -> list[Intent]:
        with self.listing(state):
            return self._legal(state, seat)

    def _legal(self, state: F, seat: str) -> list[Intent]:
        top = state.waiting.top()
        if state.result is not None or top is None:
            return []
        asked = self.asked_seat(state, seat)
        if asked is None:
            return [] if seat in top.asked() else self._standing_intents(state, seat)
        found = top.legal(self.rules, state, asked) + top.aside_intents(self.rules, state, asked)
        if self._proxied(state, asked):
            found = [i for i in found if self.may_send(state, asked, seat, i) is None]
        return found

    def check(self, state: F, seat: str, intent: Intent) -> None:
        intent = self.conform(intent)
        if state.result is not None:
            raise GameOver(f"The game is over: {state.result.reason}")
        if seat not in state.seats:
            raise NotYourTurn(f"'{seat}' is not a seat in this game.")
        if self._is_standing(state, seat, intent):
            if self.rules.actions[intent.kind].why_not(state, seat, intent):
                raise IllegalIntent(explain(self, state, seat, intent))
            return
        top = state.waiting.top()
        asked = self.asked_seat(state, seat)
        if top is None or asked is None:
            raise NotYourTurn(explain(self, state, seat, intent))
        if self._proxied(state, asked) and self.may_send(state, asked, seat, intent):
            raise IllegalIntent(explain(self, state, seat, intent))
        if top.is_aside(self.rules, state, asked, intent):
            reason = self.rules.actions[intent.kind].why_not(state, asked, intent)
        else:
            reason = top.why_not(self.rules, state, asked, intent)
        if reason:
            raise IllegalIntent(explain(self, state, seat, intent))

    def _apply(self, state: F, seat: str, intent: Intent) -> list[Event]:
        top = state.waiting.top()
        assert top is not None  # check() made sure
        asked = self.asked_seat(state, seat)
        if asked is None:  # a standing action (check() made sure)
            events = self.rules.actions[intent.kind].apply(state, seat, intent)
        elif top.is_aside(self.rules, state, asked, intent):
            events = self.rules.actions[intent.kind].apply(state, asked, intent)
        else:
            events = top.accept(self.rules, state, asked, intent)
            if isinstance(top, TurnFrame):
                # the turn's next action is another decision: an older button is stale
                state.waiting.renew(top)
        events += self._run(state)
        self._log(state, events)
        return events

    def describe(self, state: F, intent: Intent) -> str:
        intent = self.conform(intent)
        try:
            top = state.waiting.top()
            label = top.label(self.rules, state, intent) if top is not None else None
            if label is None:
                action = self.rules.actions.get(intent.kind)
                label = action.safe_label(state, intent) if action is not None else None
        except Exception:  # noqa: BLE001 - a label never crashes, whatever the intent holds
            label = None
        return fit(label or intent.kind.replace("_", " ").capitalize())

    def part_label(self, state: F, kind: str, name: str, value: Value) -> str:
        """A menu's name for the kind (its action's summary, its shape's title) or for one argument's
        value (the declared namer: a card's name for its id)."""
        action = self.rules.actions.get(kind)
        shape = self.rules.shapes.get(kind)
        if not name:
            if action is not None and action.summary:
                return fit(action.summary)
            return (
                fit(shape.title)
                if shape is not None and shape.title
                else super().part_label(state, kind, name, value)
            )
        arg = shape.arg(name) if shape is not None else None
        named = arg.name_of(state, value) if arg is not None else None
        return fit(named) if named else super().part_label(state, kind, name, value)

    def view(self, state: F, seat: str | None) -> dict[str, Any]:
        data: dict[str, Any] = self.view_model(state, seat).model_dump(mode="json")
        return data

    def table_view(self, state: F, seat: str | None) -> dict[str, Any]:
        """The :class:`TableView` fields for ``seat``'s view."""
        secret = state.waiting.find("secret")
        progress = secret.progress() if isinstance(secret, SecretFrame) else None
        own = secret.own(seat) if isinstance(secret, SecretFrame) else None
        return {
            "awaiting": self.awaiting(state),
            "choosing": progress,
            "my_choice": own,
            "log": list(state.log[-12:]),
            "result": state.result,
            "turn": state.turn.number,
        }

    def options_of(self, state: F, seat: str) -> list[Option]:
        """The seat's legal intents with their labels (for adapters)."""
        return [Option(key=i.key(), label=self.describe(state, i)) for i in self.legal(state, seat)]

    def _log(self, state: F, events: list[Event]) -> None:
        state.log += [e.text for e in events if e.audience is None and e.text]
        del state.log[: -self.log_kept]
