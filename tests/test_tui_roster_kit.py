"""The roster-builder scaffold (tui/kit/roster.py) knows no system: a toy system that
lives only in this file builds mechs through it. Its units come from the catalogue
(a chassis), a weapon goes to the mount the player chooses, the order of the mounts
matters (moved with Ctrl+Up/Down), a switch of its own is bound to a key, and its
rosters are saved, listed, renamed and opened again as roster files.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, ClassVar

import msgspec
import pytest
from test_tui_app import home, make_app, run  # noqa: F401 - home is a fixture
from textual.binding import Binding, BindingType
from textual.widgets import Input, OptionList, Static

from engine import ruleset as registry
from engine.rosterfile import ROSTER_FORMAT, ROSTER_VERSION, Problem
from tui.kit.dialogs import ChoiceDialog
from tui.kit.roster import Entry, Refused, RosterBuilder, RosterTexts, Row, Total
from tui.kit.roster_files import RosterPickerScreen, saved_rosters
from tui.screens.dialogs import ConfirmScreen
from tui.screens.prompts import TextPromptScreen

#: The toy catalogue: chassis (tons of payload) and weapons (tons, where they mount).
CHASSIS = {"light": 6, "heavy": 20}
WEAPONS = {"gun": (3, ("arm", "torso")), "rack": (5, ("torso",))}
LIMIT = 25  # tons of payload in a roster


class Mech(msgspec.Struct):
    name: str
    chassis: str
    mounts: list[tuple[str, str]] = []  # (weapon, place), in mount order
    armoured: bool = False


class ToyRoster(msgspec.Struct):
    name: str = ""
    mechs: list[Mech] = []


class _File(msgspec.Struct):
    format: str
    version: int
    ruleset: str
    roster: ToyRoster


def _problems(r: ToyRoster) -> list[Problem]:
    out = []
    for m in r.mechs:
        used = sum(WEAPONS[w][0] for w, _p in m.mounts)
        if used > CHASSIS[m.chassis]:
            out.append(
                Problem(
                    "TOY-1",
                    "{name} carries {used} t; its chassis takes {cap} t.",
                    {"name": m.name, "used": used, "cap": CHASSIS[m.chassis]},
                )
            )
    if sum(CHASSIS[m.chassis] for m in r.mechs) > LIMIT:
        out.append(Problem("TOY-2", "The roster is over {limit} t.", {"limit": LIMIT}))
    return out


class ToyRuleset:
    """Just what roster files need of a system (:class:`engine.ruleset.Rosters`)."""

    key = "toy"

    def decode_roster(self, data: bytes) -> ToyRoster:
        return msgspec.json.decode(data, type=ToyRoster)

    def validate_roster(self, roster: ToyRoster) -> list[Problem]:
        return _problems(roster)


class ToyModel:
    """The toy system's :class:`tui.kit.roster.RosterModel`."""

    key = "toy"
    texts = RosterTexts()
    new_units = False  # a mech is made from the catalogue: its chassis
    catalogue_follows_unit = True

    def new_roster(self) -> ToyRoster:
        return ToyRoster("Lance", [])

    def copy(self, roster: ToyRoster) -> ToyRoster:
        return msgspec.json.decode(msgspec.json.encode(roster), type=ToyRoster)

    def roster_name(self, roster: ToyRoster) -> str:
        return roster.name

    def rename_roster(self, roster: ToyRoster, name: str) -> None:
        roster.name = name

    def encode(self, roster: ToyRoster) -> bytes:
        return msgspec.json.encode(_File(ROSTER_FORMAT, ROSTER_VERSION, "toy", roster))

    def decode(self, data: bytes) -> ToyRoster:
        return ToyRuleset().decode_roster(data)

    def problems(self, roster: ToyRoster) -> list[Problem]:
        return _problems(roster)

    def problem_text(self, problem: Problem, cells: int = 24, ellipsis: str = "…") -> str:
        return problem.text()

    def totals(self, roster: ToyRoster) -> list[Total]:
        tons = sum(CHASSIS[m.chassis] for m in roster.mechs)
        return [Total(f"{tons} of {LIMIT} t", tons > LIMIT)]

    def details(self, roster: ToyRoster) -> list[str]:
        return [f"{len(roster.mechs)} mechs"]

    def title(self, name: str) -> str:
        return name

    def examples(self) -> list[tuple[str, bytes]]:
        return [("duo.json", self.encode(ToyRoster("Duo", [Mech("A", "light"), Mech("B", "light")])))]

    def rows(self, roster: ToyRoster, width: int, ellipsis: str) -> list[Row]:
        bad = {p.args.get("name") for p in _problems(roster)}
        rows = []
        for i, m in enumerate(roster.mechs):
            used = sum(WEAPONS[w][0] for w, _p in m.mounts)
            rows.append(
                Row(
                    f"m-{i}",
                    f"{m.name} ({m.chassis})",
                    f"{used}/{CHASSIS[m.chassis]}",
                    0,
                    i,
                    m.name in bad,
                    True,
                    True,
                    True,
                )
            )
            for j, (w, place) in enumerate(m.mounts):
                rows.append(
                    Row(
                        f"w-{i}-{j}",
                        f"{w} in the {place}",
                        str(WEAPONS[w][0]),
                        1,
                        i,
                        removable=True,
                        movable=True,
                    )
                )
        return rows

    def unit_of(self, row_id: str | None) -> int | None:
        if not row_id or row_id in ("name", "new"):
            return None
        return int(row_id.split("-")[1])

    def new_unit(self, roster: ToyRoster) -> int:
        raise AssertionError("units come from the catalogue")

    def copy_unit(self, roster: ToyRoster, unit: int) -> int:
        roster.mechs.insert(
            unit + 1, msgspec.structs.replace(roster.mechs[unit], name=roster.mechs[unit].name + "'")
        )
        return unit + 1

    def unit_name(self, roster: ToyRoster, unit: int) -> str:
        return roster.mechs[unit].name

    def name_problem(self, roster: ToyRoster, unit: int, name: str) -> str | None:
        return None if name.strip() else "A name, please."

    def rename_unit(self, roster: ToyRoster, unit: int, name: str) -> None:
        roster.mechs[unit].name = name

    def remove(self, roster: ToyRoster, row_id: str) -> str | None:
        parts = row_id.split("-")
        if parts[0] == "m":
            del roster.mechs[int(parts[1])]
            return "m-0" if roster.mechs else "name"
        del roster.mechs[int(parts[1])].mounts[int(parts[2])]
        return f"m-{parts[1]}"

    def move(self, roster: ToyRoster, row_id: str, step: int) -> str | None:
        parts = row_id.split("-")
        if parts[0] != "w":
            return None
        mounts = roster.mechs[int(parts[1])].mounts
        j, to = int(parts[2]), int(parts[2]) + step
        if not 0 <= to < len(mounts):
            return None
        mounts[j], mounts[to] = mounts[to], mounts[j]
        return f"w-{parts[1]}-{to}"

    def catalogue(self, roster: ToyRoster, unit: int | None, width: int, ellipsis: str) -> list[Entry]:
        rows = [Entry("h-chassis", "Chassis (a new mech)", heading=True)]
        rows += [Entry(f"c:{c}", f"{t:>2} t {c}") for c, t in CHASSIS.items()]
        if unit is not None:
            rows.append(Entry("h-weapons", "Weapons", heading=True))
            rows += [Entry(f"w:{w}", f"{t:>2} t {w}") for w, (t, _places) in WEAPONS.items()]
        return rows

    def legend(self, width: int) -> str:
        return "t: tons"

    def describe(self, entry_id: str) -> str:
        return f"The {entry_id.partition(':')[2]}."

    def places(self, roster: ToyRoster, unit: int, entry_id: str) -> list[tuple[str, str]]:
        kind, _sep, code = entry_id.partition(":")
        return [(p, f"the {p}") for p in WEAPONS[code][1]] if kind == "w" else []

    def add(self, roster: ToyRoster, unit: int | None, entry_id: str, place: str = "") -> str | None:
        kind, _sep, code = entry_id.partition(":")
        if kind == "c":
            roster.mechs.append(Mech(f"M{len(roster.mechs) + 1}", code))
            return f"m-{len(roster.mechs) - 1}"
        if unit is None:
            raise Refused("Make a mech first: choose a chassis.")
        roster.mechs[unit].mounts.append((code, place))
        return f"w-{unit}-{len(roster.mechs[unit].mounts) - 1}"

    def switches(self, roster: ToyRoster, row_id: str | None) -> list[str]:
        return ["armour"] if row_id and row_id.startswith("m-") else []

    def switch(self, roster: ToyRoster, row_id: str, switch_id: str) -> str | None:
        mech = roster.mechs[int(row_id.split("-")[1])]
        mech.armoured = not mech.armoured
        return row_id


class ToyBuilder(RosterBuilder):
    MODEL = ToyModel()
    BINDINGS: ClassVar[list[BindingType]] = [Binding("p", "switch('armour')", "Armour plates", show=False)]


@pytest.fixture
def toy_home(home: Path, monkeypatch: pytest.MonkeyPatch) -> Path:  # noqa: F811
    monkeypatch.setitem(registry._cache, "toy", ToyRuleset())
    monkeypatch.setattr(registry, "available", lambda: ["eva", "tally", "toy"])
    return home


async def _to(pilot: Any, selector: str, row: str) -> None:
    rows = pilot.app.screen.query_one(selector, OptionList)
    for _ in range(40):
        if rows.highlighted_option is not None and rows.highlighted_option.id == row:
            return
        await pilot.press("down")
    raise AssertionError(row)


@run
async def test_a_system_that_is_not_eva_builds_its_rosters_on_the_scaffold(toy_home: Path) -> None:
    app = make_app(toy_home)
    async with app.run_test(size=(100, 30)) as pilot:
        builder = ToyBuilder()
        app.push_screen(builder)
        await pilot.pause()
        model = builder.model
        # no New-unit row or key: a mech comes from the catalogue, as its chassis
        roster_rows = builder.query_one("#rb-roster", OptionList)
        assert [roster_rows.get_option_at_index(i).id for i in range(roster_rows.option_count)] == ["name"]
        assert builder.check_action("new_unit", ()) is None
        await pilot.press("tab")
        await _to(pilot, "#rb-catalogue", "c:heavy")
        await pilot.press("enter")
        await pilot.pause()
        assert [m.chassis for m in builder.roster.mechs] == ["heavy"]
        # the catalogue follows the current mech: its weapons are offered now
        catalogue = builder.query_one("#rb-catalogue", OptionList)
        assert catalogue.get_option("w:gun") is not None
        # a gun may go in an arm or the torso: the scaffold asks where
        await _to(pilot, "#rb-catalogue", "w:gun")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceDialog)
        await pilot.press("down", "enter")
        await pilot.pause()
        await _to(pilot, "#rb-catalogue", "w:rack")
        await pilot.press("enter")  # a rack goes only in the torso: nothing to ask
        await pilot.pause()
        assert builder.roster.mechs[0].mounts == [("gun", "torso"), ("rack", "torso")]
        # the mount order matters: the rack goes first
        await pilot.press("shift+tab")
        await _to(pilot, "#rb-roster", "w-0-1")
        await pilot.press("ctrl+up")
        await pilot.pause()
        assert builder.roster.mechs[0].mounts == [("rack", "torso"), ("gun", "torso")]
        # the system's own switch, on its own key
        await _to(pilot, "#rb-roster", "m-0")
        await pilot.press("p")
        assert builder.roster.mechs[0].armoured
        # a problem with its rule ID, shown live; the totals in the header
        assert "TOY-" not in str(builder.query_one("#rb-problems-text", Static).render())
        await pilot.press("tab")
        await _to(pilot, "#rb-catalogue", "c:heavy")
        await pilot.press("enter")
        await pilot.pause()
        assert "TOY-2" in str(builder.query_one("#rb-problems-text", Static).render())
        assert "40 of 25 t" in str(builder.query_one("#rb-head", Static).render())
        # removing a mech asks first
        await pilot.press("shift+tab")
        await _to(pilot, "#rb-roster", "m-1")
        await pilot.press("delete")
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("y")
        await pilot.pause()
        assert len(builder.roster.mechs) == 1 and model.problems(builder.roster) == []
        # saved as a roster file, read back through engine/rosterfile.py
        await pilot.press("s")
        await pilot.pause()
        assert isinstance(app.screen, TextPromptScreen)
        await pilot.press("enter")
        await pilot.pause()
        [entry] = saved_rosters(toy_home / "saves", model)
        assert entry.valid and entry.roster == builder.roster and entry.label == "lance.json"
    assert app.errors == []


@run
async def test_the_list_of_roster_files_renames_a_file_and_never_replaces_one(toy_home: Path) -> None:
    folder = toy_home / "saves" / "rosters"
    folder.mkdir(parents=True)
    model = ToyModel()
    (folder / "a.json").write_bytes(model.encode(ToyRoster("A", [Mech("A", "light")])))
    (folder / "b.json").write_bytes(model.encode(ToyRoster("B", [Mech("B", "light")])))
    app = make_app(toy_home)
    async with app.run_test(size=(100, 30)) as pilot:
        app.push_screen(RosterPickerScreen(toy_home / "saves", model, "open"))
        await pilot.pause()
        await _to(pilot, "#picker-list", "s0")
        await pilot.press("r")
        await pilot.pause()
        prompt = app.screen
        assert isinstance(prompt, TextPromptScreen)
        field = prompt.query_one(Input)
        field.value = "b"  # taken: refused, nothing happens
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is prompt
        field.value = "first"
        await pilot.press("enter")
        await pilot.pause()
        assert sorted(p.name for p in folder.iterdir()) == ["b.json", "first.json"]
        # an example cannot be renamed
        await _to(pilot, "#picker-list", "e0")
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, RosterPickerScreen)
    assert app.errors == []


def test_the_roster_scaffold_names_no_system() -> None:
    """Nothing under tui/kit names a system or imports its package."""
    root = Path(__file__).resolve().parent.parent / "tui" / "kit"
    for name in ("roster.py", "roster_files.py", "rowlist.py"):
        text = (root / name).read_text(encoding="utf-8")
        for key in registry.available():
            assert f"rulesets.{key}" not in text and f"rulesets/{key}" not in text, (name, key)
