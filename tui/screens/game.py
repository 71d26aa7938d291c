"""A loaded game, until the battle screen exists: what was loaded, and a note."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.widgets import Static

from engine.i18n import N_, _
from tui.saves import player_label, render_summary, versus
from tui.screens.base import WartableScreen, literal

if TYPE_CHECKING:
    from engine.game import Game


class GamePlaceholderScreen(WartableScreen):
    """Shows the loaded game's system, players and state line; Escape goes back.

    ``game``: the :class:`engine.game.Game` loaded from ``name`` (a file name).
    """

    SCREEN_TITLE = N_("Game")
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "app.pop_screen", N_("Back"))]

    def __init__(self, game: Game, name: str) -> None:
        super().__init__()
        self.game = game
        self.file_name = name

    def _summary(self) -> str:
        """The state summary in the current language."""
        save = self.game.to_save()
        return render_summary(save.summary, save.summary_message, save.players)

    def compose_body(self) -> ComposeResult:
        """The facts of the game and the note."""
        key = self.game.ruleset.key
        title = self.wapp.system_title(key)
        with Vertical(id="game-body", classes="panel") as box:
            box.border_title = literal(self.plain(title))
            facts = [
                _("Players: {players}").format(
                    players=versus([player_label(n, i) for i, n in enumerate(self.game.players)])
                ),
                _("State: {summary}").format(summary=self._summary()),
                _("Actions so far: {n}").format(n=len(self.game.records)),
                _("File: {name}").format(name=self.file_name),
            ]
            yield Static(self.plain("\n".join(facts)), markup=False)
            yield Static(
                self.plain(
                    _("The game screen for {system} comes with the battle screen.").format(system=title)
                ),
                id="game-note",
                markup=False,
            )
