"""How Six Chances Party's tokens, dice, odds and players are written on screen.

Tokens are coloured pips: red Potential, green Resilience, blue Support. Each
stat also has its own pip shape (``▴ ▪ ♦``, or ``^ # +`` in the ASCII glyph
set), so a squad reads the same without colour. Everything here formats what
the engine gives; nothing computes a rule. Chances are written by
:func:`tui.kit.odds.format_odds`, as on every screen of every system.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from rich.text import Text

from engine.i18n import N_, _, current_language
from engine.rulesets.sixchances.catalog import STAT_NAMES, STATS
from engine.rulesets.sixchances.state import Tokens

__all__ = [
    "BAR",
    "PIPS",
    "SIDE_STYLES",
    "STATS",
    "STAT_STYLES",
    "decimal",
    "die_text",
    "fraction_text",
    "level_of",
    "pip",
    "pips",
    "player_name",
    "short_name",
    "side_name",
    "stat_cell",
    "stat_name",
    "tokens_text",
]

#: Pip of each stat, per glyph set: a distinct shape as well as a colour.
PIPS: dict[str, dict[str, str]] = {
    "unicode": {"pot": "▴", "res": "▪", "sup": "♦"},
    "ascii": {"pot": "^", "res": "#", "sup": "+"},
}

#: Rich style of each stat's tokens (red, green, blue), readable on dark and light themes.
STAT_STYLES: dict[str, str] = {"pot": "bold #f0564e", "res": "bold #4fbf5a", "sup": "bold #4b9cf5"}

#: Rich style of each side's squad labels (the digit in the label tells the side too).
SIDE_STYLES: tuple[str, str] = ("bold #e8a33d", "bold #b57ee0")

#: Short names of the stats, for column heads and compact rows.
_SHORT: dict[str, str] = {"pot": N_("Pot"), "res": N_("Res"), "sup": N_("Sup")}


def stat_name(stat: str) -> str:
    """The stat's full name, translated (Potential, Resilience, Support)."""
    return _(STAT_NAMES[stat])


def short_name(stat: str) -> str:
    """The stat's short name, translated (Pot, Res, Sup)."""
    return _(_SHORT[stat])


def pip(stat: str, glyph_set: str) -> str:
    """The one-cell pip of ``stat`` in ``glyph_set`` ("unicode" or "ascii")."""
    return PIPS.get(glyph_set, PIPS["unicode"])[stat]


def level_of(tokens: object, stat: str) -> int:
    """The level of ``stat`` in anything with ``pot``/``res``/``sup`` counts (tokens)."""
    return int(getattr(tokens, stat))


def die_text(faces: int) -> str:
    """A die by its faces: ``d12``; ``-`` for no die (a stat at level 0, SC-3.3)."""
    return f"d{faces}" if faces else "-"


#: Cells of a bar of pips: one pip per token up to 6 (the level that rolls the d20,
#: SC-3.1), then one cell that says "more" (:func:`pips`). Every bar on every screen has
#: this width, or there is no bar at all.
BAR = 7
#: Pips drawn before the "more" mark.
BAR_PIPS = 6


def pips(stat: str, count: int, glyph_set: str) -> Text:
    """A bar of ``count`` pips of ``stat``, always :data:`BAR` cells: one pip per token up
    to 6, and after the sixth a ``+`` (``>`` in ASCII, where ``+`` is a Support pip) when
    there are more; the level is written beside the bar wherever one is drawn."""
    mark = pip(stat, glyph_set)
    body = mark * min(count, BAR_PIPS)
    if count > BAR_PIPS:
        body += ">" if glyph_set == "ascii" else "+"
    return Text(body.ljust(BAR), style=STAT_STYLES[stat])


def stat_cell(
    stat: str, level: int, die: int, glyph_set: str, bar: bool = False, *, dice: bool = True
) -> Text:
    """One stat of a squad: its pip and level and its die, ``▴5 d12`` (8 cells), or with
    ``bar`` a bar of pips first, ``▴▴▴▴▴   5 d12`` (14 cells); without ``dice`` only the
    pip and the level, ``▴5`` (4 cells). A level of 0 is dimmed."""
    out = Text()
    style = STAT_STYLES[stat] if level else "dim"
    if bar:
        out.append_text(pips(stat, level, glyph_set))
        out.append(f" {level:>2} ", style=style)
    else:
        out.append(pip(stat, glyph_set), style=style)
        out.append(f"{level:<2} " if dice else f"{level:<2}", style=style)
    if dice:
        out.append(die_text(die).ljust(3), style="" if level else "dim")
    return out


def tokens_text(tokens: Tokens, glyph_set: str) -> Text:
    """Counts by colour, ``▴12 ▪10 ♦13``."""
    out = Text()
    for i, stat in enumerate(STATS):
        if i:
            out.append(" ")
        n = level_of(tokens, stat)
        out.append(f"{pip(stat, glyph_set)}{n}", style=STAT_STYLES[stat] if n else "dim")
    return out


def _localise(number: str) -> str:
    return number.replace(".", ",") if current_language() == "ru" else number


def decimal(x: Fraction) -> str:
    """An expected count of tokens with two decimals, ``1.69``."""
    return _localise(f"{float(x):.2f}")


def fraction_text(p: Fraction) -> str:
    """An exact probability as a fraction in lowest terms, ``9/16`` (``1`` and ``0`` as such)."""
    return str(p.numerator) if p.denominator == 1 else f"{p.numerator}/{p.denominator}"


def side_name(side: int) -> str:
    """``Player 1`` or ``Player 2``, translated."""
    return _("Player {n}").format(n=side + 1)


def player_name(players: Sequence[str], side: int) -> str:
    """The player's name and seat, ``Asuka (Player 1)``; just ``Player 1`` when the name
    is the default one."""
    seat = side_name(side)
    name = players[side] if side < len(players) else ""
    if not name or name == f"Player {side + 1}":
        return seat
    from tui.textfit import fit

    return f"{fit(name, 24)} ({seat})"
