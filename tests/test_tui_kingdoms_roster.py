"""The Three Kingdoms army builder (kingdoms.md section 3.7) on the kit's scaffold: its
model over the engine (every figure and problem the engine's), and the builder
played with keys from the title screen and from the new game screen, to a battle."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from terminal_check import screen_text
from test_tui_app import home  # noqa: F401 - home is a fixture
from test_tui_kingdoms import lift, make_app, run, settle, table, tk_home  # noqa: F401 - tk_home is a fixture

from engine.rosterfile import check_roster_file
from engine.rulesets.kingdoms.catalog import MAX_MEN, MAX_REGIMENTS, OFFICERS, REGIMENT_SIZES
from engine.rulesets.kingdoms.roster import Roster, RosterRegiment, army_men, field_problems, validate
from engine.rulesets.kingdoms.scenario import load_bundled
from tui.kit.roster import Refused
from tui.rulesets.kingdoms.roster_model import KingdomsRosterModel


def _army(model: KingdomsRosterModel, *entries: str) -> Roster:
    """A new army with the catalogue ``entries`` added in turn, each to the regiment
    made last."""
    roster = model.new_roster()
    unit = None
    for entry in entries:
        row = model.add(roster, unit, entry)
        unit = model.unit_of(row) if model.unit_of(row) is not None else unit
    return roster


# ---------------------------------------------------------------------------
# The model: figures and problems from the engine
# ---------------------------------------------------------------------------
def test_tk_3_7_2_the_totals_are_the_engines_regiments_and_men_against_six_and_4000() -> None:
    """§3.7.2: the header counts regiments against 6 and men against 4,000 (the
    engine's :func:`army_men` and the roster's limits), over the limit marked."""
    model = KingdomsRosterModel()
    roster = _army(model, "reg:infantry:1000", "cmd:Liu Bei", "reg:cavalry:500")
    assert (MAX_REGIMENTS, MAX_MEN) == (6, 4000)
    assert [(t.text, t.over) for t in model.totals(roster)] == [
        ("2 of 6 regiments", False),
        ("1500 of 4000 men", False),
    ]
    for _ in range(5):
        model.add(roster, None, "reg:infantry:1000")
    assert army_men(roster) == 6500
    assert [(t.text, t.over) for t in model.totals(roster)] == [
        ("7 of 6 regiments", True),
        ("6500 of 4000 men", True),
    ]
    assert model.problems(roster) == validate(roster)
    assert [p.rule for p in model.problems(roster)][:2] == ["§3.7.2", "§3.7.2"]


def test_tk_3_7_3_the_catalogue_offers_sections_3_5_and_3_6_and_the_problems_are_validates() -> None:
    """§3.7.3, sections 3.5 and 3.6: the regiments offered are the engine's sizes, the
    commanders the faction's officers and an unnamed one; an army without a named
    officer, or with one officer twice, has the engine's problems with their rules."""
    model = KingdomsRosterModel()
    roster = model.new_roster()
    ids = [e.id for e in model.catalogue(roster, None, 40, "…") if not e.heading]
    assert [i for i in ids if i.startswith("reg:")] == [
        f"reg:{t}:{m}" for t, sizes in REGIMENT_SIZES.items() for m in sizes
    ]
    assert [i for i in ids if i.startswith("cmd:")] == ["cmd:"] + [
        f"cmd:{n}" for f, n, _w in OFFICERS if f == "Shu"
    ]
    assert [i for i in ids if i.startswith("base:")] == ["base:B1", "base:B2", "base:B3"]
    assert [p.rule for p in model.problems(roster)] == ["§3.7.2"]  # no regiment
    model.add(roster, None, "reg:archers:300")
    assert [p.rule for p in model.problems(roster)] == ["§3.7.3"]  # no named officer
    model.add(roster, 0, "cmd:Huang Zhong")
    model.add(roster, None, "reg:archers:500")
    model.add(roster, 1, "cmd:Huang Zhong")
    assert [p.rule for p in model.problems(roster)] == ["TK-1.4"]
    assert model.problem_text(model.problems(roster)[0]) == "Huang Zhong commands more than one regiment."
    # the faction's officers follow the faction chosen (§3.7.1): Wu's now, and Shu's
    # officers are out of place
    model.add(roster, None, "fac:Wu")
    cmds = [e.id for e in model.catalogue(roster, 0, 40, "…") if e.id.startswith("cmd:")]
    assert cmds[1:] == [f"cmd:{n}" for f, n, _w in OFFICERS if f == "Wu"]
    assert "§3.7.3" in [p.rule for p in model.problems(roster)]


def test_tk_3_7_4_a_new_regiment_goes_to_the_first_base_with_room_and_cavalry_never_to_a_building() -> None:
    """§3.7.4, TK-3.2, TK-3.5: regiments fill Xinye Camp (5), then Bamboo Path (3);
    cavalry skips Lookout Hill (a building); a regiment put there by hand is flagged
    by the engine."""
    model = KingdomsRosterModel(("fan_river", 0))
    roster = model.new_roster()
    for _ in range(8):
        model.add(roster, None, "reg:infantry:300")
    assert [r.base for r in roster.regiments] == ["B1"] * 5 + ["B2"] * 3
    model.add(roster, None, "reg:cavalry:300")
    assert roster.regiments[-1].base == "B1"  # nowhere free: the first base, flagged
    assert "TK-3.2" in [p.rule for p in model.problems(roster)]
    small = model.new_roster()
    model.add(small, None, "reg:cavalry:300")
    model.add(small, 0, "cmd:Zhao Yun")
    model.add(small, 0, "base:B3")
    assert [p.rule for p in model.problems(small)] == ["TK-3.5"]
    assert next(r for r in model.rows(small, 30, "…") if r.id == "reg-0").bad


def test_remove_move_copy_and_rename_follow_the_roster_order_tk_3_7_5() -> None:
    """§3.7.5: the roster order is the list's; moving a regiment renumbers it (its id
    in the battle); a copy gets an unnamed commander (TK-1.4); removing the officer
    row leaves an unnamed commander; the army is renamed, regiments have no names."""
    model = KingdomsRosterModel()
    roster = _army(model, "reg:infantry:1000", "cmd:Liu Bei", "reg:archers:500", "cmd:Huang Zhong")
    assert model.unit_name(roster, 1) == "S2 Huang Zhong"
    assert model.move(roster, "reg-1", -1) == "reg-0"
    assert [r.officer for r in roster.regiments] == ["Huang Zhong", "Liu Bei"]
    assert model.move(roster, "reg-0", -1) is None
    assert model.move(roster, "cmd-0", 1) is None  # only regiments move
    assert model.copy_unit(roster, 1) == 2
    assert (roster.regiments[2].type, roster.regiments[2].men, roster.regiments[2].officer) == (
        "infantry",
        1000,
        None,
    )
    assert model.remove(roster, "cmd-0") == "cmd-0"
    assert roster.regiments[0].officer is None
    assert model.remove(roster, "reg-2") == "reg-1"
    assert len(roster.regiments) == 2
    assert model.remove(roster, "base-0") is None  # a regiment always stands somewhere
    model.rename_roster(roster, "Iron Ridge")
    assert model.roster_name(roster) == "Iron Ridge"
    assert model.name_problem(roster, 0, "Anything") is not None
    with pytest.raises(Refused):
        model.add(model.new_roster(), None, "cmd:Liu Bei")  # no regiment to command


def test_changing_the_battle_redeploys_on_the_new_sides_bases_tk_3_7_4() -> None:
    """§3.7.4: an army moved to Wei's side of the Fan River deploys on Wei's bases; a
    builder opened for one battle offers no other."""
    model = KingdomsRosterModel()
    roster = _army(model, "reg:infantry:1000", "cmd:Liu Bei")
    model.add(roster, None, "battle:fan_river:1")
    assert (roster.scenario, roster.side, roster.regiments[0].base) == ("fan_river", 1, "B6")
    assert model.problems(roster) == []
    fixed = KingdomsRosterModel(("hefei", 1))
    army = fixed.new_roster()
    assert (army.scenario, army.side, army.faction) == ("hefei", 1, "Wei")
    assert not [e for e in fixed.catalogue(army, None, 40, "…") if e.id.startswith("battle:")]
    assert fixed.add(army, None, "battle:fan_river:0") is None and army.scenario == "hefei"


def test_the_example_armies_are_valid_one_per_faction_and_side_of_the_scenarios_section_3_7() -> None:
    """Section 3.7: every shipped example is a valid army (its roster file read back by
    the shared reader), fieldable against the scenario's other side and against the
    example for that side; every faction of the scenarios has one."""
    model = KingdomsRosterModel()
    armies = []
    for name, data in model.examples():
        key, problems = check_roster_file(data)
        assert (key, problems) == ("kingdoms", []), name
        armies.append(model.decode(json.dumps(json.loads(data)["roster"]).encode()))
    sides = {(a.scenario, a.side): a for a in armies}
    for scenario in ("fan_river", "hefei"):
        sc = load_bundled(scenario)
        assert {a.faction for a in armies if a.scenario == scenario} == {s.faction for s in sc.sides}
        pair = (sides[(scenario, 0)], sides[(scenario, 1)])
        assert field_problems(sc, pair) == []
        assert field_problems(sc, (pair[0], None)) == [] and field_problems(sc, (None, pair[1])) == []
    assert {a.faction for a in armies} == {"Shu", "Wei", "Wu"}


def test_the_rows_show_each_regiment_with_its_commander_and_base_and_ids_of_the_battle() -> None:
    """§3.7.5: a regiment's row names its id in the battle (the side's letter and its
    place), its men; its parts its commander (with his weapon, section 3.5) and base."""
    model = KingdomsRosterModel(("hefei", 0))
    roster = _army(model, "reg:cavalry:500", "cmd:Sun Ce")
    rows = [(r.id, str(r.text), r.cost, r.depth) for r in model.rows(roster, 40, "…")]
    assert rows == [
        ("faction", "Faction: Wu", "", 0),
        ("battle", "Wu, The Walls of Hefei", "", 0),
        ("reg-0", "U1 cavalry", "500", 0),
        ("cmd-0", "Sun Ce, spear", "", 1),
        ("base-0", "B1 Ruxu Camp", "", 1),
    ]


# ---------------------------------------------------------------------------
# The builder with keys
# ---------------------------------------------------------------------------
async def _catalogue_to(pilot, entry: str) -> None:
    """Move the catalogue's highlight to ``entry`` with the arrow keys, and press Enter."""
    from tui.kit.rowlist import RowList

    cat = pilot.app.screen.query_one("#rb-catalogue", RowList)
    if pilot.app.screen.focused is not cat:
        await pilot.press("tab")
    target = next(i for i in range(cat.option_count) if cat.get_option_at_index(i).id == entry)
    while cat.highlighted != target:
        await pilot.press("down" if (cat.highlighted or 0) < target else "up")
    await pilot.press("enter")
    await settle(pilot)


@run
async def test_an_army_built_with_keys_on_the_new_game_screen_is_saved_and_fought_section_3_7(
    tk_home: Path,  # noqa: F811
) -> None:
    """Section 3.7: b on Wei's army row opens the builder for Wei at the Fan River;
    "use" is refused while a rule is broken (§3.7.3, no named officer); saving then
    warns of a draft; a valid army is saved, used, and the battle starts with it."""
    from textual.widgets import Select

    from tui.rulesets.kingdoms.roster_builder import RosterBuilderScreen
    from tui.rulesets.kingdoms.setup import KingdomsSetupWidget
    from tui.screens.dialogs import ConfirmScreen, NoticeScreen
    from tui.screens.new_game import NewGameScreen
    from tui.screens.prompts import TextPromptScreen

    app = make_app(tk_home)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await settle(pilot)
        assert isinstance(app.screen, NewGameScreen)
        app.screen.query_one("#ng-system", Select).value = "kingdoms"
        await settle(pilot)
        part = app.screen.query_one(KingdomsSetupWidget)
        part.query_one("#tk-setup-list").focus()
        await pilot.press("down", "down", "b")
        await settle(pilot)
        builder = app.screen
        assert isinstance(builder, RosterBuilderScreen)
        assert (builder.roster.scenario, builder.roster.side, builder.roster.faction) == (
            "fan_river",
            1,
            "Wei",
        )
        await _catalogue_to(pilot, "reg:infantry:1000")
        assert [r.base for r in builder.roster.regiments] == ["B6"]
        await pilot.press("u")
        await settle(pilot)
        assert isinstance(app.screen, NoticeScreen)  # §3.7.3: no named officer
        assert "§3.7.3" in app.screen.message
        await pilot.press("escape")
        await settle(pilot)
        await pilot.press("s")
        await settle(pilot)
        assert isinstance(app.screen, ConfirmScreen) and "draft" in app.screen.message
        await pilot.press("n")  # keep editing
        await settle(pilot)
        await _catalogue_to(pilot, "cmd:Cao Cao")
        await _catalogue_to(pilot, "reg:cavalry:500")
        await _catalogue_to(pilot, "cmd:Zhang Liao")
        await _catalogue_to(pilot, "base:B9")
        assert builder.roster.regiments == [
            RosterRegiment(type="infantry", men=1000, base="B6", officer="Cao Cao"),
            RosterRegiment(type="cavalry", men=500, base="B9", officer="Zhang Liao"),
        ]
        assert builder.model.problems(builder.roster) == []
        await pilot.press("s")
        await settle(pilot)
        assert isinstance(app.screen, TextPromptScreen)
        await pilot.press("enter")  # the file name offered
        await settle(pilot)
        saved = tk_home / "saves" / "rosters" / "new-army.json"
        assert check_roster_file(saved.read_bytes()) == ("kingdoms", [])
        await pilot.press("u")
        await settle(pilot)
        assert isinstance(app.screen, NewGameScreen)
        assert part.choices().armies[1] == builder.roster
        assert "New army: 2 regiments, 1500 men" in screen_text(app)  # the file saved
        assert part.problems() == [] and not part.unsaved()
        await pilot.press("ctrl+s")
        await lift(pilot, "Player 1")
        view = table(app).seat.view()
        assert [(r.id, r.officer, r.base) for r in view.regiments if r.side == 1] == [
            ("W1", "Cao Cao", "B6"),
            ("W2", "Zhang Liao", "B9"),
        ]
        assert app.errors == []


@run
async def test_the_title_screens_roster_builder_offers_the_kingdoms_army_builder(
    tk_home: Path,  # noqa: F811
) -> None:
    """Section 3.7: the title screen's Roster builder asks which system; the Three
    Kingdoms builder opens an example (o), and its army has no problem."""
    from tui.kit.roster_files import RosterPickerScreen
    from tui.rulesets.kingdoms.roster_builder import RosterBuilderScreen
    from tui.screens.prompts import ChoiceScreen

    app = make_app(tk_home)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("b")
        await settle(pilot)
        assert isinstance(app.screen, ChoiceScreen)
        await pilot.press("down", "enter")
        await settle(pilot)
        assert isinstance(app.screen, RosterBuilderScreen)
        await pilot.press("o")
        await settle(pilot)
        assert isinstance(app.screen, RosterPickerScreen)
        await pilot.press("down", "enter")  # the first example, by file name
        await settle(pilot)
        builder = app.screen
        assert isinstance(builder, RosterBuilderScreen)
        assert builder.roster.name == "Hefei garrison" and builder.model.problems(builder.roster) == []
        assert app.errors == []
