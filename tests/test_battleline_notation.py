"""Battleline's order notation (BL-4.2 fields typed on one line): canonical format, strict
parsing in English and the glossary's Russian, three distinct errors, round trips."""

from __future__ import annotations

import random

import pytest

from engine import i18n
from engine.ruleset import AmbiguousAction, IllegalAction, NotationError
from engine.rulesets.battleline.actions import Concede, Fire, LaserOrder, Melee, Order
from engine.rulesets.battleline.notation import format_action, notation_help, parse_order_text
from tests.battleline_support import RS, make, mech, play


def test_bl_4_2_every_field_of_an_order_in_one_line():
    """BL-4.2: speed, heading, direction, cover, defence, melee, each weapon's cells and
    each laser's action, in one line, and back."""
    st = make(["Kestrel", "Hornet", "Bulwark"], None)
    st.mechs[0].items[4].charged = True
    order = Order(
        speed=3,
        heading=2,
        defence="LA",
        fire=(Fire(2, ((13, 1), (14, 1))), Fire(3, ((20, 2), (21, 3), (22, 1))), Fire(5, ((30, 4),))),
        lasers=(LaserOrder(4, "fire", 1),),
    )
    text = format_action(st, 0, order)
    assert text == "speed 3 to 3; def LA; A-10 13 14; M-10 20x2 21x3 22; R-4 30x4; L-3 fire 2"
    assert parse_order_text(st, 0, text) == order
    melee = Order(speed=2, heading=1, cover=True, melee=Melee(1, 1, "RL"))
    assert format_action(st, 0, melee) == "speed 2 to 2; cover; melee Sword 2 RL"
    assert parse_order_text(st, 0, "speed 2 to 2; cover; melee Sword 2 RL") == melee
    assert format_action(st, 0, Concede()) == "concede"


def test_a_duel_leaves_out_the_only_opponent_and_the_direction_is_signed():
    """In a duel the target seat may be left out; a direction is written +1 or -1 (BL-5.2)."""
    st = make(["Kestrel", "Bulwark"])
    assert parse_order_text(st, 0, "speed 6; melee sword lt") == Order(speed=6, melee=Melee(1, 1, "LT"))
    assert format_action(st, 0, Order(speed=6, melee=Melee(1, 1, "LT"))) == "speed 6; melee Sword LT"
    assert parse_order_text(st, 0, "speed 2 -1") == Order(speed=2, direction=-1)
    assert parse_order_text(st, 0, "s2 +") == Order(speed=2, direction=1)
    assert format_action(st, 0, Order(speed=2, direction=1)) == "speed 2 +1"
    st.mechs[0].items[4].charged = True
    assert parse_order_text(st, 0, "L-3 fire") == Order(lasers=(LaserOrder(4, "fire", 1),))


def test_cells_runs_counts_and_order_kept():
    """Cells: ``15x4`` salvos or missiles on a cell, ``9..14`` a run once each; cells stay
    in the order typed, repeats included, so the rules can refuse them (BL-10.2)."""
    st = make(["Kestrel", "Bulwark"])
    o = parse_order_text(st, 1, "M-10 9..14 15x4")
    assert o.fire == (Fire(2, ((9, 1), (10, 1), (11, 1), (12, 1), (13, 1), (14, 1), (15, 4))),)
    assert parse_order_text(st, 1, "A-10 14, 13, 13").fire == (Fire(1, ((14, 1), (13, 1), (13, 1))),)
    assert parse_order_text(st, 1, "A-10 15\u00d72").fire == (Fire(1, ((15, 2),)),)


def test_russian_words_are_read_in_either_language():
    """The glossary's Russian words (скорость, защита, щит, укрытие, ближний, зарядить,
    огонь, сбросить, сдаться; ЛР, ПТ, ЦТ...; А-10, М-10, Л-3, меч) are read whatever the
    interface language."""
    st = make(["Kestrel", "Bulwark"], "ruins", starts=(9, 24))
    try:
        for lang in ("en", "ru"):
            i18n.set_language(lang)
            assert parse_order_text(st, 0, "скорость 6; защита ЛР; ближний меч ЦТ") == Order(
                speed=6, defence="LA", melee=Melee(1, 1, "CT")
            )
            assert parse_order_text(st, 0, "ск 2; А-10 12 13; М-6 20х6; Л-3 зарядить") == Order(
                speed=2,
                fire=(Fire(2, ((12, 1), (13, 1))), Fire(0, ((20, 6),))),
                lasers=(LaserOrder(4, "charge"),),
            )
            assert parse_order_text(st, 1, "скорость 1; укрытие; защита щит") == Order(
                speed=1, cover=True, defence="SH@LA"
            )
            assert parse_order_text(st, 1, "сдаться") == Concede()
            assert parse_order_text(st, 0, "защита нет") == Order()
    finally:
        i18n.set_language("en")


def test_names_and_seats_for_headings_and_targets():
    """A heading or target is a seat number (``2``, ``#2``) or a mech's name."""
    st = make(["Kestrel", "Hornet", "Bulwark"], None)
    assert parse_order_text(st, 0, "speed 4 to hornet").heading == 1
    assert parse_order_text(st, 0, "speed 4 to #3").heading == 2
    assert parse_order_text(st, 0, "melee Sword bulwark H").melee == Melee(1, 2, "H")


def test_the_three_errors_are_distinct():
    """Bad syntax: NotationError; a weapon or seat that is not there, or an order the rules
    refuse: IllegalAction (naming the rules); a name fitting two things: AmbiguousAction."""
    st = make(["Kestrel", "Bulwark"])
    for text in ("", "fly 3", "speed", "speed six", "A-10", "A-10 x", "melee Sword", "melee Sword XX",
                 "cover now", "speed 3; speed 4", "def ZZ", "L-3 burn", "Sword 12", "concede; speed 2"):  # fmt: skip
        with pytest.raises(NotationError):
            RS.parse_action(st, 0, text)
    for text in ("A-20 12", "speed 3 to 9", "speed 9"):
        with pytest.raises(IllegalAction):
            RS.parse_action(st, 0, text)
    with pytest.raises(IllegalAction) as err:
        RS.parse_action(st, 0, "speed 9")
    assert err.value.rule == "BL-5.6"
    twins = make([mech("Kestrel", la="A-10"), "Bulwark"])
    with pytest.raises(AmbiguousAction):
        RS.parse_action(twins, 0, "A-10 20")
    assert RS.parse_action(twins, 0, "A-10@LA 20").fire[0].item == 0
    assert RS.parse_action(twins, 0, "A-10@lt 20").fire[0].item == 2
    assert format_action(twins, 0, RS.parse_action(twins, 0, "A-10@LT 20")) == "speed 0; A-10@LT 20"
    same = make(["Kestrel", "Kestrel", "Bulwark"], None)
    with pytest.raises(AmbiguousAction):
        RS.parse_action(same, 2, "speed 2 to kestrel")


def test_help_is_the_notation():
    """``help`` (or ``?``) answers with the whole notation, as a NotationError."""
    st = make(["Kestrel", "Bulwark"])
    with pytest.raises(NotationError) as err:
        RS.parse_action(st, 0, "help")
    assert str(err.value) == notation_help() and "speed 6" in str(err.value)


def test_two_shields_are_told_apart_by_their_arms():
    """A mech with a shield in each arm writes ``shield@LA`` or ``shield@RA``."""
    st = make([mech("Kestrel", la="SH", ra="SH"), "Bulwark"])
    with pytest.raises(AmbiguousAction):
        parse_order_text(st, 0, "def shield")
    assert parse_order_text(st, 0, "def shield@RA").defence == "SH@RA"
    assert format_action(st, 0, Order(defence="SH@RA")) == "speed 0; def shield@RA"


def test_format_never_raises_and_round_trips_random_orders():
    """Every random order of random battles of 2 to 4 mechs formats to text that parses
    back to the same order; anything else is shown as ``?``."""
    from engine.dice import Dice

    assert format_action(make(["Kestrel", "Bulwark"]), 0, "junk").startswith("?")
    checked = 0
    for g in range(12):
        rng = random.Random(g)
        state, _ = RS.new_state(RS.random_setup(rng), Dice(b"n%d" % g))
        dice = Dice(b"nd%d" % g)
        while RS.to_act(state) and checked < 3000:
            for seat in sorted(RS.to_act(state)):
                order = RS.random_action(state, seat, rng)
                text = RS.format_action(state, seat, order)
                assert RS.parse_action(state, seat, text) == order, text
                checked += 1
                RS.apply(state, seat, order, dice)
                if not RS.to_act(state):
                    break
    assert checked > 300


def test_the_record_shows_other_seats_only_that_an_order_was_made():
    """BL-4.1: the public notation of an order or a concession is ``order``."""
    st = make(["Kestrel", "Bulwark"])
    assert RS.public_text(st, 0, Order(speed=2)) == "order" == RS.public_text(st, 0, Concede())
    play(st, {0: "speed 1", 1: "speed 1"})
