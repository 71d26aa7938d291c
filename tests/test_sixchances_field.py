"""Six Chances Party: the optional field variant (SC-12.1), with SC-EX-19, SC-AMB-36 and
SC-AMB-38."""

from __future__ import annotations

import msgspec
import pytest

from engine.dice import Dice, ScriptedDice
from engine.ruleset import IllegalAction
from engine.rulesets.sixchances import RULESET
from engine.rulesets.sixchances.actions import Attack, EndTurn, MoveSquad, Pass, Regroup, Reinforce, Transfer
from engine.rulesets.sixchances.board import CELLS, adjacent, home_zone, neighbours
from engine.rulesets.sixchances.events import ForcedLapsed, Passed, SquadMoved, SquadsRevealed
from engine.rulesets.sixchances.rules import end_check, out_of_potential
from engine.rulesets.sixchances.scenario import position
from engine.rulesets.sixchances.state import Setup, State

FIELD = Setup(field=True)


def play(state: State, side: int, text: str, faces: list[int] | None = None) -> list:
    dice = ScriptedDice(faces or [])
    events = RULESET.apply(state, side, RULESET.parse_action(state, side, text), dice)
    assert dice.remaining() == []
    RULESET.check_invariants(state)
    return events


def refused(state: State, side: int, action, rule: str) -> None:
    before = msgspec.msgpack.encode(state)
    with pytest.raises(IllegalAction) as exc:
        RULESET.apply(state, side, action, ScriptedDice([]))
    assert exc.value.rule == rule, str(exc.value)
    assert msgspec.msgpack.encode(state) == before


def cell(state: State, label: str) -> str | None:
    sq = state.players[int(label[0]) - 1].squad(label)
    return None if sq is None else sq.cell


def ex19() -> State:
    return position(["1A 3/3/4 b2"], ["2A 2/2/2 c3", "2B 2/2/2 b3"], setup=FIELD, unused_dice=((), ()))


def test_sc_ex_19_field_adjacency():
    """SC-EX-19 (SC-12.1.3, SC-12.1.4): 1A on b2 may attack 2B on b3 but not 2A on c3 (a corner
    only); moving to c2 makes 2A adjacent, but no attack in the same turn; the turn is idle."""
    state = ex19()
    attacks = [a for a in RULESET.legal_actions(state, 0) if isinstance(a, Attack)]
    assert attacks == [Attack("1A", "2B")]
    refused(state, 0, Attack("1A", "2A"), "SC-12.1.4")
    events = play(state, 0, "1A to c2")
    assert [(e.src, e.dst) for e in events if isinstance(e, SquadMoved)] == [("b2", "c2")]
    assert adjacent("c2", "c3")
    assert state.active == 1 and state.idle == 1  # no dice: the turn ended, idle
    assert state.setup.stalemate_turns == 12


def test_sc_12_1_1_board_home_zones_one_squad_per_cell():
    """SC-12.1.1: 6 columns a-f by 4 rows; rows 1-2 are Player 1's, 3-4 Player 2's; a cell
    holds at most one squad."""
    assert len(CELLS) == 24 and CELLS[0] == "a1" and CELLS[-1] == "f4"
    assert set(home_zone(0)) == {f"{c}{r}" for c in "abcdef" for r in (1, 2)}
    assert set(home_zone(1)) == {f"{c}{r}" for c in "abcdef" for r in (3, 4)}
    state = position(["1A 1/1/1 b2", "1B 1/1/1 c2"], ["2A 1/1/1 f4"], setup=FIELD)
    refused(state, 0, MoveSquad("1A", "c2"), "SC-12.1.1")


def test_sc_12_1_2_secret_placement_in_the_home_zone():
    """SC-12.1.2: each starting squad on its own cell of the home zone, chosen secretly and
    revealed with the squads."""
    state, _ = RULESET.new_state(Setup(field=True, split=(25, 25, 25)), ScriptedDice([]))
    assert RULESET.options(state, 0).cells == home_zone(0)
    for text, rule in (
        ("build 5/3/2@a1 4/4/2@b1 3/3/4@c1 2/5/3@a3", "SC-12.1.2"),
        ("build 5/3/2@a1 4/4/2@a1 3/3/4@c1 2/5/3@d1", "SC-12.1.2"),
        ("build 5/3/2@a1 4/4/2@b1 3/3/4@c1 2/5/3", "SC-12.1.2"),
    ):
        with pytest.raises(IllegalAction) as exc:
            RULESET.parse_action(state, 0, text)
        assert exc.value.rule == rule
    play(state, 0, "build 5/3/2@a1 4/4/2@b1 3/3/4@c1 2/5/3@d2")
    assert RULESET.view(state, 1).players[0].order is None
    events = play(state, 1, "build 3/3/4@a4 3/4/3@b4 4/3/3@c3 2/2/6@f3", [20, 1])
    revealed = {e.side: [s.cell for s in e.squads] for e in events if isinstance(e, SquadsRevealed)}
    assert revealed == {0: ["a1", "b1", "c1", "d2"], 1: ["a4", "b4", "c3", "f3"]}
    assert cell(state, "1D") == "d2" and cell(state, "2C") == "c3"
    with pytest.raises(IllegalAction) as exc:
        RULESET.parse_action(
            RULESET.new_state(Setup(split=(25, 25, 25)), ScriptedDice([]))[0],
            0,
            "build 5/3/2@a1 4/4/2 3/3/4 2/5/3",
        )
    assert exc.value.rule == "SC-12.1.2"


def test_sc_12_1_3_orthogonal_adjacency():
    """SC-12.1.3: cells sharing an edge are adjacent; diagonals are not."""
    assert set(neighbours("b2")) == {"b1", "a2", "c2", "b3"}
    assert set(neighbours("a1")) == {"a2", "b1"}
    assert not adjacent("b2", "c3") and adjacent("b2", "b3")


def test_sc_12_1_4_attack_move_or_pass_exactly_one():
    """SC-12.1.4, SC-AMB-36: attacking is not mandatory; a move or a pass replaces it; a squad
    moves one cell to an empty neighbour; only one action per turn."""
    state = position(
        ["1A 3/3/3 b2", "1B 0/2/0 e1"], ["2A 2/2/2 b3"], setup=FIELD, reserves=((2, 2, 2), (0, 0, 0))
    )
    opts = RULESET.options(state, 0)
    assert opts.must_attack is False and opts.can_pass is True
    assert {m.squad: set(m.to) for m in opts.moves} == {"1A": {"b1", "a2", "c2"}, "1B": {"d1", "f1", "e2"}}
    legal = RULESET.legal_actions(state, 0)
    assert Pass() in legal and Attack("1A", "2A") in legal and MoveSquad("1B", "e2") in legal
    refused(state, 0, MoveSquad("1A", "d2"), "SC-12.1.3")
    events = play(state, 0, "pass")
    assert any(isinstance(e, Passed) for e in events)
    assert state.phase == "support"
    refused(state, 0, Attack("1A", "2A"), "SC-9.1")  # the Attack step is over
    base = position(["1A 3/3/3"], ["2A 2/2/2"])
    refused(base, 0, Pass(), "SC-12.1.4")
    refused(base, 0, MoveSquad("1A", "b2"), "SC-12.1.4")


def test_sc_12_1_4_each_squad_without_an_attack_says_why():
    """SC-5.1, SC-12.1.4: the options say why a squad has no attack: no Potential (even next
    to an enemy), or no enemy squad on an adjacent cell."""
    state = position(
        ["1A 3/3/3 b2", "1B 0/2/0 a3", "1C 2/2/2 e1"],
        ["2A 2/2/2 b3"],
        setup=FIELD,
        reserves=((2, 2, 2), (0, 0, 0)),
    )
    opts = RULESET.options(state, 0)
    assert [a.attacker for a in opts.attacks] == ["1A"]
    why = opts.cannot_attack
    assert set(why) == {"1B", "1C"}
    assert why["1B"].rule == "SC-5.1" and "no Potential" in why["1B"].text()  # 1B is next to 2A
    assert why["1C"].rule == "SC-12.1.4" and "adjacent" in why["1C"].text()
    base = position(["1A 3/3/3", "1B 0/2/0"], ["2A 2/2/2"])
    assert set(RULESET.options(base, 0).cannot_attack) == {"1B"}


def test_sc_12_1_5_new_squad_placement():
    """SC-12.1.5: a new squad goes on an empty cell of the home zone or next to one of the
    owner's squads; transfers between squads ignore distance; a squad that leaves frees its cell."""
    state = position(
        ["1A 3/3/3 a1", "1B 1/1/1 f3"],
        ["2A 2/2/2 c3"],
        setup=FIELD,
        reserves=((4, 4, 4), (0, 0, 0)),
        unused_dice=((20,), ()),
        phase="regroup",
        die=12,
        allowance=10,
    )
    cells = RULESET.options(state, 0).new_cells
    assert "f4" in cells and "e3" in cells and "b2" in cells
    assert "a1" not in cells and "c3" not in cells and "a4" not in cells and "c4" not in cells
    refused(state, 0, Regroup((Transfer(1, "pot", "reserve", "1E"),), "a4"), "SC-12.1.5")
    refused(state, 0, Regroup((Transfer(1, "pot", "reserve", "1E"),)), "SC-12.1.5")
    refused(state, 0, Regroup((Transfer(1, "pot", "reserve", "1A"),), "b2"), "SC-12.1.5")
    play(state, 0, "regroup 1pot 1B>1A, 1res 1B>1A, 1sup 1B>1A, 2pot reserve>1E @f4")
    assert cell(state, "1E") == "f4" and cell(state, "1B") is None
    assert state.players[0].squad("1A").total == 12
    # 1B left the table: f3 is free again
    assert "f3" not in {sq.cell for p in state.players for sq in p.squads}


def test_sc_12_1_6_stalemate_after_twelve_idle_turns_moves_and_passes_are_idle():
    """SC-12.1.6: the threshold becomes 12; moves and passes are idle."""
    state = position(["1A 1/0/0 a1"], ["2A 1/0/0 f4"], setup=FIELD, unused_dice=((), ()))
    moves = ["1A to a2", "2A to f3"] + ["pass"] * 10
    for turn, text in enumerate(moves):
        assert RULESET.result(state) is None
        play(state, state.active, text)
        assert state.idle == turn + 1
    res = RULESET.result(state)
    assert (res.rule, res.winner, res.scores) == ("SC-11.5", None, (1, 1))
    six = position(["1A 1/0/0 a1"], ["2A 1/0/0 f4"], setup=FIELD, unused_dice=((), ()), idle=6)
    assert end_check(six) is None


def test_sc_12_1_7_end_conditions_unchanged_and_no_mandatory_attack():
    """SC-12.1.7: out of Potential and the end conditions are unchanged; lacking an adjacent
    target is not being out of Potential; the player ahead need not attack."""
    far = position(["1A 3/0/0 a1"], ["2A 3/0/0 f4"], setup=FIELD, unused_dice=((), ()))
    assert not out_of_potential(far.players[0]) and RULESET.view(far, 0).can_attack is False
    assert end_check(far) is None
    ahead = position(["1A 3/3/3 b2"], ["2A 0/2/0 b3"], setup=FIELD, unused_dice=((), ()))
    assert end_check(ahead) == (0, "c")
    level = position(["1A 3/0/0 b2"], ["2A 0/3/0 b3"], setup=FIELD, unused_dice=((), ()))
    assert end_check(level) is None
    assert Pass() in RULESET.legal_actions(level, 0)  # "must attack when able" does not apply
    play(level, 0, "pass")
    assert RULESET.result(level) is None


def test_sc_12_1_8_at_most_twelve_starting_squads_on_the_field():
    """SC-12.1.8, SC-AMB-37: with the field variant K <= 12."""
    with pytest.raises(ValueError, match="SC-12.1.8"):
        RULESET.new_state(Setup(field=True, squads=13, squad_size=5), Dice(b"x"))
    state, _ = RULESET.new_state(Setup(field=True, squads=12, squad_size=6), Dice(b"x"))
    assert RULESET.options(state, 0).cells == home_zone(0)


def blockade() -> State:
    p2 = [f"2{chr(65 + i)} 1/1/1 {c}" for i, c in enumerate(home_zone(0))]
    return position(
        [],
        p2,
        setup=Setup(field=True, squads=12, squad_size=3),
        reserves=((3, 3, 3), (0, 0, 0)),
        unused_dice=((4, 6), ()),
        labels=(12, 12),
        active=1,
        phase="support",
    )


def test_sc_12_1_9_and_amb_38_no_room_for_a_forced_reinforcement():
    """SC-12.1.9, SC-AMB-38: no squad and every home cell held by the enemy: the obligation
    lapses this turn; a voluntary roll is allowed but nothing can be placed; the player is
    not out of Potential; the obligation returns once a home cell is free."""
    state = blockade()
    events = play(state, 1, "end")
    assert any(isinstance(e, ForcedLapsed) and e.side == 0 for e in events)
    assert state.active == 0 and state.phase == "support" and state.forced is False
    opts = RULESET.options(state, 0)
    assert (opts.forced, opts.can_end, opts.lapsed) == (False, True, True)
    assert not out_of_potential(state.players[0]) and RULESET.result(state) is None
    assert EndTurn() in RULESET.legal_actions(state, 0)
    play(state, 0, "reinforce d4", [3])
    assert RULESET.options(state, 0).new_cells == ()
    assert RULESET.legal_actions(state, 0) == [Regroup()]
    assert RULESET.options(state, 0).new_label == "1M"
    refused(state, 0, Regroup((Transfer(1, "pot", "reserve", "1M"),), "a1"), "SC-12.1.5")
    play(state, 0, "regroup none")
    # a home cell comes free: the obligation applies again
    again = blockade()
    again.players[1].squads.pop(0)
    again.bag.pot += 1
    again.bag.res += 1
    again.bag.sup += 1
    play(again, 1, "end")
    assert again.forced is True and RULESET.options(again, 0).forced is True
    assert Reinforce(4) in RULESET.legal_actions(again, 0) and EndTurn() not in RULESET.legal_actions(
        again, 0
    )
