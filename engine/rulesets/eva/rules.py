"""Legality and resolution of the Eva skirmish (eva.md, EVA-1 to EVA-19).

:func:`check` raises :class:`~engine.ruleset.IllegalAction` (naming the rule)
when an action is not allowed now and never changes the state; :func:`apply`
checks, then resolves, drawing dice in the order the rules list them
(EVA-1.3), and returns the events.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

import msgspec

from engine.dice import Dice
from engine.geometry.square import grid
from engine.i18n import N_, _
from engine.ruleset import IllegalAction, Result
from engine.rulesets.eva import events as ev
from engine.rulesets.eva.actions import (
    SQUARE_NAMES,
    Accelerate,
    Activate,
    ChooseZone,
    Concede,
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
    sq,
)
from engine.rulesets.eva.catalog import BASE_ARMOUR, EQUIPMENT, JAWS_ARMOUR, SHIELD_POINTS, WEAPONS, Weapon
from engine.rulesets.eva.roster import eva_cost, weapon_cost
from engine.rulesets.eva.scenario import BLUE, GREEN, HEIGHT, RED, WIDTH, YELLOW, EvaMap
from engine.rulesets.eva.state import (
    BATTLE,
    DEPLOY,
    MOVEMENT,
    NONE,
    OVER,
    SHOOTING,
    ZONE,
    Activation,
    EvaSetup,
    EvaState,
    Item,
    MeleeContinuation,
    Pending,
    Trauma,
    Unit,
)

W, H = WIDTH, HEIGHT
N_SQ = W * H
CLOSE, MEDIUM, LONG, OUT = 0, 1, 2, 3
BAND_BASE = (3, 4, 5)
SOUTH_ROWS = range(0, 3)  # y - 1
NORTH_ROWS = range(27, 30)


# ---------------------------------------------------------------------------
# Map geometry, cached per map
# ---------------------------------------------------------------------------
#: The board's shared tables (neighbours, D², sight-line shapes: engine.geometry.square).
GRID = grid(W, H)
d2 = GRID.d2
d2_row = GRID.d2_row
#: The sight lines of a jump (EVA-16.9: 0 < D² ≤ 9), as offsets from its start.
JUMP_LINES = GRID.lines_within(9)


class LineInfo:
    """What a sight line crosses, from the lower-indexed end ``lo`` to ``hi``
    (EVA-4.2 to EVA-4.5): crossed squares, corner pairs, and per-map summaries."""

    __slots__ = (
        "_ends",
        "_flush",
        "_terrain",
        "blue",
        "crossed",
        "maxcol",
        "pairs",
        "pierce",
    )

    def __init__(self, lo: int, hi: int, terrain: bytes) -> None:
        self.crossed, self.pairs = GRID.line(lo, hi)
        blue = False
        maxcol = pierce = 0
        for c in self._colours(terrain):
            if c == BLUE:
                blue = True
            if c > maxcol:
                maxcol = c
            if RED <= c <= GREEN:
                pierce += 1
        self.blue = blue
        self.maxcol = maxcol
        self.pierce = pierce
        self._terrain = terrain
        self._ends = (lo, hi)
        self._flush: tuple[tuple[int, int], tuple[int, int], tuple[int, int]] | None = None

    def _colours(self, terrain: bytes) -> list[int]:
        """The effective colour of each line square, crossed squares first, then the
        corner pairs (EVA-4.3: a pair counts as its lower flank)."""
        return [terrain[s] for s in self.crossed] + [
            terrain[p] if terrain[p] < terrain[q] else terrain[q] for p, q in self.pairs
        ]

    @property
    def flush(self) -> tuple[int, int]:
        """Per end (0 lo, 1 hi): the highest colour of the line squares flush with it."""
        return self._flush_summaries()[0]

    @property
    def gflush(self) -> tuple[int, int]:
        """Per end: how many green line squares are flush with it."""
        return self._flush_summaries()[1]

    @property
    def ygflush(self) -> tuple[int, int]:
        """Per end: how many yellow or green line squares are flush with it."""
        return self._flush_summaries()[2]

    def _flush_summaries(self) -> tuple[tuple[int, int], tuple[int, int], tuple[int, int]]:
        """flush, gflush and ygflush, worked out the first time one is needed."""
        if self._flush is None:
            flush = [0, 0]
            gflush = [0, 0]
            ygflush = [0, 0]
            squares: list[tuple[int, ...]] = [(s,) for s in self.crossed] + list(self.pairs)
            items = list(zip(self._colours(self._terrain), squares, strict=True))
            for end, e in enumerate(self._ends):
                for c, sqs in items:
                    if GRID.flush(sqs, e):  # EVA-3.5 / EVA-4.3
                        flush[end] = max(flush[end], c)
                        if c == GREEN:
                            gflush[end] += 1
                        if c in (YELLOW, GREEN):
                            ygflush[end] += 1
            self._flush = ((flush[0], flush[1]), (gflush[0], gflush[1]), (ygflush[0], ygflush[1]))
        return self._flush


class MapGeo:
    """Per-map tables: terrain by index, neighbour lists (shared by all maps), and
    cached sight lines. The tables of squares are tuples, which the garbage collector
    stops visiting once it has seen they hold only numbers."""

    def __init__(self, m: EvaMap) -> None:
        self.terrain = m.terrain
        self.lines: dict[int, LineInfo] = {}
        self._jumps: dict[int, list[int]] = {}
        self._step_squares: list[list[tuple[tuple[int, ...], ...] | None]] = [[None] * N_SQ for _ in range(4)]
        self.nbrs = GRID.nbrs
        #: for each square, its neighbours' entries of ``nbrs`` by neighbour
        self.links = GRID.links

    def step_row(self, start: int, airborne: bool, accel: bool) -> list[tuple[int, int]]:
        """The single steps out of ``start`` that the terrain allows, as (neighbour,
        energy) in the order of ``nbrs`` (EVA-8.1, :func:`step_cost`); not cached (see
        :meth:`step_squares`)."""
        terrain = self.terrain
        steps = []
        for n, diag, _s1, _s2 in self.nbrs[start]:
            c = step_cost(terrain[n], diag, airborne, accel)
            if c is not None:
                steps.append((n, c))
        return steps

    def step_squares(self, start: int, airborne: bool, accel: bool) -> tuple[tuple[int, ...], ...]:
        """For each energy from 0 to 7, the squares of :meth:`step_row` out of ``start``
        that cost at most that much (EVA-8.2), in the same order (all steps cost from 1
        to 6, so any energy above 7 reads as 7); cached per square, layer and
        Acceleration."""
        table = self._step_squares[airborne * 2 + accel]
        got = table[start]
        if got is None:
            steps = self.step_row(start, airborne, accel)
            costs = [c for _n, c in steps]
            cheapest = min(costs, default=8)
            dearest = max(costs, default=0)
            every = tuple([n for n, _c in steps])
            got = table[start] = tuple(
                [
                    () if e < cheapest else every if e >= dearest else tuple([n for n, c in steps if c <= e])
                    for e in range(8)
                ]
            )
        return got

    def jump_squares(self, start: int) -> list[int]:
        """Squares a jump from ``start`` may land on, before occupancy (EVA-16.9): on the
        board, D² ≤ 9, not green or blue, no blue on the line. Cached per square; the
        lines come from :data:`JUMP_LINES` (no :class:`LineInfo` is made for them)."""
        got = self._jumps.get(start)
        if got is None:
            terrain = self.terrain
            x, y = start % W, start // W
            got = []
            # every square of a jump's lines is within 3 rows and 3 columns of the start,
            # so within 63 places of it by flat index: without blue there, no line is blue
            blue = BLUE in terrain[max(start - 3 * W - 3, 0) : start + 3 * W + 4]
            for dx, dy, crossed, pairs in JUMP_LINES:
                nx, ny = x + dx, y + dy
                if 0 <= nx < W and 0 <= ny < H:
                    s = ny * W + nx
                    if terrain[s] >= GREEN:
                        continue
                    if not blue:
                        got.append(s)
                        continue
                    for d in crossed:
                        if terrain[start + d] == BLUE:
                            break
                    else:
                        # EVA-4.3: a corner pair counts as its lower flank, so it is
                        # blue only when both flanks are
                        for p, q in pairs:
                            if terrain[start + p] == BLUE and terrain[start + q] == BLUE:
                                break
                        else:
                            got.append(s)
            self._jumps[start] = got
        return got

    def line(self, a: int, b: int) -> tuple[LineInfo, int, int]:
        """Line info for squares a, b, and the indices (0 lo / 1 hi) of a's and b's end."""
        if a < b:
            key, ea, eb = a * N_SQ + b, 0, 1
        else:
            key, ea, eb = b * N_SQ + a, 1, 0
        info = self.lines.get(key)
        if info is None:
            info = LineInfo(min(a, b), max(a, b), self.terrain)
            self.lines[key] = info
        return info, ea, eb


_GEO: dict[str, MapGeo] = {}


def map_id(m: EvaMap) -> str:
    """A stable identity of a map's terrain (SHA-1 of its rows)."""
    rows = tuple(m.rows)
    got = _MAP_IDS.get(rows)
    if got is None:
        if len(_MAP_IDS) >= 64:
            _MAP_IDS.clear()
        got = _MAP_IDS[rows] = hashlib.sha1("\n".join(rows).encode()).hexdigest()[:16]
    return got


#: rows -> :func:`map_id` (a few boards are played again and again).
_MAP_IDS: dict[tuple[str, ...], str] = {}


def geo(state: EvaState) -> MapGeo:
    """The geometry tables of the state's map (built once per map)."""
    g = _GEO.get(state.map_id)
    if g is None:
        g = _GEO[state.map_id] = MapGeo(state.map)
    return g


# ---------------------------------------------------------------------------
# Small helpers
# ---------------------------------------------------------------------------
def band_of(dist2: int) -> int:
    """Range band of a squared distance (EVA-3.2): 0 close, 1 medium, 2 long, 3 out."""
    if dist2 <= 25:
        return CLOSE
    if dist2 <= 100:
        return MEDIUM
    if dist2 <= 400:
        return LONG
    return OUT


def _refuse(message: str, rule: str, **kw: Any) -> IllegalAction:
    return IllegalAction(_(message).format(**kw), rule)


def held_shield(u: Unit) -> bool:
    """Is the Eva holding its Shield (EVA-9.1 d)? (A loop over every item in hand, with
    no comprehension to call.)"""
    items = u.items
    shield = False
    for i in u.hands:
        if items[i].code == "shield":
            shield = True
    return shield


def weapon(u: Unit, i: int) -> Weapon | None:
    """Catalogue weapon of item i (None for the Shield)."""
    return WEAPONS.get(u.items[i].code)


def engaged_with(
    state: EvaState, u: Unit, square: int | None = None, airborne: bool | None = None
) -> list[int]:
    """Enemy units engaged with ``u`` (EVA-12.2): on the same layer, orthogonally
    adjacent. ``square``/``airborne`` test a hypothetical position."""
    s = u.square if square is None else square
    air = u.airborne if airborne is None else airborne
    out = []
    for j, e in enumerate(state.units):
        if e.side != u.side and e.on_board and e.airborne == air and d2(e.square, s) == 1:
            out.append(j)
    return out


def is_engaged(state: EvaState, u: Unit, square: int | None = None, airborne: bool | None = None) -> bool:
    """EVA-12.2."""
    s = u.square if square is None else square
    air = u.airborne if airborne is None else airborne
    side = u.side
    if 0 <= s < N_SQ:
        row = d2_row(s)
        try:
            # every Eva's square indexes the table (-1, before deployment, the last
            # place), so the distance comes first
            for e in state.units:
                if (
                    row[e.square] == 1
                    and e.side != side
                    and e.airborne == air
                    and e.deployed
                    and not e.destroyed
                ):
                    return True
            return False
        except IndexError:  # a stray square far off the board (no game makes one)
            pass
    x, y = s % W, s // W
    for e in state.units:
        if e.side != side and e.airborne == air and e.deployed and not e.destroyed:  # an enemy on the board
            es = e.square
            dx = es % W - x
            dy = es // W - y
            if dx * dx + dy * dy == 1:
                return True
    return False


def occupancy(state: EvaState) -> tuple[dict[int, int], dict[int, int]]:
    """(ground, air): square → unit index of the Evas on the board."""
    ground: dict[int, int] = {}
    air: dict[int, int] = {}
    for i, u in enumerate(state.units):
        if u.deployed and not u.destroyed:  # on the board
            if u.airborne:
                air[u.square] = i
            else:
                ground[u.square] = i
    return ground, air


# ---------------------------------------------------------------------------
# Line of sight, cover and hiding (EVA-4)
# ---------------------------------------------------------------------------
def hidden_from(state: EvaState, o: Unit, v: Unit) -> bool:
    """Is Eva ``o`` (observed) hidden from Eva ``v`` (viewer)? (EVA-4.7)"""
    info, eo, _ev = geo(state).line(o.square, v.square)
    if info.blue:  # (a)
        return True
    if o.airborne:  # (d)
        return False
    if not v.airborne:  # (b)
        if info.maxcol >= GREEN:
            return True
        return o.kneeling and info.maxcol >= YELLOW
    # (c) viewer airborne, observed on the ground: flush line squares
    if info.flush[eo] >= GREEN:
        return True
    return o.kneeling and info.flush[eo] >= YELLOW


def sees(state: EvaState, a: Unit, b: Unit) -> bool:
    """Mutual visibility (EVA-4.8): a sees b when neither is hidden from the other."""
    if a.square == b.square:
        return True
    return not hidden_from(state, b, a) and not hidden_from(state, a, b)


def ground_eva_on_line(state: EvaState, a: int, b: int, ground: dict[int, int] | None = None) -> bool:
    """Is a ground Eva on a line square between a and b? (EVA-4.6; a corner pair
    holds one only if both flanks do, EVA-4.3)."""
    if ground is None:
        ground = occupancy(state)[0]
    info, _ea, _eb = geo(state).line(a, b)
    for s in info.crossed:
        if s in ground:
            return True
    return any(p in ground and q in ground for p, q in info.pairs)


def in_cover(state: EvaState, shooter: Unit, target: Unit) -> bool:
    """Is a seen target in cover from the shooter? (EVA-4.11, EVA-4.12)"""
    if shooter.airborne or target.airborne:
        return False
    info, _es, et = geo(state).line(shooter.square, target.square)
    if ground_eva_on_line(state, shooter.square, target.square):
        return True
    if target.kneeling:
        return info.flush[et] >= RED
    return info.maxcol >= YELLOW


def positron_pierce(state: EvaState, a: Unit, t: Unit) -> int:
    """Obstacles the Positron Cannon's beam pierces (EVA-15.17)."""
    info, ea, et = geo(state).line(a.square, t.square)
    if not a.airborne and not t.airborne:
        return info.pierce
    if a.airborne and t.airborne:
        return 0
    g, eg = (t, et) if not t.airborne else (a, ea)
    return info.ygflush[eg] if g.kneeling else info.gflush[eg]


# ---------------------------------------------------------------------------
# Energy and damage
# ---------------------------------------------------------------------------
def max_energy(u: Unit) -> int:
    """Maximum energy at the start of an activation (EVA-7.2), in energy."""
    if u.berserk:
        return 15
    equipment = u.equipment
    pseudo = sync = s2 = False
    if equipment:  # (many an Eva has none)
        pseudo = "pseudo" in equipment
        sync = "sync" in equipment
        s2 = "s2" in equipment
    if pseudo:
        band = 12
    elif u.armour >= 20:
        band = 14 if sync else 12
    elif u.armour >= 10:
        band = 10
    else:
        band = 5 if sync else 7
    e = band
    if s2:
        e += 2
    if pseudo:
        e -= 1
    if u.traumas:
        e -= 2 * sum(1 for t in u.traumas if t.zone == "legs")
    if u.replica_hits or u.lance_hits:
        e -= 3 * u.replica_hits + 5 * u.lance_hits
    return e if e > 3 else 3


def at_level(u: Unit) -> int:
    """AT level in effect: 6 while berserk (EVA-16.7 c)."""
    return 6 if u.berserk else u.at


def effective_at(state: EvaState, target_index: int, w: Weapon | None) -> int:
    """Effective AT against one damage instance (EVA-13.2)."""
    t = state.units[target_index]
    if w is not None and w.ignores_at:
        return 0
    if state.activation is not None and target_index in state.activation.neutralised:
        return 0
    level = at_level(t)
    if w is not None and w.at_cap is not None:
        level = min(level, w.at_cap)
    return level


def deal(state: EvaState, ti: int, raw: int, w: Weapon | None, out: list) -> int:
    """Apply ``raw`` damage (R ≥ 1) to unit ``ti`` by EVA-13.3; returns armour lost.
    Destruction is checked by the caller (EVA-5.8)."""
    t = state.units[ti]
    absorbed = 0
    if held_shield(t) and t.shield_points > 0:
        absorbed = min(raw, t.shield_points)
        t.shield_points -= absorbed
        raw -= absorbed
        if t.shield_points == 0:
            for i in t.hands:
                if t.items[i].code == "shield":
                    t.items[i].gone = True
            t.hands = []
            out.append(ev.ShieldDestroyed(unit=t.name, unit_side=t.side))
    lost = 0
    if raw > 0:
        lost = max(1, raw - effective_at(state, ti, w))
        t.armour -= lost
    out.append(
        ev.DamageTaken(
            to=(t.side,),
            unit=t.name,
            unit_side=t.side,
            raw=raw + absorbed,
            absorbed=absorbed,
            lost=lost,
            armour=max(t.armour, 0),
            shield=t.shield_points,
        )
    )
    return lost


def destroy(state: EvaState, ti: int, out: list) -> None:
    """Remove a unit from the board and score it for its enemy (EVA-5.7, EVA-5.10)."""
    t = state.units[ti]
    if t.destroyed:
        return
    t.destroyed = True
    state.scores[1 - t.side] += t.cost
    out.append(ev.Destroyed(unit=t.name, unit_side=t.side, side=t.side))


def check_destroyed(state: EvaState, indices: list[int], out: list) -> None:
    """Destroy every listed unit at 0 armour or below, then check victory (EVA-5.8, EVA-5.9)."""
    any_gone = False
    for i in indices:
        if not state.units[i].destroyed and state.units[i].armour <= 0:
            destroy(state, i, out)
            any_gone = True
    if any_gone:
        check_elimination(state, out)


def check_elimination(state: EvaState, out: list) -> None:
    """EVA-5.9: one army left wins, none left is a draw."""
    alive = [any(u.on_board for u in state.units if u.side == s) for s in (0, 1)]
    if alive[0] and alive[1]:
        return
    winner = 0 if alive[0] else (1 if alive[1] else None)
    finish(
        state, winner, N_("elimination") if winner is not None else N_("mutual destruction"), "EVA-5.9", out
    )


def finish(state: EvaState, winner: int | None, reason: str, rule: str, out: list) -> None:
    """End the game."""
    state.phase = OVER
    state.over = True
    state.winner = winner
    state.reason = reason
    state.rule = rule
    state.activation = None
    state.pending = None
    out.append(ev.GameEnded(winner=winner, reason=reason, scores=list(state.scores)))


def reveal(u: Unit, code: str, out: list) -> None:
    """Make an equipment item public the first time it shows (EVA-18.4)."""
    if code not in u.revealed:
        u.revealed.append(code)
        out.append(ev.Revealed(unit=u.name, unit_side=u.side, item=EQUIPMENT[code].name))


def held_labels(u: Unit) -> list[str]:
    """Public names of the items in hand: catalogue codes, so that a second weapon of
    the same kind kept stowed is not betrayed by a numbered label (EVA-18.3)."""
    return [it.code for it in map(u.items.__getitem__, u.hands)]


# ---------------------------------------------------------------------------
# Set-up
# ---------------------------------------------------------------------------
def _items_for(entry: Any) -> list[Item]:
    items: list[Item] = []
    counts: dict[str, int] = {}
    for w in entry.weapons:
        counts[w.code] = counts.get(w.code, 0) + 1
        n = counts[w.code]
        items.append(Item(w.code, w.code if n == 1 else f"{w.code}#{n}", w.auto))
    if "shield" in entry.equipment:
        items.append(Item("shield", "shield"))
    return items


def rolloff(dice: Dice) -> tuple[list[list[int]], int]:
    """Each player rolls a d6, Player 1 first; ties re-rolled (EVA-5.2, 5.3, 17.11).
    Returns the attempts and the higher roller."""
    attempts = []
    while True:
        a, b = dice.d6(), dice.d6()
        attempts.append([a, b])
        if a != b:
            return attempts, 0 if a > b else 1


#: Boards already found well formed by :func:`new_state` (parse_map is a pure function).
_GOOD_BOARDS: set[tuple[str, ...]] = set()


def new_state(setup: EvaSetup, dice: Dice) -> tuple[EvaState, list]:
    """Start a game: build the units, the Lance roll-off (EVA-17.11) and the
    deployment roll-off (EVA-5.2). Raises ValueError for an unusable set-up."""
    if len(setup.rosters) != 2:
        raise ValueError("an Eva game needs two rosters")
    from engine.rulesets.eva.roster import validate
    from engine.rulesets.eva.scenario import parse_map

    rows = tuple(setup.map.rows)
    if rows not in _GOOD_BOARDS:
        parse_map("title: x\n\n" + "\n".join(rows), setup.map.key)  # raises MapError (a ValueError)
        _GOOD_BOARDS.add(rows)
    for side, roster in enumerate(setup.rosters):
        problems = validate(roster)
        if problems:
            raise ValueError(f"roster {side + 1} is not valid: {problems[0].rule} {problems[0].text()}")
    units: list[Unit] = []
    for side, roster in enumerate(setup.rosters):
        if not roster.evas:
            raise ValueError(f"roster {side + 1} has no Evas")
        for e in roster.evas:
            jaws = "jaws" in e.equipment
            items = _items_for(e)
            units.append(
                Unit(
                    side=side,
                    name=e.name.strip(),
                    cost=eva_cost(e),
                    items=items,
                    equipment=list(e.equipment),
                    at=e.at,
                    max_armour=JAWS_ARMOUR if jaws else BASE_ARMOUR,
                    armour=JAWS_ARMOUR if jaws else BASE_ARMOUR,
                    shield_points=SHIELD_POINTS if "shield" in e.equipment else 0,
                )
            )
    state = EvaState(map=setup.map, map_id=map_id(setup.map), units=units, round_limit=setup.round_limit)
    out: list = []
    lances = [
        [i for i, u in enumerate(units) if u.side == s and any(it.code == "lance" for it in u.items)]
        for s in (0, 1)
    ]
    if lances[0] and lances[1]:
        attempts, winner = rolloff(dice)
        out.append(ev.RollOff(purpose="lance", rolls=attempts, winner=winner))
        loser = 1 - winner
        for i in lances[loser]:
            for it in units[i].items:
                if it.code == "lance":
                    it.code = "replica"
                    it.label = "replica"
            out.append(ev.LanceReplaced(to=(loser,), side=loser, unit=units[i].name, unit_side=units[i].side))
    attempts, winner = rolloff(dice)
    out.append(ev.RollOff(purpose="zone", rolls=attempts, winner=winner))
    state.phase = ZONE
    state.chooser = winner
    _mark_shared(state, out)
    return state, out


#: The fields of an event that name an Eva, each with its ``<field>_side``.
_NAME_FIELDS = ("unit", "target", "attacker", "defender", "winner")


def _mark_shared(state: EvaState, out: list) -> None:
    """Keep an event's ``<field>_side`` only for a name both sides have, so that its
    text says whose Eva it is there and nowhere else (-1 for a name only one side has)."""
    shared = _shared_names(state)
    table = _SIDE_FIELDS
    for e in out:
        fields = table.get(type(e))
        if fields is None:
            fields = table[type(e)] = _side_fields(e)
        if not fields:
            continue
        if shared:
            for f, f_side in fields:
                if getattr(e, f_side) >= 0 and getattr(e, f) not in shared:
                    setattr(e, f_side, -1)
        else:
            for _f, f_side in fields:
                setattr(e, f_side, -1)


def _side_fields(e: object) -> tuple[tuple[str, str], ...]:
    """The fields of :data:`_NAME_FIELDS` that event ``e`` has, each with its
    ``<field>_side`` (an entry of :data:`_SIDE_FIELDS`)."""
    return tuple((f, f + "_side") for f in _NAME_FIELDS if hasattr(e, f + "_side"))


#: For each event type, the fields of :data:`_NAME_FIELDS` it has, each with its ``<field>_side``.
_SIDE_FIELDS: dict[type, tuple[tuple[str, str], ...]] = {}
#: id of a state's list of units -> (that list, the names both sides have). The names
#: of a game's Evas never change once it is set up, so this is worked out once a game.
_SHARED: dict[int, tuple[list, frozenset[str]]] = {}


#: The list of units :func:`_shared_names` last answered for and its answer (a game
#: asks again and again): found without its id, on the same terms as :data:`_SHARED`.
#: One tuple, replaced whole, so that a reader never pairs one list with another's
#: answer (games may be played in more than one thread).
_SHARED_LAST: tuple[Any, frozenset[str]] = (None, frozenset())


def _shared_names(state: EvaState) -> frozenset[str]:
    global _SHARED_LAST
    units = state.units
    last = _SHARED_LAST
    if last[0] is units:
        return last[1]
    hit = _SHARED.get(id(units))
    if hit is not None and hit[0] is units:
        shared = hit[1]
    else:
        names = [{u.name for u in units if u.side == s} for s in (0, 1)]
        shared = frozenset(names[0] & names[1])
        if len(_SHARED) >= 16:  # a few games at a time; each entry keeps its Evas alive
            _SHARED.clear()
        _SHARED[id(units)] = (units, shared)
    _SHARED_LAST = (units, shared)
    return shared


# ---------------------------------------------------------------------------
# Turn flow
# ---------------------------------------------------------------------------
def start_round(state: EvaState, dice: Dice, out: list) -> None:
    """EVA-5.3: a new round with an initiative roll-off."""
    state.round += 1
    for u in state.units:
        u.activated = False
    attempts, first = rolloff(dice)
    out.append(ev.RollOff(purpose="initiative", rolls=attempts, winner=first))
    state.first = first
    state.turn = first
    if not _has_unactivated(state, first):
        state.turn = 1 - first
    out.append(ev.RoundStarted(round=state.round, first=state.turn))


def _has_unactivated(state: EvaState, side: int) -> bool:
    """Has ``side`` an Eva on the board not yet activated this round (EVA-5.4)?"""
    for u in state.units:  # noqa: SIM110 - a loop costs less than any() over a generator
        if u.side == side and not u.activated and u.deployed and not u.destroyed:
            return True
    return False


def end_activation(state: EvaState, dice: Dice, out: list) -> None:
    """EVA-6.6 and EVA-5.4 to EVA-5.6: close the activation, pass the turn, end the round."""
    act = state.activation
    if act is None:
        return
    u = state.units[act.unit]
    state.activation = None
    u.activated = True
    u.energy = 0
    # S2 traumas expire at the end of the activation they were meant to last through (EVA-11.7)
    if u.traumas:
        u.traumas = _lasting(u.traumas, u.activations)
    if not u.destroyed:  # its side marked as _mark_shared marks it (_side_mark, written out)
        last = _SHARED_LAST
        shared = last[1] if last[0] is state.units else _shared_names(state)
        out.append(ev.ActivationEnded(unit=u.name, unit_side=u.side if shared and u.name in shared else -1))
    if state.over:
        return
    advance(state, dice, out, u.side)


def _lasting(traumas: list[Trauma], activations: int) -> list[Trauma]:
    """The traumas that outlast the end of an Eva's activation number ``activations``:
    those without an expiry and those meant to last through a later one (EVA-11.7)."""
    return [t for t in traumas if t.expires is None or t.expires > activations]


def advance(state: EvaState, dice: Dice, out: list, last_side: int) -> None:
    """Whose turn after an activation of ``last_side`` (EVA-5.4), or the end of the round."""
    other = 1 - last_side
    if _has_unactivated(state, other):
        state.turn = other
        return
    if _has_unactivated(state, last_side):
        state.turn = last_side
        return
    # EVA-5.6 end of round
    for u in state.units:
        if u.pinned:
            u.pinned = False
    if state.round_limit is not None and state.round >= state.round_limit:
        s0, s1 = state.scores
        winner = None if s0 == s1 else (0 if s0 > s1 else 1)
        finish(state, winner, N_("round limit, victory points"), "EVA-5.10", out)
        return
    start_round(state, dice, out)


# ---------------------------------------------------------------------------
# Hands (EVA-9)
# ---------------------------------------------------------------------------
def hands_legal(u: Unit, hands: list[int]) -> str | None:
    """None if ``hands`` is a legal hand configuration for ``u`` (EVA-9.1, EVA-9.7),
    else the reason (a message ID)."""
    if len(set(hands)) != len(hands):
        return N_("An item can be held only once.")
    for i in hands:
        if not 0 <= i < len(u.items) or u.items[i].gone:
            return N_("That item is not carried any more.")
    if not hands:
        return None
    kinds = []
    for i in hands:
        code = u.items[i].code
        kinds.append("shield" if code == "shield" else WEAPONS[code].hands)
    if "shield" in kinds or 2 in kinds:
        return None if len(hands) == 1 else N_("A two-handed weapon or the Shield fills both hands.")
    if len(hands) > 2:
        return N_("An Eva has two hands.")
    if len(hands) == 2 and u.trauma("arms"):
        return N_("With an arms trauma an Eva holds at most one one-handed weapon.")
    return None


def _big(u: Unit, i: int) -> bool:
    code = u.items[i].code
    return code == "shield" or WEAPONS[code].hands == 2


def swap_cost(u: Unit, new: list[int]) -> int:
    """Energy of a swap from the current hands to ``new`` (EVA-9.3)."""
    old = set(u.hands)
    nw = set(new)
    if any([_big(u, i) for i in old ^ nw]):
        return 2
    return max(len(old - nw), len(nw - old))


def hand_configs(u: Unit) -> list[list[int]]:
    """Every legal hand configuration of ``u`` (sorted item indices): empty hands, each
    item still carried alone, then (after each one-handed weapon) the pairs of it with
    a later one-handed weapon, unless an arms trauma allows only one (EVA-9.1, EVA-9.7):
    just what :func:`hands_legal` accepts of them, so it is not asked."""
    return [h for h, _mask, _key in _configurations(u)]


def _configurations(u: Unit) -> list[tuple[list[int], int, tuple[int, ...]]]:
    """:func:`hand_configs`, each configuration with a bit mask of its item indices and
    as a tuple."""
    items = u.items
    avail = []
    big = []
    for i, it in enumerate(items):
        if not it.gone:
            avail.append(i)
            code = it.code
            big.append(code == "shield" or WEAPONS[code].hands == 2)  # _big
    pairs = not (u.traumas and u.trauma("arms"))
    out: list[tuple[list[int], int, tuple[int, ...]]] = [([], 0, ())]
    for k, a in enumerate(avail):
        out.append(([a], 1 << a, (a,)))
        if pairs and not big[k]:
            for k2 in range(k + 1, len(avail)):
                if not big[k2]:
                    b = avail[k2]
                    out.append(([a, b], (1 << a) | (1 << b), (a, b)))
    return out


class Loadout:
    """What an Eva carries, a pure function of its items (their codes and which are
    gone) and of whether it has an arms trauma (memoised by :func:`loadout`).

    ``configs``: every legal hand configuration (:func:`hand_configs`; shared lists:
    read them, never change them); ``masks``: each configuration as (the list, a bit
    mask of its item indices, the tuple); ``big``: the items that fill both hands (the
    Shield and the two-handed weapons, EVA-9.1), as a bit mask by item index (None when
    an item's code is not in the catalogue)."""

    __slots__ = ("big", "configs", "masks")

    def __init__(self, u: Unit) -> None:
        self.masks = masks = _configurations(u)
        self.configs = [h for h, _mask, _key in masks]
        big: int | None = 0
        for i, it in enumerate(u.items):
            code = it.code
            if code == "shield":
                big |= 1 << i
            else:
                w = WEAPONS.get(code)
                if w is None:  # not in the catalogue
                    big = None
                    break
                if w.hands == 2:
                    big |= 1 << i
        self.big = big


#: encoded items, arms trauma -> :class:`Loadout`. A game's Evas keep their loadouts
#: (but for an item gone or an arms trauma), so entries are found again all game long.
#: Emptied when it reaches 256 entries: a long run of random games meets a new loadout
#: with nearly every Eva, and a large memo makes every full garbage collection slower.
_LOADOUTS: dict[tuple[bytes, bool], Loadout] = {}
_ITEMS_KEY = msgspec.msgpack.Encoder()


def loadout(u: Unit) -> Loadout:
    """:class:`Loadout` of an Eva, memoised on the encoding of its items (code, label,
    automatic fire, gone: cheaper to build than a tuple of their fields) and its arms
    trauma."""
    key = (_ITEMS_KEY.encode(u.items), bool(u.traumas) and u.trauma("arms"))
    got = _LOADOUTS.get(key)
    if got is None:
        if len(_LOADOUTS) >= 256:
            _LOADOUTS.clear()
        got = _LOADOUTS[key] = Loadout(u)
    return got


class Held:
    """What an Eva may do with what it carries and holds, a pure function of its
    loadout (:class:`Loadout`), hands and Extended Arms (memoised by :func:`held_facts`).

    ``swap_hands``: every other hand configuration, in the order of
    :func:`hand_configs`; ``cheap_swap_hands``: those of them a swap reaches for at
    most 1 energy (EVA-9.3; any swap costs at most 2); ``swap_costs``: the energy of a
    swap to each of them, by configuration (as a tuple); ``shield``: it holds the Shield
    (EVA-9.1 d); ``reach`` in squares (EVA-3.6); ``ranged``: the ranged weapons in
    hand, as (item index, weapon)."""

    __slots__ = ("cheap_swap_hands", "ranged", "reach", "shield", "swap_costs", "swap_hands")

    def __init__(self, u: Unit, lo: Loadout) -> None:
        hands = u.hands
        big = lo.big
        self.swap_hands = swap_hands = []
        self.cheap_swap_hands = cheap = []
        self.swap_costs = costs = {}
        n_items = len(u.items)
        old = 0  # the hands as a bit mask of item indices
        for i in hands:
            if 0 <= i < n_items:
                old |= 1 << i
            else:
                big = None  # an item index off the list: swap_cost, one by one
        if big is not None:
            # swap_cost by bit masks of item indices (EVA-9.3): 2 if an item that fills
            # both hands goes or comes, else the larger of the numbers going and coming
            for h, new, key in lo.masks:
                if h != hands:
                    swap_hands.append(h)
                    if (old ^ new) & big:
                        costs[key] = 2
                    else:
                        going = (old & ~new).bit_count()
                        coming = (new & ~old).bit_count()
                        cost = costs[key] = going if going > coming else coming
                        if cost <= 1:
                            cheap.append(h)
        else:
            for h, _new, key in lo.masks:
                if h != hands:
                    swap_hands.append(h)
                    costs[key] = cost = swap_cost(u, h)
                    if cost <= 1:
                        cheap.append(h)
        # held_shield, reach and the ranged weapons in hand, in one pass over the hands
        items = u.items
        shield = spear = False
        self.ranged = ranged = []
        for i in hands:
            code = items[i].code
            if code == "shield":
                shield = True
            w = WEAPONS.get(code)
            if w is not None:
                if w.spear:
                    spear = True
                if w.damage is not None:
                    ranged.append((i, w))
        self.shield = shield
        self.reach = (2 if spear else 1) + (1 if "arms" in u.equipment else 0)


class _HeldMemo:
    """The hand facts of one Eva (an entry of :data:`_HELD_BY_EVA`): copies of its
    ``items``, ``traumas`` and ``equipment`` as they were when the entry was made, its
    ``loadout`` (which depends on the items and traumas alone), its :class:`Held`
    ``by_hands`` (as a tuple), and the ``hands`` last asked about (a copy) with their
    ``held``."""

    __slots__ = ("by_hands", "equipment", "hands", "held", "items", "loadout", "traumas")

    def __init__(self, u: Unit) -> None:
        # copy.copy of a struct is its __copy__, asked for directly
        self.items = [it.__copy__() for it in u.items]
        self.traumas = [t.__copy__() for t in u.traumas]
        self.equipment = list(u.equipment)
        self.loadout = loadout(u)
        self.by_hands: dict[tuple[int, ...], Held] = {}
        self.hands: list[int] | None = None  # none asked about yet
        self.held: Held  # set with ``hands``


#: id of an Eva -> :class:`_HeldMemo`. An entry is used only while the Eva asking
#: equals its copies in items, traumas and equipment, which with the hands is all a
#: :class:`Held` depends on: the id only says where to look, so another Eva that comes
#: to have the id is served right or misses. Emptied at 64 entries.
_HELD_BY_EVA: dict[int, _HeldMemo] = {}
#: The Eva :func:`held_facts` was last asked about and its :class:`_HeldMemo` (the Eva
#: being activated asks again and again): found without its id, and used on the same
#: terms as an entry of :data:`_HELD_BY_EVA`. One tuple, replaced whole (see
#: :data:`_SHARED_LAST`).
_LAST_HELD: tuple[Any, Any] = (None, None)


def held_facts(u: Unit) -> Held:
    """:class:`Held` of an Eva, memoised per Eva (see :data:`_HELD_BY_EVA`): comparing
    its items with copies costs less than encoding them."""
    global _LAST_HELD
    last = _LAST_HELD
    if last[0] is u:
        memo = last[1]
    else:
        memo = _HELD_BY_EVA.get(id(u))
        _LAST_HELD = (u, memo)
    if memo is None or memo.items != u.items or memo.traumas != u.traumas or memo.equipment != u.equipment:
        if len(_HELD_BY_EVA) >= 64:
            _HELD_BY_EVA.clear()
        memo = _HELD_BY_EVA[id(u)] = _HeldMemo(u)
        _LAST_HELD = (u, memo)
    elif memo.hands == u.hands:
        return memo.held
    hands = u.hands
    got = memo.by_hands.get(tuple(hands))
    if got is None:
        got = memo.by_hands[tuple(hands)] = Held(u, memo.loadout)
    memo.hands = list(hands)
    memo.held = got
    return got


# ---------------------------------------------------------------------------
# Movement (EVA-8)
# ---------------------------------------------------------------------------
def step_cost(terrain: int, diag: bool, airborne: bool, accel: bool) -> int | None:
    """Energy of one step into a square of colour ``terrain`` (EVA-8.1, 8.3, 16.10,
    16.11), or None if the step is not allowed."""
    if airborne:
        if terrain == BLUE:
            return None
        base = 3 if diag else 2
    else:
        if terrain >= GREEN:
            return None
        base = (6 if diag else 4) if terrain == YELLOW else (3 if diag else 2)
    return (base + 1) // 2 if accel else base


def _may_step(state: EvaState, u: Unit, act: Activation) -> None:
    if act.obligation:
        raise _refuse(
            N_("{unit} is engaged and must first fight, disengage, jump or detonate."),
            "EVA-12.10",
            unit=u.name,
        )
    if not u.airborne and u.kneeling:
        raise _refuse(N_("{unit} is kneeling and must stand up before it can step."), "EVA-8.6", unit=u.name)
    if u.pinned:
        raise _refuse(N_("{unit} is pinned by a Spear until the end of the round."), "EVA-8.8", unit=u.name)
    if act.no_steps:
        raise _refuse(
            N_("{unit} failed to disengage and may not step this activation."), "EVA-12.11", unit=u.name
        )
    if not act.disengaged and is_engaged(state, u):
        raise _refuse(N_("{unit} is engaged in melee and may not walk away."), "EVA-8.7", unit=u.name)


def path_cost(state: EvaState, ui: int, path: list[int]) -> int:
    """Check a movement path for unit ``ui`` (EVA-8.2) and return its energy cost.
    Raises IllegalAction."""
    u = state.units[ui]
    act = state.activation
    assert act is not None
    if len(path) == 2 and path[0] == u.square:
        cost = _single_step(state, u, act, path[1])
        if cost is not None:
            return cost
    g = geo(state)
    if len(path) < 2 or path[0] != u.square:
        raise _refuse(
            N_("A path starts on the Eva's square ({square}) and has at least one step."),
            "EVA-8.2",
            square=sq(u.square),
        )
    _may_step(state, u, act)
    ground, air = occupancy(state)
    airborne = u.airborne
    mine = ground if not airborne else air
    terrain = g.terrain
    links = g.links
    total = 0
    prev = path[0]
    last = len(path) - 1
    for k, s in enumerate(path[1:], start=1):
        if not 0 <= s < N_SQ:
            raise _refuse(N_("No Eva may leave the board."), "EVA-8.9")
        link = links[prev].get(s)
        if link is None:
            raise _refuse(N_("{a} and {b} are not neighbouring squares."), "EVA-8.1", a=sq(prev), b=sq(s))
        _s, diag, s1, s2 = link
        cost = step_cost(terrain[s], diag, airborne, act.accel)
        if cost is None:
            if terrain[s] == BLUE:
                raise _refuse(N_("{square} is blue: no Eva may enter it."), "EVA-2.7", square=sq(s))
            raise _refuse(N_("{square} is green: a walking Eva cannot enter it."), "EVA-2.6", square=sq(s))
        if mine.get(s, ui) != ui:
            raise _refuse(N_("{square} holds another Eva on the same layer."), "EVA-2.9", square=sq(s))
        if diag:
            if airborne:
                b1 = terrain[s1] == BLUE or air.get(s1, ui) != ui
                b2 = terrain[s2] == BLUE or air.get(s2, ui) != ui
            else:
                b1 = terrain[s1] >= GREEN or ground.get(s1, ui) != ui
                b2 = terrain[s2] >= GREEN or ground.get(s2, ui) != ui
            if b1 and b2:
                raise _refuse(
                    N_("The diagonal step {a}-{b} squeezes between two blocked squares."),
                    "EVA-8.4",
                    a=sq(prev),
                    b=sq(s),
                )
        total += cost
        if k < last and not act.disengaged and is_engaged(state, u, square=s):
            raise _refuse(
                N_("{unit} becomes engaged on {square} and must stop there."),
                "EVA-8.7",
                unit=u.name,
                square=sq(s),
            )
        prev = s
    end = path[-1]
    if terrain[end] == GREEN:
        raise _refuse(N_("No Eva may stop on a green square."), "EVA-2.9")
    if ground.get(end, ui) != ui or air.get(end, ui) != ui:
        raise _refuse(N_("{square} already holds an Eva; it cannot stop there."), "EVA-2.9", square=sq(end))
    if total > u.energy:
        raise _refuse(
            N_("{unit} has {energy} energy left; this path costs {cost}."),
            "EVA-8.2",
            unit=u.name,
            energy=u.energy,
            cost=total,
        )
    return total


def _single_step(state: EvaState, u: Unit, act: Activation, n: int) -> int | None:
    """The energy of a single step of the active Eva ``u`` from its square to ``n`` when
    :func:`path_cost` certainly accepts it, else None (then path_cost decides, and
    names the rule that refuses). One pass over the Evas finds what the step needs:
    EVA-8.6 to 8.8 and EVA-12.10/12.11 (may it step at all), EVA-2.6/2.7 (the
    terrain), EVA-2.9 (no Eva on ``n``, no stop on green), EVA-8.4 (no squeeze
    between two blocked squares) and EVA-8.2 (the energy)."""
    if act.obligation or u.pinned or act.no_steps or not 0 <= n < N_SQ:
        return None
    airborne = u.airborne
    if u.kneeling and not airborne:
        return None
    here = u.square
    if not 0 <= here < N_SQ:
        return None
    g = _GEO.get(state.map_id) or geo(state)
    link = g.links[here].get(n)
    if link is None:
        return None
    terrain = g.terrain
    t = terrain[n]
    if t >= GREEN:  # not a square to stop on, walking or flying (EVA-2.6, 2.7, 2.9)
        return None
    _n, diag, s1, s2 = link
    # step_cost of a square neither green nor blue, written out
    if diag:
        cost = 6 if t == YELLOW and not airborne else 3
    else:
        cost = 4 if t == YELLOW and not airborne else 2
    if act.accel:
        cost = (cost + 1) // 2
    if cost > u.energy:
        return None
    if diag:  # a flank is blocked by its colour, or by an Eva on the layer (checked below)
        wall = BLUE if airborne else GREEN
        b1 = terrain[s1] >= wall
        b2 = terrain[s2] >= wall
    else:
        b1 = b2 = False
    free = act.disengaged
    side = u.side
    row = d2_row(here)
    try:
        # only an Eva next to it (D² ≤ 2) can be on n, on a flank or engaged with it;
        # every Eva's square indexes the table (-1, before deployment, the last place)
        for o in state.units:
            if row[o.square] <= 2 and o is not u and o.deployed and not o.destroyed:
                s = o.square
                if s == n:
                    return None
                if o.airborne == airborne:
                    if s == s1:
                        b1 = True
                    elif s == s2:
                        b2 = True
                    if not free and o.side != side and row[s] == 1:  # engaged: it may not walk away (EVA-8.7)
                        return None
    except IndexError:  # a stray square far off the board (no game makes one): path_cost decides
        return None
    if b1 and b2:
        return None
    return cost


def reachable(state: EvaState, ui: int) -> dict[int, tuple[int, int]]:
    """Squares the active unit can move to now: square → (energy cost, previous
    square on a cheapest path). Empty when it may not step (EVA-8)."""
    u = state.units[ui]
    act = state.activation
    if act is None or act.unit != ui:
        return {}
    try:
        _may_step(state, u, act)
        _phase_ok(state, u, act, MOVEMENT)
    except IllegalAction:
        return {}
    best, ground, air = _search(state, ui)
    terrain = geo(state).terrain
    out = {}
    for s, (c, p) in best.items():
        if s == u.square or terrain[s] == GREEN:
            continue
        if (s in ground and ground[s] != ui) or (s in air and air[s] != ui):
            continue
        out[s] = (c, p)
    return out


def _search(state: EvaState, ui: int) -> tuple[dict[int, tuple[int, int]], dict[int, int], dict[int, int]]:
    """Cheapest costs from the unit's square within its energy (a bucket-queue
    Dijkstra), pass-through squares included: square → (cost, previous square)."""
    u = state.units[ui]
    act = state.activation
    assert act is not None
    g = geo(state)
    ground, air = occupancy(state)
    airborne = u.airborne
    mine = air if airborne else ground
    budget = u.energy
    start = u.square
    accel = act.accel
    terrain = g.terrain
    engaged_sq: set[int] = set()
    if not act.disengaged:
        for e in state.units:
            if e.side != u.side and e.on_board and e.airborne == airborne:
                ex, ey = e.square % W, e.square // W
                for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                    nx, ny = ex + dx, ey + dy
                    if 0 <= nx < W and 0 <= ny < H:
                        engaged_sq.add(ny * W + nx)
    best: dict[int, tuple[int, int]] = {start: (0, -1)}
    buckets: list[list[int]] = [[] for _ in range(budget + 1)]
    buckets[0].append(start)
    for c in range(budget + 1):
        for s in buckets[c]:
            if best[s][0] != c:
                continue
            if s != start and s in engaged_sq:
                continue  # it may stop here but not go on (EVA-8.7)
            for n, diag, s1, s2 in g.nbrs[s]:
                t = terrain[n]
                if airborne:
                    if t == BLUE:
                        continue
                    base = 3 if diag else 2
                else:
                    if t >= GREEN:
                        continue
                    base = (6 if diag else 4) if t == YELLOW else (3 if diag else 2)
                cost = c + ((base + 1) // 2 if accel else base)
                if cost > budget:
                    continue
                if n in mine and mine[n] != ui:
                    continue
                if diag:
                    if airborne:
                        b1 = terrain[s1] == BLUE or (s1 in air and air[s1] != ui)
                        b2 = terrain[s2] == BLUE or (s2 in air and air[s2] != ui)
                    else:
                        b1 = terrain[s1] >= GREEN or (s1 in ground and ground[s1] != ui)
                        b2 = terrain[s2] >= GREEN or (s2 in ground and ground[s2] != ui)
                    if b1 and b2:
                        continue
                old = best.get(n)
                if old is None or cost < old[0]:
                    best[n] = (cost, s)
                    buckets[cost].append(n)
    return best, ground, air


def _path_to(start: int, dest: int, state: EvaState, ui: int) -> list[int]:
    """A cheapest path to ``dest``, following the search's predecessor links."""
    full = _search(state, ui)[0]
    path = [dest]
    s = dest
    while s != start:
        s = full[s][1]
        path.append(s)
    return path[::-1]


def cheapest_path(state: EvaState, ui: int, src: int, dst: int) -> list[int] | None:
    """A cheapest legal path from ``src`` (the unit's square) to ``dst``, or None."""
    u = state.units[ui]
    if state.activation is None or state.activation.unit != ui or src != u.square:
        return None
    reach = reachable(state, ui)
    if dst not in reach:
        return None
    return _path_to(src, dst, state, ui)


# ---------------------------------------------------------------------------
# Checks common to actions
# ---------------------------------------------------------------------------
def _active(state: EvaState, side: int, ui: int) -> tuple[Unit, Activation]:
    if state.phase != BATTLE:
        raise _refuse(N_("The battle has not started."), "EVA-5.1")
    if state.pending is not None:
        raise _refuse(
            N_("A decision is awaited first."), "EVA-9.7" if state.pending.kind == "stow" else "EVA-11.9"
        )
    act = state.activation
    if act is None:
        raise _refuse(N_("Activate an Eva first."), "EVA-5.4")
    if not 0 <= ui < len(state.units) or act.unit != ui:
        raise _refuse(
            N_("{unit} is not the Eva being activated."), "EVA-5.4", unit=state.units[act.unit].name
        )
    u = state.units[ui]
    if u.side != side:
        raise _refuse(N_("That Eva is not yours."), "EVA-1.1")
    return u, act


def _phase_ok(state: EvaState, u: Unit, act: Activation, cls: int) -> None:
    """EVA-6.4: at most one change between movement and shooting."""
    if act.last_class not in (NONE, cls) and act.switches >= 1:
        raise _refuse(
            N_("{unit} has already switched between moving and shooting once this activation."),
            "EVA-6.4",
            unit=u.name,
        )


def _note_class(act: Activation, cls: int) -> None:
    if act.last_class not in (NONE, cls):
        act.switches += 1
    act.last_class = cls


def _energy(u: Unit, cost: int, what: str) -> None:
    if cost > u.energy:
        raise _refuse(
            N_("{unit} has {energy} energy left; {what} costs {cost}."),
            "EVA-6.2",
            unit=u.name,
            energy=u.energy,
            what=_(what),
            cost=cost,
        )


def _obligation_free(u: Unit, act: Activation) -> None:
    if act.obligation:
        raise _refuse(
            N_("{unit} is engaged and must first fight, disengage, jump or detonate."),
            "EVA-12.10",
            unit=u.name,
        )


def _enemy(state: EvaState, side: int, ti: int) -> Unit:
    if not 0 <= ti < len(state.units):
        raise _refuse(N_("No such Eva."), "EVA-1.1")
    t = state.units[ti]
    if t.side == side:
        raise _refuse(N_("Attacks may target only enemy Evas."), "EVA-10.2")
    if not t.on_board:
        raise _refuse(N_("{unit} is not on the board."), "EVA-5.7", unit=t.name)
    return t


# ---------------------------------------------------------------------------
# Ranged attacks (EVA-10, EVA-11, EVA-15)
# ---------------------------------------------------------------------------
class AttackPlan:
    """A checked ranged attack: TN, modifiers, damage per hit, energy."""

    __slots__ = ("band", "cost", "cover", "damage", "mods", "seen", "tn", "w")

    def __init__(self) -> None:
        self.mods: list[tuple[str, int]] = []


def tn_and_mods(
    state: EvaState, u: Unit, t: Unit, w: Weapon | None, burst: bool, seen: bool, cover: bool, band: int
) -> tuple[int, list[tuple[str, int]]]:
    """Target number and itemised modifiers (EVA-10.5; EVA-14.2 when ``w`` is None)."""
    mods: list[tuple[str, int]] = []
    if cover:
        mods.append((N_("target in cover"), 1))
    if u.airborne:
        mods.append((N_("attacker airborne"), 1))
    if t.airborne:
        mods.append((N_("target airborne"), 1))
    if w is not None:
        if burst:
            mods.append((N_("burst"), 1))
        if w.hands == 2 and u.trauma("arms"):
            mods.append((N_("two-handed weapon with an arms trauma"), 1))
        if w.positron and not seen:
            mods.append((N_("target not seen"), 1))
        if w.tn:
            mods.append(
                (N_("Sniper Pallet Rifle") if w.code == "sniper" else N_("Lance of Longinus throw"), w.tn)
            )
    if u.has("sync"):
        mods.append((N_("High Synchronisation"), -1))
    return BAND_BASE[band] + sum(m for _l, m in mods), mods


def plan_fire(state: EvaState, side: int, a: Fire) -> AttackPlan:
    """Check a ranged attack (EVA-10.2 and the weapon's rules); raises IllegalAction."""
    u, act = _active(state, side, a.unit)
    _obligation_free(u, act)
    if u.berserk:
        raise _refuse(N_("{unit} is berserk and makes no ranged attacks."), "EVA-16.7", unit=u.name)
    if not 0 <= a.item < len(u.items) or u.items[a.item].gone:
        raise _refuse(N_("{unit} does not carry that weapon any more."), "EVA-9.5", unit=u.name)
    item = u.items[a.item]
    w = WEAPONS.get(item.code)
    if w is None or w.damage is None:
        raise _refuse(N_("The {item} is not a ranged weapon."), "EVA-15.1", item=item.label)
    if a.item not in u.hands:
        raise _refuse(N_("{unit} is not holding its {item}."), "EVA-10.2", unit=u.name, item=item.label)
    if a.item not in act.hands_at_start:
        raise _refuse(
            N_("The {item} was not in hand at the start of the activation, so it cannot fire."),
            "EVA-9.6",
            item=item.label,
        )
    if a.item in act.fired:
        raise _refuse(N_("The {item} has already fired this activation."), "EVA-10.1", item=item.label)
    if a.burst and (not item.auto or w.auto_points is None):
        raise _refuse(N_("Only a rifle bought with automatic fire can fire a burst."), "EVA-10.10")
    if a.burst and a.aimed:
        raise _refuse(N_("A burst cannot be aimed."), "EVA-11.1")
    t = _enemy(state, side, a.target)
    if a.aimed:
        if a.aimed not in ("arms", "legs", "body", "wings"):
            raise _refuse(N_("Aim at arms, legs, body or wings."), "EVA-11.1")
        if a.aimed == "wings" and not t.airborne:
            raise _refuse(N_("Wings may be named only when the target is airborne."), "EVA-11.1")
    if w.positron and state.round - u.positron_round < 2:
        raise _refuse(
            N_("The Positron Cannon fired last round; it may fire again in round {n}."),
            "EVA-15.18",
            n=u.positron_round + 2,
        )
    dist = d2(u.square, t.square)
    band = band_of(dist)
    if band == OUT:
        raise _refuse(N_("{target} is out of range (more than 20 squares)."), "EVA-3.3", target=t.name)
    seen = sees(state, u, t)
    p = AttackPlan()
    p.w = w
    p.band = band
    p.seen = seen
    dmg = w.damage[band]
    if w.positron:
        info, _e1, _e2 = geo(state).line(u.square, t.square)
        if info.blue:
            raise _refuse(N_("Blue on the line stops the Positron Cannon."), "EVA-4.10")
        dmg -= 2 * positron_pierce(state, u, t)
        if dmg <= 0:
            raise _refuse(N_("The beam would lose all its damage in the obstacles."), "EVA-15.17")
    else:
        if dmg == 0:
            raise _refuse(
                N_("The {item} cannot attack at {band} range."),
                "EVA-10.3",
                item=item.label,
                band=_(("close", "medium", "long")[band]),
            )
        if not seen:
            raise _refuse(N_("{unit} does not see {target}."), "EVA-4.9", unit=u.name, target=t.name)
    if is_engaged(state, t):
        raise _refuse(N_("{target} is engaged in melee and may not be shot."), "EVA-10.2", target=t.name)
    _phase_ok(state, u, act, SHOOTING)
    cost = 5 if a.burst else w.energy
    if a.aimed:
        cost *= 2
    _energy(u, cost, N_("this attack"))
    p.cost = cost
    p.damage = dmg
    p.cover = seen and in_cover(state, u, t)
    p.tn, p.mods = tn_and_mods(state, u, t, w, a.burst, seen, p.cover, band)
    return p


def _hits(die: int, tn: int) -> bool:
    """EVA-10.6: natural 1 misses, natural 6 hits, else die ≥ TN."""
    return die != 1 and (die == 6 or die >= tn)


def p_hit_die(tn: int) -> Fraction:
    """Chance one die hits a TN (EVA-10.6)."""
    return Fraction(7 - min(6, max(2, tn)), 6)


def hit_odds(u: Unit, w: Weapon | None, tn: int, no_roll: bool = False) -> tuple[Fraction, Fraction]:
    """Exact (chance to hit, chance of a confirmed critical) of one shot (EVA-10.6
    to EVA-10.8), targeting systems and Combat Anatomy included."""
    if no_roll:
        return Fraction(1), Fraction(0)
    p = p_hit_die(tn)
    thr = max(w.crit if w is not None else 7, min(6, max(2, tn)))
    c = Fraction(max(0, 7 - thr), 6) if w is not None else Fraction(0)
    if u.has("itargeting"):
        hit = 1 - (1 - p) ** 2
        cand = 1 - (1 - c) ** 2
    elif u.has("targeting"):
        hit = p + (1 - p) * p
        cand = c + (1 - p) * c
    else:
        hit, cand = p, c
    confirm = Fraction(1) if (u.has("anatomy") and w is not None and not w.spear) else p
    return hit, cand * confirm


def _to_hit(u: Unit, tn: int, dice: Dice, out_dice: list[int], out: list) -> int:
    """Roll the to-hit die with targeting systems (EVA-10.7); returns the die that counts."""
    d = dice.d6()
    out_dice.append(d)
    if u.has("itargeting"):
        d2_ = dice.d6()
        out_dice.append(d2_)
        reveal(u, "itargeting", out)
        return max(d, d2_)
    if u.has("targeting") and not _hits(d, tn):
        d = dice.d6()
        out_dice.append(d)
        reveal(u, "targeting", out)
    return d


def do_fire(state: EvaState, side: int, a: Fire, dice: Dice) -> list:
    p = plan_fire(state, side, a)
    u = state.units[a.unit]
    act = state.activation
    assert act is not None
    t = state.units[a.target]
    w = p.w
    out: list = []
    u.energy -= p.cost
    _note_class(act, SHOOTING)
    act.fired.append(a.item)
    item = u.items[a.item]
    out.append(
        ev.AttackDeclared(
            unit=u.name,
            unit_side=u.side,
            weapon=item.code,
            target=t.name,
            target_side=t.side,
            square=sq(t.square),
            band=p.band,
            burst=a.burst,
            aimed=a.aimed,
        )
    )
    mod_text = [_(label) + (f" {m:+d}") for label, m in p.mods]
    if p.cover and not any(label == N_("target in cover") for label, _m in p.mods):
        mod_text.append(_("target in cover"))
    out.append(
        ev.AttackOdds(
            to=(u.side,),
            unit=u.name,
            unit_side=u.side,
            tn=p.tn,
            modifiers=[_(("close", "medium", "long")[p.band]), *mod_text],
        )
    )
    if w.positron:
        u.positron_round = state.round
    shots = 3 if a.burst else 1
    for n in range(1, shots + 1):
        if t.destroyed or state.over:
            break
        _resolve_shot(state, u, a.unit, a.target, w, p, a.aimed, n if a.burst else 0, dice, out)
    if w.thrown:
        item.gone = True
        u.hands = [i for i in u.hands if i != a.item]
    out.append(ev.EnergyNow(to=(u.side,), unit=u.name, unit_side=u.side, energy=u.energy, spent=p.cost))
    return out


def _resolve_shot(
    state: EvaState,
    u: Unit,
    ui: int,
    ti: int,
    w: Weapon,
    p: AttackPlan,
    aimed: str,
    shot_no: int,
    dice: Dice,
    out: list,
) -> None:
    t = state.units[ti]
    faces: list[int] = []
    if w.no_roll:  # N2 Bomb: always hits, no critical (EVA-15.8)
        hit, die = True, 0
    else:
        die = _to_hit(u, p.tn, dice, faces, out)
        hit = _hits(die, p.tn)
    candidate = hit and not w.no_roll and die >= w.crit
    confirm = 0
    auto = False
    critical = False
    if candidate:
        if u.has("anatomy") and not w.spear:  # EVA-16.13
            auto = critical = True
            reveal(u, "anatomy", out)
        else:
            confirm = dice.d6()
            critical = _hits(confirm, p.tn)
    if not hit:
        out.append(
            ev.ShotRolled(
                unit=u.name,
                unit_side=u.side,
                target=t.name,
                target_side=t.side,
                dice=faces,
                hit=False,
                shot=shot_no,
            )
        )
        return
    if critical and w.spear:  # EVA-15.14 instant destruction
        out.append(
            ev.ShotRolled(
                unit=u.name,
                unit_side=u.side,
                target=t.name,
                target_side=t.side,
                dice=faces,
                hit=True,
                candidate=True,
                confirm=confirm,
                critical=True,
                instant=True,
                shot=shot_no,
            )
        )
        destroy(state, ti, out)
        check_elimination(state, out)
        return
    raw = p.damage * (2 if critical else 1)
    out.append(
        ev.ShotRolled(
            unit=u.name,
            unit_side=u.side,
            target=t.name,
            target_side=t.side,
            dice=faces,
            hit=True,
            candidate=candidate,
            confirm=confirm,
            auto_confirm=auto,
            critical=critical,
            raw=raw,
            shot=shot_no,
            no_roll=w.no_roll,
        )
    )
    lost = deal(state, ti, raw, w, out)
    if w.spear:  # EVA-15.13: pinned and energy, even if the Shield took it all
        t.pinned = True
        out.append(ev.Pinned(unit=t.name, unit_side=t.side))
        if w.lance:
            t.lance_hits += 1
        else:
            t.replica_hits += 1
        out.append(ev.EnergyPenalty(to=(t.side,), unit=t.name, unit_side=t.side, amount=5 if w.lance else 3))
    if t.armour <= 0:
        check_destroyed(state, [ti], out)
        return
    if aimed and lost >= 7:  # EVA-11.2
        inflict(state, ti, aimed, dice, out)


def inflict(state: EvaState, ti: int, zone: str, dice: Dice, out: list, check: bool = True) -> None:
    """Inflict a trauma and its immediate effects (EVA-11.3 to EVA-11.8). ``check``: check
    destruction after a fall here (False in melee, where the exchange checks it, EVA-12.8)."""
    t = state.units[ti]
    s2 = t.has("s2")
    expires = t.activations + 1 if s2 else None
    existing = next((x for x in t.traumas if x.zone == zone), None)
    if zone == "legs" or existing is None:
        t.traumas.append(Trauma(zone, expires))
    elif s2:
        existing.expires = expires
    out.append(
        ev.TraumaInflicted(
            to=None if zone == "wings" else (t.side,),
            unit=t.name,
            unit_side=t.side,
            zone=zone,
            lasting=None if zone == "wings" else not s2,  # EVA-18.4: S2 never announced
        )
    )
    if zone == "wings" and t.airborne:  # EVA-11.6
        t.airborne = False
        t.kneeling = False
        die = dice.d6()
        out.append(ev.Fell(unit=t.name, unit_side=t.side, die=die))
        deal(state, ti, die, None, out)
        if check:
            check_destroyed(state, [ti], out)
    if zone == "arms":
        one = [i for i in t.hands if not _big(t, i)]
        if len(one) == 2 and not t.destroyed:
            keep = _default_keep(t, one)
            state.pending = Pending(
                kind="stow",
                side=t.side,
                unit=ti,
                choices=[t.items[i].label for i in one],
                default=t.items[keep].label,
            )
            out.append(ev.Waiting(kind="stow", side=t.side, unit=t.name, unit_side=t.side))


def _default_keep(t: Unit, one: list[int]) -> int:
    """EVA-9.7 default: the costlier weapon (automatic fire included), else the first listed."""

    def key(i: int) -> tuple[int, int]:
        it = t.items[i]
        from engine.rulesets.eva.roster import WeaponEntry

        return (-weapon_cost(WeaponEntry(it.code, it.auto)), i)

    return min(one, key=key)


# ---------------------------------------------------------------------------
# Melee (EVA-12)
# ---------------------------------------------------------------------------
def melee_weapon(u: Unit) -> Weapon | None:
    """The melee weapon used (EVA-12.4 a): highest bonus, ties by AT effect."""
    best: Weapon | None = None
    for i in u.hands:
        w = WEAPONS.get(u.items[i].code)
        if w is None or w.melee is None:
            continue
        if best is None or (w.melee, -_at_rank(w)) > (best.melee or 0, -_at_rank(best)):
            best = w
    return best


def _at_rank(w: Weapon) -> int:
    if w.ignores_at:
        return 0
    return {3: 1, 4: 2}.get(w.at_cap or 0, 3)


def reach(u: Unit) -> int:
    """Reach in squares (EVA-3.6)."""
    r = (
        2
        if any(WEAPONS.get(u.items[i].code) is not None and WEAPONS[u.items[i].code].spear for i in u.hands)
        else 1
    )
    return r + (1 if u.has("arms") else 0)


def melee_bonus(u: Unit, attacker: bool, dist2: int) -> int:
    """Melee bonus (EVA-12.4)."""
    w = melee_weapon(u)
    b = (w.melee or 0) if w is not None else 0
    if attacker and u.has("arms") and dist2 == 1:
        b += 1
    if u.has("jaws"):
        b += 3
    if u.berserk:
        b += 3
    return b


def check_melee(state: EvaState, side: int, a: Melee) -> tuple[Unit, Unit]:
    u, act = _active(state, side, a.unit)
    t = _enemy(state, side, a.target)
    if act.melee_done:
        raise _refuse(
            N_("{unit} has already made its melee attack this activation."), "EVA-12.3", unit=u.name
        )
    if held_shield(u):
        raise _refuse(N_("An Eva holding the Shield cannot fight in melee."), "EVA-16.14")
    if u.airborne != t.airborne:
        raise _refuse(N_("Melee happens only between Evas on the same layer."), "EVA-12.1")
    dist = d2(u.square, t.square)
    r = reach(u)
    if dist > r * r:
        raise _refuse(
            N_("{target} is beyond {unit}'s reach of {reach}."),
            "EVA-3.6",
            target=t.name,
            unit=u.name,
            reach=r,
        )
    if dist > 1 and not sees(state, u, t):
        raise _refuse(N_("{unit} does not see {target}."), "EVA-4.9", unit=u.name, target=t.name)
    if act.obligation and dist != 1:
        raise _refuse(
            N_("{unit} must first fight an enemy it is engaged with, or leave."), "EVA-12.10", unit=u.name
        )
    _energy(u, 3, N_("a melee attack"))
    return u, t


def _melee_roll(u: Unit, dice: Dice, out: list) -> tuple[list[list[int]], int]:
    first = list(dice.nd6(2))
    if u.has("pseudo"):  # EVA-16.2: twice, keep the higher
        second = list(dice.nd6(2))
        reveal(u, "pseudo", out)
        return [first, second], max(sum(first), sum(second))
    return [first], sum(first)


def do_melee(state: EvaState, side: int, a: Melee, dice: Dice) -> list:
    u, t = check_melee(state, side, a)
    act = state.activation
    assert act is not None
    out: list = []
    u.energy -= 3
    act.melee_done = True
    act.obligation = False
    dist = d2(u.square, t.square)
    out.append(
        ev.MeleeAttack(unit=u.name, unit_side=u.side, target=t.name, target_side=t.side, square=sq(t.square))
    )
    aw = melee_weapon(u)
    if u.has("arms") and dist >= 2:  # EVA-12.5 automatic loss
        reveal(u, "arms", out)
        out.append(ev.AutoLoss(attacker=u.name, attacker_side=u.side, defender=t.name, defender_side=t.side))
        faces = dice.nd6(2)
        out.append(ev.DamageDice(unit=t.name, unit_side=t.side, dice=list(faces), raw=sum(faces)))
        deal(state, a.target, sum(faces), aw, out)
        check_destroyed(state, [a.target], out)
    else:
        a_sets, a_sum = _melee_roll(u, dice, out)
        d_sets, d_sum = _melee_roll(t, dice, out)
        at = a_sum + melee_bonus(u, True, dist)
        dt = d_sum + melee_bonus(t, False, dist)
        if at == dt:
            out.append(
                ev.MeleeRolled(
                    attacker=u.name,
                    attacker_side=u.side,
                    defender=t.name,
                    defender_side=t.side,
                    a_dice=a_sets,
                    d_dice=d_sets,
                    a_total=at,
                    d_total=dt,
                )
            )
            cont = MeleeContinuation(a.unit, a.target, -1, -1, _wcode(aw), _wcode(melee_weapon(t)))
            _melee_damage(state, cont, None, dice, out)
        else:
            winner, loser = (a.unit, a.target) if at > dt else (a.target, a.unit)
            wt, lt = (at, dt) if at > dt else (dt, at)
            crit = wt > 2 * lt
            if crit and winner == a.target and held_shield(t):
                crit = False  # a Shield holder's critical win has no effect (EVA-12.7)
            out.append(
                ev.MeleeRolled(
                    attacker=u.name,
                    attacker_side=u.side,
                    defender=t.name,
                    defender_side=t.side,
                    a_dice=a_sets,
                    d_dice=d_sets,
                    a_total=at,
                    d_total=dt,
                    winner=state.units[winner].name,
                    winner_side=state.units[winner].side,
                    critical=crit,
                )
            )
            cont = MeleeContinuation(a.unit, a.target, winner, loser, _wcode(aw), _wcode(melee_weapon(t)))
            if crit:
                lu = state.units[loser]
                choices = ["arms", "legs", "body"] + (["wings"] if lu.airborne else [])
                state.pending = Pending(
                    kind="zone",
                    side=state.units[winner].side,
                    unit=loser,
                    choices=choices,
                    default="legs",
                    melee=cont,
                )
                out.append(
                    ev.Waiting(kind="zone", side=state.units[winner].side, unit=lu.name, unit_side=lu.side)
                )
            else:
                _melee_damage(state, cont, None, dice, out)
    out.append(ev.EnergyNow(to=(u.side,), unit=u.name, unit_side=u.side, energy=u.energy, spent=3))
    return out


def _wcode(w: Weapon | None) -> str:
    return w.code if w is not None else ""


def _melee_damage(state: EvaState, c: MeleeContinuation, zone: str | None, dice: Dice, out: list) -> None:
    """Damage of an exchange (EVA-12.7, EVA-12.8): the defender's dice first, then
    the attacker's, both applied, then the trauma, then destruction."""
    att = state.units[c.attacker]
    dfn = state.units[c.defender]
    shield_def = held_shield(dfn)
    aw = WEAPONS.get(c.a_weapon) if c.a_weapon else None
    dw = WEAPONS.get(c.d_weapon) if c.d_weapon else None
    # how many dice each suffers
    if c.winner < 0:
        n_def, n_att = 1, (0 if shield_def else 1)
    else:
        crit = zone is not None
        n_loser = 3 if crit else 2
        if c.winner == c.attacker:
            n_def, n_att = n_loser, (0 if shield_def else 1)
        else:
            n_def, n_att = 1, (0 if shield_def else n_loser)
    dmg_def = dice.nd6(n_def) if n_def else ()
    dmg_att = dice.nd6(n_att) if n_att else ()
    if dmg_def:
        out.append(ev.DamageDice(unit=dfn.name, unit_side=dfn.side, dice=list(dmg_def), raw=sum(dmg_def)))
        deal(state, c.defender, sum(dmg_def), aw, out)
    if dmg_att:
        out.append(ev.DamageDice(unit=att.name, unit_side=att.side, dice=list(dmg_att), raw=sum(dmg_att)))
        deal(state, c.attacker, sum(dmg_att), dw, out)
    if zone is not None and state.units[c.loser].armour > 0:
        inflict(state, c.loser, zone, dice, out, check=False)
    check_destroyed(state, [c.defender, c.attacker], out)


# ---------------------------------------------------------------------------
# Other actions
# ---------------------------------------------------------------------------
def check(state: EvaState, side: int, a: object) -> None:
    """Raise IllegalAction if ``side`` may not take action ``a`` now; never changes
    the state."""
    kind = type(a)
    if kind is Concede:
        if state.over:
            raise _refuse(N_("The game is over."), "EVA-5.11")
        return
    if state.over:
        raise _refuse(N_("The game is over."), "EVA-5.9")
    pend = state.pending
    if pend is not None:
        if kind is not NameZone and kind is not Keep:
            raise _refuse(
                N_("A decision is awaited first."), "EVA-9.7" if pend.kind == "stow" else "EVA-11.9"
            )
        if side != pend.side:
            raise _refuse(
                N_("The other player decides this."), "EVA-9.7" if pend.kind == "stow" else "EVA-11.9"
            )
    checker = _CHECKS.get(kind)
    if checker is None:
        raise _refuse(N_("Unknown action."), "EVA-6.2")
    checker(state, side, a)


def _c_name_zone(state: EvaState, side: int, a: NameZone) -> None:
    pend = state.pending
    if pend is None or pend.kind != "zone":
        raise _refuse(N_("No trauma zone is being named now."), "EVA-11.9")
    if a.zone not in pend.choices:
        raise _refuse(N_("Wings may be named only when the loser is airborne."), "EVA-11.9")


def _c_keep(state: EvaState, side: int, a: Keep) -> None:
    pend = state.pending
    if pend is None or pend.kind != "stow" or a.unit != pend.unit:
        raise _refuse(N_("No weapon has to be stowed now."), "EVA-9.7")
    t = state.units[a.unit]
    if not 0 <= a.item < len(t.items) or t.items[a.item].label not in pend.choices:
        raise _refuse(N_("Keep one of the two weapons in hand."), "EVA-9.7")


def _c_choose_zone(state: EvaState, side: int, a: ChooseZone) -> None:
    if state.phase != ZONE:
        raise _refuse(N_("Deployment zones are already chosen."), "EVA-5.2")
    if side != state.chooser:
        raise _refuse(N_("The winner of the roll-off chooses the zone."), "EVA-5.2")
    if a.zone not in ("south", "north"):
        raise _refuse(N_("Choose south or north."), "EVA-5.2")


def _c_move(state: EvaState, side: int, a: Move) -> None:
    u, act = _active(state, side, a.unit)
    _phase_ok(state, u, act, MOVEMENT)
    path_cost(state, a.unit, a.path)


def _c_stance(state: EvaState, side: int, a: Kneel | Stand) -> None:
    u, act = _active(state, side, a.unit)
    _obligation_free(u, act)
    if u.airborne:
        raise _refuse(N_("An airborne Eva cannot kneel."), "EVA-16.10")
    if type(a) is Kneel and u.kneeling:
        raise _refuse(N_("{unit} is already kneeling."), "EVA-8.6", unit=u.name)
    if type(a) is Stand and not u.kneeling:
        raise _refuse(N_("{unit} is already standing."), "EVA-8.6", unit=u.name)
    _phase_ok(state, u, act, MOVEMENT)
    _energy(u, 1, N_("kneeling or standing up"))


def _c_swap(state: EvaState, side: int, a: Swap) -> int:
    """Check a swap; returns its energy cost."""
    u, _act = _active(state, side, a.unit)
    why = hands_legal(u, a.hands)
    if why:
        raise _refuse(why, "EVA-9.1")
    new = sorted(a.hands)
    if new == sorted(u.hands):
        raise _refuse(N_("That is what {unit} already holds."), "EVA-9.3", unit=u.name)
    cost = swap_cost(u, new)
    _energy(u, cost, N_("this swap"))
    return cost


def _c_discard(state: EvaState, side: int, a: Discard) -> None:
    u, _act = _active(state, side, a.unit)
    if not held_shield(u):
        raise _refuse(N_("{unit} is not holding a Shield."), "EVA-9.4", unit=u.name)


def _c_disengage(state: EvaState, side: int, a: Disengage) -> None:
    u, act = _active(state, side, a.unit)
    if not is_engaged(state, u):
        raise _refuse(N_("{unit} is not engaged in melee."), "EVA-12.11", unit=u.name)
    if act.disengage_tried:
        raise _refuse(N_("{unit} has already tried to disengage this activation."), "EVA-12.11", unit=u.name)


def _c_neutralise(state: EvaState, side: int, a: Neutralise) -> None:
    u, act = _active(state, side, a.unit)
    _check_neutralise(state, side, u, act, a)


def _c_jump(state: EvaState, side: int, a: Jump) -> None:
    u, act = _active(state, side, a.unit)
    _check_jump(state, u, act, a)


def _c_takeoff(state: EvaState, side: int, a: TakeOff) -> None:
    u, act = _active(state, side, a.unit)
    _obligation_free(u, act)
    if not u.has("wings"):
        raise _refuse(N_("{unit} has no Wings."), "EVA-16.10", unit=u.name)
    if u.airborne:
        raise _refuse(N_("{unit} is already airborne."), "EVA-16.10", unit=u.name)
    if u.kneeling:
        raise _refuse(N_("A kneeling Eva must stand up before taking off."), "EVA-8.6")
    if u.trauma("wings"):
        raise _refuse(N_("{unit}'s wings are damaged; it cannot fly."), "EVA-11.6", unit=u.name)
    if act.no_steps or (is_engaged(state, u) and not act.disengaged):
        raise _refuse(N_("{unit} is engaged and may not take off."), "EVA-8.7", unit=u.name)
    _energy(u, 1, N_("taking off"))


def _c_land(state: EvaState, side: int, a: Land) -> None:
    u, act = _active(state, side, a.unit)
    _obligation_free(u, act)
    if not u.airborne:
        raise _refuse(N_("{unit} is not airborne."), "EVA-16.10", unit=u.name)
    _energy(u, 1, N_("landing"))


def _c_detonate(state: EvaState, side: int, a: Detonate) -> None:
    u, _act = _active(state, side, a.unit)
    if not u.has("dmodule"):
        raise _refuse(N_("{unit} has no D-Module."), "EVA-16.3", unit=u.name)
    _energy(u, 3, N_("detonation"))


def _c_accelerate(state: EvaState, side: int, a: Accelerate) -> None:
    u, act = _active(state, side, a.unit)
    if not u.has("accel"):
        raise _refuse(N_("{unit} has no Acceleration."), "EVA-16.11", unit=u.name)
    if u.accel_used:
        raise _refuse(N_("Acceleration can be used once per game."), "EVA-16.11")
    if act.stepped:
        raise _refuse(N_("Acceleration must be declared before the first step."), "EVA-16.11")


def _c_end(state: EvaState, side: int, a: End) -> None:
    u, act = _active(state, side, a.unit)
    _obligation_free(u, act)


def _check_deploy(state: EvaState, side: int, a: Deploy) -> None:
    if state.phase != DEPLOY:
        raise _refuse(N_("This is not the deployment."), "EVA-5.2")
    if side != state.placer:
        raise _refuse(N_("It is the other player's turn to place an Eva."), "EVA-5.2")
    if not 0 <= a.unit < len(state.units) or state.units[a.unit].side != side:
        raise _refuse(N_("That Eva is not yours."), "EVA-1.1")
    u = state.units[a.unit]
    if u.deployed:
        raise _refuse(N_("{unit} is already on the board."), "EVA-5.2", unit=u.name)
    if not 0 <= a.square < N_SQ:
        raise _refuse(N_("That square is not on the board."), "EVA-8.9")
    rows = SOUTH_ROWS if state.zones[side] == 0 else NORTH_ROWS
    if a.square // W not in rows:
        raise _refuse(N_("{square} is outside your deployment zone."), "EVA-5.2", square=sq(a.square))
    if geo(state).terrain[a.square] >= GREEN:
        raise _refuse(N_("Evas deploy on open, red or yellow squares."), "EVA-5.2")
    if any(o.deployed and o.square == a.square for o in state.units):
        raise _refuse(N_("{square} already holds an Eva."), "EVA-5.2", square=sq(a.square))
    why = hands_legal(u, sorted(a.hands))
    if why:
        raise _refuse(why, "EVA-9.1")


def _check_activate(state: EvaState, side: int, a: Activate) -> None:
    if state.phase != BATTLE:
        raise _refuse(N_("The battle has not started."), "EVA-5.1")
    if state.activation is not None:
        raise _refuse(
            N_("{unit} is still being activated; end its activation first."),
            "EVA-5.4",
            unit=state.units[state.activation.unit].name,
        )
    if side != state.turn:
        raise _refuse(N_("It is the other player's turn to activate an Eva."), "EVA-5.4")
    if not 0 <= a.unit < len(state.units):
        raise _refuse(N_("No such Eva."), "EVA-1.1")
    u = state.units[a.unit]
    if u.side != side:
        raise _refuse(N_("That Eva is not yours."), "EVA-1.1")
    if not u.on_board:
        raise _refuse(N_("{unit} is not on the board."), "EVA-5.7", unit=u.name)
    if u.activated:
        raise _refuse(N_("{unit} has already been activated this round."), "EVA-5.4", unit=u.name)
    if a.berserk and not berserk_eligible(u):
        raise _refuse(
            N_("{unit} cannot roll for Berserk now (it needs Berserk and armour 6 or less)."),
            "EVA-16.7",
            unit=u.name,
        )


def berserk_eligible(u: Unit) -> bool:
    """May the owner roll for Berserk at this activation's start? (EVA-16.7; the armour
    test uses armour after S2 regeneration, but Berserk and S2 never combine)."""
    return u.has("berserk") and not u.berserk and u.armour <= 6


def _check_neutralise(state: EvaState, side: int, u: Unit, act: Activation, a: Neutralise) -> None:
    t = _enemy(state, side, a.target)
    if a.target in act.neutralise_tried:
        raise _refuse(
            N_("{unit} has already tried to neutralise {target} this activation."),
            "EVA-14.1",
            unit=u.name,
            target=t.name,
        )
    if t.berserk:
        raise _refuse(N_("A berserk Eva's field cannot be neutralised."), "EVA-16.7")
    engaged = u.airborne == t.airborne and d2(u.square, t.square) == 1
    if act.obligation and not engaged:
        raise _refuse(
            N_("{unit} must first fight an enemy it is engaged with, or leave."), "EVA-12.10", unit=u.name
        )
    if not engaged:
        if band_of(d2(u.square, t.square)) == OUT:
            raise _refuse(N_("{target} is out of range (more than 20 squares)."), "EVA-3.3", target=t.name)
        if not sees(state, u, t):
            raise _refuse(N_("{unit} does not see {target}."), "EVA-4.9", unit=u.name, target=t.name)
    _energy(u, 1, N_("neutralisation"))


def jump_targets(state: EvaState, u: Unit) -> list[int]:
    """Landing squares of a Jumpjet jump from u's square (EVA-16.9)."""
    g = geo(state)
    occupied = {o.square for o in state.units if o.on_board}
    return [s for s in g.jump_squares(u.square) if s not in occupied]


def _check_jump(state: EvaState, u: Unit, act: Activation, a: Jump) -> None:
    if not u.has("jumpjet"):
        raise _refuse(N_("{unit} has no Jumpjet."), "EVA-16.9", unit=u.name)
    if u.airborne:
        raise _refuse(N_("An airborne Eva cannot jump."), "EVA-16.9")
    if u.pinned:
        raise _refuse(N_("{unit} is pinned and cannot jump."), "EVA-8.8", unit=u.name)
    if not 0 <= a.square < N_SQ:
        raise _refuse(N_("No Eva may leave the board."), "EVA-8.9")
    dist = d2(u.square, a.square)
    if dist == 0 or dist > 9:
        raise _refuse(N_("A jump lands up to 3 squares away."), "EVA-16.9")
    g = geo(state)
    if g.terrain[a.square] >= GREEN:
        raise _refuse(N_("A jump cannot land on a green or blue square."), "EVA-16.9")
    for o in state.units:
        if o.square == a.square and o.deployed and not o.destroyed:
            raise _refuse(N_("{square} already holds an Eva."), "EVA-16.9", square=sq(a.square))
    start = u.square
    # jump_squares lists the squares within reach, neither green nor blue, with no blue
    # on the line; this one is within reach and neither green nor blue, so it is missing
    # from them exactly when there is blue on the line
    if (a.square not in g.jump_squares(start)) if 0 <= start < N_SQ else g.line(start, a.square)[0].blue:
        raise _refuse(N_("Blue on the line stops the jump."), "EVA-4.10")
    _energy(u, 2, N_("a jump"))


_CHECKS: dict[type, Any] = {
    NameZone: _c_name_zone,
    Keep: _c_keep,
    ChooseZone: _c_choose_zone,
    Deploy: lambda state, side, a: _check_deploy(state, side, a),
    Activate: lambda state, side, a: _check_activate(state, side, a),
    Fire: plan_fire,
    Melee: check_melee,
    Move: _c_move,
    Kneel: _c_stance,
    Stand: _c_stance,
    Swap: _c_swap,
    Discard: _c_discard,
    Disengage: _c_disengage,
    Neutralise: _c_neutralise,
    Jump: _c_jump,
    TakeOff: _c_takeoff,
    Land: _c_land,
    Detonate: _c_detonate,
    Accelerate: _c_accelerate,
    End: _c_end,
}


# ---------------------------------------------------------------------------
# apply
# ---------------------------------------------------------------------------
#: Actions whose resolution repeats the whole check itself (it computes what it needs).
_SELF_CHECKED = (Fire, Melee)


def apply(state: EvaState, side: int, a: object, dice: Dice) -> list:
    """Check and resolve action ``a`` of ``side``; returns the events.

    The most frequent actions are first tried by a resolver of :data:`_QUICK`, which
    resolves one only when the conditions of :func:`check` certainly hold (tested
    directly, without building a refusal) and leaves the state untouched otherwise,
    and returns events already marked as :func:`_mark_shared` marks them; everything
    else, and every action it leaves, goes through :func:`check` (which names the rule
    that refuses it) and the resolution below."""
    quick = _QUICK.get(type(a))
    if quick is not None:
        out = quick(state, side, a, dice)
        if out is not None:
            return out  # its events marked as _mark_shared marks them
    out = _apply(state, side, a, dice)
    _mark_shared(state, out)
    return out


def _side_mark(state: EvaState, u: Unit) -> int:
    """What an event's ``<field>_side`` holds for Eva ``u`` (see :func:`_mark_shared`):
    its side when both sides have an Eva of its name, else -1."""
    units = state.units
    last = _SHARED_LAST
    shared = last[1] if last[0] is units else _shared_names(state)
    return u.side if shared and u.name in shared else -1


# The resolvers of an activation's actions below first test, written out in each, the
# conditions check() and _active() set for every such action: the game not over, no
# decision awaited, the battle on (EVA-5.1), the action's Eva the one being activated
# (EVA-5.4) and ``side``'s (EVA-1.1).


def may_switch(act: Activation, cls: int) -> bool:
    """May the activation take an action of class ``cls`` (MOVEMENT or SHOOTING)?
    :func:`_phase_ok` as a truth value (EVA-6.4: at most one change of class)."""
    last = act.last_class
    return last in (NONE, cls) or act.switches < 1


def _quick_move(state: EvaState, side: int, a: Move, dice: Dice) -> list | None:
    """A single step (EVA-8.2), resolved when it is certainly legal (see :func:`apply`;
    the acting Eva's conditions, :func:`may_switch` and :func:`_note_class` written
    out)."""
    act = state.activation
    ui = a.unit
    if act is None or act.unit != ui or state.over or state.pending is not None or state.phase != BATTLE:
        return None
    units = state.units
    if not 0 <= ui < len(units):
        return None
    u = units[ui]
    path = a.path
    last = act.last_class
    if (
        u.side != side
        or len(path) != 2
        or path[0] != u.square
        or (last != NONE and last != MOVEMENT and act.switches >= 1)  # EVA-6.4
    ):
        return None
    to = path[1]
    cost = _single_step(state, u, act, to)
    if cost is None:
        return None
    u.energy -= cost
    u.square = to
    if last != MOVEMENT:  # _note_class (a struct's field is set only when it changes)
        if last != NONE:
            act.switches += 1
        act.last_class = MOVEMENT
    if not act.stepped:
        act.stepped = True
    last = _SHARED_LAST  # _side_mark, written out
    shared = last[1] if last[0] is units else _shared_names(state)
    m = u.side if shared and u.name in shared else -1
    return [
        ev.Moved(unit=u.name, unit_side=m, path=[SQUARE_NAMES[path[0]], SQUARE_NAMES[to]]),
        ev.EnergyNow(to=(u.side,), unit=u.name, unit_side=m, energy=u.energy, spent=cost),
    ]


def _quick_swap(state: EvaState, side: int, a: Swap, dice: Dice) -> list | None:
    """A swap to one of the Eva's other hand configurations (EVA-9.3), priced by its
    :class:`Held`, resolved when it is certainly legal (see :func:`apply`; the
    acting Eva's conditions written out)."""
    act = state.activation
    ui = a.unit
    if act is None or act.unit != ui or state.over or state.pending is not None or state.phase != BATTLE:
        return None
    units = state.units
    if not 0 <= ui < len(units):
        return None
    u = units[ui]
    if u.side != side:
        return None
    hands = a.hands
    cost = held_facts(u).swap_costs.get(tuple(hands))  # a legal configuration, sorted
    # not what the hands hold (EVA-9.3): a configuration other than the hands (their
    # Held's), so the same items only when the hands hold two out of order
    cur = u.hands
    if cost is None or cost > u.energy or (len(cur) == 2 and cur[0] >= cur[1] and hands == sorted(cur)):
        return None
    out: list = []
    u.energy -= cost
    u.hands = list(hands)
    items = u.items
    held = []  # held_labels, which also tell held_shield (a loop: no comprehension to call)
    for i in hands:
        held.append(items[i].code)
    if "shield" in held:
        reveal(u, "shield", out)
    last = _SHARED_LAST  # _side_mark, written out
    shared = last[1] if last[0] is units else _shared_names(state)
    m = u.side if shared and u.name in shared else -1
    out.append(ev.Swapped(unit=u.name, unit_side=m, held=held))
    out.append(ev.EnergyNow(to=(u.side,), unit=u.name, unit_side=m, energy=u.energy, spent=cost))
    if u.destroyed:  # _after_action (the active Eva is u)
        _after_action(state, dice, out)
    if len(out) > 2:  # more than its own two events
        _mark_shared(state, out)
    return out


def _quick_stance(state: EvaState, side: int, a: Kneel | Stand, dice: Dice) -> list | None:
    """Kneeling or standing up (EVA-8.6), resolved when it is certainly legal (see
    :func:`apply`): free of an obligation to fight (EVA-12.10), on the ground, not
    already so, within the switch limit (EVA-6.4), with 1 energy (the acting Eva's
    conditions, :func:`may_switch`, :func:`_note_class` and :func:`_side_mark` written
    out)."""
    act = state.activation
    ui = a.unit
    if act is None or act.unit != ui or state.over or state.pending is not None or state.phase != BATTLE:
        return None
    units = state.units
    if not 0 <= ui < len(units):
        return None
    u = units[ui]
    if u.side != side:
        return None
    kneel = type(a) is Kneel
    last = act.last_class
    if (
        act.obligation
        or u.airborne
        or (not u.kneeling) != kneel
        or (last != NONE and last != MOVEMENT and act.switches >= 1)  # EVA-6.4
        or u.energy < 1
    ):
        return None
    out: list = []
    u.energy -= 1
    u.kneeling = kneel
    if last != MOVEMENT:  # _note_class (a struct's field is set only when it changes)
        if last != NONE:
            act.switches += 1
        act.last_class = MOVEMENT
    last = _SHARED_LAST
    shared = last[1] if last[0] is units else _shared_names(state)
    m = u.side if shared and u.name in shared else -1
    out.append(ev.Stance(unit=u.name, unit_side=m, kneeling=kneel))
    out.append(ev.EnergyNow(to=(u.side,), unit=u.name, unit_side=m, energy=u.energy, spent=1))
    if u.destroyed:  # _after_action (the active Eva is u)
        _after_action(state, dice, out)
    if len(out) > 2:  # more than its own two events
        _mark_shared(state, out)
    return out


def _quick_end(state: EvaState, side: int, a: End, dice: Dice) -> list | None:
    """The end of an activation (EVA-6.6), resolved when it is certainly legal (see
    :func:`apply`): free of an obligation to fight (EVA-12.10; the acting Eva's
    conditions written out)."""
    act = state.activation
    ui = a.unit
    if (
        act is None
        or act.unit != ui
        or act.obligation
        or state.over
        or state.pending is not None
        or state.phase != BATTLE
    ):
        return None
    units = state.units
    if not 0 <= ui < len(units) or units[ui].side != side:
        return None
    out: list = []
    end_activation(state, dice, out)  # its events marked (no other names a rolled round or the end names)
    return out


def _quick_activate(state: EvaState, side: int, a: Activate, dice: Dice) -> list | None:
    """The start of an activation (EVA-6.1), resolved when it is certainly legal (see
    :func:`apply`): the battle on, no Eva being activated, ``side``'s turn (EVA-5.4),
    its Eva on the board and not yet activated this round, a Berserk roll only where
    one may be made (EVA-16.7)."""
    if (
        state.over
        or state.pending is not None
        or state.phase != BATTLE
        or state.activation is not None
        or side != state.turn
    ):
        return None
    ui = a.unit
    units = state.units
    if not 0 <= ui < len(units):
        return None
    u = units[ui]
    if (
        u.side != side
        or not u.deployed
        or u.destroyed
        or u.activated
        or (a.berserk and not berserk_eligible(u))
    ):
        return None
    out = _activate(state, side, a, dice)
    if len(out) > 2:  # more than its first and last events, which it marks
        _mark_shared(state, out)
    return out


def _quick_deploy(state: EvaState, side: int, a: Deploy, dice: Dice) -> list | None:
    """The placing of an Eva (EVA-5.2), resolved when it is certainly legal (see
    :func:`apply`): the deployment on, ``side`` to place, its Eva not yet on the board,
    a square of its zone neither green nor blue nor holding an Eva, and hands that are
    one of the Eva's legal configurations (EVA-9.1) once sorted."""
    if state.over or state.pending is not None or state.phase != DEPLOY or side != state.placer:
        return None
    ui = a.unit
    units = state.units
    if not 0 <= ui < len(units):
        return None
    u = units[ui]
    s = a.square
    if u.side != side or u.deployed or not 0 <= s < N_SQ:
        return None
    if s // W not in (SOUTH_ROWS if state.zones[side] == 0 else NORTH_ROWS) or geo(state).terrain[s] >= GREEN:
        return None
    for o in units:
        if o.deployed and o.square == s:
            return None
    hands = sorted(a.hands)
    if hands not in loadout(u).configs:  # hand_configs lists every legal one, sorted
        return None
    out: list = []
    u.square = s
    u.deployed = True
    u.hands = hands
    shield = held_shield(u)
    if shield:
        reveal(u, "shield", out)
    m = _side_mark(state, u)  # marked as _mark_shared marks it
    out.append(ev.Deployed(unit=u.name, unit_side=m, square=SQUARE_NAMES[s], held=held_labels(u)))
    other = 1 - side
    for o in units:
        if o.side == other and not o.deployed:
            state.placer = other
            break
    else:
        for o in units:
            if o.side == side and not o.deployed:
                break
        else:
            state.phase = BATTLE
            start_round(state, dice, out)  # its events name no Eva
    if shield:  # the Shield's reveal, made by reveal(), to mark
        _mark_shared(state, out)
    return out


#: Resolvers of the most frequent actions for :func:`apply`, by action type.
_QUICK: dict[type, Any] = {
    Deploy: _quick_deploy,
    Move: _quick_move,
    Swap: _quick_swap,
    Kneel: _quick_stance,
    Stand: _quick_stance,
    End: _quick_end,
    Activate: _quick_activate,
}


def _apply(state: EvaState, side: int, a: object, dice: Dice) -> list:
    kind = type(a)
    swap_energy = 0
    if kind in _SELF_CHECKED and not state.over and state.pending is None:
        pass  # do_fire / do_melee run plan_fire / check_melee first
    elif kind is Swap and not state.over and state.pending is None:
        swap_energy = _c_swap(state, side, a)  # the whole check of a swap, which prices it
    elif kind is Move and not state.over and state.pending is None:
        u, act = _active(state, side, a.unit)
        _phase_ok(state, u, act, MOVEMENT)
        cost = path_cost(state, a.unit, a.path)
        u.energy -= cost
        u.square = a.path[-1]
        _note_class(act, MOVEMENT)
        act.stepped = True
        return [
            ev.Moved(unit=u.name, unit_side=u.side, path=[sq(s) for s in a.path]),
            ev.EnergyNow(to=(u.side,), unit=u.name, unit_side=u.side, energy=u.energy, spent=cost),
        ]
    else:
        check(state, side, a)
    out: list = []
    if kind is Concede:
        out.append(ev.Conceded(side=side))
        finish(state, 1 - side, N_("concession"), "EVA-5.11", out)
        return out
    if kind is ChooseZone:
        state.zones[side] = 0 if a.zone == "south" else 1
        state.zones[1 - side] = 1 - state.zones[side]
        out.append(ev.ZoneChosen(side=side, zone=a.zone))
        state.phase = DEPLOY
        state.placer = 1 - side
        return out
    if kind is Deploy:
        u = state.units[a.unit]
        u.square = a.square
        u.deployed = True
        u.hands = sorted(a.hands)
        if held_shield(u):
            reveal(u, "shield", out)
        out.append(ev.Deployed(unit=u.name, unit_side=u.side, square=sq(a.square), held=held_labels(u)))
        other = 1 - side
        if any(o.side == other and not o.deployed for o in state.units):
            state.placer = other
        elif not any(o.side == side and not o.deployed for o in state.units):
            state.phase = BATTLE
            start_round(state, dice, out)
        return out
    if kind is NameZone:
        pend = state.pending
        assert pend is not None and pend.melee is not None
        state.pending = None
        loser = state.units[pend.unit]
        out.append(
            ev.ZoneNamed(
                unit=state.units[pend.melee.winner].name,
                unit_side=state.units[pend.melee.winner].side,
                target=loser.name,
                target_side=loser.side,
                zone=a.zone,
            )
        )
        _melee_damage(state, pend.melee, a.zone, dice, out)
        _after_action(state, dice, out)
        return out
    if kind is Keep:
        t = state.units[a.unit]
        state.pending = None
        stow = [i for i in t.hands if i != a.item and not _big(t, i)]
        t.hands = [i for i in t.hands if i not in stow]
        for i in stow:
            out.append(ev.Stowed(unit=t.name, unit_side=t.side, item=t.items[i].code))
        _after_action(state, dice, out)
        return out
    if kind is Activate:
        return _activate(state, side, a, dice)
    if kind is Fire:
        out = do_fire(state, side, a, dice)
        _after_action(state, dice, out)
        return out
    if kind is Melee:
        out = do_melee(state, side, a, dice)
        _after_action(state, dice, out)
        return out
    u = state.units[a.unit]  # type: ignore[attr-defined]
    act = state.activation
    assert act is not None
    if kind is Move:
        cost = path_cost(state, a.unit, a.path)
        u.energy -= cost
        u.square = a.path[-1]
        _note_class(act, MOVEMENT)
        act.stepped = True
        out.append(ev.Moved(unit=u.name, unit_side=u.side, path=[sq(s) for s in a.path]))
        out.append(ev.EnergyNow(to=(u.side,), unit=u.name, unit_side=u.side, energy=u.energy, spent=cost))
    elif kind is Kneel or kind is Stand:
        u.energy -= 1
        u.kneeling = kind is Kneel
        _note_class(act, MOVEMENT)
        out.append(ev.Stance(unit=u.name, unit_side=u.side, kneeling=u.kneeling))
        out.append(ev.EnergyNow(to=(u.side,), unit=u.name, unit_side=u.side, energy=u.energy, spent=1))
    elif kind is Swap:
        u.energy -= swap_energy
        u.hands = sorted(a.hands)
        if held_shield(u):
            reveal(u, "shield", out)
        out.append(ev.Swapped(unit=u.name, unit_side=u.side, held=held_labels(u)))
        out.append(
            ev.EnergyNow(to=(u.side,), unit=u.name, unit_side=u.side, energy=u.energy, spent=swap_energy)
        )
    elif kind is Discard:
        for i in u.hands:
            if u.items[i].code == "shield":
                u.items[i].gone = True
        u.hands = []
        out.append(ev.ShieldDiscarded(unit=u.name, unit_side=u.side))
    elif kind is Disengage:
        act.disengage_tried = True
        act.obligation = False
        die = dice.d6()
        ok = die >= 4
        out.append(ev.Disengage(unit=u.name, unit_side=u.side, die=die, success=ok))
        dmg = dice.d6()
        out.append(ev.DamageDice(unit=u.name, unit_side=u.side, dice=[dmg], raw=dmg))
        deal(state, a.unit, dmg, None, out)
        if ok:
            act.disengaged = True
        else:
            act.no_steps = True
        check_destroyed(state, [a.unit], out)
    elif kind is Neutralise:
        _do_neutralise(state, u, act, a, dice, out)
    elif kind is Jump:
        src = u.square
        u.energy = 0
        u.square = a.square
        u.kneeling = False
        act.obligation = False
        reveal(u, "jumpjet", out)
        out.append(ev.Jumped(unit=u.name, unit_side=u.side, src=sq(src), dst=sq(a.square)))
        out.append(ev.EnergyNow(to=(u.side,), unit=u.name, unit_side=u.side, energy=0, spent=2))
    elif kind is TakeOff or kind is Land:
        u.energy -= 1
        u.airborne = kind is TakeOff
        u.kneeling = False
        reveal(u, "wings", out)
        out.append(ev.Flight(unit=u.name, unit_side=u.side, airborne=u.airborne))
        out.append(ev.EnergyNow(to=(u.side,), unit=u.name, unit_side=u.side, energy=u.energy, spent=1))
    elif kind is Detonate:
        _do_detonate(state, a.unit, dice, out)
    elif kind is Accelerate:
        u.accel_used = True
        act.accel = True
        reveal(u, "accel", out)
        out.append(ev.Accelerated(unit=u.name, unit_side=u.side))
    elif kind is End:
        end_activation(state, dice, out)
        return out
    _after_action(state, dice, out)
    return out


def _after_action(state: EvaState, dice: Dice, out: list) -> None:
    """End the activation if the active Eva was destroyed (EVA-6.2)."""
    act = state.activation
    if act is not None and state.units[act.unit].destroyed and state.pending is None and not state.over:
        end_activation(state, dice, out)


def _activate(state: EvaState, side: int, a: Activate, dice: Dice) -> list:
    """EVA-6.1: the start of an activation, in its order."""
    units = state.units
    u = units[a.unit]
    last = _SHARED_LAST  # its events' side marked as _mark_shared marks it (_side_mark, written out)
    shared = last[1] if last[0] is units else _shared_names(state)
    m = u.side if shared and u.name in shared else -1
    out: list = [ev.Activated(unit=u.name, unit_side=m)]
    u.activations += 1
    act = Activation(a.unit)
    state.activation = act
    equipment = u.equipment
    if "s2" in equipment and u.armour < u.max_armour:  # 1. regeneration
        u.armour = min(u.max_armour, u.armour + 2)
        out.append(ev.Regenerated(to=(u.side,), unit=u.name, unit_side=u.side, armour=u.armour))
    if u.traumas and u.trauma("body") and "pseudo" not in equipment:  # 2. body trauma check, private
        die = dice.d6(to=u.side)
        skipped = die == 1
        out.append(
            ev.PrivateRoll(to=(u.side,), unit=u.name, unit_side=u.side, kind="body", die=die, success=skipped)
        )
        if skipped:
            out.append(ev.Skipped(unit=u.name, unit_side=u.side))
            end_activation(state, dice, out)
            return out
    if a.berserk and berserk_eligible(u):  # 3. Berserk roll, private
        die = dice.d6(to=u.side)
        ok = die >= u.armour
        out.append(
            ev.PrivateRoll(to=(u.side,), unit=u.name, unit_side=u.side, kind="berserk", die=die, success=ok)
        )
        if ok:
            u.berserk = True
            out.append(ev.WentBerserk(unit=u.name, unit_side=u.side))
            reveal(u, "berserk", out)
    u.energy = max_energy(u)  # 4.
    act.hands_at_start = list(u.hands)  # 5.
    act.obligation = is_engaged(state, u)
    out.append(ev.EnergyNow(to=(u.side,), unit=u.name, unit_side=m, energy=u.energy, maximum=u.energy))
    return out


def _do_neutralise(state: EvaState, u: Unit, act: Activation, a: Neutralise, dice: Dice, out: list) -> None:
    t = state.units[a.target]
    u.energy -= 1
    act.neutralise_tried.append(a.target)
    engaged = u.airborne == t.airborne and d2(u.square, t.square) == 1
    faces: list[int] = []
    if engaged:
        hit = True
    else:
        band = band_of(d2(u.square, t.square))
        cover = in_cover(state, u, t)
        tn, mods = tn_and_mods(state, u, t, None, False, True, cover, band)
        out.append(
            ev.AttackOdds(
                to=(u.side,),
                unit=u.name,
                unit_side=u.side,
                tn=tn,
                modifiers=[_(m) + f" {d:+d}" for m, d in mods],
            )
        )
        die = _to_hit(u, tn, dice, faces, out)
        hit = _hits(die, tn)
    own = theirs = 0
    success = False
    if hit:
        own = dice.d6()
        theirs = dice.d6()
        success = own + at_level(u) > theirs + at_level(t)
        if success:
            act.neutralised.append(a.target)
    out.append(
        ev.Neutralise(
            unit=u.name,
            unit_side=u.side,
            target=t.name,
            target_side=t.side,
            dice=faces,
            automatic=engaged,
            hit=hit,
            own=own,
            theirs=theirs,
            success=success,
        )
    )
    out.append(ev.EnergyNow(to=(u.side,), unit=u.name, unit_side=u.side, energy=u.energy, spent=1))


def _do_detonate(state: EvaState, ui: int, dice: Dice, out: list) -> None:
    """EVA-16.3: one 2d6; every other Eva with D² ≤ 4 suffers armour + 2d6."""
    u = state.units[ui]
    u.energy -= 3
    reveal(u, "dmodule", out)
    faces = dice.nd6(2)
    out.append(ev.Detonated(unit=u.name, unit_side=u.side, dice=list(faces)))
    raw = max(u.armour, 0) + sum(faces)
    hit = []
    for j, o in enumerate(state.units):
        if j != ui and o.on_board and d2(o.square, u.square) <= 4:
            out.append(ev.DamageDice(unit=o.name, unit_side=o.side, dice=list(faces), raw=raw))
            deal(state, j, raw, None, out)
            hit.append(j)
    u.armour = 0
    if state.activation is not None:
        state.activation.obligation = False
    destroy(state, ui, out)
    check_destroyed(state, hit, out)
    if not state.over:  # the blast may already have ended the game (EVA-5.8, EVA-5.9)
        check_elimination(state, out)


# ---------------------------------------------------------------------------
# to_act and result
# ---------------------------------------------------------------------------
_NOBODY: frozenset[int] = frozenset()
_SIDE: tuple[frozenset[int], frozenset[int]] = (frozenset((0,)), frozenset((1,)))


def to_act(state: EvaState) -> frozenset[int]:
    """Who must decide now."""
    if state.over:
        return _NOBODY
    if state.pending is not None:
        return _SIDE[state.pending.side]
    if state.activation is not None:
        return _SIDE[state.units[state.activation.unit].side]
    if state.phase == ZONE:
        return _SIDE[state.chooser]
    if state.phase == DEPLOY:
        return _SIDE[state.placer]
    return _SIDE[state.turn]


def result(state: EvaState) -> Result | None:
    """The result once the game is over."""
    if not state.over:
        return None
    if state.winner is None:
        return Result.drawn((0, 1), state.reason, state.rule, state.scores)
    return Result.won(state.winner, state.reason, state.rule, state.scores)


def check_invariants(state: EvaState) -> None:
    """Raise AssertionError when the state breaks an invariant: armour and energy
    within bounds, Shield points within 0-15, no ground Eva off the board or on a
    green or blue square, at most one Eva per square."""
    terrain = geo(state).terrain
    seen: dict[int, str] = {}
    for u in state.units:
        assert u.armour <= u.max_armour, f"{u.name}: armour {u.armour} > {u.max_armour}"
        assert 0 <= u.shield_points <= SHIELD_POINTS, f"{u.name}: shield {u.shield_points}"
        assert 0 <= u.energy <= 15 + 2, f"{u.name}: energy {u.energy}"
        assert len(u.hands) <= 2 and rules_hands_ok(u), f"{u.name}: hands {u.hands}"
        if not u.on_board:
            continue
        assert u.armour > 0, f"{u.name} on the board with armour {u.armour}"
        assert 0 <= u.square < N_SQ, f"{u.name} off the board"
        if u.airborne:
            assert terrain[u.square] not in (GREEN, BLUE), f"{u.name} stopped over {terrain[u.square]}"
        else:
            assert terrain[u.square] < GREEN, f"{u.name} on a green or blue square"
        assert u.square not in seen, f"{u.name} and {seen.get(u.square)} share {sq(u.square)}"
        seen[u.square] = u.name


def rules_hands_ok(u: Unit) -> bool:
    return hands_legal(u, u.hands) is None or (u.trauma("arms") and len(u.hands) <= 2)


def public_damage_taken(units: Sequence[Any], events: Sequence[Any]) -> list[int]:
    """The raw damage (before the AT field) each side's Evas took, by the public
    events only (EVA-18.2): a shot's hit, damage dice (melee, Extended Arms,
    disengagement, D-Module blast) and a fall's die. ``units`` need ``name`` and
    ``side``; an event names the side of a name both sides have (``<field>_side``).
    A Spear's instant destruction has no damage figure and counts nothing."""
    names = [u.name for u in units]
    side_of = {u.name: u.side for u in units if names.count(u.name) == 1}
    taken = [0, 0]
    for e in events:
        if e.to is not None:
            continue
        if isinstance(e, ev.ShotRolled):
            name, side, raw = e.target, e.target_side, e.raw
        elif isinstance(e, ev.DamageDice):
            name, side, raw = e.unit, e.unit_side, e.raw
        elif isinstance(e, ev.Fell):
            name, side, raw = e.unit, e.unit_side, e.die
        else:
            continue
        side = side if side >= 0 else side_of.get(name, -1)
        if side >= 0:
            taken[side] += raw
    return taken
