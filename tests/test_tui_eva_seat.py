"""What the EVA battle screen asks of its seat, and the fixes that came with the kit.

The screen reads only its seats (:mod:`engine.seat`): the hand-overs the ruleset
says need no curtain (EVA-18.5), the default hands of a deployment (EVA-9.1), why
the active Eva has no shot (EVA-10.1, EVA-10.2), the public damage of the game-over
lines (EVA-18.2), the roster costs (EVA-17.2, EVA-17.6) and the summary of a game
still in deployment (EVA-5.2). On the screen: the view follows the Eva that acts and
the target it shoots at, the target list and the board's cursor agree, the Evas'
letters are predictable and named in a legend, and a Russian Eva name completes on
the command line with the orders in the words the engine reads.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from battle_support import W, auto_play, bot_action, can_shoot, eva_game, first_side, is_acting, open_screen
from rich.text import Text
from test_tui_app import home, make_app, run  # noqa: F401 - home is a fixture
from textual.widgets import Input, Static

from engine.game import Game
from engine.i18n import current_language, set_language
from engine.record import message_from, render_message
from engine.rulesets.eva import RULESET
from engine.rulesets.eva import rules as eva_rules
from engine.rulesets.eva.actions import Fire, Move
from engine.rulesets.eva.catalog import AT_COST, EQUIPMENT
from engine.rulesets.eva.options import default_hands, fire_refusal
from engine.rulesets.eva.roster import EvaEntry, Roster, WeaponEntry, at_cost, equipment_cost
from engine.rulesets.eva.view import public_damage
from tui.kit.curtain import CurtainScreen
from tui.kit.log import EventLog
from tui.rulesets.eva.panels import ChoiceRows

# -- the engine's side ------------------------------------------------------------------


def test_eva_18_5_only_the_set_up_passes_without_a_curtain() -> None:
    """EVA-18.5, EVA-5.2: the zone choice and the placing of Evas hold nothing private
    on either screen; from the first round on a side's screen does (EVA-18.3)."""
    game = eva_game()
    seen: dict[str, set[bool]] = {}
    for _ in range(40):
        phase = game.state.phase
        for seat in game.seats():
            seen.setdefault(phase, set()).add(seat.private_on_screen())
        if phase == "battle":
            break
        side = first_side(game)
        game.submit(side, bot_action(game, side, False))
    assert seen["zone"] == {False} and seen["deploy"] == {False} and seen["battle"] == {True}


def test_eva_9_1_the_options_give_each_eva_its_default_hands() -> None:
    """EVA-9.1: in the deployment the options say what each Eva holds when placed
    without a choice, one of its hand configurations (what ``deploy C2`` takes)."""
    game = auto_play(eva_game(), lambda g: g.options(first_side(g)).kind == "deploy")
    side = first_side(game)
    opts = game.options(side)
    assert opts.default_hands and set(opts.default_hands) == set(opts.deploy_units)
    for unit in opts.deploy_units:
        assert opts.default_hands[unit] == default_hands(game.state.units[unit])
        assert opts.default_hands[unit] in opts.hand_configs[unit]


def test_eva_10_1_the_options_say_why_the_active_eva_cannot_fire() -> None:
    """EVA-10.1, EVA-10.2: an activation without a ranged attack carries the rules'
    refusal (with its rule ID); one with a shot carries none."""
    game = auto_play(eva_game(), lambda g: is_acting(g) and not g.options(first_side(g)).shots)
    side = first_side(game)
    opts = game.options(side)
    assert opts.fire_refusal == str(fire_refusal(game.state, side)) and "(EVA-" in opts.fire_refusal
    shooting = auto_play(eva_game(), can_shoot)
    assert shooting.options(first_side(shooting)).fire_refusal == ""


def test_eva_18_2_the_public_damage_is_totalled_from_a_seats_log() -> None:
    """EVA-18.2: the raw damage each side's Evas took, from the public events a seat
    reads, is the rules' figure; private events change nothing."""
    game = auto_play(eva_game())
    seat = game.seat(0)
    events = [e.event for e in seat.log()]
    taken = public_damage(seat.view().units, events)
    everything = eva_rules.public_damage_taken(game.view(None).units, game.events)
    assert taken == everything and any(taken)
    assert public_damage(seat.view().units, [e for e in events if e.to is None]) == taken


def test_eva_17_costs_of_an_at_level_and_an_item_come_from_the_engine() -> None:
    """EVA-17.6, EVA-17.2: the builder shows the engine's costs."""
    assert [at_cost(level) for level in range(7)] == list(AT_COST)
    assert at_cost(7) == 0 and at_cost(-1) == 0
    assert all(equipment_cost(code) == item.points for code, item in EQUIPMENT.items())
    assert equipment_cost("nothing") == 0


@pytest.mark.parametrize(
    ("language", "summary"),
    [
        ("en", "Crossroads, deployment, Evas placed: 2 and 1"),
        ("ru", "Перекрёсток, расстановка, Ев выставлено: 2 и 1"),
    ],
)
def test_eva_5_2_a_game_in_deployment_says_so_in_its_summary(language: str, summary: str) -> None:
    """EVA-5.2: the save list and the title screen say that a game is still being
    deployed, and how many Evas each side has placed (not "round 0, Evas left")."""
    game = eva_game()
    auto_play(game, until=lambda g: sum(u.deployed for u in g.state.units) >= 3)
    placed = [sum(1 for u in game.state.units if u.side == s and u.deployed) for s in (0, 1)]
    before = current_language()
    set_language(language)
    try:
        text = render_message(message_from(RULESET.summary_message(game.state)))
    finally:
        set_language(before)
    assert text == summary.replace("2 and 1", f"{placed[0]} and {placed[1]}").replace(
        "2 и 1", f"{placed[0]} и {placed[1]}"
    )
    assert RULESET.summary(game.state).startswith("Crossroads, deployment, Evas placed: ")


# -- on the screen -------------------------------------------------------------------------


def _lance_game() -> Game:
    """Both rosters carry the Lance of Longinus: the roll-off's loser is told alone that
    its Lance becomes a Spear Replica (EVA-17.11, a private event)."""
    from engine.rulesets.eva.scenario import load_bundled
    from engine.rulesets.eva.state import EvaSetup

    rosters = [
        Roster("A", [EvaEntry("Lancer", [WeaponEntry("lance")]), EvaEntry("Guard", [WeaponEntry("rifle")])]),
        Roster("B", [EvaEntry("Spear", [WeaponEntry("lance")]), EvaEntry("Watch", [WeaponEntry("rifle")])]),
    ]
    setup = EvaSetup(map=load_bundled("crossroads"), rosters=rosters, round_limit=2)
    from engine.dice import seed_only

    return Game.new("eva", setup, seed=b"\x02" * 32, players=("Asuka", "Rei"), entropy=seed_only)


@run
async def test_eva_18_5_a_screen_without_a_curtain_shows_only_public_log_entries(home: Path) -> None:  # noqa: F811
    """EVA-18.5: while the armies are set up the terminal passes without a curtain, so the
    log shows only what both sides may read; once the battle begins (behind a curtain)
    the side's private notices are back in its log."""
    game = _lance_game()
    loser = next(e.to[0] for e in game.events if e.to is not None)
    private = next(e.text() for e in game.events if e.to is not None)
    app = make_app(home)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_screen(app, pilot, game, curtain=True)
        await pilot.press("enter")  # the first curtain
        await pilot.pause()
        seen_private = False
        for _ in range(20):
            if isinstance(app.screen, CurtainScreen):
                break
            if screen.viewer == loser and screen.public_only():
                log = " ".join(t.plain for t in screen.query_one(EventLog).texts)
                seen_private |= private in log
            await pilot.press("enter")
            await pilot.pause()
        assert not seen_private
        assert isinstance(app.screen, CurtainScreen)  # the battle: curtained
        assert all(private not in str(line) for line in app.screen.news)
        await pilot.press("enter")
        await pilot.pause()
        if screen.viewer == loser:
            assert private in " ".join(t.plain for t in screen.query_one(EventLog).texts)
    assert app.errors == []


@run
async def test_after_a_typed_move_the_view_follows_the_eva(home: Path) -> None:  # noqa: F811
    """At 80x24 the board shows 19 of its 30 rows: a move typed on the command line to a
    square out of sight brings the view (and the cursor) to the Eva."""
    game = auto_play(eva_game(), is_acting)
    side = first_side(game)
    view, opts = game.view(side), game.options(side)
    app = make_app(home)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_screen(app, pilot, game, curtain=False)
        board = screen.board
        here = view.units[opts.unit].square
        far = max(opts.moves, key=lambda m: abs(m.square // W - here // W))
        # look elsewhere first: the cursor at the other end of the board
        board.move_cursor(0 if here // W > 15 else 599)
        await pilot.pause()
        text = game.format(side, Move(opts.unit, [here, far.square]))
        await pilot.press("colon")
        screen.query_one("#kit-command", Input).value = text
        await pilot.press("enter")
        await pilot.pause()
        assert game.state.units[opts.unit].square == far.square
        assert board.cursor == far.square
        top, rows = int(board.scroll_offset.y), board.size.height
        assert top <= board.line_of(far.square) < top + rows
    assert app.errors == []


@run
async def test_after_a_shot_the_view_shows_the_shooter_and_its_target(home: Path) -> None:  # noqa: F811
    """A shot typed on the command line: the view shows the Eva that fired and, when both
    fit, the Eva it fired at."""
    game = auto_play(eva_game(), can_shoot)
    side = first_side(game)
    view, opts = game.view(side), game.options(side)
    shot = min(opts.shots, key=lambda s: abs(s.square // W - view.units[opts.unit].square // W))
    target = shot.square
    app = make_app(home)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_screen(app, pilot, game, curtain=False)
        board = screen.board
        board.move_cursor(0 if target // W > 15 else 599)
        await pilot.pause()
        await pilot.press("colon")
        screen.query_one("#kit-command", Input).value = game.format(
            side, Fire(opts.unit, shot.target, shot.item)
        )
        await pilot.press("enter")
        await pilot.pause()
        if game.options(side).kind == "act":
            here = game.view(side).units[opts.unit].square
            top, rows = int(board.scroll_offset.y), board.size.height
            assert top <= board.line_of(here) < top + rows
            if abs(board.line_of(here) - board.line_of(target)) + 3 <= rows:
                assert top <= board.line_of(target) < top + rows
    assert app.errors == []


@run
async def test_the_target_list_and_the_cursor_always_agree(home: Path) -> None:  # noqa: F811
    """The Targets list highlights the target under the board's cursor, and a row
    highlighted in the list puts the cursor on its target: Enter on the board and Enter on
    the list aim at the same Eva."""
    game = auto_play(
        eva_game(round_limit=None),
        lambda g: can_shoot(g) and len({s.square for s in g.options(first_side(g)).shots}) >= 2,
    )
    side = first_side(game)
    opts = game.options(side)
    app = make_app(home)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_screen(app, pilot, game, curtain=False)
        await pilot.press("f")
        await pilot.pause()
        rows = screen.query_one("#battle-choices", ChoiceRows)
        squares = [s.square for s in opts.shots]
        for _ in range(len(set(squares)) + 1):
            assert squares[rows.highlighted] == screen.board.cursor
            await pilot.press("right_square_bracket")
            await pilot.pause()
        rows.focus()
        for index in range(len(squares)):
            rows.highlighted = index
            await pilot.pause()
            assert screen.board.cursor == squares[index]
    assert app.errors == []


@run
async def test_same_named_evas_get_predictable_letters_and_a_legend(home: Path) -> None:  # noqa: F811
    """Both sides field Evas of the same names: Player 1's are A, B, C…, Player 2's N, O,
    P…, and the legend beside the board names each letter."""
    game = auto_play(eva_game(rosters=("nerv-first-squad", "nerv-first-squad")), is_acting)
    view = game.view(None)
    app = make_app(home)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_screen(app, pilot, game, curtain=False)
        marks = screen.board.units
        letters = {u.side: [] for u in view.units}
        for u in view.units:
            if u.square >= 0:
                letters[u.side].append(marks[u.square].glyph)
        assert letters[0] == ["A", "B", "C"][: len(letters[0])]
        assert letters[1] == ["N", "O", "P"][: len(letters[1])]
        legend = str(screen.query_one("#battle-legend", Static).render())
        for u in view.units:
            if u.square >= 0:
                assert f"{marks[u.square].glyph} {u.name}" in legend
    assert app.errors == []


@run
async def test_a_russian_default_name_completes_with_the_orders_the_engine_reads(home: Path) -> None:  # noqa: F811
    """In Russian the default Eva names are Cyrillic (Ева-1): the command line completes
    the name as it is, and the order after it in the interface language's words (the
    English ones are read too)."""
    from tui.rulesets.eva.roster_builder import RosterBuilderScreen

    set_language("ru")
    try:
        builder_name = RosterBuilderScreen().roster.evas[0].name
    finally:
        set_language("en")
    assert builder_name == "Ева-1"
    rosters = [
        Roster("A", [EvaEntry(builder_name, [WeaponEntry("rifle")])]),
        Roster("B", [EvaEntry("Ева-2", [WeaponEntry("rifle")])]),
    ]
    from engine.dice import seed_only
    from engine.rulesets.eva.scenario import load_bundled
    from engine.rulesets.eva.state import EvaSetup

    setup = EvaSetup(map=load_bundled("crossroads"), rosters=rosters, round_limit=2)
    game = Game.new("eva", setup, seed=b"\x03" * 32, players=("Аска", "Рей"), entropy=seed_only)
    auto_play(game, is_acting)
    side = first_side(game)
    name = game.view(side).units[game.options(side).unit].name
    app = make_app(home, language="ru")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_screen(app, pilot, game, curtain=False)
        suggester = screen.query_one("#kit-command", Input).suggester
        assert suggester is not None
        assert (await suggester.get_suggestion("ева") or "").startswith("ева" + name[3:] + " ")
        assert await suggester.get_suggestion(f"{name} кон") == f"{name} конец"
        await pilot.press("colon")
        screen.query_one("#kit-command", Input).value = f"{name.upper()} end"
        await pilot.press("enter")
        await pilot.pause()
        assert game.records[-1].text == f"{name} конец"
    assert app.errors == []


@run
async def test_undo_brings_the_cursor_back_with_the_eva(home: Path) -> None:  # noqa: F811
    """A move taken back (u, never across a die roll): the Eva is where it was, and so is
    the cursor, on it."""
    game = auto_play(eva_game(), is_acting)
    side = first_side(game)
    view, opts = game.view(side), game.options(side)
    here = view.units[opts.unit].square
    move = max(opts.moves, key=lambda m: m.cost)
    app = make_app(home)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_screen(app, pilot, game, curtain=False)
        screen.board.move_cursor(move.square)
        await pilot.press("enter")
        await pilot.pause()
        assert game.state.units[opts.unit].square == move.square
        await pilot.press("u")
        await pilot.pause()
        assert game.state.units[opts.unit].square == here and screen.board.cursor == here
    assert app.errors == []


@run
async def test_the_log_keeps_following_when_a_panel_above_it_grows(home: Path) -> None:  # noqa: F811
    """The log stops following new lines only when the player scrolls back, not when the
    screen's layout makes it shorter: the target list opened above it, a shot is fired,
    and its lines are in view."""
    game = auto_play(eva_game(), can_shoot)
    app = make_app(home)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_screen(app, pilot, game, curtain=False)
        log = screen.query_one(EventLog)
        await pilot.pause()
        assert log.at_end
        await pilot.press("f")  # the target list opens above the log
        await pilot.pause()
        await pilot.press("enter", "enter")  # the fire dialog, a single shot
        await pilot.pause()
        await pilot.pause()
        shown = " ".join(" ".join(line.text for line in log.lines[-6:]).split())
        assert log.texts[-1].plain in shown
        assert log.at_end
        log.scroll_to(y=0, animate=False)  # the player scrolls back: it keeps its place
        await pilot.pause()
        log.add([Text("later")])
        await pilot.pause()
        assert log.scroll_y == 0
    assert app.errors == []


@run
async def test_the_log_follows_unless_the_player_scrolled_back() -> None:
    """Whether new lines are followed rests on the player's scrolling, not on whether the
    last line happens to be in view when they come (a layout may have pushed it out)."""
    from textual.app import App, ComposeResult

    class One(App[None]):
        def compose(self) -> ComposeResult:
            yield EventLog(id="log")

    app = One()
    async with app.run_test(size=(40, 10)) as pilot:
        log = app.query_one(EventLog)
        log.add([Text(f"line {n}") for n in range(30)])
        await pilot.pause()
        assert log.at_end and log.following
        for n in range(10):  # lines written without following them: the end is out of view
            log.write(Text(f"pushed {n}"), scroll_end=False)
        await pilot.pause()
        assert not log.at_end and log.following
        log.add([Text("newest")])
        await pilot.pause()
        assert log.at_end
