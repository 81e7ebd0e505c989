"""Gamedec: game detectives against hackers in the Net (2-6 players).

Modules: ``board`` (the 13 spaces, exchanges, Aid menus), ``pack`` (data-pack models and the cached loader
of ``data/gamedec``), ``state`` (the state and the options model), ``rules`` (Reputation, Wounds, points,
test modifiers, entry rules, Equipment piles), ``procedure`` (the round and card effects as a queue of
interpreted steps, the Assist/Sabotage window), ``trade`` (offers and Online Trade), ``story`` (Scenarios
and Finales), ``view`` (redacted views), ``game`` (the contract), ``agent`` (the heuristic agent).
Rulings on the rulebook's gaps: ``RULINGS.md``.
"""

from .game import GAME, GamedecGame

__all__ = ["GAME", "GamedecGame"]
