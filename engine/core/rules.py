"""A game's rules in one registry: its steps, its actions and its answer handlers, and the way to ask.

Each game module-level ``RULES = Rules[MyState]()`` and registers into it::

    @RULES.step("round")                      # a step of the procedure (see .flow)
    def round_(state, step): ...

    @RULES.action                             # an action (see .actions)
    class Bid(Action[MyState]): ...

    @RULES.answers("sell", SellPayload, takes=[Shape("sell", (word("card", names=card_name),))])
    def sold(state, seat, intent, payload): ...   # the answer to an ask / a pick (see .waiting)

    @RULES.revealed("sector")                 # the choices of a secret frame, all at once
    def sectors(state, choices, payload): ...

    @RULES.closed("assist")                   # a window's answers, in seat order, when it closes
    def assists(state, answers, payload): ...

Every intent kind a game offers has a declared :class:`~.args.Shape`: an action declares its own
(``args``), an answer topic the kinds that answer it (``takes``), and :meth:`Rules.takes` any other (a
``pass`` several windows share). A topic may also say why an answer it does not offer is refused
(``refusal``), in the rules' words.

Handlers receive the frame's payload as the model they registered (or :class:`NoPayload`), never a
bare dict. The asking helpers (:meth:`Rules.ask`, :meth:`secret`, :meth:`window`, :meth:`turn`,
:meth:`choose_many`, :meth:`each`) push frames; a question with one possible answer is applied at once,
never asked (unless it offers asides: the seat may do something else first).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any, Generic, TypeVar

from pydantic import BaseModel, ConfigDict

from .actions import Action, ActionSet
from .args import Shape, Shapes
from .asking import Asking
from .asking import Offer as Offer
from .asking import options as options
from .flow import Procedure
from .intent import Intent
from .model import Event
from .waiting import CHOOSE, Frame, Option

S = TypeVar("S")
A = TypeVar("A", bound=type[Action[Any]])
F = TypeVar("F", bound=Callable[..., list[Event]])
H = TypeVar("H", bound=Callable[[Any, Any], None])
U = TypeVar("U", bound=Callable[[Any, Any, str], "str | None"])
P = TypeVar("P", bound=Callable[..., Any])

Refusal = Callable[[Any, Frame, str, Intent], "str | None"]
"""Why an answer a topic's frame does not offer is refused: ``(state, frame, seat, intent) -> reason``."""


class NoPayload(BaseModel):
    """The payload of a frame that carries nothing."""

    model_config = ConfigDict(extra="ignore")


class Rules(Asking, Generic[S]):
    """The registry of one game's rules (its steps, actions and answer handlers) and, from
    :class:`~.asking.Asking`, the helpers that ask."""

    def __init__(self) -> None:
        self.procedure: Procedure[Any] = Procedure()
        self.actions: ActionSet[Any] = ActionSet()
        self._answers: dict[str, tuple[Callable[..., list[Event]], type[BaseModel]]] = {}
        self._reveals: dict[str, tuple[Callable[..., list[Event]], type[BaseModel]]] = {}
        self._closes: dict[str, tuple[Callable[..., list[Event]], type[BaseModel]]] = {}
        self.shapes = Shapes()
        self.shapes.add(CHOOSE, "the runtime's choose-many frames")
        self._refusals: dict[str, Refusal] = {}
        self._headers: dict[str, Callable[[Any, Frame], None]] = {}
        self.lone_ends: set[str] = set()
        self.lone_when: dict[str, Callable[[Any, str], bool]] = {}
        self._unasked: dict[str, Callable[[Any, Frame, str], str | None]] = {}
        self._parts: dict[str, tuple[Callable[..., Sequence[tuple[str, Offer]]], type[BaseModel]]] = {}

    # --- registering --------------------------------------------------------------------------

    def step(self, op: str) -> Callable[[F], F]:
        def register(fn: F) -> F:
            self.procedure.on(op)(fn)
            return fn

        return register

    def action(self, cls: A) -> A:
        action = cls()
        self.actions.add(action)
        self.shapes.extend(action.shapes(), f"action {cls.__name__}")
        action.register(self)
        return cls

    def takes(self, *shapes: Shape) -> None:
        """Declare intent kinds no single action or topic owns (a ``pass`` several windows share)."""
        self.shapes.extend(shapes, "Rules.takes")

    def _register(
        self,
        table: dict[str, tuple[Callable[..., list[Event]], type[BaseModel]]],
        topic: str,
        payload: type[BaseModel],
        takes: Iterable[Shape],
        refusal: Refusal | None,
    ) -> Callable[[F], F]:
        def register(fn: F) -> F:
            if topic in table:
                raise ValueError(f"topic '{topic}' has two handlers")
            table[topic] = (fn, payload)
            self.shapes.extend(takes, f"topic '{topic}'")
            if refusal is not None:
                self._refusals[topic] = refusal
            return fn

        return register

    def answers(
        self,
        topic: str,
        payload: type[BaseModel] = NoPayload,
        *,
        takes: Iterable[Shape] = (),
        refusal: Refusal | None = None,
    ) -> Callable[[F], F]:
        """``fn(state, seat, intent, payload)`` answers an ask, a pick or an open window's declaration.
        ``takes``: the shapes of the kinds that answer it; ``refusal``: why an answer it does not offer is
        refused."""
        return self._register(self._answers, topic, payload, takes, refusal)

    def revealed(
        self,
        topic: str,
        payload: type[BaseModel] = NoPayload,
        *,
        takes: Iterable[Shape] = (),
        refusal: Refusal | None = None,
    ) -> Callable[[F], F]:
        """``fn(state, choices, payload)``: a secret frame's choices by seat, once all have chosen."""
        return self._register(self._reveals, topic, payload, takes, refusal)

    def closed(
        self,
        topic: str,
        payload: type[BaseModel] = NoPayload,
        *,
        takes: Iterable[Shape] = (),
        refusal: Refusal | None = None,
    ) -> Callable[[F], F]:
        """``fn(state, answers, payload)``: a window's (or an each-frame's) (seat, intent) answers in seat
        order, at its close."""
        return self._register(self._closes, topic, payload, takes, refusal)

    def header(self, topic: str) -> Callable[[H], H]:
        """``fn(state, frame)`` tells the question of an open frame of ``topic`` again after every intent
        applied while it is open (a turn's header saying what is left: the move used, one action more)."""

        def register(fn: H) -> H:
            if topic in self._headers:
                raise ValueError(f"topic '{topic}' has two headers")
            self._headers[topic] = fn
            return fn

        return register

    def unasked(self, topic: str) -> Callable[[U], U]:
        """``fn(state, frame, seat) -> reason``: why a seat is not asked by an open frame of ``topic`` (a seat
        with nothing to declare before a roll), in the rules' words; None: the runtime's own reason."""

        def register(fn: U) -> U:
            self._unasked[topic] = fn
            return fn

        return register

    def unasked_reason(self, state: Any, frame: Frame, seat: str) -> str | None:
        found = self._unasked.get(frame.topic)
        return found(state, frame, seat) if found is not None else None

    def ends_alone(self, *topics: str, when: Callable[[Any, str], bool] | None = None) -> None:
        """Turns of these topics end by themselves when ending them is all their seat can do (its default,
        the one legal intent left): a question with one answer is not asked. Declare it only where whether
        anything else is possible is public (else the timing would tell what the seat holds); ``when(state,
        seat)`` narrows it to the turns where it is (the seat's hand is empty: nothing hidden could be
        played)."""
        self.lone_ends.update(topics)
        if when is not None:
            self.lone_when.update(dict.fromkeys(topics, when))

    def retell(self, state: Any) -> None:
        """Tell the open frames' questions again, where their topic has a :meth:`header`."""
        if not self._headers:
            return
        for frame in state.waiting.frames:
            teller = self._headers.get(frame.topic)
            if teller is not None:
                teller(state, frame)

    def refusal(self, state: Any, frame: Frame, seat: str, intent: Intent) -> str | None:
        """The topic's own reason for refusing an answer its frame does not offer (None: none declared)."""
        found = self._refusals.get(frame.topic)
        return found(state, frame, seat, intent) if found is not None else None

    def parts(self, topic: str, payload: type[BaseModel] = NoPayload) -> Callable[[P], P]:
        """``fn(state, seat, draft, payload)``: the parts still to come of a seat's secret choice in parts,
        after those it has answered so far (``draft``, intents in order), as (question, offer) pairs (none:
        the choice is complete). A part may
        then depend on the answers before it (a card committed to one part is not offered for another, a
        question an earlier answer made pointless is not asked). Without it the parts given when the frame
        opened stay as they were."""

        def register(fn: P) -> P:
            if topic in self._parts:
                raise ValueError(f"topic '{topic}' has two part handlers")
            self._parts[topic] = (fn, payload)
            return fn

        return register

    @property
    def topics(self) -> frozenset[str]:
        return frozenset(self._answers) | frozenset(self._reveals) | frozenset(self._closes)

    # --- the Responder protocol the frames call -----------------------------------------------

    def on_answer(self, state: Any, frame: Frame, seat: str, intent: Intent) -> list[Event]:
        fn, model = self._answers[frame.topic]
        return fn(state, seat, intent, model.model_validate(frame.data))

    def on_reveal(self, state: Any, frame: Frame, choices: dict[str, Intent]) -> list[Event]:
        fn, model = self._reveals[frame.topic]
        return fn(state, choices, model.model_validate(frame.data))

    def on_close(self, state: Any, frame: Frame, answers: list[tuple[str, Intent]]) -> list[Event]:
        fn, model = self._closes[frame.topic]
        return fn(state, answers, model.model_validate(frame.data))

    def on_part(
        self, state: Any, frame: Frame, seat: str, draft: list[Intent]
    ) -> list[tuple[str, list[Option]]] | None:
        found = self._parts.get(frame.topic)
        if found is None:
            return None
        fn, model = found
        later = fn(state, seat, draft, model.model_validate(frame.data))
        return [(question, options(offer)) for question, offer in later]
