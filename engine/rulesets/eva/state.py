"""The state of an Eva game (msgspec structs; mutable, owned by the game).

Squares are flat indices ``(y - 1) * 20 + (x - 1)`` (see
:mod:`engine.geometry.square`); -1 means "not on the board". Units are
numbered in roster order, Player 1's first.
"""

from __future__ import annotations

import msgspec

from engine.rulesets.eva.roster import Roster
from engine.rulesets.eva.scenario import EvaMap

__all__ = [
    "Activation",
    "copy_state",
    "EvaSetup",
    "EvaState",
    "Item",
    "Pending",
    "Trauma",
    "Unit",
]

# phases of the game
LANCE_ROLLOFF = "lance"
ZONE = "zone"
DEPLOY = "deploy"
BATTLE = "battle"
OVER = "over"

# action classes for the phase-switch limit (EVA-6.3)
NONE, MOVEMENT, SHOOTING = 0, 1, 2

ZONES = ("arms", "legs", "body", "wings")


class EvaSetup(msgspec.Struct):
    """Everything fixed before deployment: the map, both rosters (Player 1's
    first) and the optional round limit (EVA-5.10; None = no limit)."""

    map: EvaMap
    rosters: list[Roster]
    round_limit: int | None = None


class Item(msgspec.Struct, frozen=True, gc=False, cache_hash=True):
    """A carried weapon or the Shield (EVA-9.2); a frozen value, replaced when it changes
    (so that copies of a state share their items).

    ``code``: catalogue code (``"shield"`` for the Shield); ``label``: its name in
    notation (the code, with ``#2`` etc. for a second one); ``auto``: bought with
    automatic fire; ``gone``: thrown, discarded or destroyed (EVA-9.5).
    """

    code: str
    label: str
    auto: bool = False
    gone: bool = False


class Trauma(msgspec.Struct, frozen=True, gc=False, cache_hash=True):
    """An active trauma (a frozen value, replaced when it changes): ``zone`` (arms/legs/body/wings) and, with an S2 Engine,
    the number of the Eva's activation at whose end it expires (EVA-11.7);
    None = until the end of the game."""

    zone: str
    expires: int | None = None


class Unit(msgspec.Struct):
    """One Eva in the game (EVA-1.6). Armour in points; energy in energy."""

    side: int
    name: str
    cost: int
    items: list[Item]
    equipment: list[str]
    at: int
    max_armour: int
    armour: int
    square: int = -1
    airborne: bool = False
    kneeling: bool = False
    energy: int = 0
    hands: list[int] = []
    shield_points: int = 0
    traumas: list[Trauma] = []
    berserk: bool = False
    pinned: bool = False
    accel_used: bool = False
    positron_round: int = -10
    replica_hits: int = 0
    lance_hits: int = 0
    activated: bool = False
    activations: int = 0
    destroyed: bool = False
    deployed: bool = False
    revealed: list[str] = []

    def has(self, code: str) -> bool:
        """Does the Eva have this equipment?"""
        return code in self.equipment

    def trauma(self, zone: str) -> bool:
        """Has the Eva an active trauma of this zone?"""
        return any(t.zone == zone for t in self.traumas)

    @property
    def on_board(self) -> bool:
        """Deployed and not destroyed."""
        return self.deployed and not self.destroyed


class Activation(msgspec.Struct):
    """The activation in progress (EVA-6): which unit, what it has done."""

    unit: int
    last_class: int = NONE
    switches: int = 0
    hands_at_start: list[int] = []
    fired: list[int] = []
    melee_done: bool = False
    obligation: bool = False
    neutralised: list[int] = []
    neutralise_tried: list[int] = []
    disengage_tried: bool = False
    disengaged: bool = False
    no_steps: bool = False
    accel: bool = False
    stepped: bool = False


class Pending(msgspec.Struct):
    """A decision the rules wait for in the middle of an action.

    ``kind``: ``"zone"`` (the winner of a critical melee exchange names a trauma
    zone, EVA-11.9) or ``"stow"`` (an Eva with a new arms trauma keeps one of two
    one-handed weapons, EVA-9.7). ``side`` decides; ``unit`` is the Eva the
    choice is about; ``choices`` lists the legal answers; ``default`` is the
    answer the rules give when none is made. ``melee`` carries the exchange
    that continues after a zone is named.
    """

    kind: str
    side: int
    unit: int
    choices: list[str]
    default: str
    melee: MeleeContinuation | None = None


class MeleeContinuation(msgspec.Struct):
    """A critical melee exchange waiting for its trauma zone (EVA-12.7)."""

    attacker: int
    defender: int
    winner: int
    loser: int
    a_weapon: str
    d_weapon: str


class EvaState(msgspec.Struct, dict=True):
    """The whole game state.

    Besides its fields, a state may keep fixed facts of its game worked out from them
    once (the names both sides have: :func:`engine.rulesets.eva.marks.shared_names`) as
    attributes that are neither encoded nor compared; :func:`copy_state` hands them to
    the copy, as it shares the map."""

    map: EvaMap
    map_id: str
    units: list[Unit]
    phase: str = ZONE
    round: int = 0
    round_limit: int | None = None
    first: int = 0
    turn: int = 0
    chooser: int = 0
    zones: list[int] = msgspec.field(default_factory=lambda: [0, 0])
    placer: int = 0
    activation: Activation | None = None
    pending: Pending | None = None
    scores: list[int] = msgspec.field(default_factory=lambda: [0, 0])
    winner: int | None = None
    over: bool = False
    reason: str = ""
    rule: str = ""


def copy_state(state: EvaState) -> EvaState:
    """An independent copy of ``state`` that plays exactly as the original (a bot searches
    on copies): the structs and lists the rules change are copied (the state, each Eva,
    the activation, their lists); the frozen values (items, traumas, a pending decision,
    which is replaced whole, never changed) and the map are shared."""
    copy = state.__copy__()
    units = []
    for u in state.units:
        c = u.__copy__()
        c.items = u.items.copy()
        c.hands = u.hands.copy()
        c.traumas = u.traumas.copy()
        c.revealed = u.revealed.copy()
        c.equipment = u.equipment.copy()
        units.append(c)
    copy.units = units
    act = state.activation
    if act is not None:
        a = copy.activation = act.__copy__()
        a.hands_at_start = act.hands_at_start.copy()
        a.fired = act.fired.copy()
        a.neutralised = act.neutralised.copy()
        a.neutralise_tried = act.neutralise_tried.copy()
    copy.zones = state.zones.copy()
    copy.scores = state.scores.copy()
    copy.__dict__.update(state.__dict__)  # the game's fixed facts, shared
    return copy
