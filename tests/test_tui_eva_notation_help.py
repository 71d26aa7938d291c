"""The EVA help's table of orders speaks the interface language: the notation (EVA-2.2,
EVA-AMB-5) is read in both languages, so the forms show the order words of the
interface language, and a Russian form the help shows is an order the command line
reads."""

import random

import pytest

from engine import i18n
from engine.dice import Dice
from engine.ruleset import get
from engine.rulesets.eva.notation import parse_action
from tui.rulesets.eva.texts import NOTATION, notation_form


@pytest.fixture
def russian():
    i18n.set_language("ru")
    yield
    i18n.set_language("en")


def test_the_forms_read_english_in_english():
    assert (
        notation_form("<Eva> fire B12 [rifle] [burst | aimed legs]")
        == "<Eva> fire B12 [rifle] [burst | aimed legs]"
    )
    assert [notation_form(form) for _v, form, _w in NOTATION] == [form for _v, form, _w in NOTATION]


def test_the_forms_read_russian_in_russian(russian):
    assert (
        notation_form("<Eva> fire B12 [rifle] [burst | aimed legs]")
        == "<Ева> огонь B12 [винтовка] [очередь | прицельно ноги]"
    )
    assert notation_form("activate <Eva> [berserk]") == "ход <Ева> [берсерк]"
    assert notation_form("trauma arms | legs | body | wings") == "травма руки | ноги | корпус | крылья"


def test_a_russian_order_written_as_the_help_shows_it_is_read(russian):
    """The help's Russian form of an activation, filled in, is parsed by the command line."""
    rs = get("eva")
    rng = random.Random(4)
    state, _ = rs.new_state(rs.random_setup(rng), Dice(b"help"))
    dice = Dice(b"help play")
    while state.phase != "battle" or state.activation is not None:
        side = min(rs.to_act(state))
        rs.apply(state, side, rs.random_action(state, side, rng), dice)
    side = min(rs.to_act(state))
    unit = next(u for u in state.units if u.side == side and u.on_board and not u.activated)
    form = notation_form("activate <Eva>").replace("<Ева>", unit.name)
    action = parse_action(state, side, form)
    assert type(action).__name__ == "Activate" and state.units[action.unit].name == unit.name
