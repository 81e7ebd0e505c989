"""Stopgap launcher: run a bot module with discord.py pointed at the stand-in from the environment.

    python -m tests.e2e.fake_discord.launch bot.cli run      # = `arbiter run`, pointed at the fake

It sets ``discord.http.Route.BASE`` from DISCORD_API_BASE and the gateway from DISCORD_GATEWAY_URL,
then runs the module as ``__main__`` with the remaining arguments. Use it only while the bot does not
read DISCORD_GATEWAY_URL itself (see README.md): the goal is that the bot needs no help.
"""

from __future__ import annotations

import os
import runpy
import sys


def point_discord_py() -> None:
    import discord.gateway
    import discord.http
    import yarl

    api_base = os.environ.get("DISCORD_API_BASE")
    if api_base:
        discord.http.Route.BASE = api_base.rstrip("/")
    gateway = os.environ.get("DISCORD_GATEWAY_URL")
    if gateway:
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway)


def main() -> None:
    if len(sys.argv) < 2:
        raise SystemExit("usage: python -m tests.e2e.fake_discord.launch MODULE [ARGS...]")
    module, args = sys.argv[1], sys.argv[2:]
    point_discord_py()
    sys.argv = [module, *args]
    runpy.run_module(module, run_name="__main__", alter_sys=True)


if __name__ == "__main__":
    main()
