"""Headless commands: selfplay, replay, roster check.

They print plain text and return an exit status; no Textual import. Nothing they
print comes raw from a file or the command line: a save's or roster's texts are
checked as they are decoded (:mod:`engine.text`), a path is shown cleaned
(:func:`engine.text.shown`), and the notation ``replay`` prints is re-derived from
the verified actions.
"""

from __future__ import annotations

import hashlib
import random
import sys
import time
import traceback
from pathlib import Path

from engine import ruleset as registry
from engine.dice import fixed_entropy
from engine.game import Game
from engine.i18n import _, ngettext
from engine.record import SaveError
from engine.text import shown


def _err(msg: str) -> None:
    print(f"wartable: {msg}", file=sys.stderr)


def play_random_game(rs: registry.Ruleset, seed: int, index: int, max_actions: int) -> Game:
    """One game of uniformly random legal actions (ruleset ``rs``), deterministic in
    (seed, index): its dice's seed and the entropy of its actions are derived from
    them (:func:`engine.dice.fixed_entropy`; a test game, whose rolls are not secret).
    Raises AssertionError on a broken invariant or a stuck game."""
    rng = random.Random(f"{seed}:{index}")
    setup = rs.random_setup(rng)
    label = f"wartable:{seed}:{index}".encode()
    game = Game(rs, setup, seed=hashlib.sha256(label).digest(), entropy=fixed_entropy(label))
    check = rs.check_invariants if isinstance(rs, registry.Invariants) else None
    seats = game.seats()
    n = 0
    while sides := game.to_act():
        side = min(sides) if len(sides) == 1 else rng.choice(sorted(sides))
        # the player of each seat chooses from what its seat hands out, as any bot must
        action = seats[side].random_action(rng)
        if action is None:
            raise AssertionError(f"side {side} must act but has no legal action")
        seats[side].submit(action)
        if check is not None:
            check(game.state)
        n += 1
        if n > max_actions:
            raise AssertionError(f"game did not end within {max_actions} actions")
    return game


def selfplay(key: str, games: int, seed: int, save_dir: Path | None, max_actions: int) -> int:
    """Play ``games`` random games; one line per game and a total line. Exit 1 on any error.

    The lines are a fixed, untranslated format (``N games, A actions, E errors``) that
    scripts read; only the error messages follow the interface language."""
    try:
        rs = registry.get(key)
    except registry.UnknownRuleset:
        _err(
            _("unknown ruleset {key}; available: {keys}").format(
                key=repr(key), keys=", ".join(registry.available())
            )
        )
        return 2
    total = errors = 0
    t0 = time.perf_counter()
    for g in range(1, games + 1):
        try:
            game = play_random_game(rs, seed, g, max_actions)
            n = len(game.records)
            total += n
            if save_dir is not None:
                path = game.save(Path(save_dir) / f"{key}-{seed}-{g}.json")
                back = Game.load(path)
                if back.state != game.state:
                    raise AssertionError("the saved game does not load back to the same state")
            res = game.result()
            who = "draw" if res is None or res.winner is None else f"Player {res.winner + 1} wins"
            print(f"game {g}: {n} actions, {who} ({res.reason if res else '?'}); {rs.summary(game.state)}")
        except Exception:  # noqa: BLE001 - selfplay reports every failure and goes on
            errors += 1
            print(f"game {g}: ERROR", flush=True)
            traceback.print_exc()
    dt = time.perf_counter() - t0
    print(f"({dt:.1f} s)", file=sys.stderr)
    print(f"{games} games, {total} actions, {errors} errors")
    return 1 if errors else 0


def replay(path: Path, side: int | None) -> int:
    """Verify the save at ``path`` and print its log (one side's view if ``side``),
    naming the players by their names. A save that does not verify, or a ``side``
    the game has not, is one line on stderr and exit status 1."""
    try:
        game = Game.load(path)
    except SaveError as exc:
        _err(_("cannot use {path}: {reason}").format(path=shown(path, 200), reason=exc))
        return 1
    if side is not None and not 0 <= side < len(game.players):
        _err(_("this game has no player {n}").format(n=side + 1))
        return 1
    from tui.saves import player_label, versus, with_names

    names = [player_label(name, i) for i, name in enumerate(game.players)]

    def told(event: object) -> str:
        return with_names(event.text_for(side, game.players), game.players)  # type: ignore[attr-defined]

    n = len(game.records)
    print(
        ngettext("{system}: {players}, {n} action", "{system}: {players}, {n} actions", n).format(
            system=_(game.ruleset.title), players=versus(names), n=n
        )
    )
    log = game.events
    marks = [*game.action_marks(), len(log)]
    for e in log[: marks[0]]:
        if e.visible_to(side):
            print(f"   {told(e)}")
    for i, rec in enumerate(game.records):
        print(f"{i + 1:4}. {names[rec.side]}: {rec.text_for(side)}")
        for e in log[marks[i] : marks[i + 1]]:
            if e.visible_to(side):
                print(f"      {told(e)}")
    res = game.result()
    if res is not None:
        print(
            _("Result: draw")
            if res.winner is None
            else _("Result: {player} wins").format(player=names[res.winner])
        )
    print(
        ngettext(
            "verified: {n} action; its notation, every roll, the snapshot and the final checksum match",
            "verified: {n} actions; their notation, every roll, the snapshot and the final checksum match",
            n,
        ).format(n=n)
    )
    return 0


def roster_check(path: Path) -> int:
    """Print each problem of the roster file with its rule ID; exit 1 if invalid."""
    from engine.rosterfile import RosterFileError, check_roster_file, read_roster_file

    name = shown(path, 200)
    try:
        key, problems = check_roster_file(read_roster_file(Path(path)))
    except RosterFileError as exc:
        _err(f"{name}: {exc}")
        return 1
    for p in problems:
        print(f"{p.rule}: {p.text()}")
    if problems:
        n = len(problems)
        print(
            ngettext(
                "{path}: invalid {key} roster, {n} problem", "{path}: invalid {key} roster, {n} problems", n
            ).format(path=name, key=key, n=n)
        )
        return 1
    print(_("{path}: valid {key} roster").format(path=name, key=key))
    return 0
