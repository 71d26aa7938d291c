"""The sentences of the EVA battle screen: what the player is to do (the status line,
the prompt line, the curtain), why a key has nothing to aim at, the notation of
the command line and the legend of the board, for the help.

They present what the seat gives (the options, the view); none decides a rule.
"""

from __future__ import annotations

import re

from engine.i18n import N_, _
from engine.rulesets.eva.options import EvaOptions
from engine.rulesets.eva.view import EvaView
from engine.rulesets.eva.words import WORDS, word
from engine.seat import Seat
from tui.rulesets.eva.board import BoardGlyphs

__all__ = ["NOTATION", "board_legend", "no_targets", "notation_form", "prompt", "status_doing", "turn_task"]


#: The orders of the command line: (verb, form, what it does). The forms are the
#: notation of :mod:`engine.rulesets.eva.actions` in its English words; the help shows
#: them in the words of the interface language (:func:`notation_form`).
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


#: The placeholders of the forms of :data:`NOTATION`, shown translated.
_PLACEHOLDERS = {"<Eva>": N_("<Eva>"), "<square>": N_("<square>"), "[weapons]": N_("[weapons]")}


def notation_form(form: str) -> str:
    """A form of :data:`NOTATION` in the words of the interface language (the order words
    of :mod:`engine.rulesets.eva.words`, which the command line reads in both languages)
    and with its placeholders translated: ``<Eva> fire B12`` is ``<Ева> огонь B12`` in
    Russian."""

    def one(match: re.Match[str]) -> str:
        token = match.group(0)
        if token in _PLACEHOLDERS:
            return _(_PLACEHOLDERS[token])
        return word(token) if token in WORDS["en"] else token

    return re.sub(r"<Eva>|<square>|\[weapons\]|[a-z][a-z0-9]*", one, form)


def status_doing(view: EvaView, opts: EvaOptions) -> str:
    """What the player at the terminal does now, for the status line."""
    return {
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


def turn_task(seat: Seat) -> str:
    """What ``seat``'s player is to do when the terminal comes to them (the curtain)."""
    opts = seat.options()
    if opts.kind == "decide":
        return _("A decision is yours to make.")
    view = seat.view()
    if opts.kind == "act" and 0 <= opts.unit < len(view.units):
        return _("{unit} is in its activation.").format(unit=view.units[opts.unit].name)
    placed = any(u.side == seat.seat and u.deployed for u in view.units)
    return {
        "zone": _("Choose your deployment zone."),
        "deploy": _("Place your next Eva.") if placed else _("Place your first Eva."),
        "activate": _("Choose an Eva to activate."),
    }.get(opts.kind, _("Your turn."))


def prompt(opts: EvaOptions, mode: str, cell_width: int) -> str:
    """The prompt line: what to do now (``mode``: the targets being chosen, if any;
    ``cell_width``: of a square on the board, which decides how costs are written)."""
    if opts.kind == "zone":
        return _("Choose your deployment zone.")
    if opts.kind == "deploy":
        return _("Place the Eva on a + square: Enter or a click. h: other hands, ]: another Eva.")
    if opts.kind == "activate":
        return _("Choose an Eva to activate: Enter or a click on it (] jumps to the next one).")
    if opts.kind == "decide":
        return _("A decision is awaited.")
    if opts.kind == "over":
        return _("The game is over: Enter shows the result, l the log, Escape goes back.")
    if opts.kind != "act":
        return _(": types an order; ? lists the keys and the notation.")
    if mode == "fire":
        return _("Fire: choose a target (Enter or a click; ] next target, Escape back).")
    if mode == "melee":
        return _("Melee: choose an enemy Eva within reach (Escape back).")
    if mode == "neutralise":
        return _("Neutralise: choose an enemy Eva (Escape back).")
    if mode == "jump":
        return _("Jump: choose a square (Escape back).")
    if opts.obligation:
        return _("This Eva must attack in melee or try to disengage (EVA-12.10).")
    if opts.moves:
        if cell_width == 2 and any(m.cost >= 10 for m in opts.moves):
            # two-cell squares write 10, 11 ... as a, b ... (the help's legend says so too)
            return _("Numbers: energy for the path (a = 10, b = 11…); Enter or click moves; e ends.")
        return _("Numbers: energy to move there; Enter or a click moves. e ends the activation.")
    return _("e ends the activation.")


def no_targets(opts: EvaOptions, mode: str) -> str:
    """Why the active Eva has no target for ``mode`` now (the rules' refusal for a shot,
    from the options)."""
    if opts.kind != "act":
        return _("Activate an Eva first: Enter on one of yours.")
    if mode == "fire":
        return opts.fire_refusal
    return {
        "melee": _("No enemy Eva is within reach for a melee attack now (EVA-12.3)."),
        "neutralise": _("No enemy Eva's AT field can be neutralised now (EVA-14)."),
        "jump": _("The Eva cannot jump now (EVA-16.9)."),
    }[mode]


def board_legend(g: BoardGlyphs, cell_width: int, letters: str = "") -> list[tuple[str, str]]:
    """(glyphs, meaning) rows explaining the board drawn with ``g``, squares
    ``cell_width`` cells wide; ``letters``: the legend of the Evas' letters."""
    t = g.terrain
    two = cell_width == 2
    rows: list[tuple[str, str]] = [
        (t[0], _("open square")),
        (t[1], _("red obstacle: low, an Eva walks over it (EVA-2.3)")),
        (t[2], _("yellow obstacle: chest high, double cost to enter, cover (EVA-2.3)")),
        (t[3], _("green obstacle: taller than an Eva, no walking in, hides (EVA-2.3)")),
        (t[4], _("blue obstacle: impassable, blocks everything (EVA-2.3)")),
        (
            "A N …",
            _(
                "an Eva: a capital letter, Player 1's from A and Player 2's from N in roster "
                "order; Player 1's on cyan, Player 2's on magenta (without colour: in reverse "
                "video)"
            ),
        ),
    ]
    if letters:
        rows.append(("", letters))
    if two:
        rows.append(
            (
                f"{g.engaged} {g.airborne} {g.kneeling} {g.active}",
                _(
                    "right of an Eva, one mark: engaged in melee, else airborne or "
                    "kneeling, else in its activation"
                ),
            )
        )
    else:
        rows.append((f"{g.airborne} {g.kneeling}", _("left of an Eva: airborne, kneeling")))
        rows.append((f"{g.engaged} {g.active}", _("right of an Eva: engaged in melee, in its activation")))
    rows += [
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
    return rows
