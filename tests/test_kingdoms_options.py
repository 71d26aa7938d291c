"""Three Kingdoms: what a UI and a bot are given (options per regiment, the exact
preview of an attack, decisions through the seat), and the game driven through
seats and saves."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from engine.dice import fixed_entropy
from engine.game import Game
from engine.rulesets.kingdoms import RULESET
from engine.rulesets.kingdoms.actions import Attack, Defend, Move
from engine.rulesets.kingdoms.events import Damage
from engine.rulesets.kingdoms.options import DecisionOptions, OrderOptions, Waiting
from engine.rulesets.kingdoms.scenario import load_bundled
from engine.rulesets.kingdoms.state import Setup
from tests.kingdoms_support import battle, of, play, reg


def test_options_list_every_regiments_orders_with_targets_and_previews_tk_2_5():
    """TK-2.5, TK-5: per regiment its legal orders (each an action to submit); each attack
    with its target, victim, variant, modifiers and exact expected losses; the other
    side is told only who decides."""
    st = battle(
        6,
        [
            reg("S3", "cav", 500, "B4", "Zhang Fei"),
            reg("S1", "inf", 1000, "B1"),
            reg("W2", "inf", 1000, "B6", "Xu Chu"),
            reg("W5", "arch", 500, "B6", "Xiahou Yuan"),
            reg("W1", "inf", 1000, "B10", "Cao Ren"),
        ],
    )
    opts = RULESET.options(st, 1)
    assert isinstance(opts, OrderOptions) and opts.ready and opts.orders == ()
    w2 = next(r for r in opts.regiments if r.regiment == "W2")
    assert Defend(regiment="W2") in w2.defend and Defend(regiment="W2", screen="W5") in w2.defend
    assert Move(regiment="W2", path=("B6", "B8")) in w2.moves
    assert [a.notation for a in w2.attacks] == ["W2 ATTACK S3 B6-B4"]
    pv = w2.attacks[0].preview
    # TK-EX-1's attack: losses 25·R men, R the 2d10; expected 275; S3's counter 15·R, expected 165
    assert (pv.victim, pv.variant, pv.mods, pv.mt, pv.n, pv.m) == ("S3", "a", (), 10, 1000, 100)
    assert pv.losses[0] == (50, Fraction(1, 100)) and pv.losses[-1] == (500, Fraction(1, 100))
    assert pv.expected == 275 and pv.counter == 165
    assert RULESET.options(st, 0) == Waiting(seat=1)
    assert RULESET.preview(st, 1, Attack(regiment="W2", target="S3", path=("B6", "B4"))).attack == pv
    assert RULESET.preview(st, 1, Move(regiment="W2", path=("B6", "B5", "B3"))).problem.rule == "TK-3.1"


def test_a_decision_is_put_to_the_seat_that_must_answer_through_its_seat_tk_2_6():
    """TK-2.6: the challenged side's seat is asked, with the default for automated play;
    its options are the decision's choices; it answers through the seat."""
    st = battle(
        7,
        [
            reg("S3", "cav", 500, "B4", "Zhang Fei"),
            reg("S1", "inf", 1000, "B1"),
            reg("W3", "cav", 500, "B6", "Xiahou Dun"),
            reg("W1", "inf", 1000, "B10", "Cao Ren"),
        ],
    )
    game = Game(RULESET, Setup(scenario=st.scenario), seed=b"d", entropy=fixed_entropy(b"d"))
    game.state = st
    shu, wei = game.seats()
    shu.submit("S3 CHALLENGE Xiahou Dun")
    assert wei.decision() is None and shu.check(RULESET.parse_action(st, 0, "READY")) is None
    shu.submit("READY")
    assert game.to_act() == {1} and shu.decision() is None
    d = wei.decision()
    assert d.seat == 1 and d.default == 0 and d.rule == "TK-11.3"
    assert isinstance(wei.options(), DecisionOptions) and wei.options().choices == ("accept", "refuse")
    wei.submit(d.choices[d.default].action)
    assert game.state.pending is None or game.state.pending.kind == "retreat"


def test_a_saved_battle_replays_to_the_same_state_tk_19_1(tmp_path):
    """TK-19.1: a battle saved in the middle (a decision waiting or orders being written)
    loads back by replaying its record to the identical state; its notation, rolls and
    snapshot verify."""
    rng = random.Random(4)
    game = Game(RULESET, RULESET.random_setup(rng), seed=b"save", entropy=fixed_entropy(b"save"))
    seats = game.seats()
    for _ in range(150):
        sides = game.to_act()
        if not sides:
            break
        seat = seats[min(sides)]
        seat.submit(seat.random_action(rng))
    path = game.save(tmp_path / "k.json")
    back = Game.load(path)
    assert back.state == game.state and len(back.records) == len(game.records)


def test_the_record_shows_the_other_side_order_as_order_only():
    """The public record reads ORDER for the other side's orders while they are written."""
    game = Game(RULESET, Setup(scenario=load_bundled("fan_river")), seed=b"r", entropy=fixed_entropy(b"r"))
    shu, wei = game.seats()
    shu.submit("S2 MOVE B2-B4")
    assert [r.text for r in wei.record()] == ["ORDER"]
    assert [r.text for r in shu.record()] == ["S2 MOVE B2-B4"]
    assert shu.can_undo() and shu.undo() and game.state.orders == []


@pytest.mark.parametrize(
    "mounted, order, mods, mt",
    [
        (True, "W3 DISMOUNT ATTACK S1 B8-B6", ("P1", "P3"), 6),
        (False, "W3 MOUNT ATTACK S1 B8-B6", ("P3",), 8),
        (False, "W3 ATTACK S1 B8-B6", ("P1", "P3"), 6),
    ],
)
def test_tk_5_5_the_preview_takes_p1_from_the_mount_the_order_leaves(mounted, order, mods, mt):
    """TK-5.5 (P1), TK-3.5: the preview of an attack with MOUNT or DISMOUNT has the
    modifiers the resolved attack has, in the same order (dismounted cavalry attacking
    infantry: Mt = 10 - 2 - 2 = 6, TK-5.5's example)."""
    st = battle(
        10,
        [
            reg("S1", "inf", 1000, "B6"),
            reg("S9", "inf", 300, "B1"),
            reg("W3", "cav", 500, "B8", "Xiahou Dun", mounted=mounted),
            reg("W1", "inf", 1000, "B10", "Cao Ren"),
        ],
    )
    pv = RULESET.preview(st, 1, RULESET.parse_action(st, 1, order)).attack
    assert (pv.mods, pv.mt) == (mods, mt)
    ev = play(st, [order], [5] * 10, leftover=True)
    hit = next(d for d in of(ev, Damage) if d.kind == "attack")
    assert (hit.mods, hit.mt) == (mods, mt)


def test_tk_5_5_b1_the_preview_of_an_attack_without_moving_gives_the_counter_no_march_bonus():
    """TK-5.5 (B1), TK-6.2: infantry attacking on its own base (distance 0) did not
    march: S3's counter-attack has Mt 10, so its expected losses are those of
    floor(12.5·R), 275/2 less a quarter for the odd totals: 549/4 (not 165, B1's
    15·R)."""
    st = battle(
        10,
        [
            reg("S3", "cav", 500, "B6"),
            reg("S9", "inf", 300, "B1"),
            reg("W2", "inf", 1000, "B6", "Xu Chu"),
            reg("W1", "inf", 1000, "B10", "Cao Ren"),
        ],
    )
    order = RULESET.parse_action(st, 1, "W2 ATTACK S3")
    pv = RULESET.preview(st, 1, order).attack
    assert (pv.variant, pv.counter) == ("a", Fraction(549, 4))
    ev = play(st, ["W2 ATTACK S3"], [5] * 10, leftover=True)
    back = next(d for d in of(ev, Damage) if d.kind == "counter")
    assert (back.dealer, back.n, back.m, back.mods, back.mt) == ("S3", 500, 100, (), 10)


def test_tk_13_4_the_preview_counts_a_tower_crews_counter_attack_with_at_most_300_men():
    """TK-13.4, TK-5.2: the crew of B3 (500 archers) answers W2's attack with 300 men;
    with B1 (W2 marched) its losses are 9·R, expected 99 (not 165, 15·R)."""
    st = battle(
        10,
        [
            reg("S5", "arch", 500, "B3"),
            reg("W2", "inf", 1000, "B2", "Xu Chu"),
            reg("W1", "inf", 1000, "B10", "Cao Ren"),
        ],
    )
    st.crews["B3"] = "S5"
    pv = RULESET.preview(st, 1, RULESET.parse_action(st, 1, "W2 ATTACK S5 B2-B3")).attack
    assert (pv.variant, pv.counter) == ("a", 99)
    ev = play(st, ["W2 ATTACK S5 B2-B3"], [5] * 10, leftover=True)
    back = next(d for d in of(ev, Damage) if d.kind == "counter")
    assert (back.dealer, back.n, back.m, back.mods, back.mt) == ("S5", 300, 100, ("B1",), 12)
