"""noddy: the Tudor card game Noddy and its family, from Willughby's Nodde to modern Cribbage."""

__version__ = "0.1.0"
