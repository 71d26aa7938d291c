"""The game record: save, load by replay, divergence reports, undo, notation.

Covers the engine core (engine/game.py, engine/record.py) with the Eva ruleset
(EVA-1.3: dice drawn in order, so a replay re-derives every roll).
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import msgspec
import pytest

from engine.dice import seed_only
from engine.game import Game
from engine.record import SaveError, decode_save, state_checksum
from engine.ruleset import IllegalAction, get
from engine.rulesets.eva import actions as A
from tui.headless import play_random_game

RS = get("eva")


def _game(seed: int = 3, index: int = 1) -> Game:
    return play_random_game(RS, seed, index, 20000)


def test_save_then_load_replays_to_the_identical_state(tmp_path: Path):
    game = _game()
    path = game.save(tmp_path / "g.json")
    back = Game.load(path)
    assert msgspec.msgpack.encode(back.state) == msgspec.msgpack.encode(game.state)
    assert [r.text for r in back.records] == [r.text for r in game.records]
    assert len(back.events) == len(game.events)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["format"] == "wartable-save" and data["version"] == 2 and data["ruleset"] == "eva"
    assert data["checksum"] == state_checksum(game.state)


def test_a_tampered_roll_is_reported_at_its_action(tmp_path: Path):
    game = _game()
    path = game.save(tmp_path / "g.json")
    data = json.loads(path.read_text(encoding="utf-8"))
    k = next(i for i, a in enumerate(data["actions"]) if a.get("rolls") and i > 5)
    faces = data["actions"][k]["rolls"][0][3]
    faces[0] = 7 - faces[0] if faces[0] != 7 - faces[0] else (faces[0] % 6) + 1
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data), encoding="utf-8")
    before = bad.read_bytes()
    with pytest.raises(SaveError) as e:
        Game.load(bad)
    assert e.value.action == k + 1
    assert f"action {k + 1}" in str(e.value)
    assert bad.read_bytes() == before  # never touched


def test_a_changed_checksum_is_refused(tmp_path: Path):
    game = _game()
    path = game.save(tmp_path / "g.json")
    data = json.loads(path.read_text(encoding="utf-8"))
    data["checksum"] = "0" * 64
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(SaveError, match="checksum"):
        Game.load(path)


def test_a_newer_format_version_is_refused_naming_both_versions(tmp_path: Path):
    game = _game()
    path = game.save(tmp_path / "g.json")
    data = json.loads(path.read_text(encoding="utf-8"))
    data["version"] = 99
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(SaveError) as e:
        Game.load(path)
    assert "99" in str(e.value) and "2" in str(e.value)


def test_resumed_game_continues_with_the_same_dice(tmp_path: Path):
    """A game saved half-way and resumed rolls exactly what the uninterrupted one rolls,
    given the same entropy for its actions (a test's entropy; a real game draws it
    fresh, so the second half cannot be known from the save)."""
    from engine.dice import fixed_entropy

    full = _game(seed=11)
    half = len(full.records) // 2
    rs = full.ruleset
    setup = msgspec.json.decode(msgspec.json.encode(full.setup), type=rs.Setup)
    stream = fixed_entropy(b"wartable:11:1")
    g = Game(rs, setup, seed=full.seed, entropy=stream)
    for rec in full.records[:half]:
        g.submit(rec.side, msgspec.json.decode(rec.action, type=rs.Action))
    g.save(tmp_path / "half.json")
    resumed = Game.load(tmp_path / "half.json", entropy=stream)
    for rec in full.records[half:]:
        resumed.submit(rec.side, msgspec.json.decode(rec.action, type=rs.Action))
        assert resumed.records[-1].rolls == rec.rolls
    assert state_checksum(resumed.state) == state_checksum(full.state)


def _to_battle(seed: int = 5) -> Game:
    """A game advanced to the first activation of the battle."""
    rng = random.Random(seed)
    setup = RS.random_setup(rng)
    game = Game(RS, setup, seed=b"undo")
    while game.state.phase != "battle" or game.state.activation is None:
        side = min(game.to_act())
        game.submit(side, RS.random_action(game.state, side, rng))
    return game


def test_undo_takes_back_a_move_but_never_crosses_a_roll():
    game = _to_battle()
    side = min(game.to_act())
    ui = game.state.activation.unit
    before = msgspec.msgpack.encode(game.state)
    opts = RS.options(game.state, side)
    assert opts.moves, "the active Eva should be able to move"
    game.submit(side, A.Move(ui, opts.moves[0].path))
    assert game.can_undo(side)
    assert game.undo(side)
    assert msgspec.msgpack.encode(game.state) == before
    # the activation itself rolled the initiative/start dice before: nothing more to undo
    assert not game.can_undo(side) or game.records[-1].rolls == []
    # after an action that rolls dice, undo is refused
    n = len(game.records)
    game.submit(side, A.End(ui))
    if game.records[-1].rolls:
        assert not game.can_undo(side)
        assert not game.undo(side)
        assert len(game.records) == n + 1


def test_an_action_out_of_turn_is_refused_and_changes_nothing():
    game = _to_battle()
    side = min(game.to_act())
    other = 1 - side
    before = msgspec.msgpack.encode(game.state)
    with pytest.raises(IllegalAction):
        game.submit(other, A.End(game.state.activation.unit))
    assert msgspec.msgpack.encode(game.state) == before


def test_concession_is_accepted_out_of_turn():
    """EVA-5.11: a player may concede at any time; the opponent wins."""
    game = _to_battle()
    side = min(game.to_act())
    game.submit(1 - side, "concede")
    res = game.result()
    assert res is not None and res.winner == side and res.rule == "EVA-5.11"
    assert game.to_act() == frozenset()


def test_notation_round_trips_in_random_games():
    """Every action played in random games formats to text that parses back to it. The
    dice follow the seed alone, so the games (and the kinds of action they reach) are the
    same on every run."""
    seen: set[str] = set()
    for index in range(1, 30):
        rng = random.Random(index)
        game = Game(RS, RS.random_setup(rng), seed=b"n%d" % index, entropy=seed_only)
        while game.to_act():
            side = min(game.to_act())
            a = RS.random_action(game.state, side, rng)
            text = RS.format_action(game.state, side, a)
            assert RS.parse_action(game.state, side, text) == a, text
            seen.add(type(a).__name__)
            game.submit(side, a)
    assert {"Move", "Fire", "Activate", "Deploy", "ChooseZone", "End", "Swap"} <= seen


def _eva(**kw):
    from tests.eva_support import make_state

    return make_state(**kw)


def test_notation_round_trips_for_every_action_type():
    """Each of the 21 action types: text → action → the same text (EVA-2.2 squares)."""
    from engine.rulesets.eva.state import DEPLOY, ZONE
    from tests.eva_support import idx, play, start

    cases: list[tuple[object, int, str]] = []
    st = _eva(
        units=[
            {
                "name": "Eva-01",
                "side": 0,
                "square": "E4",
                "weapons": [("rifle", True), "knife"],
                "equipment": ["jumpjet", "wings", "dmodule", "accel", "shield"],
            },
            {"name": "Eva 02", "side": 1, "square": "E5", "weapons": ["knife", "pistol"]},
        ]
    )
    start(st, "Eva-01")
    for text in [
        "Eva-01 swap knife",
        "Eva-01 melee E5",
        "Eva-01 disengage",
        "Eva-01 jump E7",
        "Eva-01 detonate",
        "Eva-01 accelerate",
        "Eva-01 neutralise E5",
    ]:
        cases.append((st, 0, text))
    st2 = _eva(
        units=[
            {
                "name": "Eva-01",
                "side": 0,
                "square": "E4",
                "weapons": [("rifle", True), "knife"],
                "equipment": ["wings"],
            },
            {"name": "Eva 02", "side": 1, "square": "E12"},
        ]
    )
    start(st2, "Eva-01")
    for text in [
        "Eva-01 E4-E5-E6",
        "Eva-01 kneel",
        "Eva-01 fire E12 rifle",
        "Eva-01 fire E12 rifle burst",
        "Eva-01 fire E12 rifle aimed legs",
        "Eva-01 takeoff",
        "Eva-01 end",
        "concede",
    ]:
        cases.append((st2, 0, text))
    st3 = _eva(
        units=[
            {
                "name": "Eva-01",
                "side": 0,
                "square": "E4",
                "equipment": ["wings", "shield"],
                "airborne": True,
                "hands": ["shield"],
            },
            {"name": "Eva 02", "side": 1, "square": "E12"},
        ]
    )
    start(st3, "Eva-01")
    cases += [(st3, 0, "Eva-01 land"), (st3, 0, "Eva-01 discard")]
    st8 = _eva(
        units=[
            {"name": "Eva-01", "side": 0, "square": "E4", "kneeling": True},
            {"name": "Eva 02", "side": 1, "square": "E12"},
        ]
    )
    start(st8, "Eva-01")
    cases.append((st8, 0, "Eva-01 stand"))
    st4 = _eva(
        units=[{"name": "Eva-01", "side": 0, "square": "E4"}, {"name": "Eva 02", "side": 1, "square": "E12"}]
    )
    st4.activation = None
    cases.append((st4, 0, "activate Eva-01"))
    st5 = _eva(
        units=[{"name": "Eva-01", "side": 0, "square": "E4"}, {"name": "Eva 02", "side": 1, "square": "E12"}]
    )
    st5.phase = ZONE
    st5.chooser = 1
    cases.append((st5, 1, "choose north"))
    st6 = _eva(
        units=[
            {"name": "Eva-01", "side": 0, "square": "E4", "weapons": ["rifle", "knife"]},
            {"name": "Eva 02", "side": 1, "square": "E12"},
        ]
    )
    st6.phase = DEPLOY
    st6.placer = 0
    st6.zones = [0, 1]
    for u in st6.units:
        u.deployed = False
        u.square = -1
    cases.append((st6, 0, "Eva-01 deploy C2 rifle+knife"))
    # pending decisions
    st7 = _eva(
        units=[
            {
                "name": "A",
                "side": 0,
                "square": "D20",
                "weapons": ["hknife"],
                "equipment": ["jaws"],
                "armour": 35,
            },
            {"name": "B", "side": 1, "square": "E20", "weapons": ["rifle", "pistol"]},
        ]
    )
    start(st7, "A")
    play(st7, 0, "A melee E20", [5, 4, 2, 3])
    assert st7.pending is not None and st7.pending.kind == "zone"
    cases.append((st7, 0, "trauma arms"))
    kinds = set()
    for state, side, text in cases:
        a = RS.parse_action(state, side, text)
        assert RS.format_action(state, side, a) == text
        assert RS.parse_action(state, side, RS.format_action(state, side, a)) == a
        kinds.add(type(a).__name__)
    play(st7, 0, "trauma arms", [6, 5, 4, 2])
    assert st7.pending is not None and st7.pending.kind == "stow"
    keep = RS.parse_action(st7, 1, "B keep rifle")
    assert RS.format_action(st7, 1, keep) == "B keep rifle"
    kinds.add("Keep")
    assert kinds == {t.__name__ for t in A.ACTION_TYPES.__args__}
    assert idx("E4") == 64  # (4 - 1) * 20 + (5 - 1)


def test_notation_errors_are_distinct():
    """Bad syntax, illegal action and ambiguous action raise three different errors."""
    from engine.ruleset import AmbiguousAction, NotationError
    from tests.eva_support import start

    st = _eva(
        units=[
            {"name": "Eva-01", "side": 0, "square": "E4", "weapons": ["pistol", "pistol"]},
            {"name": "Eva 02", "side": 1, "square": "E8"},
        ]
    )
    start(st, "Eva-01")
    with pytest.raises(NotationError):
        RS.parse_action(st, 0, "Eva-01 fire Z99")
    with pytest.raises(NotationError):
        RS.parse_action(st, 0, "Eva-01 dance")
    with pytest.raises(IllegalAction):
        RS.parse_action(st, 0, "Eva-01 E4-E30")
    with pytest.raises(IllegalAction):
        RS.parse_action(st, 0, "Eva-09 kneel")
    with pytest.raises(AmbiguousAction) as e:
        RS.parse_action(st, 0, "Eva-01 fire E8")
    assert "pistol" in str(e.value) and "pistol#2" in str(e.value)
    assert RS.parse_action(st, 0, "Eva-01 fire E8 pistol#2").item == 1


def test_selfplay_200_games_save_and_load_to_the_identical_state(tmp_path: Path):
    """200 random games: every save decodes and replays to the same state, byte for byte."""
    for index in range(1, 201):
        game = _game(seed=200, index=index)
        path = game.save(tmp_path / f"g{index}.json")
        back = Game.load(path)
        assert msgspec.msgpack.encode(back.state) == msgspec.msgpack.encode(game.state), index
        assert decode_save(path.read_bytes()).finished == (game.result() is not None)


# ---------------------------------------------------------------------------
# Summaries in a language-neutral form
# ---------------------------------------------------------------------------
def _played(key: str, seed: int, actions: int) -> Game:
    rs = get(key)
    rng = random.Random(seed)
    game = Game(rs, rs.random_setup(rng), seed=bytes([seed]) * 32)
    for _ in range(actions):
        if not game.to_act():
            break
        side = min(game.to_act())
        game.submit(side, rs.random_action(game.state, side, rng))
    return game


@pytest.mark.parametrize("key", ["eva", "sixchances"])
def test_both_systems_summaries_are_stored_neutral_and_shown_in_russian(key: str, tmp_path: Path):
    from engine.i18n import current_language, set_language
    from engine.record import render_message

    before = current_language()
    for n in (0, 5, 60, 2000):
        game = _played(key, 7, n)
        save = decode_save(game.save(tmp_path / "g.json").read_bytes())
        assert save.summary == game.ruleset.summary(game.state)  # the English line is kept
        assert save.summary_message is not None
        try:
            set_language("en")
            english = render_message(save.summary_message)
            set_language("ru")
            russian = render_message(save.summary_message)
        finally:
            set_language(before)
        assert english and "{" not in english
        assert russian != english and "{" not in russian
        assert any("а" <= ch <= "я" for ch in russian.lower()), russian
        if key == "eva":
            assert english == save.summary


def test_a_save_without_the_neutral_summary_still_loads_and_shows_its_english_line():
    from tui.saves import render_summary

    data = (Path(__file__).parent / "data" / "save-v1.json").read_bytes()
    save = decode_save(data)
    assert save.summary_message is None and save.summary
    assert render_summary(save.summary, save.summary_message) == save.summary


def test_a_summary_from_a_file_is_never_formatted_unsafely():
    from engine.record import Message, render_message

    for template in ("{a:>999999999}", "{a.__class__}", "{a!r}", "{0}", "{missing}", "{a"):
        assert render_message(Message(id=template, args={"a": 1})) == template
    deep = Message(id="{x}", args={"x": 1})
    for _ in range(50):
        deep = Message(id="{x}", args={"x": deep})
    assert render_message(deep)  # cut short, no recursion error
