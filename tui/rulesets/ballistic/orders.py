"""The orders of Going Ballistic's game screen: the keys and what Enter does on a hex
(move, deploy, aim), and the dialogs that show a shot's chart and itemised chance,
an arc shot's scatter, an overwatch sector, before the order is given.

A mixin of :class:`tui.rulesets.ballistic.screen.BallisticScreen`: each order is
built from the seat's options (the weapons, targets, aims, sectors, reachable hexes
it lists) and submitted through the kit (:meth:`tui.kit.screen.GameScreen.submit`),
which tells a refusal on the hint line. Everything an order can do is also typed on
the command line in notation (GB-17.2).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from rich.text import Text

from engine.i18n import _, ngettext
from engine.rulesets.ballistic.actions import (
    Arc,
    Deploy,
    Designate,
    End,
    Fire,
    Hold,
    Move,
    Overwatch,
    Pivot,
    Smoke,
)
from engine.rulesets.ballistic.events import SECTOR_NAMES, system_name
from engine.rulesets.ballistic.options import ActivationOptions, DeployOptions
from tui.kit.dialogs import ChoiceDialog
from tui.kit.odds import format_odds
from tui.rulesets.ballistic import panels

if TYPE_CHECKING:
    from tui.rulesets.ballistic.screen import BallisticScreen

__all__ = ["Orders"]


class Orders:
    """The order keys and flows (see the module's description)."""

    # -- helpers -----------------------------------------------------------------------
    def _acting(self: BallisticScreen) -> ActivationOptions | None:
        """The acting unit's options, or None (said on the hint line)."""
        act = self.activation()
        if act is None:
            self.say(_("None of your units is acting now."))
        return act

    def _pick(
        self: BallisticScreen,
        title: str,
        lines: Sequence[str | Text],
        choices: Sequence[tuple[str, str | Text]],
        then: Callable[[str], None],
        default: str | None = None,
    ) -> None:
        """Ask ``title`` with the kit's choice dialog; ``then`` gets the chosen id (not
        called when the dialog is cancelled)."""

        def answered(answer: str | None) -> None:
            if answer is not None:
                then(answer)
            else:
                self.refresh_all()

        self.app.push_screen(ChoiceDialog(title, lines, choices, default, hanging=True), answered)

    # -- moving and turning --------------------------------------------------------------------
    def choose_hex(self: BallisticScreen, name: str) -> None:
        """Enter (or a click) on hex ``name``: deploy there, aim there, move there, or
        choose the unit of the viewer's standing there."""
        opts = self.options()
        if isinstance(opts, DeployOptions) and self.deploy_unit:
            unit = self.own_unit(self.deploy_unit)
            allowed = opts.air_hexes if unit is not None and unit.altitude else opts.hexes
            if name not in allowed:
                self.say(_("Deploy on a marked hex of your zone (GB-4.6)."))
                return
            facing = self.facing_for_deploy(self.seat.view())
            self.submit(Deploy(self.deploy_unit, name, facing))
            return
        act = self.activation()
        if act is not None and self.aiming is not None:
            self._aimed(act, name)
            return
        if act is not None and not self.overlay:
            reach = next((r for r in act.reach if r.hex == name), None)
            if reach is not None:
                self.submit(Move(act.unit, reach.path))
                return
        own = next((u for u in self.seat.view().units if u.own and u.hex == name), None)
        if own is not None:
            self.selected = "" if own.name == self.seat.view().acting else own.name
            self.refresh_all()
            return
        if act is not None and not self.overlay:
            self.say(
                _("{unit} cannot stop at {hex}: the marked hexes are those it can reach.").format(
                    unit=act.unit, hex=name
                )
            )

    def action_pivot(self: BallisticScreen, clockwise: bool) -> None:
        """z, x: turn the acting unit one facing step (GB-7.6); while deploying, the unit
        to be placed."""
        opts = self.options()
        if isinstance(opts, DeployOptions):
            facing = self.facing_for_deploy(self.seat.view())
            self.deploy_facing = (facing + (1 if clockwise else -1)) % 6
            self.refresh_all()
            return
        act = self._acting()
        if act is not None:
            self.submit(Pivot(act.unit, clockwise))

    def action_hold(self: BallisticScreen) -> None:
        """h: the acting unit holds position (GB-6.6)."""
        act = self._acting()
        if act is not None:
            self.submit(Hold(act.unit))

    def action_end(self: BallisticScreen) -> None:
        """e: the acting unit ends its activation (GB-6.5)."""
        act = self._acting()
        if act is not None:
            self.submit(End(act.unit))

    # -- direct fire ------------------------------------------------------------------------
    def action_fire(self: BallisticScreen) -> None:
        """f: a direct shot. The weapon and target (those at the cursor first), then the
        weapon's chart and the shot itemised, then how many shots (GB-9, GB-10)."""
        act = self._acting()
        if act is None:
            return
        pairs = [(w, t) for w in act.weapons for t in w.targets]
        if not pairs:
            self.say(
                _(
                    "No enemy your side spots is in the front arc, range and line of fire of a weapon now (GB-9.1)."
                )
            )
            return
        here = [(w, t) for w, t in pairs if t.hex == self.cursor_hex()]
        pairs = here or pairs
        if len(pairs) == 1:
            self._confirm_fire(act, *pairs[0])
            return
        choices = []
        labels = self.labels()
        enemy = 1 - (self.viewer or 0)
        for n, (w, t) in enumerate(pairs):
            label = Text(f"{w.word}  {labels.get((enemy, t.name), '??')} ", style="bold")
            label.append(
                _("{target} at {hex}, {d} hexes: needs {t}+, {odds}").format(
                    target=t.name,
                    hex=t.hex,
                    d=t.odds.distance,
                    t=t.odds.threshold,
                    odds=format_odds(t.odds.chance),
                )
            )
            choices.append((str(n), label))

        def chosen(answer: str) -> None:
            self._confirm_fire(act, *pairs[int(answer)])

        self._pick(
            _("Fire: which weapon at which target?"),
            [_("{unit}'s weapons and the enemies they can hit now:").format(unit=act.unit)],
            choices,
            chosen,
        )

    def _confirm_fire(self: BallisticScreen, act: ActivationOptions, weapon: Any, target: Any) -> None:
        """The chart, the itemised chance, and how many shots."""
        odds = target.odds
        lines: list[str | Text] = [
            Text(
                _("Chart of the {weapon} on this chassis (C {c}):").format(
                    weapon=system_name(weapon.key), c=weapon.c_eff
                ),
                style="bold",
            )
        ]
        lines += panels.chart_lines(weapon.chart, odds.distance)
        lines.append(Text(""))
        lines += panels.odds_lines(odds)
        choices = [
            (
                str(n),
                ngettext("Fire {n} shot ({odds} to hit)", "Fire {n} shots ({odds} each to hit)", n).format(
                    n=n, odds=format_odds(odds.chance)
                ),
            )
            for n in range(1, max(1, target.shots) + 1)
        ]

        def fire(answer: str) -> None:
            self.submit(Fire(act.unit, weapon.index, target.name, int(answer)))

        self._pick(
            _("Fire the {weapon} at {target}").format(weapon=weapon.word, target=target.name),
            lines,
            choices,
            fire,
        )

    # -- arc fire and smoke ---------------------------------------------------------------------
    def action_arc(self: BallisticScreen) -> None:
        """a: an arc shot (GB-12). The weapon, then a guided target or a hex to aim at on
        the board, with its flight time and scatter shown before it is fired."""
        act = self._acting()
        if act is None:
            return
        weapons = [w for w in act.weapons if w.aims or w.guided]
        if not weapons:
            self.say(_("No weapon can fire in an arc now: it needs an arc weapon and no MP spent (GB-12.2)."))
            return
        if len(weapons) == 1:
            self._arc_weapon(act, weapons[0])
            return
        choices = []
        for n, w in enumerate(weapons):
            band = w.band or (0, 0)
            label = Text(f"{w.word}  ", style="bold")
            label.append(
                _("{weapon}: {lo}–{hi} hexes, CEP {cep}").format(
                    weapon=system_name(w.key), lo=band[0], hi=band[1], cep=w.cep
                )
            )
            choices.append((str(n), label))
        self._pick(
            _("Arc fire: which weapon?"),
            [_("Firing in an arc makes {unit} hold position (GB-12.2).").format(unit=act.unit)],
            choices,
            lambda answer: self._arc_weapon(act, weapons[int(answer)]),
        )

    def _arc_weapon(self: BallisticScreen, act: ActivationOptions, weapon: Any) -> None:
        """A hex to aim at on the board, or (a guided weapon) one of the guided targets."""
        if weapon.guided:
            choices: list[tuple[str, str | Text]] = [("hex", _("Aim at a hex on the board"))]
            labels = self.labels()
            enemy = 1 - (self.viewer or 0)
            choices += [
                (
                    f"@{name}",
                    f"{labels.get((enemy, name), '??')}  "
                    + _("Guided at {target} (GB-13.3)").format(target=name),
                )
                for name in weapon.guided
            ]

            def chosen(answer: str) -> None:
                if answer.startswith("@"):
                    self._confirm_arc(act, weapon, Arc(act.unit, weapon.index, target=answer[1:]))
                else:
                    self._start_aim(act, weapon)

            self._pick(_("Fire the {weapon}").format(weapon=weapon.word), [], choices, chosen)
            return
        self._start_aim(act, weapon)

    def _start_aim(self: BallisticScreen, act: ActivationOptions, weapon: Any) -> None:
        from tui.rulesets.ballistic.screen import Aim

        if not weapon.aims:
            self.say(_("The {weapon} has no hex to aim at now (GB-12.2).").format(weapon=weapon.word))
            return
        self.aiming = Aim(
            "arc",
            weapon.index,
            frozenset(a.hex for a in weapon.aims),
            _("Arc fire with the {weapon}: choose the aim.").format(weapon=weapon.word),
            {a.hex: a.arrival for a in weapon.aims},
        )
        self._cursor_into_aim()

    def _cursor_into_aim(self: BallisticScreen) -> None:
        """Put the cursor on a hex that can be aimed at (an enemy's, if one is), unless
        it is on one already."""
        assert self.aiming is not None
        view = self.seat.view()
        tables = view.map.tables
        if self.cursor_hex() not in self.aiming.hexes:
            enemies = [u.hex for u in view.units if not u.own and u.hex in self.aiming.hexes]
            # an enemy's hex, else the middle of the hexes that may be aimed at
            middle = sorted(self.aiming.hexes, key=lambda h: (self.aiming.arrivals.get(h, 0), h))
            target = enemies[0] if enemies else middle[len(middle) // 2]
            self.board.move_cursor(tables.index[target])
        self.refresh_all()

    def _aimed(self: BallisticScreen, act: ActivationOptions, name: str) -> None:
        """Enter on a hex while aiming."""
        aim = self.aiming
        assert aim is not None
        if name not in aim.hexes:
            self.say(_("Aim at one of the marked hexes."))
            return
        if aim.kind == "smoke":
            self.submit(Smoke(act.unit, name))
            return
        weapon = next(w for w in act.weapons if w.index == aim.weapon)
        self._confirm_arc(act, weapon, Arc(act.unit, aim.weapon, aim=name))

    def _confirm_arc(self: BallisticScreen, act: ActivationOptions, weapon: Any, action: Arc) -> None:
        """The flight time and the scatter (every hex with its number and chance)."""
        preview = self.ask_seat(action)
        if preview is None:
            self.submit(action)  # refused: the hint line says why
            return
        lines: list[str | Text] = list(panels.arc_lines(preview))
        if action.target:
            lines.insert(
                0,
                Text(
                    _(
                        "Guided at {target}: if one of your units designates it when the missile lands, it hits it wherever it is (GB-13.4); otherwise:"
                    ).format(target=action.target)
                ),
            )
        fire = ngettext(
            "Fire: it lands in {n} turn",
            "Fire: it lands in {n} turns",
            preview.arrival - self.seat.view().turn,
        )
        self._pick(
            _("Arc shot of the {weapon}").format(weapon=weapon.word),
            lines,
            [("fire", fire.format(n=preview.arrival - self.seat.view().turn))],
            lambda _answer: self.submit(action),
        )

    def action_smoke(self: BallisticScreen) -> None:
        """s: lay smoke on a hex chosen on the board (GB-18.4)."""
        from tui.rulesets.ballistic.screen import Aim

        act = self._acting()
        if act is None:
            return
        item = next((i for i in act.items if i.key == "smoke" and i.usable and i.hexes), None)
        if item is None:
            self.say(
                _("No smoke launcher can be used now: none, no charge left, or no action free (GB-18.4).")
            )
            return
        self.aiming = Aim(
            "smoke",
            item.index,
            frozenset(item.hexes),
            ngettext(
                "Smoke ({n} charge left): choose the hex.",
                "Smoke ({n} charges left): choose the hex.",
                item.charges,
            ).format(n=item.charges),
        )
        self._cursor_into_aim()

    def action_designate(self: BallisticScreen) -> None:
        """d: designate an enemy unit with the laser (GB-13.1)."""
        act = self._acting()
        if act is None:
            return
        item = next((i for i in act.items if i.key == "designator" and i.usable and i.targets), None)
        if item is None:
            self.say(_("No laser designator can be used now on an enemy this unit sees (GB-13.1)."))
            return
        targets = list(item.targets)
        labels = self.labels()
        enemy = 1 - (self.viewer or 0)
        self._pick(
            _("Designate which enemy?"),
            [_("A guided missile landing on a designated unit hits it (GB-13.4).")],
            [(name, f"{labels.get((enemy, name), '??')}  {name}") for name in targets],
            lambda answer: self.submit(Designate(act.unit, answer)),
        )

    # -- overwatch ------------------------------------------------------------------------------
    def action_overwatch(self: BallisticScreen) -> None:
        """o: overwatch (GB-11). The weapon, the sector (both are marked on the board),
        then whether to be asked at each trigger or to fire a number of shots."""
        act = self._acting()
        if act is None:
            return
        weapons = [w for w in act.weapons if w.sectors]
        if not weapons:
            self.say(
                _(
                    "No weapon can be put on overwatch now: it needs an unused direct-fire weapon and an action free (GB-11.1)."
                )
            )
            return
        if len(weapons) == 1:
            self._overwatch_sector(act, weapons[0])
            return
        choices = [
            (
                str(n),
                ngettext("{word}: {weapon}, {n} shot", "{word}: {weapon}, {n} shots", w.rof).format(
                    word=w.word, weapon=system_name(w.key), n=w.rof
                ),
            )
            for n, w in enumerate(weapons)
        ]
        self._pick(
            _("Overwatch: which weapon?"),
            [_("Its whole rate of fire is kept for the enemy's moves this turn (GB-11.1).")],
            choices,
            lambda answer: self._overwatch_sector(act, weapons[int(answer)]),
        )

    def _overwatch_sector(self: BallisticScreen, act: ActivationOptions, weapon: Any) -> None:
        self.sector_choice = tuple(SECTOR_NAMES.index(s) for s in weapon.sectors)
        self.refresh_all()
        choices = [
            (s, _("{sector}: the hexes marked {k} on the board").format(sector=s, k=k))
            for k, s in enumerate(weapon.sectors, start=1)
        ]

        def chosen(sector: str) -> None:
            self.sector_choice = ()
            self._overwatch_order(act, weapon, sector)

        def answered(answer: str | None) -> None:
            if answer is None:
                self.sector_choice = ()
                self.refresh_all()
                return
            chosen(answer)

        self.app.push_screen(
            ChoiceDialog(
                _("Overwatch with the {weapon}: which sector?").format(weapon=weapon.word),
                [
                    _(
                        "A sector is one half of the front arc; an enemy acting later that steps into view in it is a trigger (GB-11.2, GB-11.3)."
                    )
                ],
                choices,
                hanging=True,
            ),
            answered,
        )

    def _overwatch_order(self: BallisticScreen, act: ActivationOptions, weapon: Any, sector: str) -> None:
        choices: list[tuple[str, str | Text]] = [("0", _("Ask me at each trigger"))]
        choices += [
            (
                str(n),
                ngettext(
                    "Fire up to {n} shot at each trigger without asking",
                    "Fire up to {n} shots at each trigger without asking",
                    n,
                ).format(n=n),
            )
            for n in range(1, weapon.rof + 1)
        ]
        index = SECTOR_NAMES.index(sector)
        self._pick(
            _("Overwatch {sector}: at a trigger").format(sector=sector),
            [_("Overwatch shots need 2 more on the d20 (GB-11.6).")],
            choices,
            lambda answer: self.submit(Overwatch(act.unit, weapon.index, index, int(answer))),
        )

    # -- looking ---------------------------------------------------------------------------------
    def action_sight(self: BallisticScreen) -> None:
        """v: show the chosen unit's shadows and its line of sight to the cursor (GB-8);
        again: the hexes the whole side does not observe (GB-8.12); again: neither."""
        self.overlay = {"sight": "fog", "fog": ""}.get(self.overlay, "sight")
        if self.overlay == "sight" and self.subject() is None:
            own = next((u for u in self.seat.view().units if u.own and u.hex), None)
            if own is not None:
                self.selected = own.name
        self.refresh_all()

    def action_arcs(self: BallisticScreen) -> None:
        """w: show the front arc of the chosen unit (or the one under the cursor) and its
        overwatch sector (GB-2.8, GB-11.2)."""
        self.overlay = "" if self.overlay == "arcs" else "arcs"
        self.refresh_all()

    def action_next_unit(self: BallisticScreen) -> None:
        """Tab: the next unit to deploy, or the next of the viewer's units on the map."""
        opts = self.options()
        if isinstance(opts, DeployOptions) and opts.units:
            units = list(opts.units)
            at = units.index(self.deploy_unit) if self.deploy_unit in units else -1
            self.deploy_unit = units[(at + 1) % len(units)]
            self.refresh_all()
            return
        view = self.seat.view()
        own = [u for u in view.units if u.own and u.hex]
        if not own:
            return
        names = [u.name for u in own]
        current = self.selected or view.acting
        at = names.index(current) if current in names else -1
        unit = own[(at + 1) % len(own)]
        self.selected = "" if unit.name == view.acting else unit.name
        self.board.move_cursor(view.map.tables.index[unit.hex])
        self.refresh_all()

    def action_to_actor(self: BallisticScreen) -> None:
        """Space: the cursor to the acting unit (or the chosen one, or the first of the
        viewer's units)."""
        view = self.seat.view()
        tables = view.map.tables
        unit = self.subject() or next((u for u in view.units if u.own and u.hex), None)
        if unit is not None and unit.hex in tables.index:
            self.board.move_cursor(tables.index[unit.hex])
            self.board.keep_in_view()
        elif isinstance(self.options(), DeployOptions):
            zone = [i for i in range(tables.count) if tables.zone[i] == (self.viewer or 0) + 1]
            if zone:
                self.board.move_cursor(zone[len(zone) // 2])
        self.refresh_all()
