"""The two glyph sets of the interface: Unicode (the main set) and plain ASCII.

The Unicode set avoids characters of "ambiguous" East Asian width, which
misalign on many terminals.
"""

from __future__ import annotations

from typing import NamedTuple

__all__ = ["ASCII", "UNICODE", "Glyphs", "glyphs_for"]


class Glyphs(NamedTuple):
    """Characters the interface draws with (each one cell wide)."""

    name: str
    #: Marks the entry under the cursor or the chosen value.
    pointer: str
    #: A usable / valid item.
    ok: str
    #: An unusable / invalid item.
    bad: str
    #: Bullet of a list.
    bullet: str
    #: Key names shown for the arrow and enter keys.
    keys: dict[str, str]


UNICODE = Glyphs(
    name="unicode",
    pointer="▸",
    ok="✓",
    bad="✗",
    bullet="‣",
    keys={},
)

ASCII = Glyphs(
    name="ascii",
    pointer=">",
    ok="+",
    bad="x",
    bullet="-",
    keys={
        "up": "up",
        "down": "down",
        "left": "left",
        "right": "right",
        "enter": "enter",
        "backspace": "bksp",
    },
)


def glyphs_for(name: str) -> Glyphs:
    """The glyph set called ``name`` (``"ascii"``, anything else gives Unicode)."""
    return ASCII if name == "ascii" else UNICODE
