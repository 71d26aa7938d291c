"""Three Kingdoms: screening by infantry (TK-8)."""

from __future__ import annotations

import pytest

from engine.rulesets.kingdoms import RULESET
from engine.rulesets.kingdoms.events import Damage, Redirected
from tests.kingdoms_support import battle, of, play, reg


def _screened(screens, attackers, orders, faces):
    regs = [reg("S5", "arch", 500, "B6", "Huang Zhong"), reg("S9", "inf", 300, "B1")]
    for n, (target, release) in screens.items():
        regs.append(reg(n, "inf", 1000, "B6", screen=target, screen_phase=10, screen_release=release))
    st = battle(10, regs + attackers + [reg("W1", "inf", 1000, "B10", "Cao Ren")])
    ev = play(st, orders, faces, leftover=True)
    return st, ev


def test_tk_8_4_one_direction_the_earlier_screen_takes_every_attack():
    """TK-8.4, TK-8.1: two infantry screen S5 and the attacks come from one base: the
    earlier in roster order (S1) takes them."""
    st, ev = _screened(
        {"S1": ("S5", False), "S2": ("S5", False)},
        [reg("W3", "cav", 500, "B8", "Xiahou Dun")],
        ["W3 ATTACK S5 B8-B6"],
        [5] * 20,
    )
    assert [(r.declared, r.screen) for r in of(ev, Redirected)] == [("S5", "S1")]


def test_tk_8_4_two_directions_with_two_screens_on_one_regiment_split_by_direction_tk_amb_46():
    """TK-8.4 exception, TK-AMB-46: two directions (B2, B3), exactly two infantry
    screening S5 on the HQ: S1 (earlier) takes the attacks on S5 from the first
    attack's direction (B2), S2 those from the other. (Four attacks are needed so that
    S5 may be named twice, TK-4.3: only a base holding more than three can see it.)"""
    regs = [
        reg("S5", "arch", 500, "B1", "Huang Zhong"),
        reg("S1", "inf", 1000, "B1", screen="S5", screen_phase=10),
        reg("S2", "inf", 1000, "B1", "Guan Yu", screen="S5", screen_phase=10),
        reg("W3", "cav", 500, "B2", "Xiahou Dun"),
        reg("W4", "cav", 500, "B2", "Zhang Liao"),
        reg("W2", "inf", 1000, "B3", "Xu Chu"),
        reg("W6", "inf", 500, "B3"),
        reg("W1", "inf", 1000, "B10", "Cao Ren"),
    ]
    st = battle(10, regs)
    ev = play(
        st,
        ["W3 ATTACK S5 B2-B1", "W4 ATTACK S1 B2-B1", "W2 ATTACK S2 B3-B1", "W6 ATTACK S5 B3-B1"],
        [5] * 40,
        leftover=True,
    )
    assert [(r.attacker, r.screen) for r in of(ev, Redirected)] == [("W3", "S1"), ("W6", "S2")]


def test_tk_8_4_two_directions_cancel_a_single_screen():
    """TK-8.4: attacks on the base from two directions cancel every other screen there."""
    st, ev = _screened(
        {"S1": ("S5", False)},
        [reg("W3", "cav", 500, "B8", "Xiahou Dun"), reg("W4", "cav", 500, "B9", "Zhang Liao")],
        ["W3 ATTACK S5 B8-B6", "W4 ATTACK S1 B9-B6"],
        [5] * 20,
    )
    assert not of(ev, Redirected)
    assert [d.victim for d in of(ev, Damage) if d.kind == "attack"] == ["S5", "S1"]


@pytest.mark.parametrize("release, victim, counters", [(False, "S1", []), (True, "S5", ["S5"])])
def test_tk_8_5_absorb_or_release_against_archers(release, victim, counters):
    """TK-8.5, TK-4.5 row 4: absorbed, the archers' attack hits the infantry and nobody
    counter-attacks; released, it hits S5, which answers."""
    st, ev = _screened(
        {"S1": ("S5", release)},
        [reg("W5", "arch", 500, "B5", "Xiahou Yuan")],
        ["W5 ATTACK S5 B5-B6"],
        [5] * 10,
    )
    d = of(ev, Damage)
    assert d[0].victim == victim and d[0].variant == ("b" if release else "c")
    assert [x.dealer for x in d if x.kind == "counter"] == counters


def test_tk_8_1_a_panicking_screen_does_not_work():
    """TK-8.1: the screen works only while the infantry is not panicking."""
    st = battle(
        10,
        [
            reg("S5", "arch", 500, "B6", "Huang Zhong"),
            reg("S9", "inf", 300, "B1"),
            reg("S1", "inf", 1000, "B6", screen="S5", screen_phase=10, panic_from=10, panic_until=11),
            reg("W3", "cav", 500, "B8", "Xiahou Dun"),
            reg("W1", "inf", 1000, "B10", "Cao Ren"),
        ],
    )
    ev = play(st, ["W3 ATTACK S5 B8-B6"], [5] * 8, leftover=True)
    assert not of(ev, Redirected) and of(ev, Damage)[0].victim == "S5"


def test_tk_13_4_a_screened_tower_crew_adds_its_counter_attack_with_at_most_300_men():
    """TK-13.4, TK-8.3, TK-5.2: the screened regiment is the tower's crew (400 men): its
    extra counter-attack strikes with 300."""
    st = battle(
        10,
        [
            reg("S5", "arch", 500, "B3", "Huang Zhong", strength=400),
            reg("S1", "inf", 1000, "B3", screen="S5", screen_phase=10),
            reg("W2", "inf", 1000, "B2", "Xu Chu"),
            reg("W1", "inf", 1000, "B10", "Cao Ren"),
        ],
    )
    st.crews["B3"] = "S5"
    ev = play(st, ["W2 ATTACK S5 B2-B3"], [5] * 10, leftover=True)
    assert [(d.dealer, d.kind, d.n) for d in of(ev, Damage)] == [
        ("W2", "attack", 1000),
        ("S1", "counter", 1000),
        ("S5", "extra", 300),
    ]


def _preview_and_hit(regs, order, faces):
    """The victim the attack preview names for ``order`` (notation, Wei to write) and
    the regiment the resolved attack actually hits."""
    st = battle(10, regs)
    action = RULESET.parse_action(st, 1, order)
    named = RULESET.preview(st, 1, action).attack.victim
    ev = play(st, [order], faces, leftover=True)
    return named, next(d.victim for d in of(ev, Damage) if d.kind == "attack")


def test_tk_8_4_the_preview_names_the_regiment_resolution_hits_with_three_screens():
    """TK-8.4, TK-8.1: with three infantry set to screen S5 on the headquarters
    (more than TK-8.1 allows, made up directly) and the first two in roster order panicking, only the two
    earliest are screens that may take the attack: neither works, so the attack hits
    S5. The preview says so too, and does not name the third."""
    regs = [
        reg("S5", "arch", 500, "B1", "Huang Zhong"),
        reg("S1", "inf", 1000, "B1", screen="S5", screen_phase=10, panic_from=10, panic_until=11),
        reg("S2", "inf", 1000, "B1", screen="S5", screen_phase=10, panic_from=10, panic_until=11),
        reg("S3", "inf", 1000, "B1", screen="S5", screen_phase=10),
        reg("W3", "cav", 500, "B2", "Xiahou Dun"),
        reg("W1", "inf", 1000, "B10", "Cao Ren"),
    ]
    assert _preview_and_hit(regs, "W3 ATTACK S5 B2-B1", [5] * 20) == ("S5", "S5")


@pytest.mark.parametrize("release, hit", [(False, "S2"), (True, "S5")])
def test_tk_8_5_the_preview_of_archers_follows_a_panicking_first_screen(release, hit):
    """TK-8.1, TK-8.4, TK-8.5: the earlier screen S1 panics; the other, S2, takes the
    archers' attack when it absorbs; set to release, the attack hits S5 itself. The
    preview names the same regiment as the resolution."""
    regs = [
        reg("S5", "arch", 500, "B6", "Huang Zhong"),
        reg("S9", "inf", 300, "B1"),
        reg("S1", "inf", 1000, "B6", screen="S5", screen_phase=10, panic_from=10, panic_until=11),
        reg("S2", "inf", 1000, "B6", screen="S5", screen_phase=10, screen_release=release),
        reg("W5", "arch", 500, "B5", "Xiahou Yuan"),
        reg("W1", "inf", 1000, "B10", "Cao Ren"),
    ]
    assert _preview_and_hit(regs, "W5 ATTACK S5 B5-B6", [5] * 20) == (hit, hit)
