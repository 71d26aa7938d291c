"""Board, terrain, geometry and line of sight (eva.md EVA-1 to EVA-4, EVA-EX-5, EVA-AMB-5 to AMB-15)."""

import random

import pytest

from engine.geometry.square import BadSquare, parse_square, sight_line, sight_line_reference, square_name
from engine.ruleset import IllegalAction, NotationError
from engine.rulesets.eva import actions, notation, rules
from engine.rulesets.eva import events as ev
from engine.rulesets.eva.scenario import (
    BLUE,
    GREEN,
    OPEN,
    RED,
    YELLOW,
    MapError,
    bundled_maps,
    load_bundled,
    parse_map,
)
from tests.eva_support import idx, make_state, of, open_map, play, snapshot, start, unit


def xy(name: str) -> tuple[int, int]:
    return parse_square(name)


def names(squares) -> list[str]:
    return [square_name(x, y) for x, y in squares]


def pair_names(pairs) -> list[tuple[str, str]]:
    return [(square_name(*p), square_name(*q)) for p, q in pairs]


def tn_of(evs) -> int:
    return of(evs, ev.AttackOdds)[0].tn


# ---------------------------------------------------------------------------
# EVA-1 general conventions
# ---------------------------------------------------------------------------
def test_eva_1_1_friendly_and_enemy_units():
    """EVA-1.1: each player owns one army; a player cannot act with the other army's Eva, and
    attacks (EVA-AMB-69) may target only enemies."""
    st = make_state(
        [
            {"name": "A", "side": 0, "square": "C3", "weapons": ["rifle"]},
            {"name": "F", "side": 0, "square": "C8"},
            {"name": "E", "side": 1, "square": "C12"},
        ]
    )
    # Player 1 cannot activate Player 2's Eva: its name is not among Player 1's Evas
    before = snapshot(st)
    with pytest.raises(IllegalAction) as e:
        play(st, 0, "activate E")
    assert e.value.rule == "EVA-1.1" and snapshot(st) == before
    with pytest.raises(IllegalAction) as e:
        rules.apply(st, 0, actions.Activate(2), None)
    assert e.value.rule == "EVA-1.1" and snapshot(st) == before
    start(st, "A")
    # a friendly Eva is no target (text notation finds only enemy Evas on a square)
    before = snapshot(st)
    with pytest.raises(IllegalAction) as e:
        play(st, 0, "A fire C8 rifle")
    assert e.value.rule == "EVA-10.2" and snapshot(st) == before
    with pytest.raises(IllegalAction) as e:
        rules.apply(st, 0, actions.Fire(0, 1, 0), None)
    assert e.value.rule == "EVA-10.2" and snapshot(st) == before


def test_eva_1_2_dice_are_d6_and_n_plus_uses_the_natural_face():
    """EVA-1.2: a d6 shows 1-6; an N+ roll succeeds on N or more. The disengagement roll is 4+:
    4 succeeds, 3 fails."""
    for die, ok in ((4, True), (3, False)):
        st = make_state(
            [
                {"name": "A", "side": 0, "square": "E10"},
                {"name": "B", "side": 1, "square": "E11"},
            ]
        )
        start(st, "A")
        evs = play(st, 0, "A disengage", [die, 2])
        assert of(evs, ev.Disengage)[0].success is ok
    # a die face outside 1..6 can never be drawn
    from engine.dice import ScriptedDice

    with pytest.raises(AssertionError):
        ScriptedDice([7]).d6()


def test_eva_1_3_dice_order_to_hit_reroll_then_confirmation():
    """EVA-1.3: dice are drawn in the listed order: to-hit die, Targeting System re-roll, then the
    confirmation die; no die is drawn where none is needed (Combat Anatomy)."""
    st = make_state(
        [
            {"name": "B", "side": 0, "square": "F10", "weapons": ["rifle"], "equipment": ["targeting"]},
            {"name": "T", "side": 1, "square": "F14", "at": 3},
        ]
    )
    start(st, "B")
    evs = play(st, 0, "B fire F14 rifle", [1, 6, 3])  # miss, re-roll 6 (candidate), confirmation 3
    shot = of(evs, ev.ShotRolled)[0]
    assert shot.dice == [1, 6] and shot.confirm == 3 and shot.critical and shot.raw == 10
    assert unit(st, "T").armour == 33
    st = make_state(
        [
            {"name": "B", "side": 0, "square": "F10", "weapons": ["rifle"], "equipment": ["anatomy"]},
            {"name": "T", "side": 1, "square": "F14", "at": 3},
        ]
    )
    start(st, "B")
    evs = play(st, 0, "B fire F14 rifle", [6])  # only one die is drawn
    assert of(evs, ev.ShotRolled)[0].auto_confirm and unit(st, "T").armour == 33


def test_eva_1_4_a_round_gives_every_eva_one_activation():
    """EVA-1.4 (EVA-AMB-2): a round is one cycle in which every Eva gets one activation; an
    activation is one Eva's period of control. A second activation in the same round is refused."""
    st = make_state(
        [
            {"name": "A", "side": 0, "square": "C10"},
            {"name": "B", "side": 1, "square": "H20"},
        ]
    )
    start(st, "A")
    play(st, 0, "A end")
    assert unit(st, "A").activated and st.turn == 1 and st.round == 1
    before = snapshot(st)
    with pytest.raises(IllegalAction) as e:
        play(st, 0, "activate A")
    assert e.value.rule == "EVA-5.4" and snapshot(st) == before
    play(st, 1, "activate B")
    evs = play(st, 1, "B end", [4, 2])  # the round ends; the next one starts with an initiative roll
    assert st.round == 2 and not unit(st, "A").activated and not unit(st, "B").activated
    assert of(evs, ev.RoundStarted)[0].round == 2 and st.turn == 0


def test_eva_1_5_integer_quantities_and_squared_distances():
    """EVA-1.5: every game quantity is an integer; distances are compared through the integer D²."""
    assert rules.d2(idx("A1"), idx("B2")) == 2 and isinstance(rules.d2(idx("A1"), idx("T30")), int)
    assert rules.d2(idx("A1"), idx("T30")) == 19 * 19 + 29 * 29
    st = make_state(
        [
            {"name": "A", "side": 0, "square": "C3", "weapons": ["pistol"]},
            {"name": "T", "side": 1, "square": "H4", "at": 1},
        ]
    )
    start(st, "A")
    play(st, 0, "A fire H4 pistol", [4])
    for u in st.units:
        for field in ("armour", "energy", "at", "max_armour", "shield_points", "square"):
            assert type(getattr(u, field)) is int


def test_eva_1_6_state_of_an_eva_engagement_is_derived_not_stored():
    """EVA-1.6: an Eva's state holds square, layer, stance, armour and maximum, AT, energy, hands,
    items, traumas, shield points and flags; engagement is derived from positions (EVA-12.2)."""
    st = make_state(
        [
            {"name": "A", "side": 0, "square": "E10", "equipment": ["shield"], "hands": ["shield"]},
            {"name": "B", "side": 1, "square": "E13"},
        ]
    )
    a = unit(st, "A")
    for field in (
        "square",
        "airborne",
        "kneeling",
        "armour",
        "max_armour",
        "at",
        "energy",
        "hands",
        "items",
        "traumas",
        "shield_points",
        "berserk",
        "pinned",
        "accel_used",
        "positron_round",
    ):
        assert hasattr(a, field)
    assert a.shield_points == 15 and a.armour == a.max_armour == 40
    assert not hasattr(a, "engaged")
    assert not rules.is_engaged(st, a)
    unit(st, "B").square = idx("E11")  # only the position changes
    assert rules.is_engaged(st, a) and rules.is_engaged(st, unit(st, "B"))


# ---------------------------------------------------------------------------
# EVA-2 board and terrain
# ---------------------------------------------------------------------------
def test_eva_2_1_board_is_20_by_30():
    """EVA-2.1: 20 columns by 30 rows."""
    m = open_map()
    assert len(m.rows) == 30 and all(len(r) == 20 for r in m.rows)
    assert len(m.terrain) == 600
    assert parse_square("T30") == (20, 30)
    for bad in ("U1", "A31", "A0"):
        with pytest.raises(BadSquare):
            parse_square(bad)


def test_eva_2_2_and_amb_5_coordinates():
    """EVA-2.2, EVA-AMB-5: the letter is the column (x, A-T), the number the row (y, 1-30 from the
    south edge). B6 is x 2, y 6; T30 is the top-right corner; the first map row is row 30."""
    assert parse_square("B6") == (2, 6)
    assert parse_square("b6") == (2, 6)
    assert square_name(20, 30) == "T30"
    assert idx("A1") == 0 and idx("T1") == 19 and idx("A2") == 20 and idx("T30") == 599
    m = open_map({"B6": "y", "T30": "b", "A1": "g"})
    assert m.colour(2, 6) == YELLOW and m.colour(20, 30) == BLUE and m.colour(1, 1) == GREEN
    assert m.rows[0][19] == "b" and m.rows[29][0] == "g"  # row 30 is written first
    st = make_state([{"name": "A", "side": 0, "square": "C3"}, {"name": "B", "side": 1, "square": "C20"}])
    with pytest.raises(NotationError) as e:
        notation.parse_action(st, 0, "A fire Z9")
    assert e.value.rule == "EVA-2.2"


def test_eva_2_3_and_amb_7_four_obstacle_colours_ranked():
    """EVA-2.3, EVA-AMB-7: a square is open or holds one of four obstacles, ranked
    open < red < yellow < green < blue."""
    assert OPEN < RED < YELLOW < GREEN < BLUE
    m = open_map({"A10": "r", "B10": "y", "C10": "g", "D10": "b"})
    assert [m.colour(x, 10) for x in range(1, 6)] == [RED, YELLOW, GREEN, BLUE, OPEN]
    with pytest.raises(MapError):
        parse_map(
            "title: x\n" + "\n".join(["-" * 20] * 3 + ["." * 19 + "z"] + ["." * 20] * 23 + ["-" * 20] * 3)
        )


def _walker(terrain, square="E10", **extra):
    st = make_state(
        [{"name": "A", "side": 0, "square": square, **extra}, {"name": "Z", "side": 1, "square": "T30"}],
        terrain,
    )
    start(st, "A")
    return st


@pytest.mark.parametrize(
    ("colour", "ortho", "diag", "stop"),
    [
        (".", 2, 3, True),
        ("r", 2, 3, True),
        ("y", 4, 6, True),
        ("g", None, None, False),
        ("b", None, None, False),
    ],
)
def test_eva_2_8_terrain_summary_walking_steps(colour, ortho, diag, stop):
    """EVA-2.8 (table), EVA-2.4 to EVA-2.7, EVA-8.3: walking step costs 2/3 into open and red, 4/6
    into yellow; green and blue cannot be entered on foot."""
    terrain = {"E11": colour, "F11": colour} if colour != "." else {}
    for dest, cost in (("E11", ortho), ("F11", diag)):
        st = _walker(terrain)
        before = snapshot(st)
        if cost is None:
            with pytest.raises(IllegalAction) as e:
                play(st, 0, f"A E10-{dest}")
            assert e.value.rule == ("EVA-2.6" if colour == "g" else "EVA-2.7")
            assert snapshot(st) == before
        else:
            play(st, 0, f"A E10-{dest}")
            assert unit(st, "A").energy == 12 - cost
            assert unit(st, "A").square == idx(dest)  # it may stop there


def test_eva_2_4_red_is_crossed_at_normal_cost_and_never_blocks_sight():
    """EVA-2.4: red costs the normal step, an Eva may stop on it; red never blocks line of sight and
    gives no cover to a standing target."""
    st = make_state(
        [
            {"name": "S", "side": 0, "square": "J10", "weapons": ["rifle"]},
            {"name": "T", "side": 1, "square": "J16"},
        ],
        {"J11": "r", "J12": "r", "J13": "r"},
    )
    start(st, "S")
    evs = play(st, 0, "S fire J16 rifle", [1])
    assert tn_of(evs) == 4  # medium, no cover
    play(st, 0, "S J10-J11-J12")
    assert unit(st, "S").square == idx("J12") and unit(st, "S").energy == 12 - 3 - 4


def test_eva_2_5_yellow_double_cost_cover_and_hiding():
    """EVA-2.5: stepping into yellow costs double (4); the Eva may stop there. Yellow between two
    ground Evas gives cover to a standing target and hides a kneeling one."""
    st = make_state(
        [
            {"name": "S", "side": 0, "square": "J10", "weapons": ["rifle"]},
            {"name": "T", "side": 1, "square": "J16"},
            {"name": "K", "side": 1, "square": "F10", "kneeling": True},
        ],
        {"J13": "y", "H10": "y"},
    )
    start(st, "S")
    assert rules.sees(st, unit(st, "S"), unit(st, "T"))
    assert rules.in_cover(st, unit(st, "S"), unit(st, "T"))
    assert not rules.sees(st, unit(st, "S"), unit(st, "K"))
    evs = play(st, 0, "S fire J16 rifle", [5])
    assert tn_of(evs) == 5
    play(st, 0, "S J10-I10-H10")  # 2 + 4 (into yellow)
    assert unit(st, "S").energy == 12 - 3 - 6 and unit(st, "S").square == idx("H10")


def test_eva_2_6_green_walkers_cannot_enter_flyers_pass_but_do_not_stop():
    """EVA-2.6: a walking Eva cannot enter green; an airborne Eva may pass over it but may not stop on
    it; a jump passes over it but may not land on it; green on the line hides ground Evas, and an
    airborne Eva sees over it."""
    st = _walker({"E11": "g", "E12": "g"})
    with pytest.raises(IllegalAction) as e:
        play(st, 0, "A E10-E11")
    assert e.value.rule == "EVA-2.6"
    # airborne: pass over, not stop
    st = _walker({"E11": "g", "E12": "g"}, equipment=["wings"], airborne=True)
    before = snapshot(st)
    with pytest.raises(IllegalAction) as e:
        play(st, 0, "A E10-E11")
    assert e.value.rule == "EVA-2.9" and snapshot(st) == before
    play(st, 0, "A E10-E11-E12-E13")
    assert unit(st, "A").square == idx("E13") and unit(st, "A").energy == 12 - 6
    # jump over green, not onto it
    st = _walker({"E11": "g", "E12": "g"}, equipment=["jumpjet"])
    with pytest.raises(IllegalAction) as e:
        play(st, 0, "A jump E12")
    assert e.value.rule == "EVA-16.9"
    play(st, 0, "A jump E13")
    assert unit(st, "A").square == idx("E13")
    # sight: hidden between ground Evas, seen from the air
    st = make_state(
        [
            {"name": "S", "side": 0, "square": "J10", "equipment": ["wings"]},
            {"name": "T", "side": 1, "square": "J16"},
        ],
        {"J13": "g"},
    )
    s, t = unit(st, "S"), unit(st, "T")
    assert not rules.sees(st, s, t)
    s.airborne = True
    assert rules.sees(st, s, t) and not rules.in_cover(st, s, t)


def test_eva_2_7_blue_is_impassable_and_blocks_sight_from_the_air():
    """EVA-2.7: no Eva may enter blue, fly over it or jump across it; blue on the line hides even
    airborne Evas."""
    st = _walker({"E11": "b"}, equipment=["wings"], airborne=True)
    with pytest.raises(IllegalAction) as e:
        play(st, 0, "A E10-E11-E12")
    assert e.value.rule == "EVA-2.7"
    st = _walker({"E11": "b"}, equipment=["jumpjet"])
    with pytest.raises(IllegalAction) as e:
        play(st, 0, "A jump E12")
    assert e.value.rule == "EVA-4.10"
    st = make_state(
        [
            {"name": "S", "side": 0, "square": "J10", "airborne": True, "equipment": ["wings"]},
            {"name": "T", "side": 1, "square": "J16", "airborne": True, "equipment": ["wings"]},
        ],
        {"J13": "b"},
    )
    assert not rules.sees(st, unit(st, "S"), unit(st, "T"))


def test_eva_2_9_and_amb_10_occupancy():
    """EVA-2.9, EVA-AMB-10: at most one stopped Eva per square whatever the layers; a ground Eva may
    not step into a ground Eva's square but may pass under an airborne Eva; an airborne Eva may pass
    over a ground Eva but not through an airborne one, and stops on neither."""
    units = [
        {"name": "A", "side": 0, "square": "E10", "equipment": ["wings"]},
        {"name": "G", "side": 0, "square": "E11"},
        {"name": "F", "side": 0, "square": "F10", "airborne": True, "equipment": ["wings"]},
        {"name": "Z", "side": 1, "square": "T30"},
    ]
    st = make_state(units)
    start(st, "A")
    before = snapshot(st)
    for text in ("A E10-E11", "A E10-E11-E12", "A E10-F10"):
        with pytest.raises(IllegalAction) as e:
            play(st, 0, text)
        assert e.value.rule == "EVA-2.9" and snapshot(st) == before
    play(st, 0, "A E10-F10-G10")  # passes under the airborne F
    assert unit(st, "A").square == idx("G10") and unit(st, "A").energy == 8
    # airborne A: over the ground Eva, not through the airborne one
    units[0] = {**units[0], "airborne": True}
    units[2] = {**units[2], "airborne": False}
    units[1] = {**units[1], "airborne": True}
    st = make_state(units)
    start(st, "A")
    for text in ("A E10-F10", "A E10-E11-E12"):
        with pytest.raises(IllegalAction) as e:
            play(st, 0, text)
        assert e.value.rule == "EVA-2.9"
    play(st, 0, "A E10-F10-G10")
    assert unit(st, "A").square == idx("G10")


def test_eva_2_9_an_airborne_eva_never_hinders_a_ground_eva_and_activation_end_is_a_stop():
    """EVA-2.9: an Eva in the air never hinders a ground Eva (the diagonal squeeze of EVA-8.4 ignores
    it); ending the activation is a stop, and a path cannot end on another Eva's square."""
    st = make_state(
        [
            {"name": "A", "side": 0, "square": "E10"},
            {"name": "F1", "side": 0, "square": "E11", "airborne": True, "equipment": ["wings"]},
            {"name": "F2", "side": 0, "square": "F10", "airborne": True, "equipment": ["wings"]},
            {"name": "Z", "side": 1, "square": "T30"},
        ]
    )
    start(st, "A")
    play(st, 0, "A E10-F11")
    assert unit(st, "A").square == idx("F11")


def test_eva_2_10_and_amb_4_map_fixed_before_deployment():
    """EVA-2.10, EVA-AMB-4: the map comes from a map file; its obstacles do not change during the
    game. Every bundled map parses, with deployment rows 1-3 and 28-30."""
    keys = bundled_maps()
    assert keys
    for k in keys:
        m = load_bundled(k)
        assert len(m.rows) == 30
        for r in (0, 1, 2, 27, 28, 29):
            assert set(m.rows[r]) <= set("-rygb")
    m = load_bundled(keys[0])
    st = make_state(
        [
            {"name": "A", "side": 0, "square": "E10", "weapons": ["rifle"]},
            {"name": "Z", "side": 1, "square": "E15"},
        ]
    )
    terrain = st.map.terrain
    start(st, "A")
    play(st, 0, "A fire E15 rifle", [3])
    play(st, 0, "A end")
    assert st.map.terrain == terrain
    with pytest.raises(MapError):
        parse_map("\n".join(m.rows))  # no title line


# ---------------------------------------------------------------------------
# EVA-3 geometry
# ---------------------------------------------------------------------------
def test_eva_3_1_pythagorean_distance_squared():
    """EVA-3.1: D² = dx² + dy²."""
    assert rules.d2(idx("E4"), idx("B6")) == 13
    assert rules.d2(idx("C3"), idx("H4")) == 26
    assert rules.d2(idx("C3"), idx("C16")) == 169


@pytest.mark.parametrize(
    ("dx", "dy", "d2", "band"),
    [
        (4, 3, 25, rules.CLOSE),
        (5, 0, 25, rules.CLOSE),
        (5, 1, 26, rules.MEDIUM),
        (4, 4, 32, rules.MEDIUM),
        (6, 8, 100, rules.MEDIUM),
        (10, 1, 101, rules.LONG),
        (7, 8, 113, rules.LONG),
        (12, 16, 400, rules.LONG),
        (14, 15, 421, rules.OUT),
    ],
)
def test_eva_3_2_and_amb_6_range_bands(dx, dy, d2, band):
    """EVA-3.2, EVA-AMB-6: close D² ≤ 25, medium ≤ 100, long ≤ 400, beyond out of range; fractional
    distances go to the band of the next whole number up (5.10 medium, 10.05 long)."""
    a = idx("A1")
    b = idx(square_name(1 + dx, 1 + dy))
    assert rules.d2(a, b) == d2
    assert rules.band_of(d2) == band


def test_eva_3_3_no_attack_or_neutralisation_out_of_range():
    """EVA-3.3: no ranged attack (Positron Cannon included) and no AT-neutralisation attempt against an
    Eva beyond D² 400; D² 400 exactly is long range and allowed."""
    st = make_state(
        [
            {"name": "A", "side": 0, "square": "A1", "weapons": ["rifle"]},
            {"name": "P", "side": 0, "square": "B1", "weapons": ["positron"]},
            {"name": "T", "side": 1, "square": "O16"},  # (14, 15) from A1: 421
            {"name": "U", "side": 1, "square": "M17"},  # (12, 16): 400
        ]
    )
    start(st, "A")
    before = snapshot(st)
    for text in ("A fire O16 rifle", "A neutralise O16"):
        with pytest.raises(IllegalAction) as e:
            play(st, 0, text)
        assert e.value.rule == "EVA-3.3" and snapshot(st) == before
    evs = play(st, 0, "A fire M17 rifle", [5])
    assert tn_of(evs) == 5 and unit(st, "U").armour == 37  # long: 3 damage
    st = make_state(
        [
            {"name": "P", "side": 0, "square": "A1", "weapons": ["positron"]},
            {"name": "T", "side": 1, "square": "O16"},
        ]
    )
    start(st, "P")
    before = snapshot(st)
    with pytest.raises(IllegalAction) as e:
        play(st, 0, "P fire O16 positron")
    assert e.value.rule == "EVA-3.3" and snapshot(st) == before


def test_eva_3_4_orthogonal_adjacency_only_for_engagement():
    """EVA-3.4: squares sharing only a corner are not orthogonally adjacent, so diagonal enemies are
    not engaged; D² = 1 squares are."""
    st = make_state([{"name": "A", "side": 0, "square": "E10"}, {"name": "B", "side": 1, "square": "F11"}])
    assert not rules.is_engaged(st, unit(st, "A"))
    unit(st, "B").square = idx("F10")
    assert rules.is_engaged(st, unit(st, "A"))


def test_eva_3_5_and_amb_14_flush_is_the_8_neighbourhood_on_the_line():
    """EVA-3.5, EVA-AMB-14: an obstacle is flush when it lies in the Eva's 8-neighbourhood (a diagonal
    neighbour counts) and on the line; a red square two away is not flush."""
    base = [
        {"name": "S", "side": 0, "square": "J10", "weapons": ["rifle"]},
        {"name": "T", "side": 1, "square": "M13", "kneeling": True},
    ]
    st = make_state(base, {"L12": "r"})  # diagonal neighbour of M13, on the line
    assert rules.in_cover(st, unit(st, "S"), unit(st, "T"))
    st = make_state(base, {"K11": "r"})  # on the line, two squares from M13
    assert not rules.in_cover(st, unit(st, "S"), unit(st, "T"))
    st = make_state(base, {"M12": "r"})  # neighbour of M13 but only one flank of a corner pair
    assert not rules.in_cover(st, unit(st, "S"), unit(st, "T"))
    st = make_state(base, {"M12": "r", "L13": "r"})  # both flanks of that pair: flush red pair
    assert rules.in_cover(st, unit(st, "S"), unit(st, "T"))


@pytest.mark.parametrize(
    ("weapons", "equipment", "dest", "ok"),
    [
        (["knife"], [], "E11", True),
        (["knife"], [], "F11", False),
        (["replica"], [], "F11", True),
        (["replica"], [], "E12", True),
        (["replica"], [], "F12", False),
        (["knife"], ["arms"], "F11", True),
        (["knife"], ["arms"], "E12", True),
        (["knife"], ["arms"], "F12", False),
        (["replica"], ["arms"], "F12", True),
        (["replica"], ["arms"], "G12", True),
        (["replica"], ["arms"], "E13", True),
        (["replica"], ["arms"], "F13", False),
        (["qspear"], [], "E12", False),
    ],
)
def test_eva_3_6_and_amb_34_reach(weapons, equipment, dest, ok):
    """EVA-3.6, EVA-AMB-34: reach 1, 2 with a Spear (not the Quantum Spear) or Extended Arms, 3 with
    both; a target is within reach r when D² ≤ r²."""
    st = make_state(
        [
            {"name": "A", "side": 0, "square": "E10", "weapons": weapons, "equipment": equipment},
            {"name": "B", "side": 1, "square": dest},
        ]
    )
    start(st, "A")
    if ok:
        assert isinstance(notation.parse_action(st, 0, f"A melee {dest}"), actions.Melee)
    else:
        before = snapshot(st)
        with pytest.raises(IllegalAction) as e:
            notation.parse_action(st, 0, f"A melee {dest}")
        assert e.value.rule == "EVA-3.6" and snapshot(st) == before


# ---------------------------------------------------------------------------
# EVA-4 line of sight
# ---------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("a", "b", "crossed", "pairs"),
    [
        ("B6", "B12", ["B7", "B8", "B9", "B10", "B11"], []),
        ("C3", "H4", ["D3", "E3", "F4", "G4"], [("F3", "E4")]),
        ("A1", "D4", ["B2", "C3"], [("B1", "A2"), ("C2", "B3"), ("D3", "C4")]),
    ],
)
def test_eva_4_5_normative_examples(a, b, crossed, pairs):
    """EVA-4.5 (EVA-AMB-11): the spec's three sight-line examples, for the reference algorithm and the
    engine's integer version; tracing backwards gives the same squares (symmetry)."""
    for fn in (sight_line_reference, sight_line):
        c, p = fn(xy(a), xy(b))
        assert names(c) == crossed
        assert sorted(map(sorted, pair_names(p))) == sorted(map(sorted, pairs))
        c2, p2 = fn(xy(b), xy(a))
        assert names(c2) == crossed[::-1]
        assert sorted(map(sorted, pair_names(p2))) == sorted(map(sorted, pairs))
    c, p = sight_line_reference(xy(a), xy(b))
    assert pair_names(p) == pairs


def _as_lists(res):
    c, p = res
    return [tuple(s) for s in c], [(tuple(x), tuple(y)) for x, y in p]


def test_eva_4_5_sight_line_equals_reference_on_an_8x8_corner():
    """EVA-4.5: engine.geometry.square.sight_line equals sight_line_reference for every pair of
    distinct squares of the 8 x 8 corner A1-H8."""
    squares = [(x, y) for x in range(1, 9) for y in range(1, 9)]
    n = 0
    for a in squares:
        for b in squares:
            if a == b:
                continue
            assert _as_lists(sight_line(a, b)) == _as_lists(sight_line_reference(a, b)), (a, b)
            n += 1
    assert n == 64 * 63


def test_eva_4_5_sight_line_equals_reference_on_2000_random_pairs():
    """EVA-4.5: the same equality for 2,000 random pairs of distinct squares of the full board."""
    rng = random.Random(20240802)
    n = 0
    while n < 2000:
        a = (rng.randint(1, 20), rng.randint(1, 30))
        b = (rng.randint(1, 20), rng.randint(1, 30))
        if a == b:
            continue
        assert _as_lists(sight_line(a, b)) == _as_lists(sight_line_reference(a, b)), (a, b)
        n += 1


def test_eva_4_1_and_4_2_segment_between_centres_ends_and_corners_not_crossed():
    """EVA-4.1, EVA-4.2: the line joins the two centres; the end squares and squares touched only at a
    corner are never crossed."""
    c, p = sight_line_reference(xy("A1"), xy("C3"))
    assert names(c) == ["B2"]  # A1, C3 are ends; A2/B1, B3/C2 only touched at corners
    assert sorted(map(sorted, pair_names(p))) == [["A2", "B1"], ["B3", "C2"]]
    c, _p = sight_line_reference(xy("A1"), xy("B1"))
    assert c == []
    c, p = sight_line_reference(xy("A1"), xy("C2"))
    assert names(c) == ["B1", "B2"] and p == []  # passes through the inside of both middle squares


def test_eva_4_3_corner_pairs_count_as_the_lower_flank():
    """EVA-4.3: a corner pair counts as one line square of the lower flank colour (one green flank:
    open; two green: green), holds a ground Eva only when both flanks do."""
    base = [
        {"name": "A", "side": 0, "square": "C3", "weapons": ["pistol"]},
        {"name": "T", "side": 1, "square": "H4"},
    ]
    st = make_state(base, {"F3": "g"})
    assert rules.sees(st, unit(st, "A"), unit(st, "T")) and not rules.in_cover(
        st, unit(st, "A"), unit(st, "T")
    )
    st = make_state(base, {"F3": "g", "E4": "g"})
    assert not rules.sees(st, unit(st, "A"), unit(st, "T"))
    st = make_state(base, {"F3": "g", "E4": "y"})
    assert rules.sees(st, unit(st, "A"), unit(st, "T")) and rules.in_cover(st, unit(st, "A"), unit(st, "T"))
    # Evas: one flank occupied gives no cover, both flanks do
    st = make_state([*base, {"name": "G1", "side": 0, "square": "F3"}])
    assert not rules.in_cover(st, unit(st, "A"), unit(st, "T"))
    st = make_state(
        [*base, {"name": "G1", "side": 0, "square": "F3"}, {"name": "G2", "side": 1, "square": "E4"}]
    )
    assert rules.in_cover(st, unit(st, "A"), unit(st, "T"))


def test_eva_4_4_and_amb_12_obstacle_anywhere_on_the_line_counts():
    """EVA-4.4, EVA-AMB-12: "behind an obstacle" means on the line; it does not matter which end the
    obstacle is nearer to."""
    for wall in ("J11", "J15"):
        st = make_state(
            [
                {"name": "S", "side": 0, "square": "J10", "weapons": ["rifle"]},
                {"name": "T", "side": 1, "square": "J16"},
            ],
            {wall: "y"},
        )
        start(st, "S")
        assert tn_of(play(st, 0, "S fire J16 rifle", [2])) == 5


def test_eva_4_6_and_amb_13_evas_on_the_line_give_cover_never_hide():
    """EVA-4.6, EVA-AMB-13 (EVA-19.4): a ground Eva (friend or enemy) on the line gives cover, never
    hides, even a kneeling target; an airborne Eva on the line gives nothing."""
    for side in (0, 1):
        st = make_state(
            [
                {"name": "S", "side": 0, "square": "J10", "weapons": ["rifle"]},
                {"name": "M", "side": side, "square": "J13"},
                {"name": "T", "side": 1, "square": "J16", "kneeling": True},
            ]
        )
        s, t = unit(st, "S"), unit(st, "T")
        assert rules.sees(st, s, t) and rules.in_cover(st, s, t)
        start(st, "S")
        assert tn_of(play(st, 0, "S fire J16 rifle", [2])) == 5
    st = make_state(
        [
            {"name": "S", "side": 0, "square": "J10", "weapons": ["rifle"]},
            {"name": "M", "side": 0, "square": "J13", "airborne": True, "equipment": ["wings"]},
            {"name": "T", "side": 1, "square": "J16"},
        ]
    )
    assert not rules.in_cover(st, unit(st, "S"), unit(st, "T"))


def test_eva_4_7_a_blue_hides_in_every_case():
    """EVA-4.7 (a): blue on the line hides O whatever the layers."""
    for s_air, t_air in ((False, False), (True, False), (False, True), (True, True)):
        st = make_state(
            [
                {"name": "S", "side": 0, "square": "J10", "airborne": s_air, "equipment": ["wings"]},
                {"name": "T", "side": 1, "square": "J16", "airborne": t_air, "equipment": ["wings"]},
            ],
            {"J12": "b"},
        )
        assert rules.hidden_from(st, unit(st, "T"), unit(st, "S"))
        assert not rules.sees(st, unit(st, "S"), unit(st, "T"))


def test_eva_4_7_b_ground_to_ground_hiding():
    """EVA-4.7 (b): between ground Evas, green or higher hides; yellow hides a kneeling Eva only."""
    cases = [
        ("g", False, True),
        ("g", True, True),
        ("y", False, False),
        ("y", True, True),
        ("r", True, False),
    ]
    for colour, kneel, hidden in cases:
        st = make_state(
            [
                {"name": "S", "side": 0, "square": "J10"},
                {"name": "T", "side": 1, "square": "J16", "kneeling": kneel},
            ],
            {"J12": colour},
        )
        assert rules.hidden_from(st, unit(st, "T"), unit(st, "S")) is hidden, (colour, kneel)


@pytest.mark.parametrize(
    ("wall", "colour", "kneel", "hidden"),
    [
        ("J15", "g", False, True),  # flush green on the line
        ("K15", "g", False, False),  # flush but not on the line (EVA-AMB-15)
        ("J13", "g", False, False),  # on the line, not flush: the flyer sees over it
        ("J15", "y", False, False),  # flush yellow, standing: visible and not in cover
        ("J15", "y", True, True),  # flush yellow, kneeling: hidden
        ("J15", "r", True, False),  # red never hides
        ("J13", "y", True, False),  # yellow not flush: visible even kneeling
    ],
)
def test_eva_4_7_c_and_amb_15_airborne_viewer_ground_target(wall, colour, kneel, hidden):
    """EVA-4.7 (c), EVA-AMB-15: from the air a ground Eva is hidden only by a green line square flush
    against it, or, if kneeling, by a flush yellow-or-green line square; otherwise it is seen and never
    in cover."""
    st = make_state(
        [
            {"name": "V", "side": 0, "square": "J10", "airborne": True, "equipment": ["wings"]},
            {"name": "O", "side": 1, "square": "J16", "kneeling": kneel},
        ],
        {wall: colour},
    )
    v, o = unit(st, "V"), unit(st, "O")
    assert rules.hidden_from(st, o, v) is hidden
    assert rules.sees(st, v, o) is (not hidden)
    if not hidden:
        assert not rules.in_cover(st, v, o)


def test_eva_4_7_d_airborne_target_hidden_only_by_blue():
    """EVA-4.7 (d): nothing but blue hides an airborne Eva; green on the line does not, and the ground
    viewer is seen back because that green is not flush against it (EVA-4.7 c)."""
    st = make_state(
        [
            {"name": "V", "side": 0, "square": "J10"},
            {"name": "O", "side": 1, "square": "J16", "airborne": True, "equipment": ["wings"]},
        ],
        {"J13": "g", "J14": "g"},
    )
    assert not rules.hidden_from(st, unit(st, "O"), unit(st, "V"))
    assert rules.sees(st, unit(st, "V"), unit(st, "O"))


def test_eva_4_8_mutual_visibility_kneeling_behind_yellow_cannot_shoot_out():
    """EVA-4.8, EVA-AMB-12: A sees B only if neither is hidden from the other; a kneeling Eva behind a
    yellow wall cannot shoot a standing enemy over it."""
    st = make_state(
        [
            {"name": "S", "side": 0, "square": "J10", "weapons": ["rifle"], "kneeling": True},
            {"name": "T", "side": 1, "square": "J16"},
        ],
        {"J13": "y"},
    )
    s, t = unit(st, "S"), unit(st, "T")
    assert not rules.hidden_from(st, t, s) and rules.hidden_from(st, s, t)
    assert not rules.sees(st, s, t) and not rules.sees(st, t, s)
    start(st, "S")
    before = snapshot(st)
    with pytest.raises(IllegalAction) as e:
        play(st, 0, "S fire J16 rifle")
    assert e.value.rule == "EVA-4.9" and snapshot(st) == before


def test_eva_4_9_sight_needed_for_shots_neutralisation_and_reach_melee_not_distance_1():
    """EVA-4.9: a ranged attack, an AT-neutralisation roll and a melee attack beyond distance 1 need
    sight; the Positron Cannon needs none; a melee attack at distance 1 never needs LOS."""
    terrain = {"F10": "g", "E11": "g"}  # both flanks of the E10-F11 corner: green pair
    st = make_state(
        [
            {"name": "A", "side": 0, "square": "E10", "weapons": ["replica", "rifle"], "hands": ["replica"]},
            {"name": "B", "side": 1, "square": "F11"},
        ],
        terrain,
    )
    start(st, "A")
    assert not rules.sees(st, unit(st, "A"), unit(st, "B"))
    for text in ("A melee F11", "A neutralise F11"):
        with pytest.raises(IllegalAction) as e:
            notation.parse_action(st, 0, text)
        assert e.value.rule == "EVA-4.9"
    unit(st, "B").square = idx("D10")  # distance 1: no line squares, never any LOS test
    assert isinstance(notation.parse_action(st, 0, "A melee D10"), actions.Melee)
    st = make_state(
        [
            {"name": "P", "side": 0, "square": "C5", "weapons": ["positron"]},
            {"name": "B", "side": 1, "square": "C13"},
        ],
        {"C9": "g"},
    )
    start(st, "P")
    assert not rules.sees(st, unit(st, "P"), unit(st, "B"))
    evs = play(st, 0, "P fire C13 positron", [1])
    assert tn_of(evs) == 5  # 4 medium + 1 not seen


def test_eva_4_10_blue_forbids_positron_and_jump_a_pair_is_blue_only_if_both_flanks():
    """EVA-4.10: blue on the line forbids a Positron Cannon shot and a jump; a corner pair counts as
    blue only when both flanks are blue."""
    st = make_state(
        [
            {"name": "P", "side": 0, "square": "C5", "weapons": ["positron"]},
            {"name": "B", "side": 1, "square": "C13"},
        ],
        {"C9": "b"},
    )
    start(st, "P")
    before = snapshot(st)
    with pytest.raises(IllegalAction) as e:
        play(st, 0, "P fire C13 positron")
    assert e.value.rule == "EVA-4.10" and snapshot(st) == before
    # jump A1 -> C3 passes the corner pairs (A2, B1) and (B3, C2)
    for terrain, ok in (({"A2": "b"}, True), ({"A2": "b", "B1": "b"}, False)):
        st = make_state(
            [
                {"name": "J", "side": 0, "square": "A1", "equipment": ["jumpjet"]},
                {"name": "Z", "side": 1, "square": "T30"},
            ],
            terrain,
        )
        start(st, "J")
        if ok:
            play(st, 0, "J jump C3")
            assert unit(st, "J").square == idx("C3")
        else:
            with pytest.raises(IllegalAction) as e:
                play(st, 0, "J jump C3")
            assert e.value.rule == "EVA-4.10"


def test_eva_4_11_a_hidden_target_is_never_in_cover():
    """EVA-4.11: cover is checked only for a seen target; a Positron shot at a kneeling Eva hidden by
    yellow gets +1 for not seen and no cover modifier (TN 5, not 6)."""
    st = make_state(
        [
            {"name": "P", "side": 0, "square": "C5", "weapons": ["positron"]},
            {"name": "B", "side": 1, "square": "C13", "kneeling": True},
        ],
        {"C11": "y", "C12": "r"},
    )
    start(st, "P")
    evs = play(st, 0, "P fire C13 positron", [1])
    assert tn_of(evs) == 5


def test_eva_4_12_when_a_target_is_in_cover():
    """EVA-4.12: standing target: yellow or a ground Eva on the line; kneeling target: a flush red line
    square or a ground Eva on the line (red not flush gives nothing); either Eva airborne: never."""

    def cover(terrain, kneel=False, s_air=False, t_air=False, extra=()):
        st = make_state(
            [
                {"name": "S", "side": 0, "square": "J10", "airborne": s_air, "equipment": ["wings"]},
                {
                    "name": "T",
                    "side": 1,
                    "square": "J16",
                    "kneeling": kneel,
                    "airborne": t_air,
                    "equipment": ["wings"],
                },
                *extra,
            ],
            terrain,
        )
        s, t = unit(st, "S"), unit(st, "T")
        assert rules.sees(st, s, t)
        return rules.in_cover(st, s, t)

    assert cover({"J12": "y"}) is True
    assert cover({"J12": "r"}) is False
    assert cover({}) is False
    assert cover({"J15": "r"}, kneel=True) is True
    assert cover({"J12": "r"}, kneel=True) is False
    assert cover({}, kneel=True, extra=[{"name": "M", "side": 0, "square": "J12"}]) is True
    assert cover({"J12": "y"}, s_air=True) is False
    assert cover({"J12": "y"}, t_air=True) is False


def test_eva_4_13_cover_adds_one_and_counts_once():
    """EVA-4.13: cover is +1 on the TN; a covered long-range target needs 6 (5 misses, 6 hits); several
    reasons for cover still count once."""
    st = make_state(
        [
            {"name": "S", "side": 0, "square": "J3", "weapons": ["rifle"]},
            {"name": "M", "side": 0, "square": "J10"},
            {"name": "T", "side": 1, "square": "J18"},
        ],
        {"J12": "y"},
    )
    start(st, "S")
    evs = play(st, 0, "S fire J18 rifle", [5])
    assert tn_of(evs) == 6 and not of(evs, ev.ShotRolled)[0].hit
    st = make_state(
        [
            {"name": "S", "side": 0, "square": "J3", "weapons": ["rifle"]},
            {"name": "M", "side": 0, "square": "J10"},
            {"name": "T", "side": 1, "square": "J18"},
        ],
        {"J12": "y"},
    )
    start(st, "S")
    evs = play(st, 0, "S fire J18 rifle", [6, 1])
    assert tn_of(evs) == 6 and of(evs, ev.ShotRolled)[0].hit and unit(st, "T").armour == 37


# ---------------------------------------------------------------------------
# EVA-EX-5
# ---------------------------------------------------------------------------
EX5_TERRAIN = {"J13": "y", "L12": "r", "I12": "r", "G10": "y", "M10": "g"}


def ex5_state(s_kneeling=False):
    return make_state(
        [
            {"name": "S", "side": 0, "square": "J10", "weapons": ["rifle"], "kneeling": s_kneeling},
            {"name": "F", "side": 0, "square": "L14"},
            {"name": "T1", "side": 1, "square": "J16"},
            {"name": "T2", "side": 1, "square": "M13", "kneeling": True},
            {"name": "T3", "side": 1, "square": "G16", "kneeling": True},
            {"name": "T4", "side": 1, "square": "E10", "kneeling": True, "weapons": ["rifle"]},
            {"name": "T5", "side": 1, "square": "P10"},
            {"name": "T6", "side": 1, "square": "N18"},
        ],
        EX5_TERRAIN,
    )


@pytest.mark.parametrize(
    ("target", "d2", "band", "crossed", "pairs", "seen", "cover", "tn"),
    [
        ("T1", 36, rules.MEDIUM, ["J11", "J12", "J13", "J14", "J15"], [], True, True, 5),
        (
            "T2",
            18,
            rules.CLOSE,
            ["K11", "L12"],
            [("K10", "J11"), ("L11", "K12"), ("M12", "L13")],
            True,
            True,
            4,
        ),
        (
            "T3",
            45,
            rules.MEDIUM,
            ["J11", "I11", "I12", "I13", "H13", "H14", "H15", "G15"],
            [],
            True,
            False,
            4,
        ),
        ("T4", 25, rules.CLOSE, ["I10", "H10", "G10", "F10"], [], False, False, None),
        ("T5", 36, rules.MEDIUM, ["K10", "L10", "M10", "N10", "O10"], [], False, False, None),
        (
            "T6",
            80,
            rules.MEDIUM,
            ["J11", "K11", "K12", "K13", "L13", "L14", "L15", "M15", "M16", "M17", "N17"],
            [],
            True,
            True,
            5,
        ),
    ],
)
def test_eva_ex_5_line_of_sight_cover_and_hiding(target, d2, band, crossed, pairs, seen, cover, tn):
    """EVA-EX-5: each target's D², band, line squares, seen/hidden, cover and TN as in the table."""
    st = ex5_state()
    s, t = unit(st, "S"), unit(st, target)
    assert rules.d2(s.square, t.square) == d2 and rules.band_of(d2) == band
    c, p = sight_line_reference(xy("J10"), xy(square_name(t.square % 20 + 1, t.square // 20 + 1)))
    assert names(c) == crossed
    assert sorted(map(sorted, pair_names(p))) == sorted(map(sorted, pairs))
    assert rules.sees(st, s, t) is seen and rules.sees(st, t, s) is seen
    start(st, "S")
    name = square_name(t.square % 20 + 1, t.square // 20 + 1)
    if seen:
        assert rules.in_cover(st, s, t) is cover
        evs = play(st, 0, f"S fire {name} rifle", [2])
        assert tn_of(evs) == tn
    else:
        before = snapshot(st)
        with pytest.raises(IllegalAction) as e:
            play(st, 0, f"S fire {name} rifle")
        assert e.value.rule == "EVA-4.9" and snapshot(st) == before


def test_eva_ex_5_t4_cannot_target_s_and_kneeling_variant():
    """EVA-EX-5: T4 (kneeling behind yellow G10) cannot target S either. Variant: if S kneels, T1 cannot
    be targeted, because S is hidden from T1 by yellow J13 and sight is mutual."""
    st = ex5_state()
    start(st, "T4")
    with pytest.raises(IllegalAction) as e:
        play(st, 1, "T4 fire J10 rifle")
    assert e.value.rule == "EVA-4.9"
    st = ex5_state(s_kneeling=True)
    s, t1 = unit(st, "S"), unit(st, "T1")
    assert rules.hidden_from(st, s, t1) and not rules.sees(st, s, t1)
    start(st, "S")
    with pytest.raises(IllegalAction) as e:
        play(st, 0, "S fire J16 rifle")
    assert e.value.rule == "EVA-4.9"
