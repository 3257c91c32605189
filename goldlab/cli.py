"""The ``goldlab`` command: play a game with bots in a terminal, simulate many, rate bots.

    goldlab play gold --players 3 --seed 1 --bots random,greedy,greedy
    goldlab simulate gold --players 2 --bots random,greedy --games 1000 --seed 1 \
        --workers 2 --out results.parquet
    goldlab ladder goldrush --games 50 --seed 1
    goldlab ladder --docs docs/bots.md
    goldlab compile
    goldlab compile goldrush gold
    goldlab classroom --network
    goldlab classroom --class-file ~/goldlab-classes/class-2026-11-26-0900.sqlite --export class.csv
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
import tempfile
import warnings
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any, NoReturn

from goldlab.bots.play import bot_options, play_game
from goldlab.core.errors import GoldlabError, OptionsError
from goldlab.core.registry import names
from goldlab.ctrl_c import INTERRUPTED, CtrlC


class _Parser(argparse.ArgumentParser):
    """argparse, but a usage error is one line (``goldlab play: error: ...``), exit 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message} (see {self.prog} --help)\n")


def _one_line_warning(message: Warning | str, category: type[Warning], filename: str,
                      lineno: int, file: Any = None, line: str | None = None) -> None:
    print(f"goldlab: warning: {message}", file=sys.stderr)


def check_output_path(path: str, option: str, *, make_parents: bool) -> None:
    """Refuse an output path that cannot be written, before any work is done.

    ``make_parents``: the writer creates missing folders (``--out``), so only the
    nearest existing one must be writable; otherwise (``--record``) the folder must exist.
    """
    target = Path(path)
    if target.is_dir():
        raise OptionsError(f"{option} {path!r} is a folder, not a file")
    if target.exists() and not os.access(target, os.W_OK):
        raise OptionsError(f"{option} {path!r} exists and is not writable")
    folder = target.parent
    if make_parents:
        while not folder.exists() and folder != folder.parent:
            folder = folder.parent
    if folder.exists() and not folder.is_dir():
        raise OptionsError(f"{option} {path!r}: {str(folder)!r} is a file, not a folder")
    if not folder.is_dir():
        raise OptionsError(f"{option} {path!r}: the folder {str(folder)!r} does not exist")
    try:  # os.access says yes to root even where nothing can be written (/proc): try it
        fd, probe = tempfile.mkstemp(prefix=".goldlab-probe.", dir=folder)
    except OSError as exc:
        raise OptionsError(f"{option} {path!r}: cannot write in the folder {str(folder)!r} "
                           f"({exc.strerror or exc})") from None
    os.close(fd)
    os.unlink(probe)


def option_argument(text: str) -> tuple[str, Any]:
    """A game option from the command line, ``key=value``: true/false, an integer, a number,
    else the text (``tiles=`` names a tile file); argparse's ``type=`` for ``--option``."""
    key, sep, value = text.partition("=")
    if not sep:
        raise argparse.ArgumentTypeError(f"options are key=value, got {text!r}")
    if key.strip() == "tiles":  # Goldland's tile file: only the user's command line names a path
        from goldlab.games.goldland.tiles import tiles_argument

        return "tiles", tiles_argument(value)
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
    parser = _Parser(prog="goldlab", description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    _add_play(sub)
    _add_simulate(sub)
    _add_ladder(sub)
    _add_compile(sub)
    room = sub.add_parser("classroom", help="run a class on this machine: the student site "
                          "(the lessons run in each student's browser) and the class's pooled "
                          "results on the teacher's dashboard")
    room.add_argument("--class-file", type=Path, default=None, metavar="FILE",
                      help="the class's file (default: a new one in ~/goldlab-classes); an "
                           "existing one goes on where it stopped")
    room.add_argument("--port", type=int, default=8866, help="the server's port (default 8866)")
    room.add_argument("--network", action="store_true",
                      help="open the class to the local network (default: this machine only)")
    room.add_argument("--site", type=Path, default=None, metavar="DIR",
                      help="the built student site (default: build/lite, made by "
                           "`python3 dev.py lite`)")
    room.add_argument("--export", metavar="FILE", default=None,
                      help="write the class's rows to FILE (.csv or .parquet) and stop")
    with CtrlC() as ctrl_c:
        try:
            args = parser.parse_args(argv)
            with warnings.catch_warnings():
                warnings.showwarning = _one_line_warning
                if args.command == "simulate":
                    return _simulate(args)
                if args.command == "ladder":
                    return _ladder(args)
                if args.command == "compile":
                    return _compile(args.games)
                if args.command == "classroom":
                    return _classroom(args, ctrl_c)
                return _play(args)
        except KeyboardInterrupt:
            return _interrupted(ctrl_c)
        except Exception as exc:
            if ctrl_c.received:  # what follows Ctrl-C: a worker process it stopped, say
                return _interrupted(ctrl_c)
            if isinstance(exc, (GoldlabError, ValueError)):  # bad input: every goldlab error
                return _failed(exc, 2)
            if isinstance(exc, OSError):  # a file could not be written after all (disk full)
                return _failed(exc, 1)
            if isinstance(exc, MemoryError):  # one line, not NumPy's traceback
                print("goldlab: not enough memory for this run: ask for fewer games",
                      file=sys.stderr)
                return 1
            raise


def _add_play(sub: Any) -> None:
    """``goldlab play``: one game with bots, its log."""
    play = sub.add_parser("play", help="play one game with bots and print its log")
    play.add_argument("game", choices=names())
    play.add_argument("--players", type=int, default=None)
    play.add_argument("--seed", type=int, default=None,
                      help="the game's seed (default: 63 random bits nobody can guess; a "
                           "seed you choose is for study, as bots can guess a small one)")
    play.add_argument("--bots", default=None, help="comma-separated bot specs, one per seat")
    play.add_argument("--option", "-o", action="append", type=option_argument, default=[],
                      metavar="KEY=VALUE", help="a game option (repeatable)")
    play.add_argument("--record", metavar="FILE", help="also save the game record as JSON")
    play.add_argument("--quiet", action="store_true", help="print only the final scores")


def _add_simulate(sub: Any) -> None:
    """``goldlab simulate``: many games, win rates with intervals."""
    sim = sub.add_parser("simulate", help="play many games and print win rates with intervals")
    sim.add_argument("game", choices=names())
    sim.add_argument("--players", type=int, default=None)
    sim.add_argument("--bots", default="random",
                     help="comma-separated bot specs, one per seat (or one for every seat)")
    sim.add_argument("--games", type=int, default=1000, help="number of games (default 1000)")
    sim.add_argument("--seed", type=int, default=0, help="root seed (default 0)")
    sim.add_argument("--workers", type=int, default=None, help="processes (default: all cores)")
    sim.add_argument("--backend", choices=("serial", "process", "dask"), default=None)
    sim.add_argument("--scheduler", metavar="ADDRESS", default=None,
                     help="run on an existing Dask cluster: its scheduler's address, e.g. "
                          "tcp://10.0.0.5:8786 (implies --backend dask)")
    sim.add_argument("--option", "-o", action="append", type=option_argument, default=[],
                     metavar="KEY=VALUE", help="a game option (repeatable)")
    sim.add_argument("--out", metavar="FILE", help="save the results (.parquet or .csv)")
    sim.add_argument("--no-fast", action="store_true", help="always use the protocol engine")
    sim.add_argument("--quiet", action="store_true", help="no progress bar")


def _add_ladder(sub: Any) -> None:
    """``goldlab ladder``: a round robin, ratings with intervals."""
    lad = sub.add_parser("ladder", help="rate bots by a round robin: ratings with intervals")
    lad.add_argument("game", nargs="*", metavar="GAME",
                     help=f"games to rate ({', '.join(names())}; default: all)")
    lad.add_argument("--bots", default=None,
                     help="comma-separated bot specs (default: every bot of the game)")
    lad.add_argument("--games", type=int, default=LADDER_GAMES, dest="n_games",
                     help="games in each seating: at two players a pair meets twice this "
                          f"often (default {LADDER_GAMES})")
    lad.add_argument("--seed", type=int, default=LADDER_SEED,
                     help=f"root seed (default {LADDER_SEED})")
    lad.add_argument("--players", type=int, default=2, help="players per game (default 2)")
    lad.add_argument("--workers", type=int, default=None, help="processes (default: all cores)")
    lad.add_argument("--search-iterations", type=int, default=LADDER_SEARCH,
                     help="iterations per decision of ismcts in the default line-up "
                          f"(default {LADDER_SEARCH})")
    lad.add_argument("--docs", metavar="FILE",
                     help="write the Markdown page of the bots and their ladders (docs/bots.md)")
    lad.add_argument("--quiet", action="store_true", help="no progress bar")


def _add_compile(sub: Any) -> None:
    """``goldlab compile``: the fast kernels into numba's cache."""
    comp = sub.add_parser("compile", help="compile the fast kernels into numba's cache now, so "
                          "the first fast simulation or Mount Goldrush search does not wait")
    comp.add_argument("games", nargs="*", metavar="GAME",
                      help=f"the games, in this order ({', '.join(names())}; default: all)")


def _interrupted(ctrl_c: CtrlC) -> int:
    ctrl_c.honoured()
    print("goldlab: interrupted", file=sys.stderr)
    return INTERRUPTED


def _failed(exc: BaseException, status: int) -> int:
    print(f"goldlab: {_first_line(exc)}", file=sys.stderr)
    return status


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip() or type(exc).__name__
    line = text.splitlines()[0]
    return line if len(line) <= 300 else line[:300] + "..."


def _classroom(args: argparse.Namespace, ctrl_c: CtrlC) -> int:
    from goldlab.classroom import ClassStore
    from goldlab.classroom.server import (
        Limits,
        check_class_file,
        check_site,
        default_site,
        listen,
        new_class_file,
        serve,
    )

    if args.export is not None:
        if args.class_file is None:
            raise ValueError("--export needs --class-file: which class to write")
        check_output_path(args.export, "--export", make_parents=False)
        store = ClassStore.open(args.class_file)
        out = store.export(args.export, token=store.token)
        print(f"wrote {len(store.rows(token=store.token))} rows to {out}")
        return 0
    site = check_site(args.site or default_site())
    path = check_class_file(args.class_file or new_class_file(), site)
    sockets = listen(args.port, args.network)  # a port in use stops here, before any file
    limits = Limits()
    if path.exists():
        store = ClassStore.open(path, busy=limits.busy)
    else:
        store = ClassStore.create(path, busy=limits.busy)
    try:
        serve(store, site, port=args.port, network=args.network, sockets=sockets,
              exact=_exact_answers(), limits=limits, on_stop=ctrl_c.honoured)
    finally:
        store.close()
    print(f"the class ended; its file stays: {store.path}")
    return 0


LESSON_QUIZZES = {
    "1-flip-the-odds": "goldlab.lessons.flip_the_odds",
    "2-is-the-first-player-lucky": "goldlab.lessons.first_player",
    "3-what-is-memory-worth": "goldlab.lessons.memory",
    "4-risk-and-expected-value": "goldlab.lessons.risk",
}
"""Each lesson of a class and the module with its quiz (the exact answers on the dashboard)."""


def _exact_answers() -> dict[tuple[str, str], float | None]:
    """Each (lesson, key) of the class and its exact answer from the lesson's own quiz (None
    where the lesson has no formula, or, with a warning, where its quiz cannot be loaded)."""
    from fractions import Fraction
    from importlib import import_module

    from goldlab.classroom.asks import ASKS

    found: dict[tuple[str, str], float | None] = {}
    for item in ASKS:
        answer: object = None
        if item.exact is not None:
            try:
                quiz = import_module(LESSON_QUIZZES[item.lesson]).make_quiz()
                answer = quiz.question(item.exact).answer
            except Exception as failed:  # the class runs on; the dashboard shows no line
                print(f"goldlab: the dashboard shows no exact answer for {item.lesson} "
                      f"{item.key}: {_first_line(failed)}", file=sys.stderr)
                answer = None
        number = isinstance(answer, (int, float, Fraction)) and not isinstance(answer, bool)
        found[(item.lesson, item.key)] = float(answer) if number else None  # type: ignore[arg-type]
    return found


def _compile(games: list[str]) -> int:
    from goldlab.simulation.kernels import compile_kernels

    unknown = [g for g in games if g not in names()]
    if unknown:
        raise OptionsError(f"unknown game {unknown[0]!r}; available: {', '.join(names())}")

    def report(what: str, seconds: float) -> None:
        print(f"  {what}: {seconds:.1f} s", flush=True)

    print("compiling the fast kernels (about three minutes, the first time) ...", flush=True)
    done = compile_kernels(report, games or None)
    print(f"{len(done)} kernels ready in numba's cache")
    return 0


def fresh_seed() -> int:
    """A game seed of 63 random bits from the operating system, as ``goldlab.make`` draws.

    A small seed can be found by trying them all (a bot knows its own seed, a SHA-256
    child of the game's, and recovered seed 73,519 from it in 0.3 s), and with it
    every card to come; 2**63 seeds cannot be tried.
    """
    import random

    return random.SystemRandom().randrange(2**63)


def _play(args: argparse.Namespace) -> int:
    from goldlab.bots import split_specs

    if args.record:
        check_output_path(args.record, "--record", make_parents=False)
    bots = split_specs(args.bots) if args.bots is not None else None
    players = args.players
    if bots is None:
        bots = ["random"] * (players or 2)
    if players is not None and len(bots) != players:
        raise OptionsError(f"--bots names {len(bots)} bots for {players} players")
    options = dict(args.option)
    seed = fresh_seed() if args.seed is None else args.seed
    state = play_game(args.game, bots, seed, **options)
    if not args.quiet:
        print(f"{state.game.title}: {len(bots)} players, seed {seed}, bots {', '.join(bots)}")
        for key, value in bot_options(args.game, {}).items():
            if key not in options:
                print(f"  (bot games use {key}={value}; set -o {key}=... to change it)")
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


def _simulate(args: argparse.Namespace) -> int:
    import time

    from goldlab.simulation import parse_bots, save_results, simulate
    from goldlab.simulation.results import ResultsError

    if args.out and not str(args.out).lower().endswith((".parquet", ".csv")):
        raise ResultsError(f"--out must end in .parquet or .csv, got {args.out!r}")
    if args.out:
        check_output_path(args.out, "--out", make_parents=True)
    bots = parse_bots(args.bots, args.players)
    if args.players is None and len(bots) == 1:
        raise OptionsError("give --players, or one bot spec per seat in --bots")
    start = time.perf_counter()
    with _dask_client(args.scheduler, args.backend) as client:
        frame = simulate(args.game, list(bots), args.games, args.seed, workers=args.workers,
                         backend=args.backend, client=client,
                         fast=False if args.no_fast else None, quiet=args.quiet,
                         **dict(args.option))
    elapsed = time.perf_counter() - start
    print(summary_text(frame, elapsed))
    if args.out:
        save_results(frame, args.out)
        print(f"results saved to {args.out}")
    return 0



SCHEDULER_TIMEOUT = 10
"""Seconds to reach a Dask scheduler given by ``--scheduler`` before giving up."""


@contextlib.contextmanager
def _dask_client(address: str | None, backend: str | None) -> Iterator[Any]:
    """A client of the Dask cluster whose scheduler is at ``address`` (None: no client),
    closed when the run is over; the cluster itself is left running."""
    if address is None:
        yield None
        return
    if backend not in (None, "dask"):
        raise OptionsError(f"--scheduler runs on a Dask cluster: it goes with --backend dask, "
                           f"not --backend {backend}")
    if not address.strip() or len(address) > 200 or any(c.isspace() for c in address):
        raise OptionsError(f"--scheduler wants a scheduler's address such as "
                           f"tcp://10.0.0.5:8786, got {address[:200]!r}")
    try:
        from dask.distributed import Client
    except ImportError as exc:
        raise OptionsError("--scheduler needs Dask: pip install 'dask[distributed]'") from exc
    try:
        client = Client(address, timeout=SCHEDULER_TIMEOUT)  # type: ignore[no-untyped-call]
    except (OSError, TimeoutError, ValueError, TypeError) as exc:
        raise OptionsError(f"no Dask scheduler answered at {address}: {_first_line(exc)}") \
            from exc
    try:
        yield client
    finally:
        client.close()  # type: ignore[no-untyped-call]

LADDER_GAMES = 20
"""Games in each seating of ``goldlab ladder`` (a pair of bots meets 40 times at two players)."""
LADDER_SEED = 1
LADDER_SEARCH = 20
"""Iterations per decision of the search bots (``ismcts``) in ``goldlab ladder``'s default
line-up: enough to rank them, few enough that a ladder takes minutes, not hours."""


def ladder_specs(game: str, search_iterations: int = LADDER_SEARCH) -> list[str]:
    """The default line-up of ``goldlab ladder``: every bot of ``game``, searches budgeted.

    >>> ladder_specs("gold", 40)
    ['greedy', 'ismcts:40', 'planner', 'random']
    """
    from goldlab.bots import GENERIC_BOTS, bot_names

    return [f"{name}:{search_iterations}" if name == "ismcts" and name in GENERIC_BOTS
            else name for name in bot_names(game)]


def _ladder(args: argparse.Namespace) -> int:
    from goldlab.analysis import ladder
    from goldlab.bots import split_specs

    if args.search_iterations < 1:
        raise OptionsError(f"--search-iterations must be at least 1, not {args.search_iterations}")
    unknown = [g for g in args.game if g not in names()]
    if unknown:
        raise OptionsError(f"unknown game {unknown[0]!r}; available: {', '.join(names())}")
    games = args.game or names()
    bots = split_specs(args.bots) if args.bots is not None else None
    if args.docs:
        check_output_path(args.docs, "--docs", make_parents=False)
        page = bots_page(games, args.n_games, args.seed, players=args.players, bots=bots,
                         search_iterations=args.search_iterations, workers=args.workers,
                         quiet=args.quiet)
        Path(args.docs).write_text(page, encoding="utf-8")
        print(f"bots page written to {args.docs}")
        return 0
    for game in games:
        table = ladder(game, bots or ladder_specs(game, args.search_iterations), args.n_games,
                       args.seed,
                       players=args.players, workers=args.workers, quiet=args.quiet)
        print(ladder_text(table))
    return 0


def ladder_text(table: Any) -> str:
    """What ``goldlab ladder`` prints for one game: the ratings with their intervals."""
    from goldlab.core.registry import game_class

    info = table.attrs["ladder"]
    lines = [f"{game_class(info['game']).title}: {info['players']} players, "
             f"{info['n_games']} games per seating, seed {info['seed']}; "
             f"ratings in Elo points, {info['anchor']} = 0, "
             f"{1 - info['alpha']:.0%} intervals"]
    for row in table.itertuples():
        mark = "  (finite only by the correction)" if row.separated else ""
        lines.append(f"  {row.bot:<16} {row.rating:6.0f} [{row.ci_low:6.0f}, {row.ci_high:6.0f}]"
                     f"   ahead of {info['anchor']} {row.p_vs_anchor:6.1%}   "
                     f"{row.wins}/{row.games} won{mark}")
    return "\n".join(lines)


BOTS_PAGE_INTRO = """\
# The bots

<!-- Written by `goldlab ladder --docs docs/bots.md` (goldlab/cli.py, bots_page): change the
generator or the bots' docstrings, then run the command again; do not edit this file. -->

Every game has bots, chosen by a *spec*: a name, with optional arguments after a colon
(`forgetful:0.5`, `limited:4`). Each table below lists a game's bots, with the first
sentence of each bot's docstring, and then its **ladder**: every pair of bots plays a round
robin with seat rotation (each in each seat equally often, on the same deals), and a
Bradley-Terry model turns the results into ratings
(`goldlab.analysis.ratings`; notebook `04-strategy-lab.ipynb`, section 4).

How to read a ladder:

* A **rating** is in Elo points, with `random` at 0. A bot 200 points above another
  finishes ahead of it in 76% of their meetings, 400 points above in 91% (odds of 10 to 1).
* The **interval** is a 95% interval of the rating against `random`. Two bots whose
  intervals overlap much have not been told apart by this many games.
* A bot marked `*` won (or lost) every meeting that links it to `random`: its rating is
  finite only because the fit uses Firth's correction, and the open end of its interval says
  little (only that the gap is large).

To rebuild this page after adding or changing a bot (minutes on two cores):

```bash
goldlab ladder --docs docs/bots.md
```

(`--games N` sets the games per seating, `--seed S` the root seed; the same seed gives the
same page.) To rate bots in Python:

```python
from goldlab.analysis import ladder

table = ladder("goldrush", ["random", "perfect"], 10, seed=1, quiet=True)
print(table[["bot", "rating", "ci_low", "ci_high", "games"]])
```
"""


def bots_page(games: Sequence[str], n_games: int = LADDER_GAMES, seed: int = LADDER_SEED, *,
              players: int = 2, bots: Sequence[str] | None = None,
              search_iterations: int = LADDER_SEARCH, workers: int | None = None,
              quiet: bool = False) -> str:
    """The Markdown of ``docs/bots.md``: each game's bots, described, and their ladder."""
    from goldlab.analysis import ladder
    from goldlab.analysis.rating import ratings_markdown
    from goldlab.bots import describe_bots
    from goldlab.core.registry import game_class

    parts = [BOTS_PAGE_INTRO]
    for game in games:
        infos = describe_bots(game)
        rows = ["| bot | arguments (defaults) | what it does |", "|---|---|---|"]
        for info in infos:
            arguments = f"`{info.arguments}`" if info.arguments else ""
            rows.append(f"| `{info.name}` | {arguments} | "
                        f"{info.description.replace('``', '`')} |")
        specs = list(bots) if bots is not None else ladder_specs(game, search_iterations)
        table = ladder(game, specs, n_games, seed, players=players, workers=workers,
                       quiet=quiet)
        seating = (f"every pair of bots meets {2 * n_games} times ({n_games} games in each "
                   "seating)" if players == 2 else
                   f"every group of {players} bots plays {n_games} games in each of its "
                   f"{players} cyclic seatings")
        parts.append(
            f"## {game_class(game).title} (`{game}`)\n\n" + "\n".join(rows) + "\n\n"
            f"Ladder: {players} players, {seating}, seed {seed}"
            + (f", ISMCTS at {search_iterations} iterations a decision (`ismcts:"
               f"{search_iterations}`; its strength at larger budgets is in docs/search.md)"
               if bots is None else "") + "; "
            "`games` and `won` count each bot's games, `meetings ahead` the share of its "
            "meetings it finished ahead (a tie one half).\n\n" + ratings_markdown(table)
            + "\n")
    return "\n".join(parts)


def summary_text(frame: Any, elapsed: float | None = None) -> str:
    """The summary ``goldlab simulate`` prints: win rates per seat and bot with intervals."""
    from goldlab.analysis import game_length, mean_scores, win_rates
    from goldlab.core.registry import game_class

    meta = frame.attrs["goldlab"]
    n = meta["n_games"]
    title = game_class(meta["game"]).title
    engine = "fast path" if meta["engine"] == "fast" else "protocol engine"
    speed = f", {elapsed:.1f} s ({n / elapsed:,.0f} games/s)" if elapsed and n else ""
    lines = [f"{title}: {n} games, {meta['players']} players, bots {', '.join(meta['bots'])}, "
             f"seed {meta['seed']} ({engine}{speed})"]
    if not n:
        return lines[0]
    lines.append("Win rate (95% Wilson interval) and mean score (95% t interval):")
    seats = win_rates(frame, ["seat", "bot"])
    scores = mean_scores(frame, ["seat", "bot"])
    for w, s in zip(seats.itertuples(), scores.itertuples(), strict=True):
        lines.append(f"  seat {w.seat} {w.bot:<14} {w.win_rate:6.3f} [{w.ci_low:.3f}, "
                     f"{w.ci_high:.3f}]   score {s.mean:7.2f} [{s.ci_low:.2f}, {s.ci_high:.2f}]")
    if frame["bot"].nunique() > 1:
        lines.append("By bot:")
        bots = win_rates(frame, "bot")
        for w in bots.itertuples():
            lines.append(f"  {w.bot:<21} {w.win_rate:6.3f} [{w.ci_low:.3f}, {w.ci_high:.3f}]"
                         f"   ({w.games} seat-games)")
    length = game_length(frame).iloc[0]
    lines.append(f"Turns per game: mean {length['mean']:.1f}, median {length['median']:g}, "
                 f"90% between {length['p05']:g} and {length['p95']:g}")
    shared = int(frame.groupby("game")["shared_win"].any().sum())
    if shared:
        lines.append(f"Shared victories: {shared} of {n} games")
    return "\n".join(lines)


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
