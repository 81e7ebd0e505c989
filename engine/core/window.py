"""WindowFrame: a reaction window, sealed or open (see :mod:`.waiting`)."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field

from .actions import intents_of
from .frame import Frame, Option, Responder, not_an_option, option_intents, option_label
from .intent import Intent
from .model import Event, Pace, private, public


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
        if seat in self.answers and self.open:
            return "You passed; you are asked again if someone declares something"
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
