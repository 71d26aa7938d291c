"""Battleline: defence (BL-8), melee (BL-9), ranged attacks (BL-10 to BL-15), damage
packets, structure, transfers and destruction (BL-16 to BL-18)."""

from __future__ import annotations

from engine.rulesets.battleline.actions import Fire, LaserOrder, Melee, Order
from engine.rulesets.battleline.events import LaserFired, ShotFired
from engine.rulesets.battleline.state import Volley
from tests.battleline_support import RS, hits, item, make, of, parts, play, refused_rules, set_parts


def rules_of(state, seat, order: Order) -> list[str]:
    return list(dict.fromkeys(p.rule for p in RS.preview(state, seat, order).problems))


# ---------------------------------------------------------------------------
# BL-8 Defence
# ---------------------------------------------------------------------------
def test_bl_8_1_bl_amb_26_one_working_defence():
    """BL-8.1 (BL-AMB-26): one defence, with a part or shield that works; a destroyed arm
    or shield cannot defend; an unknown defence is refused."""
    st = make(["Kestrel", "Bulwark"])
    assert rules_of(st, 0, Order(defence="LA")) == []
    assert rules_of(st, 0, Order(defence="SH@LA")) == ["BL-8.1"]  # Kestrel has no shield
    assert rules_of(st, 0, Order(defence="XX")) == ["BL-8.1"]
    set_parts(st, 0, LA=0)
    st.mechs[0].items[0].ok = False
    assert rules_of(st, 0, Order(defence="LA")) == ["BL-8.1"]
    st.mechs[1].items[0].ok = False
    st.mechs[1].items[0].hp = 0
    assert rules_of(st, 1, Order(defence="SH@LA")) == ["BL-8.1"]


def test_bl_8_2_the_shield_blocks_the_torso_and_its_own_arm():
    """BL-8.2: behind the shield only weapons in the other arm may attack."""
    st = make(["Bulwark", "Kestrel"])
    assert rules_of(st, 0, Order(defence="SH@LA", fire=(Fire(1, ((21, 1),)),))) == []
    assert rules_of(st, 0, Order(defence="SH@LA", fire=(Fire(2, ((21, 10),)),))) == ["BL-8.2"]


def test_bl_8_2_bl_amb_25_a_two_handed_weapon_allows_only_side_torso_defences():
    """BL-8.2 (BL-AMB-25): holding a working two-handed weapon, the mech defends with LT,
    RT or nothing, whether or not it attacks; once the Hammer is lost (an arm destroyed,
    BL-18.7) an arm may defend again."""
    st = make(["Ram", "Kestrel"])
    assert rules_of(st, 0, Order(defence="LT")) == [] == rules_of(st, 0, Order(defence="RT"))
    assert rules_of(st, 0, Order(defence="RA")) == ["BL-8.2"]
    set_parts(st, 0, LA=0)
    st.mechs[0].items[0].ok = False
    assert rules_of(st, 0, Order(defence="RA")) == []


def test_bl_8_3_bl_amb_30_charging_is_not_an_attack():
    """BL-8.3 (BL-AMB-30): any defence allows charging, holding or venting a laser in the
    torso; only firing it is blocked."""
    st = make(["Kestrel", "Bulwark"])
    assert rules_of(st, 0, Order(defence="LT", lasers=(LaserOrder(4, "charge"),))) == []
    st.mechs[0].items[4].charged = True
    assert rules_of(st, 0, Order(defence="RT", lasers=(LaserOrder(4, "vent"),))) == []
    assert rules_of(st, 0, Order(defence="RT", lasers=(LaserOrder(4, "fire", 1),))) == ["BL-8.2"]


def test_bl_8_4_a_defence_moves_damage_never_cancels_it_and_bl_8_7_lasts_one_turn():
    """BL-8.4: a successful defence sends the whole packet to the defending part; BL-8.7: the
    next order declares its defence anew (none here: the packet stays where it struck)."""
    st = make(["Kestrel", "Bulwark"], starts=(9, 12))
    ev = play(st, {0: "speed 0; def RA", 1: "speed 0; A-10 9"}, [3, 4, 2])
    (p,) = hits(ev)
    assert (p.location, p.defence, p.redirected, p.struck, p.damage) == ("CT", "RA", True, "RA", 5)
    assert parts(st, 0)["RA"] == 3 and parts(st, 0)["CT"] == 16
    ev = play(st, {0: "speed 0", 1: "speed 0; A-10 9 10"}, [3, 4])
    (p,) = hits(ev)
    assert (p.defence, p.struck) == ("", "CT") and parts(st, 0)["CT"] == 11


# ---------------------------------------------------------------------------
# BL-9 Melee
# ---------------------------------------------------------------------------
def test_bl_9_1_bl_amb_24_melee_needs_a_working_melee_weapon_and_a_part():
    """BL-9.1 (BL-AMB-24): no unarmed attacks; the weapon must work; the part is one of
    the eight; the target an opponent."""
    st = make(["Hornet", "Kestrel"])
    assert rules_of(st, 0, Order(melee=Melee(1, 1, "CT"))) == ["BL-9.1"]  # the M-6
    ks = make(["Kestrel", "Hornet"])
    assert rules_of(ks, 0, Order(melee=Melee(1, 1, "XX"))) == ["BL-9.1"]
    assert rules_of(ks, 0, Order(melee=Melee(1, 0, "CT"))) == ["BL-9.1"]
    ks.mechs[0].items[1].ok = False
    assert rules_of(ks, 0, Order(melee=Melee(1, 1, "CT"))) == ["BL-9.1"]


def test_bl_9_8_melee_with_a_defence_never_the_weapons_own_arm():
    """BL-9.8: a melee attack may be combined with a defence that does not block its
    weapon (BL-8.2)."""
    st = make(["Kestrel", "Hornet"])
    assert rules_of(st, 0, Order(defence="LT", melee=Melee(1, 1, "H"))) == []
    assert rules_of(st, 0, Order(defence="RA", melee=Melee(1, 1, "H"))) == ["BL-8.2"]


def test_bl_9_2_bl_amb_10_contact_is_a_shared_cell_bl_9_6_bl_amb_21_both_strike():
    """BL-9.2 (BL-AMB-10): paths sharing a cell make contact, even when the mechs swap
    places between two cells; BL-9.6 (BL-AMB-21): two melee attacks both land."""
    st = make(["Kestrel", "Kestrel"], starts=(13, 14))
    ev = play(st, {0: "speed 1; melee Sword CT", 1: "speed 1; melee Sword CT"})
    assert [h.victim for h in hits(ev)] == [1, 0]
    assert parts(st, 0)["CT"] == 11 == parts(st, 1)["CT"]


def test_bl_9_4_bl_amb_23_a_melee_attack_without_contact_fires_nothing():
    """BL-9.4 (BL-AMB-23): with a melee attack, no ranged attack, even when it makes no
    contact: nothing is fired in its place; BL-9.5 (BL-AMB-20): a hit needs no roll."""
    st = make(["Kestrel", "Bulwark"])
    ev = play(st, {0: "speed 1; melee Sword CT", 1: "speed 0"})
    assert hits(ev) == [] and of(ev, ShotFired) == []


# ---------------------------------------------------------------------------
# BL-10 Ranged attacks
# ---------------------------------------------------------------------------
def test_bl_10_1_each_weapon_once_and_working():
    """BL-10.1: each weapon at most once per order, only if it works; a weapon that marks
    no cells cannot be given cells."""
    st = make(["Kestrel", "Bulwark"])
    twice = Order(fire=(Fire(2, ((20, 1),)), Fire(2, ((21, 1),))))
    assert rules_of(st, 0, twice) == ["BL-10.1"]
    assert rules_of(st, 0, Order(fire=(Fire(4, ((20, 1),)),))) == ["BL-10.1"]  # the L-3
    assert rules_of(st, 0, Order(fire=(Fire(99, ((20, 1),)),))) == ["BL-10.1"]


def test_bl_10_2_bl_amb_18_any_cell_of_the_line_own_cells_included():
    """BL-10.2 (BL-AMB-18, BL-AMB-17): marked cells are absolute, distinct cells of the
    line: behind the mech and its own cell are allowed."""
    st = make(["Kestrel", "Bulwark"])
    assert refused_rules(st, 0, "A-10 9 1 30") == []
    assert refused_rules(st, 0, "A-10 31") == ["BL-10.2"]


def test_bl_10_3_only_the_end_cell_counts_and_bl_10_4_eligible_victims():
    """BL-10.3: a mech passing through marked cells is not hit; BL-10.4: a cannon's
    victims are opponents attackable by it, not sheltered, ending on a marked cell."""
    st = make(["Kestrel", "Bulwark"])
    ev = play(st, {0: "speed 6", 1: "speed 0; A-10 10 11 12"})
    assert of(ev, ShotFired)[0].victims == () and hits(ev) == []


def test_bl_10_5_bl_amb_52_own_fire_never_hurts():
    """BL-10.5 (BL-AMB-52): a mech ending on a cell it marked takes nothing from itself."""
    st = make(["Kestrel", "Bulwark"])
    ev = play(st, {0: "speed 0; M-6 9x6; A-10 9", 1: "speed 0"})
    assert hits(ev) == [] and all(s.victims == () for s in of(ev, ShotFired))


def test_bl_10_6_every_ranged_packet_rolls_its_location_and_bl_10_7_a_miss_builds_recoil():
    """BL-10.6: 2d6 for each ranged packet, even a shield's; BL-10.7 (BL-AMB-32): a ranged
    attack that hits nothing still counts as made: its stack grows."""
    st = make(["Kestrel", "Bulwark"], starts=(9, 12))
    ev = play(st, {0: "speed 0; A-10 12", 1: "speed 0; def shield; A-10 20"}, [6, 6])
    (p,) = hits(ev)
    assert p.roll == (6, 6) and p.struck == "SH@LA"
    assert st.mechs[1].items[1].stack == 1 and st.mechs[0].items[2].stack == 1


# ---------------------------------------------------------------------------
# BL-11 Recoil
# ---------------------------------------------------------------------------
def test_bl_11_1_bl_11_5_recoil_is_per_weapon_and_only_cannons_and_mgs_bl_amb_31_bl_amb_33():
    """BL-11.1 (BL-AMB-31, BL-AMB-33): recoil costs accuracy, never below 1 cell; only the
    A-20 also costs speed; launchers and lasers have none; BL-11.5: each weapon's own
    stack."""
    st = make(["Kestrel", "Ram"])
    play(st, {0: "speed 0; A-10 1; M-6 1x6; R-4 1x4", 1: "speed 0; A-20 30 29"})
    stacks = [i.stack for i in st.mechs[0].items]
    assert stacks == [1, 0, 1, 0, 0, 0]  # M-6, Sword, A-10, M-10 (did not fire), L-3, R-4
    assert RS.options(st, 1).recoil_speed == 1 and RS.options(st, 0).recoil_speed == 0


def test_bl_11_3_bl_11_6_effective_accuracy_and_the_penalty_kept_one_turn():
    """BL-11.3: A_eff = max(1, A - R × k); BL-11.6: a weapon that stops firing keeps its
    stack during that turn (BL-EX-11 shows the full table)."""
    st = make(["Bulwark", "Ram"])
    for _ in range(4):
        n = next(w.cells for w in RS.options(st, 0).weapons if w.label == "M-10")
        play(st, {0: f"speed 0; M-10 1x{n}", 1: "speed 0"})
    w = next(w for w in RS.options(st, 0).weapons if w.label == "M-10")
    assert (w.stack, w.cells) == (4, 2)
    play(st, {0: "speed 0", 1: "speed 0"})
    assert next(w for w in RS.options(st, 0).weapons if w.label == "M-10").cells == 10


# ---------------------------------------------------------------------------
# BL-12 Cannons, BL-13 MGs
# ---------------------------------------------------------------------------
def test_bl_12_1_bl_12_3_bl_amb_37_one_projectile_nearest_to_the_end_cell_lower_seat_on_a_tie():
    """BL-12.1, BL-12.3 (BL-AMB-37): one victim, the nearest to the attacker's end cell;
    on a tie, the lower seat; BL-12.4: one packet of D."""
    st = make(["Kestrel", "Hornet", "Bulwark"], None, starts=(15, 21, 27))
    ev = play(st, {0: "speed 0", 1: "speed 0; A-10 15 27", 2: "speed 0"}, [3, 4])
    (p,) = hits(ev)
    assert (p.victim, p.damage, p.source) == (0, 5, "cannon")
    # from 21 Kestrel (24) is nearer; from the end cell 28 Bulwark (30) is
    st = make(["Kestrel", "Hornet", "Bulwark"], None, starts=(24, 21, 30))
    ev = play(st, {0: "speed 0", 1: "speed 7 to 3; A-10 24 30", 2: "speed 0"}, [3, 4])
    assert [p.victim for p in hits(ev)] == [2]


def test_bl_13_1_bl_13_2_bl_amb_34_whole_salvos_and_bl_13_3_bl_amb_36_every_victim_full_damage():
    """BL-13.1, BL-13.2 (BL-AMB-34): A_eff salvos placed whole on the marked cells;
    BL-13.3 (BL-AMB-36): two opponents on one cell each take its full damage; BL-13.4
    (BL-AMB-35): one packet per point."""
    st = make(["Kestrel", "Hornet", "Bulwark"], None, starts=(9, 15, 33))
    st.mechs[2].position = 15
    assert refused_rules(st, 0, "M-6 15x5") == ["BL-13.2"]
    ev = play(st, {0: "speed 0; M-6 15x6", 1: "speed 0", 2: "speed 0"}, [3, 4] * 12)
    assert [h.victim for h in hits(ev)] == [1] * 6 + [2] * 6
    assert all(h.damage == 1 for h in hits(ev))


# ---------------------------------------------------------------------------
# BL-14 Missiles
# ---------------------------------------------------------------------------
def test_bl_14_1_bl_14_2_bl_amb_38_all_missiles_once_per_turn():
    """BL-14.1, BL-14.2 (BL-AMB-38): a launcher "D × N" launches all N missiles, at most
    once per turn; there is no ammunition count."""
    st = make(["Kestrel", "Bulwark"])
    assert refused_rules(st, 0, "R-4 20x4") == []
    assert refused_rules(st, 0, "R-4 20x3") == ["BL-14.2"]
    assert rules_of(st, 0, Order(fire=(Fire(5, ((20, 4),)), Fire(5, ((21, 4),))))) == ["BL-10.1"]
    for _ in range(3):
        play(st, {0: "speed 0; R-4 1x4", 1: "speed 0"})
    assert refused_rules(st, 0, "R-4 1x4") == []


def test_bl_14_3_one_turn_late_and_bl_14_7_not_with_cover_or_melee():
    """BL-14.3: a launch hits nothing in its own turn and lands at the next turn's end
    cells; BL-14.7: no launch with take cover or a melee attack."""
    st = make(["Kestrel", "Bulwark"])
    ev = play(st, {0: "speed 0; R-4 21x4", 1: "speed 0"})
    assert hits(ev) == []
    ev = play(st, {0: "speed 0", 1: "speed 0"}, [3, 4] * 4)
    assert [(h.source, h.damage) for h in hits(ev)] == [("missile", 2)] * 4
    assert refused_rules(st, 0, "speed 1; melee Sword CT; R-4 20x4") == ["BL-9.4"]
    ruins = make(["Kestrel", "Bulwark"], "ruins", starts=(17, 27))
    assert refused_rules(ruins, 0, "speed 2; cover; R-4 20x4") == ["BL-7.6"]


def test_bl_14_4_bl_14_5_bl_amb_16_who_a_volley_can_harm():
    """BL-14.4, BL-14.5 (BL-AMB-16): a volley records the opponents attackable and not
    sheltered at launch; a mech sheltered at arrival is still hit when it started that
    turn outside cover."""
    st = make(["Kestrel", "Bulwark"], "ruins", starts=(9, 27))
    play(st, {0: "speed 0; R-4 21x4", 1: "speed 3"})
    assert st.volleys[0].harms == (1,)
    ev = play(st, {0: "speed 0", 1: "speed 3; cover"}, [3, 4] * 4)
    assert [h.victim for h in hits(ev)] == [1] * 4


def test_bl_14_9_bl_15_9_what_others_learn_of_launches_and_charges():
    """BL-14.9, BL-15.9: a launch and a charge are told only as the next turn's notices
    (BL-19.5); the other seat's view has no volley at all."""
    st = make(["Kestrel", "Bulwark"])
    play(st, {0: "speed 0; R-4 20x4; L-3 charge", 1: "speed 0"})
    other = RS.view(st, 1)
    assert other.mechs[0].volleys is None and [n.kind for n in other.notices] == ["missiles", "charge"]
    own = RS.view(st, 0).mechs[0]
    assert [(v.label, v.cells, v.harms) for v in own.volleys] == [("R-4", ((20, 4),), (1,))]


# ---------------------------------------------------------------------------
# BL-15 Lasers
# ---------------------------------------------------------------------------
def test_bl_15_1_bl_15_2_lasers_start_idle_and_bl_15_3_bl_amb_40_actions():
    """BL-15.1, BL-15.2: a laser has damage and a charging effect, no accuracy or recoil,
    and starts idle; BL-15.3 (BL-AMB-40): charge only when idle; hold, fire or vent only
    when charged; one action per laser."""
    st = make(["Kestrel", "Bulwark"])
    (laser,) = [w for w in RS.options(st, 0).weapons if w.kind == "laser"]
    assert (laser.damage, laser.charged, laser.actions, laser.charge_speed, laser.cells) == (
        3,
        False,
        ("charge",),
        2,
        0,
    )
    assert refused_rules(st, 0, "L-3 hold") == ["BL-15.3"]
    assert refused_rules(st, 0, "L-3 vent") == ["BL-15.3"]
    play(st, {0: "speed 0; L-3 charge", 1: "speed 0"})
    assert refused_rules(st, 0, "L-3 charge") == ["BL-15.3"]
    play(st, {0: "speed 0; L-3 vent", 1: "speed 0"})
    assert not st.mechs[0].items[4].charged


def test_bl_15_4_the_l5_forbids_a_defence_while_charging_or_holding():
    """BL-15.4: the L-5's effect: −2 max speed and no defence, in the turn it charges and
    each turn it holds (a charged laser given nothing holds), not when it fires or vents."""
    st = make(["Bulwark", "Kestrel"])
    assert rules_of(st, 0, Order(defence="LT", lasers=(LaserOrder(3, "charge"),))) == ["BL-15.4"]
    st.mechs[0].items[3].charged = True
    assert rules_of(st, 0, Order(defence="LT")) == ["BL-15.4"]
    assert rules_of(st, 0, Order(defence="LT", lasers=(LaserOrder(3, "vent"),))) == []


def test_bl_15_5_bl_15_8_bl_amb_42_a_laser_always_hits_its_named_target_at_any_range():
    """BL-15.5, BL-15.8 (BL-AMB-42): no guess, no to-hit roll, no range limit; the
    location and defence follow the general rules."""
    st = make(["Kestrel", "Bulwark"], None, length=200, starts=(1, 200))
    st.mechs[0].items[4].charged = True
    ev = play(st, {0: "speed 0; L-3 fire", 1: "speed 0"}, [3, 4])
    assert of(ev, LaserFired)[0].hit and [(h.source, h.damage) for h in hits(ev)] == [("laser", 3)]


def test_bl_15_6_charging_with_melee_and_bl_15_7_a_destroyed_laser_loses_its_charge():
    """BL-15.6: charging or holding is allowed with a melee attack; BL-15.7 (BL-18.1): a
    charged laser whose part is destroyed is destroyed and loses its charge."""
    st = make(["Kestrel", "Ram"], starts=(14, 16))
    st.mechs[0].items[4].charged = True
    set_parts(st, 0, CT=1)
    assert refused_rules(st, 0, "speed 1; melee Sword CT; L-3 hold") == []
    play(st, {0: "speed 0; L-3 hold", 1: "speed 0; A-20 14"}, [3, 4])
    l3 = st.mechs[0].items[4]
    assert not l3.ok and not l3.charged and not st.mechs[0].in_battle


# ---------------------------------------------------------------------------
# BL-16 to BL-18 Damage
# ---------------------------------------------------------------------------
def test_bl_16_1_a_packet_is_victim_amount_kind_part_and_source():
    """BL-16.1: each packet of the report names its victim, amount, kind, the melee
    target part, and its source."""
    st = make(["Kestrel", "Bulwark"], starts=(11, 12))
    ev = play(st, {0: "speed 1; melee Sword RL", 1: "speed 0; A-10 12"}, [3, 4])
    m, r = hits(ev)
    assert (m.victim, m.damage, m.source, m.location, m.attacker, m.weapon) == (1, 5, "melee", "RL", 0, "SW")
    assert (r.victim, r.damage, r.source, r.attacker, r.weapon) == (0, 5, "cannon", 1, "A-10")


def test_bl_17_5_bl_amb_28_the_shield_breaks_and_its_excess_goes_to_its_arm():
    """BL-17.5 (BL-AMB-28): damage to the shield beyond its structure destroys it and goes
    on to the arm that carries it, then down that arm's chain."""
    st = make(["Kestrel", "Bulwark"], starts=(9, 10))
    st.mechs[1].items[0].hp = 3
    ev = play(st, {0: "speed 1; melee Sword CT", 1: "speed 0; def shield"})
    (p,) = hits(ev)
    assert p.destroyed == ("SH@LA",) and p.transfers == (("SH@LA", "LA", 2),)
    assert parts(st, 1)["LA"] == 6 and not st.mechs[1].items[0].ok


def test_bl_17_6_bl_18_7_an_arm_destroyed_takes_its_shield_and_two_handed_weapon():
    """BL-17.6, BL-18.7: a shield is destroyed with its arm; a two-handed weapon with
    either arm."""
    st = make(["Bulwark", "Ram"], starts=(9, 10))
    set_parts(st, 0, LA=1)
    set_parts(st, 1, RA=1)
    ev = play(st, {0: "speed 0; A-10 10", 1: "speed 0; A-20 9"}, [1, 2, 5, 6])
    p1, p2 = hits(ev)
    assert (p1.victim, p1.struck, p1.destroyed) == (1, "RA", ("RA",))
    assert not st.mechs[1].items[0].ok and parts(st, 1)["LA"] == 10  # the Hammer, both arms
    assert (p2.victim, p2.struck, p2.destroyed) == (0, "LA", ("LA", "SH@LA"))
    assert not st.mechs[0].items[0].ok and st.mechs[0].items[0].hp == 0


def test_bl_17_3_bl_amb_44_beyond_the_head_damage_is_lost_and_bl_17_4_bl_amb_43_a_wreck_passes_it():
    """BL-17.3 (BL-AMB-44): no part after H or CT; BL-17.4 (BL-AMB-43), BL-18.8: a destroyed
    part can still be struck, and passes the whole packet on."""
    st = make(["Kestrel", "Bulwark"], starts=(9, 12))
    set_parts(st, 0, LA=0, LT=3)
    st.mechs[0].items[0].ok = False  # the M-6 went with the arm
    ev = play(st, {0: "speed 0", 1: "speed 0; A-10 9"}, [5, 5])
    (p,) = hits(ev)
    assert p.struck == "LA" and p.transfers == (("LA", "LT", 5), ("LT", "CT", 2))
    assert p.destroyed == ("LT",) and (parts(st, 0)["LT"], parts(st, 0)["CT"]) == (0, 14)
    st = make(["Kestrel", "Bulwark"], starts=(9, 12))
    set_parts(st, 0, H=2)
    ev = play(st, {0: "speed 0", 1: "speed 0; A-10 9"}, [1, 1])
    assert hits(ev)[0].discarded == 3 and hits(ev)[0].transfers == ()


def test_bl_18_4_bl_amb_45_a_side_torso_takes_its_arm_without_damage():
    """BL-18.4 (BL-AMB-45): the arm on the same side is destroyed at once; its remaining
    structure is not dealt anywhere."""
    st = make(["Kestrel", "Bulwark"], starts=(9, 12))
    set_parts(st, 0, RT=2)
    ev = play(st, {0: "speed 0", 1: "speed 0; A-10 9"}, [3, 3])
    (p,) = hits(ev)
    assert p.destroyed == ("RT", "RA") and p.transfers == (("RT", "CT", 3),)
    assert parts(st, 0)["RA"] == 0 and parts(st, 0)["CT"] == 13
    assert not st.mechs[0].items[1].ok and not st.mechs[0].items[5].ok  # Sword and R-4


def test_bl_18_5_the_first_leg_stops_both_legs_modules():
    """BL-18.5: the first leg destroyed stops the jump jets in both legs for good and
    halves the base speed from the next turn."""
    st = make(["Bulwark", "Kestrel"], starts=(9, 12))
    set_parts(st, 0, RL=2)
    play(st, {0: "speed 0", 1: "speed 0; A-10 9"}, [2, 3])
    assert parts(st, 0)["RL"] == 0 and not st.mechs[0].items[5].ok
    assert RS.options(st, 0).base_speed == 3 and not RS.options(st, 0).jump_jets


def test_bl_amb_48_left_and_right_are_the_mechs_own():
    """BL-AMB-48, BL-3.1: left and right are the mech's own, and stay so when it turns
    round after passing: a roll of 10 strikes the left arm either way."""
    st = make(["Kestrel", "Bulwark"], starts=(9, 10))
    play(st, {0: "speed 3", 1: "speed 3"})
    ev = play(st, {0: "speed 0", 1: "speed 0; A-10 12"}, [4, 6])
    assert hits(ev)[0].struck == "LA" and parts(st, 0)["LA"] == 3


def test_a_volley_of_a_mech_that_conceded_is_gone_bl_amb_39():
    """BL-AMB-39: volleys of a defeated mech still land, those of a mech that conceded do
    not (BL-2.6)."""
    st = make(["Kestrel", "Hornet", "Bulwark"], None)
    st.volleys.append(Volley(0, 5, 0, ((21, 4),), (1,)))
    ev = play(st, {0: "concede", 1: "speed 0", 2: "speed 0"})
    assert hits(ev) == []
    st = make(["Kestrel", "Hornet", "Bulwark"], None)
    st.volleys.append(Volley(0, 5, 0, ((21, 4),), (1,)))
    set_parts(st, 0, H=0)
    st.mechs[0].in_battle = False
    st.mechs[0].lost, st.mechs[0].lost_turn = ("head",), 1
    ev = play(st, {1: "speed 0", 2: "speed 0"}, [3, 4] * 4)
    assert [h.victim for h in hits(ev)] == [1] * 4 and item(st, 0, "R-4") == 5
