"""What every waiting frame is made of: the base :class:`Frame`, the :class:`Option` it offers and the
:class:`Responder` it answers to. The kinds of frame are in :mod:`.waiting` (and :mod:`.each`).

Any frame may name **asides** (``Frame.asides``): action kinds its asked seats may take *without*
answering it, such as a discard "at any moment (also in the turns of other players)". The frame stays
open; the action's options, refusal and effect are the action's own (an effect may close or change the
frame itself). An intent the frame offers as an answer answers it, even when an aside has the same kind.
"""

from __future__ import annotations

from typing import Any, Protocol

from pydantic import BaseModel, ConfigDict, Field

from .actions import ActionSet, intents_of
from .intent import Intent
from .labels import listing
from .model import Event, Pace, Prompt


class Option(BaseModel):
    """One answer offered to a seat: an intent key and the label a person reads."""

    model_config = ConfigDict(frozen=True)
    key: str
    label: str


class Responder(Protocol):
    """What frames need of a game's rules: its actions and its answer handlers."""

    actions: ActionSet[Any]

    def on_answer(self, state: Any, frame: Frame, seat: str, intent: Intent) -> list[Event]: ...

    def on_reveal(self, state: Any, frame: Frame, choices: dict[str, Intent]) -> list[Event]: ...

    def on_close(self, state: Any, frame: Frame, answers: list[tuple[str, Intent]]) -> list[Event]: ...

    def on_part(
        self, state: Any, frame: Frame, seat: str, draft: list[Intent]
    ) -> list[tuple[str, list[Option]]] | None: ...


class Frame(BaseModel):
    """What every frame holds. ``topic`` names the question (and its handlers); ``data`` is the typed
    payload the handlers read (the dump of the game's payload model)."""

    model_config = ConfigDict(extra="forbid")
    kind: str
    topic: str
    ref: str = ""
    text: str = ""
    texts: dict[str, str] = Field(default_factory=dict)
    """Per-seat text, where seats are asked different things."""
    public: str = ""
    """The question in the third person for everyone else (``Prompt.public``): one text for all its seats."""
    data: dict[str, Any] = Field(default_factory=dict)
    pace: Pace = "normal"
    asides: list[str] = Field(default_factory=list)
    """Action kinds an asked seat may take without answering (see the module docstring)."""

    # --- what every kind answers --------------------------------------------------------------

    def asked(self) -> list[str]:
        """Seats to prompt now, in order."""
        raise NotImplementedError

    def default_for(self, seat: str) -> str:
        raise NotImplementedError

    def legal(self, rules: Responder, state: Any, seat: str) -> list[Intent]:
        raise NotImplementedError

    def why_not(self, rules: Responder, state: Any, seat: str, intent: Intent) -> str | None:
        """None when ``intent`` answers this frame for ``seat``; else the refusal a player reads."""
        raise NotImplementedError

    def accept(self, rules: Responder, state: Any, seat: str, intent: Intent) -> list[Event]:
        """Take a checked answer: record it, pop the frame when it is done, call the handlers."""
        raise NotImplementedError

    def label(self, rules: Responder, state: Any, intent: Intent) -> str | None:
        """The label of an answer this frame offers; None when it offers no such answer."""
        return None

    # --- what it offers, and the question it reads (for refusals, views and adapters) ----------

    def fixed(self, seat: str) -> list[Option]:
        """The answers fixed when it was asked that this frame offers ``seat`` now (its named actions'
        intents are read from the state: :meth:`acts`)."""
        return []

    def acts(self) -> list[str]:
        """The action kinds that answer this frame."""
        return []

    def answer_kinds(self, seat: str) -> set[str]:
        """The intent kinds of the fixed answers ``seat`` is (or, in a later part, will be) offered."""
        return {Intent.parse(o.key).kind for o in self.fixed(seat)}

    def answer_problem(self, seat: str, intent: Intent) -> str | None:
        """What is wrong with an answer of one of this frame's answer kinds that it does not take (a pick of
        the wrong size); None: nothing more precise than "not offered"."""
        return None

    def question(self, seat: str) -> str:
        """The question ``seat`` reads now."""
        return self.text_for(seat)

    def not_asked(self, seat: str) -> str | None:
        """Why ``seat``, one of the seats this frame is for, is not asked now (it has chosen, it passed);
        None when the frame never asked it."""
        return None

    def given(self, seat: str) -> list[Option]:
        """What ``seat`` has answered so far and is not revealed yet, labelled (the parts of its secret
        choice, for its own view); nothing for a frame that keeps no hidden answers."""
        return []

    def offered(self, rules: Responder, state: Any, seat: str) -> list[Option]:
        """Everything this frame offers ``seat`` now, labelled: its fixed answers, then its actions'."""
        if seat not in self.asked():
            return []
        named = intents_of(rules.actions, self.acts(), state, seat)
        return [
            *self.fixed(seat),
            *(Option(key=i.key(), label=rules.actions[i.kind].safe_label(state, i)) for i in named),
        ]

    # --- shared ------------------------------------------------------------------------------

    def text_for(self, seat: str) -> str:
        return self.texts.get(seat, self.text)

    def sealed(self) -> bool:
        """True when answers stay secret until the frame closes (the prompts are ``simultaneous``)."""
        return False

    def prompts(self) -> list[Prompt]:
        return [
            Prompt(
                seat,
                self.topic,
                self.text_for(seat),
                Intent.parse(self.default_for(seat)),
                simultaneous=self.sealed(),
                pace=self.pace,
                ref=self.ref,
                public=self.public,
            )
            for seat in self.asked()
        ]

    def aside_intents(self, rules: Responder, state: Any, seat: str) -> list[Intent]:
        """The asides ``seat`` may take now (only a seat the frame asks)."""
        return intents_of(rules.actions, self.asides, state, seat) if seat in self.asked() else []

    def is_aside(self, rules: Responder, state: Any, seat: str, intent: Intent) -> bool:
        """Whether ``intent`` is to be taken as an aside: of an aside's kind, and not an answer."""
        return (
            rules.actions.offers(self.asides, intent.kind)
            and self.why_not(rules, state, seat, intent) is not None
        )


def option_intents(options: list[Option]) -> list[Intent]:
    return [Intent.parse(o.key) for o in options]


def option_label(options: list[Option], key: str) -> str | None:
    return next((o.label for o in options if o.key == key), None)


def not_an_option(options: list[Option], extra: list[str] | None = None) -> str:
    labels = [o.label for o in options] + (extra or [])
    return (
        f"That is not one of the choices. Choose one of: {listing(labels)}."
        if labels
        else "There is nothing to choose here."
    )
