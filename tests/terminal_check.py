"""What a terminal would obey in a text: the test of "nothing from a file reaches the
terminal raw", shared by the command-line and the app's tests."""

from __future__ import annotations

import re
from typing import Any

#: The sequences the app itself sends: colours and styles (SGR) and cursor moves.
_OWN = re.compile(r"\x1b\[[0-9;:]*[mH]|\x1b\[\?25[lh]")
#: Characters that reorder a line on a terminal that applies them.
_BIDI = set("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c")


def raw_controls(text: str, *, own_sequences: bool = False) -> list[str]:
    """Every escape, control (C0 but line feed and carriage return, DEL, C1) and
    direction character in ``text``, with a few characters around it; empty when
    nothing in it can drive a terminal. ``own_sequences``: first take out the colour
    and cursor sequences a screen is drawn with (the app's, not a file's)."""
    if own_sequences:
        text = _OWN.sub("", text)
    found = []
    for i, ch in enumerate(text):
        code = ord(ch)
        if ch in "\n\r":
            continue
        if code < 0x20 or code == 0x7F or 0x80 <= code <= 0x9F or ch in _BIDI:
            found.append(repr(text[max(0, i - 8) : i + 8]))
    return found


def screen_output(app: Any) -> str:
    """The bytes a terminal would be sent to draw the app's screen as it is now (its
    whole area, the screens under a dialog and the notifications included)."""
    update = app.screen._compositor.render_update(full=True, screen_stack=app._background_screens)
    return update.render_segments(app.console)


def screen_text(app: Any) -> str:
    """The text of the app's screen as it is now, line by line."""
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())
