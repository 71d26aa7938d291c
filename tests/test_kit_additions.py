"""What the kit (tui/kit) does for every system beyond the first race through it
(``tests/test_kit.py``), on the same tiny race: answers chosen by their number, a
board following the highlighted answer, Enter listed in a dialog's footer, undo
saying why nothing is taken back, the turn change noticed without a curtain, the
result shown again after looking at the final position, the log following the
newest lines when its panel shrinks, and the help listing the Russian layout's
letters only in Russian.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import kit_race
from rich.text import Text
from test_kit import _lift, _order, _race_app, _settle, race_home  # noqa: F401 - race_home is a fixture

from engine.decision import Choice, Decision
from engine.game import Game
from engine.i18n import set_language
from tui.kit.curtain import CurtainScreen
from tui.kit.dialogs import ChoiceDialog, DecisionDialog
from tui.kit.log import EventLog
from tui.kit.over import GameOverScreen


def _game() -> Game:
    return Game(kit_race.RULESET, kit_race.RaceSetup(), players=("Ann", "Bo"))


def test_numbered_answers_are_chosen_by_their_digit(race_home: Path) -> None:  # noqa: F811
    """A numbered decision lists each answer after its number, and the digit answers;
    a digit with no answer does nothing; Enter is listed in the footer."""
    decision = Decision(
        seat=0,
        prompt="Which?",
        choices=(
            Choice(action="a", notation="a", label="First"),
            Choice(action="b", notation="b", label="Second"),
        ),
    )
    answers: list[Any] = []

    async def run() -> None:
        app = _race_app(race_home)
        async with app.run_test(size=(80, 24)) as pilot:
            app.push_screen(kit_race.RaceScreen(_game().seats(), viewer=0, curtain=False))
            await _settle(pilot)
            app.push_screen(DecisionDialog(decision, numbered=True), answers.append)
            await _settle(pilot)
            dialog = app.screen
            menu = dialog.query_one("#choice-list")
            assert [menu.option_text(i) for i in range(2)] == [
                "1 First  a",
                "2 Second  b",
            ]  # notation dim after
            shown = [b.action for _n, b, on, _t in dialog.active_bindings.values() if on and b.show]
            assert "pick" in shown
            await pilot.press("3")
            await _settle(pilot)
            assert app.screen is dialog and answers == []
            await pilot.press("2")
            await _settle(pilot)
            assert answers == ["1"]
            app.push_screen(DecisionDialog(decision), answers.append)  # not numbered: digits do nothing
            await _settle(pilot)
            await pilot.press("2")
            await _settle(pilot)
            assert answers == ["1"] and isinstance(app.screen, DecisionDialog)

    asyncio.run(run())


def test_a_choice_dialog_tells_which_answer_is_highlighted(race_home: Path) -> None:  # noqa: F811
    """``on_highlight`` follows the cursor (a board marks that answer) and is told None
    when the dialog closes."""
    seen: list[str | None] = []

    async def run() -> None:
        app = _race_app(race_home)
        async with app.run_test(size=(80, 24)) as pilot:
            app.push_screen(kit_race.RaceScreen(_game().seats(), viewer=0, curtain=False))
            await _settle(pilot)
            app.push_screen(
                ChoiceDialog("Where?", [], [("c3", "c3"), ("d4", "d4")], on_highlight=seen.append)
            )
            await _settle(pilot)
            await pilot.press("down")
            await _settle(pilot)
            assert seen[-1] == "d4" and "c3" in seen
            await pilot.press("escape")
            await _settle(pilot)
            assert seen[-1] is None

    asyncio.run(run())


def test_undo_says_why_nothing_is_taken_back(race_home: Path) -> None:  # noqa: F811
    """Before acting, and after another player acted, undo says so on the hint line."""
    game = _game()

    async def run() -> None:
        app = _race_app(race_home)
        async with app.run_test(size=(80, 24)) as pilot:
            screen = kit_race.RaceScreen(game.seats(), viewer=0, curtain=False)
            app.push_screen(screen)
            await _settle(pilot)
            await pilot.press("u")
            await _settle(pilot)
            assert screen.message == "Nothing to undo: you have not acted yet."
            await _order(pilot, "step")
            assert screen.viewer == 1
            await _order(pilot, "roll")  # with the seed of the test, Bo rolls past Ann
            assert screen.viewer == 0
            await pilot.press("u")
            await _settle(pilot)
            assert screen.message == "Nothing to undo: another player has acted since your last action."
            assert app.errors == []

    asyncio.run(run())


def test_a_turn_change_without_a_curtain_is_a_change(race_home: Path) -> None:  # noqa: F811
    """The screen tells a system that the viewer changed even when no curtain came."""
    calls: list[bool] = []

    class Watched(kit_race.RaceScreen):
        def after_turn_change(self, changed: bool) -> None:
            calls.append(changed)
            super().after_turn_change(changed)

    async def run() -> None:
        app = _race_app(race_home)
        async with app.run_test(size=(80, 24)) as pilot:
            app.push_screen(Watched(_game().seats(), viewer=0, curtain=False))
            await _settle(pilot)
            calls.clear()
            await _order(pilot, "step")
            assert calls == [True]

    asyncio.run(run())


def test_the_result_can_be_shown_again_after_looking_at_the_game(race_home: Path) -> None:  # noqa: F811
    """After Escape on the game-over screen, Enter (in the footer) opens it again, in
    every system."""
    game = _game()

    async def run() -> None:
        app = _race_app(race_home)
        async with app.run_test(size=(80, 24)) as pilot:
            screen = kit_race.RaceScreen(game.seats(), viewer=0, curtain=False)
            app.push_screen(screen)
            await _settle(pilot)
            await pilot.press("C", "y")
            await _settle(pilot)
            assert isinstance(app.screen, GameOverScreen)
            await pilot.press("escape")
            await _settle(pilot)
            assert app.screen is screen
            shown = [b.action for _n, b, on, _t in screen.active_bindings.values() if on and b.show]
            assert "show_result" in shown  # the footer offers it
            await pilot.press("enter")  # whatever has the focus
            await _settle(pilot)
            assert isinstance(app.screen, GameOverScreen) and app.screen.headline == "Bo wins!"

    asyncio.run(run())


def test_the_log_keeps_the_newest_lines_in_view_when_its_panel_shrinks(race_home: Path) -> None:  # noqa: F811
    """Following the newest line, the log still shows it when the table above it grows
    (a panel gains rows); scrolled back, the player's place is kept."""

    async def run() -> None:
        app = _race_app(race_home)
        async with app.run_test(size=(80, 30)) as pilot:
            screen = kit_race.RaceScreen(_game().seats(), viewer=0, curtain=False)
            app.push_screen(screen)
            await _settle(pilot)
            log = screen.query_one(EventLog)
            log.add([Text(f"line {n}") for n in range(60)])
            await _settle(pilot)
            assert log.at_end
            screen.query_one(kit_race.Track).styles.height = 8  # the table grows
            await _settle(pilot)
            await _settle(pilot)
            assert log.at_end
            await pilot.press("pageup")
            await _settle(pilot)
            held = log.scroll_y
            screen.query_one(kit_race.Track).styles.height = 10
            await _settle(pilot)
            await _settle(pilot)
            assert log.scroll_y == held and not log.at_end

    asyncio.run(run())


def test_the_help_lists_the_russian_layouts_letters_only_in_russian(race_home: Path) -> None:  # noqa: F811
    async def run(language: str) -> list[tuple[str, str]]:
        app = _race_app(race_home)
        async with app.run_test(size=(80, 24)) as pilot:
            set_language(language)
            screen = kit_race.RaceScreen(_game().seats(), viewer=0, curtain=False)
            app.push_screen(screen)
            await _settle(pilot)
            return screen.help_rows()

    try:
        english = dict((text.strip("✓ "), keys) for keys, text in asyncio.run(run("en")))
        assert english["Undo"] == "u, ^z" and english["Log"] == "l"
        russian = [keys for keys, _text in asyncio.run(run("ru"))]
        assert "u, г, ^z" in russian
    finally:
        set_language("en")


class _OpenRace(kit_race.RaceRuleset):
    """The race with hand-overs told by a switch: whether a seat's screen holds private
    values is whatever the test sets."""

    private = False

    def private_on_screen(self, state: Any, side: int) -> bool:
        return self.private


def test_a_curtain_comes_when_a_screen_turns_private_after_an_open_hand_over(race_home: Path) -> None:  # noqa: F811
    """The terminal passed between players without a curtain (both screens public): when
    the new player's screen comes to hold private values, the curtain comes first, as
    the other player may still be looking. A player who arrived behind a curtain is not
    curtained again when the screen turns private."""
    rules = _OpenRace()

    async def run() -> None:
        app = _race_app(race_home)
        async with app.run_test(size=(80, 24)) as pilot:
            game = Game(rules, kit_race.RaceSetup(), players=("Ann", "Bo"))
            screen = kit_race.RaceScreen(game.seats(), viewer=None, curtain=True)
            app.push_screen(screen)
            await _settle(pilot)
            await _lift(pilot, "Ann")
            rules.private = True  # Ann came behind a curtain: nobody else is looking
            screen.sync()
            await _settle(pilot)
            assert not isinstance(app.screen, CurtainScreen) and screen.viewer == 0
            rules.private = False
            await _order(pilot, "step")  # to Bo, without a curtain: both screens are public
            assert not isinstance(app.screen, CurtainScreen) and screen.viewer == 1
            rules.private = True  # Bo's screen turns private while Ann may still look
            screen.sync()
            await _settle(pilot)
            await _lift(pilot, "Bo")
            assert screen.viewer == 1

    asyncio.run(run())


def test_a_decision_can_be_answered_in_notation_and_a_wrong_answer_asks_again(race_home: Path) -> None:  # noqa: F811
    """`:` in a decision types the answer in notation, as on the command line: a text
    the seat refuses is told on the hint line and the question comes back; a right
    one is played."""

    async def run() -> None:
        game = _game()
        game.submit(0, "step")
        game.submit(1, "step")  # onto Ann's cell: the decision is Ann's
        app = _race_app(race_home)
        async with app.run_test(size=(80, 24)) as pilot:
            screen = kit_race.RaceScreen(game.seats(), viewer=0, curtain=False)
            app.push_screen(screen)
            await _settle(pilot)
            assert isinstance(app.screen, DecisionDialog)
            await pilot.press("colon")
            await _settle(pilot)
            app.screen.query_one("#prompt-input").value = "fly"
            await pilot.press("enter")
            await _settle(pilot)
            assert isinstance(app.screen, DecisionDialog)  # asked again
            assert "'fly' is not an order of the race." in str(screen.message)
            await pilot.press("colon")
            await _settle(pilot)
            app.screen.query_one("#prompt-input").value = "stand"
            await pilot.press("enter")
            await _settle(pilot)
            assert app.screen is screen
            assert list(screen.seat.view().cells) == [1, 0]  # the roller stepped back

    asyncio.run(run())


def test_a_colon_on_an_empty_command_line_is_not_typed_and_typed_answers_complete(race_home: Path) -> None:  # noqa: F811
    """`:` pressed again on the empty command line (after `help`, say) types nothing, so
    the order that follows reads as written; in a decision's prompt the answers complete
    as on the command line."""

    async def run() -> None:
        game = _game()
        app = _race_app(race_home)
        async with app.run_test(size=(80, 24)) as pilot:
            screen = kit_race.RaceScreen(game.seats(), viewer=0, curtain=False)
            app.push_screen(screen)
            await _settle(pilot)
            await pilot.press("colon")
            await pilot.press("colon")
            await pilot.press(*"step", "enter")
            await _settle(pilot)
            assert list(screen.seat.view().cells) == [1, 0]
            game.submit(1, "step")  # onto Ann's cell: the decision is Ann's
            screen.sync()
            await _settle(pilot)
            assert isinstance(app.screen, DecisionDialog)
            await pilot.press("colon")
            await _settle(pilot)
            field = app.screen.query_one("#prompt-input")
            assert await field.suggester.get_suggestion("gi") == "give way"
            assert await field.suggester.get_suggestion("st") == "stand"

    asyncio.run(run())


def test_a_long_explanation_never_hides_the_highlighted_answer(race_home: Path) -> None:  # noqa: F811
    """A choice dialog whose explanation is long on a small terminal keeps its answers
    whole: the explanation gets the rows the answers leave (and scrolls), so the last
    answer, highlighted with End, shows in full."""
    from terminal_check import screen_text

    choices = [
        (str(i), Text(f"Fire {i + 1} shots\n{i + 1} x 30%: at least one hit {50 + i}%")) for i in range(6)
    ]

    async def run() -> None:
        app = _race_app(race_home)
        async with app.run_test(size=(80, 24)) as pilot:
            app.push_screen(
                ChoiceDialog("Fire", ["The chart of the weapon, line by line."] * 9, choices, "0")
            )
            await _settle(pilot)
            await pilot.press("end")
            await _settle(pilot)
            text = screen_text(app)
            assert "Fire 6 shots" in text and "6 x 30%: at least one hit 55%" in text
            assert "The chart of the weapon, line by line." in text  # some of it still shows

    asyncio.run(run())
