"""The new game screen: the system, the players, then the system's own set-up.

The system's part (map, rosters, options) comes from its UI package
(:func:`tui.rulesets.ui_for`); this screen never names a system. It shows one
name field per seat of the set-up chosen: two, unless the system's set-up
widget says otherwise (its optional ``seat_count()``). Starting
creates the game with a new save file in the saves folder (a readable, unique
name: date, system, players), takes the save's lock and shows the system's
game screen in place of this one.
"""

from __future__ import annotations

import datetime as _dt
from pathlib import Path
from typing import Any, ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.css.query import NoMatches
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Button, Input, Label, Select, Static

from engine.i18n import N_, _
from engine.text import NAME_LIMIT
from tui.rulesets import SetupChanged, ui_for
from tui.saves import is_default_name, stored_name
from tui.screens.base import WartableScreen
from tui.textfit import fit, slug

__all__ = ["NewGameScreen", "new_save_path"]

#: Width of the labels in front of the fields (cells; the stylesheet's ``.ng-label``).
LABEL_WIDTH = 14

#: Longest player name accepted (characters): the limit of every name (engine.text).
MAX_PLAYER_NAME = NAME_LIMIT


def new_save_path(folder: Path, key: str, players: list[str], when: _dt.datetime | None = None) -> Path:
    """A save file name that does not exist yet in ``folder``:
    ``<YYYY-MM-DD>-<system>-<player 1>-v-<player 2>.json`` (with three or more players,
    every name, each cut shorter: ``…-<player 1>-v-<player 2>-v-<player 3>.json``),
    with ``-2``, ``-3``... added when needed. Names are reduced to letters, digits and
    dashes."""
    when = when or _dt.datetime.now()
    each = 24 if len(players) <= 2 else 12
    names = [slug(p, each) or f"p{n + 1}" for n, p in enumerate(players)]
    stem = f"{when:%Y-%m-%d}-{slug(key, 16) or 'game'}-" + "-v-".join(names)
    path = folder / f"{stem}.json"
    n = 2
    while path.exists() or path.with_name(path.name + ".lock").exists():
        path = folder / f"{stem}-{n}.json"
        n += 1
    return path


class NewGameScreen(WartableScreen):
    """Choose the system and the players, then the system's set-up; Ctrl+S or the
    Start button starts the game. Escape goes back. Up and Down move between the
    fields (a list or a choice that uses them keeps them)."""

    SCREEN_TITLE = N_("New game")
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+s", "start", N_("Start the game")),
        Binding("escape", "back", N_("Back")),
        # the name fields (and any field that has no use for them) move on with the arrows,
        # as the rows of every system's set-up do; a list or a choice keeps its own
        Binding("down", "app.focus_next", N_("Next field"), show=False),
        Binding("up", "app.focus_previous", N_("Previous field"), show=False),
    ]

    def __init__(self, key: str | None = None) -> None:
        super().__init__()
        self._key = key
        #: The names typed so far ("" or a default name: the default, in the language shown);
        #: kept for every seat ever shown, so fewer seats and then more bring them back.
        self._players = ["", ""]
        #: How many name fields are shown: the seats of the set-up chosen.
        self._seats = 2
        self._part: Widget | None = None

    # -- layout -------------------------------------------------------------------
    def compose_body(self) -> ComposeResult:
        """System, players, the system's part, and the start line."""
        systems = self.wapp.systems()
        if self._key is None or self._key not in systems:
            self._key = next((k for k in systems if ui_for(k) is not None), systems[0] if systems else None)
        with Vertical(id="ng-body"):
            with Horizontal(classes="ng-row"):
                yield Label(self._label_text("ng-system"), id="ng-label-system", classes="ng-label")
                yield Select(
                    [(self.plain(fit(self.wapp.system_title(k), 40, self._ellipsis())), k) for k in systems],
                    value=self._key if self._key is not None else Select.BLANK,
                    allow_blank=self._key is None,
                    compact=True,
                    id="ng-system",
                )
            with Vertical(id="ng-players"):
                for side in range(self._seats):
                    yield self._name_row(side)
            yield Vertical(id="ng-part")
            with Horizontal(id="ng-bottom"):
                yield Static("", id="ng-problems", markup=False)
                yield Button(self.plain(_("Start the game")), id="ng-start", compact=True)

    def _name_row(self, side: int) -> Horizontal:
        """The label and the name field of seat ``side``."""
        while len(self._players) <= side:
            self._players.append("")
        name = self._players[side]
        return Horizontal(
            Label(self._label_text(f"ng-player-{side}"), id=f"ng-label-{side}", classes="ng-label"),
            Input(
                _("Player {n}").format(n=side + 1) if is_default_name(name, side) else name,
                max_length=MAX_PLAYER_NAME,
                compact=True,
                select_on_focus=True,
                id=f"ng-player-{side}",
            ),
            classes="ng-row",
            id=f"ng-row-{side}",
        )

    def _wanted_seats(self) -> int:
        """How many seats the set-up chosen has: the system's set-up widget tells
        (``seat_count()``), two when it does not."""
        count = getattr(self._part, "seat_count", None)
        try:
            return max(1, int(count())) if callable(count) else 2
        except (TypeError, ValueError):
            return 2

    async def _fit_players(self) -> None:
        """One name field per seat of the set-up chosen (fields added or taken away at the
        end; a name typed stays kept for when its field comes back)."""
        wanted = self._wanted_seats()
        if wanted == self._seats:
            return
        box = self.query_one("#ng-players", Vertical)
        if wanted > self._seats:
            await box.mount_all([self._name_row(side) for side in range(self._seats, wanted)])
        else:
            for side in range(wanted, self._seats):
                await self.query_one(f"#ng-row-{side}").remove()
        self._seats = wanted

    async def on_mount(self) -> None:
        """Show the chosen system's part; the focus starts on the first field, System."""
        await self._show_part()
        self._plain_arrows()
        self.query_one("#ng-system", Select).focus()

    def _plain_arrows(self) -> None:
        """The drop-down's arrows in the ASCII glyph set (Textual draws ▼ and ▲)."""
        if self.glyphs.name != "ascii":
            return
        for arrow, text in ((".down-arrow", "v"), (".up-arrow", "^")):
            for widget in self.query(f"#ng-system {arrow}"):
                if isinstance(widget, Static):
                    widget.update(text)

    # -- where the focus is -----------------------------------------------------------
    @property
    def _fields(self) -> list[tuple[str, str]]:
        """The shared fields: (field id, label id)."""
        return [("ng-system", "ng-label-system")] + [
            (f"ng-player-{side}", f"ng-label-{side}") for side in range(self._seats)
        ]

    def _ellipsis(self) -> str:
        return "..." if self.glyphs.name == "ascii" else "…"

    def _label_text(self, field: str) -> str:
        """A field's label, ending with the pointer (at the field) when the field has
        the focus, so the focus shows without colour too."""
        if field == "ng-system":
            text = _("System")
        else:
            text = _("Player {n}").format(n=int(field[-1]) + 1)
        text = self.plain(fit(text, LABEL_WIDTH - 2, self._ellipsis()))
        focused = self.focused is not None and self.focused.id == field
        return text.ljust(LABEL_WIDTH - 1) + (self.glyphs.pointer if focused else " ")

    def _mark_focus(self) -> None:
        for field, label in self._fields:
            try:
                widget = self.query_one(f"#{label}", Label)
            except NoMatches:
                return
            widget.update(self._label_text(field))
            widget.set_class(self.focused is not None and self.focused.id == field, "-focus")

    def on_descendant_focus(self) -> None:
        """Point at the label of the field that has the focus."""
        self._mark_focus()

    def on_descendant_blur(self) -> None:
        """Take the pointer off a field that lost the focus."""
        self._mark_focus()

    async def refresh_language(self) -> None:
        """Re-compose in the new language, keeping the choices already made."""
        choices = self._part.choices() if self._part is not None else None  # type: ignore[attr-defined]
        await self.recompose()
        await self._show_part(choices)
        self._plain_arrows()

    async def _show_part(self, choices: object | None = None) -> None:
        box = self.query_one("#ng-part", Vertical)
        await box.remove_children()
        self._part = None
        ui = ui_for(self._key) if self._key is not None else None
        maker = getattr(ui, "setup_widget", None)
        if maker is None:
            await box.mount(
                Static(
                    self.plain(
                        _("{system} cannot be played in this build yet.").format(
                            system=self.wapp.system_title(self._key) if self._key else "-"
                        )
                    ),
                    id="ng-unplayable",
                    markup=False,
                )
            )
        else:
            try:
                self._part = maker(choices) if choices is not None else maker()
            except TypeError:  # a system whose setup_widget takes no earlier choices
                self._part = maker()
            await box.mount(self._part)
        await self._fit_players()
        self._show_problems()

    def action_help(self) -> None:
        """The keys, then what the system's part asks for (``help_rows`` of the part)."""
        from tui.screens.base import key_rows
        from tui.screens.help import HelpScreen

        extra = getattr(self._part, "help_rows", None)
        rows = key_rows(self) + (list(extra()) if callable(extra) else [])
        self.app.push_screen(HelpScreen(self.screen_title(), rows))

    # -- state --------------------------------------------------------------------
    def problems(self) -> list[str]:
        """Why the game cannot start now (translated lines; empty when it can)."""
        if self._part is None:
            return [_("This system cannot be played in this build yet.")]
        return list(self._part.problems())  # type: ignore[attr-defined]

    def _show_problems(self) -> None:
        try:
            line = self.query_one("#ng-problems", Static)
        except NoMatches:
            return
        problems = self.problems()
        g = self.glyphs
        line.update(self.plain(f"{g.bad} {problems[0]}" if problems else f"{g.ok} " + _("Ready to start.")))
        line.set_class(bool(problems), "-bad")

    def players(self) -> list[str]:
        """The players' names (one per seat) as the save keeps them: what was typed, or
        for an empty or default name ("Player 1" in any language) the English default,
        which every screen shows in its reader's language (:func:`tui.saves.player_label`)."""
        return [
            stored_name(self.query_one(f"#ng-player-{side}", Input).value, side)
            for side in range(self._seats)
        ]

    async def _on_message(self, message: Message) -> None:
        """After the system's part says a choice changed (:class:`SetupChanged`, or
        the part's own nested ``Changed`` message), say again what is missing."""
        await super()._on_message(message)
        own = getattr(type(self._part), "Changed", None) if self._part is not None else None
        if isinstance(message, SetupChanged) or (isinstance(own, type) and isinstance(message, own)):
            await self._fit_players()
            self._show_problems()

    @on(Select.Changed, "#ng-system")
    async def _system_changed(self, event: Select.Changed) -> None:
        """A system chosen: its part replaces the old one, and the focus goes on to the
        players' names."""
        value = event.value
        if isinstance(value, str) and value != self._key:
            self._key = value
            await self._show_part()
            if event.select.has_focus:
                self.query_one("#ng-player-0", Input).focus()

    @on(Input.Changed)
    def _name_changed(self, event: Input.Changed) -> None:
        name = event.input.id or ""
        if not name.startswith("ng-player-"):
            return
        side = int(name.rsplit("-", 1)[1])
        while len(self._players) <= side:
            self._players.append("")
        self._players[side] = event.value

    @on(Input.Submitted)
    def _next_field(self) -> None:
        """Enter in a name field: the name is done, on to the next field."""
        self.focus_next()

    @on(Button.Pressed, "#ng-start")
    def _start_pressed(self) -> None:
        self.action_start()

    # -- actions --------------------------------------------------------------------
    def action_back(self) -> None:
        """Back to the main menu (asks first when the system's part holds something not
        saved anywhere, such as a roster built here)."""
        unsaved = getattr(self._part, "unsaved", None)
        if unsaved is None or not unsaved():
            self.app.pop_screen()
            return
        from tui.screens.dialogs import ConfirmScreen

        def done(yes: bool | None) -> None:
            if yes:
                self.app.pop_screen()

        self.app.push_screen(
            ConfirmScreen(
                _("Leave the new game?"),
                _("A roster built here is not saved; it is lost if you leave."),
                confirm=_("Leave"),
                cancel=_("Stay"),
            ),
            done,
        )

    def action_start(self) -> None:
        """Create the game (a new save file, locked while it is open) and show it."""
        problems = self.problems()
        if problems:
            self.notify(problems[0], severity="warning", markup=False)
            return
        assert self._key is not None and self._part is not None
        ui: Any = ui_for(self._key)
        try:
            setup = ui.make_setup(self._part.choices())  # type: ignore[attr-defined]
        except ValueError as exc:
            self.notify(str(exc), severity="warning", markup=False)
            return
        self._create(setup)

    def _create(self, setup: Any) -> None:
        from engine import ruleset as registry
        from engine.game import Game
        from engine.record import SaveError, SaveLock

        assert self._key is not None
        players = self.players()
        folder = self.wapp.saves_folder
        try:
            folder.mkdir(parents=True, exist_ok=True)
            path = new_save_path(folder, self._key, players)
            lock = SaveLock(path).acquire()
        except (OSError, SaveError) as exc:
            self.wapp.show_notice(_("The game could not be created"), str(exc))
            return
        try:
            game = Game(registry.get(self._key), setup, players=players, path=path)
            game.save()
        except (SaveError, OSError, ValueError) as exc:
            lock.release()
            self.wapp.show_notice(
                _("The game could not be created"),
                _("The save file could not be written: {reason}").format(
                    reason=getattr(exc, "strerror", None) or exc
                ),
            )
            return
        except Exception:
            lock.release()
            raise
        self.wapp.open_game(game, lock, replace=True)
