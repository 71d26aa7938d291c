"""Six Chances Party on the kit (tui/kit): the table is driven by the seats only, and
plays with the pieces every system shares -- the command line completed from the
legal actions, the whole log on ``l``, the move's choice in the kit's dialog, odds
written one way -- plus the builder's fixes: a suggestion asks before it replaces
squads built by hand, and ``:`` there takes a starting order typed in notation.
"""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path
from typing import Any

from test_tui_app import home  # noqa: F401 - home is a fixture
from test_tui_sixchances import make_app, run, sc_home, text_of  # noqa: F401
from test_tui_sixchances_handover import _field_game, screen_of, two_players
from textual.widgets import Input, Static

from engine.i18n import set_language
from engine.rulesets.sixchances import RULESET
from engine.rulesets.sixchances.actions import Build, format_action
from engine.rulesets.sixchances.options import AttackChoice, StatOdds
from tui.kit.dialogs import ChoiceDialog, DecisionDialog
from tui.kit.log import FullLogScreen
from tui.kit.screen import GameScreen
from tui.rulesets.sixchances.builder import SquadBuilderScreen
from tui.rulesets.sixchances.field import FieldBoard
from tui.rulesets.sixchances.table import SixChancesScreen
from tui.screens.dialogs import ConfirmScreen
from tui.screens.help import HelpScreen

PACKAGE = Path(__file__).resolve().parent.parent / "tui" / "rulesets" / "sixchances"


def _playing():
    game = two_players()
    for side in (0, 1):
        game.submit(side, RULESET.legal_actions(game.state, side)[0])
    return game


# ---------------------------------------------------------------------------
# Seats only
# ---------------------------------------------------------------------------
def test_the_package_touches_a_game_only_through_its_seats() -> None:
    """No screen of Six Chances Party reads a game's state, events, records or ruleset, or
    calls the rules module: every fact comes from a seat (or the ruleset's public set-up
    check before a game exists)."""
    forbidden = re.compile(
        r"game\.(state|events|records|ruleset)\b|sixchances\.rules\b|sixchances import rules\b"
        r"|validate_build|check_regroup|\bdie_for\b|\bhome_zone\b|\bsquad_label\b"
    )
    for path in sorted(PACKAGE.glob("*.py")):
        text = path.read_text(encoding="utf-8")
        assert not forbidden.search(text), (path.name, forbidden.search(text))
    assert issubclass(SixChancesScreen, GameScreen)


# ---------------------------------------------------------------------------
# The kit's pieces
# ---------------------------------------------------------------------------
def test_odds_in_the_attack_table_are_written_by_the_kit() -> None:
    """SC-5: the attacker's chances as every screen writes them: whole when exact, one
    decimal otherwise, a decimal comma in Russian."""
    from tui.rulesets.sixchances.panels import attack_odds_table

    def odds(p: Fraction) -> StatOdds:
        return StatOdds(
            stat="res",
            level=3,
            die=8,
            p_attacker_wins=p,
            removed_if_win=3,
            losses_if_fail=4,
            expected_removed=p * 3,
            expected_losses=(1 - p) * 4,
        )

    choice = AttackChoice(
        attacker="1A",
        target="2A",
        die=20,
        productive=True,
        protection=0,
        damage=7,
        defences=(odds(Fraction(1, 2)), odds(Fraction(33, 40))),
    )
    shown = text_of(Static(attack_odds_table(choice, "unicode")))
    assert "50%" in shown and "50.0%" not in shown and "82.5%" in shown
    try:
        set_language("ru")
        assert "82,5%" in text_of(Static(attack_odds_table(choice, "unicode")))
    finally:
        set_language("en")


@run
async def test_the_command_line_completes_an_order_from_the_legal_actions(sc_home: Path) -> None:  # noqa: F811
    """``:`` focuses the kit's command line; what is typed is completed from the seat's
    legal actions; an order played there is the same as the keys (the defender is asked
    at once); Six Chances has no concession, so none is offered."""
    game = _playing()
    side = game.state.active
    app = make_app(sc_home)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = screen_of(game, viewer=side)
        app.push_screen(screen)
        await pilot.pause()
        attacks = [format_action(a) for a in RULESET.legal_actions(game.state, side)]
        assert screen.completions() == attacks and all(" x " in text for text in attacks)
        assert "concede" not in screen.completions() and not screen.seat.can_concede()
        await pilot.press("colon")
        await pilot.pause()
        line = screen.query_one("#kit-command", Input)
        assert screen.focused is line
        first = screen.completions()[0]
        for ch in first[:3]:
            await pilot.press("space" if ch == " " else ch)
        await pilot.pause()
        await pilot.pause()
        assert line._suggestion == first
        await pilot.press("right")  # accept the completion
        await pilot.press("enter")
        await pilot.pause()
        assert game.state.phase == "defend"
        assert isinstance(app.screen, DecisionDialog)
    assert app.errors == []


@run
async def test_l_opens_the_whole_log_as_the_seat_reads_it(sc_home: Path) -> None:  # noqa: F811
    """``l`` (the same key in every system) opens the kit's whole-log window with every
    line of the viewer's log the screen may show (after the reveal nothing on it is
    private, SC-1.11, so only what every seat may read: the other player may be looking);
    ``l`` closes it."""
    game = _playing()
    side = game.state.active
    app = make_app(sc_home)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = screen_of(game, viewer=side)
        app.push_screen(screen)
        await pilot.pause()
        await pilot.press("l")
        await pilot.pause()
        window = app.screen
        assert isinstance(window, FullLogScreen)
        assert [t.plain for t in window.lines] == [e.text for e in screen.shown_log()]
        assert all(e.event.to is None for e in screen.shown_log())
        await pilot.press("l")
        await pilot.pause()
        assert app.screen is screen
    assert app.errors == []


@run
async def test_the_move_is_chosen_in_the_kits_dialog_and_the_field_marks_the_cell(sc_home: Path) -> None:  # noqa: F811
    """SC-12.1.4: ``m`` opens the kit's choice dialog of the free neighbouring cells; the
    cell under its cursor is marked on the field beside it, and the mark goes with the
    dialog."""
    game = _field_game()
    app = make_app(sc_home)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = screen_of(game, viewer=0)
        app.push_screen(screen)
        await pilot.pause()
        screen.pair[0] = ("1A", None)
        screen.refresh_table()
        await pilot.press("m")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, ChoiceDialog) and dialog.has_class("sc-aside")
        cells = [cid for cid, _label in dialog.choices]
        assert cells == list(next(m.to for m in game.options(0).moves if m.squad == "1A"))
        board = screen.query_one("#sc-grid", FieldBoard)
        assert board.focus_cell == cells[0]
        await pilot.press("down")
        await pilot.pause()
        assert board.focus_cell == cells[1]
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen and board.focus_cell != cells[1]
    assert app.errors == []


# ---------------------------------------------------------------------------
# The builder's fixes
# ---------------------------------------------------------------------------
@run
async def test_suggest_asks_before_it_replaces_squads_built_by_hand(sc_home: Path) -> None:  # noqa: F811
    """SC-2.4: ``s`` on an empty table or on the last suggestion untouched puts in the next
    suggestion at once; on squads built by hand it asks, and "Keep mine" keeps them."""
    game = two_players()
    app = make_app(sc_home)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(screen_of(game, viewer=0))
        await pilot.pause()
        builder = app.screen
        assert isinstance(builder, SquadBuilderScreen)
        suggestions = game.options(0).suggestions
        await pilot.press("s")
        await pilot.pause()
        assert builder._orders() == suggestions[0]
        await pilot.press("s")  # the suggestion untouched: no question
        await pilot.pause()
        assert builder._orders() == suggestions[1]
        await pilot.press("down", "plus")  # by hand now
        await pilot.pause()
        mine = builder._orders()
        await pilot.press("s")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("escape")  # keep mine
        await pilot.pause()
        assert app.screen is builder and builder._orders() == mine
        await pilot.press("c", "plus", "s")  # cleared, then one token by hand
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("y")
        await pilot.pause()
        assert builder._orders() == suggestions[0]
    assert app.errors == []


@run
async def test_colon_in_the_builder_takes_a_starting_order_typed_in_notation(sc_home: Path) -> None:  # noqa: F811
    """SC-2.4: ``:`` opens the command line at the builder's foot; a wrong order is refused
    with the engine's reason; ``help`` lists the notation; the squads in the table are
    completed first; a legal order is put in the table and sealed after the same
    question as Enter."""
    game = two_players()
    app = make_app(sc_home)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(screen_of(game, viewer=0))
        await pilot.pause()
        builder = app.screen
        assert isinstance(builder, SquadBuilderScreen)
        await pilot.press("colon")
        await pilot.pause()
        line = builder.query_one("#sc-order", Input)
        assert builder.focused is line
        line.value = "build 5/3/2"
        await pilot.press("enter")
        await pilot.pause()
        error = text_of(builder.query_one("#sc-order-error", Static))
        assert "SC-2.4" in error and game.state.players[0].order is None
        line.value = "help"
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen) and app.screen.notes
        await pilot.press("escape")
        await pilot.press("escape")  # leaves the command line
        await pilot.pause()
        assert builder.focused is builder.editor and line.value == ""
        await pilot.press("plus", "colon")
        await pilot.pause()
        assert builder.order_completions()[0] == format_action(Build(squads=builder._orders()))
        order = game.options(0).suggestions[2]
        line.value = format_action(Build(squads=order))
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        assert builder._orders() == order
        await pilot.press("y")
        await pilot.pause()
        assert game.state.players[0].order == order
    assert app.errors == []


def _footer_keys(app: Any) -> list[str]:
    return [b.action for _ns, b, enabled, _t in app.screen.active_bindings.values() if enabled and b.show]


@run
async def test_the_shared_keys_are_the_kits(sc_home: Path) -> None:  # noqa: F811
    """The table's own keys come first in the footer, then the keys every game screen
    shares: undo (u), the log (l), help (?); Escape (leave) is bound too, told in the help."""
    game = _playing()
    app = make_app(sc_home)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = screen_of(game, viewer=game.state.active)
        app.push_screen(screen)
        await pilot.pause()
        keys = _footer_keys(app)
        assert keys.index("to_targets") < keys.index("undo") < keys.index("full_log")
        assert "leave" in {b.action for b in screen._bindings.key_to_bindings.get("escape", [])}
        assert isinstance(screen, SixChancesScreen)
    assert app.errors == []


@run
async def test_after_both_seal_the_first_players_log_shows_the_newest_lines(sc_home: Path) -> None:  # noqa: F811
    """SC-2.5, SC-2.7: the squads are revealed and the first player's table comes up with
    the log at its newest lines (the roll-off, the first turn), though the panels above
    it grew from "Building" to the squads."""
    game = two_players()
    app = make_app(sc_home)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = screen_of(game)
        app.push_screen(screen)
        await pilot.pause()
        for _side in (0, 1):
            await pilot.press("enter")  # the curtain
            await pilot.pause()
            await pilot.press("s", "enter")
            await pilot.pause()
            await pilot.press("y")
            await pilot.pause()
            await pilot.pause()
        assert app.screen is screen and game.state.phase == "attack"
        log = screen.query_one("#kit-log")
        assert log.at_end and log.max_scroll_y > 0
        assert log.texts[-1].plain.startswith("Turn 1:")
    assert app.errors == []


@run
async def test_tab_reaches_the_field_where_the_arrows_and_enter_move_a_squad(sc_home: Path) -> None:  # noqa: F811
    """SC-12.1.4: Tab goes from your squads to the targets to the field; there the arrows
    move the cursor (drawn only while the field has the focus) and Enter on a free cell
    next to the chosen squad moves it there."""
    game = _field_game()
    app = make_app(sc_home)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = screen_of(game, viewer=0)
        app.push_screen(screen)
        await pilot.pause()
        screen.pair[0] = ("1A", None)
        screen.refresh_table()
        board = screen.query_one("#sc-grid", FieldBoard)
        assert not board.has_cursor()
        await pilot.press("tab", "tab")
        await pilot.pause()
        assert screen.focused is board and board.has_cursor()
        await pilot.press("up")  # a1 -> a2
        await pilot.press("enter")
        await pilot.pause()
        assert game.state.players[0].squad("1A").cell == "a2"
        assert game.state.phase == "support"
    assert app.errors == []
