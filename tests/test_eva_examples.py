"""Worked examples of eva.md section 4, with their exact dice and values."""

import pytest

from engine.ruleset import IllegalAction
from engine.rulesets.eva import events as ev
from engine.rulesets.eva import rules
from tests.eva_support import idx, make_state, of, play, snapshot, start, unit


def test_eva_ex_1_forum_example_move_then_shot_with_targeting_reroll():
    """EVA-EX-1: E4→B6 for 8 energy; medium shot in cover, TN 5; dice 3 then re-roll 5 hit; AT-2 loses 3."""
    st = make_state(
        [
            {"name": "Eva-4", "side": 0, "square": "E4", "weapons": ["rifle"], "equipment": ["targeting"]},
            {"name": "Eva-2", "side": 1, "square": "B12", "at": 2},
        ],
        {"B9": "y"},
    )
    start(st, "Eva-4")
    assert unit(st, "Eva-4").energy == 12
    evs = play(st, 0, "Eva-4 E4-B6")
    assert of(evs, ev.Moved)[0].path[0] == "E4" and of(evs, ev.Moved)[0].path[-1] == "B6"
    assert unit(st, "Eva-4").energy == 4
    evs = play(st, 0, "Eva-4 fire B12 rifle", [3, 5])
    odds = of(evs, ev.AttackOdds)[0]
    assert odds.tn == 5 and odds.to == (0,)
    shot = of(evs, ev.ShotRolled)[0]
    assert shot.dice == [3, 5] and shot.hit and not shot.candidate and shot.raw == 5
    assert unit(st, "Eva-2").armour == 37
    assert unit(st, "Eva-4").energy == 1
    dmg = of(evs, ev.DamageTaken)[0]
    assert dmg.to == (1,) and dmg.lost == 3 and dmg.armour == 37
    assert "Revealed" in {type(e).__name__ for e in evs}  # the re-roll shows the Targeting System


def test_eva_ex_2_range_bands_and_zero_damage_bands():
    """EVA-EX-2: pistol at T2 (D² 26, medium) 3 damage; rocket at T3 (long) 8; pistol long and rocket close refused."""
    st = make_state(
        [
            {"name": "A", "side": 0, "square": "C3", "weapons": ["pistol", "rocket"]},
            {"name": "T1", "side": 1, "square": "H3"},
            {"name": "T2", "side": 1, "square": "H4", "at": 1},
            {"name": "T3", "side": 1, "square": "C16", "at": 3},
        ]
    )
    start(st, "A")
    before = snapshot(st)
    with pytest.raises(IllegalAction) as e:
        play(st, 0, "A fire H3 rocket")
    assert e.value.rule == "EVA-10.3" and snapshot(st) == before
    with pytest.raises(IllegalAction):
        play(st, 0, "A fire C16 pistol")
    play(st, 0, "A fire H4 pistol", [4])
    play(st, 0, "A fire C16 rocket", [5])
    assert unit(st, "T2").armour == 38 and unit(st, "T3").armour == 35
    assert unit(st, "A").energy == 7
    with pytest.raises(IllegalAction) as e:
        play(st, 0, "A fire H4 pistol")
    assert e.value.rule == "EVA-10.1"
    assert rules.band_of(rules.d2(idx("C3"), idx("H4"))) == rules.MEDIUM


@pytest.mark.parametrize(
    ("extra", "airborne", "faces", "armour"),
    [
        ({}, False, [6, 4], 33),
        ({}, False, [6, 1], 38),
        ({"equipment": ["anatomy"]}, False, [6], 33),
        ({"equipment": ["targeting"]}, False, [6, 2], 38),
        ({"equipment": ["wings"]}, True, [6, 4], 38),
    ],
)
def test_eva_ex_3_critical_hit_and_variants(extra, airborne, faces, armour):
    """EVA-EX-3: 6 then confirmation 4 doubles 5 to 10 (T loses 7); (b) conf 1 fails; (c) Combat Anatomy;
    (d) Targeting System never re-rolls the confirmation; (e) both airborne, TN 5, conf 4 fails."""
    b = {"name": "B", "side": 0, "square": "F10", "weapons": ["rifle"], **extra}
    t = {"name": "T", "side": 1, "square": "F14", "at": 3}
    if airborne:
        b["airborne"] = True
        t["airborne"] = True
        t["equipment"] = ["wings"]
    st = make_state([b, t])
    start(st, "B")
    play(st, 0, "B fire F14 rifle", faces)
    assert unit(st, "T").armour == armour
    assert unit(st, "B").energy == 9
