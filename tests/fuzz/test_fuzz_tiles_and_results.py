"""Fuzz: tile files, embedded tile sets and results files either load or raise the one error.

A malformed tile file is a ``TileDataError``; a malformed results file a ``ResultsError``;
nothing else (RecursionError, TypeError, JSONDecodeError, pandas errors) may escape.
"""

from __future__ import annotations

import copy
import json
import os
import tempfile
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

import pandas as pd
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import goldlab
from goldlab.games.goldland.tiles import (
    TileDataError,
    TileSet,
    embed,
    load_tiles,
    tiles_from_option,
)
from goldlab.simulation import ResultsError, load_results
from goldlab.simulation.results import rerun_arguments

FUZZ = settings(max_examples=150, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

SHIPPED_TEXT = resources.files("goldlab.games.goldland").joinpath("data/tiles.json").read_text(
    encoding="utf-8")
SHIPPED: dict[str, Any] = json.loads(SHIPPED_TEXT)

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-10**30, 10**30) | st.floats(allow_nan=False)
    | st.text(max_size=12) | st.sampled_from(["2 timbers", "red", "nothing", "NES", "inner",
                                               "puma", "T07", "pearl", "coastal", "SW"]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner,
                                                                 max_size=3),
    max_leaves=8,
)
TILE_FIELDS = ["id", "name", "kind", "exits", "adventure", "cost", "trade", "treasure_field",
               "village", "corner", "first_game_slot", "stubs", "reconstructed", "note",
               "unknown"]


def _outcome_tiles(load: Any, *args: Any) -> TileSet | None:
    try:
        result: TileSet = load(*args)
    except TileDataError:
        return None
    return result


@st.composite
def mutated_tile_data(draw: st.DrawFn) -> dict[str, Any]:
    data = copy.deepcopy(SHIPPED)
    for _ in range(draw(st.integers(1, 4))):
        target = draw(st.sampled_from(["tile", "tile", "tile", "adventure", "top", "trade"]))
        value = draw(json_values)
        delete = draw(st.booleans()) and draw(st.booleans())
        if target == "top":
            key = draw(st.sampled_from(["format", "version", "title", "adventures", "tiles",
                                        "extra"]))
            holder: Any = data
        elif target == "adventure":
            adventures = data.get("adventures")
            if not isinstance(adventures, dict):
                continue  # an earlier mutation replaced or removed the adventures table
            holder = adventures.get(draw(st.sampled_from(sorted(SHIPPED["adventures"]))))
            key = draw(st.sampled_from(["marker", "count", "reconstructed", "x"]))
        else:
            tiles = data.get("tiles")
            if not isinstance(tiles, list) or not tiles:
                continue
            holder = tiles[draw(st.integers(0, len(tiles) - 1))]
            if target == "trade":
                holder = holder.get("trade") if isinstance(holder, dict) else None
                key = draw(st.sampled_from(["needs", "gives", "other"]))
            else:
                key = draw(st.sampled_from(TILE_FIELDS))
        if not isinstance(holder, dict):
            continue
        if delete:
            holder.pop(key, None)
        else:
            holder[key] = value
    return data


@FUZZ
@given(mutated_tile_data())
def test_mutated_tile_data_loads_or_is_a_tile_data_error(data: dict[str, Any]) -> None:
    tile_set = _outcome_tiles(load_tiles, data)
    if tile_set is not None:
        # What loads can be embedded and comes back equal, by content.
        assert tiles_from_option(embed(tile_set)) == tile_set or embed(tile_set) == ""


@FUZZ
@given(st.data())
def test_mutated_tile_file_bytes_load_or_are_a_tile_data_error(data: st.DataObject) -> None:
    raw = bytearray(SHIPPED_TEXT.encode())
    for _ in range(data.draw(st.integers(1, 6))):
        at = data.draw(st.integers(0, len(raw) - 1))
        action = data.draw(st.sampled_from(["flip", "cut", "insert"]))
        if action == "flip":
            raw[at] = data.draw(st.integers(0, 255))
        elif action == "cut":
            del raw[at:at + data.draw(st.integers(1, 50))]
        else:
            raw[at:at] = data.draw(st.sampled_from([b"[", b"{", b'"', b"\xff", b"[" * 5000,
                                                    b'{"a":' * 3000, b"1e999", b"-"]))
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "tiles.json"
        path.write_bytes(bytes(raw))
        _outcome_tiles(load_tiles, path)


@cache
def _custom_embedded() -> str:
    data = copy.deepcopy(SHIPPED)
    data["title"] = "Fuzzed"
    return embed(load_tiles(data))


@FUZZ
@given(st.data())
def test_mutated_embedded_sets_load_or_are_a_tile_data_error(data: st.DataObject) -> None:
    text = list(_custom_embedded())
    for _ in range(data.draw(st.integers(1, 4))):
        at = data.draw(st.integers(0, len(text) - 1))
        if data.draw(st.booleans()):
            text[at] = data.draw(st.sampled_from("0af9:-_=A/+ \x00é"))
        else:
            del text[at:at + data.draw(st.integers(1, 20))]
    value = "".join(text)
    tile_set = _outcome_tiles(tiles_from_option, value)
    if tile_set is not None:
        assert tile_set.title == "Fuzzed"


# -------------------------------------------------------------------- results
@cache
def _saved(suffix: str) -> bytes:
    frame = goldlab.simulate("gold", ["random", "random"], 3, seed=4, quiet=True, workers=1)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / f"runs{suffix}"
        from goldlab.simulation import save_results

        save_results(frame, path)
        return path.read_bytes()


@FUZZ
@given(suffix=st.sampled_from([".csv", ".parquet"]), data=st.data())
def test_mutated_results_files_load_or_are_a_results_error(suffix: str,
                                                           data: st.DataObject) -> None:
    raw = bytearray(_saved(suffix))
    for _ in range(data.draw(st.integers(1, 5))):
        at = data.draw(st.integers(0, len(raw) - 1))
        action = data.draw(st.sampled_from(["flip", "cut", "insert"]))
        if action == "flip":
            raw[at] = data.draw(st.integers(0, 255))
        elif action == "cut":
            del raw[at:at + data.draw(st.integers(1, 80))]
        else:
            raw[at:at] = data.draw(st.sampled_from([b"\n", b",", b'"', b"\xff", b"[" * 3000,
                                                    b"#", b"\r", b"{}"]))
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / f"runs{suffix}"
        path.write_bytes(bytes(raw))
        try:
            frame = load_results(path)
        except ResultsError:
            return
        assert isinstance(frame, pd.DataFrame)
        assert isinstance(frame.attrs["goldlab"], dict)


def _meta() -> dict[str, Any]:
    text = _saved(".csv").decode().splitlines()[0]
    meta: dict[str, Any] = json.loads(text[len("# goldlab: "):])
    return meta


@FUZZ
@given(st.data())
def test_mutated_rerun_metadata_is_checked_or_a_results_error(data: st.DataObject) -> None:
    meta = _meta()
    for _ in range(data.draw(st.integers(1, 3))):
        key = data.draw(st.sampled_from(["kind", "game", "bots", "n_games", "seed", "options"]))
        if data.draw(st.booleans()):
            meta.pop(key, None)
        elif key == "options" and isinstance(meta.get("options"), dict) and data.draw(
                st.booleans()):
            meta["options"] = {**meta["options"],
                               data.draw(st.sampled_from(["n_games", "seed", "events",
                                                          "start_player", "tiles", "x"])):
                               data.draw(json_values)}
        else:
            meta[key] = data.draw(json_values)
    try:
        call = rerun_arguments(meta)
    except ResultsError:
        return
    assert set(call) == {"game", "bots", "n_games", "seed", "options"}
    allowed = set(goldlab.game(call["game"], len(call["bots"])).options.to_dict())
    assert set(call["options"]) <= allowed
    assert os.fspath(call["game"]) == call["game"]
