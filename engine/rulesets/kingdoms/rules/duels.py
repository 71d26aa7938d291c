"""Officer duels (TK-11), provocation (TK-12) and the wall duel (TK-14.7).

Eligibility is stated once, in :func:`challenge_problem`, for both the check at
step 2 and the second check when the challenge's turn comes at step 3d
(TK-11.2, TK-12.1, TK-2.8e).
"""

from __future__ import annotations

from engine.dice import Dice
from engine.i18n import N_
from engine.rosterfile import Problem
from engine.ruleset import Event
from engine.rulesets.kingdoms.catalog import duel_score
from engine.rulesets.kingdoms.events import DuelRound, Provocation, SiegeEvent
from engine.rulesets.kingdoms.rules.board import Board
from engine.rulesets.kingdoms.rules.common import problem
from engine.rulesets.kingdoms.rules.morale import immediate, record
from engine.rulesets.kingdoms.rules.movement import entry_problem, mark_retreat, retreat_destinations, step
from engine.rulesets.kingdoms.state import Regiment, State

__all__ = [
    "challenge_problem",
    "duel_morale",
    "duel_odds",
    "duel_result",
    "duel_round",
    "forced_retreat",
    "in_duel",
    "pair",
    "provocation_roll",
    "wall_defenders",
    "wall_win",
]


def pair(a: str, b: str) -> tuple[str, str]:
    """Two officers' names as a sorted pair (how duels and bans are remembered)."""
    return (a, b) if a <= b else (b, a)


def in_duel(state: State, rid: str) -> bool:
    """Whether regiment ``rid``'s officer is in a pending duel (TK-11.6)."""
    return any(d.challenger == rid or d.target == rid for d in state.duels)


def challenge_problem(
    state: State,
    bd: Board,
    challenger: Regiment,
    target: Regiment,
    provoke: bool,
    mounted: bool | None = None,
) -> Problem | None:
    """Why ``challenger``'s officer may not challenge (or, ``provoke``, provoke) the
    officer of ``target`` now, or None (TK-11.2 conditions 1-4, TK-12.1). ``mounted``:
    the challenger's mounted state once its order's MOUNT or DISMOUNT is done (None:
    as it is)."""
    p = state.phase
    rule = "TK-12.1" if provoke else "TK-11.2"
    if target.side == challenger.side:
        return problem(rule, N_("{target} is not an enemy regiment."), target=target.id)
    if not challenger.officer:
        return problem(
            "TK-11.2", N_("{id} is led by an unnamed commander, who never duels."), id=challenger.id
        )
    if not target.officer:
        return problem(
            "TK-11.2",
            N_("Officers disdain unnamed commanders: {target} has no named officer."),
            target=target.id,
        )
    key = pair(challenger.officer, target.officer)
    if key in state.duelled:
        return problem("TK-11.2", N_("These two officers have already fought a duel in this battle."))
    if key in state.barred:
        return problem("TK-12.4", N_("A failed provocation bars these two officers from each other."))
    if challenger.panicking(p):
        return problem("TK-16.3", N_("{id} is panicking."), id=challenger.id)
    if target.panicking(p):
        return problem(
            "TK-16.3", N_("{target} is panicking and cannot be challenged or provoked."), target=target.id
        )
    if target.immune(p):
        return problem("TK-11.8", N_("{target}'s officer has duel immunity in this phase."), target=target.id)
    if in_duel(state, target.id) or in_duel(state, challenger.id):
        return problem("TK-11.6", N_("An officer in a pending duel cannot be challenged or provoked."))
    if target.base == challenger.base:
        return None
    if not bd.adjacent(target.base, challenger.base):
        return problem(rule, N_("{target} is neither on this base nor on an adjacent one."), target=target.id)
    if provoke:
        why = entry_problem(
            state, bd, target, target.base, challenger.base, target.mounted and target.cavalry
        )
        return why
    if state.enemy_on(challenger.base, challenger.side):
        return problem(
            "TK-11.2",
            N_("An enemy stands on {base}: the challenger cannot leave to meet him."),
            base=challenger.base,
        )
    if mounted is None:
        mounted = challenger.mounted and challenger.cavalry
    return entry_problem(state, bd, challenger, challenger.base, target.base, mounted)


def duel_round(
    state: State, first: Regiment, second: Regiment, dice: Dice, events: list[Event], wall: bool = False
) -> Regiment | None:
    """One round (TK-11.4 steps 3-5): ``first`` (the challenger or climber) rolls d10,
    then ``second``; scores by the weapon triangle; returns the winner, or None on
    a tie."""
    r1 = dice.roll(1, 10).faces[0]
    r2 = dice.roll(1, 10).faces[0]
    s1 = duel_score(r1, first.weapon or "", second.weapon or "")
    s2 = duel_score(r2, second.weapon or "", first.weapon or "")
    winner = first if s1 > s2 else second if s2 > s1 else None
    events.append(
        DuelRound(
            first=first.id,
            first_name=first.officer or "",
            second=second.id,
            second_name=second.officer or "",
            rolls=(r1, r2),
            scores=(s1, s2),
            winner=winner.id if winner else "",
            wall=wall,
        )
    )
    return winner


def duel_odds(first: Regiment, second: Regiment) -> tuple[int, int, int]:
    """Of the 100 equally likely pairs of d10 rolls, how many make ``first`` win,
    tie, and ``second`` win (TK-11.4)."""
    win = tie = lose = 0
    for a in range(1, 11):
        sa = duel_score(a, first.weapon or "", second.weapon or "")
        for b in range(1, 11):
            sb = duel_score(b, second.weapon or "", first.weapon or "")
            if sa > sb:
                win += 1
            elif sa == sb:
                tie += 1
            else:
                lose += 1
    return win, tie, lose


def duel_morale(state: State, winner: Regiment, loser: Regiment, events: list[Event]) -> None:
    """M8 (TK-10.4): the loser, his allies on his base, the winner, his allies on his
    base, counted now (before the loser retreats)."""

    def allies(r: Regiment) -> list[str]:
        return [
            x.id for x in state.regiments if x.on_map and x.side == r.side and x.base == r.base and x is not r
        ]

    record(state, "M8-", [loser.id], events)
    record(state, "M8a-", allies(loser), events)
    record(state, "M8+", [winner.id], events)
    record(state, "M8a+", allies(winner), events)


def duel_result(state: State, winner: Regiment, loser: Regiment, events: list[Event]) -> None:
    """A duel ended with a winner (TK-11.5, TK-11.8): M8 is recorded, the pair may
    never duel again, and both officers are immune in the next two phases. The
    loser's forced retreat is the caller's (its owner chooses where)."""
    duel_morale(state, winner, loser, events)
    key = pair(winner.officer or "", loser.officer or "")
    if key not in state.duelled:
        state.duelled.append(key)
    for r in (winner, loser):
        r.immune_from, r.immune_until = state.phase + 1, state.phase + 2


def forced_retreat(
    state: State, bd: Board, reg: Regiment, to: str | None, dice: Dice, events: list[Event]
) -> None:
    """The loser's forced retreat (TK-9.7) to ``to``, a legal destination; None when
    there is none: the regiment is encircled and loses 2d10+10 morale at once
    (TK-9.6, M11), and does not become retreating."""
    if to is None:
        immediate(state, reg, "M11", dice, events)
        return
    step(state, bd, reg, to, "forced", dice, events)
    mark_retreat(state, reg)


def provocation_roll(
    state: State, provoker: Regiment, target: Regiment, dice: Dice, events: list[Event]
) -> bool:
    """TK-12.2: effective morale above 100 is provoked at once (no roll); otherwise
    d100 succeeds below the morale and fails at or above it. A failure records M10
    for the provoker and bars the pair for the battle (TK-12.4)."""
    m = target.morale_now(state.phase)
    if m > 100:
        events.append(Provocation(provoker=provoker.id, target=target.id, morale=m, roll=0, succeeded=True))
        return True
    roll = dice.roll(1, 100).faces[0]
    ok = roll < m
    events.append(Provocation(provoker=provoker.id, target=target.id, morale=m, roll=roll, succeeded=ok))
    if not ok:
        record(state, "M10", [provoker.id], events)
        key = pair(provoker.officer or "", target.officer or "")
        if key not in state.barred:
            state.barred.append(key)
    return ok


def wall_defenders(state: State, fortress: str) -> list[Regiment]:
    """The besieged side's named officers on ``fortress`` who may defend its wall
    (not panicking), in roster order (TK-14.7)."""
    owner = state.control.get(fortress)
    return [
        r
        for r in state.regiments
        if r.on_map and r.base == fortress and r.side == owner and r.officer and not r.panicking(state.phase)
    ]


def wall_win(
    state: State, fortress: str, climber: Regiment, defender: Regiment | None, events: list[Event]
) -> None:
    """The climber has won on the wall, or met nobody (TK-14.7): one ballista is
    destroyed if any remain (M12 for the besieged regiments); a winner and a loser
    also record M8, allies counted on each officer's own base."""
    fort = state.fortresses[fortress]
    if fort.ballistas:
        name = fort.ballistas.pop(0)
        events.append(SiegeEvent(fortress=fortress, what="ballista-destroyed", name=name, by=climber.id))
        owner = state.control.get(fortress)
        record(
            state,
            "M12",
            [r.id for r in state.regiments if r.on_map and r.base == fortress and r.side == owner],
            events,
        )
    if defender is not None:
        duel_morale(state, climber, defender, events)


def retreat_choices(state: State, bd: Board, reg: Regiment) -> list[str]:
    """Where the loser ``reg`` may retreat (TK-11.5, TK-9.7), in base order."""
    return retreat_destinations(state, bd, reg)
