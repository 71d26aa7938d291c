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
from tui.rulesets.eva.board import WIDTH, EvaBoard
from tui.rulesets.eva.drawing import DrawingMixin
from tui.rulesets.eva.orders import OrdersMixin
from tui.rulesets.eva.panels import (
    ChoiceRows,
    ascii_text,
    event_line,
    glyph_legend,
    log_glyphs,
)
from tui.rulesets.eva.texts import (
    NOTATION,
    board_legend,
    no_targets,
    notation_form,
    prompt,
    status_doing,
    turn_task,
)
from tui.textfit import fit
from tui.widgets.bars import PlainScrollBar

__all__ = ["EvaGameScreen"]

#: Terminal width from which squares are three cells wide.
WIDE = 112
#: The keys that choose targets, with the mode they start (a refusal is explained).
_MODE_KEYS = {"f": "fire", "а": "fire", "m": "melee", "ь": "melee", "n": "neutralise", "т": "neutralise"}
_MODE_KEYS |= {"j": "jump", "о": "jump"}


class EvaGameScreen(DrawingMixin, OrdersMixin, GameScreen):
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
        self.query_one("#battle-legend").border_title = _("On the board")
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
        return [(notation_form(form), _(what)) for _verb, form, what in NOTATION]

    def notation_title(self) -> str:
        return _("Orders on the command line (: or Tab); Russian and English words are both read:")

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

    def action_undo(self) -> None:
        """Take back the last action (the kit's undo); the cursor goes back with the Eva
        in play."""
        super().action_undo()
        opts = self.opts
        if opts is not None and opts.kind == "act" and not self._covered:
            self.follow(opts.unit)

    def leave_mode(self) -> bool:
        """Escape leaves a targeting mode."""
        if self.mode:
            self._enter_mode(self.mode)
            return True
        return False

    # -- board events --------------------------------------------------------------
    def _cursor_moved(self, square: int) -> None:
        self._draw_cursor_info()
        if self.mode in ("fire", "melee", "neutralise"):
            self._highlight_target(square)

    @on(OptionList.OptionHighlighted, "#battle-choices")
    def _row_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self.row_highlighted(event)

    @on(OptionList.OptionSelected, "#battle-choices")
    def _row_chosen(self, event: OptionList.OptionSelected) -> None:
        self.row_chosen(event)

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
        self._draw_legend()
        self._draw_choices()
        if targets and self.board.cursor not in targets:
            self.board.move_cursor(targets[0])
        self.refresh_hint()
        self._draw_cursor_info()
        self.refresh_keys()

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
