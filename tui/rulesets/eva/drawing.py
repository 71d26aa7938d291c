"""What the EVA battle screen draws (:class:`DrawingMixin`, part of
:class:`tui.rulesets.eva.battle.EvaGameScreen`): the board's marks (the Evas, the
squares the active Eva reaches with their costs, the targets, the deployment
squares), the selected Eva's panel, the legend of the Evas' letters, the target
list (which always agrees with the board's cursor), the square under the cursor on
the top line, and where the board scrolls: to the Eva in play when a turn starts,
and after an order to the Eva that acted and the target of its attack.

All of it from the viewer's view and options, read from its seat; nothing here
decides a rule. Each part is repainted only when what it shows changes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.cells import cell_len
from rich.text import Text
from textual.widgets import Static

from engine.i18n import N_, _
from tui.rulesets.eva.board import HEIGHT, WIDTH, Overlay, square_name
from tui.rulesets.eva.panels import (
    ChoiceRows,
    ascii_text,
    glyph_legend,
    melee_text,
    neutralise_text,
    shot_odds,
    shot_text,
    unit_glyph,
    unit_marks,
    unit_panel_text,
)
from tui.textfit import fit

if TYPE_CHECKING:
    from tui.rulesets.eva.battle import EvaGameScreen

__all__ = ["DrawingMixin"]

_TERRAIN_NAMES = (
    N_("open ground"),
    N_("red obstacle"),
    N_("yellow obstacle"),
    N_("green obstacle"),
    N_("blue obstacle"),
)


class DrawingMixin:
    """The EVA battle screen's drawing (see the module's docstring)."""

    #: Cells of the top line kept for the square under the cursor.
    CURSOR_ROOM = 30

    def refresh_table(self: EvaGameScreen) -> None:
        if self.view is None or self.opts is None:
            return
        self._draw_board()
        self._draw_panel()
        self._draw_legend()
        self._draw_choices()

    def _draw_board(self: EvaGameScreen) -> None:
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

    def _mode_targets(self: EvaGameScreen) -> list[int]:
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

    def _draw_panel(self: EvaGameScreen) -> None:
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

    def _set_panel(self: EvaGameScreen, panel: Static, text: Text) -> None:
        """Show ``text`` in the unit panel; lay the screen out again only when the panel's
        height changes (a layout repaints far more of the terminal): its lines as wrapped
        at the panel's width, not only those the text starts."""
        width = panel.content_region.width
        lines = len(text.wrap(self.app.console, width)) if width > 0 else text.plain.count("\n") + 1
        panel.update(text, layout=lines != self._panel_lines)
        self._panel_lines = lines

    def _draw_legend(self: EvaGameScreen) -> None:
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
        # the target list names its Evas by letter too, and takes the room meanwhile
        shown = bool(legend) and not self._target_squares()
        if widget.display != shown:
            widget.display = shown

    def _draw_top(self: EvaGameScreen) -> None:
        """The status line's width, then the square under the cursor in the rest."""
        status = self.query_one("#kit-status", Static)
        text = str(status.render()) if status.is_mounted else ""
        cursor = self.query_one("#battle-cursor", Static)
        width = max(0, self._top_width() - 2 - cell_len(self.status_text() or text))
        if cursor.styles.width is None or cursor.styles.width.value != width:
            cursor.styles.width = width
        self._draw_cursor_info()

    def _top_width(self: EvaGameScreen) -> int:
        return self.size.width or self.app.size.width

    def _draw_cursor_info(self: EvaGameScreen) -> None:
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

    def _set_line(self: EvaGameScreen, selector: str, text: str) -> None:
        """Put ``text`` on a one-line widget of fixed size, repainting only that line."""
        if self._lines.get(selector) != text:
            self._lines[selector] = text
            self.query_one(selector, Static).update(text, layout=False)

    def _draw_choices(self: EvaGameScreen) -> None:
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

    def _target_squares(self: EvaGameScreen) -> list[int]:
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

    def _highlight_target(self: EvaGameScreen, square: int) -> None:
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

    def _frame_view(self: EvaGameScreen) -> None:
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

    def follow(self: EvaGameScreen, unit: int, target_square: int | None = None) -> None:
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
