"""The load screen: every save file of the saves folder, usable or not.

A usable save shows its system, players, state line and when it was last
played; an unusable one (damaged, foreign, newer, unknown system) shows why,
and is never modified. Enter loads, ``d`` deletes after a confirmation.
"""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from engine.i18n import N_, _, ngettext
from tui.paths import display_path
from tui.saves import SaveEntry, fingerprint, format_when, versus
from tui.screens.base import WartableScreen, letter_keys
from tui.widgets.pointer_list import PointerList


class LoadScreen(WartableScreen):
    """The list of saves (two lines each); the most recently played first."""

    SCREEN_TITLE = N_("Load game")
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "load", N_("Load"), priority=True),
        Binding(letter_keys("d") + ",delete," + letter_keys("в"), "delete", N_("Delete")),
        Binding("f5,ctrl+r", "rescan", N_("Read the folder again"), show=False),
        Binding("escape", "app.pop_screen", N_("Back")),
    ]

    def __init__(self) -> None:
        super().__init__()
        self._entries: list[SaveEntry] = []
        self._highlight: str | None = None
        #: Not shown yet: the folder is read for the first showing, not again at its resume.
        self._fresh = True
        #: The folder as read just before a re-compose (so it is not read twice).
        self._read: list[SaveEntry] | None = None

    def compose_body(self) -> ComposeResult:
        """Folder line, the list (or a note when it is empty)."""
        self._entries = self._read if self._read is not None else self.wapp.scan_saves()
        self._read = None
        usable = sum(e.usable for e in self._entries)
        with Vertical(id="load-body"):
            folder = ngettext("{n} saved game in {folder}", "{n} saved games in {folder}", usable).format(
                n=usable, folder=display_path(self.wapp.saves_folder)
            )
            if usable < len(self._entries):
                folder += "; " + ngettext(
                    "{n} file cannot be used", "{n} files cannot be used", len(self._entries) - usable
                ).format(n=len(self._entries) - usable)
            yield Static(self.plain(folder), id="load-folder", markup=False)
            if self._entries:
                yield PointerList(
                    *(self._option(e) for e in self._entries),
                    pointer=self.glyphs.pointer,
                    hanging=True,
                    id="saves",
                )
            else:
                yield Static(self.plain(_("The saves folder is empty.")), id="load-empty")

    def _option(self, entry: SaveEntry) -> Option:
        g, plain = self.glyphs, self.plain
        if entry.usable:
            head = Text.assemble(
                (f"{g.ok} ", "bold"),
                (plain(self.wapp.system_title(entry.ruleset)), "bold"),
                ": ",
                plain(versus(entry.player_names())),
            )
            if entry.finished:
                head.append("  " + plain(_("(finished)")), style="italic")
            when = format_when(entry.updated, entry.mtime)
            details = [
                entry.summary_text() or "-",
                _("last played {when}").format(when=when) if when else "",
                entry.name,
            ]
            body = Text(plain("; ".join(d for d in details if d)), style="")
        else:
            head = Text.assemble(
                (f"{g.bad} ", "bold"), (plain(entry.name), "bold"), ": ", plain(_("cannot be used"))
            )
            body = Text(plain(entry.reason), style="italic")
        # no id: two files may show the same cleaned name; the list is followed by index
        return Option(Text("\n").join([head, body]))

    def on_mount(self) -> None:
        """Focus the list, on the last highlighted save."""
        if not self._entries:
            return
        saves = self.query_one("#saves", OptionList)
        index = 0
        if self._highlight is not None:
            paths = [str(e.path) for e in self._entries]
            if self._highlight in paths:
                index = paths.index(self._highlight)
        saves.highlighted = index
        saves.focus()

    async def refresh_language(self) -> None:
        """Re-compose in the new language."""
        await self.recompose()
        self.on_mount()

    async def on_screen_resume(self) -> None:
        """Read the folder again whenever the list comes back into view (a game may
        have been played, finished or restored meanwhile) and redraw it if it changed."""
        if self._fresh:
            self._fresh = False
            return
        if self.app.screen is not self:  # passed on the way to the title: gone next
            return
        entries = self.wapp.scan_saves()
        if fingerprint(entries) != fingerprint(self._entries):
            self._read = entries
            await self.recompose()
            self.on_mount()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Load and Delete only when there is a save to act on."""
        if action in ("load", "delete") and not self._entries:
            return None
        return True

    def _current(self) -> SaveEntry | None:
        if not self._entries:
            return None
        index = self.query_one("#saves", OptionList).highlighted
        return None if index is None else self._entries[index]

    @on(OptionList.OptionHighlighted, "#saves")
    def _highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if 0 <= event.option_index < len(self._entries):
            self._highlight = str(self._entries[event.option_index].path)

    @on(OptionList.OptionSelected, "#saves")
    def _selected(self) -> None:
        self.action_load()

    def action_load(self) -> None:
        """Load the highlighted save (or say why it cannot be used, offering a previous
        version when one can be)."""
        entry = self._current()
        if entry is None:
            return
        # An unusable file goes the same way: the app explains it, and offers a usable
        # previous version of it when one is kept beside it.
        self.wapp.open_save(entry.path)

    def action_delete(self) -> None:
        """Ask, then delete the highlighted save file."""
        entry = self._current()
        if entry is None:
            return
        from tui.screens.dialogs import ConfirmScreen

        def done(yes: bool | None) -> None:
            if yes:
                self._delete(entry)

        self.app.push_screen(
            ConfirmScreen(
                _("Delete saved game"),
                _("Delete {name}?").format(name=entry.name) + "\n" + _("This cannot be undone."),
                confirm=_("Delete"),
                cancel=_("Keep"),
            ),
            done,
        )

    def _delete(self, entry: SaveEntry) -> None:
        """Delete the save and the previous versions kept beside it (a later game of the
        same name must not take them for its own)."""
        from engine.record import previous_versions

        try:
            entry.path.unlink()
            for older in previous_versions(entry.path):
                older.unlink()
        except FileNotFoundError:
            pass
        except OSError as exc:
            self.notify(
                _("Could not delete {name}: {reason}").format(name=entry.name, reason=exc.strerror),
                severity="error",
                markup=False,
            )
            return
        self.notify(_("Deleted {name}.").format(name=entry.name), markup=False)
        self.call_later(self.action_rescan)

    async def action_rescan(self) -> None:
        """Read the saves folder again."""
        await self.recompose()
        self.on_mount()
