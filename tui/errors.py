"""The error log: full tracebacks of unexpected errors, written to a file, never to the screen.

The app shows a one-line notification naming the file instead (see
:meth:`tui.app.WartableApp.report_error`).
"""

from __future__ import annotations

import datetime as _dt
import os
import platform
import sys
import tempfile
import traceback
from pathlib import Path

__all__ = ["ErrorLog"]

#: The log is rotated (kept as ``<name>.1``) when it grows past this size (bytes).
MAX_LOG_BYTES = 1_000_000


class ErrorLog:
    """Appends tracebacks to a log file.

    ``path``: the preferred log file. If it cannot be written (read-only home,
    full disk), the log goes to ``wartable-errors.log`` in the temporary folder.
    """

    def __init__(self, path: Path) -> None:
        self.path = Path(path)

    def write(self, error: BaseException, context: str = "") -> Path | None:
        """Append ``error``'s traceback (with a time stamp and ``context``).

        Returns the file written, or None when no file could be written.
        """
        stamp = _dt.datetime.now(_dt.UTC).isoformat(timespec="seconds")
        text = "".join(traceback.format_exception(type(error), error, error.__traceback__))
        entry = (
            f"--- {stamp} wartable error"
            f" (Python {platform.python_version()}, {sys.platform}){': ' + context if context else ''}\n"
            f"{text}\n"
        )
        for target in (self.path, Path(tempfile.gettempdir()) / "wartable-errors.log"):
            try:
                target.parent.mkdir(parents=True, exist_ok=True)
                if target.exists() and target.stat().st_size > MAX_LOG_BYTES:
                    os.replace(target, target.with_name(target.name + ".1"))
                with target.open("a", encoding="utf-8") as fh:
                    fh.write(entry)
                return target
            except OSError:
                continue
        return None
