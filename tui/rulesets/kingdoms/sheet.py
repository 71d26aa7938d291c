"""The orders sheet: one row per regiment of the side writing its orders, with the
order it has now (DEFEND when none was written, TK-2.5) and, under an order that
READY would refuse, why, with its rule (TK-2.8).

Out of its own order writing a side's sheet lists the orders of the phase it may
know: all of its own, and of the other side's only those already resolved
(TK-2.4; the seat's view holds nothing more).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.text import Text
from textual.widgets.option_list import Option

from engine.i18n import _
from engine.rulesets.kingdoms.options import OrderOptions, RegimentOptions
from engine.rulesets.kingdoms.view import RegimentView, View
from tui.rulesets.kingdoms.glyphs import MapGlyphs
from tui.rulesets.kingdoms.texts import officer_name
from tui.widgets.pointer_list import PointerList

__all__ = ["OrdersSheet", "Rows", "sheet_rows"]


class Rows(PointerList):
    """A pointer list whose rows are replaced as the game changes: :meth:`set_rows`
    keeps the highlight on the same row id."""

    def __init__(self, *, pointer: str = ">", **kwargs: Any) -> None:
        super().__init__(pointer=pointer, hanging=True, **kwargs)
        self.row_ids: list[str] = []

    def set_rows(self, rows: Sequence[tuple[str, Text]], keep: str | None = None) -> None:
        """Show ``rows`` ((id or "", text) each); the highlight goes to ``keep``'s row,
        else stays on the row of the same id, else on the first."""
        old = self.chosen
        want = keep if keep is not None else old
        self.row_ids = [rid for rid, _t in rows]
        self._plain = [text for _rid, text in rows]
        self._pointed = None
        self.clear_options()
        self.add_options([Option(self._decorate(text, False), id=rid or None) for rid, text in rows])
        if rows:
            self.highlighted = self.row_ids.index(want) if want in self.row_ids else 0
            self.scroll_to_highlight()
        self.refresh()

    def select(self, rid: str) -> None:
        """Highlight ``rid``'s row (nothing happens when it has none)."""
        if rid in self.row_ids:
            self.highlighted = self.row_ids.index(rid)

    @property
    def chosen(self) -> str | None:
        """The id on the highlighted row (None: none)."""
        if self.highlighted is None or not 0 <= self.highlighted < len(self.row_ids):
            return None
        return self.row_ids[self.highlighted] or None


class OrdersSheet(Rows):
    """The list of regiments and their orders (see the module); a row's id is its
    regiment's."""


def _regiment(view: View, rid: str) -> RegimentView | None:
    for r in view.regiments:
        if r.id == rid:
            return r
    return None


def _glyph(reg: RegimentView | None, glyphs: MapGlyphs) -> str:
    if reg is None:
        return " "
    kind = "dismounted" if reg.type == "cavalry" and not reg.mounted else reg.type
    return glyphs.regiment.get(kind, "?")


def _order_words(rid: str, notation: str) -> str:
    """An order's notation without the regiment's id in front."""
    return notation[len(rid) + 1 :] if notation.startswith(rid + " ") else notation


def sheet_rows(view: View, options: Any, glyphs: MapGlyphs, bad: str) -> list[tuple[str, Text]]:
    """The sheet's rows for the viewer: its order writing (``options`` an
    :class:`OrderOptions`), or the orders of the phase it may know."""
    if isinstance(options, OrderOptions):
        return [_row(view, ro, options, glyphs, bad) for ro in options.regiments]
    rows: list[tuple[str, Text]] = []
    for notation in view.orders:
        rid = notation.split(" ", 1)[0]
        reg = _regiment(view, rid)
        text = Text.assemble((f"{rid}{_glyph(reg, glyphs)} ", "bold"), _order_words(rid, notation))
        rows.append((rid, text))
    return rows


def _row(
    view: View, ro: RegimentOptions, options: OrderOptions, glyphs: MapGlyphs, bad: str
) -> tuple[str, Text]:
    reg = _regiment(view, ro.regiment)
    name = officer_name(reg) if reg is not None and reg.officer else ""
    text = Text.assemble((f"{ro.regiment}{_glyph(reg, glyphs)} ", "bold"))
    if name:
        text.append(name + " ", style="italic")
    if ro.fixed == "flee":
        text.append(_("FLEE: panicking, it can only flee (TK-16.3)"), style="bold")
    elif ro.fixed == "duel":
        text.append(_("its action went into a duel (TK-11.7)"), style="dim")
    elif ro.current:
        text.append(_order_words(ro.regiment, ro.current), style="bold")
    else:
        text.append(_("(DEFEND)"), style="dim")
    problem = options.problems.get(ro.regiment)
    if problem is not None:
        text.append(f"\n{bad} {problem.text()} ({problem.rule})", style="bold red")
    return ro.regiment, text
