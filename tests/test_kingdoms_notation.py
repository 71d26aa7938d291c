"""Three Kingdoms notation: every order in the spec's own forms, parsed and
formatted, English and Russian words alike, and the three errors (bad syntax,
illegal, ambiguous)."""

from __future__ import annotations

import random

import pytest

from engine.dice import Dice
from engine.i18n import set_language
from engine.ruleset import AmbiguousAction, IllegalAction, NotationError
from engine.rulesets.kingdoms import RULESET
from engine.rulesets.kingdoms.actions import (
    Accept,
    Attack,
    BuildRam,
    Challenge,
    ClimbWall,
    Defend,
    Fire,
    Flee,
    Merge,
    Move,
    Provoke,
    Ready,
    Refuse,
    Stratagem,
)
from engine.rulesets.kingdoms.parsing import parse_notation
from engine.rulesets.kingdoms.scenario import load_bundled
from engine.rulesets.kingdoms.state import Setup
from tests.kingdoms_support import battle, reg


def fmt(st, action) -> str:
    return RULESET.format_action(st, st.active, action)


def test_the_spec_forms_format_and_parse_back():
    """TK-2.5: each order in the spec's own form: S3 ATTACK W2 B4-B6, S1 DEFEND, a
    challenge with its fallback, and the rest."""
    st = battle(
        7,
        [
            reg("S1", "inf", 1000, "B2", strength=900),
            reg("S2", "inf", 1000, "B2", "Guan Yu", strength=800),
            reg("S3", "cav", 500, "B4", "Zhang Fei"),
            reg("S5", "arch", 500, "B3", "Huang Zhong"),
            reg("W2", "inf", 1000, "B6", "Xu Chu"),
            reg("W3", "cav", 500, "B6", "Xiahou Dun"),
            reg("W5", "arch", 500, "B5", "Xiahou Yuan"),
            reg("W1", "inf", 1000, "B10", "Cao Ren"),
        ],
    )
    cases = [
        (Defend(regiment="S1"), "S1 DEFEND"),
        (Defend(regiment="S1", screen="S2", release=True), "S1 DEFEND SCREEN S2 RELEASE"),
        (Attack(regiment="S3", target="W2", path=("B4", "B6")), "S3 ATTACK W2 B4-B6"),
        (Move(regiment="S2", path=("B2", "B1")), "S2 MOVE B2-B1"),
        (Fire(regiment="S5", target="W5"), "S5 FIRE W5"),
        (
            Challenge(regiment="S3", target="W3", fallback=Move(regiment="S3", path=("B4", "B2"))),
            "S3 CHALLENGE Xiahou Dun IF REFUSED: MOVE B4-B2",
        ),
        (Challenge(regiment="S3", target="W3"), "S3 CHALLENGE Xiahou Dun"),
        (Merge(regiment="S1", other="S2"), "S1 MERGE S2"),
        (Move(regiment="S3", path=("B4", "B2"), mount="dismount"), "S3 DISMOUNT MOVE B4-B2"),
        (Ready(), "READY"),
    ]
    for action, text in cases:
        assert fmt(st, action) == text
        assert RULESET.parse_action(st, 0, text) == action
    # the default fallback is left out; written out it still reads
    assert RULESET.parse_action(st, 0, "S3 CHALLENGE Xiahou Dun, if refused: DEFEND") == Challenge(
        regiment="S3", target="W3", fallback=Defend(regiment="S3")
    )


@pytest.mark.parametrize(
    "text, english",
    [
        ("S1 ЗАЩИТА", "S1 DEFEND"),
        ("s1 защита заслон s2 пропустить", "S1 DEFEND SCREEN S2 RELEASE"),
        ("S3 АТАКА W2 B4-B6", "S3 ATTACK W2 B4-B6"),
        ("S3 атака W2 B4→B6", "S3 ATTACK W2 B4-B6"),
        ("S2 МАРШ B2-B1", "S2 MOVE B2-B1"),
        ("S5 ОБСТРЕЛ W5", "S5 FIRE W5"),
        ("S3 ВЫЗОВ Сяхоу Дунь ЕСЛИ ОТКАЗ: МАРШ B4-B2", "S3 CHALLENGE Xiahou Dun IF REFUSED: MOVE B4-B2"),
        ("S3 ПРОВОКАЦИЯ Сюй Чу", "S3 PROVOKE Xu Chu"),
        ("S1 СЛИЯНИЕ S2", "S1 MERGE S2"),
        ("S3 СПЕШИТЬСЯ МАРШ B4-B2", "S3 DISMOUNT MOVE B4-B2"),
        ("ГОТОВО", "READY"),
    ],
)
def test_russian_words_are_accepted_in_either_interface_language(text, english):
    """Both languages' words (the glossary's) parse, whatever the interface language, to
    the same action as the English form."""
    st = battle(
        7,
        [
            reg("S1", "inf", 1000, "B2", strength=900),
            reg("S2", "inf", 1000, "B2", "Guan Yu", strength=800),
            reg("S3", "cav", 500, "B4", "Zhang Fei"),
            reg("S5", "arch", 500, "B3", "Huang Zhong"),
            reg("W2", "inf", 1000, "B6", "Xu Chu"),
            reg("W3", "cav", 500, "B6", "Xiahou Dun"),
            reg("W5", "arch", 500, "B5", "Xiahou Yuan"),
            reg("W1", "inf", 1000, "B10", "Cao Ren"),
        ],
    )
    try:
        for lang in ("en", "ru"):
            set_language(lang)
            action = RULESET.parse_action(st, 0, text)
            assert action == RULESET.parse_action(st, 0, english)
            assert fmt(st, action) == english
    finally:
        set_language("en")


def test_the_three_errors_are_distinct():
    """Bad syntax (NotationError), a legal form the rules forbid (IllegalAction), several
    legal actions fitting (AmbiguousAction, listing them); ``help`` answers with the
    notation."""
    st = battle(
        10,
        [
            reg("S2", "inf", 1000, "B9", "Guan Yu"),
            reg("S1", "inf", 1000, "B1"),
            reg("W3", "cav", 500, "B8", "Xiahou Dun"),
            reg("W1", "inf", 1000, "B10", "Cao Ren"),
        ],
    )
    for bad in ("", "W3 GALLOP B9", "W3 ATTACK", "W3 MOVE B8", "S2 DEFEND SCREEN", "READY NOW", "W3 FLEE B9"):
        with pytest.raises(NotationError):
            RULESET.parse_action(st, 1, bad)
    with pytest.raises(NotationError) as info:
        RULESET.parse_action(st, 1, "help")
    assert "S3 ATTACK W2 B4-B6" in str(info.value)
    with pytest.raises(IllegalAction):
        RULESET.parse_action(st, 1, "W3 MOVE B8-B9")
    with pytest.raises(IllegalAction):
        RULESET.parse_action(st, 1, "W3 CHALLENGE Sun Ce")
    # B9 is two steps from B8 by B6 and by B10 (Wei's own fortress): ambiguous
    with pytest.raises(AmbiguousAction) as info:
        RULESET.parse_action(st, 1, "W3 ATTACK S2")
    assert "W3 ATTACK S2 B8-B6-B9" in str(info.value) and "W3 ATTACK S2 B8-B10-B9" in str(info.value)
    assert RULESET.parse_action(st, 1, "W3 ATTACK S2 B8-B10-B9") == Attack(
        regiment="W3", target="S2", path=("B8", "B10", "B9")
    )


def test_a_single_path_is_inferred():
    """With one legal path to the target, ATTACK without a path takes it."""
    st = battle(
        9,
        [
            reg("S3", "cav", 500, "B4", "Zhang Fei"),
            reg("W2", "inf", 1000, "B6", "Xu Chu"),
            reg("W1", "inf", 1000, "B10", "Cao Ren"),
        ],
    )
    assert RULESET.parse_action(st, 0, "S3 ATTACK W2") == Attack(
        regiment="S3", target="W2", path=("B4", "B6")
    )


def test_every_legal_action_of_random_battles_round_trips():
    """Over random battles, every legal action (and every decision's answer) formats to
    notation that parses back to the same action."""
    checked = 0
    for g in range(6):
        rng = random.Random(g)
        st, _ = RULESET.new_state(RULESET.random_setup(rng), Dice(b"n%d" % g))
        dice = Dice(b"notation%d" % g)
        steps = 0
        while RULESET.to_act(st) and steps < 120:
            side = min(RULESET.to_act(st))
            acts = RULESET.legal_actions(st, side)
            for a in acts[:: max(1, len(acts) // 25)]:
                text = RULESET.format_action(st, side, a)
                back = RULESET.parse_action(st, side, text)
                if isinstance(a, Challenge | Provoke) and a.fallback is None:
                    assert back == a or (isinstance(back, type(a)) and back.target == a.target)
                else:
                    assert back == a, text
                checked += 1
            RULESET.apply(st, side, RULESET.random_action(st, side, rng), dice)
            steps += 1
    assert checked > 500


def test_decisions_and_other_orders_have_their_notation():
    """ACCEPT, REFUSE, RETREAT, DEFENDER, KEEP, FLEE, BUILD RAM, CLIMB WALL, STRATAGEM."""
    st, _ = RULESET.new_state(Setup(scenario=load_bundled("fan_river")), Dice(b"x"))
    assert parse_notation("ACCEPT").kind is Accept and parse_notation("отказаться").kind is Refuse
    assert parse_notation("RETREAT B8").fields == {"base": "B8"}
    assert parse_notation("KEEP S1").fields == {"regiment": "S1"}
    assert parse_notation("DEFENDER Cao Ren").officer == "Cao Ren"
    assert parse_notation("S4 FLEE").kind is Flee
    assert parse_notation("S2 BUILD RAM AT B10").fields == {"regiment": "S2", "fortress": "B10"}
    assert parse_notation("S2 ТАРАН B10").kind is BuildRam
    assert parse_notation("S3 CLIMB WALL OF B10").kind is ClimbWall
    assert parse_notation("W2 STRATAGEM Fire in the Bamboo").card == "Fire in the Bamboo"
    assert fmt(st, Stratagem(regiment="W2", card="C2")) == "W2 STRATAGEM Fire in the Bamboo"
    assert fmt(st, BuildRam(regiment="S2", fortress="B10")) == "S2 BUILD RAM B10"
    assert fmt(st, ClimbWall(regiment="S3", fortress="B10")) == "S3 CLIMB WALL B10"
    assert fmt(st, Refuse()) == "REFUSE"


@pytest.mark.parametrize(
    "text", [":", ",", " - ", "→", ": :", "S3 :", "S3 ATTACK :", "S3 CHALLENGE IF REFUSED:"]
)
def test_punctuation_alone_is_bad_syntax(text):
    """Text made of separators only is a NotationError, never a crash."""
    st, _ = RULESET.new_state(Setup(scenario=load_bundled("fan_river")), Dice(b"x"))
    with pytest.raises(NotationError):
        RULESET.parse_action(st, 0, text)
