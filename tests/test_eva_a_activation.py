"""The activation, its start steps, action classes and energy (eva.md EVA-6, EVA-7, EVA-EX-6,
EVA-EX-11, EVA-AMB-23, AMB-25, AMB-39 to AMB-42, AMB-63, AMB-67, AMB-70)."""

import pytest

from engine.ruleset import IllegalAction
from engine.rulesets.eva import events as ev
from engine.rulesets.eva import rules
from engine.rulesets.eva.state import MOVEMENT, NONE, SHOOTING, Trauma
from tests.eva_support import idx, make_state, of, play, snapshot, start, unit


def max_of(evs) -> int:
    return next(e for e in of(evs, ev.EnergyNow) if e.maximum).maximum


def lone(spec, terrain=None, enemy="T30", **extra):
    st = make_state(
        [
            {"name": "A", "side": 0, "square": "E10", **spec},
            {"name": "Z", "side": 1, "square": enemy, **extra},
        ],
        terrain,
    )
    return st


# ---------------------------------------------------------------------------
# EVA-6.1 start steps
# ---------------------------------------------------------------------------
def test_eva_6_1_and_amb_63_start_order_regeneration_then_energy():
    """EVA-6.1 steps 1 and 4, EVA-AMB-63, EVA-AMB-40: S2 regeneration comes first and the energy is
    computed from the regenerated armour (18 → 20: band 12, +2 = 14)."""
    st = lone({"equipment": ["s2"], "armour": 18})
    evs = start(st, "A")
    assert [type(e).__name__ for e in evs][:2] == ["Activated", "Regenerated"]
    assert unit(st, "A").armour == 20 and max_of(evs) == 14 and unit(st, "A").energy == 14


def test_eva_6_1_body_trauma_skip_ends_the_activation_before_the_berserk_roll():
    """EVA-6.1 step 2, EVA-11.5, EVA-AMB-63: a body-trauma die of 1 skips the activation at once: no
    Berserk die is drawn, no energy is set, the Eva counts as activated; regeneration still happened."""
    st = make_state(
        [
            {"name": "A", "side": 0, "square": "E10", "equipment": ["berserk"], "armour": 5},
            {"name": "Z", "side": 1, "square": "T30"},
        ]
    )
    unit(st, "A").traumas = [Trauma("body")]
    evs = start(st, "A", [1], berserk=True)
    assert of(evs, ev.Skipped) and not of(evs, ev.WentBerserk)
    assert [r.kind for r in of(evs, ev.PrivateRoll)] == ["body"]
    a = unit(st, "A")
    assert a.activated and not a.berserk and a.energy == 0 and st.activation is None and st.turn == 1
    st = make_state(
        [
            {"name": "A", "side": 0, "square": "E10", "equipment": ["s2"], "armour": 30},
            {"name": "Z", "side": 1, "square": "T30"},
        ]
    )
    unit(st, "A").traumas = [Trauma("body", expires=1)]
    evs = start(st, "A", [1])
    assert unit(st, "A").armour == 32 and of(evs, ev.Skipped)


def test_eva_6_1_body_check_then_berserk_roll_then_energy():
    """EVA-6.1 steps 2 to 4: a body die that is not 1 lets the activation go on; then the optional
    Berserk roll (5 ≥ armour 5: berserk); then the energy (15)."""
    st = make_state(
        [
            {"name": "A", "side": 0, "square": "E10", "equipment": ["berserk"], "armour": 5},
            {"name": "Z", "side": 1, "square": "T30"},
        ]
    )
    unit(st, "A").traumas = [Trauma("body")]
    evs = start(st, "A", [2, 5], berserk=True)
    assert [(r.kind, r.die) for r in of(evs, ev.PrivateRoll)] == [("body", 2), ("berserk", 5)]
    assert unit(st, "A").berserk and max_of(evs) == 15


def test_eva_6_1_and_amb_41_berserk_roll_is_optional_and_compares_with_armour():
    """EVA-6.1 step 3, EVA-AMB-41: the roll is optional (no die without it); it succeeds when the die is
    at least the current armour (armour 6 needs a 6, armour 1 always succeeds); it is offered only with
    Berserk at armour 6 or less, and Shield points do not count as armour."""
    spec = {"equipment": ["berserk"], "armour": 6}
    st = lone(spec)
    evs = start(st, "A")
    assert not of(evs, ev.PrivateRoll) and max_of(evs) == 7
    st = lone(spec)
    evs = start(st, "A", [5], berserk=True)
    assert not unit(st, "A").berserk and max_of(evs) == 7
    st = lone(spec)
    start(st, "A", [6], berserk=True)
    assert unit(st, "A").berserk
    st = lone({**spec, "armour": 1})
    start(st, "A", [1], berserk=True)
    assert unit(st, "A").berserk
    st = lone({"equipment": ["berserk", "shield"], "armour": 7, "hands": ["shield"], "shield_points": 15})
    st.turn = 0
    before = snapshot(st)
    with pytest.raises(IllegalAction) as e:
        play(st, 0, "activate A berserk")
    assert e.value.rule == "EVA-16.7" and snapshot(st) == before
    st = lone({"armour": 3})
    st.turn = 0
    with pytest.raises(IllegalAction) as e:
        play(st, 0, "activate A berserk")
    assert e.value.rule == "EVA-16.7"


def test_eva_6_1_pseudo_pilot_does_not_roll_for_body_trauma():
    """EVA-6.1 step 2: an Eva with a Pseudo-Pilot makes no body-trauma roll (EVA-11.5)."""
    st = lone({"equipment": ["pseudo"]})
    unit(st, "A").traumas = [Trauma("body")]
    evs = start(st, "A")
    assert not of(evs, ev.PrivateRoll) and max_of(evs) == 11


def test_eva_6_1_step_5_hands_at_start_are_recorded():
    """EVA-6.1 step 5: the weapons in hand at the start are recorded; only they may fire (EVA-9.6)."""
    st = make_state(
        [
            {"name": "A", "side": 0, "square": "E10", "weapons": ["rifle", "pistol"], "hands": ["rifle"]},
            {"name": "Z", "side": 1, "square": "E16"},
        ]
    )
    start(st, "A")
    assert st.activation.hands_at_start == [0]
    play(st, 0, "A swap pistol")
    assert st.activation.hands_at_start == [0]
    with pytest.raises(IllegalAction) as e:
        play(st, 0, "A fire E16 pistol")
    assert e.value.rule == "EVA-9.6"


# ---------------------------------------------------------------------------
# EVA-6.2 to 6.6
# ---------------------------------------------------------------------------
def test_eva_6_2_refuses_actions_above_current_energy_and_zero_cost_actions_at_zero():
    """EVA-6.2: an action costing more than the current energy is refused; the owner ends the
    activation when they wish; at 0 energy only 0-cost actions remain (Shield discard, Acceleration,
    disengagement)."""
    st = make_state(
        [
            {
                "name": "A",
                "side": 0,
                "square": "E10",
                "weapons": ["rifle"],
                "equipment": ["shield", "accel"],
                "hands": ["shield"],
            },
            {"name": "Z", "side": 1, "square": "E11"},
        ]
    )
    start(st, "A")
    st.units[0].energy = 0
    before = snapshot(st)
    for text in ("A swap rifle", "A neutralise E11"):
        with pytest.raises(IllegalAction) as e:
            play(st, 0, text)
        assert e.value.rule == "EVA-6.2" and snapshot(st) == before
    play(st, 0, "A accelerate")
    play(st, 0, "A discard")
    before = snapshot(st)
    with pytest.raises(IllegalAction) as e:
        play(st, 0, "A melee E11")
    assert e.value.rule == "EVA-6.2" and snapshot(st) == before
    evs = play(st, 0, "A disengage", [4, 1])
    assert of(evs, ev.Disengage)[0].success and unit(st, "A").energy == 0
    play(st, 0, "A end")
    assert st.activation is None
    st = make_state(
        [
            {"name": "A", "side": 0, "square": "E10", "weapons": ["rifle"]},
            {"name": "Z", "side": 1, "square": "E16"},
        ]
    )
    start(st, "A")
    st.units[0].energy = 2
    before = snapshot(st)
    for text in ("A fire E16 rifle", "A E10-F11"):
        with pytest.raises(IllegalAction) as e:
            play(st, 0, text)
        assert e.value.rule in ("EVA-6.2", "EVA-8.2") and snapshot(st) == before
    st.units[0].energy = 0
    before = snapshot(st)
    with pytest.raises(IllegalAction) as e:
        play(st, 0, "A kneel")
    assert e.value.rule == "EVA-6.2" and snapshot(st) == before


def test_eva_6_2_activation_ends_when_the_active_eva_is_destroyed():
    """EVA-6.2: the activation also ends if the Eva is destroyed (here by a failed disengagement's d6)."""
    st = make_state(
        [
            {"name": "A", "side": 0, "square": "E10", "armour": 2},
            {"name": "A2", "side": 0, "square": "A1"},
            {"name": "Z", "side": 1, "square": "E11"},
        ]
    )
    start(st, "A")
    evs = play(st, 0, "A disengage", [2, 3])
    assert unit(st, "A").destroyed and st.activation is None and st.turn == 1
    assert of(evs, ev.Destroyed)


@pytest.mark.parametrize(
    ("first", "faces", "cls"),
    [
        ("A kneel", [], "movement"),
        ("A E10-E9", [], "movement"),
        ("A fire E15 rifle", [2], "shooting"),
        ("A fire E15 n2", [], "shooting"),
        ("A fire E15 rifle aimed legs", [2], "shooting"),
        ("A swap pistol+knife", [], "neutral"),
        ("A neutralise E15", [2], "neutral"),
        ("A takeoff", [], "neutral"),
        ("A accelerate", [], "neutral"),
    ],
)
def test_eva_6_3_and_amb_23_action_classes(first, faces, cls):
    """EVA-6.3, EVA-AMB-23: kneeling, standing and paths are movement; shots, aimed shots and N2 throws
    are shooting; swaps, neutralisation and equipment use are neutral. Checked by what may follow a
    shoot-move pair: a movement action then allows another movement, a shooting action forbids it."""
    st = make_state(
        [
            {
                "name": "A",
                "side": 0,
                "square": "E10",
                "weapons": ["rifle", "n2", "pistol", "knife"],
                "hands": ["rifle", "n2"],
                "equipment": ["wings", "accel"],
            },
            {"name": "Z", "side": 1, "square": "E15"},
        ]
    )
    start(st, "A")
    play(st, 0, first, faces)
    act = st.activation
    expected = {"movement": MOVEMENT, "shooting": SHOOTING, "neutral": NONE}[cls]
    assert act.last_class == expected and act.switches == 0


def test_eva_6_4_phase_switch_limit():
    """EVA-6.4: at most one change between movement and shooting; neutral actions are left out of the
    sequence; the second change is refused with the state unchanged."""
    st = make_state(
        [
            {"name": "A", "side": 0, "square": "E10", "weapons": ["rifle", "pistol"], "equipment": ["wings"]},
            {"name": "Z", "side": 1, "square": "E17"},
        ]
    )
    start(st, "A")
    play(st, 0, "A fire E17 rifle", [2])  # shooting
    play(st, 0, "A E10-E11")  # movement: one change
    play(st, 0, "A takeoff")  # neutral
    play(st, 0, "A land")  # neutral
    play(st, 0, "A kneel")  # movement again: no new change
    before = snapshot(st)
    with pytest.raises(IllegalAction) as e:
        play(st, 0, "A fire E17 pistol")
    assert e.value.rule == "EVA-6.4" and snapshot(st) == before
    assert unit(st, "A").energy == 12 - 3 - 2 - 1 - 1 - 1


def test_eva_6_5_illustration_shoot_walk_stab_allowed():
    """EVA-6.5 (first illustration): fire the rifle, walk up to the target, stab it with the knife:
    shooting → movement, and the melee attack is neutral. Allowed."""
    st = make_state(
        [
            {"name": "A", "side": 0, "square": "E10", "weapons": ["rifle", "knife"]},
            {"name": "Z", "side": 1, "square": "E14"},
        ]
    )
    start(st, "A")
    play(st, 0, "A fire E14 rifle", [2])
    play(st, 0, "A E10-E11-E12-E13")
    evs = play(st, 0, "A melee E14", [3, 3, 3, 3, 1, 1, 1])
    m = of(evs, ev.MeleeRolled)[0]
    assert m.a_total == 9 and m.d_total == 6 and m.winner == "A" and not m.critical
    assert unit(st, "A").energy == 0


def test_eva_6_5_illustration_stand_shoot_kneel_refused():
    """EVA-6.5 (third illustration): stand up, shoot, kneel again is movement → shooting → movement.
    Refused."""
    st = make_state(
        [
            {"name": "A", "side": 0, "square": "E10", "weapons": ["rifle"], "kneeling": True},
            {"name": "Z", "side": 1, "square": "E16"},
        ]
    )
    start(st, "A")
    play(st, 0, "A stand")
    play(st, 0, "A fire E16 rifle", [2])
    before = snapshot(st)
    with pytest.raises(IllegalAction) as e:
        play(st, 0, "A kneel")
    assert e.value.rule == "EVA-6.4" and snapshot(st) == before


@pytest.mark.parametrize("die", [5, 2])
def test_eva_ex_6_and_eva_6_5_stand_throw_jump_back(die):
    """EVA-EX-6, EVA-6.5 (second illustration): Eva-D kneels at K5 behind yellow K6 and cannot throw;
    stands (12 → 11), throws the Replica at TN 5 (11 → 8): die 5 hits for 5 damage ignoring AT-5 (E 35),
    E is pinned and gets −3 maximum energy; kneeling again is refused; the jump to K2 is allowed
    (8 → 6 → 0). E may not step or jump this round, and its next maximum energy is 9."""
    st = make_state(
        [
            {
                "name": "D",
                "side": 0,
                "square": "K5",
                "weapons": ["replica"],
                "equipment": ["jumpjet"],
                "kneeling": True,
            },
            {"name": "E", "side": 1, "square": "K12", "at": 5},
        ],
        {"K6": "y"},
    )
    start(st, "D")
    assert unit(st, "D").energy == 12
    before = snapshot(st)
    with pytest.raises(IllegalAction) as e:
        play(st, 0, "D fire K12 replica")
    assert e.value.rule == "EVA-4.9" and snapshot(st) == before
    play(st, 0, "D stand")
    assert unit(st, "D").energy == 11
    evs = play(st, 0, "D fire K12 replica", [die])
    assert of(evs, ev.AttackOdds)[0].tn == 5
    assert unit(st, "D").energy == 8
    assert unit(st, "D").items[0].gone and unit(st, "D").hands == []
    e_ = unit(st, "E")
    if die == 5:
        assert e_.armour == 35 and e_.pinned and e_.replica_hits == 1
    else:
        assert e_.armour == 40 and not e_.pinned and e_.replica_hits == 0
    before = snapshot(st)
    with pytest.raises(IllegalAction) as e:
        play(st, 0, "D kneel")
    assert e.value.rule == "EVA-6.4" and snapshot(st) == before
    evs = play(st, 0, "D jump K2")
    d = unit(st, "D")
    assert d.square == idx("K2") and d.energy == 0 and not d.kneeling
    assert of(evs, ev.EnergyNow)[-1].spent == 2
    play(st, 0, "D end")
    e_.equipment = ["jumpjet"]  # to show that the pin stops a jump too
    evs = play(st, 1, "activate E")
    if die == 5:
        assert max_of(evs) == 9
        for text in ("E K12-K13", "E jump K15"):
            with pytest.raises(IllegalAction) as e:
                play(st, 1, text)
            assert e.value.rule == "EVA-8.8"
    else:
        assert max_of(evs) == 12


def test_eva_6_6_end_of_activation_effects_end_and_energy_is_lost():
    """EVA-6.6: at the end of the activation the neutralisation, the Acceleration effect and the
    disengaged state end, and unspent energy is lost."""
    st = make_state(
        [
            {"name": "A", "side": 0, "square": "E10", "equipment": ["accel"], "at": 3},
            {"name": "B", "side": 1, "square": "E11", "at": 4},
        ]
    )
    start(st, "A")
    play(st, 0, "A accelerate")
    play(st, 0, "A neutralise E11", [6, 1])  # engaged: automatic attack roll; 6+3 > 1+4
    assert st.activation.neutralised == [1] and rules.effective_at(st, 1, None) == 0
    play(st, 0, "A disengage", [5, 1])
    play(st, 0, "A E10-E9")  # accelerated orthogonal step: 1
    assert unit(st, "A").energy == 12 - 1 - 1
    play(st, 0, "A end")
    assert unit(st, "A").energy == 0 and rules.effective_at(st, 1, None) == 4
    play(st, 1, "activate B")
    play(st, 1, "B end", [3, 1])
    evs = play(st, 0, "activate A")
    act = st.activation
    assert not act.accel and not act.disengaged and act.neutralised == [] and max_of(evs) == 12
    with pytest.raises(IllegalAction) as e:
        play(st, 0, "A accelerate")
    assert e.value.rule == "EVA-16.11"


# ---------------------------------------------------------------------------
# EVA-7 energy
# ---------------------------------------------------------------------------
def test_eva_7_1_energy_belongs_to_the_activation_defending_is_free():
    """EVA-7.1: energy is set to the maximum at each activation start, what is left is lost at its end,
    and defending in melee costs nothing."""
    st = make_state(
        [
            {"name": "A", "side": 0, "square": "E10", "weapons": ["knife"]},
            {"name": "B", "side": 1, "square": "E20"},
        ]
    )
    start(st, "A")
    play(st, 0, "A E10-E11")
    assert unit(st, "A").energy == 10
    play(st, 0, "A end")
    assert unit(st, "A").energy == 0
    play(st, 1, "activate B")
    play(st, 1, "B E20-E19-E18-E17-E16")
    assert unit(st, "B").energy == 4
    play(st, 1, "B end", [2, 1])
    evs = play(st, 0, "activate A")
    assert unit(st, "A").energy == 12 and max_of(evs) == 12
    unit(st, "B").square = idx("E12")
    play(st, 0, "A melee E12", [1, 1, 1, 2, 1, 1, 1])
    assert unit(st, "B").energy == 0 and unit(st, "A").energy == 9


@pytest.mark.parametrize(
    ("name", "spec", "traumas", "hits", "expected"),
    [
        ("P", {"equipment": ["s2"], "armour": 18}, [], (0, 0), 14),
        ("Q", {"armour": 18}, [], (0, 0), 10),
        ("R", {"equipment": ["sync", "s2"], "armour": 7}, [], (0, 0), 7),
        ("S", {"equipment": ["pseudo"], "armour": 4}, ["legs"], (1, 0), 6),
        ("T", {"armour": 8}, ["legs", "legs"], (0, 1), 3),
        ("U", {"equipment": ["berserk"], "armour": 3, "berserk": True}, ["legs"], (0, 0), 15),
    ],
)
def test_eva_ex_11_and_eva_7_2_maximum_energy(name, spec, traumas, hits, expected):
    """EVA-EX-11, EVA-7.2, EVA-AMB-39, EVA-AMB-42: P 14, Q 10, R 7, S 6, T 3 (floor), U 15 (berserk)."""
    st = make_state(
        [{"name": name, "side": 0, "square": "E10", **spec}, {"name": "Z", "side": 1, "square": "T30"}]
    )
    u = unit(st, name)
    u.traumas = [Trauma(z) for z in traumas]
    u.replica_hits, u.lance_hits = hits
    evs = start(st, name)
    assert max_of(evs) == expected and u.energy == expected


@pytest.mark.parametrize(
    ("spec", "expected"),
    [
        ({"armour": 40}, 12),
        ({"armour": 20}, 12),
        ({"armour": 19}, 10),
        ({"armour": 10}, 10),
        ({"armour": 9}, 7),
        ({"armour": 1}, 7),
        ({"equipment": ["sync"], "armour": 20}, 14),
        ({"equipment": ["sync"], "armour": 15}, 10),
        ({"equipment": ["sync"], "armour": 9}, 5),
        ({"equipment": ["pseudo"], "armour": 40}, 11),
        ({"equipment": ["pseudo"], "armour": 9}, 11),
        ({"equipment": ["s2"], "armour": 15}, 12),  # 17 after regeneration: band 10, +2
        ({"equipment": ["sync", "s2"], "armour": 40}, 16),
    ],
)
def test_eva_7_2_and_amb_39_damage_bands_and_modifiers(spec, expected):
    """EVA-7.2, EVA-AMB-39, EVA-AMB-42, EVA-7.4: damage bands 12/10/7 (High Synchronisation 14/10/5);
    a Pseudo-Pilot always uses 12 and then −1; the S2's +2 applies on top of the band."""
    st = lone(spec)
    assert max_of(start(st, "A")) == expected


def test_eva_7_2_floor_of_3_applies_to_every_reduction():
    """EVA-7.2 step 6, EVA-AMB-39: legs traumas on a High Synchronisation Eva at armour 5 (band 5, −4)
    give 1, raised to 3."""
    st = lone({"equipment": ["sync"], "armour": 5})
    unit(st, "A").traumas = [Trauma("legs"), Trauma("legs")]
    assert max_of(start(st, "A")) == 3


@pytest.mark.parametrize(("armour", "expected"), [(35, 12), (20, 12), (19, 10), (10, 10), (9, 7)])
def test_eva_7_3_and_amb_67_absolute_thresholds_with_jaws(armour, expected):
    """EVA-7.3, EVA-AMB-67: with Jaws (maximum armour 35) the thresholds stay at 20 and 10."""
    st = lone({"equipment": ["jaws"], "armour": armour})
    assert unit(st, "A").max_armour == 35
    assert max_of(start(st, "A")) == expected


def test_eva_7_3_shield_points_are_not_armour():
    """EVA-7.3: Shield points do not count for the bands (armour 19 with a full Shield: 10)."""
    st = lone({"equipment": ["shield"], "armour": 19, "hands": ["shield"]})
    assert unit(st, "A").shield_points == 15
    assert max_of(start(st, "A")) == 10


def test_eva_7_4_and_amb_70_damage_during_an_activation_changes_energy_only_next_time():
    """EVA-7.4, EVA-AMB-70: damage suffered during the activation (armour 21 → 19) leaves the current
    energy and the maximum alone; the next activation uses band 10."""
    st = make_state(
        [
            {"name": "A", "side": 0, "square": "E10", "armour": 21},
            {"name": "B", "side": 1, "square": "E11"},
        ]
    )
    start(st, "A")
    play(st, 0, "A disengage", [5, 2])
    assert unit(st, "A").armour == 19 and unit(st, "A").energy == 12
    play(st, 0, "A E10-E9")
    assert unit(st, "A").energy == 10
    play(st, 0, "A end")
    play(st, 1, "activate B")
    play(st, 1, "B end", [4, 1])
    assert max_of(play(st, 0, "activate A")) == 10


def test_eva_7_4_a_trauma_inflicted_mid_activation_counts_from_the_next():
    """EVA-7.4: a legs trauma or Spear hit suffered during an activation changes neither current nor
    maximum energy until the Eva's next activation starts."""
    st = make_state(
        [
            {"name": "A", "side": 0, "square": "E10", "weapons": ["sniper"]},
            {"name": "B", "side": 1, "square": "E20"},
        ]
    )
    start(st, "A")
    play(st, 0, "A fire E20 sniper aimed legs", [4])  # medium 7 damage, AT 0: trauma
    b = unit(st, "B")
    assert b.trauma("legs") and b.energy == 0
    play(st, 0, "A end")
    assert max_of(play(st, 1, "activate B")) == 10


# (action, extra unit spec, terrain, dice, energy spent)
BASIC = ["rifle", "knife", "pistol", "sniper"]
COSTS = [
    ("A E10-E11", {}, {}, [], 2),
    ("A E10-F11", {}, {}, [], 3),
    ("A E10-E11", {}, {"E11": "r"}, [], 2),
    ("A E10-F11", {}, {"F11": "r"}, [], 3),
    ("A E10-E11", {}, {"E11": "y"}, [], 4),
    ("A E10-F11", {}, {"F11": "y"}, [], 6),
    ("A E10-E11", {"airborne": True}, {"E11": "y"}, [], 2),
    ("A E10-F11", {"airborne": True}, {"F11": "y"}, [], 3),
    ("A kneel", {}, {}, [], 1),
    ("A swap pistol+knife", {"hands": ["rifle", "knife"]}, {}, [], 1),
    ("A swap sniper", {"hands": ["rifle", "knife"]}, {}, [], 2),
    ("A fire E16 pistol", {"hands": ["pistol"]}, {}, [2], 2),
    ("A fire E16 rifle", {"hands": ["rifle"]}, {}, [2], 3),
    ("A fire E16 rifle burst", {"weapons": [("rifle", True)]}, {}, [2, 2, 2], 5),
    ("A fire E16 hrifle burst", {"weapons": [("hrifle", True)]}, {}, [2, 2, 2], 5),
    ("A fire E16 hrifle", {"weapons": [("hrifle", True)]}, {}, [2], 3),
    ("A fire E16 rocket", {"weapons": ["rocket"]}, {}, [2], 3),
    ("A fire E16 sniper", {"hands": ["sniper"]}, {}, [1], 3),
    ("A fire E16 replica", {"weapons": ["replica"]}, {}, [2], 3),
    ("A fire E16 positron", {"weapons": ["positron"]}, {}, [2], 5),
    ("A fire E16 rifle aimed arms", {"hands": ["rifle"]}, {}, [2], 6),
    ("A fire E16 positron aimed body", {"weapons": ["positron"]}, {}, [2], 10),
    ("A neutralise E16", {}, {}, [2], 1),
    ("A takeoff", {}, {}, [], 1),
    ("A accelerate", {}, {}, [], 0),
]


@pytest.mark.parametrize(("text", "spec", "terrain", "faces", "cost"), COSTS)
def test_eva_7_5_energy_costs(text, spec, terrain, faces, cost):
    """EVA-7.5 (table), EVA-AMB-25: energy of each action."""
    st = make_state(
        [
            {
                "name": "A",
                "side": 0,
                "square": "E10",
                "weapons": BASIC,
                "equipment": ["wings", "accel"],
                **spec,
            },
            {"name": "Z", "side": 1, "square": "E16", "at": 6},
        ],
        terrain,
    )
    start(st, "A")
    play(st, 0, text, faces)
    assert unit(st, "A").energy == 12 - cost


def test_eva_7_5_more_costs_lance_n2_melee_disengage_jump_land_detonate_discard():
    """EVA-7.5 (table), EVA-AMB-25: Lance throw 3, N2 throw 3, melee 3 and at most one per activation,
    disengagement 0, jump 2 then 0, landing 1, detonation 3, Shield discard 0."""

    def one(spec, text, faces, enemy="E16"):
        st = make_state(
            [
                {"name": "A", "side": 0, "square": "E10", **spec},
                {"name": "Z", "side": 1, "square": enemy, "at": 6},
                {"name": "Y", "side": 1, "square": "T30"},
            ]
        )
        start(st, "A")
        play(st, 0, text, faces)
        return st

    assert unit(one({"weapons": ["lance"]}, "A fire E16 lance", [1]), "A").energy == 9
    assert unit(one({"weapons": ["n2"]}, "A fire E13 n2", [], enemy="E13"), "A").energy == 9
    st = one({"weapons": ["knife"]}, "A melee E11", [1, 1, 1, 2, 1, 1, 1], enemy="E11")
    assert unit(st, "A").energy == 9
    before = snapshot(st)
    with pytest.raises(IllegalAction) as e:
        play(st, 0, "A melee E11")
    assert e.value.rule == "EVA-12.3" and snapshot(st) == before
    assert unit(one({}, "A disengage", [1, 1], enemy="E11"), "A").energy == 12
    assert unit(one({"equipment": ["jumpjet"]}, "A jump E13", []), "A").energy == 0
    st = one({"equipment": ["jumpjet"]}, "A kneel", [])
    unit(st, "A").energy = 1
    before = snapshot(st)
    with pytest.raises(IllegalAction) as e:
        play(st, 0, "A jump E13")
    assert e.value.rule == "EVA-6.2" and snapshot(st) == before
    assert unit(one({"equipment": ["wings"], "airborne": True}, "A land", []), "A").energy == 11
    st = make_state(
        [
            {"name": "A", "side": 0, "square": "E10", "equipment": ["dmodule"]},
            {"name": "Z", "side": 1, "square": "T30"},
            {"name": "Y", "side": 1, "square": "T29"},
        ]
    )
    start(st, "A")
    st.units[0].energy = 2
    before = snapshot(st)
    with pytest.raises(IllegalAction) as e:
        play(st, 0, "A detonate")
    assert e.value.rule == "EVA-6.2" and snapshot(st) == before
    st.units[0].energy = 3
    play(st, 0, "A detonate", [1, 1])
    assert unit(st, "A").destroyed
    assert unit(one({"equipment": ["shield"], "hands": ["shield"]}, "A discard", []), "A").energy == 12
