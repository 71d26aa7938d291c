"""The dialog that lists roster files: the player's saved rosters and the examples.

Used by the roster builder (Open: a roster to edit, drafts included) and by the
new game screen (a roster to play: only valid ones, or "build one now").
Unreadable files are listed with their one-line reason and never modified.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar, Literal

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from engine.i18n import N_, _, ngettext
from engine.rulesets.eva.roster import Roster
from tui.paths import display_path
from tui.rulesets.eva.roster_files import (
    RosterEntry,
    example_rosters,
    roster_title,
    rosters_folder,
    saved_rosters,
)
from tui.rulesets.eva.rowlist import RowList
from tui.screens.base import WartableModal
from tui.textfit import fit

__all__ = ["PickResult", "RosterPickerScreen", "problem_lines"]

#: Width of names in the list (cells); longer names end with an ellipsis.
NAME_CELLS = 40


@dataclass(frozen=True)
class PickResult:
    """What was picked: ``kind`` "entry" (``entry`` is set), "build" (build a roster
    now) or "new" (start an empty roster)."""

    kind: Literal["entry", "build", "new"]
    entry: RosterEntry | None = None


def problem_lines(entry: RosterEntry, ascii_set: bool = False, limit: int = 8) -> str:
    """The problems of ``entry``'s roster, one per line with its rule ID (at most ``limit``)."""
    from tui.rulesets.eva.roster_builder import problem_text

    bad, ell = ("x", "...") if ascii_set else ("✗", "…")
    lines = [f"{bad} {p.rule}  {problem_text(p, 24, ell)}" for p in entry.problems[:limit]]
    more = len(entry.problems) - limit
    if more > 0:
        lines.append(ngettext("and {n} more problem", "and {n} more problems", more).format(n=more))
    return "\n".join(lines)


class RosterPickerScreen(WartableModal):
    """Lists the rosters; dismisses with a :class:`PickResult` or None.

    ``saves``: the saves folder (rosters are in its ``rosters`` folder).
    ``purpose``: "open" (for the builder: drafts may be opened, and the first
    row starts an empty roster) or "play" (for a game: only valid rosters may be
    chosen, and the first row builds one now). ``current``: the roster chosen so
    far (its row is marked "chosen" and has the cursor). ``d`` deletes a saved
    roster after a confirmation.
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "choose", N_("Choose"), priority=True),
        Binding("d,delete,в", "delete", N_("Delete")),
        Binding("escape", "close", N_("Cancel")),
    ]

    def __init__(
        self,
        saves: Path,
        purpose: Literal["open", "play"] = "open",
        title: str = "",
        current: Roster | None = None,
    ) -> None:
        super().__init__()
        self.current = current
        self.saves = Path(saves)
        self.purpose = purpose
        self.picker_title = title or (_("Open a roster") if purpose == "open" else _("Choose a roster"))
        self._entries: dict[str, RosterEntry] = {}
        self._width = 0

    def compose_dialog(self) -> ComposeResult:
        """The framed list and a line about the folder."""
        with Vertical(classes="dialog picker-dialog") as box:
            box.border_title = self.picker_title
            box.border_subtitle = _("Escape closes this window.")
            yield Static(
                _("Saved rosters are in {folder}.").format(folder=display_path(rosters_folder(self.saves))),
                classes="picker-folder",
                markup=False,
            )
            yield RowList(pointer=self.glyphs.pointer, id="picker-list")

    def on_mount(self) -> None:
        """Read the files and focus the list (filled again once its width is known)."""
        self._fill()
        self.query_one("#picker-list", RowList).focus()
        self.call_after_refresh(self._refit)

    def _refit(self) -> None:
        if self._cells() != self._width:
            self._fill(self.query_one("#picker-list", RowList).row_id)

    def _cells(self) -> int:
        """Cells for a row's text: the list's width less the pointer. Before the first
        layout, the width the stylesheet will give it (the dialog is 72 columns, at
        most 90% of the screen, less its frame, padding and scroll bar)."""
        width = self.query_one("#picker-list", RowList).scrollable_content_region.width
        if not width:
            width = min(72, int(self.app.size.width * 0.9)) - 8
        return max(20, width - 3)

    async def refresh_language(self) -> None:
        """Re-compose in the new language."""
        await self.recompose()
        self.on_mount()

    def _fill(self, highlight: str | None = None) -> None:
        g = self.glyphs
        ascii_set = g.name == "ascii"
        ell = "..." if ascii_set else "…"
        rows: list[Option] = []
        self._entries = {}
        self._width = self._cells()
        if self.purpose == "play":
            rows.append(Option(Text(_("Build a new roster now"), style="bold"), id="build"))
        else:
            rows.append(Option(Text(_("New empty roster"), style="bold"), id="new"))
        saved = saved_rosters(self.saves)
        rows.append(Option(Text(_("Your rosters"), style="bold underline"), id="h-saved", disabled=True))
        if not saved:
            rows.append(Option(Text(_("(none saved yet)"), style="italic"), id="h-none", disabled=True))
        for n, entry in enumerate(saved):
            key = f"s{n}"
            self._entries[key] = entry
            rows.append(Option(self._row(entry, ell), id=key))
        rows.append(Option(Text(_("Examples"), style="bold underline"), id="h-examples", disabled=True))
        for n, entry in enumerate(example_rosters()):
            key = f"e{n}"
            self._entries[key] = entry
            rows.append(Option(self._row(entry, ell), id=key))
        default = highlight
        if default is None and self.current is not None:
            default = next((k for k, e in self._entries.items() if e.roster == self.current), None)
        if default is None and self.purpose == "play":
            default = next((k for k, e in self._entries.items() if e.valid), None)
        self.query_one("#picker-list", RowList).set_rows(rows, default)

    def _row(self, entry: RosterEntry, ell: str) -> Text:
        g = self.glyphs
        cells = self._width
        if entry.roster is None:
            tail = ": " + _("cannot be used")
            head = Text.assemble(
                (f"{g.bad} ", "bold"), (fit(entry.label, min(NAME_CELLS, cells - len(tail) - 2), ell), "bold")
            )
            head.append(tail)
            body = Text("  " + fit(entry.reason, cells - 2, ell), style="italic")
            return Text("\n").join([head, body])
        roster = entry.roster
        name = roster_title(roster.name.strip()) or _("(no name)")
        head = Text.assemble(
            (f"{g.ok if entry.valid else g.bad} ", "bold"),
            (fit(name, min(NAME_CELLS, cells - 2), ell), "bold"),
        )
        if self.current is not None and roster == self.current:
            head.append("  " + _("(chosen)"), style="bold italic")
        details = [
            ngettext("{points} point", "{points} points", entry.cost).format(points=entry.cost),
            ngettext("{n} Eva", "{n} Evas", len(roster.evas)).format(n=len(roster.evas)),
            _("example") if entry.example else entry.label,
        ]
        if not entry.valid:
            details.append(
                ngettext(
                    "draft: breaks {n} rule ({rules})",
                    "draft: breaks {n} rules ({rules})",
                    len(entry.problems),
                ).format(n=len(entry.problems), rules=", ".join(sorted({p.rule for p in entry.problems})))
            )
        return Text("\n").join([head, Text("  " + fit("; ".join(details), cells - 2, ell))])

    def _current(self) -> tuple[str | None, RosterEntry | None]:
        row = self.query_one("#picker-list", RowList).row_id
        return row, self._entries.get(row or "")

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Delete only a saved roster file."""
        if action == "delete":
            _row, entry = self._current()
            return None if entry is None or entry.example else True
        return True

    @on(OptionList.OptionHighlighted, "#picker-list")
    def _highlighted(self) -> None:
        self.refresh_bindings()

    @on(OptionList.OptionSelected, "#picker-list")
    def _selected(self) -> None:
        self.action_choose()

    def action_choose(self) -> None:
        """Choose the highlighted row (a roster that cannot be used is explained)."""
        row, entry = self._current()
        if row == "build":
            self.dismiss(PickResult("build"))
            return
        if row == "new":
            self.dismiss(PickResult("new"))
            return
        if entry is None:
            return
        from tui.screens.dialogs import NoticeScreen

        ascii_set = self.glyphs.name == "ascii"
        if entry.roster is None:
            self.app.push_screen(
                NoticeScreen(
                    _("This roster cannot be used"),
                    f"{fit(entry.label, 60, '...' if ascii_set else '…')}:\n{entry.reason}\n\n"
                    + _("The file is left as it is."),
                )
            )
            return
        if self.purpose == "play" and not entry.valid:
            self.app.push_screen(
                NoticeScreen(
                    _("This roster breaks the rules"),
                    _("A roster must follow every rule of army building to be played (EVA-17.10).")
                    + "\n\n"
                    + problem_lines(entry, ascii_set)
                    + "\n\n"
                    + _("Open it in the roster builder to fix it."),
                )
            )
            return
        self.dismiss(PickResult("entry", entry))

    def action_delete(self) -> None:
        """Ask, then delete the highlighted saved roster file."""
        row, entry = self._current()
        if entry is None or entry.example or entry.path is None:
            return
        from tui.screens.dialogs import ConfirmScreen

        path = entry.path

        def done(yes: bool | None) -> None:
            if not yes:
                return
            try:
                path.unlink()
            except FileNotFoundError:
                pass
            except OSError as exc:
                self.notify(
                    _("Could not delete {name}: {reason}").format(name=path.name, reason=exc.strerror),
                    severity="error",
                    markup=False,
                )
                return
            self.notify(_("Deleted {name}.").format(name=path.name), markup=False)
            self._fill(row)

        self.app.push_screen(
            ConfirmScreen(
                _("Delete roster"),
                _("Delete {name}?").format(name=fit(path.name, 60)) + "\n" + _("This cannot be undone."),
                confirm=_("Delete"),
                cancel=_("Keep"),
            ),
            done,
        )
