"""Results files are untrusted input: one ResultsError; rerun takes only game options.

Issue 16: malformed results gave JSONDecodeError, AttributeError, UnicodeDecodeError or pandas
errors; metadata options could override ``n_games``, ``seed`` or ``events``; files were 0600.
"""

from __future__ import annotations

import copy
import json
import os
import stat
from collections.abc import Iterator
from pathlib import Path

import pandas as pd
import pytest

import goldlab
from goldlab.simulation import ResultsError, load_results, rerun, save_results
from goldlab.simulation.results import rerun_arguments


@pytest.fixture(scope="module")
def frame() -> pd.DataFrame:
    df: pd.DataFrame = goldlab.simulate("gold", ["random", "random"], 4, seed=11, quiet=True,
                                        workers=1)
    return df


@pytest.fixture
def umask() -> Iterator[None]:
    old = os.umask(0o022)
    os.umask(old)
    yield
    os.umask(old)


@pytest.mark.parametrize("mask, mode", [(0o022, 0o644), (0o077, 0o600), (0o002, 0o664)])
@pytest.mark.parametrize("suffix", [".csv", ".parquet"])
def test_saved_files_follow_the_umask(frame: pd.DataFrame, tmp_path: Path, umask: None,
                                      mask: int, mode: int, suffix: str) -> None:
    os.umask(mask)
    path = tmp_path / f"runs{suffix}"
    save_results(frame, path)
    assert stat.S_IMODE(path.stat().st_mode) == mode
    assert load_results(path).equals(frame)
    assert [p.name for p in tmp_path.iterdir()] == [path.name]  # no temporary left behind


META = '# goldlab: {"kind": "simulation", "dtypes": {}}\n'


@pytest.mark.parametrize("name, content", [
    ("not-json.csv", b"# goldlab: {not json\nseat\n0\n"),
    ("a-list.csv", b"# goldlab: [1, 2]\nseat\n0\n"),
    ("a-string.csv", b'# goldlab: "text"\nseat\n0\n'),
    ("latin1.csv", b'# goldlab: {"x": "\xe9"}\nseat\n0\n'),
    ("latin1-body.csv", META.encode() + b"seat\n\xe9\xff\n"),
    ("no-header.csv", b"seat,won\n0,1\n"),
    ("empty.csv", b""),
    ("empty-body.csv", META.encode()),
    ("bad-quote.csv", META.encode() + b'seat,won\n"0,1\n'),
    ("bad-dtypes.csv", b'# goldlab: {"dtypes": [1]}\nseat\n0\n'),
    ("deep.csv", b"# goldlab: " + b"[" * 100_000 + b"\nseat\n0\n"),
    ("unfinished.csv", b'# goldlab: {"dtypes": {}}'),
    ("garbage.parquet", b"PAR1 this is not parquet PAR1"),
    ("empty.parquet", b""),
])
def test_a_malformed_file_is_one_results_error(tmp_path: Path, name: str,
                                               content: bytes) -> None:
    path = tmp_path / name
    path.write_bytes(content)
    with pytest.raises(ResultsError):
        load_results(path)


def test_parquet_with_broken_metadata_is_a_results_error(tmp_path: Path) -> None:
    import pyarrow as pa
    import pyarrow.parquet as pq

    for raw in (b"{broken", b"[1]", b'{"dtypes": "x"}', b"\xff\xfe"):
        table = pa.table({"seat": [0, 1]}).replace_schema_metadata({b"goldlab": raw})
        path = tmp_path / "runs.parquet"
        pq.write_table(table, path)
        with pytest.raises(ResultsError):
            load_results(path)
    pq.write_table(pa.table({"seat": [0, 1]}), path)
    with pytest.raises(ResultsError, match="no goldlab metadata"):
        load_results(path)


def test_devices_fifos_and_directories_are_refused_unread(tmp_path: Path) -> None:
    zero = tmp_path / "zero.csv"
    zero.symlink_to("/dev/zero")
    fifo = tmp_path / "fifo.csv"
    os.mkfifo(fifo)
    folder = tmp_path / "folder.csv"
    folder.mkdir()
    for path in (zero, fifo, folder):
        with pytest.raises(ResultsError, match="not a regular file"):
            load_results(path)
    with pytest.raises(ResultsError, match="no results file"):
        load_results(tmp_path / "missing.csv")


def _with_meta(frame: pd.DataFrame, **changes: object) -> pd.DataFrame:
    out = frame.copy()
    meta = copy.deepcopy(frame.attrs["goldlab"])
    meta.update(changes)
    out.attrs["goldlab"] = meta
    return out


@pytest.mark.parametrize("smuggled", [{"n_games": 1000}, {"seed": 5}, {"events": True},
                                      {"workers": 64}, {"quiet": False}])
def test_metadata_options_cannot_override_run_arguments(frame: pd.DataFrame,
                                                        smuggled: dict[str, object]) -> None:
    meta = frame.attrs["goldlab"]
    bad = _with_meta(frame, options={**meta["options"], **smuggled})
    with pytest.raises(ResultsError, match="not options of gold"):
        rerun(bad)


@pytest.mark.parametrize("field, value", [
    ("game", 3), ("game", "chess"), ("bots", "random"), ("bots", []), ("bots", [1, 2]),
    ("n_games", "4"), ("n_games", -1), ("n_games", True), ("seed", 1.5), ("options", [1]),
    ("kind", "tournament"), ("options", {"start_player": "zero"}),
])
def test_malformed_rerun_metadata_is_a_results_error(frame: pd.DataFrame, field: str,
                                                     value: object) -> None:
    with pytest.raises(ResultsError):
        rerun(_with_meta(frame, **{field: value}))


def test_a_tile_path_in_results_metadata_is_refused_alike(frame: pd.DataFrame,
                                                          tmp_path: Path) -> None:
    existing = tmp_path / "tiles.json"
    existing.write_text("{}", encoding="utf-8")
    messages = []
    for value in (str(existing), str(tmp_path / "missing.json"), "/dev/zero"):
        meta = {"kind": "simulation", "game": "goldland", "bots": ["random", "random"],
                "n_games": 1, "seed": 1, "options": {"tiles": value}}
        with pytest.raises(ResultsError) as info:
            rerun_arguments(meta)
        messages.append(str(info.value))
    assert messages[0] == messages[1] == messages[2]
    assert "never a file name" in messages[0]


def test_rerun_from_a_file_reproduces_the_run_and_takes_overrides(frame: pd.DataFrame,
                                                                  tmp_path: Path) -> None:
    path = tmp_path / "runs.csv"
    save_results(frame, path)
    again = rerun(path, workers=1, quiet=True)
    assert again.equals(frame)
    fewer = rerun(path, n_games=2, workers=1, quiet=True)
    assert len(fewer) == 4
    assert fewer.attrs["goldlab"]["n_games"] == 2


def test_results_keep_an_embedded_tile_set_not_a_path(tmp_path: Path) -> None:
    data = json.loads(Path(goldlab.__file__).parent.joinpath(
        "games/goldland/data/tiles.json").read_text(encoding="utf-8"))
    data["title"] = "From a file"
    tiles = tmp_path / "my-tiles.json"
    tiles.write_text(json.dumps(data), encoding="utf-8")
    df = goldlab.simulate("goldland", ["random", "random"], 1, seed=2, quiet=True, workers=1,
                          tiles=tiles, turn_cap=2)
    path = tmp_path / "runs.parquet"
    save_results(df, path)
    tiles.unlink()
    stored = load_results(path).attrs["goldlab"]["options"]["tiles"]
    assert stored.startswith("sha256:") and str(tmp_path) not in path.read_bytes().decode(
        "latin-1")
    assert rerun(path, workers=1, quiet=True).equals(df)


# ------------------------------------------------------------------ costs and values from files
def _csv_with(tmp_path: Path, frame: pd.DataFrame, meta_text: str) -> Path:
    path = tmp_path / "runs.csv"
    save_results(frame, path)
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    path.write_text(f"# goldlab: {meta_text}\n" + "".join(lines[1:]), encoding="utf-8")
    return path


def test_a_duplicate_key_cannot_slip_a_negative_count_in(frame: pd.DataFrame,
                                                         tmp_path: Path) -> None:
    text = json.dumps(frame.attrs["goldlab"])
    assert text.startswith("{")
    path = _csv_with(tmp_path, frame, '{"n_games": -5, ' + text[1:])  # json keeps the last key
    with pytest.raises(ResultsError, match="'n_games' twice"):
        load_results(path)
    path = _csv_with(tmp_path, frame, text.replace('"n_games": 4', '"n_games": 4, "n_games": -5'))
    with pytest.raises(ResultsError, match="twice"):
        load_results(path)


@pytest.mark.parametrize("field, value, problem", [
    ("n_games", -5, "n_games"), ("n_games", 10**12, "n_games"), ("n_games", "4", "n_games"),
    ("seed", -1, "seed"), ("seed", 2**64, "seed"), ("players", 0, "players"),
    ("game", 3, "'game'"), ("bots", "random", "bots"), ("bots", [1], "bots"),
    ("options", [], "options"),
])
def test_metadata_values_are_checked_on_loading(frame: pd.DataFrame, tmp_path: Path,
                                                field: str, value: object, problem: str) -> None:
    meta = {**frame.attrs["goldlab"], field: value}
    path = _csv_with(tmp_path, frame, json.dumps(meta))
    with pytest.raises(ResultsError, match=problem):
        load_results(path)


def test_a_file_does_not_choose_an_expensive_rerun(frame: pd.DataFrame, tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    from goldlab.simulation import results

    slow = _with_meta(frame, bots=["ismcts:3600s", "random"])
    with pytest.raises(ResultsError, match=r"ismcts:3600s.*confirm=True"):
        rerun(slow)
    with pytest.raises(ResultsError, match="confirm=True"):
        rerun(_with_meta(frame, bots=["ismcts:100000000", "random"]))
    # The bots you give yourself are yours: the run plays.
    assert len(rerun(slow, bots=["random", "random"], workers=1, quiet=True)) == 8
    # Many games: refused until confirmed (or n_games given).
    monkeypatch.setattr(results, "RERUN_GAMES", 3)
    with pytest.raises(ResultsError, match="4 games"):
        rerun(frame, workers=1, quiet=True)
    assert rerun(frame, confirm=True, workers=1, quiet=True).equals(frame)
    assert len(rerun(frame, n_games=2, workers=1, quiet=True)) == 4
    with pytest.raises(goldlab.OptionsError):
        rerun(frame, confirm="yes")  # type: ignore[arg-type]


def test_a_count_too_large_is_refused_before_any_allocation() -> None:
    from goldlab.simulation.api import MAX_GAMES, check_count

    assert check_count(MAX_GAMES) == MAX_GAMES
    for n in (MAX_GAMES + 1, 10**12):
        with pytest.raises(goldlab.OptionsError, match="at most 10,000,000"):
            goldlab.simulate("gold", ["random", "random"], n, seed=1, quiet=True)
    with pytest.raises(ResultsError, match="n_games"):
        rerun(_with_meta(goldlab.simulate("gold", ["random", "random"], 1, seed=1, quiet=True),
                         n_games=10**9))
