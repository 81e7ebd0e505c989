"""Infamy (3-4 freelancers in the Martian colony ARES-6): the rules package. ``GAME`` is registered."""

from .game import InfamyGame

GAME = InfamyGame()

__all__ = ["GAME", "InfamyGame"]
