"""The side panel: the viewer's own mech whole (structure per part, every item with
its recoil stack, charge or shield, its missiles in flight, BL-19.6), then every
other mech as the viewer may know it (cell, whether its order is in, what it holds
in its hands, which parts are destroyed, what Charisma told, BL-19.2 to BL-19.5),
and this turn's notices.

Everything comes from the seat's view (:class:`engine.rulesets.battleline.view.View`);
once the battle is over the view holds every mech whole, and so does the panel.
"""

from __future__ import annotations

from typing import ClassVar

from rich.console import Console
from rich.text import Text
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll

from engine.i18n import N_, _, ngettext
from engine.rulesets.battleline.catalog import CHASSIS, part_code
from engine.rulesets.battleline.events import cells_text
from engine.rulesets.battleline.view import MechView, View
from tui.rulesets.battleline.texts import (
    item_title,
    kind_name,
    mount_text,
    seat_colour,
    seat_mark,
    trait_name,
)

__all__ = [
    "MechPanel",
    "mech_text",
    "notices_text",
    "others_text",
    "panel_text",
    "part_style",
    "structure_text",
]


class MechPanel(VerticalScroll):
    """The scrolling box of the side panel: Tab gives it the keys (Up, Down, Page Up,
    Page Down, Home, End, the mouse wheel), and the footer says so while it has them."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("down", "scroll_down", N_("Scroll"), show=True),
        Binding("up", "scroll_up", N_("Scroll"), show=False),
    ]

    def __init__(self, **kwargs: object) -> None:
        kwargs.setdefault("can_focus", True)
        super().__init__(**kwargs)  # type: ignore[arg-type]


def cut_text(
    text: Text, width: int, lines: int, console: Console, ellipsis: str = "\u2026"
) -> tuple[Text, bool]:
    """``text`` wrapped at ``width`` cells, cut to its first ``lines`` lines, the last one
    ending with ``ellipsis`` when some is left out; and whether it was cut."""
    if width <= 1 or lines <= 0:
        return text, False
    wrapped = text.wrap(console, width)
    if len(wrapped) <= lines:
        return text, False
    kept = list(wrapped)[:lines]
    last = kept[-1]
    last.rstrip()
    if last.cell_len > width - len(ellipsis):
        last.truncate(width - len(ellipsis))
    last.rstrip()
    last.append(ellipsis)
    return Text("\n").join(kept), True


#: How the parts sit in the paper doll: lines of part codes in three columns ("" for a gap).
DOLL: tuple[tuple[str, str, str], ...] = (
    ("", "H", ""),
    ("LT", "CT", "RT"),
    ("LA", "", "RA"),
    ("LL", "", "RL"),
)
#: The width of one column of the paper doll (``CT 16/16`` and a space).
DOLL_COLUMN = 10


def chassis_name(code: str) -> str:
    """A chassis's name in the current language (BLC-1)."""
    chassis = CHASSIS.get(code)
    return _(chassis.name) if chassis is not None else code


def part_style(structure: int, most: int) -> str:
    """The style of a part's structure: plain when whole, bold when damaged, bold red
    at a third or less, dim and struck when destroyed (with its mark: never colour alone)."""
    if structure <= 0:
        return "dim strike"
    if structure >= most:
        return ""
    if structure * 3 <= most:
        return "bold red"
    return "bold yellow"


def structure_text(mech: MechView, bad: str = "✗") -> Text:
    """The paper doll of a whole mech: each part's code and structure ``now/max`` where
    it sits (head on top, arms under the side torsos, legs below), a destroyed part
    marked ``bad``."""
    parts = {p.part: p for p in mech.parts or ()}
    lines = []
    for line in DOLL:
        out = Text()
        for code in line:
            p = parts.get(code) if code else None
            piece = Text()
            if p is not None:
                piece.append(part_code(code), style="bold")
                piece.append(" ")
                value = f"{bad}0/{p.max}" if p.structure <= 0 else f"{p.structure}/{p.max}"
                piece.append(value, style=part_style(p.structure, p.max))
            piece.pad_right(DOLL_COLUMN - piece.cell_len)
            out.append(piece)
        out.rstrip()
        lines.append(out)
    return Text("\n").join(lines)


def _item_line(item, ok: str, bad: str) -> Text:  # noqa: ANN001 - an ItemView
    line = Text()
    line.append(ok if item.works else bad, style="bold" if item.works else "bold red")
    line.append(f" {item_title(item.code) if item.kind in ('jets', 'melee', 'shield') else item.label} ")
    line.append(f"({mount_text(item.where)})", style="dim")
    if not item.works:
        line.append(" " + _("out of action"), style="dim")
        return line
    if item.kind in ("cannon", "mg"):
        line.append(
            " "
            + ngettext("stack {k}, {n} cell", "stack {k}, {n} cells", item.cells).format(
                k=item.stack, n=item.cells
            )
        )
    elif item.kind == "laser":
        line.append(" " + (_("charged") if item.charged else _("idle")), style="bold" if item.charged else "")
    elif item.kind == "shield":
        line.append(" " + _("shield {hp}/{most}").format(hp=item.hp, most=item.hp_max))
    elif item.kind in ("melee", "missiles"):
        line.append(" " + kind_name(item.kind), style="dim")
    return line


def mech_text(mech: MechView, *, ok: str = "✓", bad: str = "✗", arrow: str = "→") -> Text:
    """A whole mech (the viewer's own, or any once the battle is over): its name, seat,
    chassis, pilot, base speed, the paper doll, every item, its volleys in flight."""
    out = Text()
    out.append(f"{seat_mark(mech.seat)} ", style=f"bold reverse {seat_colour(mech.seat)}")
    out.append(mech.name, style="bold")
    pilot = mech.pilot
    if mech.traits:
        pilot += " (" + ", ".join(trait_name(t) for t in mech.traits) + ")"
    out.append(
        "  " + _("{chassis}, pilot {pilot}").format(chassis=chassis_name(mech.chassis or "?"), pilot=pilot)
    )
    out.append("\n")
    if mech.in_battle:
        out.append(_("On cell {cell}; base speed {speed}").format(cell=mech.position, speed=mech.base_speed))
    else:
        out.append(_("Out of the battle since turn {turn}").format(turn=mech.lost_turn), style="bold")
    out.append("\n")
    out.append(structure_text(mech, bad))
    for item in mech.items or ():
        out.append("\n")
        out.append(_item_line(item, ok, bad))
    for volley in mech.volleys or ():
        out.append("\n")
        out.append(
            _("{weapon} launched in turn {turn} {arrow} {cells}").format(
                weapon=volley.label, turn=volley.turn, arrow=arrow, cells=cells_text(volley.cells)
            )
        )
    return out


def _public(view: View, mech: MechView, ok: str) -> Text:
    out = Text()
    out.append(f"{seat_mark(mech.seat)} ", style=f"bold reverse {seat_colour(mech.seat)}")
    out.append(mech.name, style="bold")
    out.append(f"  {mech.pilot}")
    out.append("\n  ")
    if not mech.in_battle:
        out.append(_("out of the battle since turn {turn}").format(turn=mech.lost_turn), style="bold")
    else:
        out.append(_("on cell {cell}").format(cell=mech.position))
        if not view.over:
            out.append(" \u00b7 ")
            out.append(_("order in") + f" {ok}" if mech.ready else _("writing its order"))
    hands = ", ".join(
        f"{item_title(h.code)} ({mount_text(h.where)})" + ("" if h.works else " " + _("out of action"))
        for h in mech.hands
    )
    out.append("\n  " + _("In hand: {items}").format(items=hands or _("nothing")))
    if mech.destroyed:
        out.append("\n  ")
        out.append(
            _("Destroyed: {parts}").format(parts=", ".join(part_code(p) for p in mech.destroyed)),
            style="bold",
        )
    rumour = next((r for r in view.rumours if r.seat == mech.seat), None)
    if rumour is not None:
        out.append("\n  ")
        out.append(
            _("Rumour: its most serious gun is the {weapon}.").format(weapon=item_title(rumour.weapon))
            if rumour.weapon
            else _("Rumour: it carries no gun."),
            style="italic",
        )
    return out


def others_text(view: View, *, ok: str = "✓") -> Text:
    """Every other mech as the viewer may know it (BL-19.2 to BL-19.4, and the viewer's
    Charisma rumours, BL-19.3)."""
    parts = [_public(view, m, ok) for m in view.mechs if m.seat != view.viewer]
    return Text("\n").join(parts)


def notices_text(view: View) -> list[str]:
    """This turn's notices (BL-19.5), one line each."""
    names = {m.seat: m.name for m in view.mechs}
    out = []
    for n in view.notices:
        name = names.get(n.seat, "?")
        if n.kind == "missiles":
            out.append(_("{mech} launched missiles in turn {turn}.").format(mech=name, turn=n.turn))
        else:
            out.append(_("{mech} charged energy weapons in turn {turn}.").format(mech=name, turn=n.turn))
    return out


def panel_text(view: View, *, ok: str = "✓", bad: str = "✗", arrow: str = "→") -> Text:
    """The whole side panel: the viewer's own mech, the notices, the others (every mech
    whole once the battle is over)."""
    out: list[Text] = []
    own = next((m for m in view.mechs if m.seat == view.viewer), None)
    if own is not None and own.parts is not None:
        out.append(mech_text(own, ok=ok, bad=bad, arrow=arrow))
    notices = notices_text(view)
    if notices:
        out.append(Text(_("Notices"), style="bold underline"))
        out.extend(Text(line) for line in notices)
    if view.over:
        for mech in view.mechs:
            if mech.seat != view.viewer and mech.parts is not None:
                out.append(mech_text(mech, ok=ok, bad=bad, arrow=arrow))
    else:
        others = others_text(view, ok=ok)
        if others.plain:
            out.append(others)
    return Text("\n").join(out)
