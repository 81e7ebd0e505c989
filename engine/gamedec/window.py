"""The Assist/Sabotage window before every roll (a Task test, a fight, a story Task): an *open* window.

RB: "A detective carrying out an Assist or Sabotage should declare such an intention and discard one or more
cards he holds ... before the dice are rolled", and its example has each player decide knowing the earlier
declarations ("Seeing the danger, Ben decides to sabotage ... Angela decides also ... adds one more card
... The player controlling him decides to use the last of his set aside cards as an Assist"). So (RULINGS
11-13): each declaration takes effect and is public when made (the cards are discarded, the modifier shown,
the Reputation given at once); every seat that could react is asked again after it; the window closes when
every asked seat has passed since the last declaration, and the dice are rolled.

Only seats that could react by the public rules are asked: a detective holding set-aside cards (a public
count), a tester who can use Smoke and Mirrors (a started Scenario and his Credits, both public), and the
tester when he may still trade before his roll (FAQ "Can one trade while performing a Task? Yes, but only
before the dice roll"). Nobody able to react: no window, the dice are rolled.
"""

from __future__ import annotations

from engine.core import Event, Intent, clockwise, public
from engine.core.args import number, word
from engine.core.rules import NoPayload
from engine.core.waiting import WindowFrame

from . import modifiers as M
from . import rules as R
from . import story as ST
from .actions.base import GamedecAction
from .answers import decide
from .names import seat_named, skill_name
from .pack import load_pack
from .runtime import RULES
from .state import GamedecState, TestState
from .steps import RollStep

WINDOW_ASIDES = ("trade", "offer", "discard", "discard_eq", "story_start", "ability")
"""RULINGS 15 and 37: the tester may trade before his own roll; discards and the "at any moment" Scenario
abilities are not answers."""
REACTIONS = ("pass", "assist", "boost")


def test_label(state: GamedecState) -> str:
    """What is being tested, for the window's question (public: the test is announced when it begins)."""
    test = state.test
    assert test is not None
    if test.kind == "task":
        task = load_pack().tasks[test.card]
        mods = M.cards_ledger(
            M.task_ledger(state, test.actor, task, test.space),
            test.plus.get(test.actor, 0),
            test.minus.get(test.actor, 0),
        )
        lag = ", a 1 fails (Lag)" if M.natural_one_fails(state, test.actor, test.space) else ""
        return (
            f"{test.actor} tests {task.name} (DL {task.dl}; {mods.explain()}: {mods.total:+d} so far, needs "
            f"{max(2, task.dl - mods.total)}+ on 2 dice{lag})"
        )
    if test.kind == "story":
        return f"{test.actor} undertakes a story Task (DL {ST.story_dl(test.card)})"
    return f"{test.actor} attacks {test.defender} ({skill_name(test.skill)})"


def testers(test: TestState) -> list[str]:
    return [test.actor] + ([test.defender] if test.defender else [])


def _boosts(state: GamedecState, seat: str) -> bool:
    """Smoke and Mirrors: a tester "must discard the Credit token before rolling the dice, analogously to
    Assist cards" (FAQ)."""
    assert state.test is not None
    return (
        seat in testers(state.test)
        and state.credits.of(seat) >= 1
        and R.power(state, seat, "credit_boost") > 0
    )


def _trades_first(state: GamedecState, seat: str) -> bool:
    """The tester of a Task (not a fight: RULINGS 15) may still trade before his roll."""
    test = state.test
    assert test is not None
    return seat == test.actor == state.active and test.kind != "attack" and R.can_trade(state, seat)


def reactors(state: GamedecState) -> list[str]:
    """The seats that may declare something now, clockwise from the tester (still playing: RB "A player
    who has finished the game cannot perform Assists, Sabotages and Trade")."""
    assert state.test is not None
    order = clockwise(state.seats, state.test.actor)
    return [
        s
        for s in order
        if not state.players[s].finished and (state.players[s].set_aside or _boosts(state, s))
    ]


def _asked(state: GamedecState) -> list[str]:
    """Who the window asks: the seats that can react, and the tester while he may still trade (only if
    the window is open anyway)."""
    seats = reactors(state)
    assert state.test is not None
    actor = state.test.actor
    if seats and actor not in seats and _trades_first(state, actor):
        seats = [actor, *seats]
    return seats


def _text(state: GamedecState, seat: str) -> str:
    """The question for ``seat``: only what it can do (never "use your cards" to a seat without any)."""
    p = state.players[seat]
    can = []
    if p.set_aside:
        n = len(p.set_aside)
        can.append(f"Assist (+2) or Sabotage (-2) with your set-aside cards ({n} card{'s' if n > 1 else ''})")
    if _boosts(state, seat):
        can.append("Smoke and Mirrors (1 Credit for +2)")
    if _trades_first(state, seat):
        can.append("trade first")
    what = "; ".join(can) + ", or pass" if can else "Pass"
    return f"{test_label(state)}. Before the roll: {what}. Declarations take effect at once."


def _ask(state: GamedecState, window: WindowFrame, seats: list[str]) -> None:
    window.seats = seats
    window.texts = {s: _text(state, s) for s in seats}
    window.text = window.texts[seats[0]] if seats else ""
    window.public = f"Before the roll ({test_label(state)}): may Assist, Sabotage or pass."


def _open(state: GamedecState, seats: list[str]) -> list[Event]:
    RULES.window(state, seats, "assist", "", {}, open_=True, actions=list(REACTIONS), asides=WINDOW_ASIDES)
    window = state.window
    assert window is not None
    _ask(state, window, seats)
    return [public("window", "Before the roll: Assists and Sabotages may be declared.")]


def _seven_offered(state: GamedecState) -> bool:
    """Less Randomness: "if while performing a Task a player uses 3 or more Assist cards, he may decide to
    automatically take the result 7"."""
    test = state.test
    assert test is not None
    return state.opts.less_randomness and test.kind == "task" and test.plus.get(test.actor, 0) >= 3


def _roll_or_seven(state: GamedecState) -> list[Event]:
    assert state.test is not None
    if _seven_offered(state):
        return decide(state, state.test.actor, "seven", "3+ Assist cards: take 7 on the dice, or roll?")
    state.now(RollStep())
    return []


def _closed(state: GamedecState) -> list[Event]:
    """Everyone asked passed: hidden-Scenario holders who assisted another detective may reveal it (asked
    in seat order, so the question tells nothing), then the dice (or the take-7 question) come."""
    test = state.test
    assert test is not None
    if state.opts.scenarios:
        helpers = [s for s in state.seats if s in test.rewarded and state.players[s].story == "hidden"]
        ST.offer_reveal(state, helpers)
    return _roll_or_seven(state)


def before_roll(state: GamedecState) -> list[Event]:
    """A test begins: its window, or (nobody can react) the roll."""
    seats = _asked(state)
    return _open(state, seats) if seats else _roll_or_seven(state)


def refresh_window(state: GamedecState) -> None:
    """After an aside or a trade inside the window (an Equipment card discarded or traded, Credits spent):
    the window asks again whoever can react now, with questions written anew (a new decision). When the
    window is on top and nobody can react any more, it closes and the dice are rolled."""
    window = state.window
    if window is None or state.test is None:
        return
    seats = _asked(state)
    if not seats:
        if state.waiting.top() is window:
            state.waiting.pop(window)
            _closed(state)
        return
    before = (list(window.seats), dict(window.texts))
    _ask(state, window, seats)
    if (window.seats, window.texts) != before:
        window.answers = {}  # a new question: everyone who can react is asked again
        state.waiting.renew(window)


# --- the window's answers -----------------------------------------------------------------------------


class Pass(GamedecAction):
    """Passing, the window's first answer (most answers are a pass) and its default."""

    kind = "pass"
    family = "end"
    args = ()
    when = "There is no Assist/Sabotage window to pass in now"

    def options(self, state: GamedecState, seat: str) -> list[Intent]:
        return [Intent.of("pass")]

    def label(self, state: GamedecState, intent: Intent) -> str:
        return "Pass"


class Assist(GamedecAction):
    """Assist (+2) or Sabotage (-2) a tester with 1-3 set-aside cards (RULINGS 11: finite menus; a seat
    may declare again while the window is open)."""

    kind = "assist"
    also = ("sabotage",)
    args = (word("on", seat_named), number("n"))
    when = "Assists are declared before a roll, while the Assist/Sabotage window asks you"
    also_when = {
        "sabotage": "Sabotages are declared before a roll, while the Assist/Sabotage window asks you"
    }

    def options(self, state: GamedecState, seat: str) -> list[Intent]:
        if state.test is None:
            return []
        out = []
        for n in range(1, min(3, len(state.players[seat].set_aside)) + 1):
            for on in testers(state.test):
                out += [Intent.of("assist", on=on, n=n), Intent.of("sabotage", on=on, n=n)]
        return out

    def refusal(self, state: GamedecState, seat: str, intent: Intent) -> str | None:
        if state.test is None:
            return "Assists and Sabotages are declared before a roll"
        held = len(state.players[seat].set_aside)
        n, on = intent.get("n"), intent.get("on")
        if not held:
            return "You hold no set-aside card (a failed Task card) to declare with"
        if on not in testers(state.test):
            rolling = testers(state.test)
            if len(rolling) == 1:
                return f"Only {rolling[0]} rolls now: declare on that roll"
            return f"Only {rolling[0]} and {rolling[1]} roll now: declare on one of them"
        if not isinstance(n, int) or n < 1:
            return "Declare with 1 card or more"
        if n > held:
            return f"You hold only {held} set-aside card{'s' if held > 1 else ''}"
        return "Up to 3 cards per declaration: declare again for more"

    def label(self, state: GamedecState, intent: Intent) -> str:
        n = intent.num("n")
        sign = "+" if intent.kind == "assist" else "-"
        what = f"{n} card{'s' if n > 1 else ''}"
        return f"{intent.kind.capitalize()} {intent.word('on')} with {what} ({sign}{2 * n})"


class Boost(GamedecAction):
    """Smoke and Mirrors: a tester discards a Credit before the roll for +2."""

    kind = "boost"
    args = (word("on", seat_named),)
    when = "Smoke and Mirrors is used before your own roll"

    def options(self, state: GamedecState, seat: str) -> list[Intent]:
        if state.test is None or not _boosts(state, seat):
            return []
        return [Intent.of("boost", on=seat)]

    def refusal(self, state: GamedecState, seat: str, intent: Intent) -> str | None:
        if state.test is None or seat not in testers(state.test):
            return "Smoke and Mirrors is used before your own roll"
        if not R.power(state, seat, "credit_boost"):
            return "Only a started Smoke and Mirrors Scenario gives this"
        if state.credits.of(seat) < 1:
            return "It needs 1 Credit: you hold none"
        return "Smoke and Mirrors boosts your own roll: name yourself"

    def label(self, state: GamedecState, intent: Intent) -> str:
        return "Smoke and Mirrors: 1 Credit for +2"


RULES.action(Pass)
RULES.action(Assist)
RULES.action(Boost)


def _declared(state: GamedecState, seat: str, intent: Intent) -> list[Event]:
    """One declaration, in effect at once (RULINGS 12: the declared cards are discarded)."""
    test = state.test
    assert test is not None
    p = state.players[seat]
    if intent.kind == "boost":
        state.credits.lose(seat, 1)
        test.plus[seat] = test.plus.get(seat, 0) + 1
        return [public("boost", f"{R.name(state, seat)} discards a Credit for +2.")]
    on, n = intent.word("on"), intent.num("n")
    used, p.set_aside = p.set_aside[:n], p.set_aside[n:]
    state.task_deck.discard(*used)
    book = test.plus if intent.kind == "assist" else test.minus
    book[on] = book.get(on, 0) + n
    sign = "+" if intent.kind == "assist" else "-"
    whom = "their own roll" if on == seat else on
    verb = "assists" if sign == "+" else "sabotages"
    card = f"{n} card{'s' if n > 1 else ''}"
    events = [
        public(
            intent.kind,
            f"{R.name(state, seat)} {verb} {whom} with {card} ({sign}{2 * n}).",
            seat=seat,
            on=on,
            n=n,
        )
    ]
    if intent.kind == "assist" and on != seat:
        # RB: "the assisting detective immediately increases his Reputation by 1 (regardless of the number of
        # cards devoted to it ...)": once per test (RULINGS 13)
        if seat not in test.rewarded:
            test.rewarded.append(seat)
            events += R.change_rep(state, seat, +1)
        if p.story == "hidden":
            hero = load_pack().scenarios[p.scenario].hero
            if hero and state.players[on].detective == hero:
                p.assist_ready = True
    return events


@RULES.unasked("assist")
def not_in_the_window(state: GamedecState, frame: WindowFrame, seat: str) -> str | None:
    """A seat the window does not ask: by the public rules it could not react (RB: an Assist or Sabotage
    discards "one or more cards he holds" set aside)."""
    if seat in frame.seats:
        return None
    return "You hold nothing to declare before this roll (no set-aside card)"


@RULES.answers("assist")
def _declaration(state: GamedecState, seat: str, intent: Intent, payload: NoPayload) -> list[Event]:
    """A declaration in the open window: in effect now; everyone who can still react is asked again."""
    test = state.test
    window = state.window
    assert test is not None and window is not None
    events = _declared(state, seat, intent)
    test.window_round += 1
    seats = _asked(state)
    if not seats:
        state.waiting.pop(window)
        return events + _closed(state)
    _ask(state, window, seats)
    state.waiting.renew(window)
    return events


@RULES.closed("assist")
def _window_closed(state: GamedecState, answers: list[tuple[str, Intent]], payload: NoPayload) -> list[Event]:
    """Every asked seat passed since the last declaration: the window closes."""
    return _closed(state)
