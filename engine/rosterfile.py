"""Roster files: a header naming the ruleset, then that ruleset's roster.

Format ``wartable-roster``, version 1: ``{"format": "wartable-roster",
"version": 1, "ruleset": KEY, "roster": {...}}``. The ruleset decodes and
validates its part; validation returns a list of problems, never raises. Every
text of the roster (its name, its units' names...) is checked as it is read
(:func:`engine.text.tree_problem`): one holding an escape sequence, a control or
direction character, or longer than :data:`engine.text.NAME_LIMIT` characters,
makes the file refused, naming where it is.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import msgspec

from engine import ruleset as registry
from engine import text as _text
from engine.i18n import _
from engine.record import SaveError, migrate, read_file, read_header, unknown_field

__all__ = [
    "MAX_ROSTER_BYTES",
    "ROSTER_FORMAT",
    "ROSTER_VERSION",
    "Problem",
    "RosterFileError",
    "check_roster_file",
    "read_roster_file",
]

ROSTER_FORMAT = "wartable-roster"
ROSTER_VERSION = 1
#: A roster file larger than this is refused without reading it (bytes).
MAX_ROSTER_BYTES = 4 * 1024 * 1024
#: Roster-file migrations, one version at a time (see engine.record.MIGRATIONS).
ROSTER_MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {}


class RosterFileError(Exception):
    """The file is not a roster this program can read (one line, for the player, made
    safe to show where it is made: :func:`engine.text.shown`)."""

    def __init__(self, message: str) -> None:
        super().__init__(_text.shown(message))


class Problem(msgspec.Struct, frozen=True):
    """One validation problem: the rule broken and the message ID with its arguments."""

    rule: str
    message: str
    args: dict[str, Any] = {}

    def text(self) -> str:
        """The problem as one translated sentence."""
        from engine.i18n import _

        return _(self.message).format(**self.args)


class _RosterHeader(msgspec.Struct, forbid_unknown_fields=True):
    format: str
    version: int
    ruleset: str
    roster: msgspec.Raw


def read_roster_file(path: Any) -> bytes:
    """The bytes of the roster file at ``path``: a regular file only, its size checked
    before reading (:func:`engine.record.read_file`). Raises :class:`RosterFileError`."""
    try:
        return read_file(path, MAX_ROSTER_BYTES)
    except SaveError as exc:
        raise RosterFileError(str(exc)) from None


def check_roster_file(data: bytes) -> tuple[str, list[Problem]]:
    """Decode a roster file and validate it: returns (ruleset key, problems).

    Raises :class:`RosterFileError` when the file cannot be read as a roster, or a
    text of it is refused (see the module's description).
    """
    if len(data) > MAX_ROSTER_BYTES:
        raise RosterFileError(_("the file is too large ({size} bytes)").format(size=len(data)))
    try:
        header = read_header(data, kind=ROSTER_FORMAT, newest=ROSTER_VERSION)
        data = migrate(data, header.version, ROSTER_MIGRATIONS, ROSTER_VERSION)
        head = msgspec.json.decode(data, type=_RosterHeader)
    except SaveError as exc:
        raise RosterFileError(str(exc)) from None
    except (msgspec.DecodeError, RecursionError) as exc:
        raise RosterFileError(_("the file is damaged: {reason}").format(reason=exc)) from None
    try:
        found = _text.tree_problem(msgspec.json.decode(head.roster), _text.NAME_LIMIT, "roster")
    except (msgspec.DecodeError, RecursionError) as exc:
        raise RosterFileError(_("the roster is damaged: {reason}").format(reason=exc)) from None
    if found is not None:
        raise RosterFileError(
            _("the text at {where} is refused: {why}").format(
                where=found[0], why=_(found[1]).format(limit=_text.NAME_LIMIT)
            )
        )
    if _text.problem(head.ruleset, 64) is not None:
        raise RosterFileError(_("the file is damaged: the system's name is not a name"))
    try:
        rs = registry.get(head.ruleset)
    except registry.UnknownRuleset:
        raise RosterFileError(_("unknown ruleset {key!r}").format(key=head.ruleset)) from None
    if not isinstance(rs, registry.Rosters):
        raise RosterFileError(_("the {key} system has no rosters").format(key=head.ruleset))
    try:
        roster = rs.decode_roster(bytes(head.roster))
        extra = unknown_field(msgspec.json.decode(head.roster), roster)
    except (msgspec.DecodeError, msgspec.ValidationError, RecursionError) as exc:
        raise RosterFileError(_("the roster is damaged: {reason}").format(reason=exc)) from None
    if extra is not None:
        raise RosterFileError(
            _("the roster has a field this Wartable does not know: {where}").format(where=f"roster.{extra}")
        )
    return head.ruleset, list(rs.validate_roster(roster))
