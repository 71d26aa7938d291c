"""Hex maps as plain-text files, and their parser (GB-2.4, GB-3.1, GB-4.6).

A map file is UTF-8 text::

    title: Knoll Town
    title.ru: Городок у холма
    # comments start with '#'; blank lines before the grid are skipped

    0.a 0.a 1. 0#2 ...      <- row 01 (the top row), one cell per column
    ...                     <- one line per row, row 01 first

Every row has the same number of cells (the map's width W, 1-99), separated by
spaces; there are H rows (1-99). Cell ``k`` of line ``n`` is hex ``CCRR`` with column
``k`` and row ``n`` (GB-2.4). A cell is written:

* the hex's elevation, one digit 0-9 (GB-3.1);
* its type: ``.`` open, ``%`` rubble, ``#`` and a digit 1-9 for a building of that
  height above its ground (GB-3.1, GB-3.4, GB-3.5);
* optionally ``a`` or ``b``: the hex belongs to the deployment zone of the first or
  the second side (GB-4.6); never on a building.

Examples: ``0.`` open ground, ``2%`` rubble on a level-2 hill, ``0#3`` a three-level
building, ``0.b`` open ground of the second side's deployment zone. The parser reports
the line and column (1-based, in characters) of the first bad entry.
"""

from __future__ import annotations

import re
from functools import cached_property
from importlib import resources
from typing import TYPE_CHECKING

import msgspec

from engine.i18n import _

if TYPE_CHECKING:
    from engine.rulesets.ballistic.terrain import MapTables

__all__ = [
    "BUILDING",
    "MAX_SIZE",
    "OPEN",
    "RUBBLE",
    "HexMap",
    "MapError",
    "bundled_maps",
    "load_bundled",
    "open_map",
    "parse_map",
]

OPEN, RUBBLE, BUILDING = 0, 1, 2
#: The largest width and height (GB-2.4).
MAX_SIZE = 99
_CELL = re.compile(r"^([0-9])(\.|%|#[1-9])([ab])?$")


class MapError(ValueError):
    """A map that cannot be read; ``line`` and ``column`` are 1-based (0: none)."""

    def __init__(self, message: str, line: int = 0, column: int = 0) -> None:
        if line and column:
            where = _("line {line}, column {column}: ").format(line=line, column=column)
        else:
            where = _("line {line}: ").format(line=line) if line else ""
        super().__init__(where + message)
        self.line = line
        self.column = column


class HexMap(msgspec.Struct, frozen=True, dict=True):
    """A map: ``key`` (file name), ``title`` (and ``title_ru``), and ``rows``, the grid
    as written (row 01 first; cells separated by one space). Read it through
    :func:`engine.rulesets.ballistic.terrain.tables` (the tables every rule uses)."""

    key: str
    title: str
    rows: list[str]
    title_ru: str = ""

    @property
    def width(self) -> int:
        """Columns (W)."""
        return len(self.rows[0].split()) if self.rows else 0

    @property
    def height(self) -> int:
        """Rows (H)."""
        return len(self.rows)

    @cached_property
    def tables(self) -> MapTables:
        """The map's precomputed tables (:func:`engine.rulesets.ballistic.terrain.tables`,
        shared by every map of the same content)."""
        from engine.rulesets.ballistic.terrain import tables

        return tables(self)

    def title_for(self, lang: str) -> str:
        """The title in ``lang`` when the file has one, else the English title."""
        return self.title_ru if lang == "ru" and self.title_ru else self.title

    def cells(self) -> list[list[tuple[int, int, int, int]]]:
        """The grid as (elevation, type, building height, zone) per cell, row by row:
        type ``OPEN``/``RUBBLE``/``BUILDING``; zone 0 none, 1 first side, 2 second.
        Raises :class:`MapError` when a row is not valid (a hostile save)."""
        out = []
        width = self.width
        for n, row in enumerate(self.rows, start=1):
            cells = row.split()
            if len(cells) != width:
                raise MapError(
                    _("row {row} has {n} cells; the map is {width} wide").format(
                        row=f"{n:02d}", n=len(cells), width=width
                    ),
                    n,
                )
            out.append([_read_cell(c, n, k) for k, c in enumerate(cells, start=1)])
        return out


def _read_cell(text: str, line: int, column: int) -> tuple[int, int, int, int]:
    m = _CELL.match(text)
    if m is None:
        raise MapError(
            _(
                "cannot read the cell {cell}: write an elevation digit, then '.', '%' or "
                "'#' and a height 1–9, then optionally 'a' or 'b'"
            ).format(cell=repr(text[:12])),
            line,
            column,
        )
    elevation = int(m.group(1))
    kind = m.group(2)
    zone = {"a": 1, "b": 2}.get(m.group(3) or "", 0)
    if kind.startswith("#"):
        if zone:
            raise MapError(_("a building hex cannot be a deployment hex"), line, column)
        return elevation, BUILDING, int(kind[1]), zone
    return elevation, RUBBLE if kind == "%" else OPEN, 0, zone


def parse_map(text: str, key: str = "custom") -> HexMap:
    """Parse a map file's text (see the module's description). Raises
    :class:`MapError` with the line and column of the first problem."""
    title = title_ru = ""
    rows: list[str] = []
    width = 0
    first_line = 0
    lines = text.splitlines()
    for n, raw in enumerate(lines, start=1):
        line = raw.rstrip()
        stripped = line.strip()
        if not rows and (not stripped or stripped.startswith("#")):
            continue
        if not rows and ":" in line:
            field, value = line.split(":", 1)
            if field.strip() == "title":
                title = value.strip()
                continue
            if field.strip() == "title.ru":
                title_ru = value.strip()
                continue
            raise MapError(
                _("unknown field {field} (use title: and title.ru:)").format(field=repr(field.strip()[:20])),
                n,
                1,
            )
        if rows and not stripped:
            rest = [m for m, r in enumerate(lines[n:], start=n + 1) if r.strip()]
            if rest:
                raise MapError(_("unexpected text after the grid"), rest[0], 1)
            break
        if not rows:
            first_line = n
        cells = [(m.start() + 1, m.group(0)) for m in re.finditer(r"\S+", line)]
        for column, cell in cells:
            _read_cell(cell, n, column)
        if not rows:
            width = len(cells)
            if width > MAX_SIZE:
                raise MapError(
                    _("the map is {width} columns wide; at most {most}").format(width=width, most=MAX_SIZE),
                    n,
                    cells[MAX_SIZE][0],
                )
        elif len(cells) != width:
            column = cells[width][0] if len(cells) > width else len(line) + 1
            raise MapError(
                _("row {row} has {n} cells; the first row has {width}").format(
                    row=f"{len(rows) + 1:02d}", n=len(cells), width=width
                ),
                n,
                column,
            )
        rows.append(" ".join(c for _col, c in cells))
        if len(rows) > MAX_SIZE:
            raise MapError(_("the map has more than {most} rows").format(most=MAX_SIZE), n)
    if not rows:
        raise MapError(_("the map has no grid"), first_line or len(lines) or 1)
    if not title:
        raise MapError(_("the map has no 'title:' line"), 1)
    return HexMap(key=key, title=title, rows=rows, title_ru=title_ru)


def open_map(width: int, height: int, key: str = "open", title: str = "Open ground") -> HexMap:
    """A ``width`` x ``height`` map of open ground at elevation 0, without deployment
    zones (the worked examples' default is 16 x 12)."""
    if not (1 <= width <= MAX_SIZE and 1 <= height <= MAX_SIZE):
        raise MapError(_("a map is 1–{most} hexes each way").format(most=MAX_SIZE))
    return HexMap(key=key, title=title, rows=[" ".join(["0."] * width)] * height)


#: The shipped maps, read once.
_BUNDLED: dict[str, HexMap] = {}


def bundled_maps() -> list[str]:
    """Keys of the maps shipped with the game, sorted."""
    folder = resources.files(__package__) / "maps"
    return sorted(p.name[:-4] for p in folder.iterdir() if p.name.endswith(".map"))


def load_bundled(key: str) -> HexMap:
    """A shipped map by key. Raises :class:`MapError` when it is missing or bad."""
    m = _BUNDLED.get(key)
    if m is None:
        f = resources.files(__package__) / "maps" / f"{key}.map"
        if not f.is_file():
            raise MapError(_("no map named {key}").format(key=repr(key)))
        m = _BUNDLED[key] = parse_map(f.read_text(encoding="utf-8"), key)
    return m
