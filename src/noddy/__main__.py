"""``python -m noddy``: the same as the ``noddy`` command."""

from noddy.cli.main import main

if __name__ == "__main__":
    main()
