"""EachFrame: several seats answer a question of their own at once, in the open.

Every player may make an offer, every player discards down to his limit: nobody waits for anybody, and an
answer is public when it is made (the prompts are not ``simultaneous``). Each answer goes to the topic's
``answers`` handler as it comes; the handler may ask that seat a follow-up question (its second part: what
it asks in return for what it offers) with :meth:`~.rules.Rules.follow_up`, which has a prompt ref of its
own. When nobody is left to answer, the frame closes and the topic's ``closed`` handler receives every
answer, seat by seat in the frame's order.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field

from .frame import Frame, Option, Responder, not_an_option, option_intents, option_label
from .intent import Intent
from .model import Event, Prompt


class Question(BaseModel):
    """What one seat is asked now: its text, its answers and the answer its deadline applies."""

    text: str
    public: str = ""
    """The question in the third person for everyone else (``Prompt.public``)."""
    options: list[Option]
    default: str
    part: int = 1
    """1 for the seat's first question, 2 for its follow-up, ...: each part has a ref of its own."""


class EachFrame(Frame):
    kind: Literal["each"] = "each"
    seats: list[str]
    questions: dict[str, Question]
    """The seats still to answer and what each is asked."""
    answered: list[tuple[str, str]] = Field(default_factory=list)
    """(seat, intent key) of every answer so far, in the order given."""

    def asked(self) -> list[str]:
        return [s for s in self.seats if s in self.questions]

    def default_for(self, seat: str) -> str:
        return self.questions[seat].default

    def prompts(self) -> list[Prompt]:
        out = []
        for seat in self.asked():
            q = self.questions[seat]
            ref = self.ref if q.part == 1 else f"{self.ref}-{q.part}"
            out.append(
                Prompt(
                    seat,
                    self.topic,
                    q.text,
                    Intent.parse(q.default),
                    pace=self.pace,
                    ref=ref,
                    public=q.public,
                )
            )
        return out

    def legal(self, rules: Responder, state: Any, seat: str) -> list[Intent]:
        return option_intents(self.questions[seat].options) if seat in self.questions else []

    def why_not(self, rules: Responder, state: Any, seat: str, intent: Intent) -> str | None:
        if seat not in self.questions:
            return "You have already answered; the others are still answering."
        options = self.questions[seat].options
        return None if any(o.key == intent.key() for o in options) else not_an_option(options)

    def accept(self, rules: Responder, state: Any, seat: str, intent: Intent) -> list[Event]:
        del self.questions[seat]
        self.answered.append((seat, intent.key()))
        events = rules.on_answer(state, self, seat, intent)
        if self.asked():
            return events
        state.waiting.pop(self)
        ordered = [(s, Intent.parse(key)) for s in self.seats for who, key in self.answered if who == s]
        return events + rules.on_close(state, self, ordered)

    def label(self, rules: Responder, state: Any, intent: Intent) -> str | None:
        for q in self.questions.values():
            found = option_label(q.options, intent.key())
            if found is not None:
                return found
        return None

    def fixed(self, seat: str) -> list[Option]:
        question = self.questions.get(seat)
        return list(question.options) if question is not None else []

    def question(self, seat: str) -> str:
        question = self.questions.get(seat)
        return question.text if question is not None else self.text_for(seat)

    def not_asked(self, seat: str) -> str | None:
        if seat in self.seats and seat not in self.questions:
            return "You have answered; the others are still answering"
        return None

    def ask_again(self, seat: str, text: str, options: list[Option], default: str, public: str = "") -> None:
        """Ask ``seat`` its next question (from the handler of its last answer)."""
        part = 1 + sum(1 for who, _ in self.answered if who == seat)
        self.questions[seat] = Question(text=text, public=public, options=options, default=default, part=part)
