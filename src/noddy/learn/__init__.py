"""For learners: the discard advisor and the review of a game (above the players, below the faces)."""

from noddy.learn.advise import MODELS, Advice, Option, advise, advise_view, lay_away_presets

__all__ = ["MODELS", "Advice", "Option", "advise", "advise_view", "lay_away_presets"]
