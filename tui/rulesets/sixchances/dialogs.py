"""The hot-seat curtain and the end of a Six Chances Party game."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, ClassVar

from rich.table import Table
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center, Horizontal, Vertical, VerticalScroll
from textual.widgets import Button, OptionList, Static

from engine.i18n import N_, _
from engine.ruleset import Result
from engine.rulesets.sixchances.view import View
from tui.rulesets.sixchances.keys import SixChancesHelp
from tui.rulesets.sixchances.tokens import player_name, tokens_text
from tui.screens.base import WartableModal, WartableScreen

__all__ = [
    "ChoiceScreen",
    "CurtainScreen",
    "GameOverScreen",
    "LogScreen",
    "NotationScreen",
    "prompt_notation",
]


def prompt_notation(app: Any, game: Any, side: int, act: Callable[[Any], None]) -> None:
    """Ask for an action of ``side`` in notation (the command line, ``:``) and pass it,
    parsed and legal, to ``act``; the engine's reason refuses anything else under the
    field. ``help`` (or ``?``) opens the whole notation; F1 lists it under the keys."""
    from engine.ruleset import ActionError
    from tui.rulesets.sixchances.keys import notation_rows, notation_title
    from tui.screens.prompts import TextPromptScreen

    def asks_help(text: str) -> bool:
        return text.strip().lower() in ("help", "?", "помощь")

    def check(text: str) -> str | None:
        if asks_help(text):
            return None  # answered with the notation below
        try:
            game.parse(side, text)
        except ActionError as exc:
            return str(exc)
        return None

    def done(text: str | None) -> None:
        if text and asks_help(text):
            app.push_screen(NotationScreen())
        elif text:
            act(game.parse(side, text))

    app.push_screen(
        TextPromptScreen(
            _("Type an action"),
            _(
                "An action in notation, e.g. 1A x 2B, defend res, reinforce d8, end; help or F1 lists them all."
            ),
            check=check,
            notes=notation_rows(),
            notes_title=notation_title(),
        ),
        done,
    )


class CurtainScreen(SixChancesHelp, WartableScreen):
    """Covers the table while the terminal passes to the other player (hot seat).

    ``who``: the player who decides next (name and seat); ``task``: what they are to
    do; ``news``: every public event since they last looked at the table (translated),
    oldest first. The person at the curtain is that next player, so nothing here acts
    for the one who has just played (no undo). Dismisses with ``"show"`` (Enter) or
    ``"menu"`` (Escape).
    """

    SCREEN_TITLE = N_("Hand over")
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "show", N_("Show the table"), priority=True),
        Binding("space", "show", N_("Show the table"), show=False),
        Binding("up", "scroll_news(-1)", N_("Scroll the news"), show=False),
        Binding("down", "scroll_news(1)", N_("Scroll the news"), show=False),
        Binding("pageup", "scroll_news(-10)", N_("Scroll the news"), show=False),
        Binding("pagedown", "scroll_news(10)", N_("Scroll the news"), show=False),
        Binding("escape", "menu", N_("Main menu")),
    ]

    def __init__(self, who: str, task: str, news: Sequence[str] = ()) -> None:
        super().__init__()
        self.who = who
        self.task_text = task
        self.news = list(news)

    def compose_body(self) -> ComposeResult:
        """The name of the next player, their task, the news and the button."""
        with Vertical(id="sc-curtain"), Vertical(id="sc-curtain-box") as box:
            box.border_title = _("Pass the terminal")
            yield Static(Text(self.who, style="bold"), id="sc-curtain-who")
            yield Static(self.task_text, id="sc-curtain-task", markup=False)
            if self.news:
                yield Static(_("Since you last looked:"), classes="sc-curtain-head", markup=False)
                with VerticalScroll(id="sc-curtain-news", can_focus=False):
                    news = Table.grid(padding=(0, 1))
                    news.add_column(no_wrap=True)
                    news.add_column()
                    for line in self.news:
                        news.add_row(self.glyphs.bullet, Text(line))
                    yield Static(news)
            with Center():
                yield Button(
                    _("I am {who}: show the table").format(who=self.who), id="sc-curtain-ok", compact=True
                )

    def on_mount(self) -> None:
        """Focus the button, so Enter shows the table; the news fit the terminal."""
        self.query_one("#sc-curtain-ok", Button).focus()
        self._fit_news()

    def on_resize(self) -> None:
        """Keep the button on screen: the news get what room is left."""
        self._fit_news()

    def _fit_news(self) -> None:
        if self.news:
            from tui.widgets.bars import PlainScrollBar

            news = self.query_one("#sc-curtain-news", VerticalScroll)
            news.styles.max_height = max(3, self.app.size.height - 16)
            news.vertical_scrollbar.renderer = PlainScrollBar
            # the oldest news first: what happened right after this player last looked
            news.scroll_home(animate=False)
            self.call_after_refresh(self._note_more)

    def _note_more(self) -> None:
        """Say under the box that there is more to read when the news do not fit."""
        news = self.query_one("#sc-curtain-news", VerticalScroll)
        box = self.query_one("#sc-curtain-box", Vertical)
        box.border_subtitle = _("Up/Down: more news") if news.max_scroll_y > 0 else ""

    def action_scroll_news(self, lines: int) -> None:
        """Scroll the news by ``lines`` (negative: back)."""
        if self.news:
            news = self.query_one("#sc-curtain-news", VerticalScroll)
            news.scroll_to(y=news.scroll_y + lines, animate=False)

    def action_show(self) -> None:
        """The next player is at the terminal: show the table."""
        self.dismiss("show")

    def action_menu(self) -> None:
        """Leave the game for the main menu (it is saved)."""
        self.dismiss("menu")

    @on(Button.Pressed, "#sc-curtain-ok")
    def _pressed(self) -> None:
        self.dismiss("show")


class GameOverScreen(SixChancesHelp, WartableModal):
    """The result (SC-11.7): the winner or a draw, the end condition that applied with its
    rule ID, and each player's remaining total (SC-1.8). Dismisses with ``"table"``
    (Enter, Escape: look at the table and the log) or ``"menu"`` (``m``)."""

    SCREEN_TITLE = N_("Game over")
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,enter", "table", N_("Look at the table")),
        Binding("m,ь", "menu", N_("Main menu")),
    ]

    def __init__(self, result: Result, view: View, players: Sequence[str], glyph_set: str) -> None:
        super().__init__()
        self.result = result
        self.view = view
        self.players = list(players)
        self.glyph_set = glyph_set

    def compose_dialog(self) -> ComposeResult:
        """Who won, how, and the totals."""
        r = self.result
        if r.winner is None:
            head = _("Draw")
        else:
            head = _("{player} wins").format(player=player_name(self.players, r.winner))
        with Vertical(classes="dialog sc-over-dialog") as box:
            box.border_title = _("Game over")
            yield Static(Text(head, style="bold"), id="sc-over-head")
            yield Static(
                _("End condition: {condition} ({rule}).").format(condition=self._why(), rule=r.rule),
                markup=False,
            )
            yield Static(self._totals(), id="sc-over-totals")
            yield Static(
                _(
                    "Turns played: {n}. The remaining total counts every token not lost to the bag: squads plus reserve (SC-1.8)."
                ).format(n=self.view.turn),
                classes="dialog-hint",
                markup=False,
            )
            with Horizontal(classes="dialog-buttons"):
                yield Button(_("Look at the table"), id="sc-over-table", compact=True)
                yield Button(_("Main menu"), id="sc-over-menu", compact=True)

    def _why(self) -> str:
        """The end condition, saying who ran out and who was ahead (SC-11.2-SC-11.5)."""
        from engine.rulesets.sixchances.events import ending_why

        return ending_why(self.result.winner, self.view.ending, self.players) or _(self.result.reason)

    def _totals(self) -> Table:
        table = Table(box=None, padding=(0, 1), pad_edge=False, show_edge=False)
        table.add_column("", no_wrap=True)
        table.add_column(_("Squads"), justify="right")
        table.add_column(_("On the table"), justify="right")
        table.add_column(_("Reserve"), justify="right")
        table.add_column(_("Remaining"), justify="right", style="bold", no_wrap=True)
        for side, p in enumerate(self.view.players):
            table.add_row(
                player_name(self.players, side),
                str(len(p.squads)),
                str(p.on_table),
                Text.assemble(tokens_text(p.reserve, self.glyph_set), f" ({p.reserve.total})"),
                str(p.remaining),
            )
        return table

    def on_mount(self) -> None:
        """Focus the button that shows the table."""
        self.query_one("#sc-over-table", Button).focus()

    def action_table(self) -> None:
        """Close the dialog; the table and the log stay to be read."""
        self.dismiss("table")

    def action_menu(self) -> None:
        """Back to the main menu."""
        self.dismiss("menu")

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        self.dismiss("menu" if event.button.id == "sc-over-menu" else "table")


class ChoiceScreen(SixChancesHelp, WartableModal):
    """A short list to choose from (e.g. the cell a squad moves to). ``choices``: (id,
    text) pairs; ``highlight``: called with the id under the cursor as it moves (the
    table marks that cell on the field); ``aside``: the box stands at the left, off the
    field, which stays in view. Dismisses with the chosen id, or None (Escape)."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "close", N_("Cancel"))]

    def __init__(
        self,
        title: str,
        message: str,
        choices: Sequence[tuple[str, str]],
        *,
        highlight: Callable[[str | None], None] | None = None,
        aside: bool = False,
    ) -> None:
        super().__init__(classes="-aside" if aside else None)
        self.choice_title = title
        self.message = message
        self.choices = list(choices)
        self.on_highlight = highlight

    def compose_dialog(self) -> ComposeResult:
        """The message and the list."""
        from textual.widgets.option_list import Option

        from tui.rulesets.sixchances.rows import Rows

        with Vertical(classes="dialog sc-choice-dialog") as box:
            box.border_title = self.choice_title
            yield Static(self.message, classes="dialog-text", markup=False)
            yield Rows(
                *(Option(text, id=key) for key, text in self.choices),
                pointer=self.glyphs.pointer,
                id="sc-choice-list",
            )
            yield Static(_("Enter chooses; Escape cancels."), classes="dialog-hint", markup=False)

    def on_mount(self) -> None:
        """Focus the list on its first entry."""
        menu = self.query_one("#sc-choice-list", OptionList)
        menu.highlighted = 0
        menu.focus()

    @on(OptionList.OptionHighlighted, "#sc-choice-list")
    def _moved(self, event: OptionList.OptionHighlighted) -> None:
        if self.on_highlight is not None:
            self.on_highlight(event.option.id)

    @on(OptionList.OptionSelected, "#sc-choice-list")
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option.id)

    def on_unmount(self) -> None:
        """The table's mark goes with the dialog."""
        if self.on_highlight is not None:
            self.on_highlight(None)


class LogScreen(SixChancesHelp, WartableModal):
    """The whole event log in a large window (every die roll); ``lines``: the events as
    text, oldest first. Escape closes it."""

    SCREEN_TITLE = N_("Event log")
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,l,д", "close", N_("Close"))]

    def __init__(self, lines: Sequence[Text]) -> None:
        super().__init__()
        self.lines = list(lines)

    def compose_dialog(self) -> ComposeResult:
        """A framed, scrollable log."""
        from textual.widgets import RichLog

        with Vertical(classes="dialog sc-log-dialog") as box:
            box.border_title = _("Event log")
            box.border_subtitle = _("Escape closes this window.")
            yield RichLog(id="sc-log-all", wrap=True, markup=False, auto_scroll=True, min_width=20)

    def on_mount(self) -> None:
        """Write the log and focus it at its end."""
        from textual.widgets import RichLog

        log = self.query_one("#sc-log-all", RichLog)
        for line in self.lines:
            log.write(line)
        log.focus()


class NotationScreen(SixChancesHelp, WartableModal):
    """The whole notation of actions (what ``help`` answers on the command line): each
    form as it is typed and what it does. Escape or Enter closes it."""

    SCREEN_TITLE = N_("Notation")
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,enter", "close", N_("Close"))]

    def compose_dialog(self) -> ComposeResult:
        """A framed, scrollable table."""
        from rich.console import Group
        from rich.padding import Padding

        from engine.rulesets.sixchances.actions import NOTATION

        # each form on a line of its own, what it does under it (indented): the forms are long
        parts: list[Text | Padding] = []
        for form, meaning in NOTATION:
            parts.append(Text(form, style="bold"))
            parts.append(Padding(Text(_(meaning)), (0, 0, 0, 2)))
        table = Group(*parts)
        with Vertical(classes="dialog sc-log-dialog") as box:
            box.border_title = _("Notation")
            box.border_subtitle = _("Escape closes this window.")
            yield Static(
                _("Type an action after the colon key, in any letter case:"),
                classes="dialog-text",
                markup=False,
            )
            with VerticalScroll(id="sc-notation"):
                yield Static(table)

    def on_mount(self) -> None:
        """Focus the table, so the arrows scroll it."""
        self.query_one("#sc-notation", VerticalScroll).focus()
