"""The EVA battle screen's orders: its keys and the dialogs that make an order.

:class:`OrdersMixin` is part of :class:`tui.rulesets.eva.battle.EvaGameScreen`.
Every choice it offers comes from the seat (the options: targets with their odds,
hand configurations, swaps; ``seat.check`` for the aimed shots the rules allow)
and every order goes through the screen's ``submit``. The dialogs are the kit's
(:class:`tui.kit.dialogs.ChoiceDialog`, :class:`tui.kit.dialogs.DecisionDialog`);
chances are written by :func:`tui.kit.odds.format_odds`.

The rules' pending choices (the trauma zone, EVA-11.9; the weapon to keep,
EVA-9.7) and the zone choice (EVA-5.2) are put to the player through the kit's
decision dialog: the seat's :meth:`engine.seat.Seat.decision` when the ruleset
gives one, else a :class:`engine.decision.Decision` made here from the options.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import msgspec
from rich.text import Text
from textual.widgets import OptionList

from engine.decision import Decision
from engine.i18n import N_, _, ngettext
from engine.rulesets.eva import actions as act
from engine.rulesets.eva.options import ShotOption
from engine.rulesets.eva.view import OwnUnit
from tui.kit.dialogs import ChoiceDialog
from tui.rulesets.eva.board import square_name
from tui.rulesets.eva.panels import item_label, named_players, odds, shot_details, shot_odds, shot_text

if TYPE_CHECKING:
    from tui.rulesets.eva.battle import EvaGameScreen

__all__ = ["OrdersMixin"]

_ZONES = {"arms": N_("arms"), "legs": N_("legs"), "body": N_("body"), "wings": N_("wings")}
#: The events that led to a pending choice, shown above its question.
_CONTEXT = ("melee", "trauma", "stowed")


class OrdersMixin:
    """The orders of the EVA battle screen (see the module's docstring)."""

    # -- deployment -------------------------------------------------------------------
    def hands_for(self: EvaGameScreen, unit: int) -> list[int]:
        """What ``unit`` holds when placed: the hand configuration chosen with ``h``,
        starting from the rules' default (EVA-9.1)."""
        opts = self.opts
        configs = opts.hand_configs.get(unit, []) if opts is not None else []
        if not configs:
            return []
        if unit not in self.deploy_hands:
            default = opts.default_hands.get(unit) if opts is not None else None
            self.deploy_hands[unit] = next((i for i, c in enumerate(configs) if list(c) == default), 0)
        return list(configs[self.deploy_hands[unit] % len(configs)])

    def action_hands(self: EvaGameScreen) -> None:
        """Deployment: the next hand configuration for the Eva being placed (EVA-9.1)."""
        if self.deploy_unit is None:
            return
        self.hands_for(self.deploy_unit)
        self.deploy_hands[self.deploy_unit] += 1
        self._draw_panel()

    # -- activating -------------------------------------------------------------------
    def activate(self: EvaGameScreen, unit: int) -> None:
        """Start ``unit``'s activation; asks first whether to roll for Berserk when it may
        (EVA-16.7)."""
        opts, view = self.opts, self.view
        assert opts is not None and view is not None
        if unit in opts.berserk_roll:
            name = view.units[unit].name

            def answered(choice: str | None) -> None:
                if choice is not None:
                    self.submit(act.Activate(unit, choice == "yes"))

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
        self.submit(act.Activate(unit))

    # -- attacks ----------------------------------------------------------------------
    def attack(self: EvaGameScreen, kind: str, square: int) -> None:
        """The attack of ``kind`` (fire, melee, neutralise) on the Eva on ``square``,
        after its dialog (the weapon when several can fire, the odds)."""
        opts, view = self.opts, self.view
        assert opts is not None and view is not None
        if kind == "fire":
            shots = [s for s in opts.shots if s.square == square]
            if len(shots) == 1:
                self.fire_dialog(shots[0])
                return

            def weapon(choice: str | None) -> None:
                if choice is not None:
                    self.fire_dialog(shots[int(choice)])

            self.app.push_screen(
                ChoiceDialog(
                    _("Which weapon?"),
                    [],
                    [(f"{i}", shot_text(view, s, self.ascii)) for i, s in enumerate(shots)],
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
            else _("Attack roll: TN {tn}+, {p} to hit (EVA-14.2).").format(tn=n.tn, p=odds(n.p_hit)),
            _("Then d6 + AT against the target's d6 + AT: only a higher total succeeds (EVA-14.3)."),
            _("Energy: {n}").format(n=n.energy),
        ]
        self._confirm_then(_("Neutralise"), lines, _("Try"), act.Neutralise(opts.unit, n.target))

    def _confirm_then(self: EvaGameScreen, title: str, lines: list[str], label: str, action: object) -> None:
        def answered(choice: str | None) -> None:
            if choice == "go":
                self.submit(action)

        self.app.push_screen(
            ChoiceDialog(title, lines, [("go", label), ("back", _("Cancel"))], "go"), answered
        )

    def fire_dialog(self: EvaGameScreen, shot: ShotOption) -> None:
        """The odds of ``shot``, itemised, and its ways: a single shot, a burst, a shot
        aimed at each zone the rules allow now (asked of the seat)."""
        opts, view = self.opts, self.view
        assert opts is not None and view is not None
        unit = opts.unit
        lines: list[str | Text] = [str(x) for x in shot_details(view, shot)]
        choices: list[tuple[str, str | Text]] = [
            ("single", _("Single shot — {e} energy, {p} to hit").format(e=shot.energy, p=shot_odds(shot)))
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
                        p=odds(shot.burst_p_hit),
                    ),
                )
            )
        if shot.aimed_energy:
            for zone in _ZONES:
                if self.seat.check(act.Fire(unit, shot.target, shot.item, aimed=zone)) is not None:
                    continue
                choices.append(
                    (
                        f"aimed:{zone}",
                        _("Aimed at the {zone} — {e} energy, {p} to hit").format(
                            zone=_(_ZONES[zone]), e=shot.aimed_energy, p=shot_odds(shot)
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

    # -- the targeting keys -------------------------------------------------------------
    def action_fire(self: EvaGameScreen) -> None:
        """Show the legal targets of a ranged attack, with their odds (or say why there
        is none)."""
        self._enter_mode("fire")

    def action_melee(self: EvaGameScreen) -> None:
        """Show the enemy Evas the active Eva can attack in melee."""
        self._enter_mode("melee")

    def action_neutralise(self: EvaGameScreen) -> None:
        """Show the enemy Evas whose AT field the active Eva can try to neutralise."""
        self._enter_mode("neutralise")

    def action_jump(self: EvaGameScreen) -> None:
        """Show the squares the Jumpjet can reach."""
        self._enter_mode("jump")

    # -- orders of one key ------------------------------------------------------------
    def action_stance(self: EvaGameScreen) -> None:
        """Kneel, or stand up (EVA-8.6)."""
        opts = self.opts
        if opts is not None and opts.kind == "act":
            self.submit(act.Kneel(opts.unit) if opts.kneel else act.Stand(opts.unit))

    def action_flight(self: EvaGameScreen) -> None:
        """Take off or land with Wings (EVA-16.10)."""
        opts = self.opts
        if opts is not None and opts.kind == "act":
            self.submit(act.TakeOff(opts.unit) if opts.takeoff else act.Land(opts.unit))

    def action_accelerate(self: EvaGameScreen) -> None:
        """Declare Acceleration (EVA-16.11)."""
        if self.opts is not None and self.opts.accelerate:
            self.submit(act.Accelerate(self.opts.unit))

    def action_disengage(self: EvaGameScreen) -> None:
        """Try to leave melee (EVA-12.11)."""
        if self.opts is not None and self.opts.disengage:
            self.submit(act.Disengage(self.opts.unit))

    def action_discard(self: EvaGameScreen) -> None:
        """Throw the Shield aside (EVA-9.4)."""
        if self.opts is not None and self.opts.discard:
            self.submit(act.Discard(self.opts.unit))

    def action_end(self: EvaGameScreen) -> None:
        """End the activation."""
        if self.opts is not None and self.opts.end:
            self.submit(act.End(self.opts.unit))

    def action_detonate(self: EvaGameScreen) -> None:
        """Detonate the D-Module, after a confirmation (EVA-16.3): the Eva is destroyed."""
        from tui.screens.dialogs import ConfirmScreen

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

    def action_swap(self: EvaGameScreen) -> None:
        """Choose what the active Eva holds (EVA-9.3), with the energy each change costs
        and the order that makes it."""
        opts, view = self.opts, self.view
        if opts is None or view is None or opts.kind != "act" or not opts.swaps:
            return
        unit = opts.unit
        own = view.units[unit]
        now = list(own.hands) if isinstance(own, OwnUnit) else []
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
        current = f"{self._config_label(unit, now)} ({self._config_words(unit, now)})"

        def answered(choice: str | None) -> None:
            if choice is not None and choice != "back":
                self.submit(act.Swap(unit, list(opts.swaps[int(choice)][0])))

        self.app.push_screen(
            ChoiceDialog(
                _("Weapons"), [_("Now in hand: {hands}").format(hands=current)], choices, "0", hanging=True
            ),
            answered,
        )

    def _config_label(self: EvaGameScreen, unit: int, hands: list[int]) -> str:
        view = self.view
        u = view.units[unit] if view is not None else None
        if not isinstance(u, OwnUnit):
            return ""
        labels = [item_label(u.items[i].label) for i in hands if 0 <= i < len(u.items)]
        return "+".join(labels) if labels else _("empty hands")

    def _config_words(self: EvaGameScreen, unit: int, hands: list[int]) -> str:
        """``hands`` as the notation writes them: the items' labels joined by ``+``
        (``rifle+knife``), or ``-`` for empty hands."""
        view = self.view
        u = view.units[unit] if view is not None else None
        if not isinstance(u, OwnUnit):
            return "-"
        labels = [u.items[i].label for i in hands if 0 <= i < len(u.items)]
        return "+".join(labels) if labels else "-"

    # -- choosing on the board and in the target list ---------------------------------
    def choose_square(self: EvaGameScreen, square: int) -> None:
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

    def row_highlighted(self: EvaGameScreen, event: OptionList.OptionHighlighted) -> None:
        """A row of the target list highlighted (from the list): the cursor goes to its
        target, so Enter on the board and Enter on the list aim at the same Eva."""
        squares = self._target_squares()
        index = event.option_index
        if 0 <= index < len(squares) and self.board.cursor != squares[index]:
            self.board.move_cursor(squares[index])

    def row_chosen(self: EvaGameScreen, event: OptionList.OptionSelected) -> None:
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

    def action_cycle(self: EvaGameScreen, step: int) -> None:
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

    def action_inspect(self: EvaGameScreen) -> None:
        """Show the Eva under the cursor in the panel (an enemy: only what your side may know)."""
        unit = self._unit_at(self.board.cursor)
        if unit is None:
            return
        self.selected = unit
        self._draw_board()
        self._draw_panel()

    # -- questions the rules ask ---------------------------------------------------------
    def ask(self: EvaGameScreen, decision: Decision) -> None:
        """Put the engine's ``decision`` (the zone choice EVA-5.2, a trauma zone EVA-11.9,
        the weapon to keep EVA-9.7) in the kit's dialog, with its title and the log lines
        that led to it; the Eva it is about is selected and shown on the board."""
        opts, view = self.opts, self.view
        seat = self.seat
        title, context = _("A decision"), []
        if opts is not None and opts.kind == "zone":
            context = [
                self.log_line(e) for e in seat.log() if e.event.to is None and _tag(e.event) == "rolloff"
            ]
            title = _("Deployment zone")
        elif opts is not None and view is not None and opts.kind == "decide":
            if 0 <= opts.unit < len(view.units):
                self._cursor_to_unit(opts.unit)
                self.selected = opts.unit
                self._draw_board()
                self._draw_panel()
            context = [self.log_line(e) for e in seat.log()[-12:] if _tag(e.event) in _CONTEXT][-1:]
            title = _("Trauma zone") if opts.decision == "zone" else _("Keep a weapon")
        # the engine names a shared name's player by seat ("A (Player 1)"): here by name
        decision = msgspec.structs.replace(decision, prompt=named_players(decision.prompt, self.players))
        self.open_decision(decision, title, context)


def _tag(event: Any) -> str:
    """An event's tag (its kind in the save)."""
    config = getattr(type(event), "__struct_config__", None)
    return str(getattr(config, "tag", "")) if config is not None else ""
