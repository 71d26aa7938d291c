"""A copied Eva state is independent of its original and plays exactly as it does
(the protocol's copy_state, used by a bot's search); actions are frozen, hashable
values whose JSON form is that of the saves (EVA-EX-1)."""

from __future__ import annotations

import random

import msgspec

from engine.dice import Dice
from engine.ruleset import get
from engine.rulesets.eva.actions import ACTION_TYPES, Deploy, Move, Swap
from engine.rulesets.eva.sampler import candidates

RS = get("eva")


def _mid_game(seed: int, steps: int):
    rng = random.Random(seed)
    state, _ = RS.new_state(RS.random_setup(rng), Dice(b"copy%d" % seed))
    dice = Dice(b"copy-play%d" % seed)
    for _ in range(steps):
        sides = RS.to_act(state)
        if not sides:
            break
        side = min(sides)
        RS.apply(state, side, RS.random_action(state, side, rng), dice)
    return state


def _play_out(state, seed: int) -> list[str]:
    rng = random.Random(seed)
    dice = Dice(b"out%d" % seed)
    texts = []
    while sides := RS.to_act(state):
        side = min(sides)
        action = RS.random_action(state, side, rng)
        texts.append(RS.format_action(state, side, action))
        texts += [e.text() for e in RS.apply(state, side, action, dice)]
    return texts


def test_a_copy_plays_exactly_as_its_original():
    for seed in range(1, 9):
        state = _mid_game(seed, 40 + 7 * seed)
        copy = RS.copy_state(state)
        assert copy == state and copy is not state
        assert copy.map is state.map  # fixed facts are shared
        assert _play_out(copy, seed) == _play_out(state, seed)
        assert copy == state


def test_a_copy_and_its_original_diverge_without_touching_each_other():
    for seed in range(1, 9):
        state = _mid_game(seed, 60 + 5 * seed)
        before = msgspec.json.encode(state)
        copy = RS.copy_state(state)
        _play_out(copy, 1000 + seed)  # the copy plays another game to its end
        assert msgspec.json.encode(state) == before
        copy_now = msgspec.json.encode(copy)
        other = RS.copy_state(state)
        _play_out(state, 2000 + seed)  # and the original plays on
        assert msgspec.json.encode(copy) == copy_now
        assert msgspec.json.encode(other) == before


def test_actions_are_frozen_hashable_and_encode_as_the_saves_do():
    seen = set()
    for seed in range(1, 9):
        state = _mid_game(seed, 30 + 11 * seed)
        for side in (0, 1):
            for a in candidates(state, side):
                assert hash(a) == hash(msgspec.json.decode(msgspec.json.encode(a), type=ACTION_TYPES))
                seen.add(a)
    assert len(seen) > 50 and len({type(a) for a in seen}) >= 5
    # sequences given as lists become tuples; the JSON is the list form of earlier saves
    assert Move(1, [2, 3]) == Move(1, (2, 3))
    assert msgspec.json.encode(Move(1, [2, 3])) == b'{"type":"move","unit":1,"path":[2,3]}'
    assert msgspec.json.encode(Swap(0, [])) == b'{"type":"swap","unit":0,"hands":[]}'
    assert msgspec.json.decode(
        b'{"type":"deploy","unit":0,"square":5,"hands":[1]}', type=ACTION_TYPES
    ) == Deploy(0, 5, (1,))
    try:
        Move(1, (2, 3)).unit = 4  # type: ignore[misc]
    except AttributeError:
        pass
    else:
        raise AssertionError("an action could be changed")


def test_the_rules_memos_serve_a_copy_as_its_original():
    """The memos are keyed by content, never by an object's identity: a copied Eva finds
    the hand facts its original's asking made, the names both sides have are found for
    the copy's units, and the map's tables are the same object."""
    from engine.rulesets.eva.board import geo
    from engine.rulesets.eva.hands import held_facts, loadout
    from engine.rulesets.eva.marks import shared_names

    for seed in range(1, 5):
        state = _mid_game(seed, 50)
        copy = RS.copy_state(state)
        for u, c in zip(state.units, copy.units, strict=True):
            assert c is not u
            assert held_facts(c) is held_facts(u)
            assert loadout(c) is loadout(u)
        assert shared_names(copy) is shared_names(state)
        assert geo(copy) is geo(state)
