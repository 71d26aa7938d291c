"""What the interface shows comes from the engine: prices in the roster builder
(EVA-17.2, EVA-17.6), the hands an Eva holds by default (EVA-9.1), the order words
and forms for the command line (EVA-EX-1), in the interface language."""

from __future__ import annotations

from eva_support import make_state

from engine.i18n import set_language
from engine.rulesets.eva.catalog import AT_COST, EQUIPMENT, WEAPONS
from engine.rulesets.eva.hands import default_hands, default_hands_of_entry
from engine.rulesets.eva.notation import form, order_verbs
from engine.rulesets.eva.options import options
from engine.rulesets.eva.roster import (
    EvaEntry,
    WeaponEntry,
    at_cost,
    equipment_cost,
    eva_cost,
    weapon_cost,
)


def test_eva_17_2_prices_of_weapons_at_levels_and_equipment():
    assert weapon_cost(WeaponEntry("rifle")) == 30 and weapon_cost(WeaponEntry("rifle", True)) == 40
    assert weapon_cost(WeaponEntry("nope")) == 0
    assert [at_cost(level) for level in range(7)] == list(AT_COST)
    assert at_cost(7) == 0 and at_cost(-1) == 0
    assert equipment_cost("wings") == EQUIPMENT["wings"].points and equipment_cost("nope") == 0
    e = EvaEntry("X", [WeaponEntry("rifle", True), WeaponEntry("knife")], at=3, equipment=["wings"])
    assert eva_cost(e) == 100 + 40 + WEAPONS["knife"].points + AT_COST[3] + EQUIPMENT["wings"].points


def test_eva_9_1_default_hands_of_a_roster_eva_and_of_an_eva_to_deploy():
    assert default_hands_of_entry(EvaEntry("X", [WeaponEntry("rifle"), WeaponEntry("knife")])) == [
        "rifle",
        "knife",
    ]
    assert default_hands_of_entry(EvaEntry("X", [WeaponEntry("sniper"), WeaponEntry("knife")])) == ["sniper"]
    assert default_hands_of_entry(EvaEntry("X", [WeaponEntry("pistol"), WeaponEntry("pistol")])) == [
        "pistol",
        "pistol#2",
    ]
    assert default_hands_of_entry(EvaEntry("X", [], equipment=["shield"])) == ["shield"]
    st = make_state(
        [
            {"name": "A", "side": 0, "square": "E4", "weapons": ["rifle", "knife"]},
            {"name": "B", "side": 1, "square": "E10", "weapons": ["sniper", "knife"]},
        ]
    )
    st.phase = "deploy"
    st.placer = 0
    for u in st.units:
        u.deployed = False
        u.square = -1
    opts = options(st, 0)
    assert opts.kind == "deploy" and opts.default_hands == {0: default_hands(st.units[0])} == {0: [0, 1]}


def test_order_words_and_forms_in_the_interface_language():
    assert "fire" in order_verbs() and "neutralise" in order_verbs() and "activate" not in order_verbs()
    assert form("fire") == "<Eva> fire <square> [weapon] [burst | aimed <zone>]"
    set_language("ru")
    try:
        assert "огонь" in order_verbs() and "fire" not in order_verbs()
        assert form("fire") == "<Ева> огонь <клетка> [оружие] [очередь | прицельно <зона>]"
        assert form("trauma") == "травма руки | ноги | корпус | крылья"
    finally:
        set_language("en")


def test_eva_ex_1_words_read_in_both_languages_with_or_without_yo():
    from engine.rulesets.eva.words import fold_name, latin_square, read, read_item

    assert read("item", "тяжёлый-нож") == read("item", "тяжелый-нож") == read("item", "HKNIFE") == "hknife"
    assert read("verb", "neutralize") == read("verb", "обнулить") == "neutralise"
    assert read("zone", "Крылья") == "wings" and read("side", "север") == "north"
    assert read("verb", "винтовка") is None and read("item", "огонь") is None  # each kind its own words
    assert read_item("Винтовка#2") == "rifle#2" and read_item("blaster") == "blaster"
    assert fold_name("Ева-01") == fold_name("EVA-01") == "eva-01"
    assert latin_square("Е4") == "E4" and latin_square("с12") == "c12"
