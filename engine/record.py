"""The game record and its file format (msgspec JSON), with atomic writes.

A save is one human-readable JSON file carrying: the format name and version;
the ruleset key, its version and a fingerprint of its rules data (catalogues,
tables); the players (one name per seat); the set-up (rosters in full, map,
options); the seed and its SHA-256; the fresh entropy of the opening and of
every action that rolled dice (see :mod:`engine.dice`); every action (its
notation, its structured form and the rolls it consumed); a snapshot of the
final state; a checksum of that state; and whether the game is over, with a
one-line summary. Loading replays the record from the set-up, re-derives and
checks every roll, every action's notation, the snapshot, the checksum, the
summary and the finished flag, and reports a divergence at the exact action.

Every file is read by :func:`read_file`: a regular file only (never a FIFO or a
device, whatever a symlink points at), its size checked on the open descriptor
before a byte is read. Every text of a file is checked where it is decoded
(:mod:`engine.text`): a name or line holding an escape sequence or a control
character, or longer than its limit, makes the file refused; unknown fields are
refused, naming them.

Writes are atomic: the file is encoded in memory, decoded back and checked,
written to a temporary file in the same folder, flushed and fsynced, renamed
over the old file, and the folder is fsynced (the SQLite-style sequence), so a
crash leaves either the old or the new file, never a torn one. A save reached by
a symlink is written to the file the link points at (the link stays a link).
Previous versions are rotated only once the new file is in place.
"""

from __future__ import annotations

import contextlib
import datetime as _dt
import glob
import hashlib
import os
import re
import secrets
import stat
import string
from collections.abc import Callable, Collection
from pathlib import Path
from typing import Any

import msgspec

from engine import text as _text
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
    "read_file",
    "read_header",
    "remove_temporaries",
    "render_message",
    "restore_previous",
    "snapshot_checksum",
    "state_checksum",
    "unknown_field",
    "write_atomic",
]

FORMAT = "wartable-save"
VERSION = 2
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
    (the file cannot be read: not a regular file, or refused by the system),
    ``"rules"`` (made under other rules data than this build's), ``"locked"`` (open
    in another window). The message is made safe to show where the error is made
    (:func:`engine.text.shown`): a text quoted from a file cannot reach a terminal raw.
    """

    def __init__(self, message: str, action: int | None = None, *, kind: str = "damaged") -> None:
        super().__init__(_text.shown(message))
        self.action = action
        self.kind = kind


class ActionRecord(msgspec.Struct, forbid_unknown_fields=True, omit_defaults=True):
    """One action of the record.

    ``side``: the seat that acted (0..N-1). ``text``: the action in notation, for
    people (re-derived from ``action`` and checked when the save is loaded).
    ``action``: the structured action (the ruleset's msgspec type, as JSON).
    ``rolls``: the rolls it consumed, in order. ``public``: what the other seats may
    read of the notation when it differs from ``text`` (a sealed order, a private
    choice); None when the whole text is public. ``entropy``: the fresh entropy
    (hex) its rolls are keyed by with the seed (:meth:`engine.dice.Dice.key`); None
    when it rolled nothing, and in version-1 saves (the seed alone).
    """

    side: int
    text: str
    action: msgspec.Raw
    rolls: list[Roll] = []
    public: str | None = None
    entropy: str | None = None

    def text_for(self, viewer: int | None) -> str:
        """The notation as ``viewer`` may read it (None: everything)."""
        if viewer is None or viewer == self.side or self.public is None:
            return self.text
        return self.public


class Header(msgspec.Struct):
    """The first fields of any Wartable file, read before anything else."""

    format: str
    version: int


class Message(msgspec.Struct, omit_defaults=True, forbid_unknown_fields=True):
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
    plain argument, or does not fit its arguments, or would grow longer than
    :data:`engine.text.LINE_LIMIT` characters once filled, is shown untranslated and
    unfilled (cut to that length)."""
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
        if _safe_fields(template, args) and _rendered_size(template, args) <= _text.LINE_LIMIT:
            try:
                return template.format(**args)
            except (KeyError, IndexError, ValueError):
                continue
    return message.id[: _text.LINE_LIMIT]


def _rendered_size(template: str, args: dict[str, Any]) -> int:
    """How many characters ``template`` filled with ``args`` would be, counted before
    it is made (a message from a file may name one long argument many times)."""
    size = 0
    for literal, field, _spec, _conversion in string.Formatter().parse(template):
        size += len(literal)
        if field is not None:
            size += len(str(args.get(field, "")))
    return size


class SaveFile(msgspec.Struct, forbid_unknown_fields=True):
    """A whole saved game (format ``wartable-save``, version 2).

    ``version``: once decoded (:func:`decode_save`), the version the file was written
    in; its fields are always those of version 2 (older files are migrated).
    ``players``: one name per seat, exactly the seats of the set-up.
    ``created``/``updated``: ISO 8601 times (UTC). ``seed``/``seed_hash``: the seed
    (hex) and its SHA-256, fixed when the game was created. ``opening_rolls``: the
    rolls of the set-up, keyed by the seed and ``opening_entropy`` (hex; None in
    version-1 saves). ``snapshot``: the final state; ``checksum``: SHA-256 of its
    msgpack encoding. ``finished``: the game is over. ``summary``: the ruleset's
    one-line summary in English (for tools and older builds);
    ``summary_message``: the same in a language-neutral form, shown in the
    player's language (absent in files written before it existed).
    ``rules_fingerprint``: the ruleset's fingerprint of its rules data
    (:class:`engine.ruleset.RulesData`); "" when unknown (version-1 saves, or a
    ruleset without one).
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
    rules_fingerprint: str = ""
    opening_entropy: str | None = None


def unknown_field(data: Any, typed: Any) -> str | None:
    """Where ``data`` (a file's JSON, decoded as plain values) holds something that
    ``typed`` (the value msgspec decoded from the same JSON into a system's types)
    has no room for, or None: a key no field of a struct is named, a key a mapping
    does not keep, an element beyond a list's or an array-like struct's end. So a
    file with an unknown field is refused whatever its types allow (a system's
    structs need not forbid unknown fields each). Walked without recursion; the
    place is written ``setup.rosters[0].extra``."""
    stack: list[tuple[Any, Any, str]] = [(data, typed, "")]
    while stack:
        raw, value, where = stack.pop()
        if isinstance(value, msgspec.Struct):
            config = value.__struct_config__
            # the struct's field names and their names in the file (msgspec's own
            # attributes: read directly, as msgspec.structs.fields() would evaluate
            # the class's annotations again for every value)
            fields: tuple[str, ...] = type(value).__struct_fields__
            if config.array_like:
                if not isinstance(raw, list):
                    continue
                first = 0 if config.tag is None else 1
                if len(raw) > first + len(fields):
                    return f"{where}[{first + len(fields)}]"
                for i, name in enumerate(fields[: len(raw) - first]):
                    stack.append((raw[first + i], getattr(value, name), f"{where}[{first + i}]"))
                continue
            if not isinstance(raw, dict):
                continue
            names = dict(zip(type(value).__struct_encode_fields__, fields, strict=True))
            tag = config.tag_field if config.tag is not None else None
            for key, sub in raw.items():
                place = f"{where}.{key}" if where else str(key)
                if key == tag:
                    continue
                if key not in names:
                    return place
                stack.append((sub, getattr(value, names[key]), place))
        elif isinstance(value, list | tuple):
            if isinstance(raw, list):
                if len(raw) > len(value):
                    return f"{where}[{len(value)}]"
                stack.extend((raw[i], value[i], f"{where}[{i}]") for i in range(len(raw)))
        elif isinstance(value, dict) and isinstance(raw, dict):
            kept = {k if isinstance(k, str) else str(k): v for k, v in value.items()}
            for key, sub in raw.items():
                place = f"{where}.{key}" if where else str(key)
                if key not in kept:
                    return place
                stack.append((sub, kept[key], place))
    return None


def state_checksum(state: Any) -> str:
    """SHA-256 (hex) of the state's canonical msgpack encoding."""
    return hashlib.sha256(msgspec.msgpack.encode(state)).hexdigest()


def snapshot_checksum(snapshot: bytes) -> str:
    """The :func:`state_checksum` of the state a snapshot (the state's JSON) holds,
    worked out from the JSON alone: JSON and msgpack keep the same fields in the
    same order, so ``sha256(msgpack(json.decode(snapshot)))`` is the checksum of
    the state it was encoded from. Raises msgspec.DecodeError (or RecursionError)
    for a snapshot that is not JSON."""
    return hashlib.sha256(msgspec.msgpack.encode(msgspec.json.decode(snapshot))).hexdigest()


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


def _v1_to_v2(obj: dict[str, Any]) -> dict[str, Any]:
    """Version 1 to 2. Version 2 adds fields that a version-1 save lacks and that
    are None or empty for it: ``rules_fingerprint`` (unknown), ``opening_entropy``
    and each action's ``entropy`` (its rolls were keyed by the seed alone).
    The players were two names, the two seats of both systems of that time, as
    version 2 has them. Nothing else changes; every check of version 2 applies
    (the snapshot against the checksum, the notation against the actions...)."""
    if not isinstance(obj, dict):
        return obj
    newer = [key for key in ("rules_fingerprint", "opening_entropy") if key in obj]
    actions = obj.get("actions")
    if isinstance(actions, list):
        newer += [
            f"actions[{i}].entropy" for i, a in enumerate(actions) if isinstance(a, dict) and "entropy" in a
        ]
    if newer:
        raise SaveError(
            _("the file says it is version 1 but holds {fields}, which only version 2 has").format(
                fields=", ".join(newer[:3])
            )
        )
    obj["rules_fingerprint"] = ""
    obj["opening_entropy"] = None
    return obj


#: Save migrations: MIGRATIONS[n] turns a version-n save (as plain JSON data) into
#: version n + 1. Saves are migrated one version at a time up to VERSION; every
#: released version keeps a fixture in tests/data/ that must keep loading.
MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {1: _v1_to_v2}


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

    Beyond the types: no unknown field (the message names it), a rules version of at
    least 1, times that can be shown, and every name and line of text safe and
    within its limits (see :func:`check_texts`). Raises :class:`SaveError` with one
    line a player can read."""
    if len(data) > MAX_SAVE_BYTES:
        raise SaveError(_("the file is too large ({size} bytes)").format(size=len(data)), kind="large")
    header = read_header(data)
    data = migrate(data, header.version, MIGRATIONS, VERSION)
    try:
        save = msgspec.json.decode(data, type=SaveFile)
    except (msgspec.DecodeError, RecursionError) as exc:
        raise SaveError(_("the file is damaged: {reason}").format(reason=exc)) from None
    save.version = header.version  # the version it was written in (its fields are this version's)
    if save.ruleset_version < 1:
        raise SaveError(
            _("the rules version {version} is not a version of any rules").format(
                version=save.ruleset_version
            )
        )
    for message, when in (
        (_("the time the save was created ({when}) is not a time that can be shown"), save.created),
        (_("the time the save was last played ({when}) is not a time that can be shown"), save.updated),
    ):
        if not _showable_time(when):
            raise SaveError(message.format(when=_text.shown(when, 40)))
    check_texts(save)
    return save


#: The earliest and latest years of a time a save may carry: far enough from the ends
#: of what Python's datetime holds that any time zone can show it.
_YEARS = (1970, 9000)


def _showable_time(when: str) -> bool:
    """Whether ``when`` is an ISO 8601 time with a time zone that any local time zone
    can show (a year between 1970 and 9000)."""
    if len(when) > 64:
        return False
    try:
        moment = _dt.datetime.fromisoformat(when)
        if moment.tzinfo is None:
            return False
        year = moment.astimezone(_dt.UTC).year
    except (ValueError, OverflowError, OSError):
        return False
    return _YEARS[0] <= year <= _YEARS[1]


def check_texts(save: SaveFile) -> None:
    """Refuse a save whose texts could disturb a terminal or stall a screen: each
    player's name (at most :data:`engine.text.NAME_LIMIT` characters), the
    summary, and each action's notation (at most :data:`engine.text.LINE_LIMIT`),
    and every text of the summary's neutral form, must hold no escape sequence,
    control or direction character (:func:`engine.text.problem`). A file this
    program writes never has such texts. Raises :class:`SaveError` naming the text."""
    for seat, name in enumerate(save.players):
        why = _text.problem(name, _text.NAME_LIMIT)
        if why is not None:
            raise SaveError(
                _("the name of player {n} is refused: {why}").format(
                    n=seat + 1, why=_(why).format(limit=_text.NAME_LIMIT)
                )
            )
    lines: list[tuple[str, str]] = [(_("the summary"), save.summary)]
    if save.summary_message is not None:
        found = _text.tree_problem(msgspec.to_builtins(save.summary_message), _text.LINE_LIMIT)
        if found is not None:
            raise SaveError(
                _("a text of the summary ({where}) is refused: {why}").format(
                    where=found[0], why=_(found[1]).format(limit=_text.LINE_LIMIT)
                )
            )
    for n, rec in enumerate(save.actions, start=1):
        lines.append((_("the notation of action {n}").format(n=n), rec.text))
        if rec.public is not None:
            lines.append((_("the public notation of action {n}").format(n=n), rec.public))
    for what, line in lines:
        why = _text.problem(line, _text.LINE_LIMIT)
        if why is not None:
            raise SaveError(
                _("{what} is refused: {why}").format(what=what, why=_(why).format(limit=_text.LINE_LIMIT))
            )


def read_file(path: Path, limit: int | None = None) -> bytes:
    """The bytes of the file at ``path`` (symlinks followed), read through one open
    descriptor: only a regular file (a FIFO, a device such as ``/dev/zero``, a
    folder are refused without reading, and opening never waits for a writer),
    and its size is checked on that descriptor before anything is read, and again
    while reading (a file that grows is cut off at ``limit``). Raises
    :class:`SaveError`: kind ``"read"`` (cannot be opened, or not a regular file) or
    ``"large"`` (more than ``limit`` bytes; default :data:`MAX_SAVE_BYTES`)."""
    if limit is None:
        limit = MAX_SAVE_BYTES
    path = Path(path)
    name = _text.shown(path.name, 200)
    flags = (
        os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_BINARY", 0)
    )
    try:
        fd = os.open(path, flags)
    except OSError as exc:
        raise SaveError(
            _("cannot read {name}: {reason}").format(name=name, reason=exc.strerror or exc), kind="read"
        ) from None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise SaveError(_("{name} is not a regular file").format(name=name), kind="read")
        if st.st_size > limit:
            raise SaveError(_("the file is too large ({size} bytes)").format(size=st.st_size), kind="large")
        chunks: list[bytes] = []
        left = limit + 1
        while left > 0:
            chunk = os.read(fd, min(left, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
    except OSError as exc:
        raise SaveError(
            _("cannot read {name}: {reason}").format(name=name, reason=exc.strerror or exc), kind="read"
        ) from None
    finally:
        os.close(fd)
    data = b"".join(chunks)
    if len(data) > limit:
        raise SaveError(_("the file is too large ({size} bytes)").format(size=len(data)), kind="large")
    return data


def generation(path: Path, n: int) -> Path:
    """The n-th previous generation of a file: ``game.json.1``, ``game.json.2``."""
    return path.with_name(f"{path.name}.{n}")


def _write_all(fh: Any, data: bytes) -> None:
    """Write ``data`` to the open file ``fh`` (one place, so a test can make it fail
    as a full disk does)."""
    fh.write(data)


def _fsync_folder(folder: Path) -> None:
    with contextlib.suppress(OSError):
        dfd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(dfd)
        finally:
            os.close(dfd)


#: The random part of a temporary file's name: twelve lowercase hexadecimal digits.
_TEMP_TOKEN = re.compile(r"[0-9a-f]{12}")


def _temporary(path: Path) -> Path:
    """A new name for a temporary file beside ``path``: ``.<name>.<12 hex digits>.tmp``,
    exactly the names :func:`remove_temporaries` cleans."""
    return path.with_name(f".{path.name}.{secrets.token_hex(6)}.tmp")


def write_atomic(path: Path, data: bytes, generations: int = 1) -> None:
    """Replace ``path`` with ``data`` atomically (temp file, fsync, rename, fsync folder).

    A ``path`` that is a symlink is written through: the file it points at is
    replaced, and the link stays. With ``generations`` > 1 the previous contents are
    kept as ``path.1``, ``path.2`` …: the current file is first linked (or copied) to
    a temporary name, the new file renamed over ``path`` (which is never missing at
    any moment), and only then are the previous versions rotated, so a failure
    before that leaves them all as they were. Raises OSError when the disk refuses;
    the old file and its previous versions are then untouched, and no temporary
    file is left.
    """
    path = Path(os.path.realpath(path))
    folder = path.parent
    folder.mkdir(parents=True, exist_ok=True)
    tmp_path = _temporary(path)
    fd = os.open(tmp_path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), 0o644)
    tmp = str(tmp_path)
    keep: Path | None = None
    try:
        with os.fdopen(fd, "wb") as fh:
            _write_all(fh, data)
            fh.flush()
            os.fsync(fh.fileno())
        if generations > 1 and path.is_file():
            keep = _temporary(path)
            try:
                os.link(path, keep)
            except OSError:  # no hard links here: a copy, on disk before the rename
                with open(keep, "xb") as fh:
                    _write_all(fh, path.read_bytes())
                    fh.flush()
                    os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        for leftover in (Path(tmp), keep):
            if leftover is not None:
                with contextlib.suppress(OSError):
                    os.unlink(leftover)
        raise
    _fsync_folder(folder)
    if keep is None:
        return
    # The new file is safe: now the previous versions move down one place each.
    try:
        for n in range(generations - 1, 1, -1):
            older = generation(path, n - 1)
            if older.is_file():
                os.replace(older, generation(path, n))
        os.replace(keep, generation(path, 1))
    except OSError:  # the save itself is written; the versions stay one step behind
        with contextlib.suppress(OSError):
            os.unlink(keep)
    _fsync_folder(folder)


def remove_temporaries(path: Path) -> int:
    """Remove the temporary files a killed process left beside the save at ``path``
    (named exactly as :func:`write_atomic` names them, ``.<name>.<12 hex digits>.tmp``,
    regular files only); returns how many. Call it only while holding the save's
    lock (:class:`SaveLock` does), so that no other process is writing them."""
    path = Path(os.path.realpath(path))
    removed = 0
    prefix = f".{path.name}."
    try:
        candidates = list(path.parent.glob(f".{glob.escape(path.name)}.*.tmp"))
    except OSError:
        return 0
    for leftover in candidates:
        token = leftover.name[len(prefix) : -len(".tmp")]
        if not leftover.name.startswith(prefix) or not _TEMP_TOKEN.fullmatch(token):
            continue
        with contextlib.suppress(OSError):
            if stat.S_ISREG(os.lstat(leftover).st_mode):
                os.unlink(leftover)
                removed += 1
    return removed


class SaveLocked(SaveError):
    """Another running Wartable has this game open."""

    def __init__(self, message: str) -> None:
        super().__init__(message, kind="locked")


class SaveLock:
    """An exclusive lock on one save while a game is open (``filelock``: an OS file
    lock on ``<save>.lock``, released by the OS if the process dies, so a crash
    never leaves it stuck). The lock is named after the real file (symlinks
    resolved), so two links to one save cannot both be open.

    ``acquire()`` raises :class:`SaveLocked` at once if another process holds it;
    once held, the temporary files a killed process left beside the save are
    removed (:func:`remove_temporaries`).
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

        self.path = Path(os.path.realpath(path))
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
        remove_temporaries(self.path)
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
    """The lock file of the save at ``path``: ``<name>.lock`` beside the real file
    (symlinks resolved)."""
    path = Path(os.path.realpath(path))
    return path.with_name(path.name + ".lock")


def previous_versions(path: Path) -> list[Path]:
    """The previous versions kept beside the save at ``path`` (``<name>.1``, then
    ``<name>.2``, beside the real file when ``path`` is a symlink), the newest
    first; only those that exist."""
    real = Path(os.path.realpath(path))
    return [g for g in (generation(real, 1), generation(real, 2)) if g.is_file()]


def _aside(path: Path, n: int) -> Path:
    return path.with_name(f"{path.name}.damaged" + (f"-{n}" if n > 1 else ""))


def damaged_path(path: Path) -> Path:
    """Where :func:`restore_previous` would keep the current file of ``path`` now:
    ``<name>.damaged``, or ``<name>.damaged-2``... when that is taken."""
    path = Path(os.path.realpath(path))
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
    path, source = Path(os.path.realpath(path)), Path(source)
    try:
        data = read_file(source)
    except SaveError as exc:
        raise OSError(str(exc)) from None
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
