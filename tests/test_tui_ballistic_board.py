"""Going Ballistic's board: the kit's hex layout (GB-2.2 to GB-2.4), the glyph sets,
what each hex shows, and the sight questions a screen asks through its seat (GB-8).
"""

from __future__ import annotations

import unicodedata

import pytest

from engine.dice import seed_only
from engine.game import Game
from engine.geometry.hex import DIRECTIONS, from_offset, to_offset
from engine.ruleset import get
from engine.rulesets.ballistic.roster import Roster, entry_from_loadout
from engine.rulesets.ballistic.scenario import map_with, position
from engine.rulesets.ballistic.state import Placement, Setup
from engine.rulesets.ballistic.view import LookAround, LookAt, Observed, view
from tui.kit.board import HexLayout
from tui.rulesets.ballistic.glyphs import ASCII, UNICODE, facing_text, legend_rows, unit_labels
from tui.rulesets.ballistic.panels import chart_lines, odds_lines
from tui.rulesets.ballistic.scene import Mark, looks

RS = get("ballistic")


# -- the kit's hex layout --------------------------------------------------------------
def test_gb_2_4_hex_layout_draws_a_small_map_as_printed() -> None:
    """GB-2.4: column 01 at the left, row 01 at the top, even-numbered columns half a hex
    lower; the outline runs between the columns and the top edges over each first hex."""
    layout = HexLayout(5, 3, cell_width=3, left=2)
    canvas = []
    for y in range(layout.size.height):
        line = list(layout.outline(y))
        for x, w, cell in layout.cells_on_line(y):
            box = layout.box(cell)
            line[x : x + w] = f"{cell:02d} " if y == box.y else "___"
        canvas.append("".join(line).rstrip())
    assert canvas == [
        "   ___     ___     ___",
        "  /00 \\___/02 \\___/04 \\",
        "  \\___/01 \\___/03 \\___/",
        "  /05 \\___/07 \\___/09 \\",
        "  \\___/06 \\___/08 \\___/",
        "  /10 \\___/12 \\___/14 \\",
        "  \\___/11 \\___/13 \\___/",
        "      \\___/   \\___/",
    ]
    assert (layout.size.width, layout.size.height) == (23, 8)


def test_gb_2_4_every_neighbour_is_a_box_next_to_the_hex() -> None:
    """GB-2.3, GB-2.4: the six neighbours of a hex (the engine's directions) are drawn
    in the six boxes around it: above and below in its column, and in the next
    columns overlapping it by one line."""
    columns, rows = 8, 6
    layout = HexLayout(columns, rows)
    for cell in layout.cells():
        c, n = cell % columns + 1, cell // columns + 1
        q, r = from_offset(c, n)
        box = layout.box(cell)
        for dq, dr in DIRECTIONS:
            c2, n2 = to_offset((q + dq, r + dr))
            if not (1 <= c2 <= columns and 1 <= n2 <= rows):
                continue
            other = layout.box((n2 - 1) * columns + c2 - 1)
            if c2 == c:
                assert abs(other.y - box.y) == 2
            else:
                assert abs(other.x - box.x) == layout.cell_width + 1
                assert abs(other.y - box.y) == 1


def test_hex_layout_maps_points_to_hexes_and_steps_along_a_band() -> None:
    layout = HexLayout(6, 4, cell_width=3, left=3)
    for cell in layout.cells():
        box = layout.box(cell)
        for x in range(box.x, box.right):
            for y in range(box.y, box.bottom):
                assert layout.cell_at(x, y) == cell
    assert layout.cell_at(3, 1) is None  # the outline
    assert layout.cell_at(0, 1) is None  # the margin
    # left and right keep the row number: a zig-zag along one band of the screen
    assert [layout.step(0, k, 0) for k in range(4)] == [0, 1, 2, 3]
    assert layout.box(1).y == layout.box(0).y + 1
    assert layout.step(0, 0, 1) == 6 and layout.step(0, -1, -1) == 0


# -- glyphs and labels -------------------------------------------------------------------
@pytest.mark.parametrize("glyphs", [UNICODE, ASCII], ids=["unicode", "ascii"])
def test_gb_17_3_glyphs_are_one_cell_and_never_of_ambiguous_width(glyphs) -> None:
    """GB-17.3: every glyph of the board is one cell wide and of no ambiguous East Asian
    width; the ASCII set is plain ASCII."""
    chars = [g for g in glyphs[1:] if isinstance(g, str)] + list(glyphs.facing)
    for ch in chars:
        assert len(ch) == 1, ch
        assert unicodedata.east_asian_width(ch) in ("N", "Na", "H"), (ch, hex(ord(ch)))
        if glyphs is ASCII:
            assert ch.isascii(), ch
    assert len(set(UNICODE.facing)) == 6
    for k in range(6):
        assert len(facing_text(glyphs, "H1", k)) == 3
    # ASCII writes two directions with ' and with ,: the side of the label tells them apart
    assert len({facing_text(ASCII, "H1", k) for k in range(6)}) == 6


def test_gb_17_3_labels_tell_sides_apart_by_case_and_units_apart_by_digit() -> None:
    labels = unit_labels(
        [
            (0, "Hare-1", "hare"),
            (0, "Hunter-1", "hare"),
            (1, "Hare-1", "hare"),
            (1, "3rd", "warden"),
            (0, "Kestrel", "kestrel"),
        ]
    )
    assert labels[(0, "Hare-1")] == "H1"
    assert labels[(1, "Hare-1")] == "h1"
    assert labels[(0, "Hunter-1")] not in ("H1",) and labels[(0, "Hunter-1")][0] == "H"
    assert labels[(1, "3rd")] == "w3"  # no letter to case: the profile's, small for side 2
    assert labels[(0, "Kestrel")] == "Ke"
    assert all(len(label) == 2 for label in labels.values())


def test_the_legend_lists_every_mark_of_the_board() -> None:
    rows = legend_rows(UNICODE)
    text = " ".join(glyphs for glyphs, _meaning in rows)
    for ch in (UNICODE.rubble, UNICODE.building, UNICODE.smoke, UNICODE.wreck, UNICODE.shell, UNICODE.shadow):
        assert ch in text


# -- what a hex shows --------------------------------------------------------------------------
def test_each_hex_shows_its_ground_and_the_unit_standing_there() -> None:
    """GB-3.1, GB-17.3: elevation digits, rubble, buildings with their height, smoke; a
    unit's label and facing on the upper line, its status under it; marks where no unit
    stands."""
    state = position(
        [(0, "Warden-M", "Warden-1", "0305", "SE"), (1, "Hare-G", "Hare-1", "0308", "N")],
        cells={"0305": "2.", "0406": "0#3", "0407": "0%", "0508": "1%"},
        width=8,
        height=9,
    )
    state.lay_smoke([state.map.tables.index["0602"]], 3)
    v = view(state, 0)
    t = v.map.tables
    labels = unit_labels((u.side, u.name, u.profile) for u in v.units)
    marks = {t.index["0304"]: Mark("5", "reach")}
    shown = looks(t, UNICODE, v.units, labels, marks, wrecks=v.wrecks, smoke=v.smoke, acting="Warden-1")
    warden = shown[t.index["0305"]]
    assert warden.top == "W1⇘" and "acting" in warden.top_styles and "side0" in warden.top_styles
    assert warden.bottom.startswith("2")
    assert shown[t.index["0406"]].bottom == " ⌂3"
    assert shown[t.index["0407"]].bottom == " ░░"
    assert shown[t.index["0508"]].bottom == "1░░"
    assert shown[t.index["0602"]].top == "∿∿∿" and shown[t.index["0602"]].bottom.endswith("∿")
    assert shown[t.index["0304"]].top.strip() == "5" and "reach" in shown[t.index["0304"]].top_styles
    # the Red Hare is hidden from Blue (too far? no: open ground) - it is seen, small letters
    assert ("h1" in shown[t.index["0308"]].top) == any(u.name == "Hare-1" for u in v.units)


def test_a_units_status_shows_under_it() -> None:
    state = position([(0, "Warden-M", "Warden-1", "0305", "SE"), (1, "Hare-G", "Hare-1", "0308", "N")])
    u = state.units[0]
    u.holding = True
    v = view(state, 0)
    t = v.map.tables
    labels = unit_labels((x.side, x.name, x.profile) for x in v.units)
    assert looks(t, UNICODE, v.units, labels)[t.index["0305"]].bottom.endswith(UNICODE.holding)
    assert looks(t, ASCII, v.units, labels)[t.index["0305"]].bottom.endswith(ASCII.holding)


# -- texts of the panel and the dialogs ----------------------------------------------------------
def test_gb_18_7_the_chart_is_shown_as_the_catalogue_writes_it() -> None:
    """GB-18.7: the 20 mm Gatling cannon on a Hare (P = +0): grade 1 at 3–5 hexes, grade 2
    at 1–2 and 6–7, ..., out of range from 14 (GB-EX-1)."""
    state = position([(0, "Hare-G", "Hare-1", "0306", "SE"), (1, "Hare-G", "Red", "0708", "N")])
    opts = RS.options(state, 0)
    gat = next(w for w in opts.weapons if w.key == "gat20")
    lines = [line.plain for line in chart_lines(gat.chart, 4)]
    assert lines[0].startswith("grade 1 (4+): 3–5 hexes") and "◂ 4 hexes" in lines[0]
    assert lines[1] == "grade 2 (8+): 1–2, 6–7 hexes"
    assert lines[2] == "grade 3 (12+): 8–9 hexes"
    assert lines[4] == "grade 5 (20+): 12–13 hexes"
    assert lines[5] == "out of range beyond 13 hexes (GB-9.6)"


def test_gb_ex_4_b_the_shot_is_itemised_modifier_by_modifier() -> None:
    """GB-EX-4 (b): D0 1, +1 moved, -1 holding, +1 Fire control: grade 2, 8+; HE: no
    small-target modifier; 65% to hit."""
    state = position([(0, "Warden-M", "Warden-1", "0306", "SE"), (1, "Jackal", "Jackal-1", "0807", "N")])
    w, j = state.units
    w.holding = True
    w.fire_control_ok = False
    next(s for s in w.systems if s.key == "fire_control").failed = True
    j.mp_spent, j.entered = 6, 6
    opts = RS.options(state, 0)
    target = next(t for x in opts.weapons if x.key == "ac40" for t in x.targets)
    text = [line.plain for line in odds_lines(target.odds)]
    assert text[0].startswith("5 hexes; C 7 (with the platform), K 2: base grade 1")
    assert text[1:4] == [
        "  +1 grade: the target has moved this turn (GB-9.7)",
        "  -1 grade: the shooter holds position (GB-9.7)",
        "  +1 grade: the shooter's Fire control has failed (GB-14.6)",
    ]
    assert text[4] == "grade 2: 8+ on a d20 (GB-9.8, GB-9.9)"
    assert text[5] == "needs 8+ on a d20: 65% to hit"


# -- sight questions through a seat ----------------------------------------------------------------
def _seated_example() -> Game:
    """GB-EX-8 as a game: Blue's O (Warden, on a level-3 knoll at 0502) and G (Hare at
    0503); a 2-level building at 0506; Red's R2 at 0508."""
    rosters = [
        Roster("Blue", [entry_from_loadout("O", "Warden-M"), entry_from_loadout("G", "Hare-G")]),
        Roster("Red", [entry_from_loadout("R2", "Hare-G")]),
    ]
    placements = [[Placement("0502", "S"), Placement("0503", "S")], [Placement("0508", "N")]]
    setup = Setup(map=map_with(16, 12, {"0502": "3.", "0506": "0#2"}), rosters=rosters, placements=placements)
    return Game(RS, setup, seed=b"\x01" * 32, entropy=seed_only)


def test_gb_ex_8_a_seat_asks_what_its_unit_sees_and_why() -> None:
    """GB-EX-8 through the seat's preview: G does not see 0508 (the building's shadow,
    S = 4); O does (S = 1). The other side's units cannot be asked about."""
    game = _seated_example()
    blue, red = game.seats()
    info = blue.preview(LookAt("G", "0508"))
    assert (info.sees, info.hidden_by, info.distance) == (False, ("0506",), 5)
    assert info.core == ("0503", "0504", "0505", "0506", "0507", "0508")
    assert blue.preview(LookAt("O", "0508")).sees is True
    assert blue.preview(LookAt("R2", "0508")) is None
    assert red.preview(LookAt("G", "0508")) is None


def test_gb_8_12_a_seat_asks_the_hexes_a_unit_sees_and_the_hexes_its_side_observes() -> None:
    """GB-8.5 to GB-8.9, GB-8.12 (GB-EX-8): G sees nothing down column 05 behind the
    building (its shadow S = 4 hides 0507 to 0510, and from farther off the building
    hides G itself, 3 hexes behind it: sight is mutual); O, on its knoll, loses only
    0507 (S = 1); the side observes a hex when any of its units would see a ground unit
    there."""
    game = _seated_example()
    blue = game.seat(0)
    g_sees = set(blue.preview(LookAround("G")))
    o_sees = set(blue.preview(LookAround("O")))
    assert not {"0507", "0508", "0509", "0510", "0511", "0512"} & g_sees and "0505" in g_sees
    assert "0507" not in o_sees and {"0508", "0509"} <= o_sees
    assert set(blue.preview(Observed())) == g_sees | o_sees
    assert blue.preview(LookAround("R2")) is None
