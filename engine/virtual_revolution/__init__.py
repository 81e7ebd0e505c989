"""Virtual Revolution on the runtime and the area graph (issue 14): a reconstructed Neo Paris, the 33 Agents,
24 Verses, 14 Necro cards, a house Corruption deck, raids, Necro attacks and the full scoring."""

from .game import VIRTUAL_REVOLUTION, VirtualRevolutionGame

GAME = VIRTUAL_REVOLUTION

__all__ = ["GAME", "VIRTUAL_REVOLUTION", "VirtualRevolutionGame"]
