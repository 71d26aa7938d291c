"""The Going Ballistic army builder (GB-18): its model over the engine, and the builder
driven with keys from the new game screen to a battle.

Every mass, payload and problem the builder shows must be the engine's (GB-18.1 to
GB-18.5) with its rule ID, live as the army changes; the catalogue's masses are the
tables' own; the sample loadouts' "mass used" (GB-18.6) and the charts (GB-18.7) are
checked against the rules file's figures.
"""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Callable, Coroutine
from fractions import Fraction
from pathlib import Path
from typing import Any

import msgspec
import pytest
from textual.pilot import Pilot
from textual.widgets import Input, OptionList, Static

from engine import ruleset as registry
from engine.i18n import current_language, set_language
from engine.rosterfile import check_roster_file
from engine.rulesets.ballistic.catalog import AUXILIARIES, CHASSIS, EQUIPMENT, LOADOUTS, WEAPONS
from engine.rulesets.ballistic.roster import (
    Roster,
    UnitEntry,
    entry_from_loadout,
    free_name,
    name_problem,
    roster_mass,
    tonnes,
    validate,
)
from tui.app import WartableApp
from tui.kit.roster import Refused
from tui.rulesets.ballistic.roster_model import BallisticRosterModel, describe_weapon

SYSTEMS = ["ballistic", "eva"]
MODEL = BallisticRosterModel()


def rules(roster: Roster) -> list[str]:
    return [p.rule for p in MODEL.problems(roster)]


def costs(roster: Roster) -> dict[str, str]:
    return {r.id: r.cost for r in MODEL.rows(roster, 60, "…")}


def bad_units(roster: Roster) -> list[int]:
    return [r.unit for r in MODEL.rows(roster, 60, "…") if r.depth == 0 and r.bad]  # type: ignore[misc]


# ---------------------------------------------------------------------------
# The engine's helpers
# ---------------------------------------------------------------------------
def test_gb_4_2_a_name_is_one_word_unique_on_its_side():
    """GB-4.2: 1-24 letters, digits, '-' or '_' without spaces, unique without regard
    to case; stated once (validate reports a second unit of an earlier name)."""
    assert name_problem("Hare-1", 0, ["Warden-1"]) is None
    assert name_problem("Заяц_2", 3, []) is None
    for bad in ("", "Hare 1", "-Hare", "x" * 25, "_x"):
        found = name_problem(bad, 2, [])
        assert found is not None and found.rule == "GB-4.2" and found.args == {"n": 3, "index": 2}
    twin = name_problem("hare-1", 1, ["Hare-1"])
    assert twin is not None and twin.rule == "GB-4.2" and twin.args == {"name": "hare-1", "index": 1}
    roster = Roster(units=[UnitEntry("Hare-1", "hare"), UnitEntry("HARE-1", "hare")])
    assert [(p.rule, p.args["index"]) for p in validate(roster)] == [("GB-4.2", 1)]


def test_gb_18_5_free_names_and_tonnes_as_written():
    """GB-4.2: a new unit is named after its chassis with the first free number;
    GB-18.3: masses are written as in the tables (1.5, 0.5, 12)."""
    roster = Roster(units=[UnitEntry("Hare-1", "hare"), UnitEntry("hare-3", "hare")])
    assert free_name(roster, "hare") == "Hare-2"
    assert free_name(roster, "jackal") == "Jackal-1"
    assert free_name(roster, "kestrel") == "Kestrel-1"
    assert [tonnes(w.mass) for w in WEAPONS.values()] == ["1.5", "1", "3", "7", "1.5", "6", "12", "3"]
    assert tonnes(Fraction(21, 2)) == "10.5" and tonnes(150) == "150"


def test_gb_18_5_each_units_problem_names_its_index():
    """GB-18.5: every problem about one unit carries that unit's roster index; the
    roster mass problem names none."""
    roster = Roster(
        units=[
            UnitEntry("Hare-1", "hare", ["can105", "gat20", "hmg12"], ["smoke", "designator"]),
            UnitEntry("Kestrel-1", "kestrel", ["gat20"]),
            UnitEntry("Tank-1", "tank"),
            *(UnitEntry(f"Bastion-{n}", "bastion") for n in (1, 2)),
        ]
    )
    found = [(p.rule, p.args.get("index")) for p in validate(roster)]
    assert found == [
        ("GB-18.5", 0),
        ("GB-18.5", 0),
        ("GB-18.5", 0),
        ("GB-18.2", 1),
        ("GB-18.1", 2),
        ("GB-18.5", None),
    ]


# ---------------------------------------------------------------------------
# The model
# ---------------------------------------------------------------------------
def test_gb_18_6_sample_loadouts_show_the_mass_used_of_the_rules_file():
    """GB-18.6: Hare-G 3.5/6, Warden-M 8/12, Bastion-H 17/20, Bastion-C 16/20 (the table's
    "mass used"); each part shows its GB-18.3/GB-18.4 mass; an auxiliary shows its
    fixed profile (GB-18.2) and no payload."""
    expected = {"Hare-G": "3.5/6 t", "Warden-M": "8/12 t", "Bastion-H": "17/20 t", "Bastion-C": "16/20 t"}
    roster = Roster(units=[entry_from_loadout(f"U-{n}", key) for n, key in enumerate(LOADOUTS)])
    shown = costs(roster)
    for n, key in enumerate(LOADOUTS):
        assert shown[f"u-{n}"] == expected.get(key, "")
    assert (
        shown["w-1-0"] == "3 t" and shown["w-1-1"] == "3 t" and shown["w-1-2"] == "1 t"
    )  # ac40, atgm, hmg12
    assert shown["e-1-0"] == "0.5 t" and shown["w-2-0"] == "12 t" and shown["w-3-0"] == "7 t"
    rows = {r.id: r for r in MODEL.rows(roster, 60, "…")}
    assert str(rows["f-4-0"].text) == "12.7 mm heavy machine gun" and not rows["f-4-0"].removable
    assert str(rows["f-5-0"].text) == "Laser designator"
    assert (
        str(rows["u-4"].text) == "U-4 (Jackal buggy, 8 t)" and str(rows["u-1"].text) == "U-1 (Warden, 40 t)"
    )


def test_gb_18_5_every_limit_surfaces_live_with_its_rule_id():
    """GB-18.5 (payload, weapon mounts, equipment mounts, roster mass), GB-4.2 (names),
    GB-18.2 (an auxiliary's fixed profile): each problem appears as the army is built,
    the unit it concerns is marked, and goes when it is put right; nothing is refused
    but mounting on an auxiliary unit."""
    r = MODEL.new_roster()
    assert rules(r) == ["GB-18.5"]  # no units yet
    with pytest.raises(Refused, match=r"GB-18\.1"):
        MODEL.add(r, None, "w:gat20:")
    assert MODEL.add(r, None, "c:hare") == "u-0" and r.units[0] == UnitEntry("Hare-1", "hare")
    assert rules(r) == []
    assert MODEL.add(r, 0, "w:gat20:hare") == "w-0-0"
    assert MODEL.add(r, 0, "w:agl30:hare") == "w-0-1"
    assert costs(r)["u-0"] == "3/6 t" and rules(r) == []
    MODEL.add(r, 0, "w:hmg12:hare")  # a third weapon on two mounts
    assert rules(r) == ["GB-18.5"] and bad_units(r) == [0]
    assert MODEL.problem_text(MODEL.problems(r)[0]) == "Hare-1: 3 weapons on 2 weapon mounts."
    MODEL.remove(r, "w-0-2")
    MODEL.add(r, 0, "w:can105:hare")  # over the payload: 1.5 + 1.5 + 7 = 10 t of 6
    assert costs(r)["u-0"] == "10/6 t"
    assert [MODEL.problem_text(p) for p in MODEL.problems(r)] == [
        "Hare-1: 3 weapons on 2 weapon mounts.",
        "Hare-1: 10 t of weapons and equipment; the payload is 6 t.",
    ]
    del r.units[0].weapons[1:]
    MODEL.add(r, 0, "e:smoke")
    MODEL.add(r, 0, "e:designator")
    assert [MODEL.problem_text(p) for p in MODEL.problems(r)] == [
        "Hare-1: 2 equipment items on 1 equipment mounts."
    ]
    MODEL.remove(r, "e-0-1")
    assert rules(r) == []
    # the roster mass: 20 + 70 + 70 = 160 t of 150
    assert MODEL.add(r, 0, "c:bastion") == "u-1"
    assert MODEL.totals(r)[0].text == "Mass 90 of 150 t, 60 t left" and not MODEL.totals(r)[0].over
    MODEL.add(r, 1, "c:bastion")
    assert [u.name for u in r.units] == ["Hare-1", "Bastion-1", "Bastion-2"]
    total = MODEL.totals(r)[0]
    assert total.text == "Mass 160 of 150 t, 10 t over" and total.over
    assert rules(r) == ["GB-18.5"] and bad_units(r) == []  # the whole army, no one unit
    assert MODEL.problem_text(MODEL.problems(r)[0]) == "The roster's mass is 160 t; the limit is 150 t."
    MODEL.remove(r, "u-2")
    # names (GB-4.2): refused when typed, and a duplicate from a file is reported
    assert MODEL.name_problem(r, 1, "Hare-1") == "Two units are called Hare-1. (GB-4.2)"
    assert "GB-4.2" in (MODEL.name_problem(r, 1, "Big one") or "")
    assert MODEL.name_problem(r, 1, "Big-1") is None
    MODEL.rename_unit(r, 1, "hare-1")
    assert rules(r) == ["GB-4.2"] and bad_units(r) == [1]
    MODEL.rename_unit(r, 1, "Big-1")
    # an auxiliary unit comes with its fixed profile, and refuses anything more (GB-18.2)
    assert MODEL.add(r, 1, "a:kestrel") == "u-2"
    with pytest.raises(Refused, match=r"GB-18\.2"):
        MODEL.add(r, 2, "e:smoke")
    assert r.units[2] == UnitEntry("Kestrel-1", "kestrel") and rules(r) == []
    assert MODEL.totals(r)[0].text == "Mass 93 of 150 t, 57 t left"


def test_gb_18_5_masses_come_from_the_engine_and_match_the_catalogue():
    """GB-18.1 to GB-18.4: the catalogue pane lists each chassis, auxiliary unit, weapon
    and item with its table mass; the roster mass is the engine's."""
    entries = {e.id: str(e.text) for e in MODEL.catalogue(Roster(), None, 60, "…") if not e.heading}
    assert entries["c:hare"].split()[0] == "20" and entries["c:warden"].split()[0] == "40"
    assert entries["c:bastion"].split()[0] == "70"
    assert entries["a:jackal"].split()[0] == "8" and entries["a:kestrel"].split()[0] == "3"
    table = {"gat20": "1.5", "hmg12": "1", "ac40": "3", "can105": "7", "agl30": "1.5", "gm120": "6"}
    table |= {"how155": "12", "atgm": "3"}
    for key, mass in table.items():
        assert entries[f"w:{key}:"].split()[0] == mass
    assert entries["e:designator"].split()[0] == "0.5" and entries["e:smoke"].split()[0] == "0.5"
    assert len(entries) == len(CHASSIS) + len(AUXILIARIES) + len(WEAPONS) + len(EQUIPMENT)
    roster = Roster(units=[entry_from_loadout("B-1", "Bastion-C"), entry_from_loadout("K-1", "Kestrel")])
    assert MODEL.totals(roster)[0].text == f"Mass {roster_mass(roster)} of 150 t, 77 t left"
    assert MODEL.details(roster) == ["73 t", "2 units"]


def test_gb_18_7_the_builder_describes_a_weapon_by_the_current_mechs_chart():
    """GB-9.5, GB-9.6, GB-18.7: the line under a weapon gives where the chart of the
    current mech's platform has grade 1 and how far it reaches (the tables' figures)."""
    assert "grade 1 at 3–5, range 1–13 hexes" in describe_weapon(WEAPONS["gat20"], "hare")
    assert "grade 1 at 3–7, range 1–17 hexes" in describe_weapon(WEAPONS["gat20"], "warden")
    assert "grade 1 at 4–10, range 1–24 hexes" in describe_weapon(WEAPONS["gat20"], "bastion")
    assert "grade 1 at 11–19, range 1–39 hexes" in describe_weapon(WEAPONS["how155"], "bastion")
    assert "grade 1 at 1–11, range 1–35 hexes" in describe_weapon(WEAPONS["hmg12"], "bastion")
    assert "grade 1" not in describe_weapon(WEAPONS["gat20"], "")
    # the catalogue follows the current mech: its weapon rows are described on its chassis
    roster = Roster(units=[UnitEntry("W-1", "warden"), UnitEntry("J-1", "jackal")])
    ids = [e.id for e in MODEL.catalogue(roster, 0, 60, "…")]
    assert "w:gat20:warden" in ids and "C_eff 5" in MODEL.describe("w:gat20:warden")
    assert "w:gat20:" in [e.id for e in MODEL.catalogue(roster, 1, 60, "…")]


def test_gb_18_5_mount_order_and_roster_order_move():
    """GB-18.5, GB-14.4: weapons and equipment move in their mech's mount order, each
    among its own kind; GB-4.6: units move in roster order; nothing moves past an end."""
    r = Roster(units=[entry_from_loadout("W-1", "Warden-M"), entry_from_loadout("J-1", "Jackal")])
    assert MODEL.move(r, "w-0-2", -1) == "w-0-1"
    assert r.units[0].weapons == ["ac40", "hmg12", "atgm"]
    assert MODEL.move(r, "w-0-0", -1) is None and MODEL.move(r, "w-0-2", 1) is None
    assert MODEL.move(r, "e-0-0", 1) == "e-0-1" and r.units[0].equipment == ["designator", "smoke"]
    assert MODEL.move(r, "f-1-0", -1) is None  # an auxiliary's profile is fixed
    assert MODEL.move(r, "u-1", -1) == "u-0" and [u.name for u in r.units] == ["J-1", "W-1"]
    assert MODEL.move(r, "u-0", -1) is None
    assert costs(r)["u-1"] == "8/12 t"  # moving changes no mass


def test_gb_18_5_remove_rename_copy():
    """Removing a part or a unit, renaming the roster and a unit, copying a mech under a
    free name (GB-4.2)."""
    r = Roster("Army", [entry_from_loadout("Hare-1", "Hare-G")])
    assert MODEL.remove(r, "w-0-0") == "w-0-0" and r.units[0].weapons == ["agl30"]
    assert MODEL.remove(r, "w-0-0") == "u-0" and r.units[0].weapons == []
    assert [row.id for row in MODEL.rows(r, 40, "…")] == ["u-0", "e-0-0"]
    MODEL.remove(r, "e-0-0")
    assert [(row.id, row.note) for row in MODEL.rows(r, 40, "…")] == [("u-0", False), ("empty-0", True)]
    assert MODEL.copy_unit(r, 0) == 1 and [u.name for u in r.units] == ["Hare-1", "Hare-2"]
    MODEL.rename_roster(r, "Raiders")
    MODEL.rename_unit(r, 1, "Scout")
    assert MODEL.roster_name(r) == "Raiders" and MODEL.unit_name(r, 1) == "Scout"
    assert MODEL.remove(r, "u-1") == "u-0" and MODEL.remove(r, "u-0") == "name" and r.units == []
    copy = MODEL.copy(Roster("A", [entry_from_loadout("W-1", "Warden-M")]))
    copy2 = MODEL.copy(copy)
    copy2.units[0].weapons.append("gat20")
    assert copy.units[0].weapons == ["ac40", "atgm", "hmg12"]


def test_gb_18_5_the_shipped_examples_are_valid_armies():
    """GB-18.5: both example armies are valid within 150 t, read through the shared
    roster-file check; their names are shown translated."""
    examples = dict(MODEL.examples())
    assert sorted(examples) == ["recon-screen.json", "strike-lance.json"]
    for data in examples.values():
        assert check_roster_file(data) == ("ballistic", [])
        roster = MODEL.decode(msgspec.json.encode(msgspec.json.decode(data)["roster"]))
        assert validate(roster) == [] and roster_mass(roster) <= 150
    lance = MODEL.decode(msgspec.json.encode(msgspec.json.decode(examples["strike-lance.json"])["roster"]))
    assert [u.name for u in lance.units] == ["Bastion-1", "Warden-1", "Hare-1", "Kestrel-1"]
    assert roster_mass(lance) == 133
    before = current_language()
    try:
        set_language("ru")
        assert MODEL.title("Strike lance") != "Strike lance" and MODEL.title("Mine") == "Mine"
    finally:
        set_language(before)


# ---------------------------------------------------------------------------
# The screens
# ---------------------------------------------------------------------------
def run(test: Callable[..., Coroutine[Any, Any, None]]) -> Callable[..., None]:
    """Run an async test in its own event loop."""

    @functools.wraps(test)
    def wrapper(*args: Any, **kwargs: Any) -> None:
        asyncio.run(test(*args, **kwargs))

    return wrapper


@pytest.fixture
def gb_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """A temporary home with Going Ballistic among the systems, UTC clock, English."""
    import time

    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("TZ", "UTC")
    time.tzset()
    monkeypatch.setattr(registry, "available", lambda: list(SYSTEMS))
    (tmp_path / "saves").mkdir()
    before = current_language()
    yield tmp_path
    set_language(before)
    monkeypatch.undo()
    time.tzset()


def make_app(home: Path) -> WartableApp:
    return WartableApp(
        settings_file=home / "config" / "settings.json",
        saves=home / "saves",
        log_file=home / "log" / "wartable.log",
        language="en",
        systems=lambda: list(SYSTEMS),
    )


async def move_to(pilot: Pilot[Any], selector: str, row: str, key: str = "down") -> None:
    """Press ``key`` until the list ``selector`` highlights ``row`` (keyboard only)."""
    rows = pilot.app.screen.query_one(selector, OptionList)
    for _ in range(40):
        option = rows.highlighted_option
        if option is not None and option.id == row:
            return
        await pilot.press(key)
    raise AssertionError(f"{row} not reached in {selector}")


async def type_text(pilot: Pilot[Any], text: str) -> None:
    """Replace the text of the prompt's field and press Enter."""
    pilot.app.screen.query_one(Input).value = ""
    await pilot.press(*text, "enter")
    await pilot.pause()


@run
async def test_gb_18_5_an_army_is_built_with_keys_saved_and_fielded(
    gb_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """GB-18.5: from the new game screen, b opens the builder for Player 1; a Warden with
    two weapons and smoke and a Kestrel are added with the keyboard, the payload and the
    roster mass follow, the army is named and saved, "use" gives it back; it is now an
    army file of the set-up, and the battle starts with it (GB-4.6)."""
    import random

    import engine.game
    from tui.kit.curtain import CurtainScreen
    from tui.rulesets.ballistic import setup as gb_setup
    from tui.rulesets.ballistic.roster_builder import RosterBuilderScreen
    from tui.rulesets.ballistic.screen import BallisticScreen
    from tui.screens.new_game import NewGameScreen
    from tui.screens.prompts import TextPromptScreen

    monkeypatch.setattr(gb_setup, "new_rng", lambda: random.Random(7))
    monkeypatch.setattr(engine.game, "new_entropy", lambda: None)
    app = make_app(gb_home)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(NewGameScreen("ballistic"))
        await pilot.pause()
        part = app.screen.query_one(gb_setup.BallisticSetupWidget)
        app.screen.query_one("#gb-setup-list").focus()
        await pilot.press("down", "b")  # Player 1's army row: build one
        await pilot.pause()
        builder = app.screen
        assert isinstance(builder, RosterBuilderScreen) and builder.pick
        assert builder.roster.units == []
        head = builder.query_one("#rb-head", Static)
        await pilot.press("tab")
        for row, key in (("c:warden", "down"), ("w:ac40:warden", "down"), ("w:atgm:warden", "down")):
            await move_to(pilot, "#rb-catalogue", row, key)
            await pilot.press("enter")
        await move_to(pilot, "#rb-catalogue", "e:smoke")
        await pilot.press("enter")
        await move_to(pilot, "#rb-catalogue", "a:kestrel", "up")
        await pilot.press("enter")
        assert builder.roster.units == [
            UnitEntry("Warden-1", "warden", ["ac40", "atgm"], ["smoke"]),
            UnitEntry("Kestrel-1", "kestrel"),
        ]
        assert "Mass 43 of 150 t, 107 t left" in str(head.render())
        rows = {o.id: str(o.prompt) for o in builder.query_one("#rb-roster", OptionList).options}
        assert "6.5/12 t" in rows["u-0"]
        # the ATGM before the autocannon in mount order (GB-18.5)
        await pilot.press("shift+tab")
        await move_to(pilot, "#rb-roster", "w-0-1")
        await pilot.press("ctrl+up")
        assert builder.roster.units[0].weapons == ["atgm", "ac40"]
        # the army's name, then save it under the name offered
        await pilot.press("home", "enter")
        assert isinstance(app.screen, TextPromptScreen)
        await type_text(pilot, "Lancers")
        await pilot.press("s")
        assert isinstance(app.screen, TextPromptScreen)
        assert app.screen.query_one(Input).value == "lancers.json"
        await pilot.press("enter")
        await pilot.pause()
        saved = gb_home / "saves" / "rosters" / "lancers.json"
        assert check_roster_file(saved.read_bytes()) == ("ballistic", [])
        await pilot.press("u")
        await pilot.pause()
        assert app.screen is not builder and part.choices().sources[0] == "lancers.json"
        assert part.choices().armies[0] == builder.roster
        assert part.problems() == []
        await pilot.press("ctrl+s")
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, CurtainScreen)
        screen = next(s for s in app.screen_stack if isinstance(s, BallisticScreen))
        mine = [u.name for u in screen.seats[0].view().units if u.side == 0]
        assert mine == ["Warden-1", "Kestrel-1"]
        assert app.errors == []


@run
async def test_gb_18_5_a_broken_army_is_saved_only_as_a_draft_and_never_used(gb_home: Path) -> None:
    """GB-18.5: an army over the payload and the mass limit is saved after a warning,
    as a draft the set-up shows with its problem; "use" is refused with the rule IDs."""
    from tui.rulesets.ballistic.roster_builder import RosterBuilderScreen
    from tui.screens.dialogs import ConfirmScreen, NoticeScreen

    broken = Roster(
        "Heavy",
        [
            UnitEntry("Hare-1", "hare", ["how155"]),
            *(entry_from_loadout(f"B-{n}", "Bastion-C") for n in (1, 2)),
        ],
    )
    app = make_app(gb_home)
    chosen: list[Any] = []
    async with app.run_test(size=(80, 24)) as pilot:
        builder = RosterBuilderScreen(pick=True, roster=broken)
        app.push_screen(builder, chosen.append)
        await pilot.pause()
        problems = str(builder.query_one("#rb-problems-text", Static).render())
        assert "GB-18.5" in problems and "12 t of weapons" in problems and "160 t" in problems
        assert "2 problems" in str(builder.query_one("#rb-head", Static).render())
        await pilot.press("u")
        assert isinstance(app.screen, NoticeScreen)
        assert "GB-18.5" in app.screen.message
        await pilot.press("escape")
        assert app.screen is builder and chosen == []
        await pilot.press("s")
        assert isinstance(app.screen, ConfirmScreen) and "draft" in app.screen.message
        await pilot.press("y")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        key, found = check_roster_file((gb_home / "saves" / "rosters" / "heavy.json").read_bytes())
        assert key == "ballistic" and [p.rule for p in found] == ["GB-18.5", "GB-18.5"]
        assert app.screen is builder and not builder.dirty
        await pilot.press("escape")
        await pilot.pause()
        assert chosen == [None]
        assert app.errors == []
