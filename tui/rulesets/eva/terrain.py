"""The EVA board's squares as characters, and a small preview of a map.

The preview draws each square with the board's own glyph (:mod:`tui.rulesets.eva.board`):
a small square for the low red obstacles, a wide bar for the chest-high yellow
ones, a tall bar for the green ones that are taller than an Eva, waves for the
impassable blue; a dot for an open square and ``+`` for an open square of a
deployment zone (rows 1-3 and 28-30, EVA-5.2). Colour, where the terminal has
it, only repeats what the glyph says. Both glyph sets use only characters of
unambiguous width.
"""

from __future__ import annotations

from typing import NamedTuple

from rich.text import Text
from textual.widget import Widget

from engine.i18n import _
from engine.rulesets.eva.scenario import (
    BLUE,
    GREEN,
    HEIGHT,
    NORTH_ROWS,
    OPEN,
    RED,
    SOUTH_ROWS,
    WIDTH,
    YELLOW,
    EvaMap,
)
from tui.rulesets.eva.board import ASCII_BOARD, UNICODE_BOARD, terrain_style

__all__ = [
    "ASCII_TERRAIN",
    "UNICODE_TERRAIN",
    "MapPreview",
    "TerrainGlyphs",
    "legend",
    "preview_lines",
    "terrain_glyphs",
]


class TerrainGlyphs(NamedTuple):
    """One character (one cell wide) per kind of square."""

    open: str
    zone: str
    red: str
    yellow: str
    green: str
    blue: str


UNICODE_TERRAIN = TerrainGlyphs(
    open=UNICODE_BOARD.terrain[0],
    zone="+",
    red=UNICODE_BOARD.terrain[1],
    yellow=UNICODE_BOARD.terrain[2],
    green=UNICODE_BOARD.terrain[3],
    blue=UNICODE_BOARD.terrain[4],
)
ASCII_TERRAIN = TerrainGlyphs(
    open=ASCII_BOARD.terrain[0],
    zone="+",
    red=ASCII_BOARD.terrain[1],
    yellow=ASCII_BOARD.terrain[2],
    green=ASCII_BOARD.terrain[3],
    blue=ASCII_BOARD.terrain[4],
)

#: Rich styles of the squares: the board's colours (colour repeats the glyph).
STYLES = {
    "open": terrain_style(0),
    "zone": terrain_style(0),
    "red": terrain_style(1),
    "yellow": terrain_style(2),
    "green": terrain_style(3),
    "blue": terrain_style(4),
}


def terrain_glyphs(glyph_set: str) -> TerrainGlyphs:
    """The terrain characters of glyph set ``glyph_set`` ("unicode" or "ascii")."""
    return ASCII_TERRAIN if glyph_set == "ascii" else UNICODE_TERRAIN


def _kind(colour: int, y: int) -> str:
    if colour == OPEN:
        return "zone" if y in SOUTH_ROWS or y in NORTH_ROWS else "open"
    return {RED: "red", YELLOW: "yellow", GREEN: "green", BLUE: "blue"}[colour]


def preview_lines(board: EvaMap, glyphs: TerrainGlyphs, halve: bool = False) -> list[Text]:
    """The map as lines of text, the north edge (row 30) first, 20 characters each.

    ``halve``: one line for two rows (15 lines); a line shows, in each column,
    the higher-ranked square of its two rows (EVA-2.3), so no obstacle is lost.
    """
    lines: list[Text] = []
    step = 2 if halve else 1
    for top in range(HEIGHT, 0, -step):
        line = Text()
        for x in range(1, WIDTH + 1):
            ys = [top, top - 1] if halve and top > 1 else [top]
            y = max(ys, key=lambda yy: (board.colour(x, yy), yy in SOUTH_ROWS or yy in NORTH_ROWS))
            kind = _kind(board.colour(x, y), y)
            line.append(getattr(glyphs, kind), style=STYLES[kind])
        lines.append(line)
    return lines


def legend(glyphs: TerrainGlyphs) -> str:
    """What the characters mean (the board's legend), in translated lines."""
    return _(
        "{red} red: low, walked over · {yellow} yellow: chest high · {green} green: taller than an Eva · "
        "{blue} blue: impassable · {zone} deployment zones"
    ).format(red=glyphs.red, yellow=glyphs.yellow, green=glyphs.green, blue=glyphs.blue, zone=glyphs.zone)


class MapPreview(Widget):
    """A map drawn with :class:`TerrainGlyphs`: whole, with the row numbers and the
    column letters (EVA-2.2), when the widget is at least 31 lines high; else one
    line for two rows, without them. ``glyph_set``: "unicode" or "ascii"."""

    DEFAULT_CSS = """
    MapPreview {
        width: 23;
        height: 31;
    }
    """

    def __init__(self, board: EvaMap | None = None, glyph_set: str = "unicode", **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.board = board
        self.glyph_set = glyph_set

    def show(self, board: EvaMap | None) -> None:
        """Draw ``board`` (None: nothing)."""
        self.board = board
        self.refresh()
        self._say_condensed()

    def on_resize(self) -> None:
        """Say under the frame whether the map is shown condensed."""
        self._say_condensed()

    def _say_condensed(self) -> None:
        parent = self.parent
        if parent is None or not self.size.height:
            return
        note = _("2 rows a line") if self.board is not None and self.halved else ""
        if getattr(parent, "border_subtitle", None) != note:
            parent.border_subtitle = note

    @property
    def halved(self) -> bool:
        """Whether one line shows two rows (the widget is less than 31 lines high)."""
        return self.size.height < HEIGHT + 1

    def render(self) -> Text:
        """The lines of the map (labelled when whole)."""
        if self.board is None:
            return Text("")
        halved = self.halved
        lines = preview_lines(self.board, terrain_glyphs(self.glyph_set), halve=halved)
        if halved:
            return Text("\n").join(Text.assemble("  ", line) for line in lines)
        labelled = [Text.assemble((f"{HEIGHT - n:>2} ", "dim"), line) for n, line in enumerate(lines)]
        letters = "".join(chr(ord("A") + x) for x in range(WIDTH))
        labelled.append(Text("   " + letters, style="dim"))
        return Text("\n").join(labelled)
