"""Sealed simultaneous orders: one slot per seat, revealed together.

Where every seat decides at the same time without seeing the others (the Six
Chances starting squads, SC-2.5; a Battleline turn's orders, BL-4), each seat
writes its order into its own slot of a :class:`Sealed` kept in the game state.
A sealed slot is *ready*; while any seat that must order is not ready, the others
learn only that an order exists (:meth:`Sealed.public`), never what it is. When
every seat is ready, the ruleset takes the orders in seat order
(:meth:`Sealed.take`) and resolves them in one step, so the order in which the
seats sealed never matters.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Generic, TypeVar

import msgspec

__all__ = ["Sealed", "SealedView"]

T = TypeVar("T")


class SealedView(msgspec.Struct, Generic[T], frozen=True, kw_only=True):
    """What one seat may know of the sealed orders: ``own`` (its own order, or None
    when it has not sealed one) and ``ready`` (for every seat, whether it has sealed,
    which is public)."""

    own: T | None
    ready: tuple[bool, ...]


class Sealed(msgspec.Struct, Generic[T], kw_only=True):
    """The sealed orders of one round of simultaneous decisions.

    ``slots``: one entry per seat, the sealed order or None. Make one with
    :meth:`empty`. Part of a ruleset's state, so it is saved and copied with it.
    """

    slots: list[T | None]

    @classmethod
    def empty(cls, seats: int) -> Sealed[T]:
        """No order sealed yet, for ``seats`` seats."""
        return cls(slots=[None] * seats)

    def seal(self, seat: int, order: T) -> None:
        """Seal ``order`` for ``seat`` (its slot must be empty: a ruleset that lets a
        seat change its mind calls :meth:`withdraw` first). Raises ValueError."""
        if self.slots[seat] is not None:
            raise ValueError(f"seat {seat} has already sealed an order")
        self.slots[seat] = order

    def withdraw(self, seat: int) -> None:
        """Empty ``seat``'s slot (before the orders are taken)."""
        self.slots[seat] = None

    def is_ready(self, seat: int) -> bool:
        """Whether ``seat`` has sealed an order."""
        return self.slots[seat] is not None

    def waiting(self, seats: Iterable[int] | None = None) -> frozenset[int]:
        """The seats (of ``seats``, default all) that have not sealed yet."""
        pool = range(len(self.slots)) if seats is None else seats
        return frozenset(s for s in pool if self.slots[s] is None)

    def all_ready(self, seats: Iterable[int] | None = None) -> bool:
        """Whether every seat of ``seats`` (default all) has sealed."""
        return not self.waiting(seats)

    def order(self, seat: int) -> T | None:
        """``seat``'s sealed order (the rules' own reading; never hand it to another seat)."""
        return self.slots[seat]

    def public(self, viewer: int | None) -> SealedView[T]:
        """What ``viewer`` may know now (None: an observer who sees no order)."""
        own = self.slots[viewer] if viewer is not None else None
        return SealedView(own=own, ready=tuple(s is not None for s in self.slots))

    def take(self, seats: Iterable[int] | None = None) -> list[T]:
        """The orders of ``seats`` (default all; e.g. only the mechs still in the
        battle), in seat order, and empty every slot. Raises ValueError when one of
        those seats has not sealed."""
        pool = sorted(range(len(self.slots)) if seats is None else set(seats))
        waiting = self.waiting(pool)
        if waiting:
            raise ValueError(f"seats {sorted(waiting)} have not sealed")
        orders = [self.slots[s] for s in pool]
        self.slots = [None] * len(self.slots)
        return orders  # type: ignore[return-value]
