"""Six Chances Party: what each side sees (view), what it may choose (options, with every
number a UI shows), and translation of every sentence shown."""

from __future__ import annotations

import gettext
from fractions import Fraction

import msgspec
import pytest

from engine import i18n
from engine.dice import Dice, ScriptedDice
from engine.ruleset import IllegalAction, NotationError
from engine.rulesets.sixchances import RULESET
from engine.rulesets.sixchances.actions import Attack, Build
from engine.rulesets.sixchances.options import (
    AttackOptions,
    BuildOptions,
    DefenceOptions,
    RegroupOptions,
    SupportOptions,
    Waiting,
)
from engine.rulesets.sixchances.scenario import position
from engine.rulesets.sixchances.state import Setup


def test_sc_1_11_view_is_complete_for_both_sides_during_play():
    """SC-1.11: after the reveal both sides see the same game (only ``viewer`` differs)."""
    state = position(["1A 3/2/1"], ["2A 1/2/3"], reserves=((4, 5, 6), (1, 1, 1)))
    one, two, everyone = (RULESET.view(state, s) for s in (0, 1, None))
    assert msgspec.structs.replace(one, viewer=None) == msgspec.structs.replace(two, viewer=None) == everyone
    sq = one.players[0].squads[0]
    assert (sq.dice, sq.can_attack) == ((8, 6, 4), True)
    assert one.to_act == (0,) and one.can_attack is True


def test_sc_2_5_view_during_building_hides_the_other_order():
    """SC-2.5: while building, each side sees its own sealed order and only the other's flag."""
    state, _ = RULESET.new_state(Setup(split=(25, 25, 25)), ScriptedDice([]))
    RULESET.apply(state, 1, RULESET.parse_action(state, 1, "build 3/3/4 3/4/3 4/3/3 2/2/6"), ScriptedDice([]))
    mine, theirs = RULESET.view(state, 1), RULESET.view(state, 0)
    assert mine.players[1].order is not None and theirs.players[1].order is None
    assert theirs.players[1].sealed and not theirs.players[0].sealed
    assert RULESET.view(state, None).players[1].order == mine.players[1].order


def test_options_shapes_through_a_turn():
    """SC-4.2: options follow the steps: attack choices for the attacker, defence choices for
    the defender, Support then Regroup options; the side not deciding gets Waiting."""
    state = position(["1A 3/0/2"], ["2A 1/4/0"], reserves=((2, 2, 2), (0, 0, 0)), unused_dice=((4, 20), ()))
    att = RULESET.options(state, 0)
    assert isinstance(att, AttackOptions) and isinstance(RULESET.options(state, 1), Waiting)
    (choice,) = att.attacks
    assert (choice.attacker, choice.target, choice.die, choice.protection, choice.damage) == (
        "1A",
        "2A",
        8,
        2,
        1,
    )
    assert [(d.stat, d.die, d.p_attacker_wins) for d in choice.defences] == [
        ("pot", 4, Fraction(13, 16)),
        ("res", 10, Fraction(9, 20)),
    ]
    RULESET.apply(state, 0, Attack("1A", "2A"), ScriptedDice([5]))
    de = RULESET.options(state, 1)
    assert isinstance(de, DefenceOptions) and isinstance(RULESET.options(state, 0), Waiting)
    assert [(c.stat, c.p_defence_beats, c.removed_if_attacker_wins) for c in de.choices] == [
        ("pot", Fraction(0), 1),
        ("res", Fraction(1, 2), 1),
    ]
    assert all(c.attacker_losses_if_defence_wins == 1 for c in de.choices)
    RULESET.apply(state, 1, RULESET.parse_action(state, 1, "defend res"), ScriptedDice([9]))
    sup = RULESET.options(state, 0)
    assert isinstance(sup, SupportOptions) and (sup.dice, sup.forced, sup.can_end) == ((4, 20), False, True)
    RULESET.apply(state, 0, RULESET.parse_action(state, 0, "reinforce d20"), ScriptedDice([7]))
    rg = RULESET.options(state, 0)
    assert isinstance(rg, RegroupOptions)
    assert (rg.die, rg.allowance, rg.new_label, rg.max_new_squads) == (20, 7, "1E", 1)
    assert [(s.label, s.pot) for s in rg.squads] == [("1A", 2)]
    encoded = msgspec.json.encode(RULESET.options(state, 0), enc_hook=str)
    assert b'"allowance":7' in encoded


def test_build_options_suggest_valid_orders():
    """SC-2.4: the suggested starting orders are all valid for the side's reserve."""
    for split in ((25, 25, 25), (50, 25, 0), (0, 25, 50)):
        state, _ = RULESET.new_state(Setup(split=split), ScriptedDice([]))
        for side in (0, 1):
            opts = RULESET.options(state, side)
            assert isinstance(opts, BuildOptions) and opts.suggestions
            for order in opts.suggestions:
                assert RULESET.validate_build(state, side, order) == []
            assert all(isinstance(a, Build) for a in RULESET.legal_actions(state, side))


def _marking_translation(monkeypatch):
    class Marking(gettext.NullTranslations):
        def gettext(self, message):
            return f"<{message}>"

        def ngettext(self, singular, plural, n):
            return f"<{singular if n == 1 else plural}>"

    monkeypatch.setattr(i18n, "_translation", Marking())


def test_every_sentence_goes_through_the_translation(monkeypatch):
    """Events, refusals and notation errors are rendered through ``_`` (English msgids)."""
    game_events = []
    state, events = RULESET.new_state(Setup(), Dice(b"i18n"))
    game_events += events
    dice = Dice(b"i18n rolls")
    import random

    rng = random.Random(3)
    while sides := RULESET.to_act(state):
        side = min(sides)
        game_events += RULESET.apply(state, side, rng.choice(RULESET.legal_actions(state, side)), dice)
    _marking_translation(monkeypatch)
    for e in game_events:
        assert e.text().startswith("<"), e.text()
    state = position(["1A 0/3/3"], ["2A 1/1/1"])
    with pytest.raises(IllegalAction) as exc:
        RULESET.parse_action(state, 0, "1A x 2A")
    assert str(exc.value).startswith("<")
    with pytest.raises(NotationError) as exc2:
        RULESET.parse_action(state, 0, "nonsense")
    assert str(exc2.value).startswith("<")
    assert RULESET.result(state) is None
