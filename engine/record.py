"""The game record and its file format (msgspec JSON), with atomic writes.

A save is one human-readable JSON file carrying: the format name and version;
the ruleset key and version; the players; the set-up (rosters in full, map,
options); the secret seed and its SHA-256; every action (its notation, its
structured form and the rolls it consumed); a snapshot of the final state for
tools and quick inspection; and a checksum of that state. Loading replays the
record from the set-up, re-derives and checks every roll and the final
checksum, and reports a divergence at the exact action.

Writes are atomic: the file is encoded in memory, decoded back and checked,
written to a temporary file in the same folder, flushed and fsynced, renamed
over the old file, and the folder is fsynced (the SQLite-style sequence), so a
crash leaves either the old or the new file, never a torn one.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import msgspec

from engine.dice import Roll
from engine.i18n import _

__all__ = [
    "FORMAT",
    "VERSION",
    "ActionRecord",
    "SaveError",
    "SaveFile",
    "SaveLock",
    "SaveLocked",
    "decode_save",
    "encode_save",
    "read_header",
    "state_checksum",
    "write_atomic",
]

FORMAT = "wartable-save"
VERSION = 1
#: A save larger than this is refused before parsing (bytes).
MAX_SAVE_BYTES = 64 * 1024 * 1024


class SaveError(Exception):
    """A save cannot be used: damaged, foreign, from a newer version, or diverging.

    ``str(error)`` is one line a player can read. ``action``: the 1-based index of
    the action where a replay diverged, or None.
    """

    def __init__(self, message: str, action: int | None = None) -> None:
        super().__init__(message)
        self.action = action


class ActionRecord(msgspec.Struct):
    """One action of the record.

    ``side``: who acted (0 or 1). ``text``: the action in notation, for people.
    ``action``: the structured action (the ruleset's msgspec type, as JSON).
    ``rolls``: the rolls it consumed, in order. ``public``: what the other side may
    read of the notation when it differs from ``text`` (a sealed order, a private
    choice); None when the whole text is public.
    """

    side: int
    text: str
    action: msgspec.Raw
    rolls: list[Roll] = []
    public: str | None = None

    def text_for(self, viewer: int | None) -> str:
        """The notation as ``viewer`` may read it (None: everything)."""
        if viewer is None or viewer == self.side or self.public is None:
            return self.text
        return self.public


class Header(msgspec.Struct):
    """The first fields of any Wartable file, read before anything else."""

    format: str
    version: int


class SaveFile(msgspec.Struct):
    """A whole saved game (format ``wartable-save``, version 1)."""

    format: str
    version: int
    ruleset: str
    ruleset_version: int
    players: list[str]
    created: str
    updated: str
    seed: str
    seed_hash: str
    setup: msgspec.Raw
    opening_rolls: list[Roll]
    actions: list[ActionRecord]
    snapshot: msgspec.Raw
    checksum: str
    finished: bool = False
    summary: str = ""


def state_checksum(state: Any) -> str:
    """SHA-256 (hex) of the state's canonical msgpack encoding."""
    return hashlib.sha256(msgspec.msgpack.encode(state)).hexdigest()


_encoder = msgspec.json.Encoder()


def encode_save(save: SaveFile) -> bytes:
    """The save as indented, human-readable JSON bytes."""
    return msgspec.json.format(_encoder.encode(save), indent=1)


def read_header(data: bytes, *, kind: str = FORMAT, newest: int = VERSION) -> Header:
    """Check that ``data`` is a ``kind`` file of a version this program reads.

    Raises :class:`SaveError` with a one-line reason otherwise.
    """
    if not data.strip():
        raise SaveError(_("the file is empty"))
    try:
        header = msgspec.json.decode(data, type=Header)
    except RecursionError:
        raise SaveError(_("the file is damaged (nested too deeply)")) from None
    except msgspec.DecodeError as exc:
        raise SaveError(
            _("the file is damaged or not a Wartable file ({reason})").format(reason=exc)
        ) from None
    if header.format != kind:
        raise SaveError(
            _("this is not a Wartable {kind} file (format {format!r})").format(
                kind=kind, format=header.format
            )
        )
    if header.version > newest:
        raise SaveError(
            _("the file is format version {version}; this Wartable reads up to version {newest}").format(
                version=header.version, newest=newest
            )
        )
    if header.version < 1:
        raise SaveError(_("unknown format version {version}").format(version=header.version))
    return header


#: Save migrations: MIGRATIONS[n] turns a version-n save (as plain JSON data) into
#: version n + 1. Saves are migrated one version at a time up to VERSION; every
#: released version keeps a fixture in tests/data/ that must keep loading.
MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {}


def migrate(
    data: bytes, version: int, migrations: dict[int, Callable[[dict[str, Any]], dict[str, Any]]], newest: int
) -> bytes:
    """Bring an older file up to ``newest``, one version at a time. Raises SaveError."""
    if version == newest:
        return data
    try:
        obj = msgspec.json.decode(data)
    except (msgspec.DecodeError, RecursionError) as exc:
        raise SaveError(_("the file is damaged: {reason}").format(reason=exc)) from None
    while version < newest:
        step = migrations.get(version)
        if step is None:
            raise SaveError(_("no way to read format version {version} files").format(version=version))
        obj = step(obj)
        version += 1
        obj["version"] = version
    return msgspec.json.encode(obj)


def decode_save(data: bytes) -> SaveFile:
    """Decode and type-check a save (no replay), migrating older versions.
    Raises :class:`SaveError` with one line a player can read."""
    if len(data) > MAX_SAVE_BYTES:
        raise SaveError(_("the file is too large ({size} bytes)").format(size=len(data)))
    header = read_header(data)
    data = migrate(data, header.version, MIGRATIONS, VERSION)
    try:
        return msgspec.json.decode(data, type=SaveFile)
    except (msgspec.DecodeError, RecursionError) as exc:
        raise SaveError(_("the file is damaged: {reason}").format(reason=exc)) from None


def generation(path: Path, n: int) -> Path:
    """The n-th previous generation of a file: ``game.json.1``, ``game.json.2``."""
    return path.with_name(f"{path.name}.{n}")


def write_atomic(path: Path, data: bytes, generations: int = 1) -> None:
    """Replace ``path`` with ``data`` atomically (temp file, fsync, rename, fsync folder).

    With ``generations`` > 1 the previous contents are kept as ``path.1``,
    ``path.2`` … (hard links made before the rename), so ``path`` itself is never
    missing at any moment. Raises OSError when the disk refuses; the old file
    is then untouched.
    """
    path = Path(path)
    folder = path.parent
    folder.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        if generations > 1 and path.exists():
            for n in range(generations - 1, 1, -1):
                older = generation(path, n - 1)
                if older.exists():
                    os.replace(older, generation(path, n))
            first = generation(path, 1)
            with contextlib.suppress(FileNotFoundError):
                os.unlink(first)
            try:
                os.link(path, first)
            except OSError:  # no hard links here: fall back to a copy
                first.write_bytes(path.read_bytes())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    with contextlib.suppress(OSError):
        dfd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(dfd)
        finally:
            os.close(dfd)


class SaveLocked(SaveError):
    """Another running Wartable has this game open."""


class SaveLock:
    """An exclusive lock on one save while a game is open (``filelock``: an OS file
    lock on ``<save>.lock``, released by the OS if the process dies, so a crash
    never leaves it stuck).

    ``acquire()`` raises :class:`SaveLocked` at once if another process holds it.
    """

    def __init__(self, path: Path) -> None:
        from filelock import FileLock

        self.path = Path(path)
        self._lock = FileLock(str(self.path.with_name(self.path.name + ".lock")), timeout=0)

    def acquire(self) -> SaveLock:
        from filelock import Timeout

        try:
            self._lock.acquire(timeout=0)
        except Timeout:
            raise SaveLocked(_("this game is open in another Wartable window")) from None
        return self

    def release(self) -> None:
        """Let other processes open the game."""
        self._lock.release()

    def __enter__(self) -> SaveLock:
        return self.acquire()

    def __exit__(self, *exc: object) -> None:
        self.release()
