"""The events of the Three Kingdoms battle system, for the log (a msgspec tagged union).

Every die appears in the event that used it, with its purpose (TK-1.9, TK-19.2):
a :class:`Damage` carries every factor of the losses formula (TK-5.1), a
:class:`MoraleRoll` each morale die, :class:`DuelRound` the officers' rolls and
scores. ``to`` is None (both sides see the event) except while the active side
writes its orders: those events are its own (``to = (side,)``), since the other
side learns an order only when it resolves (TK-2.4).
"""

from __future__ import annotations

from engine.rulesets.kingdoms.events.base import (
    BattleBegan,
    ControlChanged,
    GameOver,
    OrderFailed,
    OrderNoted,
    OrderRevealed,
    OrdersGiven,
    PhaseBegan,
    Step,
    TKEvent,
    officer_label,
)
from engine.rulesets.kingdoms.events.command import (
    CardPlayed,
    ChallengeAnswered,
    ChallengeIssued,
    CombatStopped,
    CrewSet,
    DuelRound,
    Lapsed,
    Merged,
    Provocation,
    SiegeEvent,
)
from engine.rulesets.kingdoms.events.fight import (
    Damage,
    Destroyed,
    MoraleApplied,
    MoraleRecorded,
    MoraleRoll,
    Mounted,
    Moved,
    Panic,
    Redirected,
    TargetSwitched,
    Threshold,
)

__all__ = [
    "BattleBegan",
    "CardPlayed",
    "ChallengeAnswered",
    "ChallengeIssued",
    "CombatStopped",
    "ControlChanged",
    "CrewSet",
    "Damage",
    "Destroyed",
    "DuelRound",
    "EVENT_TYPES",
    "GameOver",
    "Lapsed",
    "Merged",
    "MoraleApplied",
    "MoraleRecorded",
    "MoraleRoll",
    "Mounted",
    "Moved",
    "OrderFailed",
    "OrderNoted",
    "OrderRevealed",
    "OrdersGiven",
    "Panic",
    "PhaseBegan",
    "Provocation",
    "Redirected",
    "SiegeEvent",
    "Step",
    "TKEvent",
    "TargetSwitched",
    "Threshold",
    "officer_label",
]

EVENT_TYPES = (
    BattleBegan
    | PhaseBegan
    | Step
    | OrderNoted
    | OrdersGiven
    | OrderRevealed
    | OrderFailed
    | TargetSwitched
    | Redirected
    | Moved
    | Mounted
    | Damage
    | Destroyed
    | Threshold
    | MoraleRecorded
    | MoraleRoll
    | MoraleApplied
    | Panic
    | Merged
    | CardPlayed
    | ChallengeIssued
    | ChallengeAnswered
    | Provocation
    | Lapsed
    | DuelRound
    | CombatStopped
    | CrewSet
    | SiegeEvent
    | ControlChanged
    | GameOver
)
