"""The event log: a panel that can be scrolled back during play, and the whole log
in a window of its own (the same key in every system).

Lines come from a seat (:meth:`engine.seat.Seat.log`), already filtered to what
that seat may read; a system may style them (glyphs, colours) but the text is the
engine's.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.widgets import RichLog

from engine.i18n import N_, _
from tui.screens.base import WartableModal, literal
from tui.widgets.bars import PlainScrollBar

__all__ = ["EventLog", "FullLogScreen"]


class EventLog(RichLog):
    """The log panel of a game screen. It keeps its lines, so a new width wraps them
    again. New lines scroll it to the end only when it was at the end: a player who
    scrolled back to read keeps their place until they scroll down again."""

    DEFAULT_CSS = """
    EventLog { scrollbar-size-vertical: 1; }
    """

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("wrap", True)
        kwargs.setdefault("markup", False)
        kwargs.setdefault("min_width", 10)
        super().__init__(**kwargs)
        self.auto_scroll = True
        self.texts: list[Text] = []
        self._wrapped_at = 0
        #: Whether the newest line is being followed (nothing scrolled back): a smaller
        #: panel then still shows the newest lines.
        self._following = True

    def on_mount(self) -> None:
        """Plain scroll bars (spaces and reverse video)."""
        self.vertical_scrollbar.renderer = PlainScrollBar
        self.horizontal_scrollbar.renderer = PlainScrollBar

    @property
    def at_end(self) -> bool:
        """Whether the newest line is in view (nothing scrolled back)."""
        return self.scroll_y >= self.max_scroll_y - 1

    def watch_scroll_y(self, old_value: float, new_value: float) -> None:
        """Note whether the player has scrolled back (the log then keeps its place)."""
        super().watch_scroll_y(old_value, new_value)
        self._following = new_value >= self.max_scroll_y - 1

    @property
    def following(self) -> bool:
        """Whether new lines are followed: the player has not scrolled back. A log made
        shorter by the screen's layout (a panel above it grew) still follows."""
        return self._following or self.at_end

    def add(self, lines: Sequence[Text]) -> None:
        """Write ``lines`` (kept for re-wrapping); follow them only if the player has not
        scrolled back."""
        follow = self.following
        self.auto_scroll = follow
        for text in lines:
            self.texts.append(text)
            self._put(text)
        self.auto_scroll = True
        if follow:
            self.scroll_end(animate=False, immediate=True)

    def _put(self, text: Text) -> None:
        # wrapped at the log's own width (Rich would measure against the console's width)
        width = self.scrollable_content_region.width
        self.write(text, width=width - 1 if width > 1 else None, scroll_end=False)

    def reset(self) -> None:
        """Forget every line."""
        self.texts = []
        self.clear()

    def page(self, step: int) -> None:
        """Scroll by a page back (``step`` < 0) or on."""
        height = max(1, self.scrollable_content_region.height - 1)
        self.scroll_to(y=max(0, self.scroll_y + step * height), animate=False)

    def on_resize(self) -> None:
        """Wrap again at a new width, keeping the newest lines in view (and keep them in
        view when only the height changed, unless the player scrolled back)."""
        width = self.scrollable_content_region.width
        if width == self._wrapped_at and self.following:
            self.call_after_refresh(self.scroll_end, animate=False, immediate=True)
        if width != self._wrapped_at and self.texts:
            self._wrapped_at = width
            follow = True
            self.clear()
            for text in self.texts:
                self._put(text)
            if follow:
                self.call_after_refresh(self.scroll_end, animate=False, immediate=True)


class FullLogScreen(WartableModal):
    """The whole log in a large window (every die, every step); ``lines``: oldest
    first. It opens at the newest line; the arrows, PgUp/PgDn, Home and End scroll
    it. The log key, Escape or Enter close it."""

    SCREEN_TITLE = N_("Log")
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,enter,l,L,д,Д", "close", N_("Close")),
    ]

    def __init__(self, lines: Sequence[Text | str], title: str = "") -> None:
        super().__init__()
        self.lines = [line if isinstance(line, Text) else Text(line) for line in lines]
        self.log_title = title

    def compose_dialog(self) -> ComposeResult:
        """A framed, scrollable log."""
        with Vertical(classes="dialog kit-log-dialog") as box:
            box.border_title = literal(self.plain(self.log_title or _("Log")))
            box.border_subtitle = literal(self.plain(_("Escape closes this window.")))
            yield RichLog(id="kit-log-all", wrap=True, markup=False, auto_scroll=True, min_width=20)

    def on_mount(self) -> None:
        """Write the log and focus it at its end."""
        log = self.query_one("#kit-log-all", RichLog)
        log.vertical_scrollbar.renderer = PlainScrollBar
        log.horizontal_scrollbar.renderer = PlainScrollBar
        if not self.lines:
            log.write(Text(_("Nothing has happened yet."), style="dim"))
        for line in self.lines:
            log.write(line)
        log.focus()
