"""Reading a QR code back as a phone's camera would (zxing-cpp, a decoder apart from segno, which
draws it): from the SVG the server sends, drawn here module by module, or from a browser's screenshot."""

from __future__ import annotations

import io
import re

import numpy as np
import zxingcpp

STROKE = re.compile(r'<path class="qrline" stroke="#000" d="([^"]+)"')
STEP = re.compile(r"([Mmh])(-?[\d.]+)(?: (-?[\d.]+))?")
VIEW = re.compile(r'viewBox="0 0 (\d+) (\d+)"')
SCALE = 8
"""Pixels a module when the SVG is drawn here: zxing wants more than one."""


def svg_pixels(svg: str) -> np.ndarray:
    """segno's SVG drawn as pixels (0 black, 255 white): its one path of dark runs, each a horizontal
    stroke of width 1 centred half a module down (``M4 4.5h7m3 0h1``: moves and runs)."""
    size = VIEW.search(svg)
    path = STROKE.search(svg)
    assert size and path, svg[:300]
    grid = np.full((int(size[2]), int(size[1])), 255, dtype=np.uint8)
    x = y = 0.0
    for command, first, second in STEP.findall(path[1]):
        if command == "M":
            x, y = float(first), float(second)
        elif command == "m":
            x, y = x + float(first), y + float(second)
        else:
            end = x + float(first)
            grid[int(y), int(min(x, end)) : int(max(x, end))] = 0
            x = end
    return np.kron(grid, np.ones((SCALE, SCALE), dtype=np.uint8))


def read_qr(pixels: np.ndarray) -> list[str]:
    """The text of every QR code zxing finds in ``pixels`` (greyscale, a row a line)."""
    found = zxingcpp.read_barcodes(pixels)
    return [code.text for code in found if code.format == zxingcpp.BarcodeFormat.QRCode]


def read_qr_png(png: bytes) -> list[str]:
    """The text of every QR code in a PNG (a browser's screenshot)."""
    from PIL import Image

    return read_qr(np.asarray(Image.open(io.BytesIO(png)).convert("L")))
