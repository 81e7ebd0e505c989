"""Headless Chromium driven over the DevTools protocol (CDP) with aiohttp's websocket client: no browser
download and no driver package, only Debian's ``chromium``. What the web companion's browser tests need:
open a page at a width, read it with JavaScript, press keys, wait for a condition, take a screenshot.

The flags are the ones known to work on this machine (no sandbox as root, no background networking: the
network is closed, and Chromium's own connections would be refused many at a time).
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import itertools
import json
import shutil
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Any

import aiohttp

FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-extensions",
    "--hide-scrollbars",
    "--mute-audio",
    "--remote-debugging-port=0",
    "--remote-allow-origins=*",
]
KEYS = {"ArrowLeft": 37, "ArrowRight": 39, "Home": 36, "End": 35}


def chromium() -> str | None:
    """The Chromium executable, if installed (Debian's package: /usr/bin/chromium)."""
    return shutil.which("chromium") or shutil.which("chromium-browser")


class BrowserError(RuntimeError):
    pass


class Page:
    def __init__(self, http: aiohttp.ClientSession, ws: aiohttp.ClientWebSocketResponse, target: str) -> None:
        self.http, self.ws, self.target = http, ws, target
        self._ids = itertools.count(1)
        self._waiting: dict[int, asyncio.Future[Any]] = {}
        self.events: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self.console: list[str] = []
        self._reader = asyncio.create_task(self._read())

    async def _read(self) -> None:
        async for message in self.ws:
            data = json.loads(message.data)
            if "id" in data and data["id"] in self._waiting:
                self._waiting.pop(data["id"]).set_result(data)
            elif data.get("method") == "Runtime.exceptionThrown":
                self.console.append(json.dumps(data["params"]["exceptionDetails"])[:500])
            elif "method" in data:
                await self.events.put(data)

    async def send(self, method: str, **params: Any) -> dict[str, Any]:
        ident = next(self._ids)
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self._waiting[ident] = future
        await self.ws.send_json({"id": ident, "method": method, "params": params})
        answer = await asyncio.wait_for(future, 30)
        if "error" in answer:
            raise BrowserError(f"{method}: {answer['error']}")
        return answer.get("result", {})  # type: ignore[no-any-return]

    async def size(self, width: int, height: int, mobile: bool = False) -> None:
        await self.send(
            "Emulation.setDeviceMetricsOverride",
            width=width,
            height=height,
            deviceScaleFactor=2 if mobile else 1,
            mobile=mobile,
        )

    async def goto(self, url: str, timeout: float = 20) -> None:
        while not self.events.empty():
            self.events.get_nowait()
        await self.send("Page.navigate", url=url)
        deadline = time.monotonic() + timeout
        while True:
            event = await asyncio.wait_for(self.events.get(), max(0.1, deadline - time.monotonic()))
            if event["method"] == "Page.loadEventFired":
                return

    async def eval(self, expression: str) -> Any:
        found = await self.send(
            "Runtime.evaluate", expression=expression, returnByValue=True, awaitPromise=True
        )
        if "exceptionDetails" in found:
            raise BrowserError(f"{expression}: {found['exceptionDetails']}")
        return found["result"].get("value")

    async def wait_for(self, expression: str, timeout: float = 10) -> Any:
        deadline = time.monotonic() + timeout
        while True:
            value = await self.eval(expression)
            if value:
                return value
            if time.monotonic() > deadline:
                raise BrowserError(f"still false after {timeout} s: {expression}")
            await asyncio.sleep(0.1)

    async def key(self, key: str) -> None:
        code = KEYS[key]
        for kind in ("keyDown", "keyUp"):
            await self.send(
                "Input.dispatchKeyEvent", type=kind, key=key, code=key, windowsVirtualKeyCode=code
            )

    async def screenshot(self, path: Path) -> Path:
        """The whole page (beyond the window's height) as a PNG."""
        height = int(await self.eval("document.documentElement.scrollHeight"))
        width = int(await self.eval("document.documentElement.clientWidth"))
        shot = await self.send(
            "Page.captureScreenshot",
            format="png",
            captureBeyondViewport=True,
            clip={"x": 0, "y": 0, "width": width, "height": min(height, 12000), "scale": 1},
        )
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(base64.b64decode(shot["data"]))
        return path

    async def close(self) -> None:
        self._reader.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await self._reader
        await self.ws.close()


class Browser:
    def __init__(self, process: subprocess.Popen[bytes], port: int, profile: str) -> None:
        self.process, self.port, self.profile = process, port, profile
        self.http = aiohttp.ClientSession()

    @classmethod
    async def start(cls, executable: str) -> Browser:
        profile = tempfile.mkdtemp(prefix="arbiter-chromium-")
        process = subprocess.Popen(
            [executable, *FLAGS, f"--user-data-dir={profile}", "about:blank"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        marker = Path(profile) / "DevToolsActivePort"
        deadline = time.monotonic() + 30
        while not marker.exists() or not marker.read_text().strip():
            if process.poll() is not None or time.monotonic() > deadline:
                process.kill()
                raise BrowserError("Chromium did not start (no DevToolsActivePort)")
            await asyncio.sleep(0.1)
        port = int(marker.read_text().split()[0])
        return cls(process, port, profile)

    async def page(self, width: int = 1280, height: int = 900, mobile: bool = False) -> Page:
        async with self.http.put(f"http://127.0.0.1:{self.port}/json/new?about:blank") as response:
            target = await response.json()
        ws = await self.http.ws_connect(target["webSocketDebuggerUrl"], max_msg_size=0)
        page = Page(self.http, ws, target["id"])
        await page.send("Page.enable")
        await page.send("Runtime.enable")
        await page.size(width, height, mobile)
        return page

    async def close(self) -> None:
        await self.http.close()
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        shutil.rmtree(self.profile, ignore_errors=True)


__all__ = ["Browser", "BrowserError", "Page", "chromium"]
