"""Going Ballistic's screens driven as players would (Textual's pilot).

A seeded battle is played through the screens to its end: curtains between the
players, an overwatch declared with its sector (GB-11.1, GB-11.2), an arc shot aimed
on the board with its scatter shown (GB-12), the overwatch decision put to the
watching side behind the curtain (GB-11.4), the shell's landing (GB-12.6), the end
at the turn limit (GB-16.2). A new battle is set up on the new game screen; a game
is left and continued from its save; nothing the fog of war hides reaches a seat's
screen (GB-5.7). The test's policy only presses keys and clicks; every figure on
screen comes from the engine.
"""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Callable, Coroutine
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

from engine import ruleset as registry
from engine.dice import seed_only
from engine.game import Game
from engine.i18n import current_language, set_language
from engine.rulesets.ballistic import events as ev
from engine.rulesets.ballistic.roster import Roster, entry_from_loadout
from engine.rulesets.ballistic.scenario import map_with
from engine.rulesets.ballistic.state import Placement, Setup
from engine.rulesets.ballistic.view import LookAround, Observed
from tui.app import WartableApp
from tui.kit.curtain import CurtainScreen
from tui.kit.dialogs import ChoiceDialog, DecisionDialog
from tui.kit.over import GameOverScreen
from tui.rulesets.ballistic.board import HexBoard
from tui.rulesets.ballistic.screen import BallisticScreen

SYSTEMS = ["ballistic", "eva"]
#: Seed 12 rolls the initiative of turn 1 as Warden-1, Bastion-1 (Blue), Hare-1, Jackal-1 (Red).
SEED = bytes([12]) * 32
#: A three-level building at 0704–0706 hides the Red Hare at 0905 from the Blue Warden.
CELLS = {"0704": "0#3", "0705": "0#3", "0706": "0#3"}


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
    monkeypatch.delenv("NO_COLOR", raising=False)
    time.tzset()
    monkeypatch.setattr(registry, "available", lambda: list(SYSTEMS))
    (tmp_path / "saves").mkdir()
    before = current_language()
    yield tmp_path
    set_language(before)
    monkeypatch.undo()
    time.tzset()


def make_app(home: Path, language: str | None = "en", **kwargs: Any) -> WartableApp:
    """The app with every file inside ``home``."""
    return WartableApp(
        settings_file=home / "config" / "settings.json",
        saves=home / "saves",
        log_file=home / "log" / "wartable.log",
        language=language,
        systems=lambda: list(SYSTEMS),
        **kwargs,
    )


def skirmish_setup(*, hare: str = "0905", name: str = "Hare-1", turn_limit: int | None = 2) -> Setup:
    """Blue: Bastion-1 (Bastion-C) at 0203 and Warden-1 (Warden-M) at 0305, facing SE;
    Red: a Hare-G at ``hare`` (hidden from the Warden by the building) and Jackal-1 at
    1108, facing NW; a 12 x 9 map, open but for the building."""
    rosters = [
        Roster(
            "Blue", [entry_from_loadout("Bastion-1", "Bastion-C"), entry_from_loadout("Warden-1", "Warden-M")]
        ),
        Roster("Red", [entry_from_loadout(name, "Hare-G"), entry_from_loadout("Jackal-1", "Jackal")]),
    ]
    placements = [
        [Placement("0203", "SE"), Placement("0305", "SE")],
        [Placement(hare, "NW"), Placement("1108", "NW")],
    ]
    return Setup(map=map_with(12, 9, CELLS), rosters=rosters, placements=placements, turn_limit=turn_limit)


def skirmish(path: Path | None = None, **kwargs: Any) -> Game:
    """The seeded skirmish between Ann (Blue) and Bo (Red), its rolls keyed by the seed."""
    return Game(
        registry.get("ballistic"),
        skirmish_setup(**kwargs),
        seed=SEED,
        players=("Ann", "Bo"),
        path=path,
        entropy=seed_only,
    )


def game_screen(app: Any) -> BallisticScreen:
    """The game screen (under any dialog)."""
    return next(s for s in reversed(app.screen_stack) if isinstance(s, BallisticScreen))


async def settle(pilot: Pilot[Any]) -> None:
    await pilot.pause()
    await pilot.pause()


async def click_hex(pilot: Pilot[Any], name: str) -> None:
    """Click on hex ``name`` of the board (scrolled there first, as a player would)."""
    screen = game_screen(pilot.app)
    board = screen.board
    tables = screen.seat.view().map.tables
    cell = tables.index[name]
    board.keep_in_view(cell)
    await settle(pilot)
    box = board.layout_map.box(cell)
    x = box.x - int(board.scroll_offset.x) + 1
    y = box.y - int(board.scroll_offset.y)
    await pilot.click(HexBoard, offset=(x, y))
    await settle(pilot)


async def lift(pilot: Pilot[Any], player: str) -> CurtainScreen:
    """The curtain is up for ``player``; lift it."""
    await settle(pilot)
    curtain = pilot.app.screen
    assert isinstance(curtain, CurtainScreen), type(curtain)
    assert curtain.player == player
    await pilot.press("enter")
    await settle(pilot)
    return curtain


def acting(app: Any) -> str:
    """The unit of the viewer that acts now ("" when none)."""
    act = game_screen(app).activation()
    return act.unit if act is not None else ""


@run
async def test_a_seeded_battle_is_played_through_the_screens_to_its_end(gb_home: Path) -> None:
    """GB-11.1 to GB-11.4, GB-12.2 to GB-12.6, GB-16.2: the Warden declares overwatch on
    SE-S (the sector marked on the board while it is chosen), the Bastion fires its
    gun-mortar in an arc at the hidden Hare's hex (aimed with a click; the scatter
    shown), the Hare steps into view in the sector: Ann decides the overwatch fire
    behind the curtain with the itemised odds, the shell lands at the start of turn
    2, and the battle ends at its turn limit."""
    game = skirmish(gb_home / "saves" / "skirmish.json")
    app = make_app(gb_home)
    async with app.run_test(size=(100, 32)) as pilot:
        app.push_screen(BallisticScreen(game.seats()))
        await lift(pilot, "Ann")
        screen = game_screen(app)
        assert acting(app) == "Warden-1"
        assert screen.cursor_hex() == "0305"  # the cursor starts on the acting unit
        # overwatch: weapon, then the sector (both marked on the board), then the order
        await pilot.press("o")
        await settle(pilot)
        assert isinstance(app.screen, ChoiceDialog)
        await pilot.press("enter")  # the 40 mm autocannon, the first
        await settle(pilot)
        assert screen.sector_choice == (1, 2)  # NE-SE and SE-S, marked 1 and 2
        index = game.state.map.tables.index
        assert screen.board.looks[index["0909"]].top.strip() == "2"  # SE-S only
        assert screen.board.looks[index["0908"]].top.strip() == "12"  # on the SE spoke: both
        await pilot.press("down", "enter")
        await settle(pilot)
        await pilot.press("enter")  # ask me at each trigger
        await settle(pilot)
        assert "Warden-1 overwatch ac40 SE-S" in [r.text for r in screen.seat.record()]
        await pilot.press("e")
        await settle(pilot)
        # the arc shot: aimed with a click on the board, the scatter in the panel, confirmed
        assert acting(app) == "Bastion-1"
        await pilot.press("a")
        await settle(pilot)
        assert screen.aiming is not None and "0905" in screen.aiming.hexes
        await click_hex(pilot, "0905")
        dialog = app.screen
        assert isinstance(dialog, ChoiceDialog)
        text = "\n".join(str(line) for line in dialog.lines)
        assert "lands at the start of turn 2" in text and "d19" in text
        await pilot.press("enter")
        await settle(pilot)
        assert screen.seat.view().projectiles[0].aim == "0905"
        await pilot.press("e")
        await settle(pilot)
        # Bo's Hare steps into view in the sector: the curtain, then Ann decides
        await lift(pilot, "Bo")
        assert acting(app) == "Hare-1"
        await click_hex(pilot, "0908")
        await lift(pilot, "Ann")
        decision = app.screen
        assert isinstance(decision, DecisionDialog)
        assert decision.decision.rule == "GB-11.4"
        context = "\n".join(str(line) for line in decision.lines)
        assert "an overwatch shot (GB-11.6)" in context and "to hit" in context
        await pilot.press("down", "down", "enter")  # fire 2 of the 3 reserved shots
        await settle(pilot)
        await lift(pilot, "Bo")
        # every unit left ends its activation, to the end of turn 2
        for _ in range(20):
            await settle(pilot)
            if isinstance(app.screen, GameOverScreen):
                break
            if isinstance(app.screen, CurtainScreen):
                await pilot.press("enter")
                continue
            assert acting(app), type(app.screen)
            await pilot.press("e")
        over = app.screen
        assert isinstance(over, GameOverScreen)
        assert "GB-16.2" in str(over.lines[0])
        assert any("Max Health destroyed" in str(line) for line in over.lines)
        assert app.errors == []
    shots = [e for e in game.events if isinstance(e, ev.ShotResolved) and e.overwatch]
    assert len([e for e in shots if e.to is None or 0 in e.to]) == 2
    assert [e.aim for e in game.events if isinstance(e, ev.ProjectileLanded)] == ["0905"]
    assert game.result() is not None


@run
async def test_a_battle_is_left_and_continued_from_its_save(gb_home: Path) -> None:
    """GB-17.1: every action is saved; Escape leaves (after a question), Continue on the
    title screen brings the battle back behind the curtain, where it was."""
    from tui.screens.dialogs import ConfirmScreen
    from tui.screens.title import TitleScreen

    game = skirmish(gb_home / "saves" / "skirmish.json")
    game.save()
    app = make_app(gb_home)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("c")  # continue: the skirmish, read from its save
        await lift(pilot, "Ann")
        assert acting(app) == "Warden-1"
        await pilot.press("h")  # hold position: no die, so it can be taken back
        await settle(pilot)
        await pilot.press("z")  # the first pivot of the stay is free (GB-7.6)
        await settle(pilot)
        assert game_screen(app).seat.view().units[1].facing == 1
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("y")
        await settle(pilot)
        assert isinstance(app.screen, TitleScreen)
        await pilot.press("c")
        await lift(pilot, "Ann")
        screen = game_screen(app)
        warden = next(u for u in screen.seat.view().units if u.name == "Warden-1")
        assert warden.holding and warden.facing == 1  # NE, still holding
        assert [r.text for r in screen.seat.record()] == ["Warden-1 hold", "Warden-1 pivot ccw"]
        await pilot.press("u")  # the pivot is taken back: no die was rolled
        await settle(pilot)
        assert next(u for u in screen.seat.view().units if u.name == "Warden-1").facing == 2
        assert app.errors == []


def _screen_texts(game: Game, keys_each: list[list[str]], viewer: int) -> list[str]:
    """What ``viewer``'s screen shows, after each list of keys (from a fresh screen)."""
    from terminal_check import screen_text

    out: list[str] = []

    async def play(home: Path) -> None:
        app = make_app(home)
        async with app.run_test(size=(120, 40)) as pilot:
            for keys in keys_each:
                app.push_screen(BallisticScreen(game.seats(), viewer=viewer))
                await settle(pilot)
                for key in keys:
                    await pilot.press(key)
                    await settle(pilot)
                out.append(screen_text(app))
                screen = game_screen(app)
                out.append("\n".join(screen.completions()))
                while app.screen is not screen:
                    app.pop_screen()
                    await settle(pilot)
                app.pop_screen()
                await settle(pilot)
            assert app.errors == []

    return out, play  # type: ignore[return-value]


KEYS = [[], ["v"], ["w"], ["tab", "v", "right", "right"], ["question_mark"], ["l"], ["f"], ["a"], ["o"]]


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_gb_5_7_nothing_the_fog_hides_reaches_a_seats_screen(gb_home: Path, lang: str) -> None:
    """GB-5.6, GB-5.7, GB-8.10: Blue spots neither Red unit at the start. Two battles that
    differ only in what Blue may not know (the Hare's name and hex, both hidden) give
    Blue the same screen, character for character, in every view (the board, sight
    and arcs, the help, the log, the fire, arc and overwatch dialogs) and the same
    completions; the hidden names appear nowhere. Then Red's screen, after Blue's
    overwatch and arc shot (their sectors and aims differing), is the same in both."""
    set_language(lang)
    a = skirmish(hare="0905", name="Hare-1")
    b = skirmish(hare="0904", name="Hunter-7")
    texts_a, play_a = _screen_texts(a, KEYS, 0)
    texts_b, play_b = _screen_texts(b, KEYS, 0)
    asyncio.run(play_a(gb_home))
    asyncio.run(play_b(gb_home))
    for n, (x, y) in enumerate(zip(texts_a, texts_b, strict=True)):
        assert x == y, (n, KEYS[n // 2])
        for hidden in ("Hare-1", "Hunter-7", "h1", "Jackal-1", "j1"):
            assert hidden not in x, (n, hidden)
    # Red's turn: what Blue did out of Red's sight must not show
    from engine.rulesets.ballistic.actions import Arc, End, Overwatch

    a, b = skirmish(), skirmish()
    for game, sector, aim in ((a, 2, "0906"), (b, 1, "0804")):
        game.submit(0, Overwatch("Warden-1", 4, sector, 0))
        game.submit(0, End("Warden-1"))
        game.submit(0, Arc("Bastion-1", 5, aim=aim))
        game.submit(0, End("Bastion-1"))
    red_a, play_a = _screen_texts(a, [[], ["v"], ["w"], ["l"]], 1)
    red_b, play_b = _screen_texts(b, [[], ["v"], ["w"], ["l"]], 1)
    asyncio.run(play_a(gb_home))
    asyncio.run(play_b(gb_home))
    for n, (x, y) in enumerate(zip(red_a, red_b, strict=True)):
        assert x == y
        if n % 2 == 0:  # the screen (the completions list Red's own orders)
            for hidden in ("watches", "SE-S", "NE-SE", "0906", "0804", "gun-mortar", "#1"):
                assert hidden not in x


@run
async def test_a_new_battle_is_set_up_and_deployed_from_the_new_game_screen(
    gb_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """GB-4.6, GB-18.5: the map and two random armies are chosen on the new game screen;
    Ann deploys her units in her zone (z and x turn the next one), then Bo his."""
    import random

    import engine.game
    from tui.rulesets.ballistic import setup as gb_setup
    from tui.screens.new_game import NewGameScreen

    monkeypatch.setattr(gb_setup, "new_rng", lambda: random.Random(7))
    monkeypatch.setattr(engine.game, "new_seed", lambda: SEED)
    monkeypatch.setattr(engine.game, "new_entropy", lambda: None)
    app = make_app(gb_home)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(NewGameScreen("ballistic"))
        await settle(pilot)
        part = app.screen.query_one(gb_setup.BallisticSetupWidget)
        app.screen.query_one("#gb-setup-list").focus()
        await pilot.press("right")  # the next map
        await pilot.press("down", "r")  # another random army for Ann
        await settle(pilot)
        choices = part.choices()
        assert choices.map_key == "ridge-works"
        assert all(army is not None for army in choices.armies)
        assert part.problems() == []
        await pilot.press("ctrl+s")
        await lift(pilot, "Player 1")
        screen = game_screen(app)
        units = list(screen.options().units)
        assert screen.deploy_unit == units[0]
        await pilot.press("x")  # turn the unit to be placed clockwise
        await settle(pilot)
        facing = screen.facing_for_deploy(screen.seat.view())
        for _ in units:
            await pilot.press("enter", "right")
            await settle(pilot)
        await lift(pilot, "Player 2")
        mine = [u for u in game_screen(app).seats[0].view().units if u.hex]
        assert len(mine) == len(units) and mine[0].facing == facing
        assert isinstance(game_screen(app).options(), type(screen.seats[1].options()))
        assert app.errors == []


def test_army_files_of_the_rosters_folder_are_offered_with_their_problems(gb_home: Path) -> None:
    """GB-18.5: a valid army file, one over the mass limit (with its problem), a damaged
    file (with the reason) are offered; another system's roster is left out."""
    from engine.rulesets.ballistic.roster import encode_roster_file
    from tui.rulesets.ballistic.armies import saved_armies

    folder = gb_home / "saves" / "rosters"
    folder.mkdir()
    good = Roster(
        "Raiders", [entry_from_loadout("Hare-1", "Hare-G"), entry_from_loadout("Jackal-1", "Jackal")]
    )
    heavy = Roster("Heavy", [entry_from_loadout(f"Bastion-{n}", "Bastion-H") for n in range(1, 4)])
    (folder / "a-raiders.json").write_bytes(encode_roster_file(good))
    (folder / "b-heavy.json").write_bytes(encode_roster_file(heavy))
    (folder / "c-broken.json").write_text("{not json", encoding="utf-8")
    (folder / "d-eva.json").write_text(
        '{"format": "wartable-roster", "version": 1, "ruleset": "eva", "roster": {"name": "x", "units": []}}',
        encoding="utf-8",
    )
    entries = saved_armies(gb_home / "saves")
    assert [e.label for e in entries] == ["a-raiders.json", "b-heavy.json", "c-broken.json"]
    assert entries[0].valid and entries[0].roster == good
    assert not entries[1].valid and entries[1].problems[0].rule == "GB-18.5"
    assert entries[2].roster is None and entries[2].reason


@run
async def test_the_sight_tables_are_filled_behind_the_curtain(gb_home: Path) -> None:
    """The map's sight tables (about a second of work) are filled in a worker while the
    curtain is up: no key waits on them, and afterwards every pair is known."""
    from engine.rulesets.ballistic.terrain import tables

    game = Game(
        registry.get("ballistic"),
        Setup(
            map=map_with(10, 7, {"0504": "0#2", "0303": "2."}),
            rosters=skirmish_setup().rosters,
            placements=[
                [Placement("0102", "SE"), Placement("0104", "SE")],
                [Placement("0905", "NW"), Placement("1006", "NW")],
            ],
        ),
        seed=SEED,
        entropy=seed_only,
    )
    t = tables(game.setup.map)
    assert 0 in t.ground_sight[1:]  # nothing filled yet
    app = make_app(gb_home)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(BallisticScreen(game.seats()))
        await settle(pilot)
        assert isinstance(app.screen, CurtainScreen)
        await app.workers.wait_for_complete()
        n = t.count
        assert all(t.ground_sight[a * n + b] for a in range(n) for b in range(n) if a != b)
        assert app.errors == []


@run
async def test_equipment_and_overlays_from_the_keys(gb_home: Path) -> None:
    """GB-13.1, GB-18.4, GB-6.1, GB-2.8, GB-8: with the Red Hare in sight at 0908, the
    Warden designates it (d, a dialog of the enemies it sees), lays smoke on a hex
    chosen on the board (s), and then has no action left to fire; w shows its front
    arc, v its shadows and the line of sight to the cursor, v again the hexes the side
    does not observe."""
    game = skirmish(hare="0908")
    app = make_app(gb_home)
    async with app.run_test(size=(120, 40)) as pilot:
        app.push_screen(BallisticScreen(game.seats(), viewer=0))
        await settle(pilot)
        screen = game_screen(app)
        tables = game.state.map.tables
        assert acting(app) == "Warden-1"
        await pilot.press("w")  # the front arc (GB-2.8)
        await settle(pilot)
        arc = {tables.name[i] for i, look in screen.board.looks.items() if "arc" in look.top_styles}
        assert {"0406", "0908"} <= arc and "0204" not in arc
        await pilot.press("w", "v")  # sight: shadows and the line to the cursor (GB-8)
        await settle(pilot)
        await click_hex(pilot, "0905")  # the cursor on the hex behind the building
        shadow = {tables.name[i] for i, look in screen.board.looks.items() if "shadow" in look.top_styles}
        assert "0905" in shadow and "0908" not in shadow
        hiders = {tables.name[i] for i, look in screen.board.looks.items() if "hider" in look.top_styles}
        assert hiders & {"0704", "0705", "0706"}
        panel = str(screen.query_one("#gb-panel").render())
        assert "does not see 0905" in panel and "Hidden by the shadow" in panel
        await pilot.press("v")  # again: what the whole side does not observe (GB-8.12)
        await settle(pilot)
        fog = {tables.name[i] for i, look in screen.board.looks.items() if "shadow" in look.top_styles}
        assert fog == set(tables.name) - set(screen.seat.preview(Observed()))
        assert fog <= set(tables.name) - set(screen.seat.preview(LookAround("Warden-1")))
        await pilot.press("escape")  # the overlay ends
        await settle(pilot)
        assert screen.overlay == ""
        await pilot.press("d")
        await settle(pilot)
        dialog = app.screen
        assert isinstance(dialog, ChoiceDialog) and [c[0] for c in dialog.choices] == ["Hare-1"]
        await pilot.press("enter")
        await settle(pilot)
        assert next(u for u in screen.seat.view().units if u.name == "Warden-1").designation == "Hare-1"
        await pilot.press("s")
        await settle(pilot)
        assert screen.aiming is not None and screen.aiming.kind == "smoke"
        await click_hex(pilot, "0406")
        assert "0406" in screen.seat.view().smoke
        await pilot.press("f")
        await settle(pilot)
        assert "two actions" in screen.message or "No enemy" in screen.message
        assert [r.text for r in screen.seat.record()] == ["Warden-1 designate Hare-1", "Warden-1 smoke 0406"]
        assert app.errors == []


@pytest.mark.parametrize(
    ("lang", "expected"),
    [("en", "Ann has 2 units left on the map."), ("ru", "Ann: на карте осталось 2 юнита.")],
)
def test_gb_16_3_the_end_names_whose_units_are_left(gb_home: Path, lang: str, expected: str) -> None:
    """GB-16.2, GB-16.3: Bo concedes; the end of the battle, on a terminal both players
    share, names the player whose units it counts instead of saying "you"."""
    from engine.rulesets.ballistic.actions import Concede

    async def scenario() -> None:
        game = skirmish()
        game.submit(1, Concede())
        app = make_app(gb_home, language=lang)
        async with app.run_test(size=(80, 24)) as pilot:
            app.push_screen(BallisticScreen(game.seats()))
            await settle(pilot)
            over = app.screen
            assert isinstance(over, GameOverScreen), type(over)
            lines = [str(line) for line in over.lines]
            assert expected in lines, lines
            assert not any("You have" in line or "У вас" in line for line in lines)
            assert app.errors == []

    asyncio.run(scenario())


@pytest.mark.parametrize(("lang", "prefix"), [("en", "Bo: "), ("ru", "Bo: ")])
def test_gb_4_2_a_unit_named_as_one_of_the_other_side_is_told_apart_in_the_log(
    gb_home: Path, lang: str, prefix: str
) -> None:
    """GB-4.2 lets both armies field a unit of the same name (names are unique within an
    army): Red's Hare is called Warden-1, like Blue's Warden. Ann's log names the player
    before an event about Bo's Warden-1, and leaves her own units' and Bo's other units'
    events as they were."""
    from engine.rulesets.ballistic import events as ev
    from engine.seat import LogEntry

    async def scenario() -> None:
        game = skirmish(name="Warden-1")
        app = make_app(gb_home, language=lang)
        async with app.run_test(size=(80, 24)) as pilot:
            screen = BallisticScreen(game.seats(), viewer=0, curtain=False)
            app.push_screen(screen)
            await settle(pilot)

            def line(unit: str, side: int) -> str:
                event = ev.ActivationBegan(unit=unit, side=side)
                return screen.log_line(LogEntry(index=0, action=1, event=event, text=event.text())).plain

            theirs, mine, other = line("Warden-1", 1), line("Warden-1", 0), line("Jackal-1", 1)
            assert theirs == prefix + ev.ActivationBegan(unit="Warden-1", side=1).text()
            assert not other.startswith("Bo")
            # Ann's own Warden-1 is named too once she has spotted Bo's
            spotted = any(u.name == "Warden-1" and u.side == 1 for u in screen.seat.view().units)
            assert mine.startswith("Ann: ") is spotted
            assert app.errors == []

    asyncio.run(scenario())
