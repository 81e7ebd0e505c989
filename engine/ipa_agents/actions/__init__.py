"""IPA: The Agents' actions, one module per concern; importing the package registers them into RULES."""

from . import between, focus, move, other, play, shop  # noqa: F401

__all__ = ["between", "focus", "move", "other", "play", "shop"]
