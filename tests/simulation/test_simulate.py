"""goldlab.simulation: tidy rows, reproducible seeds, the same frame on every backend."""

import json
import subprocess
import sys
from typing import Any

import numpy as np
import pandas as pd
import pytest

import goldlab
from goldlab.bots.play import play_game
from goldlab.core.errors import OptionsError
from goldlab.simulation import COLUMN_DOCS, game_seeds, simulate


@pytest.fixture(scope="module")
def gold_frame() -> pd.DataFrame:
    return simulate("gold", ["random", "greedy"], 60, seed=11, quiet=True)


def test_one_row_per_game_and_seat_with_the_documented_columns(gold_frame: pd.DataFrame) -> None:
    df = gold_frame
    assert len(df) == 120 and df["game"].tolist() == [g for g in range(60) for _ in range(2)]
    assert df["seat"].tolist() == [0, 1] * 60
    assert df["bot"].astype(str).tolist() == ["random", "greedy"] * 60
    for column in COLUMN_DOCS:
        assert column in df.columns
    assert {"opt_start_player", "opt_starting_donkeys", "opt_bonus_may_be_declined"} <= set(df)
    assert {"sets_scored", "colour_points", "donkeys_banked", "cards_banked"} <= set(df)
    assert df["won"].dtype == bool and df["decided_at_end"].dtype == bool
    assert (df.groupby("game")["rank"].min() == 1).all()
    assert (df["won"] == (df["rank"] == 1)).all()
    assert ((df["win_share"] > 0) == df["won"]).all()
    assert df.groupby("game")["win_share"].sum().round(9).eq(1).all()
    assert (df["turns"] <= df["actions"]).all()


def test_every_row_replays_from_its_seed(gold_frame: pd.DataFrame) -> None:
    for game in (0, 17, 59):
        rows = gold_frame[gold_frame["game"] == game]
        state = play_game("gold", ["random", "greedy"], int(rows["seed"].iloc[0]))
        outcome = state.outcome()
        assert outcome is not None
        assert tuple(rows["score"]) == outcome.scores and tuple(rows["rank"]) == outcome.ranks
        assert tuple(rows["cards_banked"]) == tuple(len(p) for p in state.piles)


def test_seeds_come_from_one_root_seed_and_a_longer_run_extends_a_shorter_one() -> None:
    assert game_seeds(5, 100)[:10].tolist() == game_seeds(5, 10).tolist()
    assert game_seeds(5, 10).tolist() != game_seeds(6, 10).tolist()
    assert (game_seeds(5, 1000) < 2**63).all()
    short = simulate("gold", "random", 30, 4, players=2, quiet=True)
    long = simulate("gold", "random", 50, 4, players=2, quiet=True)
    assert long.iloc[:60].reset_index(drop=True).equals(short)


@pytest.mark.parametrize("fast", [True, False])
def test_workers_and_chunking_do_not_change_the_frame(fast: bool) -> None:
    n = 2000 if fast else 120
    kwargs = dict(players=3, quiet=True, fast=fast)
    serial = simulate("gold", "random", n, 8, backend="serial", **kwargs)
    pooled = simulate("gold", "random", n, 8, workers=2, chunk_size=n // 7, **kwargs)
    assert serial.equals(pooled)


def test_the_dask_backend_gives_the_serial_frame() -> None:
    from dask.distributed import Client, LocalCluster

    serial_fast = simulate("gold", "random", 3000, 2, players=2, backend="serial", quiet=True)
    serial_slow = simulate("gold", ["greedy", "random"], 40, 2, backend="serial", quiet=True)
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=False,
                      dashboard_address=":0") as cluster, Client(cluster) as client:
        on_dask = simulate("gold", "random", 3000, 2, players=2, client=client, quiet=True,
                           chunk_size=700)
        slow_on_dask = simulate("gold", ["greedy", "random"], 40, 2, client=client, quiet=True,
                                chunk_size=9)
    assert on_dask.equals(serial_fast)
    assert slow_on_dask.equals(serial_slow)


def test_backend_dask_without_a_client_starts_and_stops_a_local_cluster() -> None:
    serial = simulate("gold", ["greedy", "random"], 12, 3, backend="serial", quiet=True)
    assert simulate("gold", ["greedy", "random"], 12, 3, backend="dask", workers=2,
                    quiet=True).equals(serial)


def test_the_event_table_has_one_row_per_event() -> None:
    df, events = simulate("gold", ["random", "random"], 5, 1, quiet=True, events=True)
    assert df.attrs["goldlab"]["engine"] == "protocol"
    assert list(events.columns) == ["game", "step", "actor", "action", "event", "text", "rule"]
    assert sorted(events["game"].unique()) == [0, 1, 2, 3, 4]
    over = events[events["event"] == "GameOver"]
    assert len(over) == 5 and set(over["rule"]) == {"Final scoring"}
    sets = events[events["event"] == "SetScored"].groupby("game").size()
    per_game = df.groupby("game")["sets_scored"].sum()
    assert sets.reindex(per_game.index, fill_value=0).tolist() == per_game.tolist()
    assert (events[events["step"] == -1]["action"] == "set-up").all()


def test_metadata_says_how_to_reproduce_the_run(gold_frame: pd.DataFrame) -> None:
    meta = gold_frame.attrs["goldlab"]
    assert meta["game"] == "gold" and meta["seed"] == 11 and meta["n_games"] == 60
    assert meta["bots"] == ["random", "greedy"] and meta["engine"] == "fast"  # greedy has a compiled twin
    assert meta["options"] == {"start_player": 0, "starting_donkeys": "random",
                               "bonus_may_be_declined": True}
    json.dumps(meta)


def test_options_are_passed_to_the_game_and_recorded_in_the_rows() -> None:
    df = simulate("gold", "random", 10, 1, players=3, start_player=2, quiet=True)
    assert (df["opt_start_player"] == 2).all()


def test_no_seed_draws_a_fresh_root_seed_and_records_it() -> None:
    df = simulate("gold", "random", 3, players=2, quiet=True)
    again = simulate("gold", "random", 3, df.attrs["goldlab"]["seed"], players=2, quiet=True)
    assert again.equals(df)


def test_zero_games_give_an_empty_frame_with_the_columns() -> None:
    df = simulate("gold", "random", 0, 1, players=2, quiet=True)
    assert len(df) == 0 and "score" in df.columns


@pytest.mark.parametrize(("call", "message"), [
    (dict(game="chess", bots=["random", "random"]), "unknown game 'chess'"),
    (dict(bots=["random", "wizard"]), "unknown bot 'wizard'"),
    (dict(bots=["random"] * 4), "for 2-3 players, not 4"),
    (dict(bots=["random", "random"], players=3), "names 2 bots for 3 players"),
    (dict(bots="random", players=None), r"names one seat: give players=.*\['random', 'random'\]"),
    (dict(bots=["greedy"], players=None), "one bot spec, 'greedy', names one seat"),
    (dict(bots=[], players=None), "at least one bot"),
    (dict(workers=0), "workers must be a whole number >= 1"),
    (dict(workers=1.5), "workers must be"),
    (dict(workers=True), "workers must be"),
    (dict(n_games=-1), "n_games must be"),
    (dict(n_games=2.5), "n_games must be"),
    (dict(seed=-3), "seed must be a whole number"),
    (dict(backend="spark"), "backend must be one of serial, process, dask"),
    (dict(backend="process", client=object()), "use backend='dask'"),
    (dict(fast=True, game="goldland", bots=["heuristic", "ismcts"]), "no fast path for goldland"),
    (dict(fast=True, events=True), "events=True needs the protocol engine"),
    (dict(chunk_size=0), "chunk_size must be"),
    (dict(colour="red"), "unknown option"),
])
def test_bad_input_is_refused_with_a_clear_message(call: dict[str, object], message: str) -> None:
    args: dict[str, object] = dict(game="gold", bots=["random", "random"], n_games=4, seed=1,
                                   quiet=True)
    args.update(call)
    with pytest.raises(OptionsError, match=message):
        simulate(**args)  # type: ignore[arg-type]


def test_bot_objects_are_refused_because_each_game_needs_fresh_bots() -> None:
    from goldlab.bots import make_bot

    with pytest.raises(OptionsError, match="not bot objects"):
        simulate("gold", [make_bot("gold", "random", 0, 1), "random"], 2, 1)  # type: ignore[list-item]


def test_bots_may_be_given_as_one_spec_or_a_comma_list() -> None:
    a = simulate("gold", "random,greedy", 4, 1, quiet=True)
    b = simulate("gold", ["random", "greedy"], 4, 1, quiet=True)
    assert a.equals(b)


def test_quiet_prints_nothing_and_progress_goes_to_stderr(capsys: pytest.CaptureFixture[str],
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    simulate("gold", "random", 20, 1, players=2, quiet=True)
    assert capsys.readouterr() == ("", "")
    import goldlab.simulation.api as api

    seen: dict[str, object] = {}
    from tqdm import auto

    real = auto.tqdm

    def spy(*args: object, **kwargs: object) -> object:
        seen.update(kwargs)
        return real(*args, **kwargs)

    monkeypatch.setattr(auto, "tqdm", spy)
    simulate("gold", "random", 20, 1, players=2)
    assert seen["total"] == 20 and seen["disable"] is False and seen["unit"] == "game"
    assert api is not None


class _Bar:
    """Records what the simulation tells its progress bar."""

    def __init__(self) -> None:
        self.total = 7
        self.said: list[tuple[str, object]] = []

    def set_description(self, text: str, refresh: bool = True) -> None:
        self.said.append(("description", text))

    def reset(self, total: int | None = None) -> None:
        self.said.append(("reset", total))


def test_a_kernel_that_takes_long_to_compile_is_announced_on_the_bar(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import time

    from goldlab import fast
    from goldlab.simulation.api import COMPILING, prepare_kernel
    from goldlab.simulation.lineup import LineUp
    from goldlab.simulation.runner import Task

    warmed: list[tuple[str, tuple[str, ...]]] = []

    def compile_slowly(game: str, bots: tuple[str, ...], options: object,
                       **engine: object) -> None:
        warmed.append((game, bots))
        time.sleep(0.4)

    monkeypatch.setattr(fast, "warm_up", compile_slowly)
    lineup = LineUp("gold", ("random", "random"), {}, fast=True)
    task = Task(lineup, np.zeros(1, dtype=np.uint64), 0)
    bar = _Bar()
    prepare_kernel(task, bar, "gold random/random", after=0.05)
    assert warmed == [("gold", ("random", "random"))]
    assert bar.said == [("description", f"gold random/random ({COMPILING})"),
                        ("description", "gold random/random"), ("reset", 7)]

    quick = _Bar()
    monkeypatch.setattr(fast, "warm_up", lambda *args, **engine: None)
    prepare_kernel(task, quick, "gold random/random", after=0.3)
    time.sleep(0.4)  # the note would have come by now
    assert quick.said == [], "a kernel loaded from the cache at once needs no note"


def test_the_note_reaches_the_progress_bar_of_a_run(capsys: pytest.CaptureFixture[str],
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    import time

    from goldlab import fast
    from goldlab.simulation import api

    real = fast.warm_up

    def compile_slowly(*args: object, **engine: object) -> None:
        time.sleep(0.6)
        real(*args, **engine)  # type: ignore[arg-type]

    monkeypatch.setattr(fast, "warm_up", compile_slowly)
    monkeypatch.setattr(api, "COMPILING_AFTER", 0.2)
    frame = simulate("gold", "random", 20, 1, players=2, backend="serial")
    assert len(frame) == 40 and frame.attrs["goldlab"]["engine"] == "fast"
    assert api.COMPILING in capsys.readouterr().err
    simulate("gold", "random", 20, 1, players=2, backend="serial", quiet=True)
    assert capsys.readouterr() == ("", ""), "quiet stays quiet while compiling"


def test_goldlab_simulate_is_the_function_loaded_on_first_use() -> None:
    code = (
        "import sys, goldlab\n"
        "assert 'pandas' not in sys.modules and 'numpy' not in sys.modules\n"
        "import goldlab.simulation\n"
        "assert goldlab.simulate is goldlab.simulation.simulate\n"
        "df = goldlab.simulate('gold', 'random', 3, 1, players=2, quiet=True)\n"
        "print(len(df))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "6"


def test_games_without_a_collector_get_the_generic_columns() -> None:
    from goldlab.simulation.runner import GAME_COLUMNS, SEAT_COLUMNS

    assert set(GAME_COLUMNS) | set(SEAT_COLUMNS) <= set(COLUMN_DOCS)
    assert goldlab.simulation.collector_for("no-such-game") is None


def test_seed_column_holds_the_63_bit_game_seeds() -> None:
    df = simulate("gold", "random", 10, 123, players=2, quiet=True)
    assert df["seed"].dtype == np.int64
    assert df.drop_duplicates("game")["seed"].tolist() == [int(s) for s in game_seeds(123, 10)]


def test_a_run_builds_its_line_ups_engine_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """The line-up is made once and carried by every task: its engine is built once for
    the check, the warm-up and all the chunks (it was built twice: the line-up's memo,
    then the warm-up's own)."""
    from goldlab import fast
    from goldlab.simulation import lineup

    built: list[str] = []
    real = fast.engine_for

    def counted(game: str, *args: Any) -> Any:
        built.append(game)
        return real(game, *args)

    monkeypatch.setattr(fast, "engine_for", counted)
    monkeypatch.setattr(lineup, "_ENGINES", {})
    monkeypatch.setattr(fast, "_WARM", set())
    frame = simulate("gold", ["random", "greedy"], 60, 3, backend="serial", chunk_size=10,
                     quiet=True)
    assert frame.attrs["goldlab"]["engine"] == "fast" and frame["game"].nunique() == 60
    assert built == ["gold"]
