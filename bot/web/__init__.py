"""The web companion (issue 34): every game, its history and every league readable in a browser, linked
from Discord. ``arbiter web`` serves it alone (:mod:`bot.web.standalone`), ``ARBITER_WEB=host:port`` in
the bot's process.

- :mod:`~bot.web.app`: the HTTP server (aiohttp) and its routes;
- :mod:`~bot.web.site`: what the pages read from, and who is served (tokens, the server's opt-in);
- :mod:`~bot.web.links`: the servers' opt-in and the links Discord's posts carry;
- :mod:`~bot.web.game_pages`, :mod:`~bot.web.history_pages`, :mod:`~bot.web.league_pages`: the pages;
- :mod:`~bot.web.live`: live updates by server-sent events, and changes other processes made;
- :mod:`~bot.web.html`, :mod:`~bot.web.chart`: the pages' frame and the rating chart;
- ``static/``: the stylesheet and the two small scripts (live updates, history keys).

Only public information, ever: the pages read the table's public view (seat None) and public log, never a
seat's view. The package reads the games through the table (and the leagues through the league service),
never a store (tests/test_layers.py); only the stand-alone composition root opens one.
"""
