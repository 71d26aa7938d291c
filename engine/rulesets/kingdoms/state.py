"""The game state of the Three Kingdoms battle system (msgspec Structs).

Sides are seats 0 (the scenario's first side, which acts first in every turn,
TK-2.1) and 1. Phases are numbered across the battle, p = 1, 2, 3...; the first
side is active in odd phases (TK-2.1). Statuses are stored as the phases their
window covers (TK-2.7), so nothing needs to be "removed" at step 0: a status
holds exactly while the phase number is inside its window.

The scenario (map, forces, cards) is fixed for the whole battle and shared by
every copy of a state (:meth:`engine.rulesets.kingdoms.Kingdoms.copy_state`).
"""

from __future__ import annotations

from typing import Literal

import msgspec

from engine.rulesets.kingdoms.actions import Order
from engine.rulesets.kingdoms.catalog import ARCHERS, CAVALRY, INFANTRY
from engine.rulesets.kingdoms.scenario import Scenario

__all__ = [
    "Claim",
    "Fortress",
    "MoraleEvent",
    "Notes",
    "PendingDuel",
    "Pending",
    "Regiment",
    "Setup",
    "Stage",
    "State",
    "Tally",
]


class Setup(msgspec.Struct, frozen=True, kw_only=True):
    """A battle's set-up: the whole ``scenario`` (map, starting forces, cards), so a
    save needs nothing else to replay."""

    scenario: Scenario


class Regiment(msgspec.Struct, kw_only=True):
    """One regiment (TK-1.2).

    ``id``, ``side``, ``type`` (cavalry, archers, infantry), ``mounted`` (cavalry
    only), ``strength`` and ``initial`` (men, TK-1.3), ``morale`` (%, 0-200, TK-10),
    its commander's ``officer`` name and ``weapon`` (None: an unnamed commander,
    TK-1.4), ``base`` (its location), ``arrived_from`` (TK-3.8), ``on_map`` and
    ``gone`` (``"destroyed"`` or ``"merged"`` once it has left the map), the loss
    threshold flags ``half`` and ``three_quarters`` (TK-10.5), and the status
    windows (TK-2.7): retreating through phase ``retreat_until``; panicking in
    phases ``panic_from``..``panic_until``; duel immunity in
    ``immune_from``..``immune_until``; archers ``pursued_in`` phase q by
    ``pursuers`` (TK-9.4c); screening regiment ``screen`` in phase
    ``screen_phase`` (``screen_release``: the screen lets archers' attacks through,
    TK-8.5).
    """

    id: str
    side: int
    type: str
    initial: int
    strength: int
    morale: int = 100
    mounted: bool = False
    officer: str | None = None
    weapon: str | None = None
    base: str = ""
    arrived_from: str | None = None
    on_map: bool = True
    gone: str = ""
    half: bool = False
    three_quarters: bool = False
    retreat_until: int = 0
    panic_from: int = 0
    panic_until: int = 0
    immune_from: int = 0
    immune_until: int = 0
    pursued_in: int = 0
    pursuers: list[str] = msgspec.field(default_factory=list)
    screen: str | None = None
    screen_release: bool = False
    screen_phase: int = 0

    # -- derived facts -------------------------------------------------------------
    @property
    def cavalry(self) -> bool:
        """Cavalry, mounted or dismounted (TK-1.2)."""
        return self.type == CAVALRY

    @property
    def archers(self) -> bool:
        """Archers (TK-1.2)."""
        return self.type == ARCHERS

    @property
    def infantry(self) -> bool:
        """Infantry (TK-1.2)."""
        return self.type == INFANTRY

    @property
    def dismounted(self) -> bool:
        """Dismounted cavalry (TK-3.5)."""
        return self.type == CAVALRY and not self.mounted

    def panicking(self, phase: int) -> bool:
        """Panicking in ``phase`` (TK-16.1, TK-16.2, TK-16.5)."""
        return self.panic_from <= phase <= self.panic_until and self.panic_from > 0

    def retreating(self, phase: int) -> bool:
        """Retreating in ``phase`` (TK-9.3, TK-2.7)."""
        return phase <= self.retreat_until

    def immune(self, phase: int) -> bool:
        """Duel immunity in ``phase`` (TK-11.8)."""
        return self.immune_from <= phase <= self.immune_until and self.immune_from > 0

    def morale_now(self, phase: int) -> int:
        """Effective morale (TK-10.2): 0 while panicking, else the morale."""
        return 0 if self.panicking(phase) else self.morale


class Tally(msgspec.Struct, kw_only=True):
    """One regiment's records for the current phase (TK-2.4 step 0): ``counters``,
    the counter-attacks it has made (its k, TK-4.7); ``rolls``, its damage rolls
    and ``dealt``, whether one came above 0 (TK-16.1); ``melee``, archers that have
    made a counter-attack against a regiment that is not archers (TK-7.2.4);
    ``extra``, screened archers' extra counter-attack made (TK-8.3)."""

    counters: int = 0
    rolls: int = 0
    dealt: bool = False
    melee: bool = False
    extra: bool = False


class Claim(msgspec.Struct, kw_only=True):
    """A deferred counter-attack claim (TK-4.7): ``by`` counter-attacks ``against``
    with ``snapshot`` men; ``seq`` is the attack's place in attack order; ``cls`` the
    attacker's action class (TK-6.5); ``group``: the simultaneous group's number
    (0: none, TK-6.3); ``march``: the attacker is infantry that attacked after moving
    and was not pursuing (B1, TK-5.5); ``pursued``: the attack was a pursuit of ``by``
    (TK-9.4c); ``behalf``: the screened regiment whose attack the infantry took (TK-8.3);
    ``crew``: ``by`` was a tower crew when attacked, so it strikes back with at most
    300 men (TK-13.4)."""

    by: str
    against: str
    snapshot: int
    seq: int
    cls: int
    group: int = 0
    march: bool = False
    pursued: bool = False
    behalf: str | None = None
    crew: bool = False


class MoraleEvent(msgspec.Struct, kw_only=True):
    """A deferred morale event (TK-10.3): its ``code`` (M2-M15, with M8's parts as
    ``M8-`` loser, ``M8a-`` his allies, ``M8+`` winner, ``M8a+`` his allies) and
    the ``recipients`` fixed when it was recorded, in rolling order (TK-10.6)."""

    code: str
    recipients: list[str]


class Fortress(msgspec.Struct, kw_only=True):
    """A fortress base's siege state (TK-14): ``gates`` hit points; ``ballistas``
    still standing (names, in firing order); ``ram``: the besiegers' ram's hit points
    (0: none); ``ram_ready``; ``ram_by``: the regiment building it this phase;
    ``crew``: the wall tower's crew (TK-14.8)."""

    base: str
    gates: int
    ballistas: list[str]
    wall_tower: bool = False
    ram: int = 0
    ram_ready: bool = False
    ram_by: str | None = None
    crew: str | None = None

    @property
    def standing(self) -> bool:
        """The gates stand (TK-14.3)."""
        return self.gates > 0


class PendingDuel(msgspec.Struct, kw_only=True):
    """A tied duel waiting for the next phase (TK-11.6): the ``challenger``'s and
    ``target``'s regiments (the challenger rolls first), on ``base``."""

    challenger: str
    target: str
    base: str


class Notes(msgspec.Struct, kw_only=True):
    """The current phase's notes and records (TK-2.4 step 0).

    ``occupied``: for each base, the sides with a regiment on it at the start (bit
    0 first side, bit 1 second side, TK-18.1); ``sieges``: fortresses under siege at
    the start and ``besiegers`` their besieging regiments (TK-14.9); ``stopped``:
    bases where combat stopped for this phase (TK-11.7); ``used``: regiments whose
    action is used up by a duel; ``first_attacked``: regiments in the order each was
    first attacked (TK-4.7); ``named``: declared targets so far (TK-4.3);
    ``claims``; ``deferred``: morale events recorded (TK-10.3); ``repelled``:
    garrisons where a close attack was resolved (M4); ``towers``: towers fired from;
    ``left``: regiments that moved under their own MOVE or ATTACK order, with the
    base they started from (TK-14.9); ``melee``: archers judged in melee (TK-7.2.2);
    ``fallbacks``: regiments whose fallback order took effect (TK-11.3);
    ``queue``: the duels continuing at step 1 (TK-11.6); ``seq``: attacks so far; ``groups``: simultaneous groups so far.
    """

    occupied: dict[str, int] = msgspec.field(default_factory=dict)
    sieges: list[str] = msgspec.field(default_factory=list)
    besiegers: dict[str, list[str]] = msgspec.field(default_factory=dict)
    stopped: list[str] = msgspec.field(default_factory=list)
    used: list[str] = msgspec.field(default_factory=list)
    first_attacked: list[str] = msgspec.field(default_factory=list)
    named: list[str] = msgspec.field(default_factory=list)
    claims: list[Claim] = msgspec.field(default_factory=list)
    deferred: list[MoraleEvent] = msgspec.field(default_factory=list)
    repelled: list[str] = msgspec.field(default_factory=list)
    towers: list[str] = msgspec.field(default_factory=list)
    left: dict[str, str] = msgspec.field(default_factory=dict)
    melee: list[str] = msgspec.field(default_factory=list)
    fallbacks: dict[str, Order] = msgspec.field(default_factory=dict)
    queue: list[PendingDuel] = msgspec.field(default_factory=list)
    seq: int = 0
    groups: int = 0


#: Where the battle stands: the active side writing its orders (TK-2.4 step 2), a
#: decision put to one seat (TK-2.6), or over.
Stage = Literal["orders", "decide", "over"]


class Pending(msgspec.Struct, kw_only=True):
    """A decision waiting for ``seat`` (TK-2.6): ``kind`` is ``"accept"`` (the
    challenged officer's side accepts or refuses, TK-11.3), ``"retreat"`` (where a
    duel's loser retreats, TK-11.5), ``"defender"`` (who defends the wall,
    TK-14.7) or ``"keep"`` (who keeps command in a merge of equal morale, TK-15.3);
    ``regiment`` and ``other`` name the regiments concerned (the challenged and
    the challenger; the retreating regiment and the winner; the climber; the two
    merging); ``choices``: the legal answers (bases or regiments), the default
    first (TK-2.6)."""

    kind: str
    seat: int
    regiment: str
    other: str = ""
    choices: list[str] = msgspec.field(default_factory=list)


class State(msgspec.Struct, kw_only=True):
    """The whole battle.

    ``scenario`` (shared by copies) and ``key``, its content's digest (the map's
    precomputed tables are found by it); ``phase`` (p, 1-based); ``stage``; ``step``
    and ``index``: where the phase procedure stands (TK-2.4: ``"duels"``,
    ``"orders"``, ``"merge"``, ``"stratagem"``, ``"challenge"``, ``"climb"``) and
    the item reached in that step; ``regiments`` in roster order (TK-1.8), those
    gone kept with ``on_map`` false; ``control``: each base's controller (None:
    neutral, TK-1.7); ``fortresses``; ``crews``: each watchtower's crew (TK-13.1);
    ``duelled`` and ``barred``: officer pairs, sorted (TK-11.8, TK-12.4);
    ``duels``: pending duels in the order they began (TK-11.6); ``uses``: uses left
    of each stratagem card (TK-17.1); ``orders``: the active side's orders, in the
    order it listed them (private to it until each resolves); ``revealed``: the
    regiments whose orders have resolved (or were put to the other side) this
    phase; ``pending``: the decision waiting; ``notes``: the phase's notes and
    records; ``tally``: each regiment's records for the phase; ``winner`` and
    ``ending`` once over (``ending``: ``"hq"``, ``"wiped"``, ``"limit"``).
    """

    scenario: Scenario
    key: str = ""
    phase: int = 1
    stage: Stage = "orders"
    step: str = "start"
    index: int = 0
    regiments: list[Regiment] = msgspec.field(default_factory=list)
    control: dict[str, int | None] = msgspec.field(default_factory=dict)
    fortresses: dict[str, Fortress] = msgspec.field(default_factory=dict)
    crews: dict[str, str] = msgspec.field(default_factory=dict)
    duelled: list[tuple[str, str]] = msgspec.field(default_factory=list)
    barred: list[tuple[str, str]] = msgspec.field(default_factory=list)
    duels: list[PendingDuel] = msgspec.field(default_factory=list)
    uses: dict[str, int] = msgspec.field(default_factory=dict)
    orders: list[Order] = msgspec.field(default_factory=list)
    revealed: list[str] = msgspec.field(default_factory=list)
    pending: Pending | None = None
    notes: Notes = msgspec.field(default_factory=Notes)
    tally: dict[str, Tally] = msgspec.field(default_factory=dict)
    winner: int | None = None
    ending: str = ""

    # -- derived facts ---------------------------------------------------------------
    @property
    def active(self) -> int:
        """The active side of the current phase (TK-2.1, TK-2.2)."""
        return 0 if self.phase % 2 == 1 else 1

    @property
    def turn(self) -> int:
        """The current turn (TK-2.1): phases 2t-1 and 2t."""
        return (self.phase + 1) // 2

    def regiment(self, rid: str) -> Regiment | None:
        """The regiment of that id (on the map or gone), or None."""
        for r in self.regiments:
            if r.id == rid:
                return r
        return None

    def on(self, base: str) -> list[Regiment]:
        """Regiments on ``base``, in roster order."""
        return [r for r in self.regiments if r.on_map and r.base == base]

    def count(self, base: str, side: int) -> int:
        """How many of ``side``'s regiments stand on ``base``."""
        n = 0
        for r in self.regiments:
            if r.on_map and r.base == base and r.side == side:
                n += 1
        return n

    def enemy_on(self, base: str, side: int) -> bool:
        """Whether a regiment of the other side than ``side`` stands on ``base`` (a plain
        loop: the rules ask this thousands of times a battle)."""
        for r in self.regiments:  # noqa: SIM110
            if r.base == base and r.side != side and r.on_map:
                return True
        return False

    def tally_of(self, rid: str) -> Tally:
        """The regiment's records for this phase (made on first use)."""
        t = self.tally.get(rid)
        if t is None:
            t = self.tally[rid] = Tally()
        return t
