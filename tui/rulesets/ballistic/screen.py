"""Going Ballistic's game screen, on the kit (:class:`tui.kit.screen.GameScreen`).

The hex board fills the left; the side panel (the order, what Enter would do, the
hex under the cursor and its units, the chosen unit, shells in flight) and the log
fill the right. Everything shown comes from the seat of the player at the terminal:
its view, its options, previews and the sight questions asked through its preview
(:class:`engine.rulesets.ballistic.view.LookAt`...), and its log. The orders
themselves (fire, arc fire, overwatch...) are in :mod:`tui.rulesets.ballistic.orders`.

The map's sight tables are filled in a worker thread when the screen opens (behind
the curtain), so that no key waits on them (see :meth:`BallisticScreen.on_mount`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Static

from engine.decision import Decision
from engine.geometry.hex import in_front_arc, in_sector
from engine.i18n import N_, _, ngettext
from engine.rulesets.ballistic import events as ev
from engine.rulesets.ballistic.actions import NOTATION, Arc, Move
from engine.rulesets.ballistic.events import SECTOR_NAMES
from engine.rulesets.ballistic.options import ActivationOptions, DeployOptions, ReactOptions
from engine.rulesets.ballistic.view import LookAround, LookAt, Observed
from engine.seat import LogEntry
from tui.kit.board import BoardView
from tui.kit.screen import GameScreen
from tui.rulesets.ballistic import panels
from tui.rulesets.ballistic.board import HexBoard
from tui.rulesets.ballistic.glyphs import BoardGlyphs, board_glyphs, legend_rows, unit_labels
from tui.rulesets.ballistic.orders import Orders
from tui.rulesets.ballistic.scene import Mark, looks
from tui.screens.base import letter_keys

__all__ = ["Aim", "BallisticScreen"]

#: Map contents whose sight tables are filled already (this process).
_PRECOMPUTED: set[tuple[str, ...]] = set()


@dataclass
class Aim:
    """A hex being chosen on the board for an order: ``kind`` ``"arc"`` (an arc shot of
    weapon ``weapon``, a system index) or ``"smoke"``; ``hexes``: the hexes it may be
    aimed at (``CCRR``), from the seat's options; ``title``: what is aimed."""

    kind: str
    weapon: int
    hexes: frozenset[str]
    title: str
    arrivals: dict[str, int] = field(default_factory=dict)


class BallisticScreen(Orders, GameScreen):
    """Plays a Going Ballistic battle at this terminal through ``seats`` (see
    :class:`tui.kit.screen.GameScreen` for ``viewer`` and ``curtain``)."""

    LOG_IN_TABLE: ClassVar[bool] = True
    #: Whether the map's sight tables are filled in a worker when the screen opens.
    PRECOMPUTE: ClassVar[bool] = True
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(letter_keys("f", "а"), "fire", N_("Fire")),
        Binding(letter_keys("a", "ф"), "arc", N_("Arc")),
        Binding(letter_keys("o", "щ"), "overwatch", N_("Overwatch")),
        Binding(letter_keys("e", "у"), "end", N_("End activation")),
        Binding(letter_keys("z", "я"), "pivot(False)", N_("Pivot counter-clockwise"), show=False),
        Binding(letter_keys("x", "ч"), "pivot(True)", N_("Pivot clockwise"), show=False),
        Binding(letter_keys("h", "р"), "hold", N_("Hold position"), show=False),
        Binding(letter_keys("d", "в"), "designate", N_("Designate with the laser"), show=False),
        Binding(letter_keys("s", "ы"), "smoke", N_("Lay smoke"), show=False),
        Binding(letter_keys("v", "м"), "sight", N_("Sight and shadows on the board"), show=False),
        Binding(letter_keys("w", "ц"), "arcs", N_("Front arc and sectors on the board"), show=False),
        Binding("tab", "next_unit", N_("Next unit"), show=False),
        Binding("space", "to_actor", N_("Cursor to the acting unit"), show=False),
    ]

    def __init__(self, seats: Any, *, viewer: int | None = None, curtain: bool = True) -> None:
        super().__init__(seats, viewer=viewer, curtain=curtain)
        first = self.seats[0].view()
        self.columns = first.map.width
        self.rows = first.map.height
        #: The own unit chosen for the panel and the overlays ("": the acting unit).
        self.selected = ""
        #: (viewer, log length, side) -> names known on the other sides (_twin_names).
        self._twins: tuple[tuple[int | None, int, int], set[str]] | None = None
        #: "" (none), "sight" (a unit's shadows and line of sight), "fog" (the hexes the side
        #: does not observe) or "arcs" (front arc, sectors).
        self.overlay = ""
        #: A hex being chosen for an arc shot or smoke, or None.
        self.aiming: Aim | None = None
        #: Sectors shown while one is being chosen (first directions).
        self.sector_choice: tuple[int, ...] = ()
        #: The unit being deployed and the facing it will have (GB-4.6).
        self.deploy_unit = ""
        self.deploy_facing: int | None = None
        self._opts: tuple[tuple[Any, ...], Any] | None = None
        self._asked: dict[tuple[Any, ...], Any] = {}
        self._turn_seen: tuple[Any, ...] = ()

    # -- layout -------------------------------------------------------------------------
    def compose_table(self) -> ComposeResult:
        """The board on the left; the panel and the log on the right."""
        with Horizontal(id="gb-main"):
            yield HexBoard(self.columns, self.rows, id="gb-board")
            with Vertical(id="gb-side"):
                with VerticalScroll(id="gb-panel-box", can_focus=False):
                    yield Static("", id="gb-panel", markup=False)
                yield self.event_log()

    def table_focus(self) -> HexBoard:
        """The board has the focus."""
        return self.board

    @property
    def board(self) -> HexBoard:
        """The hex board."""
        return self.query_one(HexBoard)

    @property
    def board_glyphs(self) -> BoardGlyphs:
        """The board's glyph set (the app's choice)."""
        return board_glyphs(self.glyphs.name)

    def on_mount(self) -> None:
        """Fill the map's sight tables in a worker thread (behind the curtain, before any
        key: about a second per map, once per process), then show the first seat."""
        super().on_mount()
        self.board.on_cursor = self._cursor_moved
        self.call_after_refresh(self._fit_board)
        tables = self.seat.view().map.tables
        key = tuple(self.seat.view().map.rows)
        if self.PRECOMPUTE and key not in _PRECOMPUTED:
            _PRECOMPUTED.add(key)
            self.run_worker(tables.precompute, thread=True, group="gb-sight", exit_on_error=False)

    def on_resize(self) -> None:
        """The board takes the room the map needs, the panel the rest (at least its
        own width)."""
        super().on_resize()
        self._fit_board()

    def _fit_board(self) -> None:
        boards = self.query(HexBoard)
        if not boards:
            return
        board = boards.first()
        side = self.query_one("#gb-side")
        room = self.app.size.width - int(side.styles.min_width.value if side.styles.min_width else 34)
        width = min(board.virtual_size.width + 1, max(20, room))
        if board.styles.width is None or board.styles.width.value != width:
            board.styles.width = width

    # -- what the seat knows, asked once per position --------------------------------------
    def position_key(self) -> tuple[Any, ...]:
        """What changes when the game moves on (or back): the viewer, its log, the record."""
        seat = self.seat
        return (self.viewer, seat.log_length(), len(seat.record()), tuple(sorted(seat.to_act())))

    def options(self) -> Any:
        """The viewer's options now (asked of the seat once per position)."""
        key = self.position_key()
        if self._opts is None or self._opts[0] != key:
            self._opts = (key, self.seat.options() if self.viewer is not None else None)
        return self._opts[1]

    def ask_seat(self, question: Any) -> Any:
        """The seat's preview of ``question`` (an action or a sight question), asked once
        per position."""
        key = (*self.position_key(), question)
        if key not in self._asked:
            if len(self._asked) > 256:
                self._asked.clear()
            self._asked[key] = self.seat.preview(question)
        return self._asked[key]

    def activation(self) -> ActivationOptions | None:
        """The viewer's unit's activation options, when one of its units acts."""
        opts = self.options()
        return opts if isinstance(opts, ActivationOptions) else None

    def own_unit(self, name: str) -> Any:
        """The viewer's unit called ``name`` as its view shows it, or None."""
        return next((u for u in self.seat.view().units if u.own and u.name == name), None)

    def subject(self) -> Any:
        """The own unit the panel and the overlays are about: the one chosen, else the
        acting one."""
        view = self.seat.view()
        for name in (self.selected, view.acting):
            unit = next((u for u in view.units if u.own and u.name == name and u.hex), None)
            if name and unit is not None:
                return unit
        return None

    def cursor_hex(self) -> str:
        """The ``CCRR`` name of the hex under the cursor."""
        tables = self.seat.view().map.tables
        return tables.name[min(self.board.cursor, tables.count - 1)]

    def labels(self) -> dict[tuple[int, str], str]:
        """The board labels of the units the viewer sees (roster order)."""
        return unit_labels((u.side, u.name, u.profile) for u in self.seat.view().units)

    # -- drawing --------------------------------------------------------------------------
    def refresh_table(self) -> None:
        """Board and panel from the viewer's seat."""
        if not self.is_mounted:
            return
        view = self.seat.view()
        opts = self.options()
        if isinstance(opts, DeployOptions) and self.deploy_unit not in opts.units:
            self.deploy_unit = opts.units[0] if opts.units else ""
            self.deploy_facing = None
        labels = self.labels()
        acting = view.acting
        marks = self.marks(view, opts)
        self.board.show(
            looks(
                view.map.tables,
                self.board_glyphs,
                [u for u in view.units if u.hex],
                labels,
                marks,
                wrecks=view.wrecks,
                smoke=view.smoke,
                acting=acting,
                on_top=self.selected or acting,
            )
        )
        self.query_one("#gb-panel", Static).update(self.panel_text(view, opts, labels))

    def _cursor_moved(self, cell: int) -> None:
        """The cursor moved: what depends on it (a path, a scatter, a line) is drawn at once."""
        self.refresh_table()

    def on_board_view_chosen(self, event: BoardView.Chosen) -> None:
        """Enter or a click on a hex of the board."""
        event.stop()
        self.choose_hex(self.seat.view().map.tables.name[event.cell])

    def marks(self, view: Any, opts: Any) -> dict[int, Mark]:
        """What is marked on the board now (see :class:`tui.rulesets.ballistic.scene.Mark`)."""
        g = self.board_glyphs
        tables = view.map.tables
        idx = tables.index
        marks: dict[int, Mark] = {}
        cursor = self.cursor_hex()

        def put(name: str, mark: Mark) -> None:
            if name in idx:
                marks[idx[name]] = mark

        shell = next((p for p in view.projectiles if p.aim == cursor), None)
        if shell is not None and len(shell.scatter) > 1:
            for k, name in enumerate(shell.scatter, start=1):
                put(name, Mark(str(k), "scatter"))
        for p in view.projectiles:
            if p.position != p.launch and p.position != p.aim:
                put(p.position, Mark("", "flight"))
            put(p.aim, Mark(f"{g.shell}{p.arrival}"[:3], "shell"))
        if isinstance(opts, DeployOptions) and self.deploy_unit:
            unit = self.own_unit(self.deploy_unit)
            for name in opts.air_hexes if unit is not None and unit.altitude else opts.hexes:
                put(name, Mark(g.zone, "zone"))
        act = opts if isinstance(opts, ActivationOptions) else None
        if self.overlay == "arcs":
            self._arc_marks(view, put)
        elif self.overlay == "sight":
            self._sight_marks(view, put, cursor)
        elif self.overlay == "fog":
            observed = self.ask_seat(Observed())
            if observed is not None:
                seen = set(observed)
                for name in tables.name:
                    if name not in seen:
                        put(name, Mark(g.shadow, "shadow"))
        if self.sector_choice and act is not None:
            at = idx[act.hex]
            origin = tables.hex_of(at)
            for i in range(tables.count):
                if i == at:
                    continue
                ks = [
                    str(k)
                    for k, first in enumerate(self.sector_choice, 1)
                    if in_sector(origin, first, tables.hex_of(i))
                ]
                if ks:
                    marks[i] = Mark("".join(ks), "sector")
        if act is not None and self.aiming is not None:
            for name in self.aiming.hexes:
                put(name, Mark(g.aim, "aim"))
            if self.aiming.kind == "arc" and cursor in self.aiming.hexes:
                preview = self.ask_seat(Arc(act.unit, self.aiming.weapon, aim=cursor))
                if preview is not None and len(preview.landings) > 1:
                    for k, (name, _p) in enumerate(preview.landings, start=1):
                        put(name, Mark(str(k), "scatter"))
        elif act is not None and not self.overlay and not self.sector_choice:
            for w in act.weapons:  # the enemies a weapon can fire at now (f)
                for t in w.targets:
                    put(t.hex, Mark("", "target"))
            for r in act.reach:
                # a move that takes the unit's last action is drawn apart (no shot after it)
                put(r.hex, Mark(str(r.mp), "far" if r.last else "reach"))
            path = next((r for r in act.reach if r.hex == cursor), None)
            if path is not None:
                preview = self.ask_seat(Move(act.unit, path.path))
                if preview is not None:
                    spent = 0
                    for name, cost, _opens in preview.steps:
                        spent += cost
                        put(name, Mark(f"{g.moved}{spent}", "path"))
        return marks

    def _arc_marks(self, view: Any, put: Any) -> None:
        """The front arc of the chosen unit (or the one under the cursor) and its
        overwatch sector when it is one of the viewer's (GB-2.8, GB-11.2)."""
        g = self.board_glyphs
        tables = view.map.tables
        unit = self.subject() or next((u for u in view.units if u.hex == self.cursor_hex()), None)
        if unit is None or unit.hex not in tables.index:
            return
        at = tables.index[unit.hex]
        origin = tables.hex_of(at)
        sector = SECTOR_NAMES.index(unit.overwatch[1]) if unit.own and unit.overwatch is not None else None
        for i in range(tables.count):
            if i == at:
                continue
            other = tables.hex_of(i)
            if sector is not None and in_sector(origin, sector, other):
                put(tables.name[i], Mark(g.sector, "sector"))
            elif in_front_arc(origin, unit.facing, other):
                put(tables.name[i], Mark(g.arc, "arc"))

    def _sight_marks(self, view: Any, put: Any, cursor: str) -> None:
        """The chosen unit's shadows (the hexes it does not see) and its line of sight to
        the hex under the cursor, as the seat's sight questions answer (GB-8)."""
        g = self.board_glyphs
        unit = self.subject()
        if unit is None:
            return
        seen = self.ask_seat(LookAround(unit.name))
        if seen is not None:
            visible = set(seen)
            for name in view.map.tables.name:
                if name not in visible:
                    put(name, Mark(g.shadow, "shadow"))
        if cursor != unit.hex:
            info = self.ask_seat(LookAt(unit.name, cursor))
            if info is not None:
                for name in info.core[1:-1]:
                    put(name, Mark(g.line, "line"))
                for a, b in info.pairs:
                    put(a, Mark(g.pair, "line"))
                    put(b, Mark(g.pair, "line"))
                for name in info.hidden_by:
                    put(name, Mark(g.hider, "hider"))

    # -- the panel --------------------------------------------------------------------------
    def panel_text(self, view: Any, opts: Any, labels: dict[tuple[int, str], str]) -> Text:
        """The side panel: the order, what Enter would do here, the hex under the cursor
        and its units, the chosen unit, the viewer's shells in flight."""
        players = self.player_names()
        cursor = self.cursor_hex()
        tables = view.map.tables
        parts: list[Text] = []
        if view.order:
            parts.append(panels.order_line(view.order, labels))
        parts += self.context_lines(view, opts)
        shown = [self.player(seat) for seat in range(len(self.players))]
        parts.append(panels.hex_line(tables, cursor, wrecks=view.wrecks, smoke=view.smoke, players=shown))
        here = [u for u in view.units if u.hex == cursor]
        for n, unit in enumerate(here):
            parts += panels.unit_lines(unit, labels.get((unit.side, unit.name), "??"), players, detail=n == 0)
        subject = self.subject()
        if subject is not None and subject.hex != cursor:
            parts.append(Text(""))
            parts += panels.unit_lines(
                subject, labels.get((subject.side, subject.name), "??"), players, detail=False
            )
        shells = panels.shells_lines(view.projectiles)
        if shells:
            parts.append(Text(_("Your shells in flight:"), style="bold"))
            parts += shells
        return Text("\n").join(parts)

    def context_lines(self, view: Any, opts: Any) -> list[Text]:
        """What the keys would do now, for the hex under the cursor."""
        cursor = self.cursor_hex()
        out: list[Text] = []
        if isinstance(opts, DeployOptions) and self.deploy_unit:
            facing = self.facing_for_deploy(view)
            out.append(
                Text(
                    _(
                        "Deploy {unit} facing {facing}: Enter on a marked hex; z, x turn it; Tab: next unit."
                    ).format(unit=self.deploy_unit, facing=panels.facing_word(facing)),
                    style="bold",
                )
            )
            return out
        act = opts if isinstance(opts, ActivationOptions) else None
        if act is not None and self.aiming is not None:
            out.append(Text(self.aiming.title, style="bold"))
            if self.aiming.kind == "arc" and cursor in self.aiming.hexes:
                preview = self.ask_seat(Arc(act.unit, self.aiming.weapon, aim=cursor))
                if preview is not None:
                    out += panels.arc_lines(preview, numbers=False)
            elif cursor not in self.aiming.hexes:
                out.append(Text(_("Not a hex to aim at: move the cursor to a marked hex.")))
            return out
        if self.overlay == "sight":
            unit = self.subject()
            if unit is None:
                out.append(Text(_("Sight: choose one of your units with Enter.")))
            elif cursor != unit.hex:
                info = self.ask_seat(LookAt(unit.name, cursor))
                if info is not None:
                    out += panels.sight_lines(info)
            return out
        if self.overlay == "fog":
            out.append(Text(_("Marked: the hexes none of your units would see a unit in (GB-8.12).")))
            return out
        if act is not None:
            reach = next((r for r in act.reach if r.hex == cursor), None)
            if reach is not None:
                preview = self.ask_seat(Move(act.unit, reach.path))
                if preview is not None:
                    out.append(panels.move_line(cursor, preview))
        return out

    def facing_for_deploy(self, view: Any) -> int:
        """The facing the next unit is deployed with: the one chosen with z and x, else
        toward the middle of the map from the viewer's zone (SE from the left half, NW
        from the right)."""
        if self.deploy_facing is not None:
            return self.deploy_facing
        tables = view.map.tables
        side = self.viewer if self.viewer is not None else 0
        zone = [i for i in range(tables.count) if tables.zone[i] == side + 1]
        if not zone:
            return 0
        column = sum(tables.offset(i)[0] for i in zone) / len(zone)
        row = sum(tables.offset(i)[1] for i in zone) / len(zone)
        dx, dy = column - (tables.width + 1) / 2, row - (tables.height_rows + 1) / 2
        if abs(dx) >= abs(dy):
            return 2 if dx < 0 else 5
        return 3 if dy < 0 else 0

    # -- the kit's hooks ----------------------------------------------------------------------
    def status_text(self) -> str | Text:
        """Turn, who decides and which of the viewer's units acts."""
        view = self.seat.view()
        if self.seat.result() is not None:
            return _("The battle is over.")
        if view.phase == "deploy":
            turn = _("Deployment")
        elif view.turn_limit:
            turn = _("Turn {turn} of {limit}").format(turn=view.turn, limit=view.turn_limit)
        else:
            turn = _("Turn {turn}").format(turn=view.turn)
        to_act = sorted(self.seat.to_act())
        who = ", ".join(self.player(s) for s in to_act)
        act = self.activation()
        if act is not None and self.viewer in to_act:
            kinds = len(act.actions)
            return _("{turn} · {player}: {unit} acts, {mp} MP, {n} of 2 actions taken").format(
                turn=turn, player=who, unit=act.unit, mp=act.pool, n=kinds
            )
        return _("{turn} · to decide: {players}").format(turn=turn, players=who)

    def prompt_text(self) -> str:
        """The hint line: what the viewer may do now."""
        if self.seat.result() is not None:
            return super().prompt_text()
        opts = self.options()
        if self.viewer is None or self.viewer not in self.seat.to_act():
            return _("Waiting for the other player.")
        if isinstance(opts, DeployOptions):
            return _("Enter: deploy on a marked hex · z x: turn it · Tab: next unit")
        if self.aiming is not None:
            return _("Arrows: over the marked hexes · Enter: aim here · Escape: cancel")
        if self.overlay:
            return _("v: sight, fog · w: arcs · Enter on your unit: choose it · Escape: back")
        if isinstance(opts, ActivationOptions):
            return _("Enter move · f fire · a arc · o watch · z x pivot · h hold · e end")
        return super().prompt_text()

    def task_text(self, seat: int) -> str:
        """The curtain's line: what the seat is to do (nothing private: the other player
        may still be looking)."""
        view = self.seats[seat].view()
        if view.phase == "deploy":
            return _("Deploy your units in your zone.")
        if view.asked:
            return _("Overwatch: one of your units may fire.")
        return _("One of your units acts.")

    def command_placeholder(self) -> str:
        """An order in notation, for the command line's placeholder."""
        act = self.activation()
        if act is not None:
            return _("e.g. {unit} pivot cw (help lists the notation)").format(unit=act.unit)
        return _("An order in notation (help lists them)")

    def notation_rows(self) -> list[tuple[str, str]]:
        """The notation (GB-17.2), each form with its meaning."""
        return [(form, _(meaning)) for form, meaning in NOTATION]

    def legend_rows(self) -> list[tuple[str, str]]:
        """The board's glyphs."""
        return legend_rows(self.board_glyphs)

    def log_line(self, entry: LogEntry) -> Text:
        """An event of the log; turns, hits, destructions and landings stand out. An
        event about a unit whose name the viewer knows on another side too (both
        armies may field a Warden-1) names its player first: "Ann: Warden-1 acts."."""
        e = entry.event
        unit, side = getattr(e, "unit", None), getattr(e, "side", None)
        line = entry.text
        if isinstance(unit, str) and isinstance(side, int) and unit in self._twin_names(side):
            line = _("{player}: {event}").format(player=self.player(side), event=line)
        text = Text(line)
        if isinstance(e, (ev.TurnBegan, ev.GameOver)):
            text.stylize("bold reverse")
        elif isinstance(e, (ev.Destroyed, ev.ProjectileLanded, ev.OverwatchTriggered, ev.SystemFailed)) or (
            isinstance(e, ev.ShotResolved) and e.hit
        ):
            text.stylize("bold")
        return text

    def _twin_names(self, side: int) -> set[str]:
        """The names of the units of the sides other than ``side`` that the viewer knows
        (its own, and the enemies it has spotted), worked out once per position."""
        key = (self.viewer, self.seat.log_length(), side)
        if self._twins is None or self._twins[0] != key:
            names = {u.name for u in self.seat.view().units if u.side != side}
            self._twins = (key, names)
        return self._twins[1]

    def over_lines(self) -> list[str | Text]:
        """The scores of GB-16.2 and the viewer's units left, under its player's name."""
        view = self.seat.view()
        names = self.player_names()
        lines: list[str | Text] = [
            _("Max Health destroyed: {a} by {p1}, {b} by {p2} (GB-16.2).").format(
                a=view.scores[0], b=view.scores[1], p1=names[0], p2=names[1]
            )
        ]
        own = [u for u in view.units if u.own and u.hex]
        # The terminal may be shared (hot-seat): the viewer's player is named, not "you".
        player = self.player(self.viewer if self.viewer is not None else 0)
        lines.append(
            ngettext(
                "{player} has {n} unit left on the map.", "{player} has {n} units left on the map.", len(own)
            ).format(player=player, n=len(own))
        )
        return lines

    def ask(self, decision: Decision) -> None:
        """The overwatch decision (GB-11.4), with the shot itemised above the choices."""
        opts = self.options()
        context: list[str | Text] = []
        if isinstance(opts, ReactOptions):
            self.board.move_cursor(self.seat.view().map.tables.index.get(opts.hex, self.board.cursor))
            context += panels.odds_lines(opts.odds)
            context.append(Text(""))
        self.open_decision(decision, _("Overwatch"), context)

    def after_turn_change(self, changed: bool) -> None:
        """A new player or a new unit to act: the cursor goes to the acting unit."""
        super().after_turn_change(changed)
        view = self.seat.view()
        mark = (self.viewer, view.phase, view.turn, view.acting)
        if changed or mark != self._turn_seen:
            self._turn_seen = mark
            self.action_to_actor()

    def after_submit(self) -> None:
        """An order was played: the aim, the overlays and the chosen unit end."""
        self.aiming = None
        self.sector_choice = ()

    def leave_mode(self) -> bool:
        """Escape leaves an aim, then an overlay, then the chosen unit."""
        if self.aiming is not None:
            self.aiming = None
            self.refresh_all()
            return True
        if self.overlay:
            self.overlay = ""
            self.refresh_all()
            return True
        if self.selected:
            self.selected = ""
            self.refresh_all()
            return True
        return False

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The orders' keys are live while one of the viewer's units acts; the others
        as the kit says."""
        if action == "pivot" and isinstance(self.options(), DeployOptions):
            return True
        if action in ("fire", "arc", "overwatch", "end", "pivot", "hold", "designate", "smoke"):
            return True if self.activation() is not None else None
        return super().check_action(action, parameters)
