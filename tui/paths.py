"""Where Wartable keeps its files: settings, the error log, and the saves folder.

Every function returns a :class:`pathlib.Path`; none of them imports Textual.
The per-user folders come from ``platformdirs`` (on Linux they follow the XDG
variables: ``XDG_CONFIG_HOME``, ``XDG_STATE_HOME``, ``XDG_DATA_HOME``).
"""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

__all__ = ["display_path", "log_path", "saves_dir", "settings_path"]

APP_NAME = "wartable"


def settings_path() -> Path:
    """The settings file: ``<user config dir>/wartable/settings.json`` (not created here)."""
    return Path(platformdirs.user_config_dir(APP_NAME)) / "settings.json"


def log_path() -> Path:
    """The error log: ``<user log dir>/wartable/wartable.log`` (not created here)."""
    return Path(platformdirs.user_log_dir(APP_NAME)) / "wartable.log"


def saves_dir(override: Path | str | None = None, *, cwd: Path | None = None) -> Path:
    """The folder that holds the save files (``*.json``), created if missing.

    Order: ``override`` (the ``--saves DIR`` option); else ``saves/`` in the
    current directory (``cwd``) if that folder exists; else
    ``<user data dir>/wartable/saves``.

    Raises :class:`OSError` when the folder cannot be created.
    """
    if override is not None:
        folder = Path(override).expanduser()
    else:
        here = (cwd if cwd is not None else Path.cwd()) / "saves"
        folder = here if here.is_dir() else Path(platformdirs.user_data_dir(APP_NAME)) / "saves"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def display_path(path: Path, *, cwd: Path | None = None) -> str:
    """``path`` as a person would like to read it: relative to the current directory
    when it lies inside it, with ``~`` for the home folder otherwise; made safe to
    show (a folder's name is text from outside: :func:`engine.text.shown`)."""
    from engine.text import shown

    return shown(_readable_path(Path(path), cwd), 400)


def _readable_path(path: Path, cwd: Path | None) -> str:
    base = cwd if cwd is not None else Path.cwd()
    try:
        return str(path.resolve().relative_to(base.resolve()))
    except ValueError:
        pass
    home = Path(os.path.expanduser("~"))
    try:
        return str(Path("~") / path.resolve().relative_to(home.resolve()))
    except ValueError:
        return str(path)
