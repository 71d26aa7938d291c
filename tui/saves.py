"""The list of saved games in the saves folder, read without replaying anything.

Each ``*.json`` file of the folder becomes a :class:`SaveEntry`. A file that is
damaged, foreign, from a newer version or of a system this build lacks is
listed as unusable with the one-line reason :class:`engine.record.SaveError`
gives; nothing here ever writes to a save. Decoding uses msgspec, which skips
the raw parts of the record (set-up, actions, snapshot) without building them,
so listing stays fast; no ruleset is imported.
"""

from __future__ import annotations

import datetime as _dt
from collections.abc import Collection
from dataclasses import dataclass, field
from pathlib import Path

from engine.i18n import _

__all__ = ["SaveEntry", "fingerprint", "format_when", "latest_save", "list_saves", "read_entry"]


@dataclass(frozen=True)
class SaveEntry:
    """One file of the saves folder.

    ``usable``: False when the file cannot be loaded, with ``reason`` (one line).
    ``ruleset``: the system key ("" when unknown); ``players``: names;
    ``summary``: the ruleset's one-line state summary (round, side to act);
    ``updated``: ISO 8601 time of the last action ("" when unknown);
    ``finished``: the game is over; ``mtime``: file modification time (s).
    """

    path: Path
    usable: bool
    reason: str = ""
    ruleset: str = ""
    players: tuple[str, ...] = ()
    summary: str = ""
    updated: str = ""
    finished: bool = False
    mtime: float = 0.0
    actions: int = field(default=0)

    @property
    def name(self) -> str:
        """The file name."""
        return self.path.name


def read_entry(path: Path, systems: Collection[str]) -> SaveEntry:
    """Read one save file's header fields. ``systems``: the ruleset keys this build has.

    Never raises for a bad file: it becomes an unusable entry with its reason.
    """
    from engine.record import MAX_SAVE_BYTES, SaveError, decode_save

    path = Path(path)
    try:
        st = path.stat()
        if st.st_size > MAX_SAVE_BYTES:
            return SaveEntry(path, False, f"the file is too large ({st.st_size} bytes)", mtime=st.st_mtime)
        data = path.read_bytes()
    except OSError as exc:
        return SaveEntry(path, False, f"cannot read the file: {exc.strerror}")
    try:
        save = decode_save(data)
    except SaveError as exc:
        return SaveEntry(path, False, str(exc), mtime=st.st_mtime)
    usable = save.ruleset in systems
    reason = "" if usable else _("this build has no rules for the system {key!r}").format(key=save.ruleset)
    return SaveEntry(
        path,
        usable,
        reason,
        ruleset=save.ruleset,
        players=tuple(save.players),
        summary=save.summary,
        updated=save.updated,
        finished=save.finished,
        mtime=st.st_mtime,
        actions=len(save.actions),
    )


def list_saves(folder: Path, systems: Collection[str]) -> list[SaveEntry]:
    """Every ``*.json`` file of ``folder`` (not hidden ones): usable ones first, the
    most recently played first; unusable ones after them, by name. A missing
    folder gives an empty list."""
    try:
        paths = [p for p in Path(folder).glob("*.json") if not p.name.startswith(".") and p.is_file()]
    except OSError:
        return []
    entries = [read_entry(p, systems) for p in paths]
    usable = sorted((e for e in entries if e.usable), key=lambda e: (e.updated, e.mtime), reverse=True)
    unusable = sorted((e for e in entries if not e.usable), key=lambda e: e.name)
    return usable + unusable


def fingerprint(entries: Collection[SaveEntry]) -> list[tuple[object, ...]]:
    """What a screen shows of ``entries``; when it differs from the one taken before,
    the folder changed (a game was played, created, finished, deleted) and the screen
    is redrawn."""
    return [(e.path, e.mtime, e.updated, e.usable, e.reason, e.finished, e.summary) for e in entries]


def latest_save(entries: Collection[SaveEntry]) -> SaveEntry | None:
    """The usable, unfinished save played most recently, else the most recent usable one."""
    usable = [e for e in entries if e.usable]
    if not usable:
        return None
    running = [e for e in usable if not e.finished] or usable
    return max(running, key=lambda e: (e.updated, e.mtime))


def format_when(iso: str, mtime: float = 0.0) -> str:
    """An ISO 8601 time (or, failing that, a file time in seconds) as local
    ``YYYY-MM-DD HH:MM``; "" when neither is known."""
    try:
        when = _dt.datetime.fromisoformat(iso)
    except ValueError:
        if not mtime:
            return ""
        when = _dt.datetime.fromtimestamp(mtime, _dt.UTC)
    if when.tzinfo is None:
        when = when.replace(tzinfo=_dt.UTC)
    return when.astimezone().strftime("%Y-%m-%d %H:%M")
