"""Three Kingdoms: morale (TK-10), merging (TK-15), panic (TK-16), stratagems (TK-17)."""

from __future__ import annotations

import pytest

from engine.ruleset import IllegalAction
from engine.rulesets.kingdoms import RULESET
from engine.rulesets.kingdoms.events import (
    CardPlayed,
    Damage,
    Merged,
    MoraleRecorded,
    MoraleRoll,
    Panic,
    Threshold,
)
from tests.kingdoms_support import battle, of, play, reg, unit


def refused(st, text: str) -> str:
    with pytest.raises(IllegalAction) as info:
        RULESET.parse_action(st, st.active, text)
    return info.value.rule


def test_tk_10_3_deferred_changes_wait_for_step_7b_tk_amb_27():
    """TK-10.3, TK-AMB-27: S2 crosses half its men in step 5b (M6 recorded); its
    counter-attack at 5c still uses morale 100; the change comes at 7b."""
    st = battle(
        10,
        [
            reg("S2", "inf", 1000, "B6", "Guan Yu", strength=600),
            reg("S1", "inf", 1000, "B1"),
            reg("W3", "cav", 500, "B8", "Xiahou Dun"),
            reg("W1", "inf", 1000, "B10", "Cao Ren"),
        ],
    )
    ev = play(st, ["W3 ATTACK S2 B8-B6"], [5, 5, 5, 5, 4])
    assert [(t.regiment, t.code) for t in of(ev, Threshold)] == [("S2", "M6")]
    counter = [d for d in of(ev, Damage) if d.kind == "counter"][0]
    assert (counter.m, counter.raw) == (100, 150)
    assert [(m.regiment, m.code, m.delta) for m in of(ev, MoraleRoll)] == [("S2", "M6", -9)]
    assert unit(st, "S2").morale == 91


def test_tk_10_4_m4_an_attack_on_the_garrison_fully_repelled_tk_amb_30():
    """TK-10.4 M4, TK-18.1, TK-AMB-30: W3 attacks the Shu garrison and is destroyed by the
    counter-attack; Shu still holds it and no Wei regiment stands on it: M5 (recorded in
    the phase) then M4 (at step 7a), each d10+5."""
    st = battle(
        10,
        [
            reg("S2", "inf", 1000, "B6", "Guan Yu"),
            reg("S1", "inf", 1000, "B1"),
            reg("W3", "cav", 500, "B8", "Xiahou Dun", strength=20, half=True, three_quarters=True),
            reg("W1", "inf", 1000, "B10", "Cao Ren"),
        ],
    )
    ev = play(st, ["W3 ATTACK S2 B8-B6"], [1, 1, 5, 5, 3, 4])
    assert [(m.regiment, m.code, m.delta) for m in of(ev, MoraleRoll)] == [("S2", "M5", 8), ("S2", "M4", 9)]
    assert unit(st, "S2").morale == 117 and st.control["B6"] == 0


def test_tk_10_5_each_threshold_once_per_battle_tk_amb_28():
    """TK-10.5, TK-AMB-28: a regiment already past half its men (flag set) records no second
    M6 when it loses more; crossing three quarters then records M7, once."""
    st = battle(
        9,
        [
            reg("S2", "inf", 1000, "B6", "Guan Yu"),
            reg("S1", "inf", 1000, "B1"),
            reg("W2", "inf", 1000, "B6", "Xu Chu", strength=400, half=True),
        ],
        control={"B6": 1},
    )
    ev = play(st, ["S2 ATTACK W2"], [5, 5, 1, 1, 2, 3])
    assert [(d.victim, d.after) for d in of(ev, Damage)] == [("W2", 200), ("S2", 980)]
    assert [(t.regiment, t.code) for t in of(ev, Threshold)] == [("W2", "M7")]
    assert [(m.regiment, m.code, m.delta) for m in of(ev, MoraleRoll)] == [("W2", "M7", -15)]
    ev = play(st, [], [])
    ev = play(st, ["S2 ATTACK W2"], [5, 5, 1, 1], leftover=True)
    assert of(ev, Threshold) == []


def test_tk_15_1_tk_15_2_a_merge_keeps_the_higher_morale_commander_capped_at_his_initial_tk_amb_55():
    """TK-15.1, TK-15.2, TK-AMB-55: two infantry regiments below strength on one base
    merge at step 3b; Guan Yu (morale 120) keeps command, id, initial and flags;
    700 + 500 men are capped at 1000 (200 dismissed); S1 leaves the map, not destroyed."""
    st = battle(
        9,
        [
            reg("S1", "inf", 1000, "B2", strength=500, morale=90),
            reg("S2", "inf", 1000, "B2", "Guan Yu", strength=700, morale=120, half=False),
            reg("S9", "inf", 300, "B1"),
            reg("W1", "inf", 1000, "B10", "Cao Ren"),
        ],
    )
    ev = play(st, ["S1 MERGE S2"], [])
    assert [(m.keeper, m.absorbed, m.strength, m.dismissed, m.morale) for m in of(ev, Merged)] == [
        ("S2", "S1", 1000, 200, 120)
    ]
    s1, s2 = unit(st, "S1"), unit(st, "S2")
    assert (s1.on_map, s1.gone) == (False, "merged") and (s2.strength, s2.initial, s2.morale) == (
        1000,
        1000,
        120,
    )
    assert not of(ev, MoraleRecorded)


def test_tk_15_1_merge_conditions():
    """TK-15.1, TK-AMB-68: same base, same type and mounted state, both below strength,
    neither panicking."""
    st = battle(
        9,
        [
            reg("S1", "inf", 1000, "B2", strength=500),
            reg("S2", "inf", 1000, "B2", "Guan Yu"),
            reg("S3", "cav", 500, "B2", "Zhang Fei", strength=200),
            reg("S6", "inf", 300, "B1", strength=100),
            reg("S4", "inf", 300, "B2", strength=100, panic_from=9, panic_until=10),
            reg("W1", "inf", 1000, "B10", "Cao Ren"),
        ],
    )
    assert refused(st, "S1 MERGE S2") == "TK-15.1"  # S2 at full strength
    assert refused(st, "S1 MERGE S3") == "TK-15.1"  # another type
    assert refused(st, "S1 MERGE S6") == "TK-15.1"  # another base
    assert refused(st, "S1 MERGE S4") == "TK-16.3"  # panicking


def test_tk_15_3_equal_morale_the_active_side_chooses_who_keeps_command():
    """TK-15.3, TK-2.6: with equal morale the active side is asked (default: the earlier
    in roster order); it chooses S2."""
    st = battle(
        9,
        [
            reg("S1", "inf", 1000, "B2", strength=500),
            reg("S2", "inf", 1000, "B2", "Guan Yu", strength=300),
            reg("S9", "inf", 300, "B1"),
            reg("W1", "inf", 1000, "B10", "Cao Ren"),
        ],
    )
    asked = []

    def answer(state):
        d = RULESET.decision(state, state.pending.seat)
        asked.append((d.seat, d.rule, [c.notation for c in d.choices], d.default))
        return "KEEP S2"

    ev = play(st, ["S2 MERGE S1"], [], answers=answer)
    assert asked == [(0, "TK-15.3", ["KEEP S1", "KEEP S2"], 0)]
    assert [(m.keeper, m.absorbed, m.strength) for m in of(ev, Merged)] == [("S2", "S1", 800)]


def test_tk_16_2_tk_16_3_tk_16_5_panic_begins_at_step_0_gives_x1_no_counter_and_ends_tk_amb_54():
    """TK-16.2, TK-16.3, TK-16.5, TK-AMB-54, TK-AMB-68: panic begins at step 0 of the next
    phase; attacks on the panicking regiment meet no counter-attack and get X1; it ends
    with phase p+2."""
    st = battle(
        11,
        [
            reg("S2", "inf", 1000, "B6", "Guan Yu", panic_from=12, panic_until=13),
            reg("S1", "inf", 1000, "B1"),
            reg("W2", "inf", 1000, "B8", "Xu Chu"),
            reg("W1", "inf", 1000, "B10", "Cao Ren"),
        ],
    )
    ev = play(st, [], [])
    assert [(p.regiment, p.what) for p in of(ev, Panic)] == [("S2", "begins")]
    ev = play(st, ["W2 ATTACK S2 B8-B6"], [5, 5])
    d = of(ev, Damage)
    assert [(x.variant, x.mods, x.mt, x.raw) for x in d] == [("c", ("P3", "X1"), 9, 225)]
    ev = play(st, [], [1] * 8, leftover=True)
    assert [(p.regiment, p.what) for p in of(ev, Panic)] == [("S2", "ends")]
    assert not unit(st, "S2").panicking(14) and unit(st, "S2").base != "B6"


def test_tk_17_1_an_ordered_stratagem_card_tk_amb_32():
    """TK-17.1, TK-AMB-32: Fire in the Bamboo, played by a Wei regiment led by a named
    officer on a base adjacent to B2, costs every Shu regiment on B2 2d10 morale at once
    (in roster order); its one use is spent."""
    st = battle(
        4,
        [
            reg("S2", "inf", 1000, "B2", "Guan Yu"),
            reg("S3", "cav", 500, "B2", "Zhang Fei"),
            reg("S1", "inf", 1000, "B1"),
            reg("W2", "inf", 1000, "B4", "Xu Chu"),
            reg("W6", "arch", 300, "B4" if False else "B7"),
            reg("W1", "inf", 1000, "B10", "Cao Ren"),
        ],
    )
    assert refused(st, "W6 STRATAGEM Fire in the Bamboo") == "TK-17.1"  # no named officer
    assert refused(st, "W1 STRATAGEM C2") == "TK-17.1"  # not adjacent to B2
    assert refused(st, "W2 STRATAGEM Ambush on the Goat Trail") == "TK-17.1"  # Shu's card
    ev = play(st, ["W2 STRATAGEM Fire in the Bamboo"], [3, 4, 10, 10])
    assert [(c.card, c.by, c.targets) for c in of(ev, CardPlayed)] == [
        ("Fire in the Bamboo", "W2", ("S2", "S3"))
    ]
    assert [(m.regiment, m.code, m.delta, m.after) for m in of(ev, MoraleRoll)] == [
        ("S2", "M1", -7, 93),
        ("S3", "M1", -20, 80),
    ]
    assert st.uses["C2"] == 0


def test_tk_17_2_a_card_has_no_effect_but_morale_and_only_scenario_cards_exist_tk_amb_16():
    """TK-17.2, TK-AMB-16: playing a card changes morale and nothing else (no men lost);
    a card the scenario does not grant cannot be named."""
    st = battle(
        4,
        [
            reg("S2", "inf", 1000, "B2", "Guan Yu"),
            reg("S1", "inf", 1000, "B1"),
            reg("W2", "inf", 1000, "B4", "Xu Chu"),
            reg("W1", "inf", 1000, "B10", "Cao Ren"),
        ],
    )
    with pytest.raises(IllegalAction):
        RULESET.parse_action(st, 1, "W2 STRATAGEM Chained Ships")
    play(st, ["W2 STRATAGEM C2"], [1, 1])
    assert [(r.id, r.strength) for r in st.regiments] == [
        ("S2", 1000),
        ("S1", 1000),
        ("W2", 1000),
        ("W1", 1000),
    ]
    assert unit(st, "S2").morale == 98
