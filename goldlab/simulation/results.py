"""Save and load results as Parquet or CSV, with what is needed to reproduce them.

The metadata (game, players, bots, options, root seed, number of games,
goldlab's version, which engine played) travels with the frame: in
``frame.attrs["goldlab"]``, in the Parquet schema's metadata, and as the
first line of a CSV file (``# goldlab: {...}``).  :func:`rerun` plays the
same run again from it.  Files are written to a temporary name and renamed,
so a crash never leaves a half-written file under the real name.

>>> import tempfile, pathlib, goldlab
>>> df = goldlab.simulate("gold", ["random", "random"], 20, seed=1, quiet=True)
>>> path = pathlib.Path(tempfile.mkdtemp()) / "runs.parquet"
>>> save_results(df, path)
>>> again = load_results(path)
>>> again.equals(df), again.attrs["goldlab"]["seed"]
(True, 1)
"""

from __future__ import annotations

import dataclasses
import json
import os
import secrets
import stat
from pathlib import Path
from typing import Any

import pandas as pd

from goldlab.core.errors import GoldlabError

META_KEY = "goldlab"
FORMATS = (".parquet", ".csv")


class ResultsError(GoldlabError, ValueError):
    """A results file that cannot be read back (wrong format, missing metadata)."""


def metadata(frame: pd.DataFrame) -> dict[str, Any]:
    """The reproduction metadata of a results frame (a copy)."""
    meta = frame.attrs.get(META_KEY)
    if not isinstance(meta, dict):
        raise ResultsError("this frame has no goldlab metadata (was it made by simulate?)")
    copy: dict[str, Any] = json.loads(json.dumps(meta))
    return copy


def _format(path: Path, fmt: str | None) -> str:
    kind = fmt or path.suffix.lower()
    if not kind.startswith("."):
        kind = "." + kind
    if kind not in FORMATS:
        raise ResultsError(f"save results as .parquet or .csv, not {path.name!r}")
    return kind


def save_results(frame: pd.DataFrame, path: str | os.PathLike[str], *,
                 format: str | None = None) -> None:
    """Write ``frame`` and its metadata to ``path`` (``.parquet`` or ``.csv``), atomically.

    The file gets the permissions the umask gives a new file (as ``open`` would).
    """
    target = Path(path)
    kind = _format(target, format)
    meta = metadata(frame)
    target.parent.mkdir(parents=True, exist_ok=True)
    tmp = _new_temporary(target)
    try:
        if kind == ".parquet":
            import pyarrow as pa
            import pyarrow.parquet as pq

            table = pa.Table.from_pandas(frame, preserve_index=False)
            schema_meta = dict(table.schema.metadata or {})
            schema_meta[META_KEY.encode()] = json.dumps(meta).encode()
            pq.write_table(table.replace_schema_metadata(schema_meta), tmp)
        else:
            with tmp.open("w", encoding="utf-8", newline="") as fh:
                fh.write(f"# {META_KEY}: {json.dumps(meta)}\n")
                frame.to_csv(fh, index=False)
        os.replace(tmp, target)
    finally:
        tmp.unlink(missing_ok=True)


def _new_temporary(target: Path) -> Path:
    """A new empty file beside ``target``, created with mode 0o666 less the umask."""
    for _ in range(100):
        tmp = target.parent / f".{target.name}.{secrets.token_hex(6)}.tmp"
        try:
            fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
        except FileExistsError:
            continue
        os.close(fd)
        return tmp
    raise ResultsError(f"cannot create a temporary file beside {target}")  # pragma: no cover


MAX_METADATA_CHARS = 10_000_000
"""The longest metadata line or block :func:`load_results` accepts."""


def load_results(path: str | os.PathLike[str], *, format: str | None = None) -> pd.DataFrame:
    """Read results written by :func:`save_results` (metadata in ``attrs["goldlab"]``).

    Anything that is not such a file (not a regular file, not UTF-8, broken
    metadata, a table pandas cannot read) raises one :class:`ResultsError`.
    """
    source = Path(path)
    kind = _format(source, format)
    try:
        info = source.stat()
    except OSError:
        raise ResultsError(f"no results file at {source}") from None
    if not stat.S_ISREG(info.st_mode):
        raise ResultsError(f"{source} is not a regular file")
    try:
        frame, meta = _read_parquet(source) if kind == ".parquet" else _read_csv(source)
    except ResultsError:
        raise
    except (OSError, ValueError, TypeError, KeyError, AttributeError, IndexError,
            NotImplementedError, RecursionError, MemoryError) as exc:
        # pandas and pyarrow raise many kinds (ParserError, ArrowInvalid, UnicodeDecodeError,
        # ...): all are one error here.
        raise ResultsError(f"{source} is not a readable results file "
                           f"({type(exc).__name__})") from None
    frame.attrs[META_KEY] = meta
    return frame


def _read_parquet(source: Path) -> tuple[pd.DataFrame, dict[str, Any]]:
    import pyarrow.parquet as pq

    try:
        table = pq.read_table(source)
    except Exception as exc:
        raise ResultsError(f"{source} is not a Parquet file: {type(exc).__name__}") from None
    raw = (table.schema.metadata or {}).get(META_KEY.encode())
    if raw is None:
        raise ResultsError(f"{source} has no goldlab metadata")
    meta = _parse_metadata(raw, source)
    return table.to_pandas(), meta


def _read_csv(source: Path) -> tuple[pd.DataFrame, dict[str, Any]]:
    with source.open(encoding="utf-8", newline="") as fh:
        first = fh.readline(MAX_METADATA_CHARS)
        prefix = f"# {META_KEY}: "
        if not first.startswith(prefix):
            raise ResultsError(f"{source} does not start with a '# goldlab: ...' line")
        if not first.endswith("\n"):
            raise ResultsError(f"{source}: the '# goldlab: ...' line is too long or unfinished")
        meta = _parse_metadata(first[len(prefix):], source)
        frame = pd.read_csv(fh)
    return _restore_types(frame, meta), meta


def _parse_metadata(raw: str | bytes, source: Path) -> dict[str, Any]:
    """The metadata JSON: an object whose ``dtypes``, if present, maps columns to names."""
    if len(raw) > MAX_METADATA_CHARS:
        raise ResultsError(f"{source}: the goldlab metadata is too long")
    try:
        meta = json.loads(raw, object_pairs_hook=_no_duplicates)
    except _DuplicateKey as exc:
        raise ResultsError(f"{source}: the goldlab metadata names {exc} twice") from None
    except (ValueError, RecursionError):  # JSONDecodeError and UnicodeDecodeError are ValueErrors
        raise ResultsError(f"{source}: the goldlab metadata is not valid JSON") from None
    if not isinstance(meta, dict):
        raise ResultsError(f"{source}: the goldlab metadata must be a JSON object")
    dtypes = meta.get("dtypes", {})
    if not isinstance(dtypes, dict) or not all(isinstance(v, str) for v in dtypes.values()):
        raise ResultsError(f"{source}: the metadata's 'dtypes' must map columns to type names")
    problem = _metadata_problem(meta)
    if problem is not None:
        raise ResultsError(f"{source}: the metadata's {problem}")
    return meta


class _DuplicateKey(Exception):
    """A JSON object that names a key twice (json.loads would keep the last silently)."""


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise _DuplicateKey(repr(key[:40]))
        out[key] = value
    return out


def _whole(value: Any, low: int, high: int) -> bool:
    return not isinstance(value, bool) and isinstance(value, int) and low <= value <= high


def _metadata_problem(meta: dict[str, Any]) -> str | None:
    """What is wrong with the values of the fields ``simulate`` and ``tournament`` write."""
    from goldlab.core.options import MAX_SEED
    from goldlab.simulation.api import MAX_GAMES

    if "n_games" in meta and not _whole(meta["n_games"], 0, MAX_GAMES):
        return f"'n_games' must be a whole number from 0 to {MAX_GAMES:,}"
    if "seed" in meta and not _whole(meta["seed"], 0, MAX_SEED):
        return f"'seed' must be a whole number from 0 to {MAX_SEED}"
    if "players" in meta and not _whole(meta["players"], 1, 100):
        return "'players' must be a whole number from 1 to 100"
    for key in ("kind", "game", "engine", "format", "goldlab", "created"):
        if key in meta and not isinstance(meta[key], str):
            return f"{key!r} must be text"
    bots = meta.get("bots", [])
    values = list(bots.values()) if isinstance(bots, dict) else bots
    if not isinstance(values, list) or not all(isinstance(b, str) for b in values):
        return "'bots' must be bot specs (a list, or names mapped to specs)"
    if not isinstance(meta.get("options", {}), dict):
        return "'options' must be a JSON object"
    return None


def _restore_types(frame: pd.DataFrame, meta: dict[str, Any]) -> pd.DataFrame:
    """CSV loses categories: give ``bot`` and text options their categorical type back."""
    dtypes = meta.get("dtypes", {})
    for column, dtype in dtypes.items():
        if column in frame and dtype == "category":
            frame[column] = frame[column].astype(str).astype("category")
    return frame


RERUN_GAMES = 100_000
"""A rerun of more games than this, as the file says, needs ``confirm=True``."""
RERUN_ITERATIONS = 5_000
"""A search bot of a larger iteration budget per decision, as the file says, needs confirming."""
RERUN_SECONDS = 1.0
"""A search bot of a larger time budget per decision, as the file says, needs confirming."""


def rerun(source: pd.DataFrame | str | os.PathLike[str], *, confirm: bool = False,
          **overrides: Any) -> pd.DataFrame:
    """Play a saved run again from its metadata (a frame or a results file).

    From the metadata come the game, the bots, the number of games, the root
    seed and the game options, each checked (:class:`ResultsError` if not
    what :func:`~goldlab.simulation.simulate` wrote); an option never overrides
    ``n_games``, ``seed`` or a keyword such as ``events``.  ``overrides`` are
    yours and pass to ``simulate`` as given (``workers=2``, ``n_games=10``).

    A file is not trusted with the cost of the run: more than :data:`RERUN_GAMES`
    games, or a search bot thinking longer than :data:`RERUN_SECONDS` or
    :data:`RERUN_ITERATIONS` a decision, is refused unless you pass
    ``confirm=True`` (or override ``n_games`` or ``bots`` yourself).
    """
    from goldlab.core.options import check_flag
    from goldlab.simulation.api import simulate

    check_flag(confirm, "confirm")
    frame = source if isinstance(source, pd.DataFrame) else load_results(source)
    call = rerun_arguments(metadata(frame))
    options = call.pop("options")
    if not confirm:
        cost = _costly(call["game"], call["bots"] if "bots" not in overrides else [],
                       call["n_games"] if "n_games" not in overrides else 0)
        if cost is not None:
            raise ResultsError(f"the results ask for {cost}: check the file, then rerun(..., "
                               "confirm=True) to play it, or give n_games= or bots= yourself")
    call.update(overrides)
    return simulate(**call, **{k: v for k, v in options.items() if k not in overrides})


def _costly(game: str, bots: list[str], n_games: int) -> str | None:
    """What makes a run read from a file expensive enough to confirm, or None."""
    from goldlab.bots import make_bot
    from goldlab.bots.ismcts import ISMCTSBot

    if n_games > RERUN_GAMES:
        return f"{n_games:,} games (more than {RERUN_GAMES:,})"
    for seat, spec in enumerate(bots):
        try:
            bot = make_bot(game, spec, seat, 0)
        except GoldlabError as exc:
            raise ResultsError(f"the metadata's bots: {exc}") from None
        budget = getattr(bot, "budget", None) if isinstance(bot, ISMCTSBot) else None
        if budget is None:
            continue
        if (budget.seconds or 0) > RERUN_SECONDS or (budget.iterations or 0) > RERUN_ITERATIONS:
            return f"bot {spec[:40]!r}, a search of more than {RERUN_SECONDS:g} s or " \
                   f"{RERUN_ITERATIONS:,} iterations a decision"
    return None


def rerun_arguments(meta: dict[str, Any]) -> dict[str, Any]:
    """``game``, ``bots``, ``n_games``, ``seed`` and ``options`` from results metadata, checked.

    The options must all be options of the named game, so metadata cannot
    smuggle in ``n_games``, ``seed``, ``events`` or any other ``simulate`` keyword.
    """
    from goldlab.core.registry import game_class

    if meta.get("kind") != "simulation":
        raise ResultsError("only simulate() results can be rerun this way")
    game, bots, n_games, seed, options = (meta.get(k) for k in
                                          ("game", "bots", "n_games", "seed", "options"))
    if not isinstance(game, str):
        raise ResultsError("the metadata's 'game' must be a game's name")
    try:
        option_type = game_class(game).options_type
    except GoldlabError:
        raise ResultsError(f"the metadata names no known game ({game[:40]!r})") from None
    if not isinstance(bots, list) or not bots or not all(isinstance(b, str) for b in bots):
        raise ResultsError("the metadata's 'bots' must be a list of bot specs")
    from goldlab.core.options import MAX_SEED
    from goldlab.simulation.api import MAX_GAMES

    for name, value, high in (("n_games", n_games, MAX_GAMES), ("seed", seed, MAX_SEED)):
        if not _whole(value, 0, high):
            raise ResultsError(f"the metadata's {name!r} must be a whole number from 0 to "
                               f"{high:,}")
    if not isinstance(options, dict):
        raise ResultsError("the metadata's 'options' must be a JSON object")
    known = {f.name for f in dataclasses.fields(option_type)}
    unknown = sorted(str(k)[:40] for k in set(options) - known)
    if unknown:
        raise ResultsError(f"the metadata's options name {', '.join(unknown[:5])}, "
                           f"which are not options of {game}")
    try:
        game_class(game)(len(bots), **options)
    except GoldlabError as exc:
        raise ResultsError(f"the metadata's options do not make a game: {exc}") from None
    return {"game": game, "bots": list(bots), "n_games": n_games, "seed": seed,
            "options": dict(options)}
