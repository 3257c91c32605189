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

import json
import os
import tempfile
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
    """Write ``frame`` and its metadata to ``path`` (``.parquet`` or ``.csv``), atomically."""
    target = Path(path)
    kind = _format(target, format)
    meta = metadata(frame)
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp_name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    os.close(fd)
    tmp = Path(tmp_name)
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


def load_results(path: str | os.PathLike[str], *, format: str | None = None) -> pd.DataFrame:
    """Read results written by :func:`save_results` (metadata in ``attrs["goldlab"]``)."""
    source = Path(path)
    kind = _format(source, format)
    if not source.exists():
        raise ResultsError(f"no results file at {source}")
    if kind == ".parquet":
        import pyarrow.parquet as pq

        try:
            table = pq.read_table(source)
        except Exception as exc:
            raise ResultsError(f"{source} is not a Parquet file: {exc}") from None
        raw = (table.schema.metadata or {}).get(META_KEY.encode())
        if raw is None:
            raise ResultsError(f"{source} has no goldlab metadata")
        frame = table.to_pandas()
        meta = json.loads(raw)
    else:
        with source.open(encoding="utf-8") as fh:
            first = fh.readline()
            prefix = f"# {META_KEY}: "
            if not first.startswith(prefix):
                raise ResultsError(f"{source} does not start with a '# goldlab: ...' line")
            meta = json.loads(first[len(prefix):])
            frame = pd.read_csv(fh)
        frame = _restore_types(frame, meta)
    frame.attrs[META_KEY] = meta
    return frame


def _restore_types(frame: pd.DataFrame, meta: dict[str, Any]) -> pd.DataFrame:
    """CSV loses categories: give ``bot`` and text options their categorical type back."""
    dtypes = meta.get("dtypes", {})
    for column, dtype in dtypes.items():
        if column in frame and dtype == "category":
            frame[column] = frame[column].astype(str).astype("category")
    return frame


def rerun(source: pd.DataFrame | str | os.PathLike[str], **overrides: Any) -> pd.DataFrame:
    """Play a saved run again from its metadata (a frame or a results file)."""
    from goldlab.simulate.api import simulate

    frame = source if isinstance(source, pd.DataFrame) else load_results(source)
    meta = metadata(frame)
    if meta.get("kind") != "simulation":
        raise ResultsError("only simulate() results can be rerun this way")
    call: dict[str, Any] = {
        "game": meta["game"],
        "bots": meta["bots"],
        "n_games": meta["n_games"],
        "seed": meta["seed"],
        **meta["options"],
    }
    call.update(overrides)
    return simulate(**call)
