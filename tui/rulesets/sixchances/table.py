"""The Six Chances Party table: the game screen, on the kit's game screen.

:class:`SixChancesScreen` is a :class:`tui.kit.screen.GameScreen`: it touches the
game only through the seats (view, options, decision, preview, check, log,
record, submit, undo), and the kit does what every system's screen does the same
way (the status line, the log and the whole log on ``l``, the hint line, the
command line ``:`` completed from the legal actions, undo ``u``/Ctrl+Z, the
hand-over curtain with the public news, the decision dialog, the game-over
screen, leaving).

Its own part (top to bottom): both players' squads side by side, each with its
reserve, remaining total and unused reinforcement dice; the action panel of the
step in progress (and the field beside it, in the variant). The curtain covers
the table only while the hidden starting squads are built (SC-2.5, the ruleset's
:class:`engine.ruleset.Handovers`); everything else is open (SC-1.11), so the
terminal passes between the players without one. The attack step shows the
exact odds of the highlighted attacker and target; the defender chooses the
stat in the kit's decision dialog (SC-5.3), with the chance each stat's roll
beats the attack roll and what is lost either way; the support step offers the
unused dice; the squad builder (:mod:`~tui.rulesets.sixchances.builder`) and the
rearrangement (:mod:`~tui.rulesets.sixchances.regroup`) open as screens of
their own. Every number comes from the seat.
"""

from __future__ import annotations

from typing import Any, ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.widget import Widget
from textual.widgets import Button, OptionList, Static

from engine.decision import Decision
from engine.i18n import N_, _
from engine.rulesets.sixchances.actions import Attack, Build, EndTurn, MoveSquad, Pass, Reinforce
from engine.rulesets.sixchances.options import (
    AttackOptions,
    DefenceOptions,
    RegroupOptions,
    SupportOptions,
)
from engine.rulesets.sixchances.view import View
from engine.seat import LogEntry, Seat
from tui.kit.board import BoardView
from tui.kit.dialogs import ChoiceDialog
from tui.kit.keys import GAME_BINDINGS
from tui.kit.log import EventLog
from tui.kit.screen import GameScreen
from tui.rulesets.sixchances.drafts import Draft, DraftStore
from tui.rulesets.sixchances.drawing import ActionPanel, TableDrawing
from tui.rulesets.sixchances.field import FieldBoard
from tui.rulesets.sixchances.keys import notation_rows
from tui.rulesets.sixchances.panels import ChipRow, SquadPanel, occupants
from tui.rulesets.sixchances.texts import (
    log_style,
    over_lines,
    status_line,
    task_text,
)
from tui.rulesets.sixchances.tokens import player_name

__all__ = ["SixChancesScreen"]


class SixChancesScreen(TableDrawing, GameScreen, inherit_bindings=False):
    """Plays a Six Chances Party game hot-seat through ``seats`` (Player 1's and Player
    2's :class:`engine.seat.Seat`).

    ``viewer``: the seat known to sit at the terminal already (None: the curtain
    first); ``curtain``: False never shows one (tests); ``drafts``: where unsealed
    starting squads are kept (:class:`DraftStore`; None: in memory only).
    """

    SCREEN_TITLE = N_("Six Chances Party")
    #: The table's own keys, then the keys every game screen shares (so the footer
    #: lists what this step does first).
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "to_targets", N_("Choose the target")),
        Binding("enter", "declare", N_("Attack")),
        Binding("enter", "support", N_("Roll the die")),
        Binding("enter", "open_builder", N_("Build the squads")),
        Binding("enter", "open_regroup", N_("Rearrange")),
        Binding("tab", "switch", N_("Attacker / target"), show=False),
        Binding("a,ф", "declare", N_("Attack"), show=False),
        Binding("m,ь", "move", N_("Move")),
        Binding("p,з", "pass_turn", N_("Pass")),
        Binding("e,у", "end_turn", N_("End the turn")),
        # the shared keys; Six Chances Party has no concession (the rules have none)
        *[b for b in GAME_BINDINGS if b.action != "concede"],
    ]

    def __init__(
        self,
        seats: list[Seat],
        *,
        viewer: int | None = None,
        curtain: bool = True,
        drafts: DraftStore | None = None,
    ) -> None:
        super().__init__(seats, viewer=viewer, curtain=curtain)
        self.store = drafts if drafts is not None else DraftStore()
        #: Whether the game is the field variant (SC-12.1): a fixed fact of its set-up.
        self.field = bool(self.seats[0].view().setup.field)
        #: Per side: its unsealed starting squads (kept on disk too, see ``drafts``).
        self.drafts: dict[int, Draft] = {}
        #: Per side: the last attacker and target highlighted.
        self.pair: dict[int, tuple[str | None, str | None]] = {}
        #: A screen of the table's own (the builder, the rearrangement) is open.
        self.editing = False
        self._generation = 0
        self._options: tuple[tuple[Any, ...], Any] | None = None
        self._auto_opened: tuple[Any, ...] | None = None
        self._open_editor = False
        self._dice_key: tuple[Any, ...] | None = None
        self._focus_key: tuple[Any, ...] | None = None
        #: Field: the destination under the cursor of the move dialog (marked on the field).
        self._move_mark: str | None = None

    # -- facts from the seat ------------------------------------------------------------
    def who(self, side: int) -> str:
        """The player's name and seat, ``Asuka (Player 1)``."""
        return player_name(self.players, side)

    def view(self) -> View:
        """The viewer's view (Player 1's before anyone sat down)."""
        return self.seat.view()

    def position(self) -> tuple[Any, ...]:
        """What identifies the position the viewer looks at (changes with every action
        and every undo)."""
        return (self.viewer, self._generation, self.seat.log_length())

    def options(self) -> Any:
        """The viewer's options now (asked of the seat once per position)."""
        key = self.position()
        if self._options is None or self._options[0] != key:
            self._options = (key, self.seat.options())
        return self._options[1]

    def deciding(self) -> bool:
        """Whether the viewer decides now, at the table (no screen of its own open)."""
        return self.viewer is not None and self.viewer in self.seat.to_act() and not self.editing

    # -- layout -------------------------------------------------------------------------
    def compose_table(self) -> ComposeResult:
        """Both sides, then the action panel (and the field beside it)."""
        pointer = self.glyphs.pointer
        with Horizontal(id="sc-sides"):
            yield SquadPanel(0, pointer=pointer, id="sc-side-0")
            yield SquadPanel(1, pointer=pointer, id="sc-side-1")
        with Horizontal(id="sc-lower"):
            with ActionPanel(id="sc-action"):
                yield Static("", id="sc-action-head", markup=False)
                yield Static("", id="sc-odds")
                yield ChipRow(id="sc-dice-row")
                with Horizontal(classes="sc-buttons", id="sc-action-buttons"):
                    yield Button(_("Attack"), id="sc-btn-declare", compact=True, variant="primary")
                    yield Button(_("Move"), id="sc-btn-move", compact=True)
                    yield Button(_("Pass"), id="sc-btn-pass", compact=True)
                    yield Button(_("Roll the die"), id="sc-btn-roll", compact=True, variant="primary")
                    yield Button(_("End the turn"), id="sc-btn-end", compact=True)
                    yield Button(_("Build the squads"), id="sc-btn-build", compact=True, variant="primary")
                    yield Button(
                        _("Rearrange the tokens"), id="sc-btn-regroup", compact=True, variant="primary"
                    )
                    yield Button(_("Result"), id="sc-btn-result", compact=True)
            if self.field:
                yield FieldBoard(ascii_set=self.ascii, id="sc-grid")

    def on_mount(self) -> None:
        """Bring back the unsealed squads kept on disk, then start as every game screen."""
        view = self.seats[0].view()
        unsealed = [side for side, p in enumerate(view.players) if not p.sealed]
        for side, draft in self.store.load(unsealed, view.phase == "build").items():
            self.drafts.setdefault(side, draft)
        super().on_mount()

    async def refresh_language(self) -> None:
        """Re-compose in the new language; the field is drawn again."""
        self._focus_key = None
        await super().refresh_language()

    def on_resize(self) -> None:
        """The names in the title bar are cut to the new width; the squad rows show pips
        when the panels are wide enough, the field wider squares in a wide terminal."""
        super().on_resize()
        self.call_after_refresh(self.refresh_table)

    # -- the kit's hooks ------------------------------------------------------------------
    def status_text(self) -> Text:
        """Turn, the person deciding and the step, the bag, the idle turns."""
        return status_line(self.view(), self.seat.result(), self.players, self.wapp.glyph_set)

    def prompt_text(self) -> str:
        """The viewer's task, or the kit's prompt."""
        if self.viewer is not None and self.viewer in self.seat.to_act():
            text = task_text(self.view(), self.viewer, self.options(), self.players, curtain=False)
            if text:
                return text
        return super().prompt_text()

    def task_text(self, seat: int) -> str:
        """What ``seat`` is to do, for the curtain."""
        seat_of = self.seats[seat]
        return task_text(seat_of.view(), seat, seat_of.options(), self.players, curtain=True)

    def command_placeholder(self) -> str:
        """An example of each kind of order."""
        return _("An order, e.g. 1A x 2B, reinforce d8, end (help lists them all)")

    def log_line(self, entry: LogEntry) -> Text:
        """Turns and the result in bold, attack rolls in italics."""
        return Text(entry.text, style=log_style(entry.event))

    def notation_rows(self) -> list[tuple[str, str]]:
        """The whole notation of actions, translated."""
        return notation_rows()

    def legend_rows(self) -> list[tuple[str, str]]:
        """The marks of the field (variant only)."""
        if not self.field:
            return []
        free = "*" if self.ascii else "+"
        return [
            ("<1A>", _("the squad chosen to act")),
            ("[2B]", _("a squad it may attack")),
            (free, _("a free cell it may move to, or where a new squad may be placed")),
            (f"[{free}]", _("the cell about to be chosen")),
            (_("Tab"), _("reaches the field after the lists: the arrows move on it, Enter chooses a cell")),
        ]

    def over_lines(self) -> list[str | Text]:
        """The end condition in words, every player's totals, the turns played (SC-11.7)."""
        return over_lines(self.seat.view(), self.players, self.wapp.glyph_set)

    def ask(self, decision: Decision) -> None:
        """The defence (SC-5.3) in the kit's decision dialog, numbered: what the attack
        does if it wins is said above the question."""
        options = self.options()
        context: list[str | Text] = []
        if isinstance(options, DefenceOptions):
            context.append(
                _(
                    "If the attack wins: protection {protection}, damage {damage}. Ties go to the attacker (SC-5.5)."
                ).format(protection=options.protection, damage=options.damage)
            )
        self.open_decision(decision, _("Defence step"), context, numbered=True)

    def ask_pending(self) -> None:
        """A decision waits in the kit's dialog; the squad builder or the rearrangement
        opens by itself once per position (Enter opens it again after going back)."""
        super().ask_pending()
        if self.viewer is None or self.editing or self.seat.decision() is not None:
            return
        if self.viewer not in self.seat.to_act():
            return
        phase = self.view().phase
        if phase not in ("build", "regroup"):
            return
        key = self.position()
        if key == self._auto_opened and not self._open_editor:
            return
        self._auto_opened = key
        self._open_editor = False
        if phase == "build":
            self._open_builder()
        else:
            self._open_regroup()

    def after_submit(self) -> None:
        """Every action and undo makes a new position."""
        self._generation += 1
        self._options = None

    def after_turn_change(self, changed: bool) -> None:
        """Put the focus where the step in progress is decided."""
        self._focus_step()

    def table_focus(self) -> Widget | None:
        """Where the step in progress is decided: your squads when attacking, the dice in
        the Support step, else the log (so Enter stays the screen's)."""
        if not self.is_mounted:
            return None
        phase = self.view().phase
        if self.deciding() and phase == "attack":
            return self._own_list()
        if self.deciding() and phase == "support":
            return self.query_one("#sc-dice-row", ChipRow)
        return self.query_one("#kit-log", EventLog)

    # -- the flow ------------------------------------------------------------------------
    def _focus_step(self) -> None:
        """Focus the widget of the step (once per position, unless the focus left the
        squads during an attack)."""
        if not self.is_mounted or self.editing:
            return
        key = self.position()
        fresh = key != self._focus_key
        self._focus_key = key
        target = self.table_focus()
        if target is None:
            return
        attacking = self.view().phase == "attack" and self.deciding()
        if attacking and not fresh and self.focused in (self._own_list(), self._their_list(), self._field()):
            return
        target.focus()
        self.refresh_bindings()

    def _open_builder(self) -> None:
        """The squad builder of the viewer (just after the curtain named them)."""
        from tui.rulesets.sixchances.builder import SquadBuilderScreen

        side = self.viewer
        if side is None or self.editing:
            return
        self.editing = True

        def done(result: Any) -> None:
            self.editing = False
            if isinstance(result, Build):
                self.drafts.pop(side, None)
                if self.submit(result):
                    self._keep_draft(side, None)
            else:
                self.drafts[side] = result
                self.refresh_all()
                self._focus_step()

        self.app.push_screen(
            SquadBuilderScreen(
                self.seat,
                self.who(side),
                self.drafts.get(side),
                keep=lambda draft: self._keep_draft(side, draft),
            ),
            done,
        )

    def _keep_draft(self, side: int, draft: Draft | None) -> None:
        """Keep ``side``'s unsealed squads on disk (None: forget them), so that quitting or
        a lost connection does not lose them; a failure to write is only a warning."""
        try:
            self.store.save(side, draft, building=self.seats[0].view().phase == "build")
        except OSError as exc:
            self.notify(
                _("The unsealed squads could not be kept: {reason}").format(reason=exc.strerror or exc),
                severity="warning",
                markup=False,
            )

    def _open_regroup(self) -> None:
        """The rearrangement after the reinforcement roll."""
        from tui.rulesets.sixchances.regroup import RegroupScreen

        side = self.viewer
        if side is None or self.editing or not isinstance(self.options(), RegroupOptions):
            return
        self.editing = True

        def done(result: Any) -> None:
            self.editing = False
            if result is not None:
                self.submit(result)
            else:
                self.refresh_all()
                self._focus_step()

        self.app.push_screen(RegroupScreen(self.seat, self.who(side)), done)

    def action_undo(self) -> None:
        """Take back the viewer's last action (the kit's undo); a seal taken back comes
        back to the builder as it was sealed."""
        side = self.viewer
        if side is not None and self.seat.can_undo():
            view = self.view()
            order = view.players[side].order if view.phase == "build" else None
            if order is not None:
                draft: Draft = [((o.pot, o.res, o.sup), o.cell) for o in order]
                self.drafts[side] = draft
                self._keep_draft(side, draft)
        super().action_undo()

    @on(OptionList.OptionHighlighted)
    def _highlighted(self, event: OptionList.OptionHighlighted) -> None:
        widget_id = event.option_list.id or ""
        if not widget_id.startswith("sc-squads-") or self.viewer is None:
            return
        if not isinstance(self.options(), AttackOptions):
            return
        label = event.option.id
        mine, theirs = self.pair.get(self.viewer, (None, None))
        if widget_id == f"sc-squads-{self.viewer}":
            if label == mine:
                return
            self.pair[self.viewer] = (label, theirs)
        else:
            if label == theirs:
                return
            self.pair[self.viewer] = (mine, label)
        self.refresh_table()
        self.refresh_bindings()

    @on(OptionList.OptionSelected)
    def _selected(self, event: OptionList.OptionSelected) -> None:
        """A click highlights a row and focuses its list (acting needs Enter or a button)."""
        event.option_list.focus()

    @on(BoardView.Chosen)
    def _field_chosen(self, event: BoardView.Chosen) -> None:
        """On the field (a click, or Enter on the cursor): a squad of yours chooses it, a
        target chooses the target, a free cell it may move to moves it."""
        options = self.options()
        board = self._field()
        if board is None or not isinstance(options, AttackOptions) or not self.deciding():
            return
        cell = board.name_of(event.cell)
        occ = occupants(self.view().players)
        mine, theirs = self._pair()
        if cell in occ:
            label, side = occ[cell]
            if side == self.viewer:
                self.pair[self.viewer] = (label, theirs)
            elif any(a.attacker == mine and a.target == label for a in options.attacks):
                self.pair[self.viewer] = (mine, label)
            self.refresh_table()
            self.refresh_bindings()
            return
        for m in options.moves:
            if m.squad == mine and cell in m.to:
                self.submit(MoveSquad(squad=m.squad, cell=cell))
                return

    # -- keys ----------------------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Each key of the table only in the step where it means something; the kit's keys
        as the kit says."""
        if not self.is_mounted:
            return True
        ours = {
            "to_targets",
            "declare",
            "switch",
            "move",
            "pass_turn",
            "support",
            "end_turn",
            "open_builder",
            "open_regroup",
        }
        if action not in ours:
            if action == "undo" and self.editing:
                return False
            return super().check_action(action, parameters)
        if not self.deciding():
            return False
        options = self.options()
        phase = self.view().phase
        if action == "to_targets":
            return (
                isinstance(options, AttackOptions)
                and self.focused is self._own_list()
                and bool(self._choice())
            )
        if action == "declare":
            return isinstance(options, AttackOptions) and self._choice() is not None
        if action == "switch":
            return isinstance(options, AttackOptions)
        if action == "move":
            mine = self._pair()[0]
            return isinstance(options, AttackOptions) and any(m.squad == mine for m in options.moves)
        if action == "pass_turn":
            return isinstance(options, AttackOptions) and options.can_pass
        if action == "support":
            return isinstance(options, SupportOptions)
        if action == "end_turn":
            return isinstance(options, SupportOptions) and options.can_end
        if action == "open_builder":
            return phase == "build"
        return action == "open_regroup" and phase == "regroup"

    def action_switch(self) -> None:
        """Move between the attacking squad, the target lists and (in the variant) the
        field, where the arrows move a cursor and Enter chooses the cell under it."""
        ring = [w for w in (self._own_list(), self._their_list(), self._field()) if w is not None]
        if not ring:
            return
        index = ring.index(self.focused) if self.focused in ring else -1
        ring[(index + 1) % len(ring)].focus()

    def action_to_targets(self) -> None:
        """The attacker is chosen: on to the targets."""
        their = self._their_list()
        if their is not None:
            their.focus()

    def action_declare(self) -> None:
        """Declare the highlighted attack; the attack roll follows at once (SC-5.1, SC-5.2)."""
        choice = self._choice()
        if choice is not None:
            self.submit(Attack(attacker=choice.attacker, target=choice.target))

    def action_move(self) -> None:
        """Field variant: move the highlighted squad to a free neighbouring cell (SC-12.1.4),
        chosen in the kit's choice dialog at the left (the field stays in view, the cell
        under the dialog's cursor marked on it)."""
        options = self.options()
        if not isinstance(options, AttackOptions):
            return
        mine, _theirs = self._pair()
        move = next((m for m in options.moves if m.squad == mine), None)
        if move is None:
            return

        def done(cell: str | None) -> None:
            self._move_mark = None
            if cell:
                self.submit(MoveSquad(squad=move.squad, cell=cell))
            else:
                self.refresh_table()

        def mark(cell: str | None) -> None:
            self._move_mark = cell
            if self.is_mounted:
                self.refresh_table()

        dialog = ChoiceDialog(
            _("Move {label}").format(label=move.squad),
            [_("{label} stands on {cell}. Move it to:").format(label=move.squad, cell=move.cell)],
            [(c, c) for c in move.to],
            on_highlight=mark,
        )
        dialog.add_class("sc-aside")
        self.app.push_screen(dialog, done)

    def action_pass_turn(self) -> None:
        """Field variant: neither attack nor move this turn (SC-12.1.4)."""
        self.submit(Pass())

    def action_support(self) -> None:
        """Roll the highlighted reinforcement die (SC-9.3)."""
        chip = self.query_one("#sc-dice-row", ChipRow).chip
        if chip and chip.startswith("d"):
            self.submit(Reinforce(die=int(chip[1:])))

    @on(ChipRow.Highlighted)
    def _die_highlighted(self) -> None:
        self.refresh_table()

    def action_end_turn(self) -> None:
        """End the turn without reinforcing (SC-9.2)."""
        self.submit(EndTurn())

    def action_open_builder(self) -> None:
        """The squad builder opens only behind the curtain naming its player: whoever sits
        at the terminal must say who they are first."""
        side = self.viewer
        if side is None or self.editing or self.view().phase != "build":
            return
        self._open_editor = True
        self.cover(side)

    def action_open_regroup(self) -> None:
        """Open the rearrangement again after going back to the table."""
        self._open_regroup()

    @on(Button.Pressed)
    def _button(self, event: Button.Pressed) -> None:
        actions = {
            "sc-btn-declare": self.action_declare,
            "sc-btn-move": self.action_move,
            "sc-btn-pass": self.action_pass_turn,
            "sc-btn-roll": self.action_support,
            "sc-btn-end": self.action_end_turn,
            "sc-btn-build": self.action_open_builder,
            "sc-btn-regroup": self.action_open_regroup,
            "sc-btn-result": self.action_show_result,
        }
        fn = actions.get(event.button.id or "")
        if fn is not None:
            fn()
