"""The order sheet: one row per field of an order (BL-4.2), its value between
``< >``, and under the rows what the highlighted one means.

Rows: speed (with the end cell), heading (two or more opponents, BL-6.1),
direction (when the mech starts on its heading's cell, BL-5.2), take cover (a line
with cover, BL-7), defence (its chance, what it covers and blocks, BL-8), melee and
the part aimed at (BL-9), each cannon, MG and missile rack (its cells, accuracy,
recoil, what is placed, and the chance that its cells hold each opponent, BL-10 to
BL-14), each laser's action (BL-15), and the seal. Left and Right change the
highlighted value, Enter on a weapon marks its cells on the line, Enter on the
seal row seals the order.

The rows are written from a :class:`tui.rulesets.battleline.draft.Draft` and the
engine's preview of it (:class:`engine.rulesets.battleline.options.OrderPreview`);
nothing here decides whether the order is valid.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.message import Message
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from engine.i18n import _, ngettext
from engine.rulesets.battleline.catalog import part_code
from engine.rulesets.battleline.events import cells_text
from engine.rulesets.battleline.options import DefenceChoice, OrderPreview, WeaponChoice
from tui.kit.odds import format_odds
from tui.rulesets.battleline.draft import Draft
from tui.rulesets.battleline.rows import ValueRows
from tui.rulesets.battleline.texts import kind_name, mount_text, part_name, seat_mark

__all__ = ["OrderSheetPanel", "SheetGlyphs", "sheet_detail", "sheet_rows"]

#: Fire weapons (their cells are marked on the line).
FIRE_KINDS = ("cannon", "mg", "missiles")


@dataclass(frozen=True)
class SheetGlyphs:
    """The marks the sheet writes with: a good and a bad mark, an arrow, a pointer."""

    ok: str = "✓"
    bad: str = "✗"
    arrow: str = "→"


def _name(draft: Draft, seat: int) -> str:
    for r in draft.sheet.opponents:
        if r.seat == seat:
            return f"{seat_mark(seat)} {r.name}"
    return seat_mark(seat)


def defence_name(code: str) -> str:
    """A defence code as shown: ``none``, ``LA``, ``shield (LA)``."""
    if not code:
        return _("none")
    if code.startswith("SH@"):
        return _("shield ({arm})").format(arm=part_code(code[3:]))
    return part_code(code)


def _labels(draft: Draft, items: list[int]) -> str:
    out = []
    for i in items:
        w = draft.weapon(i)
        out.append(w.label if w is not None else f"#{i}")
    return ", ".join(out)


def defence_text(draft: Draft, d: DefenceChoice, g: SheetGlyphs) -> str:
    """What a defence does (BL-8.2): its chance and die, the parts it covers, what it blocks."""
    if not d.defence:
        return _("No defence: every hit strikes where it lands.")
    if d.die:
        chance = _("{odds} (d{die})").format(odds=format_odds(d.chance), die=d.die)
    else:
        chance = _("always")
    covers = _("covers every part") if len(d.covers) == 8 else _("covers all but the legs")
    text = _("{defence}: {chance} against a ranged hit, {covers}; against melee always.").format(
        defence=defence_name(d.defence), chance=chance, covers=covers
    )
    if d.blocks:
        text += " " + _("Blocks: {weapons}.").format(weapons=_labels(draft, list(d.blocks)))
    for p in d.problems:
        text += f" {g.bad} {p.text()} ({p.rule})"
    return text


def hit_chances(draft: Draft, preview: OrderPreview, item: int) -> list[tuple[int, Fraction]]:
    """(opponent, chance) that weapon ``item``'s cells hold it where it lands, from the
    engine's preview (BL-10.3, BL-14.3)."""
    return [(h.seat, h.chance) for h in preview.hits if h.item == item]


def _weapon_value(draft: Draft, w: WeaponChoice) -> str:
    if w.kind in FIRE_KINDS:
        cells = draft.marks.get(w.item, {})
        return cells_text(sorted(cells.items())) if cells else "\u2014"
    choice = draft.lasers.get(w.item)
    if choice is None:
        return _("holds") if w.charged else _("no action")
    act, target = choice
    words = {"charge": _("charge"), "hold": _("hold"), "vent": _("vent"), "fire": _("fire")}
    if act == "fire":
        return _("fire at {target}").format(target=_name(draft, target))
    return words.get(act, act)


def _weapon_extra(draft: Draft, w: WeaponChoice, preview: OrderPreview, g: SheetGlyphs) -> Text:
    extra = Text()
    if not w.works:
        extra.append(f"{g.bad} " + _("out of action"), style="bold")
        return extra
    if w.kind in FIRE_KINDS:
        placed = draft.count(w.item)
        goal = w.salvos if w.kind != "cannon" else w.cells
        extra.append(f"{placed}/{goal}", style="bold" if placed == goal else "")
        chances = [c for _s, c in hit_chances(draft, preview, w.item)]
        if placed and chances:
            extra.append("  " + format_odds(max(chances)), style="bold")
    if placed_blocked(draft, w, preview):
        extra.append(f"  {g.bad} " + _("blocked"), style="bold")
    return extra


def placed_blocked(draft: Draft, w: WeaponChoice, preview: OrderPreview) -> bool:
    """Whether the draft uses weapon ``w`` although its defence blocks it (BL-8.2)."""
    used = bool(draft.marks.get(w.item)) or (draft.lasers.get(w.item) or ("", -1))[0] == "fire"
    used = used or (draft.melee is not None and draft.melee[0] == w.item)
    return used and w.item in preview.blocked


def sheet_rows(draft: Draft, preview: OrderPreview, g: SheetGlyphs) -> list[tuple[str, str, str, Text]]:
    """The sheet's rows: (id, label, value, what follows the value)."""
    sheet = draft.sheet
    rows: list[tuple[str, str, str, Text]] = []
    move = draft.move()
    end = Text()
    if preview.end is not None:
        end.append(f"{g.arrow} {preview.end}")
    rows.append(("speed", _("Speed"), str(draft.speed) if move is not None or draft.speed else "0", end))
    if sheet.heading_needed:
        heading = _name(draft, draft.heading) if draft.heading is not None else _("none")
        rows.append(("heading", _("Toward"), heading, Text()))
    if draft.directed() and draft.speed:
        rows.append(("direction", _("Direction"), f"{draft.direction:+d}", Text()))
    if sheet.cover or draft.cover:
        cover = Text()
        if move is not None and move.cover:
            cover.append(_("possible"), style="dim")
        rows.append(("cover", _("Take cover"), _("yes") if draft.cover else _("no"), cover))
    rows.append(("defence", _("Defence"), defence_name(draft.defence), Text()))
    if sheet.melee:
        if draft.melee is None:
            value = _("none")
        else:
            weapon = draft.weapon(draft.melee[0])
            label = weapon.label if weapon is not None else "?"
            value = f"{label} {g.arrow} {_name(draft, draft.melee[1])}"
        rows.append(("melee", _("Melee"), value, Text()))
        if draft.melee is not None:
            rows.append(("part", _("Aim at"), f"{part_code(draft.part)} {part_name(draft.part)}", Text()))
    for w in sheet.weapons:
        if w.kind not in (*FIRE_KINDS, "laser"):
            continue
        label = f"{w.label} {mount_text(w.where)}"
        rows.append((f"w{w.item}", label, _weapon_value(draft, w), _weapon_extra(draft, w, preview, g)))
    seal = Text()
    if preview.problems:
        seal.append(
            f"{g.bad} "
            + ngettext("{n} problem", "{n} problems", len(preview.problems)).format(n=len(preview.problems)),
            style="bold",
        )
    else:
        seal.append(f"{g.ok} " + _("ready"), style="bold")
    rows.append(("seal", _("Seal"), "", seal))
    return rows


def sheet_detail(row: str, draft: Draft, preview: OrderPreview, g: SheetGlyphs) -> Text:
    """What the highlighted row means: its rule, its figures, its problems."""
    sheet = draft.sheet
    out = Text()
    if row == "speed":
        out.append(
            _("Move 0 to {most} cells toward the opponent (BL-5); this order allows {limit}.").format(
                most=draft.top_speed(), limit=preview.speed_limit
            )
        )
        if sheet.recoil_speed:
            out.append(" " + _("Recoil costs {n}.").format(n=sheet.recoil_speed))
        if sheet.hold_speed:
            out.append(
                " " + _("Lasers holding a charge cost {n} unless fired or vented.").format(n=sheet.hold_speed)
            )
    elif row == "heading":
        out.append(
            _(
                "With several opponents you move toward the one you name (BL-6.1); you may attack only those you do not move away from (BL-6.2)."
            )
        )
        if preview.attackable:
            out.append(
                " "
                + _("Attackable: {seats}.").format(
                    seats=", ".join(_name(draft, s) for s in preview.attackable)
                )
            )
    elif row == "direction":
        out.append(
            _("You start on the cell of the mech you head for: say which way, +1 or \u22121 (BL-5.2).")
        )
    elif row == "cover":
        out.append(_("Shelter for this turn from every ranged attack of this turn; no shooting (BL-7)."))
        if not sheet.jump_jets:
            out.append(" " + _("The move must end on a cover cell and start outside cover (BL-7.2)."))
        else:
            out.append(" " + _("Jump jets: the move must end on a cover cell (BL-7.3)."))
    elif row == "defence":
        d = next((d for d in sheet.defences if d.defence == draft.defence), None)
        if d is not None:
            out.append(defence_text(draft, d, g))
    elif row in ("melee", "part"):
        out.append(
            _(
                "One blow at the part you choose; it lands if your path and the target's path share a cell (BL-9). No shooting in the same order."
            )
        )
        if draft.melee is not None:
            weapon = draft.weapon(draft.melee[0])
            if weapon is not None:
                out.append(" " + _("{weapon}: {n} damage.").format(weapon=weapon.label, n=weapon.damage))
    elif row.startswith("w"):
        w = draft.weapon(int(row[1:]))
        if w is not None:
            out.append(weapon_detail(draft, w, preview, g))
    elif row == "seal":
        if preview.problems:
            out.append(_("Fix the problems first:"), style="bold")
            for p in preview.problems:
                out.append(f"\n{g.bad} {p.text()} ({p.rule})")
        else:
            out.append(_("Enter seals the order: nobody sees it until every order is in (BL-4.1)."))
    return out


def weapon_detail(draft: Draft, w: WeaponChoice, preview: OrderPreview, g: SheetGlyphs) -> Text:
    """A weapon's state first (what is placed, the chance its cells hold each opponent,
    or a laser's charge), then its figures (damage, accuracy, recoil and stack, cells
    or salvos) and how it hits."""
    out = Text()
    out.append(f"{w.label} ", style="bold")
    out.append(f"({kind_name(w.kind)}, {mount_text(w.where)}): ")
    if not w.works:
        out.append(_("destroyed: it cannot be used."))
        return out
    if placed_blocked(draft, w, preview):
        out.append(f"{g.bad} " + _("The defence of this order blocks it (BL-8.2).") + "\n", style="bold")
    if w.kind in FIRE_KINDS:
        placed = draft.count(w.item)
        goal = w.salvos if w.kind != "cannon" else w.cells
        out.append(_("placed {placed} of {goal}").format(placed=placed, goal=goal), style="bold")
        chances = hit_chances(draft, preview, w.item)
        if chances:
            text = ", ".join(f"{_name(draft, s)} {format_odds(c)}" for s, c in chances)
            out.append("; " + _("chance the cells hold {chances}").format(chances=text), style="bold")
        out.append(".\n")
    if w.kind == "cannon":
        out.append(
            ngettext(
                "{d} damage; accuracy {a}, recoil {r}, stack {k}: {n} cell this turn. One shot: the nearest "
                "opponent ending on a marked cell is hit (BL-12).",
                "{d} damage; accuracy {a}, recoil {r}, stack {k}: {n} cells this turn. One shot: the nearest "
                "opponent ending on a marked cell is hit (BL-12).",
                w.cells,
            ).format(d=w.damage, a=w.accuracy, r=w.recoil, k=w.stack, n=w.cells)
        )
    elif w.kind == "mg":
        out.append(
            ngettext(
                "{d} damage a salvo; accuracy {a}, recoil {r}, stack {k}: {n} salvo this turn, to be "
                "placed; every opponent ending on its cell takes it (BL-13).",
                "{d} damage a salvo; accuracy {a}, recoil {r}, stack {k}: {n} salvos this turn, all to be "
                "placed; every opponent ending on a cell takes its salvos (BL-13).",
                w.salvos,
            ).format(d=w.damage, a=w.accuracy, r=w.recoil, k=w.stack, n=w.salvos)
        )
    elif w.kind == "missiles":
        out.append(
            _(
                "{n} missiles of {d} damage, all to be placed; they land next turn on whoever ends it there "
                "(BL-14)."
            ).format(n=w.salvos, d=w.damage)
        )
    elif w.kind == "laser":
        state = _("Charged") if w.charged else _("Idle")
        out.append(
            _(
                "{state}; {d} damage, always hits unless the target takes cover. Charging or holding costs "
                "{s} speed (BL-15)."
            ).format(d=w.damage, state=state, s=w.charge_speed)
        )
        if w.charge_no_defence:
            out.append(" " + _("While it charges or holds, the order may declare no defence."))
    if w.recoil_speed:
        out.append(" " + _("Its recoil also costs the mech {n} speed a stack.").format(n=w.recoil_speed))
    return out


class OrderSheetPanel(Vertical):
    """The order sheet (see the module's docstring). Posts :class:`Edit` when a value is
    to change (``step`` +1/-1) or a row is chosen (``step`` 0: Enter)."""

    class Edit(Message):
        """Row ``row`` is to change by ``step`` (0: chosen with Enter or a click)."""

        def __init__(self, row: str, step: int) -> None:
            super().__init__()
            self.row = row
            self.step = step

    class Moved(Message):
        """The cursor went to row ``row``."""

        def __init__(self, row: str) -> None:
            super().__init__()
            self.row = row

    def __init__(self, pointer: str = ">", **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.pointer = pointer
        self._quiet = False

    def compose(self) -> ComposeResult:
        """The rows and the highlighted row's meaning."""
        yield ValueRows(pointer=self.pointer, id="bl-sheet-rows")
        yield Static("", id="bl-sheet-detail", markup=False)

    @property
    def rows(self) -> ValueRows:
        """The list of rows."""
        return self.query_one("#bl-sheet-rows", ValueRows)

    def show(
        self, rows: list[tuple[str, str, str, Text]], detail: Text | str, highlight: str | None = None
    ) -> None:
        """Show ``rows`` (see :func:`sheet_rows`) and the ``detail`` of the highlighted one."""
        width = max((len(label) for _r, label, _v, _e in rows), default=0) + 1
        options = []
        for row, label, value, extra in rows:
            text = Text(label.ljust(width), style="bold")
            if value:
                text.append(f"< {value} >")
            if extra.plain:
                text.append("  ")
                text.append(extra)
            options.append(Option(text, id=row))
        self._quiet = True
        self.rows.display = True
        try:
            self.rows.set_rows(options, highlight)
        finally:
            self._quiet = False
        self.query_one("#bl-sheet-detail", Static).update(detail)

    def show_waiting(self, text: str) -> None:
        """No order to write: say why (the rows are hidden)."""
        self.rows.set_rows([])
        self.rows.display = False
        self.query_one("#bl-sheet-detail", Static).update(text)

    @property
    def row(self) -> str | None:
        """The highlighted row's id."""
        return self.rows.row_id

    def change_value(self, step: int) -> None:
        """Left/Right on a row (see :class:`tui.rulesets.battleline.rows.ValueRows`)."""
        if self.row is not None:
            self.post_message(self.Edit(self.row, step))

    @on(OptionList.OptionSelected, "#bl-sheet-rows")
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option.id is not None:
            self.post_message(self.Edit(event.option.id, 0))

    @on(OptionList.OptionHighlighted, "#bl-sheet-rows")
    def _moved(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        if event.option.id is not None and not self._quiet:
            self.post_message(self.Moved(event.option.id))
