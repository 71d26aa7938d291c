"""Six Chances Party: the text notation of every action (round trips), the three errors
of strict parsing, and the refusal of illegal actions with the rule ID and the state
untouched."""

from __future__ import annotations

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.dice import ScriptedDice
from engine.ruleset import AmbiguousAction, IllegalAction, NotationError
from engine.rulesets.sixchances import RULESET
from engine.rulesets.sixchances.actions import (
    Action,
    Attack,
    Build,
    Defend,
    EndTurn,
    MoveSquad,
    Pass,
    Regroup,
    Reinforce,
    Transfer,
    format_action,
    parse_notation,
)
from engine.rulesets.sixchances.events import SCEvent
from engine.rulesets.sixchances.scenario import position
from engine.rulesets.sixchances.state import Setup, SquadOrder, State


def roundtrip(state: State, side: int, action) -> None:
    text = RULESET.format_action(state, side, action)
    assert RULESET.parse_action(state, side, text) == action
    kind, fields = parse_notation(text)
    assert kind(**fields) == action
    assert msgspec.json.decode(msgspec.json.encode(action), type=Action) == action


def test_roundtrip_build():
    """SC-2.4: ``build P/R/S ...`` in label order; on the field with ``@cell`` (SC-12.1.2)."""
    state, _ = RULESET.new_state(Setup(split=(25, 25, 25)), ScriptedDice([]))
    action = Build((SquadOrder(5, 3, 2), SquadOrder(4, 4, 2), SquadOrder(3, 3, 4), SquadOrder(2, 5, 3)))
    assert format_action(action) == "build 5/3/2 4/4/2 3/3/4 2/5/3"
    roundtrip(state, 0, action)
    field, _ = RULESET.new_state(Setup(field=True, split=(25, 25, 25)), ScriptedDice([]))
    action = Build(tuple(SquadOrder(3, 3, 4, c) for c in ("a1", "b1", "c2", "f2")))
    assert format_action(action) == "build 3/3/4@a1 3/3/4@b1 3/3/4@c2 3/3/4@f2"
    roundtrip(field, 0, action)


def test_roundtrip_attack_defend_reinforce_end():
    """SC-5.1, SC-5.3, SC-9.3, SC-9.2: ``1A x 2B``, ``defend res``, ``reinforce d12``, ``end``."""
    state = position(["1A 3/3/3"], ["2B 2/2/2"], reserves=((3, 3, 3), (0, 0, 0)))
    assert format_action(Attack("1A", "2B")) == "1A x 2B"
    roundtrip(state, 0, Attack("1A", "2B"))
    RULESET.apply(state, 0, Attack("1A", "2B"), ScriptedDice([1]))
    for stat in ("pot", "res", "sup"):
        assert format_action(Defend(stat)) == f"defend {stat}"
        roundtrip(state, 1, Defend(stat))
    RULESET.apply(state, 1, Defend("res"), ScriptedDice([6]))
    for die in (4, 6, 8, 10, 12, 20):
        roundtrip(state, 0, Reinforce(die))
    assert format_action(EndTurn()) == "end"
    roundtrip(state, 0, EndTurn())


def test_roundtrip_regroup():
    """SC-9.4: ``regroup 3pot reserve>1B, ...``; ``regroup none``; a new squad's cell on the
    field with a trailing ``@cell`` (SC-12.1.5)."""
    state = position(
        ["1A 3/3/3", "1B 1/1/1"],
        ["2A 2/2/2"],
        reserves=((3, 3, 3), (0, 0, 0)),
        phase="regroup",
        die=20,
        allowance=9,
    )
    for action in (
        Regroup(),
        Regroup((Transfer(3, "pot", "reserve", "1B"), Transfer(1, "res", "1A", "1E"))),
        Regroup((Transfer(2, "sup", "1A", "reserve"),)),
    ):
        roundtrip(state, 0, action)
    assert format_action(Regroup()) == "regroup none"
    assert format_action(Regroup((Transfer(3, "pot", "reserve", "1B"),))) == "regroup 3pot reserve>1B"
    field = position(
        ["1A 3/3/3 a1"],
        ["2A 2/2/2 f4"],
        setup=Setup(field=True),
        reserves=((3, 3, 3), (0, 0, 0)),
        phase="regroup",
        die=8,
        allowance=5,
    )
    action = Regroup((Transfer(2, "pot", "reserve", "1E"),), "b2")
    assert format_action(action) == "regroup 2pot reserve>1E @b2"
    roundtrip(field, 0, action)


def test_roundtrip_field_move_and_pass():
    """SC-12.1.4: ``1A to c2`` and ``pass``."""
    state = position(["1A 3/3/3 b2"], ["2A 2/2/2 f4"], setup=Setup(field=True))
    assert format_action(MoveSquad("1A", "c2")) == "1A to c2"
    roundtrip(state, 0, MoveSquad("1A", "c2"))
    assert format_action(Pass()) == "pass"
    roundtrip(state, 0, Pass())


_labels = st.sampled_from(["1A", "1B", "1E", "1AB", "2C", "reserve"])
_stats = st.sampled_from(["pot", "res", "sup"])


@given(
    st.lists(st.tuples(st.integers(1, 30), _stats, _labels, _labels), max_size=6),
    st.one_of(st.none(), st.sampled_from(["a1", "c3", "f4"])),
)
def test_regroup_notation_roundtrips_for_any_transfers(moves, cell):
    """SC-9.4: every rearrangement struct survives format and parse (syntax only)."""
    action = Regroup(tuple(Transfer(*m) for m in moves), cell)
    kind, fields = parse_notation(format_action(action))
    assert kind(**fields) == action


@given(
    st.lists(st.tuples(st.integers(0, 40), st.integers(0, 40), st.integers(0, 40)), min_size=1, max_size=12)
)
def test_build_notation_roundtrips(squads):
    """SC-2.4: every starting order survives format and parse (syntax only)."""
    action = Build(tuple(SquadOrder(*s) for s in squads))
    kind, fields = parse_notation(format_action(action))
    assert kind(**fields) == action


def test_notation_is_case_insensitive_and_spacing_tolerant():
    """Typed input: keywords and labels in any case; extra spaces are ignored."""
    state = position(["1A 3/3/3"], ["2B 2/2/2"])
    assert RULESET.parse_action(state, 0, "  1a  X 2b ") == Attack("1A", "2B")
    assert RULESET.parse_action(state, 0, "1Ax2B") == Attack("1A", "2B")


@pytest.mark.parametrize(
    "text",
    [
        "",
        "hello",
        "x",
        "1A x 2B x 3C",
        "defend foo",
        "reinforce d",
        "reinforce 12",
        "build",
        "build 1/2",
        "regroup",
        "regroup 3 pot reserve->1A",
        "regroup 3pot bag>1A",
        "regroup 1pot reserve>1A @z9",
        "1A to z9",
        "3A x 2B",
        "endturn",
    ],
)
def test_bad_syntax_is_a_notation_error(text):
    """Parsing is strict: text that is not notation raises NotationError, with a hint."""
    state = position(["1A 3/3/3"], ["2B 2/2/2"])
    with pytest.raises(NotationError) as exc:
        RULESET.parse_action(state, 0, text)
    assert str(exc.value)


def test_help_is_answered_with_the_whole_notation():
    """``help`` is not an action: the answer lists every form of the notation, each of which
    reads as notation (the forms documented are the forms accepted)."""
    from engine.rulesets.sixchances.actions import NOTATION, notation_help

    for text in ("help", "HELP", " ? "):
        with pytest.raises(NotationError) as exc:
            parse_notation(text)
        assert str(exc.value) == notation_help()
    for form, _meaning in NOTATION:
        assert form in notation_help()
        parse_notation(form)  # never raises
    with pytest.raises(NotationError, match="help"):
        parse_notation("fire 2B")
    # the rules text a player reads has the whole notation too, in both languages
    from tui.rulebook import read_help

    for lang in ("en", "ru"):
        found = read_help("sixchances", lang)
        assert found is not None and found[1] == lang
        for form, _meaning in NOTATION:
            assert f"`{form}`" in found[0], (lang, form)


def test_sc_5_1_ambiguous_attack_abbreviation_lists_candidates():
    """SC-5.1: ``x 2A`` with two possible attackers is ambiguous; ``1B x`` with one target is not."""
    state = position(["1A 3/3/3", "1B 1/0/0", "1C 0/1/0"], ["2A 2/2/2"])
    with pytest.raises(AmbiguousAction) as exc:
        RULESET.parse_action(state, 0, "x 2A")
    assert "1A x 2A" in str(exc.value) and "1B x 2A" in str(exc.value)
    assert RULESET.parse_action(state, 0, "1B x") == Attack("1B", "2A")
    with pytest.raises(IllegalAction) as exc2:
        RULESET.parse_action(state, 0, "1C x")
    assert exc2.value.rule == "SC-5.1"


def test_sc_5_3_ambiguous_defence_and_sc_9_3_ambiguous_die():
    """SC-5.3, SC-9.3: ``defend`` and ``reinforce`` alone are ambiguous when several choices remain."""
    state = position(["1A 3/3/3"], ["2A 2/0/2"], reserves=((1, 1, 1), (0, 0, 0)), unused_dice=((6, 20), ()))
    RULESET.apply(state, 0, Attack("1A", "2A"), ScriptedDice([8]))
    with pytest.raises(AmbiguousAction) as exc:
        RULESET.parse_action(state, 1, "defend")
    assert "defend pot" in str(exc.value) and "defend sup" in str(exc.value)
    RULESET.apply(state, 1, Defend("pot"), ScriptedDice([1]))
    with pytest.raises(AmbiguousAction) as exc:
        RULESET.parse_action(state, 0, "reinforce")
    assert "reinforce d6" in str(exc.value) and "reinforce d20" in str(exc.value)
    state.players[0].dice = [20]
    assert RULESET.parse_action(state, 0, "reinforce") == Reinforce(20)


@pytest.mark.parametrize(
    ("side", "text", "rule"),
    [
        (0, "1A x 1B", "SC-5.1"),
        (0, "1B x 2A", "SC-5.1"),
        (0, "1A x 2Z", "SC-5.1"),
        (1, "2A x 1A", "SC-4.2"),
        (0, "defend res", "SC-4.4"),
        (0, "end", "SC-4.4"),
        (0, "reinforce d4", "SC-9.1"),
        (0, "regroup none", "SC-4.4"),
        (0, "pass", "SC-12.1.4"),
        (0, "1A to a2", "SC-12.1.4"),
        (0, "build 5/3/2 4/4/2 3/3/4 2/5/3", "SC-2.5"),
    ],
)
def test_illegal_actions_name_the_rule_and_leave_the_state_unchanged(side, text, rule):
    """IllegalAction carries the rule ID in its message; the state's encoding is unchanged."""
    state = position(["1A 3/3/3", "1B 0/2/2"], ["2A 2/2/2"], reserves=((2, 2, 2), (2, 2, 2)))
    before = msgspec.msgpack.encode(state)
    with pytest.raises(IllegalAction) as exc:
        RULESET.apply(state, side, _syntax(text), ScriptedDice([]))
    assert exc.value.rule == rule
    assert f"({rule})" in str(exc.value)
    assert msgspec.msgpack.encode(state) == before
    with pytest.raises(IllegalAction):
        RULESET.parse_action(state, side, text)
    assert msgspec.msgpack.encode(state) == before


def _syntax(text: str):
    kind, fields = parse_notation(text)
    return kind(**fields)


def test_game_over_refuses_everything():
    """SC-11.1: once the game is over no side acts and every action is refused."""
    state = position(["1A 1/3/3"], ["2A 0/3/2"], unused_dice=((), ()), active=1, phase="support")
    state.players[1].dice = [4]
    RULESET.apply(state, 1, EndTurn(), ScriptedDice([]))
    assert RULESET.result(state) is not None and RULESET.to_act(state) == frozenset()
    with pytest.raises(IllegalAction) as exc:
        RULESET.apply(state, 0, Attack("1A", "2A"), ScriptedDice([]))
    assert exc.value.rule == "SC-11.1"
    assert RULESET.legal_actions(state, 0) == [] and RULESET.options(state, 0).waiting_for == ()


def test_events_roundtrip_and_render():
    """Events are tagged msgspec structs that encode, decode and render as text."""
    state = position(["1A 3/3/3"], ["2A 2/2/2"], reserves=((2, 2, 2), (0, 0, 0)))
    dice = ScriptedDice([8, 1, 3])
    events = RULESET.apply(state, 0, Attack("1A", "2A"), dice)
    events += RULESET.apply(state, 1, Defend("res"), dice)
    events += RULESET.apply(state, 0, Reinforce(4), dice)
    events += RULESET.apply(state, 0, Regroup((Transfer(1, "pot", "reserve", "1E"),)), dice)
    for e in events:
        back = msgspec.json.decode(msgspec.json.encode(e), type=SCEvent)
        assert back == e and back.text() == e.text() and e.text()


_WORDS = st.sampled_from(
    [
        "build",
        "regroup",
        "reinforce",
        "defend",
        "end",
        "pass",
        "x",
        "to",
        "none",
        "reserve",
        ">",
        ",",
        "@",
        "1A",
        "2A",
        "1E",
        "pot",
        "res",
        "sup",
        "d4",
        "d20",
        "5/3/2",
        "3pot",
        "b2",
        "0",
        "99999999999999999999",
    ]
)


@settings(max_examples=400, deadline=None)
@given(st.one_of(st.text(max_size=40), st.lists(_WORDS, max_size=8).map(" ".join)), st.integers(0, 2))
def test_any_text_gives_an_action_or_one_of_the_three_errors(text, phase_index):
    """Strict parsing: whatever is typed, the result is an action or NotationError,
    IllegalAction or AmbiguousAction, and the state never changes."""
    phase = ("attack", "support", "regroup")[phase_index]
    state = position(
        ["1A 3/2/1", "1B 2/0/0"],
        ["2A 2/2/2"],
        reserves=((3, 2, 1), (1, 1, 1)),
        phase=phase,
        die=8,
        allowance=4,
    )
    before = msgspec.msgpack.encode(state)
    try:
        action = RULESET.parse_action(state, 0, text)
    except (NotationError, IllegalAction, AmbiguousAction) as exc:
        assert str(exc)
    else:
        assert RULESET.parse_action(state, 0, RULESET.format_action(state, 0, action)) == action
    assert msgspec.msgpack.encode(state) == before


@pytest.mark.parametrize(
    "action",
    [
        Regroup((Transfer(1, "xyz", "reserve", "1A"),)),  # type: ignore[arg-type]
        Regroup((Transfer(-2, "pot", "reserve", "1A"),)),
        Defend("xyz"),  # type: ignore[arg-type]
        Reinforce(7),
        Attack("", ""),
        MoveSquad("1A", "z9"),
        Build((SquadOrder(-1, 11, 0),)),
        "1A x 2A",
        None,
    ],
)
def test_malformed_actions_are_refused_and_formatting_never_crashes(action):
    """A malformed action (built without decoding) is refused with IllegalAction, never a
    crash; its notation can still be shown."""
    for phase in ("attack", "support", "regroup"):
        state = position(
            ["1A 3/3/3"], ["2A 2/2/2"], reserves=((2, 2, 2), (0, 0, 0)), phase=phase, die=8, allowance=3
        )
        before = msgspec.msgpack.encode(state)
        assert isinstance(RULESET.format_action(state, 0, action), str)
        with pytest.raises(IllegalAction):
            RULESET.apply(state, 0, action, ScriptedDice([]))
        assert msgspec.msgpack.encode(state) == before
