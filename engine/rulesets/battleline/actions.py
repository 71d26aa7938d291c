"""Battleline's actions: a turn's hidden order, and a concession (frozen msgspec structs).

An :class:`Order` holds every field of BL-4.2. Weapons are named by their index in
the mech's mount order (BL-3.7), opponents by seat (0-based; the notation counts
from 1), parts by code (``"H"`` ... ``"RL"``, BL-3.1), cells by number (BL-10.2).
The text notation is in :mod:`engine.rulesets.battleline.notation`.
"""

from __future__ import annotations

from typing import ClassVar, Literal

import msgspec

__all__ = ["Action", "Concede", "Fire", "LaserAct", "LaserOrder", "Melee", "Order"]

#: What a laser is ordered to do (BL-15.3); a charged laser given nothing holds.
LaserAct = Literal["charge", "hold", "fire", "vent"]


class Melee(msgspec.Struct, frozen=True, array_like=True):
    """A melee attack (BL-9.1): the melee weapon ``item``, the ``target`` seat and the
    target ``part`` code."""

    item: int
    target: int
    part: str


class Fire(msgspec.Struct, frozen=True, array_like=True):
    """A cannon attack, an MG attack or a missile launch (BL-12 to BL-14): weapon
    ``item`` and its marked ``cells`` as ``(cell, count)`` pairs, count being the
    salvos (MG) or missiles (launcher) on that cell; 1 for a cannon's cells."""

    item: int
    cells: tuple[tuple[int, int], ...]


class LaserOrder(msgspec.Struct, frozen=True, array_like=True):
    """One laser's action this turn (BL-15.3): ``act`` and, to fire, the ``target`` seat
    (else -1)."""

    item: int
    act: LaserAct
    target: int = -1


class Order(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True, tag="order"):
    """A mech's hidden order for one turn (BL-4.2).

    ``speed``: cells to move (BL-5); ``heading``: the opponent's seat to move toward,
    with two or more opponents and speed > 0 (BL-6.1), else None; ``direction``: +1
    or -1 when the mover starts on its heading's cell (BL-5.2), else 0; ``cover``:
    take cover (BL-7); ``defence``: "", ``"LA"``, ``"RA"``, ``"LT"``, ``"RT"``, or a
    shield named by its arm, ``"SH@LA"`` (BL-8); ``melee``: at most one melee attack
    (BL-9); ``fire``: cannon, MG and launcher attacks (BL-12 to BL-14);
    ``lasers``: laser actions (BL-15). Anything left out is empty.
    """

    speed: int = 0
    heading: int | None = None
    direction: int = 0
    cover: bool = False
    defence: str = ""
    melee: Melee | None = None
    fire: tuple[Fire, ...] = ()
    lasers: tuple[LaserOrder, ...] = ()


class Concede(msgspec.Struct, frozen=True, tag="concede"):
    """Concede instead of ordering (BL-2.6). It may be sealed at any time in the turn,
    even after an order (which it replaces); it takes effect when the turn's orders
    are opened."""

    out_of_turn: ClassVar[bool] = True


#: Every action, as a msgspec tagged union (decode with ``type=Action``).
Action = Order | Concede
