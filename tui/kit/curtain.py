"""The hot-seat curtain: it covers the game while the terminal passes to the next
player, in every system.

It names the player who decides next and what they are to do, and lists the
public news since that player last looked (events every seat may see: the
person in front of the curtain may still be another player, so nothing private
is on it); its words name the player to come, so they hold for any number of
players. Enter or Space shows the game; a letter does too and is used up here, so
keys typed ahead never act on the next player's game; Escape leaves the game for
the main menu (it is saved).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from rich.table import Table
from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center, Vertical, VerticalScroll
from textual.widgets import Button, Static

from engine.i18n import N_, _
from tui.kit.dialogs import plain_text
from tui.screens.base import WartableScreen, literal
from tui.widgets.bars import PlainScrollBar

__all__ = ["CurtainScreen"]


class CurtainScreen(WartableScreen):
    """Covers the game between two players at one terminal.

    ``player``: who decides next (name and seat); ``task``: what they are to do;
    ``news``: every public event since they last looked, oldest first, already
    written. Dismisses with ``"show"`` or ``"menu"``.
    """

    SCREEN_TITLE = N_("Next player")
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "show", N_("Show my side"), priority=True),
        Binding("space", "show", N_("Show my side"), show=False),
        Binding("up", "scroll_news(-1)", N_("Scroll the news"), show=False),
        Binding("down", "scroll_news(1)", N_("Scroll the news"), show=False),
        Binding("pageup", "scroll_news(-10)", N_("Scroll the news"), show=False),
        Binding("pagedown", "scroll_news(10)", N_("Scroll the news"), show=False),
        Binding("escape", "menu", N_("Main menu")),
    ]

    def __init__(self, player: str, task: str = "", news: Sequence[str | Text] = ()) -> None:
        super().__init__()
        self.player = player
        self.task_text = task
        self.news = list(news)
        self._done = False

    def compose_body(self) -> ComposeResult:
        """The next player, their task, the news and the button."""
        on = self.glyphs.name == "ascii"
        with Vertical(id="kit-curtain"), Vertical(id="kit-curtain-box") as box:
            box.border_title = literal(plain_text(_("Pass the terminal"), on))
            yield Static(Text(self.player, style="bold"), id="kit-curtain-player")
            if self.task_text:
                yield Static(plain_text(self.task_text, on), id="kit-curtain-task", markup=False)
            yield Static(
                plain_text(
                    _("The game is hidden so that only {player} sees their side.").format(player=self.player),
                    on,
                ),
                id="kit-curtain-note",
                markup=False,
            )
            if self.news:
                yield Static(plain_text(_("Since you last looked:"), on), classes="kit-curtain-head")
                with VerticalScroll(id="kit-curtain-news", can_focus=False):
                    grid = Table.grid(padding=(0, 1))
                    grid.add_column(no_wrap=True)
                    grid.add_column()
                    for line in self.news:
                        grid.add_row(self.glyphs.bullet, plain_text(line, on))
                    yield Static(grid)
            with Center():
                yield Button(
                    literal(plain_text(_("I am {player}: show my side").format(player=self.player), on)),
                    id="kit-curtain-ok",
                    compact=True,
                )

    def on_mount(self) -> None:
        """Focus the button (Enter shows the game); the news get the room left."""
        self.query_one("#kit-curtain-ok", Button).focus()
        self._fit_news()

    def on_resize(self) -> None:
        """Keep the button on screen."""
        self._fit_news()

    def _fit_news(self) -> None:
        if not self.news:
            return
        news = self.query_one("#kit-curtain-news", VerticalScroll)
        news.styles.max_height = max(3, self.app.size.height - 16)
        news.vertical_scrollbar.renderer = PlainScrollBar
        news.scroll_home(animate=False)
        self.call_after_refresh(self._note_more)

    def _note_more(self) -> None:
        """Say under the box when there is more news than fits."""
        news = self.query_one("#kit-curtain-news", VerticalScroll)
        box = self.query_one("#kit-curtain-box", Vertical)
        more = _("Up/Down: more news") if news.max_scroll_y > 0 else ""
        box.border_subtitle = literal(plain_text(more, self.glyphs.name == "ascii"))

    def action_scroll_news(self, lines: int) -> None:
        """Scroll the news by ``lines`` (negative: back)."""
        if self.news:
            news = self.query_one("#kit-curtain-news", VerticalScroll)
            news.scroll_to(y=news.scroll_y + lines, animate=False)

    def _answer(self, answer: str) -> None:
        if not self._done:  # once: keys typed after it are used up here
            self._done = True
            self.dismiss(answer)

    def action_show(self) -> None:
        """The next player is at the terminal: show their side."""
        self._answer("show")

    def action_menu(self) -> None:
        """Leave the game for the main menu (it is saved)."""
        self._answer("menu")

    @on(Button.Pressed, "#kit-curtain-ok")
    def _pressed(self) -> None:
        self._answer("show")

    def on_key(self, event: events.Key) -> None:
        """A letter shows the game too and is used up by the curtain; other printable
        keys do nothing here (the help key and Ctrl+Q keep their meaning)."""
        if not event.is_printable or event.character in ("?", " "):
            return
        event.stop()
        event.prevent_default()
        if event.character is not None and event.character.isalpha():
            self._answer("show")
