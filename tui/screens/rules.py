"""The rules screen: a summary of each system's rules, with the rule IDs the app cites.

The systems are those of the registry (:func:`engine.ruleset.available`); the
text of each is ``engine/rulesets/<key>/help/<lang>.md`` (see
:mod:`tui.rulebook`). A system without a summary gets a short notice.
"""

from __future__ import annotations

from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import Markdown, OptionList, Static
from textual.widgets.option_list import Option

from engine.i18n import N_, _, current_language
from tui.rulebook import read_help
from tui.screens.base import WartableScreen
from tui.widgets.pointer_list import PointerList


class RulesText(Markdown):
    """The Markdown widget with bullets from the glyph set in effect."""

    def __init__(self, markdown: str, *, bullet: str, **kwargs: object) -> None:
        super().__init__(markdown, **kwargs)  # type: ignore[arg-type]
        self.BULLETS = [f"{bullet} "]


class RulesScreen(WartableScreen):
    """The list of systems on the left, the summary of the highlighted one on the right."""

    SCREEN_TITLE = N_("Rules")
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("tab", "switch_focus", N_("Systems / text")),
        Binding("escape", "app.pop_screen", N_("Back")),
    ]

    def __init__(self) -> None:
        super().__init__()
        self._keys = self.wapp.systems()
        self._index = 0

    def compose_body(self) -> ComposeResult:
        """Systems list and the text."""
        if not self._keys:
            yield Static(self.plain(_("No game systems are installed.")), id="rules-empty")
            return
        with Horizontal(id="rules-body"):
            yield PointerList(
                *(Option(self.plain(self.wapp.system_title(k)), id=k) for k in self._keys),
                pointer=self.glyphs.pointer,
                id="rules-systems",
            )
            with VerticalScroll(id="rules-scroll"):
                yield RulesText(
                    self._text(self._keys[self._index]), bullet=self.glyphs.bullet, id="rules-text"
                )

    def _text(self, key: str) -> str:
        found = read_help(key, current_language())
        if found is None:
            return self.plain(
                f"# {self.wapp.system_title(key)}\n\n"
                + _("There is no rules summary for this system in this build yet.")
            )
        text, lang = found
        if lang != current_language():
            text = _("(This summary is not translated yet.)") + "\n\n" + text
        return self.plain(text)

    def on_mount(self) -> None:
        """Highlight the current system and put the focus on the list of systems (the
        arrows choose a system; Enter or Tab goes to its text)."""
        if not self._keys:
            return
        systems = self.query_one("#rules-systems", OptionList)
        systems.highlighted = self._index
        systems.focus()

    async def refresh_language(self) -> None:
        """Re-compose in the new language, on the same system and pane."""
        in_text = self.query_one("#rules-scroll", VerticalScroll).has_focus if self._keys else False
        await self.recompose()
        self.on_mount()
        if in_text:
            self.query_one("#rules-scroll", VerticalScroll).focus()

    @on(OptionList.OptionHighlighted, "#rules-systems")
    async def _highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if event.option_index == self._index:
            return
        self._index = event.option_index
        await self.query_one("#rules-text", RulesText).update(self._text(self._keys[self._index]))
        self.query_one("#rules-scroll", VerticalScroll).scroll_home(animate=False)

    @on(OptionList.OptionSelected, "#rules-systems")
    def _chosen(self) -> None:
        """Enter on a system: read its text (the arrows then scroll it)."""
        self.query_one("#rules-scroll", VerticalScroll).focus()

    def action_switch_focus(self) -> None:
        """Move the focus between the systems list and the text."""
        if not self._keys:
            return
        scroll = self.query_one("#rules-scroll", VerticalScroll)
        systems = self.query_one("#rules-systems", OptionList)
        (systems if scroll.has_focus else scroll).focus()
