"""The EVA board: one scrolling widget drawn line by line (Textual's Line API).

The 20 x 30 squares (EVA-2.1) are drawn two or three terminal cells wide, row 30
at the top, with the column letters above and below and the row numbers on both
sides (EVA-2.2). Each line of the board is built once into a :class:`Strip` and
kept in an LRU cache; a change (a moved unit, a new overlay, the cursor) drops
only the lines it touches and repaints only that region, so a cursor step costs
two cells on the terminal.

Everything the board shows is given to it: the terrain, the units
(:class:`UnitMark`) and the overlays (:class:`Overlay`: reachable squares with
their energy cost, legal targets, deployment squares). The board never decides
a rule. It says where the player points: :class:`EvaBoard.CursorMoved` and
:class:`EvaBoard.Chosen` (Enter, or a click, which is mapped to a square by
arithmetic on the scroll offset).

Meaning never rests on colour alone: terrain, units, marks and overlays each
have a glyph, and the cursor is drawn in reverse video. The Unicode set has no
character of "ambiguous" East Asian width; the ASCII set is plain ASCII.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import ClassVar, NamedTuple

from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.binding import Binding, BindingType
from textual.cache import LRUCache
from textual.geometry import Region, Size
from textual.message import Message
from textual.scroll_view import ScrollView
from textual.strip import Strip

from engine.i18n import N_

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


class EvaBoard(ScrollView, can_focus=True):
    """The board widget. ``terrain``: 600 colour ranks by flat square index
    (0 open .. 4 blue); ``ascii``: use the ASCII glyph set; ``cell_width`` 2 or 3;
    ``mono``: no colours (the terminal has none, or NO_COLOR is set)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "cursor(0, 1)", N_("Cursor"), show=False),
        Binding("down", "cursor(0, -1)", N_("Cursor"), show=False),
        Binding("left", "cursor(-1, 0)", N_("Cursor"), show=False),
        Binding("right", "cursor(1, 0)", N_("Cursor"), show=False),
        Binding("shift+up", "cursor(0, 5)", show=False),
        Binding("shift+down", "cursor(0, -5)", show=False),
        Binding("shift+left", "cursor(-5, 0)", show=False),
        Binding("shift+right", "cursor(5, 0)", show=False),
        Binding("enter", "choose", N_("Choose square"), show=False),
    ]

    DEFAULT_CSS = """
    EvaBoard {
        scrollbar-size-vertical: 1;
        scrollbar-size-horizontal: 1;
    }
    """

    class CursorMoved(Message):
        """The cursor is on ``square`` now."""

        def __init__(self, square: int) -> None:
            super().__init__()
            self.square = square

    class Chosen(Message):
        """The player chose ``square`` (Enter on it, or a click)."""

        def __init__(self, square: int) -> None:
            super().__init__()
            self.square = square

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
        super().__init__(id=id, classes=classes)
        self.terrain = terrain
        self.glyphs = ASCII_BOARD if ascii else UNICODE_BOARD
        #: Styles of the squares: with colours, or without (``mono``: NO_COLOR).
        self.styles_map = _MONO if mono else _STYLES
        self._cell = 3 if cell_width >= 3 else 2
        self.units: dict[int, UnitMark] = {}
        self.overlay: dict[int, Overlay] = {}
        self.selected: int | None = None
        self._cursor = 0
        #: Called at once with the new square when the cursor moves (before the
        #: :class:`CursorMoved` message), so that what shows the square is drawn in
        #: the same frame as the cursor.
        self.on_cursor: Callable[[int], None] | None = None
        self._lines: LRUCache[int, Strip] = LRUCache(64)
        #: How many board lines were built (tests and benchmarks read it).
        self.lines_built = 0
        self._set_virtual_size()

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
            self._set_virtual_size()
            self._lines.clear()
            self.refresh()

    @property
    def board_width(self) -> int:
        """Width of the whole board in terminal cells (numbers on both sides included)."""
        return 2 * MARGIN + WIDTH * self._cell

    def _set_virtual_size(self) -> None:
        self.virtual_size = Size(self.board_width, HEIGHT + 2)

    @staticmethod
    def line_of(square: int) -> int:
        """The board line (0 the top letters, 1 row 30 ... 30 row 1) of ``square``."""
        return HEIGHT - square // WIDTH

    def cell_x(self, square: int) -> int:
        """The first board column of ``square``."""
        return MARGIN + (square % WIDTH) * self._cell

    def square_at(self, x: int, y: int) -> int | None:
        """The square under widget offset (``x``, ``y``), scroll included; None off the squares."""
        vx = x + int(self.scroll_offset.x) - MARGIN
        line = y + int(self.scroll_offset.y)
        if not 1 <= line <= HEIGHT or vx < 0 or vx >= WIDTH * self._cell:
            return None
        return (HEIGHT - line) * WIDTH + vx // self._cell

    # -- what is shown -------------------------------------------------------------
    @property
    def cursor(self) -> int:
        """The square under the cursor (flat index)."""
        return self._cursor

    @cursor.setter
    def cursor(self, square: int) -> None:
        self.move_cursor(square)

    def move_cursor(self, square: int, *, scroll: bool = True) -> None:
        """Put the cursor on ``square``: repaint the two cells, keep it in view, and
        post :class:`CursorMoved`."""
        square = max(0, min(WIDTH * HEIGHT - 1, square))
        old = self._cursor
        if square == old:
            return
        self._cursor = square
        for s in (old, square):
            self._lines.discard(self.line_of(s))
            self._refresh_cell(s)
        if scroll:
            self.keep_in_view(square)
        if self.on_cursor is not None:
            self.on_cursor(square)
        self.post_message(self.CursorMoved(square))

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
            for s in set(old) | set(new):
                if old.get(s) != new.get(s):
                    changed.add(self.line_of(s))
        if selected != self.selected:
            changed.update(self.line_of(s) for s in (selected, self.selected) if s is not None)
        self.units = dict(units)
        self.overlay = dict(overlay)
        self.selected = selected
        self.refresh_board_lines(changed)

    def refresh_board_lines(self, lines: Iterable[int]) -> None:
        """Drop the cached ``lines`` and repaint them (only those on screen cost anything)."""
        top = int(self.scroll_offset.y)
        width = max(self.size.width, self.virtual_size.width)
        for line in sorted(set(lines)):
            self._lines.discard(line)
            self.refresh(Region(0, line - top, width, 1))

    def _refresh_cell(self, square: int) -> None:
        x = self.cell_x(square) - int(self.scroll_offset.x)
        y = self.line_of(square) - int(self.scroll_offset.y)
        self.refresh(Region(x, y, self._cell, 1))

    def keep_in_view(self, square: int | None = None) -> None:
        """Scroll so that ``square`` (default: the cursor's) and the squares around it are shown."""
        if square is None:
            square = self._cursor
        # the square with one line (a row or the letters) and one square around it
        line = self.line_of(square)
        top, bottom = max(0, line - 1), min(HEIGHT + 2, line + 2)
        left = self.cell_x(square) - self._cell
        right = self.cell_x(square) + 2 * self._cell
        if left <= MARGIN:
            left = 0
        if right >= self.board_width - MARGIN:
            right = self.board_width
        region = Region(left, top, right - left, bottom - top)
        self.scroll_to_region(region, animate=False, immediate=True)

    def show_squares(self, squares: Sequence[int]) -> None:
        """Scroll so that as many of ``squares`` as fit are shown together, in order of
        importance: the first always (with the squares around it, as
        :meth:`keep_in_view`), then each next one while all still fit on the screen."""
        if not squares:
            return
        height, width = self.size.height, self.size.width
        if height <= 0 or width <= 0:
            return
        shown: list[int] = []
        for square in squares:
            trial = [*shown, square]
            lines = [self.line_of(s) for s in trial]
            xs = [self.cell_x(s) for s in trial]
            top, bottom = max(0, min(lines) - 1), min(HEIGHT + 2, max(lines) + 2)
            left, right = min(xs) - self._cell, max(xs) + 2 * self._cell
            if left <= MARGIN:
                left = 0
            if right >= self.board_width - MARGIN:
                right = self.board_width
            if shown and (bottom - top > height or right - left > width):
                continue
            shown = trial
            region = Region(left, top, right - left, bottom - top)
        self.scroll_to_region(region, animate=False, immediate=True)

    def on_resize(self, event: events.Resize) -> None:
        """A new size may reveal other lines; the cache is keyed by board line, so it stays."""
        self.keep_in_view(self._cursor)

    def notify_style_update(self) -> None:
        """The theme changed: rebuild every line."""
        super().notify_style_update()
        self._lines.clear()

    # -- input -----------------------------------------------------------------
    def action_cursor(self, dx: int, dy: int) -> None:
        """Move the cursor by (``dx``, ``dy``) squares (up is north), stopping at the edges."""
        x = min(WIDTH - 1, max(0, self._cursor % WIDTH + dx))
        y = min(HEIGHT - 1, max(0, self._cursor // WIDTH + dy))
        self.move_cursor(y * WIDTH + x)

    def action_choose(self) -> None:
        """Choose the square under the cursor."""
        self.post_message(self.Chosen(self._cursor))

    def on_click(self, event: events.Click) -> None:
        """A click on a square moves the cursor there and chooses it."""
        square = self.square_at(event.x, event.y)
        if square is None:
            return
        event.stop()
        self.focus()
        self.move_cursor(square, scroll=False)
        self.post_message(self.Chosen(square))

    # -- drawing ---------------------------------------------------------------
    def render_line(self, y: int) -> Strip:
        """Line ``y`` of the widget: the cached board line, cropped to the scroll offset."""
        sx, sy = self.scroll_offset
        line = y + int(sy)
        strip = self._lines.get(line)
        if strip is None:
            strip = self._build_line(line)
            self._lines.set(line, strip)
        x = int(sx)
        return strip.crop_extend(x, x + self.size.width, self.rich_style)

    def _build_line(self, line: int) -> Strip:
        """Board line ``line`` as one strip (the full width, nothing cropped)."""
        self.lines_built += 1
        base = self.rich_style
        width = self.board_width
        if not 0 <= line <= HEIGHT + 1:
            return Strip.blank(width, base)
        coord = base + self.styles_map["coord"]
        cw = self._cell
        if line in (0, HEIGHT + 1):
            pad = 1 if cw == 3 else 0
            text = " " * MARGIN + "".join((" " * pad + c).ljust(cw) for c in LETTERS) + " " * MARGIN
            return Strip([Segment(text, coord)], width)
        row = HEIGHT - line + 1
        segments = [Segment(f"{row:>2} ", coord)]
        first = (row - 1) * WIDTH
        for square in range(first, first + WIDTH):
            text, style = self._cell_text(square)
            segments.append(Segment(text, base + style))
        segments.append(Segment(f" {row:<2}", coord))
        return Strip(segments, width).simplify()

    def _cell_text(self, square: int) -> tuple[str, Style]:
        """The text (``cell_width`` characters) and style of one square."""
        g = self.glyphs
        over = self.overlay.get(square)
        unit = self.units.get(square)
        style: Style
        if unit is not None:
            left = g.airborne if unit.airborne else (g.kneeling if unit.kneeling else " ")
            right = g.engaged if unit.engaged else (g.active if unit.active else " ")
            key = f"u{unit.side}" + ("done" if unit.activated and not unit.active else "")
            style = self.styles_map[key]
            if over is not None and over.kind == "target":
                left, right = g.target_left, g.target_right
                style = self.styles_map["target"]
            if square == self.selected:
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
            rank = self.terrain[square]
            t = g.terrain[rank]
            cells = (" ", t, " ") if rank == 0 else (t, t, t)
            style = self.styles_map[f"t{rank}"]
        if self._cell == 3:
            text = "".join(cells)
        elif over is not None and over.kind == "reach" and unit is None:
            # two-cell squares: one character and a space, so costs never run together
            text = short_cost(over.label) + " "
        else:
            # one mark beside the glyph: engaged (or a target) first, then airborne or
            # kneeling, then "in its activation" (also told by the status line)
            left, right = cells[0], cells[2]
            if unit is not None and right == g.active and left != " ":
                right = left
            text = cells[1] + (right if right != " " else left)
        if square == self._cursor:
            if style.reverse:
                # a square already in reverse video (Player 2's Eva without colour)
                style = style + Style(reverse=False, underline=True, bold=True)
            else:
                style = style + self.styles_map["cursor"]
        return text, style
