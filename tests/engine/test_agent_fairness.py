"""Agents choose from what their seat may know (issue 35 item 1).

At seeded decisions of every game, a second state is made from the first by changing only what the deciding
seat may not know (another seat's hand, a deck's order, the game's generator, a secret choice not yet
revealed), by a small helper per game written here independently of the game's ``determinize`` hook. The
seat's view must be the same in both; then every agent of the game, built with the same seed, must make the
same choice in both. ``Hasher`` is the strictest agent: it chooses by a hash of the whole state its view
samples, so it differs as soon as any hidden detail shows through. The last tests show the check fails
against an agent that reads the real state.
"""

from __future__ import annotations

import random
import zlib
from collections.abc import Callable
from typing import Any

import pytest

import engine
from engine.core.agents import RandomAgent, SampledAgent, SeatView, decide, make_agent, seat_view
from engine.core.game import Game
from engine.core.intent import Intent
from engine.core.rng import Rng
from engine.core.secret import SecretFrame

GAMES = ["infamy", "gamedec", "virtual_revolution", "nakamura_tower", "ipa_agents"]
SEATS = {"infamy": 3, "nakamura_tower": 2}


class Hasher(SampledAgent):
    """Chooses by a hash of everything in the state it samples: it reads every hidden detail it is given."""

    def pick(self, game: Game[Any], state: Any, seat: str, legal: list[Intent]) -> Intent:
        return legal[zlib.crc32(game.dump(state).encode()) % len(legal)]


def _swap_one(rng: random.Random, hand: list[str], pile: list[str]) -> None:
    """Exchange a card of ``hand`` with a different card of ``pile`` (sizes unchanged)."""
    if not hand or not pile:
        return
    i, j = rng.randrange(len(hand)), rng.randrange(len(pile))
    hand[i], pile[j] = pile[j], hand[i]


def _other_secrets(state: Any, seat: str) -> None:
    """Another seat's unrevealed secret choice becomes another of its options."""
    for frame in state.waiting.frames:
        if isinstance(frame, SecretFrame):
            for other, key in list(frame.chosen.items()):
                options = [o.key for o in frame.options.get(other, []) if o.key != key]
                if other != seat and options and not frame.more.get(other):
                    frame.chosen[other] = options[-1]


def _infamy(state: Any, seat: str, rng: random.Random) -> None:
    from engine.infamy import rules as R

    if not state.opts.open_hands:
        for other, player in state.players.items():
            for n, card in enumerate(player.hand if other != seat else []):
                deck = state.schemes[R.pack().schemes[card].faction].cards
                if deck:
                    j = rng.randrange(len(deck))
                    player.hand[n], deck[j] = deck[j], card
    for deck in state.schemes.values():
        deck.cards.reverse()
    state.missions.cards.reverse()
    state.contact_deck.reverse()


def _gamedec(state: Any, seat: str, rng: random.Random) -> None:
    for other, player in state.players.items():
        if other != seat:
            _swap_one(rng, player.hand, state.task_deck.cards)
    state.task_deck.cards.reverse()
    for deck in (state.equip_deck, state.commission_deck, state.terror_deck):
        deck.reverse()


def _virtual_revolution(state: Any, seat: str, rng: random.Random) -> None:
    from engine.virtual_revolution.rules import P

    for other, player in state.players.items():
        if other != seat:
            _swap_one(rng, player.hand, state.corruption.cards)
            if player.score is None:
                unused = sorted(
                    set(P().objectives) - {o for p in state.players.values() for o in p.objectives}
                )
                _swap_one(rng, player.objectives, unused)
    state.corruption.cards.reverse()
    for deck in (state.agent_deck, state.loc_deck, state.verse_deck):
        deck.reverse()
    if not any(p.peek for p in state.players.values()):
        state.necro_deck.reverse()


def _nakamura_tower(state: Any, seat: str, rng: random.Random) -> None:
    for other, team in state.teams.items():
        if other != seat:
            _swap_one(rng, team.hand, team.deck.cards)
        team.deck.cards.reverse()
    state.ai_deck.cards.reverse()
    state.cando.cards.reverse()


def _ipa_agents(state: Any, seat: str, rng: random.Random) -> None:
    for other, agent in state.agents.items():
        if other != seat:
            _swap_one(rng, agent.hand, state.deck)
    state.deck.reverse()
    kinds = [e.kind for e in state.events]
    for event, kind in zip(state.events, kinds[1:] + kinds[:1], strict=True):
        event.kind = kind


SCRAMBLE: dict[str, Callable[[Any, str, random.Random], None]] = {
    "infamy": _infamy,
    "gamedec": _gamedec,
    "virtual_revolution": _virtual_revolution,
    "nakamura_tower": _nakamura_tower,
    "ipa_agents": _ipa_agents,
}


def scrambled(game: Game[Any], state: Any, seat: str, seed: int) -> Any:
    """``state`` with what ``seat`` may not know changed (a copy)."""
    other = game.copy(state)
    SCRAMBLE[game.meta.id](other, seat, random.Random(seed))
    _other_secrets(other, seat)
    other.rng = Rng(seed=state.rng.seed + 7919, position=state.rng.position)
    return other


def decisions(game: Game[Any], seed: int, every: int = 23, count: int = 7) -> list[tuple[Any, str]]:
    """Seeded decisions of a random game: (state, seat) every ``every`` intents with a real choice."""
    seats = [f"p{i + 1}" for i in range(SEATS.get(game.meta.id, 2))]
    state = game.setup(seats, seed)
    agents = {s: RandomAgent(seed * 10 + i) for i, s in enumerate(seats)}
    found: list[tuple[Any, str]] = []
    for n in range(4000):
        if game.outcome(state) is not None or len(found) >= count:
            break
        seat = str(game.prompts(state)[0].seat)
        legal = game.legal(state, seat)
        if n % every == every - 1 and len(legal) > 1:
            found.append((state, seat))
        state, _ = game.apply_chosen(state, seat, decide(agents[seat], game, state, seat, legal), legal)
    return found


def agents_of(game: Game[Any]) -> dict[str, Callable[[int], Any]]:
    kinds: dict[str, Callable[[int], Any]] = {k: (lambda s, k=k: make_agent(game, k, s)) for k in game.agents}
    kinds["hasher"] = Hasher
    if "search" in kinds:
        kinds["search"] = lambda s: make_agent(game, "search", s).budgeted(iterations=1)
    return kinds


def unfair(game: Game[Any], view_of: Callable[[Any, str], SeatView], seed: int) -> list[str]:
    """The decisions where some agent chose differently in two states its seat cannot tell apart."""
    found = []
    for n, (state, seat) in enumerate(decisions(game, seed)):
        other = scrambled(game, state, seat, seed + n)
        assert game.view(other, seat) == game.view(state, seat), "the helper changed what the seat sees"
        legal = game.legal(state, seat)
        assert game.legal(other, seat) == legal
        for kind, factory in agents_of(game).items():
            first = factory(seed).choose(game, view_of(state, seat), seat, legal)
            second = factory(seed).choose(game, view_of(other, seat), seat, legal)
            if first != second:
                found.append(f"{kind} at step {state.step} ({seat}): {first.key()} / {second.key()}")
    return found


@pytest.mark.parametrize("gid", GAMES)
@pytest.mark.parametrize("seed", [3, 11])
def test_no_agent_reads_what_its_seat_may_not_know(gid: str, seed: int) -> None:
    """Issue 35: "changing what its seat may not know (another seat's hand, a deck's order, a secret choice
    not yet revealed) never changes its choice"."""
    game = engine.get(gid)
    assert unfair(game, lambda state, seat: seat_view(game, state, seat), seed) == []


@pytest.mark.parametrize("gid", GAMES)
def test_the_check_catches_an_agent_that_reads_the_state(gid: str) -> None:
    """The same check against agents handed the real state (what ``choose`` received before issue 35): it
    must find them out, or it proves nothing."""
    game = engine.get(gid)

    def leaky(state: Any, seat: str) -> SeatView:
        return SeatView(lambda: game.view(state, seat), lambda rng: game.copy(state))

    found = unfair(game, leaky, 3)
    assert any(line.startswith("hasher") for line in found)


def test_a_hook_that_forgets_a_deck_is_caught() -> None:
    """A ``determinize`` that re-deals the hands but leaves the Corruption deck in its real order is found
    out by the same check."""
    from engine.core.determinize import redeal, world

    game = engine.get("virtual_revolution")

    def careless(state: Any, seat: str, rng: Rng) -> Any:
        copy = world(state, seat, rng)
        redeal(rng, *(p.hand for s, p in copy.players.items() if s != seat))
        return copy

    def view_of(state: Any, seat: str) -> SeatView:
        return SeatView(lambda: game.view(state, seat), lambda rng: careless(state, seat, rng))

    assert unfair(game, view_of, 3) != []
