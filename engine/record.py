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
from pathlib import Path
from typing import Any

import msgspec

from engine.dice import Roll

__all__ = [
    "FORMAT",
    "VERSION",
    "ActionRecord",
    "SaveError",
    "SaveFile",
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
    ``rolls``: the rolls it consumed, in order.
    """

    side: int
    text: str
    action: msgspec.Raw
    rolls: list[Roll] = []


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
        raise SaveError("the file is empty")
    try:
        header = msgspec.json.decode(data, type=Header)
    except msgspec.DecodeError as exc:
        raise SaveError(f"the file is damaged or not a Wartable file ({exc})") from None
    if header.format != kind:
        raise SaveError(f"this is not a Wartable {kind} file (format {header.format!r})")
    if header.version > newest:
        raise SaveError(
            f"the file is format version {header.version}; this Wartable reads up to version {newest}"
        )
    if header.version < 1:
        raise SaveError(f"unknown format version {header.version}")
    return header


def decode_save(data: bytes) -> SaveFile:
    """Decode and type-check a save (no replay). Raises :class:`SaveError`."""
    if len(data) > MAX_SAVE_BYTES:
        raise SaveError(f"the file is too large ({len(data)} bytes)")
    read_header(data)
    try:
        return msgspec.json.decode(data, type=SaveFile)
    except (msgspec.DecodeError, RecursionError) as exc:
        raise SaveError(f"the file is damaged: {exc}") from None


def write_atomic(path: Path, data: bytes) -> None:
    """Replace ``path`` with ``data`` atomically (temp file, fsync, rename, fsync folder)."""
    path = Path(path)
    folder = path.parent
    folder.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
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
