"""The ``noddy`` command line (typer + rich)."""
