"""Melee (eva.md EVA-12): exchange, outcomes, criticals, Shield holders, Extended Arms,
obligation, disengagement, the Jumpjet exit and several enemies; worked examples
EVA-EX-7, EVA-EX-8, EVA-EX-9 and EVA-EX-18."""

import pytest

from engine.ruleset import IllegalAction
from engine.rulesets.eva import events as ev
from engine.rulesets.eva import rules
from engine.rulesets.eva.actions import Melee
from engine.rulesets.eva.state import Trauma
from engine.rulesets.eva.view import view
from tests.eva_support import idx, make_state, of, play, snapshot, start, uidx, unit


def end(st, name: str) -> list:
    """End the named Eva's activation."""
    return play(st, unit(st, name).side, f"{name} end")


def refused(st, side: int, text: str, rule: str) -> IllegalAction:
    """The action is refused under ``rule`` and the state is left unchanged."""
    before = snapshot(st)
    with pytest.raises(IllegalAction) as e:
        play(st, side, text)
    assert e.value.rule == rule, e.value
    assert snapshot(st) == before
    return e.value


def melee_rolled(evs: list) -> ev.MeleeRolled:
    (m,) = of(evs, ev.MeleeRolled)
    return m


def lost_by(evs: list, name: str) -> list[int]:
    return [d.lost for d in of(evs, ev.DamageTaken) if d.unit == name]


# ---------------------------------------------------------------------------
# EVA-EX-7 A basic melee exchange
# ---------------------------------------------------------------------------
def ex7(b_spec: dict, a_at: int = 2):
    return make_state(
        [
            {"name": "Eva-A", "side": 0, "square": "F10", "weapons": ["knife"], "at": a_at},
            {"name": "Eva-B", "side": 1, "square": "F11", "at": 5, **b_spec},
        ]
    )


def test_eva_ex_7_basic_exchange():
    """EVA-EX-7: totals 14 v 12, A wins without critical; B loses 9 - 5 = 4 (36), A loses 6 - 2 = 4 (36).
    EVA-12.3 (3 energy), EVA-12.6 (dice order), EVA-12.7 (defender's damage first), EVA-12.8."""
    st = ex7({"weapons": ["qspear"]})
    start(st, "Eva-A")
    assert st.activation.obligation  # EVA-12.10: engaged at the start
    evs = play(st, 0, "Eva-A melee F11", [6, 5, 3, 4, 4, 5, 6])
    m = melee_rolled(evs)
    assert (m.a_dice, m.d_dice) == ([[6, 5]], [[3, 4]])
    assert (m.a_total, m.d_total, m.winner, m.critical) == (14, 12, "Eva-A", False)
    dd = of(evs, ev.DamageDice)
    assert [(d.unit, d.dice) for d in dd] == [("Eva-B", [4, 5]), ("Eva-A", [6])]
    # dice, totals and winner are public; the armour lost only its owner sees (EVA-18.2, EVA-18.3)
    assert m.to is None and all(d.to is None for d in dd)
    assert [(d.unit, d.to, d.lost) for d in of(evs, ev.DamageTaken)] == [
        ("Eva-B", (1,), 4),
        ("Eva-A", (0,), 4),
    ]
    assert unit(st, "Eva-B").armour == 36 and unit(st, "Eva-A").armour == 36
    assert unit(st, "Eva-A").energy == 9
    assert not st.activation.obligation


def test_eva_ex_7b_quantum_spear_caps_at_5_to_3():
    """EVA-EX-7 (b): Eva-A has AT-5; the Quantum Spear caps it at 3, so A loses 6 - 3 = 3 (37)."""
    st = ex7({"weapons": ["qspear"]}, a_at=5)
    start(st, "Eva-A")
    play(st, 0, "Eva-A melee F11", [6, 5, 3, 4, 4, 5, 6])
    assert unit(st, "Eva-A").armour == 37 and unit(st, "Eva-B").armour == 36


def test_eva_ex_7c_shield_holder_loses_shield_absorbs_attacker_unhurt():
    """EVA-EX-7 (c): B holds a Shield (15): totals 14 v 7, exactly twice so no critical (EVA-AMB-26);
    the Shield absorbs 9 (6 left); A suffers nothing and no die is drawn for it (EVA-12.7, EVA-16.14)."""
    st = ex7({"equipment": ["shield"], "hands": ["shield"]})
    start(st, "Eva-A")
    evs = play(st, 0, "Eva-A melee F11", [6, 5, 3, 4, 4, 5])
    m = melee_rolled(evs)
    assert (m.a_total, m.d_total, m.winner, m.critical) == (14, 7, "Eva-A", False)
    b = unit(st, "Eva-B")
    assert b.armour == 40 and b.shield_points == 6
    assert unit(st, "Eva-A").armour == 40
    assert [d.unit for d in of(evs, ev.DamageDice)] == ["Eva-B"]
    assert st.pending is None


def test_eva_ex_7d_shield_holder_wins_takes_winners_d6():
    """EVA-EX-7 (d): totals 8 v 11, B wins (11 is not more than 16); A suffers nothing; B takes d6 4,
    absorbed (11 left)."""
    st = ex7({"equipment": ["shield"], "hands": ["shield"]})
    start(st, "Eva-A")
    evs = play(st, 0, "Eva-A melee F11", [2, 3, 6, 5, 4])
    m = melee_rolled(evs)
    assert (m.a_total, m.d_total, m.winner, m.critical) == (8, 11, "Eva-B", False)
    assert unit(st, "Eva-B").shield_points == 11 and unit(st, "Eva-B").armour == 40
    assert unit(st, "Eva-A").armour == 40


def test_eva_ex_7e_shield_holder_equal_totals_only_it_suffers():
    """EVA-EX-7 (e): totals 11 v 11, equal: only B suffers d6 2, absorbed (13 left)."""
    st = ex7({"equipment": ["shield"], "hands": ["shield"]})
    start(st, "Eva-A")
    evs = play(st, 0, "Eva-A melee F11", [3, 5, 6, 5, 2])
    m = melee_rolled(evs)
    assert (m.a_total, m.d_total, m.winner) == (11, 11, "")
    assert unit(st, "Eva-B").shield_points == 13
    assert unit(st, "Eva-A").armour == 40


# ---------------------------------------------------------------------------
# EVA-EX-8 Critical melee result and a trauma
# ---------------------------------------------------------------------------
def ex8(airborne: bool = False, b_armour: int = 40):
    a = {"name": "Eva-A", "side": 0, "square": "D20", "weapons": ["hknife"], "equipment": ["jaws"], "at": 2}
    b = {"name": "Eva-B", "side": 1, "square": "E20", "weapons": ["rifle"], "at": 6, "armour": b_armour}
    if airborne:
        a["equipment"] = ["jaws", "wings"]
        b["equipment"] = ["wings"]
        a["airborne"] = b["airborne"] = True
    return make_state([a, b])


def test_eva_ex_8_critical_winner_names_legs_before_3d6():
    """EVA-EX-8: totals 16 v 5 > 10: critical. The zone is asked for before any damage die
    (only the four exchange dice are drawn); legs; B takes 15 - min(6, 4) = 11 (29); A takes 2 with no weapon,
    loses 1 (34); permanent legs trauma; B's next maximum energy 12 - 2 = 10 (EVA-12.7, EVA-11.9)."""
    st = ex8()
    assert unit(st, "Eva-A").armour == 35 and unit(st, "Eva-A").max_armour == 35
    start(st, "Eva-A")
    evs = play(st, 0, "Eva-A melee E20", [5, 4, 2, 3])
    m = melee_rolled(evs)
    assert (m.a_total, m.d_total, m.winner, m.critical) == (16, 5, "Eva-A", True)
    assert unit(st, "Eva-A").energy == 9
    assert st.pending is not None and st.pending.kind == "zone" and st.pending.side == 0
    assert st.pending.choices == ["arms", "legs", "body"] and st.pending.default == "legs"
    assert not of(evs, ev.DamageDice)
    evs = play(st, 0, "trauma legs", [6, 5, 4, 2])
    assert of(evs, ev.ZoneNamed)[0].zone == "legs" and of(evs, ev.ZoneNamed)[0].to is None
    assert [d.dice for d in of(evs, ev.DamageDice)] == [[6, 5, 4], [2]]
    assert unit(st, "Eva-B").armour == 29 and unit(st, "Eva-A").armour == 34
    b = unit(st, "Eva-B")
    assert [t.zone for t in b.traumas] == ["legs"] and b.traumas[0].expires is None
    tr = of(evs, ev.TraumaInflicted)[0]
    assert tr.to == (1,) and tr.lasting  # private to B's owner (EVA-18.3)
    # the trauma comes after both Evas' damage (EVA-12.8)
    kinds = [type(e).__name__ for e in evs]
    assert kinds.index("TraumaInflicted") > max(i for i, k in enumerate(kinds) if k == "DamageTaken")
    assert rules.max_energy(b) == 10
    # the legs trauma is private to its owner (EVA-18.3); the zone named is public (EVA-18.2)
    enemy = view(st, 0).units[uidx(st, "Eva-B")]
    assert not hasattr(enemy, "traumas") and not enemy.wings_trauma
    assert view(st, 1).units[uidx(st, "Eva-B")].traumas == [("legs", True)]


def test_eva_ex_8b_trauma_automatic_whatever_the_damage():
    """EVA-EX-8 (b): 3d6 = 4 against the capped AT 4 loses only 1 (39); the legs trauma is still inflicted
    (no 7-damage gate, EVA-AMB-27); A 34; B's next maximum 10."""
    st = ex8()
    start(st, "Eva-A")
    play(st, 0, "Eva-A melee E20", [5, 4, 2, 3])
    play(st, 0, "trauma legs", [1, 2, 1, 2])
    b = unit(st, "Eva-B")
    assert b.armour == 39 and unit(st, "Eva-A").armour == 34
    assert b.trauma("legs") and rules.max_energy(b) == 10


def test_eva_ex_8c_wings_trauma_fall_die_after_both_damages():
    """EVA-EX-8 (c): both airborne, A names wings; damage as before (29, 34); then the fall die 3,
    no weapon: B loses max(1, 3 - 6) = 1 (28); B on the ground, can never fly again, no longer engaged."""
    st = ex8(airborne=True)
    start(st, "Eva-A")
    play(st, 0, "Eva-A melee E20", [5, 4, 2, 3])
    assert st.pending.choices == ["arms", "legs", "body", "wings"]
    evs = play(st, 0, "trauma wings", [6, 5, 4, 2, 3])
    b = unit(st, "Eva-B")
    assert b.armour == 28 and unit(st, "Eva-A").armour == 34
    assert not b.airborne and not b.kneeling and b.trauma("wings")
    assert of(evs, ev.Fell)[0].die == 3
    assert of(evs, ev.TraumaInflicted)[0].to is None  # a wings trauma is public
    assert view(st, 0).units[uidx(st, "Eva-B")].wings_trauma
    assert not rules.is_engaged(st, b) and not rules.is_engaged(st, unit(st, "Eva-A"))
    end(st, "Eva-A")
    start(st, "Eva-B")
    refused(st, 1, "Eva-B takeoff", "EVA-11.6")


def test_eva_ex_8d_loser_destroyed_no_trauma_no_fall_die():
    """EVA-EX-8 (d): as (c) with B at armour 11: 15 leaves 0, A still takes its d6 (34); B destroyed,
    no trauma, no fall die: only 5, 4 | 2, 3 | 6, 5, 4 | 2 are drawn (EVA-5.8, EVA-11.6)."""
    st = ex8(airborne=True, b_armour=11)
    start(st, "Eva-A")
    play(st, 0, "Eva-A melee E20", [5, 4, 2, 3])
    evs = play(st, 0, "trauma wings", [6, 5, 4, 2])
    assert unit(st, "Eva-B").destroyed and unit(st, "Eva-A").armour == 34
    assert not of(evs, ev.TraumaInflicted) and not of(evs, ev.Fell)
    assert st.over and st.winner == 0


# ---------------------------------------------------------------------------
# EVA-EX-9 Disengagement
# ---------------------------------------------------------------------------
def ex9():
    st = make_state(
        [
            {"name": "Eva-A", "side": 0, "square": "D20", "at": 2, "armour": 34},
            {"name": "Eva-B", "side": 1, "square": "E20", "weapons": ["rifle"], "at": 3, "armour": 12},
        ]
    )
    start(st, "Eva-B")
    assert unit(st, "Eva-B").energy == 10
    return st


def test_eva_ex_9a_failed_disengagement():
    """EVA-EX-9 (a): die 3 fails; d6 5 costs 5 - 3 = 2 (10 left); 0 energy; no step; no shot at the engaged
    Eva-A (EVA-10.2 d); the melee attack is still allowed (EVA-12.11)."""
    st = ex9()
    evs = play(st, 1, "Eva-B disengage", [3, 5])
    d = of(evs, ev.Disengage)[0]
    assert d.die == 3 and not d.success
    assert unit(st, "Eva-B").armour == 10 and unit(st, "Eva-B").energy == 10
    refused(st, 1, "Eva-B E20-F21", "EVA-12.11")
    refused(st, 1, "Eva-B fire D20 rifle", "EVA-10.2")
    evs = play(st, 1, "Eva-B melee D20", [1, 1, 1, 1, 1, 1])
    assert melee_rolled(evs).winner == ""


def test_eva_ex_9b_successful_disengagement_then_step_and_shot():
    """EVA-EX-9 (b): die 4 succeeds; d6 1 loses max(1, 1 - 3) = 1 (11); diagonal step E20-F21 for 3 (7);
    rifle at D² 5, close, TN 3, die 3 hits; Eva-A loses 5 - 2 = 3 (31); energy 4."""
    st = ex9()
    evs = play(st, 1, "Eva-B disengage", [4, 1])
    assert of(evs, ev.Disengage)[0].success
    assert unit(st, "Eva-B").armour == 11
    play(st, 1, "Eva-B E20-F21")
    assert unit(st, "Eva-B").energy == 7
    assert not rules.is_engaged(st, unit(st, "Eva-A"))
    evs = play(st, 1, "Eva-B fire D20 rifle", [3])
    assert of(evs, ev.AttackOdds)[0].tn == 3
    assert unit(st, "Eva-A").armour == 31 and unit(st, "Eva-B").energy == 4


# ---------------------------------------------------------------------------
# EVA-EX-18 Extended Arms at distance 2
# ---------------------------------------------------------------------------
def ex18(b_square: str = "H12", b_extra: dict | None = None):
    return make_state(
        [
            {
                "name": "Eva-A",
                "side": 0,
                "square": "H10",
                "weapons": ["replica"],
                "equipment": ["arms"],
                "at": 1,
            },
            {
                "name": "Eva-B",
                "side": 1,
                "square": b_square,
                "weapons": ["knife"],
                "at": 2,
                **(b_extra or {}),
            },
            {"name": "Eva-C", "side": 0, "square": "C12", "weapons": ["rifle"]},
        ]
    )


@pytest.mark.parametrize(
    "b_extra",
    [{}, {"equipment": ["arms"]}, {"weapons": ["replica"], "equipment": ["arms"]}],
    ids=["main", "b-arms", "b-replica-arms"],
)
def test_eva_ex_18_automatic_loss_at_distance_2(b_extra):
    """EVA-EX-18 and variant (b): Extended Arms beyond distance 1: B loses automatically whatever its own
    reach; 2d6 = 9 from the Spear, ignoring AT (31); A takes nothing; no critical; not engaged, so another
    Eva may shoot B (EVA-12.5, EVA-12.2, EVA-AMB-33)."""
    st = ex18(b_extra=b_extra)
    start(st, "Eva-A")
    assert rules.reach(unit(st, "Eva-A")) == 3
    evs = play(st, 0, "Eva-A melee H12", [6, 3])
    assert of(evs, ev.AutoLoss) and not of(evs, ev.MeleeRolled)
    assert unit(st, "Eva-B").armour == 31 and unit(st, "Eva-A").armour == 40
    assert unit(st, "Eva-A").energy == 9 and st.pending is None
    assert any(isinstance(e, ev.Revealed) and e.unit == "Eva-A" for e in evs)  # EVA-18.4
    assert not rules.is_engaged(st, unit(st, "Eva-B"))
    end(st, "Eva-A")
    start(st, "Eva-B")
    assert not st.activation.obligation
    end(st, "Eva-B")
    start(st, "Eva-C")
    evs = play(st, 0, "Eva-C fire H12 rifle", [4])
    assert of(evs, ev.ShotRolled)[0].hit


def test_eva_ex_18_b_walks_away_without_disengaging():
    """EVA-EX-18: after the reach attack B is not engaged and walks away in its activation (EVA-12.2)."""
    st = ex18()
    start(st, "Eva-A")
    play(st, 0, "Eva-A melee H12", [6, 3])
    end(st, "Eva-A")
    start(st, "Eva-B")
    assert not st.activation.obligation
    play(st, 1, "Eva-B H12-H14")
    assert unit(st, "Eva-B").square == idx("H14")


def test_eva_ex_18c_distance_1_normal_exchange_attacker_only_plus_one():
    """EVA-EX-18 (c): at distance 1 a normal exchange: A +4 (Replica) +1 (Extended Arms attacking) = +5,
    B +3; when B attacks A, A defends with +4 only (EVA-12.4 b)."""
    st = ex18(b_square="H11")
    start(st, "Eva-A")
    evs = play(st, 0, "Eva-A melee H11", [1, 1, 1, 1, 1, 1, 1])
    m = melee_rolled(evs)
    assert (m.a_total, m.d_total) == (2 + 5, 2 + 3)
    end(st, "Eva-A")
    start(st, "Eva-B")
    evs = play(st, 1, "Eva-B melee H10", [1, 1, 1, 1, 1, 1, 1])
    m = melee_rolled(evs)
    assert (m.a_total, m.d_total) == (2 + 3, 2 + 4)


# ---------------------------------------------------------------------------
# EVA-12.1 Same layer only
# ---------------------------------------------------------------------------
def test_eva_12_1_melee_only_on_the_same_layer():
    """EVA-12.1: a ground Eva cannot attack an airborne one (and vice versa); two airborne Evas fight."""
    st = make_state(
        [
            {"name": "G", "side": 0, "square": "F10", "weapons": ["knife"], "equipment": ["wings"]},
            {"name": "F", "side": 1, "square": "F11", "equipment": ["wings"], "airborne": True},
        ]
    )
    start(st, "G")
    assert not st.activation.obligation  # different layers: not engaged (EVA-12.2)
    refused(st, 0, "G melee F11", "EVA-12.1")
    play(st, 0, "G takeoff")
    evs = play(st, 0, "G melee F11", [3, 3, 3, 3, 1, 1, 1])
    assert melee_rolled(evs).a_total == 9 and melee_rolled(evs).d_total == 6


# ---------------------------------------------------------------------------
# EVA-12.2 Engagement
# ---------------------------------------------------------------------------
def test_eva_12_2_engagement_is_orthogonal_adjacency_of_enemies_on_one_layer():
    """EVA-12.2 / EVA-AMB-30: orthogonally adjacent enemies on one layer are engaged, whatever their stances;
    a diagonal neighbour, a friend or an Eva on the other layer does not engage."""
    st = make_state(
        [
            {"name": "A", "side": 0, "square": "F10", "kneeling": True},
            {"name": "Friend", "side": 0, "square": "F9"},
            {"name": "Diag", "side": 1, "square": "G11"},
            {"name": "Air", "side": 1, "square": "E10", "equipment": ["wings"], "airborne": True},
        ]
    )
    a = unit(st, "A")
    assert not rules.is_engaged(st, a)
    assert rules.engaged_with(st, a) == []
    unit(st, "Diag").square = idx("F11")
    unit(st, "Diag").kneeling = True
    assert rules.is_engaged(st, a)
    assert rules.engaged_with(st, a) == [uidx(st, "Diag")]
    unit(st, "Air").airborne = False
    assert sorted(rules.engaged_with(st, a)) == sorted([uidx(st, "Diag"), uidx(st, "Air")])


def test_eva_12_2_engagement_reevaluated_from_positions():
    """EVA-12.2: engagement is derived from positions: when one Eva leaves, neither is engaged any more."""
    st = make_state(
        [
            {"name": "A", "side": 0, "square": "F10", "equipment": ["jumpjet"]},
            {"name": "B", "side": 1, "square": "F11"},
        ]
    )
    start(st, "A")
    assert rules.is_engaged(st, unit(st, "B"))
    play(st, 0, "A jump F7")
    assert not rules.is_engaged(st, unit(st, "B")) and not rules.is_engaged(st, unit(st, "A"))


# ---------------------------------------------------------------------------
# EVA-12.3 The melee attack action
# ---------------------------------------------------------------------------
def test_eva_12_3_cost_once_per_activation_and_shield():
    """EVA-12.3 / EVA-AMB-25: 3 energy; at most one melee attack per activation; not while holding the Shield;
    not beyond reach (EVA-3.6); not with less than 3 energy."""
    st = make_state(
        [
            {"name": "A", "side": 0, "square": "F10", "weapons": ["knife"], "equipment": ["shield"]},
            {"name": "B", "side": 1, "square": "F11"},
            {"name": "C", "side": 1, "square": "E10"},
            {"name": "D", "side": 1, "square": "F13"},
        ]
    )
    start(st, "A")
    refused(st, 0, "A melee F13", "EVA-3.6")
    play(st, 0, "A melee F11", [1, 1, 1, 2, 1, 1, 1])
    assert unit(st, "A").energy == 9
    refused(st, 0, "A melee E10", "EVA-12.3")

    st2 = make_state(
        [
            {
                "name": "A",
                "side": 0,
                "square": "F10",
                "weapons": ["knife"],
                "equipment": ["shield"],
                "hands": ["shield"],
            },
            {"name": "B", "side": 1, "square": "F11"},
        ]
    )
    start(st2, "A")
    refused(st2, 0, "A melee F11", "EVA-16.14")
    unit(st2, "A").energy = 2
    play(st2, 0, "A discard")
    refused(st2, 0, "A melee F11", "EVA-6.2")


def test_eva_12_3_melee_is_neutral_and_reach_beyond_1_needs_sight():
    """EVA-12.3: melee is neutral, so move, melee, move is one phase (EVA-6.4 unaffected); beyond
    distance 1 the target must be seen (EVA-4.9, EVA-AMB-34); the defender's stance does not matter."""
    st = make_state(
        [
            {"name": "A", "side": 0, "square": "F8", "weapons": ["replica"]},
            {"name": "B", "side": 1, "square": "F12", "kneeling": True},
            {"name": "C", "side": 1, "square": "K12"},
        ],
        {"K11": "g"},
    )
    start(st, "A")
    play(st, 0, "A F8-F10")  # movement
    evs = play(st, 0, "A melee F12", [1, 1, 2, 2, 1, 1, 1])  # D² 4, reach 2, a kneeling defender
    m = melee_rolled(evs)
    assert (m.a_total, m.d_total, m.winner) == (6, 4, "A")
    play(st, 0, "A F10-G10")  # movement again: the melee did not count as shooting
    # G10 → K12 is out of reach anyway; put A at K10 behind green K11: distance 2, not seen
    st2 = make_state(
        [
            {"name": "A", "side": 0, "square": "K10", "weapons": ["replica"]},
            {"name": "C", "side": 1, "square": "K12"},
        ],
        {"K11": "g"},
    )
    start(st2, "A")
    refused(st2, 0, "A melee K12", "EVA-4.9")


def test_eva_12_3_reach_is_pythagorean():
    """EVA-AMB-34 / EVA-3.6: reach r covers D² ≤ r²: reach 1 only orthogonal neighbours, reach 2 adds D² 2
    and 4, reach 3 adds D² 5, 8, 9 but not 10."""
    st = make_state(
        [
            {"name": "A", "side": 0, "square": "J10", "weapons": ["knife"]},
            {"name": "R", "side": 0, "square": "B20", "weapons": ["replica"]},
            {"name": "X", "side": 0, "square": "B25", "weapons": ["replica"], "equipment": ["arms"]},
            {"name": "T", "side": 1, "square": "K11"},
        ]
    )
    start(st, "A")
    refused(st, 0, "A melee K11", "EVA-3.6")  # D² 2 beyond reach 1
    ok = {"R": [], "X": []}
    for name, home in (("R", "J10"), ("X", "J10")):
        for sqr, d2v in (("K11", 2), ("J12", 4), ("K12", 5), ("L12", 8), ("J13", 9), ("K13", 10)):
            s2 = make_state(
                [
                    {
                        "name": name,
                        "side": 0,
                        "square": home,
                        "weapons": ["replica"],
                        "equipment": ["arms"] if name == "X" else [],
                    },
                    {"name": "T", "side": 1, "square": sqr},
                ]
            )
            assert rules.d2(idx(home), idx(sqr)) == d2v
            start(s2, name)
            try:
                rules.plan_melee(s2, 0, Melee(0, 1))
                ok[name].append(d2v)
            except IllegalAction as e:
                assert e.rule == "EVA-3.6"
    assert ok == {"R": [2, 4], "X": [2, 4, 5, 8, 9]}


# ---------------------------------------------------------------------------
# EVA-12.4 Melee bonus
# ---------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("a_spec", "d_spec", "faces", "totals"),
    [
        # EVA-AMB-29: two knives give +3, not +6
        ({"weapons": ["knife", "knife"]}, {}, [1, 2, 1, 2, 1, 1, 1], (6, 3)),
        # the better of two weapons: Heavy Quantum Knife +4 against the Quantum Spear +5
        ({"weapons": ["knife", "hknife"]}, {"weapons": ["qspear"]}, [1, 2, 1, 2, 1, 1, 1], (7, 8)),
        # Lance +4 against Replica +4: equal totals, each suffers d6
        ({"weapons": ["lance"]}, {"weapons": ["replica"]}, [1, 2, 1, 2, 1, 1], (7, 7)),
        # Jaws +3 without a weapon; Jaws +3 and knife +3
        (
            {"equipment": ["jaws"]},
            {"equipment": ["jaws"], "weapons": ["knife"]},
            [1, 2, 1, 2, 1, 1, 1],
            (6, 9),
        ),
        # Berserk +3 on top of the knife; a rifle gives nothing
        ({"weapons": ["knife"], "berserk": True}, {"weapons": ["rifle"]}, [1, 1, 3, 3, 1, 1, 1], (8, 6)),
        # Extended Arms: +1 for the attacker at distance 1, nothing for the defender
        (
            {"weapons": ["knife"], "equipment": ["arms"]},
            {"weapons": ["knife"], "equipment": ["arms"]},
            [1, 2, 1, 2, 1, 1, 1],
            (7, 6),
        ),
        # a Shield holder: no weapon bonus, Jaws still counts; it wins and only it suffers the d6
        (
            {"weapons": ["rifle", "pistol"]},
            {"equipment": ["shield", "jaws"], "weapons": ["hknife"], "hands": ["shield"]},
            [1, 2, 1, 2, 1],
            (3, 6),
        ),
    ],
    ids=["two-knives", "best-of-two", "spears", "jaws", "berserk", "arms-attacker-only", "shield-jaws"],
)
def test_eva_12_4_melee_bonus(a_spec, d_spec, faces, totals):
    """EVA-12.4 / EVA-AMB-29: one weapon's bonus (the best), +1 Extended Arms for the attacker at distance 1
    only, +3 Jaws, +3 Berserk; a Shield holder gets no weapon bonus but keeps Jaws (EVA-16.14)."""
    st = make_state(
        [
            {"name": "A", "side": 0, "square": "F10", **a_spec},
            {"name": "D", "side": 1, "square": "F11", **d_spec},
        ]
    )
    start(st, "A")
    evs = play(st, 0, "A melee F11", faces)
    m = melee_rolled(evs)
    assert (m.a_total, m.d_total) == totals
    assert not m.critical


# ---------------------------------------------------------------------------
# EVA-12.5 Automatic loss (Extended Arms)
# ---------------------------------------------------------------------------
def test_eva_12_5_automatic_loss_diagonal_knife_at_applies_no_critical():
    """EVA-12.5 / EVA-AMB-33: Extended Arms at D² 2 (beyond distance 1): only the 2d6 is drawn; it is dealt
    with the knife, so AT-2 applies: 12 - 2 = 10 (30); the attacker suffers nothing; no critical, no zone."""
    st = make_state(
        [
            {"name": "A", "side": 0, "square": "G11", "weapons": ["knife"], "equipment": ["arms"]},
            {"name": "D", "side": 1, "square": "F10", "weapons": ["qspear"], "at": 2},
        ]
    )
    start(st, "A")
    assert not st.activation.obligation
    evs = play(st, 0, "A melee F10", [6, 6])
    assert of(evs, ev.AutoLoss)[0].defender == "D"
    assert unit(st, "D").armour == 30 and unit(st, "A").armour == 40
    assert st.pending is None and not of(evs, ev.ZoneNamed)
    assert [d.unit for d in of(evs, ev.DamageDice)] == ["D"]


def test_eva_12_5_shield_holder_loses_automatically_too():
    """EVA-12.5 / EVA-16.14: a Shield holder loses automatically like any defender; its Shield absorbs the
    2d6 = 9 from the Spear (6 left), armour 40."""
    st = make_state(
        [
            {"name": "A", "side": 0, "square": "H10", "weapons": ["replica"], "equipment": ["arms"]},
            {"name": "D", "side": 1, "square": "H13", "equipment": ["shield"], "hands": ["shield"], "at": 4},
        ]
    )
    start(st, "A")
    play(st, 0, "A melee H13", [4, 5])  # D² 9, reach 3
    assert unit(st, "D").shield_points == 6 and unit(st, "D").armour == 40


# ---------------------------------------------------------------------------
# EVA-12.6 The exchange roll
# ---------------------------------------------------------------------------
def test_eva_12_6_pseudo_pilot_attacker_rolls_twice_keeps_higher():
    """EVA-12.6 / EVA-16.2: the attacker's two 2d6, then the defender's; the higher sum (11) is kept:
    14 v 8; the Pseudo-Pilot is revealed (EVA-18.4)."""
    st = make_state(
        [
            {"name": "A", "side": 0, "square": "F10", "weapons": ["knife"], "equipment": ["pseudo"]},
            {"name": "D", "side": 1, "square": "F11"},
        ]
    )
    start(st, "A")
    evs = play(st, 0, "A melee F11", [1, 1, 5, 6, 4, 4, 2, 2, 3])
    m = melee_rolled(evs)
    assert m.a_dice == [[1, 1], [5, 6]] and m.d_dice == [[4, 4]]
    assert (m.a_total, m.d_total, m.winner) == (14, 8, "A")
    assert unit(st, "D").armour == 36 and unit(st, "A").armour == 37
    assert any(isinstance(e, ev.Revealed) and e.unit == "A" for e in evs)


def test_eva_12_6_pseudo_pilot_defender_and_damage_order():
    """EVA-12.6: the defender's second 2d6 comes after its first; kept 11 > 6, no critical (11 ≤ 12);
    EVA-12.7 dice order: the defender's (winner's) d6 first, then the attacker's 2d6."""
    st = make_state(
        [
            {"name": "A", "side": 0, "square": "F10"},
            {"name": "D", "side": 1, "square": "F11", "equipment": ["pseudo"]},
        ]
    )
    start(st, "A")
    evs = play(st, 0, "A melee F11", [3, 3, 6, 5, 1, 2, 4, 2, 2])
    m = melee_rolled(evs)
    assert m.a_dice == [[3, 3]] and m.d_dice == [[6, 5], [1, 2]]
    assert (m.a_total, m.d_total, m.winner, m.critical) == (6, 11, "D", False)
    assert [(d.unit, d.dice) for d in of(evs, ev.DamageDice)] == [("D", [4]), ("A", [2, 2])]
    assert unit(st, "D").armour == 36 and unit(st, "A").armour == 36


# ---------------------------------------------------------------------------
# EVA-12.7 Outcome of the exchange
# ---------------------------------------------------------------------------
def test_eva_12_7_equal_totals_each_suffers_d6_defender_first():
    """EVA-12.7: equal totals 4 v 4: each suffers d6, the defender's die first (5), then the attacker's (3)."""
    st = make_state([{"name": "A", "side": 0, "square": "F10"}, {"name": "D", "side": 1, "square": "F11"}])
    start(st, "A")
    evs = play(st, 0, "A melee F11", [2, 2, 1, 3, 5, 3])
    assert melee_rolled(evs).winner == ""
    assert unit(st, "D").armour == 35 and unit(st, "A").armour == 37


@pytest.mark.parametrize(
    ("a_weapons", "d_weapons", "faces", "totals", "critical"),
    [
        (["knife"], [], [2, 2, 1, 2], (7, 3), True),  # totals 7 > 6, though the raw 4 is not > 6
        ([], ["knife"], [3, 4, 1, 2], (7, 6), False),  # raw 7 > 2 × 3, but the totals 7 v 6 are not
    ],
    ids=["totals-critical", "raw-not-critical"],
)
def test_eva_amb_26_critical_compares_totals_strictly(a_weapons, d_weapons, faces, totals, critical):
    """EVA-AMB-26 / EVA-12.7: the critical compares totals (roll + bonus), strictly W > 2L."""
    st = make_state(
        [
            {"name": "A", "side": 0, "square": "F10", "weapons": a_weapons},
            {"name": "D", "side": 1, "square": "F11", "weapons": d_weapons},
        ]
    )
    start(st, "A")
    evs = play(st, 0, "A melee F11", faces + ([] if critical else [1, 1, 1]))
    m = melee_rolled(evs)
    assert (m.a_total, m.d_total, m.critical) == (*totals, critical)
    assert (st.pending is not None) == critical


def test_eva_12_7_defender_wins_critically_non_active_player_names_zone():
    """EVA-12.7 / EVA-11.9 / EVA-AMB-27: the defender wins 17 v 2 critically; the engine waits for the
    defender's side (the non-active player); the active side may not answer or act; arms named; the
    defender takes its winner's d6 first (2, no weapon: 38), then the attacker its 3d6 = 9 (31); the arms
    trauma then asks the attacker's owner which weapon to keep (default the costlier rifle, EVA-9.7)."""
    st = make_state(
        [
            {"name": "A", "side": 0, "square": "F10", "weapons": ["rifle", "pistol"]},
            {"name": "D", "side": 1, "square": "F11", "weapons": ["qspear"]},
        ]
    )
    start(st, "A")
    evs = play(st, 0, "A melee F11", [1, 1, 6, 6])
    m = melee_rolled(evs)
    assert (m.a_total, m.d_total, m.winner, m.critical) == (2, 17, "D", True)
    assert st.pending.kind == "zone" and st.pending.side == 1 and st.pending.unit == uidx(st, "A")
    assert rules.to_act(st) == frozenset({1})
    w = of(evs, ev.Waiting)[0]
    assert (w.kind, w.side) == ("zone", 1)
    assert view(st, 1).choices == ["arms", "legs", "body"] and view(st, 0).choices == []
    refused(st, 0, "trauma legs", "EVA-11.9")
    refused(st, 0, "A end", "EVA-11.9")
    evs = play(st, 1, "trauma arms", [2, 3, 3, 3])
    assert [(d.unit, d.dice) for d in of(evs, ev.DamageDice)] == [("D", [2]), ("A", [3, 3, 3])]
    assert unit(st, "D").armour == 38 and unit(st, "A").armour == 31
    assert unit(st, "A").trauma("arms")
    assert st.pending.kind == "stow" and st.pending.side == 0
    assert st.pending.choices == ["rifle", "pistol"] and st.pending.default == "rifle"
    play(st, 0, "A keep pistol")
    assert [unit(st, "A").items[i].label for i in unit(st, "A").hands] == ["pistol"]
    assert st.pending is None and st.activation is not None


def test_eva_12_7_shield_holder_loses_critically_3d6_and_trauma():
    """EVA-12.7 / EVA-AMB-51: a Shield holder that loses critically (15 v 2) suffers 3d6 = 12 (absorbed,
    3 points left) and the named trauma (body), automatically; the attacker suffers nothing."""
    st = make_state(
        [
            {"name": "A", "side": 0, "square": "F10", "weapons": ["knife"]},
            {"name": "D", "side": 1, "square": "F11", "equipment": ["shield"], "hands": ["shield"]},
        ]
    )
    start(st, "A")
    play(st, 0, "A melee F11", [6, 6, 1, 1])
    assert st.pending.side == 0
    evs = play(st, 0, "trauma body", [4, 4, 4])
    d = unit(st, "D")
    assert d.shield_points == 3 and d.armour == 40 and d.trauma("body")
    assert unit(st, "A").armour == 40
    assert [x.unit for x in of(evs, ev.DamageDice)] == ["D"]


def test_eva_12_7_shield_holders_critical_win_has_no_effect():
    """EVA-12.7 / EVA-AMB-51: the Shield holder wins 12 v 2 (more than twice): no 3d6 and no zone;
    it suffers the winner's d6 (3, absorbed: 12 left); the attacker suffers nothing."""
    st = make_state(
        [
            {"name": "A", "side": 0, "square": "F10", "weapons": ["rifle"]},
            {"name": "D", "side": 1, "square": "F11", "equipment": ["shield"], "hands": ["shield"]},
        ]
    )
    start(st, "A")
    evs = play(st, 0, "A melee F11", [1, 1, 6, 6, 3])
    m = melee_rolled(evs)
    assert (m.a_total, m.d_total, m.winner, m.critical) == (2, 12, "D", False)
    assert st.pending is None
    assert unit(st, "D").shield_points == 12 and unit(st, "A").armour == 40


# ---------------------------------------------------------------------------
# EVA-12.8 Applying melee damage; EVA-12.9 Spears in melee criticals
# ---------------------------------------------------------------------------
def test_eva_12_8_spear_in_melee_ignores_at_knife_does_not():
    """EVA-12.8: each Eva's damage is dealt with its opponent's weapon used: the Replica ignores AT-6
    (7 lost, 33); the knife meets A's AT-1 (6 - 1 = 5, 35)."""
    st = make_state(
        [
            {"name": "A", "side": 0, "square": "F10", "weapons": ["replica"], "at": 1},
            {"name": "D", "side": 1, "square": "F11", "weapons": ["knife"], "at": 6},
        ]
    )
    start(st, "A")
    evs = play(st, 0, "A melee F11", [5, 5, 4, 4, 3, 4, 6])
    m = melee_rolled(evs)
    assert (m.a_total, m.d_total, m.winner) == (14, 11, "A")
    assert unit(st, "D").armour == 33 and unit(st, "A").armour == 35


def test_eva_12_8_winner_destroyed_loser_still_gets_trauma_and_activation_ends():
    """EVA-12.8 / EVA-11.9: both Evas' damage is applied, then the trauma if the loser's armour is above 0
    (whatever happens to the winner), then destruction (EVA-5.8). The active winner at armour 1 dies to the
    loser's d6, so its activation ends (EVA-6.2)."""
    st = make_state(
        [
            {"name": "A", "side": 0, "square": "F10", "weapons": ["hknife"], "armour": 1},
            {"name": "A2", "side": 0, "square": "A10"},
            {"name": "D", "side": 1, "square": "F11", "at": 1},
            {"name": "D2", "side": 1, "square": "T10"},
        ]
    )
    start(st, "A")
    play(st, 0, "A melee F11", [6, 6, 1, 1])  # 16 v 2: critical
    evs = play(st, 0, "trauma legs", [2, 2, 2, 5])
    assert unit(st, "D").armour == 40 - (6 - 1) and unit(st, "D").trauma("legs")
    assert unit(st, "A").destroyed
    kinds = [type(e).__name__ for e in evs]
    assert kinds.index("TraumaInflicted") < kinds.index("Destroyed")
    assert st.activation is None and st.turn == 1 and not st.over


def test_eva_12_9_spear_melee_critical_is_not_instant_destruction():
    """EVA-12.9 / EVA-AMB-28: a critical exchange won with a Spear Replica is an ordinary melee critical:
    zone, 3d6 ignoring AT (3 + 3 + 3 = 9 against AT-6: 31), no instant destruction."""
    st = make_state(
        [
            {"name": "A", "side": 0, "square": "F10", "weapons": ["replica"]},
            {"name": "D", "side": 1, "square": "F11", "at": 6},
        ]
    )
    start(st, "A")
    evs = play(st, 0, "A melee F11", [6, 6, 1, 1])
    assert melee_rolled(evs).critical and st.pending.kind == "zone"
    evs = play(st, 0, "trauma body", [3, 3, 3, 1])
    d = unit(st, "D")
    assert not d.destroyed and d.armour == 31 and d.trauma("body")
    assert unit(st, "A").armour == 39
    assert not any(isinstance(e, ev.ShotRolled) and e.instant for e in evs)


# ---------------------------------------------------------------------------
# EVA-12.10 Melee obligation
# ---------------------------------------------------------------------------
def obliged():
    st = make_state(
        [
            {
                "name": "A",
                "side": 0,
                "square": "F10",
                "weapons": ["rifle", "knife"],
                "equipment": ["wings", "accel", "shield"],
            },
            {"name": "B", "side": 1, "square": "F11", "at": 1},
            {"name": "C", "side": 1, "square": "F14"},
            {"name": "E", "side": 1, "square": "G12"},
        ]
    )
    start(st, "A")
    return st


def test_eva_12_10_obligation_refuses_other_actions_first():
    """EVA-12.10 / EVA-AMB-31: an Eva engaged once its start steps are done must first fight, disengage, jump
    or detonate; steps, shots, kneeling, taking off, ending and a melee attack at another (reach) target are
    refused; the view shows the obligation to its owner only."""
    st = obliged()
    assert st.activation.obligation
    assert view(st, 0).obligation and not view(st, 1).obligation
    refused(st, 0, "A F10-E10", "EVA-12.10")
    refused(st, 0, "A fire F14 rifle", "EVA-12.10")
    refused(st, 0, "A kneel", "EVA-12.10")
    refused(st, 0, "A takeoff", "EVA-12.10")
    refused(st, 0, "A end", "EVA-12.10")
    refused(st, 0, "A neutralise F14", "EVA-12.10")


def test_eva_12_10_reach_attack_on_another_enemy_does_not_meet_it():
    """EVA-12.10 (a): the obligation's melee attack must be against an enemy the Eva is engaged with: with
    Extended Arms, a reach attack at D² 4 on another enemy is refused until the obligation is met."""
    st = make_state(
        [
            {"name": "A", "side": 0, "square": "F10", "equipment": ["arms"]},
            {"name": "B", "side": 1, "square": "F11"},
            {"name": "E", "side": 1, "square": "H10"},
        ]
    )
    start(st, "A")
    refused(st, 0, "A melee H10", "EVA-12.10")
    evs = play(st, 0, "A melee F11", [2, 2, 3, 3, 1, 1, 1])  # 4 + 1 (Extended Arms at distance 1) v 6
    assert of(evs, ev.MeleeRolled)[0].a_total == 5


def test_eva_12_10_allowed_before_and_met_by_melee():
    """EVA-12.10: before meeting the obligation the Eva may swap, discard the Shield, declare Acceleration
    and neutralise the enemy it is engaged with; a melee attack on it meets the obligation, and then the Eva
    may shoot another target (EVA-10.11, EVA-AMB-30)."""
    st = obliged()
    play(st, 0, "A swap shield")
    play(st, 0, "A discard")
    play(st, 0, "A swap rifle+knife")
    play(st, 0, "A accelerate")
    evs = play(st, 0, "A neutralise F11", [2, 1])  # automatic attack roll; 2 + 0 v 1 + 1: tie fails
    assert not of(evs, ev.Neutralise)[0].success
    assert st.activation.obligation
    play(st, 0, "A melee F11", [3, 3, 3, 3, 1, 1, 1])  # knife +3: 9 v 6, no critical
    assert not st.activation.obligation
    evs = play(st, 0, "A fire F14 rifle", [4])  # close, B on the line gives cover: TN 4
    assert of(evs, ev.AttackOdds)[0].tn == 4 and unit(st, "C").armour == 35
    assert unit(st, "A").energy == 12 - 2 - 2 - 1 - 3 - 3


def test_eva_12_10_met_by_disengage_jump_or_detonate():
    """EVA-12.10 (b) (c) (d): a disengagement attempt, a Jumpjet jump or a D-Module detonation meets the
    obligation."""
    st = obliged()
    play(st, 0, "A disengage", [1, 1])
    assert not st.activation.obligation
    play(st, 0, "A end")

    st = make_state(
        [
            {"name": "A", "side": 0, "square": "F10", "equipment": ["jumpjet"]},
            {"name": "B", "side": 1, "square": "F11"},
        ]
    )
    start(st, "A")
    play(st, 0, "A jump F7")
    assert not st.activation.obligation

    st = make_state(
        [
            {"name": "A", "side": 0, "square": "F10", "equipment": ["dmodule"]},
            {"name": "A2", "side": 0, "square": "A20"},
            {"name": "B", "side": 1, "square": "F11"},
            {"name": "B2", "side": 1, "square": "T20"},
        ]
    )
    start(st, "A")
    play(st, 0, "A detonate", [1, 1])
    assert unit(st, "A").destroyed and unit(st, "B").destroyed and not st.over


def test_eva_12_10_no_obligation_when_not_engaged_at_start_or_skipped():
    """EVA-12.10: an Eva that steps into contact has no obligation (it only must stop there, EVA-8.7); an
    engaged Eva whose activation is skipped by a body trauma has none either (EVA-11.5)."""
    st = make_state(
        [
            {"name": "A", "side": 0, "square": "F8", "weapons": ["rifle"]},
            {"name": "B", "side": 1, "square": "F11"},
            {"name": "C", "side": 1, "square": "M10"},
        ]
    )
    start(st, "A")
    refused(st, 0, "A F8-F9-F10-E10", "EVA-8.7")  # EVA-AMB-30: an Eva stepping into contact must stop
    play(st, 0, "A F8-F10")
    assert not st.activation.obligation
    refused(st, 0, "A F10-E10", "EVA-8.7")
    play(st, 0, "A fire M10 rifle", [1])
    play(st, 0, "A end")

    st = make_state(
        [
            {"name": "A", "side": 0, "square": "F10"},
            {"name": "A2", "side": 0, "square": "A10"},
            {"name": "B", "side": 1, "square": "F11"},
        ]
    )
    unit(st, "A").traumas = [Trauma("body")]
    evs = start(st, "A", [1])
    assert of(evs, ev.Skipped) and st.activation is None and st.turn == 1


# ---------------------------------------------------------------------------
# EVA-12.11 Disengagement
# ---------------------------------------------------------------------------
def test_eva_12_11_only_engaged_once_per_activation_zero_energy():
    """EVA-12.11 / EVA-AMB-32: only an engaged Eva may try; once per activation; it costs 0 and is allowed
    at 0 energy."""
    st = make_state([{"name": "A", "side": 0, "square": "F8"}, {"name": "B", "side": 1, "square": "F11"}])
    start(st, "A")
    refused(st, 0, "A disengage", "EVA-12.11")

    st = make_state(
        [{"name": "A", "side": 0, "square": "F10", "at": 2}, {"name": "B", "side": 1, "square": "F11"}]
    )
    start(st, "A")
    unit(st, "A").energy = 0
    evs = play(st, 0, "A disengage", [2, 6])
    assert unit(st, "A").energy == 0 and unit(st, "A").armour == 40 - 4
    assert of(evs, ev.Disengage)[0].to is None and of(evs, ev.DamageDice)[0].to is None
    refused(st, 0, "A disengage", "EVA-12.11")


def test_eva_12_11_success_frees_steps_and_takeoff_past_enemies():
    """EVA-12.11: one success covers every enemy; the disengaged Eva steps past squares next to enemies
    (F10-E10-E11-E12 passes E11 next to B) and could take off; the damage d6 meets the AT-field (berserk
    AT 6: max(1, 5 - 6) = 1)."""
    st = make_state(
        [
            {"name": "A", "side": 0, "square": "F10", "berserk": True, "armour": 5},
            {"name": "B", "side": 1, "square": "F11"},
            {"name": "C", "side": 1, "square": "G10"},
        ]
    )
    start(st, "A")
    play(st, 0, "A disengage", [4, 5])
    assert unit(st, "A").armour == 4
    play(st, 0, "A F10-E10-E11-E12")
    assert unit(st, "A").square == idx("E12")

    st = make_state(
        [
            {"name": "A", "side": 0, "square": "F10", "equipment": ["wings"]},
            {"name": "B", "side": 1, "square": "F11"},
        ]
    )
    start(st, "A")
    play(st, 0, "A disengage", [6, 1])
    play(st, 0, "A takeoff")
    assert unit(st, "A").airborne


def test_eva_12_11_failure_blocks_steps_and_takeoff_not_melee():
    """EVA-12.11: after a failure the Eva may not step or take off this activation, but may make its melee
    attack; the Pseudo-Pilot does not double the disengagement roll (EVA-16.2)."""
    st = make_state(
        [
            {"name": "A", "side": 0, "square": "F10", "equipment": ["wings", "pseudo"], "weapons": ["knife"]},
            {"name": "B", "side": 1, "square": "F11"},
        ]
    )
    start(st, "A")
    play(st, 0, "A disengage", [3, 2])
    refused(st, 0, "A F10-E10", "EVA-12.11")
    refused(st, 0, "A takeoff", "EVA-8.7")  # EVA-8.7: it has not successfully disengaged
    play(st, 0, "A melee F11", [1, 1, 1, 1, 2, 2, 1, 1, 1])


# ---------------------------------------------------------------------------
# EVA-12.12 Jumpjet exit; EVA-12.13 Several enemies
# ---------------------------------------------------------------------------
def test_eva_12_12_jumpjet_exit_without_roll_or_damage_not_when_pinned():
    """EVA-12.12: an engaged Eva jumps away with no die and no damage, meeting its obligation; its energy
    becomes 0; a pinned Eva cannot jump (EVA-8.8)."""
    st = make_state(
        [
            {"name": "A", "side": 0, "square": "F10", "equipment": ["jumpjet"], "kneeling": True},
            {"name": "B", "side": 1, "square": "F11"},
        ]
    )
    start(st, "A")
    evs = play(st, 0, "A jump H8")
    a = unit(st, "A")
    assert a.square == idx("H8") and a.armour == 40 and a.energy == 0 and not a.kneeling
    assert not of(evs, ev.DamageDice) and not st.activation.obligation

    st = make_state(
        [
            {"name": "A", "side": 0, "square": "F10", "equipment": ["jumpjet"], "pinned": True},
            {"name": "B", "side": 1, "square": "F11"},
        ]
    )
    start(st, "A")
    refused(st, 0, "A jump H8", "EVA-8.8")
    play(st, 0, "A disengage", [1, 1])


def test_eva_12_13_several_enemies_choose_one_each_brings_its_obligation():
    """EVA-12.13 / EVA-AMB-30: an Eva engaged with two enemies attacks the one it chooses, which meets its
    obligation; each enemy's own activation then brings its own obligation; another enemy may attack an
    engaged Eva in melee."""
    st = make_state(
        [
            {"name": "A", "side": 0, "square": "F10"},
            {"name": "A2", "side": 0, "square": "A20"},
            {"name": "B", "side": 1, "square": "F11"},
            {"name": "C", "side": 1, "square": "G10"},
        ]
    )
    start(st, "A")
    assert sorted(rules.engaged_with(st, unit(st, "A"))) == [uidx(st, "B"), uidx(st, "C")]
    play(st, 0, "A melee G10", [2, 2, 2, 2, 1, 1])
    play(st, 0, "A end")
    start(st, "B")
    assert st.activation.obligation
    play(st, 1, "B melee F10", [2, 2, 2, 2, 1, 1])
    play(st, 1, "B end")
    start(st, "A2")
    play(st, 0, "A2 end")
    start(st, "C")
    assert st.activation.obligation
    refused(st, 1, "C end", "EVA-12.10")


def test_eva_12_8_wings_fall_and_winner_destroyed_together_is_one_draw():
    """EVA-12.8 / EVA-11.6 / EVA-5.8: the fall die's damage belongs to the exchange: destruction is checked
    only after it. The winner (armour 1) dies to the loser's d6, the loser (armour 5) survives the 3d6 = 3,
    falls, and its fall die 2 destroys it: both last Evas go at the same moment, a draw announced once."""
    st = make_state(
        [
            {
                "name": "A",
                "side": 0,
                "square": "F10",
                "weapons": ["hknife"],
                "equipment": ["wings"],
                "airborne": True,
                "armour": 1,
            },
            {"name": "B", "side": 1, "square": "F11", "equipment": ["wings"], "airborne": True, "armour": 5},
        ]
    )
    start(st, "A")
    play(st, 0, "A melee F11", [6, 6, 1, 1])  # 16 v 2: critical
    evs = play(st, 0, "trauma wings", [1, 1, 1, 1, 2])
    assert of(evs, ev.Fell)[0].die == 2
    assert unit(st, "A").destroyed and unit(st, "B").destroyed
    assert st.over and st.winner is None
    (end_event,) = of(evs, ev.GameEnded)
    assert end_event.winner is None


def test_eva_12_7_zone_decision_offered_with_legs_default():
    """EVA-12.7 / EVA-11.9: the winner's side is offered the zone decision with legs as the default; the loser
    on the ground cannot be given wings."""
    from engine.rulesets.eva import options

    st = make_state(
        [
            {"name": "A", "side": 0, "square": "F10", "weapons": ["qspear"]},
            {"name": "B", "side": 1, "square": "F11"},
        ]
    )
    start(st, "A")
    play(st, 0, "A melee F11", [6, 6, 1, 1])
    o = options.options(st, 0)
    assert (o.kind, o.decision, o.choices, o.default) == ("decide", "zone", ["arms", "legs", "body"], "legs")
    assert options.options(st, 1).kind == "wait"
    refused(st, 0, "trauma wings", "EVA-11.9")
