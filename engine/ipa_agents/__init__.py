"""IPA: The Agents (Mougil Entertainment) on the runtime and the board. ``GAME`` is exported only once the
game passes the conformance suite; until then tests use :data:`engine.ipa_agents.game.IPA`."""

from .game import IPA, IpaGame

__all__ = ["IPA", "IpaGame"]
