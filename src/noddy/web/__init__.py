"""The web app: lobby, tables for 2-4 players and computer seats, persisted so that nothing is lost."""

from noddy.web.app import create_app
from noddy.web.connection import Limits

__all__ = ["Limits", "create_app"]
