"""The 6 x 4 field of the variant (SC-12.1) on the kit's board base.

:class:`FieldBoard` is a :class:`tui.kit.board.BoardView` with a
:class:`tui.kit.board.SquareLayout`: row 4 at the top (Player 2's home rows 3-4),
row 1 at the bottom (Player 1's home rows 1-2), the column letters above and the
row numbers at the left. It shows what it is given (the squads on their cells,
the home zones from the view, the marks from the options) and decides nothing;
a change repaints only the cells whose look changed.

Marks, readable without colour: the chosen squad ``<1A>``, a target ``[2B]``, a
cell a squad may move to or be placed on ``+`` (``*`` in the ASCII set, where
``+`` is a Support pip), the cell about to be chosen ``[+]``. The arrows move a
cursor (drawn only while the field has the focus); Enter or a click posts
:class:`tui.kit.board.BoardView.Chosen` with the cell's index (see
:meth:`FieldBoard.name_of`).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import ClassVar

from rich.segment import Segment
from rich.style import Style

from engine.rulesets.sixchances.catalog import BOARD_COLUMNS, BOARD_ROWS
from tui.kit.board import BoardView, SquareLayout
from tui.rulesets.sixchances.tokens import SIDE_STYLES

__all__ = ["FieldBoard", "cell_index", "cell_name"]

#: Terminal cells per square: narrow, or wide in a wide terminal.
NARROW, WIDE = 5, 7


def cell_name(index: int) -> str:
    """The name of the field's cell ``index`` (row by row from a1): ``0`` is ``a1``."""
    columns = len(BOARD_COLUMNS)
    return f"{BOARD_COLUMNS[index % columns]}{index // columns + 1}"


def cell_index(name: str) -> int:
    """The index of the cell named ``name`` (``a1`` is 0, ``f4`` is 23)."""
    return (int(name[1:]) - 1) * len(BOARD_COLUMNS) + BOARD_COLUMNS.index(name[0])


def _layout(width: int) -> SquareLayout:
    return SquareLayout(len(BOARD_COLUMNS), BOARD_ROWS, cell_width=width, left=2, top=1)


class FieldBoard(BoardView):
    """The field (see the module's docstring). ``ascii_set``: the ASCII glyph set is in
    use. :meth:`show` says what is on it."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {"sc-grid--home0", "sc-grid--home1"}

    def __init__(self, *, ascii_set: bool = False, id: str | None = None) -> None:
        super().__init__(_layout(NARROW), cursor=cell_index("a1"), id=id)
        self.ascii_set = ascii_set
        self.occupants: dict[str, tuple[str, int]] = {}
        self.selected: str | None = None
        self.targets: frozenset[str] = frozenset()
        self.spots: frozenset[str] = frozenset()
        self.focus_cell: str | None = None
        #: Cell name -> the side whose home zone it is in (SC-12.1.1).
        self.homes: dict[str, int] = {}
        self.wide = False
        self._drawn: dict[int, tuple[object, ...]] = {}

    # -- what is shown -----------------------------------------------------------------
    def name_of(self, index: int) -> str:
        """The name of cell ``index`` (e.g. from :class:`BoardView.Chosen`)."""
        return cell_name(index)

    def show(
        self,
        occupants: Mapping[str, tuple[str, int]],
        *,
        homes: Mapping[str, int] | None = None,
        selected: str | None = None,
        targets: Collection[str] = (),
        spots: Collection[str] = (),
        focus_cell: str | None = None,
        wide: bool = False,
    ) -> None:
        """Show ``occupants`` (cell -> (label, side)); ``homes``: cell -> the side whose
        home zone it is; ``selected``: the chosen squad's cell; ``targets``: cells of
        squads it may attack; ``spots``: empty cells it may move to (or a new squad may
        be placed on); ``focus_cell``: the cell about to be chosen; ``wide``: wider
        squares. Only the cells whose look changed are repainted."""
        self.occupants = dict(occupants)
        if homes is not None:
            self.homes = dict(homes)
        self.selected = selected
        self.targets = frozenset(targets)
        self.spots = frozenset(spots)
        self.focus_cell = focus_cell
        if wide != self.wide:
            self.wide = wide
            self._drawn = {}
            self.layout_map = _layout(WIDE if wide else NARROW)
            self.refresh(layout=True)
        changed = []
        for index in self.layout_map.cells():
            look = self._look(cell_name(index))
            if self._drawn.get(index) != look:
                self._drawn[index] = look
                changed.append(index)
        if changed:
            self.refresh_cells(changed)

    def _look(self, cell: str) -> tuple[object, ...]:
        """What decides how ``cell`` is drawn (compared to repaint only what changed)."""
        return (
            self.occupants.get(cell),
            self.homes.get(cell),
            cell == self.selected,
            cell in self.targets,
            cell in self.spots,
            cell == self.focus_cell,
        )

    # -- drawing -----------------------------------------------------------------------
    def background(self, y: int, width: int) -> list[Segment]:
        """The column letters above the rows, the row numbers at their left."""
        dim = self.rich_style + Style(dim=True)
        w = self.layout_map.box(0).width
        if y == 0:
            text = "  " + "".join(c.center(w) for c in BOARD_COLUMNS)
        else:
            text = f"{BOARD_ROWS + 1 - y} "
        return [Segment(text.ljust(width)[:width], dim)]

    def cell_text(self, cell: int, row: int) -> tuple[str, Style]:
        """A squad's label (marked when chosen or a target), a free cell's mark, or a dot;
        on its home zone's shade."""
        name = cell_name(cell)
        w = self.layout_map.box(cell).width
        home = self.homes.get(name)
        shade = self.get_component_rich_style(f"sc-grid--home{home}") if home is not None else Style()
        if name in self.occupants:
            label, side = self.occupants[name]
            style = shade + Style.parse(SIDE_STYLES[side])
            if name == self.selected:
                return f"<{label}>".center(w)[:w], style + Style(reverse=True)
            if name in self.targets:
                return f"[{label}]".center(w)[:w], style + Style(reverse=True)
            return label.center(w)[:w], style + (
                Style(underline=True) if name == self.focus_cell else Style()
            )
        if name in self.spots:
            # "+" is a Support pip in the ASCII set: a free cell is "*" there
            mark = "*" if self.ascii_set else "+"
            if name == self.focus_cell:  # the cell about to be chosen
                return f"[{mark}]".center(w), shade + Style(bold=True, reverse=True)
            return mark.center(w), shade + Style(bold=True)
        dot = "." if self.ascii_set else "·"
        return dot.center(w), shade + Style(dim=True)

    def has_cursor(self) -> bool:
        """The cursor is drawn only while the field has the focus (the marks say the rest)."""
        return self.has_focus

    def on_focus(self) -> None:
        """Draw the cursor."""
        self.refresh_cells([self.cursor])

    def on_blur(self) -> None:
        """Hide the cursor."""
        self.refresh_cells([self.cursor])
