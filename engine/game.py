"""A running game: ruleset + state + record.

:class:`Game` is what the UI, the headless commands and the tests drive. It
checks whose turn it is, records every action with the rolls it consumed and the
fresh entropy they were keyed by (so no save predicts a roll to come, see
:mod:`engine.dice`), offers undo back to the last die roll (never across one),
autosaves after every action when it has a path, and loads a save by replaying
its record and checking everything the file says against the replay.
"""

from __future__ import annotations

import datetime as _dt
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import msgspec

from engine import ruleset as _registry
from engine import text as _text
from engine.dice import (
    ENTROPY_BYTES,
    Dice,
    DiceDivergence,
    ReplayDice,
    Roll,
    new_entropy,
    new_seed,
    seed_hash,
)
from engine.i18n import _, ngettext
from engine.record import (
    FORMAT,
    VERSION,
    ActionRecord,
    Message,
    SaveError,
    SaveFile,
    decode_save,
    encode_save,
    message_from,
    read_file,
    snapshot_checksum,
    state_checksum,
    unknown_field,
    write_atomic,
)
from engine.ruleset import (
    ActionError,
    Event,
    IllegalAction,
    PublicText,
    Result,
    RulesData,
    Ruleset,
    SummaryMessages,
)

if TYPE_CHECKING:
    from engine.seat import LocalSeat

__all__ = ["Game"]


def _now() -> str:
    return _dt.datetime.now(_dt.UTC).isoformat(timespec="seconds")


def setup_problem(setup: Any) -> str | None:
    """Why the texts of ``setup`` (a ruleset's Setup struct) cannot be kept in a save,
    or None: every text in it (a roster's name, a unit's, a map's title or rows) must
    be at most :data:`engine.text.NAME_LIMIT` characters and hold no escape sequence,
    control or direction character (:func:`engine.text.tree_problem`). One line,
    translated, naming where the text is."""
    try:
        found = _text.tree_problem(msgspec.to_builtins(setup), _text.NAME_LIMIT)
    except (TypeError, ValueError, msgspec.EncodeError):
        return None  # not plain data: its own checks refuse it
    if found is None:
        return None
    where, why = found
    return _("the text at {where} of the set-up is refused: {why}").format(
        where=_text.shown(where, 80), why=_(why).format(limit=_text.NAME_LIMIT)
    )


def _entropy_bytes(value: str | None, what: str, action: int | None) -> bytes | None:
    """A recorded entropy (hex) as bytes, None for none. Raises SaveError when damaged."""
    if value is None:
        return None
    try:
        raw = bytes.fromhex(value)
    except ValueError:
        raw = b""
    if len(raw) != ENTROPY_BYTES:
        raise SaveError(_("the entropy of {what} is damaged").format(what=what), action)
    return raw


class Game:
    """One game in progress.

    Attributes: ``ruleset``; ``setup`` (the ruleset's Setup struct); ``state``;
    ``players`` (one name per seat, cleaned: :func:`engine.text.clean`, at most
    :data:`engine.text.NAME_LIMIT` characters); ``records`` (the actions so far);
    ``events`` (every event so far, unfiltered; use :meth:`log` for one side's view);
    ``path`` (autosave target or None).

    ``entropy``: where each action's fresh entropy comes from (a function returning
    :data:`engine.dice.ENTROPY_BYTES` bytes, or None to key by the seed alone); the
    operating system's CSPRNG by default (:func:`engine.dice.new_entropy`). Only
    selfplay and tests pass another (:func:`engine.dice.fixed_entropy`), to play the
    same game twice. Raises ValueError when ``players`` does not name every seat, or
    when a text of ``setup`` cannot be saved (:func:`setup_problem`).
    """

    def __init__(
        self,
        ruleset: Ruleset,
        setup: Any,
        *,
        seed: bytes | None = None,
        players: Sequence[str] | None = None,
        dice: Dice | None = None,
        path: Path | None = None,
        entropy: Callable[[], bytes | None] | None = None,
    ) -> None:
        self.ruleset = ruleset
        self.setup = setup
        self.seed = seed if seed is not None else new_seed()
        self.dice = dice if dice is not None else Dice(self.seed)
        self._entropy: Callable[[], bytes | None] = entropy if entropy is not None else new_entropy
        #: The ruleset as a PublicText, asked once (a protocol check costs tens of µs).
        self._public: PublicText | None = ruleset if isinstance(ruleset, PublicText) else None
        seats = ruleset.seat_count(setup)
        if players is None:
            players = [f"Player {n}" for n in range(1, seats + 1)]
        if len(players) != seats:
            raise ValueError(f"{len(players)} player names for {seats} seats")
        problem = setup_problem(setup)
        if problem is not None:
            raise ValueError(problem)
        self.players = [_text.clean(name, _text.NAME_LIMIT) for name in players]
        self.path = Path(path) if path is not None else None
        self.created = _now()
        #: Why the last autosave failed (one sentence), or None when all is saved.
        self.save_error: str | None = None
        self.records: list[ActionRecord] = []
        self.events: list[Event] = []
        self._marks: list[int] = []  # index in events where each action's events start
        opening_entropy = self._entropy()
        self.dice.key(opening_entropy)
        self.state, opening = ruleset.new_state(setup, self.dice)
        self.opening_rolls: list[Roll] = list(self.dice.log)
        #: The entropy the opening rolls were keyed by (None: none rolled, or the seed alone).
        self.opening_entropy: bytes | None = opening_entropy if self.opening_rolls else None
        self.events.extend(opening)
        self._base: tuple[bytes, int] = (msgspec.msgpack.encode(self.state), 0)

    # -- construction -----------------------------------------------------------
    @classmethod
    def new(cls, key: str, setup: Any, **kwargs: Any) -> Game:
        """A new game of ruleset ``key`` (see :func:`engine.ruleset.get`)."""
        return cls(_registry.get(key), setup, **kwargs)

    # -- queries ----------------------------------------------------------------
    def to_act(self) -> frozenset[int]:
        """Sides that must decide now (empty once the game is over)."""
        return self.ruleset.to_act(self.state)

    def options(self, side: int) -> Any:
        """The legal choices of ``side`` now (ruleset-specific shape)."""
        return self.ruleset.options(self.state, side)

    def view(self, side: int | None) -> Any:
        """What ``side`` may know of the state (None: everything)."""
        return self.ruleset.view(self.state, side)

    def result(self) -> Result | None:
        """The result, or None while the game runs."""
        return self.ruleset.result(self.state)

    def log(self, side: int | None) -> list[Event]:
        """The events ``side`` may see, in order (None: all of them)."""
        return [e for e in self.events if e.visible_to(side)]

    def seat(self, seat: int) -> LocalSeat:
        """Seat ``seat``'s handle on this game (see :mod:`engine.seat`)."""
        from engine.seat import LocalSeat

        return LocalSeat(self, seat)

    def seats(self) -> list[LocalSeat]:
        """A handle for every seat, in seat order (hot-seat hands them out in turn)."""
        return [self.seat(n) for n in range(len(self.players))]

    def action_marks(self) -> Sequence[int]:
        """Where each action's events start in :attr:`events`, by action (0-based)."""
        return self._marks

    def last_action_events(self, side: int) -> int:
        """Where the events of ``side``'s last action start in :attr:`events` (0 when
        ``side`` has not acted): what came since that player last decided."""
        for i in range(len(self.records) - 1, -1, -1):
            if self.records[i].side == side:
                return self._marks[i]
        return 0

    def format(self, side: int, action: Any) -> str:
        """``action`` of ``side`` in notation, against the current state."""
        return self.ruleset.format_action(self.state, side, action)

    def parse(self, side: int, text: str) -> Any:
        """Parse notation against the current state (NotationError / IllegalAction /
        AmbiguousAction)."""
        return self.ruleset.parse_action(self.state, side, text)

    # -- acting -------------------------------------------------------------------
    def submit(self, side: int, action: Any) -> list[Event]:
        """Play ``action`` (a ruleset action, or its notation as text) for ``side``.

        Returns the new events. Raises :class:`engine.ruleset.ActionError`
        subclasses when the action is malformed or illegal; the game is then
        unchanged. Autosaves when the game has a path.
        """
        if isinstance(action, str):
            action = self.parse(side, action)
        if side not in self.to_act() and not getattr(action, "out_of_turn", False):
            if not self.to_act():
                raise IllegalAction(_("The game is over."))
            raise IllegalAction(_("It is not this side's turn to decide."))
        text, public = self._notation(side, action)
        # fresh entropy, drawn now that the action is chosen: its rolls cannot be known before
        entropy = self._entropy()
        self.dice.key(entropy)
        n0 = len(self.dice.log)
        events = self.ruleset.apply(self.state, side, action, self.dice)
        rolls = self.dice.log[n0:]
        self.records.append(
            ActionRecord(
                side,
                text,
                msgspec.Raw(msgspec.json.encode(action)),
                list(rolls),
                public,
                entropy.hex() if rolls and entropy is not None else None,
            )
        )
        self._marks.append(len(self.events))
        self.events.extend(events)
        if rolls:
            self._base = (msgspec.msgpack.encode(self.state), len(self.records))
        self._autosave()
        return events

    def _autosave(self) -> None:
        """Save to :attr:`path` after a change. A failure (disk full, permission lost)
        never loses the action: it stays in memory, :attr:`save_error` says why, and
        the next change or :meth:`retry_save` writes everything again."""
        if self.path is None:
            return
        try:
            self.save(self.path)
        except SaveError as exc:
            self.save_error = str(exc)
        except OSError as exc:
            self.save_error = _("The game could not be saved ({reason}); it is kept in memory.").format(
                reason=exc.strerror or exc
            )
        else:
            self.save_error = None

    def retry_save(self) -> bool:
        """Try the autosave again; True when every action is now saved."""
        self._autosave()
        return self.save_error is None

    def _notation(self, side: int, action: Any) -> tuple[str, str | None]:
        """``side``'s ``action`` in notation against the current state, and what the
        other seats read of it (None: the same). What a save records, and what a
        replay re-derives and checks."""
        try:
            text = self.ruleset.format_action(self.state, side, action)
            public = self._public_text(side, action, text)
        except Exception:  # noqa: BLE001 - a malformed action: apply() refuses it
            text, public = "", None
        return text or type(action).__name__, public

    def _notation_in_languages(self, side: int, action: Any) -> list[tuple[str, str | None]]:
        """:meth:`_notation` in each shipped language (a save keeps the notation in the
        language it was played in; a replay in another accepts it), the interface
        language restored after."""
        from engine.i18n import LANGUAGES, current_language, set_language

        here = current_language()
        out = []
        try:
            for code in LANGUAGES:
                if code != here:
                    set_language(code)
                    out.append(self._notation(side, action))
        finally:
            set_language(here)
        return out

    def _public_text(self, side: int, action: Any, text: str) -> str | None:
        """The notation the other side may read, if the ruleset hides part of it."""
        if self._public is None:
            return None
        public = self._public.public_text(self.state, side, action)
        return None if public == text else public

    def can_undo(self, side: int) -> bool:
        """True when ``side``'s last action can be taken back: it was the last action of
        the game, it was ``side``'s, no die has been rolled since it began, and the game
        is not over (a finished game stays finished)."""
        return (
            bool(self.records)
            and len(self.records) > self._base[1]
            and self.records[-1].side == side
            and self.result() is None
        )

    def undo(self, side: int) -> bool:
        """Take back ``side``'s last action if :meth:`can_undo`; returns whether it did."""
        if not self.can_undo(side):
            return False
        base_state, base_n = self._base
        keep = self.records[base_n:-1]
        self.state = msgspec.msgpack.decode(base_state, type=self.ruleset.State)
        cut = self._marks[base_n] if base_n < len(self._marks) else len(self.events)
        del self.events[cut:]
        del self._marks[base_n:]
        del self.records[base_n:]
        for rec in keep:
            action = msgspec.json.decode(rec.action, type=self.ruleset.Action)
            self.dice.key(bytes.fromhex(rec.entropy) if rec.entropy else None)
            self._marks.append(len(self.events))
            self.events.extend(self.ruleset.apply(self.state, rec.side, action, self.dice))
            self.records.append(rec)
        self._autosave()
        return True

    # -- saving ---------------------------------------------------------------------
    def to_save(self) -> SaveFile:
        """The whole game as a :class:`SaveFile`."""
        return SaveFile(
            format=FORMAT,
            version=VERSION,
            ruleset=self.ruleset.key,
            ruleset_version=self.ruleset.version,
            players=self.players,
            created=self.created,
            updated=_now(),
            seed=self.seed.hex(),
            seed_hash=seed_hash(self.seed),
            setup=msgspec.Raw(msgspec.json.encode(self.setup)),
            opening_rolls=self.opening_rolls,
            actions=self.records,
            snapshot=msgspec.Raw(msgspec.json.encode(self.state)),
            checksum=state_checksum(self.state),
            finished=self.result() is not None,
            summary=self.ruleset.summary(self.state),
            summary_message=self._summary_message(),
            rules_fingerprint=self._fingerprint(),
            opening_entropy=self.opening_entropy.hex() if self.opening_entropy is not None else None,
        )

    def _fingerprint(self) -> str:
        """The ruleset's fingerprint of its rules data, "" when it has none."""
        return self.ruleset.rules_fingerprint() if isinstance(self.ruleset, RulesData) else ""

    def _summary_message(self) -> Message | None:
        """The ruleset's summary in a language-neutral form (its optional
        ``summary_message``), or None when it has none. A failure there never stops
        the game from being saved: the English summary is kept in any case."""
        if not isinstance(self.ruleset, SummaryMessages):
            return None
        try:
            message = message_from(self.ruleset.summary_message(self.state))
        except Exception:  # noqa: BLE001 - the English summary is enough to list the save
            return None
        return message if isinstance(message, Message) else None

    def save(self, path: Path | None = None) -> Path:
        """Write the save atomically to ``path`` (default: the game's path), keeping
        the two previous generations as ``<path>.1`` and ``<path>.2``.

        The bytes are decoded back and compared before anything touches the disk;
        if that fails, :class:`SaveError` is raised and the old file stays.
        """
        target = Path(path) if path is not None else self.path
        if target is None:
            raise ValueError("no path to save to")
        try:
            data = encode_save(self.to_save())
            back = decode_save(data)
        except (msgspec.EncodeError, SaveError, TypeError, ValueError) as exc:
            raise SaveError(
                _("The game could not be saved ({reason}); the previous save was kept.").format(reason=exc)
            ) from None
        if back.checksum != state_checksum(self.state) or len(back.actions) != len(self.records):
            raise SaveError(_("The save could not be verified; the previous save was kept."))
        write_atomic(target, data, generations=3)
        return target

    @classmethod
    def from_save(
        cls, save: SaveFile, *, path: Path | None = None, entropy: Callable[[], bytes | None] | None = None
    ) -> Game:
        """Rebuild a game by replaying ``save``'s record, checking everything it says.

        Checked, in this order: the system and its rules version; the fingerprint of
        its rules data, before any replay (another catalogue or table is reported
        here, not hundreds of actions later); the seed against its hash; every text
        of the set-up (:func:`setup_problem`); one player's name per seat; the
        snapshot against the checksum; then, action by action, that it was the
        side's to make, that its notation and public notation are what the action
        says, and every roll; at the end the checksum against the replayed state,
        the finished flag, and (for a version-2 save of this rules version) the
        summary. The game keeps the texts re-derived from the actions.
        ``entropy``: as for :class:`Game`, for the actions to come.

        Raises :class:`SaveError` naming the action where the replay diverged, or
        the reason the save cannot be used.
        """
        try:
            rs = _registry.get(save.ruleset)
        except _registry.UnknownRuleset:
            raise SaveError(_("unknown ruleset {key!r}").format(key=save.ruleset), kind="system") from None
        if save.ruleset_version > rs.version:
            raise SaveError(
                _("the save uses {key} rules version {version}; this Wartable has version {ours}").format(
                    key=save.ruleset, version=save.ruleset_version, ours=rs.version
                ),
                kind="newer",
            )
        if isinstance(rs, RulesData) and (save.rules_fingerprint or save.version >= 2):
            # every version-2 save of a system with rules data carries their fingerprint
            ours = rs.rules_fingerprint()
            if not save.rules_fingerprint:
                raise SaveError(
                    _("the save does not say which {key} rules data it was made under").format(
                        key=save.ruleset
                    ),
                    kind="rules",
                )
            if save.rules_fingerprint != ours:
                raise SaveError(
                    _(
                        "the save was made under other {key} rules data (fingerprint {theirs}; "
                        "this Wartable has {ours})"
                    ).format(key=save.ruleset, theirs=save.rules_fingerprint[:12], ours=ours[:12]),
                    kind="rules",
                )
        try:
            seed = bytes.fromhex(save.seed)
        except ValueError:
            raise SaveError(_("the seed is damaged")) from None
        if seed_hash(seed) != save.seed_hash:
            raise SaveError(_("the seed does not match its published hash"), kind="replay")
        try:
            setup = msgspec.json.decode(save.setup, type=rs.Setup)
            extra = unknown_field(msgspec.json.decode(save.setup), setup)
        except (msgspec.DecodeError, RecursionError) as exc:
            raise SaveError(_("the set-up is damaged: {reason}").format(reason=exc)) from None
        if extra is not None:
            raise SaveError(
                _("the set-up has a field this Wartable does not know: {where}").format(where=extra)
            )
        problem = setup_problem(setup)
        if problem is not None:
            raise SaveError(problem)
        try:
            seats = rs.seat_count(setup)
        except Exception as exc:  # noqa: BLE001 - the file is untrusted: refuse it, never crash
            raise SaveError(_("the set-up is not valid: {reason}").format(reason=exc)) from None
        if len(save.players) != seats:
            raise SaveError(
                ngettext(
                    "the save names {n} player; this game has {seats} seats",
                    "the save names {n} players; this game has {seats} seats",
                    len(save.players),
                ).format(n=len(save.players), seats=seats)
            )
        try:
            snapshot = snapshot_checksum(save.snapshot)
        except (msgspec.DecodeError, RecursionError, OverflowError) as exc:
            raise SaveError(_("the snapshot is damaged: {reason}").format(reason=exc)) from None
        if snapshot != save.checksum:
            raise SaveError(_("the snapshot does not match the save's checksum"), kind="replay")
        opening = _entropy_bytes(save.opening_entropy, _("the opening"), 0)
        dice = ReplayDice(seed, save.opening_rolls)
        try:
            game = cls(rs, setup, seed=seed, players=save.players, dice=dice, entropy=lambda: opening)
        except DiceDivergence as exc:
            raise SaveError(
                _("the opening diverges: {reason}").format(reason=exc), 0, kind="replay"
            ) from None
        except Exception as exc:  # noqa: BLE001 - the file is untrusted: refuse it, never crash
            raise SaveError(_("the set-up is not valid: {reason}").format(reason=exc)) from None
        if not dice.exhausted():
            raise SaveError(_("the opening rolls do not match the record"), 0, kind="replay")
        game.created = save.created
        for i, rec in enumerate(save.actions, start=1):
            game._replay(rs, dice, i, rec)
        if state_checksum(game.state) != save.checksum:
            raise SaveError(
                _("the final state does not match the save's checksum"), len(save.actions), kind="replay"
            )
        if save.finished != (game.result() is not None):
            raise SaveError(
                _("the save says the game is over; its actions say it is not")
                if save.finished
                else _("the save says the game is still on; its actions say it is over"),
                len(save.actions),
                kind="replay",
            )
        if (
            save.version >= 2
            and save.ruleset_version == rs.version
            and (save.summary != rs.summary(game.state) or save.summary_message != game._summary_message())
        ):
            raise SaveError(
                _("the save's summary is not what its actions say"), len(save.actions), kind="replay"
            )
        # continue with ordinary dice from where the record stopped
        live = Dice(seed)
        live.set_counters(dice.counters())
        live.log = list(dice.log)
        game.dice = live
        game._entropy = entropy if entropy is not None else new_entropy
        game.path = Path(path) if path is not None else None
        return game

    def _replay(self, rs: Ruleset, dice: ReplayDice, i: int, rec: ActionRecord) -> None:
        """Replay action ``i`` (1-based) of a save, checking it (see :meth:`from_save`)."""
        try:
            action = msgspec.json.decode(rec.action, type=rs.Action)
            extra = unknown_field(msgspec.json.decode(rec.action), action)
        except (msgspec.DecodeError, RecursionError) as exc:
            raise SaveError(_("action {n} is damaged: {reason}").format(n=i, reason=exc), i) from None
        if extra is not None:
            raise SaveError(
                _("action {n} has a field this Wartable does not know: {where}").format(
                    n=i, where=extra or "?"
                ),
                i,
            )
        text, public = self._notation(rec.side, action) if 0 <= rec.side < len(self.players) else ("", None)
        if (rec.text, rec.public) != (text, public) and 0 <= rec.side < len(self.players):
            # written in another language's words: the same action if it reads the same there
            for other in self._notation_in_languages(rec.side, action):
                if (rec.text, rec.public) == other:
                    text, public = other
                    break
        if rec.side not in self.to_act() and not getattr(action, "out_of_turn", False):
            raise SaveError(
                _("action {n} ({text}) was not that side's to make").format(n=i, text=text or "?"),
                i,
                kind="replay",
            )
        if rec.text != text:
            raise SaveError(
                _("action {n}: its notation in the file is not the action it records ({text})").format(
                    n=i, text=text
                ),
                i,
                kind="replay",
            )
        if rec.public != public:
            raise SaveError(
                _("action {n} ({text}): its public notation in the file is not the action's").format(
                    n=i, text=text
                ),
                i,
                kind="replay",
            )
        dice.expect(rec.rolls)
        dice.key(_entropy_bytes(rec.entropy, _("action {n}").format(n=i), i))
        n0 = len(dice.log)
        try:
            events = rs.apply(self.state, rec.side, action, dice)
        except DiceDivergence as exc:
            raise SaveError(
                _("replay diverges at action {n} ({text}): {reason}").format(n=i, text=text, reason=exc),
                i,
                kind="replay",
            ) from None
        except ActionError as exc:
            raise SaveError(
                _("action {n} ({text}) is not legal: {reason}").format(n=i, text=text, reason=exc),
                i,
                kind="replay",
            ) from None
        except Exception as exc:  # noqa: BLE001 - the file is untrusted: refuse it, never crash
            raise SaveError(
                _("action {n} cannot be replayed: {reason}").format(
                    n=i, reason=f"{type(exc).__name__}: {exc}"
                ),
                i,
                kind="replay",
            ) from None
        if not dice.exhausted():
            raise SaveError(
                _("replay diverges at action {n} ({text}): fewer rolls than recorded").format(n=i, text=text),
                i,
                kind="replay",
            )
        self.records.append(
            ActionRecord(rec.side, text, rec.action, list(dice.log[n0:]), public, rec.entropy)
        )
        self._marks.append(len(self.events))
        self.events.extend(events)
        if rec.rolls:
            self._base = (msgspec.msgpack.encode(self.state), len(self.records))

    @classmethod
    def load(cls, path: Path, *, entropy: Callable[[], bytes | None] | None = None) -> Game:
        """Read, verify and replay the save at ``path``; autosaves go back to it (to
        the file it points at, when it is a symlink). Only a regular file is read
        (:func:`engine.record.read_file`). ``entropy``: as for :class:`Game`.

        Raises :class:`SaveError` (the file is never modified when it is refused).
        """
        path = Path(path)
        data = read_file(path)
        return cls.from_save(decode_save(data), path=path, entropy=entropy)
