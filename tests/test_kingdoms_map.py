"""Three Kingdoms: components and conventions (TK-1), the scenario files and
their parser, the starting state."""

from __future__ import annotations

import pytest

from engine.dice import Dice
from engine.rulesets.kingdoms import RULESET
from engine.rulesets.kingdoms.catalog import BASE_CAPACITY, RULES_VERSION, START_MORALE
from engine.rulesets.kingdoms.rules.board import board
from engine.rulesets.kingdoms.rules.combat import raw_losses
from engine.rulesets.kingdoms.scenario import ScenarioError, bundled_scenarios, load_bundled, parse_scenario
from engine.rulesets.kingdoms.state import Setup

FAN = load_bundled("fan_river")


def start(key: str = "fan_river"):
    return RULESET.new_state(Setup(scenario=load_bundled(key)), Dice(b"map"))[0]


def test_tk_1_5_base_types_and_capacity_per_side_tk_amb_63():
    """TK-1.5, TK-AMB-63: garrison, watchtower and path hold 3 per side, bridge and ford
    1, the HQ 5 per side; the Fan River's bases have those capacities."""
    assert BASE_CAPACITY == {"garrison": 3, "watchtower": 3, "path": 3, "bridge": 1, "ford": 1, "hq": 5}
    caps = {b.id: b.capacity for b in FAN.bases}
    assert caps == {"B1": 5, "B2": 3, "B3": 3, "B4": 1, "B5": 1, "B6": 3, "B7": 3, "B8": 3, "B9": 3, "B10": 5}
    assert [b.id for b in FAN.bases if b.building] == ["B3"]
    b10 = FAN.base("B10")
    assert (b10.fortress, b10.gates, b10.ballistas, b10.wall_tower) == (
        True,
        6,
        ("Ballista 1", "Ballista 2"),
        True,
    )


def test_tk_1_6_links_neighbours_distance_and_mountain_flags_tk_amb_42():
    """TK-1.6, TK-AMB-42: the links of section 3.1 give exactly its neighbour list; the
    two goat-trail links are mountain links; distance ignores flags."""
    st = start()
    bd = board(st)
    want = {
        "B1": ("B2", "B3"),
        "B2": ("B1", "B3", "B4", "B7"),
        "B3": ("B1", "B2", "B5"),
        "B4": ("B2", "B6"),
        "B5": ("B3", "B6"),
        "B6": ("B4", "B5", "B8", "B9"),
        "B7": ("B2", "B8"),
        "B8": ("B6", "B7", "B10"),
        "B9": ("B6", "B10"),
        "B10": ("B8", "B9"),
    }
    assert {b: bd.neighbours(b) for b in want} == want
    assert [(lk.id, lk.a, lk.b) for lk in FAN.links if lk.mountain] == [
        ("L8", "B2", "B7"),
        ("L9", "B7", "B8"),
    ]
    assert bd.graph.distance("B1", "B10") == 4
    assert bd.graph.distance("B2", "B8") == 2  # over the goat trail, flags ignored


def test_tk_1_1_tk_1_2_tk_1_3_tk_1_4_tk_10_1_the_starting_forces():
    """TK-1.1 (two sides, one HQ each), TK-AMB-25 (sizes set by the scenario), TK-1.2 (a regiment's attributes), TK-1.3 (initial
    strength), TK-1.4 (one commander, named with one weapon or unnamed), TK-10.1
    (morale 100 at the start), section 3.2 (cavalry mounted, arrived_from none)."""
    st = start()
    assert [s.name for s in st.scenario.sides] == ["Shu", "Wei"]
    assert [b.id for b in FAN.bases if b.type == "hq"] == ["B1", "B10"]
    assert [(r.id, r.side, r.type, r.initial, r.strength, r.base) for r in st.regiments[:4]] == [
        ("S1", 0, "infantry", 1000, 1000, "B1"),
        ("S2", 0, "infantry", 1000, 1000, "B2"),
        ("S3", 0, "cavalry", 500, 500, "B2"),
        ("S4", 0, "cavalry", 500, 500, "B1"),
    ]
    assert all(r.morale == START_MORALE == 100 for r in st.regiments)
    assert all(r.arrived_from is None for r in st.regiments)
    assert [r.id for r in st.regiments if r.mounted] == ["S3", "S4", "W3", "W4"]
    assert [(r.id, r.officer, r.weapon) for r in st.regiments if r.officer is None] == [
        ("S6", None, None),
        ("W6", None, None),
    ]
    assert (
        sum(r.strength for r in st.regiments if r.side == 0)
        == 3800
        == sum(r.strength for r in st.regiments if r.side == 1)
    )


def test_tk_1_7_occupy_contest_control_and_the_starting_controllers():
    """TK-1.7: every base has a controller or none, set by the scenario; control changes
    only at the end of a phase (TK-3.7)."""
    st = start()
    assert st.control == {
        "B1": 0,
        "B2": 0,
        "B3": 0,
        "B4": None,
        "B5": None,
        "B6": 1,
        "B7": None,
        "B8": 1,
        "B9": 1,
        "B10": 1,
    }
    assert st.enemy_on("B6", 0) and not st.enemy_on("B6", 1)


def test_tk_1_8_roster_order_and_base_order():
    """TK-1.8: roster order is the scenario's list, the first side's regiments first;
    base order is the scenario's list of bases."""
    st = start()
    assert [r.id for r in st.regiments] == [
        "S1",
        "S2",
        "S3",
        "S4",
        "S5",
        "S6",
        "W1",
        "W2",
        "W3",
        "W4",
        "W5",
        "W6",
    ]
    assert [b.id for b in FAN.bases] == [f"B{n}" for n in range(1, 11)]


def test_tk_1_10_exact_arithmetic_rounded_once_tk_amb_9():
    """TK-1.10, TK-AMB-9: ⌊N·R·m·Mt / (40000·F·T)⌋ in integers, rounded once: 112.5 is
    112, 87.5 is 87, 66.625 is 66; rounding each step would differ (500·9/40 = 112.5)."""
    assert raw_losses(500, 9, 100, 10) == 112
    assert raw_losses(1000, 7, 100, 10, f=2) == 87
    assert raw_losses(410, 13, 100, 10, t=2) == 66
    assert raw_losses(300, 16, 120, 8) == 115
    assert raw_losses(1000, 20, 0, 10) == 0
    assert raw_losses(1000, 20, 100, -2) == 0  # Mt never below 0 (TK-5.5)


def test_the_second_scenario_is_written_in_the_same_format_and_plays():
    """A second scenario of the same format: its own map (a three-ballista fortress
    without a wall tower, a watchtower, a bridge, a ford, a mountain flank), forces and
    cards; a game on it runs to its end."""
    import random

    sc = load_bundled("hefei")
    assert bundled_scenarios() == ["fan_river", "hefei"]
    assert [s.name for s in sc.sides] == ["Wu", "Wei"] and sc.turns == 15
    assert (
        sc.base("B8").ballistas == ("East Ballista", "West Ballista", "North Ballista")
        and not sc.base("B8").wall_tower
    )
    assert [c.trigger for c in sc.cards] == ["ordered", "auto"]
    st, _ev = RULESET.new_state(Setup(scenario=sc), Dice(b"h"))
    rng = random.Random(5)
    dice = Dice(b"hefei")
    while RULESET.to_act(st):
        side = min(RULESET.to_act(st))
        RULESET.apply(st, side, RULESET.random_action(st, side, rng), dice)
        RULESET.check_invariants(st)
    assert RULESET.result(st) is not None


def test_the_rules_version_is_recorded_tk_19_1():
    """TK-19.1: the rules version string is TK-1.0; the ruleset's fingerprint covers the
    catalogue, so a save made under other data is reported."""
    assert RULES_VERSION == "TK-1.0"
    assert len(RULESET.rules_fingerprint()) == 64


def _text() -> str:
    from importlib import resources

    return (resources.files("engine.rulesets.kingdoms") / "scenarios" / "fan_river.txt").read_text(
        encoding="utf-8"
    )


@pytest.mark.parametrize(
    "find, replace, line_of, message",
    [
        ("base B4 ford", "base B4 moat", "base B4", "unknown base type"),
        ("link L6 B4 B6", "link L6 B4 B66", "link L6", "unknown base B66"),
        ("link L13 B9 B10", "link L13 B9 B9", "link L13", "two different bases"),
        ("regiment S3 cavalry 500 B2", "regiment S3 cavalry fivehundred B2", "regiment S3", "whole number"),
        ("regiment W6 archers 300 B10", "regiment W6 archers 300 B11", "regiment W6", "unknown base B11"),
        ('"Zhang Fei" spear', '"Zhang Fei" halberd', "regiment S3", "unknown weapon"),
        ("card C2 W fire ordered", "card C2 W fire whenever", "card C2", "write a card"),
        ("side W Wei", "side W2 Wei", "side W2", "write a side"),
        ("turns 20", "turns many", "turns", "whole number"),
        ("link L1 B1 B2", "lnk L1 B1 B2", "lnk L1", "unknown entry"),
    ],
)
def test_the_parser_reports_the_line_of_a_bad_entry(find, replace, line_of, message):
    """A bad entry is refused with its line number (1-based) and the reason."""
    text = _text()
    assert find in text
    bad = text.replace(find, replace, 1)
    line = next(n for n, row in enumerate(bad.splitlines(), start=1) if row.startswith(line_of))
    with pytest.raises(ScenarioError) as info:
        parse_scenario(bad)
    assert info.value.line == line
    assert message in str(info.value) and f"line {line}:" in str(info.value)


def test_the_parser_reports_what_the_whole_file_lacks():
    """Problems of the whole scenario (no HQ for a side, too many regiments on a ford,
    mounted cavalry on a building) are refused with the rule, at line 0."""
    text = _text()
    with pytest.raises(ScenarioError) as info:
        parse_scenario(text.replace("base B10 hq", "base B10 garrison"))
    assert info.value.line == 0 and "TK-1.1" in str(info.value)
    with pytest.raises(ScenarioError) as info:
        parse_scenario(
            text.replace(
                "regiment S6 archers 300 B3", "regiment S6 archers 300 B4\nregiment S7 archers 300 B4"
            )
        )
    assert "TK-3.2" in str(info.value)
    with pytest.raises(ScenarioError) as info:
        parse_scenario(text.replace("regiment S4 cavalry 500 B1", "regiment S4 cavalry 500 B3"))
    assert "TK-3.5" in str(info.value)
    with pytest.raises(ScenarioError) as info:
        parse_scenario(text.replace("scenario fan_river\n", ""))
    assert "scenario" in str(info.value)


def test_a_parsed_scenario_round_trips_through_a_save_setup():
    """The scenario is the whole set-up: it encodes and decodes to an equal value."""
    import msgspec

    data = msgspec.json.encode(Setup(scenario=FAN))
    assert msgspec.json.decode(data, type=Setup) == Setup(scenario=FAN)


def test_tk_amb_65_the_war_council_is_the_scenarios_briefing():
    """TK-AMB-65, section 1.3: the war council is narrative: the scenario's briefing in
    both languages (and the cards, the army builder, the orders)."""
    assert FAN.briefing[0].startswith("Liu Bei must cross the Fan River")
    assert FAN.briefing_ru[0].startswith("Лю Бэй должен")
    assert len(FAN.briefing) == len(FAN.briefing_ru) == 2


def test_each_shipped_base_has_its_place_on_the_drawn_map_and_a_bad_place_is_refused():
    """Section 3.1's sketch as a grid: ``at=COLUMN,ROW`` places each base of the shipped
    scenarios (no two at one place); the view passes it on; no rule reads it. A place
    that is not two whole numbers is refused with its line."""
    for key in bundled_scenarios():
        sc = load_bundled(key)
        places = [b.at for b in sc.bases]
        assert None not in places and len(set(places)) == len(places), key
        assert [b.at for b in RULESET.view(start(key), 0).bases] == places
    assert FAN.base("B1").at == (0, 1) and FAN.base("B10").at == (4, 0)
    text = _text()
    bad = text.replace("at=2,1", "at=2;1", 1)
    line = next(n for n, row in enumerate(bad.splitlines(), start=1) if "at=2;1" in row)
    with pytest.raises(ScenarioError) as info:
        parse_scenario(bad)
    assert info.value.line == line and "at=COLUMN,ROW" in str(info.value)
    bare = parse_scenario("\n".join(row.split(" at=")[0] for row in text.splitlines()))
    assert all(b.at is None for b in bare.bases) and bare.links == FAN.links
