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
import string
import tempfile
from collections.abc import Callable, Collection
from pathlib import Path
from typing import Any

import msgspec

from engine.dice import Roll
from engine.i18n import _

__all__ = [
    "FORMAT",
    "VERSION",
    "ActionRecord",
    "Message",
    "SaveError",
    "SaveFile",
    "SaveLock",
    "SaveLocked",
    "damaged_path",
    "decode_save",
    "encode_save",
    "lock_path",
    "message_from",
    "previous_versions",
    "read_header",
    "render_message",
    "restore_previous",
    "state_checksum",
    "write_atomic",
]

FORMAT = "wartable-save"
VERSION = 1
#: A save larger than this is refused before parsing (bytes).
MAX_SAVE_BYTES = 64 * 1024 * 1024


class SaveError(Exception):
    """A save cannot be used: damaged, foreign, from a newer version, or diverging.

    ``str(error)`` is one line a player can read (with the technical detail).
    ``action``: the 1-based index of the action where a replay diverged, or None.
    ``kind``: what went wrong, so an interface can lead with a plain sentence:
    ``"empty"``, ``"damaged"`` (not valid JSON, or fields of the wrong shape),
    ``"large"``, ``"foreign"`` (not a Wartable save), ``"newer"`` (a newer format or
    rules version), ``"system"`` (a system this build lacks), ``"replay"`` (the
    record does not replay to the saved state: changed or damaged), ``"read"``
    (the file cannot be read), ``"locked"`` (open in another window).
    """

    def __init__(self, message: str, action: int | None = None, *, kind: str = "damaged") -> None:
        super().__init__(message)
        self.action = action
        self.kind = kind


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


class Message(msgspec.Struct, omit_defaults=True):
    """A sentence kept in a language-neutral form and translated when shown
    (:func:`render_message`): ``id`` is its English message ID (marked with ``N_``
    where it is written), ``args`` its named arguments (a number, a text, or another
    Message, translated in turn), ``texts`` the sentence as written in some languages
    (e.g. a map's titles from its file), used first when it has the language shown.
    """

    id: str = ""
    args: dict[str, MessageArg] = {}
    texts: dict[str, str] = {}


#: An argument of a :class:`Message`.
MessageArg = int | float | str | bool | None | Message

#: Nested messages deeper than this are not rendered (a hostile file cannot recurse).
_MESSAGE_DEPTH = 6


def message_from(value: Any, depth: int = 0) -> Any:
    """A ruleset's language-neutral text as a :class:`Message` (see the optional
    ``summary_message`` of :class:`engine.ruleset.Ruleset`): an ``(id, args)`` pair,
    whose arguments may be pairs too; a ``{language: text}`` mapping (a text given in
    several languages, English under ``"en"``); numbers and texts stay as they are."""
    if depth > _MESSAGE_DEPTH:
        raise ValueError("message nested too deeply")
    if isinstance(value, Message):
        return value
    if isinstance(value, tuple | list) and len(value) == 2 and isinstance(value[0], str):
        msgid, args = value
        return Message(id=msgid, args={str(k): message_from(v, depth + 1) for k, v in dict(args).items()})
    if isinstance(value, dict):
        texts = {str(k): str(v) for k, v in value.items()}
        return Message(id=texts.get("en", ""), texts=texts)
    if value is None or isinstance(value, bool | int | float | str):
        return value
    return str(value)


def _safe_fields(template: str, names: Collection[str]) -> bool:
    """Whether ``template`` only names arguments of ``names``, plainly (``{name}``:
    no attribute, index, conversion or format spec), so formatting it is harmless."""
    try:
        for _text, field, spec, conversion in string.Formatter().parse(template):
            if field is None:
                continue
            if field not in names or spec or conversion:
                return False
    except ValueError:
        return False
    return True


def render_message(message: Message, depth: int = 0) -> str:
    """``message`` in the current language: the text given for the language, else its
    message ID translated with its arguments filled in (each argument rendered in
    turn). A message from a file is untrusted: a template that names anything but a
    plain argument, or does not fit its arguments, is shown untranslated and unfilled."""
    from engine.i18n import current_language

    if message.texts:
        return message.texts.get(current_language()) or message.texts.get("en") or message.id
    if depth > _MESSAGE_DEPTH:
        return message.id
    args = {
        k: render_message(v, depth + 1) if isinstance(v, Message) else ("" if v is None else v)
        for k, v in message.args.items()
    }
    for template in (_(message.id), message.id):
        if _safe_fields(template, args):
            try:
                return template.format(**args)
            except (KeyError, IndexError, ValueError):
                continue
    return message.id


class SaveFile(msgspec.Struct):
    """A whole saved game (format ``wartable-save``, version 1).

    ``summary``: the ruleset's one-line summary in English (for tools and older
    builds); ``summary_message``: the same in a language-neutral form, shown in the
    player's language (absent in files written before it existed).
    """

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
    summary_message: Message | None = None


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
        raise SaveError(_("the file is empty"), kind="empty")
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
            ),
            kind="foreign",
        )
    if header.version > newest:
        raise SaveError(
            _("the file is format version {version}; this Wartable reads up to version {newest}").format(
                version=header.version, newest=newest
            ),
            kind="newer",
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
            raise SaveError(
                _("no way to read format version {version} files").format(version=version), kind="newer"
            )
        obj = step(obj)
        version += 1
        obj["version"] = version
    return msgspec.json.encode(obj)


def decode_save(data: bytes) -> SaveFile:
    """Decode and type-check a save (no replay), migrating older versions.
    Raises :class:`SaveError` with one line a player can read."""
    if len(data) > MAX_SAVE_BYTES:
        raise SaveError(_("the file is too large ({size} bytes)").format(size=len(data)), kind="large")
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

    def __init__(self, message: str) -> None:
        super().__init__(message, kind="locked")


class SaveLock:
    """An exclusive lock on one save while a game is open (``filelock``: an OS file
    lock on ``<save>.lock``, released by the OS if the process dies, so a crash
    never leaves it stuck).

    ``acquire()`` raises :class:`SaveLocked` at once if another process holds it.
    ``release()`` removes the ``.lock`` file, while still holding the lock and only
    if it is still the file this lock holds, so lock files do not pile up beside the
    saves. That is safe: a process that opened the old file just before it went
    finds it unlinked once it gets the lock (``filelock`` then refuses it), and
    :meth:`acquire` simply tries again on the new file.
    """

    #: How many times acquire() tries when the lock file vanished under it.
    _ATTEMPTS = 3

    def __init__(self, path: Path) -> None:
        from filelock import FileLock

        self.path = Path(path)
        self.lock_path = lock_path(self.path)
        self._lock = FileLock(str(self.lock_path), timeout=0)
        #: (device, inode) of the lock file while this lock holds it.
        self._held: tuple[int, int] | None = None

    def acquire(self) -> SaveLock:
        from filelock import Timeout

        for attempt in range(self._ATTEMPTS):
            try:
                self._lock.acquire(timeout=0)
            except Timeout:
                # Held by another process, or the holder removed the file just as we
                # opened it: in that case the file is gone or new, so try again.
                if attempt + 1 < self._ATTEMPTS and not self._others_hold():
                    continue
                raise SaveLocked(_("this game is open in another Wartable window")) from None
            break
        with contextlib.suppress(OSError):
            st = os.stat(self.lock_path)
            self._held = (st.st_dev, st.st_ino)
        return self

    def _others_hold(self) -> bool:
        """Whether another process seems to hold the lock file that exists now."""
        from filelock import FileLock, Timeout

        if not self.lock_path.exists():
            return False
        probe = FileLock(str(self.lock_path), timeout=0)
        try:
            probe.acquire(timeout=0)
        except Timeout:
            return True
        probe.release()
        return False

    def release(self) -> None:
        """Remove the lock file (if it is still ours) and let other processes open the game."""
        if self._lock.is_locked and self._lock.lock_counter <= 1 and self._held is not None:
            with contextlib.suppress(OSError):
                st = os.stat(self.lock_path)
                if (st.st_dev, st.st_ino) == self._held:
                    os.unlink(self.lock_path)
            self._held = None
        self._lock.release()

    def __enter__(self) -> SaveLock:
        return self.acquire()

    def __exit__(self, *exc: object) -> None:
        self.release()


def lock_path(path: Path) -> Path:
    """The lock file of the save at ``path``: ``<name>.lock`` beside it."""
    path = Path(path)
    return path.with_name(path.name + ".lock")


def previous_versions(path: Path) -> list[Path]:
    """The previous versions kept beside the save at ``path`` (``<name>.1``, then
    ``<name>.2``), the newest first; only those that exist."""
    return [g for g in (generation(Path(path), 1), generation(Path(path), 2)) if g.is_file()]


def _aside(path: Path, n: int) -> Path:
    return path.with_name(f"{path.name}.damaged" + (f"-{n}" if n > 1 else ""))


def damaged_path(path: Path) -> Path:
    """Where :func:`restore_previous` would keep the current file of ``path`` now:
    ``<name>.damaged``, or ``<name>.damaged-2``... when that is taken."""
    path = Path(path)
    n = 1
    while _aside(path, n).exists():
        n += 1
    return _aside(path, n)


def restore_previous(path: Path, source: Path) -> Path:
    """Make ``source`` (a previous version of the save at ``path``) the save again.

    The current file is never overwritten: it is first kept aside as
    ``<name>.damaged`` (``<name>.damaged-2``... when that is taken), then ``path``
    is replaced atomically with ``source``'s bytes; the previous versions stay as
    they are. Returns where the current file was kept (``path`` itself when there was
    no current file). Raises OSError when the disk refuses; ``path`` is then as it was.
    """
    path, source = Path(path), Path(source)
    data = source.read_bytes()
    aside = path
    if path.exists():
        n = 1
        while True:
            aside = _aside(path, n)
            try:
                os.link(path, aside)  # fails if the name is taken: nothing is overwritten
                break
            except FileExistsError:
                n += 1
            except OSError:  # no hard links here: an exclusive copy
                try:
                    with open(aside, "xb") as fh:
                        fh.write(path.read_bytes())
                        fh.flush()
                        os.fsync(fh.fileno())
                    break
                except FileExistsError:
                    n += 1
    write_atomic(path, data, generations=1)
    return aside
