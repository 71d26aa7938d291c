"""What the game screen shows beside the order sheet, made from what the seat hands
out: the line's scene (:class:`tui.rulesets.battleline.board.LineScene`) and its
labels, what is on one cell, each mech's last heading, the legend, the help's
rows for the sheet and the line, and the result's lines. Nothing here decides a
rule: the view, the options (the order sheet), the preview and the log say it all.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rich.text import Text

from engine.i18n import _
from engine.rulesets.battleline.events import LOSS_REASONS, Moved
from engine.rulesets.battleline.options import OrderPreview
from engine.rulesets.battleline.view import View
from engine.seat import LogEntry
from tui.kit.odds import format_odds
from tui.rulesets.battleline.board import LineGlyphs, LineScene, MechMark
from tui.rulesets.battleline.draft import Draft

__all__ = [
    "cell_info",
    "help_extra",
    "last_moves",
    "legend",
    "line_labels",
    "line_scene",
    "over_lines",
]


def last_moves(entries: Sequence[LogEntry]) -> dict[int, int]:
    """Each seat's heading on its last move that went somewhere (+1 toward higher
    cells, -1 lower), from the public report (BL-19.4)."""
    moves: dict[int, int] = {}
    for entry in entries:
        event = entry.event
        if isinstance(event, Moved) and event.end != event.start:
            moves[event.seat] = 1 if event.end > event.start else -1
    return moves


def line_scene(
    view: View,
    draft: Draft | None,
    preview: OrderPreview | None,
    headings: dict[int, int],
    marking: int | None,
    selected_item: int | None,
) -> LineScene:
    """The line as the viewer knows it: every mech still on the line with its heading
    (the draft's own, else the last move's), the other seats' reach (where a volley
    launched now would land while a rack is being marked, BL-14.3), the draft's move,
    its marks (those of ``selected_item`` apart) and the viewer's missiles in flight."""
    own = view.viewer
    mechs = []
    for m in view.mechs:
        if not m.in_battle:
            continue
        if m.seat == own and draft is not None and preview is not None and draft.speed:
            heading = preview.direction
        else:
            heading = headings.get(m.seat, 0)
        mechs.append(MechMark(m.seat, m.position, heading, m.seat == own))
    reach: dict[int, frozenset[int]] = {}
    marks: dict[int, int] = {}
    selected: frozenset[int] = frozenset()
    path = end = None
    if draft is not None and preview is not None:
        weapon = draft.weapon(marking) if marking is not None else None
        two = weapon is not None and weapon.kind == "missiles"
        for r in draft.sheet.opponents:
            reach[r.seat] = frozenset(r.cells_two if two else r.cells)
        for cells in draft.marks.values():
            for cell, count in cells.items():
                marks[cell] = marks.get(cell, 0) + count
        if selected_item is not None:
            selected = frozenset(draft.marks.get(selected_item, {}))
        if draft.speed and preview.end is not None:
            path, end = preview.path, preview.end
    volleys: dict[int, int] = {}
    me = next((m for m in view.mechs if m.seat == own), None)
    for v in (me.volleys or ()) if me is not None else ():
        for cell, count in v.cells:
            volleys[cell] = volleys.get(cell, 0) + count
    return LineScene(
        length=view.length,
        cover=frozenset(c for a, b in view.cover for c in range(a, b + 1)),
        seats=len(view.mechs),
        mechs=tuple(mechs),
        reach=reach,
        path=path,
        end=end,
        marks=marks,
        selected=selected,
        volleys=volleys,
    )


def line_labels(kinds: Sequence[tuple[str, int]], view: View) -> list[str]:
    """A label for each of the line's lines (see :meth:`LineBoard.line_kinds`)."""
    labels: list[str] = []
    for kind, seat in kinds:
        if kind == "ground":
            labels.append(_("cell"))
        elif kind == "seat":
            labels.append(f"{seat + 1} {view.mechs[seat].name}"[:14])
        elif kind == "marks":
            labels.append(_("marks"))
        else:
            labels.append("")
    return labels


def cell_info(cell: int, view: View, draft: Draft | None, marking: int | None) -> Text:
    """What is on ``cell`` as the viewer knows it: cover, the mechs there, the chance each
    opponent ends there (the engine's reach, BL-19; where a volley launched now lands
    while a rack is being marked), the draft's marks."""
    out = Text()
    out.append(_("Cell {cell}").format(cell=cell), style="bold")
    if any(a <= cell <= b for a, b in view.cover):
        out.append(", " + _("cover"))
    here = [f"{m.seat + 1} {m.name}" for m in view.mechs if m.in_battle and m.position == cell]
    if here:
        out.append(": " + ", ".join(here))
    if draft is None:
        return out
    weapon = draft.weapon(marking) if marking is not None else None
    two = weapon is not None and weapon.kind == "missiles"
    chances = []
    for r in draft.sheet.opponents:
        cells, chance = (r.cells_two, r.chance_two) if two else (r.cells, r.chance)
        if cell in cells:
            chances.append(f"{r.seat + 1} {r.name} {format_odds(chance)}")
    if chances:
        what = _("may end here next turn") if two else _("may end here")
        out.append(" \u00b7 " + what + ": " + ", ".join(chances))
    mine = []
    for item, cells in draft.marks.items():
        if cell in cells:
            w = draft.weapon(item)
            label = w.label if w is not None else "?"
            mine.append(f"{label} \u00d7{cells[cell]}" if cells[cell] > 1 else label)
    if mine:
        out.append(" \u00b7 " + _("marked: {weapons}").format(weapons=", ".join(mine)))
    return out


def legend(g: LineGlyphs) -> list[tuple[str, str]]:
    """What the line's glyphs mean, for the help."""
    return [
        (f"1{g.right} {g.left}2", _("A mech: its seat's number, in reverse video, and its heading")),
        (g.cover * 2, _("A cover cell")),
        (g.reach, _("A cell the mech of that line could end this turn on")),
        (f"{g.path * 2}{g.end * 2}", _("Your move and the cell it ends on")),
        (f"{g.mark} 3", _("A cell your order marks: once, or with that many salvos or missiles")),
        (f"{g.volley}2", _("Your missiles landing on the cell this turn (underlined)")),
    ]


def help_extra() -> list[tuple[str, str]]:
    """The keys of the order sheet and of the line, for the help."""
    return [
        ("", ""),
        ("", _("The order sheet:")),
        (_("Up, Down"), _("Choose a field of the order")),
        (_("Left, Right"), _("Change its value")),
        (_("Enter"), _("On a weapon: mark its cells on the line; on Seal: seal the order")),
        ("", _("The line (Shift+Tab, or Enter on a weapon):")),
        (_("Left, Right"), _("Move along the line (Shift: five cells)")),
        (_("Enter, Space"), _("Mark the cell for the weapon (once more: one more salvo or missile)")),
        (_("Backspace"), _("Take one mark off the cell")),
        ("x", _("Clear the weapon's marks")),
        (_("Escape"), _("Back to the order sheet")),
    ]


def over_lines(view: View, player: Callable[[int], str]) -> list[str | Text]:
    """Every mech at the end (BL-2.5 to BL-2.7): won, shares the draw, or out (when and
    why); then that every order is public now (BL-20.6)."""
    out: list[str | Text] = []
    for m in view.mechs:
        who = f"{m.seat + 1} {m.name} ({player(m.seat)})"
        why = "; ".join(_(LOSS_REASONS.get(r, r)) for r in m.lost)
        if view.winner == m.seat:
            out.append(
                Text(_("{mech}: wins, on cell {cell}.").format(mech=who, cell=m.position), style="bold")
            )
        elif m.seat in view.draw and m.in_battle:
            out.append(_("{mech}: shares the draw, on cell {cell}.").format(mech=who, cell=m.position))
        elif m.seat in view.draw:
            out.append(
                _("{mech}: out in turn {turn} ({why}), shares the draw.").format(
                    mech=who, turn=m.lost_turn, why=why
                )
            )
        else:
            out.append(_("{mech}: out in turn {turn} ({why}).").format(mech=who, turn=m.lost_turn, why=why))
    out.append("")
    out.append(_("Every order of the battle is public now (BL-20.6): l shows the log, Escape the line."))
    return out
