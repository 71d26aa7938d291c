"""The battle's course: set-up and deployment, the turn and its four phases,
initiative, activations, the End phase and victory (GB-4.6, GB-4.7, GB-5, GB-16)."""

from __future__ import annotations

from engine.dice import Dice
from engine.i18n import N_, _
from engine.ruleset import Event, Result
from engine.rulesets.ballistic.actions import DIRECTIONS_EN
from engine.rulesets.ballistic.events import (
    ActivationBegan,
    ActivationEnded,
    BecameStuck,
    GameOver,
    InitiativeRolled,
    OverwatchExpired,
    SmokeCleared,
    TieBroken,
    TurnBegan,
)
from engine.rulesets.ballistic.maps import BUILDING
from engine.rulesets.ballistic.roster import validate
from engine.rulesets.ballistic.rules.arc import projectile_phase
from engine.rulesets.ballistic.rules.common import audience
from engine.rulesets.ballistic.rules.damage import refresh
from engine.rulesets.ballistic.rules.movement import can_get_out
from engine.rulesets.ballistic.rules.overwatch import asking
from engine.rulesets.ballistic.rules.sight import spotters
from engine.rulesets.ballistic.state import Setup, State, Unit, make_unit

__all__ = [
    "REASONS",
    "begin_turn",
    "concede",
    "initiative",
    "check_victory",
    "finish_activation",
    "new_state",
    "result",
    "scores",
    "settle",
    "start_activation",
    "to_act",
]

#: Why a battle ended (message IDs, GB-16).
REASONS = {
    "eliminated": N_("the other side has no units left on the map"),
    "both_eliminated": N_("neither side has units left on the map"),
    "turn_limit": N_("the turn limit is reached and it destroyed more enemy Max Health"),
    "turn_limit_draw": N_("the turn limit is reached with equal destroyed Max Health"),
    "conceded": N_("the other side conceded"),
}
_RULES = {
    "eliminated": "GB-16.1",
    "both_eliminated": "GB-16.1",
    "turn_limit": "GB-16.2",
    "turn_limit_draw": "GB-16.2",
    "conceded": "GB-16.3",
}


def _place(state: State, setup: Setup) -> None:
    assert setup.placements is not None
    t = state.map.tables
    for side, placements in enumerate(setup.placements):
        units = [u for u in state.units if u.side == side]
        if len(placements) != len(units):
            raise ValueError(_("each unit needs a starting hex and facing"))
        for u, p in zip(units, placements, strict=True):
            i = t.index.get(p.hex)
            facing = DIRECTIONS_EN.index(p.facing) if p.facing in DIRECTIONS_EN else -1
            if i is None or facing < 0:
                raise ValueError(
                    _("{unit}: no hex {hex} or facing {facing}").format(
                        unit=u.name, hex=p.hex, facing=p.facing
                    )
                )
            if (u.altitude and t.height[i] >= u.altitude) or (not u.altitude and t.kind[i] == BUILDING):
                raise ValueError(_("{unit} cannot stand at {hex}").format(unit=u.name, hex=p.hex))
            if any(v.hex == i and v.air == u.air for v in state.units):
                raise ValueError(_("two units of one layer at {hex}").format(hex=p.hex))
            u.hex, u.facing = i, facing


def new_state(setup: Setup, dice: Dice) -> tuple[State, list[Event]]:
    """The battle at its start (GB-4.6): units built from the rosters in roster order,
    placed where the scenario says and turn 1 begun, or the first side to deploy.
    Raises ValueError when the scenario cannot be played (a roster problem, a bad
    placement, a deployment zone too small)."""
    if len(setup.rosters) != 2:
        raise ValueError(_("a battle has two sides"))
    units: list[Unit] = []
    for side, roster in enumerate(setup.rosters):
        problems = validate(roster, setup.mass_limit)
        if problems:
            raise ValueError(f"{problems[0].rule}: {problems[0].text()}")
        for entry in roster.units:
            units.append(make_unit(entry, side, len(units)))
    state = State(map=setup.map, units=units, turn_limit=setup.turn_limit)
    state.map.tables  # noqa: B018 - build the map's tables now: a bad map is refused here
    events: list[Event] = []
    if setup.placements is not None:
        _place(state, setup)
        begin_turn(state, dice, events)
    else:
        t = state.map.tables
        for side in (0, 1):
            zone = [i for i in range(t.count) if t.zone[i] == side + 1]
            for air in (False, True):
                layer = [u for u in units if u.side == side and u.air == air]
                lowest = min((u.altitude for u in layer), default=0)
                fits = [i for i in zone if not air or t.height[i] < lowest]
                if len(layer) > len(fits):
                    raise ValueError(_("the deployment zone of side {n} is too small").format(n=side + 1))
        state.phase = "deploy"
        state.deploying = 0
    return state, events


def to_act(state: State) -> frozenset[int]:
    """The side that must decide now: the deploying side, the side asked about an
    overwatch trigger, or the side of the unit whose activation it is; none once over."""
    if state.phase == "over":
        return frozenset()
    if state.phase == "deploy":
        return frozenset((state.deploying,))
    w = asking(state)
    if w is not None:
        return frozenset((w.side,))
    u = state.actor()
    return frozenset() if u is None else frozenset((u.side,))


def scores(state: State) -> tuple[int, int]:
    """Per side, the Max Health of the enemy units destroyed so far (GB-16.2)."""
    out = [0, 0]
    for u in state.units:
        if not u.alive:
            out[1 - u.side] += u.max_health
    return out[0], out[1]


def _over(state: State, events: list[Event], winner: int | None, reason: str) -> None:
    state.phase = "over"
    state.winner = winner
    state.reason = reason
    state.rule = _RULES[reason]
    state.trigger = None
    events.append(GameOver(winner=winner, reason=REASONS[reason], scores=scores(state)))


def check_victory(state: State, events: list[Event]) -> bool:
    """A side with no units left on the map loses at once; both at once is a draw
    (GB-16.1). Returns whether the battle is over."""
    if state.phase == "over":
        return True
    left = [any(u.alive and u.hex >= 0 for u in state.units if u.side == s) for s in (0, 1)]
    if left[0] and left[1]:
        return False
    if not left[0] and not left[1]:
        _over(state, events, None, "both_eliminated")
    else:
        _over(state, events, 0 if left[0] else 1, "eliminated")
    return True


def concede(state: State, events: list[Event], side: int) -> None:
    """``side`` concedes; the other side wins (GB-16.3)."""
    _over(state, events, 1 - side, "conceded")


def _order(state: State, dice: Dice, events: list[Event], group: list[Unit]) -> list[Unit]:
    """Order a group of tied units: each rolls d20 again in roster order, higher first;
    ties roll again, the higher group first (GB-5.3)."""
    rolls = []
    for u in group:
        roll = dice.roll(1, 20).faces[0]
        u.tiebreaks.append(roll)
        events.append(TieBroken(unit=u.name, side=u.side, roll=roll, to=(u.side,)))
        rolls.append((roll, u))
    return _resolve(state, dice, events, rolls)


def _resolve(state: State, dice: Dice, events: list[Event], rolls: list[tuple[int, Unit]]) -> list[Unit]:
    out: list[Unit] = []
    for value in sorted({r for r, _u in rolls}, reverse=True):
        tied = [u for r, u in rolls if r == value]
        out += tied if len(tied) == 1 else _order(state, dice, events, tied)
    return out


def initiative(state: State, dice: Dice, events: list[Event]) -> None:
    """Every unit on the map rolls d20 in roster order; higher acts earlier; ties are
    broken by rolling again (GB-5.2, GB-5.3). Each side is told its own rolls only
    (GB-5.6)."""
    rolls = []
    for u in state.units:
        if u.alive and u.hex >= 0:
            roll = dice.roll(1, 20).faces[0]
            u.initiative = roll
            events.append(InitiativeRolled(unit=u.name, side=u.side, roll=roll, to=(u.side,)))
            rolls.append((roll, u))
    state.order = [u.number for u in _resolve(state, dice, events, rolls)]
    state.active = 0


def _reset(u: Unit) -> None:
    """Per-turn status back to its start (GB-4.7)."""
    u.initiative = 0
    u.tiebreaks = []
    u.mp_spent = 0
    u.entered = 0
    u.holding = False
    u.slots = []
    u.used = []
    u.pivots = 0
    u.pool = 0
    u.passing = False
    u.overwatch = None
    u.bound = -1
    u.activated = False


def begin_turn(state: State, dice: Dice, events: list[Event]) -> None:
    """A new turn (GB-5.1): per-turn status resets, the projectile phase (GB-12.6), a
    victory check (GB-16.1), initiative (GB-5.2), then the first activation."""
    state.turn += 1
    state.phase = "activation"
    state.order = []
    state.active = -1
    for u in state.units:
        _reset(u)
    events.append(TurnBegan(turn=state.turn))
    projectile_phase(state, dice, events)
    if check_victory(state, events):
        return
    initiative(state, dice, events)
    start_activation(state, dice, events)


def start_activation(state: State, dice: Dice, events: list[Event]) -> None:
    """Begin the activation of the unit at ``state.active`` in the order, skipping units
    destroyed since the roll (GB-5.4); a unit stuck in a friend's hex must step out
    first, and with no step out its activation ends at once (GB-7.4). After the last
    activation comes the End phase."""
    while state.phase == "activation" and state.active < len(state.order):
        u = state.units[state.order[state.active]]
        if not (u.alive and u.hex >= 0):
            state.active += 1
            continue
        refresh(state, events)
        events.append(ActivationBegan(unit=u.name, side=u.side, to=audience(spotters(state, u))))
        if u.stuck:
            u.passing = True
            if not can_get_out(state, u, u.hex, 0, 0):
                events.append(
                    ActivationEnded(unit=u.name, side=u.side, why="no_exit", to=audience(spotters(state, u)))
                )
                u.activated = True
                state.active += 1
                continue
        return
    if state.phase == "activation":
        end_phase(state, dice, events)


def finish_activation(state: State, dice: Dice, events: list[Event], why: str = "") -> None:
    """End the current activation (GB-6.5): unspent MP and shots are lost, overwatch
    shots stay (GB-10.6); the next unit in the order acts."""
    u = state.actor()
    assert u is not None
    u.activated = True
    u.pool = 0
    for slot in u.slots:
        if slot.mode != "overwatch":
            slot.shots = 0
    to = (u.side,) if not u.alive else audience(spotters(state, u))
    events.append(ActivationEnded(unit=u.name, side=u.side, why=why, to=to))
    state.active += 1
    start_activation(state, dice, events)


def settle(state: State, dice: Dice, events: list[Event]) -> None:
    """After an action: check victory (GB-16.1); end the activation at once when the
    acting unit was destroyed (GB-15.2) or is passing through a friend's hex it can no
    longer leave, which makes it stuck (GB-7.4)."""
    if check_victory(state, events) or state.phase != "activation" or asking(state) is not None:
        return
    u = state.actor()
    if u is None:
        return
    if not u.alive:
        finish_activation(state, dice, events, "destroyed")
        return
    if u.passing and not can_get_out(state, u, u.hex, u.pool, len(u.slots)):
        u.stuck = True
        events.append(
            BecameStuck(
                unit=u.name, side=u.side, hex=state.map.tables.name[u.hex], to=audience(spotters(state, u))
            )
        )
        finish_activation(state, dice, events, "stuck")


def end_phase(state: State, dice: Dice, events: list[Event]) -> None:
    """The End phase (GB-5.5): unfired overwatch expires (GB-11.7), guidance obligations
    end (GB-13.5), smoke due this turn clears (GB-3.7); the battle ends if the turn
    limit is reached (GB-16.2); else the next turn begins."""
    for u in state.units:
        if u.overwatch is not None and u.alive:
            events.append(OverwatchExpired(unit=u.name, side=u.side, shots=u.overwatch.shots, to=(u.side,)))
        u.overwatch = None
        u.bound = -1
    gone = [h for h, until in state.smoke if until <= state.turn]
    if gone:
        state.smoke = [(h, until) for h, until in state.smoke if until > state.turn]
        t = state.map.tables
        events.append(SmokeCleared(hexes=tuple(t.name[h] for h in gone)))
        refresh(state, events)
    if check_victory(state, events):
        return
    if state.turn_limit is not None and state.turn >= state.turn_limit:
        s = scores(state)
        if s[0] == s[1]:
            _over(state, events, None, "turn_limit_draw")
        else:
            _over(state, events, 0 if s[0] > s[1] else 1, "turn_limit")
        return
    begin_turn(state, dice, events)


def result(state: State) -> Result | None:
    """The result once the battle is over (GB-16), with each side's destroyed enemy Max
    Health as its score; else None."""
    if state.phase != "over":
        return None
    reason = REASONS.get(state.reason, state.reason)
    if state.winner is None:
        return Result.drawn((0, 1), reason, state.rule, scores(state))
    return Result.won(state.winner, reason, state.rule, scores(state))
