"""Movement and paths (eva.md EVA-8, EVA-AMB-8 to AMB-10, AMB-66)."""

import pytest

from engine.ruleset import IllegalAction
from engine.rulesets.eva import actions, notation
from engine.rulesets.eva import events as ev
from tests.eva_support import idx, make_state, of, play, snapshot, start, unit


def walker(spec=None, terrain=None, others=(), square="E10"):
    st = make_state(
        [
            {"name": "A", "side": 0, "square": square, **(spec or {})},
            {"name": "Z", "side": 1, "square": "T30"},
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


def test_eva_8_1_steps_to_the_8_neighbours_2_or_3_energy():
    """EVA-8.1: one square at a time into any of the 8 neighbours; orthogonal 2, diagonal 3; any number
    of steps while energy lasts; a jump of two squares in one step is refused."""
    st = walker()
    play(st, 0, "A E10-E11-F12-G12-G11")
    assert unit(st, "A").square == idx("G11") and unit(st, "A").energy == 12 - 2 - 3 - 2 - 2
    refused(st, "A G11-G13-G14", "EVA-8.1")
    play(st, 0, "A G11-F10")
    assert unit(st, "A").energy == 0


def test_eva_8_2_a_path_is_one_movement_action_checked_as_a_whole():
    """EVA-8.2, EVA-AMB-10: the path is refused whole if it costs more than the energy, if a step is
    illegal, or if it ends where the Eva may not stop; squares in the middle only need to be
    passable. The text 'E4-B6' takes the cheapest path (EVA-EX-1: 8 energy)."""
    st = walker(square="E4", others=[{"name": "F", "side": 0, "square": "C6"}])
    refused(st, "A E4-E5-E6-E7-E8-E9-E10-E11", "EVA-8.2")  # 14 > 12
    refused(st, "A E4-D5-C6", "EVA-2.9")  # ends on F's square
    refused(st, "A E5-E6", "EVA-8.2")  # does not start on the Eva's square
    st2 = walker(
        square="E4",
        others=[{"name": "F", "side": 0, "square": "D5", "airborne": True, "equipment": ["wings"]}],
    )
    play(st2, 0, "A E4-D5-C6-B6")  # passes under the airborne F
    assert unit(st2, "A").energy == 4
    st3 = walker(square="E4")
    evs = play(st3, 0, "A E4-B6")
    assert unit(st3, "A").square == idx("B6") and unit(st3, "A").energy == 4
    assert len(of(evs, ev.Moved)[0].path) == 4  # E4, two diagonals and one orthogonal step
    assert isinstance(notation.parse_action(walker(square="E4"), 0, "A E4-B6"), actions.Move)
    st4 = walker(square="E4")
    before = snapshot(st4)
    with pytest.raises(IllegalAction) as e:
        notation.parse_action(st4, 0, "A E4-E12")  # 16 energy: beyond reach
    assert e.value.rule == "EVA-8.2" and snapshot(st4) == before


def test_eva_8_2_a_path_may_not_continue_past_engagement():
    """EVA-8.2, EVA-8.7 (EVA-AMB-30): a path that continues past a square where the Eva becomes engaged
    is refused; it may end there."""
    st = make_state([{"name": "A", "side": 0, "square": "E10"}, {"name": "B", "side": 1, "square": "F12"}])
    start(st, "A")
    refused(st, "A E10-E11-E12-E13", "EVA-8.7")  # E12 is next to F12
    play(st, 0, "A E10-E11-E12")
    assert unit(st, "A").square == idx("E12") and unit(st, "A").energy == 8


def test_eva_8_3_and_amb_8_cost_depends_on_the_square_entered():
    """EVA-8.3, EVA-AMB-8: into yellow 4 (6 diagonally); out of yellow the normal cost; crossing a
    one-square yellow wall costs 4 + 2 = 6; an Eva may stop on red and on yellow."""
    st = walker(terrain={"E11": "y"})
    play(st, 0, "A E10-E11-E12")
    assert unit(st, "A").energy == 6
    st = walker(terrain={"E11": "y", "F12": "y"})
    play(st, 0, "A E10-E11")
    play(st, 0, "A E11-F12")
    assert unit(st, "A").square == idx("F12") and unit(st, "A").energy == 12 - 4 - 6
    st = walker(terrain={"E11": "y"}, square="E11")
    play(st, 0, "A E11-F12")  # out of yellow into open: 3
    assert unit(st, "A").energy == 9


@pytest.mark.parametrize(
    ("sides", "air", "ok"),
    [
        ({"E11": "g", "F10": "g"}, False, False),
        ({"E11": "b", "F10": "g"}, False, False),
        ({"E11": "g"}, False, True),
        ({"E11": "y", "F10": "y"}, False, True),
        ({"E11": "r", "F10": "g"}, False, True),
        ({"E11": "g", "F10": "g"}, True, True),
        ({"E11": "b", "F10": "b"}, True, False),
        ({"E11": "b", "F10": "g"}, True, True),
    ],
)
def test_eva_8_4_and_amb_9_diagonal_squeeze_terrain(sides, air, ok):
    """EVA-8.4, EVA-AMB-9: a diagonal step is forbidden only when both side squares are blocked for the
    mover: green, blue or a ground Eva for a ground Eva; blue or an airborne Eva for an airborne one."""
    st = walker({"airborne": air, "equipment": ["wings"]}, sides)
    if ok:
        play(st, 0, "A E10-F11")
        assert unit(st, "A").square == idx("F11") and unit(st, "A").energy == 9
    else:
        refused(st, "A E10-F11", "EVA-8.4")


def test_eva_8_4_diagonal_squeeze_between_evas():
    """EVA-8.4: two ground Evas (friendly or enemy) on the side squares block a ground Eva's diagonal;
    an airborne Eva on a side square does not; one ground Eva and one green square also block."""
    st = walker(others=[{"name": "F", "side": 0, "square": "E11"}, {"name": "G", "side": 0, "square": "F10"}])
    refused(st, "A E10-F11", "EVA-8.4")
    st = walker(terrain={"F10": "g"}, others=[{"name": "F", "side": 0, "square": "E11"}])
    refused(st, "A E10-F11", "EVA-8.4")
    st = walker(
        others=[
            {"name": "F", "side": 0, "square": "E11", "airborne": True, "equipment": ["wings"]},
            {"name": "G", "side": 0, "square": "F10"},
        ]
    )
    play(st, 0, "A E10-F11")
    assert unit(st, "A").square == idx("F11")
    st = walker(
        {"airborne": True, "equipment": ["wings"]},
        others=[
            {"name": "F", "side": 0, "square": "E11", "airborne": True, "equipment": ["wings"]},
            {"name": "G", "side": 0, "square": "F10", "airborne": True, "equipment": ["wings"]},
        ],
    )
    refused(st, "A E10-F11", "EVA-8.4")


def test_eva_8_5_occupied_squares_friend_or_enemy():
    """EVA-8.5 (EVA-2.9): a ground Eva may not step into a square holding a ground Eva, friendly or
    enemy."""
    for side in (0, 1):
        st = walker(others=[{"name": "X", "side": side, "square": "F11"}])
        refused(st, "A E10-F11-G12", "EVA-2.9")
        refused(st, "A E10-F11", "EVA-2.9")


def test_eva_8_6_and_amb_66_kneeling():
    """EVA-8.6, EVA-AMB-66: kneeling and standing cost 1 and are movement; a kneeling Eva cannot step
    but may stand, step and kneel again; it may shoot, swap, attempt neutralisation and jump (landing
    standing); it may not take off; an airborne Eva cannot kneel."""
    st = make_state(
        [
            {
                "name": "A",
                "side": 0,
                "square": "E10",
                "weapons": ["rifle", "pistol"],
                "hands": ["rifle"],
                "equipment": ["jumpjet"],
            },
            {"name": "Z", "side": 1, "square": "E16"},
        ]
    )
    start(st, "A")
    play(st, 0, "A kneel")
    refused(st, "A E10-E9", "EVA-8.6")
    play(st, 0, "A stand")
    play(st, 0, "A E10-E9")
    play(st, 0, "A kneel")
    assert unit(st, "A").kneeling and unit(st, "A").energy == 12 - 1 - 1 - 2 - 1
    play(st, 0, "A swap pistol")
    play(st, 0, "A neutralise E16", [1])
    assert unit(st, "A").energy == 5
    play(st, 0, "A jump E11")
    assert not unit(st, "A").kneeling and unit(st, "A").square == idx("E11") and unit(st, "A").energy == 0
    st = make_state(
        [
            {
                "name": "A",
                "side": 0,
                "square": "E10",
                "weapons": ["rifle"],
                "kneeling": True,
                "equipment": ["wings"],
            },
            {"name": "Z", "side": 1, "square": "E16"},
        ]
    )
    start(st, "A")
    refused(st, "A takeoff", "EVA-8.6")
    evs = play(st, 0, "A fire E16 rifle", [4])
    assert of(evs, ev.ShotRolled)[0].hit and unit(st, "Z").armour == 35
    st = walker({"airborne": True, "equipment": ["wings"]})
    before = snapshot(st)
    with pytest.raises(IllegalAction) as e:
        play(st, 0, "A kneel")
    assert e.value.rule in ("EVA-8.6", "EVA-16.10") and snapshot(st) == before


def test_eva_8_6_a_kneeling_eva_fights_in_melee_and_detonates():
    """EVA-8.6, EVA-AMB-66: a kneeling Eva may make a melee attack and detonate a D-Module."""
    st = make_state(
        [
            {
                "name": "A",
                "side": 0,
                "square": "E10",
                "weapons": ["knife"],
                "kneeling": True,
                "equipment": ["dmodule"],
            },
            {"name": "B", "side": 1, "square": "E11"},
            {"name": "C", "side": 1, "square": "T30"},
        ]
    )
    start(st, "A")
    evs = play(st, 0, "A melee E11", [1, 1, 1, 2, 1, 1, 1])
    assert of(evs, ev.MeleeRolled)[0].a_total == 5
    evs = play(st, 0, "A detonate", [1, 1])
    assert unit(st, "A").destroyed and unit(st, "B").armour < 40 - 30


def test_eva_8_7_engaged_evas_do_not_walk_away():
    """EVA-8.7 (EVA-AMB-30): an engaged Eva may not step or take off unless it has disengaged this
    activation; after a successful disengagement it may walk off, even along enemies."""
    st = make_state(
        [
            {"name": "A", "side": 0, "square": "E10", "equipment": ["wings"]},
            {"name": "B", "side": 1, "square": "E11"},
        ]
    )
    start(st, "A")
    play(st, 0, "A disengage", [3, 1])  # fails: no steps for the rest of the activation
    refused(st, "A E10-E9", "EVA-12.11")
    refused(st, "A takeoff", "EVA-8.7")
    st = make_state(
        [
            {"name": "A", "side": 0, "square": "E10", "equipment": ["wings"]},
            {"name": "B", "side": 1, "square": "E11"},
            {"name": "C", "side": 1, "square": "G11"},
        ]
    )
    start(st, "A")
    play(st, 0, "A disengage", [4, 1])
    play(st, 0, "A E10-F10-F11-F12")  # F11 is next to B and C: disengaged, it goes on
    assert unit(st, "A").square == idx("F12")
    # an engaged Eva that has not disengaged (the obligation met by a melee attack) cannot step
    st = make_state(
        [
            {"name": "A", "side": 0, "square": "E10", "weapons": ["knife"], "equipment": ["wings"]},
            {"name": "B", "side": 1, "square": "E11"},
        ]
    )
    start(st, "A")
    play(st, 0, "A melee E11", [1, 1, 1, 2, 1, 1, 1])
    refused(st, "A E10-E9", "EVA-8.7")
    refused(st, "A takeoff", "EVA-8.7")


def test_eva_8_8_pinned_evas_may_change_stance_and_layer_but_not_square():
    """EVA-8.8 (EVA-AMB-54): a pinned Eva may not step or jump; it may kneel, stand up, take off and
    land."""
    st = walker({"pinned": True, "equipment": ["wings", "jumpjet"]})
    refused(st, "A E10-E11", "EVA-8.8")
    refused(st, "A jump E12", "EVA-8.8")
    play(st, 0, "A kneel")
    play(st, 0, "A stand")
    play(st, 0, "A takeoff")
    refused(st, "A E10-E11", "EVA-8.8")
    play(st, 0, "A land")
    assert unit(st, "A").square == idx("E10") and unit(st, "A").energy == 8


def test_eva_8_9_no_eva_leaves_the_board():
    """EVA-8.9: steps and jumps stay on the board; the square after A5 in the flat numbering (T4) is
    not a neighbour."""
    st = walker({"equipment": ["jumpjet"]}, square="A5")
    from engine.rulesets.eva import rules

    before = snapshot(st)
    with pytest.raises(IllegalAction) as e:
        rules.apply(st, 0, actions.Move(0, [idx("A5"), -1]), None)
    assert e.value.rule == "EVA-8.9" and snapshot(st) == before
    with pytest.raises(IllegalAction) as e:
        rules.apply(st, 0, actions.Move(0, [idx("A5"), idx("A5") - 1]), None)
    assert e.value.rule == "EVA-8.1" and snapshot(st) == before
    with pytest.raises(IllegalAction) as e:
        rules.apply(st, 0, actions.Jump(0, 600), None)
    assert e.value.rule == "EVA-8.9" and snapshot(st) == before
    with pytest.raises(IllegalAction) as e:
        rules.apply(st, 0, actions.Jump(0, idx("A5") - 2), None)  # S4: across the edge, D² > 9
    assert snapshot(st) == before


def test_eva_8_10_other_movement_flying_jumping_acceleration():
    """EVA-8.10: flying (2 / 3 over any terrain), jumping (2, then energy 0) and double speed (halved
    costs) are the other ways to move."""
    st = walker({"airborne": True, "equipment": ["wings"]}, {"E11": "y", "E12": "g"})
    play(st, 0, "A E10-E11-E12-E13")
    assert unit(st, "A").energy == 6
    st = walker({"equipment": ["jumpjet"]})
    play(st, 0, "A jump H10")
    assert unit(st, "A").square == idx("H10") and unit(st, "A").energy == 0
    st = walker({"equipment": ["accel"]}, {"E12": "y"})
    play(st, 0, "A accelerate")
    play(st, 0, "A E10-E11-E12-F13")
    assert unit(st, "A").energy == 12 - 1 - 2 - 2
