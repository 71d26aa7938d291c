"""Going Ballistic's board: the hex map on the kit's board base
(:class:`tui.kit.board.BoardView` with a :class:`tui.kit.board.HexLayout`).

The board draws what it is given (:class:`tui.rulesets.ballistic.scene.HexLook` per
hex, from the seat's view and the marks of the moment) and the outline between the
hexes, with column numbers on the top edges and row numbers at the left. Styles are
component classes (``gb-board--<name>``, set in the Going Ballistic section of
``tui/wartable.tcss``), so the theme colours them; glyphs carry every meaning
without colour. :meth:`HexBoard.show` repaints only the hexes whose look changed.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from rich.segment import Segment
from rich.style import Style

from tui.kit.board import BoardView, HexLayout
from tui.rulesets.ballistic.scene import CELL, HexLook

__all__ = ["LEFT", "HexBoard"]

#: Cells left of the map for the row numbers.
LEFT = 3

#: Style names the board knows (its component classes, ``gb-board--<name>``).
STYLES = (
    "outline",
    "coord",
    "e1",
    "e2",
    "e3",
    "e4",
    "e5",
    "rubble",
    "building",
    "smoke",
    "side0",
    "side1",
    "acting",
    "done",
    "reach",
    "far",
    "path",
    "target",
    "aim",
    "scatter",
    "arc",
    "sector",
    "line",
    "hider",
    "shadow",
    "zone",
    "shell",
    "flight",
)


class HexBoard(BoardView):
    """The map of ``columns`` x ``rows`` hexes (GB-2.4: column 01 at the left, row 01 at
    the top, even-numbered columns half a hex lower). Cells are the engine's flat
    indices ``(row - 1) * columns + column - 1``."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {f"gb-board--{name}" for name in STYLES}

    def __init__(self, columns: int, rows: int, *, cursor: int = 0, id: str | None = None) -> None:
        layout = HexLayout(columns, rows, cell_width=CELL, left=LEFT, right=1, low_odd=True)
        super().__init__(layout, cursor=cursor, id=id)
        self.columns = columns
        self.rows = rows
        self.looks: dict[int, HexLook] = {}
        self._styles: dict[tuple[str, ...], Style] = {}

    # -- what is shown -----------------------------------------------------------------
    def show(self, looks: Mapping[int, HexLook]) -> None:
        """Draw ``looks`` (every hex); only the hexes whose look changed are repainted."""
        changed = [i for i, look in looks.items() if self.looks.get(i) != look]
        self.looks = dict(looks)
        if len(changed) > len(looks) // 2:
            self.redraw()
        elif changed:
            self.refresh_cells(changed)

    # -- styles -----------------------------------------------------------------------
    def style_of(self, names: tuple[str, ...]) -> Style:
        """The Rich style of these style names together (later ones over earlier): each
        class's background laid over the board's (and over the earlier ones), its
        colour laid over that background, so that translucent colours of the theme
        (``$accent 25%``) come out as they look."""
        found = self._styles.get(names)
        if found is None:
            _parent_bg, _parent_fg, background, color = self.colors
            attributes = Style()
            coloured = False
            for name in names:
                styles = self.get_component_styles(f"gb-board--{name}")
                if styles.has_rule("background"):
                    background = background + styles.background
                    coloured = True
                if styles.has_rule("color"):
                    color = background + styles.color
                    coloured = True
                attributes += styles.partial_rich_style.without_color
            found = attributes
            if coloured:
                found = Style(color=color.rich_color, bgcolor=background.rich_color) + attributes
            self._styles[names] = found
        return found

    def notify_style_update(self) -> None:
        """The theme changed: styles are looked up again."""
        self._styles = {}
        super().notify_style_update()

    # -- drawing ------------------------------------------------------------------------
    def cell_text(self, cell: int, row: int) -> tuple[str, Style]:
        """A hex's upper line (``row`` 0) or lower line (1, underlined: its bottom edge)."""
        look = self.looks.get(cell)
        if look is None:
            return (" " * CELL, Style(underline=row == 1))
        if row == 0:
            return look.top, self.style_of(look.top_styles)
        return look.bottom, self.style_of(look.bottom_styles) + Style(underline=True)

    def background(self, y: int, width: int) -> list[Segment]:
        """The outline between the hexes, the column numbers on the top edges of the
        first hexes, and the row numbers at the left."""
        layout = self.layout_map
        assert isinstance(layout, HexLayout)
        text = list(layout.outline(y))
        base = self.rich_style
        outline = base + self.style_of(("outline",))
        coord = base + self.style_of(("coord",)) + Style(underline=True)
        segments: list[Segment] = []
        # row numbers: on the upper line of each row's first (high) column
        row = (y - layout.top - 1) / 2
        number = f"{int(row) + 1:02d}" if row == int(row) and 0 <= row < layout.rows else "  "
        segments.append(Segment(number + " ", base + self.style_of(("coord",))))
        x = LEFT
        column_tops = {
            layout.column_x(c): c for c in range(layout.columns) if y == layout.top + layout.low(c)
        }
        while x < width:
            c = column_tops.get(x)
            if c is not None:
                segments.append(Segment(f"{c + 1:02d}".ljust(CELL), coord))
                x += CELL
                continue
            run = x
            while run < width and run not in column_tops:
                run += 1
            segments.append(Segment("".join(text[x:run]), outline))
            x = run
        return segments
