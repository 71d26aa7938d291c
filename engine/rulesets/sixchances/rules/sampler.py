"""Legal actions, listed or drawn at random: every legal action of a side (starting orders
and rearrangements as a representative sample, each legal), and one legal action picked
at random for bots and benchmarks.
"""

from __future__ import annotations

from typing import Any

from engine.rulesets.sixchances.actions import (
    RESERVE,
    Attack,
    Build,
    Defend,
    EndTurn,
    MoveSquad,
    Pass,
    Regroup,
    Reinforce,
    Transfer,
)
from engine.rulesets.sixchances.catalog import STATS
from engine.rulesets.sixchances.roster import sample_builds
from engine.rulesets.sixchances.rules.common import (
    defending_stats,
    may_act,
    move_choices,
    new_squad_cells,
    targets,
    to_act,
)
from engine.rulesets.sixchances.state import State, squad_label

__all__ = ["legal_actions", "random_action", "take_red"]

_Moves = tuple[tuple[int, str, str, str], ...]


def _regroup_candidates(state: State, side: int) -> list[tuple[_Moves, str | None]]:
    """A representative set of rearrangements as plain (transfers, cell) tuples, each legal
    by construction: nothing; a new squad from the reserve (filled up to the allowance, or
    one red token); and, for two of the squads (which ones turns with the allowance), a
    fill from the reserve, one reserve colour, one stat back to the reserve, and merging it
    into another squad. When reinforcing is forced, only those bringing red out of the
    reserve (SC-9.8)."""
    me = state.players[side]
    a = state.allowance
    r = me.reserve
    have = (r.pot, r.res, r.sup)
    forced = state.forced
    out: list[tuple[_Moves, str | None]] = [] if forced else [((), None)]
    # the fill: colours in turn (red first) from the reserve, up to the allowance
    take = [0, 0, 0]
    n = 0
    avail = have[0] + have[1] + have[2]
    while n < a and n < avail:
        for i in range(3):
            if n < a and take[i] < have[i]:
                take[i] += 1
                n += 1
    fill = [(c, STATS[i]) for i, c in enumerate(take) if c]
    use_fill = bool(fill) and (take[0] > 0 or not forced)
    squads = me.squads
    count = len(squads)
    for k in range(min(2, count)):
        idx = (a + k * (count // 2 or 1)) % count
        sq = squads[idx]
        lab = sq.label
        if use_fill:
            out.append((tuple([(c, st, RESERVE, lab) for c, st in fill]), None))
        i = 0 if forced else (a + k) % 3
        if have[i]:
            out.append((((min(a, have[i]), STATS[i], RESERVE, lab),), None))
        other = squads[0] if idx else squads[1] if count > 1 else None
        levels = ((sq.pot, "pot"), (sq.res, "res"), (sq.sup, "sup"))
        if forced:
            if other is not None and have[0] and sq.total < a:
                merge = [(lv, st, lab, other.label) for lv, st in levels if lv]
                merge.append((1, "pot", RESERVE, other.label))
                out.append((tuple(merge), None))
            continue
        level, stat = levels[(a + k + 1) % 3]
        if level:
            out.append((((min(a, level), stat, lab, RESERVE),), None))
        if other is not None and sq.total <= a:
            out.append((tuple([(lv, st, lab, other.label) for lv, st in levels if lv]), None))
    cell = None
    if state.setup.field:
        cells = new_squad_cells(state, side)
        if not cells:
            return out
        cell = cells[(a + count) % len(cells)]
    new = squad_label(side, me.labels)
    if use_fill:
        out.append((tuple([(c, st, RESERVE, new) for c, st in fill]), cell))
    if have[0]:
        out.append((((1, "pot", RESERVE, new),), cell))
    return out


def _regroup(candidate: tuple[_Moves, str | None]) -> Regroup:
    moves, cell = candidate
    return Regroup(tuple([Transfer(*m) for m in moves]), cell)  # type: ignore[arg-type]


def _sample_regroups(state: State, side: int) -> list[Regroup]:
    """The rearrangements of :func:`_regroup_candidates`, as actions."""
    return [_regroup(c) for c in _regroup_candidates(state, side)]


def take_red(moves: tuple[Transfer, ...]) -> bool:
    """True when the transfers bring at least one red token out of the reserve."""
    return any(t.stat == "pot" and t.src == RESERVE for t in moves)


def legal_actions(state: State, side: int) -> list[Any]:
    """Every legal action of ``side`` now, except where the set is huge: starting orders
    (:func:`~engine.rulesets.sixchances.roster.sample_builds`) and rearrangements are a
    representative sample, each of them legal. Empty when ``side`` has nothing to decide."""
    if side not in to_act(state):
        return []
    phase = state.phase
    me = state.players[side]
    if phase == "attack":
        field = state.setup.field
        out: list[Any] = [
            Attack(att.label, tgt.label)
            for att in me.squads
            if att.pot >= 1
            for tgt in targets(state, side, att)
        ]
        if field:
            for mv in move_choices(state, side):
                out.extend(MoveSquad(mv.squad, c) for c in mv.to)
            out.append(Pass())
        return out
    if phase == "defend":
        pending = state.pending
        assert pending is not None
        tgt = me.squad(pending.target)
        assert tgt is not None
        return [Defend(stat) for stat, _level in defending_stats(tgt)]
    if phase == "support":
        out = [Reinforce(d) for d in me.dice]
        if not state.forced:
            out.append(EndTurn())
        return out
    if phase == "regroup":
        return list(_sample_regroups(state, side))
    # build
    r = me.reserve
    return [Build(b) for b in sample_builds(state.setup, side, (r.pot, r.res, r.sup))]


def random_action(state: State, side: int, rng: Any) -> Any:
    """One legal action of ``side`` picked at random with ``rng`` (a ``random.Random``), for
    bots and benchmarks; cheaper than choosing from :func:`legal_actions` (an attack is a
    random attacker with Potential on a random target; a rearrangement moves nothing or
    up to the allowance from the reserve into a random squad or a new one). None when
    ``side`` has nothing to decide."""
    if not may_act(state, side):
        return None
    phase = state.phase
    me = state.players[side]
    if phase == "attack" and not state.setup.field:
        attackers = [sq for sq in me.squads if sq.pot]
        return Attack(rng.choice(attackers).label, rng.choice(state.players[1 - side].squads).label)
    if phase == "defend":
        pending = state.pending
        assert pending is not None
        tgt = me.squad(pending.target)
        assert tgt is not None
        return _DEFEND[rng.choice([i for i, v in enumerate((tgt.pot, tgt.res, tgt.sup)) if v])]
    if phase == "support":
        k = rng.randrange(len(me.dice) + (0 if state.forced else 1))
        return Reinforce(me.dice[k]) if k < len(me.dice) else _END
    if phase == "regroup" and not state.setup.field:
        # nothing (unless forced), or up to the allowance from the reserve, red first,
        # into a random squad or a new one: legal by construction (SC-9.4-SC-9.8)
        squads = me.squads
        k = rng.randrange(len(squads) + 2)
        if k == 0 and not state.forced:
            return _NOTHING
        a, r = state.allowance, me.reserve
        red = r.pot if r.pot < a else a
        green = min(a - red, r.res)
        blue = min(a - red - green, r.sup)
        dst = squads[k - 2].label if k >= 2 else squad_label(side, me.labels)
        moves = [(n, stat) for n, stat in ((red, "pot"), (green, "res"), (blue, "sup")) if n]
        if not moves:
            return _NOTHING
        return Regroup(tuple([Transfer(n, stat, RESERVE, dst) for n, stat in moves]))  # type: ignore[arg-type]
    if phase == "build":
        r = me.reserve
        return Build(rng.choice(sample_builds(state.setup, side, (r.pot, r.res, r.sup))))
    return rng.choice(legal_actions(state, side))


_DEFEND = (Defend("pot"), Defend("res"), Defend("sup"))
_NOTHING = Regroup()
_END = EndTurn()
