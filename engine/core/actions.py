"""Actions: one object per intent kind, holding its options, its refusal, its effect and its label.

An open turn (see :mod:`.waiting`) offers a set of actions; an ask may offer actions too. Adding an
action to a game touches one file: the class below, registered with the game's rules::

    @RULES.action
    class Draw(Action[MyState]):
        kind = "draw"
        family = "play"

        def options(self, state, seat):          # complete and finite: legal() lists them
            return [Intent.of("draw")] if state.deck else []

        def refusal(self, state, seat, intent):  # why an intent of this kind is refused, in plain words
            return "The deck is empty." if not state.deck else None

        def apply(self, state, seat, intent):
            ...

        def label(self, state, intent):
            return "Draw a card"

``why_not`` is the check: ``None`` means legal. Its default asks :meth:`Action.refusal` for a precise
reason, then falls back to membership in :meth:`Action.options` with the possible ones named. An action
whose options cannot be listed cheaply (a path on a grid) overrides ``why_not`` and ``choices``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, Generic, TypeVar

from .args import Arg, Shape
from .intent import Intent
from .labels import fit, listing
from .model import Event

S = TypeVar("S")

FAMILIES = ("move", "play", "trade", "discard", "end")
"""How menus group actions: moving, playing, trading, discarding, ending (pass, end the turn)."""


class Action(Generic[S]):
    kind: ClassVar[str]
    family: ClassVar[str] = "play"
    summary: ClassVar[str] = ""
    """One line for a menu's description of the family's options (optional)."""
    also: ClassVar[tuple[str, ...]] = ()
    """Other intent kinds this action answers: its options list them among its own, in the order the rules
    give (placing a pawn or, instead, skipping it), and its refusal and effect take them too."""
    args: ClassVar[tuple[Arg, ...] | None] = None
    """The arguments of its intents, in the order its options build them (see :mod:`.args`); None: not
    declared (the conformance suite requires a declaration for every kind a game offers)."""
    also_args: ClassVar[Mapping[str, tuple[Arg, ...]]] = {}
    """The arguments of an ``also`` kind that takes others than :attr:`args`."""
    when: ClassVar[str] = ""
    """When this action is possible, in a sentence ("Moves are made in your own turn"): the reason a
    refusal gives for an intent of this kind at another moment."""
    also_when: ClassVar[Mapping[str, str]] = {}
    """When an ``also`` kind is possible, where it is said otherwise than :attr:`when`."""

    def shapes(self) -> list[Shape]:
        """The shapes of the kinds this action answers (none when its arguments are not declared)."""
        if self.args is None:
            return []
        own = Shape(self.kind, self.args, title=self.summary, when=self.when)
        return [own] + [
            Shape(k, self.also_args.get(k, self.args), when=self.also_when.get(k, self.when))
            for k in self.also
        ]

    def options(self, state: S, seat: str) -> list[Intent]:
        """Every intent of this kind ``seat`` may play now: complete and finite."""
        raise NotImplementedError

    def refusal(self, state: S, seat: str, intent: Intent) -> str | None:
        """Why ``intent`` (of this kind) is refused, when a precise reason exists; None to fall back on
        the list of possible ones. Called only for intents that are not legal."""
        return None

    def why_not(self, state: S, seat: str, intent: Intent) -> str | None:
        """None when ``intent`` is legal for ``seat`` now, else the refusal a player reads."""
        options = self.options(state, seat)
        if intent in options:
            return None
        reason = self.refusal(state, seat, intent)
        if reason:
            return reason
        if not options:
            return f"{self.safe_label(state, intent)} is not possible now."
        shown = listing([self.safe_label(state, i) for i in options])
        return f"{self.safe_label(state, intent)} is not possible now. Possible: {shown}."

    def apply(self, state: S, seat: str, intent: Intent) -> list[Event]:
        """Carry out a checked, legal intent."""
        raise NotImplementedError

    def label(self, state: S, intent: Intent) -> str:
        """A short label a person reads (buttons, menus)."""
        return intent.kind.replace("_", " ").capitalize()

    def alternatives(self, state: S, intents: list[Intent]) -> list[str] | None:
        """How a refusal sums up this action's legal ``intents`` among what is possible instead ("bid 4 to
        11"); None: by their labels."""
        return None

    def register(self, rules: Any) -> None:
        """Called once when the action is added to a game's rules: an action that asks follow-up questions
        registers their answer handlers here (see :class:`engine.core.board.MoveAction`)."""

    def safe_label(self, state: S, intent: Intent) -> str:
        """:meth:`label` that never raises, whatever the intent's arguments (hostile input included)."""
        try:
            return fit(self.label(state, intent))
        except Exception:  # noqa: BLE001 - a label for a malformed intent must not crash its refusal
            return fit(intent.kind.replace("_", " ").capitalize())


class ActionSet(Generic[S]):
    """The actions of one game, by kind."""

    def __init__(self) -> None:
        self._actions: dict[str, Action[S]] = {}

    def add(self, action: Action[S]) -> None:
        for kind in (action.kind, *action.also):
            if kind in self._actions:
                raise ValueError(f"action '{kind}' is registered twice")
            self._actions[kind] = action

    def get(self, kind: str) -> Action[S] | None:
        return self._actions.get(kind)

    def __getitem__(self, kind: str) -> Action[S]:
        return self._actions[kind]

    @property
    def kinds(self) -> frozenset[str]:
        return frozenset(self._actions)

    def all(self) -> list[Action[S]]:
        return list({id(a): a for a in self._actions.values()}.values())

    def offers(self, kinds: list[str], kind: str) -> bool:
        """Whether an intent of ``kind`` is answered by one of the actions named ``kinds``."""
        action = self._actions.get(kind)
        return action is not None and action.kind in kinds


def intents_of(actions: ActionSet[Any], kinds: list[str], state: Any, seat: str) -> list[Intent]:
    """Every legal intent of the named actions, in the order the kinds are given."""
    out: list[Intent] = []
    for kind in kinds:
        action = actions.get(kind)
        if action is not None:
            out += action.options(state, seat)
    return out
