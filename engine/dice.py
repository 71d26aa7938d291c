"""Seeded, auditable dice whose next roll no save can predict.

Every roll is derived with HMAC-SHA256 (RFC 2104, Python's ``hmac`` module), never
from the ``random`` module's internals, so a replay gives the same faces on any
Python version. The key of a roll is the game's seed *and the fresh entropy of the
action that rolls it*: when an action is taken, 16 bytes are drawn from the
operating system's CSPRNG (:func:`new_entropy`) and recorded with that action, and
its rolls are keyed by ``HMAC(seed, "wartable-action" NUL entropy)``
(:meth:`Dice.key`). A save therefore holds everything its past rolls need (the
seed, each action's entropy) and nothing that tells the next roll: that one is keyed
by entropy not drawn yet. Rolls of version-1 saves were keyed by the seed alone
(``key(None)``) and replay exactly as they were.

``seed_hash(seed)`` is published when the game is created (it is in every save):
it proves that the seed was fixed before the first action, so nothing derived
from the seed could be chosen later (README, "Dice", says what it proves and what
it does not).

Rolls are numbered per *stream*. The public stream ``""`` holds every roll both
sides may see. A roll private to one side (e.g. a start-of-activation check that
only its owner may know of) is drawn from that side's own stream ``"p0"`` or
``"p1"``, so the opponent's numbering of the public rolls has no gap that would
betray a private roll (EVA-18.3).

Faces are drawn from the digest's bytes by rejection sampling (a byte ``b`` is used
only when ``b < 256 - 256 % sides``, giving ``b % sides + 1``; dice of more than
256 sides use four-byte words the same way), so every face is exactly equally
likely.
"""

from __future__ import annotations

import hashlib
import hmac
import itertools
import secrets
from collections.abc import Callable, Iterable, Sequence

import msgspec

__all__ = [
    "ENTROPY_BYTES",
    "Dice",
    "DiceDivergence",
    "Roll",
    "ScriptedDice",
    "fixed_entropy",
    "new_entropy",
    "new_seed",
    "seed_hash",
    "seed_only",
]

#: Bytes of fresh entropy drawn for each action (128 bits).
ENTROPY_BYTES = 16
#: What the key of an action's rolls is derived from, before the entropy.
_KEY_LABEL = b"wartable-action\x00"


class Roll(msgspec.Struct, frozen=True, array_like=True, forbid_unknown_fields=True):
    """One recorded roll.

    ``stream``: ``""`` for public rolls, ``"p0"``/``"p1"`` for a side's private rolls.
    ``seq``: 1-based number of the roll within its stream.
    ``expr``: the dice expression, e.g. ``"d6"``, ``"2d6"``.
    ``faces``: each die's face, in the order drawn.
    """

    stream: str
    seq: int
    expr: str
    faces: tuple[int, ...]

    @property
    def total(self) -> int:
        """Sum of the faces."""
        return sum(self.faces)

    @property
    def private_to(self) -> int | None:
        """The side this roll is private to, or None when it is public."""
        return int(self.stream[1:]) if self.stream else None


class DiceDivergence(Exception):
    """A replayed roll differs from the recorded one (or the record ran out).

    Attributes: ``expected`` (the recorded :class:`Roll` or None) and ``got``.
    """

    def __init__(self, expected: Roll | None, got: Roll | None, message: str) -> None:
        super().__init__(message)
        self.expected = expected
        self.got = got


def new_seed() -> bytes:
    """A fresh 32-byte secret seed from the operating system's CSPRNG."""
    return secrets.token_bytes(32)


def new_entropy() -> bytes:
    """Fresh entropy for one action: :data:`ENTROPY_BYTES` bytes from the operating
    system's CSPRNG, drawn when the action is taken (after it was chosen)."""
    return secrets.token_bytes(ENTROPY_BYTES)


def seed_only() -> None:
    """An entropy source that keys every roll by the seed alone, as version-1 games
    did: with the seed, every roll to come is known. For tests that replay fixed
    positions; never for a game people play."""
    return None


def fixed_entropy(label: bytes) -> Callable[[], bytes]:
    """An entropy source that is NOT secret: the n-th call gives the first
    :data:`ENTROPY_BYTES` bytes of ``SHA-256(label NUL n)``. For selfplay and tests
    that must play the same game twice; never for a game people play."""
    count = itertools.count(1)
    return lambda: hashlib.sha256(b"%s\x00%d" % (label, next(count))).digest()[:ENTROPY_BYTES]


def seed_hash(seed: bytes) -> str:
    """SHA-256 of the seed, hex: published at the start, checked when the seed is revealed."""
    return hashlib.sha256(seed).hexdigest()


def _expr(n: int, sides: int) -> str:
    return f"{'' if n == 1 else n}d{sides}"


class Dice:
    """The game's dice: every roll derived from ``seed`` (and the entropy of the
    action that rolls it, see :meth:`key`) and recorded.

    ``seed``: the secret seed (bytes). ``log``: every roll made so far, in order.
    ``entropy``: the entropy the rolls are keyed by now (None: the seed alone).
    """

    __slots__ = ("_counters", "_mac", "_seed_mac", "entropy", "log", "seed")

    def __init__(self, seed: bytes) -> None:
        self.seed = seed
        self._seed_mac = hmac.new(seed, digestmod=hashlib.sha256)
        #: The keyed MAC of the rolls to come; None until one is needed after key().
        self._mac: hmac.HMAC | None = self._seed_mac
        self.entropy: bytes | None = None
        self._counters: dict[str, int] = {}
        self.log: list[Roll] = []

    def key(self, entropy: bytes | None) -> None:
        """Key the rolls that follow by the seed and ``entropy`` (an action's fresh
        entropy): ``HMAC-SHA256(seed, "wartable-action" NUL entropy)`` is their
        key. None keys them by the seed alone (version-1 saves). Roll numbers go
        on across keys (see :class:`Roll`)."""
        self.entropy = entropy
        self._mac = self._seed_mac if entropy is None else None  # made at the first roll

    def _keyed(self) -> hmac.HMAC:
        mac = self._mac
        if mac is None:
            assert self.entropy is not None
            key = hmac.digest(self.seed, _KEY_LABEL + self.entropy, "sha256")
            mac = self._mac = hmac.new(key, digestmod=hashlib.sha256)
        return mac

    # -- derivation ---------------------------------------------------------
    def _faces(self, stream: str, seq: int, n: int, sides: int) -> tuple[int, ...]:
        # one byte per face for dice up to 256 sides, four bytes (big-endian) above
        width = 1 if sides <= 256 else 4
        space = 256**width
        limit = space - space % sides
        faces: list[int] = []
        block = 0
        keyed = self._keyed()
        while len(faces) < n:
            mac = keyed.copy()
            mac.update(f"{stream}:{seq}:{block}".encode() if block else f"{stream}:{seq}".encode())
            digest = mac.digest()
            for k in range(0, len(digest) - width + 1, width):
                b = digest[k] if width == 1 else int.from_bytes(digest[k : k + width], "big")
                if b < limit:
                    faces.append(b % sides + 1)
                    if len(faces) == n:
                        break
            block += 1
        return tuple(faces)

    def _next(self, n: int, sides: int, to: int | None) -> Roll:
        stream = "" if to is None else f"p{to}"
        seq = self._counters.get(stream, 0) + 1
        self._counters[stream] = seq
        roll = Roll(stream, seq, _expr(n, sides), self._faces(stream, seq, n, sides))
        self.log.append(roll)
        return roll

    # -- public API -----------------------------------------------------------
    def roll(self, n: int = 1, sides: int = 6, *, to: int | None = None) -> Roll:
        """Roll ``n`` dice of ``sides`` faces as one recorded roll.

        ``to``: None for a public roll, or the side the roll is private to.
        Returns the :class:`Roll` (faces in drawing order).
        """
        return self._next(n, sides, to)

    def d6(self, *, to: int | None = None) -> int:
        """One six-sided die (EVA-1.2); returns its face."""
        return self._next(1, 6, to).faces[0]

    def nd6(self, n: int, *, to: int | None = None) -> tuple[int, ...]:
        """``n`` six-sided dice as one roll; returns the faces."""
        return self._next(n, 6, to).faces

    def counters(self) -> dict[str, int]:
        """How many rolls each stream has made (a copy)."""
        return dict(self._counters)

    def set_counters(self, counters: dict[str, int]) -> None:
        """Resume numbering after a snapshot (used when a save is resumed)."""
        self._counters = dict(counters)


class ReplayDice(Dice):
    """Dice that re-derive every roll and check it against a recorded sequence.

    Raises :class:`DiceDivergence` at the first roll that differs from the record
    (or when a roll is made that the record does not have).
    """

    __slots__ = ("_expected", "_pos")

    def __init__(self, seed: bytes, expected: Sequence[Roll]) -> None:
        super().__init__(seed)
        self._expected = expected
        self._pos = 0

    def expect(self, rolls: Sequence[Roll]) -> None:
        """Set the rolls the next action must consume."""
        self._expected = rolls
        self._pos = 0

    def exhausted(self) -> bool:
        """True when every expected roll has been made."""
        return self._pos >= len(self._expected)

    def _next(self, n: int, sides: int, to: int | None) -> Roll:
        got = super()._next(n, sides, to)
        if self._pos >= len(self._expected):
            raise DiceDivergence(None, got, f"roll {got.stream or 'public'} #{got.seq} is not in the record")
        want = self._expected[self._pos]
        self._pos += 1
        if want != got:
            raise DiceDivergence(
                want,
                got,
                f"roll {got.stream or 'public'} #{got.seq}: record says {want.expr} {list(want.faces)}, "
                f"the seed gives {got.expr} {list(got.faces)}",
            )
        return got


class ScriptedDice(Dice):
    """Dice that return given faces in order: for tests and worked examples.

    ``faces``: the faces to hand out, in drawing order (EVA-1.3). Raises
    ``AssertionError`` if more dice are drawn than scripted; :meth:`remaining`
    tells how many were not used.
    """

    __slots__ = ("_faces_left",)

    def __init__(self, faces: Iterable[int]) -> None:
        super().__init__(b"scripted")
        self._faces_left = list(faces)

    def remaining(self) -> list[int]:
        """Faces not yet drawn."""
        return list(self._faces_left)

    def _faces(self, stream: str, seq: int, n: int, sides: int) -> tuple[int, ...]:
        if len(self._faces_left) < n:
            raise AssertionError(f"scripted dice ran out: {n}d{sides} asked, {self._faces_left} left")
        out = tuple(self._faces_left[:n])
        del self._faces_left[:n]
        for f in out:
            if not 1 <= f <= sides:
                raise AssertionError(f"scripted face {f} is not on a d{sides}")
        return out
