"""Mounting items on a mech in the builder: where each item may go (BLC-2, BLC-3,
BLC-5, BL-AMB-53), mounting and unmounting, the places in mount order (BL-3.7) and
the torso slots against the chassis (BLC-1). These helpers state the rules the
builder needs; :func:`validate` uses the same :func:`may_mount`."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.rulesets.battleline.catalog import CHASSIS, ITEMS
from engine.rulesets.battleline.roster import (
    Mech,
    may_mount,
    mount,
    mount_places,
    places_of,
    sample_mech,
    torso_over,
    torso_slots,
    unmount,
    validate,
)

WARDEN = Mech(name="Test", chassis="Warden", pilot="Vera")


def test_blc_2_blc_3_may_mount_follows_the_mounts_column():
    """BLC-3 Mounts: hand (one-handed) or torso; torso only; hand only; both hands; the
    legs for jump jets; BL-AMB-53: nothing in the head."""
    assert may_mount(ITEMS["A-10"], "LA") and may_mount(ITEMS["A-10"], "CT")
    assert not may_mount(ITEMS["A-20"], "RA") and may_mount(ITEMS["A-20"], "LT")
    assert may_mount(ITEMS["SW"], "RA") and not may_mount(ITEMS["SW"], "RT")
    assert may_mount(ITEMS["HM"], "LA") and not may_mount(ITEMS["HM"], "LT")
    assert may_mount(ITEMS["JJ"], "legs") and not may_mount(ITEMS["JJ"], "LA")
    assert not any(may_mount(item, "H") for item in ITEMS.values())


def test_blc_1_mount_places_follow_the_chassis_slots():
    """BLC-1: a Warden has torso slots 2/1/2, a Scout 1/0/1, a Bastion 2/2/2; BLC-5: jump
    jets only where allowed; BLC-2: a two-handed item takes both arms."""
    assert mount_places(WARDEN, "A-10") == ["LA", "RA", "LT1", "LT2", "CT1", "RT1", "RT2"]
    assert mount_places(Mech("S", "Scout"), "R-4") == ["LT1", "RT1"]
    assert mount_places(Mech("B", "Bastion"), "L-5") == ["LT1", "LT2", "CT1", "CT2", "RT1", "RT2"]
    assert mount_places(WARDEN, "HM") == ["LA+RA"]
    assert mount_places(WARDEN, "SH") == ["LA", "RA"]
    assert mount_places(WARDEN, "JJ") == ["legs"]
    assert mount_places(Mech("B", "Bastion"), "JJ") == []
    # without a chassis only the arms are known (BLC-1)
    assert mount_places(Mech("N", ""), "A-10") == ["LA", "RA"]
    assert mount_places(Mech("N", ""), "R-6") == []
    assert mount_places(WARDEN, "X-1") == []


def test_blc_7_the_kestrel_is_built_by_mounting():
    """BLC-7: mounting the Kestrel's items one by one gives the sample mech."""
    mech = Mech(name="Kestrel", chassis="Warden", pilot="Vera")
    for code, place in (("M-6", "LA"), ("SW", "RA"), ("A-10", "LT1"), ("M-10", "LT2"), ("L-3", "CT1")):
        mech = mount(mech, code, place)
    mech = mount(mech, "R-4", "RT1")
    assert mech == sample_mech("Kestrel")
    assert validate(mech) == []


def test_blc_2_a_two_handed_item_takes_both_arms_and_gives_them_back():
    """BLC-2: the Hammer takes both arms, replacing what they held; a one-handed item put
    in either arm replaces the Hammer, leaving the other arm empty; removing it from
    one arm empties both."""
    mech = mount(mount(WARDEN, "SH", "LA"), "A-10", "RA")
    ram = mount(mech, "HM", "LA+RA")
    assert (ram.la, ram.ra) == ("HM", "HM") and validate(ram) == []
    assert places_of(ram)[0] == ("LA+RA", "HM")
    sword = mount(ram, "SW", "RA")
    assert (sword.la, sword.ra) == ("", "SW")
    assert unmount(ram, "RA") == WARDEN
    with pytest.raises(ValueError, match="HM cannot be mounted at LA"):
        mount(WARDEN, "HM", "LA")


def test_blc_2_one_item_per_slot_replaced_and_trailing_slots_dropped():
    """BLC-2: a slot holds one item, so mounting on an occupied slot replaces it; an
    empty slot before a filled one is kept (Ram's CT slot 2 empty, BLC-7)."""
    mech = mount(WARDEN, "R-6", "RT2")
    assert mech.rt == ("", "R-6")
    mech = mount(mech, "R-4", "RT2")
    assert mech.rt == ("", "R-4")
    assert unmount(mech, "RT2").rt == ()
    assert dict(places_of(mech))["RT1"] == ""
    with pytest.raises(ValueError):
        mount(WARDEN, "SW", "LT1")  # hand only (BLC-3)


def test_blc_2_a_smaller_chassis_leaves_items_beyond_its_slots():
    """BLC-1, BLC-2: the Kestrel moved to a Scout (slots 1/0/1) keeps its items; the
    places list those beyond the slots, and validate names each torso part over."""
    scout = Mech(**{**_fields(sample_mech("Kestrel")), "chassis": "Scout"})
    assert torso_slots(scout) == [("LT", 2, 1), ("CT", 1, 0), ("RT", 1, 1)]
    assert [p for p, _code in places_of(scout)] == ["LA", "RA", "LT1", "LT2", "CT1", "RT1", "legs"]
    assert [p.rule for p in validate(scout)] == ["BLC-2", "BLC-2"]
    fixed = unmount(unmount(scout, "LT2"), "CT1")
    assert validate(fixed) == [] and torso_slots(fixed) == [("LT", 1, 1), ("CT", 0, 0), ("RT", 1, 1)]


@pytest.mark.parametrize(
    ("lt", "over"),
    [
        (("A-10", "A-10"), False),  # both slots of a Warden's left torso
        (("A-10", "A-10", ""), False),  # an empty entry beyond them holds no item
        (("", "", ""), False),
        (("A-10", "A-10", "A-10"), True),
        (("", "", "A-10"), True),  # one item, but written beyond the two slots
    ],
)
def test_blc_2_an_item_beyond_the_slots_breaks_the_rule_an_empty_entry_does_not(lt, over):
    """BLC-2: no more items than the chassis has slots. The builder's header
    (:func:`torso_over`) and :func:`validate` give one verdict: an empty entry is an
    empty slot, and only an item written beyond the slots breaks the rule."""
    mech = Mech(**{**_fields(WARDEN), "lt": lt})
    assert torso_over(mech) is over
    assert any("left torso" in p.text() for p in validate(mech)) is over


def test_blc_1_a_mech_without_a_chassis_is_asked_for_one():
    """BLC-1: a mech being built starts without a chassis; the problem says to choose one."""
    problems = validate(Mech(name="New", chassis="", pilot="P"))
    assert [(p.rule, p.text()) for p in problems] == [
        ("BLC-1", "New: choose a chassis (Scout, Warden or Bastion).")
    ]
    assert torso_slots(Mech("New", "")) == [("LT", 0, 0), ("CT", 0, 0), ("RT", 0, 0)]


def _fields(mech: Mech) -> dict:
    return {f: getattr(mech, f) for f in mech.__struct_fields__}


@settings(max_examples=150, deadline=None)
@given(
    chassis=st.sampled_from(sorted(CHASSIS)),
    steps=st.lists(st.tuples(st.sampled_from(sorted(ITEMS)), st.integers(0, 20)), max_size=12),
)
def test_blc_2_mounting_only_where_allowed_never_breaks_a_rule(chassis: str, steps: list) -> None:
    """BLC-2 (property): any sequence of mounts at places :func:`mount_places` offers, and
    of removals, keeps a mech that :func:`validate` accepts."""
    mech = Mech(name="Prop", chassis=chassis, pilot="P")
    for code, pick in steps:
        places = mount_places(mech, code)
        if pick % 5 == 0:
            filled = [p for p, c in places_of(mech) if c]
            if filled:
                mech = unmount(mech, filled[pick % len(filled)])
            continue
        if places:
            mech = mount(mech, code, places[pick % len(places)])
    assert validate(mech) == []
