"""The Three Kingdoms map: bases as boxes, links between them, on the kit's board.

Each base is a box on the scenario's grid (:attr:`BaseView.at`, or laid out
from the links when the scenario has no drawing): its first line the base's type
glyph, id, name (when there is room), capacity per side and controller; a
fortress's gates, ballistas and ram on the next; then one line per regiment on
it, first side first (id, type glyph, commander when there is room, men, morale
and its most pressing state). Links are routed between the boxes by the kit's
:class:`tui.kit.board.GraphLayout` and drawn with box-drawing characters of no
"ambiguous" width; a mountain link is dashed. The box of the regiment being
ordered and the bases its orders reach carry a mark in their first column.

The map shows what it is given (a seat's view and the marks); it decides no rule.
The box width follows the widget's width (names and commanders come in when there
is room); a map wider or taller than the widget scrolls.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import ClassVar

from rich.segment import Segment
from rich.style import Style
from textual import events

from engine.rulesets.kingdoms.view import BaseView, RegimentView, View
from tui.kit.board import BoardView, GraphLayout, auto_grid
from tui.rulesets.kingdoms.glyphs import MapGlyphs
from tui.rulesets.kingdoms.texts import base_name, fortress_line, officer_name
from tui.textfit import fit

__all__ = ["KingdomsMap", "grid_of"]

#: Box width: the narrowest (id, type, men and morale: ``S3♞ 1000 100!``) and the widest.
NARROW, WIDE = 14, 26
#: Cells between two columns of boxes, lines between two rows.
GAP_X, GAP_Y = 2, 1


def grid_of(view: View) -> dict[int, tuple[int, int]]:
    """Each base's place (column, row) on the map: the scenario's drawing when every
    base has one, else laid out from the links from the first side's headquarters."""
    ids = [b.id for b in view.bases]
    places = [b.at for b in view.bases]
    if all(p is not None for p in places) and len(set(places)) == len(places):
        return {n: p for n, p in enumerate(places) if p is not None}
    index = {b: n for n, b in enumerate(ids)}
    links = [(index[lk.a], index[lk.b]) for lk in view.links if lk.a in index and lk.b in index]
    first = next((n for n, b in enumerate(view.bases) if b.type == "hq" and b.control == 0), 0)
    return auto_grid(len(ids), links, first)


class KingdomsMap(BoardView):
    """The map of bases and links (see the module). :meth:`show` gives it a view and
    the marks; the cursor is a base's index in the view's base order."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "tk-map--box",
        "tk-map--head",
        "tk-map--side-0",
        "tk-map--side-1",
        "tk-map--link",
        "tk-map--mountain",
        "tk-map--mark",
        "tk-map--dim",
    }

    def __init__(self, glyphs: MapGlyphs, *, id: str | None = None) -> None:
        super().__init__(GraphLayout(1, [], margin=0), id=id)
        self.glyphs = glyphs
        self.view: View | None = None
        self.origin: str | None = None
        self.targets: frozenset[str] = frozenset()
        self._ids: list[str] = []
        self._grid: dict[int, tuple[int, int]] = {}
        self._key: tuple[object, ...] = ()
        self._drawn: dict[int, tuple[object, ...]] = {}

    # -- what is shown ---------------------------------------------------------------
    def base_ids(self) -> list[str]:
        """The bases, in the view's base order (a cell is an index in it)."""
        return list(self._ids)

    def cell_of(self, base: str) -> int | None:
        """The cell of base ``base`` (None when the map has no such base)."""
        return self._ids.index(base) if base in self._ids else None

    @property
    def base(self) -> str | None:
        """The base under the cursor."""
        return self._ids[self.cursor] if 0 <= self.cursor < len(self._ids) else None

    def show(self, view: View, origin: str | None = None, targets: Iterable[str] = ()) -> None:
        """Draw ``view`` with the marks: ``origin``, the base of the regiment being
        ordered; ``targets``, the bases its orders reach. Only the boxes that changed
        are drawn again, unless a box's height changed (the layout is made anew)."""
        ids = [b.id for b in view.bases]
        if ids != self._ids:
            self._ids = ids
            self._grid = grid_of(view)
        self.view = view
        self.origin = origin
        self.targets = frozenset(targets)
        self._relayout()

    def box_width(self) -> int:
        """The boxes' width for the widget's width: the columns share it, from
        :data:`NARROW` up to :data:`WIDE` cells."""
        columns = max((c for c, _r in self._grid.values()), default=0) + 1
        room = self.size.width - 1 - (columns - 1) * GAP_X
        longest = max((len(r.id) for r in self.view.regiments), default=2) if self.view else 2
        narrow = max(NARROW, longest + 12)
        return max(narrow, min(WIDE, room // columns if columns else narrow))

    def _relayout(self) -> None:
        view = self.view
        if view is None:
            return
        heights = [len(self._box_lines(view, b, 0)) for b in view.bases]
        width = self.box_width()
        key = (tuple(self._ids), tuple(heights), width, tuple(sorted(self._grid.items())))
        lines = {n: self._signature(view, b) for n, b in enumerate(view.bases)}
        if key != self._key:
            self._key = key
            index = {b: n for n, b in enumerate(self._ids)}
            links = [(index[lk.a], index[lk.b]) for lk in view.links if lk.a in index and lk.b in index]
            self.layout_map = GraphLayout(
                len(self._ids),
                links,
                grid=self._grid,
                box_width=width,
                heights=heights,
                gap_x=GAP_X,
                gap_y=GAP_Y,
                margin=(0, 0),
            )
            if self.cursor >= len(self._ids):
                self.move_cursor(0)
        else:
            changed = [n for n, sig in lines.items() if self._drawn.get(n) != sig]
            if changed:
                self.refresh_cells(changed)
        self._drawn = lines

    def _signature(self, view: View, base: BaseView) -> tuple[object, ...]:
        regs = tuple(self._here(view, base.id))
        return (base, regs, base.id == self.origin, base.id in self.targets)

    def on_resize(self, event: events.Resize) -> None:
        """A new width may give the boxes room for names: lay the map out again."""
        self._relayout()
        super().on_resize(event)

    def notify_style_update(self) -> None:
        """The theme changed: draw every line again."""
        super().notify_style_update()
        self._drawn = {}

    # -- drawing ----------------------------------------------------------------------
    @staticmethod
    def _here(view: View, base: str) -> list[RegimentView]:
        """The regiments on ``base``, first side first, each in roster order."""
        regs = [r for r in view.regiments if r.on_map and r.base == base]
        return sorted(regs, key=lambda r: r.side)

    def _box_lines(self, view: View, base: BaseView, width: int) -> list[list[tuple[str, str]]]:
        """The box of ``base`` as lines of (text, component class) pieces, ``width``
        cells wide (0: only the number of lines counts)."""
        lines = [self._head(view, base, width)]
        if base.fortress is not None:
            text = " " + fortress_line(view, base, self.glyphs)
            lines.append([(fit(text, width, ".") if width else text, "tk-map--dim")])
        regs = self._here(view, base.id)
        for reg in regs:
            lines.append(self._regiment(view, reg, width))
        if not regs:
            lines.append([("", "")])
        return lines

    def _head(self, view: View, base: BaseView, width: int) -> list[tuple[str, str]]:
        g = self.glyphs
        mark = g.origin if base.id == self.origin else g.target if base.id in self.targets else " "
        left = f"{g.base.get(base.type, '?')}{base.id}{g.building if base.building else ''}"
        cap = f"[{base.capacity}]"
        if base.control is None:
            ctrl = f"{g.neutral} "
        else:
            ctrl = f"{g.flag}{_letter(view, base.control)}"
        right = f" {cap} {ctrl}"
        room = width - 1 - len(left) - len(right)
        name = ""
        if room >= 5:
            name = " " + short(base_name(base), room - 1)
        pad = max(0, room - len(name)) if width else 0
        return [
            (mark, "tk-map--mark" if mark.strip() else ""),
            (left, "tk-map--head"),
            (name + " " * pad, "tk-map--head"),
            (f" {cap} ", "tk-map--dim"),
            (ctrl, f"tk-map--side-{base.control}" if base.control is not None else "tk-map--dim"),
        ]

    def _regiment(self, view: View, reg: RegimentView, width: int) -> list[tuple[str, str]]:
        g = self.glyphs
        kind = "dismounted" if reg.type == "cavalry" and not reg.mounted else reg.type
        left = f"{reg.id}{g.regiment.get(kind, '?')}"
        status = _status(view, reg, g)
        right = f"{reg.strength:>5}{reg.effective:>4}{status or ' '}"
        room = width - len(left) - len(right)
        name = ""
        if room >= 5 and reg.officer:
            name = " " + short(officer_name(reg), room - 1)
        pad = max(0, room - len(name)) if width else 0
        side = f"tk-map--side-{reg.side}"
        return [(left, side), (name + " " * pad, side), (right, side)]

    def cell_segments(self, cell: int, row: int, cursor: bool) -> list[Segment]:
        """Line ``row`` of base ``cell``'s box, each piece in its style."""
        view = self.view
        width = self.layout_map.box(cell).width
        if view is None or cell >= len(view.bases):
            return [Segment(" " * width)]
        lines = self._box_lines(view, view.bases[cell], width)
        pieces = lines[row] if row < len(lines) else [("", "")]
        box = self.get_component_rich_style("tk-map--box")
        if cursor:
            # the whole box in one reverse style: what each piece says stays in its glyphs
            box = self.cursor_style(box + Style(bold=True))
        out: list[Segment] = []
        used = 0
        for text, cls in pieces:
            if used >= width:
                break
            text = text[: width - used]
            used += len(text)
            style = box if cursor or not cls else box + self.get_component_rich_style(cls, partial=True)
            out.append(Segment(text, style))
        if used < width:
            out.append(Segment(" " * (width - used), box))
        return out

    def background(self, y: int, width: int) -> list[Segment]:
        """Canvas line ``y`` outside the boxes: the links that cross it."""
        layout = self.layout_map
        marks = layout.links_on_line(y) if isinstance(layout, GraphLayout) else []
        if not marks or self.view is None:
            return [Segment(" " * width, self.rich_style)]
        chars = [" "] * width
        kinds = [""] * width
        links = self.view.links
        for x, piece, index in marks:
            if not 0 <= x < width:
                continue
            mountain = index < len(links) and links[index].mountain
            if kinds[x] and chars[x] in (self.glyphs.link["h"], self.glyphs.link["h2"]):
                continue  # a crossing: the run across is drawn
            glyphs = self.glyphs.mountain if mountain else self.glyphs.link
            if piece in ("h", "v") and (x if piece == "h" else y) % 2:
                piece += "2"  # the second glyph of an alternating run
            chars[x] = glyphs[piece] if piece in glyphs else glyphs[piece[0]]
            kinds[x] = "tk-map--mountain" if mountain else "tk-map--link"
        out: list[Segment] = []
        start = 0
        for x in range(1, width + 1):
            if x == width or kinds[x] != kinds[start]:
                style = self.rich_style + (
                    self.get_component_rich_style(kinds[start], partial=True) if kinds[start] else Style()
                )
                out.append(Segment("".join(chars[start:x]), style))
                start = x
        return out


def short(name: str, room: int) -> str:
    """``name`` in at most ``room`` cells: whole; else its first word and the next
    one's initial (``Zhang F.``); else its first word; else cut (with a full stop)."""
    if len(name) <= room:
        return name
    words = name.split()
    if len(words) > 1:
        initial = f"{words[0]} {words[1][0]}."
        if len(initial) <= room:
            return initial
        if len(words[0]) <= room:
            return words[0]
    return fit(name, room, ".")


def _letter(view: View, side: int) -> str:
    """The letter of ``side``: the first letter of its regiments' ids (TK-1.2)."""
    for reg in view.regiments:
        if reg.side == side:
            return "".join(ch for ch in reg.id if ch.isalpha()) or str(side + 1)
    name = view.sides[side] if side < len(view.sides) else "?"
    return name[:1].upper()


def _status(view: View, reg: RegimentView, g: MapGlyphs) -> str:
    """The most pressing state of ``reg`` as one glyph (empty: none)."""
    if reg.panicking:
        return g.status["panic"]
    if any(reg.id in pair for pair in view.duels):
        return g.status["duel"]
    if reg.retreating:
        return g.status["retreat"]
    if reg.crew:
        return g.status["crew"]
    if reg.immune:
        return g.status["immune"]
    if reg.screening:
        return g.status["screen"]
    return ""


def letters(view: View) -> Sequence[str]:
    """Each side's letter, in seat order."""
    return [_letter(view, s) for s in range(len(view.sides))]
