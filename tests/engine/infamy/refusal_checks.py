"""Game-agnostic checks of refusals, for any :class:`engine.core.Game` (Infamy's tests use them; Gamedec's
counterpart can import them as they are: nothing here knows a game).

A good refusal names the reason and what is possible instead: it is not the generic list of everything
("Possible: ..." with 8 or more actions), it never shows a raw intent key (``bid:to=3``), and it never
names a card another seat holds in secret.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from engine.core import Intent
from engine.core.agents import RandomAgent
from engine.core.playout import next_decision, step

RAW_KEY = re.compile(r"\w+:\w+=")
GENERIC = (
    "That is not something you can do in your turn now",
    "That is not one of the choices",
    "is not possible now. Possible:",
)
"""The runtime's fall-back wordings (lists of options without a reason)."""


def listed_after(message: str, marker: str) -> int:
    """How many items a "marker: a, b, c and d" listing in ``message`` names (0: no such listing)."""
    if marker not in message:
        return 0
    tail = message.split(marker, 1)[1].split(".")[0]
    return len(re.split(r", | or | and ", tail))


def refusal_problems(
    game: Any, state: Any, seat: str, intent: Intent, secret_words: Iterable[str] = ()
) -> list[str]:
    """What is wrong with the refusal of ``intent`` by ``seat`` (empty: a good refusal). ``secret_words``:
    names the seat must not read (another seat's hidden cards)."""
    message = game.why_not(state, seat, intent)
    if message is None:
        return [f"{intent.key()} is legal for {seat}: not a refusal"]
    problems = []
    if RAW_KEY.search(message):
        problems.append(f"raw intent key in {message!r}")
    if any(g in message for g in GENERIC) or listed_after(message, "Possible:") >= 8:
        problems.append(f"generic list in {message!r}")
    if not says_what_is_possible(game, state, seat, message):
        problems.append(f"nothing possible named in {message!r}")
    leaked = [w for w in secret_words if w and w in message]
    if leaked:
        problems.append(f"hidden {leaked} in {message!r}")
    return problems


def says_what_is_possible(game: Any, state: Any, seat: str, message: str) -> bool:
    """The message names one of the seat's legal moves (its label or its kind), or, when the seat has none,
    whom the game waits for."""
    text = message.lower()
    legal = game.legal(state, seat)
    if not legal:
        return any(s.lower() in text for s in game.awaiting(state)) or "when everyone has" in text
    return any(game.describe(state, i).lower() in text or i.kind.replace("_", " ") in text for i in legal)


def perturbed(intent: Intent, words: Iterable[str]) -> Iterator[Intent]:
    """Intents of the same shape with one argument changed: numbers out of reach, other plausible words."""
    for index, (name, value) in enumerate(intent.args):
        others: list[int | str] = (
            [value + 1000, 0] if isinstance(value, int) else [w for w in words if w != value]
        )
        for other in others:
            args = list(intent.args)
            args[index] = (name, other)
            yield Intent(intent.kind, tuple(args))


def sample_states(
    game: Any, seats: list[str], seeds: Iterable[int], keep: Callable[[Any], bool] = lambda state: True
) -> Iterator[Any]:
    """Every state of random playouts (for ``keep``), to find moments where each intent kind is or is not
    offered."""
    for seed in seeds:
        state = game.setup(seats, seed)
        agents = {s: RandomAgent(seed * 7 + i) for i, s in enumerate(seats)}
        while game.outcome(state) is None:
            if keep(state):
                yield state
            seat = next_decision(game, state)
            if seat is None:
                return
            state, _, _ = step(game, state, seat, agents[seat])


def offered_kinds(game: Any, state: Any) -> dict[str, list[tuple[str, Intent]]]:
    """kind -> (seat, legal intent) for every intent offered to someone now."""
    out: dict[str, list[tuple[str, Intent]]] = {}
    for seat in game.awaiting(state):
        for intent in game.legal(state, seat):
            out.setdefault(intent.kind, []).append((seat, intent))
    return out


Samples = dict[str, tuple[Any, str, Intent]]
"""Intent kind -> (a state offering it, the seat offered it, one offered intent)."""
Hidden = Callable[[Any, str], list[str]]


def check_refused_where_offered(
    game: Any, offered: Samples, kind: str, words: Iterable[str], hidden_from: Hidden
) -> None:
    """Refusals of a kind where it is offered (its arguments perturbed; asked of seats not awaited): not
    the generic list, no raw intent key, what is possible instead, nothing hidden."""
    assert kind in offered, f"no sample state offers {kind}"
    state, seat, legal = offered[kind]
    tried = [(seat, i) for i in perturbed(legal, words) if game.why_not(state, seat, i) is not None]
    tried += [(other, legal) for other in state.seats if other not in game.awaiting(state)]
    assert tried, f"no refused {kind} intent could be built"
    for who, intent in tried:
        assert refusal_problems(game, state, who, intent, hidden_from(state, who)) == [], intent.key()


def check_refused_where_not_offered(
    game: Any, offered: Samples, absent: dict[str, Any], kind: str, hidden_from: Hidden
) -> None:
    """The same checks for a kind nobody is offered now."""
    state = absent[kind]
    _, _, legal = offered[kind]
    for seat in state.seats:
        assert refusal_problems(game, state, seat, legal, hidden_from(state, seat)) == [], (seat, legal.key())
