"""Dice: HMAC derivation, streams, replay checking, scripted injection (EVA-1.2, EVA-1.3)."""

import hashlib
import hmac
from collections import Counter

import pytest

from engine.dice import Dice, DiceDivergence, ReplayDice, Roll, ScriptedDice, seed_hash


def test_faces_are_hmac_sha256_of_seed_and_number():
    seed = b"k" * 32
    d = Dice(seed)
    r = d.roll(2)
    digest = hmac.new(seed, b":1", hashlib.sha256).digest()
    want = tuple(b % 6 + 1 for b in digest if b < 252)[:2]
    assert r == Roll("", 1, "2d6", want)


def test_same_seed_same_rolls_and_streams_are_independent():
    a, b = Dice(b"s"), Dice(b"s")
    ra = [a.d6() for _ in range(50)]
    rb = [b.d6() for _ in range(50)]
    assert ra == rb
    c = Dice(b"s")
    c.d6(to=0)  # a private roll does not shift the public numbering (EVA-18.3)
    assert [c.d6() for _ in range(50)] == ra
    assert [r.seq for r in c.log if r.stream == ""] == list(range(1, 51))
    assert c.log[0].stream == "p0" and c.log[0].private_to == 0


def test_d6_is_uniform_enough():
    d = Dice(b"uniform")
    counts = Counter(d.d6() for _ in range(60000))
    assert set(counts) == {1, 2, 3, 4, 5, 6}
    for face in range(1, 7):
        assert 9400 < counts[face] < 10600


def test_replay_detects_a_tampered_roll():
    d = Dice(b"x")
    rolls = [d.roll(1), d.roll(2)]
    ok = ReplayDice(b"x", rolls)
    ok.roll(1)
    ok.roll(2)
    assert ok.exhausted()
    bad = [rolls[0], Roll("", 2, "2d6", (7 - rolls[1].faces[0], rolls[1].faces[1]))]
    rd = ReplayDice(b"x", bad)
    rd.roll(1)
    with pytest.raises(DiceDivergence) as exc:
        rd.roll(2)
    assert "#2" in str(exc.value)


def test_scripted_dice_hand_out_given_faces_in_order():
    d = ScriptedDice([6, 5, 3, 4])
    assert d.nd6(2) == (6, 5)
    assert d.d6() == 3
    assert d.remaining() == [4]
    with pytest.raises(AssertionError):
        d.nd6(2)


def test_seed_hash_is_sha256():
    assert seed_hash(b"abc") == hashlib.sha256(b"abc").hexdigest()


def test_dice_of_more_than_256_sides_are_uniform_and_end():
    d = Dice(b"big")
    faces = [d.roll(1, 1000).faces[0] for _ in range(3000)]
    assert min(faces) >= 1 and max(faces) <= 1000
    assert len(set(faces)) > 900
    seed = b"k" * 32
    r = Dice(seed).roll(1, 300)
    digest = hmac.new(seed, b":1", hashlib.sha256).digest()
    words = [int.from_bytes(digest[k : k + 4], "big") for k in range(0, 32, 4)]
    limit = 2**32 - 2**32 % 300
    assert r.faces[0] == next(w % 300 + 1 for w in words if w < limit)
