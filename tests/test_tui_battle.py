"""The EVA battle screen driven as players would (Textual's pilot).

A whole seeded game is played through the screen by two players at one
terminal: deployment, activations, moves typed on the command line, shots and
melee chosen with keys, until one side wins; half-way the app is closed, a new
one loads the autosave and the game goes on exactly where it stopped.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from battle_support import (
    TestPlayer,
    auto_play,
    battle_screen,
    can_shoot,
    eva_game,
    first_side,
    is_acting,
    open_screen,
    pending_game,
)
from test_tui_app import home, make_app, run  # noqa: F401 - home is a fixture
from textual.widgets import Input

from engine.game import Game
from tui.kit.curtain import CurtainScreen
from tui.kit.dialogs import ChoiceDialog, DecisionDialog
from tui.kit.log import EventLog
from tui.kit.over import GameOverScreen
from tui.rulesets.eva.battle import EvaGameScreen
from tui.screens.dialogs import ConfirmScreen


async def _open(app: Any, pilot: Any, game: Game, curtain: bool = True) -> EvaGameScreen:
    return await open_screen(app, pilot, game, curtain)


@run
async def test_eva_whole_game_through_the_screen_with_a_save_and_resume_half_way(
    home: Path,  # noqa: F811 - the fixture imported above
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import engine.game
    from engine.dice import seed_only

    # the resumed game keys its rolls as the first half did (by the seed alone), so the
    # same game is played every time
    monkeypatch.setattr(engine.game, "new_entropy", seed_only)
    path = home / "saves" / "battle.json"
    game = eva_game(path)
    app = make_app(home)
    half = 0
    async with app.run_test(size=(80, 24)) as pilot:
        await _open(app, pilot, game)
        player = TestPlayer(pilot)
        while battle_screen(app).view is None or battle_screen(app).view.round < 2:
            assert await player.step()
        half = len(game.records)
        assert app.errors == []
    # a new app: Continue loads the latest save and the game goes on from there
    assert Game.load(path).records[-1].text == game.records[-1].text
    app = make_app(home)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("c")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert isinstance(app.screen, (CurtainScreen, EvaGameScreen))
        screen = battle_screen(app)
        assert len(screen.seat.record()) == half
        player = TestPlayer(pilot)
        for _ in range(2000):
            if not await player.step():
                break
        assert isinstance(app.screen, GameOverScreen)
        result = screen.seat.result()
        assert result is not None and result.winner is not None
        assert "wins" in app.screen.headline
        await pilot.press("enter")
        await pilot.pause()
        assert not any(isinstance(s, (EvaGameScreen, GameOverScreen)) for s in app.screen_stack)
        assert app.errors == []
    assert Game.load(path).result() == result


def _log_text(screen: EvaGameScreen) -> str:
    log = screen.query_one("#kit-log", EventLog)
    # the log wraps its lines: compare words
    return " ".join(" ".join(line.text for line in log.lines).split())


@run
async def test_eva_18_the_curtain_hides_one_side_from_the_other(home: Path) -> None:  # noqa: F811
    """When the side to act changes, the board is hidden until the next player presses a
    key, and that player's log never holds the other side's private events (EVA-18.3)."""
    game = auto_play(eva_game(), is_acting)
    side = min(game.to_act())
    app = make_app(home)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _open(app, pilot, game)
        assert isinstance(app.screen, CurtainScreen)
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is screen and screen.viewer == side
        mine = _log_text(screen)
        private = [e.text() for e in game.events if e.to == (side,)]
        assert private and all(" ".join(text.split()) in mine for text in private)
        await pilot.press("e")  # end the activation: the other player is next
        await pilot.pause()
        assert isinstance(app.screen, CurtainScreen)
        await pilot.press("x")  # any letter lifts it
        await pilot.pause()
        assert app.screen is screen and screen.viewer == 1 - side
        theirs = _log_text(screen)
        for event in game.events:
            if event.to == (side,):
                assert " ".join(event.text().split()) not in theirs
    assert app.errors == []


@run
async def test_eva_11_9_a_pending_decision_is_asked_of_the_side_that_decides(home: Path) -> None:  # noqa: F811
    """Player 2 names the trauma zone of Player 1's Eva (default legs preselected);
    then Player 1 chooses which weapon to keep after the arms trauma (EVA-9.7)."""
    game = pending_game()
    app = make_app(home)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _open(app, pilot, game)
        assert isinstance(app.screen, CurtainScreen) and screen.viewer == 1
        await pilot.press("enter")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, DecisionDialog)
        menu = dialog.query_one("#choice-list")
        notations = [c.notation for c in dialog.decision.choices]
        assert notations[menu.highlighted] == "trauma legs"  # the rules' default
        assert notations == ["trauma arms", "trauma legs", "trauma body"]
        await pilot.press("up", "enter")  # arms
        await pilot.pause()
        assert game.state.units[0].trauma("arms")
        # now Player 1 keeps one weapon: behind the curtain again
        assert isinstance(app.screen, CurtainScreen) and screen.viewer == 0
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, DecisionDialog)
        await pilot.press("enter")  # the default: the rifle
        await pilot.pause()
        unit = game.state.units[0]
        assert [unit.items[i].label for i in unit.hands] == ["rifle"]
        assert app.screen is screen
    assert app.errors == []


def _dialog_text(dialog: ChoiceDialog) -> str:
    return " ".join(str(line) for line in dialog.lines)


@run
async def test_eva_5_2_the_zone_dialog_names_the_roll_off_winner_as_the_log_does(home: Path) -> None:  # noqa: F811
    """EVA-5.2: the deployment zone dialog writes the roll-off with the players' names,
    like the log, and the rows with an en dash."""
    game = eva_game()
    app = make_app(home)
    async with app.run_test(size=(80, 24)) as pilot:
        await _open(app, pilot, game)
        await pilot.press("enter")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, DecisionDialog)
        text = _dialog_text(dialog)
        winner = ("Asuka", "Rei")[game.state.chooser]
        assert "Deployment roll-off:" in text and f"— {winner} wins." in text and "Player" not in text
        assert [c.label for c in dialog.decision.choices] == ["South", "North"]
        assert [c.detail.split(";")[0] for c in dialog.decision.choices] == ["rows 1–3", "rows 28–30"]
        assert [c.notation for c in dialog.decision.choices] == ["choose south", "choose north"]
    assert app.errors == []


@run
async def test_eva_11_9_the_trauma_dialog_says_whose_eva_when_both_sides_have_the_name(home: Path) -> None:  # noqa: F811
    """EVA-11.9: both players have an Eva named A; the trauma zone dialog and its
    exchange line say whose A is meant."""
    game = pending_game(defender="A")
    app = make_app(home)
    async with app.run_test(size=(80, 24)) as pilot:
        await _open(app, pilot, game)
        await pilot.press("enter")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, DecisionDialog)
        text = _dialog_text(dialog)
        assert "name the zone of the trauma A (Asuka) suffers. (EVA-11.9)" in text
        assert "Melee: A (Asuka) rolls 1, 1" in text and "A (Rei) rolls 6, 6" in text
    assert app.errors == []


@run
async def test_the_command_line_refuses_with_the_rule_and_plays_notation(home: Path) -> None:  # noqa: F811
    game = auto_play(eva_game(), is_acting)
    side = min(game.to_act())
    opts = game.options(side)
    name = game.view(side).units[opts.unit].name
    app = make_app(home)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _open(app, pilot, game, curtain=False)
        command = screen.query_one("#kit-command", Input)
        await pilot.press("colon")
        assert command.has_focus
        command.insert_text_at_cursor(f"{name} jump A1")
        await pilot.press("enter")
        await pilot.pause()
        hint = str(screen.query_one("#kit-hint").render())
        assert "EVA-" in hint and command.value == f"{name} jump A1"  # kept, to be corrected
        # Escape abandons the order: its text and its refusal go, the board has the keys
        await pilot.press("escape")
        await pilot.pause()
        assert command.value == "" and screen.board.has_focus
        assert "EVA-" not in str(screen.query_one("#kit-hint").render())
        await pilot.press("colon")
        assert command.has_focus and command.value == ""
        command.insert_text_at_cursor(f"{name} jump A1")
        await pilot.press("enter")
        await pilot.pause()
        command.value = ""
        command.insert_text_at_cursor(f"{name} kneel")
        await pilot.press("enter")
        await pilot.pause()
        assert command.value == "" and game.state.units[opts.unit].kneeling
        # played: the line is cleared and the board has the keys again
        assert screen.board.has_focus
        # take it back: no die was rolled
        await pilot.press("u")
        await pilot.pause()
        assert not game.state.units[opts.unit].kneeling
    assert app.errors == []


@run
async def test_the_command_line_completes_names_and_orders_from_the_seat(home: Path) -> None:  # noqa: F811
    """Completion offers the seat's legal actions in notation, and a move of the active
    Eva to every square it reaches, whatever case is typed."""
    from engine.rulesets.eva.actions import Move

    game = auto_play(eva_game(), is_acting)
    side = min(game.to_act())
    view, opts = game.view(side), game.options(side)
    name = view.units[opts.unit].name
    app = make_app(home)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _open(app, pilot, game, curtain=False)
        suggester = screen.query_one("#kit-command", Input).suggester
        assert suggester is not None
        typed = name[:3].lower()
        assert (await suggester.get_suggestion(typed) or "").startswith(typed + name[3:])
        assert await suggester.get_suggestion(f"{name} kn") == f"{name} kneel"
        assert await suggester.get_suggestion(f"{name} en") == f"{name} end"
        assert await suggester.get_suggestion("zzz") is None
        texts = screen.completions()
        assert f"{name} end" in texts and "concede" in texts
        far = max(opts.moves, key=lambda m: m.cost)
        assert game.format(side, Move(opts.unit, [view.units[opts.unit].square, far.square])) in texts
    assert app.errors == []


@run
async def test_eva_5_11_conceding_asks_first_and_ends_the_game(home: Path) -> None:  # noqa: F811
    game = auto_play(eva_game(), is_acting)
    side = min(game.to_act())
    app = make_app(home)
    async with app.run_test(size=(80, 24)) as pilot:
        await _open(app, pilot, game, curtain=False)
        await pilot.press("C")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")
        await pilot.pause()
        assert game.result() is None
        await pilot.press("C", "y")
        await pilot.pause()
        assert isinstance(app.screen, GameOverScreen)
        assert game.result() is not None and game.result().winner == 1 - side
    assert app.errors == []


@run
async def test_escape_asks_before_leaving_and_the_help_explains_the_board(home: Path) -> None:  # noqa: F811
    game = auto_play(eva_game(), is_acting)
    app = make_app(home)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _open(app, pilot, game, curtain=False)
        await pilot.press("question_mark")
        await pilot.pause()
        help_rows = dict(app.screen.rows)
        assert help_rows["e"] == "✓ End"  # applies now (the Russian layout's у only in Russian)
        assert help_rows["j"] == "  Jump"  # listed although it does not apply now
        assert any("airborne" in text for text in help_rows.values())
        assert any("energy" in text for text in help_rows.values())
        # the shared keys, the same in every system: undo, the whole log, leave
        assert help_rows["u, ^z"].endswith("Undo") and help_rows["l"].endswith("Log")
        # the orders of the command line, in the help (under the keys)
        notes = dict(app.screen.notes)
        for form in (
            "<Eva> deploy",
            "activate <Eva>",
            "<Eva> E4-B6",
            "<Eva> fire",
            "<Eva> end",
            "<Eva> swap",
        ):
            assert any(f.startswith(form) for f in notes), form
        assert "berserk" in notes["activate <Eva> [berserk]"]
        assert "Eva-01 deploy C2" in notes["<Eva> deploy <square> [weapons]"]
        # longer than the screen: it scrolls, with the keys
        keys = app.screen.query_one("#help-keys")
        assert keys.has_focus and keys.max_scroll_y > 0
        await pilot.press("end")
        await pilot.pause()
        assert keys.scroll_y == keys.max_scroll_y
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")
        await pilot.pause()
        assert app.screen is screen
        await pilot.press("escape", "y")
        await pilot.pause()
        assert screen not in app.screen_stack
    assert app.errors == []


@run
async def test_switching_to_ascii_and_russian_keeps_the_game_where_it_is(home: Path) -> None:  # noqa: F811
    game = auto_play(eva_game(), is_acting)
    app = make_app(home)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _open(app, pilot, game, curtain=False)
        before = (screen.viewer, screen.opts.unit, len(game.records))
        await app.change_glyphs("ascii")
        await app.change_language("ru")
        await pilot.pause()
        assert screen.board.glyphs.name == "ascii"
        assert (screen.viewer, screen.opts.unit, len(game.records)) == before
        assert "Тур" in str(screen.query_one("#kit-status").render())
        assert screen.query_one("#kit-log").border_title == "Журнал"
        assert screen.board.cursor == game.state.units[screen.opts.unit].square
    assert app.errors == []


@run
async def test_the_curtain_lifts_only_on_enter_space_or_a_letter_and_eats_typed_ahead_keys(
    home: Path,  # noqa: F811
) -> None:
    from textual import events

    game = auto_play(eva_game(), is_acting)
    side = min(game.to_act())
    records = len(game.records)
    app = make_app(home)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _open(app, pilot, game)
        assert isinstance(app.screen, CurtainScreen)
        await pilot.press("colon", "1")
        await pilot.pause()
        assert isinstance(app.screen, CurtainScreen)  # not a letter: still hidden
        # a letter, then "e" typed ahead in the same burst: the letter lifts the curtain
        # and is used up; the "e" must not end the next player's activation
        app.post_message(events.Key("x", "x"))
        app.post_message(events.Key("e", "e"))
        await pilot.pause()
        await pilot.pause()
        assert app.screen is screen and screen.viewer == side
        assert len(game.records) == records and not screen.query_one("#kit-command", Input).value
        await pilot.press("e")  # now it is the player's key
        await pilot.pause()
        assert len(game.records) == records + 1
    assert app.errors == []


@run
async def test_tab_goes_to_the_command_line_and_back(home: Path) -> None:  # noqa: F811
    game = auto_play(eva_game(), is_acting)
    app = make_app(home)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _open(app, pilot, game, curtain=False)
        command = screen.query_one("#kit-command", Input)
        await pilot.press("tab")
        assert command.has_focus
        await pilot.press("tab")
        assert screen.board.has_focus
    assert app.errors == []


def _no_shot(game: Game) -> bool:
    o = game.options(min(game.to_act()))
    return is_acting(game) and not o.shots


@run
async def test_fire_without_a_target_says_why(home: Path) -> None:  # noqa: F811
    game = auto_play(eva_game(), _no_shot)
    app = make_app(home)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _open(app, pilot, game, curtain=False)
        await pilot.press("f")
        await pilot.pause()
        hint = str(screen.query_one("#kit-hint").render())
        assert "EVA-" in hint and screen.mode == ""
    assert app.errors == []


@run
async def test_eva_16_7_activating_an_eva_that_may_roll_asks_about_berserk(home: Path) -> None:  # noqa: F811
    from engine.rulesets.eva import actions as act

    def activating(g: Game) -> bool:
        return g.options(min(g.to_act())).kind == "activate"

    game = auto_play(eva_game(), activating)
    side = min(game.to_act())
    opts = game.options(side)
    unit = game.state.units[opts.activatable[0]]
    unit.equipment = [*unit.equipment, "berserk"]
    unit.armour = 5
    assert opts.activatable[0] in game.options(side).berserk_roll
    app = make_app(home)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _open(app, pilot, game, curtain=False)
        screen.board.move_cursor(unit.square)
        await pilot.press("enter")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, ChoiceDialog) and dialog.choice_title == "Roll for Berserk?"
        await pilot.press("down", "enter")  # roll for it
        await pilot.pause()
        record = game.records[-1]
        assert record.text.endswith(" berserk")  # in the owner's record
        assert record.public is not None and "berserk" not in record.public  # not for the other
        assert isinstance(act.Activate, type)
    assert app.errors == []


@run
async def test_the_log_and_game_over_name_the_players_and_go_to_the_title(home: Path) -> None:  # noqa: F811
    from tui.screens.title import TitleScreen

    game = auto_play(eva_game())
    app = make_app(home)
    async with app.run_test(size=(80, 24)) as pilot:
        await _open(app, pilot, game, curtain=False)
        await pilot.pause()
        over = app.screen
        assert isinstance(over, GameOverScreen)
        summary = str(over.query_one("#kit-over-summary").render())
        assert "Asuka" in summary and "Rei" in summary
        assert "before the AT field" in summary and "–" not in summary
        assert any("Asuka" in line.plain or "Rei" in line.plain for line in over.log_lines)
        assert not any("Player 1" in line.plain or "Player 2" in line.plain for line in over.log_lines)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen) and len(app.screen_stack) == 1
    assert app.errors == []


@run
async def test_the_ascii_glyph_set_draws_the_panels_in_ascii(home: Path) -> None:  # noqa: F811
    game = auto_play(eva_game(), can_shoot)
    app = make_app(home, ascii_glyphs=True)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _open(app, pilot, game, curtain=False)
        await pilot.press("f")
        await pilot.pause()
        texts = [str(screen.query_one(f"#{name}").render()) for name in ("kit-status", "battle-cursor")]
        texts += [
            str(screen.query_one("#unit-panel").render()),
            str(screen.query_one("#kit-hint").render()),
        ]
        texts += [line.text for line in screen.query_one("#kit-log", EventLog).lines]
        for text in texts:
            assert text.isascii(), text
        await pilot.press("enter")  # the fire dialog
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, ChoiceDialog)
        assert all(str(s.render()).isascii() for s in dialog.query(".dialog-text"))
    assert app.errors == []


@run
async def test_eva_14_1_a_neutralisation_is_confirmed_with_its_odds_like_an_attack(home: Path) -> None:  # noqa: F811
    """EVA-14: choosing an AT field to neutralise shows the attempt (the attack roll's
    odds, or automatic when engaged; the opposed roll; the energy) before it is made;
    Cancel leaves the game as it was, the default choice makes the attempt."""

    def can_neutralise(g: Game) -> bool:
        o = g.options(first_side(g))
        return o.kind == "act" and bool(o.neutralise)

    game = auto_play(eva_game(), can_neutralise)
    opts = game.options(first_side(game))
    app = make_app(home)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _open(app, pilot, game, curtain=False)
        before = len(game.records)
        await pilot.press("n")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, ChoiceDialog)
        text = _dialog_text(dialog)
        first = opts.neutralise[0]
        assert "(EVA-14)" in text and "(EVA-14.3)" in text and f"Energy: {first.energy}" in text
        if first.automatic:
            assert "without a die" in text
        else:
            assert f"TN {first.tn}+" in text
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen and len(game.records) == before
        assert screen.mode == "neutralise"  # back to choosing, as after a cancelled attack
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("enter")  # the default: make the attempt
        await pilot.pause()
        assert len(game.records) == before + 1
        assert game.records[-1].text.split()[1] == "neutralise"
    assert app.errors == []


def test_eva_16_4_the_odds_name_the_targeting_re_roll_and_a_burst_its_shots() -> None:
    from eva_support import make_state, start

    from engine.rulesets.eva.options import options
    from engine.rulesets.eva.view import view as eva_view
    from tui.rulesets.eva.panels import shot_details

    state = make_state(
        [
            {
                "name": "A",
                "side": 0,
                "square": "E4",
                "weapons": [("rifle", True)],
                "equipment": ["targeting"],
            },
            {"name": "B", "side": 1, "square": "E10", "weapons": ["rifle"]},
        ]
    )
    start(state, "A")
    shot = options(state, 0).shots[0]
    assert shot.burst_shots == 3 and shot.roll_notes[0][1] == "EVA-16.4"
    lines = shot_details(eva_view(state, 0), shot)
    assert any("Targeting System" in line and "EVA-16.4" in line for line in lines)


def test_player_names_replace_the_default_labels_without_doubling() -> None:
    from tui.rulesets.eva.panels import named_players, player_name

    assert player_name(["Player 1", "Борис"], 0) == "Player 1"
    assert player_name(["Player 1", "Борис"], 1) == "Борис (Player 2)"
    assert named_players("Player 2 wins (concession).", ["Asuka", "Борис"]) == "Борис wins (concession)."
    assert (
        named_players("Player 1 takes the south zone.", ["Player 1", "Rei"])
        == "Player 1 takes the south zone."
    )


def test_eva_18_1_a_log_line_starts_with_its_evas_glyph_when_both_sides_have_the_name() -> None:
    """EVA-18.1: every line of an Eva's event starts with that Eva's board glyph, also
    for a name both sides have (the line of each A has its own A's glyph)."""
    from eva_support import make_state, play, start

    from engine.rulesets.eva import events as ev
    from engine.rulesets.eva.view import view
    from tui.rulesets.eva.panels import event_line, log_glyphs, unit_glyphs

    state = make_state(
        [
            {"name": "A", "side": 0, "square": "F10", "weapons": ["knife"]},
            {"name": "A", "side": 1, "square": "F11", "weapons": ["qspear"]},
        ]
    )
    events = start(state, "A") + play(state, 0, "A melee F11", [6, 5, 3, 4, 4, 5, 6])
    v = view(state, None)
    mine, theirs = unit_glyphs(v)
    assert mine != theirs
    glyphs = log_glyphs(v)
    lines = {type(e).__name__: event_line(e, None, ("Asuka", "Rei"), glyphs).plain for e in events}
    assert lines["Activated"] == f"{mine} A (Asuka) is activated."
    assert lines["MeleeRolled"].startswith(f"{mine} Melee: A (Asuka) rolls 6, 5")
    damage = [
        event_line(e, None, ("Asuka", "Rei"), glyphs).plain for e in events if isinstance(e, ev.DamageDice)
    ]
    assert damage == [
        f"{theirs} A (Rei) suffers 9 damage before the AT field (damage dice 4, 5).",
        f"{mine} A (Asuka) suffers 6 damage before the AT field (damage die 6).",
    ]


@run
async def test_a_target_entry_that_wraps_stays_indented_under_its_entry() -> None:
    """The Targets panel: an entry's second line, and what wraps of it, are indented."""
    from rich.text import Text
    from textual.app import App, ComposeResult

    from tui.rulesets.eva.panels import ChoiceRows

    class Narrow(App[None]):
        CSS = "ChoiceRows { width: 30; height: 8; }"

        def compose(self) -> ComposeResult:
            yield ChoiceRows(pointer=">", id="rows")

    app = Narrow()
    async with app.run_test(size=(40, 10)) as pilot:
        rows = app.query_one(ChoiceRows)
        rows.set_rows([("0", Text("1 Eva-1 J18 50%\nHeavy Pallet Rifle, close, cover, not seen"))])
        await pilot.pause()
        lines = [rows.render_line(y).text.rstrip() for y in range(4)]
        assert lines[0].startswith("> 1 Eva-1 J18 50%")
        body = [line for line in lines[1:] if line.strip()]
        assert len(body) >= 2  # it wraps at 30 columns
        assert all(line.startswith("    ") for line in body), lines
        assert "not seen" in " ".join(body)


@pytest.mark.parametrize("ascii_glyphs", [False, True])
@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
def test_the_legend_draws_a_target_as_the_board_does(
    home: Path,  # noqa: F811
    ascii_glyphs: bool,
    size: tuple[int, int],
) -> None:
    """The help's "a legal target" row is the cell the board draws on a target, and its
    rows on the marks beside an Eva say where they are drawn (two-cell squares hold the
    glyph and one mark; three-cell squares both marks)."""

    @run
    async def go() -> None:
        game = auto_play(eva_game(), can_shoot)
        app = make_app(home, ascii_glyphs=ascii_glyphs)
        async with app.run_test(size=size) as pilot:
            screen = await _open(app, pilot, game, curtain=False)
            await pilot.press("f")
            await pilot.pause()
            board = screen.board
            square = next(s for s, o in board.overlay.items() if o.kind == "target")
            drawn, _style = board.cell_text(square, 0)
            glyph = board.units[square].glyph
            shown = dict((text, glyphs) for glyphs, text in screen.legend_rows())["a legal target"]
            assert drawn.strip() == shown.replace("A", glyph)
            g = board.glyphs
            assert shown == (
                f"{g.target_left}A{g.target_right}" if board.cell_width == 3 else f"A{g.target_right}"
            )
            # the marks beside an Eva: both sides on three-cell squares, one mark after the
            # glyph on two-cell squares (as cell_text draws them)
            texts = [text for _glyphs, text in screen.legend_rows()]
            if board.cell_width == 3:
                assert "left of an Eva: airborne, kneeling" in texts
            else:
                assert not any(text.startswith("left of an Eva") for text in texts)
                assert any(text.startswith("right of an Eva, one mark") for text in texts)
        assert app.errors == []

    go()


@run
async def test_eva_9_3_the_weapons_dialog_gives_each_choice_as_an_order(home: Path) -> None:  # noqa: F811
    """Each hand configuration shows, under its names and cost, the order that makes it,
    with the items' notation words (``swap hrifle+knife``); that order is accepted."""
    from engine.rulesets.eva.notation import parse_action
    from tui.widgets.pointer_list import PointerList

    def can_swap(g: Game) -> bool:
        o = g.options(min(g.to_act()))
        return o.kind == "act" and bool(o.swaps)

    game = auto_play(eva_game(), can_swap)
    side = min(game.to_act())
    opts, view = game.options(side), game.view(side)
    unit = view.units[opts.unit]
    app = make_app(home)
    async with app.run_test(size=(80, 24)) as pilot:
        await _open(app, pilot, game, curtain=False)
        await pilot.press("w")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, ChoiceDialog)
        rows = dialog.query_one(PointerList)
        held = "+".join(unit.items[h].label for h in unit.hands) or "-"
        assert str(dialog.query_one(".dialog-text").render()).endswith(f"({held})")
        for i, (hands, cost) in enumerate(opts.swaps):
            first, order = rows.option_text(i).split("\n")
            words = "+".join(unit.items[h].label for h in hands) or "-"
            assert order == f"swap {words}"
            assert first.endswith(f"{cost} energy")
            action = parse_action(game.state, side, f"{unit.name} {order}")
            assert sorted(action.hands) == sorted(hands)
    assert app.errors == []


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("roster", ["long-watch", "nerv-first-squad", "mass-production"])
def test_eva_9_1_the_panel_of_an_eva_being_placed_shows_every_line_at_80x24(
    home: Path,  # noqa: F811
    roster: str,
    lang: str,
) -> None:
    """Deployment: for each Eva of the example rosters and each of its hand
    configurations, the panel says what it will hold and stow once placed, and none of
    its lines (as wrapped) is cut off."""
    from battle_support import is_deploying
    from textual.widgets import Static

    from engine.i18n import _ as tr

    @run
    async def go() -> None:
        game = auto_play(eva_game(rosters=(roster, roster)), lambda g: is_deploying(g, 0))
        app = make_app(home, language=lang)
        async with app.run_test(size=(80, 24)) as pilot:
            screen = await _open(app, pilot, game, curtain=False)
            panel = screen.query_one("#unit-panel", Static)
            seen = set()
            for _eva in range(8):
                for _hands in range(4):
                    box = panel.content_region
                    assert panel.get_content_height(box, box, box.width) <= box.height, str(panel.content)
                    shown = "\n".join(panel.render_line(y).text for y in range(panel.size.height))
                    assert tr("Holds when placed: {hands}").split("{")[0].strip() in shown, shown
                    # the last line (the Eva's state) shows, so nothing above it is cut
                    assert tr("not deployed") in shown, shown
                    seen.add((screen.deploy_unit, shown))
                    await pilot.press("h")
                    await pilot.pause()
                await pilot.press("right_square_bracket")
                await pilot.pause()
            assert len({unit for unit, _plain in seen}) > 1
        assert app.errors == []

    go()


def test_a_turn_starts_with_the_eva_in_play_and_the_nearest_enemy_in_view(home: Path) -> None:  # noqa: F811
    """At 80x24 the board shows 19 of its 30 rows: when a side's turn starts (after the
    curtain, and on resuming a saved game) the view shows the Eva in play and, when both
    fit, the enemy Eva nearest to it."""
    from battle_support import W

    from tui.rulesets.eva.board import square_name

    def starts(g: Game, seen: set[tuple[int, int]]) -> bool:
        side = min(g.to_act())
        o = g.options(side)
        return o.kind == "act" and (g.view(side).round, o.unit) not in seen and bool(o.moves)

    @run
    async def go() -> None:
        game = eva_game(round_limit=None)
        seen: set[tuple[int, int]] = set()
        checked = 0
        for _turn in range(14):
            auto_play(game, lambda g: starts(g, seen))
            if not game.to_act():
                break
            side = min(game.to_act())
            view, opts = game.view(side), game.options(side)
            seen.add((view.round, opts.unit))
            app = make_app(home)
            async with app.run_test(size=(80, 24)) as pilot:
                screen = await _open(app, pilot, game, curtain=True)
                await pilot.press("enter")  # lift the curtain
                await pilot.pause()
                board = screen.board
                top, rows = int(board.scroll_offset.y), board.size.height

                def shown(square: int) -> bool:
                    return top <= board.line_of(square) < top + rows  # noqa: B023

                mine = view.units[opts.unit].square
                assert shown(mine), (square_name(mine), top)
                enemies = [u.square for u in view.units if u.side != side and u.square >= 0]
                near = min(enemies, key=lambda s: (s % W - mine % W) ** 2 + (s // W - mine // W) ** 2)
                if abs(board.line_of(near) - board.line_of(mine)) + 3 <= rows:
                    assert shown(near), (square_name(mine), square_name(near), top)
                    checked += 1
            assert app.errors == []
        assert checked >= 1

    go()
