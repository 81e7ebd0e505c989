"""Gamedec: game detectives against hackers in the Net (2-6 players)."""

from .game import GAME, GamedecGame

__all__ = ["GAME", "GamedecGame"]
