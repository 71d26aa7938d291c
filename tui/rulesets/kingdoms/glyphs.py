"""The characters of the Three Kingdoms map, in two sets: Unicode (none of
"ambiguous" East Asian width, so they keep their place on every terminal) and
plain ASCII (``--ascii``). Colour only ever repeats what a glyph says: a base's
controller is a flag and the side's letter, a regiment's side is the letter of
its id, its type a glyph.

:func:`legend_rows` explains every glyph for the help.
"""

from __future__ import annotations

from typing import NamedTuple

from engine.i18n import N_, _

__all__ = ["ASCII_MAP", "UNICODE_MAP", "MapGlyphs", "legend_rows", "map_glyphs"]


class MapGlyphs(NamedTuple):
    """The map's characters (each one terminal cell wide)."""

    name: str
    #: Before a base's id, by base type (TK-1.5).
    base: dict[str, str]
    #: After the id of a base that is a building (TK-3.5).
    building: str
    #: After a regiment's id: infantry, mounted cavalry, dismounted cavalry, archers.
    regiment: dict[str, str]
    #: Before a controller's letter; a neutral base's mark (TK-1.7).
    flag: str
    neutral: str
    #: After a regiment's morale, the most pressing of its states.
    status: dict[str, str]
    #: A fortress under siege (TK-14.2).
    siege: str
    #: A ram that is ready (TK-14.4).
    ready: str
    #: Links: a run along, a run up and down, a corner's half pointing up and down;
    #: plain links and mountain links (TK-1.6). A run alternates its glyph with the
    #: one keyed ``h2``/``v2`` (on odd columns or lines), where there is one.
    link: dict[str, str]
    mountain: dict[str, str]
    #: In a box's first column: the base of the regiment being ordered, and a base its
    #: orders lead to.
    origin: str
    target: str


UNICODE_MAP = MapGlyphs(
    name="unicode",
    base={"hq": "♚", "garrison": "⊞", "watchtower": "♜", "path": "⋯", "bridge": "⊓", "ford": "≋"},
    building="⌂",
    regiment={"infantry": "♟", "cavalry": "♞", "dismounted": "♘", "archers": "➶"},
    flag="⚑",
    neutral="⚐",
    status={"panic": "!", "duel": "✕", "retreat": "«", "crew": "⇡", "immune": "✧", "screen": "▪"},
    siege="✕",
    ready="✓",
    link={"h": "╼", "h2": "╾", "v": "╽", "v2": "╿", "up": "╵", "down": "╷"},
    mountain={"h": "╌", "v": "╎", "up": "╵", "down": "╷"},
    origin="◉",
    target="✦",
)

ASCII_MAP = MapGlyphs(
    name="ascii",
    base={"hq": "*", "garrison": "#", "watchtower": "^", "path": ".", "bridge": "=", "ford": "~"},
    building="+",
    regiment={"infantry": "i", "cavalry": "c", "dismounted": "d", "archers": "a"},
    flag="",
    neutral="-",
    status={"panic": "!", "duel": "x", "retreat": "<", "crew": "^", "immune": "%", "screen": "s"},
    siege="x",
    ready="+",
    link={"h": "-", "v": "|", "up": "+", "down": "+"},
    mountain={"h": ":", "v": ":", "up": ":", "down": ":"},
    origin="@",
    target=">",
)


def map_glyphs(ascii: bool) -> MapGlyphs:
    """The ASCII set when ``ascii``, else the Unicode set."""
    return ASCII_MAP if ascii else UNICODE_MAP


#: What each base type's glyph means (the catalogue's names, TK-1.5).
_BASES = (
    ("hq", N_("main headquarters (TK-1.5)")),
    ("garrison", N_("garrison")),
    ("watchtower", N_("watchtower (TK-13)")),
    ("path", N_("path")),
    ("bridge", N_("bridge (one regiment of a side)")),
    ("ford", N_("ford (one regiment of a side)")),
)
_REGIMENTS = (
    ("infantry", N_("infantry")),
    ("cavalry", N_("mounted cavalry")),
    ("dismounted", N_("dismounted cavalry (TK-3.5)")),
    ("archers", N_("archers")),
)
_STATUS = (
    ("panic", N_("panicking: only flees, deals nothing (TK-16)")),
    ("duel", N_("in a duel that continues (TK-11.6)")),
    ("retreat", N_("retreating: may be pursued (TK-9.3)")),
    ("crew", N_("the tower's crew (TK-13.1)")),
    ("immune", N_("cannot be challenged after winning a duel (TK-11.8)")),
    ("screen", N_("screens another regiment in this phase (TK-8)")),
)


def legend_rows(glyphs: MapGlyphs) -> list[tuple[str, str]]:
    """(glyphs, meaning) rows explaining the map, translated."""
    g = glyphs
    rows: list[tuple[str, str]] = [(g.base[key], _(text)) for key, text in _BASES]
    rows.append((g.building, _("after a base's id: a building, closed to mounted cavalry (TK-3.5)")))
    rows.append(("[3]", _("how many regiments of each side the base holds (TK-1.5)")))
    rows.append(
        (
            f"{g.flag}S {g.neutral}",
            _("the side that controls the base, by its letter (TK-1.7); a neutral base"),
        )
    )
    rows += [(g.regiment[key], _(text)) for key, text in _REGIMENTS]
    rows.append(("S3 500 100", _("a regiment: its id (side letter and number), men, morale")))
    rows += [(g.status[key], _(text)) for key, text in _STATUS]
    rows.append(
        (
            _("G6 B2 R4"),
            _("a fortress: its gates' and ram's hit points, ballistas left (TK-14)"),
        )
    )
    rows.append((g.ready, _("after the ram: it is ready and strikes (TK-14.4)")))
    rows.append((g.siege, _("after a fortress: it is under siege (TK-14.2)")))
    rows.append((g.link["h"] * 3 + " " + g.link["v"], _("a link between two bases (TK-1.6)")))
    rows.append(
        (g.mountain["h"] * 3 + " " + g.mountain["v"], _("a mountain link: no mounted cavalry (TK-3.5)"))
    )
    rows.append((g.origin, _("the base of the regiment you are ordering")))
    rows.append((g.target, _("a base its orders can reach")))
    return rows
