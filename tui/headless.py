"""Headless commands: selfplay, replay, roster check.

They print plain text and return an exit status; no Textual import.
"""

from __future__ import annotations

import hashlib
import random
import sys
import time
import traceback
from pathlib import Path

from engine import ruleset as registry
from engine.game import Game
from engine.i18n import _, ngettext
from engine.record import SaveError


def _err(msg: str) -> None:
    print(f"wartable: {msg}", file=sys.stderr)


def play_random_game(rs: registry.Ruleset, seed: int, index: int, max_actions: int) -> Game:
    """One game of uniformly random legal actions (ruleset ``rs``), deterministic in
    (seed, index). Raises AssertionError on a broken invariant or a stuck game."""
    rng = random.Random(f"{seed}:{index}")
    setup = rs.random_setup(rng)
    game = Game(rs, setup, seed=hashlib.sha256(f"wartable:{seed}:{index}".encode()).digest())
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
    """Verify the save at ``path`` and print its log (one side's view if ``side``)."""
    try:
        game = Game.load(path)
    except SaveError as exc:
        _err(_("cannot use {path}: {reason}").format(path=path, reason=exc))
        return 1
    from tui.saves import player_label, versus

    names = [player_label(name, i) for i, name in enumerate(game.players)]
    n = len(game.records)
    print(
        ngettext("{system}: {players}, {n} action", "{system}: {players}, {n} actions", n).format(
            system=_(game.ruleset.title), players=versus(names), n=n
        )
    )
    log = game.events
    marks = [*game._marks, len(log)]
    for e in log[: marks[0]]:
        if e.visible_to(side):
            print(f"   {e.text_for(side, game.players)}")
    for i, rec in enumerate(game.records):
        print(f"{i + 1:4}. {names[rec.side]}: {rec.text_for(side)}")
        for e in log[marks[i] : marks[i + 1]]:
            if e.visible_to(side):
                print(f"      {e.text_for(side, game.players)}")
    res = game.result()
    if res is not None:
        print(
            _("Result: draw")
            if res.winner is None
            else _("Result: {player} wins").format(player=names[res.winner])
        )
    print(
        ngettext(
            "verified: {n} action, every roll and the final checksum match",
            "verified: {n} actions, every roll and the final checksum match",
            n,
        ).format(n=n)
    )
    return 0


def roster_check(path: Path) -> int:
    """Print each problem of the roster file with its rule ID; exit 1 if invalid."""
    from engine.rosterfile import RosterFileError, check_roster_file

    try:
        data = Path(path).read_bytes()
    except OSError as exc:
        _err(_("cannot read {path}: {reason}").format(path=path, reason=exc.strerror))
        return 1
    try:
        key, problems = check_roster_file(data)
    except RosterFileError as exc:
        _err(f"{path}: {exc}")
        return 1
    for p in problems:
        print(f"{p.rule}: {p.text()}")
    if problems:
        n = len(problems)
        print(
            ngettext(
                "{path}: invalid {key} roster, {n} problem", "{path}: invalid {key} roster, {n} problems", n
            ).format(path=path, key=key, n=n)
        )
        return 1
    print(_("{path}: valid {key} roster").format(path=path, key=key))
    return 0
