"""The asking helpers of :class:`~.rules.Rules`: each pushes a frame (a question, a secret choice, a
window, a turn), and a question with one possible answer is applied at once, never asked (unless it offers
asides: the seat may do something else first)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from pydantic import BaseModel

from .each import EachFrame, Question
from .flow import Step
from .intent import Intent
from .labels import fit
from .lone import made_alone
from .model import Event, Pace
from .waiting import AskFrame, ChooseManyFrame, Frame, Option, SecretFrame, TurnFrame, WindowFrame

Offer = Sequence[tuple[Intent, str]]
"""Answers offered to a seat: (intent, label) pairs."""


def options(offer: Offer) -> list[Option]:
    return [Option(key=intent.key(), label=fit(label)) for intent, label in offer]


def _default(offer: Offer, default: Intent | None) -> str:
    return (default or (offer[0][0] if offer else Intent("pass"))).key()


def _dump(payload: BaseModel | None) -> dict[str, Any]:
    return payload.model_dump(mode="json") if payload is not None else {}


def _commit_lone(frame: SecretFrame, seat: str, parts: Sequence[Offer]) -> None:
    """Commit ``seat``'s choice for it when every part has one possible answer (see ``secret(lone=)``)."""
    if not parts or any(len(offer) != 1 for offer in parts):
        return
    answers = [offer[0][0] for offer in parts]
    frame.chosen[seat] = Intent(answers[0].kind, tuple(a for part in answers for a in part.args)).key()
    frame.more.pop(seat, None)
    for answer in answers:
        made_alone(seat, answer.key())  # a replay of a log written when it was asked skips it


class Asking:
    """The asking half of a game's rules; the registry half answers what is applied at once."""

    def on_answer(self, state: Any, frame: Frame, seat: str, intent: Intent) -> list[Event]:
        raise NotImplementedError

    def on_close(self, state: Any, frame: Frame, answers: list[tuple[str, Intent]]) -> list[Event]:
        raise NotImplementedError

    def on_reveal(self, state: Any, frame: Frame, choices: dict[str, Intent]) -> list[Event]:
        raise NotImplementedError

    def ask(
        self,
        state: Any,
        seat: str,
        topic: str,
        text: str,
        offer: Offer,
        *,
        default: Intent | None = None,
        payload: BaseModel | None = None,
        actions: Iterable[str] = (),
        asides: Iterable[str] = (),
        pace: Pace = "normal",
        always: bool = False,
        public: str = "",
    ) -> list[Event]:
        """Ask ``seat`` one question. With exactly one possible answer (and no actions nor asides) it is
        applied now, unless ``always``: where whether there is a choice at all depends on what only this
        seat knows (its hand), answering for it would tell the others by the timing of the prompt."""
        kinds = list(actions)
        frame = AskFrame(
            topic=topic,
            text=text,
            seat=seat,
            options=options(offer),
            actions=kinds,
            default=_default(offer, default),
            data=_dump(payload),
            pace=pace,
            asides=list(asides),
            public=public,
        )
        if len(offer) == 1 and not kinds and not frame.asides and not always:
            made_alone(seat, offer[0][0].key())  # a replay of a log written when it was asked skips it
            return self.on_answer(state, frame, seat, offer[0][0])
        state.waiting.push(frame)
        return []

    def choose_many(
        self,
        state: Any,
        seat: str,
        topic: str,
        text: str,
        offer: Offer,
        *,
        least: int,
        most: int,
        payload: BaseModel | None = None,
        asides: Iterable[str] = (),
        public: str = "",
    ) -> list[Event]:
        """Ask ``seat`` to pick ``least`` to ``most`` of the offered items (an item's intent key is the value
        used in the answer ``choose:pick=a+b``: keep it a plain word). ``asides``: actions the seat may take
        meanwhile without answering (see :mod:`.frame`)."""
        items = [Option(key=intent.key(), label=fit(label)) for intent, label in offer]
        frame = ChooseManyFrame(
            topic=topic,
            text=text,
            seat=seat,
            items=items,
            least=least,
            most=min(most, len(items)),
            data=_dump(payload),
            asides=list(asides),
            public=public,
        )
        if least >= len(items) and not frame.asides:
            return self.on_answer(state, frame, seat, ChooseManyFrame.answer([o.key for o in items]))
        state.waiting.push(frame)
        return []

    def secret(
        self,
        state: Any,
        seats: Sequence[str],
        topic: str,
        text: str,
        offers: Mapping[str, Offer],
        *,
        defaults: Mapping[str, Intent] | None = None,
        texts: Mapping[str, str] | None = None,
        more: Mapping[str, Sequence[tuple[str, Offer]]] | None = None,
        payload: BaseModel | None = None,
        announce: str = "{seat} has chosen.",
        confirm: str = "You chose: {label}.",
        pace: Pace = "normal",
        asides: Iterable[str] = (),
        public: str = "",
        lone: Iterable[str] = (),
    ) -> list[Event]:
        """Every seat in ``seats`` commits in secret; revealed together when the last one has chosen.
        ``more[seat]`` adds later parts to that seat's choice: (question, offer) pairs. ``announce`` and
        ``confirm`` are the notices of each commitment (see :class:`SecretFrame`). ``lone``: the seats
        that commit at once, unasked, when they have one possible answer to every part: name only seats
        whose number of answers is public (else the prompt's absence would tell what they hold)."""
        parts = more or {}
        frame = SecretFrame(
            topic=topic,
            text=text,
            seats=list(seats),
            options={s: options(offers[s]) for s in seats},
            more={s: [options(offer) for _, offer in parts[s]] for s in parts},
            part_texts={s: [question for question, _ in parts[s]] for s in parts},
            defaults={s: i.key() for s, i in (defaults or {}).items()},
            texts=dict(texts or {}),
            data=_dump(payload),
            announce=announce,
            confirm=confirm,
            pace=pace,
            asides=list(asides),
            public=public,
        )
        alone = set(lone)
        for seat in (s for s in seats if s in alone):
            _commit_lone(frame, seat, [offers[seat], *(offer for _, offer in parts.get(seat, ()))])
        if alone and not frame.asked():
            return self.on_reveal(state, frame, {s: Intent.parse(frame.chosen[s]) for s in seats})
        state.waiting.push(frame)
        return []

    def window(
        self,
        state: Any,
        seats: Sequence[str],
        topic: str,
        text: str,
        offers: Mapping[str, Offer],
        *,
        open_: bool = False,
        pass_as: tuple[Intent, str] = (Intent("pass"), "Pass"),
        payload: BaseModel | None = None,
        actions: Iterable[str] = (),
        asides: Iterable[str] = (),
        announce: str = "",
        confirm: str = "",
        public: str = "",
    ) -> list[Event]:
        """A reaction window for ``seats`` (choose them by the public rules). Nobody asked: it closes now.
        ``actions`` offer reactions read from the state when asked; ``announce``/``confirm``: see
        :class:`WindowFrame`."""
        frame = WindowFrame(
            topic=topic,
            text=text,
            seats=list(seats),
            options={s: options(offers.get(s, ())) for s in seats},
            open=open_,
            pass_key=pass_as[0].key(),
            pass_label=pass_as[1],
            data=_dump(payload),
            actions=list(actions),
            asides=list(asides),
            announce=announce,
            confirm=confirm,
            public=public,
        )
        if not seats:
            return self.on_close(state, frame, [])
        state.waiting.push(frame)
        return []

    def each(
        self,
        state: Any,
        seats: Sequence[str],
        topic: str,
        questions: Mapping[str, tuple[str, Offer]],
        *,
        defaults: Mapping[str, Intent] | None = None,
        payload: BaseModel | None = None,
        asides: Iterable[str] = (),
        pace: Pace = "normal",
        publics: Mapping[str, str] | None = None,
    ) -> list[Event]:
        """Ask every seat in ``seats`` its own question at once, in the open: ``questions[seat]`` is its
        (text, offer), ``publics[seat]`` that question told to the others. Nobody asked: it closes now."""
        asked = {
            s: Question(
                text=questions[s][0],
                public=(publics or {}).get(s, ""),
                options=options(questions[s][1]),
                default=_default(questions[s][1], (defaults or {}).get(s)),
            )
            for s in seats
        }
        frame = EachFrame(
            topic=topic,
            seats=list(seats),
            questions=asked,
            data=_dump(payload),
            asides=list(asides),
            pace=pace,
        )
        if not seats:
            return self.on_close(state, frame, [])
        state.waiting.push(frame)
        return []

    @staticmethod
    def follow_up(
        state: Any,
        topic: str,
        seat: str,
        text: str,
        offer: Offer,
        *,
        default: Intent | None = None,
        public: str = "",
    ) -> None:
        """From the handler of ``seat``'s answer in the open each-frame ``topic``: ask it a next question."""
        frame = state.waiting.find("each", topic)
        if not isinstance(frame, EachFrame):
            raise ValueError(f"no each-frame '{topic}' is open")
        frame.ask_again(seat, text, options(offer), _default(offer, default), public)

    def turn(
        self,
        state: Any,
        seat: str,
        topic: str,
        text: str,
        actions: Iterable[str],
        *,
        default: Intent,
        pace: Pace = "normal",
        waits_for: Iterable[str] | None = None,
        public: str = "",
    ) -> TurnFrame:
        """Open ``seat``'s turn offering ``actions``; one of them ends it with :meth:`end_turn`. With
        ``waits_for`` (the ops of the rest of the round), the steps its actions queue run while it is open."""
        frame = TurnFrame(
            topic=topic,
            text=text,
            seat=seat,
            actions=list(actions),
            default=default.key(),
            pace=pace,
            waits_for=None if waits_for is None else list(waits_for),
            public=public,
        )
        state.waiting.push(frame)
        return frame

    @staticmethod
    def end_turn(state: Any) -> None:
        """Close the open turn (and anything asked on top of it)."""
        frame = state.waiting.find("turn")
        if frame is None:
            return
        while state.waiting.top() is not frame:
            state.waiting.pop(state.waiting.top())
        state.waiting.pop(frame)

    @staticmethod
    def queue(state: Any, *steps: Step) -> None:
        """Append ``steps`` to the procedure (shorthand for ``state.later``)."""
        state.later(*steps)
