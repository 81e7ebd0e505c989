"""Nakamura Tower's rules registry: every step, action and answer handler registers into ``RULES``."""

from __future__ import annotations

from engine.core.rules import Rules

from .state import NtState

RULES: Rules[NtState] = Rules()
