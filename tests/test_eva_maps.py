"""Map files (EVA-2.1, EVA-2.3, EVA-5.2 zones): at least three ship, and the parser
names the line and column of anything wrong."""

from __future__ import annotations

import pytest

from engine.rulesets.eva.scenario import (
    BLUE,
    GREEN,
    OPEN,
    RED,
    YELLOW,
    MapError,
    bundled_maps,
    load_bundled,
    parse_map,
)


def _text(rows: list[str]) -> str:
    return "title: T\n# a comment\n\n" + "\n".join(rows) + "\n"


def _good() -> list[str]:
    return list(load_bundled("crossroads").rows)


def test_at_least_three_maps_ship_and_parse():
    keys = bundled_maps()
    assert len(keys) >= 3
    for k in keys:
        m = load_bundled(k)
        assert len(m.rows) == 30 and all(len(r) == 20 for r in m.rows)
        assert m.title and m.title_ru


def test_colours_by_character_and_rows_from_the_top():
    rows = _good()
    rows[29] = "-r-y-g-b" + "-" * 12  # row 1 (south edge) is the last line
    rows[0] = "-" * 20
    rows[15] = "." * 19 + "y"  # row 15
    m = parse_map(_text(rows))
    assert [m.colour(x, 1) for x in range(1, 9)] == [OPEN, RED, OPEN, YELLOW, OPEN, GREEN, OPEN, BLUE]
    assert m.colour(20, 15) == YELLOW


@pytest.mark.parametrize(
    ("row", "text", "line", "column", "words"),
    [
        (10, "....x...............", 14, 5, "unknown square 'x'"),
        (29, "--.-----------------", 33, 3, "deployment row"),
        (10, ".......-............", 14, 8, "only in rows 1–3 and 28–30"),
        (10, "...............", 14, 16, "has 15 squares"),
    ],
)
def test_a_bad_square_is_reported_at_its_line_and_column(row, text, line, column, words):
    rows = _good()
    rows[row] = text
    with pytest.raises(MapError) as e:
        parse_map(_text(rows))
    assert (e.value.line, e.value.column) == (line, column)
    assert words in str(e.value) and f"line {line}, column {column}" in str(e.value)


def test_a_short_or_long_board_and_a_missing_title_are_refused():
    rows = _good()
    with pytest.raises(MapError, match="29 rows"):
        parse_map(_text(rows[:-1]))
    with pytest.raises(MapError, match="more than 30 rows"):
        parse_map(_text([*rows, "-" * 20]))
    with pytest.raises(MapError, match="title"):
        parse_map("\n".join(rows))
