"""The flow of a game (EVA-5, EVA-6): set-up and roll-offs, the choice of zones and
the deployment, rounds and their initiative, the start and end of an activation,
whose turn it is, and the result."""

from __future__ import annotations

from msgspec.structs import replace

from engine.dice import Dice
from engine.i18n import N_
from engine.ruleset import Result

# -- imports --
from engine.rulesets.eva import events as ev
from engine.rulesets.eva.actions import Activate, ChooseZone, Concede, Deploy, End, sq
from engine.rulesets.eva.board import N_SQ, NORTH_ROWS, SOUTH_ROWS, W, geo, is_engaged, map_id
from engine.rulesets.eva.catalog import BASE_ARMOUR, JAWS_ARMOUR, SHIELD_POINTS
from engine.rulesets.eva.common import active, obligation_free, refuse
from engine.rulesets.eva.damage import finish, max_energy, reveal
from engine.rulesets.eva.hands import hands_legal, held_labels, held_shield, items_for, rules_hands_ok
from engine.rulesets.eva.marks import mark_shared
from engine.rulesets.eva.roster import eva_cost, validate
from engine.rulesets.eva.scenario import BLUE, GREEN, parse_map
from engine.rulesets.eva.state import BATTLE, DEPLOY, ZONE, Activation, EvaSetup, EvaState, Trauma, Unit

__all__ = [
    "after_action",
    "berserk_eligible",
    "check_invariants",
    "end_activation",
    "has_unactivated",
    "new_state",
    "plan_activate",
    "plan_choose_zone",
    "plan_concede",
    "plan_deploy",
    "plan_end",
    "resolve_activate",
    "resolve_choose_zone",
    "resolve_concede",
    "resolve_deploy",
    "resolve_end",
    "result",
    "rolloff",
    "start_round",
    "to_act",
]


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
            items = items_for(e)
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
            items = units[i].items
            for k, it in enumerate(items):
                if it.code == "lance":
                    items[k] = replace(it, code="replica", label="replica")
            out.append(ev.LanceReplaced(to=(loser,), side=loser, unit=units[i].name, unit_side=units[i].side))
    attempts, winner = rolloff(dice)
    out.append(ev.RollOff(purpose="zone", rolls=attempts, winner=winner))
    state.phase = ZONE
    state.chooser = winner
    mark_shared(state, out)
    return state, out


def start_round(state: EvaState, dice: Dice, out: list) -> None:
    """EVA-5.3: a new round with an initiative roll-off."""
    state.round += 1
    for u in state.units:
        u.activated = False
    attempts, first = rolloff(dice)
    out.append(ev.RollOff(purpose="initiative", rolls=attempts, winner=first))
    state.first = first
    state.turn = first
    if not has_unactivated(state, first):
        state.turn = 1 - first
    out.append(ev.RoundStarted(round=state.round, first=state.turn))


def has_unactivated(state: EvaState, side: int) -> bool:
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
        u.traumas = lasting(u.traumas, u.activations)
    if not u.destroyed:
        out.append(ev.ActivationEnded(unit=u.name, unit_side=u.side))
    if state.over:
        return
    advance(state, dice, out, u.side)


def lasting(traumas: list[Trauma], activations: int) -> list[Trauma]:
    """The traumas that outlast the end of an Eva's activation number ``activations``:
    those without an expiry and those meant to last through a later one (EVA-11.7)."""
    return [t for t in traumas if t.expires is None or t.expires > activations]


def advance(state: EvaState, dice: Dice, out: list, last_side: int) -> None:
    """Whose turn after an activation of ``last_side`` (EVA-5.4), or the end of the round."""
    other = 1 - last_side
    if has_unactivated(state, other):
        state.turn = other
        return
    if has_unactivated(state, last_side):
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


def after_action(state: EvaState, dice: Dice, out: list) -> None:
    """End the activation if the active Eva was destroyed (EVA-6.2)."""
    act = state.activation
    if act is not None and state.units[act.unit].destroyed and state.pending is None and not state.over:
        end_activation(state, dice, out)


def resolve_activate(state: EvaState, side: int, a: Activate, plan: None, dice: Dice) -> list:
    """EVA-6.1: the start of an activation, in its order (checked by :func:`plan_activate`)."""
    u = state.units[a.unit]
    m = u.side
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


def plan_activate(state: EvaState, side: int, a: Activate) -> None:
    """Check the start of an activation (EVA-5.4, EVA-16.7); raises IllegalAction."""
    if state.phase != BATTLE:
        raise refuse(N_("The battle has not started."), "EVA-5.1")
    if state.activation is not None:
        raise refuse(
            N_("{unit} is still being activated; end its activation first."),
            "EVA-5.4",
            unit=state.units[state.activation.unit].name,
        )
    if side != state.turn:
        raise refuse(N_("It is the other player's turn to activate an Eva."), "EVA-5.4")
    if not 0 <= a.unit < len(state.units):
        raise refuse(N_("No such Eva."), "EVA-1.1")
    u = state.units[a.unit]
    if u.side != side:
        raise refuse(N_("That Eva is not yours."), "EVA-1.1")
    if not u.on_board:
        raise refuse(N_("{unit} is not on the board."), "EVA-5.7", unit=u.name)
    if u.activated:
        raise refuse(N_("{unit} has already been activated this round."), "EVA-5.4", unit=u.name)
    if a.berserk and not berserk_eligible(u):
        raise refuse(
            N_("{unit} cannot roll for Berserk now (it needs Berserk and armour 6 or less)."),
            "EVA-16.7",
            unit=u.name,
        )


def berserk_eligible(u: Unit) -> bool:
    """May the owner roll for Berserk at this activation's start? (EVA-16.7; the armour
    test uses armour after S2 regeneration, but Berserk and S2 never combine)."""
    return u.has("berserk") and not u.berserk and u.armour <= 6


_NOBODY: frozenset[int] = frozenset()


_SIDE: tuple[frozenset[int], frozenset[int]] = (frozenset((0,)), frozenset((1,)))


def to_act(state: EvaState) -> frozenset[int]:
    """Who must decide now: the seat a decision waits for, else the owner of the Eva
    being activated, else the chooser of the zones, the placer, or the seat whose turn
    it is to activate (EVA-5); nobody once the game is over."""
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


def plan_end(state: EvaState, side: int, a: End) -> None:
    """Check the end of an activation: free of an obligation to fight (EVA-6.6, EVA-12.10)."""
    u, act = active(state, side, a.unit)
    obligation_free(u, act)


def resolve_end(state: EvaState, side: int, a: End, plan: None, dice: Dice) -> list:
    """End the activation (:func:`end_activation`)."""
    out: list = []
    end_activation(state, dice, out)
    return out


def plan_choose_zone(state: EvaState, side: int, a: ChooseZone) -> None:
    """Check the choice of a deployment zone by the roll-off's winner (EVA-5.2)."""
    if state.phase != ZONE:
        raise refuse(N_("Deployment zones are already chosen."), "EVA-5.2")
    if side != state.chooser:
        raise refuse(N_("The winner of the roll-off chooses the zone."), "EVA-5.2")
    if a.zone not in ("south", "north"):
        raise refuse(N_("Choose south or north."), "EVA-5.2")


def resolve_choose_zone(state: EvaState, side: int, a: ChooseZone, plan: None, dice: Dice) -> list:
    """The chooser takes a zone, the other the other; the other places first (EVA-5.2)."""
    state.zones[side] = 0 if a.zone == "south" else 1
    state.zones[1 - side] = 1 - state.zones[side]
    state.phase = DEPLOY
    state.placer = 1 - side
    return [ev.ZoneChosen(side=side, zone=a.zone)]


def plan_deploy(state: EvaState, side: int, a: Deploy) -> list[int]:
    """Check the placing of an Eva (EVA-5.2, EVA-9.1); returns its hands, sorted. Raises
    IllegalAction."""
    if state.phase != DEPLOY:
        raise refuse(N_("This is not the deployment."), "EVA-5.2")
    if side != state.placer:
        raise refuse(N_("It is the other player's turn to place an Eva."), "EVA-5.2")
    if not 0 <= a.unit < len(state.units) or state.units[a.unit].side != side:
        raise refuse(N_("That Eva is not yours."), "EVA-1.1")
    u = state.units[a.unit]
    if u.deployed:
        raise refuse(N_("{unit} is already on the board."), "EVA-5.2", unit=u.name)
    if not 0 <= a.square < N_SQ:
        raise refuse(N_("That square is not on the board."), "EVA-8.9")
    rows = SOUTH_ROWS if state.zones[side] == 0 else NORTH_ROWS
    if a.square // W not in rows:
        raise refuse(N_("{square} is outside your deployment zone."), "EVA-5.2", square=sq(a.square))
    if geo(state).terrain[a.square] >= GREEN:
        raise refuse(N_("Evas deploy on open, red or yellow squares."), "EVA-5.2")
    for o in state.units:
        if o.deployed and o.square == a.square:
            raise refuse(N_("{square} already holds an Eva."), "EVA-5.2", square=sq(a.square))
    hands = sorted(a.hands)
    why = hands_legal(u, hands)
    if why:
        raise refuse(why, "EVA-9.1")
    return hands


def resolve_deploy(state: EvaState, side: int, a: Deploy, hands: list[int], dice: Dice) -> list:
    """Place the Eva with ``hands``; the other side places next while it has an Eva to
    place, and the battle starts once every Eva is placed (EVA-5.2)."""
    out: list = []
    u = state.units[a.unit]
    u.square = a.square
    u.deployed = True
    u.hands = hands
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


def plan_concede(state: EvaState, side: int, a: Concede) -> None:
    """Check a concession: any time before the game is over (EVA-5.11)."""
    if state.over:
        raise refuse(N_("The game is over."), "EVA-5.11")


def resolve_concede(state: EvaState, side: int, a: Concede, plan: None, dice: Dice) -> list:
    """``side`` gives up; the other wins (EVA-5.11)."""
    out: list = [ev.Conceded(side=side)]
    finish(state, 1 - side, N_("concession"), "EVA-5.11", out)
    return out
