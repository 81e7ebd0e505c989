"""IPA: The Agents (Mougil Entertainment) on the runtime and the board (issue 13). ``GAME`` is registered."""

from .game import IPA, IpaGame

GAME = IPA

__all__ = ["GAME", "IPA", "IpaGame"]
