"""The player's settings (language, glyph set), kept as JSON in the user config folder.

The file is small msgspec JSON, e.g. ``{"language": "ru", "glyphs": "ascii"}``.
A missing file gives the defaults; a damaged one gives the defaults too and is
left alone until the player changes a setting. Command-line options
(``--lang``, ``--ascii``) override the file for one run and are not saved.

The settings are a named tuple (made faster at import than a dataclass) and
msgspec is imported only when a file is read or written, so a first start draws
its title without loading it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Literal, NamedTuple

from engine.i18n import LANGUAGES

__all__ = ["GLYPH_SETS", "Settings", "load_settings", "save_settings"]

#: The glyph sets: ``unicode`` (the main set) and ``ascii`` (plain ASCII only).
GLYPH_SETS = ("unicode", "ascii")


class Settings(NamedTuple):
    """The stored settings (a new value is made with ``_replace``).

    ``language``: a code of :data:`engine.i18n.LANGUAGES`, or None to follow the
    environment (``LANG``). ``glyphs``: ``"unicode"`` or ``"ascii"``.
    """

    language: str | None = None
    glyphs: Literal["unicode", "ascii"] = "unicode"


#: A settings file larger than this is not read (bytes).
MAX_SETTINGS_BYTES = 64 * 1024


def load_settings(path: Path) -> tuple[Settings, str | None]:
    """Read the settings at ``path``.

    Returns the settings and None, or the defaults and a one-line English reason
    when the file exists but cannot be used. Never raises for a bad file; a
    value out of range is ignored field by field.
    """
    import os

    if not os.path.lexists(path):
        return Settings(), None
    import msgspec

    from engine.record import SaveError, read_file

    try:
        # a regular file only, its size checked before reading (never a FIFO or a device)
        data = read_file(Path(path), MAX_SETTINGS_BYTES)
    except SaveError as exc:
        return Settings(), f"cannot read the settings file: {exc}"
    try:
        raw: Any = msgspec.json.decode(data)
    except (msgspec.DecodeError, RecursionError) as exc:
        return Settings(), f"the settings file is damaged ({exc})"
    if not isinstance(raw, dict):
        return Settings(), "the settings file is damaged (not a JSON object)"
    language = raw.get("language")
    glyphs = raw.get("glyphs")
    return (
        Settings(
            language=language if language in LANGUAGES else None,
            glyphs=glyphs if glyphs in GLYPH_SETS else "unicode",
        ),
        None,
    )


def save_settings(path: Path, settings: Settings) -> None:
    """Write ``settings`` to ``path`` atomically (folder created). Raises :class:`OSError`."""
    import msgspec

    from engine.record import write_atomic

    write_atomic(Path(path), msgspec.json.format(msgspec.json.encode(settings._asdict()), indent=1) + b"\n")
