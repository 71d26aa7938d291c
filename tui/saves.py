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
import re
from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from engine.i18n import N_, _

__all__ = [
    "SaveEntry",
    "explain_save_error",
    "fingerprint",
    "format_when",
    "damaged_latest",
    "latest_save",
    "list_saves",
    "is_default_name",
    "plain_reason",
    "player_label",
    "read_entry",
    "render_summary",
    "versus",
    "stored_name",
    "with_names",
]

#: A plain sentence for each kind of :class:`engine.record.SaveError` (its ``kind``),
#: shown before the technical detail.
PLAIN_REASONS: dict[str, str] = {
    "empty": N_("The file is empty, so there is no game in it."),
    "damaged": N_("The file is damaged or incomplete, so the game in it cannot be read."),
    "large": N_("The file is far too large to be a saved game."),
    "foreign": N_("This file is not a Wartable saved game."),
    "newer": N_("This game was saved by a newer version of Wartable; that version can open it."),
    "system": N_("This Wartable does not have the rules of this game's system."),
    "replay": N_(
        "The game in this file does not check out: the file was changed outside Wartable, or is damaged."
    ),
    "read": N_("The file cannot be read, or is not a plain file."),
    "rules": N_(
        "This game was saved under other rules data (costs, tables) than this Wartable has, so it cannot be replayed."
    ),
    "locked": N_("This game is open in another Wartable window."),
}


def plain_reason(kind: str) -> str:
    """The plain sentence for a save error of ``kind``, translated."""
    return _(PLAIN_REASONS.get(kind, PLAIN_REASONS["damaged"]))


def explain_save_error(name: str, error: BaseException, *, left_alone: bool = True) -> str:
    """Why the save ``name`` cannot be opened: a plain sentence first, that the file is
    left as it is (unless ``left_alone`` is false), then the technical detail
    (``str(error)``)."""
    kind = getattr(error, "kind", "damaged")
    if kind == "locked":
        return (
            _("{name} is open in another Wartable window.").format(name=name)
            + "\n"
            + _("Play it there, or close it there and open it here.")
        )
    lines = [_("{name} cannot be opened.").format(name=name), plain_reason(kind)]
    if left_alone:
        lines.append(_("The file is left as it is."))
    return "\n".join(lines) + "\n\n" + _("Details: {reason}").format(reason=error)


@dataclass(frozen=True)
class SaveEntry:
    """One file of the saves folder.

    ``usable``: False when the file cannot be loaded, with ``reason`` (one line).
    ``ruleset``: the system key ("" when unknown); ``players``: names;
    ``summary``: the ruleset's one-line state summary (round, side to act);
    ``updated``: ISO 8601 time of the last action ("" when unknown);
    ``finished``: the game is over; ``mtime``: file modification time (s);
    ``kind``: for an unusable file, the kind of its :class:`engine.record.SaveError`;
    ``previous``: a previous version is kept beside it (``<name>.1``, ``<name>.2``).
    Show the summary and the names with :meth:`summary_text` and :meth:`player_names`,
    the file's name with :attr:`name` (cleaned: a file name is text from outside too).
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
    #: The summary in a language-neutral form (:class:`engine.record.Message`), or None.
    summary_message: Any = None
    kind: str = ""
    previous: bool = False

    def summary_text(self) -> str:
        """The state summary in the current language, naming the players by their names
        (see :func:`render_summary`)."""
        return render_summary(self.summary, self.summary_message, self.players)

    def player_names(self) -> list[str]:
        """The players' names as shown (see :func:`player_label`)."""
        return [player_label(name, side) for side, name in enumerate(self.players)]

    @property
    def name(self) -> str:
        """The file name, safe to show (:func:`engine.text.shown`)."""
        from engine.text import NAME_LIMIT, shown

        return shown(self.path.name, NAME_LIMIT)


def read_entry(path: Path, systems: Collection[str]) -> SaveEntry:
    """Read one save file's header fields. ``systems``: the ruleset keys this build has.

    Never raises for a bad file: it becomes an unusable entry with its reason. Only
    a regular file is read, its size checked first (:func:`engine.record.read_file`).
    """
    from engine.record import SaveError, decode_save, previous_versions, read_file

    path = Path(path)
    try:
        mtime = path.stat().st_mtime
    except (OSError, ValueError):
        mtime = 0.0
    try:
        save = decode_save(read_file(path))
    except SaveError as exc:
        return SaveEntry(
            path, False, str(exc), mtime=mtime, kind=exc.kind, previous=bool(previous_versions(path))
        )
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
        mtime=mtime,
        actions=len(save.actions),
        summary_message=save.summary_message,
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


def render_summary(summary: str, message: Any = None, players: Sequence[str] = ()) -> str:
    """A save's state summary in the current language: its language-neutral form
    (``message``, an :class:`engine.record.Message`) translated, else the English
    ``summary`` the file carries (files written before the neutral form existed).
    ``players``: the names by seat; a seat the summary names ("Player 2") is shown by
    the player's name when it is not a default one."""
    if message is not None:
        from engine.record import render_message

        text = render_message(_with_names(message, players) if players else message)
        if text:
            return text
    return summary


def _with_names(message: Any, players: Sequence[str], depth: int = 0) -> Any:
    """``message`` with each seat ("Player {n}") replaced by that player's name, where
    the name is not a default one."""
    from engine.record import Message

    if not isinstance(message, Message) or depth > 8:
        return message
    n = message.args.get("n")
    if message.id == "Player {n}" and isinstance(n, int) and 1 <= n <= len(players):
        name = players[n - 1]
        if isinstance(name, str) and not is_default_name(name, n - 1):
            return name
    if not message.args:
        return message
    args = {k: _with_names(v, players, depth + 1) for k, v in message.args.items()}
    return Message(id=message.id, args=args, texts=message.texts)


def is_default_name(name: str, side: int) -> bool:
    """Whether ``name`` is the default name of seat ``side`` ("Player 1") in English or
    in any shipped language ("Игрок 1"), or empty."""
    name = name.strip()
    if not name:
        return True
    english = f"Player {side + 1}"
    if name == english:
        return True
    return name in _default_names(side)


@cache
def _default_names(side: int) -> frozenset[str]:
    from engine.i18n import LANGUAGES, translations

    names = set()
    for code in LANGUAGES:
        if code == "en":
            continue
        catalogue = translations(code)
        names.add(catalogue.gettext("Player {n}").format(n=side + 1))
    return frozenset(names)


def stored_name(name: str, side: int) -> str:
    """The name to keep in a save for seat ``side``: the typed name cleaned where it
    enters (:func:`engine.text.clean`, at most :data:`engine.text.NAME_LIMIT`
    characters), or the English default ("Player 1") for an empty or default one, so
    it is shown in the reader's language later (:func:`player_label`)."""
    from engine.text import NAME_LIMIT, clean

    name = clean(name, NAME_LIMIT).strip()
    return f"Player {side + 1}" if is_default_name(name, side) else name


def player_label(name: str, side: int) -> str:
    """A player's name as shown: a default name ("Player 1" in any language, or none)
    in the current language, any other name as it is."""
    return _("Player {n}").format(n=side + 1) if is_default_name(name, side) else name


def versus(names: Sequence[str]) -> str:
    """The players of a game, in the current language: two as a pair (``Alice v Bob``,
    ``Алиса — Борис`` in Russian), more than two each against the others (``Ann v
    Bob v Cid``)."""
    names = list(names) + [""] * (2 - len(names))
    text = names[0]
    for name in names[1:]:
        text = _("{first} v {second}").format(first=text, second=name)
    return text


def fingerprint(entries: Collection[SaveEntry]) -> list[tuple[object, ...]]:
    """What a screen shows of ``entries``; when it differs from the one taken before,
    the folder changed (a game was played, created, finished, deleted) and the screen
    is redrawn."""
    return [
        (e.path, e.mtime, e.updated, e.usable, e.reason, e.finished, e.summary, e.previous) for e in entries
    ]


def latest_save(entries: Collection[SaveEntry]) -> SaveEntry | None:
    """The usable, unfinished save played most recently, else the most recent usable one."""
    usable = [e for e in entries if e.usable]
    if not usable:
        return None
    running = [e for e in usable if not e.finished] or usable
    return max(running, key=lambda e: (e.updated, e.mtime))


#: Kinds of unusable saves that a previous version cannot help (see the app's recovery).
_NOT_RECOVERABLE = frozenset({"read", "locked", "system"})


def damaged_latest(entries: Collection[SaveEntry]) -> SaveEntry | None:
    """When no save is usable: the most recently changed unusable one that keeps a
    previous version beside it, which opening offers to put back (as the Load list
    does); None otherwise."""
    if any(e.usable for e in entries):
        return None
    damaged = [e for e in entries if not e.usable and e.previous and e.kind not in _NOT_RECOVERABLE]
    return max(damaged, key=lambda e: e.mtime) if damaged else None


def format_when(iso: str, mtime: float = 0.0) -> str:
    """An ISO 8601 time (or, failing that, a file time in seconds) as local
    ``YYYY-MM-DD HH:MM``; "" when neither is known or the time cannot be shown in
    the local time zone (a year 9999 with a zone past the end of the calendar)."""
    when: _dt.datetime | None = None
    try:
        when = _dt.datetime.fromisoformat(iso)
    except (ValueError, TypeError):
        try:
            when = _dt.datetime.fromtimestamp(mtime, _dt.UTC) if mtime else None
        except (ValueError, OverflowError, OSError):
            when = None
    if when is None:
        return ""
    if when.tzinfo is None:
        when = when.replace(tzinfo=_dt.UTC)
    try:
        return when.astimezone().strftime("%Y-%m-%d %H:%M")
    except (ValueError, OverflowError, OSError):
        return ""


def with_names(text: str, players: Sequence[str]) -> str:
    """``text`` with each seat named the default way ("Player 2", in the current
    language) replaced by that player's own name, where the player has one."""
    labels = {
        _("Player {n}").format(n=seat + 1): name.strip()
        for seat, name in enumerate(players)
        if not is_default_name(name, seat)
    }
    if not labels:
        return text
    pattern = re.compile("|".join(re.escape(k) + r"(?!\d)" for k in sorted(labels, key=len, reverse=True)))
    return pattern.sub(lambda m: labels[m.group(0)], text)
