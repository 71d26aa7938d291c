"""Battleline's catalogue and mech builder: BLC-1 to BLC-7, BL-3 (parts, mounts, mount
order), mech files as roster files, random valid mechs."""

from __future__ import annotations

import random

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.rosterfile import check_roster_file
from engine.rulesets.battleline.catalog import CHASSIS, HIT_LOCATION, ITEMS, NEXT_PART, PARTS
from engine.rulesets.battleline.facts import mech_facts
from engine.rulesets.battleline.roster import (
    MECHS_DIR,
    Mech,
    decode_roster,
    encode_roster_file,
    random_mech,
    sample_mechs,
    validate,
)
from tests.battleline_support import RS


def test_bl_3_1_eight_parts_and_blc_1_chassis():
    """BL-3.1: eight parts; BLC-1: each chassis's structure, base speed, slots, jump jets."""
    assert PARTS == ("H", "CT", "LT", "RT", "LA", "RA", "LL", "RL")
    table = {c: (ch.structure, ch.base_speed, ch.slots, ch.jump_jets) for c, ch in CHASSIS.items()}
    assert table == {
        "Scout": ((5, 12, 8, 8, 6, 6, 7, 7), 7, (1, 0, 1), True),
        "Warden": ((6, 16, 11, 11, 8, 8, 10, 10), 6, (2, 1, 2), True),
        "Bastion": ((7, 20, 14, 14, 10, 10, 12, 12), 5, (2, 2, 2), False),
    }


def test_blc_3_weapons_blc_4_shield_blc_6_threat():
    """BLC-3 (BL-AMB-54: the provisional catalogue): damage, accuracy or missiles, recoil,
    charging effect, mounts; BLC-4: the shield's structure 10; BLC-6: unique Threat ranks
    over the ranged weapons."""
    rows = {
        c: (
            i.kind,
            i.damage,
            i.accuracy or i.missiles,
            i.recoil,
            i.recoil_speed,
            i.charge_speed,
            i.mounts,
            i.threat,
        )
        for c, i in ITEMS.items()
    }
    assert rows["A-10"] == ("cannon", 5, 3, 1, 0, 0, ("hand", "torso"), 3)
    assert rows["A-20"] == ("cannon", 8, 2, 1, 1, 0, ("torso",), 6)
    assert rows["M-6"] == ("mg", 1, 6, 1, 0, 0, ("hand", "torso"), 4)
    assert rows["M-10"] == ("mg", 1, 10, 2, 0, 0, ("hand", "torso"), 7)
    assert rows["R-4"] == ("missiles", 2, 4, 0, 0, 0, ("torso",), 5)
    assert rows["R-6"] == ("missiles", 2, 6, 0, 0, 0, ("torso",), 8)
    assert rows["L-3"] == ("laser", 3, 0, 0, 0, 2, ("hand", "torso"), 1)
    assert rows["L-5"][:7] == ("laser", 4, 0, 0, 0, 2, ("torso",)) and ITEMS["L-5"].charge_no_defence
    assert rows["SW"][:2] == ("melee", 5) and rows["HM"][:2] == ("melee", 8) and ITEMS["HM"].two_handed
    assert ITEMS["SH"].structure == 10 and ITEMS["JJ"].mounts == ("legs",)
    ranks = [i.threat for i in ITEMS.values() if i.ranged]
    assert len(set(ranks)) == len(ranks) and all(i.threat == 0 for i in ITEMS.values() if not i.ranged)
    # BLC-6: roughly the most damage of one attack (D, D x A, D x N)
    assert sorted(ITEMS, key=lambda c: ITEMS[c].threat)[-1] == "R-6"


def test_bl_16_2_hit_location_and_bl_17_2_transfer_chains():
    """BL-16.2: the 2d6 table; BL-17.2, BL-17.3: LA/LL -> LT -> CT, RA/RL -> RT -> CT,
    nothing beyond H and CT."""
    assert [PARTS[HIT_LOCATION[n]] for n in range(2, 13)] == [
        "H", "RA", "RA", "RL", "RT", "CT", "LT", "LL", "LA", "LA", "H",
    ]  # fmt: skip
    nxt = {PARTS[i]: (PARTS[n] if n is not None else None) for i, n in enumerate(NEXT_PART)}
    assert nxt == {
        "H": None,
        "CT": None,
        "LT": "CT",
        "RT": "CT",
        "LA": "LT",
        "RA": "RT",
        "LL": "LT",
        "RL": "RT",
    }


def test_blc_7_sample_mechs_and_bl_3_7_mount_order():
    """BLC-7: the four sample mechs ship as mech files; BL-3.7: their mount order (LA,
    RA, LT slots, CT slots, RT slots, legs; a two-handed item in the LA position)."""
    mechs = sample_mechs()
    assert sorted(mechs) == ["Bulwark", "Hornet", "Kestrel", "Ram"]
    order = {name: [f.label for f in mech_facts(m).items] for name, m in mechs.items()}
    assert order == {
        "Kestrel": ["M-6", "Sword", "A-10", "M-10", "L-3", "R-4"],
        "Bulwark": ["Shield", "A-10", "M-10", "L-5", "R-6", "JJ"],
        "Hornet": ["L-3", "M-6", "R-4", "A-10", "JJ"],
        "Ram": ["Hammer", "A-20", "M-6", "L-3", "R-6"],
    }
    assert {n: (m.chassis, m.pilot, m.traits) for n, m in mechs.items()} == {
        "Kestrel": ("Warden", "Vera", ()),
        "Bulwark": ("Warden", "Oleg", ("Charisma",)),
        "Hornet": ("Scout", "Ilya", ()),
        "Ram": ("Bastion", "Nadia", ()),
    }
    ram = mech_facts(mechs["Ram"])
    assert ram.items[0].parts == (4, 5) and ram.items[0].where == "LA+RA"


def test_mech_files_are_roster_files():
    """A mech file is a roster file (format wartable-roster, ruleset battleline); the
    shipped files check clean and round-trip."""
    for path in sorted(MECHS_DIR.glob("*.json")):
        data = path.read_bytes()
        assert check_roster_file(data) == ("battleline", [])
        mech = decode_roster(msgspec.json.encode(msgspec.json.decode(data)["roster"]))
        assert encode_roster_file(mech) == data


def _problems(**fields) -> list[tuple[str, str]]:
    base = {"name": "Test", "chassis": "Warden", "pilot": "P"}
    return [(p.rule, p.text()) for p in validate(Mech(**{**base, **fields}))]


def test_blc_2_every_builder_rule_with_its_id():
    """BLC-2 (and BLC-1, BLC-3, BLC-5, BL-3.8, BL-19.2; BL-AMB-53: weapons in the centre
    torso, nothing in the head or legs but jump jets): each problem with its rule."""
    assert _problems(la="A-10", ra="SW", lt=("A-20", "R-6"), ct=("L-5",), rt=("M-10",), legs="JJ") == []
    assert [r for r, _ in _problems(chassis="Titan")] == ["BLC-1"]
    assert [r for r, _ in _problems(la="X-1")] == ["BLC-3"]
    assert [r for r, _ in _problems(la="A-20")] == ["BLC-2"]  # torso only
    assert [r for r, _ in _problems(lt=("SW",))] == ["BLC-2"]  # hand only
    assert [r for r, _ in _problems(lt=("SH",))] == ["BLC-2"]
    assert [r for r, _ in _problems(la="HM")] == ["BLC-2"]  # two-handed needs both arms
    assert [r for r, _ in _problems(la="HM", ra="SH")] == ["BLC-2"]
    assert _problems(la="HM", ra="HM") == []
    assert [r for r, _ in _problems(ct=("A-10", "M-6"))] == ["BLC-2"]  # one CT slot on a Warden
    assert [r for r, _ in _problems(legs="A-10")] == ["BLC-2"]
    assert [r for r, _ in _problems(la="JJ")] == ["BLC-2"]
    assert [r for r, _ in _problems(chassis="Bastion", legs="JJ")] == ["BLC-5"]
    assert [r for r, _ in _problems(name=" ")] == ["BL-19.2"]
    assert [r for r, _ in _problems(pilot="")] == ["BL-3.8"]
    text = dict(_problems(chassis="Scout", ct=("L-3",)))["BLC-2"]
    assert text == "Test: more items in the centre torso than it has slots (1 for 0)."


def test_blc_2_several_copies_and_no_weight_limit():
    """BLC-2: several copies of one weapon are allowed; labels then name the mount (BL-3.7)."""
    m = Mech(
        name="Twins", chassis="Bastion", pilot="P", la="A-10", ra="A-10", lt=("A-10", "A-10"), rt=("M-6",)
    )
    assert validate(m) == []
    assert [f.label for f in mech_facts(m).items] == ["A-10@LA", "A-10@RA", "A-10@LT1", "A-10@LT2", "M-6"]


def test_the_ruleset_reads_mech_files_as_rosters():
    """The Rosters capability: decode and validate a mech file's mech."""
    data = (MECHS_DIR / "kestrel.json").read_bytes()
    roster = msgspec.json.decode(data)["roster"]
    mech = RS.decode_roster(msgspec.json.encode(roster))
    assert RS.validate_roster(mech) == [] and mech.name == "Kestrel"
    bad = RS.validate_roster(msgspec.structs.replace(mech, chassis="Bastion", legs="JJ"))
    assert [p.rule for p in bad] == ["BLC-5"]
    with pytest.raises(msgspec.ValidationError):
        RS.decode_roster(b'{"name": "x", "chassis": "Scout", "head": "A-10"}')


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_random_mechs_are_valid_and_armed(seed):
    """A random mech for selfplay passes every builder rule (BLC-2) and carries at least
    one ranged weapon."""
    m = random_mech(random.Random(seed), "R")
    assert validate(m) == []
    assert any(f.item.ranged for f in mech_facts(m).items)
