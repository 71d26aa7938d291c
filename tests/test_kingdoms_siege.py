"""Three Kingdoms: watchtowers (TK-13) and sieges (TK-14)."""

from __future__ import annotations

import pytest

from engine.ruleset import IllegalAction
from engine.rulesets.kingdoms import RULESET
from engine.rulesets.kingdoms.events import CrewSet, Damage, MoraleRoll, SiegeEvent
from engine.rulesets.kingdoms.rules.board import board
from engine.rulesets.kingdoms.rules.siege import besieged, besiegers, under_siege
from tests.kingdoms_support import battle, damage, of, play, reg


def refused(st, text: str) -> str:
    with pytest.raises(IllegalAction) as info:
        RULESET.parse_action(st, st.active, text)
    return info.value.rule


def test_tk_13_1_the_crew_is_the_last_archers_to_fire_and_still_there():
    """TK-13.1, TK-AMB-56: S6 fires from the tower and becomes its crew; when S5 fires
    from it in a later phase, S5 is the crew; leaving the tower ends it."""
    st = battle(
        11,
        [
            reg("S5", "arch", 500, "B3", "Huang Zhong"),
            reg("S6", "arch", 300, "B3"),
            reg("S1", "inf", 1000, "B1"),
            reg("W2", "inf", 1000, "B5", "Xu Chu"),
            reg("W1", "inf", 1000, "B10", "Cao Ren"),
        ],
    )
    ev = play(st, ["S6 FIRE W2"], [5, 5])
    assert [(c.base, c.regiment) for c in of(ev, CrewSet)] == [("B3", "S6")] and st.crews == {"B3": "S6"}
    play(st, [], [])
    play(st, ["S5 FIRE W2"], [5, 5])
    assert st.crews == {"B3": "S5"}
    play(st, [], [])
    play(st, ["S5 MOVE B3-B1"], [])
    assert st.crews == {}


def test_tk_13_2_one_tower_fire_a_phase_and_none_with_an_enemy_on_the_tower():
    """TK-13.2: only one archer regiment fires from a tower in a phase; none while an
    enemy regiment stands on the tower base."""
    st = battle(
        11,
        [
            reg("S5", "arch", 500, "B3", "Huang Zhong"),
            reg("S6", "arch", 300, "B3"),
            reg("S1", "inf", 1000, "B1"),
            reg("W2", "inf", 1000, "B5", "Xu Chu"),
            reg("W1", "inf", 1000, "B10", "Cao Ren"),
        ],
    )
    play(st, ["S5 FIRE W2", "S6 FIRE W2"], [], ready=False)
    with pytest.raises(IllegalAction) as info:
        RULESET.apply(st, 0, RULESET.parse_action(st, 0, "READY"), None)
    assert info.value.rule == "TK-13.2"
    st = battle(
        11,
        [
            reg("S5", "arch", 500, "B3", "Huang Zhong"),
            reg("S1", "inf", 1000, "B1"),
            reg("W2", "inf", 1000, "B5", "Xu Chu"),
            reg("W4", "inf", 500, "B3", "Zhang Liao"),
            reg("W1", "inf", 1000, "B10", "Cao Ren"),
        ],
        control={"B3": 0},
    )
    assert refused(st, "S5 FIRE W2") == "TK-4.2"


def test_tk_13_3_only_the_crew_is_a_target_and_no_screen_takes_the_fire_tk_amb_57():
    """TK-13.3, TK-AMB-57, TK-8.1: from an adjacent base archers may fire only at the crew
    (T = 2, the crew first with at most 300 men); an infantry screen never takes it."""
    st = battle(
        12,
        [
            reg("S5", "arch", 500, "B3", "Huang Zhong"),
            reg("S6", "arch", 300, "B3"),
            reg("S1", "inf", 1000, "B3", screen="S5", screen_phase=12),
            reg("W5", "arch", 500, "B5", "Xiahou Yuan"),
            reg("W1", "inf", 1000, "B10", "Cao Ren"),
        ],
    )
    st.crews["B3"] = "S5"
    assert refused(st, "W5 FIRE S6") == "TK-4.2"
    ev = play(st, ["W5 FIRE S5"], [5, 5, 5, 5])
    assert [(d.dealer, d.victim, d.n, d.t, d.raw) for d in of(ev, Damage)] == [
        ("S5", "W5", 300, 1, 75),
        ("W5", "S5", 425, 2, 53),
    ]


def test_tk_14_1_tk_14_2_a_fortress_is_under_siege_while_its_gates_stand_and_an_enemy_is_adjacent_tk_amb_58():
    """TK-14.1, TK-14.2, TK-AMB-58: gates of 6 hit points, the scenario's ballistas, a
    wall tower; besieged: the controller's regiments inside; besiegers: the enemy
    regiments on adjacent bases."""
    st = battle(
        9,
        [
            reg("S2", "inf", 1000, "B9", "Guan Yu"),
            reg("S1", "inf", 1000, "B1"),
            reg("W1", "inf", 1000, "B10", "Cao Ren"),
            reg("W6", "arch", 300, "B10"),
        ],
    )
    bd = board(st)
    fort = st.fortresses["B10"]
    assert (fort.gates, fort.ballistas, fort.wall_tower) == (6, ["Ballista 1", "Ballista 2"], True)
    assert under_siege(st, bd, "B10") and [r.id for r in besiegers(st, bd, "B10")] == ["S2"]
    assert [r.id for r in besieged(st, "B10")] == ["W1", "W6"]
    fort.gates = 0
    assert not under_siege(st, bd, "B10") and besiegers(st, bd, "B10") == []


def test_tk_14_3_no_attack_into_or_out_of_the_fortress_while_the_gates_stand():
    """TK-14.3: no attack on a regiment in the fortress; a besieged regiment may not attack
    out, but may move out."""
    st = battle(
        9,
        [
            reg("S2", "inf", 1000, "B9", "Guan Yu"),
            reg("S1", "inf", 1000, "B1"),
            reg("W1", "inf", 1000, "B10", "Cao Ren"),
            reg("W3", "cav", 500, "B10", "Xiahou Dun"),
        ],
    )
    assert refused(st, "S2 ATTACK W1 B9-B10") == "TK-14.3"
    play(st, [], [])
    assert refused(st, "W3 ATTACK S2 B10-B9") == "TK-14.3"
    RULESET.check(st, 1, RULESET.parse_action(st, 1, "W3 MOVE B10-B8"))


def test_tk_14_4_one_ram_per_fortress_built_only_by_a_besieger_tk_amb_61():
    """TK-14.4, TK-AMB-61: only a besieging regiment builds a ram; one ram at a time."""
    st = battle(
        15,
        [
            reg("S2", "inf", 1000, "B8", "Guan Yu"),
            reg("S3", "cav", 500, "B9", "Zhang Fei"),
            reg("S1", "inf", 1000, "B1"),
            reg("W1", "inf", 1000, "B10", "Cao Ren"),
        ],
    )
    assert refused(st, "S1 BUILD RAM B10") == "TK-14.4"
    play(st, ["S2 BUILD RAM B10", "S3 BUILD RAM B10"], [], ready=False)
    with pytest.raises(IllegalAction) as info:
        RULESET.apply(st, 0, RULESET.parse_action(st, 0, "READY"), None)
    assert info.value.rule == "TK-14.4"
    RULESET.apply(st, 0, RULESET.parse_action(st, 0, "CANCEL S3"), None)
    play(st, [], [])
    play(st, [], [4, 1])  # both ballistas hit the ram: 6 -> 2 -> 1
    assert (st.fortresses["B10"].ram, st.fortresses["B10"].ram_ready) == (1, True)
    assert refused(st, "S3 BUILD RAM B10") == "TK-14.4"


def test_tk_14_8_the_wall_tower_fires_like_a_watchtower_until_the_gates_fall_tk_amb_59():
    """TK-14.8, TK-AMB-59: besieged archers fire from the wall tower at a besieger (no
    counter-attack, at most 300 men) and become its crew; once the gates are down the
    wall tower is no more."""
    st = battle(
        10,
        [
            reg("S2", "inf", 1000, "B9", "Guan Yu"),
            reg("S1", "inf", 1000, "B1"),
            reg("W5", "arch", 500, "B10", "Xiahou Yuan"),
            reg("W1", "inf", 1000, "B10", "Cao Ren"),
        ],
    )
    ev = play(st, ["W5 FIRE S2"], [5, 5])
    assert damage(ev) == [("W5", "S2", 300, 10, 100, 8, 1, 60, 940)]
    assert of(ev, Damage)[0].variant == "c" and st.fortresses["B10"].crew == "W5"
    st.fortresses["B10"].gates = 0
    play(st, [], [])
    assert refused(st, "W5 FIRE S2") == "TK-4.2"


def test_tk_14_9_a_siege_lifted_by_choice_gives_m15_and_removes_the_ram_tk_amb_62():
    """TK-14.9, TK-AMB-62, TK-10.6: the only besieger moves away by its own order: the
    siege ends, the ram is removed, and the besieged regiments gain 2d10+10 (M15),
    rolled after the control events of step 7a (S2 took the Fan garrison: M3)."""
    st = battle(
        15,
        [
            reg("S2", "inf", 1000, "B9", "Guan Yu"),
            reg("S1", "inf", 1000, "B1"),
            reg("W1", "inf", 1000, "B10", "Cao Ren"),
            reg("W6", "arch", 300, "B10"),
        ],
    )
    st.fortresses["B10"].ram, st.fortresses["B10"].ram_ready = 6, True
    ev = play(st, ["S2 MOVE B9-B6"], [1, 5, 2, 3, 4, 3])
    assert [e.what for e in of(ev, SiegeEvent)] == [
        "ram-strike",
        "ram-removed",
        "siege-ended",
        "siege-lifted",
    ]
    assert st.fortresses["B10"].gates == 5
    assert [(m.regiment, m.code, m.delta) for m in of(ev, MoraleRoll)] == [
        ("S2", "M3", 10),
        ("W1", "M15", 15),
        ("W6", "M15", 17),
    ]
    assert st.fortresses["B10"].ram == 0
