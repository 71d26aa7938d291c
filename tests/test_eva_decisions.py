"""EVA's pending choices as the shared decision shape (engine.decision): the trauma
zone named by the winner of a critical exchange (EVA-11.9, EVA-12.7), the weapon kept
after an arms trauma (EVA-9.7) and the deployment zone (EVA-5.2). Each choice is a
legal action whose notation reads back as it; the default is the rules' default."""

from __future__ import annotations

import pytest
from eva_support import play, start, unit
from test_eva_a_hands import _arms_shot
from test_eva_a_sequence import new_game
from test_eva_b_melee import ex8

from engine.decision import Decision
from engine.i18n import set_language
from engine.ruleset import Decisions, get
from engine.rulesets.eva import notation
from engine.rulesets.eva.actions import ChooseZone, Keep, NameZone
from engine.rulesets.eva.legality import legal
from engine.rulesets.eva.roster import EvaEntry, WeaponEntry
from engine.rulesets.eva.sampler import legal_actions

RS = get("eva")


def _consistent(st, d: Decision) -> None:
    """Every choice is legal, reads back from its notation, and the choices are exactly
    the seat's legal actions."""
    assert isinstance(RS, Decisions)
    assert [c.action for c in d.choices] == legal_actions(st, d.seat)
    for c in d.choices:
        assert legal(st, d.seat, c.action)
        assert notation.parse_action(st, d.seat, c.notation) == c.action
        assert d.choice_for(c.notation) is c
        assert c.label and c.odds is None
    assert RS.decision(st, 1 - d.seat) is None


def test_eva_11_9_the_winner_of_a_critical_exchange_names_the_zone():
    st = ex8()
    start(st, "Eva-A")
    play(st, 0, "Eva-A melee E20", [5, 4, 2, 3])
    d = RS.decision(st, 0)
    assert d is not None and d.rule == "EVA-11.9" and "Eva-A" in d.prompt
    assert [c.action for c in d.choices] == [NameZone("arms"), NameZone("legs"), NameZone("body")]
    assert d.choices[d.default].action == NameZone("legs")  # legs when none is named
    assert "energy" in d.choices[1].detail
    _consistent(st, d)
    set_language("ru")
    try:
        ru = RS.decision(st, 0)
        assert [c.notation for c in ru.choices] == ["травма руки", "травма ноги", "травма корпус"]
        assert ru.choices[1].label == "ноги"
    finally:
        set_language("en")
    play(st, 0, d.choices[d.default].notation, [6, 5, 4, 2])
    assert RS.decision(st, 0) is None and unit(st, "Eva-B").trauma("legs")


def test_eva_9_7_the_owner_keeps_one_weapon_by_default_the_costlier():
    st, _evs = _arms_shot(["knife", "rifle"], ["knife", "rifle"])
    d = RS.decision(st, 1)
    assert d is not None and d.rule == "EVA-9.7" and d.seat == 1
    g = unit(st, "G")
    assert {c.action for c in d.choices} == {Keep(st.units.index(g), i) for i in g.hands}
    assert g.items[d.choices[d.default].action.item].code == "rifle"
    assert "stowed" in d.choices[0].detail
    _consistent(st, d)


def test_eva_5_2_the_roll_off_winner_chooses_a_deployment_zone():
    st, _evs = new_game(
        [EvaEntry("A", [WeaponEntry("rifle")])],
        [EvaEntry("B", [WeaponEntry("rifle")])],
        [2, 5],
    )
    d = RS.decision(st, st.chooser)
    assert d is not None and d.rule == "EVA-5.2"
    assert [c.action for c in d.choices] == [ChooseZone("south"), ChooseZone("north")]
    _consistent(st, d)
    play(st, st.chooser, d.choices[1].notation)
    assert RS.decision(st, 0) is None and RS.decision(st, 1) is None


@pytest.mark.parametrize("seed", range(3))
def test_no_decision_outside_those_moments(seed):
    import random

    from engine.dice import Dice

    rng = random.Random(seed)
    state, _ = RS.new_state(RS.random_setup(rng), Dice(b"dec%d" % seed))
    dice = Dice(b"decisions%d" % seed)
    asked = 0
    while sides := RS.to_act(state):
        side = min(sides)
        d = RS.decision(state, side)
        pending = state.pending is not None or state.phase == "zone"
        assert (d is not None) == pending
        if d is not None:
            asked += 1
            _consistent(state, d)
        RS.apply(state, side, RS.random_action(state, side, rng), dice)
    assert asked >= 1
