"""Issue 34, item 4: only public information, ever. The hidden-information probes used for Discord's
messages and pictures (tests/e2e/hidden_info.py: the private event texts, Infamy's Schemes in hand; and
test_conformance's strings that only a seat's view holds) run over every page of a game of every title:
its page, its live part, every step of its history and its export; and its boards must be the drawings of
the public view."""

from __future__ import annotations

import json
import re
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from renderers import board_renderer
from tests.bot.web.world import TITLES, World, moves_of, new_game, page_text, play, web_world
from tests.e2e.hidden_info import MIN_TEXT, Moment, Secrets, _scheme_names, names_in, secrets_of

HIDDEN_MIN = 4
"""As tests/engine/test_conformance.py: shorter strings of a private view also appear in plain words."""


@pytest.fixture
async def world(tmp_path: Path) -> AsyncIterator[World]:
    async with web_world(tmp_path) as w:
        yield w


def _strings(value: Any, out: set[str]) -> set[str]:
    if isinstance(value, dict):
        for key, item in value.items():
            out.add(str(key))
            _strings(item, out)
    elif isinstance(value, list):
        for item in value:
            _strings(item, out)
    elif isinstance(value, str):
        out.add(value)
    return out


def private_strings(secrets: Secrets, upto: int, excluded: set[str]) -> list[re.Pattern[str]]:
    """What some seat's view held at step ``upto`` and no public view up to then showed, nor any public
    event: a page of that step must name none of it. Only what reads as a name counts (a capital or two
    words: card, character, room names); a lone lowercase word is a view's key or a plain word ("none",
    "name") that the page's own labels use."""
    moment = secrets.moments[upto]
    public: set[str] = set()
    for earlier in secrets.moments[: upto + 1]:
        _strings(earlier.views[None], public)
    private: set[str] = set()
    for seat, view in moment.views.items():
        if seat is not None:
            _strings(view, private)
    told = "\n".join(secrets.public_texts)
    return [
        re.compile(rf"(?<!\w){re.escape(s)}(?!\w)")
        for s in sorted(private - public)
        if len(s) >= HIDDEN_MIN
        and any(c.isalpha() for c in s)
        and (s != s.lower() or " " in s.strip())
        and s not in excluded
        and s not in told
    ]


def leaks(text: str, secrets: Secrets, upto: int, excluded: set[str]) -> list[str]:
    found = []
    for private, audience in secrets.private_texts.items():
        if len(private) >= MIN_TEXT and private not in secrets.public_texts and private in text:
            found.append(f"the private event {private!r} meant for {sorted(audience)}")
    moments: list[Moment] = secrets.moments[: upto + 1]
    public_names = set().union(*(m.public_names for m in moments))
    in_hands = set().union(*secrets.moments[upto].hands.values())
    for name in sorted((names_in(text, _scheme_names()) & in_hands) - public_names):
        found.append(f"the Scheme {name!r}, in a hand")
    found += [
        f"{p.pattern!r}, in a seat's view only"
        for p in private_strings(secrets, upto, excluded)
        if p.search(text)
    ]
    return found


@pytest.mark.parametrize("title", TITLES)
async def test_no_page_of_a_game_shows_what_a_seat_alone_may_know(world: World, title: str) -> None:
    gid = await new_game(world.table, title, humans=2, seed=21)
    assert await play(world.table, gid, 14, seed=4) > 0
    record = await world.table.record(gid)
    intents = await world.table.kept_intents(gid)
    secrets = secrets_of(record.model_dump(mode="json"), moves_of(intents), {})
    names = {s.seat for s in record.seats} | {s.name for s in record.seats}
    path = await world.path("game", gid)
    last = len(secrets.moments) - 1
    pages = {
        "the page": (await world.get(path))[1],
        "the live part": (await world.get(path + "/live"))[1],
        "the export": json.dumps(json.loads((await world.get(path + "/export.json"))[1])),
    }
    problems = [
        f"{where}: {leak}"
        for where, html in pages.items()
        for leak in leaks(page_text(html), secrets, last, names)
    ]
    checked = 0
    for at in range(last + 1):
        status, html = await world.get(f"{path}/history?at={at}&part=1")
        assert status == 200
        problems += [f"history step {at}: {leak}" for leak in leaks(page_text(html), secrets, at, names)]
        checked += 1
    assert checked == last + 1 >= 2
    assert not problems, "\n".join(problems[:20])
    # the pictures: every board served is the drawing of the public view of its step
    draw = board_renderer(title)
    for at in sorted({0, last // 2, last}):
        status, image, _ = await world.get_bytes(f"{path}/history/{at}.png")
        assert status == 200 and image == draw(secrets.moments[at].views[None]), f"step {at}"
    status, image, _ = await world.get_bytes(path + "/board.png")
    assert image == draw(secrets.moments[last].views[None])


def test_the_probes_find_a_leak() -> None:
    """The probe above can fail: a private string or a private event text in a page is found."""
    from types import SimpleNamespace

    moment = SimpleNamespace(
        views={None: {"hand_size": 2}, "ann": {"hand": [{"name": "Silver Dagger"}]}},
        public_names=set(),
        hands={"ann": set()},
    )
    secrets = SimpleNamespace(
        moments=[moment], private_texts={"You draw the Silver Dagger.": {"ann"}}, public_texts=set()
    )
    assert leaks("Ann holds 2 cards.", secrets, 0, {"ann"}) == []  # type: ignore[arg-type]
    found = leaks("Ann holds the Silver Dagger. You draw the Silver Dagger.", secrets, 0, set())  # type: ignore[arg-type]
    assert len(found) == 2
