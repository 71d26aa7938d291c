"""The ruleset protocol, the errors every ruleset raises, and the registry.

A ruleset is one battle system. It is a package ``engine/rulesets/<key>/`` whose
``__init__`` exposes ``RULESET``, an object following :class:`Ruleset`. The core
never names a ruleset: :func:`available` lists the packages that are there and
:func:`get` imports one on demand, so adding a system means adding one folder.

Sides are numbered 0 (Player 1) and 1 (Player 2).

Turn shapes the protocol covers (see the design guide): one side acting; the
side that is *not* active deciding mid-action (a pending decision that the
ruleset reports through :meth:`Ruleset.to_act`); both sides at once (sealed,
simultaneous orders: ``to_act`` returns both sides). An action whose class has
a true ``out_of_turn`` attribute (a concession) may be submitted by either side
at any time.
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
    "Event",
    "IllegalAction",
    "NotationError",
    "Result",
    "Ruleset",
    "UnknownRuleset",
    "available",
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

    ``to``: None when both sides may see the event, else the only side that may.
    Subclasses are msgspec structs (a tagged union per ruleset) and implement
    :meth:`text`, which renders through the translation function.
    """

    to: int | None = None

    def visible_to(self, side: int | None) -> bool:
        """May ``side`` see this event? ``None`` means an omniscient observer (replay)."""
        return self.to is None or side is None or self.to == side

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

    ``winner``: the winning side, or None for a draw. ``reason``: a message ID
    (untranslated) naming the end condition; ``rule``: the rule ID that applied.
    ``scores``: per-side scores where the system has them (e.g. victory points).
    """

    winner: int | None
    reason: str
    rule: str = ""
    scores: tuple[int, ...] = ()


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

    def new_state(self, setup: Any, dice: Dice) -> tuple[Any, list[Event]]:
        """The state at the start of the game, and any opening events (may roll dice)."""
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

    # Optional methods (looked up with getattr):
    #   summary_message(state) -> (msgid, args)   the summary in a language-neutral form,
    #       stored in the save beside the English summary and shown translated (the load
    #       list, the title screen): msgid is an English message ID marked with N_;
    #       args maps each {name} of it to a number, a text, a nested (msgid, args) pair,
    #       or a {language: text} mapping (a text given in several languages, English
    #       under "en", such as a map's title). No plural forms: write "squads: 4".
    #       Rendered by engine.record.render_message.
    #   public_text(state, side, action) -> str   the notation as the other side may
    #       read it (a sealed order or a private choice hidden), before apply
    #   random_action(state, side, rng) -> action | None   a uniform random legal action
    #   check_invariants(state)                    raise AssertionError on a broken invariant
    #   decode_roster(bytes) / validate_roster(roster)     roster files


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
