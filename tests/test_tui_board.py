"""The EVA board widget: glyph widths, the line cache, clicks mapped to squares.

The board is the kit's Line-API board (:class:`tui.kit.board.BoardView`) on a square
layout: every board line is built once and cached, a change rebuilds only the lines
it touches, and a click is mapped to a square by arithmetic on the scroll offset
(EVA-2.2 coordinates: row 30 at the top). An Eva is a capital letter and a cost a
digit or a small letter, so the two never read as each other.
"""

from __future__ import annotations

import unicodedata
from pathlib import Path
from typing import Any

from battle_support import auto_play, battle_screen, eva_game, eva_screen, is_acting
from test_tui_app import home, make_app, run  # noqa: F401 - home is a fixture
from textual.app import App, ComposeResult

from engine.rulesets.eva.scenario import load_bundled
from tui.kit.board import BoardView
from tui.rulesets.eva.board import (
    ASCII_BOARD,
    HEIGHT,
    MARGIN,
    UNICODE_BOARD,
    EvaBoard,
    Overlay,
    UnitMark,
    short_cost,
    square_name,
)

W = 20


def sq(name: str) -> int:
    """Square name → flat index (EVA-2.2)."""
    return (int(name[1:]) - 1) * W + "ABCDEFGHIJKLMNOPQRST".index(name[0])


def _chars(glyphs: Any) -> list[str]:
    out: list[str] = []
    for value in glyphs[1:]:
        out.extend(value if isinstance(value, tuple) else [value])
    return out


def test_unicode_board_glyphs_are_never_ambiguous_width() -> None:
    for ch in _chars(UNICODE_BOARD):
        assert len(ch) == 1
        assert unicodedata.east_asian_width(ch) in ("N", "Na"), (ch, unicodedata.name(ch))


def test_ascii_board_glyphs_are_plain_ascii_and_terrain_differs_by_glyph() -> None:
    assert all(ch.isascii() and ch.isprintable() for ch in _chars(ASCII_BOARD))
    for glyphs in (ASCII_BOARD, UNICODE_BOARD):
        assert len(set(glyphs.terrain)) == 5  # open, red, yellow, green, blue (EVA-2.3)


def test_eva_2_2_square_names() -> None:
    assert square_name(0) == "A1" and square_name(sq("B6")) == "B6" and square_name(599) == "T30"


class BoardApp(App[None]):
    """Just the board, for measuring it."""

    def __init__(self, cell_width: int = 3) -> None:
        super().__init__()
        self.cell_width = cell_width

    def compose(self) -> ComposeResult:
        yield EvaBoard(load_bundled("crossroads").terrain, cell_width=self.cell_width)

    chosen: list[int] = []

    def on_board_view_chosen(self, message: BoardView.Chosen) -> None:
        self.chosen.append(message.cell)


@run
async def test_eva_2_2_row_30_is_on_top_with_letters_above_and_below() -> None:
    app = BoardApp()
    async with app.run_test(size=(80, 40)) as pilot:
        board = app.query_one(EvaBoard)
        await pilot.pause()
        lines = [board.render_line(y).text for y in range(HEIGHT + 2)]
        assert lines[0].split() == list("ABCDEFGHIJKLMNOPQRST") == lines[-1].split()
        assert lines[1].startswith("30 ") and lines[1].rstrip().endswith(" 30")
        assert lines[HEIGHT].startswith(" 1 ") and lines[HEIGHT].rstrip().endswith(" 1")
        # the column letter stands over the middle cell of its square
        assert lines[0][MARGIN + 1] == "A" and lines[0][MARGIN + 3 * 19 + 1] == "T"


@run
async def test_a_change_rebuilds_only_the_lines_it_touches() -> None:
    app = BoardApp()
    async with app.run_test(size=(80, 40)) as pilot:
        board = app.query_one(EvaBoard)
        await pilot.pause()
        built = board.lines_built
        assert built >= HEIGHT + 2
        # the cursor: the two lines of the old and the new square
        board.move_cursor(sq("A2"))
        await pilot.pause()
        assert board.lines_built - built == 2
        built = board.lines_built
        # a unit moved from E4 to E6, and one reachable square on E5
        board.set_marks({sq("E4"): UnitMark("1", 0)}, {})
        await pilot.pause()
        built = board.lines_built
        board.set_marks({sq("E6"): UnitMark("1", 0)}, {sq("E5"): Overlay("reach", "2")})
        await pilot.pause()
        assert board.lines_built - built == 3
        built = board.lines_built
        board.set_marks({sq("E6"): UnitMark("1", 0)}, {sq("E5"): Overlay("reach", "2")})
        await pilot.pause()
        assert board.lines_built == built  # nothing changed, nothing rebuilt


@run
async def test_a_click_maps_to_its_square_by_the_scroll_offset() -> None:
    app = BoardApp(cell_width=2)
    async with app.run_test(size=(60, 12)) as pilot:
        board = app.query_one(EvaBoard)
        await pilot.pause()
        app.chosen = []
        board.scroll_to(0, 0, animate=False, immediate=True)
        await pilot.pause()
        # unscrolled: line 1 is row 30, the first square column starts after the numbers
        assert board.square_at(MARGIN, 1) == sq("A30")
        assert board.square_at(MARGIN + 2 * 19 + 1, 1) == sq("T30")
        assert board.square_at(0, 1) is None and board.square_at(MARGIN, 0) is None
        board.move_cursor(sq("C1"))  # scrolls to the bottom
        await pilot.pause()
        top = int(board.scroll_offset.y)
        assert top > 0
        line = HEIGHT - sq("C1") // W  # the board line of row 1
        await pilot.click(EvaBoard, offset=(MARGIN + 2 * 2, line - top))
        await pilot.pause()
        assert app.chosen == [sq("C1")] and board.cursor == sq("C1")


@run
async def test_eva_8_2_a_click_on_a_reachable_square_moves_the_eva(home: Path) -> None:  # noqa: F811
    game = auto_play(eva_game(), is_acting)
    app = make_app(home)
    async with app.run_test(size=(120, 40)) as pilot:
        app.push_screen(eva_screen(game, curtain=False))
        await pilot.pause()
        screen = battle_screen(app)
        opts = screen.opts
        assert opts is not None and opts.kind == "act"
        move = min(opts.moves, key=lambda m: m.cost)
        board = screen.board
        x = board.cell_x(move.square) - int(board.scroll_offset.x) + 1
        y = board.line_of(move.square) - int(board.scroll_offset.y)
        await pilot.click(EvaBoard, offset=(x, y))
        await pilot.pause()
        unit = screen.view.units[opts.unit]
        assert unit.square == move.square
        assert screen.opts.energy == opts.energy - move.cost
    assert app.errors == []


@run
async def test_marks_beside_an_eva_in_two_and_three_cells() -> None:
    """A kneeling Eva in its activation: both marks in three cells; in two cells the
    stance wins over "in its activation" (which the status line tells too)."""
    for width, expected in ((3, "⌄1✦"), (2, "1⌄")):
        app = BoardApp(cell_width=width)
        async with app.run_test(size=(80, 40)) as pilot:
            board = app.query_one(EvaBoard)
            board.set_marks({sq("E4"): UnitMark("1", 0, kneeling=True, active=True)}, {})
            board.scroll_to(0, 0, animate=False, immediate=True)
            await pilot.pause()
            text = board.render_line(board.line_of(sq("E4"))).text
            x = board.cell_x(sq("E4"))
            assert text[x : x + width] == expected


def test_board_colours_keep_their_meaning_on_a_16_colour_terminal() -> None:
    """TERM=screen and the like have 16 colours: each colour of the board must come out as
    the standard colour it stands for (yellow obstacles on yellow, not on bright red)."""
    from rich.color import Color, ColorSystem

    from tui.rulesets.eva.board import _STYLES

    def ansi(style_key: str, background: bool = True) -> int | None:
        style = _STYLES[style_key]
        colour = style.bgcolor if background else style.color
        assert colour is not None
        return Color.parse(colour.name).downgrade(ColorSystem.STANDARD).number

    red, green, yellow, blue, magenta, cyan, white = 1, 2, 3, 4, 5, 6, 7
    bright = 8
    assert ansi("t1") in (red, red + bright) and ansi("target") in (red, red + bright)
    assert ansi("t2") in (yellow, yellow + bright)
    assert ansi("t3") in (green, green + bright)
    assert ansi("t4") in (blue, blue + bright)
    assert ansi("u0") in (cyan, cyan + bright) and ansi("u0done") in (cyan, cyan + bright)
    assert ansi("u1") in (magenta, magenta + bright) and ansi("u1done") in (magenta, magenta + bright)
    assert ansi("reach") in (0, bright) and ansi("t0", background=False) in (white, bright)
    # the two sides and the obstacles never share a colour
    assert len({ansi(k) for k in ("t1", "t2", "t3", "t4", "u0", "u1")}) == 6


def test_two_cell_costs_are_one_character_and_a_space() -> None:
    """At 80 columns a square is two cells: a cost is one character (a = 10, b = 11 ...)
    and a space, so neighbouring costs never run together."""
    assert [short_cost(str(n)) for n in (1, 9, 10, 12, 15)] == ["1", "9", "a", "c", "f"]
    board = EvaBoard(load_bundled("crossroads").terrain, cell_width=2)
    costs = zip("ABCDE", (12, 10, 8, 6, 11), strict=True)
    board.overlay = {sq(f"{c}5"): Overlay("reach", str(n)) for c, n in costs}
    line = "".join(board.cell_text(sq(f"{c}5"), 0)[0] for c in "ABCDE")
    assert line == "c a 8 6 b "


def test_unit_glyphs_are_capital_letters_by_side_and_never_read_as_costs() -> None:
    """Player 1's Evas are A, B, C… and Player 2's N, O, P… in roster order, whatever
    their names (the same name on both sides, Cyrillic names): never a digit or a small
    letter, which are the energy costs of the reachable squares (a = 10 …)."""
    from tui.rulesets.eva.panels import unit_glyphs

    class U:
        def __init__(self, index: int, side: int, name: str) -> None:
            self.index, self.side, self.name = index, side, name

    class V:
        units = [
            U(0, 0, "Eva-1"),
            U(1, 0, "Eva-2"),
            U(2, 0, "Sniper"),
            U(3, 1, "Eva-1"),
            U(4, 1, "Снайпер"),
            U(5, 1, "Eva-2"),
        ]

    glyphs = unit_glyphs(V())  # type: ignore[arg-type]
    assert glyphs == ("A", "B", "C", "N", "O", "P")
    assert unit_glyphs(V(), ascii_only=True) == glyphs  # type: ignore[arg-type]
    costs = {short_cost(str(n)) for n in range(1, 36)}
    assert not costs & set(glyphs)
    # the letters of a side never depend on the other side's names
    V.units[3].name = "Guard"
    assert unit_glyphs(V()) == glyphs  # type: ignore[arg-type]


def test_without_colour_an_eva_and_a_cost_differ_by_glyph(home: Path, monkeypatch: Any) -> None:  # noqa: F811
    """NO_COLOR: the acting Eva's square and every reachable square are drawn in the
    same plain bold, so only the glyph tells them apart: a capital letter against a
    digit or a small letter, in both glyph sets."""
    from battle_support import open_screen

    monkeypatch.setenv("NO_COLOR", "1")
    game = auto_play(eva_game(), is_acting)

    @run
    async def go(ascii_glyphs: bool) -> None:
        app = make_app(home, ascii_glyphs=ascii_glyphs)
        async with app.run_test(size=(80, 24)) as pilot:
            screen = await open_screen(app, pilot, game, curtain=False)
            board = screen.board
            assert board.styles_map["reach"].color is None and board.overlay
            assert board.styles_map["reach"] == board.styles_map["u0"]  # the same plain bold
            texts = {s: board.cell_text(s, 0)[0] for s in board.units}
            units = {next(c for c in text if c.isalnum()) for text in texts.values()}
            costs = {board.cell_text(s, 0)[0][0] for s, o in board.overlay.items() if o.kind == "reach"}
            assert units and costs
            assert all(c.isupper() for c in units), units
            assert all(c.isdigit() or c.islower() for c in costs), costs
        assert app.errors == []

    go(False)
    go(True)
