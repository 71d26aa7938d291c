"""The Battleline mech builder (BLC-1 to BLC-7): its model over the engine (every
figure and problem from the engine, with its rule ID), and the builder played with
the keys from the new game screen to a battle."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import msgspec
import pytest
from test_tui_battleline import battle_screen, bl_home, make_app, settle  # noqa: F401 - bl_home is a fixture
from textual.widgets import Input, OptionList, Static

from engine.i18n import set_language
from engine.rosterfile import check_roster_file
from engine.rulesets.battleline.catalog import CHASSIS, ITEMS
from engine.rulesets.battleline.roster import Mech, encode_roster_file, sample_mech, sample_mechs, validate
from tui.kit.roster import Refused
from tui.kit.roster_files import example_rosters
from tui.rulesets.battleline.roster_builder import (
    BattlelineRosterModel,
    MechDraft,
    RosterBuilderScreen,
    describe_chassis,
    describe_item,
)
from tui.rulesets.battleline.setup import BattlelineSetupWidget
from tui.screens.dialogs import ConfirmScreen, NoticeScreen
from tui.screens.prompts import TextPromptScreen

MODEL = BattlelineRosterModel()


def _rules(draft: MechDraft) -> list[str]:
    return [p.rule for p in MODEL.problems(draft)]


def _texts(draft: MechDraft) -> list[str]:
    return [MODEL.problem_text(p) for p in MODEL.problems(draft)]


def _draft(**fields: Any) -> MechDraft:
    base = {"name": "Test", "chassis": "Warden", "pilot": "Vera"}
    return MechDraft(Mech(**{**base, **fields}))


# ---------------------------------------------------------------------------------
# The model
# ---------------------------------------------------------------------------------
def test_blc_1_a_new_mech_asks_for_a_chassis_and_a_pilot():
    """BLC-1, BL-3.8: a new mech has no chassis and no pilot; both problems show with
    their rule IDs, and torso items cannot be mounted before a chassis is chosen."""
    set_language("en")
    draft = MODEL.new_roster()
    assert draft.mech.name == "New mech"
    assert _rules(draft) == ["BL-3.8", "BLC-1"]
    assert _texts(draft)[1] == "New mech: choose a chassis (Scout, Warden or Bastion)."
    with pytest.raises(Refused, match=r"Choose a chassis first \(BLC-1\)"):
        MODEL.add(draft, 0, "it:R-4")
    assert MODEL.add(draft, 0, "ch:Warden") == "chassis"
    MODEL.rename_unit(draft, 0, "Vera")
    assert _rules(draft) == []


def test_blc_1_blc_3_the_catalogue_shows_the_engines_figures():
    """BLC-1: each chassis's speed, slots and jump jets; BLC-3 to BLC-5: each item's
    damage, accuracy or missiles, where it goes; every one of them, exactly."""
    set_language("en")
    rows = {e.id: str(e.text) for e in MODEL.catalogue(MODEL.new_roster(), 0, 40, "…") if not e.heading}
    assert rows["ch:Scout"].split()[:3] == ["7", "1/0/1", "yes"]
    assert rows["ch:Warden"].split()[:3] == ["6", "2/1/2", "yes"]
    assert rows["ch:Bastion"].split()[:3] == ["5", "2/2/2", "no"]
    expected = {
        "A-10": ["5", "3", "h", "t"],
        "A-20": ["8", "2", "t"],
        "M-6": ["1", "6", "h", "t"],
        "M-10": ["1", "10", "h", "t"],
        "R-4": ["2", "×4", "t"],
        "R-6": ["2", "×6", "t"],
        "L-3": ["3", "auto", "h", "t"],
        "L-5": ["4", "auto", "t"],
        "SW": ["5", "-", "h"],
        "HM": ["8", "-", "2h"],
        "SH": ["-", "-", "h"],
    }
    for code, columns in expected.items():
        assert rows[f"it:{code}"].split()[: len(columns)] == columns, code
        assert rows[f"it:{code}"].endswith(ITEMS[code].name)
    assert set(rows) == {f"ch:{c}" for c in CHASSIS} | {f"it:{c}" for c in ITEMS}
    assert describe_chassis(CHASSIS["Warden"]) == (
        "Warden (BLC-1): medium class, base speed 6 cells; torso slots LT 2, CT 1, RT 2. "
        "Structure: H 6, CT 16, LT 11, RT 11, LA 8, RA 8, LL 10, RL 10. Jump jets allowed."
    )
    assert describe_item(ITEMS["A-20"]) == (
        "Heavy cannon A-20 (BLC-3): cannon, in a torso slot. Damage 8; marks 2 cells. "
        "Recoil: 1 cell less a stack (BL-11). Each recoil stack also costs 1 max speed (BL-11.4). "
        "Threat rank 6 (BLC-6)."
    )
    assert describe_item(ITEMS["M-10"]).endswith(
        "Recoil: 2 cells less a stack (BL-11). Threat rank 7 (BLC-6)."
    )
    assert "Threat rank" not in describe_item(ITEMS["HM"])  # BLC-6: melee has no rank


def test_blc_2_adding_asks_where_and_replaces_what_was_there():
    """BLC-2, BLC-3: the places offered are the engine's (an arm or a torso slot), each
    saying what it holds; adding there replaces it; the Hammer takes both arms."""
    set_language("en")
    draft = _draft()
    assert [p for p, _label in MODEL.places(draft, 0, "it:A-10")] == [
        "LA",
        "RA",
        "LT1",
        "LT2",
        "CT1",
        "RT1",
        "RT2",
    ]
    assert MODEL.places(draft, 0, "it:R-6")[0] == ("LT1", "left torso, slot 1 (empty)")
    assert MODEL.add(draft, 0, "it:A-10", "RT2") == "p:RT2"
    assert MODEL.places(draft, 0, "it:R-6")[-1] == ("RT2", "right torso, slot 2 (replaces Autocannon A-10)")
    assert MODEL.add(draft, 0, "it:R-6", "RT2") == "p:RT2"
    assert draft.mech.rt == ("", "R-6")
    MODEL.add(draft, 0, "it:SH", "LA")
    assert MODEL.places(draft, 0, "it:HM") == [("LA+RA", "both hands (replaces Shield)")]
    MODEL.add(draft, 0, "it:HM", "LA+RA")
    assert (draft.mech.la, draft.mech.ra) == ("HM", "HM") and _rules(draft) == []
    ids = [r.id for r in MODEL.rows(draft, 30, "…")]
    assert ids == ["mech", "chassis", "p:LA+RA", "p:LT1", "p:LT2", "p:CT1", "p:RT1", "p:RT2", "p:legs"]
    with pytest.raises(Refused, match=r"cannot carry jump jets \(BLC-5\)"):
        MODEL.add(_draft(chassis="Bastion"), 0, "it:JJ")


def test_blc_2_remove_rename_and_charisma():
    """BLC-2: removing a place's item (a two-handed one from both arms); the mech's name
    (BL-19.2), the pilot's (BL-3.8) and Charisma (BL-19.3) as the model changes them."""
    set_language("en")
    draft = MODEL.copy(sample_mech("Ram"))
    assert MODEL.remove(draft, "p:LA+RA") == "p:LA"
    assert (draft.mech.la, draft.mech.ra) == ("", "")
    assert MODEL.remove(draft, "p:LT2") == "p:LT2"
    assert draft.mech.lt == ("A-20",)
    assert MODEL.remove(draft, "chassis") is None
    MODEL.rename_roster(draft, "Goat")
    MODEL.rename_unit(draft, 0, "Lena")
    assert MODEL.name_problem(draft, 0, "  ") == "The pilot needs a name, without control characters."
    assert MODEL.switches(draft, "p:CT1") == ["charisma"]
    MODEL.switch(draft, "mech", "charisma")
    assert (draft.mech.name, draft.mech.pilot, draft.mech.traits) == ("Goat", "Lena", ("Charisma",))
    assert str(MODEL.rows(draft, 40, "…")[0].text) == "Pilot: Lena (Charisma)"
    MODEL.switch(draft, "mech", "charisma")
    assert draft.mech.traits == ()
    MODEL.rename_roster(draft, " ")
    assert _rules(draft) == ["BL-19.2"]


def test_blc_2_every_check_surfaces_live_with_its_id():
    """BLC-2, BLC-1, BLC-3, BLC-5, BL-3.8, BL-19.2: each rule the engine checks shows in
    the model's problems with its ID and a sentence naming the item by its catalogue
    name, as the mech changes (a smaller chassis, a heavy one) or is read from a file
    edited by hand."""
    set_language("en")
    # a smaller chassis keeps the items it has no slot for (BLC-1, BLC-2)
    draft = MODEL.copy(sample_mech("Kestrel"))
    MODEL.add(draft, 0, "ch:Scout")
    assert _texts(draft) == [
        "Kestrel: more items in the left torso than it has slots (2 for 1).",
        "Kestrel: more items in the centre torso than it has slots (1 for 0).",
    ]
    assert _rules(draft) == ["BLC-2", "BLC-2"]
    rows = {r.id: r for r in MODEL.rows(draft, 40, "…")}
    assert str(rows["p:LT2"].text) == "(no slot) MG M-10" and rows["p:LT2"].removable
    assert rows["mech"].bad
    assert [t.over for t in MODEL.totals(draft)] == [False, True]
    assert MODEL.totals(draft)[1].text == "torso slots 4 of 2"
    MODEL.remove(draft, "p:LT2")
    MODEL.remove(draft, "p:CT1")
    assert _rules(draft) == []
    # jump jets on a chassis that does not allow them (BLC-5)
    draft = MODEL.copy(sample_mech("Bulwark"))
    MODEL.add(draft, 0, "ch:Bastion")
    assert _texts(draft) == ["Bulwark: the Bastion chassis cannot carry jump jets."]
    assert "p:legs" in [r.id for r in MODEL.rows(draft, 40, "…")]
    # read from files written by hand
    cases = {
        "BLC-1": ({"chassis": "Titan"}, "Test: unknown chassis 'Titan' (Scout, Warden or Bastion)."),
        "BLC-3": ({"la": "X-1"}, "Test: unknown item 'X-1'."),
        "BLC-2": (
            {"la": "HM", "ra": "SW"},
            "Test: the Hammer is two-handed: it takes both arms and no other hand item.",
        ),
    }
    for rule, (fields, text) in cases.items():
        draft = MODEL.decode(
            msgspec.json.encode(Mech(**{"name": "Test", "chassis": "Warden", "pilot": "P", **fields}))
        )
        assert [(p.rule, MODEL.problem_text(p)) for p in MODEL.problems(draft)] == [(rule, text)]
    misplaced = {
        "la": ("A-20", "Test: the Heavy cannon A-20 cannot be held in a hand."),
        "lt": (("SW",), "Test: the Sword cannot go in a torso slot."),
        "legs": ("A-10", "Test: the Autocannon A-10 cannot go on the legs."),
    }
    for field, (value, text) in misplaced.items():
        draft = _draft(**{field: value})
        assert [(p.rule, MODEL.problem_text(p)) for p in MODEL.problems(draft)] == [("BLC-2", text)]
    assert [p.rule for p in MODEL.problems(_draft(pilot=""))] == ["BL-3.8"]
    assert [p.rule for p in MODEL.problems(_draft(name=""))] == ["BL-19.2"]
    assert MODEL.problems(_draft()) == validate(_draft().mech)


def test_blc_7_the_samples_are_the_examples():
    """BLC-7: the builder's examples are the four sample mech files, valid."""
    entries = example_rosters(MODEL)
    assert sorted(e.roster.mech.name for e in entries) == sorted(sample_mechs())
    assert all(e.valid and e.example for e in entries)
    assert {e.roster.mech.name: e.roster.mech for e in entries} == sample_mechs()
    assert MODEL.details(MODEL.copy(sample_mech("Bulwark"))) == ["Warden", "pilot Oleg"]


def test_the_mech_file_is_a_roster_file():
    """The builder writes the engine's mech file, read back the same."""
    draft = MODEL.copy(sample_mech("Hornet"))
    data = MODEL.encode(draft)
    assert data == encode_roster_file(sample_mech("Hornet"))
    assert check_roster_file(data) == ("battleline", [])
    assert MODEL.decode(msgspec.json.encode(sample_mech("Hornet"))) == draft


# ---------------------------------------------------------------------------------
# The screen, with the keys
# ---------------------------------------------------------------------------------
async def _move_to(pilot: Any, selector: str, row: str) -> None:
    rows = pilot.app.screen.query_one(selector, OptionList)
    for _ in range(60):
        option = rows.highlighted_option
        if option is not None and option.id == row:
            return
        await pilot.press("down")
    raise AssertionError(f"{row} not reached in {selector}")


async def _type(pilot: Any, text: str) -> None:
    field = pilot.app.screen.query_one(Input)
    field.value = ""
    await pilot.press(*text)
    await pilot.press("enter")
    await settle(pilot)


def _problems(screen: RosterBuilderScreen) -> str:
    return str(screen.query_one("#rb-problems-text", Static).render())


def test_blc_2_build_a_mech_with_the_keys_save_it_and_start_a_battle(bl_home: Path) -> None:  # noqa: F811 - the fixture imported above
    """BLC-1 to BLC-5: from the new game screen, seat 1's ``b`` opens the builder; a
    Scout is chosen, named, armed with keys (asking which arm or slot), a broken rule
    shown live; "use" is refused while a rule is broken; it is saved as a draft after a
    warning, fixed, saved, used; seat 1 fields it from its file, and the battle starts."""

    async def go() -> None:
        app = make_app(bl_home)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("n")
            await settle(pilot)
            widget = app.screen.query_one(BattlelineSetupWidget)
            widget.query_one("#bl-setup-list").focus()
            await pilot.press("down", "down", "down")  # seat 1
            await pilot.press("b")
            await settle(pilot)
            builder = app.screen
            assert isinstance(builder, RosterBuilderScreen) and builder.pick
            assert "BLC-1" in _problems(builder) and "BL-3.8" in _problems(builder)
            helps = [text for _keys, text in builder.help_rows()]
            assert "Charisma on or off" in helps and "Copy" not in helps and "New unit" not in helps
            # the chassis: the catalogue's first row
            await pilot.press("tab")
            await _move_to(pilot, "#rb-catalogue", "ch:Scout")
            await pilot.press("enter")
            await settle(pilot)
            assert builder.roster.mech.chassis == "Scout"
            # an L-3 in the left arm, an R-4 in the right torso's one slot
            await _move_to(pilot, "#rb-catalogue", "it:R-4")
            await pilot.press("enter")
            await settle(pilot)
            await _move_to(pilot, "#choice-list", "RT1")
            await pilot.press("enter")
            await settle(pilot)
            await _move_to(pilot, "#rb-catalogue", "it:L-3")
            await pilot.press("enter")
            await settle(pilot)
            await pilot.press("enter")  # left arm: the first place
            await settle(pilot)
            assert (builder.roster.mech.la, builder.roster.mech.rt) == ("L-3", ("R-4",))
            # "use" refused: the pilot has no name (BL-3.8)
            await pilot.press("u")
            await settle(pilot)
            assert isinstance(app.screen, NoticeScreen)
            await pilot.press("escape")
            await settle(pilot)
            # saved as a draft after a warning
            await pilot.press("s")
            await settle(pilot)
            assert isinstance(app.screen, ConfirmScreen)
            await pilot.press("escape")
            await settle(pilot)
            # the names: the mech's (its row is the first) and the pilot's; Charisma
            await pilot.press("shift+tab", "home", "enter")
            await settle(pilot)
            assert isinstance(app.screen, TextPromptScreen)
            await _type(pilot, "Wasp")
            await pilot.press("down", "enter")
            await settle(pilot)
            await _type(pilot, "Lena")
            await pilot.press("h")
            await settle(pilot)
            assert builder.roster.mech == Mech(
                name="Wasp", chassis="Scout", pilot="Lena", traits=("Charisma",), la="L-3", rt=("R-4",)
            )
            assert "follows every rule" in _problems(builder)
            await pilot.press("s")
            await settle(pilot)
            assert app.screen.query_one(Input).value == "wasp.json"
            await pilot.press("enter")
            await settle(pilot)
            assert not builder.dirty
            await pilot.press("u")
            await settle(pilot)
            assert app.screen.query_one(BattlelineSetupWidget) is widget
            choices = widget.choices()
            assert choices.keys[0] == "file:wasp.json" and choices.builds[0].name == "Wasp"
            assert not widget.unsaved()
            await pilot.press("ctrl+s")
            await settle(pilot)
            seat = battle_screen(app).seats[0]
            assert [m.name for m in seat.view().mechs] == ["Wasp", "Bulwark"]
            assert app.errors == []
        path = bl_home / "saves" / "rosters" / "wasp.json"
        assert check_roster_file(path.read_bytes()) == ("battleline", [])

    asyncio.run(go())


def test_a_mech_built_and_not_saved_is_fielded_and_leaving_asks(bl_home: Path) -> None:  # noqa: F811 - the fixture imported above
    """A sample opened in the builder (BLC-7), changed and used without saving, is the
    seat's mech "built, not saved"; leaving the new game screen asks first."""

    async def go() -> None:
        app = make_app(bl_home)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("n")
            await settle(pilot)
            widget = app.screen.query_one(BattlelineSetupWidget)
            widget.query_one("#bl-setup-list").focus()
            await pilot.press("down", "down", "down", "down", "b")  # seat 2
            await settle(pilot)
            builder = app.screen
            assert isinstance(builder, RosterBuilderScreen)
            await pilot.press("o")
            await settle(pilot)
            await _move_to(pilot, "#picker-list", "e3")  # Ram: the examples by file name
            await pilot.press("enter")
            await settle(pilot)
            assert builder.roster.mech.name == "Ram"
            await pilot.press("h", "u")
            await settle(pilot)
            choices = widget.choices()
            assert choices.keys[1] == "built:1" and choices.builds[1].traits == ("Charisma",)
            assert widget.unsaved()
            assert "Ram (built, not saved)" in str(
                widget.query_one("#bl-setup-list", OptionList).get_option_at_index(4).prompt
            )
            await pilot.press("escape")
            await settle(pilot)
            assert isinstance(app.screen, ConfirmScreen)
            assert app.errors == []

    asyncio.run(go())
