"""The one sanitiser for text that comes from outside: files, typed or pasted
input, the command line.

A terminal obeys what it is sent: an escape sequence in a player's name can
retitle the window (OSC 0), write the viewer's clipboard (OSC 52) or wipe the
screen (``ESC[2J``). Text from outside is therefore made safe where it *enters*
(a save or roster decoded, a name typed), never at each place it is shown:

* :func:`clean` makes any text safe to show: escape sequences (CSI, OSC, DCS,
  SOS, PM, APC and the two-character ones, in their 7-bit and C1 forms) are
  removed whole; line breaks, tabs and the other whitespace controls become
  spaces; every other control character (C0, DEL, C1), the direction
  controls that could reorder the rest of a line (embeddings, overrides,
  isolates, marks), the other invisible format characters and lone
  surrogates are removed. The zero-width joiner and non-joiner, which shape
  emoji and some scripts, stay. Text is cut to a number of characters.
* :func:`problem` says why a text read from a file is refused: a file this
  program wrote never holds such characters (a typed name is cleaned before
  it is kept), so a text that :func:`clean` would change, or one longer than
  its limit, was made by hand or damaged.
* :func:`tree_problem` does the same for every text (and key) of a decoded
  JSON value, naming where it is (``rosters[0].evas[1].name``).

Limits are in characters: :data:`NAME_LIMIT` for a name or a title (a player,
a roster, a unit, a map) and every text of a set-up or roster file;
:data:`LINE_LIMIT` for a line (an action's notation, a summary, a message).
Nothing here is slower than the limit: a 20 MB name is refused on its length,
and cleaning reads a few times the limit at most.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Any

from engine.i18n import N_

__all__ = ["LINE_LIMIT", "NAME_LIMIT", "clean", "problem", "shown", "tree_problem"]

#: Longest name or title (characters): players, rosters, units, maps; and every text
#: of a set-up or roster file.
NAME_LIMIT = 200
#: Longest line (characters): an action's notation, a summary, a message.
LINE_LIMIT = 2000

#: Escape sequences, removed whole. An OSC, DCS, SOS, PM or APC string runs to its
#: terminator (BEL or ST) or, unterminated, to the end of the text, as a terminal
#: would read it.
_ESCAPES = re.compile(
    r"""
      \x1b\[[0-?]*[\x20-/]*[@-~]?                       # CSI (7-bit)
    | \x9b[0-?]*[\x20-/]*[@-~]?                         # CSI (C1)
    | \x1b[\]PX^_][^\x07\x1b\x9c]*(?:\x07|\x1b\\|\x9c)?  # OSC, DCS, SOS, PM, APC (7-bit)
    | [\x9d\x90\x98\x9e\x9f][^\x07\x1b\x9c]*(?:\x07|\x1b\\|\x9c)?  # the same (C1)
    | \x1b[\x20-/]*[\x30-~]?                            # any other ESC sequence
    """,
    re.VERBOSE,
)

#: Controls that separate words: shown as one space each.
_SPACES = frozenset("\t\n\v\f\r\x1c\x1d\x1e\x1f\x85\u2028\u2029")
#: Format characters kept: the zero-width non-joiner and joiner shape emoji and scripts.
_KEEP_FORMAT = frozenset("\u200c\u200d")


def _plain(text: str) -> str:
    out: list[str] = []
    for ch in text:
        if ch in _SPACES:
            out.append(" ")
            continue
        cat = unicodedata.category(ch)
        if cat == "Cc" or cat == "Cs" or (cat == "Cf" and ch not in _KEEP_FORMAT):
            continue
        out.append(ch)
    return "".join(out)


def _needs_work(text: str) -> bool:
    """Whether :func:`clean` could change ``text`` (a fast test of the common case)."""
    return not text.isprintable()  # printable: no control, format, separator, surrogate


def clean(text: str, limit: int | None = LINE_LIMIT) -> str:
    """``text`` safe to show on a terminal (see the module's description), cut to
    ``limit`` characters (None: not cut). At most ``4 * limit + 64`` characters
    of ``text`` are read. Never raises for a ``str``."""
    if limit is not None and len(text) > 4 * limit + 64:
        text = text[: 4 * limit + 64]
    if _needs_work(text):
        text = _plain(_ESCAPES.sub("", text))
    if limit is not None and len(text) > limit:
        text = text[:limit]
    return text


def shown(value: object, limit: int = LINE_LIMIT) -> str:
    """Any value (an exception, a path, a text from a file) as a safe one-line text:
    ``str(value)`` cleaned and cut to ``limit`` characters, with "…" when it was cut."""
    try:
        text = str(value)
    except Exception:  # noqa: BLE001 - a value that cannot say itself is shown by its type
        text = type(value).__name__
    out = clean(text, limit + 1)
    return out if len(out) <= limit else out[: limit - 1] + "…"


def problem(text: str, limit: int = NAME_LIMIT) -> str | None:
    """Why ``text`` read from a file cannot be used, or None when it can: too long
    (more than ``limit`` characters), or holding what :func:`clean` removes (an
    escape sequence, a control or direction character). The reason is an
    English message ID, to translate where it is shown, with ``{limit}``."""
    if len(text) > limit:
        return N_("longer than {limit} characters")
    if _needs_work(text) and clean(text, None) != text:
        return N_("control characters or escape sequences")
    return None


def tree_problem(value: Any, limit: int = NAME_LIMIT, where: str = "") -> tuple[str, str] | None:
    """The first text (or mapping key) in a decoded JSON ``value`` that :func:`problem`
    refuses, as (where it is, e.g. ``rosters[0].name``; the reason), or None. Walked
    without recursion, so any depth is safe."""
    stack: list[tuple[Any, str]] = [(value, where)]
    while stack:
        item, path = stack.pop()
        if isinstance(item, str):
            why = problem(item, limit)
            if why is not None:
                return path or "$", why
        elif isinstance(item, dict):
            for key, sub in reversed(list(item.items())):
                key_text = key if isinstance(key, str) else str(key)
                why = problem(key_text, limit)
                if why is not None:
                    return (f"{path}.{clean(key_text, 40)}" if path else clean(key_text, 40)), why
                stack.append((sub, f"{path}.{key_text}" if path else key_text))
        elif isinstance(item, list | tuple):
            for i in range(len(item) - 1, -1, -1):
                stack.append((item[i], f"{path}[{i}]"))
    return None
