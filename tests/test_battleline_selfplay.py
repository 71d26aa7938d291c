"""Battleline: headless selfplay of 2, 3 and 4 mechs, saves that replay and verify, a
battle driven through :class:`engine.game.Game` and its seats."""

from __future__ import annotations

import random

import msgspec
import pytest

from engine.dice import fixed_entropy
from engine.game import Game
from engine.record import state_checksum
from engine.ruleset import get
from engine.rulesets.battleline import RULESET, scenario
from tests.battleline_support import mech
from tui.cli import main


def test_registry_finds_the_ruleset_with_its_capabilities():
    """The registry loads the package by its key; it declares its capabilities."""
    from engine import ruleset as r

    rs = get("battleline")
    assert rs is RULESET and rs.key == "battleline" and rs.title == "Battleline"
    for cap in (r.RandomActions, r.Invariants, r.PublicText, r.SummaryMessages, r.Rosters, r.Concessions,
                r.Checks, r.Previews, r.Handovers, r.RulesData):  # fmt: skip
        assert isinstance(rs, cap), cap.__name__
    assert len(rs.rules_fingerprint()) == 64


def test_selfplay_with_saves_of_two_three_and_four_mechs(tmp_path, capsys):
    """``wartable selfplay --ruleset battleline --games 40 --seed 1 --save-dir DIR`` ends with
    0 errors (the 200 games of the brief run in the slow suite); random set-ups bring
    2, 3 and 4 mechs; every save loads back by replay to the same state."""
    code = main(
        ["selfplay", "--ruleset", "battleline", "--games", "40", "--seed", "1", "--save-dir", str(tmp_path)]
    )
    out = capsys.readouterr().out.strip().splitlines()
    assert code == 0 and out[-1].startswith("40 games,") and out[-1].endswith(" 0 errors")
    seats = set()
    for path in sorted(tmp_path.glob("battleline-1-*.json")):
        game = Game.load(path)
        assert game.result() is not None
        seats.add(len(game.players))
    assert seats == {2, 3, 4}


def test_replay_of_a_saved_battle_verifies_and_hides_what_a_seat_may_not_see(tmp_path, capsys):
    """``wartable replay SAVE`` verifies a finished battle; ``--side N`` prints only what
    that player saw: its own orders in full, the others' as ``order`` in the record,
    every order opened at the end (BL-20.6)."""
    g = Game(
        RULESET,
        scenario.duel(mech("Kestrel"), mech("Bulwark"), turn_limit=3),
        seed=b"rp",
        entropy=fixed_entropy(b"rp"),
    )
    rng = random.Random(3)
    while g.to_act():
        side = min(g.to_act())
        g.submit(side, RULESET.random_action(g.state, side, rng))
    path = g.save(tmp_path / "duel.json")
    capsys.readouterr()
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert "verified:" in out and "Orders of turn 1:" in out
    assert main(["replay", str(path), "--side", "2"]) == 0
    seen = capsys.readouterr().out
    first = g.records[0]
    assert first.side == 0 and f"Player 1: {first.text}" not in seen and "Player 1: order" in seen


def test_a_battle_through_the_game_and_its_seats_with_undo_before_the_roll():
    """A seat may take back its sealed order before the others are in (no die has been
    rolled); the save replays to the same state, byte for byte."""
    setup = scenario.duel(mech("Kestrel"), mech("Bulwark"))
    a = Game(RULESET, setup, seed=b"s", entropy=fixed_entropy(b"s"))
    one, two = a.seats()
    one.submit("speed 2; A-10 21 20 19")
    assert one.can_undo() and one.undo() and a.to_act() == {0, 1}
    one.submit("speed 3; A-10 21 20 19")
    assert not two.can_undo()
    two.submit("speed 1; def shield; A-10 12 11 10")
    assert not one.can_undo() and a.state.turn == 2
    b = Game.from_save(a.to_save())
    assert msgspec.msgpack.encode(a.state) == msgspec.msgpack.encode(b.state)
    assert state_checksum(b.state) == state_checksum(a.state)


def test_the_summary_and_its_neutral_form():
    """The summary line and its language-neutral message (the load list)."""
    from engine.record import message_from, render_message

    g = Game(RULESET, scenario.duel(mech("Kestrel"), mech("Bulwark")), seed=b"x")
    assert RULESET.summary(g.state) == "Turn 1: Kestrel on 9, Bulwark on 21"
    msg = message_from(RULESET.summary_message(g.state))
    assert render_message(msg) == "Turn 1: Kestrel 9, Bulwark 21"


@pytest.mark.slow
def test_selfplay_200_games(tmp_path, capsys):
    """``wartable selfplay --ruleset battleline --games 200 --seed 1`` ends with 0 errors."""
    code = main(
        ["selfplay", "--ruleset", "battleline", "--games", "200", "--seed", "1", "--save-dir", str(tmp_path)]
    )
    out = capsys.readouterr().out.strip().splitlines()
    assert code == 0 and out[-1].startswith("200 games,") and out[-1].endswith(" 0 errors")
