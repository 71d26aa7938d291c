"""What a side may do now, in a form a UI can offer and a bot can enumerate.

Everything here comes from the rules module (reachable squares with their
energy cost, legal targets with range band, cover and the exact hit chance with
each modifier itemised), so neither a UI nor a bot computes a rule.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import msgspec

from engine.i18n import N_, _
from engine.ruleset import IllegalAction
from engine.rulesets.eva.actions import (
    Accelerate,
    Deploy,
    Detonate,
    Discard,
    Disengage,
    End,
    Fire,
    Jump,
    Kneel,
    Land,
    Melee,
    Neutralise,
    Stand,
    Swap,
    TakeOff,
)

# -- imports --
from engine.rulesets.eva.board import d2
from engine.rulesets.eva.catalog import WEAPONS
from engine.rulesets.eva.fire import BURST_SHOTS, hit_odds
from engine.rulesets.eva.flow import berserk_eligible, to_act
from engine.rulesets.eva.hands import default_hands, hand_configs
from engine.rulesets.eva.legality import check, legal
from engine.rulesets.eva.melee import auto_loss, melee_bonus
from engine.rulesets.eva.movement import jump_targets, move_options
from engine.rulesets.eva.sampler import legal_actions, random_action
from engine.rulesets.eva.state import BATTLE, DEPLOY, ZONE, EvaState

__all__ = [
    "EvaOptions",
    "MeleeOption",
    "MoveOption",
    "NeutraliseOption",
    "ShotOption",
    "default_hands",
    "fire_refusal",
    "legal_actions",
    "options",
    "random_action",
]


class MoveOption(msgspec.Struct, frozen=True):
    """A square the active Eva can move to: ``square`` (flat index), ``cost``
    (energy) and a cheapest ``path`` (flat indices, from its square)."""

    square: int
    cost: int
    path: list[int]


class ShotOption(msgspec.Struct, frozen=True):
    """A legal ranged attack with its odds.

    ``item``: the weapon's item index; ``target`` unit index and ``square``;
    ``band`` 0 close / 1 medium / 2 long; ``seen``, ``cover``; ``tn`` and
    ``modifiers`` (message ID, TN change) itemised; ``p_hit`` and ``p_crit``:
    exact chances (0-1) of a hit and of a confirmed critical per shot;
    ``damage``: raw damage per hit; ``energy`` of a single attack, ``burst_energy``
    (0 if no burst) and ``aimed_energy``; ``burst_tn``/``burst_p_hit`` for a burst.
    """

    item: int
    label: str
    weapon: str
    target: int
    square: int
    band: int
    seen: bool
    cover: bool
    tn: int
    modifiers: list[tuple[str, int]]
    p_hit: float
    p_crit: float
    damage: int
    energy: int
    aimed_energy: int
    burst_energy: int = 0
    burst_tn: int = 0
    burst_p_hit: float = 0.0
    no_roll: bool = False
    p_hit_exact: str = ""
    #: what changes the dice besides the TN: (message ID, rule ID) pairs, e.g. the
    #: Targeting System's re-roll (EVA-16.4)
    roll_notes: list[tuple[str, str]] = []
    #: shots of a burst (0 when the weapon cannot fire one)
    burst_shots: int = 0


class MeleeOption(msgspec.Struct, frozen=True):
    """A legal melee attack: ``target``, ``square``, ``dist2`` (squares²),
    ``auto_loss`` (Extended Arms beyond distance 1: the defender loses), and the
    attacker's own melee ``bonus``. The defender's bonus is not shown: it may
    depend on equipment the attacker's side does not know (EVA-18)."""

    target: int
    square: int
    dist2: int
    auto_loss: bool
    bonus: int
    energy: int = 3


class NeutraliseOption(msgspec.Struct, frozen=True):
    """A legal AT-neutralisation attempt: ``automatic`` when engaged with the target,
    else the attack roll's ``tn`` and exact ``p_hit`` (EVA-14.2); ``energy`` it costs,
    spent whatever the outcome (EVA-14.1, EVA-14.5)."""

    target: int
    square: int
    automatic: bool
    tn: int = 0
    p_hit: float = 1.0
    energy: int = 1


class EvaOptions(msgspec.Struct):
    """The choices of one side now. ``kind`` says which part applies:
    ``"wait"`` (nothing to decide), ``"zone"`` (choose south/north), ``"deploy"``
    (``deploy_units``, ``deploy_squares``, each Eva's ``hand_configs`` and
    ``default_hands``), ``"activate"`` (``activatable`` with ``berserk_roll``),
    ``"act"`` (the active ``unit``'s options below; with no ranged attack,
    ``fire_refusal`` says why), ``"decide"`` (a pending ``decision`` with its
    ``choices`` and ``default``), ``"over"``."""

    kind: str
    side: int
    zones: list[str] = []
    deploy_units: list[int] = []
    deploy_squares: list[int] = []
    hand_configs: dict[int, list[list[int]]] = {}
    #: what each Eva to deploy holds without a choice (:func:`default_hands`, EVA-9.1)
    default_hands: dict[int, list[int]] = {}
    activatable: list[int] = []
    berserk_roll: list[int] = []
    unit: int = -1
    energy: int = 0
    obligation: bool = False
    moves: list[MoveOption] = []
    kneel: bool = False
    stand: bool = False
    swaps: list[tuple[list[int], int]] = []
    discard: bool = False
    shots: list[ShotOption] = []
    melee: list[MeleeOption] = []
    neutralise: list[NeutraliseOption] = []
    disengage: bool = False
    jumps: list[int] = []
    takeoff: bool = False
    land: bool = False
    detonate: bool = False
    accelerate: bool = False
    end: bool = False
    decision: str = ""
    choices: list[str] = []
    default: str = ""
    #: an activation without a ranged attack: why, as the rules refuse the first
    #: weapon in hand at the nearest enemy (:func:`fire_refusal`, with its rule ID,
    #: in the current language); "" when it has one
    fire_refusal: str = ""


_ok = legal


def options(state: EvaState, side: int) -> EvaOptions:
    """Everything ``side`` may do now (see :class:`EvaOptions`)."""
    if state.over:
        return EvaOptions("over", side)
    if side not in to_act(state):
        return EvaOptions("wait", side)
    if state.pending is not None:
        p = state.pending
        return EvaOptions(
            "decide", side, unit=p.unit, decision=p.kind, choices=list(p.choices), default=p.default
        )
    if state.phase == ZONE:
        return EvaOptions("zone", side, zones=["south", "north"])
    if state.phase == DEPLOY:
        units = [i for i, u in enumerate(state.units) if u.side == side and not u.deployed]
        squares = [s for s in range(600) if _ok(state, side, Deploy(units[0], s, []))] if units else []
        configs = {i: hand_configs(state.units[i]) for i in units}
        defaults = {i: default_hands(state.units[i]) for i in units}
        return EvaOptions(
            "deploy",
            side,
            deploy_units=units,
            deploy_squares=squares,
            hand_configs=configs,
            default_hands=defaults,
        )
    if state.phase == BATTLE and state.activation is None:
        act_units = [
            i for i, u in enumerate(state.units) if u.side == side and u.on_board and not u.activated
        ]
        bers = [i for i in act_units if berserk_eligible(state.units[i])]
        return EvaOptions("activate", side, activatable=act_units, berserk_roll=bers)
    act = state.activation
    assert act is not None
    ui = act.unit
    u = state.units[ui]
    o = EvaOptions("act", side, unit=ui, energy=u.energy, obligation=act.obligation)
    o.moves = [MoveOption(s, c, path) for s, c, path in move_options(state, ui)]
    o.kneel = _ok(state, side, Kneel(ui))
    o.stand = _ok(state, side, Stand(ui))
    o.swaps = [
        (h, cost) for h in hand_configs(u) if (cost := _plan(state, side, Swap(ui, tuple(h)))) is not None
    ]
    o.discard = _ok(state, side, Discard(ui))
    o.shots = _shots(state, side, ui)
    if not o.shots:
        refusal = fire_refusal(state, side)
        o.fire_refusal = str(refusal) if refusal is not None else ""
    o.melee = [
        MeleeOption(
            j,
            e.square,
            d2(u.square, e.square),
            auto_loss(u, d2(u.square, e.square)),
            melee_bonus(u, True, d2(u.square, e.square)),
        )
        for j, e in enumerate(state.units)
        if e.side != side and e.on_board and _ok(state, side, Melee(ui, j))
    ]
    o.neutralise = _neutralise(state, side, ui)
    o.disengage = _ok(state, side, Disengage(ui))
    o.jumps = [s for s in jump_targets(state, u) if _ok(state, side, Jump(ui, s))] if u.has("jumpjet") else []
    o.takeoff = _ok(state, side, TakeOff(ui))
    o.land = _ok(state, side, Land(ui))
    o.detonate = _ok(state, side, Detonate(ui))
    o.accelerate = _ok(state, side, Accelerate(ui))
    o.end = _ok(state, side, End(ui))
    return o


def _shots(state: EvaState, side: int, ui: int) -> list[ShotOption]:
    u = state.units[ui]
    out = []
    for item in u.hands:
        w = WEAPONS.get(u.items[item].code)
        if w is None or w.damage is None:
            continue
        for j, t in enumerate(state.units):
            if t.side == side or not t.on_board:
                continue
            p = _plan(state, side, Fire(ui, j, item))
            if p is None:
                continue
            hit, crit = hit_odds(u, w, p.tn, w.no_roll)
            burst_e = bt = 0
            bp = 0.0
            bp_plan = _plan(state, side, Fire(ui, j, item, burst=True))
            if bp_plan is not None:
                burst_e = bp_plan.cost
                bt = bp_plan.tn
                bp = float(hit_odds(u, w, bt)[0])
            aimed_plan = _plan(state, side, Fire(ui, j, item, aimed="legs"))
            aimed = aimed_plan.cost if aimed_plan is not None else 0
            notes = _roll_notes(u, w)
            out.append(
                ShotOption(
                    item=item,
                    label=u.items[item].label,
                    weapon=w.code,
                    target=j,
                    square=t.square,
                    band=p.band,
                    seen=p.seen,
                    cover=p.cover,
                    tn=p.tn,
                    modifiers=list(p.mods),
                    p_hit=float(hit),
                    p_crit=float(crit),
                    damage=p.damage,
                    energy=p.cost,
                    aimed_energy=aimed,
                    burst_energy=burst_e,
                    burst_tn=bt,
                    burst_p_hit=bp,
                    no_roll=w.no_roll,
                    p_hit_exact=str(Fraction(hit)),
                    roll_notes=notes,
                    burst_shots=BURST_SHOTS if burst_e else 0,
                )
            )
    return out


def _roll_notes(u, w) -> list[tuple[str, str]]:
    """What changes a shot's dice besides the TN (the chances already count it)."""
    notes = []
    if w.no_roll:
        return notes
    if u.has("itargeting"):
        notes.append((N_("Improved Targeting System: best of two dice"), "EVA-16.5"))
    elif u.has("targeting"):
        notes.append((N_("Targeting System: a miss is rolled again"), "EVA-16.4"))
    if u.has("anatomy") and not w.spear:
        notes.append((N_("Combat Anatomy: no confirmation die"), "EVA-16.13"))
    return notes


def fire_refusal(state: EvaState, side: int) -> IllegalAction | None:
    """Why the active Eva of ``side`` has no legal ranged attack now (None when it has
    one): the rules' refusal of its first ranged weapon in hand against the nearest
    enemy Eva, or that it holds no such weapon, or that no enemy is on the board."""
    act = state.activation
    if act is None or state.units[act.unit].side != side:
        return IllegalAction(_("Activate an Eva first."), "EVA-6.1")
    u = state.units[act.unit]
    weapons = [
        i
        for i in u.hands
        if (w := WEAPONS.get(u.items[i].code)) is not None and w.damage is not None and not u.items[i].gone
    ]
    if not weapons:
        return IllegalAction(_("{unit} holds no ranged weapon.").format(unit=u.name), "EVA-10.1")
    enemies = sorted(
        (j for j, t in enumerate(state.units) if t.side != side and t.on_board),
        key=lambda j: d2(u.square, state.units[j].square),
    )
    if not enemies:
        return IllegalAction(_("No enemy Eva is on the board."), "EVA-10.2")
    first: IllegalAction | None = None
    for j in enemies:
        for item in weapons:
            try:
                check(state, side, Fire(act.unit, j, item))
            except IllegalAction as error:
                first = first or error
            else:
                return None
    return first


def _neutralise(state: EvaState, side: int, ui: int) -> list[NeutraliseOption]:
    u = state.units[ui]
    out = []
    for j, t in enumerate(state.units):
        if t.side == side or not t.on_board:
            continue
        p = _plan(state, side, Neutralise(ui, j))
        if p is None:
            continue
        if p.automatic:
            out.append(NeutraliseOption(j, t.square, True))
        else:
            out.append(NeutraliseOption(j, t.square, False, p.tn, float(hit_odds(u, None, p.tn)[0])))
    return out


def _plan(state: EvaState, side: int, action: object) -> Any:
    """The plan :func:`check` returns for ``action``, or None when it is not legal."""
    try:
        return check(state, side, action)
    except IllegalAction:
        return None
