"""The Textual application."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.widgets import Footer, Header, Static

from engine.i18n import _


class WartableApp(App):
    """Wartable's terminal app."""

    TITLE = "Wartable"
    BINDINGS = [("q", "quit", "Quit")]

    def __init__(self, *, ascii_glyphs: bool = False) -> None:
        super().__init__()
        self.ascii_glyphs = ascii_glyphs

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static(_("Wartable — a wargame table in the terminal"))
        yield Footer()


def run_app(*, ascii_glyphs: bool = False) -> int:
    """Run the app until the player quits; returns the exit status."""
    WartableApp(ascii_glyphs=ascii_glyphs).run()
    return 0
