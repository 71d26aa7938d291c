"""Six Chances Party: terms, tokens, the bag split, hidden building and the first player
(SC-1, SC-2), with SC-EX-15 and the resolutions SC-AMB-1 to SC-AMB-6."""

from __future__ import annotations

import msgspec
import pytest

from engine.dice import Dice, ScriptedDice
from engine.game import Game
from engine.ruleset import IllegalAction, NotationError
from engine.rulesets.sixchances import RULESET
from engine.rulesets.sixchances.actions import Build, Regroup, Transfer
from engine.rulesets.sixchances.events import FirstPlayer, RollOff, SquadsOrdered, SquadsRevealed
from engine.rulesets.sixchances.rules import decide_first, draw_split, end_check
from engine.rulesets.sixchances.scenario import position
from engine.rulesets.sixchances.state import Setup, SquadOrder, State

BUILD_1 = "build 5/3/2 4/4/2 3/3/4 2/5/3"
BUILD_2 = "build 3/3/4 3/4/3 4/3/3 2/2/6"


def new(setup: Setup | None = None, faces: list[int] | None = None) -> tuple[State, list]:
    setup = setup or Setup(split=(25, 25, 25))
    dice = ScriptedDice(faces or [])
    state, events = RULESET.new_state(setup, dice)
    return state, events


def encode(state: State) -> bytes:
    return msgspec.msgpack.encode(state)


def built(faces: list[int], setup: Setup | None = None) -> tuple[State, list]:
    """Both players build (Player 1 first); ``faces`` feed the roll-off."""
    state, events = new(setup)
    dice = ScriptedDice(faces)
    events += RULESET.apply(state, 0, RULESET.parse_action(state, 0, BUILD_1), dice)
    events += RULESET.apply(state, 1, RULESET.parse_action(state, 1, BUILD_2), dice)
    assert dice.remaining() == []
    return state, events


# ---------------------------------------------------------------------------
# SC-1 Terms and game state
# ---------------------------------------------------------------------------
def test_sc_1_1_two_players_seats_fix_labels_not_the_first_turn():
    """SC-1.1: exactly two players; seat 1's squads are 1A.., seat 2's 2A..; the roll-off,
    not the seat, decides who moves first."""
    state, _ = new()
    assert len(state.players) == 2
    assert RULESET.to_act(state) == {0, 1}
    state, events = built([3, 17])
    assert [sq.label for sq in state.players[0].squads] == ["1A", "1B", "1C", "1D"]
    assert [sq.label for sq in state.players[1].squads] == ["2A", "2B", "2C", "2D"]
    assert state.active == 1 and [e.side for e in events if isinstance(e, FirstPlayer)] == [1]


def test_sc_1_2_150_tokens_50_of_each_colour():
    """SC-1.2: the bag holds 50 red, 50 green, 50 blue; the split hands all of them out."""
    state, _ = RULESET.new_state(Setup(), Dice(b"sc-1.2"))
    p1, p2 = state.players[0].reserve, state.players[1].reserve
    assert (p1.pot + p2.pot, p1.res + p2.res, p1.sup + p2.sup) == (50, 50, 50)
    assert p1.total == p2.total == 75
    assert state.bag.total == 0


def test_sc_1_3_every_token_in_exactly_one_place():
    """SC-1.3: the invariant holds after setup and is detected when broken."""
    state, _ = built([9, 2])
    RULESET.check_invariants(state)
    state.bag.res += 1
    with pytest.raises(AssertionError, match="SC-1.3"):
        RULESET.check_invariants(state)


def test_sc_1_4_bag_tokens_are_out_of_the_game():
    """SC-1.4, SC-AMB-18: tokens in the bag count for nobody, and no action draws from it
    ("bag" is not a place of the notation)."""
    state = position(["1A 2/2/2"], ["2A 2/2/2"], reserves=((10, 10, 10), (10, 10, 10)))
    assert state.bag.total == 150 - 2 * 36
    assert state.players[0].remaining == state.players[1].remaining == 36
    with pytest.raises(NotationError):
        RULESET.parse_action(state, 0, "regroup 1pot bag>1A")


def test_sc_1_5_only_the_owner_moves_tokens_of_a_reserve():
    """SC-1.5: after setup a reserve changes only by its owner's reinforcement; the opponent
    cannot take from or add to it (SC-9.4)."""
    state = position(
        ["1A 2/2/2"], ["2A 2/2/2"], reserves=((3, 3, 3), (4, 4, 4)), phase="regroup", die=20, allowance=20
    )
    before = encode(state)
    with pytest.raises(IllegalAction) as exc:
        RULESET.apply(state, 0, Regroup((Transfer(1, "pot", "reserve", "2A"),)), ScriptedDice([]))
    assert exc.value.rule == "SC-9.4"
    assert encode(state) == before


def test_sc_1_6_squad_levels_no_maximum_size_or_count():
    """SC-1.6: a squad's levels are its token counts; no maximum size or number of squads."""
    state = position(
        ["1A 20/20/20", "1B 1/0/0", "1C 1/0/0", "1D 1/0/0", "1E 1/0/0", "1F 1/0/0"], ["2A 1/1/1"]
    )
    RULESET.check_invariants(state)
    view = RULESET.view(state, 0)
    assert view.players[0].squads[0].total == 60
    assert len(view.players[0].squads) == 6


def test_sc_1_7_labels_unique_for_the_whole_game():
    """SC-1.7: starting squads 1A-1D and 2A-2D; a destroyed squad's label is never reused
    (naming it in a rearrangement is refused)."""
    state = position(
        ["1A 2/2/2"], ["2A 1/1/1"], reserves=((3, 3, 3), (0, 0, 0)), phase="regroup", die=8, allowance=5
    )
    with pytest.raises(IllegalAction) as exc:
        RULESET.apply(state, 0, Regroup((Transfer(1, "pot", "reserve", "1C"),)), ScriptedDice([]))
    assert exc.value.rule == "SC-1.7"
    assert RULESET.options(state, 0).new_label == "1E"


def test_sc_1_8_remaining_total_is_squads_plus_reserve():
    """SC-1.8, SC-AMB-29: 75 at the start; squads plus reserve; a reinforcement never
    changes it."""
    state, _ = built([4, 1])
    assert [p.remaining for p in state.players] == [75, 75]
    assert [RULESET.view(state, None).players[s].remaining for s in (0, 1)] == [75, 75]
    assert state.players[0].on_table == 40 and state.players[0].reserve.total == 35


def test_sc_1_9_six_reinforcement_dice_each_used_once():
    """SC-1.9, SC-2.6: each player owns d4-d20, all unused at the start; a rolled die is used
    for the rest of the game."""
    state, _ = built([4, 1])
    assert [p.dice for p in state.players] == [[4, 6, 8, 10, 12, 20]] * 2
    state = position(["1A 1/1/1"], ["2A 1/1/1"], reserves=((2, 0, 0), (0, 0, 0)), phase="support")
    RULESET.apply(state, 0, RULESET.parse_action(state, 0, "reinforce d8"), ScriptedDice([5]))
    assert state.players[0].dice == [4, 6, 10, 12, 20]
    assert RULESET.view(state, 1).players[0].dice_used == (8,)


def test_sc_1_10_rolls_are_uniform_integers_on_the_die():
    """SC-1.10: every roll is an integer from 1 to N taken from the game's dice."""
    state, _ = RULESET.new_state(Setup(), Dice(b"sc-1.10"))
    dice = Dice(b"sc-1.10 rolls")
    faces = [dice.roll(1, 20).faces[0] for _ in range(2000)]
    assert set(faces) == set(range(1, 21))


def test_sc_1_11_everything_is_open_except_building():
    """SC-1.11, SC-AMB-5: a player's view shows both reserves, all squads, the dice used and
    the bag."""
    state = position(["1A 2/2/2"], ["2A 3/1/0"], reserves=((1, 2, 3), (4, 5, 6)), unused_dice=((4, 6), (20,)))
    view = RULESET.view(state, 0)
    opp = view.players[1]
    assert (opp.reserve.pot, opp.reserve.res, opp.reserve.sup) == (4, 5, 6)
    assert [(s.label, s.pot, s.res, s.sup) for s in opp.squads] == [("2A", 3, 1, 0)]
    assert opp.dice_unused == (20,) and opp.dice_used == (4, 6, 8, 10, 12)
    assert view.bag.total == state.bag.total


# ---------------------------------------------------------------------------
# SC-2 Setup
# ---------------------------------------------------------------------------
def test_sc_2_1_and_2_2_split_is_drawn_from_the_dice():
    """SC-2.1, SC-2.2: tokens 1-50 are red, 51-100 green, 101-150 blue; each face of the d150
    roll names a token, repeats are skipped, the first 75 different ones are Player 1's."""
    faces = [1, 1, *range(2, 76), *([1] * 150)]
    dice = ScriptedDice(faces)
    assert draw_split(50, dice) == (50, 25, 0)
    assert dice.log[0].expr.endswith("d150")
    state, events = RULESET.new_state(Setup(), ScriptedDice([*range(76, 151), *([1] * 150)]))
    p1, p2 = state.players[0].reserve, state.players[1].reserve
    assert (p1.pot, p1.res, p1.sup) == (0, 25, 50)
    assert (p2.pot, p2.res, p2.sup) == (50, 25, 0)
    assert events[0].p1 == p1


def test_sc_2_2_explicit_split_and_replay():
    """SC-2.2: the split may be given as (r, g, b); a seeded split replays identically."""
    state, _ = new(Setup(split=(30, 20, 25)))
    assert (state.players[1].reserve.pot, state.players[1].reserve.res) == (20, 30)
    a, _ = RULESET.new_state(Setup(), Dice(b"same"))
    b, _ = RULESET.new_state(Setup(), Dice(b"same"))
    assert encode(a) == encode(b)
    with pytest.raises(ValueError, match="SC-2.2"):
        RULESET.new_state(Setup(split=(50, 26, 0)), Dice(b"x"))


def test_sc_amb_1_split_is_a_uniformly_random_75_token_subset():
    """SC-AMB-1: over many seeds Player 1's red count averages 25 (hypergeometric mean)
    and the counts always sum to 75."""
    reds = []
    for i in range(1500):
        r, g, b = draw_split(50, Dice(f"amb-1:{i}".encode()))
        assert r + g + b == 75 and max(r, g, b) <= 50
        reds.append(r)
    mean = sum(reds) / len(reds)
    var = sum((x - mean) ** 2 for x in reds) / len(reds)
    assert abs(mean - 25) < 0.35
    assert 6.5 < var < 10.5  # 75 * 1/3 * 2/3 * 75/149 = 8.39


def test_sc_2_3_and_amb_2_a_lopsided_split_stands():
    """SC-2.3, SC-AMB-2: a reserve without red is played as it falls; red cannot be used."""
    state, _ = new(Setup(split=(0, 25, 50)))
    assert state.players[0].reserve.pot == 0
    with pytest.raises(IllegalAction) as exc:
        RULESET.parse_action(state, 0, "build 1/4/5 0/5/5 0/5/5 0/5/5")
    assert exc.value.rule == "SC-2.4"
    RULESET.apply(state, 0, RULESET.parse_action(state, 0, "build 0/5/5 0/5/5 0/5/5 0/5/5"), ScriptedDice([]))


def test_sc_2_4_and_amb_3_exactly_four_squads_of_exactly_ten():
    """SC-2.4, SC-AMB-3: four squads of exactly 10 tokens, any mix (Potential 0 too); 35 stay
    in reserve; other counts are refused with the rule."""
    state, _ = new()
    for text in (
        "build 5/3/2 4/4/2 3/3/4",
        "build 5/3/2 4/4/2 3/3/4 2/5/2",
        "build 5/3/2 4/4/2 3/3/4 2/5/3 1/0/0",
    ):
        with pytest.raises(IllegalAction) as exc:
            RULESET.parse_action(state, 0, text)
        assert exc.value.rule == "SC-2.4"
    action = RULESET.parse_action(state, 0, "build 0/10/0 10/0/0 0/0/10 5/5/0")
    assert isinstance(action, Build)
    RULESET.apply(state, 0, action, ScriptedDice([]))
    RULESET.apply(state, 1, RULESET.parse_action(state, 1, BUILD_2), ScriptedDice([5, 4]))
    assert state.players[0].reserve.total == 35
    assert [sq.total for sq in state.players[0].squads] == [10, 10, 10, 10]
    assert RULESET.validate_build(state, 0, [SquadOrder(1, 1, 1)])[0].rule == "SC-2.4"


def test_suggested_orders_come_sensible_first():
    """SC-2.4: the builder's suggestions are every sampled order, the sensible ones first:
    every squad can attack (Potential >= 1, SC-3.3) and holds every colour, close to an even
    mix; an order with a squad that can never attack comes only after all that can."""
    from engine.rulesets.sixchances.roster import sample_builds

    state, _ = new()
    opts = RULESET.options(state, 0)
    r = state.players[0].reserve
    assert set(opts.suggestions) == set(sample_builds(state.setup, 0, (r.pot, r.res, r.sup)))
    assert len(opts.suggestions) == len(set(opts.suggestions))
    first = opts.suggestions[0]
    assert all(min(sq.pot, sq.res, sq.sup) >= 1 for sq in first)
    assert all(max(sq.pot, sq.res, sq.sup) - min(sq.pot, sq.res, sq.sup) <= 1 for sq in first)
    no_attack = [any(sq.pot == 0 for sq in order) for order in opts.suggestions]
    assert no_attack.index(True) > no_attack.count(False) - 1  # all able orders first
    for order in opts.suggestions[:10]:
        assert RULESET.validate_build(state, 0, order) == []


def test_sc_2_5_and_amb_4_hidden_simultaneous_building():
    """SC-2.5, SC-AMB-4: both sides act at once; a sealed order is absent from the other
    side's view and events; it cannot be changed; arrival order does not matter."""
    state, _ = new()
    assert RULESET.to_act(state) == {0, 1}
    events = RULESET.apply(state, 0, RULESET.parse_action(state, 0, BUILD_1), ScriptedDice([]))
    assert RULESET.to_act(state) == {1}
    seen_by_2 = RULESET.view(state, 1)
    assert seen_by_2.players[0].sealed is True and seen_by_2.players[0].order is None
    assert seen_by_2.players[0].squads == ()
    assert b'"order":null' in msgspec.json.encode(seen_by_2.players[0])
    other, _ = new()  # a different sealed order gives Player 2 exactly the same view
    RULESET.apply(
        other, 0, RULESET.parse_action(other, 0, "build 10/0/0 0/10/0 0/0/10 5/0/5"), ScriptedDice([])
    )
    assert msgspec.json.encode(RULESET.view(other, 1)) == msgspec.json.encode(seen_by_2)
    assert msgspec.json.encode(RULESET.options(other, 1)) == msgspec.json.encode(RULESET.options(state, 1))
    assert RULESET.view(state, 0).players[0].order == RULESET.parse_action(new()[0], 0, BUILD_1).squads
    private = [e for e in events if isinstance(e, SquadsOrdered)]
    assert private and all(not e.visible_to(1) and e.visible_to(0) for e in private)
    assert RULESET.options(state, 1).sealed is False and RULESET.options(state, 0).sealed is True
    with pytest.raises(IllegalAction) as exc:
        RULESET.apply(state, 0, RULESET.parse_action(new()[0], 0, BUILD_1), ScriptedDice([]))
    assert exc.value.rule == "SC-2.5"
    # arrival order never matters
    results = []
    for order in ((0, 1), (1, 0)):
        st, _ = RULESET.new_state(Setup(), Dice(b"arrival"))
        dice = Dice(b"arrival")
        for side in order:
            RULESET.apply(st, side, RULESET.legal_actions(st, side)[7], dice)
        results.append(encode(st))
    assert results[0] == results[1]


def test_sc_2_6_all_dice_unused_at_the_start():
    """SC-2.6: every reinforcement die starts unused."""
    state, _ = new()
    assert [RULESET.view(state, 0).players[s].dice_unused for s in (0, 1)] == [(4, 6, 8, 10, 12, 20)] * 2


def test_sc_2_7_fewer_tokens_placed_moves_first():
    """SC-2.7: the player who placed fewer tokens moves first without a roll-off."""
    dice = ScriptedDice([])
    assert decide_first((39, 40), dice) == (0, [])
    assert decide_first((40, 12), dice) == (1, [])


def test_sc_ex_15_roll_off_repeats_on_a_tie():
    """SC-EX-15, SC-2.7, SC-AMB-6: 40 and 40 placed; 13-13 rolls again; 7-18: Player 2 first."""
    state, events = built([13, 13, 7, 18])
    rolls = [(e.p1, e.p2) for e in events if isinstance(e, RollOff)]
    assert rolls == [(13, 13), (7, 18)]
    first = [e for e in events if isinstance(e, FirstPlayer)][0]
    assert first.placed == (40, 40) and first.side == 1
    assert state.first == 1 and state.active == 1 and RULESET.to_act(state) == {1}


def test_sc_amb_6_player_1_rolls_first_higher_roll_wins():
    """SC-AMB-6: both roll a d20, Player 1 first; the higher roll moves first."""
    dice = ScriptedDice([20, 19])
    assert decide_first((40, 40), dice)[0] == 0
    assert [r.expr for r in dice.log] == ["d20", "d20"]


def test_sc_2_8_initial_check_after_setup():
    """SC-2.8, SC-AMB-30: the check runs after setup; a player with no red at all is out of
    Potential from the start, but equal totals (75 each) let play continue (SC-11.4)."""
    state, _ = new(Setup(split=(0, 25, 50)))
    RULESET.apply(state, 0, RULESET.parse_action(state, 0, "build 0/5/5 0/5/5 0/5/5 0/5/5"), ScriptedDice([]))
    events = RULESET.apply(
        state, 1, RULESET.parse_action(state, 1, "build 5/5/0 5/5/0 5/5/0 5/5/0"), ScriptedDice([2, 9])
    )
    assert any(isinstance(e, SquadsRevealed) for e in events)
    assert RULESET.view(state, None).players[0].out_of_potential is True
    assert RULESET.result(state) is None and end_check(state) is None
    assert state.phase == "attack" and state.active == 1


def test_sc_12_2_and_amb_37_custom_starting_values():
    """SC-12.2, SC-AMB-37: N even, K x M <= 3N / 2; the split gives 3N / 2 each; a wrong
    set-up is refused with the rule; the six dice are unchanged."""
    setup = Setup(tokens_per_colour=20, squads=3, squad_size=5)
    state, _ = RULESET.new_state(setup, Dice(b"custom"))
    assert state.players[0].reserve.total == state.players[1].reserve.total == 30
    for bad in (Setup(tokens_per_colour=21), Setup(tokens_per_colour=10, squads=4, squad_size=10)):
        with pytest.raises(ValueError, match="SC-12.2"):
            RULESET.new_state(bad, Dice(b"x"))
    game = Game(RULESET, setup, seed=b"custom game")
    for side in (0, 1):
        game.submit(side, RULESET.legal_actions(game.state, side)[0])
    assert all(p.reserve.total == 30 - 15 for p in game.state.players)
    assert all(p.dice == [4, 6, 8, 10, 12, 20] for p in game.state.players)
    big = Setup(tokens_per_colour=100)
    state, _ = RULESET.new_state(big, Dice(b"big bag"))  # 300 tokens: drawn with base-256 dice
    assert state.players[0].reserve.total == 150
