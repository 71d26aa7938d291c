"""One seat's handle on a game: all a screen, a bot or a remote client may touch.

A :class:`Seat` answers, for one side of one game: who must act, what this side
may see (its view, its options and legal actions, a decision put to it), the log
as this side may read it, the public record of actions, and it takes this side's
actions (structured or typed in notation), undo where the rules allow it, and a
concession. It never hands out the full state or another seat's private values:
everything goes through the ruleset's filters (``view``, ``options``,
``Event.visible_to``, ``ActionRecord.text_for``).

:class:`Seat` is the interface; :class:`LocalSeat` is a seat on a game in this
process (hot-seat gives each player one on the same :class:`engine.game.Game`). A
remote client implements the same interface over a connection.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import msgspec

from engine.decision import Decision
from engine.i18n import _
from engine.ruleset import (
    Checks,
    Concessions,
    Decisions,
    Event,
    Handovers,
    IllegalAction,
    Previews,
    RandomActions,
    Result,
)

if TYPE_CHECKING:
    from engine.game import Game

__all__ = ["LocalSeat", "LogEntry", "RecordEntry", "Seat"]


class LogEntry(msgspec.Struct, frozen=True, kw_only=True):
    """One event as a seat may read it.

    ``index``: its 0-based position in this seat's log (the events hidden from the
    seat are not counted, so the numbering betrays nothing); ``action``: the
    1-based number of the action that made it (0: the opening, before any action);
    ``event``: the event (a ruleset struct the seat may see); ``text``: the event as
    this seat reads it, in the current language.
    """

    index: int
    action: int
    event: Event
    text: str


class RecordEntry(msgspec.Struct, frozen=True, kw_only=True):
    """One action of the public record: its 1-based ``number``, the ``seat`` that
    made it and its notation as the reading seat may see it (``text``)."""

    number: int
    seat: int
    text: str


class Seat(ABC):
    """One side's handle on a game (see the module's docstring).

    ``seat``: this side's number (0..N-1); ``players``: every seat's player name;
    ``key`` and ``title``: the system's key and untranslated title.
    """

    seat: int
    players: tuple[str, ...]
    key: str
    title: str

    # -- who acts, and the result ----------------------------------------------
    @abstractmethod
    def to_act(self) -> frozenset[int]:
        """The seats that must decide now (public; empty once the game is over)."""

    def must_act(self) -> bool:
        """Whether this seat must decide now."""
        return self.seat in self.to_act()

    @abstractmethod
    def result(self) -> Result | None:
        """The result once the game is over, else None."""

    # -- what this seat may know ------------------------------------------------
    @abstractmethod
    def view(self) -> Any:
        """The ruleset's view of the state for this seat."""

    @abstractmethod
    def options(self) -> Any:
        """The ruleset's options for this seat now (its own shape)."""

    @abstractmethod
    def legal_actions(self) -> Sequence[Any]:
        """This seat's legal actions now (a representative sample where the ruleset
        says so, e.g. one path per reachable square)."""

    @abstractmethod
    def decision(self) -> Decision | None:
        """The question the rules put to this seat now, or None."""

    @abstractmethod
    def log(self, start: int = 0) -> list[LogEntry]:
        """The events this seat may see, from its log's index ``start`` on."""

    @abstractmethod
    def log_length(self) -> int:
        """How many events this seat's log holds."""

    @abstractmethod
    def news_start(self) -> int:
        """The index in this seat's log where the events of its own last action begin
        (0 when it has not acted): what it may not have seen when it comes back, for in
        hot-seat the terminal may pass on the moment it acts, before it read what its
        action brought."""

    @abstractmethod
    def record(self) -> list[RecordEntry]:
        """Every action so far, as this seat may read its notation."""

    # -- notation ------------------------------------------------------------------
    @abstractmethod
    def format(self, action: Any) -> str:
        """``action`` (one of this seat's) in the system's notation."""

    @abstractmethod
    def parse(self, text: str) -> Any:
        """This seat's action written ``text`` (NotationError, IllegalAction or
        AmbiguousAction)."""

    def notations(self) -> list[str]:
        """This seat's legal actions in notation (for completion), in order."""
        return [self.format(a) for a in self.legal_actions()]

    # -- checking before acting ---------------------------------------------------
    @abstractmethod
    def check(self, action: Any) -> IllegalAction | None:
        """Why ``action`` would be refused now (the error), or None when it is legal."""

    @abstractmethod
    def preview(self, action: Any) -> Any:
        """The ruleset's preview of ``action`` (see :class:`engine.ruleset.Previews`);
        None when the ruleset has none."""

    # -- acting ---------------------------------------------------------------------
    @abstractmethod
    def submit(self, action: Any) -> int:
        """Play ``action`` (an action or its notation) for this seat; returns how many
        entries this seat's log gained (read them with ``log(log_length() - n)``).
        Raises :class:`engine.ruleset.ActionError` subclasses (nothing changes then)."""

    @abstractmethod
    def can_undo(self) -> bool:
        """Whether this seat's last action can be taken back (never across a roll)."""

    @abstractmethod
    def undo(self) -> bool:
        """Take back this seat's last action if :meth:`can_undo`; returns whether it did."""

    @abstractmethod
    def can_concede(self) -> bool:
        """Whether the system lets a player concede, and the game still runs."""

    @abstractmethod
    def concede(self) -> int:
        """Concede the game for this seat (returns as :meth:`submit` does). Raises
        IllegalAction when :meth:`can_concede` is false."""

    @abstractmethod
    def private_on_screen(self) -> bool:
        """Whether this seat's screen now holds values the other seats may not know (its
        hidden values, an order being written): a hot-seat hand-over to or from it
        needs a curtain (see :class:`engine.ruleset.Handovers`; True when the system
        does not say)."""

    @abstractmethod
    def random_action(self, rng: random.Random) -> Any | None:
        """A uniformly random legal action of this seat, or None (the simplest bot)."""

    # -- saving ------------------------------------------------------------------------
    @abstractmethod
    def saved_to_file(self) -> bool:
        """Whether the game is kept in a save file (after every action); False for a
        game played in memory only."""

    @abstractmethod
    def save_problem(self) -> str | None:
        """Why the last autosave failed (one sentence), or None when every action so
        far is safely saved."""

    @abstractmethod
    def retry_save(self) -> bool:
        """Try the autosave again; returns whether every action is now saved."""


class LocalSeat(Seat):
    """A seat on a :class:`engine.game.Game` in this process."""

    def __init__(self, game: Game, seat: int) -> None:
        if not 0 <= seat < len(game.players):
            raise ValueError(f"no seat {seat} in a game of {len(game.players)} seats")
        self._game = game
        self.seat = seat
        self.key = game.ruleset.key
        self.title = game.ruleset.title
        # (events seen, positions in the game's events of this seat's visible ones)
        self._index: list[int] = []
        self._scanned = 0

    @property
    def players(self) -> tuple[str, ...]:  # type: ignore[override]
        return tuple(self._game.players)

    # -- who acts ---------------------------------------------------------------------
    def to_act(self) -> frozenset[int]:
        return self._game.to_act()

    def result(self) -> Result | None:
        return self._game.result()

    # -- what this seat may know ----------------------------------------------------
    def view(self) -> Any:
        return self._game.ruleset.view(self._game.state, self.seat)

    def options(self) -> Any:
        return self._game.ruleset.options(self._game.state, self.seat)

    def legal_actions(self) -> Sequence[Any]:
        return self._game.ruleset.legal_actions(self._game.state, self.seat)

    def decision(self) -> Decision | None:
        rs = self._game.ruleset
        if not isinstance(rs, Decisions) or self.seat not in self.to_act():
            return None
        return rs.decision(self._game.state, self.seat)

    def _visible(self) -> list[int]:
        """Positions (in the game's events) of the events this seat may see, kept up to
        date as events come and go (an undo removes some)."""
        events = self._game.events
        if self._scanned > len(events):  # events were taken back
            while self._index and self._index[-1] >= len(events):
                self._index.pop()
            self._scanned = len(events)
        for i in range(self._scanned, len(events)):
            if events[i].visible_to(self.seat):
                self._index.append(i)
        self._scanned = len(events)
        return self._index

    def _action_of(self, position: int) -> int:
        """The 1-based number of the action whose events include ``position`` (0: the
        opening)."""
        marks = self._game.action_marks()
        lo, hi = 0, len(marks)
        while lo < hi:  # the last mark <= position
            mid = (lo + hi) // 2
            if marks[mid] <= position:
                lo = mid + 1
            else:
                hi = mid
        return lo

    def log(self, start: int = 0) -> list[LogEntry]:
        index = self._visible()
        events = self._game.events
        players = self._game.players
        return [
            LogEntry(
                index=k,
                action=self._action_of(i),
                event=events[i],
                text=events[i].text_for(self.seat, players),
            )
            for k, i in enumerate(index[start:], start=max(start, 0))
        ]

    def log_length(self) -> int:
        return len(self._visible())

    def news_start(self) -> int:
        game = self._game
        marks = game.action_marks()
        start = 0
        for n in range(len(game.records) - 1, -1, -1):
            if game.records[n].side == self.seat:
                start = marks[n]
                break
        index = self._visible()
        lo, hi = 0, len(index)
        while lo < hi:  # the first visible position >= start
            mid = (lo + hi) // 2
            if index[mid] < start:
                lo = mid + 1
            else:
                hi = mid
        return lo

    def record(self) -> list[RecordEntry]:
        return [
            RecordEntry(number=n, seat=rec.side, text=rec.text_for(self.seat))
            for n, rec in enumerate(self._game.records, start=1)
        ]

    # -- notation ---------------------------------------------------------------------
    def format(self, action: Any) -> str:
        return self._game.format(self.seat, action)

    def parse(self, text: str) -> Any:
        return self._game.parse(self.seat, text)

    # -- checking ------------------------------------------------------------------------
    def check(self, action: Any) -> IllegalAction | None:
        game = self._game
        if self.seat not in game.to_act() and not getattr(action, "out_of_turn", False):
            return IllegalAction(
                _("The game is over.") if not game.to_act() else _("It is not this side's turn to decide.")
            )
        rs = game.ruleset
        try:
            if isinstance(rs, Checks):
                rs.check(game.state, self.seat, action)
            else:  # resolve on a copy with throwaway dice: only the verdict is used
                from engine.dice import Dice, new_seed

                rs.apply(rs.copy_state(game.state), self.seat, action, Dice(new_seed()))
        except IllegalAction as exc:
            return exc
        return None

    def preview(self, action: Any) -> Any:
        rs = self._game.ruleset
        if not isinstance(rs, Previews):
            return None
        return rs.preview(self._game.state, self.seat, action)

    # -- acting ------------------------------------------------------------------------
    def submit(self, action: Any) -> int:
        before = self.log_length()
        self._game.submit(self.seat, action)
        return self.log_length() - before

    def can_undo(self) -> bool:
        return self._game.can_undo(self.seat)

    def undo(self) -> bool:
        return self._game.undo(self.seat)

    def can_concede(self) -> bool:
        return isinstance(self._game.ruleset, Concessions) and self._game.result() is None

    def concede(self) -> int:
        rs = self._game.ruleset
        if not isinstance(rs, Concessions):
            raise IllegalAction(_("This system has no concession."))
        if self._game.result() is not None:
            raise IllegalAction(_("The game is over."))
        return self.submit(rs.concession(self._game.state, self.seat))

    def private_on_screen(self) -> bool:
        rs = self._game.ruleset
        if not isinstance(rs, Handovers):
            return True
        return rs.private_on_screen(self._game.state, self.seat)

    def random_action(self, rng: random.Random) -> Any | None:
        rs = self._game.ruleset
        if self.seat not in self.to_act():
            return None
        if isinstance(rs, RandomActions):
            return rs.random_action(self._game.state, self.seat, rng)
        actions = self.legal_actions()
        return rng.choice(actions) if actions else None

    # -- saving ----------------------------------------------------------------------------
    def saved_to_file(self) -> bool:
        return self._game.path is not None

    def save_problem(self) -> str | None:
        return self._game.save_error

    def retry_save(self) -> bool:
        return self._game.retry_save()
