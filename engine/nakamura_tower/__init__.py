"""Human Interface: Nakamura Tower on the runtime and the board (issue 15). ``GAME`` is registered."""

from .game import NAKAMURA, NakamuraGame

GAME = NAKAMURA

__all__ = ["GAME", "NAKAMURA", "NakamuraGame"]
