"""High Card: the smallest complete game on the runtime, written to be copied.

It is not one of the games Arbiter plays (it exposes ``EXAMPLE``, not ``GAME``, so ``engine.games()``
does not list it); tests register it. Read it in this order: ``state.py`` (options, steps, state),
``rules.py`` (the procedure, the answers and the actions), ``view.py`` (what each seat sees) and
``game.py`` (the wiring). README.md, "How to add a game", walks through it.
"""

from .game import EXAMPLE, HighCardGame

__all__ = ["EXAMPLE", "HighCardGame"]
