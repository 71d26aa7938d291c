"""Russian log lines with a count (EVA-18): the noun agrees with the number (one,
few, many), or the line is worded so that it needs no agreement; dice are «кубик»
as the EVA glossary gives them (EVA §6.2), one or several."""

import pytest

from engine.i18n import current_language, set_language
from engine.rulesets.eva import events as ev

COUNTS = (1, 2, 5, 11, 21)


@pytest.fixture
def russian():
    before = current_language()
    set_language("ru")
    yield
    set_language(before)


def test_eva_18_damage_agrees_with_its_number_in_russian(russian) -> None:
    lines = [ev.DamageDice(unit="Ева-4", dice=[n], raw=n).text() for n in COUNTS]
    assert lines == [
        "Ева-4 получает 1 повреждение до АТ-поля (кубик повреждений 1).",
        "Ева-4 получает 2 повреждения до АТ-поля (кубик повреждений 2).",
        "Ева-4 получает 5 повреждений до АТ-поля (кубик повреждений 5).",
        "Ева-4 получает 11 повреждений до АТ-поля (кубик повреждений 11).",
        "Ева-4 получает 21 повреждение до АТ-поля (кубик повреждений 21).",
    ]
    two = ev.DamageDice(unit="Ева-4", dice=[6, 6], raw=12).text()
    assert two == "Ева-4 получает 12 повреждений до АТ-поля (кубики повреждений 6, 6)."


def test_eva_18_damage_in_english() -> None:
    before = current_language()
    set_language("en")
    try:
        assert ev.DamageDice(unit="Eva-4", dice=[1], raw=1).text() == (
            "Eva-4 suffers 1 damage before the AT field (damage die 1)."
        )
        assert ev.DamageDice(unit="Eva-4", dice=[6, 6], raw=12).text() == (
            "Eva-4 suffers 12 damage before the AT field (damage dice 6, 6)."
        )
        assert ev.Neutralise(unit="A", target="B", dice=[5], automatic=False, hit=False).text() == (
            "A tries to neutralise B's AT field: attack die 5 — miss."
        )
    finally:
        set_language(before)


def test_eva_18_energy_lines_need_no_agreement_in_russian(russian) -> None:
    spent = [ev.EnergyNow(unit="Ева-4", energy=n, spent=n).text() for n in COUNTS]
    assert spent == [f"Ева-4 тратит энергию: {n}, остаётся {n}." for n in COUNTS]
    start = [ev.EnergyNow(unit="Ева-4", energy=n, maximum=n).text() for n in COUNTS]
    assert start == [f"Ева-4: в этот ход энергия {n}." for n in COUNTS]


def test_eva_glossary_dice_are_kubik_singular_or_plural_in_russian(russian) -> None:
    hit = ev.ShotRolled(unit="A", target="B", dice=[5], hit=True, candidate=True, confirm=4, raw=9)
    assert hit.text() == (
        "Кубик попадания 5: попадание. Кубик подтверждения 4: не критическое. Повреждение 9 до АТ-поля."
    )
    reroll = ev.ShotRolled(unit="A", target="B", dice=[1, 3], hit=False)
    assert reroll.text() == "Кубики попадания 1, 3: промах."
    second = ev.ShotRolled(unit="A", target="B", dice=[2], hit=False, shot=2)
    assert second.text() == "Выстрел 2: кубик попадания 2: промах."
    one = ev.Neutralise(unit="A", target="B", dice=[6], automatic=False, hit=False)
    assert one.text() == "A пытается обнулить АТ-поле B: кубик атаки 6 — промах."
    two = ev.Neutralise(unit="A", target="B", dice=[2, 6], automatic=False, hit=False)
    assert two.text() == "A пытается обнулить АТ-поле B: кубики атаки 2, 6 — промах."
    assert ev.Fell(unit="A", die=3).text() == "A падает на землю: кубик урона от падения 3."
    lines = [e.text() for e in (hit, reroll, one, two)]
    assert not any("дайс" in line.lower() for line in lines)


def test_eva_17_points_agree_with_their_number_in_russian(russian) -> None:
    from engine.i18n import ngettext

    assert [ngettext("{points} point", "{points} points", n).format(points=n) for n in COUNTS] == [
        "1 очко",
        "2 очка",
        "5 очков",
        "11 очков",
        "21 очко",
    ]
