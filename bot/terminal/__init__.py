"""The terminal front end (``arbiter play``), beside the Discord one: the same table, in a shell.

- :mod:`~bot.terminal.session`: opening or resuming a game, the turn loop, saving and the final lines;
- :mod:`~bot.terminal.terminal`: asking one seat (its prompt, its private picture, the commands);
- :mod:`~bot.terminal.menus`: the menus printed and what a typed line chooses in them;
- :mod:`~bot.terminal.hotseat`: several people at one keyboard, and the news kept for each;
- :mod:`~bot.terminal.keyboard`: reading a line, Ctrl-C, matching typed text to labels.
"""
