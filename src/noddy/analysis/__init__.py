"""Analysis: exact enumeration of counts over every deal (and, later, simulation statistics)."""

from noddy.analysis.hands import Distribution, all_deals, all_sets, deal_size, distribution

__all__ = ["Distribution", "all_deals", "all_sets", "deal_size", "distribution"]
