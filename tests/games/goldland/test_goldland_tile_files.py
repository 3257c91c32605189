"""Tile files are untrusted input: read only regular files under a cap; records carry content.

Issue 16: a record, results metadata or an OpenSpiel game string could name a path as the
tile set (``/dev/zero``, a FIFO, the terminal) and error messages told whether a file exists.
"""

from __future__ import annotations

import base64
import hashlib
import json
import os
import pty
import threading
import zlib
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

import goldlab
from goldlab.core.errors import OptionsError, RecordError
from goldlab.core.record import Record, load_record
from goldlab.games.goldland.tiles import (
    MAX_FILE_BYTES,
    TileDataError,
    default_tiles,
    embed,
    load_tiles,
    read_tile_file,
    tiles_argument,
    tiles_from_option,
)

SHIPPED = resources.files("goldlab.games.goldland").joinpath("data/tiles.json")


def _raw() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(SHIPPED.read_text(encoding="utf-8"))
    return data


def _custom_file(folder: Path, title: str = "My tiles") -> Path:
    data = _raw()
    data["title"] = title
    path = folder / "my-tiles.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def _refuses_quickly(path: Path, match: str) -> None:
    """Loading ``path`` raises TileDataError matching ``match`` within 5 s (no blocking)."""
    outcome: list[BaseException | None] = []

    def attempt() -> None:
        try:
            load_tiles(path)
        except BaseException as exc:  # handed to the test thread
            outcome.append(exc)
        else:
            outcome.append(None)

    worker = threading.Thread(target=attempt, daemon=True)
    worker.start()
    worker.join(5)
    assert not worker.is_alive(), f"loading {path} blocked"
    assert isinstance(outcome[0], TileDataError), outcome
    assert match in str(outcome[0])


# ----------------------------------------------------------- files a user names
def test_dev_zero_is_refused_unread() -> None:
    _refuses_quickly(Path("/dev/zero"), "not a regular file")
    with pytest.raises(OptionsError, match="not a regular file"):
        goldlab.make("goldland", players=2, tiles=Path("/dev/zero"))


def test_a_fifo_is_refused_without_waiting_for_a_writer(tmp_path: Path) -> None:
    fifo = tmp_path / "tiles.json"
    os.mkfifo(fifo)
    _refuses_quickly(fifo, "not a regular file")


def test_a_terminal_is_refused_without_reading_it() -> None:
    leader, follower = pty.openpty()
    try:
        _refuses_quickly(Path(os.ttyname(follower)), "not a regular file")
    finally:
        os.close(leader)
        os.close(follower)


def test_a_directory_and_a_too_large_file_are_refused(tmp_path: Path) -> None:
    _refuses_quickly(tmp_path, "not a regular file")
    big = tmp_path / "big.json"
    big.write_bytes(b" " * (MAX_FILE_BYTES + 1))
    with pytest.raises(TileDataError, match="larger than"):
        read_tile_file(big)


def test_a_users_file_is_read_once_into_content(tmp_path: Path) -> None:
    path = _custom_file(tmp_path)
    state = goldlab.make("goldland", players=2, seed=3, tiles=path)
    stored = state.game.options.tiles
    assert stored.startswith("sha256:")
    assert str(path) not in stored and "my-tiles" not in stored
    digest = stored.split(":")[1]
    canonical = json.dumps(json.loads(path.read_text()), sort_keys=True,
                           separators=(",", ":"), ensure_ascii=True).encode()
    assert digest == hashlib.sha256(canonical).hexdigest()
    path.unlink()  # the content is kept: the file is not needed any more
    again = goldlab.make("goldland", players=2, seed=3, tiles=stored)
    assert again.tileset.title == "My tiles"
    assert again.tileset == state.tileset


def test_the_shipped_content_is_stored_as_the_shipped_set(tmp_path: Path) -> None:
    copy = tmp_path / "copy.json"
    copy.write_bytes(SHIPPED.read_bytes())
    assert goldlab.make("goldland", players=2, tiles=copy).game.options.tiles == ""
    assert embed(default_tiles()) == ""


def test_an_edited_file_is_noticed(tmp_path: Path) -> None:
    path = _custom_file(tmp_path, "First")
    assert goldlab.make("goldland", players=2, seed=1, tiles=path).tileset.title == "First"
    _custom_file(tmp_path, "Second")
    assert goldlab.make("goldland", players=2, seed=1, tiles=path).tileset.title == "Second"


def test_the_command_line_names_a_file_and_keeps_content_as_text() -> None:
    assert tiles_argument("my-tiles.json") == Path("my-tiles.json")
    assert tiles_argument("") == ""
    assert tiles_argument("sha256:abc") == "sha256:abc"


# ------------------------------------------------- text never names a file
@pytest.mark.parametrize("value", ["/dev/zero", "/dev/stdin", "/etc/hostname", "tiles.json",
                                   "/no/such/file.json"])
def test_option_text_is_never_opened(value: str, monkeypatch: pytest.MonkeyPatch) -> None:
    def no_open(*args: object, **kwargs: object) -> None:
        raise AssertionError(f"goldlab opened a file for the tiles option {value!r}")

    monkeypatch.setattr(os, "open", no_open)
    with pytest.raises(OptionsError, match="never a file name"):
        goldlab.make("goldland", players=2, tiles=value)


def test_an_existing_and_a_missing_path_give_the_same_message(tmp_path: Path) -> None:
    existing = _custom_file(tmp_path)
    messages = []
    for value in (str(existing), str(tmp_path / "missing.json")):
        with pytest.raises(OptionsError) as info:
            goldlab.make("goldland", players=2, tiles=value)
        messages.append(str(info.value))
    assert messages[0] == messages[1]


def _record_with_tiles(value: str) -> dict[str, Any]:
    record = Record.of(goldlab.make("goldland", players=2, seed=5, mode="study")).to_dict()
    record["options"]["tiles"] = value
    return record


def test_a_path_in_a_record_is_refused_and_does_not_tell_whether_it_exists(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    existing = _custom_file(tmp_path)
    messages = []
    for value in (str(existing), str(tmp_path / "missing.json"), "/dev/zero"):
        record = load_record(json.dumps(_record_with_tiles(value)))
        with monkeypatch.context() as patch:
            patch.setattr(os, "open", lambda *a, **k: pytest.fail("a record opened a file"))
            with pytest.raises(RecordError) as info:
                record.replay()
        messages.append(str(info.value))
    assert messages[0] == messages[1] == messages[2]
    assert str(tmp_path) not in messages[0]


def test_a_record_embeds_a_custom_tile_set_and_replays_without_the_file(tmp_path: Path) -> None:
    path = _custom_file(tmp_path, "Embedded")
    state = goldlab.make("goldland", players=2, seed=8, mode="study", tiles=path)
    text = Record.of(state).to_json()
    assert str(tmp_path) not in text
    path.unlink()
    again = load_record(text).replay()
    assert again.tileset.title == "Embedded"
    assert str(again.observation(0)) == str(state.observation(0))


def test_a_path_in_an_openspiel_game_string_is_refused_alike(tmp_path: Path) -> None:
    pyspiel = pytest.importorskip("pyspiel")
    from goldlab.interop import openspiel

    openspiel.register("goldland")
    existing = _custom_file(tmp_path)
    messages = []
    for value in (str(existing), str(tmp_path / "missing.json")):
        with pytest.raises(OptionsError) as info:
            pyspiel.load_game(f"goldlab_goldland(players=2,tiles={value})")
        messages.append(str(info.value).replace(value, "<path>"))
    assert messages[0] == messages[1]
    game = openspiel.load_game("goldland", 2, tiles=existing)
    assert str(tmp_path) not in str(game)
    assert pyspiel.load_game(str(game)).goldlab_game.options.tile_set().title == "My tiles"


# --------------------------------------------------- embedded content checked
def test_embedded_content_is_checked_against_its_digest() -> None:
    data = _raw()
    data["title"] = "Tampered"
    value = embed(load_tiles(data))
    prefix, digest, packed = value.split(":")
    other = embed(load_tiles({**data, "title": "Other"})).split(":")[2]
    with pytest.raises(TileDataError, match="does not match its sha256"):
        tiles_from_option(f"{prefix}:{digest}:{other}")
    with pytest.raises(TileDataError, match="cut short"):
        tiles_from_option(value[:-8])
    with pytest.raises(TileDataError, match="64 hex"):
        tiles_from_option(f"{prefix}:{digest[:10]}:{packed}")
    with pytest.raises(TileDataError, match="base64url zlib"):
        tiles_from_option(f"{prefix}:{digest}:!!!!")


def test_a_decompression_bomb_is_refused() -> None:
    blob = b" " * (MAX_FILE_BYTES * 20)
    packed = base64.urlsafe_b64encode(zlib.compress(blob, 9)).decode().rstrip("=")
    value = f"sha256:{hashlib.sha256(blob).hexdigest()}:{packed}"
    with pytest.raises(TileDataError, match="larger than"):
        tiles_from_option(value)


# ----------------------------------------------------------- malformed files
def test_deep_nesting_is_a_tile_data_error(tmp_path: Path) -> None:
    path = tmp_path / "deep.json"
    path.write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    with pytest.raises(TileDataError, match="nests too deeply"):
        load_tiles(path)
    data = _raw()
    nested: Any = []
    for _ in range(5_000):
        nested = [nested]
    data["tiles"][0]["note"] = nested
    with pytest.raises(TileDataError):
        load_tiles(data)


@pytest.mark.parametrize("where", ["tile", "adventure"])
def test_an_object_among_reconstructed_fields_is_a_tile_data_error(where: str) -> None:
    data = _raw()
    if where == "tile":
        data["tiles"][5]["reconstructed"] = [{}]
    else:
        data["adventures"]["puma"]["reconstructed"] = [{}]
    with pytest.raises(TileDataError, match="reconstructed"):
        load_tiles(data)


def test_not_utf8_and_huge_numbers_are_tile_data_errors(tmp_path: Path) -> None:
    path = tmp_path / "latin.json"
    path.write_bytes(b'{"title": "\xe9"}')
    with pytest.raises(TileDataError, match="not UTF-8"):
        load_tiles(path)
    data = _raw()
    inner = next(t for t in data["tiles"] if t.get("adventure"))
    inner["cost"] = "9" * 5000 + " timbers"
    with pytest.raises(TileDataError, match="cost"):
        load_tiles(data)


def test_error_messages_echo_only_a_short_prefix() -> None:
    data = _raw()
    data["tiles"][3]["kind"] = "x" * 100_000
    with pytest.raises(TileDataError) as info:
        load_tiles(data)
    assert "field 'kind'" in str(info.value)
    assert len(str(info.value)) < 400
