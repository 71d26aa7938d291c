"""What the Six Chances Party ruleset tells a screen so that the screen computes no rule:
a starting order's verdicts (SC-2.4), a rearrangement's dice (SC-3.1, SC-9.5), the
reserve left after building (SC-12.2), the home zones on the field (SC-12.1.1), the
set-up's problems (SC-12.2, SC-12.1.8) and both outcomes of each defence (SC-6.3,
SC-7.2) -- all through a seat where a game exists.
"""

from __future__ import annotations

from engine.game import Game
from engine.rulesets.sixchances import RULESET
from engine.rulesets.sixchances.actions import Attack, Build, Regroup, Transfer
from engine.rulesets.sixchances.options import BuildCheck, DefenceOptions, RegroupCheck
from engine.rulesets.sixchances.scenario import position
from engine.rulesets.sixchances.state import Setup, SquadOrder, Tokens


def _game(setup: Setup | None = None) -> Game:
    return Game(RULESET, setup or Setup(split=(25, 25, 25)), seed=b"\x01" * 32)


def test_sc_2_4_a_starting_order_is_judged_squad_by_squad_through_the_seat() -> None:
    """SC-2.4, SC-3.1: each squad's size against M, the die of each stat, the reserve it
    leaves; the problems name the rule."""
    seat = _game().seat(0)
    order = (SquadOrder(4, 3, 3), SquadOrder(6, 0, 4), SquadOrder(1, 1, 1), SquadOrder(0, 0, 10))
    check = seat.preview(Build(squads=order))
    assert isinstance(check, BuildCheck) and not check.legal
    assert [s.label for s in check.squads] == ["1A", "1B", "1C", "1D"]
    assert [s.total for s in check.squads] == [10, 10, 3, 10]
    assert [s.size_ok for s in check.squads] == [True, True, False, True]
    assert check.squads[0].dice == (10, 8, 8)
    assert check.squads[1].dice == (20, 0, 10)
    assert check.squads[3].dice == (0, 0, 20)
    assert check.reserve_left == Tokens(25 - 11, 25 - 4, 25 - 18)
    assert [p.rule for p in check.problems] == ["SC-2.4"]
    assert "1C has 3 tokens" in check.problems[0].text()
    good = (SquadOrder(4, 3, 3),) * 4
    assert seat.preview(Build(squads=good)).legal
    assert seat.preview(Build(squads=good)).reserve_left == Tokens(9, 13, 13)


def test_sc_2_4_a_shortfall_is_a_problem_and_the_reserve_never_shows_below_zero() -> None:
    """SC-1.5, SC-2.4: more red tokens than the reserve holds."""
    seat = _game(Setup(split=(5, 35, 35), tokens_per_colour=50)).seat(0)
    check = seat.preview(Build(squads=(SquadOrder(10, 0, 0),) * 4))
    assert check.reserve_left.pot == 0
    assert any("40 red tokens; the reserve holds 5" in p.text() for p in check.problems)


def test_sc_12_2_the_reserve_left_after_building() -> None:
    """SC-12.2: 3N / 2 - K x M stay in each reserve: 35 in the standard game."""
    assert Setup().reserve_left == 35
    assert Setup(tokens_per_colour=10, squads=2, squad_size=4).reserve_left == 15 - 8
    assert Setup(tokens_per_colour=46, squads=5, squad_size=13).reserve_left == 69 - 65


def test_sc_12_2_setup_problems_are_asked_of_the_ruleset() -> None:
    """SC-12.2, SC-12.1.8: the set-up's problems, without the rules module."""
    assert RULESET.setup_problems(Setup()) == []
    assert [p.rule for p in RULESET.setup_problems(Setup(tokens_per_colour=10, squads=4, squad_size=10))] == [
        "SC-12.2"
    ]
    assert [p.rule for p in RULESET.setup_problems(Setup(field=True, squads=13, squad_size=1))] == [
        "SC-12.1.8"
    ]


def test_sc_12_1_1_each_player_sees_both_home_zones_on_the_field() -> None:
    """SC-12.1.1: rows 1-2 are Player 1's home zone, rows 3-4 Player 2's; none without
    the field."""
    view = _game(Setup(field=True)).seat(1).view()
    assert len(view.players[0].home) == 12 and {c[1] for c in view.players[0].home} == {"1", "2"}
    assert {c[1] for c in view.players[1].home} == {"3", "4"}
    assert _game().seat(0).view().players[0].home == ()


def test_sc_9_5_a_rearrangement_preview_gives_each_squads_dice() -> None:
    """SC-9.5, SC-3.1: the dice of every squad the rearrangement leaves, a new squad's too."""
    game = _game()
    game.state = position(
        ["1A 3/3/3"], ["2A 3/3/3"], reserves=((4, 4, 4), (1, 1, 1)), phase="regroup", die=20, allowance=8
    )
    seat = game.seat(0)
    new = seat.options().new_label
    check = seat.preview(
        Regroup(moves=(Transfer(3, "pot", "reserve", "1A"), Transfer(2, "sup", "reserve", new)))
    )
    assert isinstance(check, RegroupCheck) and check.legal and check.cost == 5
    assert check.dice == {"1A": (20, 8, 8), new: (0, 0, 6)}


def test_sc_5_3_each_defence_says_what_is_lost_either_way() -> None:
    """SC-5.3, SC-6.3, SC-7.2: a choice names the target's loss if the attack wins and the
    attacker's Potential lost if the defence wins."""
    game = _game()
    game.state = position(["1A 4/3/1"], ["2A 4/0/3"], reserves=((1, 1, 1), (1, 1, 1)))
    game.submit(0, Attack("1A", "2A"))
    seat = game.seat(1)
    options = seat.options()
    assert isinstance(options, DefenceOptions)
    decision = seat.decision()
    assert decision is not None
    for choice, c in zip(decision.choices, options.choices, strict=True):
        assert f"if the attack wins, 2A loses {c.removed_if_attacker_wins} token" in choice.detail
        assert (
            f"if the defence wins, 1A loses {c.attacker_losses_if_defence_wins} Potential token"
            in choice.detail
        )
    assert options.choices[0].attacker_losses_if_defence_wins == 3  # 4 - min(1, 6), SC-7.2
