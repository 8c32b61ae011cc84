"""The browser tests import the shared browser and server of `test_browser` by its name."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
