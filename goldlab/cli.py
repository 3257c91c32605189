"""The ``goldlab`` command: play a game with bots in a terminal.

    goldlab play gold --players 3 --seed 1 --bots random,greedy,greedy
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import Any

from goldlab.core.errors import GoldlabError
from goldlab.core.registry import names
from goldlab.play import play_game


def _option(text: str) -> tuple[str, Any]:
    key, sep, value = text.partition("=")
    if not sep:
        raise argparse.ArgumentTypeError(f"options are key=value, got {text!r}")
    parsed: Any = value
    if value.lower() in ("true", "false"):
        parsed = value.lower() == "true"
    else:
        try:
            parsed = int(value)
        except ValueError:
            try:
                parsed = float(value)
            except ValueError:
                parsed = value
    return key.strip(), parsed


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``goldlab`` command."""
    parser = argparse.ArgumentParser(prog="goldlab", description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    play = sub.add_parser("play", help="play one game with bots and print its log")
    play.add_argument("game", choices=names())
    play.add_argument("--players", type=int, default=None)
    play.add_argument("--seed", type=int, default=0)
    play.add_argument("--bots", default=None, help="comma-separated bot specs, one per seat")
    play.add_argument("--option", "-o", action="append", type=_option, default=[],
                      metavar="KEY=VALUE", help="a game option (repeatable)")
    play.add_argument("--record", metavar="FILE", help="also save the game record as JSON")
    play.add_argument("--quiet", action="store_true", help="print only the final scores")
    args = parser.parse_args(argv)
    try:
        return _play(args)
    except GoldlabError as exc:
        print(f"goldlab: {exc}", file=sys.stderr)
        return 2


def _play(args: argparse.Namespace) -> int:
    bots = args.bots.split(",") if args.bots else None
    players = args.players
    if bots is None:
        bots = ["random"] * (players or 2)
    if players is not None and len(bots) != players:
        raise GoldlabError(f"--bots names {len(bots)} bots for {players} players")
    state = play_game(args.game, bots, args.seed, **dict(args.option))
    if not args.quiet:
        print(f"{state.game.title}: {len(bots)} players, seed {args.seed}, bots {', '.join(bots)}")
        for event in state.events():
            print(f"  {event}")
    outcome = state.outcome()
    assert outcome is not None
    print("Final scores:")
    for seat, score in enumerate(outcome.scores):
        mark = "  winner" if seat in outcome.winners else ""
        print(f"  seat {seat} ({bots[seat]}): {score} (rank {outcome.ranks[seat]}){mark}")
    if outcome.shared:
        print("  shared victory")
    if args.record:
        state.record().save(args.record)
        print(f"record saved to {args.record}")
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
