"""IPA: The Agents (Mougil Entertainment) on the runtime and the board (issue 13).

``GAME`` is not exported yet: the game passes the conformance suite (run on it by
tests/engine/ipa_agents/test_conformance_ipa.py) and its rules tests, but registering it also changes the
README's generated options table (tests/test_readme.py), a file outside this package: export
``GAME = IPA`` together with ``python tests/test_readme.py --fix``.
"""

from .game import IPA, IpaGame

__all__ = ["IPA", "IpaGame"]
