"""Shown instead of a broken layout while the terminal is smaller than the minimum."""

from __future__ import annotations

from textual import events
from textual.app import ComposeResult
from textual.geometry import Size
from textual.screen import Screen
from textual.widgets import Static

from engine.i18n import _
from tui.screens.base import MIN_SIZE, SafeMessages, _WartableMixin


class TooSmallScreen(_WartableMixin, SafeMessages, Screen[None], help_key=False):
    """Asks for a larger terminal; the app removes it once the terminal is large enough.

    Only Ctrl+Q (quit) works meanwhile.
    """

    SHELL_STYLES = True  # styled by the shell part of the stylesheet
    #: Marks the size notice for the app, which imports this module only when needed.
    SIZE_NOTICE = True

    def compose(self) -> ComposeResult:
        """The request, centred."""
        yield Static(self._text(), id="too-small-text", markup=False)

    def _text(self, size: Size | None = None) -> str:
        w, h = size if size is not None else self.app.size
        return self.plain(
            "\n".join(
                [
                    _("Please enlarge the terminal to at least {width} x {height} characters.").format(
                        width=MIN_SIZE[0], height=MIN_SIZE[1]
                    ),
                    _("It is {width} x {height} now.").format(width=w, height=h),
                    _("Ctrl+Q quits."),
                ]
            )
        )

    def on_resize(self, event: events.Resize) -> None:
        """Show the new size."""
        self.query_one("#too-small-text", Static).update(self._text(event.size))
