"""The EVA battle screen: the board, the selected Eva, the log, the keys and the
command line, for two players taking turns at one terminal (hot seat).

The screen shows one side at a time, the side that must decide now: its view
(:meth:`engine.game.Game.view`), its options and its log. When the side to
decide changes, a curtain hides the board until the next player presses a key.
Every choice the screen offers comes from the engine's options (reachable
squares and their energy cost, targets with their itemised odds, hand
configurations, deployment squares); every action goes through
:meth:`engine.game.Game.submit`, which checks it, records it and saves the game.

Keys (also in the footer and the help): arrows move the cursor, Enter or a click
chooses a square (deploy, activate, move, attack), ``f`` fire, ``m`` melee,
``n`` neutralise, ``k`` kneel/stand, ``w`` weapons, ``j`` jump, ``t`` take
off/land, ``a`` accelerate, ``d`` detonate, ``g`` disengage, ``x`` drop the
Shield, ``e`` end the activation, ``u`` undo, ``h`` hands (deployment), ``]``/``[``
next/previous Eva or target, Space inspect, ``:`` the command line, ``C``
concede, Escape back.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from rich.cells import cell_len
from rich.text import Text
from textual import events, on
from textual._time import get_time
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Input, OptionList, RichLog, Static

from engine.i18n import N_, _, current_language, ngettext
from engine.ruleset import ActionError
from engine.rulesets.eva import actions as act
from engine.rulesets.eva.options import EvaOptions
from engine.rulesets.eva.rules import public_damage_taken
from engine.rulesets.eva.scenario import EvaMap
from engine.rulesets.eva.view import EvaView, OwnUnit
from tui.rulesets.eva.board import HEIGHT, WIDTH, EvaBoard, Overlay, square_name
from tui.rulesets.eva.dialogs import ChoiceDialog, CurtainScreen, GameOverScreen
from tui.rulesets.eva.panels import (
    ChoiceRows,
    KeyLine,
    NotationSuggester,
    PlainScrollBar,
    ascii_text,
    event_line,
    item_label,
    log_glyphs,
    melee_text,
    named_players,
    neutralise_text,
    percent,
    player_name,
    short_player,
    shot_details,
    shot_text,
    unit_glyph,
    unit_marks,
    unit_panel_text,
)
from tui.savestate import tell_save_state
from tui.screens.base import WartableScreen
from tui.screens.dialogs import ConfirmScreen
from tui.textfit import fit
from tui.widgets.bars import TitleBar

if TYPE_CHECKING:
    from engine.game import Game

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
_ZONES = {"arms": N_("arms"), "legs": N_("legs"), "body": N_("body"), "wings": N_("wings")}


#: The orders of the command line: (verb, form, what it does). The forms are the
#: notation of :mod:`engine.rulesets.eva.actions`, English in every language.
NOTATION: tuple[tuple[str, str, str], ...] = (
    ("choose", "choose south | choose north", N_("take a deployment zone")),
    (
        "deploy",
        "<Eva> deploy <square> [weapons]",
        N_(
            "place an Eva, e.g. Eva-01 deploy C2 rifle+knife; without weapons it holds what the "
            "deployment panel shows first; - for empty hands"
        ),
    ),
    ("activate", "activate <Eva> [berserk]", N_("start an Eva's activation; berserk: roll for Berserk")),
    ("move", "<Eva> E4-B6", N_("move to B6 by the cheapest path (E4-D5-C6-B6: along that path)")),
    ("kneel, stand", "<Eva> kneel | <Eva> stand", N_("change stance")),
    ("swap", "<Eva> swap pistol+knife | <Eva> swap -", N_("change what is held")),
    ("discard", "<Eva> discard", N_("throw the Shield aside")),
    ("fire", "<Eva> fire B12 [rifle] [burst | aimed legs]", N_("a ranged attack")),
    ("melee", "<Eva> melee F11", N_("a melee attack")),
    ("disengage", "<Eva> disengage", N_("try to leave melee")),
    ("neutralise", "<Eva> neutralise D17", N_("try to neutralise an AT field")),
    ("jump", "<Eva> jump K2", N_("jump with the Jumpjet")),
    ("takeoff, land", "<Eva> takeoff | <Eva> land", N_("take off or land with Wings")),
    ("detonate", "<Eva> detonate", N_("detonate the D-Module")),
    ("accelerate", "<Eva> accelerate", N_("use Acceleration")),
    ("end", "<Eva> end", N_("end the activation")),
    ("trauma", "trauma arms | legs | body | wings", N_("name the zone of a trauma")),
    ("keep", "<Eva> keep rifle", N_("keep one weapon after an arms trauma")),
    ("concede", "concede", N_("give up the game")),
)


class EvaGameScreen(WartableScreen):
    """Plays ``game`` (an EVA :class:`engine.game.Game`) at one terminal.

    ``curtain``: show the hot-seat curtain when the side to decide changes (and
    when the screen opens); tests of one side's screen turn it off.
    """

    SCREEN_TITLE = N_("Battle")
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
        Binding("u,г", "undo", N_("Undo")),
        # the prompt line says what ] does; the footer has no room for it
        Binding("right_square_bracket,ъ", "cycle(1)", N_("Next"), show=False),
        Binding("left_square_bracket,х", "cycle(-1)", N_("Previous"), show=False),
        Binding("space", "inspect", N_("Inspect"), show=False),
        Binding("colon,slash,full_stop", "command", N_("Command line"), show=False),
        # ":" at once, before the keys typed after it are handed to the board
        Binding("colon", "command", show=False, priority=True),
        Binding("C,С", "concede", N_("Concede"), show=False),
        Binding("tab,shift+tab", "switch_focus", N_("Board or command line"), show=False),
        Binding("escape", "cancel", N_("Back"), show=False),
    ]

    def __init__(self, game: Game, *, curtain: bool = True) -> None:
        super().__init__()
        self.game = game
        self.curtain = curtain
        #: The side whose view is on screen (None until the first curtain is lifted).
        self.viewer: int | None = None
        self.view: EvaView | None = None
        self.opts: EvaOptions | None = None
        #: "" or the kind of square being chosen: "fire", "melee", "neutralise", "jump".
        self.mode = ""
        #: The unit shown in the panel (index), or None.
        self.selected: int | None = None
        #: The Eva to place next (deployment) and the hand configuration chosen for each.
        self.deploy_unit: int | None = None
        self.deploy_hands: dict[int, int] = {}
        self._map = EvaMap(key="view", title="", rows=list(self._initial_rows()))
        self._logged: tuple[int | None, int] = (None, 0)
        self._message = ""
        self._asking = False
        self._over_shown = False
        self._panel_lines = 0
        self._lines: dict[str, str] = {}
        #: The Eva whose activation the screen last showed (the cursor goes to a new one).
        self._last_active = -1
        #: When the curtain was last lifted: keys typed before it are dropped, so that
        #: nothing typed ahead acts on the next player's board.
        self._lifted_at = 0.0
        self._hint_text = ""

    def _initial_rows(self) -> list[str]:
        return list(self.game.view(None).map_rows)

    # -- layout -----------------------------------------------------------------
    def screen_title(self) -> str:
        """The word "Battle" and the map's title in the current language (when it has one)."""
        board = getattr(self.game.setup, "map", None)
        title = board.title_for(current_language()) if isinstance(board, EvaMap) else ""
        return f"{_('Battle')} — {title or self.game.view(None).map_title}"

    def compose(self) -> ComposeResult:
        """Title bar, the body, and the keys on one line (cheap to redraw)."""
        yield TitleBar(self.screen_title())
        yield from self.compose_body()
        yield KeyLine()

    def compose_body(self) -> ComposeResult:
        """Status line, the board and the side panels, the prompt line, the command line."""
        with Horizontal(id="battle-top"):
            yield Static("", id="battle-status", markup=False)
            yield Static("", id="battle-cursor", markup=False)
        with Horizontal(id="battle-main"):
            yield EvaBoard(
                self._map.terrain,
                ascii=self.glyphs.name == "ascii",
                cell_width=3 if self.app.size.width >= WIDE else 2,
                mono=bool(getattr(self.app, "no_color", False)),
                id="board",
            )
            with Vertical(id="battle-side"):
                yield Static("", id="unit-panel")
                yield ChoiceRows(pointer=self.glyphs.pointer, id="battle-choices")
                yield RichLog(wrap=True, markup=False, id="battle-log", auto_scroll=True, min_width=10)
        yield Static("", id="battle-hint", markup=False)
        yield Input(
            placeholder=ascii_text(
                _("Command, e.g. Eva-01 E4-B6 (: or Tab to type, ? lists the orders)"), self._ascii
            ),
            suggester=NotationSuggester(self._suggest_source),
            id="command",
        )

    @property
    def board(self) -> EvaBoard:
        """The board widget."""
        return self.query_one("#board", EvaBoard)

    def on_mount(self) -> None:
        """Set the widgets up and show the side that decides first (behind the curtain)."""
        self._set_up_widgets()
        self.board.focus()
        self.sync(first=True)

    def _set_up_widgets(self) -> None:
        """Titles of the panels, the board's size, plain scroll bars, the cursor's callback
        (again after the screen is re-composed in another language or glyph set)."""
        self.query_one("#unit-panel").border_title = _("Eva")
        self.query_one("#battle-log").border_title = _("Log")
        self._fit_board()
        self.board.on_cursor = self._cursor_moved
        for widget in (self.board, self.query_one("#battle-log")):
            widget.vertical_scrollbar.renderer = PlainScrollBar
            widget.horizontal_scrollbar.renderer = PlainScrollBar

    def on_resize(self) -> None:
        """Squares are three cells wide on wide terminals, two on narrow ones; the top
        line is fitted to the new width."""
        self._fit_board()
        if self.view is not None and self.opts is not None:
            self._draw_status()

    def _fit_board(self) -> None:
        board = self.board
        board.cell_width = 3 if self.app.size.width >= WIDE else 2
        board.styles.width = board.board_width + 1

    async def refresh_language(self) -> None:
        """Re-compose in the new language or glyph set, keeping the game where it is."""
        cursor = self.board.cursor
        await super().refresh_language()
        self._logged = (None, 0)
        self._lines = {}
        self._panel_lines = 0
        self._keys_shown = ()
        self._set_up_widgets()
        self.board.focus()
        self.board.move_cursor(cursor)
        self.refresh_all()

    # -- following the game ------------------------------------------------------
    def sync(self, first: bool = False) -> None:
        """Show the side that must decide now; raise the curtain when it changed."""
        to_act = self.game.to_act()
        if not to_act:
            if self.viewer is None:
                self.viewer = 0
            self.refresh_all()
            self._game_over()
            return
        side = min(to_act)
        side_changed = side != self.viewer
        if side_changed:
            self.viewer = side
            self.mode = ""
            self.selected = None
            if self.curtain:
                self._lifted_at = float("inf")  # until the next player lifts the curtain
                self.app.push_screen(CurtainScreen(self._player(side), self._why(first)), self._lifted)
                self.refresh_all()
                return
        self.refresh_all()
        if side_changed or first:
            self.board.call_after_refresh(self._frame_view)
        self._ask()

    def _lifted(self, _result: Any = None) -> None:
        self._lifted_at = get_time()
        self.board.focus()
        self.board.call_after_refresh(self._frame_view)
        self._ask()

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

    def _why(self, first: bool) -> str:
        opts = self.game.options(self.viewer) if self.viewer is not None else None
        if opts is None:
            return ""
        if opts.kind == "decide":
            return _("A decision is yours to make.")
        placed = any(u.side == self.viewer and u.deployed for u in self.game.view(self.viewer).units)
        doing = {
            "zone": _("Choose your deployment zone."),
            "deploy": _("Place your next Eva.") if placed else _("Place your first Eva."),
            "activate": _("Choose an Eva to activate."),
        }.get(opts.kind, _("Your turn."))
        if first:
            return (_("The game continues.") if self.game.records else _("The game begins.")) + " " + doing
        return doing

    def _player(self, side: int) -> str:
        return player_name(self.game.players, side)

    def _unit_label(self, index: int) -> str:
        """An Eva's name, with its player's when the other side has an Eva of that name
        (as the log writes it)."""
        view = self.view
        if view is None:
            return "?"
        u = view.units[index]
        if not any(o.name == u.name and o.side != u.side for o in view.units):
            return u.name
        label = _("{unit} ({player})").format(unit=u.name, player=_("Player {n}").format(n=u.side + 1))
        return named_players(label, self.game.players)

    @property
    def _ascii(self) -> bool:
        return self.glyphs.name == "ascii"

    def refresh_all(self) -> None:
        """Read the viewer's view and options again and redraw what depends on them."""
        side = self.viewer if self.viewer is not None else 0
        self.view = self.game.view(side)
        self.opts = self.game.options(side)
        opts = self.opts
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
                self.board.move_cursor(
                    min(
                        squares,
                        key=lambda s: (
                            abs(s % WIDTH - WIDTH // 2) * 3
                            + abs(s // WIDTH - squares[len(squares) // 2] // WIDTH)
                        ),
                    )
                )
        elif opts.kind == "activate" and opts.activatable:
            units = [self.view.units[i] for i in opts.activatable]
            if self._unit_at(self.board.cursor) not in opts.activatable and units[0].square >= 0:
                self.board.move_cursor(units[0].square)
                self.selected = units[0].index
        if self.selected is not None and self.view.units[self.selected].destroyed and opts.kind != "act":
            self.selected = None
        self._draw_board()
        self._draw_panel()
        self._draw_status()
        self._draw_choices()
        self._draw_log()
        self._refresh_keys()

    _KEYED = (
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
        "undo",
        "hands",
        "cycle",
        "concede",
    )
    _keys_shown: tuple[bool | None, ...] = ()

    def _refresh_keys(self) -> None:
        """Redraw the footer only when the keys that apply have changed (it is costly)."""
        shown = tuple(self.check_action(a, ()) for a in self._KEYED)
        if shown != self._keys_shown:
            self._keys_shown = shown
            self.refresh_bindings()

    # -- drawing -------------------------------------------------------------------
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
        self.board.set_marks(unit_marks(view, self._ascii), overlay, selected)

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
            placing = self._hands(self.selected)  # what it holds and stows once placed
        text = unit_panel_text(
            self.view, self.selected, self.game.players, self.glyphs.bullet, self._ascii, placing
        )
        self._set_panel(panel, ascii_text(text, self._ascii))

    def _set_panel(self, panel: Static, text: Text) -> None:
        """Show ``text`` in the unit panel; lay the screen out again only when the panel's
        height changes (a layout repaints far more of the terminal): its lines as wrapped
        at the panel's width, not only those the text starts."""
        width = panel.content_region.width
        lines = len(text.wrap(self.app.console, width)) if width > 0 else text.plain.count("\n") + 1
        panel.update(text, layout=lines != self._panel_lines)
        self._panel_lines = lines

    def _draw_status(self) -> None:
        """The top line's left part: the round, the player and what they do; the rest of
        the line is left to the square under the cursor (:meth:`_draw_cursor_info`)."""
        assert self.view is not None and self.opts is not None
        view, opts = self.view, self.opts
        parts = []
        if view.phase == "battle" or view.round:
            limit = f"/{view.round_limit}" if view.round_limit else ""
            parts.append(_("Round {n}").format(n=f"{view.round}{limit}"))
        side = self.viewer or 0
        who = short_player(self.game.players, side)
        doing = {
            "zone": _("choose a deployment zone"),
            "deploy": _("deploy an Eva"),
            "activate": _("activate an Eva"),
            "act": _("{unit}: {n} energy").format(
                unit=view.units[opts.unit].name if opts.unit >= 0 else "", n=opts.energy
            ),
            "decide": _("a decision"),
            "over": _("the game is over"),
            "wait": _("waiting"),
        }.get(opts.kind, opts.kind)
        # the square under the cursor keeps at least CURSOR_ROOM cells: when the line is
        # too long, what the player does goes first (the prompt line below says it too),
        # unless it is the active Eva's energy; then the end is cut
        room = self._top_width() - 2 - self.CURSOR_ROOM
        text = ascii_text(" · ".join([*parts, f"{who}: {doing}"]), self._ascii)
        if cell_len(text) > room and opts.kind != "act":
            text = ascii_text(" · ".join([*parts, who]), self._ascii)
        text = fit(text, room, "..." if self._ascii else "…")
        self._set_line("#battle-status", text)
        cursor = self.query_one("#battle-cursor", Static)
        width = max(0, self._top_width() - 2 - cell_len(text))
        if cursor.styles.width is None or cursor.styles.width.value != width:
            cursor.styles.width = width
        self._draw_cursor_info()
        self._draw_hint()

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
        terrain = self._map.terrain[s]
        square = square_name(s)
        rest = []
        unit = next((u for u in self.view.units if u.square == s and not u.destroyed), None)
        if unit is not None:
            rest.append(f"{unit_glyph(self.view, unit.index, self._ascii)} {unit.name}")
        if self.opts.kind == "act":
            if self.mode == "":
                cost = next((m.cost for m in self.opts.moves if m.square == s), None)
                if cost is not None:
                    rest.append(_("{n} energy").format(n=cost))
            elif self.mode == "fire":
                best = [sh for sh in self.opts.shots if sh.square == s]
                if best:
                    rest.append(_("{p} to hit").format(p="/".join(percent(sh.p_hit) for sh in best)))
        named = f"{square} {_(_TERRAIN_NAMES[terrain])}"
        room = self.query_one("#battle-cursor", Static).styles.width
        cells = int(room.value) - 1 if room is not None else 10**6
        candidates = [[named, *rest], [square if terrain == 0 else named, *rest], [square, *rest]]
        texts = [ascii_text(" · ".join(c), self._ascii) for c in candidates]
        text = next(
            (t for t in texts if cell_len(t) <= cells), fit(texts[-1], cells, "..." if self._ascii else "…")
        )
        self._set_line("#battle-cursor", text + " ")

    def _set_line(self, selector: str, text: str) -> None:
        """Put ``text`` on a one-line widget of fixed size, repainting only that line."""
        text = ascii_text(text, self._ascii)
        if self._lines.get(selector) != text:
            self._lines[selector] = text
            self.query_one(selector, Static).update(text, layout=False)

    def _draw_hint(self) -> None:
        """The prompt line: what to do now, or why the last action was refused."""
        hint = self.query_one("#battle-hint", Static)
        if hint.has_class("-error") != bool(self._message):
            hint.set_class(bool(self._message), "-error")
        text = ascii_text(self._message or self._prompt(), self._ascii)
        if text != self._hint_text:
            # a refusal may take two or three lines: lay out again only when it changes
            self._hint_text = text
            hint.update(text)

    def _prompt(self) -> str:
        opts = self.opts
        if opts is None:
            return ""
        if opts.kind == "zone":
            return _("Choose your deployment zone.")
        if opts.kind == "deploy":
            return _("Place the Eva on a + square: Enter or a click. h: other hands, ]: another Eva.")
        if opts.kind == "activate":
            return _("Choose an Eva to activate: Enter or a click on it (] jumps to the next one).")
        if opts.kind == "decide":
            return _("A decision is awaited.")
        if opts.kind == "over":
            return _("The game is over.")
        if self.mode == "fire":
            return _("Fire: choose a target (Enter or a click; ] next target, Escape back).")
        if self.mode == "melee":
            return _("Melee: choose an enemy Eva within reach (Escape back).")
        if self.mode == "neutralise":
            return _("Neutralise: choose an enemy Eva (Escape back).")
        if self.mode == "jump":
            return _("Jump: choose a square (Escape back).")
        if opts.obligation:
            return _("This Eva must attack in melee or try to disengage (EVA-12.10).")
        if opts.moves:
            if self.board.cell_width == 2 and any(m.cost >= 10 for m in opts.moves):
                # two-cell squares write 10, 11 ... as a, b ... (the help's legend says so too)
                return _("Numbers: energy for the path (a = 10, b = 11…); Enter or click moves; e ends.")
            return _("Numbers: energy to move there; Enter or a click moves. e ends the activation.")
        return _("e ends the activation.")

    def _draw_choices(self) -> None:
        menu = self.query_one("#battle-choices", ChoiceRows)
        opts, view = self.opts, self.view
        assert opts is not None and view is not None
        rows: list[tuple[str, Text]] = []
        a = self._ascii
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

    def _draw_log(self) -> None:
        log = self.query_one("#battle-log", RichLog)
        viewer, done = self._logged
        events = self.game.events
        if viewer != self.viewer or done > len(events):
            log.clear()
            done = 0
        glyphs = log_glyphs(self.view, self._ascii) if self.view is not None else None
        for event in events[done:]:
            if event.visible_to(self.viewer):
                log.write(event_line(event, self.viewer, self.game.players, glyphs, self._ascii))
        self._logged = (self.viewer, len(events))

    # -- board events --------------------------------------------------------------
    def _cursor_moved(self, _square: int) -> None:
        self._draw_cursor_info()

    @on(EvaBoard.Chosen)
    def _chosen(self, event: EvaBoard.Chosen) -> None:
        self.choose_square(event.square)

    def _unit_at(self, square: int) -> int | None:
        if self.view is None:
            return None
        for u in self.view.units:
            if u.square == square and not u.destroyed and u.square >= 0:
                return u.index
        return None

    def choose_square(self, square: int) -> None:
        """Do what choosing ``square`` means now (deploy, activate, move, attack, inspect)."""
        opts, view = self.opts, self.view
        if opts is None or view is None or self.viewer is None:
            return
        self._message = ""
        unit = self._unit_at(square)
        if opts.kind == "deploy" and self.deploy_unit is not None:
            if square in opts.deploy_squares:
                self.submit(act.Deploy(self.deploy_unit, square, self._hands(self.deploy_unit)))
                return
            if unit is None:
                self._say(
                    _("{square} is not a square where this Eva may be placed (EVA-5.2).").format(
                        square=square_name(square)
                    )
                )
                return
        elif opts.kind == "activate":
            if unit is not None and unit in opts.activatable:
                self._activate(unit)
                return
        elif opts.kind == "act":
            if self.mode == "jump":
                if square in opts.jumps:
                    self.submit(act.Jump(opts.unit, square))
                else:
                    self._say(_("The Eva cannot jump to {square}.").format(square=square_name(square)))
                return
            if self.mode in ("fire", "melee", "neutralise"):
                if square in self._mode_targets():
                    self._attack(self.mode, square)
                else:
                    self._say(_("No target on {square}.").format(square=square_name(square)))
                return
            move = next((m for m in opts.moves if m.square == square), None)
            if move is not None:
                self.submit(act.Move(opts.unit, list(move.path)))
                return
            if unit is not None and any(s.square == square for s in opts.shots):
                self._attack("fire", square)
                return
        if unit is not None:
            self.selected = unit
            self._draw_board()
            self._draw_panel()
        self._draw_status()

    def _say(self, message: str) -> None:
        self._message = message
        self._draw_hint()

    # -- acting -----------------------------------------------------------------------
    def submit(self, action: object) -> bool:
        """Submit ``action`` for the viewer; an illegal one is explained on the prompt line."""
        if self.viewer is None:
            return False
        try:
            self.game.submit(self.viewer, action)
        except ActionError as error:
            self._say(str(error))
            return False
        tell_save_state(self.wapp, self.game)
        self._message = ""
        self.mode = ""
        self.sync()
        return True

    def _cursor_to_unit(self, index: int) -> None:
        if self.view is not None and self.view.units[index].square >= 0:
            self.board.move_cursor(self.view.units[index].square)

    def _activate(self, unit: int) -> None:
        opts = self.opts
        assert opts is not None and self.view is not None
        if unit in opts.berserk_roll:
            name = self.view.units[unit].name

            def answered(choice: str | None) -> None:
                if choice is not None and self.submit(act.Activate(unit, choice == "yes")):
                    self._cursor_to_unit(unit)

            self.app.push_screen(
                ChoiceDialog(
                    _("Roll for Berserk?"),
                    [
                        _("{unit} may roll for Berserk (EVA-16.7).").format(unit=name),
                        _("Only you see whether you roll and what comes of it (EVA-18.3)."),
                    ],
                    [("no", _("Activate without the roll")), ("yes", _("Roll for Berserk"))],
                    "no",
                ),
                answered,
            )
            return
        if self.submit(act.Activate(unit)):
            self._cursor_to_unit(unit)

    def _attack(self, kind: str, square: int) -> None:
        opts, view = self.opts, self.view
        assert opts is not None and view is not None
        if kind == "fire":
            shots = [s for s in opts.shots if s.square == square]
            if len(shots) == 1:
                self._fire_dialog(shots[0])
                return

            def weapon(choice: str | None) -> None:
                if choice is not None:
                    self._fire_dialog(shots[int(choice)])

            self.app.push_screen(
                ChoiceDialog(
                    _("Which weapon?"),
                    [],
                    [(f"{i}", shot_text(view, s, self._ascii)) for i, s in enumerate(shots)],
                    "0",
                    hanging=True,
                ),
                weapon,
            )
            return
        if kind == "melee":
            m = next(m for m in opts.melee if m.square == square)
            lines = [
                _("{unit} attacks {target} in melee (EVA-12).").format(
                    unit=view.units[opts.unit].name, target=view.units[m.target].name
                ),
                _("Your melee bonus: {b:+d}. The defender's bonus is not known to you.").format(b=m.bonus),
                _("Energy: {n}").format(n=m.energy),
            ]
            if m.auto_loss:
                lines.append(_("Extended Arms beyond distance 1: the defender loses the exchange."))
            self._confirm_then(_("Melee"), lines, _("Attack"), act.Melee(opts.unit, m.target))
            return
        n = next(n for n in opts.neutralise if n.square == square)
        lines = [
            _("{unit} tries to neutralise {target}'s AT field (EVA-14).").format(
                unit=view.units[opts.unit].name, target=view.units[n.target].name
            ),
            _("Engaged with it: the attack roll succeeds without a die (EVA-14.2).")
            if n.automatic
            else _("Attack roll: TN {tn}+, {p} to hit (EVA-14.2).").format(tn=n.tn, p=percent(n.p_hit)),
            _("Then d6 + AT against the target's d6 + AT: only a higher total succeeds (EVA-14.3)."),
            _("Energy: {n}").format(n=n.energy),
        ]
        self._confirm_then(_("Neutralise"), lines, _("Try"), act.Neutralise(opts.unit, n.target))

    def _confirm_then(
        self, title: str, lines: list[str], label: str, action: object, danger: bool = False
    ) -> None:
        def answered(choice: str | None) -> None:
            if choice == "go":
                self.submit(action)

        self.app.push_screen(
            ChoiceDialog(title, lines, [("go", label), ("back", _("Cancel"))], "go", danger=danger), answered
        )

    def _fire_dialog(self, shot: Any) -> None:
        opts, view = self.opts, self.view
        assert opts is not None and view is not None
        unit = opts.unit
        lines: list[str | Text] = [str(x) for x in shot_details(view, shot)]
        choices: list[tuple[str, str]] = [
            ("single", _("Single shot — {e} energy, {p} to hit").format(e=shot.energy, p=percent(shot.p_hit)))
        ]
        if shot.burst_energy:
            choices.append(
                (
                    "burst",
                    ngettext(
                        "Burst of {n} shot — {e} energy, TN {tn}+, {p} to hit each",
                        "Burst of {n} shots — {e} energy, TN {tn}+, {p} to hit each",
                        shot.burst_shots or 3,
                    ).format(
                        n=shot.burst_shots or 3,
                        e=shot.burst_energy,
                        tn=shot.burst_tn,
                        p=percent(shot.burst_p_hit),
                    ),
                )
            )
        if shot.aimed_energy:
            for zone in ("arms", "legs", "body", "wings"):
                try:
                    self.game.ruleset.check(
                        self.game.state, self.viewer, act.Fire(unit, shot.target, shot.item, aimed=zone)
                    )
                except ActionError:
                    continue
                choices.append(
                    (
                        f"aimed:{zone}",
                        _("Aimed at the {zone} — {e} energy, {p} to hit").format(
                            zone=_(_ZONES[zone]), e=shot.aimed_energy, p=percent(shot.p_hit)
                        ),
                    )
                )
        choices.append(("back", _("Cancel")))

        def answered(choice: str | None) -> None:
            if choice is None or choice == "back":
                return
            burst = choice == "burst"
            aimed = choice.split(":", 1)[1] if choice.startswith("aimed:") else ""
            self.submit(act.Fire(unit, shot.target, shot.item, burst, aimed))

        self.app.push_screen(ChoiceDialog(_("Fire"), lines, choices, "single"), answered)

    # -- questions the game asks ------------------------------------------------------
    def _ask(self) -> None:
        """Open the dialog for a zone choice or a pending decision, if one is due."""
        opts, view = self.opts, self.view
        if opts is None or view is None or self._asking:
            return
        if opts.kind == "zone":
            lines = [
                event_line(e, self.viewer, self.game.players)
                for e in self.game.log(self.viewer)
                if type(e).__name__ == "RollOff"
            ]
            lines.append(Text(_("You choose where your Evas deploy (EVA-5.2).")))
            choices = [
                ("south", _("South: rows 1–3")),
                ("north", _("North: rows 28–30")),
            ]
            self._open_question(_("Deployment zone"), lines, choices, "south", lambda c: act.ChooseZone(c))
        elif opts.kind == "decide":
            unit = view.units[opts.unit] if 0 <= opts.unit < len(view.units) else None
            if unit is not None:
                self._cursor_to_unit(unit.index)
                self.selected = unit.index
                self._draw_board()
                self._draw_panel()
            name = self._unit_label(unit.index) if unit is not None else "?"
            context = [
                event_line(e, self.viewer, self.game.players)
                for e in self.game.log(self.viewer)[-12:]
                if type(e).__name__ in ("MeleeRolled", "TraumaInflicted", "Stowed")
            ][-1:]
            if opts.decision == "zone":
                lines = context + [
                    Text(_("Name the zone of {unit} that suffers the trauma (EVA-11.9).").format(unit=name))
                ]
                choices = [(c, _(_ZONES.get(c, c))) for c in opts.choices]
                self._open_question(_("Trauma zone"), lines, choices, opts.default, lambda c: act.NameZone(c))
            else:
                lines = context + [
                    Text(
                        _("{unit} can hold only one one-handed weapon: which does it keep (EVA-9.7)?").format(
                            unit=name
                        )
                    )
                ]
                # each weapon by its name, its notation word (``keep rifle``) dim after it
                choices: list[tuple[str, str | Text]] = [
                    (c, Text.assemble(item_label(c), "  ", (c, "dim"))) for c in opts.choices
                ]

                def keep(label: str) -> object:
                    items = unit.items if isinstance(unit, OwnUnit) else []
                    index = next(
                        (i for i, it in enumerate(items) if it.label == label and i in unit.hands), 0
                    )
                    return act.Keep(opts.unit, index)

                self._open_question(_("Keep a weapon"), lines, choices, opts.default, keep)

    def _open_question(
        self, title: str, lines: list[Any], choices: list[tuple[str, str]], default: str, make: Any
    ) -> None:
        self._asking = True

        def answered(choice: str | None) -> None:
            self._asking = False
            if choice is not None:
                self.submit(make(choice))

        self.app.push_screen(ChoiceDialog(title, lines, choices, default, can_cancel=False), answered)

    def _game_over(self) -> None:
        if self._over_shown:
            return
        self._over_shown = True
        result = self.game.result()
        view = self.game.view(None)
        if result is None:
            return
        if result.winner is None:
            headline = _("The game ends in a draw.")
        else:
            headline = _("{player} wins!").format(player=self._player(result.winner))
        lines = [
            _("How: {reason} ({rule})").format(reason=_(result.reason), rule=result.rule)
            if result.rule
            else _(result.reason)
        ]
        lines.append(_("Rounds played: {n}").format(n=view.round))
        for side in (0, 1):
            units = [u for u in view.units if u.side == side]
            lost = sum(1 for u in units if u.destroyed)
            lines.append(
                _("{player}: {lost} of {n} Evas lost").format(
                    player=self._player(side), lost=lost, n=len(units)
                )
            )
        names = [short_player(self.game.players, side) for side in (0, 1)]
        if result.scores and any(result.scores):
            lines.append(
                _("Victory points: {a} {x}, {b} {y}").format(
                    a=names[0], x=result.scores[0], b=names[1], y=result.scores[1]
                )
            )
        taken = public_damage_taken(view.units, self.game.events)
        if any(taken):
            lines.append(
                _("Damage taken before the AT field (public dice): {a} {x}, {b} {y}").format(
                    a=names[0], x=taken[0], b=names[1], y=taken[1]
                )
            )
        glyphs = log_glyphs(view, self._ascii)
        public = [
            event_line(e, None, self.game.players, glyphs, self._ascii)
            for e in self.game.events
            if e.to is None
        ]

        def back(_result: Any = None) -> None:
            self._to_title()

        self.app.push_screen(GameOverScreen(headline, lines, public), back)

    def _to_title(self) -> None:
        """Straight back to the title screen (it reads the saves again as it comes back)."""
        back = getattr(self.app, "return_to_title", None)
        if back is not None:
            back()
            return
        while len(self.app.screen_stack) > 1:
            self.app.pop_screen()

    # -- keys ----------------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Show only the keys that do something now."""
        opts = self.opts
        if opts is None:
            return action in ("cancel", "command", "help")
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
            "undo": self.viewer is not None and self.game.can_undo(self.viewer),
            "hands": opts.kind == "deploy" and self._has_hand_choice(),
            "cycle": opts.kind in ("deploy", "activate") or (acting and bool(self.mode)),
            "concede": opts.kind not in ("over",),
        }
        if action in checks:
            return bool(checks[action])
        return True

    def on_key(self, event: events.Key) -> None:
        """Drop keys typed before the curtain was lifted (they were meant for the curtain
        or typed ahead), and say why a targeting key does nothing now."""
        if event.time < self._lifted_at:
            event.stop()
            event.prevent_default()
            return
        mode = _MODE_KEYS.get(event.character or "")
        if mode is None or self.focused is not self.board or self.opts is None:
            return
        if not self._enter_check(mode):
            event.stop()
            event.prevent_default()
            self._say(self._no_targets(mode))

    def _enter_check(self, mode: str) -> bool:
        return bool(self.check_action(mode, ()))

    def _no_targets(self, mode: str) -> str:
        """Why the active Eva has no target for ``mode`` now."""
        opts = self.opts
        if opts is None or opts.kind != "act":
            return _("Activate an Eva first: Enter on one of yours.")
        if mode == "fire":
            from engine.rulesets.eva.options import fire_refusal

            refusal = fire_refusal(self.game.state, self.viewer if self.viewer is not None else 0)
            return str(refusal) if refusal is not None else ""
        return {
            "melee": _("No enemy Eva is within reach for a melee attack now (EVA-12.3)."),
            "neutralise": _("No enemy Eva's AT field can be neutralised now (EVA-14)."),
            "jump": _("The Eva cannot jump now (EVA-16.9)."),
        }[mode]

    def _has_hand_choice(self) -> bool:
        opts = self.opts
        return bool(
            opts and self.deploy_unit is not None and len(opts.hand_configs.get(self.deploy_unit, [])) > 1
        )

    def action_fire(self) -> None:
        """Show the legal targets of a ranged attack, with their odds (or say why there
        is none)."""
        if self.opts is not None and self.opts.kind == "act" and not self.opts.shots:
            self._say(self._no_targets("fire"))
            return
        self._enter_mode("fire")

    def action_melee(self) -> None:
        """Show the enemy Evas the active Eva can attack in melee."""
        self._enter_mode("melee")

    def action_neutralise(self) -> None:
        """Show the enemy Evas whose AT field the active Eva can try to neutralise."""
        self._enter_mode("neutralise")

    def action_jump(self) -> None:
        """Show the squares the Jumpjet can reach."""
        self._enter_mode("jump")

    def _enter_mode(self, mode: str) -> None:
        self.mode = "" if self.mode == mode else mode
        self._message = ""
        targets = self._mode_targets()
        self._draw_board()
        self._draw_choices()
        if targets and self.board.cursor not in targets:
            self.board.move_cursor(targets[0])
        self._draw_status()
        self._refresh_keys()

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
        menu = self.query_one("#battle-choices", ChoiceRows)
        if self.mode == "fire" and self.opts is not None:
            idx = next((k for k, s in enumerate(self.opts.shots) if s.square == target), None)
            if idx is not None:
                menu.highlighted = idx

    def action_inspect(self) -> None:
        """Show the Eva under the cursor in the panel (an enemy: only what your side may know)."""
        unit = self._unit_at(self.board.cursor)
        if unit is None:
            return
        self.selected = unit
        self._draw_board()
        self._draw_panel()

    def action_stance(self) -> None:
        """Kneel, or stand up (EVA-8.6)."""
        opts = self.opts
        if opts is not None and opts.kind == "act":
            self.submit(act.Kneel(opts.unit) if opts.kneel else act.Stand(opts.unit))

    def action_swap(self) -> None:
        """Choose what the active Eva holds (EVA-9.3), with the energy each change costs."""
        opts, view = self.opts, self.view
        if opts is None or view is None or opts.kind != "act" or not opts.swaps:
            return
        unit = opts.unit
        current = self._config_label(
            unit, view.units[unit].hands if isinstance(view.units[unit], OwnUnit) else []
        )
        # each choice with the order that makes it, naming the items by their notation
        # words (``swap hrifle+knife``), dim on a second line
        choices: list[tuple[str, str | Text]] = [
            (
                f"{i}",
                Text.assemble(
                    f"{self._config_label(unit, hands)} — " + _("{n} energy").format(n=cost),
                    "\n",
                    (f"swap {self._config_words(unit, hands)}", "dim"),
                ),
            )
            for i, (hands, cost) in enumerate(opts.swaps)
        ]
        choices.append(("back", _("Cancel")))
        words = self._config_words(
            unit, view.units[unit].hands if isinstance(view.units[unit], OwnUnit) else []
        )

        def answered(choice: str | None) -> None:
            if choice is not None and choice != "back":
                self.submit(act.Swap(unit, list(opts.swaps[int(choice)][0])))

        self.app.push_screen(
            ChoiceDialog(
                _("Weapons"),
                [_("Now in hand: {hands}").format(hands=f"{current} ({words})")],
                choices,
                "0",
                hanging=True,
            ),
            answered,
        )

    def _config_label(self, unit: int, hands: list[int]) -> str:
        view = self.view
        if view is None:
            return ""
        u = view.units[unit]
        if not isinstance(u, OwnUnit):
            return ""
        labels = [item_label(u.items[i].label) for i in hands if 0 <= i < len(u.items)]
        return "+".join(labels) if labels else _("empty hands")

    def _config_words(self, unit: int, hands: list[int]) -> str:
        """``hands`` as the notation writes them: the items' labels joined by ``+``
        (``rifle+knife``), or ``-`` for empty hands."""
        view = self.view
        u = view.units[unit] if view is not None else None
        if not isinstance(u, OwnUnit):
            return "-"
        labels = [u.items[i].label for i in hands if 0 <= i < len(u.items)]
        return "+".join(labels) if labels else "-"

    def _hands(self, unit: int) -> list[int]:
        opts = self.opts
        configs = opts.hand_configs.get(unit, []) if opts is not None else []
        if not configs:
            return []
        if unit not in self.deploy_hands:
            # the first configuration that holds the most items
            longest = max(len(c) for c in configs)
            self.deploy_hands[unit] = next(i for i, c in enumerate(configs) if len(c) == longest)
        return list(configs[self.deploy_hands[unit] % len(configs)])

    def action_hands(self) -> None:
        """Deployment: the next hand configuration for the Eva being placed (EVA-9.1)."""
        if self.deploy_unit is None:
            return
        self._hands(self.deploy_unit)
        self.deploy_hands[self.deploy_unit] += 1
        self._draw_panel()

    def action_flight(self) -> None:
        """Take off or land with Wings (EVA-16.10)."""
        opts = self.opts
        if opts is not None and opts.kind == "act":
            self.submit(act.TakeOff(opts.unit) if opts.takeoff else act.Land(opts.unit))

    def action_accelerate(self) -> None:
        """Declare Acceleration (EVA-16.11)."""
        if self.opts is not None and self.opts.accelerate:
            self.submit(act.Accelerate(self.opts.unit))

    def action_disengage(self) -> None:
        """Try to leave melee (EVA-12.11)."""
        if self.opts is not None and self.opts.disengage:
            self.submit(act.Disengage(self.opts.unit))

    def action_discard(self) -> None:
        """Throw the Shield aside (EVA-9.4)."""
        if self.opts is not None and self.opts.discard:
            self.submit(act.Discard(self.opts.unit))

    def action_detonate(self) -> None:
        """Detonate the D-Module, after a confirmation (EVA-16.3): the Eva is destroyed."""
        opts, view = self.opts, self.view
        if opts is None or view is None or not opts.detonate:
            return
        name = view.units[opts.unit].name
        unit = opts.unit

        def answered(yes: bool | None) -> None:
            if yes:
                self.submit(act.Detonate(unit))

        self.app.push_screen(
            ConfirmScreen(
                _("Detonate"),
                _(
                    "{unit} detonates its D-Module and is destroyed; the blast hits every Eva near it (EVA-16.3)."
                ).format(unit=name),
                _("Detonate"),
                _("Keep it"),
            ),
            answered,
        )

    def action_end(self) -> None:
        """End the activation."""
        if self.opts is not None and self.opts.end:
            self.submit(act.End(self.opts.unit))

    def action_undo(self) -> None:
        """Take back your last action (never across a die roll)."""
        if self.viewer is not None and self.game.undo(self.viewer):
            self._message = ""
            self.mode = ""
            self.sync()
        else:
            self._say(_("Nothing to undo: the last die roll cannot be taken back."))

    def action_concede(self) -> None:
        """Give up the game, after a confirmation (EVA-5.11)."""

        def answered(yes: bool | None) -> None:
            if yes:
                self.submit(act.Concede())

        self.app.push_screen(
            ConfirmScreen(
                _("Concede"),
                _("{player} gives up; the other player wins (EVA-5.11).").format(
                    player=self._player(self.viewer or 0)
                ),
                _("Concede"),
                _("Play on"),
            ),
            answered,
        )

    def action_help(self) -> None:
        """Every key of the battle (those that apply now marked), the orders of the
        command line, then what the board's glyphs mean."""
        from tui.screens.help import HelpScreen

        self.app.push_screen(HelpScreen(self.screen_title(), self.help_rows()))

    def help_rows(self) -> list[tuple[str, str]]:
        """(keys, meaning) rows of the help: the keys, the notation, the board's legend."""
        from tui.screens.base import key_rows

        mark = "+" if self._ascii else "✓"
        rows: list[tuple[str, str]] = [("", _("{mark} marks the keys that apply now.").format(mark=mark))]
        arrows = ", ".join(
            self.app.get_key_display(Binding(key, "cursor")) for key in ("up", "down", "left", "right")
        )
        rows.append((arrows, f"{mark} " + _("move the cursor (with Shift: five squares)")))
        own: set[str] = set()
        for binding in self.BINDINGS:
            if not isinstance(binding, Binding) or not binding.description:
                continue
            keys = ", ".join(
                self.app.get_key_display(Binding(key.strip(), binding.action))
                for key in binding.key.split(",")
            )
            text = _(binding.description)
            own.add(text)
            now = bool(self.check_action(binding.action.split("(")[0], ()))
            rows.append((keys, f"{mark} {text}" if now else f"  {text}"))
        # the app's keys (quit) after the screen's
        app_keys = {_(b.description) for b in self.app.BINDINGS if isinstance(b, Binding) and b.description}
        rows += [(keys, f"{mark} {text}") for keys, text in key_rows(self) if text in app_keys - own]
        rows.append(
            (
                "⏎" if not self._ascii else "enter",
                "  "
                + _(
                    "on a square: place the Eva, activate yours (it asks whether to roll for "
                    "Berserk when it may), move there or attack what is there"
                ),
            )
        )
        rows += [("", ""), ("", _("Orders on the command line (: or Tab), written in English:"))]
        rows += [(verb, f"{form} — {_(what)}") for verb, form, what in NOTATION]
        return [(ascii_text(k, self._ascii), ascii_text(t, self._ascii)) for k, t in rows + self.legend()]

    def legend(self) -> list[tuple[str, str]]:
        """(glyphs, meaning) rows explaining the board, in the glyph set in use."""
        g = self.board.glyphs
        t = g.terrain
        two = self.board.cell_width == 2
        return [
            ("", ""),
            ("", _("The board:")),
            (t[0], _("open square")),
            (t[1], _("red obstacle: low, an Eva walks over it (EVA-2.3)")),
            (t[2], _("yellow obstacle: chest high, double cost to enter, cover (EVA-2.3)")),
            (t[3], _("green obstacle: taller than an Eva, no walking in, hides (EVA-2.3)")),
            (t[4], _("blue obstacle: impassable, blocks everything (EVA-2.3)")),
            (
                "1 S …",
                _(
                    "an Eva: a digit or letter of its name; Player 1's on cyan, Player 2's on "
                    "magenta (without colour: in reverse video)"
                ),
            ),
            *(
                [
                    (
                        f"{g.engaged} {g.airborne} {g.kneeling} {g.active}",
                        _(
                            "right of an Eva, one mark: engaged in melee, else airborne or "
                            "kneeling, else in its activation"
                        ),
                    )
                ]
                if two
                else [
                    (f"{g.airborne} {g.kneeling}", _("left of an Eva: airborne, kneeling")),
                    (f"{g.engaged} {g.active}", _("right of an Eva: engaged in melee, in its activation")),
                ]
            ),
            (
                "7 a" if two else "12",
                _("energy to move to that square; 10 and more as letters: a = 10, b = 11, c = 12…")
                if two
                else _("energy to move to that square"),
            ),
            # as the board draws it: two-cell squares have room for one mark only
            (f"A{g.target_right}" if two else f"{g.target_left}A{g.target_right}", _("a legal target")),
            (f"{g.deploy_ok} {g.deploy_bad}", _("a square where the Eva may or may not be placed")),
            (g.jump, _("a square the Jumpjet reaches")),
        ]

    def action_switch_focus(self) -> None:
        """Tab: from the board to the command line and back."""
        command = self.query_one("#command", Input)
        # at once (not after the next refresh), so that keys typed right after go there
        self.set_focus(self.board if self.focused is command else command)

    def action_command(self) -> None:
        """Type an action in notation (e.g. ``Eva-01 E4-B6``, ``Eva-01 fire B12``); the focus
        moves at once, so that keys typed right after ``:`` go to the line."""
        self.set_focus(self.query_one("#command", Input))

    def action_cancel(self) -> None:
        """Leave the command line (dropping the typed order and its refusal), a targeting
        mode or the inspected Eva; else leave the game (it is saved after every action)."""
        command = self.query_one("#command", Input)
        if self.focused is command:
            # the order is abandoned: its text and its refusal go with it
            command.value = ""
            if self._message:
                self._message = ""
                self._draw_hint()
            self.board.focus()
            return
        if self.mode:
            self._enter_mode(self.mode)
            return
        if self._message:
            self._message = ""
            self._draw_hint()
            return

        def answered(leave: bool | None) -> None:
            if leave:
                self.app.pop_screen()
                if self.game.path is not None:
                    self.app.notify(
                        _("The game is saved; Continue or Load game brings it back."), markup=False
                    )

        self.app.push_screen(
            ConfirmScreen(
                _("Leave the game"),
                _("The game is saved after every action: Continue or Load game brings it back."),
                _("Leave"),
                _("Stay"),
            ),
            answered,
        )

    @on(Input.Submitted, "#command")
    def _command(self, event: Input.Submitted) -> None:
        text = event.value.strip()
        if not text or self.viewer is None:
            return
        if self.submit(text):
            event.input.value = ""
            if self.app.screen is self:
                self.board.focus()

    @on(OptionList.OptionSelected, "#battle-choices")
    def _choice(self, event: OptionList.OptionSelected) -> None:
        opts = self.opts
        if opts is None or event.option.id is None:
            return
        i = int(event.option.id)
        square = {
            "fire": lambda: opts.shots[i].square,
            "melee": lambda: opts.melee[i].square,
            "neutralise": lambda: opts.neutralise[i].square,
        }.get(self.mode, lambda: -1)()
        if square >= 0:
            self.board.move_cursor(square)
            self._attack(self.mode, square)

    def _suggest_source(self) -> tuple[EvaView | None, EvaOptions | None, int]:
        return self.view, self.opts, self.viewer if self.viewer is not None else 0
