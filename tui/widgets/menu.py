"""A short menu of one-line entries: the title screen's main menu.

Textual's ``OptionList`` is a scrolling list built for long lists; the main menu
has seven entries that always fit, and it is the first thing drawn at start-up.
This widget draws them as one piece of text, which keeps the start of the app
close to that of a bare Textual app. The cursor is marked twice, by the
highlight bar and by the pointer glyph, so it shows without colour too.
"""

from __future__ import annotations

from typing import ClassVar, NamedTuple

from textual import events
from textual.binding import Binding, BindingType
from textual.content import Content
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from engine.i18n import N_

__all__ = ["Menu", "MenuEntry"]


class MenuEntry(NamedTuple):
    """One entry: ``id`` (the action it stands for), ``prompt`` (one line of text),
    ``disabled`` (shown, but the cursor skips it and it cannot be chosen)."""

    id: str
    prompt: Content
    disabled: bool = False


class Menu(Widget, can_focus=True):
    """One line per entry, a cursor moved with the arrows, Home and End (Page Up and
    Page Down do the same: the menu always fits), chosen with Enter or a click. ``pointer``: the one-cell glyph before the highlighted entry.

    Posts :class:`Menu.Highlighted` when the cursor moves and :class:`Menu.Selected`
    when an entry is chosen.
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "cursor_up", N_("Up"), show=False),
        Binding("down", "cursor_down", N_("Down"), show=False),
        Binding("home", "first", N_("First"), show=False),
        Binding("end", "last", N_("Last"), show=False),
        Binding("pageup", "page_up", N_("Page Up"), show=False),
        Binding("pagedown", "page_down", N_("Page Down"), show=False),
        Binding("enter", "select", N_("Select"), show=False),
    ]
    COMPONENT_CLASSES: ClassVar[set[str]] = {"menu--highlighted", "menu--disabled"}
    DEFAULT_CSS = """
    Menu {
        height: auto;
    }
    Menu > .menu--highlighted {
        color: $block-cursor-blurred-foreground;
        background: $block-cursor-blurred-background;
        text-style: $block-cursor-blurred-text-style;
    }
    Menu:focus > .menu--highlighted {
        color: $block-cursor-foreground;
        background: $block-cursor-background;
        text-style: $block-cursor-text-style;
    }
    Menu > .menu--disabled {
        color: $text-disabled;
        text-style: italic;
    }
    """

    #: Index of the entry under the cursor (None only while there is no entry).
    highlighted: reactive[int | None] = reactive(None)

    class _EntryMessage(Message):
        def __init__(self, menu: Menu, index: int, entry_id: str) -> None:
            super().__init__()
            self.menu = menu
            self.index = index
            self.entry_id = entry_id

        @property
        def control(self) -> Menu:  # type: ignore[override]
            """The menu (for ``@on(..., selector)``)."""
            return self.menu

    class Highlighted(_EntryMessage):
        """The cursor moved to entry ``index`` (``entry_id``)."""

    class Selected(_EntryMessage):
        """Entry ``index`` (``entry_id``) was chosen."""

    def __init__(self, *entries: MenuEntry, pointer: str = ">", id: str | None = None) -> None:
        super().__init__(id=id)
        self.entries: list[MenuEntry] = list(entries)
        self._pointer = pointer
        first = next((i for i, e in enumerate(self.entries) if not e.disabled), None)
        self.set_reactive(Menu.highlighted, first)

    # -- facts ----------------------------------------------------------------------
    def entry(self, entry_id: str) -> MenuEntry:
        """The entry with id ``entry_id``; KeyError if there is none."""
        return self.entries[self.index_of(entry_id)]

    def index_of(self, entry_id: str) -> int:
        """The index of the entry with id ``entry_id``; KeyError if there is none."""
        for i, e in enumerate(self.entries):
            if e.id == entry_id:
                return i
        raise KeyError(entry_id)

    # -- drawing --------------------------------------------------------------------
    def get_content_height(self, container: object, viewport: object, width: int) -> int:
        """One line per entry."""
        return len(self.entries)

    def get_content_width(self, container: object, viewport: object) -> int:
        """The widest entry, with the two cells of the pointer."""
        return max((e.prompt.cell_length for e in self.entries), default=0) + 2

    def render(self) -> Content:
        """Each entry on its line, the pointer and the highlight on the cursor's."""
        width = self.content_region.width
        lines = []
        for i, e in enumerate(self.entries):
            mark = f"{self._pointer} " if i == self.highlighted else "  "
            line = Content.assemble((mark, "bold"), e.prompt)
            if line.cell_length < width:
                line = line.pad_right(width - line.cell_length)
            if i == self.highlighted:
                line = line.stylize_before(self.get_visual_style("menu--highlighted"))
            elif e.disabled:
                line = line.stylize_before(self.get_visual_style("menu--disabled"))
            lines.append(line)
        return Content("\n").join(lines)

    def watch_highlighted(self, index: int | None) -> None:
        """Redraw and say where the cursor is."""
        self.refresh()
        if index is not None and 0 <= index < len(self.entries):
            self.post_message(self.Highlighted(self, index, self.entries[index].id))

    # -- moving and choosing --------------------------------------------------------
    def _enabled(self) -> list[int]:
        return [i for i, e in enumerate(self.entries) if not e.disabled]

    def action_cursor_up(self) -> None:
        """The previous entry that can be chosen (none above: stay)."""
        here = self.highlighted if self.highlighted is not None else len(self.entries)
        before = [i for i in self._enabled() if i < here]
        if before:
            self.highlighted = before[-1]

    def action_cursor_down(self) -> None:
        """The next entry that can be chosen (none below: stay)."""
        here = self.highlighted if self.highlighted is not None else -1
        after = [i for i in self._enabled() if i > here]
        if after:
            self.highlighted = after[0]

    def action_first(self) -> None:
        """The first entry that can be chosen."""
        enabled = self._enabled()
        if enabled:
            self.highlighted = enabled[0]

    def action_last(self) -> None:
        """The last entry that can be chosen."""
        enabled = self._enabled()
        if enabled:
            self.highlighted = enabled[-1]

    def action_page_up(self) -> None:
        """The whole menu is always in view: the first entry that can be chosen."""
        self.action_first()

    def action_page_down(self) -> None:
        """The whole menu is always in view: the last entry that can be chosen."""
        self.action_last()

    def action_select(self) -> None:
        """Choose the entry under the cursor (nothing happens on a disabled one)."""
        i = self.highlighted
        if i is not None and 0 <= i < len(self.entries) and not self.entries[i].disabled:
            self.post_message(self.Selected(self, i, self.entries[i].id))

    def on_click(self, event: events.Click) -> None:
        """A click on an entry moves the cursor there and chooses it."""
        offset = event.get_content_offset(self)
        if offset is None or not 0 <= offset.y < len(self.entries):
            return
        event.stop()
        if self.entries[offset.y].disabled:
            return
        self.highlighted = offset.y
        self.action_select()
