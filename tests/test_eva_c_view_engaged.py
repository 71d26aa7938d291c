"""The view says which Evas are engaged (EVA-12.2), a fact of public positions."""

from __future__ import annotations

from eva_support import make_state

from engine.rulesets.eva.view import view


def test_eva_12_2_view_marks_engaged_evas_for_both_sides() -> None:
    state = make_state(
        [
            {"name": "Eva-01", "side": 0, "square": "E4"},
            {"name": "Eva-02", "side": 0, "square": "K10"},
            {"name": "Mark-06", "side": 1, "square": "E5"},
            {"name": "Mark-07", "side": 1, "square": "L11"},
        ]
    )
    for side in (0, 1, None):
        engaged = {u.name: u.engaged for u in view(state, side).units}
        # orthogonal contact engages; a diagonal neighbour does not (EVA-3.4)
        assert engaged == {"Eva-01": True, "Eva-02": False, "Mark-06": True, "Mark-07": False}


def test_eva_12_2_an_airborne_eva_is_not_engaged_with_a_ground_eva() -> None:
    state = make_state(
        [
            {"name": "Eva-01", "side": 0, "square": "E4"},
            {"name": "MP-01", "side": 1, "square": "E5", "equipment": ["wings"], "airborne": True},
        ]
    )
    assert [u.engaged for u in view(state, 0).units] == [False, False]
