"""Issue 34, item 5: the web companion in a real browser. Headless Chromium (Debian's package, driven over
the DevTools protocol: tests/support/browser.py) loads each page of a played game of every title at a
phone's width (390 px) and a desktop's (1280 px), steps through the history with the keyboard, sees the
live page follow a move, and reads the deadlines in its own time zone. The screenshots are kept under
tests/artifacts/web/ (not committed)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

import engine
from engine.league.standings import TableResult
from tests.bot.web.test_pages import _result
from tests.bot.web.world import GUILD, TITLES, World, ended_game, new_game, play, web_world
from tests.support.browser import Browser, Page, chromium

ARTIFACTS = Path(__file__).resolve().parents[2] / "artifacts" / "web"
WIDTHS = {390: 844, 1280: 900}

pytestmark = pytest.mark.skipif(
    chromium() is None,
    reason="Debian's chromium is not installed (apt-get install chromium; .ci/run installs it)",
)


@pytest.fixture
async def world(tmp_path: Path) -> AsyncIterator[World]:
    async with web_world(tmp_path) as w:
        yield w


@pytest.fixture
async def browser() -> AsyncIterator[Browser]:
    executable = chromium()
    assert executable is not None
    started = await Browser.start(executable)
    yield started
    await started.close()


async def opened(browser: Browser, width: int, url: str, zone: str = "UTC") -> Page:
    page = await browser.page(width, WIDTHS[width], mobile=width < 600)
    await page.send("Emulation.setTimezoneOverride", timezoneId=zone)
    await page.goto(url)
    return page


async def loaded_image(page: Page, selector: str, timeout: float = 10) -> str:
    """The address the image was loaded from, once it has loaded (it must draw something)."""
    found = await page.wait_for(
        f"(() => {{ const i = document.querySelector({selector!r}); "
        "return i && i.complete && i.naturalWidth > 0 ? (i.currentSrc || i.src) : ''; })()",
        timeout,
    )
    return str(found)


async def shot(page: Page, name: str) -> None:
    path = await page.screenshot(ARTIFACTS / f"{name}.png")
    assert path.stat().st_size > 5_000


@pytest.mark.slow  # long: `pytest -m slow` (.ci/run) runs it, the quick suite not (issue 33)
@pytest.mark.parametrize("title", TITLES)
async def test_every_page_of_a_game_in_a_browser(world: World, browser: Browser, title: str) -> None:
    gid = await new_game(world.table, title)
    assert await play(world.table, gid, 6) > 0
    url = world.base + await world.path("game", gid)
    meta = engine.get(title).meta
    # a phone: the compact board, the page read in the reader's own time zone
    phone = await opened(browser, 390, url, zone="Asia/Tokyo")
    assert meta.title in await phone.eval("document.querySelector('h1').textContent")
    assert "board-compact.png" in await loaded_image(phone, "figure.board img")
    zoned = await phone.eval("Array.from(document.querySelectorAll('time')).map(t => t.textContent)")
    assert zoned and all("GMT+9" in t for t in zoned), zoned
    assert await phone.eval("document.documentElement.scrollWidth") <= 390, "nothing wider than the phone"
    await shot(phone, f"{title}-game-390")
    # a desktop: the full board; the page follows a move by itself
    desk = await opened(browser, 1280, url)
    assert "/board.png" in await loaded_image(desk, "figure.board img")
    await shot(desk, f"{title}-game-1280")
    before = int(await desk.eval("document.querySelector('p.status').dataset.version"))
    lines = int(await desk.eval("document.querySelectorAll('ol.log li').length"))
    await desk.wait_for("document.readyState === 'complete'")
    assert await play(world.table, gid, 1, seed=9) == 1
    after = (await world.table.record(gid)).version
    await desk.wait_for(f"Number(document.querySelector('p.status').dataset.version) === {after}", 15)
    assert after > before
    assert int(await desk.eval("document.querySelectorAll('ol.log li').length")) >= lines
    assert (await loaded_image(desk, "figure.board img")).endswith(f"v={after}")
    # its history: the keyboard steps through every board
    await desk.goto(url + "/history")
    last = int(await desk.eval("Number(document.getElementById('at').max)"))
    assert last >= 1 and int(await desk.eval("document.getElementById('step-label').dataset.at")) == last
    await desk.key("ArrowLeft")
    await desk.wait_for(f"document.getElementById('step-label').dataset.at === '{last - 1}'")
    await desk.key("Home")
    await desk.wait_for("document.getElementById('step-label').dataset.at === '0'")
    assert "set-up" in await desk.eval("document.getElementById('step-label').textContent")
    assert (await loaded_image(desk, "#step img")).endswith("/history/0.png")
    await desk.key("ArrowRight")
    await desk.wait_for("document.getElementById('step-label').dataset.at === '1'")
    await desk.key("End")
    await desk.wait_for(f"document.getElementById('step-label').dataset.at === '{last}'")
    await loaded_image(desk, "#step img")
    await shot(desk, f"{title}-history-1280")
    await phone.goto(url + "/history?at=1")
    await loaded_image(phone, "#step img")
    await shot(phone, f"{title}-history-390")
    assert not desk.console and not phone.console, desk.console + phone.console
    for page in (phone, desk):
        await page.close()


@pytest.mark.slow  # long: `pytest -m slow` (.ci/run) runs it, the quick suite not (issue 33)
async def test_the_replay_of_an_ended_game_plays_in_the_browser(world: World, browser: Browser) -> None:
    gid = await ended_game(world.table, "virtual_revolution")
    url = world.base + await world.path("game", gid)
    page = await opened(browser, 1280, url)
    assert "Game over" in await page.eval("document.getElementById('live').textContent")
    await page.goto(url + "/history#replay")
    # drawn once, on the first ask (every turn of a whole game: seconds), then kept
    assert (await loaded_image(page, "#replay img", timeout=120)).endswith("/replay")
    await shot(page, "virtual_revolution-replay-1280")
    await page.close()


async def test_a_league_page_in_the_browser(world: World, browser: Browser) -> None:
    leagues = world.leagues
    league = await leagues.create(int(GUILD), "Night Cup", "infamy", "111", "222", seats=3)
    for user, name in (("111", "Ann"), ("222", "Bo"), ("333", "Cy"), ("444", "Di")):
        league = await leagues.join(league, user, name)
    round_ = await leagues.schedule(league, "111", moderator=False)
    loaded = await leagues.store.league(league.id)
    assert loaded is not None
    first = round_.tables[0].players
    loaded[0].record(1, 0, TableResult(ranking=tuple((p,) for p in first)))
    await leagues.store.save_league(loaded[0], loaded[1])
    orders = (["111", "222", "333"], ["333", "111", "444"], ["222", "444", "111"], ["111", "333", "222"])
    for n, order in enumerate(orders):
        await leagues.store.record_result(_result(f"r{n}", int(GUILD), order, 1_700_000_000 + n * 3600))
    url = world.base + await world.path("league", league.id)
    for width in WIDTHS:
        page = await opened(browser, width, url)
        assert await page.eval("document.querySelectorAll('svg.chart polyline').length") == 4
        rows = await page.eval("document.querySelectorAll('table.standings tbody tr').length")
        assert rows >= len(first)
        await shot(page, f"league-{width}")
        assert not page.console, page.console
        await page.close()
