"""The 49 terrain tiles of Goldland as data: the model and its one loader.

The rule text never lists the tiles, so goldlab ships a *reconstruction* in
``data/tiles.json`` (schema: ``data/tiles.schema.json``; how it was made:
``docs/goldland-tiles.md``).  A player who owns the game can transcribe the real
tiles into a file of the same format and pass its path as the ``tiles`` option;
:func:`load_tiles` reads either and refuses a malformed file with one
:class:`TileDataError` naming the tile and the field.

A tile has paths leaving some of its four sides (its *exits*, given in the
tile's printed orientation: a coastal tile with the sea at the bottom), an
equipment line (:class:`Trade`: white prerequisite or red adventure payment,
then the black articles, side-by-side alternatives as separate kits), and
optionally an adventure with its red cost, a treasure field or a village.
"""

from __future__ import annotations

import base64
import dataclasses
import hashlib
import json
import os
import reprlib
import zlib
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from goldlab.core.errors import GoldlabError, InvalidActionError
from goldlab.core.files import read_bounded
from goldlab.games.goldland.articles import EMPTY, Kit, parse_kit

FORMAT = "goldland-tiles"
FORMAT_VERSION = 1
DIRECTIONS = "NESW"
"""The four sides of a tile, clockwise: north, east, south, west."""
KINDS = ("start", "coastal", "inner")
ADVENTURES: tuple[str, ...] = (
    "bandits", "puma", "desert", "mountains", "canyon", "lake", "natives",
)
"""The seven adventures in rulebook order."""
ADVENTURE_NAMES: dict[str, str] = {a: a.capitalize() for a in ADVENTURES}
NEEDS = ("nothing", "white", "red")
MAX_FILE_BYTES = 1_000_000


class TileDataError(GoldlabError, ValueError):
    """A tile file that does not follow the format; the message names tile and field."""


def sides(text: str) -> int:
    """A bitmask of sides from letters such as ``"NEW"`` (bit 0 = N, 1 = E, 2 = S, 3 = W)."""
    mask = 0
    for letter in text.upper():
        index = DIRECTIONS.find(letter)
        if index < 0:
            raise ValueError(f"{letter!r} is not a side (use N, E, S, W)")
        mask |= 1 << index
    return mask


def rotate(mask: int, quarter_turns: int) -> int:
    """A side bitmask turned clockwise by ``quarter_turns`` × 90 degrees."""
    q = quarter_turns % 4
    return ((mask << q) | (mask >> (4 - q))) & 0b1111


@dataclass(frozen=True, slots=True)
class Trade:
    """An equipment line: what you must have (or have paid) and what you may take.

    ``needs`` is ``"nothing"`` (the start tile), ``"white"`` (keep ``white`` in
    your backpack) or ``"red"`` (the adventure's red articles were used to
    enter this tile this turn, the Puma's line).  ``gives`` lists the
    side-by-side alternatives; each is a kit of overlapping articles taken
    together.
    """

    needs: str
    white: Kit
    gives: tuple[Kit, ...]

    def __str__(self) -> str:
        left = {"nothing": "-", "red": "(red)"}.get(self.needs, str(self.white))
        return f"{left} -> {' | '.join(str(g) for g in self.gives)}"


@dataclass(frozen=True, slots=True)
class Tile:
    """One terrain tile as printed."""

    index: int
    id: str
    name: str
    kind: str
    exits: int
    adventure: str | None = None
    cost: Kit = EMPTY
    trade: Trade | None = None
    treasure_field: bool = False
    village: bool = False
    corner: str | None = None
    first_game_slot: int | None = None
    stubs: int = 0
    reconstructed: tuple[str, ...] = ()

    def exits_at(self, quarter_turns: int) -> int:
        """The exits after turning the tile clockwise by ``quarter_turns``."""
        return rotate(self.exits, quarter_turns)

    def line(self) -> str:
        """The equipment line as text: red cost, prerequisite, reward, treasure field."""
        parts = []
        if self.adventure is not None:
            parts.append(f"{ADVENTURE_NAMES[self.adventure]}: red {self.cost}")
        if self.trade is not None:
            parts.append(str(self.trade))
        if self.treasure_field:
            parts.append("treasure field (yellow 2 provisions)")
        return "; ".join(parts) or "-"

    def __str__(self) -> str:
        return self.id

    def __repr__(self) -> str:
        return f"<Tile {self.id} {self.name}>"


@dataclass(frozen=True, slots=True)
class AdventureInfo:
    """One adventure type: how many tiles show it and its marker's value."""

    key: str
    name: str
    count: int
    marker: int
    reconstructed: tuple[str, ...] = ()


_MEMO_SIZE = 4096
"""Boards and stacks a tile set remembers for observations before starting afresh."""


@dataclass(frozen=True)
class TileSet:
    """A whole set of 49 tiles plus the adventure markers, loaded and checked."""

    title: str
    tiles: tuple[Tile, ...]
    adventures: tuple[AdventureInfo, ...]
    source: str = dataclasses.field(compare=False)
    """Where the set was read from (error messages); two sets with equal content are equal."""
    digest: str = ""
    """SHA-256 of the set's canonical JSON (sorted keys, no spaces): its identity."""
    raw: Mapping[str, Any] | None = dataclasses.field(default=None, repr=False, compare=False)
    """The JSON the set was built from (what :func:`embed` stores)."""
    _ids: dict[str, Tile] = dataclasses.field(default_factory=dict, repr=False, compare=False)
    _by_key: dict[str, AdventureInfo] = dataclasses.field(
        default_factory=dict, repr=False, compare=False)
    _laid: dict[tuple[int, ...], tuple[tuple[str, int] | None, ...]] = dataclasses.field(
        default_factory=dict, repr=False, compare=False)
    _face_down: dict[tuple[int, ...], tuple[str, ...]] = dataclasses.field(
        default_factory=dict, repr=False, compare=False)
    _marker_values: list[int] = dataclasses.field(
        default_factory=list, repr=False, compare=False)
    _free_coastal: list[Tile] = dataclasses.field(
        default_factory=list, repr=False, compare=False)
    exits_by_code: tuple[int, ...] = dataclasses.field(default=(), repr=False, compare=False)
    """The exits of a laid tile by its board code (tile index x 4 + quarter turns)."""

    def __post_init__(self) -> None:
        self._ids.update({t.id.upper(): t for t in self.tiles})
        self._by_key.update({a.key: a for a in self.adventures})
        table = tuple(t.exits_at(q) for t in self.tiles for q in range(4))
        object.__setattr__(self, "exits_by_code", table)

    @property
    def start(self) -> Tile:
        """The start tile."""
        return next(t for t in self.tiles if t.kind == "start")

    def corner(self, which: str) -> Tile:
        """The fixed corner coastal tile ``"SW"`` or ``"NE"``."""
        return next(t for t in self.tiles if t.corner == which)

    def free_coastal(self) -> tuple[Tile, ...]:
        """The 10 coastal tiles laid between the corners, in first-game order."""
        if not self._free_coastal:
            rest = [t for t in self.tiles if t.kind == "coastal" and t.corner is None]
            self._free_coastal.extend(sorted(rest, key=lambda t: (t.first_game_slot or 99,
                                                                 t.index)))
        return tuple(self._free_coastal)

    def inner(self) -> tuple[Tile, ...]:
        """The 36 tiles of the face-down stack."""
        return tuple(t for t in self.tiles if t.kind == "inner")

    def by_id(self, tile_id: str) -> Tile:
        """The tile with id ``tile_id``."""
        tile = self._ids.get(tile_id) or self._ids.get(tile_id.strip().upper())
        if tile is not None:
            return tile
        raise InvalidActionError(f"no tile {tile_id!r} in the tile set {self.title!r}")

    def marker_values(self) -> tuple[int, ...]:
        """Every marker's gold value, in :data:`ADVENTURES` order."""
        if not self._marker_values:
            self._marker_values.extend(self.marker(key) for key in ADVENTURES)
        return tuple(self._marker_values)

    def marker(self, adventure: str) -> int:
        """The gold value of an adventure's marker."""
        return self.adventure_info(adventure).marker

    def adventure_info(self, adventure: str) -> AdventureInfo:
        """The record of one adventure type."""
        found = self._by_key.get(adventure)
        if found is None:
            raise KeyError(f"no adventure {adventure!r} in the tile set {self.title!r}")
        return found

    def laid(self, board: tuple[int, ...]) -> tuple[tuple[str, int] | None, ...]:
        """A board of tile codes (index x 4 + quarter turns, -1 empty) as (id, degrees).

        Remembered per board: a game lays a tile only now and then, and every
        observation shows the board.
        """
        found = self._laid.get(board)
        if found is None:
            if len(self._laid) >= _MEMO_SIZE:
                self._laid.clear()
            tiles = self.tiles
            found = self._laid[board] = tuple(
                (tiles[v >> 2].id, (v & 3) * 90) if v >= 0 else None for v in board
            )
        return found

    def face_down(self, unseen: tuple[int, ...]) -> tuple[str, ...]:
        """The ids of the tiles ``unseen`` (indices), sorted; remembered per stack."""
        found = self._face_down.get(unseen)
        if found is None:
            if len(self._face_down) >= _MEMO_SIZE:
                self._face_down.clear()
            found = self._face_down[unseen] = tuple(sorted(self.tiles[i].id for i in unseen))
        return found

    def largest_package(self) -> int:
        """The most articles a single acquisition can give on any tile."""
        return max(
            (g.size for t in self.tiles if t.trade for g in t.trade.gives), default=0
        )


# ------------------------------------------------------------------ loading
EMBEDDED_PREFIX = "sha256:"
"""How a custom tile set embedded by content starts (see :func:`embed`)."""
_MAX_OPTION_CHARS = 4 * MAX_FILE_BYTES // 3 + 200
_CACHE_SIZE = 32


def load_tiles(source: str | os.PathLike[str] | Mapping[str, Any] | None = None) -> TileSet:
    """Load a tile set: the shipped reconstruction (None), a tile file's path, or parsed JSON.

    A file must be a regular file of at most :data:`MAX_FILE_BYTES` bytes (a
    device, FIFO or directory is refused before anything is read).  Raises
    :class:`TileDataError` with the tile id and field of the first problem found.
    """
    if source is None or source == "":
        return default_tiles()
    if isinstance(source, Mapping):
        return _build(source, "<data>")
    path = Path(source)
    return _parse(read_tile_file(path), _short_name(path))


def read_tile_file(path: str | os.PathLike[str]) -> bytes:
    """The bytes of a tile file: a regular file of at most :data:`MAX_FILE_BYTES` bytes.

    The file is opened without blocking (a FIFO never waits for a writer) and
    checked with ``fstat`` before one bounded read, so ``/dev/zero`` or a
    terminal is refused, never read.
    """
    return read_bounded(path, MAX_FILE_BYTES, "tile file", _short_name(Path(path)),
                        TileDataError)


def _short_name(path: Path) -> str:
    text = str(path)
    return text if len(text) <= 80 else "..." + text[-77:]


def _parse(data: bytes, source: str) -> TileSet:
    """Tile-file bytes (UTF-8 JSON) as a checked tile set."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise TileDataError(f"tile file {source} is not UTF-8 text") from None
    try:
        parsed = json.loads(text)
    except RecursionError:
        raise TileDataError(f"tile file {source} nests too deeply to be a tile file") from None
    except ValueError as exc:
        raise TileDataError(f"tile file {source} is not valid JSON: {exc}") from None
    return _build(parsed, source)


def _canonical(tile_set: TileSet) -> bytes:
    raw = tile_set.raw if tile_set.raw is not None else {}
    return json.dumps(raw, sort_keys=True, separators=(",", ":"), ensure_ascii=True).encode()


def embed(tile_set: TileSet) -> str:
    """The ``tiles`` option value that carries ``tile_set`` by content.

    ``""`` for the shipped reconstruction; otherwise
    ``"sha256:<64 hex digits>:<base64url of the zlib-compressed canonical JSON>"``,
    where the digest is the SHA-256 of the canonical JSON (sorted keys, no
    spaces, ASCII).  Records, results and OpenSpiel game strings store this,
    never a path.
    """
    if tile_set.digest == default_tiles().digest:
        return ""
    packed = base64.urlsafe_b64encode(zlib.compress(_canonical(tile_set), 9)).decode()
    return f"{EMBEDDED_PREFIX}{tile_set.digest}:{packed.rstrip('=')}"


def tiles_option(value: object) -> object:
    """What the user gave as the ``tiles`` option, as the value options store.

    A path (:class:`os.PathLike`, e.g. ``pathlib.Path``) is read once (see
    :func:`read_tile_file`); parsed JSON (a mapping) is checked; both become
    :func:`embed` text.  Text is kept as it is: :func:`tiles_from_option`
    checks it and never treats it as a path.
    """
    if isinstance(value, os.PathLike):
        return embed(load_tiles(value))
    if isinstance(value, Mapping):
        return embed(load_tiles(value))
    return value


def tiles_argument(text: str) -> str | Path:
    """A command-line value of the ``tiles`` option: embedded content stays text, else a path."""
    if text == "" or text.startswith(EMBEDDED_PREFIX):
        return text
    return Path(text)


@cache
def default_tiles() -> TileSet:
    """The reconstructed tile set shipped with goldlab (cached)."""
    data = resources.files("goldlab.games.goldland").joinpath("data/tiles.json").read_bytes()
    return _parse(data, "goldlab/games/goldland/data/tiles.json")


def tiles_from_option(value: str) -> TileSet:
    """The tile set a ``tiles`` option value names: ``""`` (shipped) or :func:`embed` text.

    Never opens a file: anything else, a path included, is refused with the
    same message whether or not such a file exists.  Sets are cached by their
    content's SHA-256, checked before the cache is consulted.
    """
    if value == "":
        return default_tiles()
    if not isinstance(value, str) or not value.startswith(EMBEDDED_PREFIX):
        raise TileDataError(
            "the 'tiles' option stored in a game takes '' (the shipped set) or an embedded "
            "tile set ('sha256:...'), never a file name; pass a tile file as a pathlib.Path"
        )
    digest, sep, packed = value[len(EMBEDDED_PREFIX):].partition(":")
    if not sep or len(digest) != 64 or digest.strip("0123456789abcdef"):
        raise TileDataError("the embedded tile set must be 'sha256:<64 hex digits>:<data>'")
    if len(packed) > _MAX_OPTION_CHARS:
        raise TileDataError(f"the embedded tile set is larger than {MAX_FILE_BYTES} bytes")
    try:
        compressed = base64.b64decode(packed + "=" * (-len(packed) % 4), altchars=b"-_",
                                      validate=True)
        inflater = zlib.decompressobj()
        data = inflater.decompress(compressed, MAX_FILE_BYTES + 1)
    except (ValueError, zlib.error):
        raise TileDataError("the embedded tile set is not base64url zlib data") from None
    if len(data) > MAX_FILE_BYTES or inflater.unconsumed_tail:
        raise TileDataError(f"the embedded tile set is larger than {MAX_FILE_BYTES} bytes")
    if not inflater.eof or inflater.unused_data:
        raise TileDataError("the embedded tile set is cut short or has data after its end")
    if hashlib.sha256(data).hexdigest() != digest:
        raise TileDataError("the embedded tile set does not match its sha256 digest")
    found = _BY_DIGEST.get(digest)
    if found is None:
        found = _parse(data, f"embedded tile set {digest[:12]}")
        if len(_BY_DIGEST) >= _CACHE_SIZE:
            _BY_DIGEST.pop(next(iter(_BY_DIGEST)))
        _BY_DIGEST[digest] = found
    return found


_BY_DIGEST: dict[str, TileSet] = {}


def _fail(where: str, field: str, problem: str) -> TileDataError:
    return TileDataError(f"{where}, field {field!r}: {problem}")


def _get(obj: Mapping[str, Any], where: str, field: str, kind: type | tuple[type, ...],
         default: Any = ...) -> Any:
    if field not in obj:
        if default is ...:
            raise _fail(where, field, "is missing")
        return default
    value = obj[field]
    if value is None and default is None:
        return None
    if not isinstance(value, kind) or (isinstance(value, bool) and bool not in _tuple(kind)):
        names = "/".join(k.__name__ for k in _tuple(kind))
        raise _fail(where, field, f"must be {names}, got {_short(value)}")
    return value


_REPR = reprlib.Repr()
_REPR.maxstring = _REPR.maxother = 40
_REPR.maxlevel = 2


def _short(value: Any) -> str:
    """A short repr of a value from the file: errors never echo a huge input."""
    return _REPR.repr(value)


def _tuple(kind: type | tuple[type, ...]) -> tuple[type, ...]:
    return kind if isinstance(kind, tuple) else (kind,)


def _kit(where: str, field: str, text: Any) -> Kit:
    if not isinstance(text, str):
        raise _fail(where, field,
                    f"must be articles as text such as '2 timbers', got {_short(text)}")
    if len(text) > 200:
        raise _fail(where, field, "is too long for a line of articles")
    try:
        value = parse_kit(text)
    except InvalidActionError as exc:
        raise _fail(where, field, str(exc)) from None
    except ValueError:  # e.g. a count too long to be a number
        raise _fail(where, field, f"{_short(text)} is not a line of articles") from None
    if not value.is_equipment():
        raise _fail(where, field, "only articles of equipment may appear on an equipment line")
    return value


def _build(data: Any, source: str) -> TileSet:
    try:
        return _build_checked(data, source)
    except TileDataError:
        raise
    except (TypeError, ValueError, KeyError, AttributeError, RecursionError) as exc:
        # A safety net: every check above should have named the problem already.
        raise TileDataError(f"{source}: malformed tile data ({type(exc).__name__})") from None


def _build_checked(data: Any, source: str) -> TileSet:
    if not isinstance(data, Mapping):
        raise TileDataError(f"{source}: the tile file must be a JSON object")
    top = f"{source} (top level)"
    if data.get("format") != FORMAT:
        raise _fail(top, "format", f"must be {FORMAT!r}")
    if data.get("version") != FORMAT_VERSION:
        raise _fail(top, "version", f"must be {FORMAT_VERSION}")
    title = _get(data, top, "title", str, "Goldland tiles")
    if len(title) > 200:
        raise _fail(top, "title", "must be at most 200 characters")
    adventures = _adventures(_get(data, top, "adventures", Mapping), source)
    raw_tiles = _get(data, top, "tiles", list)
    tiles: list[Tile] = []
    seen: set[str] = set()
    for index, raw in enumerate(raw_tiles):
        tile = _tile(index, raw, source)
        if tile.id.lower() in seen:
            raise _fail(f"{source} tile {tile.id}", "id", "is used by two tiles")
        seen.add(tile.id.lower())
        tiles.append(tile)
    _check_set(tiles, adventures, source)
    try:
        canonical = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    except (TypeError, ValueError, RecursionError):
        raise TileDataError(f"{source}: the tile data is not plain JSON") from None
    return TileSet(title=title, tiles=tuple(tiles), adventures=adventures, source=source,
                   digest=hashlib.sha256(canonical.encode()).hexdigest(), raw=data)


def _adventures(raw: Mapping[str, Any], source: str) -> tuple[AdventureInfo, ...]:
    out = []
    for key in ADVENTURES:
        where = f"{source} adventure {key}"
        if key not in raw or not isinstance(raw[key], Mapping):
            raise TileDataError(f"{source}, field 'adventures': {key!r} is missing")
        entry = raw[key]
        marker = _get(entry, where, "marker", int)
        if not 2 <= marker <= 5:
            raise _fail(where, "marker", f"must be from 2 to 5 gold, got {marker}")
        count = _get(entry, where, "count", int)
        recon = _get(entry, where, "reconstructed", list, [])
        if not all(isinstance(r, str) for r in recon):
            raise _fail(where, "reconstructed", "must be a list of field names")
        out.append(AdventureInfo(key, ADVENTURE_NAMES[key], count, marker, tuple(recon)))
    extra = sorted(set(raw) - set(ADVENTURES))
    if extra:
        raise TileDataError(f"{source}, field 'adventures': unknown adventure {_short(extra[0])}")
    return tuple(out)


_TILE_FIELDS = {
    "id", "name", "kind", "exits", "adventure", "cost", "trade", "treasure_field", "village",
    "corner", "first_game_slot", "stubs", "reconstructed", "note",
}


def _tile(index: int, raw: Any, source: str) -> Tile:
    if not isinstance(raw, Mapping):
        raise TileDataError(f"{source} tile #{index + 1}: each tile must be a JSON object")
    tid = raw.get("id")
    if not isinstance(tid, str) or not tid.strip() or not tid.replace("-", "").isalnum():
        raise _fail(f"{source} tile #{index + 1}", "id", "must be a short name such as 'T07'")
    tid = tid.strip().upper()
    where = f"{source} tile {tid}"
    unknown = sorted(set(raw) - _TILE_FIELDS)
    if unknown:
        raise _fail(where, str(unknown[0])[:40], "is not a tile field (see tiles.schema.json)")
    name = _get(raw, where, "name", str, tid)
    kind = _get(raw, where, "kind", str)
    if kind not in KINDS:
        raise _fail(where, "kind", f"must be one of {', '.join(KINDS)}, got {_short(kind)}")
    try:
        exits = sides(_get(raw, where, "exits", str))
        stubs = sides(_get(raw, where, "stubs", str, ""))
    except ValueError as exc:
        raise _fail(where, "exits", str(exc)) from None
    if stubs & exits:
        raise _fail(where, "stubs", "a side cannot be both an exit and a partial route")
    adventure = _get(raw, where, "adventure", str, None)
    if adventure is not None and adventure not in ADVENTURES:
        raise _fail(where, "adventure", f"must be one of {', '.join(ADVENTURES)} or null")
    cost = EMPTY
    if adventure is not None:
        cost = _kit(where, "cost", _get(raw, where, "cost", str))
        if not cost:
            raise _fail(where, "cost", "an adventure must show at least one red article")
        if cost.size > 4:
            raise _fail(where, "cost", "an adventure costs at most 4 articles (ordeals use 4)")
    elif raw.get("cost") not in (None, "", "nothing"):
        raise _fail(where, "cost", "only adventure tiles show red articles")
    trade = _trade(where, raw.get("trade"), adventure is not None)
    treasure = _get(raw, where, "treasure_field", bool, False)
    if treasure and adventure is None:
        raise _fail(where, "treasure_field", "treasure fields are only on adventure tiles")
    village = _get(raw, where, "village", bool, False)
    corner = _get(raw, where, "corner", str, None)
    if corner is not None and (corner not in ("SW", "NE") or kind != "coastal"):
        raise _fail(where, "corner", "must be 'SW' or 'NE', on a coastal tile only")
    slot = _get(raw, where, "first_game_slot", int, None)
    if slot is not None and (kind != "coastal" or corner is not None or not 1 <= slot <= 10):
        raise _fail(where, "first_game_slot", "must be 1-10, on a non-corner coastal tile")
    if kind != "inner" and adventure is not None:
        raise _fail(where, "adventure", "only the 36 inner tiles have adventures")
    if kind == "coastal" and exits & sides("S"):
        raise _fail(where, "exits", "a coastal tile is given with the sea at the south: no S exit")
    if corner is not None and exits & sides("W"):
        raise _fail(where, "exits", "a corner tile has the sea at south and west: no W exit")
    recon = _get(raw, where, "reconstructed", list, [])
    for field in recon:
        if not isinstance(field, str) or field not in _TILE_FIELDS:
            raise _fail(where, "reconstructed", f"{_short(field)} is not a tile field")
    return Tile(
        index=index, id=tid, name=name, kind=kind, exits=exits, adventure=adventure, cost=cost,
        trade=trade, treasure_field=treasure, village=village, corner=corner,
        first_game_slot=slot, stubs=stubs, reconstructed=tuple(recon),
    )


def _trade(where: str, raw: Any, adventure: bool) -> Trade | None:
    if raw is None:
        return None
    if not isinstance(raw, Mapping):
        raise _fail(where, "trade", "must be an object with 'needs' and 'gives'")
    needs_text = raw.get("needs")
    if not isinstance(needs_text, str):
        raise _fail(where, "trade.needs", "must be 'nothing', 'red' or articles such as 'spade'")
    white = EMPTY
    if needs_text in ("nothing", "red"):
        needs = needs_text
        if needs == "red" and not adventure:
            raise _fail(where, "trade.needs", "'red' is only possible on an adventure tile")
    else:
        needs = "white"
        white = _kit(where, "trade.needs", needs_text)
        if not white:
            raise _fail(where, "trade.needs", "name the white article(s) or 'nothing'")
    gives_raw = raw.get("gives")
    if not isinstance(gives_raw, list) or not gives_raw:
        raise _fail(where, "trade.gives", "must be a non-empty list of alternatives")
    gives = tuple(_kit(where, "trade.gives", g) for g in gives_raw)
    if any(not g for g in gives):
        raise _fail(where, "trade.gives", "an alternative must name at least one article")
    if any(g.size > 12 for g in gives):
        raise _fail(where, "trade.gives", "a backpack holds 12 objects at most")
    return Trade(needs, white, gives)


def _check_set(tiles: list[Tile], adventures: tuple[AdventureInfo, ...], source: str) -> None:
    kinds = Counter(t.kind for t in tiles)
    where = f"{source} (tile set)"
    if kinds["start"] != 1:
        raise _fail(where, "kind", f"needs exactly 1 start tile, found {kinds['start']}")
    if kinds["coastal"] != 12:
        raise _fail(where, "kind", f"needs 12 coastal tiles, found {kinds['coastal']}")
    if kinds["inner"] != 36:
        raise _fail(where, "kind", f"needs 36 inner tiles, found {kinds['inner']}")
    corners = Counter(t.corner for t in tiles if t.corner)
    if corners != Counter({"SW": 1, "NE": 1}):
        raise _fail(where, "corner", "needs one 'SW' and one 'NE' corner coastal tile")
    free = [t for t in tiles if t.kind == "coastal" and t.corner is None]
    if sum(1 for t in free if not t.village) < 2:
        raise _fail(where, "village", "the two tiles beside the start need no village: "
                                      "at least 2 coastal tiles must have none")
    slots = [t.first_game_slot for t in free if t.first_game_slot is not None]
    if slots and sorted(slots) != list(range(1, 11)):
        raise _fail(where, "first_game_slot", "the 10 free coastal tiles need slots 1-10")
    counts = Counter(t.adventure for t in tiles if t.adventure)
    for info in adventures:
        if counts[info.key] != info.count:
            raise _fail(
                f"{source} adventure {info.key}", "count",
                f"says {info.count} tiles but the file has {counts[info.key]}",
            )
    start = next(t for t in tiles if t.kind == "start")
    if start.exits & ~sides("NW"):
        raise _fail(f"{source} tile {start.id}", "exits", "the start tile (SE corner) can only "
                                                          "have exits N and W")
