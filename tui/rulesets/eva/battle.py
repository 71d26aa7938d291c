"""The EVA battle screen, on the kit's game screen (:class:`tui.kit.screen.GameScreen`).

It plays through the seats only (:mod:`engine.seat`): the viewer's view and
options are read from its seat, every order goes through ``seat.submit``, a
refusal or a chance is asked with ``seat.check``; it never reads a game's state
or its events, nor calls the rules. The kit gives what every system shares: the
curtain with the public news (only where a side's private values would show,
:meth:`engine.seat.Seat.private_on_screen`), the event log that scrolls back
during play and the whole log (``l``), the command line completed from the
seat's legal actions, undo (``u``, Ctrl+Z), concede (``C``), the decision
dialog, the game-over screen and the help.

What is the EVA's own: the board (:mod:`tui.rulesets.eva.board`) with the
Eva in play, its reachable squares and their costs, the targets and the
deployment squares; the panel of the selected Eva and the legend of the Evas'
letters; the target list, which follows the board's cursor (and the cursor it);
and the orders' keys: arrows move the cursor, Enter or a click chooses a square
(deploy, activate, move, attack), ``f`` fire, ``m`` melee, ``n`` neutralise,
``k`` kneel/stand, ``w`` weapons, ``j`` jump, ``t`` take off/land, ``a``
accelerate, ``d`` detonate, ``g`` disengage, ``x`` drop the Shield, ``e`` end the
activation, ``h`` hands (deployment), ``]``/``[`` next/previous Eva or target,
Space inspect, Tab the command line and back. The dialogs of the orders are in
:mod:`tui.rulesets.eva.orders`.
"""

from __future__ import annotations

import contextlib
from collections.abc import Sequence
from typing import Any, ClassVar

from rich.cells import cell_len
from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widget import Widget
from textual.widgets import Input, OptionList, Static

from engine.i18n import N_, _, current_language
from engine.ruleset import ActionError
from engine.rulesets.eva import actions as act
from engine.rulesets.eva.options import EvaOptions
from engine.rulesets.eva.scenario import EvaMap
from engine.rulesets.eva.view import EvaView, public_damage
from engine.seat import LogEntry, Seat
from tui.kit.screen import GameScreen
from tui.rulesets.eva.board import HEIGHT, WIDTH, EvaBoard, Overlay, square_name
from tui.rulesets.eva.orders import OrdersMixin
from tui.rulesets.eva.panels import (
    ChoiceRows,
    ascii_text,
    event_line,
    glyph_legend,
    log_glyphs,
    melee_text,
    neutralise_text,
    shot_odds,
    shot_text,
    unit_glyph,
    unit_marks,
    unit_panel_text,
)
from tui.rulesets.eva.texts import NOTATION, board_legend, no_targets, prompt, status_doing, turn_task
from tui.textfit import fit
from tui.widgets.bars import PlainScrollBar

__all__ = ["EvaGameScreen"]

#: Terminal width from which squares are three cells wide.
WIDE = 112
_TERRAIN_NAMES = (
    N_("open ground"),
    N_("red obstacle"),
    N_("yellow obstacle"),
    N_("green obstacle"),
    N_("blue obstacle"),
)
#: The keys that choose targets, with the mode they start (a refusal is explained).
_MODE_KEYS = {"f": "fire", "а": "fire", "m": "melee", "ь": "melee", "n": "neutralise", "т": "neutralise"}
_MODE_KEYS |= {"j": "jump", "о": "jump"}


class EvaGameScreen(OrdersMixin, GameScreen):
    """Plays an EVA game at one terminal through ``seats`` (Player 1's and Player 2's,
    :meth:`engine.game.Game.seats`); ``viewer`` and ``curtain`` as for
    :class:`tui.kit.screen.GameScreen`."""

    SCREEN_TITLE = N_("Battle")
    LOG_IN_TABLE = True
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("f,а", "fire", N_("Fire")),
        Binding("m,ь", "melee", N_("Melee")),
        Binding("n,т", "neutralise", N_("Neutralise")),
        Binding("k,л", "stance", N_("Kneel/stand")),
        Binding("w,ц", "swap", N_("Weapons")),
        Binding("j,о", "jump", N_("Jump")),
        Binding("t,е", "flight", N_("Take off/land")),
        Binding("a,ф", "accelerate", N_("Accelerate")),
        Binding("d,в", "detonate", N_("Detonate")),
        Binding("g,п", "disengage", N_("Disengage")),
        Binding("x,ч", "discard", N_("Drop Shield")),
        Binding("h,р", "hands", N_("Hands")),
        Binding("e,у", "end", N_("End")),
        # the prompt line says what ] does; the footer has no room for it
        Binding("right_square_bracket,ъ", "cycle(1)", N_("Next"), show=False),
        Binding("left_square_bracket,х", "cycle(-1)", N_("Previous"), show=False),
        Binding("space", "inspect", N_("Inspect"), show=False),
        Binding("tab,shift+tab", "switch_focus", N_("Board or command line"), show=False),
    ]

    def __init__(self, seats: Sequence[Seat], *, viewer: int | None = None, curtain: bool = True) -> None:
        super().__init__(seats, viewer=viewer, curtain=curtain)
        first = seats[0].view()
        self._terrain = EvaMap(key="view", title="", rows=list(first.map_rows)).terrain
        self._map_key = first.map_key
        #: The viewer's view and options, read again at every refresh.
        self.view: EvaView | None = None
        self.opts: EvaOptions | None = None
        #: "" or the kind of square being chosen: "fire", "melee", "neutralise", "jump".
        self.mode = ""
        #: The unit shown in the panel (index), or None.
        self.selected: int | None = None
        #: The Eva to place next (deployment) and the hand configuration chosen for each.
        self.deploy_unit: int | None = None
        self.deploy_hands: dict[int, int] = {}
        #: The Eva whose activation the screen last showed (the cursor goes to a new one).
        self._last_active = -1
        #: The viewer whose options were read last (a new one starts with no mode).
        self._read_for: int | None = None
        self._panel_lines = 0
        self._lines: dict[str, str | Text] = {}
        self._titles: dict[str, str] = {}

    # -- layout -----------------------------------------------------------------
    def compose_status(self) -> ComposeResult:
        """The status line, and beside it the square under the cursor."""
        with Horizontal(id="battle-top"):
            yield Static("", id="kit-status", markup=False)
            yield Static("", id="battle-cursor", markup=False)

    def compose_table(self) -> ComposeResult:
        """The board; beside it the Eva's panel, the legend of the letters, the target
        list and the log."""
        with Horizontal(id="battle-main"):
            yield EvaBoard(
                self._terrain,
                ascii=self.ascii,
                cell_width=3 if self.app.size.width >= WIDE else 2,
                mono=bool(getattr(self.app, "no_color", False)),
                id="board",
            )
            with Vertical(id="battle-side"):
                yield Static("", id="unit-panel")
                yield Static("", id="battle-legend")
                yield ChoiceRows(pointer=self.glyphs.pointer, id="battle-choices")
                yield self.event_log()

    def screen_title(self) -> str:
        """The system and the players (as every game screen), and the map's name in the
        interface's language when the width leaves room for it."""
        title = super().screen_title()
        board = self._map_title()
        try:
            width = self.app.size.width
        except Exception:  # noqa: BLE001 - no app yet: the narrowest layout's width
            width = 80
        if board and len(" Wartable | ") + cell_len(title) + 3 + cell_len(board) + 2 <= width:
            title = f"{title} — {board}"
        return title

    def _map_title(self) -> str:
        """The map's title in the current language (a bundled map's own translation)."""
        from engine.rulesets.eva.scenario import MapError, bundled_maps, load_bundled

        language = current_language()
        cached = self._titles.get(language)
        if cached is None:
            cached = self.seats[0].view().map_title
            if self._map_key in bundled_maps():
                with contextlib.suppress(MapError):
                    cached = load_bundled(self._map_key).title_for(language) or cached
            self._titles[language] = cached
        return cached

    def command_placeholder(self) -> str:
        return _("Command, e.g. Eva-01 E4-B6 (: or Tab to type, ? lists the orders)")

    @property
    def board(self) -> EvaBoard:
        """The board widget."""
        return self.query_one("#board", EvaBoard)

    def table_focus(self) -> Widget | None:
        return self.board

    def on_mount(self) -> None:
        """Set the widgets up (the kit then shows the side that decides first)."""
        self._set_up_widgets()
        self.board.focus()

    def _set_up_widgets(self) -> None:
        """Titles of the panels, the board's size, plain scroll bars, the cursor's callback
        (again after the screen is re-composed in another language or glyph set)."""
        self.query_one("#unit-panel").border_title = _("Eva")
        self._fit_board()
        self.board.on_cursor = self._cursor_moved
        self.board.vertical_scrollbar.renderer = PlainScrollBar
        self.board.horizontal_scrollbar.renderer = PlainScrollBar

    def on_resize(self) -> None:
        """Squares are three cells wide on wide terminals, two on narrow ones; the top
        line is fitted to the new width."""
        if not self.is_mounted:
            return
        self._fit_board()
        if self.view is not None and self.opts is not None:
            self._draw_top()

    def _fit_board(self) -> None:
        board = self.board
        board.cell_width = 3 if self.app.size.width >= WIDE else 2
        board.styles.width = board.board_width + 1

    async def refresh_language(self) -> None:
        """Re-compose in the new language or glyph set, keeping the game where it is."""
        cursor = self.board.cursor
        self._lines = {}
        self._panel_lines = 0
        await super().refresh_language()
        self._set_up_widgets()
        self.board.focus()
        self.board.move_cursor(cursor)
        self.refresh_all()

    # -- reading the seat -------------------------------------------------------------
    def refresh_all(self) -> None:
        """Read the viewer's view and options, then draw everything from them."""
        if not self.is_mounted:
            return
        self._read()
        super().refresh_all()
        self._draw_top()

    def _read(self) -> None:
        """The viewer's view and options, and what follows from them on the screen: the
        Eva selected, the cursor on a new activation or in the deployment zone."""
        seat = self.seat
        self.view, self.opts = seat.view(), seat.options()
        if self._read_for != self.viewer:
            self._read_for = self.viewer
            self.mode = ""
            self.selected = None
            self._last_active = -1
        opts, view = self.opts, self.view
        if opts.kind == "act":
            if self.mode and not self._mode_targets():
                self.mode = ""
            if opts.unit != self._last_active:
                # a new activation: select the Eva and put the cursor on it
                self._last_active = opts.unit
                self.selected = opts.unit
                self._cursor_to_unit(opts.unit)
            elif self.selected is None:
                self.selected = opts.unit
        else:
            self.mode = ""
            self._last_active = -1
        if opts.kind == "deploy":
            if self.deploy_unit not in opts.deploy_units:
                self.deploy_unit = opts.deploy_units[0] if opts.deploy_units else None
            self.selected = self.deploy_unit
            squares = opts.deploy_squares
            if squares and self.board.cursor not in squares:
                # start in the middle of the zone
                middle = squares[len(squares) // 2] // WIDTH
                self.board.move_cursor(
                    min(squares, key=lambda s: abs(s % WIDTH - WIDTH // 2) * 3 + abs(s // WIDTH - middle))
                )
        elif opts.kind == "activate" and opts.activatable:
            units = [view.units[i] for i in opts.activatable]
            if self._unit_at(self.board.cursor) not in opts.activatable and units[0].square >= 0:
                self.board.move_cursor(units[0].square)
                self.selected = units[0].index
        if self.selected is not None and view.units[self.selected].destroyed and opts.kind != "act":
            self.selected = None

    def unit_label(self, index: int) -> str:
        """An Eva's name, with its player's when the other side has an Eva of that name
        (as the log writes it)."""
        view = self.view
        if view is None:
            return "?"
        u = view.units[index]
        if not any(o.name == u.name and o.side != u.side for o in view.units):
            return u.name
        return _("{unit} ({player})").format(unit=u.name, player=self.player(u.side))

    # -- the kit's hooks ------------------------------------------------------------------
    def status_text(self) -> str:
        """The round, the player and what they do, cut to leave the square under the
        cursor its room (what the player does goes first, unless it is the active Eva's
        energy; the prompt line says it too)."""
        view, opts = self.view, self.opts
        if view is None or opts is None:
            return ""
        parts = []
        if view.phase == "battle" or view.round:
            limit = f"/{view.round_limit}" if view.round_limit else ""
            parts.append(_("Round {n}").format(n=f"{view.round}{limit}"))
        who = self.player(self.viewer or 0)
        doing = status_doing(view, opts)
        room = self._top_width() - 2 - self.CURSOR_ROOM
        text = ascii_text(" · ".join([*parts, f"{who}: {doing}"]), self.ascii)
        if cell_len(text) > room and opts.kind != "act":
            text = ascii_text(" · ".join([*parts, who]), self.ascii)
        return fit(text, room, "..." if self.ascii else "…")

    def prompt_text(self) -> str:
        if self.opts is None:
            return ""
        return prompt(self.opts, self.mode, self.board.cell_width)

    def task_text(self, seat: int) -> str:
        return turn_task(self.seats[seat])

    def log_line(self, entry: LogEntry) -> Text:
        """A log line with the board letter of its Eva, in the players' names."""
        view = self.view if self.view is not None else self.seat.view()
        glyphs = log_glyphs(view, self.ascii)
        return event_line(entry.event, self.viewer, self.players, glyphs, self.ascii, text=entry.text)

    def notation_rows(self) -> list[tuple[str, str]]:
        return [(form, _(what)) for _verb, form, what in NOTATION]

    def notation_title(self) -> str:
        return _("Orders on the command line (: or Tab), written in English:")

    def legend_rows(self) -> list[tuple[str, str]]:
        view = self.view
        letters = glyph_legend(view, self.viewer or 0, self.ascii).plain if view is not None else ""
        return board_legend(self.board.glyphs, self.board.cell_width, letters)

    def help_rows(self) -> list[tuple[str, str]]:
        """The kit's help (keys, then the board's legend), with the board's own keys: the
        arrows first, and what Enter on a square does after the keys."""
        rows = super().help_rows()
        mark = "+" if self.ascii else "✓"
        arrows = ", ".join(
            self.app.get_key_display(Binding(key, "cursor")) for key in ("up", "down", "left", "right")
        )
        enter = (
            "enter" if self.ascii else "⏎",
            "  "
            + _(
                "on a square: place the Eva, activate yours (it asks whether to roll for "
                "Berserk when it may), move there or attack what is there"
            ),
        )
        rows.insert(1, (arrows, f"{mark} " + _("move the cursor (with Shift: five squares)")))
        end = rows.index(("", "")) if ("", "") in rows else len(rows)
        rows.insert(end, enter)
        return [(ascii_text(k, self.ascii), ascii_text(t, self.ascii)) for k, t in rows]

    def extra_completions(self) -> list[str]:
        """Beside the legal actions (a move by single steps, a deployment of the next
        Eva), a move of the active Eva to each square it reaches, and the placing of
        every Eva still to deploy, as the notation writes them."""
        extra = super().extra_completions()
        opts, view = self.opts, self.view
        if opts is None or view is None or self.viewer not in self.seat.to_act():
            return extra
        seat = self.seat
        if opts.kind == "act" and opts.moves:
            here = view.units[opts.unit].square
            extra += [seat.format(act.Move(opts.unit, [here, m.square])) for m in opts.moves]
        elif opts.kind == "deploy":
            for unit in opts.deploy_units:
                hands = opts.default_hands.get(unit, [])
                extra += [seat.format(act.Deploy(unit, s, list(hands))) for s in opts.deploy_squares]
        return extra

    def over_lines(self) -> list[str | Text]:
        """Rounds played, the Evas each side lost, the victory points, and the damage each
        side's Evas took by the public dice (EVA-5.10, EVA-18.2)."""
        seat = self.seat
        view = seat.view()
        names = self.player_names()
        lines: list[str | Text] = [_("Rounds played: {n}").format(n=view.round)]
        for side in (0, 1):
            units = [u for u in view.units if u.side == side]
            lost = sum(1 for u in units if u.destroyed)
            lines.append(
                _("{player}: {lost} of {n} Evas lost").format(player=names[side], lost=lost, n=len(units))
            )
        result = seat.result()
        if result is not None and result.scores and any(result.scores):
            lines.append(
                _("Victory points: {a} {x}, {b} {y}").format(
                    a=names[0], x=result.scores[0], b=names[1], y=result.scores[1]
                )
            )
        taken = public_damage(view.units, [e.event for e in seat.log()])
        if any(taken):
            lines.append(
                _("Damage taken before the AT field (public dice): {a} {x}, {b} {y}").format(
                    a=names[0], x=taken[0], b=names[1], y=taken[1]
                )
            )
        return [ascii_text(line, self.ascii) for line in lines]

    def after_turn_change(self, changed: bool) -> None:
        """The board has the keys; a new turn (or the curtain just lifted) scrolls it to
        the Eva in play and the enemy nearest to it."""
        self.board.focus()
        if changed:
            self.board.call_after_refresh(self._frame_view)

    def after_submit(self) -> None:
        self.mode = ""

    def leave_mode(self) -> bool:
        """Escape leaves a targeting mode."""
        if self.mode:
            self._enter_mode(self.mode)
            return True
        return False

    # -- drawing -------------------------------------------------------------------
    def refresh_table(self) -> None:
        if self.view is None or self.opts is None:
            return
        self._draw_board()
        self._draw_panel()
        self._draw_legend()
        self._draw_choices()

    def _draw_board(self) -> None:
        assert self.view is not None and self.opts is not None
        view, opts = self.view, self.opts
        overlay: dict[int, Overlay] = {}
        if opts.kind == "deploy":
            legal = set(opts.deploy_squares)
            rows = range(0, 3) if view.zones[self.viewer or 0] == 0 else range(HEIGHT - 3, HEIGHT)
            for y in rows:
                for x in range(WIDTH):
                    s = y * WIDTH + x
                    overlay[s] = Overlay("deploy" if s in legal else "blocked")
        elif opts.kind == "act":
            if self.mode == "":
                for m in opts.moves:
                    overlay[m.square] = Overlay("reach", str(m.cost))
            elif self.mode == "jump":
                for s in opts.jumps:
                    overlay[s] = Overlay("jump")
            else:
                for s in self._mode_targets():
                    overlay[s] = Overlay("target")
        selected = None
        if self.selected is not None:
            sq = view.units[self.selected].square
            selected = sq if sq >= 0 else None
        self.board.set_marks(unit_marks(view, self.ascii), overlay, selected)

    def _mode_targets(self) -> list[int]:
        opts = self.opts
        if opts is None:
            return []
        if self.mode == "fire":
            return list(dict.fromkeys(s.square for s in opts.shots))
        if self.mode == "melee":
            return [m.square for m in opts.melee]
        if self.mode == "neutralise":
            return [n.square for n in opts.neutralise]
        if self.mode == "jump":
            return list(opts.jumps)
        return []

    def _draw_panel(self) -> None:
        panel = self.query_one("#unit-panel", Static)
        assert self.view is not None
        if self.selected is None:
            self._set_panel(
                panel, Text(_("No Eva selected. Space shows the Eva under the cursor."), style="italic")
            )
            return
        opts = self.opts
        placing = None
        if opts is not None and opts.kind == "deploy" and self.selected == self.deploy_unit:
            placing = self.hands_for(self.selected)  # what it holds once placed
        text = unit_panel_text(
            self.view,
            self.selected,
            self.players,
            self.glyphs.bullet,
            self.ascii,
            placing,
            public=self.public_only(),
        )
        self._set_panel(panel, ascii_text(text, self.ascii))

    def _set_panel(self, panel: Static, text: Text) -> None:
        """Show ``text`` in the unit panel; lay the screen out again only when the panel's
        height changes (a layout repaints far more of the terminal): its lines as wrapped
        at the panel's width, not only those the text starts."""
        width = panel.content_region.width
        lines = len(text.wrap(self.app.console, width)) if width > 0 else text.plain.count("\n") + 1
        panel.update(text, layout=lines != self._panel_lines)
        self._panel_lines = lines

    def _draw_legend(self) -> None:
        """Which letter is which Eva (own Evas first)."""
        if self.view is None:
            return
        widget = self.query_one("#battle-legend", Static)
        width = widget.content_region.width or max(20, self.app.size.width - self.board.board_width - 4)
        legend = glyph_legend(
            self.view,
            self.viewer or 0,
            self.ascii,
            bool(getattr(self.app, "no_color", False)),
            cells=8,
            width=width,
        )
        if self._lines.get("#battle-legend") != legend:
            self._lines["#battle-legend"] = legend
            widget.update(legend)

    def _draw_top(self) -> None:
        """The status line's width, then the square under the cursor in the rest."""
        status = self.query_one("#kit-status", Static)
        text = str(status.render()) if status.is_mounted else ""
        cursor = self.query_one("#battle-cursor", Static)
        width = max(0, self._top_width() - 2 - cell_len(self.status_text() or text))
        if cursor.styles.width is None or cursor.styles.width.value != width:
            cursor.styles.width = width
        self._draw_cursor_info()

    #: Cells of the top line kept for the square under the cursor.
    CURSOR_ROOM = 30

    def _top_width(self) -> int:
        return self.size.width or self.app.size.width

    def _draw_cursor_info(self) -> None:
        """The square under the cursor: name, terrain, the Eva on it, its cost or odds,
        cut to the room the status leaves (the terrain is dropped first: open ground,
        then any; the board shows it)."""
        if self.view is None or self.opts is None:
            return
        s = self.board.cursor
        terrain = self._terrain[s]
        square = square_name(s)
        rest = []
        unit = next((u for u in self.view.units if u.square == s and not u.destroyed), None)
        if unit is not None:
            rest.append(f"{unit_glyph(self.view, unit.index, self.ascii)} {unit.name}")
        if self.opts.kind == "act":
            if self.mode == "":
                cost = next((m.cost for m in self.opts.moves if m.square == s), None)
                if cost is not None:
                    rest.append(_("{n} energy").format(n=cost))
            elif self.mode == "fire":
                best = [sh for sh in self.opts.shots if sh.square == s]
                if best:
                    rest.append(_("{p} to hit").format(p="/".join(shot_odds(sh) for sh in best)))
        named = f"{square} {_(_TERRAIN_NAMES[terrain])}"
        room = self.query_one("#battle-cursor", Static).styles.width
        cells = int(room.value) - 1 if room is not None else 10**6
        candidates = [[named, *rest], [square if terrain == 0 else named, *rest], [square, *rest]]
        texts = [ascii_text(" · ".join(c), self.ascii) for c in candidates]
        text = next(
            (t for t in texts if cell_len(t) <= cells), fit(texts[-1], cells, "..." if self.ascii else "…")
        )
        self._set_line("#battle-cursor", text + " ")

    def _set_line(self, selector: str, text: str) -> None:
        """Put ``text`` on a one-line widget of fixed size, repainting only that line."""
        if self._lines.get(selector) != text:
            self._lines[selector] = text
            self.query_one(selector, Static).update(text, layout=False)

    def _draw_choices(self) -> None:
        """The target list of the mode (fire, melee, neutralise), the row of the square
        under the cursor highlighted."""
        menu = self.query_one("#battle-choices", ChoiceRows)
        opts, view = self.opts, self.view
        assert opts is not None and view is not None
        rows: list[tuple[str, Text]] = []
        a = self.ascii
        if opts.kind == "act" and self.mode == "fire":
            rows = [(f"{i}", ascii_text(shot_text(view, s, a), a)) for i, s in enumerate(opts.shots)]
        elif opts.kind == "act" and self.mode == "melee":
            rows = [(f"{i}", ascii_text(melee_text(view, m, a), a)) for i, m in enumerate(opts.melee)]
        elif opts.kind == "act" and self.mode == "neutralise":
            rows = [
                (f"{i}", ascii_text(neutralise_text(view, n, a), a)) for i, n in enumerate(opts.neutralise)
            ]
        if rows or menu.option_count:
            menu.set_rows(rows)
        if menu.display != bool(rows):
            menu.display = bool(rows)
        if rows:
            menu.border_title = {"fire": _("Targets"), "melee": _("Melee"), "neutralise": _("Neutralise")}[
                self.mode
            ]
            self._highlight_target(self.board.cursor)

    def _target_squares(self) -> list[int]:
        """The square of each row of the target list, in order."""
        opts = self.opts
        if opts is None or opts.kind != "act":
            return []
        if self.mode == "fire":
            return [s.square for s in opts.shots]
        if self.mode == "melee":
            return [m.square for m in opts.melee]
        if self.mode == "neutralise":
            return [n.square for n in opts.neutralise]
        return []

    def _highlight_target(self, square: int) -> None:
        """Highlight the first row of the target list on ``square`` (the list and the
        board's cursor always agree), unless a row of that square is highlighted."""
        squares = self._target_squares()
        if square not in squares:
            return
        menu = self.query_one("#battle-choices", ChoiceRows)
        now = menu.highlighted
        if now is not None and now < len(squares) and squares[now] == square:
            return
        menu.highlighted = squares.index(square)

    def _frame_view(self) -> None:
        """Scroll the board to where the side's turn is: the cursor and the Eva in play
        (the acting, selected or next one), then the enemy Eva nearest to it when both
        fit on the screen."""
        view = self.view
        if view is None:
            return
        board = self.board
        squares = [board.cursor]
        if self.selected is not None and view.units[self.selected].square >= 0:
            squares.insert(0, view.units[self.selected].square)
        side = self.viewer if self.viewer is not None else 0
        enemies = [u.square for u in view.units if u.side != side and u.square >= 0 and not u.destroyed]
        if enemies:
            at = squares[0]
            squares.append(
                min(enemies, key=lambda s: (s % WIDTH - at % WIDTH) ** 2 + (s // WIDTH - at // WIDTH) ** 2)
            )
        board.show_squares(squares)

    def follow(self, unit: int, target_square: int | None = None) -> None:
        """After an order of ``unit``: the cursor on it (while it is on the board) and the
        view on it and on ``target_square`` (the square it attacked), when both fit."""
        view, opts = self.view, self.opts
        if view is None or opts is None or opts.kind != "act" or opts.unit != unit:
            return  # no longer in play: the screen has put the cursor where the turn is
        here = view.units[unit].square
        squares = [s for s in (here, target_square) if s is not None and s >= 0]
        if not squares:
            return
        if here >= 0:
            self.board.move_cursor(here, scroll=False)
        self.board.show_squares(squares)

    # -- board events --------------------------------------------------------------
    def _cursor_moved(self, square: int) -> None:
        self._draw_cursor_info()
        if self.mode in ("fire", "melee", "neutralise"):
            self._highlight_target(square)

    @on(EvaBoard.Chosen)
    def _chosen(self, event: EvaBoard.Chosen) -> None:
        self.choose_square(event.cell)

    def _unit_at(self, square: int) -> int | None:
        if self.view is None:
            return None
        for u in self.view.units:
            if u.square == square and not u.destroyed and u.square >= 0:
                return u.index
        return None

    def _cursor_to_unit(self, index: int) -> None:
        if self.view is not None and self.view.units[index].square >= 0:
            self.board.move_cursor(self.view.units[index].square)

    def choose_square(self, square: int) -> None:
        """Do what choosing ``square`` means now (deploy, activate, move, attack, inspect)."""
        opts, view = self.opts, self.view
        if opts is None or view is None or self.viewer is None:
            return
        self.message = ""
        unit = self._unit_at(square)
        if opts.kind == "deploy" and self.deploy_unit is not None:
            if square in opts.deploy_squares:
                self.submit(act.Deploy(self.deploy_unit, square, self.hands_for(self.deploy_unit)))
                return
            if unit is None:
                self.say(
                    _("{square} is not a square where this Eva may be placed (EVA-5.2).").format(
                        square=square_name(square)
                    )
                )
                return
        elif opts.kind == "activate":
            if unit is not None and unit in opts.activatable:
                self.activate(unit)
                return
        elif opts.kind == "act":
            if self.mode == "jump":
                if square in opts.jumps:
                    self.submit(act.Jump(opts.unit, square))
                else:
                    self.say(_("The Eva cannot jump to {square}.").format(square=square_name(square)))
                return
            if self.mode in ("fire", "melee", "neutralise"):
                if square in self._mode_targets():
                    self.attack(self.mode, square)
                else:
                    self.say(_("No target on {square}.").format(square=square_name(square)))
                return
            move = next((m for m in opts.moves if m.square == square), None)
            if move is not None:
                self.submit(act.Move(opts.unit, list(move.path)))
                return
            if unit is not None and any(s.square == square for s in opts.shots):
                self.attack("fire", square)
                return
        if unit is not None:
            self.selected = unit
            self._draw_board()
            self._draw_panel()
        self.refresh_hint()

    @on(OptionList.OptionHighlighted, "#battle-choices")
    def _row_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        """A row of the target list highlighted (from the list): the cursor goes to its
        target, so Enter on the board and Enter on the list aim at the same Eva."""
        squares = self._target_squares()
        index = event.option_index
        if 0 <= index < len(squares) and self.board.cursor != squares[index]:
            self.board.move_cursor(squares[index])

    @on(OptionList.OptionSelected, "#battle-choices")
    def _row_chosen(self, event: OptionList.OptionSelected) -> None:
        """A row of the target list chosen: that attack (a shot with that weapon)."""
        opts = self.opts
        if opts is None or event.option.id is None:
            return
        i = int(event.option.id)
        if self.mode == "fire" and 0 <= i < len(opts.shots):
            self.board.move_cursor(opts.shots[i].square)
            self.fire_dialog(opts.shots[i])
            return
        squares = self._target_squares()
        if 0 <= i < len(squares):
            self.board.move_cursor(squares[i])
            self.attack(self.mode, squares[i])

    # -- acting -----------------------------------------------------------------------
    def submit(self, action: Any) -> bool:
        """Submit ``action`` (or its notation) for the viewer through its seat; a refusal
        is told on the hint line. After an order the view follows the Eva that acted,
        and the target of its attack."""
        if self.viewer is None:
            return False
        if isinstance(action, str):
            try:
                action = self.seat.parse(action)
            except ActionError as error:
                self.say(str(error))
                return False
        unit = getattr(action, "unit", None)
        target = self._target_square(action)
        viewer = self.viewer
        if not super().submit(action):
            return False
        if isinstance(unit, int) and self.viewer == viewer and not self._covered:
            self.follow(unit, target)
        return True

    def _target_square(self, action: Any) -> int | None:
        """The square of the Eva ``action`` attacks (before it is made), if any."""
        view = self.view
        target = getattr(action, "target", None)
        if view is None or not isinstance(target, int) or not 0 <= target < len(view.units):
            return getattr(action, "square", None) if isinstance(action, act.Jump) else None
        return view.units[target].square

    # -- keys ----------------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The orders' keys show only when they do something now; the kit's keys as the
        kit says."""
        opts = self.opts
        if action not in _OWN_KEYS:
            return super().check_action(action, parameters)
        if opts is None:
            return False
        acting = opts.kind == "act"
        checks = {
            "fire": acting and bool(opts.shots),
            "melee": acting and bool(opts.melee),
            "neutralise": acting and bool(opts.neutralise),
            "stance": acting and (opts.kneel or opts.stand),
            "swap": acting and bool(opts.swaps),
            "jump": acting and bool(opts.jumps),
            "flight": acting and (opts.takeoff or opts.land),
            "accelerate": acting and opts.accelerate,
            "detonate": acting and opts.detonate,
            "disengage": acting and opts.disengage,
            "discard": acting and opts.discard,
            "end": acting and opts.end,
            "hands": opts.kind == "deploy" and self._has_hand_choice(),
            "cycle": opts.kind in ("deploy", "activate") or (acting and bool(self.mode)),
        }
        return bool(checks.get(action, True))

    def on_key(self, event: events.Key) -> None:
        """Say why a targeting key does nothing now (keys typed before the curtain was
        lifted are left to the kit, which drops them)."""
        if event.time < self._lifted_at:
            return
        mode = _MODE_KEYS.get(event.character or "")
        if mode is None or self.focused is not self.board or self.opts is None:
            return
        if not self.check_action(mode, ()):
            event.stop()
            event.prevent_default()
            self.say(no_targets(self.opts, mode))

    def _has_hand_choice(self) -> bool:
        opts = self.opts
        return bool(
            opts and self.deploy_unit is not None and len(opts.hand_configs.get(self.deploy_unit, [])) > 1
        )

    def _enter_mode(self, mode: str) -> None:
        self.mode = "" if self.mode == mode else mode
        self.message = ""
        targets = self._mode_targets()
        self._draw_board()
        self._draw_choices()
        if targets and self.board.cursor not in targets:
            self.board.move_cursor(targets[0])
        self.refresh_hint()
        self._draw_cursor_info()
        self.refresh_keys()

    def action_cycle(self, step: int) -> None:
        """Next (or previous) Eva to place or activate, or target."""
        opts, view = self.opts, self.view
        if opts is None or view is None:
            return
        if opts.kind == "deploy" and opts.deploy_units:
            units = opts.deploy_units
            i = units.index(self.deploy_unit) if self.deploy_unit in units else -1
            self.deploy_unit = units[(i + step) % len(units)]
            self.selected = self.deploy_unit
            self._draw_panel()
            return
        squares: list[int] = []
        if opts.kind == "activate":
            squares = [view.units[i].square for i in opts.activatable if view.units[i].square >= 0]
        elif self.mode:
            squares = self._mode_targets()
        if not squares:
            return
        cur = self.board.cursor
        i = squares.index(cur) if cur in squares else -1
        target = squares[(i + step) % len(squares)]
        self.board.move_cursor(target)
        unit = self._unit_at(target)
        if unit is not None and opts.kind == "activate":
            self.selected = unit
            self._draw_board()
            self._draw_panel()

    def action_inspect(self) -> None:
        """Show the Eva under the cursor in the panel (an enemy: only what your side may know)."""
        unit = self._unit_at(self.board.cursor)
        if unit is None:
            return
        self.selected = unit
        self._draw_board()
        self._draw_panel()

    def action_switch_focus(self) -> None:
        """Tab: from the board to the command line and back."""
        command = self.query_one("#kit-command", Input)
        # at once (not after the next refresh), so that keys typed right after go there
        self.set_focus(self.board if self.focused is command else command)


#: The actions of the screen's own keys (the kit's are checked by the kit).
_OWN_KEYS = frozenset(
    {
        "fire",
        "melee",
        "neutralise",
        "stance",
        "swap",
        "jump",
        "flight",
        "accelerate",
        "detonate",
        "disengage",
        "discard",
        "end",
        "hands",
        "cycle",
        "inspect",
        "switch_focus",
    }
)
