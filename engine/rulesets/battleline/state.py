"""The state of a Battleline battle (msgspec Structs), BL-20.

Seats are 0..N-1 (the rules' seats 1..N). The set-up (:class:`Setup`: the line, the
mechs as built, the start cells, the turn limit) never changes and is shared by
every copy of a state. Per mech (:class:`MechState`): its cell, whether it is still
in the battle, the current structure of each part (a part is destroyed at 0,
BL-3.2), and per item (:class:`ItemState`, in mount order) whether it still works,
its recoil stack, its laser charge and a shield's structure. The turn's orders are
sealed in a :class:`engine.sealed.Sealed` (BL-4.1). Volleys in flight, the notices
for this turn and the history of resolved turns complete it (BL-20.4 to BL-20.6).
"""

from __future__ import annotations

from typing import Literal

import msgspec

from engine.geometry.line import Line, line
from engine.rulesets.battleline.actions import Action
from engine.rulesets.battleline.facts import MechFacts, mech_facts
from engine.rulesets.battleline.roster import Mech
from engine.sealed import Sealed

__all__ = [
    "ItemState",
    "MechState",
    "Notice",
    "Setup",
    "State",
    "TurnRecord",
    "Volley",
    "facts_of",
    "line_of",
]


class Setup(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Battle settings (BL-20.1), fixed before turn 1.

    ``mechs``: one build per seat, seat order (BL-2.1); ``length``: L, cells (BL-1.1);
    ``cover``: the cover cells as runs ``(first, last)`` (BL-1.4); ``starts``: each
    seat's start cell, distinct (BL-1.5); ``turn_limit``: T_max, 0 for none (BL-2.7);
    ``map``: the preset it came from (``"open"``, ``"ruins"``, ``"line"`` for the
    default layout of BL-1.6, or ``"custom"``), for titles only. Make one with
    :mod:`engine.rulesets.battleline.scenario`.
    """

    mechs: tuple[Mech, ...]
    length: int = 30
    cover: tuple[tuple[int, int], ...] = ()
    starts: tuple[int, ...] = ()
    turn_limit: int = 0
    map: str = "custom"


class ItemState(msgspec.Struct, array_like=True):
    """One item's changing state: ``ok`` (it still works, BL-3.6, BL-18.1),
    ``stack`` (a cannon's or MG's recoil stack k, BL-11.2), ``charged`` (a laser,
    BL-15.2), ``hp`` (a shield's structure, BL-17.5)."""

    ok: bool = True
    stack: int = 0
    charged: bool = False
    hp: int = 0


class MechState(msgspec.Struct):
    """One mech in the battle (BL-20.3).

    ``position``: its cell at the start of the turn (BL-1.8); ``structure``: current
    structure per part, in :data:`catalog.PARTS` order (0: destroyed, BL-3.2);
    ``items``: per item in mount order; ``in_battle``: it has not lost (BL-2.8);
    ``lost``: why it lost (``"head"``, ``"centre torso"``, ``"legs"``,
    ``"conceded"``), empty while it fights; ``lost_turn``: the turn it lost in.
    """

    position: int
    structure: list[int]
    items: list[ItemState]
    in_battle: bool = True
    lost: tuple[str, ...] = ()
    lost_turn: int = 0


class Volley(msgspec.Struct, frozen=True, array_like=True):
    """Missiles in flight (BL-20.4): the launching ``seat``, its launcher ``item``, the
    launch ``turn``, the marked ``cells`` as (cell, missiles), and the seats it can
    ever harm (BL-14.4)."""

    seat: int
    item: int
    turn: int
    cells: tuple[tuple[int, int], ...]
    harms: tuple[int, ...]


class Notice(msgspec.Struct, frozen=True, array_like=True):
    """A notice published at the start of a turn (BL-19.5): ``seat`` launched missiles
    (``kind`` ``"missiles"``) or charged energy weapons (``"charge"``) in ``turn``."""

    seat: int
    kind: Literal["missiles", "charge"]
    turn: int


class TurnRecord(msgspec.Struct, frozen=True):
    """A resolved turn (BL-20.6): each seat's ``orders`` (None for a mech no longer in
    the battle), the same in notation (``texts``, "" for none), and the faces of the
    ``dice`` rolled, in order."""

    turn: int
    orders: tuple[Action | None, ...]
    texts: tuple[str, ...]
    dice: tuple[int, ...]


class State(msgspec.Struct, kw_only=True):
    """The whole battle (BL-20).

    ``setup``; ``turn`` (BL-20.2); ``mechs`` by seat; ``orders``: this turn's sealed
    orders (BL-4.1); ``volleys`` in flight; ``notices`` for this turn; ``history`` of
    resolved turns; ``over`` once the battle has ended, with ``winner`` (a seat) or
    ``draw`` (the seats sharing it), the ``reason`` (an untranslated message ID)
    and the ``rule`` that ended it.
    """

    setup: Setup
    mechs: list[MechState]
    orders: Sealed[Action]
    turn: int = 1
    volleys: list[Volley] = msgspec.field(default_factory=list)
    notices: list[Notice] = msgspec.field(default_factory=list)
    history: list[TurnRecord] = msgspec.field(default_factory=list)
    over: bool = False
    winner: int | None = None
    draw: tuple[int, ...] = ()
    reason: str = ""
    rule: str = ""


def facts_of(state: State, seat: int) -> MechFacts:
    """The fixed facts of ``seat``'s mech (cached by the build's content)."""
    return mech_facts(state.setup.mechs[seat])


def line_of(setup: Setup) -> Line:
    """The battle line of ``setup`` (one shared object per content)."""
    return line(setup.length, setup.cover)
