"""The tile set is data: the shipped reconstruction meets every fact the rules give."""

import copy
import json
from collections import Counter
from pathlib import Path

import pytest

import goldlab
from goldlab.core.errors import OptionsError
from goldlab.games.goldland.articles import kit
from goldlab.games.goldland.tiles import TileDataError, default_tiles, load_tiles

DATA = Path(goldlab.__file__).parent / "games" / "goldland" / "data"


def _raw() -> dict:
    return json.loads((DATA / "tiles.json").read_text(encoding="utf-8"))


def test_49_tiles_1_start_12_coastal_36_inner() -> None:
    ts = default_tiles()
    kinds = Counter(t.kind for t in ts.tiles)
    assert kinds == {"start": 1, "coastal": 12, "inner": 36}
    inner = ts.inner()
    assert sum(1 for t in inner if t.adventure is None) == 13
    assert sum(1 for t in inner if t.adventure is not None) == 23


def test_adventure_frequencies() -> None:
    # "Bandits (3) Puma (3) Desert (4) Mountains (3) Canyon (3) Lake (4) Natives (3)"
    counts = Counter(t.adventure for t in default_tiles().tiles if t.adventure)
    assert counts == {"bandits": 3, "puma": 3, "desert": 4, "mountains": 3, "canyon": 3,
                      "lake": 4, "natives": 3}


def test_eight_treasure_fields_all_on_adventure_tiles() -> None:
    fields = [t for t in default_tiles().tiles if t.treasure_field]
    assert len(fields) == 8 and all(t.adventure for t in fields)


def test_no_village_beside_the_start_is_possible_and_corners_are_fixed() -> None:
    ts = default_tiles()
    assert ts.corner("SW").kind == "coastal" and ts.corner("NE").kind == "coastal"
    free = ts.free_coastal()
    assert len(free) == 10 and sum(1 for t in free if not t.village) >= 2
    # the suggested first-game coast has no village in slots 1 and 6 (beside the start)
    assert not free[0].village and not free[5].village


@pytest.mark.parametrize("adventure, cost", [
    ("puma", "2 guns"), ("desert", "3 provisions"), ("mountains", "2 ropes"),
    ("canyon", "timber + rope"), ("lake", "2 timbers"), ("natives", "pearl"),
])
def test_costs_the_examples_fix(adventure: str, cost: str) -> None:
    tiles = [t for t in default_tiles().tiles if t.adventure == adventure]
    assert tiles and all(t.cost == kit(cost) for t in tiles)


def test_rewards_the_examples_fix() -> None:
    ts = default_tiles()
    for t in ts.tiles:
        if t.adventure == "puma":
            assert t.trade is not None and t.trade.needs == "red"
            assert t.trade.gives == (kit("2 provisions"),)
        if t.adventure == "lake":
            assert t.trade is not None and t.trade.white == kit("fishing rod")
            assert t.trade.gives == (kit("2 provisions"),)
        if t.adventure == "natives":
            assert t.trade is not None and t.trade.needs == "red"
            assert set(t.trade.gives) == {kit("gun"), kit("spade")}
    start = ts.start
    assert start.trade is not None and start.trade.needs == "nothing"
    assert start.trade.gives == (kit("2 pearls + 3 provisions"),)


def test_equipment_lines_the_illustrations_show() -> None:
    lines = {(str(t.trade.white), tuple(str(g) for g in t.trade.gives))
             for t in default_tiles().tiles if t.trade and t.trade.needs == "white"}
    assert ("pearl", ("gun", "spade")) in lines
    assert ("spade", ("2 timbers",)) in lines
    assert ("spade", ("rope + timber",)) in lines
    assert ("spade", ("2 ropes", "2 timbers")) in lines or \
        ("spade", ("2 timbers", "2 ropes")) in lines


def test_marker_values() -> None:
    ts = default_tiles()
    assert ts.marker("desert") == 5 and ts.marker("natives") == 2
    assert all(2 <= a.marker <= 5 for a in ts.adventures)


def test_every_article_can_be_obtained_and_every_adventure_paid() -> None:
    ts = default_tiles()
    obtainable = Counter()
    for t in ts.tiles:
        if t.trade:
            for g in t.trade.gives:
                obtainable.update(dict(g.items()))
    assert set(obtainable) == {"provision", "pearl", "rope", "gun", "spade", "timber",
                               "fishing rod"}
    for t in ts.tiles:
        if t.adventure:
            assert all(name in obtainable for name, _ in t.cost.items())
            assert t.cost.size <= 4  # payable by an ordeal too


def test_unknown_values_are_marked_reconstructed() -> None:
    raw = _raw()
    assert "reconstructed" not in raw["adventures"]["desert"]
    assert "reconstructed" not in raw["adventures"]["natives"]
    for key in ("bandits", "puma", "mountains", "canyon", "lake"):
        assert raw["adventures"][key]["reconstructed"] == ["marker"]
    for t in default_tiles().tiles:
        assert "exits" in t.reconstructed
        if t.adventure == "bandits":
            assert {"cost", "trade"} <= set(t.reconstructed)
        if t.adventure == "puma":
            assert "cost" not in t.reconstructed and "trade" not in t.reconstructed


def test_the_file_follows_its_json_schema() -> None:
    jsonschema = pytest.importorskip("jsonschema")
    schema = json.loads((DATA / "tiles.schema.json").read_text(encoding="utf-8"))
    jsonschema.validate(_raw(), schema)


def test_a_users_own_file_is_loaded(tmp_path: Path) -> None:
    data = _raw()
    for t in data["tiles"]:
        if t["id"] == "T14":
            t["cost"] = "gun + provision"
    path = tmp_path / "my-tiles.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert load_tiles(path).by_id("T14").cost == kit("gun + provision")
    s = goldlab.make("goldland", players=2, seed=1, tiles=path)
    assert s.tileset.by_id("T14").cost == kit("gun + provision")


@pytest.mark.parametrize("tile, field, value, message", [
    ("T17", "cost", "2 gnus", "tile T17, field 'cost'"),
    ("T17", "exits", "NEX", "tile T17, field 'exits'"),
    ("T05", "treasure_field", True, "tile T05, field 'treasure_field'"),
    ("T05", "kind", "island", "tile T05, field 'kind'"),
    ("T20", "adventure", "dragon", "tile T20, field 'adventure'"),
    ("C03", "exits", "NES", "tile C03, field 'exits'"),
    ("T05", "trade", {"needs": "spade"}, "tile T05, field 'trade.gives'"),
    ("T05", "trade", {"needs": "spade", "gives": ["2 treasures"]}, "tile T05, field 'trade.gives'"),
    ("T05", "colour", "red", "tile T05, field 'colour'"),
    ("T30", "trade", {"needs": 3, "gives": ["pearl"]}, "tile T30, field 'trade.needs'"),
])
def test_a_malformed_tile_names_the_tile_and_the_field(tile: str, field: str, value: object,
                                                       message: str) -> None:
    data = copy.deepcopy(_raw())
    for t in data["tiles"]:
        if t["id"] == tile:
            t[field] = value
    with pytest.raises(TileDataError, match=message):
        load_tiles(data)


def test_set_level_errors(tmp_path: Path) -> None:
    data = copy.deepcopy(_raw())
    data["tiles"] = data["tiles"][:-1]
    with pytest.raises(TileDataError, match="36 inner tiles"):
        load_tiles(data)
    data = copy.deepcopy(_raw())
    data["adventures"]["desert"]["marker"] = 7
    with pytest.raises(TileDataError, match="adventure desert, field 'marker'"):
        load_tiles(data)
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    with pytest.raises(TileDataError, match="not valid JSON"):
        load_tiles(bad)


def test_a_bad_tiles_option_is_an_options_error() -> None:
    with pytest.raises(OptionsError, match="cannot read tile file"):
        goldlab.make("goldland", players=2, tiles=Path("/no/such/file.json"))
