"""Maps and set-ups: the presets of BL-1.5, the default layout of BL-1.6, custom lines.

:func:`duel` and :func:`battle` make a :class:`state.Setup`; :func:`setup_problems`
lists what keeps a set-up from being played, each with its rule ID.
"""

from __future__ import annotations

from collections.abc import Sequence

import msgspec

from engine.geometry.line import BadRuns, Line
from engine.i18n import N_
from engine.rosterfile import Problem
from engine.rulesets.battleline.roster import Mech, validate
from engine.rulesets.battleline.state import Setup

__all__ = [
    "MAP_TITLES",
    "MAX_LENGTH",
    "MAX_MECHS",
    "PRESETS",
    "MapPreset",
    "battle",
    "default_layout",
    "duel",
    "setup_problems",
]

#: The most mechs and cells a set-up may have (engine limits, not rules).
MAX_MECHS = 8
MAX_LENGTH = 200


class MapPreset(msgspec.Struct, frozen=True):
    """A duel map of BL-1.5: its title (untranslated), L, cover runs and the two start cells."""

    title: str
    length: int
    cover: tuple[tuple[int, int], ...]
    starts: tuple[int, int]


#: BL-1.5 (BL-AMB-1): the Open field (the default, BL-1.2) and the Ruins.
PRESETS: dict[str, MapPreset] = {
    "open": MapPreset(N_("Open field"), 30, (), (9, 21)),
    "ruins": MapPreset(N_("Ruins"), 30, ((19, 23),), (9, 27)),
}

#: Titles of the kinds of map a set-up names (untranslated).
MAP_TITLES: dict[str, str] = {
    "open": N_("Open field"),
    "ruins": N_("Ruins"),
    "line": N_("Open line"),
    "custom": N_("Custom line"),
}


def default_layout(n: int) -> tuple[int, tuple[int, ...]]:
    """The default line for ``n`` mechs (BL-1.6, BL-AMB-3): L = 12n + 6, seat i
    (1-based) starting on cell 9 + 12(i - 1), no cover; for n = 2 the duel default."""
    return 12 * n + 6, tuple(9 + 12 * i for i in range(n))


def duel(
    first: Mech,
    second: Mech,
    preset: str = "open",
    *,
    starts: tuple[int, int] | None = None,
    turn_limit: int = 0,
) -> Setup:
    """A duel on preset ``preset`` (``"open"`` or ``"ruins"``, BL-1.5); ``starts``
    replaces the preset's start cells (a custom start, as some worked examples
    use). Raises KeyError for an unknown preset."""
    p = PRESETS[preset]
    return Setup(
        mechs=(first, second),
        length=p.length,
        cover=p.cover,
        starts=starts if starts is not None else p.starts,
        turn_limit=turn_limit,
        map=preset,
    )


def battle(
    mechs: Sequence[Mech],
    *,
    length: int | None = None,
    cover: Sequence[tuple[int, int]] = (),
    starts: Sequence[int] | None = None,
    turn_limit: int = 0,
) -> Setup:
    """A battle of ``mechs`` (seat order) on the default layout of BL-1.6, or on a
    custom line (``length``, ``cover`` runs, ``starts``; BL-1.5). Nothing is checked
    here: see :func:`setup_problems`."""
    n_length, n_starts = default_layout(len(mechs))
    custom = length is not None or bool(cover) or starts is not None
    return Setup(
        mechs=tuple(mechs),
        length=length if length is not None else n_length,
        cover=tuple(cover),
        starts=tuple(starts) if starts is not None else n_starts,
        turn_limit=turn_limit,
        map="custom" if custom else "line",
    )


def setup_problems(setup: Setup) -> list[Problem]:
    """Every reason ``setup`` cannot be played, with its rule ID; empty when it can.

    Checks: two or more mechs (BL-2.1, at most :data:`MAX_MECHS`); a line of 2 to
    :data:`MAX_LENGTH` cells (BL-1.1); cover runs on the line (BL-1.4); one start
    cell per mech, distinct and on the line (BL-1.5); a turn limit of 0 (none) or
    more (BL-2.7); every mech's build (BLC-2, see :func:`roster.validate`).
    """
    out: list[Problem] = []
    n = len(setup.mechs)
    if not 2 <= n <= MAX_MECHS:
        out.append(
            Problem("BL-2.1", N_("A battle needs 2 to {most} mechs, not {n}."), {"most": MAX_MECHS, "n": n})
        )
    if not 2 <= setup.length <= MAX_LENGTH:
        out.append(
            Problem(
                "BL-1.1",
                N_("The line must have 2 to {most} cells, not {n}."),
                {"most": MAX_LENGTH, "n": setup.length},
            )
        )
    else:
        try:
            Line(setup.length, setup.cover)
        except BadRuns:
            out.append(Problem("BL-1.4", N_("Every cover cell must be on the line.")))
    if len(setup.starts) != n:
        out.append(Problem("BL-1.5", N_("Every mech needs one start cell.")))
    elif len(set(setup.starts)) != n or not all(1 <= c <= setup.length for c in setup.starts):
        out.append(Problem("BL-1.5", N_("Start cells must be distinct and on the line.")))
    if setup.turn_limit < 0:
        out.append(Problem("BL-2.7", N_("The turn limit cannot be negative.")))
    for mech in setup.mechs:
        out.extend(validate(mech))
    return out
