"""The token table: squads as rows, Potential / Resilience / Support as columns.

Used by the squad builder (SC-2.4) and by a reinforcement's rearrangement
(SC-9.4). The first row is the player's reserve, the pool every change goes
through: adding a token to a squad takes it from the reserve, removing one puts
it back. A token moved from one squad to another therefore passes through the
reserve and leaves it unchanged, which is exactly how the rules count moves
(only the net change of each place counts, SC-9.5). The table only keeps the
counts: whether they are legal, what they cost and which die each stat rolls,
the engine says (the screen sets each row's ``dice`` and ``note`` from the
seat's preview).

Keys: arrows move the cursor (up/down a squad, left/right a stat or the cell
column); ``+``/``-`` add or return one token; ``0`` returns all tokens of that
colour; the cell column cycles with ``+``/``-`` too. A click selects a cell.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import ClassVar

from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.binding import Binding, BindingType
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from engine.i18n import N_, _
from tui.rulesets.sixchances.tokens import BAR, STAT_STYLES, STATS, pip, pips, short_name

__all__ = ["Place", "TokenEditor"]

#: Column index of the cell column (after the three stats).
CELL_COLUMN = 3


@dataclass
class Place:
    """One row: a place that holds tokens.

    ``key``: ``"reserve"``, a squad label or the new squad's label; ``label``: what the
    row shows; ``before``/``after``: (red, green, blue) counts at the start and now;
    ``editable``: the cursor may stop on it (the reserve's row is not, and shows no
    dice: it never rolls); ``cells``: cells it may stand on (the
    field variant), empty for none; ``cell``: its cell; ``note``: text at the end of
    the row (the parent sets it: a total, "disbanded", a problem mark); ``dice``: the
    die (faces, 0 for none) each stat rolls at its level now, as the engine says
    (the parent sets it, SC-3.1).
    """

    key: str
    label: str
    before: tuple[int, int, int]
    after: list[int] = field(default_factory=list)
    editable: bool = True
    cells: tuple[str, ...] = ()
    cell: str | None = None
    note: Text = field(default_factory=Text)
    dice: tuple[int, int, int] = (0, 0, 0)

    def __post_init__(self) -> None:
        if not self.after:
            self.after = list(self.before)

    @property
    def total(self) -> int:
        """Tokens here now."""
        return sum(self.after)


class TokenEditor(Widget, can_focus=True):
    """The editable table of places (the first is the reserve).

    ``places``: the rows; ``glyph_set``: "unicode" or "ascii"; ``show_change``: show
    each stat's change from ``before`` (the rearrangement). Posts :class:`Changed`
    after every edit.
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "move(-1, 0)", N_("Previous squad"), show=False),
        Binding("down", "move(1, 0)", N_("Next squad"), show=False),
        Binding("left", "move(0, -1)", N_("Previous stat"), show=False),
        Binding("right", "move(0, 1)", N_("Next stat"), show=False),
        Binding("plus,equals_sign,kp_plus", "add(1)", N_("Add a token")),
        Binding("minus,kp_minus", "add(-1)", N_("Return a token")),
        Binding("0", "clear", N_("Return this colour"), show=False),
    ]

    #: The cursor: (row, column); column 0-2 a stat, 3 the cell.
    cursor: reactive[tuple[int, int]] = reactive((1, 0), always_update=True)

    class Changed(Message):
        """The counts or a cell changed."""

        def __init__(self, editor: TokenEditor) -> None:
            super().__init__()
            self.editor = editor

        @property
        def control(self) -> TokenEditor:
            """The editor that changed."""
            return self.editor

    def __init__(
        self,
        places: Sequence[Place],
        *,
        glyph_set: str = "unicode",
        pointer: str = ">",
        show_change: bool = False,
        id: str | None = None,
    ) -> None:
        super().__init__(id=id)
        self.places: list[Place] = list(places)
        self.glyph_set = glyph_set
        self.pointer = pointer
        self.show_change = show_change
        first = next((i for i, p in enumerate(self.places) if p.editable), 0)
        self.set_reactive(TokenEditor.cursor, (first, 0))

    # -- queries -------------------------------------------------------------------
    @property
    def reserve(self) -> Place:
        """The reserve row (the first)."""
        return self.places[0]

    @property
    def current(self) -> Place:
        """The row under the cursor."""
        return self.places[self.cursor[0]]

    def place(self, key: str) -> Place | None:
        """The row of ``key``, or None."""
        return next((p for p in self.places if p.key == key), None)

    # -- editing -------------------------------------------------------------------
    def _columns(self, row: int) -> list[int]:
        place = self.places[row]
        return [0, 1, 2, CELL_COLUMN] if place.cells else [0, 1, 2]

    def action_move(self, rows: int, cols: int) -> None:
        """Move the cursor by ``rows`` squads and ``cols`` columns (editable rows only)."""
        row, col = self.cursor
        if rows:
            candidates = [i for i, p in enumerate(self.places) if p.editable]
            if not candidates:
                return
            pos = candidates.index(row) if row in candidates else 0
            row = candidates[max(0, min(len(candidates) - 1, pos + rows))]
        columns = self._columns(row)
        if col not in columns:
            col = columns[-1]
        if cols:
            col = columns[max(0, min(len(columns) - 1, columns.index(col) + cols))]
        self.cursor = (row, col)

    def action_add(self, n: int) -> None:
        """Add ``n`` tokens (negative: return them) of the cursor's colour to its squad,
        taking them from (giving them to) the reserve; on the cell column, the next or
        previous cell."""
        row, col = self.cursor
        place = self.places[row]
        if not place.editable:
            return
        if col == CELL_COLUMN:
            self._cycle_cell(place, 1 if n > 0 else -1)
            return
        if n > 0:
            n = min(n, self.reserve.after[col])
            if n <= 0:
                self.notify(
                    _("The reserve has no {colour} tokens left.").format(colour=short_name(STATS[col])),
                    severity="warning",
                    timeout=3,
                    markup=False,
                )
                return
        else:
            n = -min(-n, place.after[col])
            if n == 0:
                return
        place.after[col] += n
        self.reserve.after[col] -= n
        self._changed()

    def action_clear(self) -> None:
        """Return every token of the cursor's colour from its squad to the reserve."""
        row, col = self.cursor
        if col != CELL_COLUMN and self.places[row].after[col]:
            self.action_add(-self.places[row].after[col])

    def take(self, row: int, stat: int, n: int) -> None:
        """Set row ``row``'s ``stat`` (0-2) to ``n`` tokens as far as the reserve allows."""
        place = self.places[row]
        delta = n - place.after[stat]
        delta = min(delta, self.reserve.after[stat]) if delta > 0 else max(delta, -place.after[stat])
        place.after[stat] += delta
        self.reserve.after[stat] -= delta
        self._changed()

    def _cycle_cell(self, place: Place, step: int) -> None:
        taken = {p.cell for p in self.places if p is not place and p.cell}
        free = [c for c in place.cells if c not in taken]
        if not free:
            return
        if place.cell in free:
            index = (free.index(place.cell) + step) % len(free)
        else:
            index = 0 if step > 0 else len(free) - 1
        place.cell = free[index]
        self._changed()

    def set_layout(self, layout: Sequence[tuple[int, int, int]], cells: Sequence[str | None] = ()) -> None:
        """Put the counts ``layout`` (one per editable row, in order) in place, the rest
        going back to the reserve, and the ``cells`` if given."""
        pool = [a + sum(p.after[i] for p in self.places[1:]) for i, a in enumerate(self.reserve.after)]
        rows = [p for p in self.places[1:]]
        for i, place in enumerate(rows):
            counts = layout[i] if i < len(layout) else (0, 0, 0)
            place.after = list(counts)
            if i < len(cells) and cells[i] is not None:
                place.cell = cells[i]
        self.reserve.after = [pool[i] - sum(p.after[i] for p in rows) for i in range(3)]
        self._changed()

    def reset(self) -> None:
        """Every count back to ``before``; cells kept."""
        for place in self.places:
            place.after = list(place.before)
        self._changed()

    def changed(self) -> None:
        """Redraw and tell the parent after a change made from outside."""
        self._changed()

    def _changed(self) -> None:
        self.refresh(layout=True)
        self.post_message(self.Changed(self))

    def refresh_notes(self) -> None:
        """Redraw after the parent changed the notes."""
        self.refresh(layout=True)

    # -- drawing -------------------------------------------------------------------
    def _layout(self, width: int) -> tuple[int, int, int, bool]:
        """(label width, pip width, stat column width, cell column shown)."""
        label = max([cell_len(p.label) for p in self.places] + [6]) + 1
        has_cells = any(p.cells for p in self.places)
        change = 4 if self.show_change else 0
        notes = max([p.note.cell_len for p in self.places] + [6])
        fixed = 2 + label + 3 * (1 + 2 + 1 + 3 + change + 2) + 6 + (6 if has_cells else 0) + notes
        # a bar of pips is drawn whole (the same width everywhere) or not at all
        pip_width = BAR if (width - fixed) // 3 >= BAR else 0
        column = (pip_width + 1 if pip_width else 1) + 2 + 1 + 3 + change + 2
        return label, pip_width, column, has_cells

    def get_content_height(self, container: object, viewport: object, width: int) -> int:
        """A head line and one line per place."""
        return len(self.places) + 1

    def render(self) -> Text:
        """The head and the rows, the cursor's cell in reverse video."""
        width = self.size.width or 80
        label_w, pip_w, col_w, has_cells = self._layout(width)
        lines = [self._head(label_w, pip_w, col_w, has_cells)]
        for r, place in enumerate(self.places):
            lines.append(self._row(r, place, label_w, pip_w, col_w, has_cells))
        out = Text("\n").join(lines)
        out.no_wrap = True
        out.overflow = "ellipsis"
        return out

    def _head(self, label_w: int, pip_w: int, col_w: int, has_cells: bool) -> Text:
        out = Text(" " * (2 + label_w))
        for stat in STATS:
            head = f"{pip(stat, self.glyph_set)} {short_name(stat)}"
            out.append(head.ljust(col_w)[:col_w], style=STAT_STYLES[stat])
        out.append(_("Total").ljust(6)[:6], style="bold")
        if has_cells:
            out.append(_("Cell").ljust(6)[:6], style="bold")
        return out

    def _row(self, r: int, place: Place, label_w: int, pip_w: int, col_w: int, has_cells: bool) -> Text:
        on_row = r == self.cursor[0] and place.editable
        out = Text(f"{self.pointer} " if on_row else "  ", style="bold")
        out.append(place.label.ljust(label_w), style="bold" if place.editable else "italic")
        for c, stat in enumerate(STATS):
            die = place.dice[c] if place.editable else None
            cell = self._stat(stat, place.after[c], place.before[c], pip_w, col_w, die)
            if on_row and self.cursor[1] == c and self.has_focus_within:
                cell.stylize("reverse")
            elif on_row and self.cursor[1] == c:
                cell.stylize("underline")
            out.append_text(cell)
        out.append(f"{place.total:>3}   ", style="bold")
        if has_cells:
            text = Text((place.cell or ("--" if place.cells else "")).ljust(4) + "  ")
            if on_row and self.cursor[1] == CELL_COLUMN:
                text.stylize("reverse" if self.has_focus_within else "underline", 0, 4)
            out.append_text(text)
        out.append_text(place.note)
        return out

    def _stat(self, stat: str, level: int, before: int, pip_w: int, col_w: int, die: int | None) -> Text:
        style = STAT_STYLES[stat] if level else "dim"
        out = Text()
        if pip_w:
            out.append_text(pips(stat, level, self.glyph_set))
            out.append(" ")
        else:
            out.append(pip(stat, self.glyph_set), style=style)
        out.append(f"{level:>2}", style=style)
        out.append(" " + (f"d{die}" if die else ("-" if die is not None else "")).ljust(3))
        if self.show_change:
            delta = level - before
            out.append(f" {delta:+d}".ljust(4) if delta else "    ", style="bold")
        return Text.assemble(out, " " * max(0, col_w - out.cell_len))

    # -- mouse -------------------------------------------------------------------------
    def on_click(self, event: events.Click) -> None:
        """A click on a stat or cell selects it (the head line selects nothing)."""
        row = event.y - 1
        if not 0 <= row < len(self.places) or not self.places[row].editable:
            return
        label_w, _pip_w, col_w, has_cells = self._layout(self.size.width)
        x = event.x - 2 - label_w
        col = self.cursor[1]
        if 0 <= x < 3 * col_w:
            col = x // col_w
        elif has_cells and 3 * col_w + 6 <= x < 3 * col_w + 12 and self.places[row].cells:
            col = CELL_COLUMN
        self.focus()
        self.cursor = (row, col)

    def watch_cursor(self) -> None:
        """Redraw the cursor; tell the parent (the explanation may follow the cursor)."""
        self.refresh()
        self.post_message(self.Cursor(self))

    class Cursor(Message):
        """The cursor moved."""

        def __init__(self, editor: TokenEditor) -> None:
            super().__init__()
            self.editor = editor

    def on_focus(self) -> None:
        """Show the cursor as reverse video while focused."""
        self.refresh()

    def on_blur(self) -> None:
        """Show the cursor underlined while not focused."""
        self.refresh()
