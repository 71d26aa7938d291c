"""The seat: one side's handle on a game (engine/seat.py).

A seat hands out only what its side may know: its log holds exactly the events
visible to it, numbered without gaps; the record gives each action's notation as
that side may read it; a concession and undo go through it; a failed autosave
loses nothing. Played over random games of every system with a random player.
"""

from __future__ import annotations

import hashlib
import random
from pathlib import Path

import pytest

from engine.decision import Choice, Decision
from engine.game import Game
from engine.ruleset import IllegalAction, RandomActions, available, get
from engine.sealed import Sealed

KEYS = [k for k in available() if isinstance(get(k), RandomActions)]


def _game(key: str, n: int) -> Game:
    rs = get(key)
    rng = random.Random(f"seat:{key}:{n}")
    return Game(rs, rs.random_setup(rng), seed=hashlib.sha256(f"seat:{key}:{n}".encode()).digest())


def _play(game: Game, rng: random.Random, limit: int) -> None:
    """Random actions, chosen through the seats only, for at most ``limit`` actions."""
    seats = game.seats()
    for _ in range(limit):
        to_act = seats[0].to_act()
        if not to_act:
            return
        seat = seats[rng.choice(sorted(to_act))]
        action = seat.random_action(rng)
        assert action is not None, "a seat that must act has an action"
        seat.submit(action)


@pytest.mark.parametrize("key", KEYS)
def test_a_seats_log_is_exactly_the_events_it_may_see(key):
    """Every event a seat's log gives is visible to it, in the game's order, and no
    visible event is missing; indices count only those (no gap betrays a hidden one)."""
    for n in range(6):
        game = _game(key, n)
        _play(game, random.Random(n), 400)
        for seat in game.seats():
            entries = seat.log()
            visible = [e for e in game.events if e.visible_to(seat.seat)]
            assert [x.event for x in entries] == visible
            assert [x.index for x in entries] == list(range(len(visible)))
            assert seat.log_length() == len(visible)
            assert seat.log(len(visible) - 3) == entries[-3:]
            assert [x.text for x in entries] == [e.text_for(seat.seat, game.players) for e in visible]


@pytest.mark.parametrize("key", KEYS)
def test_submit_counts_the_new_entries_and_the_record_reads_as_the_seat_may(key):
    """``submit`` returns how many entries it added to that seat's log; the record gives
    each action's notation as the reading seat may see it (its own in full)."""
    game = _game(key, 11)
    rng = random.Random(11)
    seats = game.seats()
    for _ in range(60):
        to_act = seats[0].to_act()
        if not to_act:
            break
        seat = seats[rng.choice(sorted(to_act))]
        before = [len(s.log()) for s in seats]
        new = seat.submit(seat.random_action(rng))
        assert new == len(seat.log()) - before[seat.seat] == len(seat.log(before[seat.seat]))
    for seat in seats:
        record = seat.record()
        assert [r.number for r in record] == list(range(1, len(game.records) + 1))
        for r, rec in zip(record, game.records, strict=True):
            assert r.seat == rec.side
            assert r.text == rec.text_for(seat.seat)
            if rec.side == seat.seat:
                assert r.text == rec.text


def test_the_log_follows_an_undo():
    """After an undo the seat's log is the game's visible events again (entries that
    were taken back are gone, the numbering continues without a gap)."""
    game = _game("sixchances", 3)
    rng = random.Random(3)
    seats = game.seats()
    undone = 0
    for _ in range(300):
        to_act = seats[0].to_act()
        if not to_act:
            break
        seat = seats[rng.choice(sorted(to_act))]
        seat.submit(seat.random_action(rng))
        length = seat.log_length()
        if seat.can_undo() and seat.undo():
            undone += 1
            for s in seats:
                assert [x.event for x in s.log()] == [e for e in game.events if e.visible_to(s.seat)]
            assert seat.log_length() <= length
            break
    assert undone == 1


def test_news_start_is_at_the_seats_last_action():
    """``news_start`` points at the first event of the seat's own last action: what
    that player may not have seen yet (the terminal may pass on at once)."""
    game = _game("eva", 5)
    rng = random.Random(5)
    _play(game, rng, 120)
    for seat in game.seats():
        start = seat.news_start()
        entries = seat.log()
        last = max((i for i, r in enumerate(game.records) if r.side == seat.seat), default=None)
        if last is None:
            assert start == 0
            continue
        assert all(e.action >= last + 1 for e in entries[start:])
        assert all(e.action < last + 1 for e in entries[:start])


def test_eva_concession_through_the_seat_ends_the_game_eva_5_11():
    """EVA-5.11: a player may concede at any time (out of turn); the opponent wins."""
    game = _game("eva", 1)
    other = next(iter(game.to_act()))
    loser = game.seat(1 - other)
    assert loser.can_concede()
    loser.concede()
    result = loser.result()
    assert result is not None and result.winner == other and result.draw == ()
    assert not loser.can_concede()
    with pytest.raises(IllegalAction):
        loser.concede()


def test_a_system_without_concession_says_so():
    """Six Chances has no concession (its rules define none): the seat says so."""
    game = _game("sixchances", 1)
    seat = game.seat(0)
    assert not seat.can_concede()
    with pytest.raises(IllegalAction):
        seat.concede()


def test_check_tells_why_without_changing_anything():
    """``check`` returns the refusal for an action out of turn, None for a legal one,
    and the game is unchanged either way."""
    game = _game("sixchances", 2)
    rng = random.Random(2)
    _play(game, rng, 5)
    acting = game.seat(min(game.to_act()))
    idle = [s for s in game.seats() if s.seat not in game.to_act()]
    action = acting.random_action(rng)
    before = (len(game.records), len(game.events))
    assert acting.check(action) is None
    if idle:
        assert isinstance(idle[0].check(action), IllegalAction)
    assert (len(game.records), len(game.events)) == before


def test_a_failed_autosave_keeps_the_action_and_says_why(tmp_path: Path, monkeypatch):
    """Disk full or permission lost: the action is played and kept in memory, the seat
    reports the problem, and once writing works again the save holds every action."""
    import errno

    import engine.game

    game = _game("sixchances", 4)
    game.path = tmp_path / "g.json"
    rng = random.Random(4)
    seats = game.seats()
    _play(game, rng, 3)
    assert seats[0].save_problem() is None
    real = engine.game.write_atomic

    def full(*args, **kwargs):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(engine.game, "write_atomic", full)
    n = len(game.records)
    _play(game, rng, 2)
    assert len(game.records) == n + 2
    assert "No space left on device" in seats[0].save_problem()
    assert not seats[0].retry_save()
    assert len(Game.load(game.path).records) == n
    monkeypatch.setattr(engine.game, "write_atomic", real)
    assert seats[1].retry_save() and seats[1].save_problem() is None
    assert len(Game.load(game.path).records) == len(game.records)


def test_sealed_orders_show_only_that_an_order_exists():
    """The shared sealed-orders piece (SC-2.5, BL-4): a seat sees its own order and who
    is ready, never another seat's order; the orders come out in seat order."""
    sealed: Sealed[str] = Sealed.empty(3)
    sealed.seal(2, "c")
    sealed.seal(0, "a")
    assert sealed.public(1).own is None and sealed.public(1).ready == (True, False, True)
    assert sealed.public(0).own == "a"
    assert sealed.waiting() == {1} and not sealed.all_ready()
    with pytest.raises(ValueError):
        sealed.take()
    with pytest.raises(ValueError):
        sealed.seal(0, "again")
    assert sealed.take([2, 0]) == ["a", "c"]  # only the seats still in the game (BL-2)
    assert sealed.waiting() == {0, 1, 2}
    for seat, order in enumerate("abc"):
        sealed.seal(seat, order)
    assert sealed.take() == ["a", "b", "c"]


def test_a_decision_finds_a_choice_by_its_notation():
    """The shared decision shape: a typed answer finds its choice (spaces and case aside)."""
    d = Decision(
        seat=1,
        prompt="Defend with?",
        choices=(
            Choice(action="p", notation="defend pot", label="Potential"),
            Choice(action="r", notation="defend res", label="Resilience"),
        ),
    )
    assert d.choice_for("Defend  RES").action == "r"
    assert d.choice_for("defend sup") is None


def test_sixchances_defence_is_a_decision_put_to_the_defender_sc_5_3():
    """SC-5.3: after the attack roll the defender (not the active player) is asked which
    stat defends; one choice per stat the target has, with the exact odds of the
    options, and the chosen action plays."""
    from engine.rulesets.sixchances.options import DefenceOptions

    for n in range(20):
        game = _game("sixchances", 100 + n)
        rng = random.Random(n)
        seats = game.seats()
        for _ in range(200):
            to_act = game.to_act()
            if not to_act:
                break
            asked = [s for s in seats if s.decision() is not None]
            if asked:
                (seat,) = asked
                decision = seat.decision()
                assert decision.seat == seat.seat != game.state.active and decision.rule == "SC-5.3"
                opts = seat.options()
                assert isinstance(opts, DefenceOptions)
                assert [c.action.stat for c in decision.choices] == [c.stat for c in opts.choices]
                assert [c.odds for c in decision.choices] == [c.p_defence_beats for c in opts.choices]
                assert all(c.notation == seat.format(c.action) for c in decision.choices)
                seat.submit(rng.choice(decision.choices).action)
                return
            seat = seats[min(to_act)]
            seat.submit(seat.random_action(rng))
    raise AssertionError("no defence in 20 games")
