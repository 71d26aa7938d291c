"""The end of a game, in every system: who won (or who shares a draw), how, with
the rule that applied, the system's own summary lines, and the whole log one key
away."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.widgets import Static

from engine.i18n import N_, _
from engine.ruleset import Result
from tui.kit.dialogs import plain_text
from tui.kit.log import FullLogScreen
from tui.screens.base import WartableScreen

__all__ = ["GameOverScreen", "headline"]


def headline(result: Result, names: Sequence[str]) -> str:
    """The result in one line: ``Asuka wins!``, ``The game ends in a draw.`` (every
    seat shares it), or ``Draw between Asuka and Rei.`` (some seats of several)."""
    if result.winner is not None:
        return _("{player} wins!").format(player=names[result.winner])
    seats = list(result.draw) or list(range(len(names)))
    if len(seats) >= len(names):
        return _("The game ends in a draw.")
    return _("Draw between {players}.").format(players=", ".join(names[s] for s in seats))


def how(result: Result) -> str:
    """How the game ended: the end condition and its rule ID."""
    reason = _(result.reason)
    return _("How: {reason} ({rule})").format(reason=reason, rule=result.rule) if result.rule else reason


class GameOverScreen(WartableScreen):
    """The result: ``headline`` and ``lines`` (already written); ``log``: the whole log
    as the seat at the terminal may read it (``l`` shows it). Dismisses with ``"menu"``
    (Enter: the title screen) or ``"table"`` (Escape: look at the final position)."""

    SCREEN_TITLE = N_("Game over")
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "menu", N_("Title screen")),
        Binding("l,L,д,Д", "log", N_("Log")),
        Binding("escape", "table", N_("Look at the game")),
    ]

    def __init__(self, headline: str, lines: Sequence[str | Text], log: Sequence[str | Text] = ()) -> None:
        super().__init__()
        self.headline = headline
        self.lines = list(lines)
        self.log_lines = list(log)

    def compose_body(self) -> ComposeResult:
        """The result and the summary."""
        on = self.glyphs.name == "ascii"
        with VerticalScroll(id="kit-over"), Vertical(id="kit-over-body", classes="panel"):
            yield Static(Text(plain_text(self.headline, on), style="bold"), id="kit-over-headline")
            body = Text("\n").join(t if isinstance(t, Text) else Text(t) for t in self.lines)
            yield Static(plain_text(body, on), id="kit-over-summary", markup=False)

    def action_menu(self) -> None:
        """Back to the title screen."""
        self.dismiss("menu")

    def action_table(self) -> None:
        """Close this screen: the final position and the log stay to be read."""
        self.dismiss("table")

    def action_log(self) -> None:
        """The whole log."""
        self.app.push_screen(FullLogScreen(self.log_lines))
