"""Fitting any text a player typed into a line of the terminal.

Names come from players and files: emoji, right-to-left scripts, combining
marks, long names. :func:`clean` removes what would disturb the terminal
(escape sequences, control and direction-formatting characters: the one
sanitiser, :func:`engine.text.clean`, which already cleaned every text where it
entered); :func:`fit` cuts a text to a number of cells and ends it with an
ellipsis. Widths are measured
in terminal cells with Rich's tables (a wide emoji is two cells, a combining
mark none).
"""

from __future__ import annotations

import re
import unicodedata

from rich.cells import cell_len

from engine.text import clean as _clean

__all__ = ["clean", "fit", "slug"]

#: Format characters that are kept: joiners and variation selectors shape emoji.
_KEEP_FORMAT = frozenset("\u200c\u200d")


def clean(text: str) -> str:
    """``text`` for display (:func:`engine.text.clean`, not cut): escape sequences
    removed whole, line breaks and tabs as spaces, other control characters,
    direction marks, embeddings, overrides and isolates (which could reorder the
    rest of the line on a terminal that applies them) and other invisible format
    characters removed."""
    return _clean(text, None)


def fit(text: str, width: int, ellipsis: str = "…") -> str:
    """``text`` (cleaned) cut to at most ``width`` terminal cells, ending with
    ``ellipsis`` when it was cut. At most ``3 * width`` characters are kept, so
    a run of zero-width marks cannot grow without end."""
    if width <= 0:
        return ""
    limit = 3 * width + 8
    text = clean(text[: limit + 1])
    if len(text) <= limit and cell_len(text) <= width:
        return text
    room = max(0, width - cell_len(ellipsis))
    used = 0
    out = []
    for ch in text[:limit]:
        w = cell_len(ch)
        if used + w > room:
            break
        out.append(ch)
        used += w
    # do not end on a lone joiner, or the ellipsis would be joined to a glyph
    while out and out[-1] in _KEEP_FORMAT:
        out.pop()
    return "".join(out) + ellipsis if width >= cell_len(ellipsis) else "".join(out)


def slug(text: str, limit: int = 40) -> str:
    """``text`` as part of a file name: letters and digits of any script kept, lower
    case, every other run of characters as one ``-``, at most ``limit``
    characters; "" when nothing is left."""
    folded = unicodedata.normalize("NFC", text[: 4 * limit]).casefold()
    stem = re.sub(r"[\W_]+", "-", folded).strip("-")
    return stem[:limit].strip("-")
