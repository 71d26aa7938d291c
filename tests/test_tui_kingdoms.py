"""The Three Kingdoms battle's screens driven as players would (Textual's pilot).

A seeded battle is played through the screens to its result: orders typed on
the command line and chosen in the order list (an attack confirmed after its
exact preview, TK-5), a challenge accepted behind the curtain and the loser's
retreat chosen by the passive side in the middle of the phase (TK-2.6), a ram
built and striking the gates (TK-14), victory by the enemy headquarters
(TK-18.2). Every number on screen comes from the engine, through the seats.
"""

from __future__ import annotations

import asyncio
import functools
import json
from collections.abc import Callable, Coroutine
from pathlib import Path
from typing import Any

import msgspec
import pytest
from terminal_check import screen_text
from test_tui_app import home  # noqa: F401 - home is a fixture
from textual.widgets import Input

from engine import ruleset as registry
from engine.dice import seed_only
from engine.game import Game
from engine.rulesets.kingdoms import RULESET
from engine.rulesets.kingdoms.actions import Attack
from engine.rulesets.kingdoms.scenario import RegimentSpec, Scenario, load_bundled
from engine.rulesets.kingdoms.state import Setup
from tui.app import WartableApp
from tui.kit.curtain import CurtainScreen
from tui.kit.dialogs import ChoiceDialog, DecisionDialog
from tui.kit.over import GameOverScreen
from tui.rulesets.kingdoms.screen import KingdomsScreen
from tui.screens.dialogs import ConfirmScreen

SEED = b"\x01" * 32
SYSTEMS = ["eva", "kingdoms", "tally"]


def run(test: Callable[..., Coroutine[Any, Any, None]]) -> Callable[..., None]:
    """Run an async test in its own event loop."""

    @functools.wraps(test)
    def wrapper(*args: Any, **kwargs: Any) -> None:
        asyncio.run(test(*args, **kwargs))

    return wrapper


@pytest.fixture
def tk_home(home: Path, monkeypatch: pytest.MonkeyPatch) -> Path:  # noqa: F811
    """The temporary home of ``test_tui_app`` with the Three Kingdoms battle installed
    too, its games' dice keyed by a fixed seed alone (the same battle every run)."""
    import engine.game

    monkeypatch.setattr(registry, "available", lambda: list(SYSTEMS))
    monkeypatch.setenv("XDG_STATE_HOME", str(home / "state"))
    monkeypatch.setattr(engine.game, "new_seed", lambda: SEED)
    monkeypatch.setattr(engine.game, "new_entropy", lambda: None)
    return home


def make_app(home: Path, language: str | None = "en", **kwargs: Any) -> WartableApp:  # noqa: F811
    """The app with every file inside ``home`` and the Three Kingdoms battle among the systems."""
    return WartableApp(
        settings_file=home / "config" / "settings.json",
        saves=home / "saves",
        log_file=home / "log" / "wartable.log",
        language=language,
        systems=lambda: list(SYSTEMS),
        **kwargs,
    )


def siege_scenario() -> Scenario:
    """The Fan River map with few regiments, set for a short battle with a duel and a
    siege: Shu's Guan Yu beside Fancheng (its gates at 1 hit point and no ballista),
    Zhang Fei beside Xu Chu's garrison; Cao Ren holds Fancheng."""
    sc = load_bundled("fan_river")
    bases = tuple(msgspec.structs.replace(b, gates=1, ballistas=()) if b.id == "B10" else b for b in sc.bases)
    regiments = (
        RegimentSpec(
            id="S1", side=0, type="infantry", men=1000, base="B8", officer="Guan Yu", weapon="sword"
        ),
        RegimentSpec(
            id="S2", side=0, type="cavalry", men=500, base="B9", officer="Zhang Fei", weapon="spear"
        ),
        RegimentSpec(id="S3", side=0, type="infantry", men=300, base="B1"),
        RegimentSpec(
            id="W1", side=1, type="infantry", men=300, base="B10", officer="Cao Ren", weapon="sword"
        ),
        RegimentSpec(id="W2", side=1, type="infantry", men=300, base="B6", officer="Xu Chu", weapon="club"),
    )
    return msgspec.structs.replace(sc, bases=bases, regiments=regiments, cards=())


def battle(scenario: Scenario | None = None, path: Path | None = None) -> Game:
    """A seeded battle between Ann (Shu) and Bo (Wei), nothing played yet."""
    setup = Setup(scenario=scenario or load_bundled("fan_river"))
    return Game(RULESET, setup, seed=SEED, players=("Ann", "Bo"), path=path, entropy=seed_only)


async def settle(pilot: Any) -> None:
    await pilot.pause()
    await pilot.pause()


def table(app: Any) -> KingdomsScreen:
    """The battle screen (under any dialog)."""
    return next(s for s in reversed(app.screen_stack) if isinstance(s, KingdomsScreen))


async def lift(pilot: Any, player: str) -> CurtainScreen:
    """The curtain is up for ``player``: lift it."""
    await settle(pilot)
    curtain = pilot.app.screen
    assert isinstance(curtain, CurtainScreen), type(curtain)
    assert curtain.player == player
    await pilot.press("enter")
    await settle(pilot)
    return curtain


async def order(pilot: Any, text: str) -> None:
    """Type ``text`` on the command line and send it."""
    await pilot.press("colon")
    await pilot.pause()
    command = pilot.app.screen.query_one("#kit-command", Input)
    assert pilot.app.screen.focused is command
    command.value = text
    await pilot.press("enter")
    await settle(pilot)


async def pick(pilot: Any, wanted: str) -> None:
    """In the open choice dialog, go down to the answer whose text holds ``wanted`` and
    choose it (keys only)."""
    dialog = pilot.app.screen
    assert isinstance(dialog, ChoiceDialog), type(dialog)
    texts = [label.plain if hasattr(label, "plain") else str(label) for _cid, label in dialog.choices]
    index = next(i for i, t in enumerate(texts) if wanted in t)
    menu = dialog.query_one("#choice-list")
    while menu.highlighted != index:
        await pilot.press("down" if (menu.highlighted or 0) < index else "up")
    await pilot.press("enter")
    await settle(pilot)


def log_texts(screen: KingdomsScreen) -> list[str]:
    return [e.text for e in screen.seat.log()]


# ---------------------------------------------------------------------------
# A battle played through the screens to its result
# ---------------------------------------------------------------------------
@run
async def test_a_seeded_battle_is_played_through_the_screens_to_victory_with_a_duel_and_a_siege(
    tk_home: Path,
) -> None:
    """TK-2.4, TK-2.6, TK-11, TK-14, TK-18.2: orders typed and chosen, a challenge
    accepted behind the curtain, the duel's loser's retreat chosen by the passive side
    in the middle of the phase, a ram that breaks the gates, an attack confirmed after
    its preview, and the result with its rule."""
    game = battle(siege_scenario(), tk_home / "saves" / "siege.json")
    app = make_app(tk_home)
    async with app.run_test(size=(100, 32)) as pilot:
        app.push_screen(KingdomsScreen(game.seats()))
        await lift(pilot, "Ann")
        screen = table(app)
        assert screen.viewer == 0
        # phase 1: the ram typed in notation, the challenge from the order list
        await order(pilot, "S1 BUILD RAM B10")
        assert screen.sheet.chosen == "S2"  # on to the next regiment without an order
        await pilot.press("enter")
        await settle(pilot)
        await pick(pilot, "Challenge Xu Chu")
        await pick(pilot, "(the default)")  # if refused: DEFEND
        assert game.state.orders[-1].fallback is None
        await pilot.press("r")
        # the challenge is put to Wei: the curtain, then Bo's decision with the odds
        curtain = await lift(pilot, "Bo")
        assert "Shu has given its orders." in [str(line) for line in curtain.news]
        assert not any("BUILD RAM" in str(line) for line in curtain.news)  # not resolved yet
        assert not any(str(line).startswith("Step ") for line in curtain.news)  # headings stay in the log
        dialog = app.screen
        assert isinstance(dialog, DecisionDialog)
        assert dialog.decision.rule == "TK-11.3"
        assert "S2 Zhang Fei" in screen_text(app)  # the challenger's regiment, above the question
        await pilot.press("enter")  # accept (the default)
        await settle(pilot)
        # phase 2 is Wei's: Bo stays at the terminal (no curtain) and declares READY
        assert table(app).viewer == 1 and not isinstance(app.screen, CurtainScreen)
        assert "Turn 1/20, phase 2: Wei attacks" in screen_text(app)
        await pilot.press("r")
        await settle(pilot)
        # phase 3, step 1: the duel goes on; Zhang Fei wins and Xu Chu's regiment must
        # retreat: Bo chooses where, in the middle of Shu's phase (TK-2.6)
        dialog = app.screen
        assert isinstance(dialog, DecisionDialog) and dialog.decision.rule == "TK-11.5"
        await pilot.press("enter")  # the first legal base in base order
        curtain = await lift(pilot, "Ann")
        # Ann's READY resolved behind the curtain: her news start where she last looked
        news = [str(line) for line in curtain.news]
        assert "Zhang Fei (S2) challenges Xu Chu (W2) to a duel (TK-11)." in news
        assert "Xu Chu (W2) accepts" not in news and "W2 accepts the challenge." in news
        texts = log_texts(table(app))
        assert any(t.startswith("Duel:") and "Zhang Fei wins" in t for t in texts)
        await pilot.press("r")
        await settle(pilot)
        texts = [e.text for e in game.seat(0).log()]
        assert any("The gates of B10 are destroyed" in t for t in texts)
        # phase 4: Wei; phase 5: the storm of Fancheng, chosen on the map
        await lift(pilot, "Bo")
        await pilot.press("r")
        await lift(pilot, "Ann")
        screen = table(app)
        await order(pilot, "S2 ATTACK W2 B6-B4")
        screen.sheet.select("S1")
        await settle(pilot)
        await pilot.press("tab")
        screen.map.move_cursor(screen.map.cell_of("B10"))
        await pilot.press("enter")  # the orders of S1 that lead to B10
        await settle(pilot)
        dialog = app.screen
        assert isinstance(dialog, ChoiceDialog) and "B10" in dialog.choice_title
        await pick(pilot, "Attack W1")
        preview = app.screen
        assert isinstance(preview, ChoiceDialog) and preview.choice_title == "S1 ATTACK W1 B8-B10"
        engine_view = game.seat(0).preview(Attack(regiment="S1", target="W1", path=("B8", "B10")))
        lines = "\n".join(str(line) for line in preview.lines)
        assert f"Expected: W1 loses {_amount(engine_view.attack.expected)} men" in lines
        await pick(pilot, "Give this order")
        await pilot.press("r")
        await settle(pilot)
        over = app.screen
        assert isinstance(over, GameOverScreen)
        assert over.headline == "Ann wins!"
        assert "TK-18.2" in str(over.lines[0]) and "captured the enemy headquarters" in str(over.lines[0])
        kinds = [type(e).__name__ for e in game.events]
        assert "DuelRound" in kinds and "SiegeEvent" in kinds
        assert [r.text for r in game.records] == [
            "S1 BUILD RAM B10",
            "S2 CHALLENGE Xu Chu",
            "READY",
            "ACCEPT",
            "READY",
            "RETREAT B4",
            "READY",
            "READY",
            "S2 ATTACK W2 B6-B4",
            "S1 ATTACK W1 B8-B10",
            "READY",
        ]
        assert app.errors == []


def _amount(x: Any) -> str:
    from tui.kit.odds import format_amount

    return format_amount(x)


# ---------------------------------------------------------------------------
# What the passive side sees
# ---------------------------------------------------------------------------
async def _bo_at_the_challenge(folder: Path, secret: list[str]) -> tuple[str, str]:
    """Ann writes ``secret`` orders and a challenge, READY; the terminal passes to Bo
    for the challenge. Returns what Bo's terminal is sent at the curtain and at the
    question (every screen of the stack, as bytes a terminal would draw)."""
    from terminal_check import screen_output

    game = battle(siege_scenario())
    for text in [*secret, "S2 CHALLENGE Xu Chu"]:
        game.submit(0, text)
    app = make_app(folder)
    async with app.run_test(size=(100, 32)) as pilot:
        app.push_screen(KingdomsScreen(game.seats(), viewer=0))
        await settle(pilot)
        await pilot.press("r")
        await settle(pilot)
        if isinstance(app.screen, ConfirmScreen):  # S3 leaves the headquarters: READY all the same
            await pilot.press("y")
            await settle(pilot)
        assert isinstance(app.screen, CurtainScreen)
        at_curtain = screen_output(app)
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, DecisionDialog)
        at_question = screen_output(app) + screen_text(app)
        assert app.errors == []
    return at_curtain, at_question


@run
async def test_the_passive_side_never_sees_an_order_before_it_resolves_tk_2_4(tk_home: Path) -> None:
    """TK-2.4: at the challenge (step 3d) Shu's ram (step 4) and move (step 5b) have not
    resolved: Bo's terminal shows nothing of them, and is sent exactly the same bytes
    whatever those orders are (the challenge itself, resolving, is public)."""
    curtain_a, question_a = await _bo_at_the_challenge(tk_home, ["S1 BUILD RAM B10", "S3 MOVE B1-B2"])
    curtain_b, question_b = await _bo_at_the_challenge(tk_home, ["S3 MOVE B1-B3"])
    for text in (curtain_a, question_a):
        assert "RAM" not in text and "B1-B2" not in text and "MOVE" not in text
    assert "CHALLENGE" in question_a
    assert curtain_a == curtain_b
    assert question_a == question_b


# ---------------------------------------------------------------------------
# The orders sheet and the order list
# ---------------------------------------------------------------------------
@run
async def test_an_order_that_breaks_a_rule_is_marked_on_the_sheet_and_ready_is_refused_tk_2_8(
    tk_home: Path,
) -> None:
    """TK-2.8, TK-14.4: two rams against one fortress: the second regiment's row says
    why, with the rule; READY is refused with the same reason; taking the order back
    (x) mends it."""
    game = battle(siege_scenario())
    game.submit(0, "S1 BUILD RAM B10")
    game.submit(0, "S2 BUILD RAM B10")
    app = make_app(tk_home)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(KingdomsScreen(game.seats(), viewer=0))
        await settle(pilot)
        screen = table(app)
        row = screen.sheet.option_text(screen.sheet.row_ids.index("S2"))
        assert "Only one ram may be built against a fortress. (TK-14.4)" in row
        assert "READY refused" in str(screen.sheet.border_subtitle)
        await pilot.press("r")
        await settle(pilot)
        assert "TK-14.4" in screen.message and game.state.stage == "orders"
        screen.sheet.select("S2")
        await pilot.press("x")
        await settle(pilot)
        assert [o.regiment for o in game.state.orders] == ["S1"]
        assert "r: READY" in str(screen.sheet.border_subtitle)
        assert app.errors == []


@run
async def test_the_order_list_offers_the_engines_orders_and_the_preview_its_exact_figures_tk_5(
    tk_home: Path,
) -> None:
    """TK-2.5, TK-5: the list of S3's orders is the engine's (each written in notation);
    the preview of the attack across the ford gives every loss with its chance over the
    2d10 and the expectations, as the engine computes them."""
    from tui.kit.odds import format_odds

    game = battle()
    app = make_app(tk_home)
    async with app.run_test(size=(120, 40)) as pilot:
        app.push_screen(KingdomsScreen(game.seats(), viewer=0))
        await settle(pilot)
        screen = table(app)
        screen.sheet.select("S3")
        await pilot.press("enter")
        await settle(pilot)
        dialog = app.screen
        assert isinstance(dialog, ChoiceDialog)
        options = next(ro for ro in game.seat(0).options().regiments if ro.regiment == "S3")
        engine = {
            game.format(0, o)
            for o in [*options.defend, *options.moves, *options.duels, *options.others]
            + [a.order for a in options.attacks]
        }
        shown = {label.plain.split("  ")[-1].split("\n")[0] for _cid, label in dialog.choices}
        assert shown == engine
        await pick(pilot, "S3 ATTACK W2 B2-B4-B6\n")
        preview = app.screen
        attack = next(a for a in options.attacks if a.notation == "S3 ATTACK W2 B2-B4-B6").preview
        text = "\n".join(str(line) for line in preview.lines)
        for lost, chance in attack.losses:
            assert f"{lost} ({format_odds(chance)})" in text
        assert attack.losses[0] == (20, __import__("fractions").Fraction(1, 100))
        assert f"W2 loses {_amount(attack.expected)} men" in text
        assert f"S3 loses {_amount(attack.counter)} in the counter-attack" in text
        await pilot.press("escape")
        await settle(pilot)
        assert game.state.orders == []  # nothing written without the confirmation
        assert app.errors == []


# ---------------------------------------------------------------------------
# The map
# ---------------------------------------------------------------------------
@run
async def test_arrows_go_to_the_nearest_base_that_way_and_a_click_picks_a_base(tk_home: Path) -> None:
    """On the Fan River map (section 3.1's sketch as a grid): from B2, right is B4 and
    up is B7 (nothing lies straight above B2); from B7 down is B4, which lies straight
    under it; from B2 down is B3 and left is B1; a click on a box picks its base."""
    game = battle()
    app = make_app(tk_home)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(KingdomsScreen(game.seats(), viewer=0))
        await settle(pilot)
        screen = table(app)
        board = screen.map
        board.focus()
        board.move_cursor(board.cell_of("B2"))
        steps = (
            ("right", "B4"),
            ("left", "B2"),
            ("up", "B7"),
            ("down", "B4"),
            ("left", "B2"),
            ("down", "B3"),
        )
        steps += (("up", "B2"), ("left", "B1"))
        for key, want in steps:
            await pilot.press(key)
            await settle(pilot)
            assert board.base == want, (key, board.base)
        box = board.layout_map.box(board.cell_of("B6"))
        await pilot.click(
            "#tk-map", offset=(box.x + 2 - int(board.scroll_offset.x), box.y - int(board.scroll_offset.y))
        )
        await settle(pilot)
        assert board.base == "B6"
        assert app.errors == []


# ---------------------------------------------------------------------------
# A new battle, leaving it and coming back
# ---------------------------------------------------------------------------
def _army_file(folder: Path, name: str, roster: dict[str, Any]) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    data = {"format": "wartable-roster", "version": 1, "ruleset": "kingdoms", "roster": roster}
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


WEI_ARMY = {
    "name": "Tiger Guard",
    "faction": "Wei",
    "side": 1,
    "scenario": "fan_river",
    "regiments": [
        {"type": "cavalry", "men": 500, "base": "B8", "officer": "Dian Wei"},
        {"type": "infantry", "men": 1000, "base": "B10", "officer": "Cao Cao"},
    ],
}


@run
async def test_a_new_battle_fields_an_army_file_for_one_side_and_the_scenarios_for_the_other(
    tk_home: Path,
) -> None:
    """Section 3.7: the set-up offers, for each side, the scenario's army and the army
    files of the rosters folder made for that scenario and side; an army that breaks a
    rule stops the start with its rule; the battle starts with the army chosen."""
    from textual.widgets import Select

    from tui.rulesets.kingdoms.setup import KingdomsSetupWidget
    from tui.screens.new_game import NewGameScreen

    rosters = tk_home / "saves" / "rosters"
    _army_file(rosters, "tiger.json", WEI_ARMY)
    _army_file(
        rosters,
        "traitor.json",
        {
            **WEI_ARMY,
            "name": "Turncoats",
            "faction": "Shu",
            "regiments": [{"type": "infantry", "men": 1000, "base": "B6", "officer": "Guan Yu"}],
        },
    )
    _army_file(rosters, "hefei.json", {**WEI_ARMY, "name": "Hefei Guard", "scenario": "hefei"})
    app = make_app(tk_home)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await settle(pilot)
        assert isinstance(app.screen, NewGameScreen)
        app.screen.query_one("#ng-system", Select).value = "kingdoms"
        await settle(pilot)
        part = app.screen.query_one(KingdomsSetupWidget)
        part.query_one("#tk-setup-list").focus()
        await pilot.press("down", "down", "right")  # Wei: the next army
        await settle(pilot)
        assert part.choices().armies[1] is not None and part.choices().armies[1].name == "Tiger Guard"
        await pilot.press("right")  # the Turncoats: Guan Yu serves Shu (§3.7.3)
        await settle(pilot)
        assert any("§3.7.3" in p for p in part.problems())
        assert "Hefei Guard" not in screen_text(app)  # made for another scenario
        await pilot.press("right", "right")  # round to the scenario's, then Tiger Guard again
        await settle(pilot)
        assert part.problems() == []
        await pilot.press("ctrl+s")
        await lift(pilot, "Player 1")
        screen = table(app)
        view = screen.seat.view()
        assert [(r.id, r.officer) for r in view.regiments if r.side == 1] == [
            ("W1", "Dian Wei"),
            ("W2", "Cao Cao"),
        ]
        assert [r.id for r in view.regiments if r.side == 0] == ["S1", "S2", "S3", "S4", "S5", "S6"]
        assert app.errors == []


@run
async def test_leaving_in_the_middle_of_the_orders_and_continuing_keeps_them(tk_home: Path) -> None:
    """TK-19.1: a battle left while Shu writes its orders (Escape, then Leave) comes
    back with Continue, behind the curtain, with the orders written so far."""
    from tui.screens.title import TitleScreen

    app = make_app(tk_home)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await settle(pilot)
        from textual.widgets import Select

        app.screen.query_one("#ng-system", Select).value = "kingdoms"
        await settle(pilot)
        await pilot.press("ctrl+s")
        await lift(pilot, "Player 1")
        await order(pilot, "S3 MOVE B2-B4")
        await pilot.press("escape")
        await settle(pilot)
        await pilot.press("y")  # Leave (the game is saved)
        await settle(pilot)
        assert isinstance(app.screen, TitleScreen)
        await pilot.press("c")
        await settle(pilot)
        await lift(pilot, "Player 1")
        screen = table(app)
        assert screen.seat.view().orders == ("S3 MOVE B2-B4",)
        assert "MOVE B2-B4" in screen.sheet.option_text(screen.sheet.row_ids.index("S3"))
        assert app.errors == []


def test_an_expectation_is_written_with_one_decimal_rounded_on_the_exact_value() -> None:
    """TK-5: the preview's expectations are exact fractions; written whole when whole,
    else to a tenth rounded half away from zero on the exact value (not on a float),
    with the reader's decimal separator."""
    from fractions import Fraction

    from engine.i18n import set_language
    from tui.kit.odds import format_amount

    try:
        assert format_amount(Fraction(549, 4)) == "137.3"  # 137.25: a float would say 137.2
        assert format_amount(Fraction(110)) == "110"
        assert format_amount(Fraction(-1, 3)) == "-0.3"
        set_language("ru")
        assert format_amount(Fraction(549, 4)) == "137,3"
    finally:
        set_language("en")


@run
async def test_orders_are_typed_in_notation_with_completion_and_a_challenge_with_its_fallback(
    tk_home: Path,
) -> None:
    """TK-2.5, TK-11.3: the command line completes from the seat's legal orders; a
    challenge typed with IF REFUSED: keeps its fallback (the sheet shows it; the other
    side will learn it only if it is used); Russian words are read too; bad notation is
    refused on the hint line and nothing is written."""
    from tui.kit.command import NotationSuggester

    game = battle(siege_scenario())
    app = make_app(tk_home)
    async with app.run_test(size=(100, 30)) as pilot:
        app.push_screen(KingdomsScreen(game.seats(), viewer=0))
        await settle(pilot)
        screen = table(app)
        suggester = screen.query_one("#kit-command").suggester
        assert isinstance(suggester, NotationSuggester)
        assert await suggester.get_suggestion("S1 BUI") == "S1 BUILD RAM B10"
        await order(pilot, "S2 CHALLENGE Xu Chu IF REFUSED: ATTACK W2 B9-B6")
        written = game.state.orders[-1]
        assert written.fallback is not None and written.fallback.target == "W2"
        row = screen.sheet.option_text(screen.sheet.row_ids.index("S2"))
        assert "CHALLENGE Xu Chu IF REFUSED: ATTACK W2 B9-B6" in row
        assert "IF REFUSED" not in "".join(e.text for e in game.seat(1).log())
        await order(pilot, "S1 ТАРАН B10")
        assert [o.regiment for o in game.state.orders] == ["S2", "S1"]
        await order(pilot, "S3 FLY B2")
        assert "S3 FLY B2" in screen.message and len(game.state.orders) == 2
        assert app.errors == []


@run
async def test_concede_in_a_battle_without_a_concession_says_so(tk_home: Path) -> None:
    """The battle has no concession (it ends by TK-18.2): `C` says so on the hint line
    instead of doing nothing, and the battle goes on."""
    game = battle()
    app = make_app(tk_home)
    async with app.run_test(size=(100, 32)) as pilot:
        screen = KingdomsScreen(game.seats(), viewer=0, curtain=False)
        app.push_screen(screen)
        await settle(pilot)
        await pilot.press("C")
        await settle(pilot)
        assert app.screen is screen and game.result() is None
        assert "This game has no concession" in str(screen.message)
