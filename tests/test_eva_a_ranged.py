"""Ranged combat (eva.md EVA-10, EVA-EX-4, EVA-AMB-16 to AMB-22, AMB-24, AMB-69)."""

import pytest

from engine.ruleset import IllegalAction
from engine.rulesets.eva import actions, notation, rules
from engine.rulesets.eva import events as ev
from engine.rulesets.eva.state import Trauma
from tests.eva_support import make_state, of, play, snapshot, start, unit


def duel(a=None, t=None, terrain=None, others=()):
    st = make_state(
        [
            {"name": "A", "side": 0, "square": "E10", "weapons": ["rifle"], **(a or {})},
            {"name": "T", "side": 1, "square": "E16", **(t or {})},
            *others,
        ],
        terrain,
    )
    start(st, "A")
    return st


def refused(st, text, rule, side=0):
    before = snapshot(st)
    with pytest.raises(IllegalAction) as e:
        play(st, side, text)
    assert e.value.rule == rule, (text, e.value.rule, str(e.value))
    assert snapshot(st) == before


def tn_of(evs) -> int:
    return of(evs, ev.AttackOdds)[0].tn


def shot(evs, n=0):
    return of(evs, ev.ShotRolled)[n]


# ---------------------------------------------------------------------------
# EVA-10.1 to 10.4
# ---------------------------------------------------------------------------
def test_eva_10_1_and_amb_24_one_attack_per_weapon_two_guns_fire_once_each():
    """EVA-10.1, EVA-AMB-24: each weapon makes at most one ranged attack per activation; an Eva with
    two one-handed guns attacks once with each, at the same or different targets."""
    st = duel(
        {"weapons": ["pistol", "pistol"], "hands": ["pistol", "pistol#2"]},
        others=[{"name": "U", "side": 1, "square": "H12"}],
    )
    play(st, 0, "A fire E16 pistol", [4])
    refused(st, "A fire E16 pistol", "EVA-10.1")
    play(st, 0, "A fire E16 pistol#2", [4])
    assert unit(st, "T").armour == 34 and unit(st, "A").energy == 8
    refused(st, "A fire H12 pistol#2", "EVA-10.1")
    st = duel({"weapons": ["pistol", "rifle"]}, others=[{"name": "U", "side": 1, "square": "H12"}])
    play(st, 0, "A fire E16 rifle", [1])
    play(st, 0, "A fire H12 pistol", [3])  # D² 13: close, TN 3
    assert unit(st, "U").armour == 35


def test_eva_10_1_ambiguous_weapon_must_be_named():
    """EVA-10.1: 'fire B12' with two guns that could both fire is ambiguous; with one, it is that one."""
    from engine.ruleset import AmbiguousAction

    st = duel({"weapons": ["pistol", "rifle"]})
    with pytest.raises(AmbiguousAction):
        notation.parse_action(st, 0, "A fire E16")
    play(st, 0, "A fire E16 rifle", [1])
    a = notation.parse_action(st, 0, "A fire E16")
    assert unit(st, "A").items[a.item].code == "pistol"


def test_eva_10_2_attacker_must_hold_the_weapon_and_not_be_berserk():
    """EVA-10.2: a berserk attacker makes no ranged attack; an Eva holding the Shield holds no weapon;
    a stowed weapon cannot fire."""
    st = duel({"weapons": ["rifle"], "equipment": ["berserk"], "berserk": True, "armour": 5})
    refused(st, "A fire E16 rifle", "EVA-16.7")
    st = duel({"weapons": ["rifle"], "equipment": ["shield"], "hands": ["shield"]})
    refused(st, "A fire E16 rifle", "EVA-10.2")
    with pytest.raises(IllegalAction) as e:
        notation.parse_action(st, 0, "A fire E16")
    assert e.value.rule == "EVA-10.2"


def test_eva_10_2_and_amb_69_target_must_be_an_enemy():
    """EVA-10.2 (a), EVA-AMB-69: attacks (shots, melee, neutralisation) may target only enemy Evas."""
    st = duel({"weapons": ["rifle", "knife"]}, others=[{"name": "F", "side": 0, "square": "E11"}])
    f = next(i for i, u in enumerate(st.units) if u.name == "F")
    for a in (actions.Fire(0, f, 0), actions.Melee(0, f), actions.Neutralise(0, f)):
        before = snapshot(st)
        with pytest.raises(IllegalAction) as e:
            rules.apply(st, 0, a, None)
        assert e.value.rule == "EVA-10.2" and snapshot(st) == before
    for text in ("A fire E11 rifle", "A melee E11"):
        refused(st, text, "EVA-10.2")


def test_eva_10_2_d_engaged_targets_cannot_be_shot_by_anyone():
    """EVA-10.2 (d): an Eva engaged in melee may not be shot, by any attacker, including the Eva it is
    engaged with (after its melee obligation is met)."""
    st = make_state(
        [
            {"name": "A", "side": 0, "square": "E10", "weapons": ["rifle"]},
            {"name": "F", "side": 0, "square": "E15", "weapons": ["pistol"]},
            {"name": "T", "side": 1, "square": "E16"},
        ]
    )
    start(st, "A")
    refused(st, "A fire E16 rifle", "EVA-10.2")
    st = make_state(
        [
            {"name": "A", "side": 0, "square": "E10", "weapons": ["pistol", "knife"]},
            {"name": "T", "side": 1, "square": "E11"},
        ]
    )
    start(st, "A")
    play(st, 0, "A melee E11", [1, 1, 1, 2, 1, 1, 1])
    refused(st, "A fire E11 pistol", "EVA-10.2")


@pytest.mark.parametrize(
    ("weapon", "target", "ok"),
    [
        ("pistol", "E14", True),  # close
        ("pistol", "E22", False),  # long: 0 damage
        ("rocket", "E14", False),  # close: 0 damage
        ("rocket", "E22", True),
        ("replica", "E14", True),
        ("replica", "E22", False),  # long: 0 damage
        ("lance", "E22", True),
    ],
)
def test_eva_10_3_and_amb_18_zero_damage_means_no_attack(weapon, target, ok):
    """EVA-10.3, EVA-AMB-18: a weapon whose damage in a band is 0 cannot attack in that band (pistol
    long, rocket close, thrown Replica long)."""
    st = duel({"weapons": [weapon]}, {"square": target})
    if ok:
        play(st, 0, f"A fire {target} {weapon}", [1])
    else:
        refused(st, f"A fire {target} {weapon}", "EVA-10.3")


def test_eva_10_4_paying_before_the_dice_double_for_aimed():
    """EVA-10.4: the cost is paid when the attack is declared, hit or miss; doubled for an aimed shot."""
    st = duel({"weapons": ["rifle", "pistol"]})
    evs = play(st, 0, "A fire E16 rifle", [1])
    assert not shot(evs).hit and unit(st, "A").energy == 9 and of(evs, ev.EnergyNow)[-1].spent == 3
    evs = play(st, 0, "A fire E16 pistol aimed body", [1])
    assert unit(st, "A").energy == 5 and of(evs, ev.EnergyNow)[-1].spent == 4
    assert [type(e).__name__ for e in evs][0] == "AttackDeclared"


# ---------------------------------------------------------------------------
# EVA-10.5 target numbers
# ---------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("a", "t", "terrain", "text", "faces", "tn"),
    [
        ({}, {"square": "E14"}, {}, "A fire E14 rifle", [1], 3),
        ({}, {}, {}, "A fire E16 rifle", [1], 4),
        ({}, {"square": "E22"}, {}, "A fire E22 rifle", [1], 5),
        ({}, {}, {"E13": "y"}, "A fire E16 rifle", [1], 5),
        ({"airborne": True, "equipment": ["wings"]}, {}, {}, "A fire E16 rifle", [1], 5),
        ({}, {"airborne": True, "equipment": ["wings"]}, {}, "A fire E16 rifle", [1], 5),
        (
            {"airborne": True, "equipment": ["wings"]},
            {"airborne": True, "equipment": ["wings"]},
            {},
            "A fire E16 rifle",
            [1],
            6,
        ),
        ({"weapons": [("rifle", True)]}, {}, {}, "A fire E16 rifle burst", [1, 1, 1], 5),
        ({"weapons": ["sniper"]}, {}, {}, "A fire E16 sniper", [1], 3),
        ({"weapons": ["lance"]}, {}, {}, "A fire E16 lance", [1], 3),
        ({"weapons": ["replica"]}, {}, {}, "A fire E16 replica", [1], 4),
        ({"equipment": ["sync"]}, {}, {}, "A fire E16 rifle", [1], 3),
        ({"weapons": ["positron"]}, {}, {"E13": "g"}, "A fire E16 positron", [1], 5),
        ({"weapons": ["positron"]}, {}, {"E13": "y"}, "A fire E16 positron", [1], 5),
        (
            {"weapons": ["sniper"], "equipment": ["sync"]},
            {"square": "E22"},
            {"E13": "y"},
            "A fire E22 sniper",
            [1],
            4,
        ),
        (
            {"weapons": ["rifle"], "equipment": ["sync"]},
            {"square": "E22"},
            {"E13": "y"},
            "A fire E22 rifle aimed legs",
            [1],
            5,
        ),
    ],
)
def test_eva_10_5_target_number_and_modifiers(a, t, terrain, text, faces, tn):
    """EVA-10.5, EVA-AMB-16: base 3 / 4 / 5; cover +1; attacker airborne +1; target airborne +1 (both:
    +2); burst +1; Sniper −1; Lance throw −1; High Synchronisation −1; Positron at an unseen target +1;
    an aimed shot has no modifier (EVA-11.1)."""
    st = duel(a, t, terrain)
    evs = play(st, 0, text, faces)
    assert tn_of(evs) == tn


def test_eva_10_5_arms_trauma_two_handed_weapon_plus_one():
    """EVA-10.5, EVA-11.3: a two-handed weapon used by an Eva with an arms trauma gets TN +1; a
    one-handed weapon does not."""
    st = duel({"weapons": ["sniper"]})
    unit(st, "A").traumas = [Trauma("arms")]
    assert tn_of(play(st, 0, "A fire E16 sniper", [1])) == 4
    st = duel({"weapons": ["rifle"]})
    unit(st, "A").traumas = [Trauma("arms")]
    assert tn_of(play(st, 0, "A fire E16 rifle", [1])) == 4


# ---------------------------------------------------------------------------
# EVA-10.6 to 10.9
# ---------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("a", "t", "text", "tn", "die", "hit"),
    [
        ({"weapons": ["sniper"], "equipment": ["sync"]}, {"square": "E14"}, "A fire E14 sniper", 1, 1, False),
        ({"weapons": ["sniper"], "equipment": ["sync"]}, {"square": "E14"}, "A fire E14 sniper", 1, 2, True),
        ({"weapons": ["sniper"]}, {"square": "E14"}, "A fire E14 sniper", 2, 2, True),
        ({}, {}, "A fire E16 rifle", 4, 3, False),
        ({}, {}, "A fire E16 rifle", 4, 4, True),
        (
            {"airborne": True, "equipment": ["wings"]},
            {"airborne": True, "equipment": ["wings"], "square": "E22"},
            "A fire E22 rifle",
            7,
            5,
            False,
        ),
    ],
)
def test_eva_10_6_and_amb_17_natural_1_misses_natural_6_hits(a, t, text, tn, die, hit):
    """EVA-10.6, EVA-AMB-17: a natural 1 always misses (even at TN 1), a natural 6 always hits (even at
    TN 7); otherwise die ≥ TN hits."""
    st = duel(a, t)
    evs = play(st, 0, text, [die])
    assert tn_of(evs) == tn and shot(evs).hit is hit


def test_eva_10_6_natural_6_hits_at_tn_7_and_confirms_at_tn_7():
    """EVA-10.6, EVA-10.8: at TN 7 a 6 hits; the confirmation succeeds only on a natural 6."""
    a = {"airborne": True, "equipment": ["wings"]}
    t = {"airborne": True, "equipment": ["wings"], "square": "E22", "at": 0}
    st = duel(a, t)
    evs = play(st, 0, "A fire E22 rifle", [6, 5])
    assert tn_of(evs) == 7 and shot(evs).hit and not shot(evs).critical and unit(st, "T").armour == 37
    st = duel(a, t)
    evs = play(st, 0, "A fire E22 rifle", [6, 6])
    assert shot(evs).critical and unit(st, "T").armour == 34


def test_eva_10_7_and_amb_20_targeting_system_rerolls_a_miss_once():
    """EVA-10.7, EVA-AMB-20: a missed to-hit die is re-rolled once and the new die is final (a second
    miss stays a miss); a hit is never re-rolled; a re-rolled 6 starts a critical; the confirmation is
    never re-rolled."""
    eq = {"equipment": ["targeting"]}
    st = duel(eq)
    evs = play(st, 0, "A fire E16 rifle", [2, 1])
    assert shot(evs).dice == [2, 1] and not shot(evs).hit
    st = duel(eq)
    evs = play(st, 0, "A fire E16 rifle", [4])
    assert shot(evs).dice == [4] and shot(evs).hit and not of(evs, ev.Revealed)
    st = duel(eq)
    evs = play(st, 0, "A fire E16 rifle", [3, 6, 5])
    assert shot(evs).dice == [3, 6] and shot(evs).confirm == 5 and shot(evs).critical
    assert unit(st, "T").armour == 30
    st = duel(eq)
    evs = play(st, 0, "A fire E16 rifle", [6, 1])  # confirmation 1: no re-roll
    assert shot(evs).hit and not shot(evs).critical and unit(st, "T").armour == 35


def test_eva_10_7_and_amb_21_improved_targeting_two_dice_keep_the_higher():
    """EVA-10.7, EVA-AMB-21: the Improved Targeting System rolls two dice and keeps the higher, for the
    hit and the critical; the confirmation is one die; dice order: first, second, confirmation."""
    eq = {"equipment": ["itargeting"]}
    st = duel(eq)
    evs = play(st, 0, "A fire E16 rifle", [2, 3])
    assert shot(evs).dice == [2, 3] and not shot(evs).hit
    st = duel(eq)
    evs = play(st, 0, "A fire E16 rifle", [1, 6, 4])
    assert shot(evs).dice == [1, 6] and shot(evs).confirm == 4 and shot(evs).critical
    assert unit(st, "T").armour == 30
    assert [r.item for r in of(evs, ev.Revealed)] == ["Improved Targeting System"]
    st = duel(eq)
    evs = play(st, 0, "A fire E16 rifle", [6, 1, 3])
    assert shot(evs).hit and not shot(evs).critical and unit(st, "T").armour == 35


def test_eva_10_7_n2_bomb_makes_no_to_hit_roll():
    """EVA-10.7, EVA-15.8: the N2 Bomb makes no to-hit roll, so no targeting die and no critical."""
    st = duel({"weapons": ["n2"], "equipment": ["itargeting"]}, {"square": "E13", "at": 6})
    evs = play(st, 0, "A fire E13 n2", [])
    assert shot(evs).hit and shot(evs).no_roll and not shot(evs).candidate
    assert unit(st, "T").armour == 25


def test_eva_10_8_and_amb_22_critical_confirmation_same_tn():
    """EVA-10.8, EVA-AMB-22: a natural 6 hit is a candidate; the confirmation die uses the same TN
    (cover included); success doubles, failure is an ordinary hit; Combat Anatomy confirms without a
    die except for a Spear throw."""
    st = duel(terrain={"E13": "y"})  # TN 5
    evs = play(st, 0, "A fire E16 rifle", [6, 4])
    assert tn_of(evs) == 5 and shot(evs).candidate and not shot(evs).critical and unit(st, "T").armour == 35
    st = duel(terrain={"E13": "y"})
    evs = play(st, 0, "A fire E16 rifle", [6, 5])
    assert shot(evs).critical and unit(st, "T").armour == 30
    st = duel({"weapons": ["replica"], "equipment": ["anatomy"]}, {"at": 6})
    evs = play(st, 0, "A fire E16 replica", [6, 2])
    assert shot(evs).confirm == 2 and not shot(evs).critical and unit(st, "T").armour == 35


def test_eva_10_8_and_amb_22_only_hits_can_be_critical():
    """EVA-10.8, EVA-AMB-22: a Positron die of 5 that misses (TN 6) is no candidate and draws no
    confirmation die."""
    st = duel({"weapons": ["positron"]}, {"square": "E22"}, {"E13": "y"})  # long 5 + cover
    evs = play(st, 0, "A fire E22 positron", [5])
    assert tn_of(evs) == 6 and not shot(evs).hit and not shot(evs).candidate


def test_eva_10_9_and_amb_22_doubling_before_the_at_field():
    """EVA-10.9, EVA-AMB-22: a confirmed critical doubles the weapon damage before the AT-field: rifle
    5 × 2 = 10 against AT-6 loses 4 (not 2 × 1)."""
    st = duel(t={"at": 6})
    evs = play(st, 0, "A fire E16 rifle", [6, 6])
    assert shot(evs).raw == 10 and unit(st, "T").armour == 36
    assert of(evs, ev.DamageTaken)[0].lost == 4


# ---------------------------------------------------------------------------
# EVA-10.10 bursts, EVA-EX-4
# ---------------------------------------------------------------------------
def test_eva_ex_4_burst_fire():
    """EVA-EX-4: Heavy Pallet Rifle with automatic fire at K8 bursts T at K15 (D² 49, AT-4): 5 energy
    (12 → 7), TN 5 each; dice 5, 2, 6, 3: hit (−4, 36), miss, hit with failed confirmation (−4, 32)."""
    st = make_state(
        [
            {"name": "C", "side": 0, "square": "K8", "weapons": [("hrifle", True)]},
            {"name": "T", "side": 1, "square": "K15", "at": 4},
        ]
    )
    assert unit(st, "C").cost == 100 + 70
    start(st, "C")
    evs = play(st, 0, "C fire K15 hrifle burst", [5, 2, 6, 3])
    assert unit(st, "C").energy == 7 and tn_of(evs) == 5
    shots = of(evs, ev.ShotRolled)
    assert [(s.shot, s.dice, s.hit) for s in shots] == [(1, [5], True), (2, [2], False), (3, [6], True)]
    assert shots[2].candidate and shots[2].confirm == 3 and not shots[2].critical
    assert [d.armour for d in of(evs, ev.DamageTaken)] == [36, 32]
    assert unit(st, "T").armour == 32
    st = make_state(
        [
            {"name": "C", "side": 0, "square": "K8", "weapons": [("hrifle", True)]},
            {"name": "T", "side": 1, "square": "K15", "at": 4},
        ]
    )
    start(st, "C")
    evs = play(st, 0, "C fire K15 hrifle", [4])  # the single shot: 3 energy, TN 4, one 8-point hit
    assert tn_of(evs) == 4 and unit(st, "C").energy == 9 and unit(st, "T").armour == 36


def test_eva_10_10_and_amb_19_burst_rules():
    """EVA-10.10, EVA-AMB-19: only a rifle bought with automatic fire may burst; each hit is reduced by
    the AT-field separately; remaining shots are lost when the target is destroyed; a burst cannot be
    aimed."""
    st = duel({"weapons": ["rifle"]})
    refused(st, "A fire E16 rifle burst", "EVA-10.10")
    st = duel({"weapons": [("rifle", True)]})
    refused(st, "A fire E16 rifle burst aimed legs", "EVA-11.1")
    st = duel({"weapons": [("rifle", True)]}, {"at": 6})
    play(st, 0, "A fire E16 rifle burst", [5, 5, 5])
    assert unit(st, "T").armour == 37  # three hits of 5 against AT-6: 1 each
    st = duel(
        {"weapons": [("rifle", True)]}, {"armour": 5}, others=[{"name": "U", "side": 1, "square": "T30"}]
    )
    evs = play(st, 0, "A fire E16 rifle burst", [5])  # destroyed by the first shot: two shots lost
    assert unit(st, "T").destroyed and len(of(evs, ev.ShotRolled)) == 1


def test_eva_10_11_shooting_while_engaged_after_the_obligation():
    """EVA-10.11 (EVA-AMB-30): an engaged Eva may shoot another target that meets EVA-10.2, but only
    after its melee obligation."""
    st = make_state(
        [
            {"name": "A", "side": 0, "square": "E10", "weapons": ["pistol", "knife"]},
            {"name": "B", "side": 1, "square": "E11"},
            {"name": "C", "side": 1, "square": "H10"},
        ]
    )
    start(st, "A")
    refused(st, "A fire H10 pistol", "EVA-12.10")
    play(st, 0, "A melee E11", [1, 1, 1, 2, 1, 1, 1])
    evs = play(st, 0, "A fire H10 pistol", [3])
    assert tn_of(evs) == 3 and unit(st, "C").armour == 35


# ---------------------------------------------------------------------------
# EVA-AMB-16 melee layers
# ---------------------------------------------------------------------------
def test_eva_amb_16_no_melee_across_layers_and_neutralisation_gets_the_air_modifiers():
    """EVA-AMB-16: melee only between Evas on the same layer; the airborne modifiers (+1 each, +2
    together) also apply to the attack roll of a neutralisation."""
    st = make_state(
        [
            {
                "name": "A",
                "side": 0,
                "square": "E10",
                "weapons": ["knife"],
                "equipment": ["wings"],
                "airborne": True,
            },
            {"name": "B", "side": 1, "square": "E11"},
        ]
    )
    start(st, "A")
    refused(st, "A melee E11", "EVA-12.1")
    st = make_state(
        [
            {"name": "A", "side": 0, "square": "E10", "equipment": ["wings"], "airborne": True},
            {"name": "B", "side": 1, "square": "E16", "equipment": ["wings"], "airborne": True},
        ]
    )
    start(st, "A")
    evs = play(st, 0, "A neutralise E16", [5])
    assert tn_of(evs) == 6 and not of(evs, ev.Neutralise)[0].hit


def test_eva_amb_43_high_synchronisation_on_every_ranged_roll_not_melee():
    """EVA-AMB-43 (EVA-16.8): TN −1 on every ranged attack roll, throws and the neutralisation roll
    included; the confirmation uses the same TN (a 3 confirms at medium range: 4 − 1); melee totals get
    nothing."""
    st = duel({"weapons": ["replica"], "equipment": ["sync"]}, {"at": 6})
    evs = play(st, 0, "A fire E16 replica", [1])
    assert tn_of(evs) == 3
    st = duel({"equipment": ["sync"]})
    evs = play(st, 0, "A neutralise E16", [3, 1, 1])
    assert tn_of(evs) == 3 and of(evs, ev.Neutralise)[0].hit
    st = duel({"equipment": ["sync"]})
    evs = play(st, 0, "A fire E16 rifle", [6, 3])
    assert shot(evs).critical and unit(st, "T").armour == 30
    st = duel({"weapons": ["knife"], "equipment": ["sync"]}, {"square": "E11"})
    evs = play(st, 0, "A melee E11", [1, 1, 1, 2, 1, 1, 1])
    assert of(evs, ev.MeleeRolled)[0].a_total == 2 + 3
