"""Six Chances Party hot-seat on the kit's game screen: who may do what at the curtain,
what each player is told, and the keys of every screen (Textual's pilot).

Each test is a situation a player met: the curtain covers the table only while the
hidden squads are built (SC-2.5), and the person at it is the next player, who can
never take back the previous one's action; after the reveal everything is open
(SC-1.11) and the terminal passes without one; the news on a curtain list the public
events since that player last acted; the builder opens only behind the curtain
naming its player, and an unsealed draft outlives quitting; undo (``u``, Ctrl+Z) is
offered on one's own table only, says why when there is nothing to take back, and
never reopens a finished game; every footer fits 80 columns in English and Russian.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from test_tui_app import home  # noqa: F401 - home is a fixture
from test_tui_sixchances import make_app, run, sc_game, sc_home, table, text_of  # noqa: F401
from textual.pilot import Pilot
from textual.widgets import Static

from engine.dice import seed_only
from engine.game import Game
from engine.rulesets.sixchances import RULESET
from engine.rulesets.sixchances.actions import Attack, Build
from engine.rulesets.sixchances.events import AttackerWon, DefenceRolled, DefenderWon
from engine.rulesets.sixchances.scenario import position
from engine.rulesets.sixchances.state import Setup
from tui.kit.curtain import CurtainScreen
from tui.kit.dialogs import ChoiceDialog, DecisionDialog
from tui.kit.over import GameOverScreen
from tui.rulesets.sixchances.builder import SquadBuilderScreen
from tui.rulesets.sixchances.drafts import DraftStore
from tui.rulesets.sixchances.regroup import RegroupScreen
from tui.rulesets.sixchances.table import SixChancesScreen
from tui.screens.base import key_rows
from tui.screens.dialogs import ConfirmScreen
from tui.screens.help import HelpScreen
from tui.widgets.bars import KeyLine

SEED = b"\x05" * 32


def two_players(path: Path | None = None, setup: Setup | None = None) -> Game:
    """A seeded standard game between Alice and Boris."""
    return Game(
        RULESET, setup or Setup(), seed=SEED, players=("Alice", "Boris"), path=path, entropy=seed_only
    )


def screen_of(game: Game, viewer: int | None = None, **kwargs: Any) -> SixChancesScreen:
    """The game screen on ``game``'s seats (its drafts kept beside its save file)."""
    return SixChancesScreen(game.seats(), viewer=viewer, drafts=DraftStore.for_game(game), **kwargs)


def notes(app: Any) -> list[str]:
    return [n.message for n in app._notifications]


def footer(app: Any) -> str:
    """The key footer of the screen on top, as the narrow layout packs it."""
    line = app.screen.query_one(KeyLine)._line(loose=False)
    return line.plain


async def seal(pilot: Pilot[Any]) -> None:
    """In the builder: the first suggestion, sealed after the confirmation."""
    await pilot.press("s", "enter", "y")
    await pilot.pause()


async def to_first_attack(pilot: Pilot[Any], game: Game) -> None:
    """From the first curtain to the first Attack step, both players sealing suggestions."""
    app = pilot.app
    for _side in (0, 1):
        assert isinstance(app.screen, CurtainScreen)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, SquadBuilderScreen)
        await seal(pilot)
    # the squads are revealed: no curtain for whoever plays first (SC-1.11)
    assert isinstance(app.screen, SixChancesScreen) and game.state.phase == "attack"
    assert table(app).viewer == game.state.active


# ---------------------------------------------------------------------------
# 1. The curtain never takes back the previous player's action
# ---------------------------------------------------------------------------
@run
async def test_the_person_at_the_curtain_cannot_undo_the_other_players_action(sc_home: Path) -> None:  # noqa: F811
    """Alice seals; at "I am Boris" neither u nor Ctrl+Z reopens Alice's builder or takes her
    seal back; after the reveal the terminal passes without a curtain, and the next
    player's u takes back nothing of the one who has just played (and says why)."""
    game = two_players()
    app = make_app(sc_home)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(screen_of(game))
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        await seal(pilot)
        curtain = app.screen
        assert isinstance(curtain, CurtainScreen) and curtain.player == "Boris"
        assert not any("ndo" in text for _keys, text in key_rows(curtain))
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert app.screen is curtain
        await pilot.press("u")  # a letter only lifts the curtain, and is used up there
        await pilot.pause()
        assert isinstance(app.screen, SquadBuilderScreen) and app.screen.side == 1
        await pilot.press("г", "ctrl+z")
        await pilot.pause()
        assert game.state.players[0].order is not None
        await seal(pilot)
        side = game.state.active
        screen = table(app)
        assert app.screen is screen and screen.viewer == side
        await pilot.press("enter", "enter")  # attack
        await pilot.pause()
        assert isinstance(app.screen, DecisionDialog)  # the defender, asked at once
        await pilot.press("1")
        await pilot.pause()
        assert screen.viewer == side and game.state.phase == "support"
        n = len(game.records)
        await pilot.press("e")  # end the turn: the other player's table
        await pilot.pause()
        assert screen.viewer == 1 - side and game.state.active == 1 - side
        await pilot.press("u")
        await pilot.pause()
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert len(game.records) == n + 1 and game.state.active == 1 - side
        assert screen.message == "Nothing to undo: another player has acted since your last action."
    assert app.errors == []


@run
async def test_undo_on_ones_own_table_takes_back_a_move_and_a_seal_returns_editable(sc_home: Path) -> None:  # noqa: F811
    """Ctrl+Z takes back the viewer's own move while the table is still theirs (the field
    variant's move leaves them the Support step); u taking back a seal reopens the
    builder with the sealed squads as they were."""
    game = two_players(setup=Setup(field=True))
    for side in (0, 1):
        game.submit(side, RULESET.legal_actions(game.state, side)[0])
    side = game.state.active
    move = game.options(side).moves[0]
    app = make_app(sc_home)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = screen_of(game, viewer=side)
        app.push_screen(screen)
        await pilot.pause()
        screen.pair[side] = (move.squad, None)
        screen.refresh_table()
        await pilot.press("m")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceDialog)
        await pilot.press("enter")
        await pilot.pause()
        assert game.state.phase == "support" and app.screen is screen
        assert game.state.players[side].squad(move.squad).cell == move.to[0]
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert game.state.phase == "attack" and game.state.players[side].squad(move.squad).cell == move.cell
        assert app.screen is screen and "taken back" in " ".join(notes(app))
    game = two_players()
    order = RULESET.options(game.state, 0).suggestions[5]
    game.submit(0, Build(squads=order))
    app = make_app(sc_home)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = screen_of(game, viewer=0, curtain=False)
        app.push_screen(screen)
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, SquadBuilderScreen) and app.screen.side == 1  # Boris builds
        await pilot.press("escape")
        await pilot.pause()
        screen.viewer = 0  # Alice at her own table again (no curtain in this test)
        screen.refresh_all()
        await pilot.press("u")
        await pilot.pause()
        await pilot.pause()
        builder = app.screen
        assert isinstance(builder, SquadBuilderScreen) and builder.side == 0
        assert builder._orders() == order  # the draft intact, not reset to 0/10
        assert game.state.players[0].order is None
    assert app.errors == []


@run
async def test_undo_is_in_the_help_and_explains_itself(sc_home: Path) -> None:  # noqa: F811
    """During play u and Ctrl+Z are listed in the help; with nothing to take back they say
    why on the hint line."""
    game = two_players()
    for side in (0, 1):
        game.submit(side, RULESET.legal_actions(game.state, side)[0])
    side = game.state.active
    app = make_app(sc_home)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = screen_of(game, viewer=side)
        app.push_screen(screen)
        await pilot.pause()
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        undo = [keys for keys, text in app.screen.rows if "Undo" in text]
        assert undo and "u" in undo[0].split(", ") and "^z" in undo[0].lower()
        await pilot.press("escape")
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert screen.message.startswith("Nothing to undo")
        assert "Nothing to undo" in text_of(screen.query_one("#kit-hint", Static))
    assert app.errors == []


@run
async def test_no_undo_once_the_game_is_over(sc_home: Path) -> None:  # noqa: F811
    """After the end, Ctrl+Z reopens nothing: the result stays; Enter on the table shows
    the result again."""
    game = sc_game(setup=Setup(tokens_per_colour=10, squads=2, squad_size=4))
    import random

    rng = random.Random(4)
    while game.to_act():
        side = min(game.to_act())
        game.submit(side, RULESET.random_action(game.state, side, rng))
    app = make_app(sc_home)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(screen_of(game, viewer=0))
        await pilot.pause()
        assert isinstance(app.screen, GameOverScreen)
        await pilot.press("escape")
        await pilot.pause()
        n = len(game.records)
        await pilot.press("ctrl+z", "u")
        await pilot.pause()
        assert len(game.records) == n and game.result() is not None
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, GameOverScreen)
    assert app.errors == []


# ---------------------------------------------------------------------------
# 2. The news: everything since the player last acted
# ---------------------------------------------------------------------------
@run
async def test_after_the_reveal_the_terminal_passes_without_a_curtain(sc_home: Path) -> None:  # noqa: F811
    """SC-1.11: once the squads are revealed nothing on either screen is private, so the
    defender is asked at once and the attacker's Support step follows; the status line
    names who decides, and both read every roll in the log."""
    game = two_players()
    app = make_app(sc_home)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(screen_of(game))
        await pilot.pause()
        await to_first_attack(pilot, game)
        attacker = game.state.active
        screen = table(app)
        await pilot.press("enter", "enter")
        await pilot.pause()
        assert isinstance(app.screen, DecisionDialog) and screen.viewer == 1 - attacker
        name = ("Alice", "Boris")[1 - attacker]
        assert f"{name} (Player {2 - attacker}): Defence step" in text_of(
            screen.query_one("#kit-status", Static)
        )
        await pilot.press("1")
        await pilot.pause()
        assert app.screen is screen and screen.viewer == attacker
        defence = next(e for e in reversed(game.events) if isinstance(e, DefenceRolled)).text()
        result = next(e for e in reversed(game.events) if isinstance(e, (AttackerWon, DefenderWon))).text()
        log = [t.plain for t in screen.query_one("#kit-log").texts]
        assert defence in log and result in log
    assert app.errors == []


@run
async def test_after_a_resume_the_curtain_lists_the_news_since_that_players_last_action(
    sc_home: Path,  # noqa: F811
) -> None:
    """The curtain of a game loaded from its save names the player who decides and lists
    the public events from that player's own last action on (what it brought, which
    the player may not have seen before the terminal passed), not older ones."""
    game = two_players(sc_home / "resume.json")
    app = make_app(sc_home)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(screen_of(game))
        await pilot.pause()
        await to_first_attack(pilot, game)
        attacker = game.state.active
        await pilot.press("enter", "enter")  # the attack
        await pilot.pause()
        await pilot.press("1")  # the defender defends
        await pilot.pause()
        assert game.state.phase == "support" and game.state.active == attacker
    loaded = Game.load(sc_home / "resume.json")
    app = make_app(sc_home)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(screen_of(loaded))
        await pilot.pause()
        await pilot.pause()
        curtain = app.screen
        assert isinstance(curtain, CurtainScreen)
        assert curtain.player == ("Alice", "Boris")[attacker]
        assert curtain.task_text.startswith("The game continues.")
        news = [str(line) for line in curtain.news]
        defence = next(e for e in reversed(loaded.events) if isinstance(e, DefenceRolled)).text()
        assert defence in news
        assert any("attack roll is" in line for line in news)  # the player's own last action
        assert not any("reveals" in line for line in news)
    assert app.errors == []


# ---------------------------------------------------------------------------
# 3-4. The builder: only behind the curtain; a draft outlives quitting
# ---------------------------------------------------------------------------
@run
async def test_the_builder_opens_only_behind_the_curtain_naming_its_player(sc_home: Path) -> None:  # noqa: F811
    """Esc from Alice's builder, then Enter at the table: the curtain names Alice before her
    draft is shown again."""
    game = two_players()
    app = make_app(sc_home)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(screen_of(game))
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("s", "escape")
        await pilot.pause()
        assert isinstance(app.screen, SixChancesScreen)
        await pilot.press("enter")
        await pilot.pause()
        curtain = app.screen
        assert isinstance(curtain, CurtainScreen) and curtain.player == "Alice"
        await pilot.press("escape")  # whoever is there may leave instead
        await pilot.pause()
        assert not isinstance(app.screen, SquadBuilderScreen | SixChancesScreen)
    assert app.errors == []
    app = make_app(sc_home)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(screen_of(game))
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("s", "escape")
        await pilot.pause()
        await pilot.click("#sc-btn-build")
        await pilot.pause()
        assert isinstance(app.screen, CurtainScreen) and app.screen.player == "Alice"
        await pilot.press("enter")
        await pilot.pause()
        builder = app.screen
        assert isinstance(builder, SquadBuilderScreen) and builder.side == 0
        assert builder._orders() == RULESET.options(game.state, 0).suggestions[0]
    assert app.errors == []


@run
async def test_an_unsealed_draft_survives_quitting(sc_home: Path) -> None:  # noqa: F811
    """Ctrl+Q in the middle of building loses nothing: the draft is kept outside the game's
    record (the other player reads the log) and comes back in the builder; it goes once
    sealed."""
    path = sc_home / "saves" / "duel.json"
    game = two_players(path)
    game.save(path)
    app = make_app(sc_home)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(screen_of(game))
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("s", "down", "plus")
        await pilot.pause()
        kept = app.screen._orders()
        await pilot.press("ctrl+q")
        await pilot.pause()
    again = Game.load(path)
    assert "4/3/3" not in path.read_text(encoding="utf-8")  # not in the shared record
    app = make_app(sc_home)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(screen_of(again))
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        builder = app.screen
        assert isinstance(builder, SquadBuilderScreen) and builder._orders() == kept
        await pilot.press("s")  # squads built by hand: a suggestion asks first
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("y")
        await pilot.pause()
        assert builder._orders() == RULESET.options(again.state, 0).suggestions[0]
        await pilot.press("enter", "y")
        await pilot.pause()
        assert again.state.players[0].order is not None
        assert DraftStore.for_game(again).load([0, 1], True) == {}
    assert app.errors == []


# ---------------------------------------------------------------------------
# 5, 19, 21. What the table says
# ---------------------------------------------------------------------------
def _field_game() -> Game:
    game = two_players(setup=Setup(field=True))
    game.state = position(
        ["1A 3/3/3 a1", "1B 0/4/2 b3", "1C 2/2/2 f1"],
        ["2A 2/2/2 b4", "2B 3/3/3 c3"],
        setup=Setup(field=True),
        reserves=((2, 2, 2), (1, 1, 1)),
    )
    return game


@run
async def test_a_squad_without_potential_says_so_on_the_field(sc_home: Path) -> None:  # noqa: F811
    """SC-5.1: 1B stands next to enemies but has no Potential: that is the reason given,
    not a missing neighbour (SC-12.1.4)."""
    game = _field_game()
    app = make_app(sc_home)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = screen_of(game, viewer=0)
        app.push_screen(screen)
        await pilot.pause()
        screen.pair[0] = ("1B", None)
        screen.refresh_table()
        await pilot.pause()
        head = text_of(screen.query_one("#sc-action-head", Static))
        assert "no Potential" in head and "SC-5.1" in head and "next to it" not in head
        screen.pair[0] = ("1C", None)
        screen.refresh_table()
        await pilot.pause()
        head = text_of(screen.query_one("#sc-action-head", Static))
        assert "adjacent" in head and "SC-12.1.4" in head
    assert app.errors == []


@run
async def test_the_status_line_names_the_defender_in_the_defence_step(sc_home: Path) -> None:  # noqa: F811
    """While Boris chooses his defence, the status line names Boris, not Alice; a number
    without a row says which numbers there are."""
    game = two_players()
    for side in (0, 1):
        game.submit(side, RULESET.legal_actions(game.state, side)[0])
    attacker = game.state.active
    options = game.options(attacker)
    game.submit(attacker, Attack(options.attacks[0].attacker, options.attacks[0].target))
    defender = 1 - attacker
    app = make_app(sc_home)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = screen_of(game, viewer=defender)
        app.push_screen(screen)
        await pilot.pause()
        assert isinstance(app.screen, DecisionDialog)
        status = text_of(screen.query_one("#kit-status", Static))
        name = ("Alice", "Boris")[defender]
        assert f"{name} (Player {defender + 1}): Defence step" in status
    assert app.errors == []


@run
async def test_the_defence_dialog_offers_only_the_stats_that_can_defend_by_number(sc_home: Path) -> None:  # noqa: F811
    """SC-3.3, SC-5.3: the target has no Resilience, so the kit's decision dialog offers
    Potential and Support only, each after the digit that chooses it, with the chance
    its roll beats the attack roll (written one way, tui.kit.odds) and what is lost
    either way; 2 defends with Support, the stat written beside it."""
    from tui.kit.odds import format_odds

    game = two_players()
    game.state = position(["1A 4/3/3"], ["2A 4/0/3"], reserves=((1, 1, 1), (1, 1, 1)))
    game.submit(0, Attack("1A", "2A"))
    assert game.state.phase == "defend"
    app = make_app(sc_home)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = screen_of(game, viewer=1)
        app.push_screen(screen)
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, DecisionDialog)
        assert [c.action.stat for c in dialog.decision.choices] == ["pot", "sup"]
        menu = dialog.query_one("#choice-list")
        shown = [menu.option_text(i) for i in range(menu.option_count)]
        assert shown[0].startswith("1 Potential") and shown[1].startswith("2 Support")
        assert not any("Resilience" in line for line in shown)
        odds = format_odds(dialog.decision.choices[1].odds)
        assert f"{odds}: the defence beats the attack roll" in shown[1]
        assert "if the defence wins, 1A loses" in shown[1]
        await pilot.press("2")
        await pilot.pause()
        defence = [e for e in game.events if isinstance(e, DefenceRolled)]
        assert defence[-1].stat == "sup"
    assert app.errors == []


@run
async def test_after_backing_out_of_a_rearrangement_enter_is_in_the_footer(sc_home: Path) -> None:  # noqa: F811
    """Esc from the rolled reinforcement: the footer says what Enter does (rearrange)."""
    game = two_players()
    for side in (0, 1):
        game.submit(side, RULESET.legal_actions(game.state, side)[0])
    active = game.state.active
    options = game.options(active)
    game.submit(active, Attack(options.attacks[0].attacker, options.attacks[0].target))
    game.submit(1 - active, RULESET.legal_actions(game.state, 1 - active)[0])
    game.submit(active, RULESET.legal_actions(game.state, active)[0])  # a reinforcement die
    assert game.state.phase == "regroup"
    app = make_app(sc_home)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(screen_of(game, viewer=active))
        await pilot.pause()
        assert isinstance(app.screen, RegroupScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, SixChancesScreen)
        assert "Rearrange" in footer(app)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, RegroupScreen)
    assert app.errors == []


@run
async def test_long_names_leave_the_opponent_in_the_title(sc_home: Path) -> None:  # noqa: F811
    """Names of any length and script are cut so that both stay in the title bar."""
    long = "🎲🐉 שלום " + "Z̷a̷l̷g̷o̷" * 20
    game = Game(RULESET, Setup(), seed=SEED, players=(long, "Boris"))
    app = make_app(sc_home)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = screen_of(game)
        app.push_screen(screen)
        await pilot.pause()
        from rich.cells import cell_len

        from tui.widgets.bars import TitleBar

        bar = screen.query_one(TitleBar)
        title = bar.render()
        assert title.endswith("v Boris") and cell_len(title) <= 80
    assert app.errors == []


@run
async def test_help_typed_as_an_action_shows_the_notation(sc_home: Path) -> None:  # noqa: F811
    """``help`` after ``:`` answers with every form of the notation."""
    from engine.rulesets.sixchances.actions import NOTATION

    game = two_players()
    for side in (0, 1):
        game.submit(side, RULESET.legal_actions(game.state, side)[0])
    app = make_app(sc_home)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(screen_of(game, viewer=game.state.active))
        await pilot.pause()
        await pilot.press("colon", "h", "e", "l", "p", "enter")
        await pilot.pause()
        shown = " ".join(text_of(w) for w in app.screen.query(Static))
        for form, _meaning in NOTATION:
            assert form in shown
    assert app.errors == []


@run
async def test_the_help_of_the_table_and_of_the_command_line_lists_the_notation(sc_home: Path) -> None:  # noqa: F811
    """``?`` on the table lists the keys and then every form of the notation with what it
    does; F1 in the command line (``:``) shows them too, not only the editing keys."""
    from engine.rulesets.sixchances.actions import NOTATION

    game = two_players()
    for side in (0, 1):
        game.submit(side, RULESET.legal_actions(game.state, side)[0])
    app = make_app(sc_home)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(screen_of(game, viewer=game.state.active))
        await pilot.pause()
        await pilot.press("question_mark")
        await pilot.pause()
        help_screen = app.screen
        assert isinstance(help_screen, HelpScreen)
        assert [form for form, _meaning in help_screen.notes] == [form for form, _meaning in NOTATION]
        notes_text = text_of(help_screen.query_one("#help-notes", Static))
        assert "1A x 2B" in notes_text and "Squad 1A attacks squad 2B" in notes_text
        await pilot.press("escape", "colon", "f1")
        await pilot.pause()
        help_screen = app.screen
        assert isinstance(help_screen, HelpScreen)
        assert "regroup none" in text_of(help_screen.query_one("#help-notes", Static))
    assert app.errors == []


@run
async def test_the_reinforcement_editor_takes_an_action_typed_after_a_colon(sc_home: Path) -> None:  # noqa: F811
    """SC-9.3: ``:`` in the rearrangement opens the command line; ``regroup none`` plays
    the rearrangement (nothing moves) and the turn goes on; its help lists the notation."""
    game = two_players()
    game.state = position(
        ["1A 3/3/3"],
        ["2A 3/3/3"],
        reserves=((2, 2, 2), (1, 1, 1)),
        unused_dice=((4, 6, 8, 10, 12), (4,)),
        phase="regroup",
        die=20,
        allowance=5,
    )
    app = make_app(sc_home)
    async with app.run_test(size=(100, 30)) as pilot:
        app.push_screen(screen_of(game, viewer=0))
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, RegroupScreen)
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen) and app.screen.notes
        await pilot.press("escape", "colon", *"regroup none", "enter")
        await pilot.pause()
        await pilot.pause()
        assert game.state.phase != "regroup"
        assert game.records[-1].text == "regroup none"
    assert app.errors == []


# ---------------------------------------------------------------------------
# 14, 18. Keys: footers that fit, help in the player's language
# ---------------------------------------------------------------------------
async def _open(pilot: Pilot[Any], game: Game, where: str) -> None:
    """Bring a standard game to the screen ``where``."""
    app = pilot.app
    screen = table(app)
    if where in ("builder", "curtain", "attack"):
        return
    if where == "targets":
        await pilot.press("enter")
    elif where == "defence":
        await pilot.press("enter", "enter")  # the decision dialog opens at once
    elif where in ("support", "regroup", "table_regroup"):
        await pilot.press("enter", "enter")
        await pilot.pause()
        await pilot.press("1")  # the defence
        await pilot.pause()
        if where != "support":
            await pilot.press("enter")  # the reinforcement die: the rearrangement opens
            await pilot.pause()
            if where == "table_regroup":
                await pilot.press("escape")
    elif where == "log":
        await pilot.press("l")
    elif where == "over":
        import random

        rng = random.Random(4)
        while game.to_act():
            side = min(game.to_act())
            game.submit(side, RULESET.random_action(game.state, side, rng))
        screen.sync()
    await pilot.pause()


WHERE = [
    "builder",
    "curtain",
    "attack",
    "targets",
    "defence",
    "support",
    "regroup",
    "table_regroup",
    "log",
    "over",
]


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("where", WHERE)
def test_every_footer_fits_80_columns(sc_home: Path, where: str, lang: str) -> None:  # noqa: F811
    """No key description is cut at 80 columns, in English or Russian."""

    @run
    async def go() -> None:
        game = two_players()
        if where not in ("builder", "curtain"):
            for side in (0, 1):
                game.submit(side, RULESET.legal_actions(game.state, side)[0])
        app = make_app(sc_home, language=lang)
        async with app.run_test(size=(80, 24)) as pilot:
            viewer = None if where == "curtain" else min(game.to_act())
            app.push_screen(screen_of(game, viewer=viewer))
            await pilot.pause()
            await _open(pilot, game, where)
            line = footer(app)
            assert len(line) <= 80, (type(app.screen).__name__, line)
            if where == "builder":
                await pilot.press("enter")  # the builder's seal dialog is not ready yet
        assert app.errors == []

    go()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_field_footers_fit_80_columns(sc_home: Path, lang: str) -> None:  # noqa: F811
    """The field's attack step (move, pass) and the move dialog fit too."""

    @run
    async def go() -> None:
        app = make_app(sc_home, language=lang)
        async with app.run_test(size=(80, 24)) as pilot:
            screen = screen_of(_field_game(), viewer=0)
            app.push_screen(screen)
            await pilot.pause()
            assert len(footer(app)) <= 80, footer(app)
            await pilot.press("m")
            await pilot.pause()
            assert isinstance(app.screen, ChoiceDialog)
            assert len(footer(app)) <= 80, footer(app)
        assert app.errors == []

    go()


@pytest.mark.parametrize(("lang", "cyrillic"), [("en", False), ("ru", True)])
def test_the_help_lists_russian_letters_only_in_russian(sc_home: Path, lang: str, cyrillic: bool) -> None:  # noqa: F811
    @run
    async def go() -> None:
        app = make_app(sc_home, language=lang)
        async with app.run_test(size=(80, 24)) as pilot:
            app.push_screen(screen_of(two_players()))
            await pilot.pause()
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(app.screen, SquadBuilderScreen)
            await pilot.press("question_mark")
            await pilot.pause()
            keys = " ".join(k for k, _t in app.screen.rows)
            assert ("ы" in keys) is cyrillic and "s" in keys
        assert app.errors == []

    go()


@run
async def test_the_builder_keeps_no_stale_lines(sc_home: Path) -> None:  # noqa: F811
    """After Clear all the suggestion line goes; the reserve's row does not repeat its total."""
    app = make_app(sc_home)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(screen_of(two_players()))
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        builder = app.screen
        await pilot.press("s", "s")
        await pilot.pause()
        hint = builder.query_one("#sc-build-hint", Static)
        assert "Suggestion 2" in text_of(hint)
        await pilot.press("c")
        await pilot.pause()
        assert "Suggestion" not in text_of(hint)
        await pilot.press("s")
        await pilot.pause()
        assert "Suggestion 1" in text_of(hint)
        assert "left" not in builder.editor.render().plain
    assert app.errors == []


# ---------------------------------------------------------------------------
# 15, 16, 18. Bars, the field's marks, the rearrangement's grid
# ---------------------------------------------------------------------------
def test_token_bars_are_the_same_everywhere() -> None:
    """A bar is one pip per token up to 6 and a "more" mark after, always 7 cells; the
    ASCII set never uses "+" (a Support pip there) for "more"."""
    from tui.rulesets.sixchances.tokens import BAR, pips

    for glyphs in ("unicode", "ascii"):
        for n in range(0, 13):
            bar = pips("pot", n, glyphs).plain
            assert len(bar) == BAR
            assert bar.rstrip() == bar.rstrip()[:1] * min(n, 6) + ("" if n <= 6 else bar.rstrip()[-1])
        assert pips("sup", 8, "ascii").plain == "++++++>"
        assert pips("pot", 4, "unicode").plain == "▴▴▴▴   "


@run
async def test_the_ascii_field_marks_free_cells_apart_from_support() -> None:
    """In ASCII, "+" is a Support pip: a free cell is "*"; the cell about to be chosen is
    bracketed, so it reads without colour."""
    from textual.app import App, ComposeResult

    from tui.rulesets.sixchances.field import FieldBoard

    class Host(App[None]):
        def compose(self) -> ComposeResult:
            yield FieldBoard(ascii_set=True, id="ascii")
            yield FieldBoard(ascii_set=False, id="unicode")

    app = Host()
    async with app.run_test(size=(80, 24)) as pilot:
        grid = app.query_one("#ascii", FieldBoard)
        grid.show({}, spots=["b2", "c2"], focus_cell="c2")
        await pilot.pause()
        text = board_text(grid)
        assert "*" in text and "[*]" in text and "+" not in text
        grid = app.query_one("#unicode", FieldBoard)
        grid.show({}, spots=["b2"])
        await pilot.pause()
        assert "+" in board_text(grid)


def board_text(board: Any) -> str:
    """What a board shows, line by line (its rendered lines' text)."""
    return "\n".join(board.render_line(y).text for y in range(board.size.height))


@run
async def test_the_field_is_the_kits_board_and_repaints_only_the_cells_that_changed() -> None:
    """SC-12.1.1: rows 4 to 1 from the top with their numbers, columns a-f above; the
    home zones come from the view; a change builds again only the lines of the cells it
    touches, and a click is mapped to its cell."""
    from textual.app import App, ComposeResult

    from tui.kit.board import BoardView
    from tui.rulesets.sixchances.field import FieldBoard, cell_index, cell_name

    chosen: list[str] = []

    class Host(App[None]):
        def compose(self) -> ComposeResult:
            yield FieldBoard(id="field")

        def on_board_view_chosen(self, event: BoardView.Chosen) -> None:
            chosen.append(cell_name(event.cell))

    assert [cell_name(i) for i in (0, 5, 6, 23)] == ["a1", "f1", "a2", "f4"]
    assert all(cell_index(cell_name(i)) == i for i in range(24))
    app = Host()
    async with app.run_test(size=(80, 24)) as pilot:
        board = app.query_one("#field", FieldBoard)
        homes = {f"{c}{r}": 0 if r <= 2 else 1 for c in "abcdef" for r in range(1, 5)}
        board.show({"a1": ("1A", 0), "c3": ("2B", 1)}, homes=homes)
        await pilot.pause()
        lines = board_text(board).splitlines()
        assert lines[0].split() == list("abcdef")
        assert lines[1].startswith("4 ") and lines[4].startswith("1 ")
        assert "1A" in lines[4] and "2B" in lines[2]
        assert board.layout_map.box(cell_index("c3")).y == 2
        built = board.lines_built
        board.show({"a1": ("1A", 0), "c3": ("2B", 1)}, homes=homes, selected="a1", targets=["c3"])
        await pilot.pause()
        assert "<1A>" in board_text(board) and "[2B]" in board_text(board)
        assert board.lines_built - built == 2  # the two lines of the two marked cells
        built = board.lines_built
        board.show({"a1": ("1A", 0), "c3": ("2B", 1)}, homes=homes, selected="a1", targets=["c3"])
        await pilot.pause()
        assert board.lines_built == built  # nothing changed: nothing built again
        box = board.layout_map.box(cell_index("b2"))
        inside = board.content_region.offset - board.region.offset  # past any frame and padding
        await pilot.click("#field", offset=(inside.x + box.x + 1, inside.y + box.y))
        await pilot.pause()
        assert chosen == ["b2"]


@run
async def test_the_rearrangement_on_the_field_shows_the_grid_and_a_click_places_the_new_squad(
    sc_home: Path,  # noqa: F811
) -> None:
    """SC-12.1.5: the cells a new squad may take are on the field; choosing one places it."""
    from engine.rulesets.sixchances.actions import Reinforce
    from tui.kit.board import BoardView
    from tui.rulesets.sixchances.field import FieldBoard, cell_index

    game = two_players(setup=Setup(field=True))
    game.state = position(
        ["1A 3/3/3 b2"], ["2A 2/2/2 b4"], setup=Setup(field=True), reserves=((4, 4, 4), (1, 1, 1))
    )
    game._base = (__import__("msgspec").msgpack.encode(game.state), 0)
    game.submit(0, "pass")
    game.submit(0, Reinforce(die=20))
    app = make_app(sc_home)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(screen_of(game, viewer=0))
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, RegroupScreen)
        grid = screen.query_one("#sc-regroup-grid", FieldBoard)
        cells = game.options(0).new_cells
        assert grid.spots and set(grid.spots) <= set(cells)
        target = sorted(grid.spots)[-1]
        screen.post_message(BoardView.Chosen(cell_index(target)))
        await pilot.pause()
        new = screen.editor.place(game.options(0).new_label)
        assert new.cell == target
        await pilot.press("left", "left", "left", "plus")  # a red token for the new squad
        await pilot.press("enter")
        await pilot.pause()
        assert game.state.players[0].squad(new.key).cell == target
    assert app.errors == []


# ---------------------------------------------------------------------------
# 13, 14. Tables that fit their panel, at every size and in Russian
# ---------------------------------------------------------------------------
def _attack_and_defence(field: bool) -> tuple[Game, int]:
    """A game at an attack declared (the defender to choose) and the attacker's side."""
    game = two_players(setup=Setup(field=field))
    for side in (0, 1):
        game.submit(side, RULESET.legal_actions(game.state, side)[3])
    import random

    rng = random.Random(11)
    while True:
        side = min(game.to_act())
        options = game.options(side)
        if game.state.phase == "attack" and options.attacks:
            return game, side
        game.submit(side, RULESET.random_action(game.state, side, rng))


SIZES = [((60, 20), False), ((80, 24), False), ((100, 30), False), ((80, 24), True), ((120, 40), True)]


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize(
    ("size", "field"), SIZES, ids=[f"{s[0]}x{s[1]}{'-field' if f else ''}" for s, f in SIZES]
)
def test_odds_tables_and_squad_rows_fit_without_wrapping(
    sc_home: Path,  # noqa: F811
    size: tuple[int, int],
    field: bool,
    lang: str,
) -> None:
    """Every line of the attack odds and of the squad lists fits its panel: nothing wraps,
    no head is cut (the defence is the kit's decision dialog, which wraps its answers
    under their labels); the squad rows still fit once the attack is declared."""
    from rich.cells import cell_len

    from tui.rulesets.sixchances.panels import SquadPanel, table_width

    @run
    async def go() -> None:
        game, attacker = _attack_and_defence(field)
        app = make_app(sc_home, language=lang)
        async with app.run_test(size=size) as pilot:
            screen = screen_of(game, viewer=attacker)
            app.push_screen(screen)
            await pilot.pause()
            await pilot.pause()
            width = screen.query_one("#sc-action").content_size.width
            odds = screen.query_one("#sc-odds", Static).render()
            table = getattr(odds, "_renderable", odds)
            assert table_width(table) <= width
            for side in (0, 1):
                panel = screen.query_one(f"#sc-side-{side}", SquadPanel)
                rows = panel.squads
                for i in range(rows.option_count):
                    assert cell_len(rows.get_option_at_index(i).prompt.plain) <= rows.content_size.width
            choice = game.options(attacker).attacks[0]
            screen.submit(Attack(choice.attacker, choice.target))
            await pilot.pause()
            await pilot.pause()
            assert isinstance(app.screen, DecisionDialog) and screen.viewer == 1 - attacker
            for side in (0, 1):
                rows = screen.query_one(f"#sc-side-{side}", SquadPanel).squads
                for i in range(rows.option_count):
                    assert cell_len(rows.get_option_at_index(i).prompt.plain) <= rows.content_size.width
        assert app.errors == []

    go()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_new_game_help_lists_the_arrows_that_change_a_value(sc_home: Path, lang: str) -> None:  # noqa: F811
    """The options of Six Chances Party (`< Standard >`) change with Left/Right as with
    -/+, and the help says so; the system list's keys are in the player's language."""
    from textual.widgets import Select

    @run
    async def check(sc_home: Path) -> None:  # noqa: F811
        app = make_app(sc_home, language=lang)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("n")
            await pilot.pause()
            await pilot.press("question_mark")
            await pilot.pause()
            menu = [text for keys, text in app.screen.rows if "space" in keys]
            assert menu == (["Show menu"] if lang == "en" else ["Открыть список"])
            await pilot.press("escape")
            app.screen.query_one("#ng-system", Select).value = "sixchances"
            await pilot.pause()
            await pilot.pause()
            app.screen.query_one("#sc-setup-list").focus()
            await pilot.pause()
            await pilot.press("question_mark")
            await pilot.pause()
            rows = dict(app.screen.rows)
            assert "←, -" in rows and "→, +" in rows
            await pilot.press("escape", "right")
            await pilot.pause()
            setup = app.screen.query_one("SixChancesSetupWidget")
            assert setup.choices().field  # the first row, the variant, changed with Right
        assert app.errors == []

    check(sc_home)
