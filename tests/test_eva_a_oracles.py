"""Differential tests: small oracles written from the text of eva.md, compared with the engine on
random or exhaustive inputs.

* sight, hiding and cover (EVA-4.3, EVA-4.6, EVA-4.7, EVA-4.8, EVA-4.12) on random maps;
* the cheapest cost of every reachable square (EVA-2.9, EVA-8.1 to EVA-8.4, EVA-8.7, EVA-16.10 a,
  EVA-16.11) on random positions, and every offered path accepted at that cost (EVA-8.2);
* swap costs (EVA-9.3) for every pair of hand configurations;
* maximum energy (EVA-7.2) for random equipment, armour, traumas and Spear hits;
* the target number (EVA-10.5) for combinations of band, cover, layers and equipment;
* the to-hit, re-roll, confirmation and damage procedure (EVA-10.6 to EVA-10.9, EVA-1.3) for every
  sequence of dice.

Each oracle uses only sight_line_reference (EVA-4.5) and the rule text; none calls the engine's
rule functions.
"""

import itertools
import random

import msgspec
import pytest

from engine.dice import ScriptedDice
from engine.geometry.square import sight_line_reference, square_name
from engine.ruleset import IllegalAction
from engine.rulesets.eva import events as ev
from engine.rulesets.eva import options as eva_options
from engine.rulesets.eva import rules
from engine.rulesets.eva.actions import Accelerate, Fire
from engine.rulesets.eva.state import EvaState, Trauma
from tests.eva_support import idx, make_state, of, start, uidx, unit

OPEN, RED, YELLOW, GREEN, BLUE = 0, 1, 2, 3, 4
LETTER = {RED: "r", YELLOW: "y", GREEN: "g", BLUE: "b"}


def name(x, y):
    return square_name(x, y)


def random_terrain(rng, density):
    """Random obstacles on rows 4-27 (the helper map keeps rows 1-3 and 28-30 open)."""
    terrain = {}
    for y in range(4, 28):
        for x in range(1, 21):
            if rng.random() < density:
                terrain[(x, y)] = rng.choice((RED, YELLOW, GREEN, BLUE))
    return terrain


# ---------------------------------------------------------------------------
# Oracle: sight, hiding and cover
# ---------------------------------------------------------------------------
def line_squares(a, b, terrain, ground, target):
    """EVA-4.2 to EVA-4.4: each line square as (colour, holds a ground Eva, flush against target)."""

    def near(s):
        return max(abs(s[0] - target[0]), abs(s[1] - target[1])) == 1

    crossed, pairs = sight_line_reference(a, b)
    out = [(terrain.get(s, OPEN), s in ground, near(s)) for s in crossed]
    for p, q in pairs:
        out.append(
            (
                min(terrain.get(p, OPEN), terrain.get(q, OPEN)),
                p in ground and q in ground,
                near(p) and near(q),
            )
        )
    return out


def oracle_hidden(o, v, terrain, ground):
    """EVA-4.7: is o (square, airborne, kneeling) hidden from v?"""
    (osq, o_air, o_kneel), (vsq, v_air, _vk) = o, v
    line = line_squares(vsq, osq, terrain, ground, osq)
    if any(c == BLUE for c, _g, _f in line):  # (a)
        return True
    if o_air:  # (d)
        return False
    if not v_air:  # (b)
        if any(c >= GREEN for c, _g, _f in line):
            return True
        return o_kneel and any(c >= YELLOW for c, _g, _f in line)
    # (c)
    if any(c == GREEN and f for c, _g, f in line):
        return True
    return o_kneel and any(c in (YELLOW, GREEN) and f for c, _g, f in line)


def oracle_cover(s, t, terrain, ground):
    """EVA-4.12 (for a seen target)."""
    (ssq, s_air, _sk), (tsq, t_air, t_kneel) = s, t
    if s_air or t_air:
        return False
    line = line_squares(ssq, tsq, terrain, ground, tsq)
    if any(g for _c, g, _f in line):
        return True
    if t_kneel:
        return any(c == RED and f for c, _g, f in line)
    return any(c == YELLOW for c, _g, _f in line)


def test_eva_4_7_4_8_4_12_oracle_sight_hiding_and_cover_on_random_maps():
    """EVA-4.3, EVA-4.6, EVA-4.7, EVA-4.8, EVA-4.12, EVA-AMB-12 to AMB-15: on 100 random maps with 6
    Evas each (random layer and stance), hidden_from, sees and in_cover agree with the oracle for every
    ordered pair."""
    rng = random.Random(4_7)
    checked = 0
    for _ in range(100):
        terrain = random_terrain(rng, rng.choice((0.1, 0.25, 0.4)))
        free = [(x, y) for x in range(1, 21) for y in range(4, 28) if terrain.get((x, y), OPEN) <= YELLOW]
        spots = rng.sample(free, 6)
        specs = []
        for i, (x, y) in enumerate(spots):
            air = rng.random() < 0.3
            kneel = not air and rng.random() < 0.4
            specs.append(
                {
                    "name": f"U{i}",
                    "side": i % 2,
                    "square": name(x, y),
                    "equipment": ["wings"],
                    "airborne": air,
                    "kneeling": kneel,
                }
            )
        st = make_state(specs, {name(*s): LETTER[c] for s, c in terrain.items()})
        ground = {sp for sp, spec in zip(spots, specs, strict=True) if not spec["airborne"]}
        info = {
            spec["name"]: (sp, spec["airborne"], spec["kneeling"])
            for sp, spec in zip(spots, specs, strict=True)
        }
        for a, b in itertools.permutations(info, 2):
            ua, ub = unit(st, a), unit(st, b)
            hid = oracle_hidden(info[b], info[a], terrain, ground)
            assert rules.hidden_from(st, ub, ua) == hid, (a, b, info, terrain)
            seen = not hid and not oracle_hidden(info[a], info[b], terrain, ground)
            assert rules.sees(st, ua, ub) == seen, (a, b)
            if seen:
                assert rules.in_cover(st, ua, ub) == oracle_cover(info[a], info[b], terrain, ground), (a, b)
            checked += 1
    assert checked == 100 * 30


# ---------------------------------------------------------------------------
# Oracle: movement costs
# ---------------------------------------------------------------------------
def oracle_reachable(terrain, evas, mover, energy, accel):
    """Cheapest energy to every square the mover may end a path on (EVA-2.9, EVA-8.1 to EVA-8.4,
    EVA-8.7, EVA-16.10 a, EVA-16.11). ``evas``: name → (square, side, airborne)."""
    start, side, air = evas[mover]
    others = {n: e for n, e in evas.items() if n != mover}
    same_layer = {e[0] for e in others.values() if e[2] == air}
    any_eva = {e[0] for e in others.values()}
    enemies_same_layer = [e[0] for e in others.values() if e[1] != side and e[2] == air]

    def engaged(s):
        return any(abs(s[0] - e[0]) + abs(s[1] - e[1]) == 1 for e in enemies_same_layer)

    def colour(s):
        return terrain.get(s, OPEN)

    def blocked_side(s):
        if air:
            return colour(s) == BLUE or s in same_layer
        return colour(s) >= GREEN or s in same_layer

    def cost(dst, diag):
        c = colour(dst)
        if air:
            if c == BLUE:
                return None
            base = 3 if diag else 2
        else:
            if c >= GREEN:
                return None
            base = (6 if diag else 4) if c == YELLOW else (3 if diag else 2)
        return -(-base // 2) if accel else base

    if engaged(start):
        return {}
    best = {start: 0}
    frontier = [(0, start)]
    while frontier:
        frontier.sort()
        c0, s = frontier.pop(0)
        if c0 != best[s]:
            continue
        if s != start and engaged(s):
            continue  # the path must stop here
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                if dx == dy == 0:
                    continue
                n = (s[0] + dx, s[1] + dy)
                if not (1 <= n[0] <= 20 and 1 <= n[1] <= 30):
                    continue
                diag = dx != 0 and dy != 0
                step = cost(n, diag)
                if step is None or n in same_layer:
                    continue
                if diag and blocked_side((s[0] + dx, s[1])) and blocked_side((s[0], s[1] + dy)):
                    continue
                c1 = c0 + step
                if c1 <= energy and c1 < best.get(n, 10**9):
                    best[n] = c1
                    frontier.append((c1, n))
    return {s: c for s, c in best.items() if s != start and colour(s) != GREEN and s not in any_eva}


def test_eva_8_oracle_cheapest_costs_and_offered_paths_on_random_positions():
    """EVA-2.9, EVA-8.1 to EVA-8.4, EVA-8.7, EVA-16.10, EVA-16.11, EVA-AMB-8 to AMB-10: on 120 random
    positions the squares the engine offers and their cheapest costs equal the oracle's, and every
    offered path is accepted by the path check at exactly that cost."""
    rng = random.Random(8_2)
    positions = busy = 0
    for _ in range(120):
        terrain = random_terrain(rng, rng.choice((0.1, 0.3)))
        # a 9 x 9 area around the mover keeps the positions busy
        cx, cy = rng.randint(5, 16), rng.randint(8, 23)
        area = [
            (x, y)
            for x in range(cx - 4, cx + 5)
            for y in range(cy - 4, cy + 5)
            if terrain.get((x, y), OPEN) <= YELLOW
        ]
        if len(area) < 8:
            continue
        spots = rng.sample(area, rng.randint(2, 7))
        air = rng.random() < 0.4
        specs = [
            {
                "name": "M",
                "side": 0,
                "square": name(*spots[0]),
                "equipment": ["wings", "accel"],
                "airborne": air,
            }
        ]
        evas = {"M": (spots[0], 0, air)}
        for i, s in enumerate(spots[1:]):
            spec = {
                "name": f"E{i}",
                "side": rng.randint(0, 1),
                "square": name(*s),
                "equipment": ["wings"],
                "airborne": rng.random() < 0.4,
            }
            specs.append(spec)
            evas[spec["name"]] = (s, spec["side"], spec["airborne"])
        if not any(sp["side"] == 1 for sp in specs):
            specs.append({"name": "Z", "side": 1, "square": "T30"})
            evas["Z"] = ((20, 30), 1, False)
        st = make_state(specs, {name(*s): LETTER[c] for s, c in terrain.items()})
        start(st, "M")
        accel = rng.random() < 0.3
        if accel:
            rules.apply(st, 0, Accelerate(uidx(st, "M")), ScriptedDice([]))
        u = unit(st, "M")
        u.energy = rng.randint(1, 15)
        want = oracle_reachable(terrain, evas, "M", u.energy, accel)
        want = {idx(name(*s)): c for s, c in want.items()}
        opts = eva_options.options(st, 0)
        got = {m.square: m.cost for m in opts.moves}
        assert got == want, (terrain, evas, u.energy, accel)
        for m in opts.moves:
            assert rules.path_cost(st, uidx(st, "M"), m.path) == m.cost
        positions += 1
        busy += len(want) >= 5
    assert positions >= 100 and busy >= 50


# ---------------------------------------------------------------------------
# Oracle: swap costs
# ---------------------------------------------------------------------------
def oracle_swap(items, old, new):
    """EVA-9.3: 2 if a two-handed item or the Shield is put away or taken; otherwise the least number
    of hands (of two) whose content changes."""
    big = {i for i, (_code, two) in enumerate(items) if two}
    if (set(old) ^ set(new)) & big:
        return 2
    o = list(old) + [None] * (2 - len(old))
    best = 2
    for perm in itertools.permutations(list(new) + [None] * (2 - len(new))):
        best = min(best, sum(1 for a, b in zip(o, perm, strict=True) if a != b))
    return best


def test_eva_9_3_oracle_swap_costs_for_every_pair_of_configurations():
    """EVA-9.3, EVA-AMB-57: for an Eva carrying pistol, rifle, knife, sniper and a Shield, every legal
    swap costs what the oracle says; among them the section's table (1, 2, 2, 2, 2, 1)."""
    st = make_state(
        [
            {
                "name": "A",
                "side": 0,
                "square": "C3",
                "weapons": ["pistol", "rifle", "knife", "sniper"],
                "equipment": ["shield"],
                "hands": [],
            },
            {"name": "Z", "side": 1, "square": "T30"},
        ]
    )
    u = unit(st, "A")
    items = [(it.code, it.code in ("sniper", "shield")) for it in u.items]
    configs = rules.hand_configs(u)
    assert len(configs) == 1 + 5 + 3  # empty; 5 single items; 3 pairs of one-handed weapons
    n = 0
    for old in configs:
        for new in configs:
            if old == new:
                continue
            u.hands = list(old)
            assert rules.swap_cost(u, list(new)) == oracle_swap(items, old, new), (old, new)
            n += 1
    assert n == 9 * 8


# ---------------------------------------------------------------------------
# Oracle: maximum energy
# ---------------------------------------------------------------------------
def oracle_max_energy(equipment, armour, berserk, legs, replica, lance):
    """EVA-7.2 steps 1 to 6 (armour after regeneration)."""
    if berserk:
        return 15
    if "pseudo" in equipment:
        e = 12
    elif armour >= 20:
        e = 14 if "sync" in equipment else 12
    elif armour >= 10:
        e = 10
    else:
        e = 5 if "sync" in equipment else 7
    e += 2 if "s2" in equipment else 0
    e -= 1 if "pseudo" in equipment else 0
    e -= 2 * legs + 3 * replica + 5 * lance
    return max(3, e)


def test_eva_7_2_oracle_maximum_energy_random_eves():
    """EVA-7.2, EVA-7.3, EVA-EX-11, EVA-AMB-39 to AMB-42, EVA-AMB-67: 400 random Evas (legal equipment,
    Jaws included) get the oracle's maximum energy at the start of their activation, S2 regeneration
    first."""
    rng = random.Random(7_2)
    for _ in range(400):
        eq = set()
        if rng.random() < 0.3:
            eq.add("s2")
        elif rng.random() < 0.3:
            eq.add("berserk")
        if rng.random() < 0.3:
            eq.add("sync")
        elif rng.random() < 0.3:
            eq.add("pseudo")
        if rng.random() < 0.3:
            eq.add("jaws")
        top = 35 if "jaws" in eq else 40
        armour = rng.randint(1, top)
        berserk = "berserk" in eq and rng.random() < 0.5
        legs, replica, lance = rng.randint(0, 2), rng.randint(0, 2), rng.randint(0, 1)
        st = make_state(
            [
                {"name": "A", "side": 0, "square": "C3", "equipment": sorted(eq), "armour": armour},
                {"name": "Z", "side": 1, "square": "T30"},
            ]
        )
        u = unit(st, "A")
        u.berserk = berserk
        u.traumas = [Trauma("legs") for _ in range(legs)]
        u.replica_hits, u.lance_hits = replica, lance
        start(st, "A")
        after = min(top, armour + 2) if "s2" in eq else armour
        assert u.armour == after
        assert u.energy == oracle_max_energy(eq, after, berserk, legs, replica, lance), (eq, armour, legs)


# ---------------------------------------------------------------------------
# Oracle: target numbers
# ---------------------------------------------------------------------------
TARGETS = {"close": ("C7", 3), "medium": ("C12", 4), "long": ("C20", 5)}


@pytest.mark.parametrize("band", ["close", "medium", "long"])
@pytest.mark.parametrize("weapon", ["rifle", "sniper", "lance", "positron"])
def test_eva_10_5_oracle_target_numbers(band, weapon):
    """EVA-10.5, EVA-16.8, EVA-16.10, EVA-AMB-16, EVA-AMB-43: TN = band base (3/4/5) + cover + attacker
    airborne + target airborne + arms trauma with a two-handed weapon − sniper − Lance − High
    Synchronisation, for every combination of cover, layers, arms trauma and High Synchronisation."""
    square, base = TARGETS[band]
    for cover, s_air, t_air, arms, sync in itertools.product((0, 1), repeat=5):
        if cover and (s_air or t_air):
            continue  # never in cover with an airborne Eva (EVA-4.12)
        specs = [
            {
                "name": "A",
                "side": 0,
                "square": "C3",
                "weapons": [weapon],
                "equipment": ["wings"] + (["sync"] if sync else []),
                "airborne": bool(s_air),
            },
            {"name": "T", "side": 1, "square": square, "equipment": ["wings"], "airborne": bool(t_air)},
        ]
        if cover:
            specs.append({"name": "F", "side": 0, "square": "C5"})  # a ground Eva on the line
        st = make_state(specs)
        if arms:
            unit(st, "A").traumas = [Trauma("arms")]
        start(st, "A")
        tn = (
            base
            + cover
            + s_air
            + t_air
            + arms  # every one of these weapons is two-handed except the rifle
            * (weapon != "rifle")
            - (weapon == "sniper")
            - (weapon == "lance")
            - sync
        )
        plan = rules.plan_fire(st, 0, Fire(uidx(st, "A"), uidx(st, "T"), 0))
        assert plan.tn == tn, (band, weapon, cover, s_air, t_air, arms, sync)
        assert plan.cover == bool(cover)


# ---------------------------------------------------------------------------
# Oracle: to-hit die, re-roll, confirmation, damage
# ---------------------------------------------------------------------------
def hits(die, tn):
    """EVA-10.6."""
    return die != 1 and (die == 6 or die >= tn)


def oracle_shot(faces, tn, equipment, crit_from, spear):
    """EVA-10.6 to EVA-10.8: (dice used, hit, critical) for the dice in drawing order, or None when
    ``faces`` is too short."""
    faces = list(faces)
    used = 0

    def draw():
        nonlocal used
        if used >= len(faces):
            raise IndexError
        used += 1
        return faces[used - 1]

    try:
        die = draw()
        if equipment == "itargeting":
            die = max(die, draw())
        elif equipment == "targeting" and not hits(die, tn):
            die = draw()
        hit = hits(die, tn)
        critical = False
        if hit and die >= crit_from:
            critical = True if (equipment == "anatomy" and not spear) else hits(draw(), tn)
    except IndexError:
        return None
    return used, hit, critical


SHOOTERS = {
    # weapon: (target square, band TN before modifiers, damage, critical from, spear)
    "rifle": ("C12", 4, 5, 6, False),
    "positron": ("C12", 4, 10, 5, False),
    "replica": ("C7", 3, 10, 6, True),
}


@pytest.mark.parametrize("equipment", ["", "targeting", "itargeting", "anatomy"])
@pytest.mark.parametrize("weapon", ["rifle", "positron", "replica"])
@pytest.mark.parametrize("mods", [(0, 0), (1, 0), (0, 1), (1, 1)])
def test_eva_10_6_to_10_9_oracle_every_dice_sequence(equipment, weapon, mods):
    """EVA-1.3, EVA-10.6 to EVA-10.9, EVA-15.14, EVA-16.4, EVA-16.5, EVA-16.13, EVA-AMB-17, AMB-20 to
    AMB-22: for every sequence of dice, the engine draws exactly the dice the procedure needs, in order
    (to-hit, second die or re-roll, confirmation), and the hit, the critical and the armour lost (damage
    doubled before an AT-2 field; a Spear ignores it and a confirmed Spear critical destroys) are the
    oracle's. ``mods``: (cover, High Synchronisation)."""
    square, base, damage, crit_from, spear = SHOOTERS[weapon]
    cover, sync = mods
    specs = [
        {
            "name": "A",
            "side": 0,
            "square": "C3",
            "weapons": [weapon],
            "equipment": ([equipment] if equipment else []) + (["sync"] if sync else []),
        },
        {"name": "T", "side": 1, "square": square, "at": 2},
        {"name": "Z", "side": 1, "square": "T30"},
    ]
    if cover:
        specs.append({"name": "F", "side": 0, "square": "C5"})
    st0 = make_state(specs)
    start(st0, "A")
    tn = base + cover - sync
    frozen = msgspec.msgpack.encode(st0)
    a, t = uidx(st0, "A"), uidx(st0, "T")
    seen_outcomes = set()
    for faces in itertools.product(range(1, 7), repeat=3):
        want = oracle_shot(faces, tn, equipment, crit_from, spear)
        assert want is not None
        used, hit, critical = want
        if faces[:used] in seen_outcomes:
            continue
        seen_outcomes.add(faces[:used])
        st = msgspec.msgpack.decode(frozen, type=EvaState)
        dice = ScriptedDice(faces)
        evs = rules.apply(st, 0, Fire(a, t, 0), dice)
        assert len(dice.remaining()) == 3 - used, (faces, want)
        shot = of(evs, ev.ShotRolled)[0]
        assert shot.hit == hit and shot.critical == critical, (faces, want)
        assert of(evs, ev.AttackOdds)[0].tn == tn
        target = st.units[t]
        if not hit:
            assert target.armour == 40
        elif spear and critical:
            assert target.destroyed and shot.instant
        else:
            raw = damage * (2 if critical else 1)
            assert shot.raw == raw
            assert target.armour == 40 - (raw if spear else max(1, raw - 2))
    assert seen_outcomes


def test_eva_10_6_oracle_covers_tn_below_2_and_above_6():
    """EVA-10.6, EVA-AMB-17: at TN 1 (close 3 − sniper − High Synchronisation) a natural 1 still misses
    and a 2 hits; at TN 7 (long 5 + burst + airborne target) only a natural 6 hits."""
    st = make_state(
        [
            {"name": "A", "side": 0, "square": "C3", "weapons": ["sniper"], "equipment": ["sync"]},
            {"name": "T", "side": 1, "square": "C7"},
        ]
    )
    start(st, "A")
    frozen = msgspec.msgpack.encode(st)
    for die, hit in ((1, False), (2, True)):
        st = msgspec.msgpack.decode(frozen, type=EvaState)
        evs = rules.apply(st, 0, Fire(0, 1, 0), ScriptedDice([die]))
        assert of(evs, ev.AttackOdds)[0].tn == 1 and of(evs, ev.ShotRolled)[0].hit == hit
    st = make_state(
        [
            {"name": "A", "side": 0, "square": "C3", "weapons": [("rifle", True)]},
            {"name": "T", "side": 1, "square": "C20", "equipment": ["wings"], "airborne": True},
        ]
    )
    start(st, "A")
    evs = rules.apply(st, 0, Fire(0, 1, 0, burst=True), ScriptedDice([5, 6, 2, 4]))
    assert of(evs, ev.AttackOdds)[0].tn == 7  # long 5 + burst 1 + airborne target 1
    assert [s.hit for s in of(evs, ev.ShotRolled)] == [False, True, False]
    with pytest.raises(IllegalAction):
        rules.apply(st, 0, Fire(0, 1, 0), ScriptedDice([]))  # the rifle has fired this activation
