"""What Going Ballistic's board draws with: two glyph sets (Unicode and plain ASCII),
the labels of units and the legend.

Every glyph is one cell wide and none is of "ambiguous" East Asian width (they
misalign on many terminals; ``tests/test_tui_ballistic_board.py`` checks it), so
the Unicode set avoids the arrows ``↑↗`` and the shades ``▒▓`` of GB-17.3 and uses
``⇑⇗`` and ``░`` instead. Colour is never the only carrier of meaning: sides are told
apart by the case of a unit's label (GB-17.3), terrain by its glyphs and digits.

A hex is three cells wide and two lines high (see :class:`tui.kit.board.HexLayout`):
its upper line shows the unit standing there (a two-character label and its
facing), or else what is marked on the hex (MP cost, a scatter number...); its lower
line, underlined as the hex's bottom edge, shows the ground: the elevation digit
(blank at 0), then rubble ``░░``, a building ``⌂`` and its height, smoke ``∿``.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from engine.i18n import _

__all__ = ["ASCII", "UNICODE", "BoardGlyphs", "board_glyphs", "facing_text", "legend_rows", "unit_labels"]


class BoardGlyphs(NamedTuple):
    """The characters of one set (each one cell wide)."""

    name: str
    #: Facing by direction N, NE, SE, S, SW, NW (GB-2.3).
    facing: tuple[str, str, str, str, str, str]
    #: Whether a facing toward the west (SW, NW) is drawn before the label: in ASCII
    #: ``'`` (toward the north) and ``,`` (toward the south) stand for two directions
    #: each, and the side of the label they are on tells east from west.
    west_left: bool
    rubble: str
    building: str
    smoke: str
    wreck: str
    #: A projectile's aim hex, a hex an arc shot may be aimed at, one the front arc
    #: covers, one an overwatch sector covers.
    shell: str
    aim: str
    arc: str
    sector: str
    #: The line of sight: its core hexes, its edge pairs, a hex that hides, a hex the
    #: unit does not see (in its shadow).
    line: str
    pair: str
    hider: str
    shadow: str
    #: A deployment hex, more than one unit in a hex.
    zone: str
    more: str
    #: A unit's status: holding position, moved this turn, stuck, on overwatch.
    holding: str
    moved: str
    stuck: str
    watching: str


UNICODE = BoardGlyphs(
    name="unicode",
    facing=("⇑", "⇗", "⇘", "⇓", "⇙", "⇖"),
    west_left=False,
    rubble="░",
    building="⌂",
    smoke="∿",
    wreck="✕",
    shell="⊛",
    aim="∙",
    arc="∙",
    sector="◦",
    line="∗",
    pair="⁎",
    hider="✖",
    shadow="⁙",
    zone="◦",
    more="+",
    holding="▪",
    moved="»",
    stuck="!",
    watching="⊚",
)

ASCII = BoardGlyphs(
    name="ascii",
    facing=("^", "'", ",", "v", ",", "'"),
    west_left=True,
    rubble="%",
    building="#",
    smoke="~",
    wreck="x",
    shell="@",
    aim=".",
    arc=".",
    sector="o",
    line="*",
    pair=",",
    hider="X",
    shadow=":",
    zone="o",
    more="+",
    holding="=",
    moved=">",
    stuck="!",
    watching="w",
)


def board_glyphs(name: str) -> BoardGlyphs:
    """The board's set for the app's glyph set ``name`` (``"ascii"`` or anything else)."""
    return ASCII if name == "ascii" else UNICODE


def facing_text(g: BoardGlyphs, label: str, facing: int) -> str:
    """A unit's upper line: its two-character ``label`` and its facing glyph (before the
    label for SW and NW in the ASCII set), three cells."""
    arrow = g.facing[facing % 6]
    if g.west_left and facing % 6 in (4, 5):
        return arrow + label
    return label + arrow


def _initial(name: str, profile: str) -> str:
    """The letter a unit's label starts with: the first letter of its name, or of its
    profile when the name starts with no letter that has a case."""
    for ch in name:
        if ch.isalpha() and ch.upper() != ch.lower():
            return ch
        if ch.isalnum():
            break
    return profile[:1] or "u"


def unit_labels(units: Iterable[tuple[int, str, str]]) -> dict[tuple[int, str], str]:
    """Two-character labels of units given as (side, name, profile): the name's first
    letter, capital for the first side and small for the second (GB-17.3), then the
    last digit of the name (``Hare-2`` → ``H2``, ``h2``) or its next letter; a digit
    1-9 (then a letter) instead when two units of a side would read the same.
    Returns ``{(side, name): label}``."""
    out: dict[tuple[int, str], str] = {}
    taken: dict[int, set[str]] = {}
    for side, name, profile in units:
        first = _initial(name, profile)
        first = first.upper() if side == 0 else first.lower()
        digits = [ch for ch in name if ch.isdigit()]
        letters = [ch for ch in name[1:] if ch.isalnum()]
        second = digits[-1] if digits else (letters[0].lower() if letters else " ")
        used = taken.setdefault(side, set())
        label = first + second
        if label in used:
            for ch in "123456789abcdefghijklmnopqrstuvwxyz":
                if first + ch not in used:
                    label = first + ch
                    break
        used.add(label)
        out[(side, name)] = label
    return out


def legend_rows(g: BoardGlyphs) -> list[tuple[str, str]]:
    """(glyphs, meaning) rows of the board's legend, translated, for the help."""
    f = g.facing
    return [
        (
            "H1" + f[1] + "  h2" + f[3],
            _("a unit: capitals for Player 1, small letters for Player 2; its facing"),
        ),
        ("/   \\", _("a hex; its lower line (underlined) is its bottom edge and shows the ground")),
        ("2", _("a digit at the left of the lower line: the ground's elevation (blank at 0)")),
        (g.rubble * 2, _("rubble: entering costs 3 MP (GB-3.4)")),
        (g.wreck + g.rubble, _("a wreck: rubble left by a destroyed mech (GB-15.3)")),
        (g.building + "3", _("a building and its height in levels: no ground unit enters (GB-3.5)")),
        (g.smoke, _("smoke: it hides, it does not block fire (GB-3.7, GB-8.8)")),
        (
            g.holding + " " + g.moved + " " + g.stuck + " " + g.watching,
            _("under a unit: holds position, moved this turn, stuck, on overwatch"),
        ),
        (g.more, _("more than one unit in the hex (the panel lists them)")),
        (" 5", _("a hex the unit can reach, and its cost in MP (Enter moves there)")),
        (g.shell + "4", _("where your shell will land, and the turn it lands")),
        ("12", _("while aiming an arc shot: the scatter number of each hex around the aim")),
        (g.aim + " " + g.arc + " " + g.sector, _("hexes to aim at; the front arc; an overwatch sector")),
        (
            g.line + " " + g.pair + " " + g.hider + " " + g.shadow,
            _("line of sight: its hexes, edge pairs, a hex that hides, a hex in shadow"),
        ),
        (g.zone, _("a free hex of your deployment zone")),
    ]
