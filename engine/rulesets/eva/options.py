"""What a side may do now, in a form a UI can offer and a bot can enumerate.

Everything here comes from the rules module (reachable squares with their
energy cost, legal targets with range band, cover and the exact hit chance with
each modifier itemised), so neither a UI nor a bot computes a rule.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from fractions import Fraction
from itertools import filterfalse
from typing import Any

import msgspec

from engine.i18n import N_, _
from engine.ruleset import IllegalAction
from engine.rulesets.eva import rules
from engine.rulesets.eva.actions import (
    Accelerate,
    Activate,
    ChooseZone,
    Deploy,
    Detonate,
    Discard,
    Disengage,
    End,
    Fire,
    Jump,
    Keep,
    Kneel,
    Land,
    Melee,
    Move,
    NameZone,
    Neutralise,
    Stand,
    Swap,
    TakeOff,
)
from engine.rulesets.eva.catalog import WEAPONS
from engine.rulesets.eva.scenario import BLUE, GREEN
from engine.rulesets.eva.state import BATTLE, DEPLOY, MOVEMENT, NONE, ZONE, EvaState

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
]

W = 20
#: Shots of a burst (EVA-10.10).
BURST_SHOTS = 3


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
    #: deployment: what each Eva holds when it is placed without a choice of hands
    #: (:func:`default_hands`, EVA-9.1), one of its ``hand_configs``
    default_hands: dict[int, list[int]] = {}
    #: an activation without a ranged attack: why, as the rules refuse the first
    #: weapon in hand at the nearest enemy (:func:`fire_refusal`, with its rule ID,
    #: in the current language); "" when it has one
    fire_refusal: str = ""


def _configs(u) -> list[list[int]]:
    """rules.hand_configs of an Eva, memoised (see :class:`rules.Loadout`)."""
    return rules.loadout(u).configs


def default_hands(u) -> list[int]:
    """What an Eva holds when it is deployed without a choice of hands: the first legal
    hand configuration (EVA-9.1) that holds the most items. The deployment screen
    starts with it, and ``<Eva> deploy <square>`` without a weapons part uses it."""
    configs = _configs(u)
    return list(max(configs, key=len)) if configs else []


def _ok(state: EvaState, side: int, action: object) -> bool:
    try:
        rules.check(state, side, action)
    except IllegalAction:
        return False
    return True


def options(state: EvaState, side: int) -> EvaOptions:
    """Everything ``side`` may do now (see :class:`EvaOptions`)."""
    if state.over:
        return EvaOptions("over", side)
    if side not in rules.to_act(state):
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
        configs = {i: rules.hand_configs(state.units[i]) for i in units}
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
        bers = [i for i in act_units if rules.berserk_eligible(state.units[i])]
        return EvaOptions("activate", side, activatable=act_units, berserk_roll=bers)
    act = state.activation
    assert act is not None
    ui = act.unit
    u = state.units[ui]
    o = EvaOptions("act", side, unit=ui, energy=u.energy, obligation=act.obligation)
    reach = rules.reachable(state, ui)
    if reach:
        full = rules._search(state, ui)[0]
        moves = []
        for s, (c, _p) in sorted(reach.items()):
            path = [s]
            t = s
            while t != u.square:
                t = full[t][1]
                path.append(t)
            moves.append(MoveOption(s, c, path[::-1]))
        o.moves = moves
    o.kneel = _ok(state, side, Kneel(ui))
    o.stand = _ok(state, side, Stand(ui))
    o.swaps = [(h, rules.swap_cost(u, h)) for h in rules.hand_configs(u) if _ok(state, side, Swap(ui, h))]
    o.discard = _ok(state, side, Discard(ui))
    o.shots = _shots(state, side, ui)
    if not o.shots:
        refusal = fire_refusal(state, side)
        o.fire_refusal = str(refusal) if refusal is not None else ""
    o.melee = [
        MeleeOption(
            j,
            e.square,
            rules.d2(u.square, e.square),
            u.has("arms") and rules.d2(u.square, e.square) >= 2,
            rules.melee_bonus(u, True, rules.d2(u.square, e.square)),
        )
        for j, e in enumerate(state.units)
        if e.side != side and e.on_board and _ok(state, side, Melee(ui, j))
    ]
    o.neutralise = _neutralise(state, side, ui)
    o.disengage = _ok(state, side, Disengage(ui))
    o.jumps = (
        [s for s in rules.jump_targets(state, u) if _ok(state, side, Jump(ui, s))] if u.has("jumpjet") else []
    )
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
            try:
                p = rules.plan_fire(state, side, Fire(ui, j, item))
            except IllegalAction:
                continue
            hit, crit = rules.hit_odds(u, w, p.tn, w.no_roll)
            burst_e = bt = 0
            bp = 0.0
            if u.items[item].auto and w.auto_points is not None and u.energy >= 5:
                try:
                    bp_plan = rules.plan_fire(state, side, Fire(ui, j, item, burst=True))
                    burst_e = bp_plan.cost
                    bt = bp_plan.tn
                    bp = float(rules.hit_odds(u, w, bt)[0])
                except IllegalAction:
                    pass
            aimed = p.cost * 2 if p.cost * 2 <= u.energy else 0
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
        key=lambda j: rules.d2(u.square, state.units[j].square),
    )
    if not enemies:
        return IllegalAction(_("No enemy Eva is on the board."), "EVA-10.2")
    first: IllegalAction | None = None
    for j in enemies:
        for item in weapons:
            try:
                rules.check(state, side, Fire(act.unit, j, item))
            except IllegalAction as error:
                first = first or error
            else:
                return None
    return first


def _neutralise(state: EvaState, side: int, ui: int) -> list[NeutraliseOption]:
    u = state.units[ui]
    out = []
    for j, t in enumerate(state.units):
        if t.side == side or not t.on_board or not _ok(state, side, Neutralise(ui, j)):
            continue
        if u.airborne == t.airborne and rules.d2(u.square, t.square) == 1:
            out.append(NeutraliseOption(j, t.square, True))
        else:
            band = rules.band_of(rules.d2(u.square, t.square))
            tn, _m = rules.tn_and_mods(state, u, t, None, False, True, rules.in_cover(state, u, t), band)
            out.append(NeutraliseOption(j, t.square, False, tn, float(rules.hit_odds(u, None, tn)[0])))
    return out


def legal_actions(state: EvaState, side: int) -> list[object]:
    """Every legal action of ``side`` in a bot-sized form.

    Movement is represented by single steps (a longer path is a series of them)
    and deployment by one hand configuration per Eva (as many weapons as fit),
    so the list stays small; every entry is legal.
    """
    return [a for a in _candidates(state, side) if _ok(state, side, a)]


def random_action(state: EvaState, side: int, rng: random.Random) -> object | None:
    """A uniformly random member of :func:`legal_actions`, found by checking
    candidates in random order until one is legal (rejection sampling: far cheaper
    than checking them all). None when ``side`` has no legal action.

    The draws are those from a list of every candidate of :func:`_candidates`, each
    refused one replaced by the last. Where the way the candidates were built
    already decides a candidate, no check is run: during an activation
    (:func:`_in_activation`, built only when drawn, with their verdicts), at the
    choice of an Eva to activate (every candidate is legal) and in the deployment
    (a square is refused only for its colour or an Eva on it). Every other candidate
    is checked by :func:`rules.check`. Either way the verdict is the rules', so the
    choice is the same."""
    act = state.activation
    if act is not None:
        if state.phase == BATTLE and state.pending is None and not state.over:
            if side != state.units[act.unit].side:  # not one of rules.to_act
                return None
            return _in_activation(state, side, rng)
    elif state.pending is None and not state.over:
        phase = state.phase
        if phase == BATTLE:
            if side != state.turn:  # not one of rules.to_act
                return None
            # each Eva of the side on the board and not yet activated this round, the
            # Berserk roll where it may make one: all legal (EVA-5.4, EVA-16.7); drawn
            # by number (~i for a Berserk roll), the one drawn built
            picks = []
            for i, u in enumerate(state.units):
                if u.side == side and not u.activated and u.deployed and not u.destroyed:
                    picks.append(i)
                    if u.armour <= 6 and rules.berserk_eligible(u):
                        picks.append(~i)
            if not picks:
                return None
            i = picks[_randrange(rng, len(picks))]
            return Activate(i) if i >= 0 else Activate(~i, True)
        elif phase == DEPLOY and side == state.placer:
            return _random_deploy(state, side, rng)
    return _draw_listed(state, side, rng)


def _draw_listed(state: EvaState, side: int, rng: random.Random) -> object | None:
    """:func:`random_action` where no way of building the candidates decides them:
    drawn from the list of :func:`_candidates`, each checked (a function of its own,
    so that random_action keeps no variable for the ``draw`` function to share)."""
    cands = _candidates(state, side)
    return _draw(state, side, rng, len(cands), lambda i: (cands[i], None))


def _draw(state: EvaState, side: int, rng: random.Random, n: int, draw) -> object | None:
    """Rejection sampling from ``n`` candidates: ``draw(i)`` gives candidate ``i`` and
    its verdict (None: ask :func:`rules.check`). The candidates are drawn as from a
    list shrunk on each refusal, the last one taking the place of the refused one:
    ``moved`` maps a place to the candidate now there, where that is not the
    candidate of that number."""
    moved: dict[int, int] = {}
    while n:
        k = rng.randrange(n)
        a, ok = draw(moved.get(k, k))
        if ok is None:
            try:
                rules.check(state, side, a)
            except IllegalAction:
                ok = False
            else:
                ok = True
        if ok:
            return a
        n -= 1
        moved[k] = moved.get(n, n)
    return None


def _activations(state: EvaState, side: int) -> list[object]:
    """The activations ``side`` may choose between: each of its Evas on the board and
    not yet activated this round, with a Berserk roll where it may make one."""
    acts: list[object] = []
    for i, u in enumerate(state.units):
        if u.side == side and u.deployed and not u.destroyed and not u.activated:
            acts.append(Activate(i))
            if u.armour <= 6 and rules.berserk_eligible(u):
                acts.append(Activate(i, True))
    return acts


#: The squares of the south zone (rows 1-3) and of the north zone (rows 28-30), EVA-5.2.
_ZONE_SQUARES = (
    tuple(y * W + x for y in range(0, 3) for x in range(W)),
    tuple(y * W + x for y in range(27, 30) for x in range(W)),
)


def _deploy_squares(state: EvaState, side: int) -> tuple[int, tuple[int, ...]]:
    """The next Eva ``side`` deploys (-1 when none is left) and the squares of its
    deployment zone (EVA-5.2), in order."""
    for i, u in enumerate(state.units):
        if u.side == side and not u.deployed:
            return i, _ZONE_SQUARES[0 if state.zones[side] == 0 else 1]
    return -1, ()


def _random_deploy(state: EvaState, side: int, rng: random.Random) -> object | None:
    """:func:`random_action` in the deployment, when ``side`` places an Eva: with the
    default hands (a legal configuration) on a square of its zone, which the rules
    refuse only when it is green or blue or holds an Eva (EVA-5.2)."""
    i, squares = _deploy_squares(state, side)
    if i < 0:
        return None
    terrain = rules.geo(state).terrain
    taken = {o.square for o in state.units if o.deployed}
    n = len(squares)
    moved: dict[int, int] | None = None  # as in _draw
    while n:
        k = _randrange(rng, n)
        s = squares[moved.get(k, k) if moved is not None else k]
        if terrain[s] < GREEN and s not in taken:
            return Deploy(i, s, default_hands(state.units[i]))
        n -= 1
        if moved is None:
            moved = {}
        moved[k] = moved.get(n, n)
    return None


def _candidates(state: EvaState, side: int) -> list[object]:
    """A cheap superset of the legal actions (pre-filtered, not yet checked)."""
    if state.over or side not in rules.to_act(state):
        return []
    if state.pending is not None:
        p = state.pending
        if p.kind == "zone":
            return [NameZone(z) for z in p.choices]
        t = state.units[p.unit]
        return [Keep(p.unit, i) for i in t.hands if t.items[i].label in p.choices]
    if state.phase == ZONE:
        return [ChooseZone("south"), ChooseZone("north")]
    if state.phase == DEPLOY:
        i, squares = _deploy_squares(state, side)
        if i < 0:
            return []
        hands = default_hands(state.units[i])
        return [Deploy(i, s, hands) for s in squares]
    if state.activation is None:
        return _activations(state, side)
    return _in_activation(state, side, None)


def _bits_draws() -> bool:
    """Does ``randrange(n)`` of a :class:`random.Random` draw ``getrandbits(k)`` (k the
    bit length of n) until the result is below n, as :func:`_in_activation` writes it
    out? Tried on a few generators and bounds when this module is loaded."""
    for seed in range(8):
        a = random.Random(seed)
        b = random.Random(seed)
        for n in (1, 2, 3, 5, 7, 11, 13, 17, 31, 33, 100, 1000):
            width = n.bit_length()
            k = b.getrandbits(width)
            while k >= n:
                k = b.getrandbits(width)
            if a.randrange(n) != k:
                return False
        if a.getstate() != b.getstate():
            return False
    return True


#: See :func:`_bits_draws`.
_BITS_DRAWS = _bits_draws()
#: random.Random when its draws are written out (see :func:`_bits_draws`), else None.
_BITS_CLASS = random.Random if _BITS_DRAWS else None


def _randrange(rng: random.Random, n: int) -> int:
    """``rng.randrange(n)`` for n > 0: written out with getrandbits for a
    :class:`random.Random` when :data:`_BITS_DRAWS` (the same draw), else asked."""
    if type(rng) is _BITS_CLASS:
        width = n.bit_length()
        k = rng.getrandbits(width)
        while k >= n:
            k = rng.getrandbits(width)
        return k
    return rng.randrange(n)


def _in_activation(state: EvaState, side: int, rng: random.Random | None) -> Any:
    """The candidate actions of the active Eva: a cheap superset of its legal actions,
    pre-filtered on cheap facts. With ``rng`` None, all of them, in the order of
    :func:`legal_actions`; else :func:`random_action`'s choice among them, building
    only the candidates drawn and deciding most of them by the facts they were built
    on (the rules' verdict: each test below names the conditions of the check that the
    building of the candidate does not already guarantee; attacks are checked).

    The battle is on, no decision is pending and ``side`` owns the active Eva. The
    facts are worked out afresh at each call and never kept.

    The candidates, in order: End; a single step to each square of ``steps``; an
    action of each class of ``singles`` (a stance, discarding the Shield, disengaging,
    the Wings, the D-Module, Acceleration); a swap to each hand configuration of
    ``swaps``; the attacks of ``tail`` (built); a jump to each square of ``jumps``."""
    act = state.activation
    assert act is not None
    ui = act.unit
    units = state.units
    u = units[ui]
    g = rules._GEO.get(state.map_id) or rules.geo(state)
    energy = u.energy
    airborne = u.airborne
    here = u.square
    equipment = u.equipment
    # the enemies within reach and the Evas next to it, found below: lists once there
    # is one (seldom), not made before
    enemies: list[tuple[Any, int]] | tuple[()] = ()
    near: list[Any] | tuple[()] = ()
    engaged: bool | None
    steps: Sequence[int]
    held: rules.Held | None
    if energy < 1:
        # out of energy the Eva has no step, swap, attack or jump to choose from, so
        # neither the other Evas nor its hand facts are needed but for the Shield;
        # whether it is engaged is found when a candidate needs it
        held = None
        shield = rules.held_shield(u)
        engaged = None
        steps = ()
        singles: list[type] = []  # no stance: it costs 1 energy
        swaps: Sequence[list[int]] = ()
    else:
        held = rules.held_facts(u)
        shield = held.shield
        # the stance first: on the ground, a change of stance (EVA-8.6)
        singles = [] if airborne else [Stand if u.kneeling else Kneel]
        swaps = held.swap_hands if energy >= 2 else held.cheap_swap_hands
        # one pass over the Evas on the board, by their squared distance from this one
        # (EVA-3.1): the enemies within 20 squares (D² ≤ 400, the longest reach of any
        # attack, EVA-3.2), whether it is engaged (EVA-12.2: an enemy on its layer,
        # orthogonally adjacent) and the other Evas next to it (D² ≤ 2), the only ones
        # that can stand in the way of a single step (EVA-2.9, EVA-8.4)
        row = rules._D2_ROWS[here] or rules.d2_row(here)
        engaged = False
        try:
            # every Eva's square indexes the table (-1, before deployment, the last place),
            # so the distance comes before whether the Eva is on the board
            for o in units:
                if o.side != side:
                    d = row[o.square]
                    if d <= 400 and o.deployed and not o.destroyed:
                        enemies = [*enemies, (o, d)]
                        if d <= 2:
                            near = [*near, o]
                            if d == 1 and o.airborne == airborne:
                                engaged = True
                elif row[o.square] <= 2 and o is not u and o.deployed and not o.destroyed:
                    near = [*near, o]
        except IndexError:  # a stray square far off the board (no game makes one): Eva by Eva
            enemies = []
            near = []
            engaged = False
            for o in units:
                if o.deployed and not o.destroyed:  # on the board
                    d = row[o.square]
                    if d <= 400:
                        if d <= 2 and o is not u:
                            near.append(o)
                        if o.side != side:
                            enemies.append((o, d))
                            if d == 1 and o.airborne == airborne:
                                engaged = True
        if not act.obligation and not u.pinned and not act.no_steps and (airborne or not u.kneeling):
            by_energy = g._step_squares[airborne * 2 + act.accel][here] or g.step_squares(
                here, airborne, act.accel
            )
            steps = by_energy[energy if energy < 7 else 7]
            if near:  # not onto another Eva (EVA-2.9)
                steps = _not_onto(steps, near)
        else:
            steps = ()
    if shield:
        singles.append(Discard)
    if not act.disengage_tried:
        singles.append(Disengage)
    if equipment:  # (many an Eva has none)
        if "wings" in equipment:
            singles.append(Land if airborne else TakeOff)
        if "dmodule" in equipment:
            singles.append(Detonate)
        if "accel" in equipment and not u.accel_used:
            singles.append(Accelerate)
    tail: list[object] | tuple[()] = ()  # the attacks: a list once there is one
    if enemies:
        assert held is not None  # enemies are looked for only with energy
        tail = _attacks(units, u, ui, act, held, enemies)
    jumps: Sequence[int] = ()
    if equipment and "jumpjet" in equipment and energy >= 2 and not airborne and not u.pinned:
        jumps = _free_jumps(units, g, here)
    if rng is None:
        return _listed(ui, here, steps, singles, swaps, tail, jumps)
    # where each kind of candidate ends in the numbering (End is number 0)
    end_steps = 1 + len(steps)
    end_singles = end_steps + len(singles)
    end_swaps = end_singles + len(swaps)
    end_tail = end_swaps + len(tail) if tail else end_swaps
    n = end_tail + len(jumps) if jumps else end_tail
    # rejection sampling as from a list shrunk on each refusal, the last candidate
    # taking the place of the refused one: ``moved`` maps a place to the number of the
    # candidate now there, where that is not the candidate of that number
    moved: dict[int, int] | None = None
    # rng.randrange(n) of a random.Random, written out when _BITS_DRAWS found it to be
    # that (the same draws); any other generator is asked through randrange
    bits = type(rng) is _BITS_CLASS
    while n:
        if bits:
            width = n.bit_length()
            k = rng.getrandbits(width)
            while k >= n:
                k = rng.getrandbits(width)
        else:
            k = rng.randrange(n)
        i = moved.get(k, k) if moved is not None else k
        ok: bool | None
        if i == 0:  # End: EVA-12.10
            a: object = End(ui)
            ok = not act.obligation
        elif i < end_steps:
            # a single step: EVA-6.4, EVA-8.7, no stop on green (EVA-2.9), a diagonal
            # squeeze (EVA-8.4)
            to = steps[i - 1]
            a = Move(ui, [here, to])
            terrain = g.terrain
            if (
                (act.last_class not in (NONE, MOVEMENT) and act.switches >= 1)  # EVA-6.4
                or (engaged and not act.disengaged)
                or terrain[to] == GREEN
            ):
                ok = False
            else:
                _to, diag, s1, s2 = g.links[here][to]
                if diag:
                    wall = BLUE if airborne else GREEN
                    b1 = terrain[s1] >= wall
                    b2 = terrain[s2] >= wall
                    for o in near:  # a flank blocked by an Eva on the layer
                        if o.airborne == airborne:
                            if o.square == s1:
                                b1 = True
                            elif o.square == s2:
                                b2 = True
                    ok = not (b1 and b2)
                else:
                    ok = True
        elif i < end_singles:
            kind = singles[i - end_steps]
            a = kind(ui)
            if kind is Kneel or kind is Stand:  # EVA-12.10, EVA-6.4 (rules.may_switch)
                ok = not act.obligation and (act.last_class in (NONE, MOVEMENT) or act.switches < 1)
            elif kind is Disengage:  # EVA-12.11
                if engaged is None:
                    engaged = rules.is_engaged(state, u)
                ok = engaged
            elif kind is TakeOff:  # EVA-12.10, EVA-8.6, EVA-11.6, EVA-8.7, energy
                if engaged is None:
                    engaged = rules.is_engaged(state, u)
                ok = (
                    not act.obligation
                    and not u.kneeling
                    and not u.trauma("wings")
                    and not act.no_steps
                    and (not engaged or act.disengaged)
                    and energy >= 1
                )
            elif kind is Land:  # EVA-12.10, energy
                ok = not act.obligation and energy >= 1
            elif kind is Detonate:  # energy
                ok = energy >= 3
            elif kind is Accelerate:  # EVA-16.11
                ok = not act.stepped
            else:  # Discard: a candidate only when the Shield is held
                ok = True
        elif i < end_swaps:  # EVA-9.3: not what it already holds
            h = swaps[i - end_singles]
            a = Swap(ui, h)
            # h is a configuration other than the hands (their Held's), so the same
            # items only when the hands hold two out of order
            hands = u.hands
            ok = len(hands) < 2 or (len(hands) == 2 and hands[0] < hands[1]) or h != sorted(hands)
        elif i < end_tail:  # an attack: checked
            a = tail[i - end_swaps]
            try:
                rules.check(state, side, a)
            except IllegalAction:
                ok = False
            else:
                ok = True
        else:  # a jump: its landing squares are those EVA-16.9 allows, but for other Evas
            a = Jump(ui, jumps[i - end_tail])
            ok = True
        if ok:
            return a
        n -= 1
        if moved is None:
            moved = {}
        moved[k] = moved.get(n, n)
    return None


# The helpers of _in_activation below build what it needs seldom: in functions of their
# own, so that it keeps no variable for a comprehension to share (each such variable
# would be a cell made at every call).


def _not_onto(steps: Sequence[int], near: Sequence[Any]) -> list[int]:
    """The squares of ``steps`` that no Eva of ``near`` stands on (EVA-2.9)."""
    taken = [o.square for o in near]
    return [n for n in steps if n not in taken]


def _attacks(
    units: list[Any], u: Any, ui: int, act: Any, held: rules.Held, enemies: list[tuple[Any, int]]
) -> list[object]:
    """The attack candidates of the active Eva ``u`` (number ``ui``) against the enemies
    within 20 squares, with their squared distances: melee, AT neutralisation, then
    each ranged weapon in hand at each enemy in a band it reaches (single, aimed at the
    legs, burst, aimed at the wings)."""
    tail: list[object] = []
    index = {id(o): j for j, o in enumerate(units)}
    energy = u.energy
    airborne = u.airborne
    if not act.melee_done and energy >= 3 and not held.shield:
        r2 = held.reach**2
        tail += [Melee(ui, index[id(t)]) for t, dist in enemies if t.airborne == airborne and dist <= r2]
    if energy >= 1:
        tried = act.neutralise_tried
        tail += [Neutralise(ui, j) for t, _dist in enemies if (j := index[id(t)]) not in tried]
    if not u.berserk and not act.obligation and energy >= 2:
        for item, w in held.ranged:
            if item not in act.hands_at_start or item in act.fired:
                continue
            for t, dist in enemies:
                if w.damage[rules.band_of(dist)] == 0:
                    continue
                j = index[id(t)]
                tail.append(Fire(ui, j, item))
                tail.append(Fire(ui, j, item, aimed="legs"))
                if u.items[item].auto:
                    tail.append(Fire(ui, j, item, burst=True))
                if t.airborne:
                    tail.append(Fire(ui, j, item, aimed="wings"))
    return tail


def _free_jumps(units: list[Any], g: rules.MapGeo, here: int) -> list[int]:
    """The squares a jump from ``here`` may land on (EVA-16.9) that hold no Eva."""
    occupied = {o.square for o in units if o.deployed and not o.destroyed}
    return list(filterfalse(occupied.__contains__, g.jump_squares(here)))


def _listed(
    ui: int,
    here: int,
    steps: Sequence[int],
    singles: list[type],
    swaps: Sequence[list[int]],
    tail: Sequence[object],
    jumps: Sequence[int],
) -> list[object]:
    """Every candidate of :func:`_in_activation`, in its order."""
    return [
        End(ui),
        *[Move(ui, [here, n]) for n in steps],
        *[kind(ui) for kind in singles],
        *[Swap(ui, h) for h in swaps],
        *tail,
        *[Jump(ui, s) for s in jumps],
    ]
