"""Rules kits: small pieces of rules machinery that several games share.

- :mod:`.ledger`: a modifier ledger that explains itself, with checks, chances and opposed contests, so the
  roll, the prompt text, the hand view and an agent's odds come from one computation;
- :mod:`.resources`: per-seat resources drawn from a general supply with box limits;
- :mod:`.display`: a face-up row of cards refilled from a deck;
- :mod:`.handlimit`: who is over a hand limit and how many cards they must give up;
- :mod:`.ranking`: a finishing order with tie-breaks, as tied groups.
"""
