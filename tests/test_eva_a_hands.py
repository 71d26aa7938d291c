"""Hands and weapon handling (eva.md EVA-9, EVA-AMB-46, AMB-57)."""

import pytest

from engine.ruleset import IllegalAction
from engine.rulesets.eva import events as ev
from engine.rulesets.eva import rules
from engine.rulesets.eva.state import Trauma
from tests.eva_support import make_state, of, play, snapshot, start, unit


def eva(weapons, hands, equipment=(), enemy="E16", **extra):
    st = make_state(
        [
            {
                "name": "A",
                "side": 0,
                "square": "E10",
                "weapons": weapons,
                "hands": hands,
                "equipment": list(equipment),
                **extra,
            },
            {"name": "Z", "side": 1, "square": enemy},
        ]
    )
    start(st, "A")
    return st


def held(st, name="A"):
    u = unit(st, name)
    return sorted(u.items[i].label for i in u.hands)


def refused(st, text, rule, side=0):
    before = snapshot(st)
    with pytest.raises(IllegalAction) as e:
        play(st, side, text)
    assert e.value.rule == rule, (text, e.value.rule, str(e.value))
    assert snapshot(st) == before


def test_eva_9_1_hand_configurations():
    """EVA-9.1: nothing; one or two one-handed weapons; one two-handed weapon; or the Shield alone.
    A two-handed weapon or the Shield with anything else is refused."""
    st = eva(["rifle", "knife", "sniper"], ["rifle"], ["shield"])
    u = unit(st, "A")
    configs = sorted(sorted(u.items[i].label for i in h) for h in rules.hand_configs(u))
    assert configs == sorted([[], ["rifle"], ["knife"], ["sniper"], ["shield"], ["knife", "rifle"]])
    refused(st, "A swap sniper+knife", "EVA-9.1")
    refused(st, "A swap shield+knife", "EVA-9.1")
    play(st, 0, "A swap rifle+knife")
    assert held(st) == ["knife", "rifle"]


def test_eva_9_2_carried_items_stay_available_until_used_up():
    """EVA-9.2: every roster weapon and the Shield is carried all game and may be taken in hand; a
    discarded Shield cannot."""
    st = eva(["rifle", "knife"], [], ["shield"])
    play(st, 0, "A swap knife")
    play(st, 0, "A swap shield")
    play(st, 0, "A discard")
    refused(st, "A swap shield", "EVA-9.2")
    play(st, 0, "A swap rifle")
    assert held(st) == ["rifle"]


@pytest.mark.parametrize(
    ("weapons", "hands", "to", "cost"),
    [
        (["rifle", "knife", "pistol"], ["rifle", "knife"], "pistol+knife", 1),
        (["rifle", "knife", "pistol", "n2"], ["rifle", "knife"], "pistol+n2", 2),
        (["rifle", "knife", "sniper"], ["rifle", "knife"], "sniper", 2),
        (["sniper", "positron"], ["sniper"], "positron", 2),
        (["positron"], ["positron"], "shield", 2),
        (["knife", "rifle"], ["rifle"], "knife+rifle", 1),
        (["rifle", "knife"], ["rifle", "knife"], "rifle", 1),
        (["rifle", "knife", "pistol"], ["rifle"], "pistol+knife", 2),
        (["rifle", "knife"], [], "rifle+knife", 2),
        (["rifle"], ["rifle"], "-", 1),
        (["sniper"], ["sniper"], "-", 2),
    ],
)
def test_eva_9_3_and_amb_57_swap_costs(weapons, hands, to, cost):
    """EVA-9.3, EVA-AMB-57: 2 when a two-handed weapon or the Shield is taken or put away; otherwise 1
    per hand whose content changes (the spec's table, plus emptying and filling hands)."""
    st = eva(weapons, hands, ["shield"])
    evs = play(st, 0, f"A swap {to}")
    assert unit(st, "A").energy == 12 - cost
    assert of(evs, ev.EnergyNow)[0].spent == cost


def test_eva_9_3_swap_to_the_same_hands_is_refused_and_energy_is_checked():
    """EVA-9.3: a swap changes the configuration; the same hands are refused; a 2-cost swap with 1
    energy is refused."""
    st = eva(["rifle", "knife", "sniper"], ["rifle", "knife"])
    refused(st, "A swap knife+rifle", "EVA-9.3")
    unit(st, "A").energy = 1
    refused(st, "A swap sniper", "EVA-6.2")


def test_eva_9_4_discarding_the_shield_is_free_and_final():
    """EVA-9.4 (EVA-AMB-51): the Shield is thrown away for 0 energy and is gone for the game; an Eva
    not holding a Shield cannot discard."""
    st = eva(["rifle"], ["shield"], ["shield"])
    play(st, 0, "A discard")
    u = unit(st, "A")
    assert u.energy == 12 and u.hands == [] and u.items[1].gone
    refused(st, "A discard", "EVA-9.4")


def test_eva_9_5_used_up_items_leave_the_game_and_free_the_hands():
    """EVA-9.5: a thrown Spear (hit or miss) and a thrown N2 Bomb leave the game and their hands become
    empty; a destroyed Shield too."""
    st = eva(["replica"], ["replica"])
    play(st, 0, "A fire E16 replica", [1])
    assert unit(st, "A").hands == [] and unit(st, "A").items[0].gone
    refused(st, "A swap replica", "EVA-9.2")
    st = eva(["n2", "pistol"], ["n2", "pistol"], enemy="E13")
    play(st, 0, "A fire E13 n2")
    assert held(st) == ["pistol"] and unit(st, "A").items[0].gone and unit(st, "Z").armour == 25
    st = make_state(
        [
            {"name": "A", "side": 0, "square": "E10", "weapons": ["rifle"]},
            {
                "name": "Z",
                "side": 1,
                "square": "E16",
                "equipment": ["shield"],
                "hands": ["shield"],
                "shield_points": 3,
            },
        ]
    )
    start(st, "A")
    evs = play(st, 0, "A fire E16 rifle", [4])
    z = unit(st, "Z")
    assert of(evs, ev.ShieldDestroyed) and z.hands == [] and z.shield_points == 0 and z.armour == 38


def test_eva_9_6_only_weapons_held_at_the_start_fire_melee_weapons_at_once():
    """EVA-9.6: a weapon fires only if it was in hand at the start and is in hand now: a weapon swapped
    in cannot fire, one swapped out cannot, one swapped out and back in can; a melee weapon is used in
    melee as soon as it is in hand."""
    st = eva(["rifle", "pistol", "knife"], ["rifle"], enemy="E16")
    play(st, 0, "A swap pistol")
    refused(st, "A fire E16 pistol", "EVA-9.6")
    refused(st, "A fire E16 rifle", "EVA-10.2")
    play(st, 0, "A swap rifle")
    evs = play(st, 0, "A fire E16 rifle", [4])
    assert of(evs, ev.ShotRolled)[0].hit and unit(st, "A").energy == 12 - 1 - 1 - 3
    st = eva(["rifle", "knife"], ["rifle"], enemy="E11")
    play(st, 0, "A swap knife")
    evs = play(st, 0, "A melee E11", [1, 1, 1, 2, 1, 1, 1])
    assert of(evs, ev.MeleeRolled)[0].a_total == 2 + 3


def test_eva_9_7_and_amb_46_arms_trauma_one_one_handed_weapon():
    """EVA-9.7, EVA-AMB-46: with an arms trauma an Eva holds at most one one-handed weapon; a
    two-handed weapon or the Shield is still allowed."""
    st = eva(["rifle", "knife", "sniper"], ["rifle"], ["shield"])
    unit(st, "A").traumas = [Trauma("arms")]
    refused(st, "A swap rifle+knife", "EVA-9.1")
    play(st, 0, "A swap sniper")
    play(st, 0, "A swap shield")
    play(st, 0, "A swap knife")
    assert held(st) == ["knife"]


def _arms_shot(weapons, hands):
    st = make_state(
        [
            {"name": "H", "side": 0, "square": "J3", "weapons": ["sniper"]},
            {"name": "G", "side": 1, "square": "J11", "weapons": weapons, "hands": hands},
        ]
    )
    start(st, "H")
    evs = play(st, 0, "H fire J11 sniper aimed arms", [4])
    return st, evs


@pytest.mark.parametrize(
    ("weapons", "default"),
    [
        (["knife", "rifle"], "rifle"),
        ([("rifle", True), "rocket"], "rifle"),  # 40 against 40: the first listed
        (["rocket", ("rifle", True)], "rocket"),
        (["pistol", "pistol"], "pistol"),
        ([("rifle", True), ("hrifle", True)], "hrifle"),
        (["n2", "hknife"], "n2"),
    ],
)
def test_eva_9_7_and_amb_46_default_keeps_the_costlier_weapon(weapons, default):
    """EVA-9.7, EVA-AMB-46: the default keeps the weapon with the higher catalogue cost (automatic fire
    included); on equal cost, the one listed first in the roster."""
    labels = ["pistol", "pistol#2"] if weapons == ["pistol", "pistol"] else None
    st, evs = _arms_shot(weapons, labels or [w[0] if isinstance(w, tuple) else w for w in weapons])
    assert unit(st, "G").trauma("arms")
    p = st.pending
    assert p is not None and p.kind == "stow" and p.side == 1 and p.default == default


def test_eva_9_7_owner_chooses_during_the_opponents_activation_which_then_continues():
    """EVA-9.7: the engine prompts the traumatised Eva's owner, even in the opponent's activation;
    nothing else may happen until the answer; the stowed weapon costs nothing; the activation then
    continues."""
    st, evs = _arms_shot(["knife", "rifle"], ["knife", "rifle"])
    assert of(evs, ev.Waiting)[0].side == 1
    assert rules.to_act(st) == frozenset({1})
    refused(st, "H end", "EVA-9.7")
    refused(st, "trauma legs", "EVA-9.7")
    evs = play(st, 1, "G keep knife")
    assert of(evs, ev.Stowed)[0].item == "rifle" and held(st, "G") == ["knife"]
    assert unit(st, "G").energy == 0 and st.pending is None
    assert rules.to_act(st) == frozenset({0}) and st.activation.unit == 0
    play(st, 0, "H end")
    assert st.turn == 1 and unit(st, "H").activated


def test_eva_9_7_no_prompt_when_one_weapon_or_a_two_handed_weapon_is_held():
    """EVA-9.7: nothing is stowed when the Eva holds one one-handed weapon or a two-handed one."""
    st, _evs = _arms_shot(["rifle", "knife"], ["rifle"])
    assert st.pending is None and unit(st, "G").trauma("arms")
    st, _evs = _arms_shot(["sniper"], ["sniper"])
    assert st.pending is None and held(st, "G") == ["sniper"]
