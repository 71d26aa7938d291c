"""Damage, the AT-field and destruction (eva.md EVA-13) and AT-field neutralisation (EVA-14);
worked example EVA-EX-10."""

import pytest

from engine.ruleset import IllegalAction
from engine.rulesets.eva import events as ev
from engine.rulesets.eva import rules
from engine.rulesets.eva.catalog import WEAPONS
from engine.rulesets.eva.state import Trauma
from tests.eva_support import make_state, of, play, snapshot, start, uidx, unit


def refused(st, side: int, text: str, rule: str) -> IllegalAction:
    """The action is refused under ``rule`` and the state is left unchanged."""
    before = snapshot(st)
    with pytest.raises(IllegalAction) as e:
        play(st, side, text)
    assert e.value.rule == rule, e.value
    assert snapshot(st) == before
    return e.value


# ---------------------------------------------------------------------------
# EVA-EX-10 AT neutralisation, then a shot
# ---------------------------------------------------------------------------
def ex10():
    return make_state(
        [
            {"name": "Eva-A", "side": 0, "square": "D10", "weapons": ["rifle"], "at": 3},
            {"name": "B", "side": 1, "square": "D17", "at": 5},
        ]
    )


def test_eva_ex_10_neutralisation_then_shot():
    """EVA-EX-10: 1 energy (11); attack roll TN 4, die 4; opposed 5 + 3 = 8 v 2 + 5 = 7 succeeds; shot 3 energy
    (8), die 6 candidate, confirmation 1 fails; B loses 5 - 0 = 5 (35)."""
    st = ex10()
    start(st, "Eva-A")
    evs = play(st, 0, "Eva-A neutralise D17", [4, 5, 2])
    odds = of(evs, ev.AttackOdds)[0]
    assert odds.tn == 4 and odds.to == (0,)
    n = of(evs, ev.Neutralise)[0]
    assert (n.dice, n.automatic, n.hit, n.own, n.theirs, n.success) == ([4], False, True, 5, 2, True)
    assert n.to is None  # success or failure is public (EVA-18.2)
    assert unit(st, "Eva-A").energy == 11
    evs = play(st, 0, "Eva-A fire D17 rifle", [6, 1])
    shot = of(evs, ev.ShotRolled)[0]
    assert shot.candidate and not shot.critical and shot.raw == 5
    assert unit(st, "B").armour == 35 and unit(st, "Eva-A").energy == 8


def test_eva_ex_10_without_neutralisation_b_loses_1():
    """EVA-EX-10: without the neutralisation B would have lost max(1, 5 - 5) = 1."""
    st = ex10()
    start(st, "Eva-A")
    play(st, 0, "Eva-A fire D17 rifle", [6, 1])
    assert unit(st, "B").armour == 39


# ---------------------------------------------------------------------------
# EVA-13.1 AT level; EVA-13.2 Effective AT
# ---------------------------------------------------------------------------
def test_eva_13_1_at_level_and_berserk_field_6():
    """EVA-13.1: AT 0 to 6 from the roster; a berserk Eva has level 6: a 5-damage hit on a berserk AT-1 Eva
    costs max(1, 5 - 6) = 1."""
    st = make_state(
        [
            {"name": "S", "side": 0, "square": "F10", "weapons": ["rifle"]},
            {"name": "Z", "side": 1, "square": "F14", "at": 1, "berserk": True, "armour": 5},
        ]
    )
    assert rules.at_level(unit(st, "S")) == 0 and rules.at_level(unit(st, "Z")) == 6
    start(st, "S")
    play(st, 0, "S fire F14 rifle", [5])
    assert unit(st, "Z").armour == 4


@pytest.mark.parametrize(
    ("at", "berserk", "weapon", "expected"),
    [
        (6, False, "replica", 0),
        (6, False, "lance", 0),
        (6, False, "n2", 0),
        (6, False, "hknife", 4),
        (2, False, "hknife", 2),
        (5, False, "qspear", 3),
        (2, False, "qspear", 2),
        (5, False, "knife", 5),
        (5, False, "rifle", 5),
        (5, False, None, 5),
        (1, True, "hknife", 4),  # EVA-AMB-64: the caps apply to a berserk field
        (1, True, "qspear", 3),
        (1, True, "knife", 6),  # the plain knife has no cap
        (1, True, "replica", 0),  # Spears pierce it
    ],
)
def test_eva_13_2_effective_at(at, berserk, weapon, expected):
    """EVA-13.2 / EVA-AMB-64: 0 for Spears and the N2 Bomb; the lower of the level and the cap for the Heavy
    Quantum Knife (4) and the Quantum Spear (3); otherwise the level (6 while berserk)."""
    st = make_state(
        [
            {"name": "X", "side": 0, "square": "A20"},
            {"name": "T", "side": 1, "square": "F10", "at": at, "berserk": berserk},
        ]
    )
    w = WEAPONS[weapon] if weapon else None
    assert rules.effective_at(st, uidx(st, "T"), w) == expected


def test_eva_amb_64_berserk_field_capped_by_heavy_knife_and_quantum_spear_in_melee():
    """EVA-AMB-64 / EVA-16.7 (c): melee damage to a berserk Eva (AT 6): the Quantum Spear counts it as 3
    (2d6 = 9 costs 6), a plain knife as 6 (9 costs 3)."""
    for weapon, armour in (("qspear", 40 - 6), ("knife", 40 - 3)):
        st = make_state(
            [
                {"name": "A", "side": 0, "square": "F10", "weapons": [weapon]},
                {"name": "Z", "side": 1, "square": "F11", "berserk": True, "armour": 40},
            ]
        )
        start(st, "A")
        # A: 6 + 6 + bonus; Z: 5 + 5 + 3 (berserk): A wins without a critical
        evs = play(st, 0, "A melee F11", [6, 6, 5, 5, 4, 5, 1])
        assert of(evs, ev.MeleeRolled)[0].winner == "A"
        assert unit(st, "Z").armour == armour


def test_eva_13_2_neutralised_field_is_0_for_this_activation():
    """EVA-13.2 / EVA-14.4: a field neutralised during the current activation counts 0."""
    st = ex10()
    start(st, "Eva-A")
    b = uidx(st, "B")
    assert rules.effective_at(st, b, WEAPONS["rifle"]) == 5
    play(st, 0, "Eva-A neutralise D17", [4, 5, 2])
    assert rules.effective_at(st, b, WEAPONS["rifle"]) == 0
    assert rules.effective_at(st, b, WEAPONS["hknife"]) == 0


# ---------------------------------------------------------------------------
# EVA-13.3 Damage procedure
# ---------------------------------------------------------------------------
def test_eva_13_3_source_examples_8_v_at3_and_3_v_at6():
    """EVA-13.3: the source's examples: R 8 against AT 3 loses 5; R 3 against AT 6 loses 1."""
    st = make_state(
        [
            {"name": "X", "side": 0, "square": "A20"},
            {"name": "P", "side": 1, "square": "A10", "at": 3},
            {"name": "Q", "side": 1, "square": "C10", "at": 6},
        ]
    )
    out: list = []
    assert rules.deal(st, uidx(st, "P"), 8, WEAPONS["hrifle"], out) == 5
    assert rules.deal(st, uidx(st, "Q"), 3, WEAPONS["hrifle"], out) == 1
    assert unit(st, "P").armour == 35 and unit(st, "Q").armour == 39
    assert [(d.to, d.raw, d.lost, d.armour) for d in out] == [((1,), 8, 5, 35), ((1,), 3, 1, 39)]


def test_eva_13_3_shield_absorbs_first_ignores_at_rest_through_at():
    """EVA-13.3 / EVA-19.3: the held Shield (5 points left) absorbs min(8, 5) = 5 with no AT reduction and is
    destroyed; the remaining 3 meets AT-2: 1 lost; the hands become empty (EVA-9.5)."""
    st = make_state(
        [
            {"name": "X", "side": 0, "square": "A20"},
            {"name": "S", "side": 1, "square": "A10", "at": 2, "equipment": ["shield"], "hands": ["shield"]},
        ]
    )
    s = unit(st, "S")
    s.shield_points = 5
    out: list = []
    assert rules.deal(st, uidx(st, "S"), 8, WEAPONS["hrifle"], out) == 1
    assert s.shield_points == 0 and s.armour == 39 and s.hands == [] and s.items[0].gone
    assert of(out, ev.ShieldDestroyed)[0].to is None  # held items are public (EVA-18.2)
    d = of(out, ev.DamageTaken)[0]
    assert (d.to, d.raw, d.absorbed, d.lost, d.shield) == ((1,), 8, 5, 1, 0)


def test_eva_13_3_shield_absorbing_everything_costs_no_armour_stowed_shield_absorbs_nothing():
    """EVA-13.3: if the Shield takes all of R, no armour is lost (not even the minimum 1); a stowed Shield
    absorbs nothing and keeps its points (EVA-16.14)."""
    st = make_state(
        [
            {"name": "X", "side": 0, "square": "A20"},
            {"name": "S", "side": 1, "square": "A10", "at": 6, "equipment": ["shield"], "hands": ["shield"]},
            {"name": "U", "side": 1, "square": "C10", "at": 1, "weapons": ["knife"], "equipment": ["shield"]},
        ]
    )
    out: list = []
    assert rules.deal(st, uidx(st, "S"), 3, None, out) == 0
    assert unit(st, "S").armour == 40 and unit(st, "S").shield_points == 12
    assert rules.deal(st, uidx(st, "U"), 3, None, out) == 2
    assert unit(st, "U").armour == 38 and unit(st, "U").shield_points == 15


# ---------------------------------------------------------------------------
# EVA-13.4 All damage goes through EVA-13.3
# ---------------------------------------------------------------------------
def test_eva_13_4_disengagement_fall_and_blast_damage_meet_the_field():
    """EVA-13.4 / EVA-AMB-35: the disengagement d6 (6 v AT-4: 2), a wings fall d6 (5 v AT-4: 1) and a
    D-Module blast (armour 40 + 2d6 3 = 43 v AT-4: 39) are all reduced by the AT-field."""
    st = make_state(
        [
            {"name": "A", "side": 0, "square": "F10", "at": 4},
            {"name": "B", "side": 1, "square": "F11"},
        ]
    )
    start(st, "A")
    play(st, 0, "A disengage", [1, 6])
    assert unit(st, "A").armour == 38

    st = make_state(
        [
            {"name": "S", "side": 0, "square": "F10", "weapons": ["sniper"]},
            {"name": "F", "side": 1, "square": "F20", "at": 4, "equipment": ["wings"], "airborne": True},
        ]
    )
    start(st, "S")
    # aimed at the wings: TN 5 - 1 (sniper) + 1 (target airborne) = 5; 7 raw is doubled by the critical
    # 6 then confirmation 6: 14 - 4 = 10 ≥ 7: wings trauma, then the fall die 5: 5 - 4 = 1
    play(st, 0, "S fire F20 sniper aimed wings", [6, 6, 5])
    f = unit(st, "F")
    assert f.armour == 40 - 10 - 1 and not f.airborne

    st = make_state(
        [
            {"name": "D", "side": 0, "square": "F10", "equipment": ["dmodule"]},
            {"name": "D2", "side": 0, "square": "A20"},
            {"name": "T", "side": 1, "square": "F12", "at": 4, "armour": 40},
            {"name": "T2", "side": 1, "square": "T20"},
        ]
    )
    start(st, "D")
    play(st, 0, "D detonate", [1, 2])
    assert unit(st, "T").armour == 1 and not unit(st, "T").destroyed


# ---------------------------------------------------------------------------
# EVA-13.5 Instant destruction; EVA-13.6 Maximum armour; EVA-AMB-36 destruction at 0
# ---------------------------------------------------------------------------
def test_eva_13_5_instant_destruction_ignores_armour_shield_and_field():
    """EVA-13.5: a confirmed critical of a thrown Spear destroys the target at full armour, with AT-6 and a
    full Shield; the destruction is public and scores its cost."""
    st = make_state(
        [
            {"name": "A", "side": 0, "square": "K5", "weapons": ["replica"]},
            {"name": "B", "side": 1, "square": "K10", "at": 6, "equipment": ["shield"], "hands": ["shield"]},
            {"name": "B2", "side": 1, "square": "T25"},
        ]
    )
    start(st, "A")
    evs = play(st, 0, "A fire K10 replica", [6, 3])  # close: TN 3, confirmation 3 ≥ 3
    b = unit(st, "B")
    assert b.destroyed and b.armour == 40 and b.shield_points == 15
    assert of(evs, ev.ShotRolled)[0].instant and of(evs, ev.Destroyed)[0].to is None
    assert not of(evs, ev.DamageTaken)
    assert st.scores[0] == b.cost


@pytest.mark.parametrize(
    ("equipment", "armour", "after"),
    [(["s2"], 39, 40), (["s2"], 40, 40), (["s2", "jaws"], 34, 35), (["s2", "jaws"], 30, 32)],
)
def test_eva_13_6_regeneration_never_exceeds_maximum_armour(equipment, armour, after):
    """EVA-13.6 / EVA-16.12: maximum armour 40, or 35 with Jaws; S2 regeneration never goes above it."""
    st = make_state(
        [
            {"name": "R", "side": 0, "square": "F10", "equipment": equipment, "armour": armour},
            {"name": "X", "side": 1, "square": "A20"},
        ]
    )
    assert unit(st, "R").max_armour == (35 if "jaws" in equipment else 40)
    start(st, "R")
    assert unit(st, "R").armour == after


def test_eva_amb_36_destroyed_at_exactly_0_and_mutual_destruction_is_a_draw():
    """EVA-AMB-36 / EVA-5.8: an Eva at 0 armour is destroyed at once; both Evas' melee damage is applied
    before destruction is checked, so two last Evas destroy each other: a draw, announced once."""
    st = make_state(
        [
            {"name": "A", "side": 0, "square": "F10", "armour": 3},
            {"name": "B", "side": 1, "square": "F11", "armour": 2},
        ]
    )
    start(st, "A")
    evs = play(st, 0, "A melee F11", [3, 3, 3, 3, 2, 3])  # equal: B takes 2 (0), A takes 3 (0)
    assert unit(st, "A").armour == 0 and unit(st, "B").armour == 0
    assert unit(st, "A").destroyed and unit(st, "B").destroyed
    assert st.over and st.winner is None
    assert len(of(evs, ev.GameEnded)) == 1


# ---------------------------------------------------------------------------
# EVA-14.1 The action
# ---------------------------------------------------------------------------
def test_eva_14_1_once_per_enemy_per_activation_other_enemy_allowed():
    """EVA-14.1: at most one attempt per activation against the same enemy; another enemy may be tried."""
    st = make_state(
        [
            {"name": "A", "side": 0, "square": "F10"},
            {"name": "B", "side": 1, "square": "F15"},
            {"name": "C", "side": 1, "square": "K10"},
        ]
    )
    start(st, "A")
    play(st, 0, "A neutralise F15", [1])
    refused(st, 0, "A neutralise F15", "EVA-14.1")
    play(st, 0, "A neutralise K10", [3, 2, 1])
    assert unit(st, "A").energy == 10


def test_eva_14_1_berserk_target_refused_berserk_attacker_allowed():
    """EVA-14.1 / EVA-16.7: a berserk Eva's field cannot be neutralised; a berserk Eva may itself make the
    attempt (EVA-EX-17: Y may not neutralise the berserk Eva-Z)."""
    st = make_state(
        [
            {"name": "Z", "side": 0, "square": "C13", "berserk": True, "armour": 5, "weapons": ["knife"]},
            {"name": "Y", "side": 1, "square": "C14", "at": 4, "weapons": ["hknife"]},
        ]
    )
    start(st, "Y")
    e = refused(st, 1, "Y neutralise C13", "EVA-16.7")
    assert "berserk" in str(e).lower()
    play(st, 1, "Y disengage", [1, 1])
    play(st, 1, "Y end")
    start(st, "Z")
    evs = play(st, 0, "Z neutralise C14", [4, 1])  # engaged: no attack roll; 4 + 6 v 1 + 4
    n = of(evs, ev.Neutralise)[0]
    assert n.automatic and n.own == 4 and n.theirs == 1 and n.success


def test_eva_14_1_target_engaged_with_another_is_allowed_range_and_sight_required():
    """EVA-14.1 / EVA-AMB-37: a target engaged with someone else may be neutralised (it is not a ranged
    attack); a target out of range (EVA-3.3) or not seen (EVA-4.9) may not."""
    st = make_state(
        [
            {"name": "A", "side": 0, "square": "F5"},
            {"name": "F", "side": 0, "square": "F14"},
            {"name": "B", "side": 1, "square": "F15"},
            {"name": "C", "side": 1, "square": "F27"},  # D² 484: out of range
            {"name": "H", "side": 1, "square": "M5"},  # behind green J5
        ],
        {"J5": "g"},
    )
    start(st, "A")
    assert rules.is_engaged(st, unit(st, "B"))
    refused(st, 0, "A neutralise F27", "EVA-3.3")
    refused(st, 0, "A neutralise M5", "EVA-4.9")
    # B is engaged with F; D² 100 is medium, and F on the line F5-F15 gives B cover: TN 4 + 1 = 5
    evs = play(st, 0, "A neutralise F15", [5, 6, 1])
    assert of(evs, ev.AttackOdds)[0].tn == 5 and of(evs, ev.Neutralise)[0].success


def test_eva_14_1_neutral_action_costs_1():
    """EVA-14.1: 1 energy and neutral: move → shoot → neutralise, and shoot → move → neutralise, are each one
    change (EVA-6.4)."""
    for order in (("move", "fire"), ("fire", "move")):
        st = make_state(
            [
                {"name": "A", "side": 0, "square": "F5", "weapons": ["rifle"]},
                {"name": "B", "side": 1, "square": "F15"},
            ]
        )
        start(st, "A")
        for what in order:
            if what == "move":
                play(st, 0, "A F5-F6")
            else:
                play(st, 0, "A fire F15 rifle", [1])
        play(st, 0, "A neutralise F15", [1])
        assert unit(st, "A").energy == 12 - 2 - 3 - 1


# ---------------------------------------------------------------------------
# EVA-14.2 Attack roll
# ---------------------------------------------------------------------------
def test_eva_14_2_engaged_automatic_no_die():
    """EVA-14.2: engaged with the target, the attack roll succeeds with no die: only the two opposed dice."""
    st = make_state([{"name": "A", "side": 0, "square": "F10"}, {"name": "B", "side": 1, "square": "F11"}])
    start(st, "A")
    evs = play(st, 0, "A neutralise F11", [2, 1])
    n = of(evs, ev.Neutralise)[0]
    assert n.automatic and n.dice == [] and n.success and not of(evs, ev.AttackOdds)


@pytest.mark.parametrize(
    ("a_spec", "t_spec", "terrain", "tn"),
    [
        ({}, {}, {}, 4),  # medium (D² 36)
        ({}, {}, {"F8": "y"}, 5),  # cover
        ({"equipment": ["wings"], "airborne": True}, {}, {"F8": "y"}, 5),  # airborne: no cover, +1
        ({}, {"equipment": ["wings"], "airborne": True}, {}, 5),
        ({"equipment": ["wings"], "airborne": True}, {"equipment": ["wings"], "airborne": True}, {}, 6),
        ({"equipment": ["sync"]}, {}, {"F8": "y"}, 4),  # High Synchronisation −1
        # no weapon modifier: a sniper rifle in hand and an arms trauma change nothing
        ({"weapons": ["sniper"], "arms": True}, {}, {}, 4),
    ],
    ids=["medium", "cover", "attacker-air", "target-air", "both-air", "sync", "no-weapon-mods"],
)
def test_eva_14_2_attack_roll_tn(a_spec, t_spec, terrain, tn):
    """EVA-14.2 / EVA-AMB-37 / EVA-AMB-16: band base plus only cover, airborne (+1 each, +2 both) and High
    Synchronisation (−1); the TN is private to the attacker."""
    spec = {"name": "A", "side": 0, "square": "F5", **a_spec}
    arms = spec.pop("arms", False)
    st = make_state([spec, {"name": "B", "side": 1, "square": "F11", **t_spec}], terrain)
    if arms:
        unit(st, "A").traumas = [Trauma("arms")]
    start(st, "A")
    evs = play(st, 0, "A neutralise F11", [1])
    odds = of(evs, ev.AttackOdds)[0]
    assert odds.tn == tn and odds.to == (0,)
    n = of(evs, ev.Neutralise)[0]
    assert not n.hit and n.dice == [1] and n.own == 0


def test_eva_14_2_targeting_system_rerolls_no_critical():
    """EVA-14.2: the Targeting System re-rolls a missed attack die (2, then 6); a 6 draws no confirmation die;
    the Improved Targeting System rolls two dice and keeps the higher."""
    st = make_state(
        [
            {"name": "A", "side": 0, "square": "F5", "equipment": ["targeting"]},
            {"name": "B", "side": 1, "square": "F11"},
        ]
    )
    start(st, "A")
    evs = play(st, 0, "A neutralise F11", [2, 6, 3, 3])
    n = of(evs, ev.Neutralise)[0]
    assert n.dice == [2, 6] and n.hit and (n.own, n.theirs) == (3, 3) and not n.success

    st = make_state(
        [
            {"name": "A", "side": 0, "square": "F5", "equipment": ["itargeting"]},
            {"name": "B", "side": 1, "square": "F11"},
        ]
    )
    start(st, "A")
    evs = play(st, 0, "A neutralise F11", [1, 4, 2, 1])
    n = of(evs, ev.Neutralise)[0]
    assert n.dice == [1, 4] and n.hit and n.success


# ---------------------------------------------------------------------------
# EVA-14.3 Opposed roll; EVA-14.4 Effect; EVA-14.5 Cost
# ---------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("a_at", "t_at", "faces", "success"),
    [
        (0, 0, [3, 3], False),
        (0, 0, [4, 3], True),
        (2, 5, [6, 3], False),
        (3, 1, [2, 4], False),
        (3, 1, [2, 3], True),
    ],
)
def test_eva_14_3_opposed_roll_strictly_higher(a_at, t_at, faces, success):
    """EVA-14.3 / EVA-AMB-37: the active Eva's d6 + its AT, then the target's d6 + AT; only strictly higher
    succeeds (ties fail); no field adds 0."""
    st = make_state(
        [
            {"name": "A", "side": 0, "square": "F10", "at": a_at},
            {"name": "B", "side": 1, "square": "F11", "at": t_at},
        ]
    )
    start(st, "A")
    evs = play(st, 0, "A neutralise F11", faces)
    n = of(evs, ev.Neutralise)[0]
    assert (n.own, n.theirs, n.success) == (faces[0], faces[1], success)
    assert (uidx(st, "B") in st.activation.neutralised) == success


def test_eva_14_4_field_down_for_this_activation_only():
    """EVA-14.4 / EVA-AMB-38: after a successful neutralisation all damage to the target ignores its field
    until the end of this activation (the melee 2d6 = 9 costs 9, not 9 - 5 = 4); in the target's own next
    activation the field is back (the disengagement d6 6 costs 6 - 5 = 1)."""
    st = make_state(
        [
            {"name": "A", "side": 0, "square": "F10", "weapons": ["knife"], "at": 1},
            {"name": "B", "side": 1, "square": "F11", "at": 5},
        ]
    )
    start(st, "A")
    play(st, 0, "A neutralise F11", [6, 1])  # 6 + 1 v 1 + 5
    evs = play(st, 0, "A melee F11", [6, 6, 4, 4, 4, 5, 1])  # 15 v 8: A wins, no critical
    assert of(evs, ev.MeleeRolled)[0].winner == "A" and st.pending is None
    assert unit(st, "B").armour == 31 and unit(st, "A").armour == 39
    play(st, 0, "A end")
    start(st, "B")
    assert st.activation.neutralised == []
    play(st, 1, "B disengage", [1, 6])
    assert unit(st, "B").armour == 30


def test_eva_14_5_energy_spent_on_failure():
    """EVA-14.5: the 1 energy is spent even when the attack roll fails (die 1) and no opposed dice are drawn."""
    st = make_state([{"name": "A", "side": 0, "square": "F5"}, {"name": "B", "side": 1, "square": "F11"}])
    start(st, "A")
    evs = play(st, 0, "A neutralise F11", [1])
    assert unit(st, "A").energy == 11 and not of(evs, ev.Neutralise)[0].hit
