"""Results save and load as Parquet and CSV with their metadata, never half-written."""

from pathlib import Path

import pandas as pd
import pytest

from goldlab.simulation import ResultsError, load_results, rerun, save_results, simulate


@pytest.fixture(scope="module")
def frame() -> pd.DataFrame:
    return simulate("gold", "random", 40, 9, players=3, quiet=True)


@pytest.mark.parametrize("suffix", [".parquet", ".csv"])
def test_round_trip_keeps_values_types_and_metadata(frame: pd.DataFrame, tmp_path: Path,
                                                   suffix: str) -> None:
    path = tmp_path / f"runs{suffix}"
    save_results(frame, path)
    again = load_results(path)
    assert again.equals(frame)
    assert list(again.dtypes) == list(frame.dtypes)
    assert again.attrs["goldlab"] == frame.attrs["goldlab"]
    assert [p.name for p in tmp_path.iterdir()] == [path.name]


def test_a_saved_run_reruns_to_the_same_frame(frame: pd.DataFrame, tmp_path: Path) -> None:
    path = tmp_path / "runs.parquet"
    save_results(frame, path)
    assert rerun(path, quiet=True).equals(frame)


def test_a_failed_write_leaves_no_file(frame: pd.DataFrame, tmp_path: Path,
                                       monkeypatch: pytest.MonkeyPatch) -> None:
    import pyarrow.parquet as pq

    def boom(*args: object, **kwargs: object) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(pq, "write_table", boom)
    with pytest.raises(OSError, match="disk full"):
        save_results(frame, tmp_path / "runs.parquet")
    assert list(tmp_path.iterdir()) == []


def test_a_failed_write_keeps_the_previous_file(frame: pd.DataFrame, tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "runs.csv"
    save_results(frame, path)
    before = path.read_bytes()
    monkeypatch.setattr(pd.DataFrame, "to_csv", lambda *a, **k: (_ for _ in ()).throw(
        OSError("interrupted")))
    with pytest.raises(OSError, match="interrupted"):
        save_results(frame, path)
    assert path.read_bytes() == before and [p.name for p in tmp_path.iterdir()] == ["runs.csv"]


def test_bad_files_and_names_give_results_errors(frame: pd.DataFrame, tmp_path: Path) -> None:
    with pytest.raises(ResultsError, match=r"\.parquet or \.csv"):
        save_results(frame, tmp_path / "runs.xlsx")
    with pytest.raises(ResultsError, match="no results file"):
        load_results(tmp_path / "missing.parquet")
    plain = tmp_path / "plain.csv"
    plain.write_text("a,b\n1,2\n")
    with pytest.raises(ResultsError, match="goldlab"):
        load_results(plain)
    with pytest.raises(ResultsError, match="no goldlab metadata"):
        save_results(pd.DataFrame({"a": [1]}), tmp_path / "x.parquet")
    junk = tmp_path / "junk.parquet"
    junk.write_text("not parquet")
    with pytest.raises(ResultsError, match="not a Parquet file"):
        load_results(junk)
