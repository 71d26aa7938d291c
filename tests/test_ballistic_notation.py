"""Notation and records (GB-17): every action's text form both ways, English and
Russian words, the three distinct errors, weapons of one kind told apart, and a
saved game that replays to the identical state."""

from __future__ import annotations

import random

import msgspec
import pytest
from ballistic_support import RS, play, position, unit

from engine.game import Game
from engine.record import decode_save
from engine.ruleset import AmbiguousAction, IllegalAction, NotationError
from engine.rulesets.ballistic.actions import (
    Arc,
    Concede,
    Deploy,
    Designate,
    End,
    Fire,
    Hold,
    Move,
    Overwatch,
    Pivot,
    React,
    Smoke,
)
from engine.rulesets.ballistic.roster import UnitEntry
from engine.rulesets.ballistic.state import make_unit
from tui.headless import play_random_game


def _state():
    return position([(0, "Warden-M", "Warden-1", "0306", "SE"), (1, "Bastion-H", "Bastion-2", "0909", "N")])


@pytest.mark.parametrize(
    "text, action",
    [
        ("Warden-1 move 0307 0407 0508", Move("Warden-1", ("0307", "0407", "0508"))),
        ("Warden-1 pivot cw", Pivot("Warden-1", True)),
        ("Warden-1 pivot ccw", Pivot("Warden-1", False)),
        ("Warden-1 hold", Hold("Warden-1")),
        ("Warden-1 fire ac40 Bastion-2", Fire("Warden-1", 4, "Bastion-2", 1)),
        ("Warden-1 fire hmg12 Bastion-2 x3", Fire("Warden-1", 6, "Bastion-2", 3)),
        ("Warden-1 arc atgm 1708", Arc("Warden-1", 5, aim="1708")),
        ("Warden-1 arc atgm @Bastion-2", Arc("Warden-1", 5, target="Bastion-2")),
        ("Warden-1 overwatch ac40 NE-SE", Overwatch("Warden-1", 4, 1, 0)),
        ("Warden-1 overwatch ac40 SE-S x2", Overwatch("Warden-1", 4, 2, 2)),
        ("Warden-1 overwatch x2", React("Warden-1", 2)),
        ("Warden-1 designate Bastion-2", Designate("Warden-1", "Bastion-2")),
        ("Warden-1 smoke 1006", Smoke("Warden-1", "1006")),
        ("Warden-1 end", End("Warden-1")),
        ("Warden-1 deploy 0102 S", Deploy("Warden-1", "0102", 3)),
        ("concede", Concede()),
    ],
)
def test_gb_17_2_every_action_reads_and_writes_its_notation(text, action):
    """GB-17.2: unit name first, hexes CCRR, weapons by key, sectors by two directions."""
    s = _state()
    assert RS.parse_action(s, 0, text) == action
    assert RS.format_action(s, 0, action) == text


@pytest.mark.parametrize(
    "russian, english",
    [
        ("Warden-1 переместиться 0307", "Warden-1 move 0307"),
        ("warden-1 ПОВОРОТ вправо", "Warden-1 pivot cw"),
        ("Warden-1 поворот влево", "Warden-1 pivot ccw"),
        ("Warden-1 стоять", "Warden-1 hold"),
        ("Warden-1 атака ac40 bastion-2 х2", "Warden-1 fire ac40 Bastion-2 x2"),
        ("Warden-1 стрельба ac40 Bastion-2", "Warden-1 fire ac40 Bastion-2"),
        ("Warden-1 навесом atgm 1708", "Warden-1 arc atgm 1708"),
        ("Warden-1 сектор ac40 СВ-ЮВ", "Warden-1 overwatch ac40 NE-SE"),
        ("Warden-1 целеуказание Bastion-2", "Warden-1 designate Bastion-2"),
        ("Warden-1 дым 1006", "Warden-1 smoke 1006"),
        ("Warden-1 конец", "Warden-1 end"),
        ("Warden-1 расстановка 0102 ЮЗ", "Warden-1 deploy 0102 SW"),
        ("сдаться", "concede"),
    ],
)
def test_gb_17_2_russian_words_from_the_glossary_are_accepted(russian, english):
    """GB-17.2 and the glossary: both languages' words in either interface language."""
    s = _state()
    assert RS.format_action(s, 0, RS.parse_action(s, 0, russian)) == english


@pytest.mark.parametrize(
    "text",
    [
        "",
        "Warden-1",
        "Warden-1 dance",
        "Warden-1 move 37",
        "Warden-1 pivot up",
        "Warden-1 fire",
        "Warden-1 overwatch ac40 N-SE",
        "Warden-1 hold now",
        "Warden-1 arc atgm x2 0307",
    ],
)
def test_bad_syntax_is_a_notation_error(text):
    """GB-17.2: text that is not notation raises NotationError."""
    with pytest.raises(NotationError):
        RS.parse_action(_state(), 0, text)


@pytest.mark.parametrize(
    ("lang", "facings"), [("en", "N, NE, SE, S, SW, NW"), ("ru", "С, СВ, ЮВ, Ю, ЮЗ, СЗ")]
)
def test_gb_17_2_a_facing_that_is_no_hex_side_is_told_the_six_there_are(lang, facings):
    """GB-17.2: a deployment with a facing a hex has not (W) names the six facings."""
    from engine import i18n

    i18n.set_language(lang)
    try:
        with pytest.raises(NotationError) as refused:
            RS.parse_action(_state(), 0, "Warden-1 deploy 0102 W")
    finally:
        i18n.set_language("en")
    assert f"({facings})" in str(refused.value)


def test_the_three_errors_are_distinct_and_ambiguity_names_the_choices():
    """GB-17.2: NotationError (syntax), IllegalAction (no such unit or weapon, or against the
    rules), AmbiguousAction (two weapons of one kind could do it; the message lists
    ``gat20:1`` and ``gat20:2``)."""
    s = _state()
    with pytest.raises(IllegalAction):
        RS.parse_action(s, 0, "Nobody hold")
    with pytest.raises(IllegalAction):
        RS.parse_action(s, 0, "Warden-1 fire gat20 Bastion-2")
    twin = make_unit(UnitEntry("Twin", "warden", ["gat20", "gat20"]), 0, 2)
    twin.hex = s.map.tables.index["0305"]
    twin.facing = 2
    s.units.append(twin)
    s.order.append(2)
    s.active = 2
    with pytest.raises(AmbiguousAction) as e:
        RS.parse_action(s, 0, "Twin fire gat20 Bastion-2")
    assert "gat20:1" in str(e.value) and "gat20:2" in str(e.value)
    a = RS.parse_action(s, 0, "Twin fire gat20:2 Bastion-2")
    assert a.weapon == 5 and RS.format_action(s, 0, a) == "Twin fire gat20:2 Bastion-2"
    play(s, 0, "Twin fire gat20:1 Bastion-2 x6", [1] * 6)
    # the first is spent: plain gat20 now means the second, the only one that can fire
    assert RS.parse_action(s, 0, "Twin fire gat20 Bastion-2").weapon == 5
    assert isinstance(NotationError("x"), Exception) and not issubclass(NotationError, IllegalAction)


def test_help_lists_the_notation():
    """GB-17.2: ``help`` answers with the whole notation."""
    with pytest.raises(NotationError) as e:
        RS.parse_action(_state(), 0, "help")
    assert "overwatch ac40 NE-SE" in str(e.value) and "arc atgm @Bastion-2" in str(e.value)


def test_an_unseen_target_is_refused_like_a_missing_one():
    """GB-17.2, GB-5.7: naming an enemy unit the side does not spot is refused with the
    same sentence as a name that does not exist."""
    s = position(
        [(0, "Warden-M", "Warden-1", "0306", "SE"), (1, "Bastion-H", "Bastion-2", "0909", "N")],
        cells={"0808": "0#4", "0809": "0#4", "0709": "0#4", "0708": "0#4"},
    )
    from engine.rulesets.ballistic.rules.sight import spotted

    assert not spotted(s, 0, unit(s, "Bastion-2"))
    messages = []
    for name in ("Bastion-2", "Nobody"):
        with pytest.raises(IllegalAction) as e:
            play(s, 0, f"Warden-1 fire ac40 {name}")
        messages.append(str(e.value).replace(name, "X"))
    assert messages[0] == messages[1]


def test_gb_17_1_a_saved_game_replays_to_the_identical_state(tmp_path):
    """GB-17.1: a save holds the scenario, the seed and the actions with their dice; loading
    replays it to the identical state (turn, initiative, every unit's status, projectiles,
    smoke, wrecks), and the notation round-trips for every action of the game."""
    game = play_random_game(RS, 7, 3, 20000)
    path = game.save(tmp_path / "g.json")
    back = Game.load(path)
    assert msgspec.msgpack.encode(back.state) == msgspec.msgpack.encode(game.state)
    save = decode_save(path.read_bytes())
    assert msgspec.json.decode(save.snapshot, type=RS.State) == game.state
    assert all(r.text and not r.text.startswith("?") for r in game.records)


def test_notation_round_trips_through_random_games():
    """GB-17.2: every action chosen in random games formats to text that parses back to it."""
    from engine.dice import Dice

    checked = 0
    for n in range(6):
        rng = random.Random(n)
        state, _ = RS.new_state(RS.random_setup(rng), Dice(b"n%d" % n))
        dice = Dice(b"nn%d" % n)
        while sides := RS.to_act(state):
            side = min(sides)
            action = RS.random_action(state, side, rng)
            text = RS.format_action(state, side, action)
            assert RS.parse_action(state, side, text) == action, text
            checked += 1
            RS.apply(state, side, action, dice)
    assert checked > 300


def test_gb_17_3_the_view_carries_what_the_display_needs():
    """GB-17.3: the display shows rubble, buildings with their height, elevation, smoke and
    each unit's facing; the engine hands all of it over (the map's cells, wrecks, smoke
    with its turn, facings), and sides by number, never by colour alone."""
    s = position(
        [(0, "Warden-M", "Warden-1", "0306", "SE"), (1, "Bastion-H", "Bastion-2", "0909", "N")],
        cells={"0505": "2#3", "0606": "1%"},
    )
    s.lay_smoke([s.map.tables.index["0707"]], 2)
    v = RS.view(s, 0)
    t = v.map.tables
    assert (t.elevation[t.index["0505"]], t.building[t.index["0505"]]) == (2, 3)
    assert v.smoke == {"0707": 2}
    assert {(u.name, u.side, u.facing) for u in v.units} == {("Warden-1", 0, 2), ("Bastion-2", 1, 0)}


def test_gb_17_1_the_summary_is_stored_neutral_and_shown_in_russian(tmp_path):
    """GB-17.1: a save lists the battle by map, turn, result and units left, in English and
    in a neutral form the load list shows in Russian."""
    from engine.i18n import current_language, set_language
    from engine.record import render_message

    before = current_language()
    for index in (1, 2):
        game = play_random_game(RS, 11, index, 20000)
        save = decode_save(game.save(tmp_path / "g.json").read_bytes())
        assert save.summary == RS.summary(game.state) and save.summary_message is not None
        try:
            set_language("en")
            english = render_message(save.summary_message)
            set_language("ru")
            russian = render_message(save.summary_message)
        finally:
            set_language(before)
        assert english == save.summary
        assert russian != english and "юнитов осталось" in russian and "{" not in russian
