"""Base classes of every screen: title bar, translated key footer, help key, safe handlers.

A screen subclasses :class:`WartableScreen` (full screen) or
:class:`WartableModal` (a dialog over the screen below) and implements
``compose_body``. Both bind ``?`` and F1 to the help dialog listing the keys of
the screen (from its ``BINDINGS``), and re-compose themselves when the language
or the glyph set changes (:meth:`refresh_language`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.content import Content
from textual.message import Message
from textual.screen import ModalScreen, Screen

from engine.i18n import N_, _
from tui.glyphs import UNICODE, Glyphs
from tui.widgets.bars import KeyLine, TitleBar

if TYPE_CHECKING:
    from tui.app import WartableApp

__all__ = [
    "MIN_SIZE",
    "SafeMessages",
    "WartableModal",
    "WartableScreen",
    "ascii_text",
    "key_rows",
    "letter_keys",
    "literal",
]

#: The smallest terminal the screens are laid out for (columns, rows); below it the app
#: shows :class:`tui.screens.too_small.TooSmallScreen` instead.
MIN_SIZE = (60, 20)

HELP_BINDING = Binding("question_mark,f1", "help", N_("Help"))

#: Actions that the help dialog leaves out (Textual's own clipboard and system keys).
_HIDDEN_ACTIONS = frozenset(
    {
        "screen.copy_text",
        "copy_text",
        "help_quit",
        "app.help_quit",
        "ctrl_c",
        "app.focus_next",
        "app.focus_previous",
        "scroll_left",
        "scroll_right",
        "page_left",
        "page_right",
    }
)


#: Typographic characters and the plain ASCII the ASCII glyph set writes instead.
ASCII_PUNCTUATION: dict[str, str] = {
    "—": "--",
    "–": "-",
    "−": "-",
    "·": "|",
    "…": "...",
    "«": '"',
    "»": '"',
    "“": '"',
    "”": '"',
    "„": '"',
    "‘": "'",
    "’": "'",
    "→": "->",
    "←": "<-",
    "×": "x",
    "⏎": "enter",
    "▸": ">",
    "‣": "-",
    "•": "*",
    "✓": "+",
    "✗": "x",
    "\u00a0": " ",
}
_ASCII_TABLE = str.maketrans(ASCII_PUNCTUATION)


def ascii_text(text: str) -> str:
    """``text`` with its typographic punctuation and marks in plain ASCII (``—`` as
    ``--``, ``·`` as ``|``, ``…`` as ``...``, quotes as ``"``), for the ASCII glyph set.
    Letters of any script are left alone."""
    return text.translate(_ASCII_TABLE)


def literal(text: str) -> Content:
    """``text`` shown exactly as it is where Textual would read a plain ``str`` as
    markup (a border title, a button's label): a name from outside may look like
    markup (``[link=…]``, ``[/]``), which must neither be obeyed nor break the screen."""
    return Content(text)


def letter_keys(*letters: str) -> str:
    """The keys of a letter binding in both cases: ``letter_keys("n", "т")`` gives
    ``"n,N,т,Т"`` (a capital works as well as the small letter, so Caps Lock or a
    menu that shows capitals never leaves a key dead)."""
    keys: list[str] = []
    for letter in letters:
        for key in (letter, letter.upper()):
            if key not in keys:
                keys.append(key)
    return ",".join(keys)


class SafeMessages:
    """Mixin: an exception in a message handler is reported by the app (notification +
    log file) and the widget keeps handling messages, instead of the app stopping."""

    async def _on_message(self, message: Message) -> None:
        try:
            await super()._on_message(message)  # type: ignore[misc]
        except Exception as error:
            report = getattr(self.app, "report_error", None)  # type: ignore[attr-defined]
            if report is None:
                raise
            report(error)


def key_rows(screen: Screen[Any]) -> list[tuple[str, str]]:
    """The keys active on ``screen`` as (keys, description) rows, translated.

    Order: the screen's own bindings, then those of the focused widget, then the
    app's. Keys bound to the same action are joined ("?, f1"). Bindings without a
    description and Textual's clipboard keys are left out.
    """
    app = screen.app
    groups: dict[tuple[int, str], tuple[list[str], str]] = {}
    rank: dict[tuple[int, str], int] = {}
    for namespace, binding, _enabled, tooltip in screen.active_bindings.values():
        if binding.system or binding.action in _HIDDEN_ACTIONS:
            continue
        text = binding.description or tooltip or ""
        if not text:
            continue
        group = (id(namespace), binding.action)
        keys, _text = groups.setdefault(group, ([], _(text)))
        shown = app.get_key_display(binding)
        if shown not in keys and not (len(shown) == 1 and shown.isupper() and shown.lower() in keys):
            keys.append(shown)  # a capital letter is not listed beside its small one
        rank[group] = 0 if namespace is screen else (2 if namespace is app else 1)
    ordered = sorted(groups, key=lambda g: rank[g])  # stable: keeps binding order within a rank
    return [(", ".join(groups[g][0]), groups[g][1]) for g in ordered]


class _WartableMixin:
    """What every Wartable screen shares."""

    #: The screen's title, an English message ID (marked with ``N_``).
    SCREEN_TITLE: ClassVar[str] = ""

    def __init_subclass__(cls, help_key: bool = True, **kwargs: Any) -> None:
        """Put the help key last in each screen's own ``BINDINGS`` (so it is last in
        the footer), unless the screen binds ``?`` itself. ``help_key=False``: no help
        key of its own (base classes, the terminal-size screen)."""
        if help_key:
            own = list(cls.__dict__.get("BINDINGS", []))
            if not any(isinstance(b, Binding) and "question_mark" in b.key.split(",") for b in own):
                cls.BINDINGS = [*own, HELP_BINDING]
        # after BINDINGS is final: Textual merges the bindings when the class is made
        super().__init_subclass__(**kwargs)

    @property
    def wapp(self) -> WartableApp:
        """The app, typed."""
        return self.app  # type: ignore[attr-defined, return-value]

    @property
    def glyphs(self) -> Glyphs:
        """The glyph set in effect."""
        return getattr(self.app, "glyphs", UNICODE)  # type: ignore[attr-defined]

    def screen_title(self) -> str:
        """The translated title of the screen."""
        return _(self.SCREEN_TITLE) if self.SCREEN_TITLE else ""

    def plain(self, text: str) -> str:
        """``text`` as the glyph set in effect writes it: with the ASCII set, its
        typographic punctuation in plain ASCII (:func:`ascii_text`)."""
        return ascii_text(text) if self.glyphs.name == "ascii" else text

    def action_help(self) -> None:
        """Show the keys of this screen in a dialog."""
        from tui.screens.help import HelpScreen

        if isinstance(self, HelpScreen):
            self.dismiss()
            return
        self.app.push_screen(HelpScreen(self.screen_title(), key_rows(self)))  # type: ignore[arg-type, attr-defined]

    async def refresh_language(self) -> None:
        """Re-compose the screen in the current language and glyph set."""
        await self.recompose()  # type: ignore[attr-defined]


class WartableScreen(_WartableMixin, SafeMessages, Screen[Any], help_key=False):
    """A full screen: title bar, body (``compose_body``), key footer."""

    BINDINGS: ClassVar[list[BindingType]] = []

    def compose(self) -> ComposeResult:
        """Title bar, the body, the footer."""
        yield TitleBar(self.screen_title())
        yield from self.compose_body()
        yield KeyLine()

    def compose_body(self) -> ComposeResult:
        """The screen's content (between the title bar and the footer)."""
        yield from ()


class WartableModal(_WartableMixin, SafeMessages, ModalScreen[Any], help_key=False):
    """A dialog over the current screen, with its own key footer. Subclasses implement
    ``compose_dialog`` and bind Escape (``close`` dismisses with None)."""

    BINDINGS: ClassVar[list[BindingType]] = []

    def compose(self) -> ComposeResult:
        """The dialog and the footer with its keys."""
        yield from self.compose_dialog()
        yield KeyLine()

    def compose_dialog(self) -> ComposeResult:
        """The dialog box."""
        yield from ()

    def action_close(self) -> None:
        """Close the dialog without a choice."""
        self.dismiss(None)
