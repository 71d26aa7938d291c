"""Battleline's screens driven as players would: a seeded battle of three mechs from
the title screen to the result, a duel left and continued, the new game screen's
seats and mech files, the order sheet (speed, marking cells on the line, the live
problems with their rule IDs, sealing), the typed order, the turn report of a worked
example, and what one seat's screen never shows of another's (BL-4.1, BL-19).
"""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

import msgspec
import pytest
from terminal_check import screen_text
from textual.widgets import Input

from engine import ruleset as registry
from engine.dice import ScriptedDice, seed_only
from engine.game import Game
from engine.i18n import set_language
from engine.record import decode_save
from engine.rulesets.battleline import RULESET, scenario
from engine.rulesets.battleline.catalog import CT
from engine.rulesets.battleline.events import PacketHit
from engine.rulesets.battleline.roster import encode_roster_file, sample_mech
from engine.rulesets.battleline.state import Volley
from tui.kit.curtain import CurtainScreen
from tui.kit.log import FullLogScreen
from tui.kit.over import GameOverScreen
from tui.rulesets.battleline.board import LineBoard
from tui.rulesets.battleline.report import TurnReportScreen
from tui.rulesets.battleline.screen import BattlelineScreen
from tui.rulesets.battleline.setup import BattlelineSetupWidget
from tui.screens.dialogs import ConfirmScreen
from tui.screens.new_game import NewGameScreen
from tui.screens.title import TitleScreen

SEED = b"\x05" * 32


@pytest.fixture
def bl_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """A temporary home where Battleline (and EVA, whose rosters share the folder) are
    the systems, and every new game's dice are keyed by a fixed seed alone, so that a
    battle started from the title screen plays the same every run."""
    import time

    import engine.game

    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("TZ", "UTC")
    monkeypatch.delenv("NO_COLOR", raising=False)
    time.tzset()
    monkeypatch.setattr(registry, "available", lambda: ["battleline", "eva"])
    monkeypatch.setattr(engine.game, "new_seed", lambda: SEED)
    monkeypatch.setattr(engine.game, "new_entropy", lambda: None)
    (tmp_path / "saves").mkdir()
    yield tmp_path
    set_language("en")
    monkeypatch.undo()
    time.tzset()


def make_app(home: Path, language: str | None = "en", **kwargs: Any) -> Any:
    """The app with every file inside ``home``, Battleline first among the systems."""
    from tui.app import WartableApp

    return WartableApp(
        settings_file=home / "config" / "settings.json",
        saves=home / "saves",
        log_file=home / "log" / "wartable.log",
        language=language,
        systems=lambda: ["battleline", "eva"],
        **kwargs,
    )


def duel_game(preset: str = "open", **kwargs: Any) -> Game:
    """A seeded duel, Kestrel (Ann) against Bulwark (Bob), nothing played yet."""
    setup = scenario.duel(sample_mech("Kestrel"), sample_mech("Bulwark"), preset, **kwargs)
    return Game(RULESET, setup, seed=SEED, players=("Ann", "Bob"), entropy=seed_only)


async def settle(pilot: Any) -> None:
    await pilot.pause()
    await pilot.pause()


def battle_screen(app: Any) -> BattlelineScreen:
    """The game screen (under any dialog)."""
    return next(s for s in reversed(app.screen_stack) if isinstance(s, BattlelineScreen))


async def type_order(pilot: Any, text: str) -> None:
    """Type ``text`` on the command line and send it."""
    await pilot.press("colon")
    await pilot.pause()
    command = pilot.app.screen.query_one("#kit-command", Input)
    assert pilot.app.screen.focused is command
    command.value = text
    await pilot.press("enter")
    await settle(pilot)


def run(coro: Any) -> None:
    asyncio.run(coro)


# ---------------------------------------------------------------------------------
# A whole battle
# ---------------------------------------------------------------------------------
def test_a_seeded_three_mech_battle_is_played_through_the_screens_to_its_end(bl_home: Path) -> None:
    """BL-2.1, BL-4.1, BL-4.4, BL-2.5, BL-2.7: from the title screen, three mechs and
    a turn limit of 10 are chosen, every order is written behind the curtain (the
    first through the order sheet, the others typed), every turn's report is paged
    through, until the result; the curtain's news never hold an order or a private
    note; the log then shows every order (BL-20.6)."""
    rng = random.Random(7)

    async def go() -> None:
        app = make_app(bl_home)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("n")
            await settle(pilot)
            new = app.screen
            assert isinstance(new, NewGameScreen)
            new.query_one("#bl-setup-list").focus()
            await pilot.press("right")  # 3 mechs
            await settle(pilot)
            await pilot.press("down", "down", "right")  # turn limit 10
            await settle(pilot)
            assert new.query_one(BattlelineSetupWidget).choices().turn_limit == 10
            for side, name in enumerate(("Ann", "Bob", "Cy")):
                new.query_one(f"#ng-player-{side}", Input).value = name
            await pilot.press("ctrl+s")
            await settle(pilot)
            [path] = sorted((bl_home / "saves").glob("*.json"))
            assert path.name.endswith("-battleline-ann-v-bob-v-cy.json")
            reports = curtains = sheet_orders = 0
            for _step in range(400):
                screen = app.screen
                if isinstance(screen, GameOverScreen):
                    break
                if isinstance(screen, CurtainScreen):
                    curtains += 1
                    news = " ".join(str(line) for line in screen.news)
                    assert "Order of" not in news and "Rumour" not in news
                    await pilot.press("enter")
                elif isinstance(screen, TurnReportScreen):
                    reports += 1
                    assert [p.code for p in screen.report.pages] == [f"R{n}" for n in range(1, 10)]
                    if reports == 1:  # paged through once, step by step
                        await pilot.press(*["right"] * 8)
                        assert screen.step == 8
                    await pilot.press("escape")
                elif isinstance(screen, BattlelineScreen):
                    seat = screen.seat
                    if sheet_orders == 0:
                        # the sheet: speed 3, then seal (asked first)
                        await pilot.press("right", "right", "right", "s")
                        await settle(pilot)
                        assert isinstance(app.screen, ConfirmScreen)
                        await pilot.press("y")
                        sheet_orders += 1
                    else:
                        order = seat.random_action(rng)
                        await type_order(pilot, seat.format(order))
                        assert screen.message == "", screen.message
                else:
                    raise AssertionError(f"unexpected screen {screen!r}")
                await settle(pilot)
            over = app.screen
            assert isinstance(over, GameOverScreen)
            game = battle_screen(app).seats[0]
            result = game.result()
            assert result is not None
            assert curtains >= 3 and reports >= 3
            # this seed's battle lasts to the turn limit: the three mechs share a draw (BL-2.7)
            assert result.winner is None and result.draw == (0, 1, 2) and result.rule == "BL-2.7"
            assert over.headline == "The game ends in a draw."
            assert reports == 3 * 10 - 2  # each seat saw each turn's report once (the last: 2)
            save = decode_save(path.read_bytes())
            assert save.finished and len(save.players) == 3
            await pilot.press("l")
            await settle(pilot)
            assert isinstance(app.screen, FullLogScreen)
            assert any(line.plain.startswith("Orders of turn 1:") for line in app.screen.lines)
            assert app.errors == []

    run(go())


def test_a_duel_left_in_the_middle_continues_with_the_report_after_the_curtain(bl_home: Path) -> None:
    """BL-4.1, BL-19.4: Ann seals, Escape at Bob's curtain leaves for the title screen;
    Continue brings Bob's curtain back; once the turn is resolved Bob sees its report
    at once, and Ann after her curtain, each once."""

    async def go() -> None:
        app = make_app(bl_home)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("n")
            await settle(pilot)
            app.screen.query_one("#ng-player-0", Input).value = "Ann"
            app.screen.query_one("#ng-player-1", Input).value = "Bob"
            await pilot.press("ctrl+s")
            await settle(pilot)
            assert isinstance(app.screen, CurtainScreen) and app.screen.player == "Ann"
            await pilot.press("enter")
            await settle(pilot)
            await type_order(pilot, "speed 6; A-10 19 20 21")
            assert isinstance(app.screen, CurtainScreen) and app.screen.player == "Bob"
            await pilot.press("escape")  # to the main menu: the game is saved
            await settle(pilot)
            assert isinstance(app.screen, TitleScreen)
            await pilot.press("c")
            await settle(pilot)
            curtain = app.screen
            assert isinstance(curtain, CurtainScreen) and curtain.player == "Bob"
            assert "Kestrel's order is in." in [str(n) for n in curtain.news]
            await pilot.press("enter")
            await settle(pilot)
            await type_order(pilot, "speed 0; def shield; A-10 13 14 15")
            report = app.screen
            assert isinstance(report, TurnReportScreen)  # Bob sealed last: his report at once
            assert report.report is not None and report.report.turn == 1
            await pilot.press("escape")
            await settle(pilot)
            screen = battle_screen(app)
            assert screen.viewer == 1
            await type_order(pilot, "speed 0")
            assert isinstance(app.screen, CurtainScreen) and app.screen.player == "Ann"
            await pilot.press("enter")
            await settle(pilot)
            assert isinstance(app.screen, TurnReportScreen)  # Ann's first look since turn 1
            await pilot.press("escape")
            await settle(pilot)
            await pilot.press("r")  # asked again: every resolved turn
            await settle(pilot)
            assert isinstance(app.screen, TurnReportScreen) and len(app.screen.reports) == 1
            await pilot.press("escape")
            await settle(pilot)
            assert app.errors == []

    run(go())


@pytest.mark.parametrize(
    ("language", "named", "wrong"),
    [
        ("en", "only Bob sees their side", "the other player"),
        ("ru", "только Bob", "другой игрок"),
    ],
)
def test_with_three_mechs_the_curtain_names_the_player_to_come(
    bl_home: Path, language: str, named: str, wrong: str
) -> None:
    """BL-2.1, BL-4.1, the hot-seat curtain: with three mechs, after Ann seals, the
    curtain before Bob's order says the game is hidden so that only Bob sees his
    side, never "the other player" (there are two others), in English and Russian."""
    from engine.rulesets.battleline.scenario import battle

    setup = battle([sample_mech(n) for n in ("Kestrel", "Bulwark", "Hornet")])
    game = Game(RULESET, setup, seed=SEED, players=("Ann", "Bob", "Cy"), entropy=seed_only)
    game.submit(0, "speed 0")

    async def go() -> None:
        app = make_app(bl_home, language=language)
        async with app.run_test(size=(80, 24)) as pilot:
            app.push_screen(BattlelineScreen(game.seats()))
            await settle(pilot)
            curtain = app.screen
            assert isinstance(curtain, CurtainScreen) and curtain.player == "Bob"
            text = " ".join(screen_text(app).replace("┃", " ").split())
            assert named in text
            assert wrong not in text
            assert app.errors == []

    run(go())


def test_a_concession_ends_a_duel_and_the_result_names_the_winner(bl_home: Path) -> None:
    """BL-2.6: Bob concedes at his turn (asked first); the turn is not resolved, Ann wins,
    and the result lists each mech."""
    game = duel_game()
    game.submit(0, "speed 1")

    async def go() -> None:
        app = make_app(bl_home)
        async with app.run_test(size=(80, 24)) as pilot:
            _open(app, game, viewer=1)
            await settle(pilot)
            await pilot.press("C")
            await settle(pilot)
            assert isinstance(app.screen, ConfirmScreen)
            await pilot.press("y")
            await settle(pilot)
            report = app.screen
            assert isinstance(report, TurnReportScreen)  # what ended it, first
            pages = {p.code: " ".join(t.plain for t in p.lines) for p in report.report.pages}
            assert "Bulwark concedes and leaves the battle." in pages["R1"]
            assert "Kestrel wins the battle" in pages["R9"]
            await pilot.press("escape")
            await settle(pilot)
            over = app.screen
            assert isinstance(over, GameOverScreen)
            assert over.headline == "Ann wins!"
            lines = [str(line) for line in over.lines]
            assert "BL-2.6" in lines[0]
            assert "1 Kestrel (Ann): wins, on cell 9." in lines
            assert "2 Bulwark (Bob): out in turn 1 (conceded)." in lines
            assert app.errors == []

    run(go())


# ---------------------------------------------------------------------------------
# The new game screen
# ---------------------------------------------------------------------------------
def test_the_new_game_screen_shows_one_name_per_mech(bl_home: Path) -> None:
    """BL-2.1: 2, then 4 mechs give 2, then 4 name fields (a name typed stays when its
    field comes back); the battle starts with four players on the default line of
    BL-1.6 (L = 54)."""

    async def go() -> None:
        app = make_app(bl_home)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("n")
            await settle(pilot)
            screen = app.screen
            assert len(screen.query("#ng-players Input")) == 2
            screen.query_one("#bl-setup-list").focus()
            await pilot.press("right", "right")
            await settle(pilot)
            assert len(screen.query("#ng-players Input")) == 4
            screen.query_one("#ng-player-3", Input).value = "Dee"
            await pilot.press("left", "left")
            await settle(pilot)
            assert len(screen.query("#ng-players Input")) == 2
            await pilot.press("right", "right")
            await settle(pilot)
            assert screen.query_one("#ng-player-3", Input).value == "Dee"
            assert screen.players() == ["Player 1", "Player 2", "Player 3", "Dee"]
            await pilot.press("ctrl+s")
            await settle(pilot)
            game = battle_screen(app).seats[0]
            view = game.view()
            assert view.length == 54 and [m.position for m in view.mechs] == [9, 21, 33, 45]
            assert len(game.players) == 4
            assert app.errors == []

    run(go())


def test_mech_files_of_the_saves_folder_are_offered_and_others_left_out(bl_home: Path) -> None:
    """BLC-7 samples, then the mech files of <saves>/rosters; another system's roster is
    left out quietly, a damaged file is counted, a mech breaking BLC-2 cannot be chosen."""
    folder = bl_home / "saves" / "rosters"
    folder.mkdir()
    mine = msgspec.structs.replace(sample_mech("Hornet"), name="Wasp", pilot="Lena")
    (folder / "wasp.json").write_bytes(encode_roster_file(mine))
    bad = msgspec.structs.replace(sample_mech("Ram"), name="Broken", legs="JJ")  # BLC-5
    (folder / "broken.json").write_bytes(encode_roster_file(bad))
    (folder / "junk.json").write_text("{not json", encoding="utf-8")
    eva = Path(__file__).resolve().parent.parent / "engine" / "rulesets" / "eva" / "rosters"
    example = next(eva.glob("*.json"))
    (folder / "eva.json").write_bytes(example.read_bytes())

    async def go() -> None:
        app = make_app(bl_home)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.press("n")
            await settle(pilot)
            widget = app.screen.query_one(BattlelineSetupWidget)
            labels = [e.key for e in widget.mech_list.entries]
            assert labels[:4] == ["sample:Kestrel", "sample:Bulwark", "sample:Hornet", "sample:Ram"]
            assert labels[4:] == ["file:broken.json", "file:wasp.json"]
            assert widget.mech_list.unreadable == 1
            assert [e.key for e in widget.mech_list.usable][4:] == ["file:wasp.json"]
            widget.query_one("#bl-setup-list").focus()
            await pilot.press("down", "down", "down", "down", "left", "left")  # seat 2: round to the last
            await settle(pilot)
            choices = widget.choices()
            assert choices.keys[1] == "file:wasp.json" and choices.builds[1].name == "Wasp"
            assert "Wasp" in screen_text(app) and "1 file in the rosters folder" in screen_text(app)
            await pilot.press("ctrl+s")
            await settle(pilot)
            seat = battle_screen(app).seats[0]
            assert [m.name for m in seat.view().mechs] == ["Kestrel", "Wasp"]
            assert app.errors == []

    run(go())


def test_two_seats_with_one_sample_are_told_apart_by_number(bl_home: Path) -> None:
    """BL-19.2: two Kestrels become Kestrel and Kestrel 2, so the log names each."""
    from tui.rulesets.battleline.setup import BattlelineChoices, make_setup

    kestrel = sample_mech("Kestrel")
    setup = make_setup(BattlelineChoices(builds=(kestrel, kestrel, kestrel, kestrel)))
    assert [m.name for m in setup.mechs] == ["Kestrel", "Kestrel 2"]
    assert setup.map == "open" and setup.starts == (9, 21)
    ruins = make_setup(BattlelineChoices(map="ruins", turn_limit=15, builds=(kestrel, kestrel)))
    assert ruins.cover == ((19, 23),) and ruins.starts == (9, 27) and ruins.turn_limit == 15


# ---------------------------------------------------------------------------------
# The order sheet
# ---------------------------------------------------------------------------------
def _open(app: Any, game: Game, viewer: int = 0) -> BattlelineScreen:
    screen = BattlelineScreen(game.seats(), viewer=viewer, curtain=False)
    app.push_screen(screen)
    return screen


def test_the_sheet_writes_an_order_and_the_line_marks_its_cells(bl_home: Path) -> None:
    """BL-5, BL-12.2, BL-10.3: speed 6 ends on 15 (the line draws the move); Enter on
    the A-10 marks cells on the line, starting at the opponent's cell; the chance that
    the cells hold Bulwark is the engine's (3 of its 8 reachable cells: 37.5%); the
    order sealed is the one written."""
    game = duel_game()

    async def go() -> None:
        app = make_app(bl_home)
        async with app.run_test(size=(80, 24)) as pilot:
            screen = _open(app, game)
            await settle(pilot)
            await pilot.press(*["right"] * 6)
            await settle(pilot)
            board = screen.query_one(LineBoard)
            assert board.scene.end == 15 and board.scene.path == (9, 15)
            assert screen.sheet.row == "speed"
            await pilot.press("down", "down", "down", "down")
            assert screen.sheet.row == "w2"  # the A-10, in LT slot 1
            await pilot.press("enter")
            await settle(pilot)
            assert screen.marking == 2 and board.cursor == 21 and screen.focused is board
            await pilot.press("enter", "left", "space", "left", "enter")
            await settle(pilot)
            assert board.scene.marks == {19: 1, 20: 1, 21: 1}
            text = screen_text(app)
            assert "37.5%" in text and "3/3" in text
            assert "Cell 19" in text and "2 Bulwark 12.5%" in text
            await pilot.press("backspace")  # takes cell 19 off
            await settle(pilot)
            assert board.scene.marks == {20: 1, 21: 1}
            await pilot.press("escape")
            await settle(pilot)
            assert screen.marking is None and screen.focused is screen.table_focus()
            await pilot.press("s")
            await settle(pilot)
            assert isinstance(app.screen, ConfirmScreen)
            assert "speed 6; A-10 20 21" in screen_text(app)
            await pilot.press("y")
            await settle(pilot)
            assert game.state.orders.slots[0] is not None
            assert game.records[-1].text == "speed 6; A-10 20 21"
            assert app.errors == []

    run(go())


def test_at_80x24_the_order_sheet_shows_its_rows_and_the_row_explained_beside_it(bl_home: Path) -> None:
    """BL-4.2, the game screen at 80x24: the order sheet is given the middle's height
    for its rows, so a duel's whole order (Kestrel: speed, defence, melee, five
    weapons, the seal: nine rows) is seen at once without scrolling, and with four
    mechs (a taller line) at least eight rows are; the highlighted row's explanation
    is shown beside the sheet, over the log, and follows the cursor."""
    from engine.rulesets.battleline.scenario import battle

    four = Game(
        RULESET,
        battle([sample_mech(n) for n in ("Kestrel", "Bulwark", "Hornet", "Ram")]),
        seed=SEED,
        players=("Ann", "Bob", "Cy", "Dee"),
        entropy=seed_only,
    )

    async def go() -> None:
        app = make_app(bl_home)
        async with app.run_test(size=(80, 24)) as pilot:
            screen = _open(app, duel_game())
            await settle(pilot)
            rows = screen.sheet.rows
            assert rows.option_count == 9
            assert rows.size.height >= 9 and rows.max_scroll_y == 0
            text = screen_text(app)
            assert "Move 0 to 6 cells toward the" in text
            await pilot.press("down", "down", "down", "down")
            await settle(pilot)
            assert screen.sheet.row == "w2"
            assert "A-10 (cannon, LT1): placed 0 of 3" in " ".join(screen_text(app).split())
            app.pop_screen()
            screen = _open(app, four)
            await settle(pilot)
            rows = screen.sheet.rows
            assert rows.option_count == 10 and rows.size.height >= 8
            assert "Move 0 to 6 cells toward the" in screen_text(app)
            assert app.errors == []

    run(go())


def test_the_draft_problems_are_shown_live_with_their_rule_ids(bl_home: Path) -> None:
    """BL-4.3, BL-EX-14: a fourth A-10 cell (accuracy 3) is named with BL-12.2 on the
    hint line as it is marked, the seal row counts it, and s refuses to seal."""
    game = duel_game()

    async def go() -> None:
        app = make_app(bl_home)
        async with app.run_test(size=(80, 24)) as pilot:
            screen = _open(app, game)
            await settle(pilot)
            await pilot.press("down", "down", "down", "down", "enter")
            await pilot.press("enter", "left", "enter", "left", "enter", "left", "enter")
            await settle(pilot)
            hint = screen.prompt_text()
            assert screen.marking is not None  # marking: the hint tells how
            await pilot.press("escape")
            await settle(pilot)
            hint = screen.prompt_text()
            assert "(BL-12.2)" in hint
            assert "BL-12.2" in screen_text(app)
            await pilot.press("s")
            await settle(pilot)
            assert not isinstance(app.screen, ConfirmScreen)
            assert "(BL-12.2)" in screen.message
            assert game.state.orders.slots[0] is None
            assert app.errors == []

    run(go())


def test_a_typed_order_is_sealed_and_a_refused_one_names_its_rules(bl_home: Path) -> None:
    """BL-4.3: ``speed 7`` is refused with BL-5.6 and nothing is sealed; completion
    offers the seat's sample orders; ``speed 2; def LA`` is sealed."""
    game = duel_game()

    async def go() -> None:
        app = make_app(bl_home)
        async with app.run_test(size=(80, 24)) as pilot:
            screen = _open(app, game)
            await settle(pilot)
            assert "speed 1" in screen.completions()
            await type_order(pilot, "speed 7")
            assert "BL-5.6" in screen.message
            assert game.state.orders.slots[0] is None
            await pilot.press("escape")
            await type_order(pilot, "speed 2; def LA")
            assert game.records[-1].text == "speed 2; def LA"
            assert app.errors == []

    run(go())


# ---------------------------------------------------------------------------------
# The report
# ---------------------------------------------------------------------------------
def test_bl_ex_1_the_report_shows_each_step_and_every_die(bl_home: Path) -> None:
    """BL-EX-1, BL-4.4, BL-19.4: Kestrel on 9 and Bulwark on 18 meet in melee; the
    report's R1 has both moves, R3 the contact, R4 the A-10's hit, R8 the dice 3, 3
    and both packets (the shield takes the Sword's 5, RT the A-10's 5), R9 that both
    fight on."""
    setup = scenario.duel(sample_mech("Kestrel"), sample_mech("Bulwark"), "open", starts=(9, 18))
    game = Game(RULESET, setup, players=("Ann", "Bob"), dice=ScriptedDice([3, 3]), entropy=seed_only)
    game.submit(0, "speed 6; melee Sword LT")
    game.submit(1, "speed 6; def shield; A-10 13 14 15")
    hits = [e for e in game.events if isinstance(e, PacketHit)]
    assert [(h.struck, h.damage) for h in hits] == [("SH@LA", 5), ("RT", 5)]

    async def go() -> None:
        app = make_app(bl_home)
        async with app.run_test(size=(100, 30)) as pilot:
            screen = _open(app, game, viewer=1)
            await settle(pilot)
            await pilot.press("r")
            await settle(pilot)
            report = app.screen
            assert isinstance(report, TurnReportScreen)
            pages = {p.code: " ".join(t.plain for t in p.lines) for p in report.report.pages}
            assert "Kestrel moves 9 → 15." in pages["R1"] and "Bulwark moves 18 → 12." in pages["R1"]
            assert "contact" in pages["R3"]
            assert "hits Kestrel" in pages["R4"]
            assert pages["R8"].startswith("Dice, in the order rolled: 3 3")
            assert "shield, 5 damage" in pages["R8"] and "3+3 = 6" in pages["R8"]
            assert "Every mech fights on." in pages["R9"]
            await pilot.press("3")
            await settle(pilot)
            assert "R3 Melee" in screen_text(app)
            await pilot.press("escape")
            await settle(pilot)
            assert screen.viewer == 1
            assert app.errors == []

    run(go())


# ---------------------------------------------------------------------------------
# What a seat never sees
# ---------------------------------------------------------------------------------
async def _texts(app: Any, pilot: Any, game: Game) -> list[str]:
    """Seat 0's screen as text: the table, the side panel, the report, the log."""
    _open(app, game, viewer=0)
    await settle(pilot)
    assert isinstance(app.screen, TurnReportScreen)  # turn 1 was resolved since seat 0 acted
    out = [screen_text(app)]
    await pilot.press("escape")
    await settle(pilot)
    out.append(screen_text(app))
    await pilot.press("m")
    await settle(pilot)
    out.append(screen_text(app))
    await pilot.press("m", "r")
    await settle(pilot)
    out.append(screen_text(app))
    await pilot.press("escape", "l")
    await settle(pilot)
    out.append(screen_text(app))
    await pilot.press("escape")
    await settle(pilot)
    app.pop_screen()
    await settle(pilot)
    return out


def test_the_order_sheet_never_shows_another_seats_order_or_hidden_values(bl_home: Path) -> None:
    """BL-4.1, BL-19.1, BL-19.6: two battles alike in all that Kestrel's seat may know
    (the same public turn 1, Bulwark's order sealed for turn 2) but unlike in what
    only Bulwark's seat knows (its sealed order, its torso items, its structure, its
    recoil stacks, its laser's charge, its volleys) show seat 0 the same screens, and
    none holds Bulwark's sealed order."""

    def battle(order: str, variant: bool) -> Game:
        bulwark = sample_mech("Bulwark")
        if variant:
            bulwark = msgspec.structs.replace(bulwark, lt=("M-6",), ct=("L-3",), rt=("R-4",), legs="")
        setup = scenario.duel(sample_mech("Kestrel"), bulwark, "open")
        game = Game(RULESET, setup, seed=SEED, players=("Ann", "Bob"), entropy=seed_only)
        game.submit(0, "speed 0")
        game.submit(1, "speed 1")
        game.submit(1, order)
        if variant:
            state = game.state
            state.mechs[1].structure[CT] = 3
            for item in state.mechs[1].items:
                item.stack = 2
            state.mechs[1].items[3].charged = True  # the variant's L-3
            state.volleys.append(Volley(1, 4, 1, ((10, 2), (11, 2)), (0,)))
        return game

    secret = "speed 0; def shield; A-10 11 12"
    plain = battle(secret, False)
    other = battle("speed 4; M-6 11 12 13 14 15 16", True)
    assert plain.view(1) != other.view(1) and plain.view(0) == other.view(0)

    async def go() -> None:
        app = make_app(bl_home)
        async with app.run_test(size=(100, 30)) as pilot:
            first = await _texts(app, pilot, plain)
            second = await _texts(app, pilot, other)
            assert first == second
            for text in first:
                assert secret not in text and "def shield" not in text
            assert "orders in: Bulwark" in first[1]
            assert app.errors == []

    run(go())


# ---------------------------------------------------------------------------------
# The line
# ---------------------------------------------------------------------------------
def test_the_kit_line_layout_numbers_cells_from_one_and_maps_points_to_cells() -> None:
    """BL-1.1: cells 1..L from the left, each a column of the board's lines; a point maps
    to its cell by arithmetic; the cursor moves along the line and stays on it."""
    from tui.kit.board import LineLayout

    layout = LineLayout(30, cell_width=2, rows=7, left=10)
    assert (layout.size.width, layout.size.height) == (70, 7)
    assert list(layout.cells())[:2] == [1, 2] and layout.last == 30
    box = layout.box(9)
    assert (box.x, box.y, box.width, box.height) == (26, 0, 2, 7)
    assert layout.cell_at(26, 3) == 9 and layout.cell_at(27, 6) == 9 and layout.cell_at(28, 0) == 10
    assert layout.cell_at(9, 0) is None and layout.cell_at(70, 0) is None and layout.cell_at(26, 7) is None
    assert layout.step(1, -5, 0) == 1 and layout.step(29, 5, 0) == 30 and layout.step(9, 0, 1) == 9
    assert [c for _x, _w, c in layout.cells_on_line(2)][:3] == [1, 2, 3]
    assert layout.cells_on_line(7) == []
    with pytest.raises(ValueError):
        LineLayout(0)


def test_the_line_glyphs_are_never_ambiguous_width_and_the_ascii_set_is_plain() -> None:
    import unicodedata

    from tui.rulesets.battleline.board import ASCII_LINE, UNICODE_LINE

    for ch in UNICODE_LINE[1:]:
        assert len(ch) == 1 and unicodedata.east_asian_width(ch) in ("N", "Na"), unicodedata.name(ch)
    for ch in ASCII_LINE[1:]:
        assert len(ch) == 1 and ch.isascii() and ch.isprintable()
    # cover, open ground and a mark differ by glyph (never by colour alone)
    for glyphs in (UNICODE_LINE, ASCII_LINE):
        assert len({glyphs.cover, glyphs.ground, glyphs.mark, glyphs.volley}) == 4


def test_the_line_draws_a_scene_in_two_columns_or_one() -> None:
    """BL-1.5, BL-1.6: the Ruins duel fits two columns a cell with its labels at 80
    columns; the four-mech line (L = 54) falls back to one column a cell. Each mech is
    its seat's number; the draft's move, marks and landing missiles show on their
    lines."""
    from textual.app import App, ComposeResult

    from tui.rulesets.battleline.board import LineBoard, LineScene, MechMark

    scene = LineScene(
        length=30,
        cover=frozenset(range(19, 24)),
        seats=2,
        mechs=(MechMark(0, 9, 1, own=True), MechMark(1, 27, -1)),
        reach={1: frozenset(range(20, 28))},
        path=(9, 14),
        end=14,
        marks={21: 1, 22: 3},
        selected=frozenset({22}),
        volleys={25: 2},
    )
    labels = ["", "", "cell", "1 Kestrel", "2 Bulwark", "marks"]

    class LineApp(App[None]):
        def compose(self) -> ComposeResult:
            yield LineBoard()

    async def go() -> None:
        app = LineApp()
        async with app.run_test(size=(80, 12)) as pilot:
            board = app.query_one(LineBoard)
            board.set_scene(scene, labels)
            await pilot.pause()
            lines = [board.render_line(y).text for y in range(board.layout_map.size.height)]
            assert board.layout_map.cell_width == 2 and board.layout_map.left == 10
            assert lines[1][10:20] == " 1 2 3 4 5"
            assert lines[2][10 + 18 * 2 : 10 + 23 * 2] == "░" * 10  # cells 19..23
            assert lines[3].startswith("1 Kestrel") and lines[3][26:28] == "1►"
            assert lines[3][28:36] == "╌" * 8 and lines[3][36:38] == "▪▪"
            assert lines[4][62:64] == "◄2" and lines[4][48:50] == " ∙"
            assert lines[5][50:52] == " ✕" and lines[5][52:54] == " 3" and lines[5][58:60] == "⇣2"
            four = LineScene(length=54, seats=4, mechs=tuple(MechMark(s, 9 + 12 * s, 1) for s in range(4)))
            board.set_scene(four, ["", "", "cell", "1 A", "2 B", "3 C", "4 D", "marks"])
            await pilot.pause()
            assert board.layout_map.cell_width == 1
            row = board.render_line(3).text
            assert row[board.layout_map.left + 8 : board.layout_map.left + 10] == "1►"

    run(go())
