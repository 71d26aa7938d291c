"""Hidden information and the 2 August amendments (eva.md EVA-18, EVA-19, EVA-AMB-61, EVA-AMB-62).

Every event carries ``to`` (None: both players may see it; else the only side that may); the view
of a side holds no private field of the enemy's Evas at all.
"""

import msgspec
import pytest

from engine.dice import Dice
from engine.rulesets.eva import events as ev
from engine.rulesets.eva import notation, rules
from engine.rulesets.eva.state import Trauma
from engine.rulesets.eva.view import EnemyUnit, OwnUnit, view
from tests.eva_support import idx, make_state, of, play, start, uidx, unit

PRIVATE_FIELDS = {
    "armour",
    "max_armour",
    "at",
    "energy",
    "next_max_energy",
    "items",
    "hands",
    "equipment",
    "shield_points",
    "traumas",
    "spear_hits",
    "accel_used",
    "positron_round",
    "cost",
}


def seen_by(evs, side):
    return [e for e in evs if e.visible_to(side)]


def kinds(evs):
    return [type(e).__name__ for e in evs]


def enemy_entry(st, side, name):
    return next(u for u in view(st, side).units if u.name == name)


# ---------------------------------------------------------------------------
# EVA-18.1 and EVA-18.5: the view of a side
# ---------------------------------------------------------------------------
def test_eva_18_1_opponent_sees_current_weapons_not_equipment_nor_armour():
    """EVA-18.1, EVA-AMB-61: the enemy's entry shows the weapons in hand but no stowed weapon, no
    equipment and no armour; the owner's entry shows all of it."""
    st = make_state(
        [
            {
                "name": "A",
                "side": 0,
                "square": "C3",
                "weapons": ["rifle", "sniper"],
                "hands": ["rifle"],
                "equipment": ["s2", "sync", "wings"],
                "at": 3,
                "armour": 17,
            },
            {"name": "B", "side": 1, "square": "C28"},
        ]
    )
    e = enemy_entry(st, 1, "A")
    assert type(e) is EnemyUnit
    assert e.held == ["rifle"] and e.revealed == []
    assert set(msgspec.to_builtins(e)) & PRIVATE_FIELDS == set()
    own = enemy_entry(st, 0, "A")
    assert type(own) is OwnUnit
    assert own.armour == 17 and own.at == 3 and own.equipment == ["s2", "sync", "wings"]
    assert [i.label for i in own.items] == ["rifle", "sniper"]


def test_eva_18_5_views_and_logs_never_show_the_other_players_private_facts():
    """EVA-18.5: in a shot, the target's owner alone sees the armour lost, the attacker alone its TN
    and energy; each side's view lacks the other's private fields; an omniscient view has all."""
    st = make_state(
        [
            {"name": "A", "side": 0, "square": "C3", "weapons": ["rifle"]},
            {"name": "B", "side": 1, "square": "C10", "at": 2},
        ]
    )
    start(st, "A")
    evs = play(st, 0, "A fire C10 rifle", [5])
    p1, p2 = seen_by(evs, 0), seen_by(evs, 1)
    assert "DamageTaken" not in kinds(p1) and "DamageTaken" in kinds(p2)
    assert "AttackOdds" in kinds(p1) and "AttackOdds" not in kinds(p2)
    assert "EnergyNow" in kinds(p1) and "EnergyNow" not in kinds(p2)
    for side, other in ((0, "B"), (1, "A")):
        entry = enemy_entry(st, side, other)
        assert set(msgspec.to_builtins(entry)) & PRIVATE_FIELDS == set()
    v = view(st, 0)
    assert v.fired == [0] and v.hands_at_start == [0] and v.scores == []
    v2 = view(st, 1)
    assert v2.fired == [] and v2.hands_at_start == [] and v2.obligation is False and v2.scores == []
    allv = view(st, None)
    assert all(type(u) is OwnUnit for u in allv.units)
    assert enemy_entry(st, None, "B").armour == 37


# ---------------------------------------------------------------------------
# EVA-18.2 public information
# ---------------------------------------------------------------------------
def test_eva_18_2_public_position_layer_stance_held_items_and_visible_states():
    """EVA-18.2: the map, every Eva's square, layer and stance, held items (not Shield points), and
    the visible states airborne, berserk, pinned and wings destroyed are public."""
    st = make_state(
        [
            {"name": "A", "side": 0, "square": "C3"},
            {
                "name": "B",
                "side": 1,
                "square": "D20",
                "equipment": ["shield", "berserk", "wings"],
                "hands": ["shield"],
                "kneeling": True,
                "berserk": True,
                "pinned": True,
            },
            {"name": "C", "side": 1, "square": "F20", "equipment": ["wings"], "airborne": True},
        ],
        {"J15": "g"},
    )
    unit(st, "B").traumas = [Trauma("wings")]
    v = view(st, 0)
    assert v.map_rows == st.map.rows
    b = enemy_entry(st, 0, "B")
    assert b.square == idx("D20") and b.kneeling and not b.airborne
    assert b.held == ["shield"] and b.berserk and b.pinned and b.wings_trauma
    assert "shield_points" not in msgspec.to_builtins(b)
    c = enemy_entry(st, 0, "C")
    assert c.airborne and not c.kneeling and not c.wings_trauma


def test_eva_18_2_declared_actions_dice_results_and_raw_damage_are_public():
    """EVA-18.2: the active Eva, its path, weapon, target and aimed zone, every die, hit or miss,
    critical, and the raw damage before Shield and AT-field are shown to both players."""
    st = make_state(
        [
            {"name": "A", "side": 0, "square": "C3", "weapons": ["sniper"]},
            {"name": "B", "side": 1, "square": "C14", "at": 3},
        ]
    )
    evs = start(st, "A")
    assert view(st, 1).active == uidx(st, "A")
    assert of(evs, ev.Activated)[0].to is None
    evs = play(st, 0, "A C3-C4")
    assert of(evs, ev.Moved)[0].to is None and of(evs, ev.Moved)[0].path == ["C3", "C4"]
    evs = play(st, 0, "A fire C14 sniper aimed legs", [6, 5])
    decl = of(evs, ev.AttackDeclared)[0]
    assert decl.to is None and decl.weapon == "sniper" and decl.target == "B" and decl.aimed == "legs"
    shot = of(evs, ev.ShotRolled)[0]
    assert shot.to is None and shot.dice == [6] and shot.confirm == 5 and shot.critical and shot.raw == 14
    dmg = of(evs, ev.DamageTaken)[0]
    assert dmg.to == (1,) and dmg.lost == 11 and dmg.armour == 29


def test_eva_18_2_melee_totals_named_zone_skips_and_destruction_are_public():
    """EVA-18.2: melee totals and winner, the zone named after a critical exchange, a skipped
    activation and a destruction are public."""
    st = make_state(
        [
            {"name": "A", "side": 0, "square": "D20", "weapons": ["hknife"], "equipment": ["jaws"]},
            {"name": "B", "side": 1, "square": "E20", "weapons": ["rifle"], "at": 6},
        ]
    )
    start(st, "A")
    evs = play(st, 0, "A melee E20", [5, 4, 2, 3])
    m = of(evs, ev.MeleeRolled)[0]
    assert m.to is None and (m.a_total, m.d_total) == (16, 5) and m.winner == "A" and m.critical
    w = of(evs, ev.Waiting)[0]
    assert w.to is None and w.kind == "zone" and w.side == 0
    evs = play(st, 0, "trauma legs", [6, 5, 4, 2])
    zn = of(evs, ev.ZoneNamed)[0]
    assert zn.to is None and zn.zone == "legs" and zn.target == "B"
    tr = of(evs, ev.TraumaInflicted)[0]
    assert tr.to == (1,)  # the legs trauma itself is private
    # a skipped activation and a destruction
    st = make_state(
        [
            {"name": "A", "side": 0, "square": "C3", "weapons": ["rifle"]},
            {"name": "B", "side": 1, "square": "C8", "armour": 3},
            {"name": "C", "side": 1, "square": "T30"},
        ]
    )
    unit(st, "A").traumas = [Trauma("body")]
    evs = start(st, "A", [1])
    assert of(evs, ev.Skipped)[0].to is None
    st.turn = 0
    unit(st, "A").traumas = []
    unit(st, "A").activated = False
    start(st, "A")
    evs = play(st, 0, "A fire C8 rifle", [3])
    d = of(evs, ev.Destroyed)[0]
    assert d.to is None and d.unit == "B"
    assert enemy_entry(st, 0, "B").destroyed and enemy_entry(st, 0, "B").square == -1


# ---------------------------------------------------------------------------
# EVA-18.3 private information
# ---------------------------------------------------------------------------
def test_eva_18_3_armour_lost_shield_points_energy_and_tn_are_private():
    """EVA-18.3: the armour lost and Shield points (DamageTaken), energy (EnergyNow) and TN (AttackOdds)
    go only to their owner; the public Shield destruction says nothing of points."""
    st = make_state(
        [
            {"name": "A", "side": 0, "square": "C3", "weapons": ["rifle"]},
            {"name": "S", "side": 1, "square": "C8", "equipment": ["shield"], "hands": ["shield"], "at": 3},
        ]
    )
    unit(st, "S").shield_points = 3
    start(st, "A")
    evs = play(st, 0, "A fire C8 rifle", [4])
    dmg = of(evs, ev.DamageTaken)[0]
    assert dmg.to == (1,) and dmg.absorbed == 3 and dmg.shield == 0 and dmg.lost == 1 and dmg.armour == 39
    sd = of(evs, ev.ShieldDestroyed)[0]
    assert sd.to is None and set(msgspec.to_builtins(sd)) == {"type", "to", "unit", "unit_side"}
    assert of(evs, ev.AttackOdds)[0].to == (0,)
    assert all(e.to == (0,) for e in of(evs, ev.EnergyNow))
    assert enemy_entry(st, 0, "S").held == []


def test_eva_18_3_traumas_other_than_wings_are_private():
    """EVA-18.3: an aimed shot's legs trauma goes only to the target's owner; the attacker sees the
    raw damage, not whether the trauma happened (EVA-EX-15 numbers: 7 lost, 33 left)."""
    st = make_state(
        [
            {"name": "A", "side": 0, "square": "J3", "weapons": ["sniper"]},
            {"name": "B", "side": 1, "square": "J18"},
        ]
    )
    start(st, "A")
    evs = play(st, 0, "A fire J18 sniper aimed legs", [4])
    tr = of(evs, ev.TraumaInflicted)
    assert len(tr) == 1 and tr[0].to == (1,) and tr[0].zone == "legs" and tr[0].lasting
    assert "TraumaInflicted" not in kinds(seen_by(evs, 0))
    assert unit(st, "B").armour == 33
    assert "traumas" not in msgspec.to_builtins(enemy_entry(st, 0, "B"))
    assert enemy_entry(st, 1, "B").traumas == [("legs", True)]


@pytest.mark.parametrize("s2", [False, True])
def test_eva_18_3_and_18_4_public_wings_trauma_does_not_reveal_an_s2_engine(s2):
    """EVA-18.3, EVA-18.4: a wings trauma is public (the Eva falls), but the opponent's log must not
    tell how long it lasts, since that would announce an S2 Engine, which is never announced."""
    st = make_state(
        [
            {"name": "A", "side": 0, "square": "C3", "weapons": ["sniper"]},
            {
                "name": "B",
                "side": 1,
                "square": "C10",
                "equipment": ["wings", "s2"] if s2 else ["wings"],
                "airborne": True,
            },
        ]
    )
    start(st, "A")
    evs = play(st, 0, "A fire C10 sniper aimed wings", [5, 3])
    p1 = seen_by(evs, 0)
    assert "Fell" in kinds(p1)
    texts = " ".join(e.text() for e in p1)
    assert "rest of the game" not in texts and "next activation" not in texts
    assert "s2" not in enemy_entry(st, 0, "B").revealed
    assert enemy_entry(st, 0, "B").wings_trauma
    # the owner still knows how long it lasts
    assert enemy_entry(st, 1, "B").traumas == [("wings", not s2)]


def test_eva_18_3_start_of_activation_rolls_are_private_and_leave_no_gap():
    """EVA-18.3, EVA-AMB-61, EVA-AMB-63: the body-trauma roll and the Berserk roll go only to the owner,
    are drawn from the owner's private stream, and the public rolls the opponent sees are numbered 1,
    2, ... with no gap."""
    st = make_state(
        [
            {
                "name": "A",
                "side": 0,
                "square": "C3",
                "weapons": ["rifle"],
                "equipment": ["berserk"],
                "armour": 1,
            },
            {"name": "B", "side": 1, "square": "C8"},
        ]
    )
    unit(st, "A").traumas = [Trauma("body")]
    dice = Dice(b"eva 18.3 private rolls")  # this seed's private faces: 6, then 4
    evs = rules.apply(st, 0, notation.parse_action(st, 0, "activate A berserk"), dice)
    priv = of(evs, ev.PrivateRoll)
    assert [(p.kind, p.die, p.to) for p in priv] == [("body", 6, (0,)), ("berserk", 4, (0,))]
    assert [(r.stream, r.seq) for r in dice.log] == [("p0", 1), ("p0", 2)]
    p2 = seen_by(evs, 1)
    assert "PrivateRoll" not in kinds(p2)
    assert unit(st, "A").berserk  # armour 1: any die succeeds
    assert "WentBerserk" in kinds(p2)
    n0 = len(dice.log)
    rules.apply(st, 0, notation.parse_action(st, 0, "A neutralise C8"), dice)
    public = [r for r in dice.log[n0:] if r.stream == ""]
    assert public and public[0].seq == 1


def test_eva_18_3_a_failed_berserk_roll_shows_nothing_to_the_opponent():
    """EVA-18.3, EVA-EX-17 variant: with a Berserk die of 4 against armour 5 nothing happens; the
    opponent's log of the activation start is the same as for an Eva that made no roll."""
    mk = [
        {
            "name": "Z",
            "side": 0,
            "square": "C10",
            "weapons": ["rifle"],
            "equipment": ["berserk"],
            "at": 1,
            "armour": 5,
        },
        {"name": "Y", "side": 1, "square": "C14"},
    ]
    st = make_state(mk)
    evs = start(st, "Z", [4], berserk=True)
    assert not unit(st, "Z").berserk and unit(st, "Z").energy == 7
    st2 = make_state(mk)
    evs2 = start(st2, "Z")
    assert [msgspec.to_builtins(e) for e in seen_by(evs, 1)] == [
        msgspec.to_builtins(e) for e in seen_by(evs2, 1)
    ]


# ---------------------------------------------------------------------------
# EVA-18.4 revealed equipment
# ---------------------------------------------------------------------------
def _revealed(evs):
    return [(e.unit, e.item) for e in of(evs, ev.Revealed) if e.to is None]


def test_eva_18_4_wings_jumpjet_dmodule_acceleration_and_shield_revealed_by_use():
    """EVA-18.4: Wings on take-off, Jumpjet on a jump, D-Module on detonation, Acceleration on its
    declaration, Shield when taken in hand; each becomes public once and stays in the enemy's view."""
    st = make_state(
        [
            {
                "name": "A",
                "side": 0,
                "square": "C3",
                "weapons": ["rifle"],
                "equipment": ["wings", "jumpjet", "accel", "shield", "dmodule"],
            },
            {"name": "B", "side": 1, "square": "T30"},
        ]
    )
    start(st, "A")
    assert enemy_entry(st, 1, "A").revealed == []
    assert _revealed(play(st, 0, "A accelerate")) == [("A", "Acceleration")]
    assert _revealed(play(st, 0, "A swap shield")) == [("A", "Shield")]
    assert _revealed(play(st, 0, "A takeoff")) == [("A", "Wings")]
    play(st, 0, "A land")
    assert _revealed(play(st, 0, "A takeoff")) == []  # only the first time
    play(st, 0, "A land")
    assert _revealed(play(st, 0, "A jump C5")) == [("A", "Jumpjet")]
    assert enemy_entry(st, 1, "A").revealed == ["accel", "shield", "wings", "jumpjet"]
    st = make_state(
        [
            {"name": "A", "side": 0, "square": "C3", "equipment": ["dmodule"]},
            {"name": "F", "side": 0, "square": "T1"},
            {"name": "B", "side": 1, "square": "T30"},
        ]
    )
    start(st, "A")
    assert _revealed(play(st, 0, "A detonate", [1, 1])) == [("A", "D-Module")]


def test_eva_18_4_berserk_extended_arms_pseudo_pilot_revealed_by_their_effects():
    """EVA-18.4: Berserk when the Eva goes berserk; Extended Arms by an automatic loss; Pseudo-Pilot by
    its double melee roll."""
    st = make_state(
        [
            {"name": "Z", "side": 0, "square": "C10", "equipment": ["berserk"], "armour": 5},
            {"name": "Y", "side": 1, "square": "C14"},
        ]
    )
    evs = start(st, "Z", [5], berserk=True)
    assert _revealed(evs) == [("Z", "Berserk")]
    assert of(evs, ev.WentBerserk)[0].to is None
    st = make_state(
        [
            {"name": "A", "side": 0, "square": "H10", "weapons": ["replica"], "equipment": ["arms"]},
            {"name": "B", "side": 1, "square": "H12", "weapons": ["knife"]},
        ]
    )
    start(st, "A")
    evs = play(st, 0, "A melee H12", [6, 3])
    assert _revealed(evs) == [("A", "Extended Arms")]
    st = make_state(
        [
            {"name": "A", "side": 0, "square": "C10", "weapons": ["knife"], "equipment": ["pseudo"]},
            {"name": "B", "side": 1, "square": "C11"},
        ]
    )
    start(st, "A")
    evs = play(st, 0, "A melee C11", [1, 1, 6, 6, 4, 4, 1, 1, 1])
    assert _revealed(evs) == [("A", "Pseudo-Pilot")]
    assert of(evs, ev.MeleeRolled)[0].a_dice == [[1, 1], [6, 6]]


def test_eva_18_4_targeting_systems_and_combat_anatomy_revealed_only_when_they_act():
    """EVA-18.4: a Targeting System shows only on a re-roll (a first-die hit reveals nothing); the
    Improved Targeting System on its two dice; Combat Anatomy on an automatic confirmation."""
    st = make_state(
        [
            {
                "name": "A",
                "side": 0,
                "square": "C3",
                "weapons": ["pistol", "rifle"],
                "equipment": ["targeting"],
            },
            {"name": "B", "side": 1, "square": "C6"},
        ]
    )
    start(st, "A")
    assert _revealed(play(st, 0, "A fire C6 pistol", [4])) == []
    assert _revealed(play(st, 0, "A fire C6 rifle", [2, 5])) == [("A", "Targeting System")]
    st = make_state(
        [
            {"name": "A", "side": 0, "square": "C3", "weapons": ["rifle"], "equipment": ["itargeting"]},
            {"name": "B", "side": 1, "square": "C6"},
        ]
    )
    start(st, "A")
    evs = play(st, 0, "A fire C6 rifle", [2, 4])
    assert _revealed(evs) == [("A", "Improved Targeting System")]
    assert of(evs, ev.ShotRolled)[0].dice == [2, 4]
    st = make_state(
        [
            {
                "name": "A",
                "side": 0,
                "square": "C3",
                "weapons": ["pistol", "rifle"],
                "equipment": ["anatomy"],
            },
            {"name": "B", "side": 1, "square": "C6"},
        ]
    )
    start(st, "A")
    assert _revealed(play(st, 0, "A fire C6 pistol", [5])) == []
    assert _revealed(play(st, 0, "A fire C6 rifle", [6])) == [("A", "Combat Anatomy")]


def test_eva_18_4_s2_engine_high_synchronisation_and_jaws_are_never_announced():
    """EVA-18.4: S2 regeneration, a High Synchronisation TN and a Jaws melee bonus reveal nothing."""
    st = make_state(
        [
            {
                "name": "A",
                "side": 0,
                "square": "C10",
                "weapons": ["knife", "pistol"],
                "equipment": ["s2", "sync", "jaws"],
                "armour": 20,
            },
            {"name": "B", "side": 1, "square": "C11"},
            {"name": "C", "side": 1, "square": "C5"},
        ]
    )
    evs = start(st, "A")
    reg = of(evs, ev.Regenerated)
    assert len(reg) == 1 and reg[0].to == (0,) and unit(st, "A").armour == 22
    evs += play(st, 0, "A melee C11", [3, 3, 3, 3, 1, 1, 1])
    evs += play(st, 0, "A fire C5 pistol", [2])  # TN 3 − 1 = 2 hits
    assert of(evs, ev.ShotRolled)[-1].hit
    assert of(evs, ev.Revealed) == []
    assert enemy_entry(st, 1, "A").revealed == []


# ---------------------------------------------------------------------------
# EVA-19 the 2 August amendments
# ---------------------------------------------------------------------------
def test_eva_19_2_and_amb_62_d_module_radius_is_two_squares():
    """EVA-19.2, EVA-AMB-62: the blast of an Eva with armour 10 and 2d6 = 3 + 4 hits every other Eva
    with D² ≤ 4 (friend or foe) for 17; one at D² 5 is untouched."""
    st = make_state(
        [
            {"name": "D", "side": 0, "square": "C5", "equipment": ["dmodule"], "armour": 10},
            {"name": "F", "side": 0, "square": "C7"},
            {"name": "E", "side": 1, "square": "E5"},
            {"name": "G", "side": 1, "square": "D6"},
            {"name": "H", "side": 1, "square": "E6"},
        ]
    )
    start(st, "D")
    play(st, 0, "D detonate", [3, 4])
    assert unit(st, "D").destroyed
    assert unit(st, "F").armour == 23 and unit(st, "E").armour == 23 and unit(st, "G").armour == 23
    assert unit(st, "H").armour == 40


def test_eva_19_3_the_at_field_does_not_act_on_the_shield():
    """EVA-19.3: a Shield holder with AT-6 hit for 5 loses 5 Shield points (15 → 10), not 1; armour
    unchanged."""
    st = make_state(
        [
            {"name": "A", "side": 0, "square": "C3", "weapons": ["rifle"]},
            {"name": "S", "side": 1, "square": "C8", "equipment": ["shield"], "hands": ["shield"], "at": 6},
        ]
    )
    assert unit(st, "S").shield_points == 15
    start(st, "A")
    play(st, 0, "A fire C8 rifle", [4])
    assert unit(st, "S").shield_points == 10 and unit(st, "S").armour == 40


def test_eva_19_4_an_eva_covering_an_eva_gives_cover_and_never_hides():
    """EVA-19.4: a ground Eva on the line gives +1 (medium TN 5) to a standing target and to a kneeling
    one, which it does not hide."""
    for kneel in (False, True):
        st = make_state(
            [
                {"name": "A", "side": 0, "square": "C3", "weapons": ["rifle"]},
                {"name": "X", "side": 1, "square": "C6"},
                {"name": "T", "side": 1, "square": "C10", "kneeling": kneel},
            ]
        )
        assert rules.sees(st, unit(st, "A"), unit(st, "T"))
        start(st, "A")
        evs = play(st, 0, "A fire C10 rifle", [1])
        assert of(evs, ev.AttackOdds)[0].tn == 5
