"""Six Chances Party's screens driven as players would (Textual's pilot).

A seeded game is played through the interface to its end: hidden building
behind the kit's curtain (SC-2.5), attacks with their odds (SC-5), defences
chosen after the roll in the kit's decision dialog (SC-5.3), reinforcements and
rearrangements priced live (SC-9), and the kit's result screen (SC-11). The test
player's policy only presses keys; every number on screen comes from the seats.
"""

from __future__ import annotations

import asyncio
import functools
import io
from collections.abc import Callable, Coroutine
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from test_tui_app import home  # noqa: F401 - home is a fixture
from textual.pilot import Pilot
from textual.widgets import Static

from engine import ruleset as registry
from engine.dice import seed_only
from engine.game import Game
from engine.record import state_checksum
from engine.rulesets.sixchances import RULESET
from engine.rulesets.sixchances.actions import RESERVE, Regroup, Transfer
from engine.rulesets.sixchances.options import AttackOptions
from engine.rulesets.sixchances.state import Setup
from tui.app import WartableApp
from tui.kit.curtain import CurtainScreen
from tui.kit.dialogs import DecisionDialog
from tui.kit.log import FullLogScreen
from tui.kit.odds import format_odds
from tui.kit.over import GameOverScreen
from tui.rulesets import ui_for
from tui.rulesets.sixchances.builder import SquadBuilderScreen
from tui.rulesets.sixchances.editor import Place
from tui.rulesets.sixchances.panels import SquadPanel
from tui.rulesets.sixchances.regroup import RegroupScreen, proposal
from tui.rulesets.sixchances.setup import SixChancesChoices, SixChancesSetupWidget, make_setup
from tui.rulesets.sixchances.table import SixChancesScreen
from tui.screens.dialogs import ConfirmScreen

SEED = b"\x05" * 32
#: A short game: 10 tokens per colour, 2 squads of 4 (SC-12.2).
SMALL_SETUP = Setup(tokens_per_colour=10, squads=2, squad_size=4)


def run(test: Callable[..., Coroutine[Any, Any, None]]) -> Callable[..., None]:
    """Run an async test in its own event loop."""

    @functools.wraps(test)
    def wrapper(*args: Any, **kwargs: Any) -> None:
        asyncio.run(test(*args, **kwargs))

    return wrapper


SYSTEMS = ["eva", "sixchances", "tally"]


@pytest.fixture
def sc_home(home: Path, monkeypatch: pytest.MonkeyPatch) -> Path:  # noqa: F811
    """The temporary home of ``test_tui_app`` with Six Chances Party installed too (and
    the per-user state folder, where unsealed squads are kept, inside it)."""
    monkeypatch.setattr(registry, "available", lambda: list(SYSTEMS))
    monkeypatch.setenv("XDG_STATE_HOME", str(home / "state"))
    return home


def make_app(home: Path, language: str | None = "en", **kwargs: Any) -> WartableApp:  # noqa: F811
    """The app with every file inside ``home`` and Six Chances Party among the systems."""
    return WartableApp(
        settings_file=home / "config" / "settings.json",
        saves=home / "saves",
        log_file=home / "log" / "wartable.log",
        language=language,
        systems=lambda: list(SYSTEMS),
        **kwargs,
    )


def sc_game(path: Path | None = None, setup: Setup = SMALL_SETUP, seed: bytes = SEED) -> Game:
    """A new seeded game between Asuka and Rei (autosaved to ``path`` if given)."""
    return Game(RULESET, setup, seed=seed, players=("Asuka", "Rei"), path=path, entropy=seed_only)


def table(app: Any) -> SixChancesScreen:
    """The game screen (under any dialog)."""
    return next(s for s in reversed(app.screen_stack) if isinstance(s, SixChancesScreen))


def text_of(widget: Any) -> str:
    """The plain text a widget shows (a Rich renderable is printed without styles)."""
    content = widget.render()
    plain = getattr(content, "plain", None)
    if isinstance(plain, str):
        return plain
    renderable = getattr(content, "_renderable", content)
    console = Console(width=200, file=io.StringIO(), record=True)
    console.print(renderable)
    return console.export_text()


async def step(pilot: Pilot[Any], turn: int) -> str:
    """Press the keys of one decision on whatever screen is shown; returns what it did.

    The policy: suggested squads; attack with the highlighted pair; defend with the
    stat whose roll most likely beats the attack (its number in the decision
    dialog); reinforce on every other turn (a red token from the reserve to the first
    squad when there is one, else nothing).
    """
    app = pilot.app
    screen = app.screen
    if isinstance(screen, CurtainScreen):
        await pilot.press("enter")
        return "curtain"
    if isinstance(screen, SquadBuilderScreen):
        await pilot.press("s", "enter")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("y")
        return "build"
    if isinstance(screen, ConfirmScreen):
        await pilot.press("y")
        return "confirm"
    if isinstance(screen, RegroupScreen):
        if screen.options.reserve.pot:
            await pilot.press("plus")  # one red token from the reserve to the first squad
        await pilot.press("enter")
        return "regroup"
    if isinstance(screen, GameOverScreen):
        return "over"
    if isinstance(screen, DecisionDialog):
        choices = screen.decision.choices
        best = max(range(len(choices)), key=lambda i: choices[i].odds or 0)
        await pilot.press(str(best + 1))  # each answer's own number
        return "defend"
    assert isinstance(screen, SixChancesScreen), screen
    view = screen.view()
    if view.phase == "attack":
        options = screen.options()
        assert isinstance(options, AttackOptions)
        # the odds on screen are the engine's, for the highlighted pair, written one way
        choice = screen._choice()
        odds = text_of(screen.query_one("#sc-odds", Static))
        assert format_odds(choice.defences[0].p_attacker_wins) in odds
        await pilot.press("enter", "enter")  # on to the target, then attack
        return "attack"
    if view.phase == "support":
        if view.forced or turn % 2 == 0:
            await pilot.press("right", "enter")
            return "reinforce"
        await pilot.press("e")
        return "end"
    raise AssertionError(f"nothing to do in phase {view.phase}")


async def play_to_the_end(pilot: Pilot[Any], limit: int = 1500) -> list[str]:
    """Decide until the result is shown; returns the decisions made."""
    done: list[str] = []
    for _ in range(limit):
        await pilot.pause()
        what = await step(pilot, len(done))
        done.append(what)
        if what == "over":
            return done
    raise AssertionError(f"the game did not end: {done[-20:]}")


@run
async def test_a_seeded_game_is_played_through_the_screens_to_its_end(sc_home: Path) -> None:
    """SC-2.4-SC-11.7: building behind the curtain, attacks, defences, reinforcements and
    the result, all with keys; the save on disk replays to the same state."""
    path = sc_home / "saves" / "sc.json"
    game = sc_game(path)
    app = make_app(sc_home)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(SixChancesScreen(game.seats()))
        done = await play_to_the_end(pilot)
        assert done.count("build") == 2
        assert {"attack", "defend", "reinforce", "regroup", "curtain"} <= set(done)
        over = app.screen
        assert isinstance(over, GameOverScreen)
        result = game.result()
        assert result is not None
        shown = " ".join(text_of(w) for w in over.query(Static))
        assert f"({result.rule})" in shown
        assert "Remaining" in shown and "Turns played" in shown  # the Six Chances totals
        await pilot.press("escape")  # look at the final position
        await pilot.pause()
        assert isinstance(app.screen, SixChancesScreen)
        assert "Game over" in text_of(app.screen.query_one("#kit-status", Static))
        await pilot.press("l")
        await pilot.pause()
        assert isinstance(app.screen, FullLogScreen)
        await pilot.press("escape", "enter")  # Enter on the table shows the result again
        await pilot.pause()
        assert isinstance(app.screen, GameOverScreen)
    assert app.errors == []
    again = Game.load(path)
    assert state_checksum(again.state) == state_checksum(game.state)


@run
async def test_the_opponent_never_sees_a_sealed_order_before_both_are_in(sc_home: Path) -> None:
    """SC-2.5: while Player 2 builds, nothing of Player 1's squads is on the screen."""
    game = sc_game()
    app = make_app(sc_home)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(SixChancesScreen(game.seats()))
        await pilot.pause()
        assert isinstance(app.screen, CurtainScreen)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, SquadBuilderScreen) and app.screen.side == 0
        await pilot.press("s", "enter", "y")
        await pilot.pause()
        curtain = app.screen
        assert isinstance(curtain, CurtainScreen)
        assert curtain.player == "Rei"
        news = [str(line) for line in curtain.news]  # the public news only
        assert news[-1] == "Asuka has sealed their starting squads." and news[0].startswith(
            "The bag is split"
        )
        assert not any("sealed starting squads" in line for line in news)
        await pilot.press("enter")
        await pilot.pause()
        builder = app.screen
        assert isinstance(builder, SquadBuilderScreen) and builder.side == 1
        # back to the table: Player 1's side says only that the order is sealed
        await pilot.press("escape")
        await pilot.pause()
        screen = table(app)
        panel = screen.query_one("#sc-side-0", SquadPanel)
        rows = [str(panel.squads.get_option_at_index(i).prompt) for i in range(panel.squads.option_count)]
        assert len(rows) == 1 and "sealed" in rows[0]
        order = game.state.players[0].order
        assert order is not None
        log = " ".join(str(line.text) for line in screen.query_one("#kit-log").lines)
        assert "Asuka has sealed" in log and "1A" not in log
    assert app.errors == []


def _playing_game() -> Game:
    """A standard game past the build, at Player 1's or Player 2's first attack."""
    game = sc_game(setup=Setup(), seed=b"\x02" * 32)
    for side in (0, 1):
        game.submit(side, RULESET.legal_actions(game.state, side)[0])
    return game


@run
async def test_mouse_picks_attacker_and_target_and_the_button_attacks(sc_home: Path) -> None:
    """SC-5.1: clicks choose the squads (the odds follow), the Attack button declares."""
    game = _playing_game()
    side = game.state.active
    app = make_app(sc_home)
    async with app.run_test(size=(120, 40)) as pilot:
        app.push_screen(SixChancesScreen(game.seats(), viewer=side))
        await pilot.pause()
        screen = table(app)
        theirs = screen.query_one(f"#sc-squads-{1 - side}")
        await pilot.click(theirs, offset=(4, 1))  # the second enemy squad
        await pilot.pause()
        label = game.state.players[1 - side].squads[1].label
        assert screen._pair()[1] == label
        assert label in text_of(screen.query_one("#sc-action-head", Static))
        await pilot.click("#sc-btn-declare")
        await pilot.pause()
        assert game.state.phase == "defend" and game.state.pending.target == label
        # everything is open (SC-1.11): no curtain, the defender is asked at once
        dialog = app.screen
        assert isinstance(dialog, DecisionDialog) and dialog.decision.rule == "SC-5.3"
        assert screen.viewer == 1 - side
    assert app.errors == []


@run
async def test_an_illegal_typed_action_is_explained(sc_home: Path) -> None:
    """Typed notation that is not legal now is refused with the engine's reason on the
    hint line, no traceback; Escape leaves the command line and drops the refusal."""
    game = _playing_game()
    side = game.state.active
    app = make_app(sc_home)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = SixChancesScreen(game.seats(), viewer=side)
        app.push_screen(screen)
        await pilot.pause()
        await pilot.press("colon")
        await pilot.pause()
        for ch in "reinforce d8":
            await pilot.press("space" if ch == " " else ch)
        await pilot.press("enter")
        await pilot.pause()
        assert "SC-9" in screen.message
        assert "SC-9" in text_of(screen.query_one("#kit-hint", Static))
        await pilot.press("escape")
        await pilot.pause()
        assert screen.message == "" and game.state.phase == "attack"
    assert app.errors == []


# ---------------------------------------------------------------------------
# The new game options (SC-12.1, SC-12.2)
# ---------------------------------------------------------------------------
def test_the_ui_package_follows_the_interface() -> None:
    ui = ui_for("sixchances")
    assert ui is not None and ui.has_rosters is False
    widget = ui.setup_widget()
    assert widget.problems() == [] and ui.make_setup(widget.choices()) == Setup()
    assert ui.make_setup(SixChancesChoices(field=True)) == Setup(field=True)


def test_make_setup_refuses_values_the_rules_forbid() -> None:
    """SC-12.2: K x M may not exceed 3N / 2; SC-12.1.8: at most 12 squads on the field."""
    with pytest.raises(ValueError, match="SC-12.2"):
        make_setup(SixChancesChoices(tokens_per_colour=10, squads=4, squad_size=10))
    with pytest.raises(ValueError, match="SC-12.1.8"):
        make_setup(SixChancesChoices(field=True, squads=13, squad_size=1))


@run
async def test_setup_widget_keys_change_the_values(sc_home: Path) -> None:
    from textual.app import App, ComposeResult

    seen: list[SixChancesChoices] = []

    class Host(App[None]):
        def compose(self) -> ComposeResult:
            yield SixChancesSetupWidget()

        def on_six_chances_setup_widget_changed(self, event: SixChancesSetupWidget.Changed) -> None:
            seen.append(event.choices)

    app = Host()
    async with app.run_test(size=(80, 24)) as pilot:
        widget = app.query_one(SixChancesSetupWidget)
        app.query_one("#sc-setup-list").focus()
        await pilot.press("enter")  # the field variant
        await pilot.press("down", "left", "left")  # 46 tokens per colour
        await pilot.press("down", "right")  # 5 squads
        await pilot.pause()
        assert widget.choices() == SixChancesChoices(field=True, tokens_per_colour=46, squads=5)
        assert widget.problems() == []
        await pilot.press("down", *["right"] * 5)  # 5 x 15 = 75 > 69
        await pilot.pause()
        assert widget.problems() and "SC-12.2" in widget.problems()[0]
        await pilot.press("d")
        await pilot.pause()
        assert widget.choices() == SixChancesChoices(field=True)
        assert seen and seen[-1] == SixChancesChoices(field=True)


# ---------------------------------------------------------------------------
# The rearrangement as transfers (SC-9.5)
# ---------------------------------------------------------------------------
def test_proposal_pairs_squad_to_squad_before_the_reserve() -> None:
    """SC-EX-13 proposal A: both tokens of 2C into 2D and a blue from the reserve."""
    places = [
        Place(RESERVE, "Reserve", (2, 3, 4), editable=False),
        Place("2C", "2C", (1, 1, 0)),
        Place("2D", "2D", (5, 2, 2)),
        Place("2F", "2F (new)", (0, 0, 0)),
    ]
    places[1].after = [0, 0, 0]
    places[2].after = [6, 3, 3]
    places[0].after = [2, 3, 3]
    regroup = proposal(places, "2F")
    assert regroup == Regroup(
        moves=(
            Transfer(1, "pot", "2C", "2D"),
            Transfer(1, "res", "2C", "2D"),
            Transfer(1, "sup", RESERVE, "2D"),
        )
    )
