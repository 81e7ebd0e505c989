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
from .model import Event, Pace, Prompt, private, public

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


class SecretFrame(Frame):
    """Simultaneous secret commitments. The public part is :meth:`progress`; the choices stay in the state
    (views must project them: :meth:`own` for the chooser only) until everyone has chosen.

    A seat may commit in several parts (a private draft: the Accomplice's owner picks a sector card, then
    the Accomplice's): ``more[seat]`` lists the options of each later part, ``part_texts[seat]`` their
    questions. The draft is that seat's alone; the commitment is the parts' arguments merged into one
    intent (``sector:own=s3`` then ``sector:acc=s5`` make ``sector:own=s3,acc=s5``). Each part has its own
    prompt ref, so a button of the first part cannot answer the second.

    ``announce`` is the public notice of each commitment (who, never what) and ``confirm`` the chooser's
    private confirmation (``{seat}`` and ``{label}`` are filled in; an empty text sends none)."""

    kind: Literal["secret"] = "secret"
    seats: list[str]
    options: dict[str, list[Option]]
    more: dict[str, list[list[Option]]] = Field(default_factory=dict)
    part_texts: dict[str, list[str]] = Field(default_factory=dict)
    defaults: dict[str, str] = Field(default_factory=dict)
    drafts: dict[str, list[str]] = Field(default_factory=dict)
    chosen: dict[str, str] = Field(default_factory=dict)
    announce: str = "{seat} has chosen."
    confirm: str = "You chose: {label}."

    def sealed(self) -> bool:
        return True

    def asked(self) -> list[str]:
        return [s for s in self.seats if s not in self.chosen]

    def _part(self, seat: str) -> int:
        return len(self.drafts.get(seat, []))

    def _options(self, seat: str) -> list[Option]:
        part = self._part(seat)
        return self.options.get(seat, []) if part == 0 else self.more[seat][part - 1]

    def prompts(self) -> list[Prompt]:
        out = []
        for seat in self.asked():
            part = self._part(seat)
            out.append(
                Prompt(
                    seat,
                    self.topic,
                    self.question(seat),
                    Intent.parse(self.default_for(seat)),
                    simultaneous=True,
                    pace=self.pace,
                    ref=self.ref if part == 0 else f"{self.ref}-{part + 1}",
                    public=self.public,
                )
            )
        return out

    def default_for(self, seat: str) -> str:
        if self._part(seat) == 0 and self.defaults.get(seat):
            return self.defaults[seat]
        return self._options(seat)[0].key

    def legal(self, rules: Responder, state: Any, seat: str) -> list[Intent]:
        return option_intents(self._options(seat)) if seat in self.asked() else []

    def why_not(self, rules: Responder, state: Any, seat: str, intent: Intent) -> str | None:
        if seat in self.chosen:
            return "Your choice is already made; it is revealed when everyone has chosen."
        options = self._options(seat)
        return None if any(o.key == intent.key() for o in options) else not_an_option(options)

    def accept(self, rules: Responder, state: Any, seat: str, intent: Intent) -> list[Event]:
        label = self.label(rules, state, intent) or intent.key()
        draft = [*self.drafts.get(seat, []), intent.key()]
        later = rules.on_part(state, self, seat, [Intent.parse(key) for key in draft])
        if later is not None:  # the parts still to come, as the answers so far leave them
            done = len(draft) - 1
            self.more[seat] = [*self.more.get(seat, [])[:done], *(offer for _, offer in later)]
            texts = self.part_texts.get(seat, [self.text] * done)[:done]
            self.part_texts[seat] = [*texts, *(question for question, _ in later)]
        if len(draft) <= len(self.more.get(seat, [])):
            self.drafts[seat] = draft
            return [private(seat, "your_choice", f"Noted: {label}. Now the next part of your choice.")]
        self.drafts.pop(seat, None)
        parts = [Intent.parse(key) for key in draft]
        self.chosen[seat] = Intent(parts[0].kind, tuple(arg for part in parts for arg in part.args)).key()
        events = [public("chosen", self.announce.format(seat=seat))]
        if self.confirm:
            events.append(private(seat, "your_choice", self.confirm.format(seat=seat, label=label)))
        if self.asked():
            return events
        state.waiting.pop(self)
        return events + rules.on_reveal(state, self, {s: Intent.parse(self.chosen[s]) for s in self.seats})

    def label(self, rules: Responder, state: Any, intent: Intent) -> str | None:
        key = intent.key()
        lists = [*self.options.values(), *(part for parts in self.more.values() for part in parts)]
        for options in lists:
            found = option_label(options, key)
            if found is not None:
                return found
        return None

    def fixed(self, seat: str) -> list[Option]:
        return self._options(seat) if seat in self.asked() else []

    def answer_kinds(self, seat: str) -> set[str]:
        lists = [self.options.get(seat, []), *self.more.get(seat, [])]
        return {Intent.parse(o.key).kind for options in lists for o in options}

    def question(self, seat: str) -> str:
        part = self._part(seat)
        if part == 0:
            return self.text_for(seat)
        return self.part_texts.get(seat, [self.text] * part)[part - 1]

    def not_asked(self, seat: str) -> str | None:
        if seat in self.chosen:
            return "Your choice is made; it is revealed when everyone has chosen"
        return None

    def given(self, seat: str) -> list[Option]:
        """The options of each part that the seat's commitment (or its draft so far) took."""
        own = self.own(seat)
        if not own:
            return []
        taken = {arg for key in own.split("+") for arg in Intent.parse(key).args}
        out = []
        for options in [self.options.get(seat, []), *self.more.get(seat, [])]:
            found = next((o for o in options if set(Intent.parse(o.key).args) <= taken), None)
            if found is not None:
                out.append(found)
        return out

    def progress(self) -> dict[str, Any]:
        """Who has chosen (never what), for every view."""
        chosen = [s for s in self.seats if s in self.chosen]
        return {"topic": self.topic, "chosen": chosen, "count": len(chosen), "of": len(self.seats)}

    def own(self, seat: str | None) -> str | None:
        """The seat's own commitment (or, mid-draft, its parts so far), for that seat's view only."""
        if seat is None:
            return None
        if seat in self.drafts:
            return "+".join(self.drafts[seat])
        return self.chosen.get(seat)


class WindowFrame(Frame):
    """A reaction window. Every seat in ``seats`` is asked (the game decides who may react by the public
    rules, so the asking tells nothing hidden); ``pass_key`` is always an answer.

    Reactions are fixed ``options`` and/or named ``actions``, whose options are read from the state each time
    (what a seat may still declare after an aside changed its cards) and whose refusals and labels are the
    actions'; an answer of either kind goes to the window's handlers, never to the action's effect. In a
    sealed window ``announce`` is the public notice of each answer (who, never what; empty: none) and
    ``confirm`` the private confirmation of a reaction (``{seat}``, ``{label}`` filled in)."""

    kind: Literal["window"] = "window"
    seats: list[str]
    options: dict[str, list[Option]] = Field(default_factory=dict)
    """Each seat's reactions besides passing."""
    actions: list[str] = Field(default_factory=list)
    pass_key: str = "pass"
    pass_label: str = "Pass"
    open: bool = False
    answers: dict[str, str] = Field(default_factory=dict)
    pace: Pace = "quick"
    announce: str = ""
    confirm: str = ""

    def sealed(self) -> bool:
        return not self.open

    def asked(self) -> list[str]:
        return [s for s in self.seats if s not in self.answers]

    def default_for(self, seat: str) -> str:
        return self.pass_key

    def _offered(self, seat: str) -> list[Option]:
        return [*self.options.get(seat, []), Option(key=self.pass_key, label=self.pass_label)]

    def legal(self, rules: Responder, state: Any, seat: str) -> list[Intent]:
        """The reactions, then passing; or passing where one of the window's actions offers it (first,
        say)."""
        if seat not in self.asked():
            return []
        reactions = option_intents(self.options.get(seat, [])) + intents_of(
            rules.actions, self.actions, state, seat
        )
        passing = Intent.parse(self.pass_key)
        return reactions if passing in reactions else [*reactions, passing]

    def why_not(self, rules: Responder, state: Any, seat: str, intent: Intent) -> str | None:
        if seat in self.answers:
            return "You have already answered; the window closes when everyone has."
        if rules.actions.offers(self.actions, intent.kind):
            return rules.actions[intent.kind].why_not(state, seat, intent)
        if any(o.key == intent.key() for o in self._offered(seat)):
            return None
        offered = [
            Option(
                key=i.key(), label=self.label(rules, state, i) or rules.actions[i.kind].safe_label(state, i)
            )
            for i in self.legal(rules, state, seat)
        ]
        return not_an_option(offered)

    def accept(self, rules: Responder, state: Any, seat: str, intent: Intent) -> list[Event]:
        key = intent.key()
        if self.open and key != self.pass_key:
            # A declaration takes effect now and reopens the window for everyone (the declarer too: it
            # may add more); the window closes once every asked seat has passed since the last one.
            self.answers = {}
            return rules.on_answer(state, self, seat, intent)
        self.answers[seat] = key
        events = self._noticed(rules, state, seat, intent)
        if self.asked():
            return events
        state.waiting.pop(self)
        ordered = [(s, Intent.parse(self.answers[s])) for s in self.seats if s in self.answers]
        return events + rules.on_close(state, self, ordered)

    def _noticed(self, rules: Responder, state: Any, seat: str, intent: Intent) -> list[Event]:
        events = [public("answered", self.announce.format(seat=seat), seat=seat)] if self.announce else []
        if self.confirm and intent.key() != self.pass_key:
            label = self.label(rules, state, intent)
            if label is None and rules.actions.offers(self.actions, intent.kind):
                label = rules.actions[intent.kind].safe_label(state, intent)
            events.append(
                private(seat, "your_answer", self.confirm.format(seat=seat, label=label or intent.key()))
            )
        return events

    def fixed(self, seat: str) -> list[Option]:
        return self._offered(seat) if seat in self.asked() else []

    def acts(self) -> list[str]:
        return list(self.actions)

    def not_asked(self, seat: str) -> str | None:
        if seat in self.answers:
            return "You have already answered; the window closes when everyone has"
        return None

    def label(self, rules: Responder, state: Any, intent: Intent) -> str | None:
        key = intent.key()
        if key == self.pass_key:
            return self.pass_label
        for options in self.options.values():
            found = option_label(options, key)
            if found is not None:
                return found
        return None


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
