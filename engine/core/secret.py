"""SecretFrame: several seats commit in secret, revealed together (see :mod:`.waiting`)."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field

from .frame import Frame, Option, Responder, not_an_option, option_intents, option_label
from .intent import Intent
from .model import Event, Prompt, private, public


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
