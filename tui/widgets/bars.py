"""The title bar at the top of every screen and the key footer at the bottom."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.widgets import Footer, Static
from textual.widgets._footer import FooterKey

from engine.i18n import _


class TitleBar(Static):
    """One line: "Wartable" and the screen's title (already translated)."""

    def __init__(self, title: str) -> None:
        super().__init__(classes="title-bar", markup=False)
        self.screen_title = title

    def render(self) -> str:
        """``Wartable | <title>``."""
        return f" Wartable | {self.screen_title}" if self.screen_title else " Wartable"


class KeyFooter(Footer):
    """Textual's footer with the key descriptions translated into the current language.

    Descriptions in ``BINDINGS`` are English message IDs (marked with ``N_``).
    """

    def __init__(self) -> None:
        super().__init__(show_command_palette=False)

    def compose(self) -> ComposeResult:
        """The footer's keys, each description passed through ``_``."""
        for widget in super().compose():
            if isinstance(widget, FooterKey):
                widget.description = _(widget.description) if widget.description else ""
                if widget.tooltip:
                    widget.tooltip = _(str(widget.tooltip))
            yield widget
