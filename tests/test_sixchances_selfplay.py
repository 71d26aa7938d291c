"""Six Chances Party: headless selfplay, saves that replay identically, undo that never
crosses a die roll, and a game driven through :class:`engine.game.Game`."""

from __future__ import annotations

import random

import msgspec
import pytest

from engine.dice import seed_only
from engine.game import Game
from engine.record import state_checksum
from engine.ruleset import get
from engine.rulesets.sixchances import RULESET
from engine.rulesets.sixchances.state import Setup
from tui.cli import main


def test_registry_finds_the_ruleset():
    """The registry loads the package by its key; the object has the whole protocol."""
    rs = get("sixchances")
    assert rs is RULESET and rs.key == "sixchances" and rs.title == "Six Chances Party"
    for name in (
        "new_state",
        "to_act",
        "options",
        "legal_actions",
        "apply",
        "view",
        "result",
        "format_action",
        "parse_action",
        "random_setup",
        "summary",
        "check_invariants",
    ):
        assert callable(getattr(rs, name))


def test_selfplay_200_games_with_saves(tmp_path, capsys):
    """``wartable selfplay --ruleset sixchances --games 200 --seed 1 --save-dir DIR`` ends
    with 0 errors; every game is saved, loaded back by replay and compared."""
    code = main(
        ["selfplay", "--ruleset", "sixchances", "--games", "200", "--seed", "1", "--save-dir", str(tmp_path)]
    )
    out = capsys.readouterr().out.strip().splitlines()
    assert code == 0
    assert out[-1].startswith("200 games,") and " 0 errors" in out[-1]
    saves = sorted(tmp_path.glob("sixchances-1-*.json"))
    assert len(saves) == 200
    for path in saves[:20]:
        game = Game.load(path)
        assert game.result() is not None
        again = Game.load(path)
        assert state_checksum(again.state) == state_checksum(game.state)


def test_same_seed_and_actions_replay_byte_for_byte():
    """Every roll comes from the game's dice: the same set-up, seed, actions and entropy
    of the actions give the same state, byte for byte (the split and the roll-off
    included)."""
    import random

    from engine.dice import fixed_entropy

    rng = random.Random(5)
    a = Game(RULESET, Setup(), seed=b"replay", entropy=fixed_entropy(b"replay"))
    texts = []
    while sides := a.to_act():
        side = min(sides)
        action = rng.choice(RULESET.legal_actions(a.state, side))
        texts.append((side, RULESET.format_action(a.state, side, action)))
        a.submit(side, action)
    b = Game(RULESET, Setup(), seed=b"replay", entropy=fixed_entropy(b"replay"))
    for side, text in texts:
        b.submit(side, text)
    assert msgspec.msgpack.encode(a.state) == msgspec.msgpack.encode(b.state)
    assert [r.rolls for r in a.records] == [r.rolls for r in b.records]


def test_undo_never_crosses_a_die_roll():
    """A sealed order can be taken back before the other side seals; an attack (which rolls)
    cannot."""
    game = Game(RULESET, Setup(split=(25, 25, 25)), seed=b"undo")
    game.submit(0, "build 5/3/2 4/4/2 3/3/4 2/5/3")
    assert game.can_undo(0) and game.undo(0)
    assert game.state.players[0].order is None and game.to_act() == {0, 1}
    game.submit(0, "build 5/3/2 4/4/2 3/3/4 2/5/3")
    game.submit(1, "build 3/3/4 3/4/3 4/3/3 2/2/6")  # both sealed: the roll-off is rolled
    assert not game.can_undo(1)
    side = min(game.to_act())
    game.submit(side, RULESET.legal_actions(game.state, side)[0])
    assert not game.can_undo(side)


def _played_to_the_end(game: Game, rng: random.Random) -> Game:
    """``game`` played at random (the ruleset's own random actions) to its end."""
    rs = game.ruleset
    while sides := game.to_act():
        side = min(sides)
        game.submit(side, rs.random_action(game.state, side, rng))
    return game


@pytest.mark.parametrize("system", ["sixchances", "eva"])
def test_no_undo_once_the_game_is_over(system: str):
    """A finished game stays finished: its last action cannot be taken back, even when
    no die was rolled for it (in both systems the last action here rolls nothing)."""
    rs = get(system)
    # seeds whose random games end with an action that rolls nothing (the last
    # reinforcement's rearrangement; an Eva's end of activation)
    rng = random.Random(6 if system == "sixchances" else 1)
    game = _played_to_the_end(
        Game(rs, rs.random_setup(rng) if system == "eva" else Setup(), seed=b"end", entropy=seed_only), rng
    )
    assert game.result() is not None
    last = game.records[-1]
    assert last.rolls == []  # without the rule, this action could be taken back
    assert not game.can_undo(last.side) and not game.can_undo(1 - last.side)
    assert not game.undo(last.side)
    assert game.result() is not None


def test_hidden_orders_stay_out_of_the_other_sides_log():
    """SC-2.5: the opponent's log shows only that an order was sealed."""
    game = Game(RULESET, Setup(split=(25, 25, 25)), seed=b"log")
    game.submit(0, "build 5/3/2 4/4/2 3/3/4 2/5/3")
    seen = [e.text() for e in game.log(1)]
    assert any("sealed" in t for t in seen) and not any("Pot 5" in t for t in seen)
    assert any("Pot 5" in e.text() for e in game.log(0))


def test_the_summary_is_one_readable_line():
    """The save list's line: who decides and what (or who won and how), then each player's
    remaining total (SC-1.8), squads and unused dice, in words, not codes."""
    game = Game(RULESET, Setup(split=(25, 25, 25)), seed=b"summary")
    assert RULESET.summary(game.state) == "Building the starting squads"
    game.submit(0, "build 5/3/2 4/4/2 3/3/4 2/5/3")
    assert RULESET.summary(game.state) == "Building the starting squads (Player 1 has sealed)"
    game.submit(1, "build 3/3/4 3/4/3 4/3/3 2/2/6")
    side = game.state.active
    assert RULESET.summary(game.state) == (
        f"Turn 1: Player {side + 1}, Attack step. "
        "Player 1: 75 tokens, 4 squads, 6 dice; Player 2: 75 tokens, 4 squads, 6 dice"
    )
    game.submit(side, RULESET.legal_actions(game.state, side)[0])
    assert RULESET.summary(game.state).startswith(f"Turn 1: Player {2 - side} defends. ")
    rng = random.Random(6)
    game = _played_to_the_end(Game(RULESET, Setup(), seed=b"end"), rng)
    text = RULESET.summary(game.state)
    assert text.startswith(("Player 1 wins: ", "Player 2 wins: ", "Draw ("))
    assert f"after {game.state.turn} turns. Player 1: " in text
    assert "P1" not in text and "(c)" not in text
