"""Waiting frames: what the game waits for, as data in the state.

The state keeps a stack of frames (:class:`Waiting`). The top frame *is* the answer to ``prompts``,
``legal`` and ``apply``: whom the game asks, what they may answer, and what an answer does. Kinds:

- :class:`AskFrame` (``ask``): one seat answers one question, from options fixed when asked (and/or
  from named actions). A question with a single possible answer is never asked: the rules apply it.
- :class:`ChooseManyFrame` (``choose_many``): one seat picks between ``least`` and ``most`` of n items.
- :class:`SecretFrame` (``secret``): several seats commit in secret; only *who* has chosen is public;
  the choices are revealed together when the last one arrives.
- :class:`WindowFrame` (``window``): a reaction window. *Sealed*: every asked seat answers, and the
  answers are handled together when it closes. *Open*: each declaration takes effect (and is public)
  when made; a seat that passed may answer again after a later declaration; the window closes when
  every asked seat has passed since the last declaration.
- :class:`TurnFrame` (``turn``): an open turn offering a set of actions until one of them ends it. Each
  action is a decision of its own (the frame takes a new ref after it). With ``waits_for``, the steps an
  action queues (a card's effects, a roll) run while the turn stays open: only the steps of those ops (the
  rest of the round) wait for the turn to end.
- :class:`~.each.EachFrame` (``each``): several seats answer a question of their own at once, in the open;
  an answer may lead to a follow-up question for that seat.

Any frame may also offer *asides* (see :mod:`.frame`): actions taken without answering it.

Answers go to the game's registered handlers (see :mod:`.flowgame`): ``answers`` for an ask or a pick,
``revealed`` for a secret, ``closed`` (and ``answers`` for each declaration of an open window) for a
window. Each frame has a ``ref``, unique in the game: it becomes :attr:`Prompt.ref`, so a button made
for one decision can never answer a later one.
"""

from __future__ import annotations

from itertools import combinations
from typing import Annotated, Any, Literal

from pydantic import BaseModel, Field

from .actions import intents_of
from .args import Shape, word
from .each import EachFrame
from .errors import MalformedIntent
from .frame import Frame, Option, Responder, not_an_option, option_intents, option_label
from .intent import Intent
from .labels import listing
from .model import Event
from .secret import SecretFrame
from .window import WindowFrame

__all__ = [
    "AnyFrame",
    "AskFrame",
    "ChooseManyFrame",
    "EachFrame",
    "Frame",
    "Option",
    "Responder",
    "SecretFrame",
    "TurnFrame",
    "Waiting",
    "WindowFrame",
    "parse_pick",
]

PICK_SEPARATOR = "+"
CHOOSE = Shape("choose", (word("pick"),), title="Choose", asks="the items you pick")
"""The answer to every choose-many frame: ``choose:pick=a+b`` (every game's rules take it)."""
COMBINATIONS_MAX = 5_000
"""A choose-many frame lists its combinations for ``legal()`` only up to this many."""


class AskFrame(Frame):
    kind: Literal["ask"] = "ask"
    seat: str
    options: list[Option] = Field(default_factory=list)
    actions: list[str] = Field(default_factory=list)
    """Action kinds that answer the question too (their options, checks and effects are the actions')."""
    default: str

    def asked(self) -> list[str]:
        return [self.seat]

    def default_for(self, seat: str) -> str:
        return self.default

    def legal(self, rules: Responder, state: Any, seat: str) -> list[Intent]:
        if seat != self.seat:
            return []
        return option_intents(self.options) + intents_of(rules.actions, self.actions, state, seat)

    def why_not(self, rules: Responder, state: Any, seat: str, intent: Intent) -> str | None:
        if rules.actions.offers(self.actions, intent.kind):
            return rules.actions[intent.kind].why_not(state, seat, intent)
        if any(o.key == intent.key() for o in self.options):
            return None
        return not_an_option(
            self.options,
            [
                rules.actions[k].safe_label(state, Intent(k))
                for k in self.actions
                if rules.actions[k].options(state, seat)
            ],
        )

    def accept(self, rules: Responder, state: Any, seat: str, intent: Intent) -> list[Event]:
        state.waiting.pop(self)
        if rules.actions.offers(self.actions, intent.kind):
            return rules.actions[intent.kind].apply(state, seat, intent)
        return rules.on_answer(state, self, seat, intent)

    def label(self, rules: Responder, state: Any, intent: Intent) -> str | None:
        return option_label(self.options, intent.key())

    def fixed(self, seat: str) -> list[Option]:
        return list(self.options) if seat == self.seat else []

    def acts(self) -> list[str]:
        return list(self.actions)


class TurnFrame(Frame):
    kind: Literal["turn"] = "turn"
    seat: str
    actions: list[str]
    default: str
    """The intent applied when the turn's deadline passes (usually ending the turn)."""
    waits_for: list[str] | None = None
    """Ops of the steps that wait for the turn to end (the next turns, the end of the round); a step of any
    other op queued ahead of them runs while the turn stays open. None: every queued step waits."""

    def holds(self, steps: list[Any]) -> bool:
        """Whether the turn waits for its seat now (else the queued step ahead of it runs first)."""
        return self.waits_for is None or not steps or steps[0].op in self.waits_for

    def asked(self) -> list[str]:
        return [self.seat]

    def default_for(self, seat: str) -> str:
        return self.default

    def legal(self, rules: Responder, state: Any, seat: str) -> list[Intent]:
        return intents_of(rules.actions, self.actions, state, seat) if seat == self.seat else []

    def why_not(self, rules: Responder, state: Any, seat: str, intent: Intent) -> str | None:
        action = rules.actions.get(intent.kind) if rules.actions.offers(self.actions, intent.kind) else None
        if action is None:
            possible = [
                rules.actions[k].safe_label(state, Intent(k))
                for k in self.actions
                if rules.actions[k].options(state, seat)
            ]
            return f"That is not something you can do in your turn now. You can: {listing(possible)}."
        return action.why_not(state, seat, intent)

    def accept(self, rules: Responder, state: Any, seat: str, intent: Intent) -> list[Event]:
        return rules.actions[intent.kind].apply(state, seat, intent)

    def acts(self) -> list[str]:
        return list(self.actions)


class ChooseManyFrame(Frame):
    """Pick between ``least`` and ``most`` items; the answer is ``choose:pick=a+b+c`` (items in offer
    order)."""

    kind: Literal["choose_many"] = "choose_many"
    seat: str
    items: list[Option]
    least: int = 1
    most: int = 1
    default: str = ""

    @staticmethod
    def answer(keys: list[str]) -> Intent:
        return (
            Intent.of("choose", pick=PICK_SEPARATOR.join(keys)) if keys else Intent.of("choose", pick="none")
        )

    @staticmethod
    def picked(intent: Intent) -> list[str]:
        value = intent.get("pick")
        if not isinstance(value, str) or value == "none":
            return []
        return value.split(PICK_SEPARATOR)

    def asked(self) -> list[str]:
        return [self.seat]

    def default_for(self, seat: str) -> str:
        return self.default or self.answer([o.key for o in self.items[: self.least]]).key()

    def legal(self, rules: Responder, state: Any, seat: str) -> list[Intent]:
        if seat != self.seat:
            return []
        keys = [o.key for o in self.items]
        out: list[Intent] = []
        for size in range(self.least, self.most + 1):
            for combo in combinations(keys, size):
                out.append(self.answer(list(combo)))
                if len(out) >= COMBINATIONS_MAX:
                    return out
        return out

    def why_not(self, rules: Responder, state: Any, seat: str, intent: Intent) -> str | None:
        return self.answer_problem(seat, intent)

    def answer_problem(self, seat: str, intent: Intent) -> str | None:
        if intent.kind != "choose":
            return f"Choose {self._how_many()} of: {listing([o.label for o in self.items])}."
        picked = self.picked(intent)
        order = [o.key for o in self.items]
        unknown = [p for p in picked if p not in order]
        if unknown:
            return f"'{unknown[0]}' is not on offer. Choose from: {listing([o.label for o in self.items])}."
        if len(set(picked)) != len(picked):
            return "Each item can be chosen once."
        if not self.least <= len(picked) <= self.most:
            return f"Choose {self._how_many()}, not {len(picked)}."
        if picked != sorted(picked, key=order.index):
            return "List the chosen items in the order they are offered."
        return None

    def _how_many(self) -> str:
        return str(self.least) if self.least == self.most else f"{self.least} to {self.most}"

    def accept(self, rules: Responder, state: Any, seat: str, intent: Intent) -> list[Event]:
        state.waiting.pop(self)
        return rules.on_answer(state, self, seat, intent)

    def label(self, rules: Responder, state: Any, intent: Intent) -> str | None:
        if intent.kind != "choose":
            return None
        names = [option_label(self.items, p) or p for p in self.picked(intent)]
        return "Choose " + (", ".join(names) if names else "nothing")

    def fixed(self, seat: str) -> list[Option]:
        return list(self.items) if seat == self.seat else []

    def answer_kinds(self, seat: str) -> set[str]:
        return {"choose"} if seat == self.seat else set()


AnyFrame = Annotated[
    AskFrame | TurnFrame | ChooseManyFrame | SecretFrame | WindowFrame | EachFrame,
    Field(discriminator="kind"),
]


class Waiting(BaseModel):
    """The stack of open frames; the top one is what the game waits for."""

    frames: list[AnyFrame] = Field(default_factory=list)
    serial: int = 0
    """How many frames were ever opened: each new frame's ref is unique in the game."""

    def top(self) -> AnyFrame | None:
        return self.frames[-1] if self.frames else None

    def push(self, frame: AnyFrame) -> AnyFrame:
        frame.ref = self._next_ref(frame)
        self.frames.append(frame)
        return frame

    def renew(self, frame: Frame) -> None:
        """Give ``frame``, while it stays open, a new ref: what it asks now is another decision."""
        for open_frame in self.frames:
            if open_frame.ref == frame.ref:
                open_frame.ref = self._next_ref(open_frame)
                return

    def _next_ref(self, frame: Frame) -> str:
        # short and plain (letters, digits, '-' and ':'; at most 16 characters with a part's '-2', up to
        # 99,999 frames), so it travels in a button's custom id as it is
        self.serial += 1
        return f"{frame.topic[:8].replace('_', '-')}:{self.serial}"

    def pop(self, frame: Frame) -> None:
        """Close ``frame`` (normally the top one)."""
        for index in range(len(self.frames) - 1, -1, -1):
            if self.frames[index].ref == frame.ref:
                del self.frames[index]
                return
        raise ValueError(f"frame {frame.ref} is not open")

    def find(self, kind: str, topic: str | None = None) -> AnyFrame | None:
        """The topmost open frame of ``kind`` (and ``topic``)."""
        for frame in reversed(self.frames):
            if frame.kind == kind and (topic is None or frame.topic == topic):
                return frame
        return None

    def __bool__(self) -> bool:
        return bool(self.frames)


def parse_pick(intent: Intent) -> list[str]:
    """The items of a choose-many answer; a clear refusal for a malformed one."""
    if intent.kind != "choose":
        raise MalformedIntent("A pick looks like choose:pick=a+b.")
    return ChooseManyFrame.picked(intent)
