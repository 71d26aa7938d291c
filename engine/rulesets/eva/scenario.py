"""Maps of the 20 x 30 board (EVA-2) as plain-text files, and their parser.

A map file is UTF-8 text::

    title: Crossroads
    title.ru: Перекрёсток
    # comments start with '#'

    ....................      <- row 30 (north edge) first
    ...                       <- 30 lines of 20 characters
    ....................      <- row 1 (south edge) last

One character per square: ``.`` open, ``-`` open square of a deployment zone
(rows 1-3 and 28-30, EVA-5.2), ``r`` red, ``y`` yellow, ``g`` green, ``b`` blue
obstacle. Every open square of rows 1-3 and 28-30 must be written ``-`` and no
other square may be, so the zones show at a glance and a slip is caught.
The parser reports the line and column of any bad character.
"""

from __future__ import annotations

from functools import cached_property
from importlib import resources

import msgspec

__all__ = [
    "BLUE",
    "COLOUR_NAMES",
    "GREEN",
    "HEIGHT",
    "OPEN",
    "RED",
    "WIDTH",
    "YELLOW",
    "EvaMap",
    "MapError",
    "bundled_maps",
    "load_bundled",
    "parse_map",
]

WIDTH, HEIGHT = 20, 30  # EVA-2.1
OPEN, RED, YELLOW, GREEN, BLUE = 0, 1, 2, 3, 4  # ranked as in EVA-2.3
COLOUR_NAMES = ("open", "red", "yellow", "green", "blue")
_CHARS = {".": OPEN, "-": OPEN, "r": RED, "y": YELLOW, "g": GREEN, "b": BLUE}
SOUTH_ROWS = (1, 2, 3)
NORTH_ROWS = (28, 29, 30)


class MapError(ValueError):
    """A map file that cannot be read; ``line`` and ``column`` are 1-based (0 if none)."""

    def __init__(self, message: str, line: int = 0, column: int = 0) -> None:
        where = f"line {line}, column {column}: " if line and column else (f"line {line}: " if line else "")
        super().__init__(where + message)
        self.line = line
        self.column = column


class EvaMap(msgspec.Struct, frozen=True, dict=True):
    """A board: ``key`` (file name), titles, and ``rows`` as written in the file
    (row 30 first). ``terrain`` gives the colour of each square by flat index
    ``(y - 1) * 20 + (x - 1)``."""

    key: str
    title: str
    rows: list[str]
    title_ru: str = ""

    @cached_property
    def terrain(self) -> bytes:
        """Colour of each square (0 open .. 4 blue), by flat index."""
        out = bytearray(WIDTH * HEIGHT)
        for r, line in enumerate(self.rows):
            y = HEIGHT - r
            for x0, ch in enumerate(line):
                out[(y - 1) * WIDTH + x0] = _CHARS[ch]
        return bytes(out)

    def colour(self, x: int, y: int) -> int:
        """Colour of square (x, y)."""
        return self.terrain[(y - 1) * WIDTH + (x - 1)]

    def title_for(self, lang: str) -> str:
        """The title in ``lang`` when the file has one, else the English title."""
        return self.title_ru if lang == "ru" and self.title_ru else self.title


def parse_map(text: str, key: str = "custom") -> EvaMap:
    """Parse a map file's text. Raises :class:`MapError` with line and column."""
    title = title_ru = ""
    rows: list[str] = []
    lines = text.splitlines()
    first_row_line = 0
    for n, raw in enumerate(lines, start=1):
        line = raw.rstrip("\r")
        if not rows and (not line.strip() or line.lstrip().startswith("#")):
            continue
        if not rows and ":" in line and line.split(":", 1)[0].strip() in ("title", "title.ru"):
            k, v = line.split(":", 1)
            if k.strip() == "title":
                title = v.strip()
            else:
                title_ru = v.strip()
            continue
        if rows and not line.strip():
            # trailing blank lines are allowed, nothing after them
            rest = [m for m, r in enumerate(lines[n:], start=n + 1) if r.strip()]
            if rest:
                raise MapError("unexpected text after the board", rest[0])
            break
        if not rows:
            first_row_line = n
        y = HEIGHT - len(rows)
        if y < 1:
            raise MapError(f"the board has more than {HEIGHT} rows", n)
        if len(line) != WIDTH:
            raise MapError(f"row {y} has {len(line)} squares; it needs {WIDTH}", n, min(len(line), WIDTH) + 1)
        zone_row = y in SOUTH_ROWS or y in NORTH_ROWS
        for c, ch in enumerate(line, start=1):
            if ch not in _CHARS:
                raise MapError(f"unknown square {ch!r} (use . - r y g b)", n, c)
            if ch == "." and zone_row:
                raise MapError(f"row {y} is a deployment row: write open squares there as '-'", n, c)
            if ch == "-" and not zone_row:
                raise MapError("'-' marks deployment squares, which are only in rows 1–3 and 28–30", n, c)
        rows.append(line)
    if len(rows) != HEIGHT:
        raise MapError(f"the board has {len(rows)} rows; it needs {HEIGHT}", first_row_line or len(lines))
    if not title:
        raise MapError("the map has no 'title:' line", 1)
    return EvaMap(key=key, title=title, rows=rows, title_ru=title_ru)


#: The keys of the shipped maps and the maps, read once (they ship with the game).
_BUNDLED: list[str] = []
_BUNDLED_MAPS: dict[str, EvaMap] = {}


def bundled_maps() -> list[str]:
    """Keys of the maps shipped with the game, sorted."""
    if not _BUNDLED:
        folder = resources.files(__package__) / "maps"
        _BUNDLED[:] = sorted(p.name[:-4] for p in folder.iterdir() if p.name.endswith(".map"))
    return list(_BUNDLED)


def load_bundled(key: str) -> EvaMap:
    """A shipped map by key. Raises :class:`MapError` if it is missing or bad."""
    m = _BUNDLED_MAPS.get(key)
    if m is None:
        folder = resources.files(__package__) / "maps"
        f = folder / f"{key}.map"
        if not f.is_file():
            raise MapError(f"no map named {key!r}")
        m = _BUNDLED_MAPS[key] = parse_map(f.read_text(encoding="utf-8"), key)
    return EvaMap(key=m.key, title=m.title, rows=list(m.rows), title_ru=m.title_ru)
