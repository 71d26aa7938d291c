"""The ruleset protocol, the errors every ruleset raises, and the registry.

A ruleset is one battle system. It is a package ``engine/rulesets/<key>/`` whose
``__init__`` exposes ``RULESET``, an object following :class:`Ruleset`. The core
never names a ruleset: :func:`available` lists the packages that are there and
:func:`get` imports one on demand, so adding a system means adding one folder.

Sides are *seats* numbered 0..N-1 (seat 0 is Player 1); :meth:`Ruleset.seat_count`
says how many a set-up has. Two seats are the common case, not an assumption.

Turn shapes the protocol covers (see the design guide): one side acting; the
side that is *not* active deciding mid-action (a pending decision that the
ruleset reports through :meth:`Ruleset.to_act`); both sides at once (sealed,
simultaneous orders: ``to_act`` returns both sides). An action whose class has
a true ``out_of_turn`` attribute (a concession) may be submitted by any seat at
any time.

Optional capabilities are typed protocols that a ruleset class declares by
inheriting them (:class:`RandomActions`, :class:`RandomSteps`, :class:`Invariants`, :class:`PublicText`,
:class:`SummaryMessages`, :class:`Rosters`, :class:`Decisions`, :class:`Concessions`,
:class:`Checks`, :class:`Previews`, :class:`Handovers`, :class:`RulesData`); callers
test them with ``isinstance``.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Sequence
from typing import Any, ClassVar, Protocol, runtime_checkable

import msgspec

from engine.dice import Dice

__all__ = [
    "ActionError",
    "AmbiguousAction",
    "Checks",
    "Concessions",
    "Decisions",
    "Handovers",
    "Event",
    "IllegalAction",
    "NotationError",
    "Result",
    "Invariants",
    "Previews",
    "PublicText",
    "RandomActions",
    "RandomSteps",
    "Rosters",
    "RulesData",
    "Ruleset",
    "SummaryMessages",
    "UnknownRuleset",
    "available",
    "data_fingerprint",
    "get",
]


# ---------------------------------------------------------------------------
# Errors
# ---------------------------------------------------------------------------
class ActionError(Exception):
    """Base of the three notation/action errors (python-chess's model).

    ``rule``: the rule ID the refusal rests on (e.g. ``"EVA-8.2"``), or ``""``.
    ``str(error)`` is a sentence a player can read, already translated.
    """

    def __init__(self, message: str, rule: str = "") -> None:
        super().__init__(message)
        self.rule = rule

    def __str__(self) -> str:
        msg = super().__str__()
        return f"{msg} ({self.rule})" if self.rule else msg


class NotationError(ActionError):
    """The text is not an action in the system's notation (bad syntax)."""


class IllegalAction(ActionError):
    """The action is well formed but the rules forbid it now. The state is untouched."""


class AmbiguousAction(ActionError):
    """The text matches more than one legal action; the message lists the candidates."""


class UnknownRuleset(KeyError):
    """No ruleset package of that key exists."""


# ---------------------------------------------------------------------------
# Events and results
# ---------------------------------------------------------------------------
class Event(msgspec.Struct, tag=True, kw_only=True):
    """Something that happened, for the log.

    ``to``: None when every seat may see the event, else the seats that may (a
    tuple of seat numbers, e.g. ``(1,)`` for Player 2 alone). Subclasses are msgspec
    structs (a tagged union per ruleset) and implement :meth:`text`, which renders
    through the translation function.
    """

    to: tuple[int, ...] | None = None

    def visible_to(self, side: int | None) -> bool:
        """May seat ``side`` see this event? ``None`` means an omniscient observer (replay)."""
        return self.to is None or side is None or side in self.to

    def text(self) -> str:  # pragma: no cover - every concrete event overrides it
        """The event as a sentence in the current language."""
        return type(self).__name__

    def text_for(self, viewer: int | None = None, players: Sequence[str] = ()) -> str:
        """The event as ``viewer`` reads it (None: no side, e.g. a replay), naming the
        players by ``players`` (names by seat) where the system does; by default
        :meth:`text`."""
        return self.text()


class Result(msgspec.Struct, frozen=True):
    """How a game ended.

    ``winner``: the one seat that won, or None for a draw. ``draw``: when there is
    no winner, the seats that share the draw, sorted (every seat still in the game
    in a two-seat system; in a free-for-all only those left, e.g. two mechs lost in
    the same turn, BL-2.5); empty when there is a winner. ``reason``: a message ID
    (untranslated) naming the end condition; ``rule``: the rule ID that applied.
    ``scores``: per-seat scores where the system has them (e.g. victory points).
    """

    winner: int | None
    reason: str
    rule: str = ""
    scores: tuple[int, ...] = ()
    draw: tuple[int, ...] = ()

    @classmethod
    def won(cls, seat: int, reason: str, rule: str = "", scores: Sequence[int] = ()) -> Result:
        """``seat`` won."""
        return cls(seat, reason, rule, tuple(scores))

    @classmethod
    def drawn(cls, seats: Sequence[int], reason: str, rule: str = "", scores: Sequence[int] = ()) -> Result:
        """A draw shared by ``seats``."""
        return cls(None, reason, rule, tuple(scores), tuple(sorted(seats)))


# ---------------------------------------------------------------------------
# The protocol
# ---------------------------------------------------------------------------
@runtime_checkable
class Ruleset(Protocol):
    """What every battle system provides (shapes, not code: see the design guide).

    State objects are mutable msgspec structs owned by the caller; :meth:`apply`
    changes the state in place only after the action has been found legal, so an
    illegal action leaves it untouched.
    """

    key: ClassVar[str]
    version: ClassVar[int]
    #: Untranslated title, e.g. "EVA skirmish".
    title: ClassVar[str]
    #: msgspec types used to decode persisted values.
    Setup: ClassVar[type]
    State: ClassVar[type]
    Action: ClassVar[Any]
    Event: ClassVar[Any]

    def seat_count(self, setup: Any) -> int:
        """How many seats (players) a game of this set-up has (2 for most systems)."""
        ...

    def new_state(self, setup: Any, dice: Dice) -> tuple[Any, list[Event]]:
        """The state at the start of the game, and any opening events (may roll dice)."""
        ...

    def copy_state(self, state: Any) -> Any:
        """An independent copy of ``state`` that plays exactly as the original (a bot
        searches on copies). Fixed facts of the game (the map and its tables) are
        shared by the copy, not copied."""
        ...

    def to_act(self, state: Any) -> frozenset[int]:
        """The sides that must decide now; empty when the game is over."""
        ...

    def options(self, state: Any, side: int) -> Any:
        """The legal choices of ``side`` now, in a form a UI can offer and a bot enumerate."""
        ...

    def legal_actions(self, state: Any, side: int) -> Sequence[Any]:
        """Every legal action of ``side`` now (may be a representative sample where the
        full set is large, e.g. every path to every square is represented by one path
        per reachable square)."""
        ...

    def apply(self, state: Any, side: int, action: Any, dice: Dice) -> list[Event]:
        """Check and resolve ``action``; raise :class:`IllegalAction` (state untouched)."""
        ...

    def view(self, state: Any, side: int | None) -> Any:
        """What ``side`` may know of the state (None: everything, for replays)."""
        ...

    def result(self, state: Any) -> Result | None:
        """The result once the game is over, else None."""
        ...

    def format_action(self, state: Any, side: int, action: Any) -> str:
        """The action in the system's text notation."""
        ...

    def parse_action(self, state: Any, side: int, text: str) -> Any:
        """Parse notation strictly: NotationError, IllegalAction or AmbiguousAction."""
        ...

    def random_setup(self, rng: Any) -> Any:
        """A random valid set-up (for selfplay); ``rng`` is a ``random.Random``."""
        ...

    def summary(self, state: Any) -> str:
        """One line describing the state (for selfplay and the load list)."""
        ...


# ---------------------------------------------------------------------------
# Optional capabilities: a ruleset class declares each one it has by inheriting it
# ---------------------------------------------------------------------------
@runtime_checkable
class RandomActions(Protocol):
    """The ruleset can draw a uniformly random legal action itself (cheaper than
    choosing from :meth:`Ruleset.legal_actions`), for selfplay and the simplest bot."""

    def random_action(self, state: Any, side: int, rng: Any) -> Any | None:
        """A uniformly random legal action of ``side`` (``rng`` a ``random.Random``),
        or None when it has none."""
        ...


@runtime_checkable
class RandomSteps(Protocol):
    """The ruleset can draw a random legal action and play it in one step, checking it
    once: the plan its legality check returned in the draw is resolved, as nothing
    changed in between. For random playouts on states the caller owns (selfplay
    benchmarks, a bot's search on copies); a game's actions take the full path
    (:meth:`Ruleset.apply` through :meth:`engine.game.Game.submit`)."""

    def random_step(self, state: Any, side: int, rng: Any, dice: Dice) -> tuple[Any, list[Event]] | None:
        """Draw the action :meth:`RandomActions.random_action` draws (the same draw from
        ``rng``) and resolve it: ``(action, events)``, the same state and events as
        :meth:`Ruleset.apply` of that action would give. None, the state untouched,
        when ``side`` has no legal action."""
        ...


@runtime_checkable
class Invariants(Protocol):
    """The ruleset can check its state's invariants (selfplay and fuzzing call it
    after every action)."""

    def check_invariants(self, state: Any) -> None:
        """Raise AssertionError when ``state`` breaks an invariant."""
        ...


@runtime_checkable
class PublicText(Protocol):
    """Some actions are partly private: the other seats read another notation."""

    def public_text(self, state: Any, side: int, action: Any) -> str:
        """The notation of ``side``'s ``action`` as the other seats may read it (a
        sealed order or a private choice hidden), asked before the action is applied."""
        ...


@runtime_checkable
class SummaryMessages(Protocol):
    """The summary can be given in a language-neutral form."""

    def summary_message(self, state: Any) -> tuple[str, dict[str, Any]]:
        """``(msgid, args)``: stored in the save beside the English summary and shown
        translated (the load list, the title screen). ``msgid`` is an English message ID
        marked with N_; ``args`` maps each {name} of it to a number, a text, a nested
        (msgid, args) pair, or a {language: text} mapping (a text given in several
        languages, English under "en", such as a map's title). No plural forms: write
        "squads: 4". Rendered by :func:`engine.record.render_message`."""
        ...


@runtime_checkable
class Rosters(Protocol):
    """The system has roster files (armies built before a game)."""

    def decode_roster(self, data: bytes) -> Any:
        """The roster part of a roster file (msgspec errors when it does not decode)."""
        ...

    def validate_roster(self, roster: Any) -> Sequence[Any]:
        """Every problem of ``roster`` (:class:`engine.rosterfile.Problem`, with its
        rule ID); empty when it may be fielded."""
        ...


@runtime_checkable
class Decisions(Protocol):
    """The rules sometimes stop to put a question to one seat (see
    :mod:`engine.decision`)."""

    def decision(self, state: Any, side: int) -> Any | None:
        """The :class:`engine.decision.Decision` waiting for ``side`` now, or None."""
        ...


@runtime_checkable
class Concessions(Protocol):
    """A player may concede (e.g. EVA-5.11)."""

    def concession(self, state: Any, side: int) -> Any:
        """The action by which ``side`` concedes (an ``out_of_turn`` action)."""
        ...


@runtime_checkable
class Checks(Protocol):
    """Legality can be asked without resolving anything."""

    def check(self, state: Any, side: int, action: Any) -> None:
        """Raise :class:`IllegalAction` when ``action`` of ``side`` is not allowed now;
        the state is never changed. The message tells only what ``side`` may know."""
        ...


@runtime_checkable
class Previews(Protocol):
    """What an action would do can be shown before it is made (a live price, the
    problems of a draft order)."""

    def preview(self, state: Any, side: int, action: Any) -> Any:
        """The ruleset's preview of ``action`` (its own shape, documented by the
        ruleset), telling only what ``side`` may know; the state is never changed."""
        ...


@runtime_checkable
class Handovers(Protocol):
    """The system says when a hot-seat hand-over needs a curtain. Without this
    capability every change of player is curtained."""

    def private_on_screen(self, state: Any, side: int) -> bool:
        """Whether ``side``'s screen now holds values the other seats may not know
        (its own hidden values, a sealed order being written). When it is False for
        both the seat leaving and the seat coming, the hand-over needs no curtain;
        a system's screen must then show that seat only public values."""
        ...


@runtime_checkable
class RulesData(Protocol):
    """The rules rest on data (catalogues, tables) that a later build may change; a
    save records its fingerprint, so that a game saved under other data is reported
    when it is loaded, before any replay."""

    def rules_fingerprint(self) -> str:
        """A fingerprint (hex) of every table the rules read: it changes whenever a
        cost, a stat or a table entry does (see :func:`data_fingerprint`)."""
        ...


def data_fingerprint(*tables: Any) -> str:
    """SHA-256 (hex) of ``tables`` (numbers, texts, lists, tuples, mappings, sets,
    msgspec structs, dataclasses), encoded as JSON with mappings and sets in sorted
    order, so the same data always gives the same fingerprint."""
    import hashlib

    return hashlib.sha256(msgspec.json.encode(tables, order="sorted")).hexdigest()


# ---------------------------------------------------------------------------
# Registry
# ---------------------------------------------------------------------------
_cache: dict[str, Ruleset] = {}


def available() -> list[str]:
    """Keys of the ruleset packages under ``engine/rulesets/``, sorted."""
    import engine.rulesets as pkg

    return sorted(
        m.name for m in pkgutil.iter_modules(pkg.__path__) if m.ispkg and not m.name.startswith("_")
    )


def get(key: str) -> Ruleset:
    """The ruleset of that key (imported on first use). Raises :class:`UnknownRuleset`."""
    rs = _cache.get(key)
    if rs is not None:
        return rs
    if key not in available():
        raise UnknownRuleset(key)
    module = importlib.import_module(f"engine.rulesets.{key}")
    rs = module.RULESET
    _cache[key] = rs
    return rs
