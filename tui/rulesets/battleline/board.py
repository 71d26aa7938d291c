"""The battle line on the kit's board (:class:`tui.kit.board.BoardView` with a
:class:`tui.kit.board.LineLayout`): one column per cell, lines top to bottom:

* the cell numbers (tens above units when a cell is two columns wide);
* the ground: open cells and cover cells (BL-1.4), the cursor;
* one line per seat: its mech (its number, in its side's colour and reverse video,
  with an arrow for its heading), and for the viewer's own mech the move its draft
  order makes and where it ends; for another seat, the cells it could end this turn
  on, as far as the viewer may know (the engine's reach, BL-19);
* the cells the viewer's draft order marks, with the salvos or missiles on each,
  and where the viewer's own missiles in flight land this turn (BL-14.3).

Cells are three columns wide when the line fits so, else two, else one (a line of
54 cells on 80 columns): in one column a mech is its number alone, and its heading
is drawn in the cell beside it.

It computes nothing: a :class:`LineScene` made by the screen from the seat's view,
options and preview says what to draw. Meaning never rests on colour alone: every
mark is a glyph (the ASCII set has its own), the mechs are numbered, the cursor is
in reverse video.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple

from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.geometry import Size

from tui.kit.board import BoardView, LineLayout
from tui.rulesets.battleline.texts import seat_colour, seat_mark

__all__ = ["ASCII_LINE", "UNICODE_LINE", "LineBoard", "LineGlyphs", "LineScene", "MechMark"]


class LineGlyphs(NamedTuple):
    """The characters the line is drawn with (one cell wide each)."""

    name: str
    #: A cover cell, and an open cell, on the ground line.
    cover: str
    ground: str
    #: A mech heading right (to higher cells), left, or standing.
    right: str
    left: str
    still: str
    #: A cell an opponent could end the turn on.
    reach: str
    #: A cell of the viewer's draft move, and the cell it ends on.
    path: str
    end: str
    #: A cell the draft order marks; missiles of the viewer landing on a cell.
    mark: str
    volley: str
    #: More than nine salvos or missiles on one cell.
    many: str


UNICODE_LINE = LineGlyphs(
    name="unicode",
    cover="░",
    ground="∙",
    right="►",
    left="◄",
    still="∙",
    reach="∙",
    path="╌",
    end="▪",
    mark="✕",
    volley="⇣",
    many="+",
)

ASCII_LINE = LineGlyphs(
    name="ascii",
    cover="#",
    ground=".",
    right=">",
    left="<",
    still=" ",
    reach=".",
    path="-",
    end="=",
    mark="x",
    volley="v",
    many="+",
)


@dataclass(frozen=True)
class MechMark:
    """A mech on the line: its ``seat``, ``position``, ``heading`` (+1 toward higher
    cells, -1 toward lower ones, 0 unknown or standing) and whether it is the
    viewer's ``own``."""

    seat: int
    position: int
    heading: int = 0
    own: bool = False


@dataclass(frozen=True)
class LineScene:
    """What the line shows (see the module's docstring).

    ``length`` cells and the ``cover`` cells (BL-1); ``seats``: one line each;
    ``mechs`` still on the line; ``reach``: per other seat, the cells it could end
    this turn on; ``path`` (lowest, highest cell) and ``end`` of the viewer's draft
    move; ``marks``: cell -> salvos, missiles or cannon marks of the whole draft;
    ``selected``: the cells of the weapon being marked; ``volleys``: cell ->
    missiles of the viewer's landing this turn.
    """

    length: int = 30
    cover: frozenset[int] = frozenset()
    seats: int = 2
    mechs: tuple[MechMark, ...] = ()
    reach: dict[int, frozenset[int]] = field(default_factory=dict)
    path: tuple[int, int] | None = None
    end: int | None = None
    marks: dict[int, int] = field(default_factory=dict)
    selected: frozenset[int] = frozenset()
    volleys: dict[int, int] = field(default_factory=dict)


class LineBoard(BoardView):
    """The battle line (see the module's docstring). ``glyphs``: the set to draw with.

    ``labels`` (set with the scene): a label per line of the board, drawn in the left
    margin when the line and the labels fit the width; otherwise the line alone is
    drawn and scrolls.
    """

    DEFAULT_CSS = """
    LineBoard {
        height: auto;
        scrollbar-size-vertical: 0;
    }
    """

    def __init__(self, glyphs: LineGlyphs = UNICODE_LINE, *, id: str | None = None) -> None:
        self.glyphs = glyphs
        self.scene = LineScene()
        self.labels: list[str] = []
        #: Show the cursor even when the line does not have the focus.
        self.show_cursor = False
        self._label_width = 0
        super().__init__(self._layout_for(self.scene, 80), cursor=1, id=id)

    # -- the layout ---------------------------------------------------------------------
    @staticmethod
    def number_lines(cell_width: int) -> int:
        """How many lines the cell numbers take: two (tens, units) in two columns, else one."""
        return 2 if cell_width < 3 else 1

    def line_kinds(self) -> list[tuple[str, int]]:
        """The board's lines, top to bottom: (kind, seat or -1)."""
        layout = self.layout_map
        width = layout.cell_width if isinstance(layout, LineLayout) else 2
        kinds: list[tuple[str, int]] = [("tens", -1)] if self.number_lines(width) == 2 else []
        kinds += [("units", -1), ("ground", -1)]
        kinds += [("seat", s) for s in range(self.scene.seats)]
        kinds.append(("marks", -1))
        return kinds

    def _layout_for(self, scene: LineScene, width: int) -> LineLayout:
        """The widest cells that fit: three columns with the labels, two with them, two
        without, one with them, else one (scrolled); the labels in a left margin."""
        label = max((len(t) for t in self.labels), default=0)
        label = label + 1 if label else 0
        n = scene.length
        for cell_width, margin in ((3, label), (2, label), (2, 0), (1, label), (1, 0)):
            if n * cell_width + margin <= width:
                break
        self._label_width = margin
        rows = self.number_lines(cell_width) + 1 + scene.seats + 1
        return LineLayout(n, cell_width=cell_width, rows=rows, left=margin)

    def _fit(self) -> None:
        width = self.size.width or (self.app.size.width if self.is_attached else 80)
        layout = self._layout_for(self.scene, width)
        old = self.layout_map
        if not isinstance(old, LineLayout) or (old.length, old.cell_width, old.rows, old.left) != (
            layout.length,
            layout.cell_width,
            layout.rows,
            layout.left,
        ):
            cursor = min(max(self.cursor, layout.first), layout.last)
            self._cursor = cursor
            self.layout_map = layout
        scroll = 1 if layout.size.width > width else 0
        self.styles.height = layout.size.height + scroll

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        """As tall as the line's rows."""
        return self.layout_map.size.height

    def on_resize(self, event: events.Resize) -> None:
        """A new width: three columns a cell, the labels, or two, whatever fits."""
        self._fit()
        super().on_resize(event)

    # -- what is shown ----------------------------------------------------------------
    def set_scene(self, scene: LineScene, labels: list[str] | None = None) -> None:
        """Show ``scene`` with ``labels`` (one per line, see :meth:`line_kinds`); only the
        lines that changed are drawn again."""
        old = self.scene
        relabel = labels is not None and labels != self.labels
        if labels is not None:
            self.labels = list(labels)
        self.scene = scene
        before = self.layout_map
        self._fit()
        if (
            relabel
            or self.layout_map is not before
            or (old.length, old.cover, old.seats)
            != (
                scene.length,
                scene.cover,
                scene.seats,
            )
        ):
            self.redraw()
            return
        changed: list[int] = []
        for y, (kind, seat) in enumerate(self.line_kinds()):
            before, after = self._line_part(old, kind, seat), self._line_part(scene, kind, seat)
            if before != after:
                changed.append(y)
        if changed:
            self.refresh_lines(changed)

    @staticmethod
    def _line_part(scene: LineScene, kind: str, seat: int) -> tuple[object, ...]:
        """What of ``scene`` a line of kind ``kind`` shows (equal: the line is unchanged)."""
        if kind == "seat":
            mech = next((m for m in scene.mechs if m.seat == seat), None)
            own = mech is not None and mech.own
            return (mech, scene.reach.get(seat), scene.path if own else None, scene.end if own else None)
        if kind == "marks":
            return (scene.marks, scene.selected, scene.volleys)
        return ()

    # -- drawing ----------------------------------------------------------------------------
    def on_focus(self) -> None:
        """The cursor shows while the line has the focus."""
        self.refresh_cells([self.cursor])

    def on_blur(self) -> None:
        """Out of focus the cursor is hidden (unless :attr:`show_cursor`)."""
        self.refresh_cells([self.cursor])

    def has_cursor(self) -> bool:
        """The cursor is drawn on the number and ground lines only (see :meth:`cell_text`)."""
        return False

    def background(self, y: int, width: int) -> list[Segment]:
        """The labels of the lines in the left margin, when there is room for them."""
        base = self.rich_style
        label = self._label_width
        if not label or y >= len(self.labels):
            return [Segment(" " * width, base)]
        text = self.labels[y][: label - 1].ljust(label)
        kind, seat = self.line_kinds()[y] if y < len(self.line_kinds()) else ("", -1)
        style = Style(italic=True)
        if kind == "seat":
            style = Style(color=seat_colour(seat), bold=True)
        return [Segment(text, base + style), Segment(" " * (width - label), base)]

    def cell_text(self, cell: int, row: int) -> tuple[str, Style]:
        """Cell ``cell`` on line ``row`` of its column (see the module's docstring)."""
        layout = self.layout_map
        w = layout.cell_width if isinstance(layout, LineLayout) else 2
        kinds = self.line_kinds()
        kind, seat = kinds[row] if row < len(kinds) else ("", -1)
        g = self.glyphs
        scene = self.scene
        cursor = cell == self.cursor and (self.has_focus or self.show_cursor)
        if kind in ("tens", "units"):
            if kind == "tens":
                text = (str(cell // 10) if cell >= 10 else " ").rjust(w)
            elif w >= 3:
                text = str(cell).rjust(w)
            else:
                text = str(cell % 10).rjust(w)
            style = Style(bold=cell % 5 == 0, dim=cell % 5 != 0)
            return text, style + Style(reverse=True, dim=False) if cursor else style
        if kind == "ground":
            if cell in scene.cover:
                text, style = g.cover * w, Style(color="grey50")
            else:
                text, style = g.ground.rjust(w), Style(dim=True)
            return text, style + Style(reverse=True, dim=False, bold=True) if cursor else style
        if kind == "seat":
            return self._seat_cell(cell, seat, w)
        if kind == "marks":
            return self._marks_cell(cell, w)
        return " " * w, Style()

    def _count(self, glyph: str, count: int, w: int) -> str:
        """A mark with its count in ``w`` columns: the mark for one (``✕``), the number for
        more (``3``; ``+`` for ten or more); missiles landing keep their mark (``⇣2``)."""
        digit = str(count) if count <= 9 else self.glyphs.many
        if glyph == self.glyphs.volley and w > 1:
            return (glyph + digit).rjust(w)
        return (glyph if count == 1 else digit).rjust(w)

    def _marks_cell(self, cell: int, w: int) -> tuple[str, Style]:
        """The draft's marks on ``cell`` (the weapon being marked in reverse video), else
        the viewer's missiles landing there (underlined)."""
        scene = self.scene
        count = scene.marks.get(cell, 0)
        if count:
            selected = cell in scene.selected
            style = Style(bold=True, reverse=selected, color=None if selected else "bright_red")
            return self._count(self.glyphs.mark, count, w), style
        landing = scene.volleys.get(cell, 0)
        if landing:
            return self._count(self.glyphs.volley, landing, w), Style(bold=True, underline=True)
        return " " * w, Style()

    def _seat_cell(self, cell: int, seat: int, w: int) -> tuple[str, Style]:
        g = self.glyphs
        scene = self.scene
        colour = seat_colour(seat)
        mech = next((m for m in scene.mechs if m.seat == seat), None)
        beside = mech is not None and w == 1 and mech.heading and cell == mech.position + mech.heading
        if mech is not None and beside and not (mech.own and scene.path is not None):
            return (g.right if mech.heading > 0 else g.left), Style(color=colour, bold=True)
        if mech is not None and mech.position == cell:
            digit = seat_mark(seat)
            if w == 1:
                return digit, Style(color=colour, reverse=True, bold=True)
            if mech.heading > 0:
                text = digit + g.right
            elif mech.heading < 0:
                text = g.left + digit
            else:
                text = digit + g.still
            return text.rjust(w), Style(color=colour, reverse=True, bold=True)
        if mech is not None and mech.own and scene.path is not None:
            low, high = scene.path
            if low <= cell <= high:
                if cell == scene.end:
                    return g.end * w, Style(color=colour, bold=True)
                return g.path * w, Style(color=colour)
        reach = scene.reach.get(seat)
        if reach and cell in reach:
            return g.reach.rjust(w), Style(color=colour)
        return " " * w, Style()
