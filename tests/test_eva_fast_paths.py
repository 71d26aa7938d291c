"""The Eva engine's shortcuts give the rules' answers: random_action draws what
rejection sampling over the whole candidate list with the full check draws, the
verdicts the candidates carry are those of ``rules.check``, a single step is priced
as ``path_cost`` prices any path, and a jump's landing squares are those its sight
lines allow (EVA-16.9). Checked in random games, and in positions changed at random
(engaged, kneeling, pinned, out of energy, unsorted hands...) that random play
seldom reaches."""

from __future__ import annotations

import random

import msgspec
import pytest

from engine.dice import Dice
from engine.ruleset import IllegalAction, get
from engine.rulesets.eva import actions as A
from engine.rulesets.eva import options, rules
from engine.rulesets.eva.scenario import EvaMap, bundled_maps, load_bundled
from engine.rulesets.eva.state import BATTLE, MOVEMENT, NONE, SHOOTING, Trauma

RS = get("eva")


def _legal(state, side, a) -> bool:
    try:
        rules.check(state, side, a)
    except IllegalAction:
        return False
    return True


def _reference_random_action(state, side, rng):
    """Rejection sampling over the whole candidate list, every candidate checked."""
    cands = options._candidates(state, side)
    while cands:
        k = rng.randrange(len(cands))
        a = cands[k]
        if _legal(state, side, a):
            return a
        cands[k] = cands[-1]
        cands.pop()
    return None


def _perturb(state, rng: random.Random) -> None:
    """Change the active Eva's position or activation at random, legal or not."""
    act = state.activation
    u = state.units[act.unit]
    others = [o for o in state.units if o is not u and o.on_board]
    for _ in range(rng.randint(1, 3)):
        k = rng.randrange(17)
        if k == 0:
            act.obligation = not act.obligation
        elif k == 1:
            act.disengaged = not act.disengaged
        elif k == 2:
            act.no_steps = not act.no_steps
        elif k == 3:
            act.last_class = rng.choice((NONE, MOVEMENT, SHOOTING))
            act.switches = rng.randint(0, 1)
        elif k == 4:
            u.kneeling = not u.kneeling
        elif k == 5:
            u.pinned = not u.pinned
        elif k == 6:
            u.energy = rng.randint(0, 4)
        elif k == 7:
            u.airborne = not u.airborne
        elif k in (8, 9) and others:  # an Eva next to it (on a free square), any colour
            o = rng.choice(others)
            dx, dy = rng.choice([(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, 1), (1, -1), (-1, -1)])
            x, y = u.square % 20 + dx, u.square // 20 + dy
            if 0 <= x < 20 and 0 <= y < 30 and all(e.square != y * 20 + x for e in others):
                o.square = y * 20 + x
                o.airborne = rng.random() < 0.3
        elif k == 10:
            u.hands = u.hands[::-1]
        elif k == 11:
            u.traumas.append(Trauma(rng.choice(("wings", "arms", "legs"))))
        elif k == 12:
            act.disengage_tried = not act.disengage_tried
        elif k == 13:
            act.stepped = not act.stepped
        elif k == 14:
            act.accel = not act.accel
        elif k == 15:
            act.melee_done = not act.melee_done
        elif others:  # an Eva destroyed, left with a stray square far off the board
            o = rng.choice(others)
            o.destroyed = True
            o.square = rng.choice((-5000, 9999))


def _positions(games: int, perturbed: bool, shared_names: bool = False):
    """(state, side, rng) at every step of random games; with ``perturbed``, during
    activations only, each position changed at random (and played on from there); with
    ``shared_names``, Player 2's Evas named as Player 1's (A-1, A-2...), so that the
    events say whose Eva a name is."""
    for game in range(1, games + 1):
        rng = random.Random(game)
        setup = RS.random_setup(rng)
        if shared_names:
            for e in setup.rosters[1].evas:
                e.name = e.name.replace("B-", "A-")
        state, _ = RS.new_state(setup, Dice(b"fast%d" % game))
        dice = Dice(b"paths%d" % game)
        while sides := RS.to_act(state):
            side = min(sides)
            if perturbed and state.activation is not None and state.pending is None:
                _perturb(state, rng)
                if state.phase != BATTLE or not RS.to_act(state):
                    break
            yield state, side, rng
            action = RS.random_action(state, side, rng)
            if action is None:
                break
            RS.apply(state, side, action, dice)


@pytest.mark.parametrize("perturbed", [False, True])
def test_random_action_draws_as_rejection_sampling_over_every_candidate(perturbed):
    for state, side, rng in _positions(25, perturbed):
        before = rng.getstate()
        got = options.random_action(state, side, rng)
        after = rng.getstate()
        rng.setstate(before)
        assert got == _reference_random_action(state, side, rng)
        assert rng.getstate() == after


class _Pick:
    """A stand-in for random.Random whose first draw is ``first`` (then the last place)."""

    def __init__(self, first: int) -> None:
        self.first = first
        self.draws = 0

    def randrange(self, n: int) -> int:
        self.draws += 1
        return self.first if self.draws == 1 else n - 1


@pytest.mark.parametrize("perturbed", [False, True])
def test_the_verdicts_of_an_activations_candidates_are_the_checks(perturbed):
    """Each candidate drawn first is taken exactly when the check allows it."""
    seen = 0
    for state, side, _rng in _positions(25, perturbed):
        act = state.activation
        if act is None or state.pending is not None or side != state.units[act.unit].side:
            continue
        cands = options._in_activation(state, side, None)
        for i, a in enumerate(cands):
            pick = _Pick(i)
            got = options._in_activation(state, side, pick)
            taken = pick.draws == 1 and got is not None
            assert taken == _legal(state, side, a), a
            if taken:
                assert got == a
            seen += 1
    assert seen > 1000


def test_a_single_step_is_priced_as_any_path():
    """Where the one-pass pricing of a single step accepts it, path_cost without that
    shortcut gives the same energy (and it refuses nothing path_cost accepts, but for
    positions with an Eva left on a stray square, which it leaves to path_cost)."""
    quick = rules._single_step
    accepted = refused = 0
    for state, side, _rng in _positions(40, True):
        act = state.activation
        if act is None or state.pending is not None or side != state.units[act.unit].side:
            continue
        u = state.units[act.unit]
        for n in range(max(0, u.square - 22), min(600, u.square + 23)):
            got = quick(state, u, act, n)
            with pytest.MonkeyPatch.context() as m:
                m.setattr(rules, "_single_step", lambda *args: None)
                try:
                    want = rules.path_cost(state, act.unit, [u.square, n])
                except IllegalAction:
                    want = None
            if got is None:  # refused, or left to path_cost where an Eva has a stray square
                refused += 1
                stray = any(not -600 <= o.square < 600 for o in state.units)
                assert want is None or n == u.square or stray, n
            else:
                accepted += 1
                assert got == want, n
    assert accepted > 500 and refused > 500


def test_a_jumps_landing_squares_are_those_its_sight_lines_allow():
    maps = [load_bundled(k) for k in bundled_maps()]
    rng = random.Random(3)
    for _ in range(10):
        rows = ["".join(rng.choice(".ryggbbb") for _ in range(20)) for _ in range(30)]
        maps.append(EvaMap(key="r", title="r", rows=rows))
    for m in maps:
        g = rules.MapGeo(m)
        for start in range(600):
            x, y = start % 20, start // 20
            want = []
            for dy in range(-3, 4):
                for dx in range(-3, 4):
                    if (dx or dy) and dx * dx + dy * dy <= 9 and 0 <= x + dx < 20 and 0 <= y + dy < 30:
                        s = (y + dy) * 20 + x + dx
                        if g.terrain[s] < rules.GREEN and not g.line(start, s)[0].blue:
                            want.append(s)
            assert g.jump_squares(start) == want, start


def _outcome(state, side, a, dice_seed: bytes):
    """apply on a copy of the state: (events, state after) encoded, or the refusal."""
    copy = msgspec.msgpack.decode(msgspec.msgpack.encode(state), type=RS.State)
    try:
        events = RS.apply(copy, side, a, Dice(dice_seed))
    except IllegalAction as e:
        return "refused", str(e), msgspec.msgpack.encode(copy) == msgspec.msgpack.encode(state)
    return msgspec.msgpack.encode(events), msgspec.msgpack.encode(copy)


@pytest.mark.parametrize("shared_names", [False, True])
def test_the_quick_resolvers_of_apply_give_what_check_and_resolution_give(monkeypatch, shared_names):
    """Every candidate, legal or not, and some actions of other Evas or with other hands,
    applied with and without the resolvers of rules._QUICK: the same events (whose Eva
    a name is said where both sides have it) and state, or the same refusal with the
    state untouched."""
    tried = 0
    for k, (state, side, _rng) in enumerate(_positions(25, True, shared_names)):
        if k % 3:
            continue
        actions = options._candidates(state, side)
        act = state.activation
        if act is not None:
            ui = act.unit
            actions += [A.End(ui), A.Kneel(ui), A.Stand(ui), A.Swap(ui, [0]), A.Swap(ui, [1, 0])]
            actions += [A.Move(ui, [state.units[ui].square, state.units[ui].square + d]) for d in (1, 20, 21)]
            actions += [A.End((ui + 1) % len(state.units)), A.Activate(ui)]
        else:
            actions += [A.Activate(i, b) for i in range(-1, len(state.units) + 1) for b in (False, True)]
        for a in actions:
            quick = _outcome(state, side, a, b"q%d" % k)
            with monkeypatch.context() as m:
                m.setattr(rules, "_QUICK", {})
                assert quick == _outcome(state, side, a, b"q%d" % k), a
            tried += 1
    assert tried > 3000


def test_the_memoised_hand_facts_are_those_of_the_rules():
    """rules.held_facts gives every other hand configuration with the energy swap_cost
    prices it at, the Shield in hand and the reach, for every Eva at every step."""
    checked = 0
    for state, _side, _rng in _positions(15, True):
        for u in state.units:
            held = rules.held_facts(u)
            others = [h for h in rules.hand_configs(u) if h != u.hands]
            assert held.swap_hands == others
            assert held.swap_costs == {tuple(h): rules.swap_cost(u, h) for h in others}
            assert held.cheap_swap_hands == [h for h in others if rules.swap_cost(u, h) <= 1]
            assert held.shield == rules.held_shield(u)
            assert held.reach == rules.reach(u)
            assert held.ranged == [
                (i, w) for i in u.hands if (w := rules.WEAPONS.get(u.items[i].code)) and w.damage is not None
            ]
            checked += 1
    assert checked > 1000


def test_the_hand_facts_memoised_per_eva_follow_its_items_traumas_and_equipment():
    """rules.held_facts keeps an Eva's hand facts with copies of what they depend on: an
    item gone, a new arms trauma, Extended Arms gained or lost, other hands, or another
    Eva found under its id, each gives the facts worked out afresh, never the ones
    kept."""
    from engine.rulesets.eva.state import Item, Unit

    def fresh(u):
        return rules.Held(u, rules.Loadout(u))

    def same(a, b):
        return all(getattr(a, k) == getattr(b, k) for k in rules.Held.__slots__)

    rules._HELD_BY_EVA.clear()  # other tests' entries: not to fill the memo midway
    items = [Item("rifle", "rifle"), Item("knife", "knife"), Item("shield", "shield"), Item("lance", "lance")]
    u = Unit(
        side=0, name="A", cost=0, items=items, equipment=[], at=0, max_armour=20, armour=20, hands=[0, 1]
    )
    changes = [
        lambda u: setattr(u.items[1], "gone", True),
        lambda u: setattr(u, "hands", [0]),
        lambda u: u.traumas.append(Trauma("arms")),
        lambda u: u.equipment.append("arms"),
        lambda u: setattr(u, "hands", [3]),
        lambda u: setattr(u.items[3], "code", "rifle"),
        lambda u: u.equipment.clear(),
        lambda u: u.traumas.clear(),
        lambda u: setattr(u.items[1], "gone", False),
    ]
    for change in changes:
        before = rules.held_facts(u)
        assert same(before, fresh(u))
        twin = msgspec.convert(msgspec.to_builtins(u), Unit)
        change(u)
        assert same(rules.held_facts(u), fresh(u)), change
        assert same(rules.held_facts(twin), fresh(twin))
        assert same(rules.held_facts(twin), before)
        # an entry found by the id of an Eva that has changed since, or as the last one
        # (the memo of u held here: finding a stale entry may empty the memo when full)
        memo = rules._HELD_BY_EVA[id(u)]
        rules._HELD_BY_EVA[id(twin)] = memo
        rules._LAST_HELD = (None, None)
        assert same(rules.held_facts(twin), before)
        rules._LAST_HELD = (twin, memo)
        assert same(rules.held_facts(twin), before)
        # the hands last asked about, changed in place
        rules.held_facts(twin)
        twin.hands.reverse()
        assert same(rules.held_facts(twin), fresh(twin))
        twin.hands.reverse()


def test_the_names_both_sides_have_are_those_of_the_state_asked_about():
    """rules._shared_names (memoised per list of units, the last list found without its
    id) answers for the state asked about however states are interleaved: one whose
    sides share Eva names, one whose sides do not, and a copy of each."""
    states = []
    for shared in (False, True):
        setup = RS.random_setup(random.Random(7))
        if shared:
            for e in setup.rosters[1].evas:
                e.name = e.name.replace("B-", "A-")
        state = RS.new_state(setup, Dice(b"names"))[0]
        states += [state, msgspec.convert(msgspec.to_builtins(state), type(state))]

    def fresh(state):
        names = [{u.name for u in state.units if u.side == s} for s in (0, 1)]
        return names[0] & names[1]

    assert not fresh(states[0]) and fresh(states[2])
    for state in states + states[::-1] + states[::2] + states[1::2]:
        shared = fresh(state)
        assert rules._shared_names(state) == shared
        for u in state.units:
            assert rules._side_mark(state, u) == (u.side if u.name in shared else -1)


def test_a_sight_line_worked_out_relative_to_its_ends_is_the_line_between_them():
    """rules.LineInfo takes a line's squares from the line between offsets (EVA-4.5 is
    worked out relative to the ends): the same squares and corner pairs as
    sight_line between the two squares themselves, from corners, edges and the
    middle of the board to every other square."""
    from engine.geometry.square import sight_line

    starts = [0, 19, 580, 599, 10, 290, 309, 300, 315, 45, 555, 222, 377, 164, 431]
    terrain = bytes(600)
    for a in starts:
        for b in range(600):
            if a == b:
                continue
            lo, hi = min(a, b), max(a, b)
            crossed, pairs = sight_line((lo % 20 + 1, lo // 20 + 1), (hi % 20 + 1, hi // 20 + 1))
            info = rules.LineInfo(lo, hi, terrain)
            assert info.crossed == tuple((y - 1) * 20 + x - 1 for x, y in crossed), (a, b)
            assert info.pairs == tuple(
                ((p[1] - 1) * 20 + p[0] - 1, (q[1] - 1) * 20 + q[0] - 1) for p, q in pairs
            )


def test_the_steps_within_an_energy_are_the_steps_that_cost_no_more():
    maps = [load_bundled(k) for k in bundled_maps()]
    rng = random.Random(1)
    maps += [
        EvaMap(key="r", title="r", rows=["".join(rng.choice(".ryggb") for _ in range(20)) for _ in range(30)])
        for _ in range(3)
    ]
    for m in maps:
        g = rules.MapGeo(m)
        for airborne in (False, True):
            for accel in (False, True):
                for s in range(600):
                    by_energy = g.step_squares(s, airborne, accel)
                    steps = g.step_row(s, airborne, accel)
                    assert [by_energy[e] for e in range(8)] == [
                        tuple(n for n, c in steps if c <= e) for e in range(8)
                    ]


def test_the_hand_configurations_are_those_hands_legal_accepts():
    """rules.hand_configs lists, in its order, exactly the configurations hands_legal
    accepts among empty hands, each carried item alone and each pair of one-handed
    weapons (EVA-9.1, EVA-9.7), for random loadouts with items gone and traumas."""
    from engine.rulesets.eva.catalog import WEAPONS
    from engine.rulesets.eva.state import Item, Unit

    def reference(u):
        avail = [i for i, it in enumerate(u.items) if not it.gone]
        out = [[]]
        for k, a in enumerate(avail):
            out.append([a])
            if not rules._big(u, a):
                out += [[a, b] for b in avail[k + 1 :] if not rules._big(u, b)]
        return [h for h in out if rules.hands_legal(u, h) is None]

    codes = [*WEAPONS, "shield"]
    rng = random.Random(4)
    for _ in range(3000):
        items = [Item(c, c, False, rng.random() < 0.2) for c in rng.sample(codes, rng.randint(0, 5))]
        traumas = [Trauma(rng.choice(["arms", "legs", "body"]))] if rng.random() < 0.3 else []
        u = Unit(
            side=0,
            name="x",
            cost=1,
            items=items,
            equipment=[],
            at=0,
            max_armour=30,
            armour=30,
            traumas=traumas,
        )
        assert rules.hand_configs(u) == reference(u), (items, traumas)


def _scalars_only(t) -> bool:
    """Does a msgspec type description admit only numbers, strings, booleans, None,
    and lists or tuples of them?"""
    from msgspec import inspect as mi

    if isinstance(t, mi.UnionType):
        return all(_scalars_only(x) for x in t.types)
    if isinstance(t, (mi.ListType, mi.VarTupleType)):
        return _scalars_only(t.item_type)
    if isinstance(t, mi.TupleType):
        return all(_scalars_only(x) for x in t.item_types)
    return isinstance(t, (mi.IntType, mi.StrType, mi.BoolType, mi.FloatType, mi.NoneType, mi.LiteralType))


def test_actions_and_events_left_out_of_the_garbage_collector_cannot_be_in_a_cycle():
    """Actions and events are not tracked by the garbage collector (gc=False): right
    only while no field can hold anything that could lead back to one."""
    import gc

    from msgspec import inspect as mi

    from engine.rulesets.eva.events import EVENT_TYPES

    for union in (A.ACTION_TYPES, EVENT_TYPES):
        for cls in union.__args__:
            assert cls.__struct_config__.gc is False, cls
            info = mi.type_info(cls)
            for f in info.fields:
                assert _scalars_only(f.type), (cls, f.name, f.type)
    assert not gc.is_tracked(A.Move(0, [1, 2]))
