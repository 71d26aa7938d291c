"""Battleline: the line and the set-up (BL-1), sides and outcome (BL-2), sealed orders and
the resolution steps (BL-4), the persistent state and history (BL-20)."""

from __future__ import annotations

import itertools

import msgspec
import pytest

from engine.dice import Dice, ScriptedDice
from engine.ruleset import IllegalAction
from engine.rulesets.battleline import scenario
from engine.rulesets.battleline.actions import Concede, Order
from engine.rulesets.battleline.events import (
    BattleEnded,
    Conceded,
    LaserFired,
    MechLost,
    MeleeMade,
    Moved,
    NoticeGiven,
    OrderNoted,
    OrderSealed,
    OrdersRevealed,
    PacketHit,
    ShotFired,
    TurnBegan,
)
from engine.rulesets.battleline.state import Volley
from tests.battleline_support import RS, hits, make, mech, of, parts, play, set_parts


def test_bl_1_2_and_bl_1_5_the_presets():
    """BL-1.2, BL-1.5 (BL-AMB-1): the Open field (L 30, no cover, 9 and 21) is the duel
    default; the Ruins have cover on 19..23 and starts 9 and 27."""
    k, b = mech("Kestrel"), mech("Bulwark")
    open_ = scenario.duel(k, b)
    ruins = scenario.duel(k, b, "ruins")
    assert (open_.length, open_.cover, open_.starts, open_.map) == (30, (), (9, 21), "open")
    assert (ruins.length, ruins.cover, ruins.starts) == (30, ((19, 23),), (9, 27))
    assert scenario.setup_problems(open_) == [] == scenario.setup_problems(ruins)


def test_bl_1_6_the_default_layout_for_several_mechs():
    """BL-1.6 (BL-AMB-3): L = 12N + 6, seat i on 9 + 12(i - 1), no cover; N = 2 gives the
    duel default."""
    assert scenario.default_layout(2) == (30, (9, 21))
    assert scenario.default_layout(3) == (42, (9, 21, 33))
    assert scenario.default_layout(4) == (54, (9, 21, 33, 45))
    s = scenario.battle([mech("Kestrel"), mech("Hornet"), mech("Ram"), mech("Bulwark")])
    assert (s.length, s.starts, s.cover, s.map) == (54, (9, 21, 33, 45), (), "line")
    assert RS.seat_count(s) == 4


def test_bl_1_5_bl_1_4_bl_2_1_a_custom_set_up_is_checked():
    """BL-1.5: start cells distinct and on the line; BL-1.4: cover on the line; BL-2.1:
    two or more mechs; every build valid (BLC-2)."""
    k, h = mech("Kestrel"), mech("Hornet")
    rules = lambda s: [p.rule for p in scenario.setup_problems(s)]  # noqa: E731
    assert rules(scenario.battle([k, h], length=20, starts=(5, 5))) == ["BL-1.5"]
    assert rules(scenario.battle([k, h], length=20, starts=(5, 21))) == ["BL-1.5"]
    assert rules(scenario.battle([k, h], length=20, cover=((18, 22),), starts=(1, 2))) == ["BL-1.4"]
    assert rules(scenario.battle([k])) == ["BL-2.1"]
    assert rules(scenario.battle([k, mech("Ram", legs="JJ")])) == ["BLC-5"]
    with pytest.raises(ValueError):
        RS.new_state(scenario.battle([k, h], starts=(3, 3)), Dice(b"x"))


def test_bl_1_7_mechs_share_cells_and_pass_each_other_bl_amb_9():
    """BL-1.7, BL-5.5 (BL-AMB-9): mechs never block each other; they may end on one cell."""
    st = make(["Kestrel", "Bulwark"], starts=(9, 15))
    play(st, {0: "speed 3", 1: "speed 3"})
    assert st.mechs[0].position == st.mechs[1].position == 12
    # next turn they start on the same cell: each states a direction (BL-5.2, BL-AMB-8)
    assert "BL-5.2" in [p.rule for p in RS.preview(st, 0, Order(speed=2)).problems]
    play(st, {0: "speed 6 +1", 1: "speed 6 -1"})
    assert (st.mechs[0].position, st.mechs[1].position) == (18, 6)


def test_bl_2_2_bl_amb_4_every_other_mech_is_an_opponent():
    """BL-2.2 (BL-AMB-4): no teams: each mech's opponents are all the others still in the
    battle, and its fire may hit any of them."""
    st = make(["Kestrel", "Hornet", "Bulwark", "Ram"], None)
    for seat in range(4):
        assert [o.seat for o in RS.options(st, seat).opponents] == [s for s in range(4) if s != seat]
    set_parts(st, 3, H=1)
    play(st, {0: "speed 0", 1: "speed 0; A-10 45", 2: "speed 0", 3: "speed 0"}, [1, 1])
    assert [o.seat for o in RS.options(st, 0).opponents] == [1, 2]


def test_bl_1_8_positions_are_public_and_bl_2_1_seats():
    """BL-1.8: every mech's cell is known to every seat at the start of the turn; BL-2.1:
    one seat per mech, fixed for the battle."""
    st = make(["Kestrel", "Hornet", "Ram"], None)
    for viewer in (0, 1, 2, None):
        v = RS.view(st, viewer)
        assert [m.position for m in v.mechs] == [9, 21, 33] and [m.seat for m in v.mechs] == [0, 1, 2]


def test_bl_4_1_orders_are_sealed_and_resolved_when_all_are_in():
    """BL-4.1: each mech in the battle orders; another seat learns only that the order is
    in; the turn resolves once every order is locked, and a locked order cannot be
    sent again."""
    st = make(["Kestrel", "Bulwark"])
    assert RS.to_act(st) == {0, 1}
    ev = RS.apply(st, 1, Order(speed=2), ScriptedDice([]))
    assert [type(e) for e in ev] == [OrderSealed, OrderNoted]
    assert ev[0].to is None and ev[1].to == (1,) and ev[1].order == "speed 2"
    assert RS.to_act(st) == {0} and st.turn == 1
    assert RS.view(st, 0).mechs[1].ready and RS.view(st, 0).mechs[1].order is None
    with pytest.raises(IllegalAction) as err:
        RS.apply(st, 1, Order(speed=1), ScriptedDice([]))
    assert err.value.rule == "BL-4.1"
    ev = RS.apply(st, 0, Order(speed=1), ScriptedDice([]))
    assert st.turn == 2 and RS.to_act(st) == {0, 1} and of(ev, TurnBegan)[0].turn == 2
    assert [(m.start, m.end) for m in of(ev, Moved)] == [(9, 10), (21, 19)]


def test_bl_4_1_arrival_order_never_changes_the_result():
    """BL-4.1: with the same orders and dice, every arrival order gives the same state and
    the same report (BL-19.4)."""
    orders = {0: "speed 6 to 2", 1: "speed 0; M-6 15x3 28x3; A-10 15 27 28", 2: "speed 5 to 2"}
    dice = [3, 4, 2, 6, 5, 5, 1, 4, 6, 1, 3, 3, 4, 6]
    outcomes = set()
    for arrival in itertools.permutations(range(3)):
        st = make(["Kestrel", "Hornet", "Bulwark"], None)
        ev = play(st, orders, dice, arrival=arrival)
        report = [e.text() for e in ev if not isinstance(e, OrderSealed | OrderNoted)]
        outcomes.add((msgspec.msgpack.encode(st), tuple(report)))
    assert len(outcomes) == 1


def test_bl_4_4_the_nine_steps_in_order_and_bl_19_4_the_report():
    """BL-4.4: R1 movement, R3 melee, R4 cannon and MG fire, R6 lasers, R8 damage, R9
    losses and the next turn; BL-19.4 (a) to (d), (f): the report follows that order."""
    st = make(["Kestrel", "Hornet", "Bulwark"], None, starts=(9, 14, 33))
    st.mechs[2].items[3].charged = True  # Bulwark's L-5 (CT)
    ev = play(
        st,
        {0: "speed 6 to 2; melee Sword 2 CT", 1: "speed 0; A-10 15 16 17", 2: "speed 0; L-5 fire 1"},
        [3, 4, 3, 4],
    )
    kinds = [type(e).__name__ for e in ev if not isinstance(e, OrderSealed | OrderNoted)]
    assert kinds == [
        "Moved", "Moved", "Moved", "MeleeMade", "ShotFired", "LaserFired",
        "PacketHit", "PacketHit", "PacketHit", "TurnBegan",
    ]  # fmt: skip
    assert [h.source for h in hits(ev)] == ["melee", "cannon", "laser"]


def test_bl_4_5_victims_are_found_before_damage_and_bl_8_6_a_broken_defence():
    """BL-4.5: damage in R8 never cancels an attack of the same turn; BL-8.6 (BL-AMB-29): a
    defending arm destroyed by an earlier packet no longer defends later ones; BL-16.3
    2a (BL-AMB-27): a packet striking the defending arm itself stays there, no roll."""
    st = make(["Kestrel", "Bulwark"], starts=(9, 12))
    set_parts(st, 0, LA=1)
    ev = play(st, {0: "speed 0; def LA; A-10 12", 1: "speed 0; M-10 9x10"}, [6, 5, 5, 6] + [3, 4] * 9)
    table = [(h.attacker, h.victim, h.location, h.defence, h.defence_die, h.struck) for h in hits(ev)]
    assert table[0] == (0, 1, "LA", "", 0, "LA")
    assert table[1] == (1, 0, "LA", "", 0, "LA")
    assert table[2:] == [(1, 0, "CT", "", 0, "CT")] * 9
    assert hits(ev)[1].destroyed == ("LA",)
    assert (parts(st, 0)["LA"], parts(st, 0)["CT"], parts(st, 1)["LA"]) == (0, 7, 3)


def test_bl_4_6_dice_only_in_r8_two_d6_then_the_defence_die():
    """BL-4.6: sealing rolls nothing; in R8 each ranged packet rolls 2d6 for its location,
    then one d2 or d4 only when BL-16.3 needs it; melee rolls nothing."""
    st = make(["Kestrel", "Bulwark"], starts=(9, 12))
    dice = Dice(b"r8")
    RS.apply(st, 0, RS.parse_action(st, 0, "speed 0; def LA; A-10 12"), dice)
    assert dice.log == []
    ev = RS.apply(st, 1, RS.parse_action(st, 1, "speed 0; A-10 9"), dice)
    exprs = [r.expr for r in dice.log]
    expected = []
    for h in hits(ev):
        expected.append("2d6")
        if h.defence_die:
            expected.append(f"d{h.defence_die}")
    assert exprs == expected and len(hits(ev)) == 2


def test_bl_4_7_packet_order_groups_seats_and_mount_order():
    """BL-4.7 (BL-AMB-55): melee, then cannon and MG, then missiles, then lasers; within a
    group by attacker seat, then mount order (the M-6 in RA before the A-10 in RT)."""
    st = make(["Kestrel", "Hornet"], starts=(14, 16))
    st.mechs[1].items[0].charged = True  # Hornet's L-3 (LA)
    st.volleys.append(Volley(1, 2, 0, ((3, 3), (15, 1)), (0,)))  # Hornet's R-4, launched "turn 0"
    ev = play(
        st,
        {0: "speed 1; melee Sword CT", 1: "speed 1; A-10 15; M-6 15x2 16x4; L-3 fire"},
        [3, 4] * 5,
    )
    order = [(h.source, h.attacker, h.victim) for h in hits(ev)]
    assert order == [
        ("melee", 0, 1),
        ("mg", 1, 0),
        ("mg", 1, 0),
        ("cannon", 1, 0),
        ("missile", -1, 0),
        ("laser", 1, 0),
    ]


def test_bl_2_3_the_three_ways_to_lose_and_bl_amb_5_nothing_else():
    """BL-2.3 (BL-AMB-5): head, centre torso, both legs; losing arms, side torsos and one
    leg is not a loss (BL-18.6: the second leg is)."""
    from engine.rulesets.battleline.rules.turn import loss_reasons

    st = make(["Kestrel", "Bulwark"])
    m = st.mechs[0]
    assert loss_reasons(m) == ()
    set_parts(st, 0, LA=0, RA=0, LT=0, RT=0, LL=0)
    assert loss_reasons(m) == ()
    set_parts(st, 0, RL=0)
    assert loss_reasons(m) == ("legs",)
    set_parts(st, 0, H=0, CT=0)
    assert loss_reasons(m) == ("head", "centre torso", "legs")


def test_bl_2_4_bl_2_5_two_of_three_lose_together_the_third_wins():
    """BL-2.4, BL-2.5, BL-18.2: mechs meeting a loss condition in one turn lose together
    at its end, each still dealing its damage; one mech left wins."""
    st = make(["Kestrel", "Hornet", "Ram"], None, starts=(10, 11, 30))
    set_parts(st, 0, H=1)
    set_parts(st, 1, H=1)
    ev = play(st, {0: "speed 0; A-10 11", 1: "speed 0; A-10 10", 2: "speed 0"}, [1, 1, 6, 6])
    assert [(e.seat, e.reasons) for e in of(ev, MechLost)] == [(0, ("head",)), (1, ("head",))]
    res = RS.result(st)
    assert res.winner == 2 and res.draw == () and res.rule == "BL-2.5"


def test_bl_2_5_bl_amb_6_all_remaining_lose_together_a_draw_of_three():
    """BL-2.5 (BL-AMB-6): when every remaining mech loses in the same turn, they share a
    draw."""
    st = make(["Hornet", "Hornet", "Hornet"], None, length=20, starts=(10, 11, 12))
    for s in range(3):
        set_parts(st, s, H=1)
    orders = {0: "speed 0; M-6 11x3 12x3", 1: "speed 0; M-6 10x3 12x3", 2: "speed 0; M-6 10x3 11x3"}
    ev = play(st, orders, [1, 1] * 18)
    res = RS.result(st)
    assert (
        res.winner is None and res.draw == (0, 1, 2) and res.reason == "the last mechs lost in the same turn"
    )
    assert of(ev, BattleEnded)[0].draw == (0, 1, 2)


def test_bl_2_6_bl_amb_7_a_concession_is_sealed_and_the_rest_fight_on():
    """BL-2.6 (BL-AMB-7, BL-4.3 q): a concession takes the place of an order, hidden like
    one until the orders are opened; the conceding mech loses first with its volleys;
    with two mechs left the turn is resolved without it."""
    st = make(["Kestrel", "Hornet", "Bulwark"], None)
    st.volleys.append(Volley(1, 2, 0, ((9, 4),), (0,)))
    ev = RS.apply(st, 1, Order(), ScriptedDice([]))
    ev += RS.apply(st, 1, Concede(), ScriptedDice([]))  # replaces the sealed order
    assert [type(e) for e in ev] == [OrderSealed, OrderNoted, OrderNoted]
    assert RS.public_text(st, 1, Concede()) == "order"
    assert RS.view(st, 0).mechs[1].ready and RS.view(st, 0).mechs[1].in_battle
    ev = play(st, {0: "speed 3 to 3", 2: "speed 0"})
    assert [e.seat for e in of(ev, Conceded)] == [1] and st.volleys == []
    assert not st.mechs[1].in_battle and st.mechs[1].lost == ("conceded",)
    assert [m.seat for m in of(ev, Moved)] == [0, 2] and not st.over
    assert RS.to_act(st) == {0, 2}
    with pytest.raises(IllegalAction) as err:
        RS.apply(st, 1, Order(), ScriptedDice([]))
    assert err.value.rule == "BL-2.8"


def test_bl_2_6_fewer_than_two_left_the_turn_is_not_resolved():
    """BL-2.6: when concessions leave one mech, it wins at once and the turn is not
    resolved; when every remaining mech concedes, they draw."""
    st = make(["Kestrel", "Bulwark"])
    RS.apply(st, 0, Concede(), ScriptedDice([]))
    ev = RS.apply(st, 1, RS.parse_action(st, 1, "speed 6; A-10 9 10 11"), ScriptedDice([]))
    assert not of(ev, Moved) and not of(ev, ShotFired)
    res = RS.result(st)
    assert res.winner == 1 and res.rule == "BL-2.6" and RS.to_act(st) == frozenset()
    st = make(["Kestrel", "Bulwark"])
    RS.apply(st, 1, Concede(), ScriptedDice([]))
    RS.apply(st, 0, Concede(), ScriptedDice([]))
    res = RS.result(st)
    assert res.winner is None and res.draw == (0, 1) and res.reason == "every remaining mech conceded"
    with pytest.raises(IllegalAction) as err:
        RS.apply(st, 0, Order(), ScriptedDice([]))
    assert err.value.rule == "BL-2.5"


def test_bl_2_7_the_turn_limit_is_a_draw_between_those_left():
    """BL-2.7 (BL-AMB-7): after turn T_max, two or more mechs left share a draw; there is
    no limit by default."""
    st = make(["Kestrel", "Bulwark"], turn_limit=2)
    play(st, {0: "speed 0", 1: "speed 0"})
    assert not st.over
    ev = play(st, {0: "speed 0", 1: "speed 0"})
    res = RS.result(st)
    assert res.draw == (0, 1) and res.rule == "BL-2.7" and of(ev, BattleEnded)
    assert make(["Kestrel", "Bulwark"]).setup.turn_limit == 0


def test_bl_2_8_a_lost_mech_is_removed_but_its_volleys_still_land_bl_14_8():
    """BL-2.8, BL-14.8 (BL-AMB-39): a mech that lost orders no more and cannot be hit;
    its volley in flight still arrives."""
    st = make(["Kestrel", "Hornet", "Bulwark"], None)
    set_parts(st, 0, H=1)
    play(st, {0: "speed 0; R-4 33x4", 1: "speed 0; M-6 9x6", 2: "speed 0"}, [1, 1] * 6)
    assert not st.mechs[0].in_battle and st.volleys[0].harms == (1, 2) and RS.to_act(st) == {1, 2}
    ev = play(st, {1: "speed 0; M-6 9x5", 2: "speed 0"}, [3, 4] * 4)
    assert [(h.victim, h.source) for h in hits(ev)] == [(2, "missile")] * 4
    assert of(ev, ShotFired)[0].victims == ()  # the lost mech on 9 is not hit


def test_bl_20_the_state_persists_and_the_history_keeps_orders_and_dice():
    """BL-20.1 to BL-20.6: the state encodes and decodes to itself: the settings (BL-20.1),
    the turn (BL-20.2), per mech its cell, structure, items, stacks and lasers
    (BL-20.3), volleys in flight (BL-20.4), pending notices (BL-20.5), and each resolved
    turn's orders, texts and dice (BL-20.6)."""
    st = make(["Kestrel", "Bulwark"], "ruins")
    play(st, {0: "speed 0; R-4 20 21x2 22; L-3 charge", 1: "speed 3; A-10 1"})
    assert st.turn == 2 and st.mechs[1].position == 24
    assert st.mechs[1].items[1].stack == 1 and st.mechs[0].items[4].charged
    assert [(v.seat, v.item, v.turn, v.cells, v.harms) for v in st.volleys] == [
        (0, 5, 1, ((20, 1), (21, 2), (22, 1)), (1,))
    ]
    assert [(n.seat, n.kind, n.turn) for n in st.notices] == [(0, "missiles", 1), (0, "charge", 1)]
    assert msgspec.json.decode(msgspec.json.encode(st), type=RS.State) == st
    st = make(["Kestrel", "Bulwark"], "ruins")
    play(st, {0: "speed 0; R-4 20 21x2 22", 1: "speed 3"})
    play(st, {0: "speed 0; A-10 21 22 23", 1: "speed 3; cover; def shield"}, [4, 2, 5, 5])
    back = msgspec.json.decode(msgspec.json.encode(st), type=RS.State)
    assert back == st and RS.copy_state(st) == st
    assert [(r.turn, r.texts, r.dice) for r in st.history] == [
        (1, ("speed 0; R-4 20 21x2 22", "speed 3"), ()),
        (2, ("speed 0; A-10 21 22 23", "speed 3; cover; def shield"), (4, 2, 5, 5)),
    ]
    assert st.turn == 3 and st.notices == []


def test_bl_20_6_the_whole_record_is_opened_when_the_battle_ends():
    """BL-20.6 (BL-AMB-49): once the battle is over every order of every turn is public:
    in the log and in every seat's view."""
    st = make(["Kestrel", "Bulwark"], turn_limit=2)
    play(st, {0: "speed 1; L-3 charge", 1: "speed 2; def LT"})
    assert RS.view(st, 0).history[0].orders == ("speed 1; L-3 charge", "")
    ev = play(st, {0: "speed 0", 1: "speed 0"})
    revealed = of(ev, OrdersRevealed)
    assert [(r.turn, r.orders) for r in revealed] == [
        (1, ("speed 1; L-3 charge", "speed 2; def LT")),
        (2, ("speed 0", "speed 0")),
    ]
    assert all(r.to is None for r in revealed)
    for viewer in (0, 1):
        v = RS.view(st, viewer)
        assert v.history[0].orders == ("speed 1; L-3 charge", "speed 2; def LT")
        assert all(m.parts is not None and m.items is not None for m in v.mechs)


def test_bl_19_5_notices_at_the_start_of_the_next_turn():
    """BL-19.5: a launch and a charge of turn t are announced at the start of turn t+1,
    without counts or cells; holding is not announced; only for that turn."""
    st = make(["Kestrel", "Bulwark"])
    ev = play(st, {0: "speed 0; L-3 charge; R-4 20x4", 1: "speed 0"})
    assert [(n.seat, n.kind, n.turn) for n in of(ev, NoticeGiven)] == [(0, "missiles", 1), (0, "charge", 1)]
    assert [(n.seat, n.kind) for n in RS.view(st, 1).notices] == [(0, "missiles"), (0, "charge")]
    ev = play(st, {0: "speed 0; L-3 hold", 1: "speed 0"})
    assert of(ev, NoticeGiven) == [] and RS.view(st, 1).notices == ()


def test_laser_fired_at_a_mech_that_conceded_has_no_effect():
    """BL-2.6 with BL-15.5: a shot named at a mech that conceded in the same turn finds no
    target; the laser is spent (the order was valid when written)."""
    st = make(["Kestrel", "Hornet", "Bulwark"], None)
    st.mechs[0].items[4].charged = True
    ev = play(st, {0: "speed 0; L-3 fire 2", 1: "concede", 2: "speed 0"})
    (shot,) = of(ev, LaserFired)
    assert not shot.hit and not shot.sheltered and not st.mechs[0].items[4].charged
    assert of(ev, PacketHit) == [] and of(ev, MeleeMade) == []
