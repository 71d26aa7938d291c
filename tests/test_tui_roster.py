"""The EVA roster builder driven as a player would (EVA-17): keys, mouse, files, refusals.

Every test runs in a temporary home (settings, saves and log inside it) with the
systems fixed to ``eva`` and ``tally`` (see ``test_tui_app.home``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import msgspec
import pytest
from test_tui_app import home, make_app, run  # noqa: F401 - home is a fixture
from textual.pilot import Pilot
from textual.widgets import Input, OptionList, Static

from engine.i18n import _ as tr
from engine.rosterfile import check_roster_file
from engine.rulesets.eva.roster import (
    EvaEntry,
    Roster,
    WeaponEntry,
    encode_roster_file,
    roster_cost,
    validate,
)
from engine.text import NAME_LIMIT
from tui.rulesets.eva.roster_builder import RosterBuilderScreen
from tui.rulesets.eva.roster_files import example_rosters, file_name_for, read_roster, saved_rosters
from tui.rulesets.eva.roster_picker import RosterPickerScreen
from tui.screens.dialogs import ConfirmScreen, NoticeScreen
from tui.screens.prompts import TextPromptScreen
from tui.screens.title import TitleScreen
from tui.textfit import fit


class _File(msgspec.Struct):
    roster: Roster


def _saved(path: Path) -> Roster:
    return msgspec.json.decode(path.read_bytes(), type=_File).roster


async def _open_builder(pilot: Pilot[Any]) -> RosterBuilderScreen:
    await pilot.press("b")
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, RosterBuilderScreen)
    return screen


async def _move_to(pilot: Pilot[Any], selector: str, row: str, key: str = "down") -> None:
    """Press ``key`` until the list ``selector`` highlights ``row`` (keyboard only)."""
    rows = pilot.app.screen.query_one(selector, OptionList)
    for _ in range(80):
        option = rows.highlighted_option
        if option is not None and option.id == row:
            return
        await pilot.press(key)
    raise AssertionError(f"{row} not reached in {selector}")


async def _type(pilot: Pilot[Any], text: str) -> None:
    """Replace the text of the focused field (the prompt selects it all) and press Enter."""
    field = pilot.app.screen.query_one(Input)
    field.value = ""
    await pilot.press(*text)
    await pilot.press("enter")
    await pilot.pause()


def _problems(screen: RosterBuilderScreen) -> str:
    return str(screen.query_one("#rb-problems-text", Static).render())


# ---------------------------------------------------------------------------
# Building and saving
# ---------------------------------------------------------------------------
@run
async def test_eva_17_build_a_roster_from_scratch_with_the_keyboard_and_save_it(home: Path) -> None:  # noqa: F811 - the fixture imported above
    app = make_app(home)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _open_builder(pilot)
        # the roster starts with one base Eva, highlighted: Enter renames it
        assert screen.roster.evas[0].name == "Eva-1"
        await pilot.press("enter")
        assert isinstance(app.screen, TextPromptScreen)
        await _type(pilot, "Unit-01")
        assert screen.roster.evas[0].name == "Unit-01"
        # to the catalogue: a rifle with automatic fire, a knife, AT-3, the S2 Engine
        await pilot.press("tab")
        for row in ("wa:rifle", "w:knife", "at:3", "eq:s2"):
            key = "up" if row == "w:knife" else "down"
            await _move_to(pilot, "#rb-catalogue", row, key)
            await pilot.press("enter")
        assert screen.roster.evas[0] == EvaEntry(
            "Unit-01", [WeaponEntry("rifle", auto=True), WeaponEntry("knife")], 3, ["s2"]
        )
        # a second Eva, copied, then renamed from the roster list
        await pilot.press("shift+tab", "c")
        assert [e.name for e in screen.roster.evas] == ["Unit-01", "Unit-01 (2)"]
        await pilot.press("r")
        await _type(pilot, "Unit-02")
        # the roster's own name: its row is the first one
        await pilot.press("home", "enter")
        await _type(pilot, "Test squad")
        assert screen.roster.name == "Test squad"
        assert roster_cost(screen.roster) == 2 * (100 + 40 + 15 + 30 + 80)
        assert "(unsaved changes)" in str(screen.query_one("#rb-head", Static).render())
        assert "follows every rule" in _problems(screen)
        # save: the file name is offered, Enter accepts it
        await pilot.press("s")
        assert isinstance(app.screen, TextPromptScreen)
        assert app.screen.query_one(Input).value == "test-squad.json"
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, RosterBuilderScreen)
        assert not screen.dirty
    path = home / "saves" / "rosters" / "test-squad.json"
    key, problems = check_roster_file(path.read_bytes())
    assert key == "eva" and problems == []
    assert _saved(path) == screen.roster
    assert app.errors == []


@run
async def test_eva_17_items_are_removed_and_automatic_fire_toggled(home: Path) -> None:  # noqa: F811 - the fixture imported above
    app = make_app(home)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _open_builder(pilot)
        await pilot.press("tab")
        await _move_to(pilot, "#rb-catalogue", "w:rifle")
        await pilot.press("enter", "shift+tab")
        await pilot.pause()
        # the new rifle is highlighted in the roster: 'a' buys automatic fire, Enter removes it
        assert screen.query_one("#rb-roster", OptionList).highlighted_option.id == "w-0-0"
        await pilot.press("a")
        assert screen.roster.evas[0].weapons == [WeaponEntry("rifle", auto=True)]
        await pilot.press("enter")
        assert screen.roster.evas[0].weapons == []
        # the pistol has no automatic fire: 'a' does nothing
        await pilot.press("tab")
        await _move_to(pilot, "#rb-catalogue", "w:pistol", "up")
        await pilot.press("enter", "shift+tab", "a")
        assert screen.roster.evas[0].weapons == [WeaponEntry("pistol")]
    assert app.errors == []


@run
async def test_a_click_on_the_catalogue_adds_and_a_click_on_new_eva_adds_an_eva(home: Path) -> None:  # noqa: F811 - the fixture imported above
    app = make_app(home)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await _open_builder(pilot)
        catalogue = screen.query_one("#rb-catalogue", OptionList)
        # rows: border, "Weapons", the column headings, then Quantum Knife
        await pilot.click(catalogue, offset=(10, 3))
        await pilot.pause()
        assert screen.roster.evas[0].weapons == [WeaponEntry("knife")]
        roster = screen.query_one("#rb-roster", OptionList)
        # rows: border, roster name, Eva-1, knife, "+ New Eva"
        await pilot.click(roster, offset=(6, 4))
        await pilot.pause()
        assert len(screen.roster.evas) == 2
        # a click on an item only highlights it: nothing is removed
        await pilot.click(roster, offset=(6, 3))
        await pilot.pause()
        assert screen.roster.evas[0].weapons == [WeaponEntry("knife")]
    assert app.errors == []


@run
async def test_removing_an_eva_asks_first(home: Path) -> None:  # noqa: F811 - the fixture imported above
    app = make_app(home)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _open_builder(pilot)
        await pilot.press("n")
        assert len(screen.roster.evas) == 2
        await pilot.press("delete")
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")
        assert len(screen.roster.evas) == 2
        await pilot.press("delete", "y")
        await pilot.pause()
        assert [e.name for e in screen.roster.evas] == ["Eva-1"]
    assert app.errors == []


@run
async def test_leaving_with_unsaved_changes_asks_first(home: Path) -> None:  # noqa: F811 - the fixture imported above
    app = make_app(home)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _open_builder(pilot)
        await pilot.press("escape")  # nothing changed: it just leaves
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
        screen = await _open_builder(pilot)
        await pilot.press("n", "escape")
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")  # keep editing
        assert app.screen is screen
        await pilot.press("escape", "y")
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
    assert app.errors == []


# ---------------------------------------------------------------------------
# Problems and refusals (EVA-17.10)
# ---------------------------------------------------------------------------
@run
async def test_eva_17_10_every_problem_is_shown_with_its_rule_and_a_draft_needs_a_warning(home: Path) -> None:  # noqa: F811 - the fixture imported above
    app = make_app(home)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _open_builder(pilot)
        await pilot.press("tab")
        for _ in range(5):  # five knives: EVA-17.4
            await pilot.press("enter")
        for row in ("eq:berserk", "eq:s2", "at:6"):  # EVA-17.8, and over budget? not yet
            await _move_to(pilot, "#rb-catalogue", row)
            await pilot.press("enter")
        text = _problems(screen)
        assert "EVA-17.4" in text and "EVA-17.8" in text
        assert len(text.splitlines()) == len(validate(screen.roster)) == 2
        assert "2 problems" in str(screen.query_one("#rb-head", Static).render())
        # saving warns that it is a draft; "n" keeps editing, nothing is written
        await pilot.press("s")
        assert isinstance(app.screen, ConfirmScreen)
        assert "draft" in app.screen.message
        await pilot.press("n")
        assert not (home / "saves" / "rosters").exists()
        await pilot.press("s", "y")
        assert isinstance(app.screen, TextPromptScreen)
        await pilot.press("enter")
        await pilot.pause()
    [entry] = saved_rosters(home / "saves")
    assert entry.usable and not entry.valid
    assert {p.rule for p in entry.problems} == {"EVA-17.4", "EVA-17.8"}
    assert app.errors == []


@run
async def test_eva_17_10_an_invalid_roster_cannot_be_used_for_a_game(home: Path) -> None:  # noqa: F811 - the fixture imported above
    app = make_app(home)
    async with app.run_test(size=(80, 24)) as pilot:
        chosen: list[Any] = []
        app.push_screen(RosterBuilderScreen(pick=True), chosen.append)
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, RosterBuilderScreen)
        await pilot.press("tab")
        await _move_to(pilot, "#rb-catalogue", "w:n2")
        await pilot.press("enter", "enter")  # two N2 Bombs: EVA-17.5
        await pilot.press("u")
        await pilot.pause()
        assert isinstance(app.screen, NoticeScreen)
        assert "EVA-17.5" in app.screen.message and "EVA-17.10" in app.screen.message
        await pilot.press("escape")
        assert chosen == []
        # remove one bomb: now it may be used
        await pilot.press("shift+tab")
        await _move_to(pilot, "#rb-roster", "w-0-1")
        await pilot.press("delete", "u")
        await pilot.pause()
        assert len(chosen) == 1 and validate(chosen[0]) == []
    assert app.errors == []


@pytest.mark.parametrize("pick", [True, False])
@run
async def test_the_saved_notice_does_not_outlive_the_builder(home: Path, pick: bool) -> None:  # noqa: F811 - the fixture imported above
    """ "Saved: ..." is shown in the builder and goes with it: it never covers the new
    game screen (its map preview) or the title screen underneath."""
    roster = next(
        e.roster for e in example_rosters() if e.roster is not None and e.roster.name == "NERV first squad"
    )
    app = make_app(home)
    async with app.run_test(size=(80, 24)) as pilot:
        chosen: list[Any] = []
        app.push_screen(RosterBuilderScreen(roster=roster, pick=pick), chosen.append)
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, RosterBuilderScreen)
        await pilot.press("s")
        await pilot.pause()
        assert isinstance(app.screen, TextPromptScreen)
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is screen
        assert [n.message for n in app._notifications] == ["Saved: nerv-first-squad.json"]
        await pilot.press("u" if pick else "escape")
        await pilot.pause()
        assert app.screen is not screen
        assert list(app._notifications) == []
        # picked: the roster goes to the new game screen; else the builder is simply closed
        assert [r is not None for r in chosen] == ([True] if pick else [])
    assert app.errors == []


# ---------------------------------------------------------------------------
# Files: examples, damaged files
# ---------------------------------------------------------------------------
@run
async def test_an_example_is_opened_as_a_template(home: Path) -> None:  # noqa: F811 - the fixture imported above
    app = make_app(home)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _open_builder(pilot)
        await pilot.press("o")
        await pilot.pause()
        picker = app.screen
        assert isinstance(picker, RosterPickerScreen)
        names = [e.roster.name for e in example_rosters() if e.roster is not None]
        index = names.index("NERV first squad")
        await _move_to(pilot, "#picker-list", f"e{index}")
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is screen
        assert screen.roster.name == "NERV first squad" and len(screen.roster.evas) == 3
        assert screen.file_name is None  # an example is never written back
        assert "985 of 1000 points spent, 15 left" in str(screen.query_one("#rb-head", Static).render())
        await pilot.press("s")
        assert app.screen.query_one(Input).value == "nerv-first-squad.json"
    assert app.errors == []


@run
async def test_damaged_roster_files_give_one_line_and_are_never_modified(home: Path) -> None:  # noqa: F811 - the fixture imported above
    folder = home / "saves" / "rosters"
    folder.mkdir(parents=True)
    files = {
        "damaged.json": b'{"format": "wartable-roster", "version": 1, "ruleset": ',
        "foreign.json": b'{"format": "wartable-save", "version": 1}',
        "newer.json": b'{"format": "wartable-roster", "version": 7}',
        "empty.json": b"",
        "other.json": b'{"format": "wartable-roster", "version": 1, "ruleset": "nope", "roster": {}}',
        "badroster.json": b'{"format": "wartable-roster", "version": 1, "ruleset": "eva", "roster": {"evas": 3}}',
    }
    for name, data in files.items():
        (folder / name).write_bytes(data)
    entries = {e.label: e for e in saved_rosters(home / "saves")}
    assert set(entries) == set(files)
    for entry in entries.values():
        assert not entry.usable and entry.reason and "\n" not in entry.reason
    app = make_app(home)
    async with app.run_test(size=(80, 24)) as pilot:
        await _open_builder(pilot)
        await pilot.press("o")
        await pilot.pause()
        await _move_to(pilot, "#picker-list", "s0")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, NoticeScreen)
        assert "cannot be used" in app.screen.notice_title.lower() or "left as it is" in app.screen.message
        await pilot.press("escape")
    assert {p.name: p.read_bytes() for p in folder.iterdir()} == files
    assert app.errors == []


@run
async def test_deleting_a_saved_roster_asks_first(home: Path) -> None:  # noqa: F811 - the fixture imported above
    folder = home / "saves" / "rosters"
    folder.mkdir(parents=True)
    (folder / "mine.json").write_bytes(encode_roster_file(Roster("Mine", [EvaEntry("A")])))
    app = make_app(home)
    async with app.run_test(size=(80, 24)) as pilot:
        await _open_builder(pilot)
        await pilot.press("o")
        await pilot.pause()
        await _move_to(pilot, "#picker-list", "s0")
        await pilot.press("d")
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")
        assert (folder / "mine.json").exists()
        await pilot.press("d", "y")
        await pilot.pause()
        assert not (folder / "mine.json").exists()
        # an example cannot be deleted
        await _move_to(pilot, "#picker-list", "e0")
        await pilot.press("d")
        assert isinstance(app.screen, RosterPickerScreen)
    assert app.errors == []


# ---------------------------------------------------------------------------
# Any Unicode in names
# ---------------------------------------------------------------------------
#: Names as a player can give them: any script, emoji, combining marks, up to the limit
#: (a direction override cannot be typed: the name prompt takes it out).
NAMES = ["Ева-01 🚀🚀🚀", "שלום עולם", "ا لعربية", "Z̷̢͎̈a̸̡͝l̶̰̈g̵̣̾o̸", "x" * NAME_LIMIT, "a evil"]


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
@run
async def test_unicode_names_keep_every_row_on_one_line_and_survive_the_file(home: Path, size: Any) -> None:  # noqa: F811 - the fixture imported above
    roster = Roster("🙂" * NAME_LIMIT, [EvaEntry(n, [WeaponEntry("knife")]) for n in NAMES])
    assert validate(roster) == []
    app = make_app(home)
    async with app.run_test(size=size) as pilot:
        screen = RosterBuilderScreen(roster=roster)
        app.push_screen(screen)
        await pilot.pause()
        await pilot.pause()
        for selector in ("#rb-roster", "#rb-catalogue"):
            rows = screen.query_one(selector, OptionList)
            width = rows.scrollable_content_region.width
            for index in range(rows.option_count):
                # one line per row: nothing wraps, whatever the name
                assert rows._line_cache.heights[index] == 1, (selector, index)
            lines = [strip.cell_length for strip in rows.render_lines(rows.region.reset_offset)]
            assert max(lines) <= rows.region.width and width > 0
        await pilot.press("s")
        await pilot.press("enter")
        await pilot.pause()
    path = home / "saves" / "rosters" / file_name_for(roster.name)
    back = read_roster(path.read_bytes(), path.name, path)
    assert back.valid and back.roster == roster
    assert app.errors == []


def test_fit_cuts_by_cells_and_removes_direction_overrides() -> None:
    assert fit("x" * 10_000, 10) == "x" * 9 + "…"
    assert fit("🚀🚀🚀", 5) == "🚀🚀…"
    assert fit("a\u202eb", 5) == "ab"
    assert fit("short", 10) == "short"
    assert fit("x" * 20, 10, "...") == "x" * 7 + "..."


@run
async def test_the_roster_builder_asks_which_system_when_several_have_rosters(
    home: Path,  # noqa: F811 - the fixture imported above
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import types

    import tui.rulesets as registry
    from tui.screens.prompts import ChoiceScreen

    real = registry.ui_for
    other = types.SimpleNamespace(has_rosters=True, RosterBuilderScreen=RosterBuilderScreen)
    monkeypatch.setattr(registry, "ui_for", lambda key: other if key == "tally" else real(key))
    app = make_app(home)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("b")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen)
        assert [key for key, _label in app.screen.choices] == ["eva", "tally"]
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, RosterBuilderScreen)
    assert app.errors == []


def test_problems_name_items_in_the_language_of_the_interface() -> None:
    from engine.i18n import set_language
    from tui.rulesets.eva.roster_builder import problem_text
    from tui.rulesets.eva.roster_files import RosterEntry
    from tui.rulesets.eva.roster_picker import problem_lines

    roster = Roster("R", [EvaEntry("A", [], 0, ["berserk", "s2"])])
    [problem] = validate(roster)
    try:
        set_language("ru")
        assert "С2-двигатель" in problem_text(problem)
        assert "С2-двигатель" in problem_lines(RosterEntry("r.json", None, roster=roster, problems=[problem]))
    finally:
        set_language("en")


@run
async def test_tab_switches_the_two_lists_and_the_catalogue_keeps_its_height(home: Path) -> None:  # noqa: F811
    """Tab goes between the roster and the catalogue only; the catalogue keeps its rows
    whatever the length of the description under it; every equipment item and AT level
    says what it does."""
    from engine.rulesets.eva.catalog import EQUIPMENT
    from tui.rulesets.eva.roster_builder import EFFECTS, describe_at, describe_equipment

    app = make_app(home)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _open_builder(pilot)
        roster = screen.query_one("#rb-roster")
        catalogue = screen.query_one("#rb-catalogue", OptionList)
        assert roster.has_focus
        await pilot.press("tab")
        assert catalogue.has_focus
        await pilot.press("tab")
        assert roster.has_focus
        await pilot.press("shift+tab", "shift+tab")
        assert roster.has_focus
        await pilot.press("tab")
        heights = set()
        for _ in range(catalogue.option_count):
            await pilot.press("down")
            await pilot.pause()
            heights.add(catalogue.size.height)
        assert len(heights) == 1
        assert "H" in str(catalogue.border_subtitle) and "melee" in str(catalogue.border_subtitle)
    assert set(EFFECTS) == set(EQUIPMENT)
    for code in EQUIPMENT:
        assert len(describe_equipment(code).split(". ")) >= 2, code
    assert "off the damage of every hit" in describe_at(3)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_builder_help_says_what_enter_does_and_fits_80x24(home: Path, lang: str) -> None:  # noqa: F811
    """Opened from a new game (so "Use roster" is listed too): Enter in the catalogue
    adds the item; every row shows without scrolling, the quit key last."""
    from tui.screens.help import HelpScreen

    @run
    async def go() -> None:
        app = make_app(home, language=lang)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("n")
            await pilot.pause()
            app.screen.query_one("#eva-roster-0").focus()
            await pilot.press("enter")
            await pilot.pause()
            await pilot.press("home", "enter")  # build a roster now
            await pilot.pause()
            assert isinstance(app.screen, RosterBuilderScreen)
            await pilot.press("question_mark")
            await pilot.pause()
            help_screen = app.screen
            assert isinstance(help_screen, HelpScreen)
            rows = dict(help_screen.rows)
            texts = [text for _keys, text in help_screen.rows]
            assert help_screen.rows[0] == ("⏎", tr("in the catalogue: add the item to the current Eva"))
            assert rows["u, г"] == tr("Use roster") and rows["^q"] == tr("Quit")
            assert len(texts) == len(set(texts))
            keys = help_screen.query_one("#help-keys")
            assert keys.max_scroll_y == 0, keys.virtual_size
        assert app.errors == []

    go()


@run
async def test_every_malformed_roster_file_gives_one_line_in_the_builder(home: Path) -> None:  # noqa: F811 - the fixture imported above
    """Each roster file of tests/data/bad-rosters, opened from the builder: one that
    cannot be read gives a notice of one line; one that reads but breaks EVA-17 opens
    with its problems shown by rule ID. No file is modified."""
    bad = Path(__file__).resolve().parent / "data" / "bad-rosters"
    folder = home / "saves" / "rosters"
    folder.mkdir(parents=True)
    files = {p.name: p.read_bytes() for p in bad.glob("*.json")}
    for name, data in files.items():
        (folder / name).write_bytes(data)
    entries = saved_rosters(home / "saves")
    assert len(entries) == len(files) >= 30
    app = make_app(home)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await _open_builder(pilot)
        for i, entry in enumerate(entries):
            await pilot.press("o")
            await pilot.pause()
            rows = app.screen.query_one("#picker-list", OptionList)
            rows.highlighted = rows.get_option_index(f"s{i}")
            await pilot.press("enter")
            await pilot.pause()
            if not entry.usable:
                notice = app.screen
                assert isinstance(notice, NoticeScreen), entry.label
                assert notice.message and "\n" not in entry.reason, entry.label
                await pilot.press("escape")
                await pilot.pause()
                if isinstance(app.screen, RosterPickerScreen):
                    await pilot.press("escape")
                    await pilot.pause()
            else:
                assert app.screen is screen, entry.label
                shown = str(screen.query_one("#rb-problems-text", Static).render())
                assert entry.problems, entry.label
                for p in entry.problems:
                    assert p.rule in shown, (entry.label, p.rule, shown)
    assert {p.name: p.read_bytes() for p in folder.iterdir()} == files
    assert app.errors == []


@run
async def test_an_eva_moves_up_the_roster_its_order_gives_its_letter_on_the_board(home: Path) -> None:  # noqa: F811
    """Ctrl+Up and Ctrl+Down move an Eva in the roster: the board letters its Evas A, B,
    C… in roster order (weapons and equipment keep their own order)."""
    app = make_app(home)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _open_builder(pilot)
        await pilot.press("n")
        await pilot.pause()
        assert [e.name for e in screen.roster.evas] == ["Eva-1", "Eva-2"]
        assert screen.query_one("#rb-roster", OptionList).highlighted_option.id == "eva-1"
        await pilot.press("ctrl+up")
        await pilot.pause()
        assert [e.name for e in screen.roster.evas] == ["Eva-2", "Eva-1"]
        assert screen.query_one("#rb-roster", OptionList).highlighted_option.id == "eva-0"
        await pilot.press("ctrl+up")  # already first: nothing moves
        await pilot.press("ctrl+down")
        await pilot.pause()
        assert [e.name for e in screen.roster.evas] == ["Eva-1", "Eva-2"]
    assert app.errors == []
