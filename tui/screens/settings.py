"""The settings screen: language and glyph set, saved at once in the user config folder."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from engine.i18n import LANGUAGES, N_, _, current_language
from tui.screens.base import WartableScreen, letter_keys
from tui.widgets.pointer_list import PointerList

#: Settings in the order shown: (id, English label).
ROWS: tuple[tuple[str, str], ...] = (("language", N_("Language")), ("glyphs", N_("Glyphs")))

_GLYPH_NAMES = {"unicode": N_("Unicode"), "ascii": N_("ASCII")}

_EXPLAIN = {
    "language": N_("The language of the menus, messages and rules summaries."),
    "glyphs": N_(
        "Unicode draws lines and symbols. ASCII uses plain characters only, "
        "for terminals or fonts that show Unicode wrongly."
    ),
}


class SettingsScreen(WartableScreen):
    """Each row shows a setting and its value; Enter, Space, the arrows left and right or
    a click change it. Changes apply at once and are saved for the next start."""

    SCREEN_TITLE = N_("Settings")
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,space", "change", N_("Change"), priority=True),
        Binding("right", "change(1)", N_("Next value"), show=False),
        Binding("left", "change(-1)", N_("Previous value"), show=False),
        Binding(letter_keys("l", "д"), "change_row('language')", N_("Change the language"), show=False),
        Binding(letter_keys("g", "п"), "change_row('glyphs')", N_("Change the glyphs"), show=False),
        Binding("escape", "app.pop_screen", N_("Back")),
    ]

    def __init__(self) -> None:
        super().__init__()
        self._row = 0

    def compose_body(self) -> ComposeResult:
        """The list of settings and an explanation of the highlighted one."""
        with Vertical(id="settings-body"):
            yield PointerList(*self._options(), pointer=self.glyphs.pointer, id="settings-list")
            yield Static(id="settings-explain", markup=False)
            yield Static(self._note(), id="settings-note", markup=False)

    def _value(self, row: str) -> str:
        if row == "language":
            return LANGUAGES[current_language()]
        return _(_GLYPH_NAMES[self.wapp.glyph_set])

    def _options(self) -> list[Option]:
        width = max(len(_(label)) for _row, label in ROWS) + 3
        return [
            Option(
                Text.assemble(
                    (f"{_(label)}:".ljust(width), "bold"), self.plain(f"< {self._value(row)} >"), " "
                ),
                id=row,
            )
            for row, label in ROWS
        ]

    def _note(self) -> str:
        lines = [_("Changes apply at once and are saved for the next start.")]
        if self.wapp.overrides:
            lines.append(
                _("Given on the command line for this run: {options}.").format(
                    options=", ".join(self.wapp.overrides)
                )
            )
        return self.plain("\n".join(lines))

    def on_mount(self) -> None:
        """Cursor on the first (or last used) row."""
        menu = self.query_one("#settings-list", OptionList)
        menu.highlighted = self._row
        menu.focus()
        self._explain()

    async def refresh_language(self) -> None:
        """Re-compose, keeping the cursor on the same row."""
        await self.recompose()
        self.on_mount()

    def _explain(self) -> None:
        row = ROWS[self._row][0]
        self.query_one("#settings-explain", Static).update(self.plain(_(_EXPLAIN[row])))

    @on(OptionList.OptionHighlighted, "#settings-list")
    def _highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self._row = event.option_index
        self._explain()

    @on(OptionList.OptionSelected, "#settings-list")
    async def _selected(self, event: OptionList.OptionSelected) -> None:
        self._row = event.option_index
        await self.action_change()

    async def action_change(self, step: int = 1) -> None:
        """Move the highlighted setting to its next (``step`` 1) or previous (-1) value."""
        await self.action_change_row(ROWS[self._row][0], step)

    async def action_change_row(self, row: str, step: int = 1) -> None:
        """Move setting ``row`` ("language" or "glyphs") to its next or previous value."""
        self._row = [r for r, _label in ROWS].index(row)
        if row == "language":
            codes = list(LANGUAGES)
            code = codes[(codes.index(current_language()) + step) % len(codes)]
            await self.wapp.change_language(code)
        else:
            names = list(_GLYPH_NAMES)
            name = names[(names.index(self.wapp.glyph_set) + step) % len(names)]
            await self.wapp.change_glyphs(name)
