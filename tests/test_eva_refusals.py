"""Every check names the same rule with the same sentence as the rules engine did
before its checks were gathered into one place each (EVA-1.1 to EVA-16.14): a record
of about 30,000 (position, seat, action) cases, taken in random games and in
positions changed at random (engaged, kneeling, pinned, out of energy, unsorted
hands, an Eva left on a stray square...), with the verdict then given (legal, or the
refusal's English sentence and rule ID). The record is ``tests/data/eva_refusals.json.gz``;
each position is stored without its map, which is a bundled one named by key."""

from __future__ import annotations

import gzip
import json
from functools import cache
from pathlib import Path

import msgspec
import pytest

from engine.i18n import set_language
from engine.ruleset import IllegalAction
from engine.rulesets.eva.actions import ACTION_TYPES
from engine.rulesets.eva.legality import check
from engine.rulesets.eva.sampler import candidates
from engine.rulesets.eva.scenario import load_bundled
from engine.rulesets.eva.state import EvaState

DATA = Path(__file__).parent / "data" / "eva_refusals.json.gz"


@cache
def _record() -> list[dict]:
    return json.loads(gzip.decompress(DATA.read_bytes()))


def _state(data: dict) -> EvaState:
    data = dict(data)
    key = data.pop("map")
    state = msgspec.convert({**data, "map": msgspec.to_builtins(load_bundled(key))}, EvaState)
    return state


def _verdict(state, side, action):
    try:
        check(state, side, action)
    except IllegalAction as error:
        return [error.args[0], error.rule]
    return None


@pytest.fixture(autouse=True)
def _english():
    set_language("en")
    yield


@pytest.mark.parametrize("part", range(4))
def test_every_refusal_keeps_its_sentence_and_rule_id(part):
    record = _record()
    assert len(record) > 150
    cases = refused = 0
    for position in record[part::4]:
        state = _state(position["state"])
        before = msgspec.json.encode(state)
        for side, action, want in position["cases"]:
            a = msgspec.convert(action, ACTION_TYPES)
            assert _verdict(state, side, a) == want, (position["state"]["phase"], side, action)
            cases += 1
            refused += want is not None
        assert msgspec.json.encode(state) == before  # a check never changes the state
    assert cases > 5000 and refused > 4000


def test_the_candidates_of_a_recorded_position_cover_its_legal_actions():
    """Every action found legal in a recorded position is among the candidates the
    random player and ``legal_actions`` choose from, but for moves of more than one
    step and deployments with other hands (which they represent by single steps and the
    default hands), EVA-8.2, EVA-5.2, and swaps (the same hands in another order). A
    landing is a candidate only for an Eva with Wings: only the positions changed at
    random have an Eva airborne without them (EVA-16.10)."""
    record = _record()
    missing = []
    for position in record[::3]:
        state = _state(position["state"])
        for side, action, want in position["cases"]:
            if want is not None or action["type"] in ("move", "deploy", "concede", "swap"):
                continue
            a = msgspec.convert(action, ACTION_TYPES)
            if a.__class__.__name__ == "Land" and not state.units[a.unit].has("wings"):
                continue
            if a not in candidates(state, side):
                missing.append(action)
    assert not missing, missing[:5]
