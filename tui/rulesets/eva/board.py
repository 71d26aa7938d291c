"""The EVA board, on the kit's board base (:class:`tui.kit.board.BoardView`).

The 20 x 30 squares (EVA-2.1) are laid out by a :class:`tui.kit.board.SquareLayout`
two or three terminal cells wide, row 30 at the top; the column letters above and
below and the row numbers on both sides (EVA-2.2) are drawn by
:meth:`EvaBoard.background`. The base caches each line and repaints only what
changed, maps a click to a square by arithmetic on the scroll offset and posts
:class:`tui.kit.board.BoardView.CursorMoved` and
:class:`tui.kit.board.BoardView.Chosen` (their ``cell`` is the square's flat index).

Everything the board shows is given to it: the terrain, the units
(:class:`UnitMark`) and the overlays (:class:`Overlay`: reachable squares with
their energy cost, legal targets, deployment squares). The board never decides
a rule.

Meaning never rests on colour alone: terrain, units, marks and overlays each
have a glyph, and the cursor is drawn in reverse video. An Eva is a capital letter
and an energy cost a digit (or, two cells wide, a small letter for 10 and more), so
the two never read as each other, with or without colour. The Unicode set has no
character of "ambiguous" East Asian width; the ASCII set is plain ASCII.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import ClassVar, NamedTuple

from rich.segment import Segment
from rich.style import Style

from tui.kit.board import BoardView, SquareLayout

__all__ = [
    "ASCII_BOARD",
    "HEIGHT",
    "UNICODE_BOARD",
    "WIDTH",
    "BoardGlyphs",
    "EvaBoard",
    "Overlay",
    "UnitMark",
    "short_cost",
    "terrain_style",
    "square_name",
    "unit_style",
]

WIDTH, HEIGHT = 20, 30  # EVA-2.1
LETTERS = "ABCDEFGHIJKLMNOPQRST"
#: Columns taken by the row numbers on each side ("30 " on the left, " 30" on the right).
MARGIN = 3


def short_cost(label: str) -> str:
    """An energy cost in one character, for two-cell squares: 1-9, then a = 10,
    b = 11 ... (as hexadecimal digits), ``+`` beyond."""
    if not label.isdigit():
        return (label or " ")[0]
    n = int(label)
    if n < 10:
        return str(n)
    return "abcdefghijklmnopqrstuvwxyz"[n - 10] if n < 36 else "+"


def square_name(square: int) -> str:
    """Flat index ``(y - 1) * 20 + (x - 1)`` → its name, e.g. ``"E4"`` (EVA-2.2)."""
    return f"{LETTERS[square % WIDTH]}{square // WIDTH + 1}"


class BoardGlyphs(NamedTuple):
    """The characters of the board (each one cell wide)."""

    name: str
    #: Terrain by colour rank: open, red, yellow, green, blue (EVA-2.3): a small
    #: square for the low red, a wide bar for the chest-high yellow, a tall bar for
    #: the green that is taller than an Eva, waves for the impassable blue.
    terrain: tuple[str, str, str, str, str]
    #: Left of a unit: airborne, kneeling.
    airborne: str
    kneeling: str
    #: Right of a unit: engaged in melee, in its activation.
    engaged: str
    active: str
    #: Around a legal target: left and right.
    target_left: str
    target_right: str
    #: A square where the Eva being deployed may be placed, and one of its zone where it may not.
    deploy_ok: str
    deploy_bad: str
    #: A square the active Eva may jump to.
    jump: str


UNICODE_BOARD = BoardGlyphs(
    name="unicode",
    terrain=("∙", "▪", "▬", "▮", "≋"),
    airborne="⌃",
    kneeling="⌄",
    engaged="✕",
    active="✦",
    target_left="›",
    target_right="‹",
    deploy_ok="+",
    deploy_bad="✕",
    jump="⇑",
)

ASCII_BOARD = BoardGlyphs(
    name="ascii",
    terrain=(".", "-", "=", "#", "~"),
    airborne="^",
    kneeling="_",
    engaged="x",
    active="*",
    target_left=">",
    target_right="<",
    deploy_ok="+",
    deploy_bad="x",
    jump="j",
)


class UnitMark(NamedTuple):
    """How one Eva is drawn: its one-character ``glyph``, its ``side`` (0 or 1) and
    the public states the view gives."""

    glyph: str
    side: int
    airborne: bool = False
    kneeling: bool = False
    engaged: bool = False
    #: already activated this round (drawn fainter)
    activated: bool = False
    #: in its activation now
    active: bool = False


class Overlay(NamedTuple):
    """A mark over a square. ``kind``: ``"reach"`` (``label``: the energy cost),
    ``"target"`` (a legal target), ``"deploy"`` (a legal deployment square),
    ``"blocked"`` (a zone square where the Eva may not be placed) or ``"jump"``."""

    kind: str
    label: str = ""


#: Colours of the board, as exact RGB values chosen so that a terminal of 16
#: colours (downgraded to the nearest of the standard palette) still shows the
#: intended colour: red obstacles on red, yellow on yellow, Player 1 on cyan,
#: Player 2 on magenta (``tests/test_tui_board.py`` checks each one). Named ANSI
#: colours would go through the theme first and could come out as other colours.
COLOURS: dict[str, str] = {
    "grey": "#808080",
    "black": "#000000",
    "white": "#ffffff",
    "red": "#b02020",
    "yellow": "#e8c830",
    "green": "#30a030",
    "blue": "#2038b0",
    "cyan": "#40d0d0",
    "magenta": "#d050d0",
    "dark_cyan": "#208080",
    "dark_magenta": "#802080",
    "dark_grey": "#4d4d4d",
    "bright_green": "#50f050",
}
_C = COLOURS

_STYLES: dict[str, Style] = {
    "coord": Style(color=_C["grey"]),
    "t0": Style(color=_C["grey"]),
    "t1": Style(color=_C["black"], bgcolor=_C["red"]),
    "t2": Style(color=_C["black"], bgcolor=_C["yellow"]),
    "t3": Style(color=_C["black"], bgcolor=_C["green"]),
    "t4": Style(color=_C["white"], bgcolor=_C["blue"]),
    "u0": Style(color=_C["black"], bgcolor=_C["cyan"], bold=True),
    "u1": Style(color=_C["black"], bgcolor=_C["magenta"], bold=True),
    "u0done": Style(color=_C["black"], bgcolor=_C["dark_cyan"]),
    "u1done": Style(color=_C["black"], bgcolor=_C["dark_magenta"]),
    "reach": Style(color=_C["white"], bgcolor=_C["dark_grey"], bold=True),
    "target": Style(color=_C["white"], bgcolor=_C["red"], bold=True),
    "deploy": Style(color=_C["bright_green"], bold=True),
    "blocked": Style(color=_C["red"]),
    "jump": Style(color=_C["white"], bgcolor=_C["dark_grey"], bold=True),
    "selected": Style(underline=True),
    "cursor": Style(reverse=True),
}

#: Without colour (``NO_COLOR``): glyphs, bold, dim, underline and reverse video only.
_MONO: dict[str, Style] = {
    **{key: Style() for key in _STYLES},
    "coord": Style(dim=True),
    "t0": Style(dim=True),
    "t3": Style(bold=True),
    "t4": Style(bold=True),
    "u0": Style(bold=True),
    # without colour Player 2's Evas are in reverse video (the cursor on one is underlined)
    "u1": Style(bold=True, reverse=True),
    "u0done": Style(dim=True),
    "u1done": Style(dim=True, reverse=True),
    "reach": Style(bold=True),
    "target": Style(bold=True),
    "deploy": Style(bold=True),
    "blocked": Style(dim=True),
    "jump": Style(bold=True),
    "selected": Style(underline=True),
    "cursor": Style(reverse=True),
}


def terrain_style(rank: int) -> Style:
    """The colour style of a square of terrain ``rank`` (0 open .. 4 blue)."""
    return _STYLES[f"t{rank}"]


def unit_style(side: int, mono: bool = False) -> Style:
    """The style of ``side``'s Evas on the board (``mono``: without colour), for what
    names them beside it (the legend, the log)."""
    return (_MONO if mono else _STYLES)[f"u{side}"]


class EvaBoard(BoardView):
    """The board widget. ``terrain``: 600 colour ranks by flat square index
    (0 open .. 4 blue); ``ascii``: use the ASCII glyph set; ``cell_width`` 2 or 3;
    ``mono``: no colours (the terminal has none, or NO_COLOR is set)."""

    DEFAULT_CSS = """
    EvaBoard {
        scrollbar-size-vertical: 1;
        scrollbar-size-horizontal: 1;
    }
    """

    #: Every line of the canvas fits the cache (30 rows and the two lines of letters).
    CACHE_LINES: ClassVar[int] = HEIGHT + 2

    def __init__(
        self,
        terrain: bytes,
        *,
        ascii: bool = False,
        cell_width: int = 3,
        mono: bool = False,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        self._cell = 3 if cell_width >= 3 else 2
        super().__init__(_layout(self._cell), id=id, classes=classes)
        self.terrain = terrain
        self.glyphs = ASCII_BOARD if ascii else UNICODE_BOARD
        #: Styles of the squares: with colours, or without (``mono``: NO_COLOR).
        self.styles_map = _MONO if mono else _STYLES
        self.units: dict[int, UnitMark] = {}
        self.overlay: dict[int, Overlay] = {}
        self.selected: int | None = None

    # -- geometry -----------------------------------------------------------------
    @property
    def cell_width(self) -> int:
        """Terminal cells per square (2 or 3)."""
        return self._cell

    @cell_width.setter
    def cell_width(self, width: int) -> None:
        width = 3 if width >= 3 else 2
        if width != self._cell:
            self._cell = width
            self.layout_map = _layout(width)

    @property
    def board_width(self) -> int:
        """Width of the whole board in terminal cells (numbers on both sides included)."""
        return 2 * MARGIN + WIDTH * self._cell

    def line_of(self, square: int) -> int:
        """The board line (0 the top letters, 1 row 30 ... 30 row 1) of ``square``."""
        return self.layout_map.box(square).y

    def cell_x(self, square: int) -> int:
        """The first board column of ``square``."""
        return self.layout_map.box(square).x

    def square_at(self, x: int, y: int) -> int | None:
        """The square under widget offset (``x``, ``y``), scroll included; None off the squares."""
        return self.cell_at(x, y)

    # -- what is shown -------------------------------------------------------------
    def set_marks(
        self,
        units: Mapping[int, UnitMark],
        overlay: Mapping[int, Overlay],
        selected: int | None = None,
    ) -> None:
        """Show these ``units`` (square → mark) and ``overlay`` (square → mark), with
        the unit on square ``selected`` underlined; repaints only the lines that
        differ."""
        changed: set[int] = set()
        for old, new in ((self.units, units), (self.overlay, overlay)):
            for s in old.keys() | new.keys():
                if old.get(s) != new.get(s):
                    changed.add(self.line_of(s))
        if selected != self.selected:
            changed.update(self.line_of(s) for s in (selected, self.selected) if s is not None)
        self.units = dict(units)
        self.overlay = dict(overlay)
        self.selected = selected
        if changed:
            self.refresh_lines(changed)

    def show_squares(self, squares: Sequence[int]) -> None:
        """Scroll so that as many of ``squares`` as fit are shown together, in order of
        importance (see :meth:`tui.kit.board.BoardView.show_cells`)."""
        self.show_cells(squares)

    # -- drawing ---------------------------------------------------------------
    def background(self, y: int, width: int) -> list[Segment]:
        """The coordinates (EVA-2.2): the column letters on the first and last lines,
        the row number on both sides of each row."""
        coord = self.base_style + self.styles_map["coord"]
        cw = self._cell
        if y in (0, HEIGHT + 1):
            pad = 1 if cw == 3 else 0
            text = " " * MARGIN + "".join((" " * pad + c).ljust(cw) for c in LETTERS) + " " * MARGIN
            return [Segment(text, coord)]
        row = HEIGHT - y + 1
        return [
            Segment(f"{row:>2} ", coord),
            Segment(" " * (WIDTH * cw), self.base_style),
            Segment(f" {row:<2}", coord),
        ]

    def cell_text(self, cell: int, row: int) -> tuple[str, Style]:
        """The text (``cell_width`` characters) and style of one square (the cursor is
        added by the base)."""
        g = self.glyphs
        over = self.overlay.get(cell)
        unit = self.units.get(cell)
        style: Style
        if unit is not None:
            left = g.airborne if unit.airborne else (g.kneeling if unit.kneeling else " ")
            right = g.engaged if unit.engaged else (g.active if unit.active else " ")
            key = f"u{unit.side}" + ("done" if unit.activated and not unit.active else "")
            style = self.styles_map[key]
            if over is not None and over.kind == "target":
                left, right = g.target_left, g.target_right
                style = self.styles_map["target"]
            if cell == self.selected:
                style = style + self.styles_map["selected"]
            cells = (left, unit.glyph, right)
        elif over is not None:
            if over.kind == "reach":
                label = over.label.rjust(2)
                cells = (label[0], label[1], " ")
            else:
                mark = {"deploy": g.deploy_ok, "blocked": g.deploy_bad, "jump": g.jump}.get(over.kind, "?")
                cells = (" ", mark, " ")
            style = self.styles_map.get(over.kind, self.styles_map["reach"])
        else:
            rank = self.terrain[cell]
            t = g.terrain[rank]
            cells = (" ", t, " ") if rank == 0 else (t, t, t)
            style = self.styles_map[f"t{rank}"]
        if self._cell == 3:
            return "".join(cells), style
        if over is not None and over.kind == "reach" and unit is None:
            # two-cell squares: one character and a space, so costs never run together
            return short_cost(over.label) + " ", style
        # one mark beside the glyph: engaged (or a target) first, then airborne or
        # kneeling, then "in its activation" (also told by the status line)
        left, right = cells[0], cells[2]
        if unit is not None and right == g.active and left != " ":
            right = left
        return cells[1] + (right if right != " " else left), style


def _layout(cell_width: int) -> SquareLayout:
    """The board's squares ``cell_width`` cells wide, with room for the coordinates:
    the row numbers on both sides, the letters above and below (EVA-2.2)."""
    return SquareLayout(WIDTH, HEIGHT, cell_width=cell_width, left=MARGIN, top=1, right=MARGIN, bottom=1)
