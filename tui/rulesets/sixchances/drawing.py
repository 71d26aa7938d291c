"""How the Six Chances Party table draws itself from the viewer's seat: both sides,
the action panel of the step in progress and the field of the variant.

:class:`TableDrawing` is a part of :class:`tui.rulesets.sixchances.table.SixChancesScreen`
(kept apart so that neither file grows too long): it reads only what the screen
asks of the seat (``view()``, ``options()``, ``seat.result()``) and computes no rule.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual.containers import Vertical
from textual.widgets import Button, Static

from engine.i18n import _
from engine.rulesets.sixchances.options import AttackChoice, AttackOptions, SupportOptions
from engine.rulesets.sixchances.view import View
from tui.rulesets.sixchances.field import FieldBoard
from tui.rulesets.sixchances.panels import ChipRow, SquadPanel, occupants
from tui.rulesets.sixchances.rows import ActionRows
from tui.rulesets.sixchances.texts import action_head, attack_head, support_head
from tui.rulesets.sixchances.tokens import die_text
from tui.screens.base import literal

if TYPE_CHECKING:
    from engine.seat import Seat

__all__ = ["ActionPanel", "TableDrawing"]


class ActionPanel(Vertical):
    """The action panel of the step in progress. Its tables are laid out for its own
    width (short heads when it is narrow, e.g. beside the field), so a change of that
    width draws the table again."""

    def on_resize(self) -> None:
        """Lay the tables out again for the new width."""
        screen = self.screen
        if isinstance(screen, TableDrawing):
            self.call_after_refresh(screen.refresh_table)


class TableDrawing:
    """The drawing half of the game screen (see the module's docstring). The screen
    provides ``seat``, ``viewer``, ``field``, ``pair``, ``view()``, ``options()``,
    ``position()``, ``deciding()`` and ``who()``."""

    seat: Seat
    viewer: int | None
    field: bool
    pair: dict[int, tuple[str | None, str | None]]
    _dice_key: tuple[Any, ...] | None
    _move_mark: str | None

    if TYPE_CHECKING:

        def view(self) -> View: ...
        def options(self) -> Any: ...
        def position(self) -> tuple[Any, ...]: ...
        def deciding(self) -> bool: ...
        def who(self, side: int) -> str: ...
        def query_one(self, *args: Any) -> Any: ...
        def query(self, *args: Any) -> Any: ...

        @property
        def is_mounted(self) -> bool: ...
        @property
        def size(self) -> Any: ...
        @property
        def glyphs(self) -> Any: ...
        @property
        def wapp(self) -> Any: ...
        @property
        def players(self) -> tuple[str, ...]: ...

    def refresh_table(self) -> None:
        """Both sides, the action panel and the field, from the viewer's seat."""
        if not self.is_mounted:
            return
        view = self.view()
        options = self.options() if self.deciding() else None
        self._sides(view, options)
        self._action(view, options)
        self._draw_field(view, options)

    def _sides(self, view: View, options: Any) -> None:
        building = view.phase == "build"
        pending = view.pending
        for side in (0, 1):
            panel = self.query_one(f"#sc-side-{side}", SquadPanel)
            title = self.who(side)
            if not view.over and not building and view.active == side:
                title = f"{self.glyphs.pointer} {title}"
            enabled: set[str] | None = None
            highlight: str | None = None
            if pending is not None:
                # the declared attack: the attacker and the target under the cursors
                label = pending.attacker if side == view.active else pending.target
                enabled, highlight = {label}, label
            if isinstance(options, AttackOptions):
                mine, theirs = self._pair()
                if side == self.viewer:
                    enabled = {a.attacker for a in options.attacks} | {m.squad for m in options.moves}
                    highlight = mine
                else:
                    enabled = {a.target for a in options.attacks if a.attacker == mine}
                    highlight = theirs
            panel.set_class(not view.over and view.active == side and not building, "-active")
            panel.show(
                view.players[side],
                title,
                glyph_set=self.wapp.glyph_set,
                field=self.field,
                building=building,
                enabled=enabled,
                highlight=highlight,
            )

    def _pair(self) -> tuple[str | None, str | None]:
        """The highlighted attacker and target, kept valid for the options now."""
        options = self.options()
        side = self.viewer if self.viewer is not None else 0
        mine, theirs = self.pair.get(side, (None, None))
        if not isinstance(options, AttackOptions):
            return mine, theirs
        movers = {m.squad for m in options.moves}
        attackers = [a.attacker for a in options.attacks]
        if mine not in attackers and mine not in movers:
            mine = attackers[0] if attackers else (options.moves[0].squad if options.moves else None)
        targets = [a.target for a in options.attacks if a.attacker == mine]
        if theirs not in targets:
            theirs = targets[0] if targets else None
        self.pair[side] = (mine, theirs)
        return mine, theirs

    def _choice(self) -> AttackChoice | None:
        options = self.options()
        if not isinstance(options, AttackOptions):
            return None
        mine, theirs = self._pair()
        return next((a for a in options.attacks if a.attacker == mine and a.target == theirs), None)

    def _buttons(self, *shown: str) -> None:
        for button in self.query("#sc-action-buttons Button").results(Button):
            button.display = (button.id or "").removeprefix("sc-btn-") in shown

    def _action(self, view: View, options: Any) -> None:
        head = self.query_one("#sc-action-head", Static)
        odds = self.query_one("#sc-odds", Static)
        odds.display = False
        self.query_one("#sc-dice-row", ChipRow).display = False
        panel = self.query_one("#sc-action", Vertical)
        width = panel.content_size.width or self.size.width // 2
        if isinstance(options, AttackOptions):
            panel.border_title = _("Attack step")
            mine, _theirs = self._pair()
            text, table, shown = attack_head(options, self._choice(), mine, self.wapp.glyph_set, width)
            head.update(text)
            if table is not None:
                odds.display = True
                odds.update(table)
                button = self.query_one("#sc-btn-declare", Button)
                choice = self._choice()
                if width < 60 or choice is None:  # a narrow panel (the field beside it)
                    button.label = _("Attack")
                else:
                    button.label = _("Attack: {attacker} x {target}").format(
                        attacker=choice.attacker, target=choice.target
                    )
            self._buttons(*shown)
            return
        if isinstance(options, SupportOptions):
            panel.border_title = _("Support step")
            head.update(support_head(options))
            self._chips(options)
            self._buttons("roll", *(["end"] if options.can_end else []))
            return
        title, text, button = action_head(view, self.seat.result(), options, self.players, self.viewer)
        panel.border_title = literal(title)
        head.update(text)
        self._buttons(*([button] if button else []))

    def _chips(self, options: SupportOptions) -> None:
        chips = self.query_one("#sc-dice-row", ChipRow)
        chips.display = True
        key = self.position()
        keep = chips.chip if self._dice_key == key else None
        self._dice_key = key
        chips.set_chips([(f"d{d}", die_text(d)) for d in options.dice], keep)
        die = chips.chip
        if die:
            chips.set_note(Text(_("1 to {n} tokens; used once (SC-9.3)").format(n=die[1:]), style="italic"))

    def _field(self) -> FieldBoard | None:
        boards = self.query(FieldBoard)
        return boards.first() if boards else None

    def _draw_field(self, view: View, options: Any) -> None:
        board = self._field()
        if board is None:
            return
        occ = occupants(view.players)
        cell_of = {label: cell for cell, (label, _side) in occ.items()}
        homes = {cell: side for side, p in enumerate(view.players) for cell in p.home}
        selected = focus = None
        targets: list[str] = []
        spots: list[str] = []
        if isinstance(options, AttackOptions):
            mine, theirs = self._pair()
            selected = cell_of.get(mine or "")
            focus = cell_of.get(theirs or "")
            targets = [
                cell_of[a.target] for a in options.attacks if a.attacker == mine and a.target in cell_of
            ]
            for m in options.moves:
                if m.squad == mine:
                    spots = list(m.to)
            if self._move_mark in spots:
                focus = self._move_mark
        elif view.pending is not None:
            selected = cell_of.get(view.pending.attacker)
            targets = [cell_of[view.pending.target]] if view.pending.target in cell_of else []
        board.show(
            occ,
            homes=homes,
            selected=selected,
            targets=targets,
            spots=spots,
            focus_cell=focus,
            wide=self.size.width >= 110,
        )

    # -- selection ---------------------------------------------------------------------------
    def _own_list(self) -> ActionRows | None:
        if self.viewer is None or not self.is_mounted:
            return None
        return self.query_one(f"#sc-squads-{self.viewer}", ActionRows)

    def _their_list(self) -> ActionRows | None:
        if self.viewer is None or not self.is_mounted:
            return None
        return self.query_one(f"#sc-squads-{1 - self.viewer}", ActionRows)

    def _own_list(self) -> ActionRows | None:
        if self.viewer is None or not self.is_mounted:
            return None
        return self.query_one(f"#sc-squads-{self.viewer}", ActionRows)

    def _their_list(self) -> ActionRows | None:
        if self.viewer is None or not self.is_mounted:
            return None
        return self.query_one(f"#sc-squads-{1 - self.viewer}", ActionRows)
