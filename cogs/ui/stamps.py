"""What an offered action was offered for, as it travels in a custom id: the game's version
(``arb:<game>:12:<key>``), or, for a secret simultaneous choice, the decision it belongs to
(``arb:<game>:sr2.sector:<key>``: the prompt's :attr:`~engine.core.model.Prompt.ref`, so that another
player's choice does not make yours stale while a button left from Round 1 cannot answer Round 2). ``0`` is
a secret choice of a game that names no decisions (an empty ref). Parsing never raises."""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass

ANY_VERSION = 0
"""The stamp of a secret simultaneous choice whose game names no decisions (an empty ref)."""
REF_TOKEN_MAX = 24
_REF_PLAIN = re.compile(r"[A-Za-z0-9_.:-]{1,24}")
TOKEN_PATTERN = r"[A-Za-z0-9_.~-]{1,25}"
"""A ref token: a plain ref (at most REF_TOKEN_MAX characters) or ``~`` and 12 hex digits."""
STAMP_PATTERN = r"\d{1,12}|s" + TOKEN_PATTERN


def ref_token(ref: str) -> str:
    """A decision's ref as it travels in a custom id: itself when short and plain (``:`` written ``.``,
    since ``:`` separates the parts of a custom id), else a short digest. Tokens are only compared with
    the tokens of the decisions open now, never decoded."""
    if _REF_PLAIN.fullmatch(ref):
        return ref.replace(":", ".")
    return "~" + hashlib.sha256(ref.encode()).hexdigest()[:12]


@dataclass(frozen=True)
class Stamp:
    """What an offered action was offered for: a ``version``, or a secret decision's ``choice`` (the token
    of its ref; "" for a game that names no decisions)."""

    version: int | None = None
    choice: str | None = None

    @classmethod
    def of_version(cls, version: int) -> Stamp:
        return cls(version=version)

    @classmethod
    def of_ref(cls, ref: str) -> Stamp:
        return cls(choice=ref_token(ref) if ref else "")

    @property
    def secret(self) -> bool:
        return self.choice is not None

    def text(self) -> str:
        if self.choice is not None:
            return f"s{self.choice}" if self.choice else str(ANY_VERSION)
        return str(self.version)

    @classmethod
    def parse(cls, text: str) -> Stamp | None:
        """The stamp a custom id or autocomplete value carries; None when it is not one (never raises)."""
        if re.fullmatch(r"\d{1,12}", text):
            version = int(text)
            return cls(choice="") if version == ANY_VERSION else cls(version=version)
        if re.fullmatch("s" + TOKEN_PATTERN, text):
            return cls(choice=text[1:])
        return None
