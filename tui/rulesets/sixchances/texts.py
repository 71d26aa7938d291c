"""What the Six Chances Party table says: the status line, each step's task and
head, the log's styles, the notation for the help, the summary at the end.

Every function turns what a seat gives (its view, options, result, log entries)
into words; none computes a rule. (The notation for the help is
:func:`tui.rulesets.sixchances.keys.notation_rows`.)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.cells import cell_len
from rich.table import Table
from rich.text import Text

from engine.i18n import _, ngettext
from engine.ruleset import Event, Result
from engine.rulesets.sixchances.events import AttackDeclared, GameOver, TurnBegan, ending_why, outcome_text
from engine.rulesets.sixchances.options import (
    AttackChoice,
    AttackOptions,
    DefenceOptions,
    RegroupOptions,
    SupportOptions,
)
from engine.rulesets.sixchances.view import View
from tui.rulesets.sixchances.panels import fitted_odds_table
from tui.rulesets.sixchances.tokens import die_text, player_name, tokens_text

__all__ = [
    "action_head",
    "attack_head",
    "log_style",
    "over_lines",
    "status_line",
    "support_head",
    "task_text",
]


def status_line(view: View, result: Result | None, players: Sequence[str], glyph_set: str) -> Text:
    """Turn, the person deciding now and the step (the defender during the Defence
    step), the bag with its colours, the idle turns of the stalemate limit."""
    parts: list[Text | str] = []
    if view.over and result is not None:
        who = (
            _("Draw")
            if result.winner is None
            else _("{player} wins").format(player=player_name(players, result.winner))
        )
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
        deciding = 1 - view.active if view.phase == "defend" else view.active
        parts.append(Text(f"{player_name(players, deciding)}: {step}"))
    bag = Text(_("Bag") + f" {view.bag.total}")
    if view.bag.total:
        bag.append(": ")
        bag.append_text(tokens_text(view.bag, glyph_set))
    parts.append(bag)
    if not view.over and view.phase != "build":
        parts.append(_("Idle {n}/{limit}").format(n=view.idle, limit=view.stalemate_turns))
    out = Text()
    for i, part in enumerate(parts):
        if i:
            out.append(" | ", style="dim")
        out.append_text(part if isinstance(part, Text) else Text(part))
    return out


def task_text(view: View, side: int, options: Any, players: Sequence[str], *, curtain: bool) -> str:
    """What ``side`` is to do now: for the curtain (``curtain``), or for the hint line."""
    if view.phase == "build":
        if curtain:
            return _(
                "Build your starting squads. {other} must not look until you have sealed them (SC-2.5)."
            ).format(other=player_name(players, 1 - side))
        return _("Build your starting squads behind the curtain (SC-2.4, SC-2.5).")
    if isinstance(options, DefenceOptions):
        return _(
            "{attacker} attacks your {target}: the d{die} attack roll is {roll}. Choose the defending stat (SC-5.3)."
        ).format(
            attacker=options.attacker, target=options.target, die=options.attack_die, roll=options.attack_roll
        )
    if isinstance(options, AttackOptions):
        if view.setup.field:
            return _("Your turn: attack, move a squad or pass (SC-12.1.4).")
        return _("Your turn: choose an attack (SC-5.1).")
    if isinstance(options, SupportOptions):
        return _("Your Support step: reinforce with an unused die, or end the turn (SC-9).")
    if isinstance(options, RegroupOptions):
        return _("Rearrange your tokens after the reinforcement roll (SC-9.4).")
    return ""


def attack_head(
    options: AttackOptions, choice: AttackChoice | None, mine: str | None, glyph_set: str, width: int
) -> tuple[Text | str, Table | None, list[str]]:
    """The Attack step's head, its odds table (None: no attack with this squad) and the
    buttons to show (``declare``, ``move``, ``pass``)."""
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
        return text.strip(), None, shown
    line = Text.assemble(
        (f"{choice.attacker} ({die_text(choice.die)}) x {choice.target}", "bold"),
        ": ",
        _("protection {protection}, damage {damage} if it succeeds.").format(
            protection=choice.protection, damage=choice.damage
        ),
    )
    if not choice.productive:
        line.append(" " + _("This attack cannot remove a token (SC-11.6)."), style="italic")
    return line, fitted_odds_table(choice, glyph_set, width), ["declare", *shown]


def support_head(options: SupportOptions) -> str:
    """The Support step's head: forced, lapsed, or the choice (SC-9.1-SC-9.3, SC-9.8,
    SC-12.1.9)."""
    if options.forced:
        return _(
            "You have no squad with Potential, an unused die and red tokens in reserve: you must reinforce "
            "and bring at least one red token onto the table (SC-9.8)."
        )
    if options.lapsed:
        return _(
            "The forced reinforcement lapses: no squad and no free cell to receive Potential (SC-12.1.9)."
        )
    return _("Roll one unused reinforcement die, or end the turn (SC-9.1, SC-9.2).")


def action_head(
    view: View, result: Result | None, options: Any, players: Sequence[str], viewer: int | None
) -> tuple[str, str, str]:
    """The action panel's (title, head, button) in the steps other than the Attack and
    Support steps: building, the defence, the rearrangement, the end, waiting."""
    if view.over and result is not None:
        text = _("{outcome} ({rule}). Remaining totals: {t1} to {t2}.").format(
            outcome=outcome_text(result.winner, view.ending, players),
            rule=result.rule,
            t1=result.scores[0],
            t2=result.scores[1],
        )
        return _("Game over"), text, "result"
    if options is None:
        waiting = [s for s in view.to_act if s != viewer]
        if view.phase == "build" and viewer is not None and viewer in view.to_act:
            return (
                _("Starting squads"),
                _("Build your starting squads behind the curtain (SC-2.4, SC-2.5)."),
                "build",
            )
        if waiting:
            return "", _("Waiting for {player}.").format(player=player_name(players, waiting[0])), ""
        return "", "", ""
    if view.phase == "build":
        return (
            _("Starting squads"),
            _("Build your starting squads behind the curtain (SC-2.4, SC-2.5)."),
            "build",
        )
    if isinstance(options, DefenceOptions):
        text = _(
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
        return _("Defence step"), text, ""
    if isinstance(options, RegroupOptions):
        text = ngettext(
            "The d{die} rolled {n}: rearrange up to {n} token (SC-9.4, SC-9.5).",
            "The d{die} rolled {n}: rearrange up to {n} tokens (SC-9.4, SC-9.5).",
            options.allowance,
        ).format(die=options.die, n=options.allowance)
        return _("Support step"), text, "regroup"
    return "", "", ""


def log_style(event: Event) -> str:
    """How an event stands out in the log: turns and the result in bold, attack rolls
    in italics."""
    if isinstance(event, (TurnBegan, GameOver)):
        return "bold"
    if isinstance(event, AttackDeclared):
        return "italic"
    return ""


def _pad(text: Text | str, width: int, right: bool = False) -> Text:
    text = text if isinstance(text, Text) else Text(text)
    pad = " " * max(0, width - cell_len(text.plain))
    return Text.assemble(pad, text) if right else Text.assemble(text, pad)


def over_lines(view: View, players: Sequence[str], glyph_set: str) -> list[str | Text]:
    """The end in words (who ran out and who was ahead), then a table of every player's
    squads, tokens on the table, reserve and remaining total (SC-1.8), and the turns
    played (SC-11.7)."""
    out: list[str | Text] = []
    why = ending_why(view.winner, view.ending, players)
    if why:
        out.append(why[:1].upper() + why[1:] + ".")
    heads = ["", _("Squads"), _("On the table"), _("Reserve"), _("Remaining")]
    rows: list[list[Text]] = []
    for side, p in enumerate(view.players):
        reserve = Text.assemble(tokens_text(p.reserve, glyph_set), f" ({p.reserve.total})")
        rows.append(
            [
                Text(player_name(players, side)),
                Text(str(len(p.squads))),
                Text(str(p.on_table)),
                reserve,
                Text(str(p.remaining), style="bold"),
            ]
        )
    widths = [max(cell_len(h), *(cell_len(r[i].plain) for r in rows)) for i, h in enumerate(heads)]
    out.append(Text(""))
    out.append(
        Text("  ").join(_pad(Text(h, style="bold"), widths[i], right=i > 0) for i, h in enumerate(heads))
    )
    for row in rows:
        out.append(Text("  ").join(_pad(cell, widths[i], right=i > 0) for i, cell in enumerate(row)))
    out.append(Text(""))
    out.append(
        _(
            "Turns played: {n}. The remaining total counts every token not lost to the bag: squads plus reserve (SC-1.8)."
        ).format(n=view.turn)
    )
    return out
