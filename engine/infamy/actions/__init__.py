"""Infamy's actions, one module per family: bidding (bid, Favor), passing, placing pawns, playing Schemes."""

from . import bidding, passing, placing, scheming

__all__ = ["bidding", "passing", "placing", "scheming"]
