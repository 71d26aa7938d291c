"""Battleline's texts: every event and refusal reads in English and Russian, the part
codes and the glossary's words in Russian; the rules summaries ship in both."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from engine import i18n
from engine.dice import Dice
from engine.ruleset import IllegalAction
from tests.battleline_support import RS, hits, make, play

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def russian():
    i18n.set_language("ru")
    yield
    i18n.set_language("en")


@pytest.mark.usefixtures("russian")
def test_the_report_in_russian_uses_the_glossary():
    """BL-19.4 in Russian: part codes Г, ЦТ, ЛТ...; defence, к2, провал; урон."""
    st = make(["Kestrel", "Bulwark"])
    ev = play(
        st,
        {0: "speed 6; def LA; A-10 18 19 20", 1: "speed 0; M-10 9 10 11 12 13 14 15x4"},
        [3, 4, 1, 1, 1, 2, 4, 5, 2, 6, 5],
    )
    assert hits(ev)[0].text() == (
        "Bulwark (M-10) попадает в меха Kestrel: область попадания 3+4 = 7, ЦТ; "
        "защита ЛР, к2 = 1: провал; ЦТ, урон 1."
    )
    texts = [e.text() for e in ev]
    assert "Kestrel идёт 9 → 15." in texts and "Начинается ход 2." in texts


@pytest.mark.usefixtures("russian")
def test_a_refusal_reads_in_russian_with_its_rules():
    """BL-4.3: a refused order's sentences are translated; the rule IDs stay."""
    st = make(["Kestrel", "Bulwark"])
    with pytest.raises(IllegalAction) as err:
        RS.parse_action(st, 0, "скорость 9")
    assert str(err.value) == "Скорость 9 больше, чем позволяет эта заявка: не больше 6. (BL-5.6)"


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_event_of_random_battles_reads_in_both_languages(lang):
    """Every event of random battles renders, for every viewer, in English and Russian."""
    i18n.set_language(lang)
    try:
        kinds = set()
        for g in range(15):
            rng = random.Random(g)
            state, events = RS.new_state(RS.random_setup(rng), Dice(b"t%d" % g))
            dice = Dice(b"td%d" % g)
            while sides := RS.to_act(state):
                seat = rng.choice(sorted(sides))
                events += RS.apply(state, seat, RS.random_action(state, seat, rng), dice)
            for e in events:
                for viewer in (None, 0, 1):
                    assert e.text_for(viewer).strip()
                kinds.add(type(e).__name__)
        assert len(kinds) >= 14
    finally:
        i18n.set_language("en")


def test_the_rules_summaries_ship_in_english_and_russian():
    """help/en.md and help/ru.md: the system's title and the rule IDs it quotes."""
    from tui.rulebook import read_help, system_title

    en = read_help("battleline", "en")
    ru = read_help("battleline", "ru")
    assert en is not None and ru is not None and en[1] == "en" and ru[1] == "ru"
    assert system_title("battleline", "en") == "Battleline"
    assert system_title("battleline", "ru") == "Боевая линия"
    for text in (en[0], ru[0]):
        assert "BL-4.4" in text and "BL-20.6" in text
