"""The one stylesheet, loaded in two steps so the title appears quickly.

``tui/wartable.tcss`` holds every rule of the app. Its first part (up to the first
line that starts a ``/* == … == */`` section) styles the shell: title, settings,
rules, load, help and the shared dialogs; the app parses only that part at start.
The sections after it (new game and rosters, each system's screens) are added the
first time a screen outside the shell is shown (:meth:`WartableApp.push_screen`).
Parsing Textual CSS is the largest part of the app's start-up, so this keeps the
start close to that of a bare Textual app.
"""

from __future__ import annotations

from pathlib import Path

__all__ = ["STYLESHEET", "split_stylesheet"]

STYLESHEET = Path(__file__).resolve().parent / "wartable.tcss"
SECTION = "/* == "


def split_stylesheet(text: str) -> tuple[str, str]:
    """(shell rules, the rest): the text before the first section line, and the rest.
    Line numbers of the rest are kept (blank lines in front) so CSS errors point at
    the right line of the file."""
    lines = text.splitlines(keepends=True)
    for i, line in enumerate(lines):
        if line.startswith(SECTION):
            return "".join(lines[:i]), "\n" * i + "".join(lines[i:])
    return text, ""
