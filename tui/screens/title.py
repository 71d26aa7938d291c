"""The title screen: the main menu of the app.

Entries: New game, Continue (the latest save), Load game, Roster builder,
Rules, Settings, Quit. Arrows and Enter, a letter per entry, or the mouse.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center
from textual.content import Content
from textual.geometry import Size
from textual.widgets import Static

from engine.i18n import N_, _
from tui.screens.base import WartableScreen, letter_keys
from tui.widgets.menu import Menu, MenuEntry

if TYPE_CHECKING:
    from tui.saves import SaveEntry

#: The menu: (action, key, English label). Each key works in both cases, and also on
#: the Russian keyboard layout (the same physical key, in both cases).
ENTRIES: tuple[tuple[str, str, str], ...] = (
    ("new_game", "n", N_("New game")),
    ("continue_game", "c", N_("Continue")),
    ("load_game", "l", N_("Load game")),
    ("roster_builder", "b", N_("Roster builder")),
    ("rules", "r", N_("Rules")),
    ("settings", "s", N_("Settings")),
    ("quit", "q", N_("Quit")),
)

#: Latin key -> the Cyrillic letter on the same key of the Russian layout.
_RU_LAYOUT = {"n": "т", "c": "с", "l": "д", "b": "и", "r": "к", "s": "ы", "q": "й"}


def _bindings() -> list[BindingType]:
    out: list[BindingType] = [Binding("enter", "choose", N_("Choose"), priority=True)]
    for action, key, label in ENTRIES:
        out.append(Binding(letter_keys(key, _RU_LAYOUT[key]), action, label, show=action == "quit"))
    return out


#: The large banner, shown when the terminal has room for it (plain ASCII).
BIG_BANNER = r"""
__        ___    ____ _____  _    ____  _     _____
\ \      / / \  |  _ \_   _|/ \  | __ )| |   | ____|
 \ \ /\ / / _ \ | |_) || | / _ \ |  _ \| |   |  _|
  \ V  V / ___ \|  _ < | |/ ___ \| |_) | |___| |___
   \_/\_/_/   \_\_| \_\|_/_/   \_\____/|_____|_____|
"""


class TitleScreen(WartableScreen):
    """The main menu. The list of saves is read when the screen is shown."""

    SHELL_STYLES = True  # styled by the shell part of the stylesheet

    SCREEN_TITLE = N_("Main menu")
    BINDINGS: ClassVar[list[BindingType]] = _bindings()
    #: The large banner is shown from this terminal size up (columns, rows).
    BIG_BANNER_SIZE: ClassVar[tuple[int, int]] = (100, 32)

    def __init__(self) -> None:
        super().__init__()
        self._highlight = "new_game"
        #: The saves folder's files; None until read (after the first frame, for a fast start).
        self._entries: list[SaveEntry] | None = None
        self._have_files = False
        #: Whether the banner shown is the large one.
        self._big_shown = False

    # -- layout -------------------------------------------------------------------
    def compose_body(self) -> ComposeResult:
        """Banner, tag line, menu, and a line about the latest save."""
        if self._entries is None:
            self._have_files = self.wapp.has_save_files()
        # centred on the screen as a group (TitleScreen's style), without a container
        yield Static(self._banner(self.app.size), id="banner")
        with Center():
            yield Menu(*self._options(), pointer=self.glyphs.pointer, id="menu")
        yield Static(self.plain(self._info()), id="title-info", markup=False)

    def _big(self, size: Size) -> bool:
        """Whether the large banner fits a terminal of ``size``."""
        return size.width >= self.BIG_BANNER_SIZE[0] and size.height >= self.BIG_BANNER_SIZE[1]

    def _banner(self, size: Size) -> Content:
        """The name (large when ``size`` allows) and the tag line, centred."""
        big = self._big_shown = self._big(size)
        if big:
            lines = BIG_BANNER.strip("\n").splitlines()
            width = max(len(line) for line in lines)
            name = "\n".join(line.ljust(width) for line in lines)
        else:
            name = "W A R T A B L E"
        return Content.assemble(
            (name, "bold $accent"), "\n\n", (self.plain(_("A wargame table in the terminal")), "italic")
        )

    def on_resize(self, event: events.Resize) -> None:
        """Large or small banner, as the terminal allows (redrawn only when that changes)."""
        if self._big(event.size) != self._big_shown:
            self.query_one("#banner", Static).update(self._banner(event.size))

    def _options(self) -> list[MenuEntry]:
        if self._entries is None:  # not read yet: assume files are usable until they are read
            have_files = have_usable = self._have_files
        else:
            from tui.saves import damaged_latest, latest_save

            have_files = bool(self._entries)
            have_usable = latest_save(self._entries) is not None or damaged_latest(self._entries) is not None
        options = []
        for action, key, label in ENTRIES:
            text = Content.assemble((key.upper(), "bold underline"), "  ", self.plain(_(label)))
            disabled = False
            if action == "continue_game" and not have_usable:
                text += Content.styled("  " + self.plain(_("(no saved game)")), "italic")
                disabled = True
            elif action == "load_game" and not have_files:
                text += Content.styled("  " + self.plain(_("(no saves yet)")), "italic")
                disabled = True
            options.append(MenuEntry(action, text, disabled))
        return options

    def _info(self) -> str:
        if self._entries is None:
            return "" if self._have_files else _("Games are saved automatically; none yet.")
        from tui.saves import damaged_latest, latest_save, versus

        latest = latest_save(self._entries)
        if latest is None:
            damaged = damaged_latest(self._entries)
            if damaged is not None:
                return _("The latest save, {name}, is damaged; Continue offers its previous version.").format(
                    name=damaged.name
                )
            if self._entries:
                return _("The saves folder has no usable game.")
            return _("Games are saved automatically; none yet.")
        summary = latest.summary_text() or "-"
        if latest.finished:
            summary += " " + _("(finished)")
        return _("Latest: {title}, {players}; {summary}").format(
            title=self.wapp.system_title(latest.ruleset),
            players=versus(latest.player_names()),
            summary=summary,
        )

    def on_mount(self) -> None:
        """Put the cursor on the last highlighted entry; read the saves after the first frame."""
        self._restore_highlight()
        if self._entries is None:
            self.call_after_refresh(self._read_saves)

    async def _read_saves(self) -> None:
        self._entries = self.wapp.scan_saves() if self._have_files else []
        if self._have_files:  # the provisional menu may be wrong, and the latest game is now known
            await self.recompose()
            self._restore_highlight()

    def _restore_highlight(self) -> None:
        menu = self.query_one("#menu", Menu)
        try:
            index = menu.index_of(self._highlight)
        except KeyError:  # an unknown id just leaves the cursor where it is
            index = 0
        if menu.entries[index].disabled:
            index = 0
        menu.highlighted = index
        menu.focus()

    async def on_screen_resume(self) -> None:
        """Read the saves folder again whenever the menu comes back (a game may have
        been played, created, finished or deleted meanwhile), and show what changed."""
        if self._entries is None or self.app.screen is not self:  # the first reading is still to come
            return
        from tui.saves import fingerprint

        entries = self.wapp.scan_saves()
        if fingerprint(entries) != fingerprint(self._entries):
            self._entries = entries
            await self.recompose()
            self._restore_highlight()

    async def refresh_language(self) -> None:
        """Re-compose, keeping the cursor on the same entry."""
        await self.recompose()
        self._restore_highlight()

    # -- choosing -----------------------------------------------------------------
    @on(Menu.Highlighted, "#menu")
    def _highlighted(self, event: Menu.Highlighted) -> None:
        self._highlight = event.entry_id

    @on(Menu.Selected, "#menu")
    async def _selected(self, event: Menu.Selected) -> None:
        await self.run_action(event.entry_id)

    def action_choose(self) -> None:
        """Choose the highlighted entry (Enter when the menu is not focused)."""
        menu = self.query_one("#menu", Menu)
        menu.focus()
        menu.action_select()

    def action_new_game(self) -> None:
        """Open the new game screen, on the system of the latest save (the one Continue
        opens), else the first."""
        from tui.saves import latest_save
        from tui.screens.new_game import NewGameScreen

        latest = latest_save(self._entries) if self._entries is not None else None
        self.app.push_screen(NewGameScreen(latest.ruleset if latest is not None else None))

    def action_roster_builder(self) -> None:
        """Open the roster builder of the system that has rosters (asking which
        first when several have)."""
        from tui.rulesets import ui_for

        systems = [k for k in self.wapp.systems() if getattr(ui_for(k), "has_rosters", False)]
        if not systems:
            self.wapp.show_notice(_("Roster builder"), _("No system of this build has rosters."))
            return
        if len(systems) == 1:
            self._open_builder(systems[0])
            return
        from tui.screens.prompts import ChoiceScreen

        def chosen(key: str | None) -> None:
            if key:
                self._open_builder(key)

        self.app.push_screen(
            ChoiceScreen(
                _("Roster builder"),
                _("Rosters of which system?"),
                [(k, self.wapp.system_title(k)) for k in systems],
            ),
            chosen,
        )

    def _open_builder(self, key: str) -> None:
        from tui.rulesets import ui_for

        self.app.push_screen(ui_for(key).RosterBuilderScreen())  # type: ignore[union-attr]

    def action_continue_game(self) -> None:
        """Load the most recently played usable save; when no save is usable but a
        damaged one keeps a previous version, open that one, which explains the damage
        and offers the previous version (as the Load list does)."""
        from tui.saves import damaged_latest, latest_save

        entries = self.wapp.scan_saves()
        latest = latest_save(entries) or damaged_latest(entries)
        if latest is None:
            self.notify(_("There is no saved game to continue."), severity="warning")
            return
        self.wapp.open_save(latest.path)

    def action_load_game(self) -> None:
        """Open the list of saves."""
        from tui.screens.load import LoadScreen

        if not self.wapp.scan_saves():
            self.notify(_("There are no saved games yet."), severity="warning")
            return
        self.app.push_screen(LoadScreen())

    def action_rules(self) -> None:
        """Open the rules summaries."""
        from tui.screens.rules import RulesScreen

        self.app.push_screen(RulesScreen())

    def action_settings(self) -> None:
        """Open the settings."""
        from tui.screens.settings import SettingsScreen

        self.app.push_screen(SettingsScreen())

    def action_quit(self) -> None:
        """Leave Wartable (every game is already saved)."""
        self.app.exit(0)
