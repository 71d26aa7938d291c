"""Battleline: what each seat sees (BL-19) and is given to choose from: the order sheet,
the reach of each opponent with its chances, the preview of a draft order."""

from __future__ import annotations

import random
from fractions import Fraction

from engine.dice import ScriptedDice
from engine.rulesets.battleline import scenario
from engine.rulesets.battleline.actions import Fire, LaserOrder, Order
from engine.rulesets.battleline.events import MechEntered, Rumour
from engine.rulesets.battleline.options import OrderSheet, Waiting
from engine.rulesets.battleline.roster import Mech
from tests.battleline_support import RS, make, mech, of, play, set_parts


def test_bl_19_1_bl_19_2_bl_amb_50_hidden_by_default_public_from_the_start():
    """BL-19.1 (BL-AMB-50): an opponent's chassis, torso items, jump jets, structure,
    recoil, lasers and volleys are hidden; BL-19.2: the map, seats, names, pilots,
    start cells and hand items are public."""
    st, opening = RS.new_state(scenario.duel(mech("Ram"), mech("Hornet"), "ruins"), ScriptedDice([]))
    entered = of(opening, MechEntered)
    assert [(e.seat, e.name, e.pilot, e.start, e.hands) for e in entered] == [
        (0, "Ram", "Nadia", 9, (("HM", "LA+RA"),)),
        (1, "Hornet", "Ilya", 27, (("L-3", "LA"), ("M-6", "RA"))),
    ]
    assert entered[0].text() == "Seat 1: Ram, pilot Nadia, on cell 9; in hand: Hammer (LA+RA)."
    assert opening[0].text() == "The battle begins on Ruins: cells 1\u201330, cover on 19\u201323."
    other = RS.view(st, 1).mechs[0]
    assert (other.chassis, other.traits, other.parts, other.items, other.base_speed) == (None,) * 5
    assert [(h.code, h.where, h.works) for h in other.hands] == [("HM", "LA+RA", True)]


def test_bl_19_3_bl_amb_51_charisma_names_the_most_serious_gun_or_none():
    """BL-19.3 (BL-AMB-51, BLC-6): a Charisma pilot learns privately, for each opponent,
    its ranged weapon of highest Threat rank, or that it has none."""
    brute = Mech(name="Brute", chassis="Warden", pilot="Ola", ra="SW")
    charmer = mech("Bulwark")
    st, opening = RS.new_state(scenario.battle([charmer, brute, mech("Ram")]), ScriptedDice([]))
    rumours = of(opening, Rumour)
    assert [(r.to, r.about, r.weapon) for r in rumours] == [((0,), 1, ""), ((0,), 2, "R-6")]
    assert rumours[0].text() == "Rumour (Charisma): Brute carries no gun."
    assert [(r.seat, r.weapon) for r in RS.view(st, 0).rumours] == [(1, ""), (2, "R-6")]
    assert RS.view(st, 1).rumours == () == RS.view(st, 2).rumours


def test_bl_19_6_a_seat_sees_its_own_mech_whole_and_its_order_until_resolved():
    """BL-19.6: own chassis, traits, structure per part, items with stacks, charges and
    shield structure, volleys, and the sealed order; others see only that it is in."""
    st = make(["Bulwark", "Kestrel"])
    set_parts(st, 0, LA=5)
    RS.apply(st, 0, RS.parse_action(st, 0, "speed 2; R-6 20x6"), ScriptedDice([]))
    own = RS.view(st, 0).mechs[0]
    assert own.chassis == "Warden" and own.traits == ("Charisma",) and own.base_speed == 6
    assert [(p.part, p.structure, p.max) for p in own.parts][4] == ("LA", 5, 8)
    assert [(i.label, i.hp, i.hp_max) for i in own.items if i.kind == "shield"] == [("Shield", 10, 10)]
    assert own.order == "speed 2; R-6 20x6"
    seen = RS.view(st, 1).mechs[0]
    assert seen.ready and seen.order is None and seen.parts is None
    assert isinstance(RS.options(st, 0), Waiting) and RS.options(st, 0).order == "speed 2; R-6 20x6"
    play(st, {1: "speed 0"})
    assert RS.view(st, 0).mechs[0].order == "" and RS.view(st, 0).history[0].orders == (
        "speed 2; R-6 20x6",
        "",
    )


def test_bl_19_7_past_reports_stay_in_the_log():
    """BL-19.7: the reports of every turn are kept; a mech's public record grows."""
    from engine.game import Game

    g = Game(RS, scenario.duel(mech("Kestrel"), mech("Bulwark")), seed=b"rep")
    for text0, text1 in (("speed 2; A-10 21 20", "speed 0"), ("speed 0; A-10 21", "speed 0")):
        g.submit(0, text0)
        g.submit(1, text1)
    shots = [e for e in g.seat(1).log() if type(e.event).__name__ == "ShotFired"]
    assert [e.action for e in shots] == [2, 4]  # the reports of turns 1 and 2, both kept


def test_the_order_sheet_gives_every_choice_with_its_numbers():
    """The order sheet (BL-4.2): speeds, headings, directions, cover, defences with their
    chances and the weapons they block, melee weapons and parts, each weapon's
    accuracy, recoil, stack and cells this turn, each laser's actions and effect."""
    st = make(["Kestrel", "Hornet", "Bulwark"], None, cover=((14, 16),), starts=(9, 21, 33), length=42)
    sheet = RS.options(st, 0)
    assert isinstance(sheet, OrderSheet)
    assert (sheet.base_speed, sheet.recoil_speed, sheet.hold_speed, sheet.speed_limit) == (6, 0, 0, 6)
    assert sheet.heading_needed and sheet.cover == (14, 15, 16)
    moves = {(m.speed, m.heading, m.end) for m in sheet.moves}
    assert (0, None, 9) in moves and (6, 1, 15) in moves and (6, 2, 15) in moves
    assert all(m.cover == (m.end in (14, 15, 16)) for m in sheet.moves)
    defences = {d.defence: (d.chance, d.die, d.blocks, bool(d.problems)) for d in sheet.defences}
    assert defences["LA"] == (Fraction(1, 2), 2, (0,), False)
    assert defences["LT"] == (Fraction(1, 4), 4, (2, 3, 4, 5), False)
    assert "SH@LA" not in defences
    assert sheet.melee == (1,) and sheet.parts == ("H", "CT", "LT", "RT", "LA", "RA", "LL", "RL")
    w = {x.label: x for x in sheet.weapons}
    assert (w["M-10"].accuracy, w["M-10"].recoil, w["M-10"].stack, w["M-10"].cells, w["M-10"].salvos) == (
        10,
        2,
        0,
        10,
        10,
    )
    assert (w["R-4"].cells, w["R-4"].salvos, w["R-4"].damage) == (4, 4, 2)
    assert (w["L-3"].actions, w["L-3"].charge_speed) == (("charge",), 2)
    assert [(o.seat, o.position) for o in sheet.opponents] == [(1, 21), (2, 33)]


def test_reach_is_what_the_seat_may_know_of_an_opponents_end_cell():
    """The chance that a marked cell holds an opponent, from public facts only: the
    fastest chassis (7 cells, BLC-1) since the chassis is hidden (BL-19.1), halved once
    a leg is destroyed (BL-18.5); every reachable cell equally likely; two turns for a
    volley (BL-14.6)."""
    st = make(["Kestrel", "Bulwark"])
    (r,) = RS.options(st, 0).opponents
    assert (r.speed, r.cells, r.chance) == (7, tuple(range(14, 22)), Fraction(1, 8))
    assert r.cells_two == tuple(range(7, 22)) and r.chance_two == Fraction(1, 15)
    preview = RS.preview(st, 0, Order(fire=(Fire(2, ((19, 1), (20, 1), (21, 1))), Fire(5, ((10, 4),)))))
    assert [(h.item, h.seat, h.chance) for h in preview.hits] == [
        (2, 1, Fraction(3, 8)),
        (5, 1, Fraction(1, 15)),
    ]
    set_parts(st, 1, RL=0)
    st.mechs[1].items[5].ok = False
    (r,) = RS.options(st, 0).opponents
    assert (r.speed, r.cells) == (3, (18, 19, 20, 21))


def test_a_preview_tells_a_drafts_problems_and_effects_without_changing_anything():
    """Previews: the problems (with rule IDs, BL-4.3), S_eff, the move, the attackable
    opponents, shelter and blocked weapons of a draft order; the state is unchanged."""
    import msgspec

    st = make(["Kestrel", "Bulwark"], "ruins", starts=(15, 27))
    before = msgspec.msgpack.encode(st)
    p = RS.preview(st, 0, Order(speed=5, cover=True, defence="LT", lasers=(LaserOrder(4, "charge"),)))
    assert [x.rule for x in p.problems] == ["BL-5.6", "BL-15.4"]
    assert (p.speed_limit, p.end, p.path, p.attackable, p.cover, p.blocked) == (
        4,
        20,
        (15, 20),
        (1,),
        False,
        (2, 3, 4, 5),
    )
    ok = RS.preview(st, 0, Order(speed=4, cover=True))
    assert ok.valid and ok.cover and ok.end == 19
    assert msgspec.msgpack.encode(st) == before
    assert RS.preview(st, 0, "not an order") is None


def test_waiting_when_there_is_nothing_to_order():
    """A seat whose mech lost, or a finished battle, gets Waiting."""
    st = make(["Kestrel", "Bulwark"])
    set_parts(st, 0, H=1)
    play(st, {0: "speed 0", 1: "speed 0; A-10 9"}, [1, 1])
    assert RS.options(st, 0) == Waiting(seat=0, reason="over")
    st = make(["Kestrel", "Hornet", "Bulwark"], None)
    set_parts(st, 0, H=1)
    play(st, {0: "speed 0", 1: "speed 0; A-10 9", 2: "speed 0"}, [1, 1])
    assert RS.options(st, 0) == Waiting(seat=0, reason="out") and RS.legal_actions(st, 0) == []
    assert RS.random_action(st, 0, random.Random(1)) is None


def test_legal_actions_are_a_valid_sample_of_every_kind_of_choice():
    """legal_actions: every move, cover moves, defences, each weapon, laser actions and
    melee; each one valid (BL-4.3)."""
    st = make(["Kestrel", "Bulwark"], "ruins", starts=(15, 24))
    acts = RS.legal_actions(st, 0)
    for a in acts:
        RS.check(st, 0, a)
    assert any(a.cover for a in acts) and any(a.melee for a in acts) and any(a.lasers for a in acts)
    assert {f.item for a in acts for f in a.fire} == {0, 2, 3, 5}
    assert {a.defence for a in acts} >= {"", "LA", "RA", "LT", "RT"}
