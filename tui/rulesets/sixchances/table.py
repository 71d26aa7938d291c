"""The Six Chances Party table: the game screen, played hot-seat.

Layout (top to bottom): a status line (turn, whose decision, the bag, idle
turns); both players' squads side by side, each with its reserve, remaining
total and unused reinforcement dice; the action panel of the step in progress
(and the field, in the variant); the event log with every die.

Whenever the decision passes to the other player, a curtain covers the table
until that player says they are at the terminal (:class:`CurtainScreen`); the
starting squads are built behind it (:class:`SquadBuilderScreen`) and the
opponent's order is never shown before both are sealed. The attack step
shows the exact odds of the highlighted attacker and target; the defender,
after the curtain, sees the chance each stat's roll beats the known attack
roll; the support step offers the unused dice, and the rearrangement opens in
:class:`RegroupScreen`. Every number comes from the engine's options and view.
"""

from __future__ import annotations

from typing import Any, ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, OptionList, RichLog, Static

from engine.i18n import N_, _, ngettext
from engine.ruleset import ActionError, Event
from engine.rulesets.sixchances.actions import Attack, Defend, EndTurn, MoveSquad, Pass, Reinforce
from engine.rulesets.sixchances.catalog import STATS
from engine.rulesets.sixchances.events import AttackDeclared, GameOver, TurnBegan, outcome_text
from engine.rulesets.sixchances.options import (
    AttackChoice,
    AttackOptions,
    DefenceOptions,
    RegroupOptions,
    SupportOptions,
)
from engine.rulesets.sixchances.view import View
from tui.rulesets.sixchances.keys import SixChancesHelp
from tui.rulesets.sixchances.panels import (
    ChipRow,
    FieldGrid,
    SquadPanel,
    defence_rows,
    fitted_odds_table,
    occupants,
)
from tui.rulesets.sixchances.rows import ActionRows
from tui.rulesets.sixchances.tokens import die_text, player_name, stat_name, tokens_text
from tui.saves import player_label, versus
from tui.savestate import tell_save_state
from tui.screens.base import WartableScreen
from tui.widgets.bars import TitleBar

__all__ = ["SixChancesScreen"]


class EventLog(RichLog):
    """The log of the table. It keeps its lines, so a new width wraps them again; when
    its size changes (the action panel above grows or shrinks), it shows its latest
    events again."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.texts: list[Text] = []
        self._wrapped_at = 0

    def add(self, text: Text) -> None:
        """Write one line (kept for re-wrapping)."""
        self.texts.append(text)
        self._put(text)

    def _put(self, text: Text) -> None:
        # wrapped at the log's own width (Rich would measure against the console's width)
        width = self.scrollable_content_region.width
        self.write(text, width=width - 1 if width > 1 else None)

    def reset(self) -> None:
        """Forget every line."""
        self.texts = []
        self.clear()

    def on_resize(self) -> None:
        """Wrap again at a new width; back to the latest events."""
        width = self.scrollable_content_region.width
        if width != self._wrapped_at and self.texts:
            self._wrapped_at = width
            self.clear()
            for text in self.texts:
                self._put(text)
        self.call_after_refresh(self.scroll_end, animate=False, immediate=True)


class ActionPanel(Vertical):
    """The action panel of the step in progress. Its tables are laid out for its own
    width (short heads when it is narrow, e.g. beside the field), so a change of that
    width draws the table again."""

    def on_resize(self) -> None:
        """Lay the tables out again for the new width."""
        screen = self.screen
        if isinstance(screen, SixChancesScreen):
            self.call_after_refresh(screen.refresh_table)


class SixChancesScreen(SixChancesHelp, WartableScreen):
    """Plays ``game`` (a Six Chances Party :class:`engine.game.Game`) hot-seat.

    The player at the terminal is :attr:`viewer`; the table shows that side's view.
    ``viewer``: the side known to sit at the terminal already (no curtain before its
    first decision); None shows the curtain first.
    """

    SCREEN_TITLE = N_("Six Chances Party")
    HELP_NOTATION = True
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "to_targets", N_("Choose the target")),
        Binding("enter", "declare", N_("Attack")),
        Binding("enter", "defend", N_("Defend")),
        Binding("enter", "support", N_("Roll the die")),
        Binding("enter", "open_builder", N_("Build the squads")),
        Binding("enter", "open_regroup", N_("Rearrange")),
        Binding("enter", "show_result", N_("Result")),
        Binding("tab", "switch", N_("Attacker / target"), show=False),
        Binding("a,ф", "declare", N_("Attack"), show=False),
        Binding("m,ь", "move", N_("Move")),
        Binding("p,з", "pass_turn", N_("Pass")),
        Binding("1", "defend_number(0)", N_("Defend with Potential"), show=False),
        Binding("2", "defend_number(1)", N_("Defend with Resilience"), show=False),
        Binding("3", "defend_number(2)", N_("Defend with Support"), show=False),
        Binding("e,у", "end_turn", N_("End the turn")),
        Binding("colon", "notation", N_("Type an action"), show=False),
        Binding("ctrl+z", "undo", N_("Undo my last action"), show=False),
        Binding("l,д", "whole_log", N_("Log")),
        Binding("pageup", "log_page(-1)", N_("Scroll the log"), show=False),
        Binding("pagedown", "log_page(1)", N_("Scroll the log"), show=False),
        Binding("escape", "leave", N_("Back")),
    ]

    def __init__(self, game: Any, viewer: int | None = None) -> None:
        super().__init__()
        self.game = game
        #: The side at the terminal (None until the first curtain).
        self.viewer: int | None = viewer
        #: Per side: how many of the game's events it has seen (for the curtain's news).
        self.seen: dict[int, int] = {}
        #: Per side: its unsealed starting squads (kept on disk too, see ``drafts``).
        self.drafts: dict[int, Any] = {}
        #: Per side: the last attacker and target highlighted.
        self.pair: dict[int, tuple[str | None, str | None]] = {}
        self._busy = False
        self._over_shown = False
        self._log_count = 0
        self._log_building = False
        self._started = bool(game.records)
        self._options_cache: tuple[tuple[int, int, int], Any] | None = None
        self._dice_key: tuple[int, int | None] | None = None
        self._focus_key: tuple[int, int | None] | None = None
        #: Field: the destination under the cursor of the move dialog (marked on the grid).
        self._move_mark: str | None = None

    # -- facts ------------------------------------------------------------------------
    @property
    def state(self) -> Any:
        """The game's state (for the engine's checks)."""
        return self.game.state

    def screen_title(self) -> str:
        """The system's title and the two players, each name cut to fit the terminal's
        width (a long name never pushes the other one out)."""
        from tui.textfit import fit

        title = _(self.SCREEN_TITLE)
        try:
            width = self.app.size.width
        except Exception:  # noqa: BLE001 - no app yet: the narrowest layout's width
            width = 80
        room = width - len(" Wartable | ") - len(title) - 2 - len(versus(["", ""])) - 1
        each = max(6, room // 2)
        names = [fit(player_label(name, i), each) for i, name in enumerate(self.game.players[:2])]
        return f"{title}: " + versus(names)

    def who(self, side: int) -> str:
        """The player's name and seat."""
        return player_name(self.game.players, side)

    def decider(self) -> int | None:
        """The side that decides now (Player 1 first while both build); None when over."""
        sides = sorted(self.game.to_act())
        return sides[0] if sides else None

    def view(self) -> View:
        """The viewer's view (Player 1's before anyone sat down)."""
        return self.game.view(self.viewer if self.viewer is not None else 0)

    def options(self) -> Any:
        """The viewer's options now (asked of the engine once per game position)."""
        side = self.viewer if self.viewer is not None else 0
        key = (side, len(self.game.records), len(self.game.events))
        if self._options_cache is None or self._options_cache[0] != key:
            self._options_cache = (key, self.game.options(side))
        return self._options_cache[1]

    @property
    def glyph_set(self) -> str:
        """ "unicode" or "ascii"."""
        return self.wapp.glyph_set

    # -- layout -----------------------------------------------------------------------
    def compose_body(self) -> ComposeResult:
        """Status, the two sides, the action panel (and the field), the log."""
        pointer = self.glyphs.pointer
        with Vertical(id="sc-body"):
            yield Static("", id="sc-status")
            with Horizontal(id="sc-sides"):
                yield SquadPanel(0, pointer=pointer, id="sc-side-0")
                yield SquadPanel(1, pointer=pointer, id="sc-side-1")
            with Horizontal(id="sc-lower"):
                with ActionPanel(id="sc-action"):
                    yield Static("", id="sc-action-head", markup=False)
                    yield Static("", id="sc-odds")
                    yield ActionRows(pointer=pointer, id="sc-choices")
                    yield ChipRow(id="sc-dice-row")
                    with Horizontal(classes="sc-buttons", id="sc-action-buttons"):
                        yield Button(_("Attack"), id="sc-btn-declare", compact=True, variant="primary")
                        yield Button(_("Move"), id="sc-btn-move", compact=True)
                        yield Button(_("Pass"), id="sc-btn-pass", compact=True)
                        yield Button(_("Defend"), id="sc-btn-defend", compact=True, variant="primary")
                        yield Button(_("Roll the die"), id="sc-btn-roll", compact=True, variant="primary")
                        yield Button(_("End the turn"), id="sc-btn-end", compact=True)
                        yield Button(
                            _("Build the squads"), id="sc-btn-build", compact=True, variant="primary"
                        )
                        yield Button(
                            _("Rearrange the tokens"), id="sc-btn-regroup", compact=True, variant="primary"
                        )
                        yield Button(_("Result"), id="sc-btn-result", compact=True)
                if self.game.setup.field:
                    yield FieldGrid(ascii_set=self.glyph_set == "ascii", id="sc-grid")
            log = EventLog(id="sc-log", wrap=True, markup=False, auto_scroll=True, min_width=20)
            log.border_title = _("Log")
            yield log

    def on_mount(self) -> None:
        """Draw the table and hand the terminal to whoever decides first."""
        from tui.rulesets.sixchances.drafts import load_drafts

        self._log_count = 0
        if not self.seen:
            # a resumed game: each player's news start where they did before quitting, at
            # the events of that player's own last action; a new game shows everything
            for side in (0, 1):
                self.seen[side] = self.game.last_action_events(side) if self._started else 0
        for side, draft in load_drafts(self.game).items():
            self.drafts.setdefault(side, draft)
        self.call_after_refresh(self.advance, True)

    async def refresh_language(self) -> None:
        """Re-compose in the new language (the log is written again)."""
        await self.recompose()
        self._log_count = 0
        self.refresh_table()
        self._focus_step()

    def on_resize(self) -> None:
        """The squad rows show pips when the panels are wide enough; the log is wrapped
        to the new width; the names in the title bar are cut to the new width."""
        bar = self.query_one(TitleBar)
        title = self.screen_title()
        if bar.screen_title != title:
            bar.screen_title = title
            bar.refresh()
        self.call_after_refresh(self.refresh_table)

    # -- the flow ---------------------------------------------------------------------
    def advance(self, auto_open: bool = True) -> None:
        """Bring the screen up to date with the game and hand the terminal over when
        the decision passes to the other player. ``auto_open``: open the squad builder or
        the rearrangement at once when that is the step."""
        self.refresh_table()
        if self._busy:
            return
        side = self.decider()
        if side is None:
            if not self._over_shown:
                self._over_shown = True
                self.action_show_result()
            self._focus_step()
            return
        if side != self.viewer:
            self._curtain(side)
            return
        phase = self.state.phase
        if auto_open and phase == "build":
            self._open_builder()
        elif auto_open and phase == "regroup":
            self.action_open_regroup()
        else:
            self._focus_step()

    def _curtain(self, side: int) -> None:
        """Cover the table until ``side``'s player says they are at the terminal; they see
        every public event since they last looked at the table."""
        from tui.rulesets.sixchances.dialogs import CurtainScreen

        news = [self._event_text(e, side) for e in self.game.events[self.seen.get(side, 0) :] if e.to is None]
        self._busy = True

        def done(answer: str | None) -> None:
            self._busy = False
            if answer == "menu":
                self.app.pop_screen()
                return
            self.viewer = side
            self.advance(True)

        self.app.push_screen(CurtainScreen(self.who(side), self._task_text(side), news), done)

    def _task_text(self, side: int) -> str:
        """What ``side`` is to do now, for the curtain."""
        state = self.state
        other = self.who(1 - side)
        if state.phase == "build":
            return _(
                "Build your starting squads. {other} must not look until you have sealed them (SC-2.5)."
            ).format(other=other)
        if state.phase == "defend":
            pending = state.pending
            return _(
                "{attacker} attacks your {target}: the d{die} attack roll is {roll}. Choose the defending stat (SC-5.3)."
            ).format(attacker=pending.attacker, target=pending.target, die=pending.die, roll=pending.roll)
        if state.phase == "attack":
            return (
                _("Your turn: choose an attack (SC-5.1).")
                if not state.setup.field
                else _("Your turn: attack, move a squad or pass (SC-12.1.4).")
            )
        if state.phase == "support":
            return _("Your Support step: reinforce with an unused die, or end the turn (SC-9).")
        if state.phase == "regroup":
            return _("Rearrange your tokens after the reinforcement roll (SC-9.4).")
        return ""

    def _submit(self, action: Any) -> bool:
        """Play ``action`` for the viewer; an illegal one is explained, never raised."""
        side = self.viewer
        if side is None:
            return False
        try:
            self.game.submit(side, action)
        except ActionError as exc:
            self.notify(str(exc), severity="error", timeout=6, markup=False)
            self.refresh_table()
            return False
        tell_save_state(self.wapp, self.game)
        self.advance(True)
        return True

    def _undo(self, side: int) -> None:
        """Take back ``side``'s last action (the caller made sure it is theirs, on their own
        table); a sealed order comes back to the builder as it was."""
        from engine.rulesets.sixchances.actions import Build

        last = self.game.records[-1] if self.game.records else None
        action = None
        if last is not None:
            import msgspec

            action = msgspec.json.decode(last.action, type=self.game.ruleset.Action)
        if not self.game.undo(side):
            return
        if isinstance(action, Build):
            draft = [((o.pot, o.res, o.sup), o.cell) for o in action.squads]
            self.drafts[side] = draft
            self._keep_draft(side, draft)
        self.viewer = side
        self.notify(_("Your last action was taken back."), timeout=3, markup=False)
        self._log_count = -1  # the log lost events: write it again
        self.advance(True)

    # -- drawing ------------------------------------------------------------------------
    def refresh_table(self) -> None:
        """Status line, both sides, the action panel, the field and the log."""
        if not self.is_mounted:
            return
        view = self.view()
        options = self.options() if self.viewer is not None and self.viewer in view.to_act else None
        self._status(view)
        self._sides(view, options)
        self._action(view, options)
        self._log(view)
        if self.viewer is not None and not self._busy and self.decider() in (self.viewer, None):
            # the viewer is looking at the table (it is theirs to decide, or the game is
            # over); when the decision has just passed to the other player, the curtain
            # comes at once and the viewer has not seen what their action brought
            self.seen[self.viewer] = len(self.game.events)
        self.refresh_bindings()

    def _status(self, view: View) -> None:
        parts: list[Text | str] = []
        if view.over:
            r = self.game.result()
            who = _("Draw") if r.winner is None else _("{player} wins").format(player=self.who(r.winner))
            parts.append(Text(_("Game over: {who}").format(who=who), style="bold"))
        elif view.phase == "build":
            parts.append(Text(_("Building the starting squads"), style="bold"))
        else:
            step = {
                "attack": _("Attack step"),
                "defend": _("Defence step"),
                "support": _("Support step"),
                "regroup": _("Support step"),
            }.get(view.phase, "")
            parts.append(Text(_("Turn {n}").format(n=view.turn), style="bold"))
            # the person deciding now: the defender during the Defence step
            deciding = 1 - view.active if view.phase == "defend" else view.active
            parts.append(Text(f"{self.who(deciding)}: {step}"))
        bag = Text(_("Bag") + f" {view.bag.total}")
        if view.bag.total:
            bag.append(": ")
            bag.append_text(tokens_text(view.bag, self.glyph_set))
        parts.append(bag)
        if not view.over and view.phase != "build":
            parts.append(_("Idle {n}/{limit}").format(n=view.idle, limit=view.stalemate_turns))
        out = Text(" ")
        for i, part in enumerate(parts):
            if i:
                out.append(" | ", style="dim")
            out.append_text(part if isinstance(part, Text) else Text(part))
        self.query_one("#sc-status", Static).update(out)

    def _sides(self, view: View, options: Any) -> None:
        field = view.setup.field
        building = view.phase == "build"
        pending = view.pending
        for side in (0, 1):
            panel = self.query_one(f"#sc-side-{side}", SquadPanel)
            title = self.who(side)
            if not view.over and view.phase != "build" and view.active == side:
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
            panel.set_class(not view.over and view.active == side and view.phase != "build", "-active")
            panel.show(
                view.players[side],
                title,
                glyph_set=self.glyph_set,
                field=field,
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
        choices = self.query_one("#sc-choices", ActionRows)
        odds.display = False
        choices.display = False
        self.query_one("#sc-dice-row", ChipRow).display = False
        self._buttons()
        panel = self.query_one("#sc-action", Vertical)
        panel.border_title = ""
        if view.over:
            r = self.game.result()
            head.update(
                _("{outcome} ({rule}). Remaining totals: {t1} to {t2}.").format(
                    outcome=outcome_text(r.winner, self.state.ending, self.game.players),
                    rule=r.rule,
                    t1=r.scores[0],
                    t2=r.scores[1],
                )
            )
            panel.border_title = _("Game over")
            self._buttons("result")
            self._grid(view, None)
            return
        side = self.viewer
        if options is None or side is None:
            decider = self.decider()
            head.update(
                _("Waiting for {player}.").format(player=self.who(decider)) if decider is not None else ""
            )
            self._grid(view, None)
            return
        if view.phase == "build":
            panel.border_title = _("Starting squads")
            head.update(_("Build your starting squads behind the curtain (SC-2.4, SC-2.5)."))
            self._buttons("build")
        elif isinstance(options, AttackOptions):
            self._attack_panel(view, options, head, odds)
        elif isinstance(options, DefenceOptions):
            panel.border_title = _("Defence step")
            self._defence_panel(view, options, head, choices)
        elif isinstance(options, SupportOptions):
            panel.border_title = _("Support step")
            self._support_panel(options, head, choices)
        elif isinstance(options, RegroupOptions):
            panel.border_title = _("Support step")
            head.update(
                ngettext(
                    "The d{die} rolled {n}: rearrange up to {n} token (SC-9.4, SC-9.5).",
                    "The d{die} rolled {n}: rearrange up to {n} tokens (SC-9.4, SC-9.5).",
                    options.allowance,
                ).format(die=options.die, n=options.allowance)
            )
            self._buttons("regroup")
        self._grid(view, options)

    def _attack_panel(self, view: View, options: AttackOptions, head: Static, odds: Static) -> None:
        panel = self.query_one("#sc-action", Vertical)
        panel.border_title = _("Attack step")
        choice = self._choice()
        mine, _theirs = self._pair()
        shown = []
        if options.can_pass:
            shown.append("pass")
        if any(m.squad == mine for m in options.moves):
            shown.append("move")
        if choice is None:
            why = options.cannot_attack.get(mine or "")
            text = f"{why.text()} ({why.rule})" if why is not None else ""
            if "move" in shown:
                text += " " + (
                    _("Move it, pass, or choose another squad (SC-12.1.4).")
                    if options.attacks
                    else _("Move it or pass (SC-12.1.4).")
                )
            elif options.can_pass:
                text += " " + _("Pass, or choose another squad (SC-12.1.4).")
            head.update(text.strip())
            self._buttons(*shown)
            return
        line = Text.assemble(
            (f"{choice.attacker} ({die_text(choice.die)}) x {choice.target}", "bold"),
            ": ",
            _("protection {protection}, damage {damage} if it succeeds.").format(
                protection=choice.protection, damage=choice.damage
            ),
        )
        if not choice.productive:
            line.append(" " + _("This attack cannot remove a token (SC-11.6)."), style="italic")
        head.update(line)
        odds.display = True
        width = self.query_one("#sc-action", Vertical).content_size.width or self.size.width // 2
        odds.update(fitted_odds_table(choice, self.glyph_set, width))
        self._buttons("declare", *shown)
        button = self.query_one("#sc-btn-declare", Button)
        if width < 60:  # a narrow panel (the field beside it): the head names the squads
            button.label = _("Attack")
        else:
            button.label = _("Attack: {attacker} x {target}").format(
                attacker=choice.attacker, target=choice.target
            )

    def _defence_panel(self, view: View, options: DefenceOptions, head: Static, choices: ActionRows) -> None:
        head.update(
            _(
                "{attacker} attacks your {target}: the d{die} attack roll is {roll}. If the attack wins: "
                "protection {protection}, damage {damage}. Ties go to the attacker (SC-5.5)."
            ).format(
                attacker=options.attacker,
                target=options.target,
                die=options.attack_die,
                roll=options.attack_roll,
                protection=options.protection,
                damage=options.damage,
            )
        )
        width = self.query_one("#sc-action", Vertical).content_size.width or self.size.width // 2
        columns, rows = defence_rows(options, self.glyph_set, width - 2)
        odds = self.query_one("#sc-odds", Static)
        odds.display = True
        odds.update(columns)
        choices.display = True
        choices.set_rows(rows)
        self._buttons("defend")

    def _support_panel(self, options: SupportOptions, head: Static, choices: ActionRows) -> None:
        if options.forced:
            text = _(
                "You have no squad with Potential, an unused die and red tokens in reserve: you must reinforce "
                "and bring at least one red token onto the table (SC-9.8)."
            )
        elif options.lapsed:
            text = _(
                "The forced reinforcement lapses: no squad and no free cell to receive Potential (SC-12.1.9)."
            )
        else:
            text = _("Roll one unused reinforcement die, or end the turn (SC-9.1, SC-9.2).")
        chips = self.query_one("#sc-dice-row", ChipRow)
        chips.display = True
        key = (len(self.game.records), self.viewer)
        keep = chips.chip if self._dice_key == key else None
        self._dice_key = key
        chips.set_chips([(f"d{d}", die_text(d)) for d in options.dice], keep)
        die = chips.chip
        if die:
            chips.set_note(Text(_("1 to {n} tokens; used once (SC-9.3)").format(n=die[1:]), style="italic"))
        head.update(text)
        self._buttons("roll", *(["end"] if options.can_end else []))

    def _grid(self, view: View, options: Any) -> None:
        if not view.setup.field:
            return
        grid = self.query_one("#sc-grid", FieldGrid)
        occ = occupants(view.players)
        cell_of = {label: cell for cell, (label, _side) in occ.items()}
        selected = None
        focus: str | None = None
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
        grid.show(
            occ,
            selected=selected,
            targets=targets,
            spots=spots,
            focus_cell=focus,
            wide=self.size.width >= 110,
        )

    # -- the log -------------------------------------------------------------------------
    def _log_events(self, side: int) -> list[Event]:
        """The events ``side`` may see; private ones only while the squads are built (after
        the reveal the public events say the same)."""
        building = self.state.phase == "build"
        return [e for e in self.game.log(side) if building or e.to is None]

    def _log_line(self, event: Event) -> Text:
        """An event as a line of the log, as the viewer reads it with the players' names:
        turns and the result in bold, attack rolls in italics."""
        style = "bold" if isinstance(event, (TurnBegan, GameOver)) else ""
        if isinstance(event, AttackDeclared):
            style = "italic"
        return Text(self._event_text(event, self.viewer), style=style)

    def _event_text(self, event: Event, viewer: int | None) -> str:
        """``event`` as ``viewer`` reads it, naming the players by their names."""
        return event.text_for(viewer, self.game.players)

    def _log(self, view: View) -> None:
        log = self.query_one("#sc-log", EventLog)
        events = self._log_events(self.viewer if self.viewer is not None else 0)
        building = view.phase == "build"
        if self._log_count < 0 or self._log_count > len(events) or building or self._log_building:
            log.reset()
            self._log_count = 0
        self._log_building = building
        for event in events[self._log_count :]:
            log.add(self._log_line(event))
        if self._log_count != len(events):
            self.call_after_refresh(log.scroll_end, animate=False)
        self._log_count = len(events)

    def action_whole_log(self) -> None:
        """The whole log in a large window."""
        from tui.rulesets.sixchances.dialogs import LogScreen

        events = self._log_events(self.viewer if self.viewer is not None else 0)
        self.app.push_screen(LogScreen([self._log_line(e) for e in events]))

    def action_log_page(self, step: int) -> None:
        """Scroll the log a page up (-1) or down (1)."""
        log = self.query_one("#sc-log", RichLog)
        (log.scroll_page_down if step > 0 else log.scroll_page_up)(animate=False)

    # -- focus ----------------------------------------------------------------------------
    def _own_list(self) -> ActionRows | None:
        if self.viewer is None:
            return None
        return self.query_one(f"#sc-squads-{self.viewer}", ActionRows)

    def _their_list(self) -> ActionRows | None:
        if self.viewer is None:
            return None
        return self.query_one(f"#sc-squads-{1 - self.viewer}", ActionRows)

    def _focus_step(self) -> None:
        """Put the focus where the step in progress is decided."""
        if not self.is_mounted or self._busy:
            return
        phase = self.state.phase
        key = (len(self.game.records), self.viewer)
        fresh = key != self._focus_key
        self._focus_key = key
        if phase == "attack" and self.viewer is not None and self.viewer in self.game.to_act():
            own = self._own_list()
            if own is not None and (fresh or self.focused not in (own, self._their_list())):
                own.focus()
        elif phase == "defend" and self.viewer is not None and self.viewer in self.game.to_act():
            self.query_one("#sc-choices", ActionRows).focus()
        elif phase == "support" and self.viewer is not None and self.viewer in self.game.to_act():
            self.query_one("#sc-dice-row", ChipRow).focus()
        else:
            # not a button: a focused button would take Enter for itself, and the footer
            # would no longer say what Enter does here (build, rearrange, the result)
            self.query_one("#sc-log", RichLog).focus()
        self.refresh_bindings()

    # -- selection ------------------------------------------------------------------------
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

    @on(OptionList.OptionSelected)
    def _selected(self, event: OptionList.OptionSelected) -> None:
        """A click highlights a row and focuses its list (acting needs Enter or a button)."""
        event.option_list.focus()

    @on(FieldGrid.Clicked)
    def _grid_clicked(self, event: FieldGrid.Clicked) -> None:
        """On the field: a click on a squad of yours chooses it, on a target chooses the
        target, on a free cell it may move to moves it."""
        options = self.options()
        if not isinstance(options, AttackOptions) or self.viewer is None:
            return
        view = self.view()
        occ = occupants(view.players)
        mine, theirs = self._pair()
        if event.cell in occ:
            label, side = occ[event.cell]
            if side == self.viewer:
                self.pair[self.viewer] = (label, theirs)
                self.refresh_table()
                own = self._own_list()
                if own is not None:
                    own.focus()
            elif any(a.attacker == mine and a.target == label for a in options.attacks):
                self.pair[self.viewer] = (mine, label)
                self.refresh_table()
                their = self._their_list()
                if their is not None:
                    their.focus()
            return
        for m in options.moves:
            if m.squad == mine and event.cell in m.to:
                self._submit(MoveSquad(squad=m.squad, cell=event.cell))
                return

    # -- actions -------------------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Offer each key only in the step where it means something."""
        if not self.is_mounted:
            return True
        deciding = self.viewer is not None and self.viewer in self.game.to_act() and not self._busy
        phase = self.state.phase
        focused = self.focused
        own = self._own_list()
        if action == "to_targets":
            return deciding and phase == "attack" and focused is own and self._choice() is not None
        if action == "declare":
            return deciding and phase == "attack" and self._choice() is not None
        if action == "switch":
            return deciding and phase == "attack"
        if action == "move":
            options = self.options() if deciding else None
            mine = self._pair()[0] if deciding else None
            return isinstance(options, AttackOptions) and any(m.squad == mine for m in options.moves)
        if action == "pass_turn":
            options = self.options() if deciding else None
            return isinstance(options, AttackOptions) and options.can_pass
        if action in ("defend", "defend_number"):
            return deciding and phase == "defend"
        if action == "support":
            return deciding and phase == "support"
        if action == "end_turn":
            options = self.options() if deciding else None
            return isinstance(options, SupportOptions) and options.can_end
        if action == "open_builder":
            return deciding and phase == "build"
        if action == "open_regroup":
            return deciding and phase == "regroup"
        if action == "show_result":
            return phase == "over"
        if action == "notation":
            return deciding
        if action == "undo":
            # listed whenever a game runs (it explains itself when nothing can be taken back)
            return self.viewer is not None and phase != "over" and not self._busy
        return True

    def action_switch(self) -> None:
        """Move between the attacking squad and the target lists."""
        own, their = self._own_list(), self._their_list()
        if own is None or their is None:
            return
        (their if self.focused is own else own).focus()

    def action_to_targets(self) -> None:
        """The attacker is chosen: on to the targets."""
        their = self._their_list()
        if their is not None:
            their.focus()

    def action_declare(self) -> None:
        """Declare the highlighted attack; the attack roll follows at once (SC-5.1, SC-5.2)."""
        choice = self._choice()
        if choice is not None:
            self._submit(Attack(attacker=choice.attacker, target=choice.target))

    def action_move(self) -> None:
        """Field variant: move the highlighted squad to a free neighbouring cell (SC-12.1.4)."""
        options = self.options()
        if not isinstance(options, AttackOptions):
            return
        mine, _theirs = self._pair()
        move = next((m for m in options.moves if m.squad == mine), None)
        if move is None:
            return
        from tui.rulesets.sixchances.dialogs import ChoiceScreen

        def done(cell: str | None) -> None:
            self._move_mark = None
            if cell:
                self._submit(MoveSquad(squad=move.squad, cell=cell))
            else:
                self.refresh_table()

        def mark(cell: str | None) -> None:
            # the destination under the dialog's cursor, marked on the field beside it
            self._move_mark = cell
            if self.is_mounted:
                self.refresh_table()

        self.app.push_screen(
            ChoiceScreen(
                _("Move {label}").format(label=move.squad),
                _("{label} stands on {cell}. Move it to:").format(label=move.squad, cell=move.cell),
                [(c, c) for c in move.to],
                highlight=mark,
                aside=True,
            ),
            done,
        )

    def action_pass_turn(self) -> None:
        """Field variant: neither attack nor move this turn (SC-12.1.4)."""
        self._submit(Pass())

    def action_defend(self) -> None:
        """Defend with the highlighted stat (SC-5.3); the defence roll follows."""
        stat = self.query_one("#sc-choices", ActionRows).row_id
        if stat in ("pot", "res", "sup"):
            self._submit(Defend(stat=stat))  # type: ignore[arg-type]

    def action_defend_number(self, index: int) -> None:
        """Defend with the stat of key ``index`` + 1: 1 Potential, 2 Resilience, 3 Support,
        whatever the levels, so a digit never means another stat; the digit of a stat at
        level 0 says that it cannot defend (SC-3.3, SC-5.3)."""
        options = self.options()
        if not isinstance(options, DefenceOptions) or not 0 <= index < len(STATS):
            return
        stat = STATS[index]
        if any(c.stat == stat for c in options.choices):
            self._submit(Defend(stat=stat))
            return
        self.notify(
            _("{target}'s {stat} is 0: it cannot defend (SC-3.3, SC-5.3).").format(
                target=options.target, stat=stat_name(stat)
            ),
            severity="warning",
            timeout=4,
            markup=False,
        )

    def action_support(self) -> None:
        """Roll the highlighted reinforcement die (SC-9.3)."""
        chip = self.query_one("#sc-dice-row", ChipRow).chip
        if chip and chip.startswith("d"):
            self._submit(Reinforce(die=int(chip[1:])))

    @on(ChipRow.Highlighted)
    def _die_highlighted(self) -> None:
        self.refresh_table()

    def action_end_turn(self) -> None:
        """End the turn without reinforcing (SC-9.2)."""
        self._submit(EndTurn())

    def action_open_builder(self) -> None:
        """Open the squad builder of the player who builds now, always behind the curtain
        naming that player: whoever sits at the terminal must say who they are first."""
        side = self.decider()
        if side is None or self._busy or self.state.phase != "build":
            return
        self._curtain(side)

    def _open_builder(self) -> None:
        """Open the squad builder for the viewer (just after the curtain named them)."""
        from tui.rulesets.sixchances.builder import SquadBuilderScreen

        side = self.viewer
        if side is None or self._busy:
            return
        options = self.game.options(side)
        self._busy = True

        def done(result: Any) -> None:
            self._busy = False
            from engine.rulesets.sixchances.actions import Build

            if isinstance(result, Build):
                self.drafts.pop(side, None)
                if self._submit(result):
                    self._keep_draft(side, None)
            else:
                self.drafts[side] = result
                self.advance(False)

        self.app.push_screen(
            SquadBuilderScreen(
                self.game,
                side,
                self.who(side),
                options,
                self.drafts.get(side),
                keep=lambda draft: self._keep_draft(side, draft),
            ),
            done,
        )

    def _keep_draft(self, side: int, draft: Any) -> None:
        """Keep ``side``'s unsealed squads on disk (None: forget them), so that quitting or
        a lost connection does not lose them; a failure to write is only a warning."""
        from tui.rulesets.sixchances.drafts import save_draft

        try:
            save_draft(self.game, side, draft)
        except OSError as exc:
            self.notify(
                _("The unsealed squads could not be kept: {reason}").format(reason=exc.strerror or exc),
                severity="warning",
                markup=False,
            )

    def action_open_regroup(self) -> None:
        """Open the rearrangement after the reinforcement roll."""
        from tui.rulesets.sixchances.regroup import RegroupScreen

        side = self.viewer
        if side is None or self._busy:
            return
        options = self.game.options(side)
        if not isinstance(options, RegroupOptions):
            return
        self._busy = True

        def done(result: Any) -> None:
            self._busy = False
            if result is not None:
                self._submit(result)
            else:
                self.advance(False)

        self.app.push_screen(RegroupScreen(self.game, side, self.who(side), options), done)

    def action_show_result(self) -> None:
        """The end of the game: who won, how, and the totals."""
        from tui.rulesets.sixchances.dialogs import GameOverScreen

        result = self.game.result()
        if result is None:
            return

        def done(answer: str | None) -> None:
            if answer == "menu":
                self.app.pop_screen()

        self.app.push_screen(
            GameOverScreen(result, self.game.view(None), self.game.players, self.glyph_set), done
        )

    def action_notation(self) -> None:
        """Type an action in the game's notation (e.g. ``1A x 2B``, ``defend res``)."""
        from tui.rulesets.sixchances.dialogs import prompt_notation

        side = self.viewer
        if side is None:
            return
        prompt_notation(self.app, self.game, side, self._submit)

    def action_undo(self) -> None:
        """Take back your last action, if the table is still yours and no die has been
        rolled since; otherwise say why nothing is taken back."""
        side = self.viewer
        if side is None or self._busy:
            return
        if self.game.can_undo(side):
            self._undo(side)
            return
        records = self.game.records
        if self.game.result() is not None:
            text = _("Nothing to undo: the game is over.")
        elif records and records[-1].side == side:
            text = _("Nothing to undo: a die has been rolled since your last action.")
        elif any(r.side == side for r in records):
            text = _("Nothing to undo: the other player has acted since your last action.")
        else:
            text = _("Nothing to undo: you have not acted yet.")
        self.notify(text, timeout=4, markup=False)

    def action_leave(self) -> None:
        """Leave the table (the game is saved after every action; an unsaved game asks first)."""
        if self.game.path is not None:
            self.app.pop_screen()
            return
        from tui.screens.dialogs import ConfirmScreen

        def done(yes: bool | None) -> None:
            if yes:
                self.app.pop_screen()

        self.app.push_screen(
            ConfirmScreen(
                _("Leave the game"),
                _("This game has no save file; leaving loses it."),
                _("Leave"),
                _("Stay"),
            ),
            done,
        )

    @on(Button.Pressed)
    def _button(self, event: Button.Pressed) -> None:
        actions = {
            "sc-btn-declare": self.action_declare,
            "sc-btn-move": self.action_move,
            "sc-btn-pass": self.action_pass_turn,
            "sc-btn-defend": self.action_defend,
            "sc-btn-roll": self.action_support,
            "sc-btn-end": self.action_end_turn,
            "sc-btn-build": self.action_open_builder,
            "sc-btn-regroup": self.action_open_regroup,
            "sc-btn-result": self.action_show_result,
        }
        fn = actions.get(event.button.id or "")
        if fn is not None:
            fn()
