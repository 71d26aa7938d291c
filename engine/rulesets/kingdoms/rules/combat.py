"""Damage (TK-5), the exchange variants (TK-4.4, TK-4.5), applying damage (TK-4.8)
and the deferred counter-attacks (TK-4.7, TK-6.5, TK-8.3).

The losses formula is stated once, in :func:`raw_losses`:
``floor(N·R·m·Mt / (40000·F·T))`` in exact integer arithmetic, rounded once
(TK-1.10, TK-5.1); the cap by the victim's strength is applied when the damage
is (TK-4.8). Every factor of every computation is logged (:class:`events.Damage`).
"""

from __future__ import annotations

from fractions import Fraction

from engine.dice import Dice
from engine.ruleset import Event
from engine.rulesets.kingdoms.catalog import CREW_CAP
from engine.rulesets.kingdoms.events import Damage, Destroyed
from engine.rulesets.kingdoms.rules.morale import record, thresholds
from engine.rulesets.kingdoms.rules.plan import crew_of
from engine.rulesets.kingdoms.state import Claim, Regiment, State

__all__ = [
    "Blow",
    "TWO_D10",
    "apply_blow",
    "attack_mods",
    "counter_mods",
    "crew_strength",
    "destroy",
    "expected_losses",
    "fatigue",
    "infantry_march",
    "loss_distribution",
    "losses_of",
    "raw_losses",
    "resolve_claims",
    "roll_blow",
    "tower_divisor",
    "variant",
]

#: The 2d10 distribution: (total, ways out of 100), totals 2-20 (TK-5.3).
TWO_D10: tuple[tuple[int, int], ...] = tuple((r, 10 - abs(r - 11)) for r in range(2, 21))


def raw_losses(n: int, r: int, m: int, mt: int, f: int = 1, t: int = 1) -> int:
    """The losses formula before the cap (TK-5.1): ``floor(n·r·m·mt / (40000·f·t))``,
    with ``n`` men, ``r`` the 2d10 total, ``m`` effective morale (%), ``mt`` the
    modifier in tenths, ``f`` fatigue (1-3), ``t`` tower divisor (1 or 2); exact
    integers, rounded down once (TK-1.10)."""
    if mt < 0:
        mt = 0
    return (n * r * m * mt) // (40000 * f * t)


def losses_of(raw: int, strength: int) -> int:
    """The men a victim of ``strength`` men loses to a computed damage ``raw``: never
    more than it has (TK-4.8, TK-5.1's ``min(V, ...)``)."""
    return min(strength, raw)


def loss_distribution(n: int, m: int, mt: int, f: int, t: int, cap: int) -> tuple[tuple[int, Fraction], ...]:
    """Each loss (men) a damage computation may inflict on a victim of ``cap`` men,
    with its exact chance over the 2d10 (TK-5.1, TK-5.3, TK-4.8), by increasing loss;
    the factors as in :func:`raw_losses`."""
    dist: dict[int, int] = {}
    for r, ways in TWO_D10:
        lost = losses_of(raw_losses(n, r, m, mt, f, t), cap)
        dist[lost] = dist.get(lost, 0) + ways
    return tuple((lost, Fraction(ways, 100)) for lost, ways in sorted(dist.items()))


def expected_losses(n: int, m: int, mt: int, f: int, t: int, cap: int) -> Fraction:
    """The exact expected losses (men) over the 2d10 distribution, each outcome
    capped at ``cap`` (the victim's strength, TK-4.8)."""
    total = 0
    for r, ways in TWO_D10:
        total += ways * losses_of(raw_losses(n, r, m, mt, f, t), cap)
    return Fraction(total, 100)


def crew_strength(n: int) -> int:
    """The men a tower crew deals damage with, out of the ``n`` it would otherwise
    use: at most 300 (:data:`catalog.CREW_CAP`), for its tower fire and every
    counter-attack it makes (TK-13.4, TK-5.2)."""
    return min(CREW_CAP, n)


def tower_divisor(kind: str) -> int:
    """T for an attack of ``kind`` (close, tower, at-tower, pursuit): 2 for fire at a
    tower crew from an adjacent base, else 1 (TK-5.7)."""
    return 2 if kind == "at-tower" else 1


def fatigue(k: int) -> int:
    """The fatigue divisor for a regiment's k-th counter-attack of the phase (TK-5.6):
    1, 2, then 3 for the third and every later one."""
    return 1 if k <= 1 else 2 if k == 2 else 3


def variant(
    state: State, attacker: Regiment, victim: Regiment, kind: str, absorbed: bool, melee: bool
) -> str:
    """The exchange variant (TK-4.5, first matching row): ``"c"`` for tower fire, a
    panicking victim, cavalry pursuing, archers whose attack a screen absorbs;
    ``"d"`` for fire at a tower crew; ``"b"`` for a pursuit or archers not in melee;
    else ``"a"``. ``victim`` is the regiment actually hit (TK-8.2)."""
    p = state.phase
    if kind == "tower":
        return "c"
    if victim.panicking(p):
        return "c"
    if attacker.cavalry and victim.retreating(p):
        return "c"
    if absorbed:
        return "c"
    if kind == "at-tower":
        return "d"
    if victim.retreating(p):
        return "b"
    if attacker.archers and not melee:
        return "b"
    return "a"


def infantry_march(attacker: Regiment, kind: str, dist: int, pursuit: bool) -> bool:
    """Whether a counter-attack on ``attacker`` gets B1 (TK-5.5, TK-9.5b): infantry
    that made a close attack (``kind``) after moving (``dist`` steps, at least 1,
    TK-6.2) and was not pursuing (``pursuit``: the regiment it hit was retreating)."""
    return attacker.infantry and dist >= 1 and not pursuit and kind == "close"


def _p2_exempt(state: State, archers: Regiment, other: Regiment, phase_pursued: int) -> bool:
    """TK-9.4c: retreating archers pursued in phase q deal damage to a regiment that
    pursued them (not cavalry) without P2: counter-attacks in q, attacks in q+1."""
    return archers.pursued_in == phase_pursued and other.id in archers.pursuers and not other.cavalry


def attack_mods(
    state: State, dealer: Regiment, victim: Regiment, melee: bool, mounted: bool | None = None
) -> tuple[tuple[str, ...], int]:
    """The modifiers of an attack (TK-5.5): P1 dismounted cavalry; P2 archers in melee
    (unless TK-9.4c exempts it); P3 infantry victim not retreating; X1 panicking
    victim. ``mounted``: whether the dealer will be mounted when it strikes (a
    preview of an order that mounts or dismounts, TK-3.5); None: as it is now.
    Returns the codes and Mt (tenths, at least 0)."""
    p = state.phase
    codes: list[str] = []
    mt = 10
    if dealer.dismounted if mounted is None else dealer.cavalry and not mounted:
        codes.append("P1")
        mt -= 2
    if dealer.archers and melee and not _p2_exempt(state, dealer, victim, p - 1):
        codes.append("P2")
        mt -= 2
    if victim.infantry and not victim.retreating(p):
        codes.append("P3")
        mt -= 2
    if victim.panicking(p):
        codes.append("X1")
        mt += 1
    return tuple(codes), max(mt, 0)


def counter_mods(
    state: State, dealer: Regiment, attacker: Regiment, march: bool
) -> tuple[tuple[str, ...], int]:
    """The modifiers of a counter-attack (TK-5.5): P1 dismounted cavalry; P2 archers
    that have already counter-attacked a regiment that is not archers this phase
    (TK-7.2.4), unless TK-9.4c exempts it; B1 against infantry that marched (not
    pursuing). Returns the codes and Mt."""
    codes: list[str] = []
    mt = 10
    if dealer.dismounted:
        codes.append("P1")
        mt -= 2
    tally = state.tally.get(dealer.id)
    if (
        dealer.archers
        and tally is not None
        and tally.melee
        and not _p2_exempt(state, dealer, attacker, state.phase)
    ):
        codes.append("P2")
        mt -= 2
    if march:
        codes.append("B1")
        mt += 2
    return tuple(codes), max(mt, 0)


class Blow:
    """One damage computation, rolled but not yet applied (TK-4.8: a group's damage
    is all worked out before any of it is applied)."""

    __slots__ = ("dealer", "f", "faces", "k", "kind", "m", "mods", "mt", "n", "raw", "t", "variant", "victim")

    def __init__(self, dealer: Regiment, victim: Regiment, kind: str) -> None:
        self.dealer = dealer
        self.victim = victim
        self.kind = kind
        self.variant = ""
        self.n = 0
        self.faces: tuple[int, ...] = ()
        self.m = 0
        self.mods: tuple[str, ...] = ()
        self.mt = 10
        self.k = 0
        self.f = 1
        self.t = 1
        self.raw = 0


def roll_blow(
    state: State,
    dice: Dice,
    dealer: Regiment,
    victim: Regiment,
    kind: str,
    n: int,
    mods: tuple[str, ...],
    mt: int,
    k: int = 0,
    t: int = 1,
    variant_: str = "",
) -> Blow | None:
    """Roll one damage computation (TK-5.1-TK-5.3): the dealer's ``n`` men (capped at
    300 for a tower crew's tower fire and counter-attacks, decided by the caller),
    a fresh 2d10, the dealer's effective morale now, Mt, fatigue from ``k`` (0: an
    attack, F = 1) and the tower divisor ``t``. Records the damage roll for panic
    (TK-16.1). None, with no roll, when ``n`` is 0 (TK-4.9, TK-1.9)."""
    if n <= 0:
        return None
    b = Blow(dealer, victim, kind)
    b.variant = variant_
    b.n = n
    b.faces = dice.roll(2, 10).faces
    b.m = dealer.morale_now(state.phase)
    b.mods = mods
    b.mt = mt
    b.k = k
    b.f = fatigue(k) if k else 1
    b.t = t
    b.raw = raw_losses(n, b.faces[0] + b.faces[1], b.m, mt, b.f, t)
    tally = state.tally_of(dealer.id)
    tally.rolls += 1
    if b.raw > 0:
        tally.dealt = True
    return b


def destroy(state: State, reg: Regiment, gone: str) -> None:
    """``reg`` leaves the map (destroyed, TK-4.8, or merged away, TK-15.2): it stops
    being a tower crew."""
    reg.on_map = False
    reg.gone = gone
    for base, crew in list(state.crews.items()):
        if crew == reg.id:
            del state.crews[base]
    for fort in state.fortresses.values():
        if fort.crew == reg.id:
            fort.crew = None


def apply_blow(state: State, b: Blow, events: list[Event]) -> int:
    """Apply a computed blow (TK-4.8): the loss is capped at the victim's strength now;
    thresholds are checked (TK-10.5); a victim brought to 0 is destroyed, and the
    dealer has personally destroyed it (M5). Returns the men lost."""
    v = b.victim
    before = v.strength if v.on_map else 0
    losses = losses_of(b.raw, before)
    v.strength = before - losses
    events.append(
        Damage(
            dealer=b.dealer.id,
            victim=v.id,
            kind=b.kind,
            variant=b.variant,
            n=b.n,
            faces=b.faces,
            m=b.m,
            mods=b.mods,
            mt=b.mt,
            k=b.k,
            f=b.f,
            t=b.t,
            raw=b.raw,
            losses=losses,
            before=before,
            after=v.strength,
        )
    )
    if losses:
        thresholds(state, v, events)
        if v.strength == 0 and v.on_map:
            destroy(state, v, "destroyed")
            events.append(Destroyed(regiment=v.id, by=b.dealer.id))
            record(state, "M5", [b.dealer.id], events)
    return losses


#: Counter-attack priority by the attacker's action class (TK-6.5): mounted
#: cavalry, infantry, dismounted cavalry and archers in melee, archers not in melee.
_PRIORITY = {2: 0, 3: 1, 4: 2, 1: 3}


def resolve_claims(state: State, dice: Dice, events: list[Event]) -> None:
    """Step 5c (TK-4.7): counter-attackers in the order each was first attacked; each
    resolves its claims in counter-attack order (TK-6.5); numbers k count the
    counter-attacks it actually makes (void claims get none) and a simultaneous
    group's claims all use the last member's k (TK-6.3); a screened archer
    regiment's extra counter-attack follows its screen's first counter-attack on its
    behalf (TK-8.3)."""
    by_id = {r.id: r for r in state.regiments}
    claims = state.notes.claims
    for cid in state.notes.first_attacked:
        mine = [c for c in claims if c.by == cid]
        if not mine:
            continue
        dealer = by_id[cid]
        if dealer.archers:
            mine.sort(key=lambda c: c.seq)
        else:
            mine.sort(key=lambda c: (_PRIORITY[c.cls], c.seq))
        i = 0
        while i < len(mine):
            g = mine[i].group
            j = i + 1
            if g:
                while j < len(mine) and mine[j].group == g:
                    j += 1
            batch = mine[i:j]
            i = j
            live = [c for c in batch if c.snapshot > 0 and by_id[c.against].on_map]
            if not live:
                continue
            tally = state.tally_of(cid)
            k = tally.counters + len(live)
            for c in live:
                attacker = by_id[c.against]
                if not attacker.on_map:  # destroyed by an earlier member's counter-attack
                    continue
                kk = k if g else tally.counters + 1
                _counter(state, dice, dealer, attacker, c, kk, events)
                tally.counters += 1
                if c.behalf is not None:
                    _extra(state, dice, by_id[c.behalf], attacker, c, events)


def _counter(
    state: State, dice: Dice, dealer: Regiment, attacker: Regiment, c: Claim, k: int, events: list[Event]
) -> None:
    """One counter-attack: N is the claim's snapshot (at most 300 for a tower crew)."""
    mods, mt = counter_mods(state, dealer, attacker, c.march)
    n = crew_strength(c.snapshot) if c.crew else c.snapshot
    b = roll_blow(state, dice, dealer, attacker, "counter", n, mods, mt, k=k)
    if b is not None:
        apply_blow(state, b, events)
    if dealer.archers and not attacker.archers:
        state.tally_of(dealer.id).melee = True


def _extra(
    state: State, dice: Dice, archers: Regiment, attacker: Regiment, c: Claim, events: list[Event]
) -> None:
    """TK-8.3: screened archers counter-attack the same attacker once per phase, the
    first time the infantry counter-attacks on their behalf, with their current
    strength and their own counter-attack number."""
    tally = state.tally_of(archers.id)
    if not archers.archers or tally.extra or not archers.on_map or not attacker.on_map:
        return
    tally.extra = True
    mods, mt = counter_mods(state, archers, attacker, c.march)
    n = archers.strength
    if crew_of(state, archers.base) == archers.id:  # a crew strikes with at most 300 men (TK-13.4)
        n = crew_strength(n)
    b = roll_blow(state, dice, archers, attacker, "extra", n, mods, mt, k=tally.counters + 1)
    tally.counters += 1
    if b is not None:
        apply_blow(state, b, events)
    if not attacker.archers:
        tally.melee = True
