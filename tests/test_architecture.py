"""The layers of docs/architecture.md, checked: each part of goldlab imports only what it may.

Every ``import`` and ``from … import`` in the package is read (those inside
functions too, which load lazily), and each arrow between parts must be one
that the architecture allows.  A new arrow fails here until the document and
this table say why it is right.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "goldlab"

GAME = "games.<game>"
"""Any one game folder: it may use the shared layers, never another game's folder."""

ALLOWED: dict[str, set[str]] = {
    "core": {"goldlab"},  # goldlab: the version number only
    GAME: {"core", "bots", "scenarios", "interop", "fast"},
    "bots": {"core"},
    "scenarios": {"core"},
    "testing": {"core"},
    "interop": {"core"},
    "fast": {"core", "bots"},
    "simulation": {"goldlab", "core", "bots"},
    "analysis": {"core", "simulation"},
    "views": {"goldlab", "core", "bots", "scenarios"},
    "lessons": {"goldlab", "core", "bots", "analysis", "simulation", "classroom", "views", GAME},
    "classroom": set(),  # standard library only: the lessons write to it
    "cli": {"ctrl_c", "core", "bots", "simulation", "analysis", "lessons", "classroom", GAME},
    "ctrl_c": set(),
    "_launch": {"cli", "ctrl_c"},
    "__main__": {"_launch"},
    "goldlab": {"core", "simulation"},  # simulation: goldlab.simulate, loaded on first use
    "games": set(),  # the folder of game folders: found by the registry, imports nothing
}
"""Part -> the parts it may import.  Game folders may reach into their shared bases
(``interop.encoding``, ``interop.raster``, and ``fast``: the game's compiled twin in
``twin/`` and the fast-path factory ``fastpath.py``)."""

GAME_MAY_USE_FROM_INTEROP = {"goldlab.interop.encoding", "goldlab.interop.raster"}
TWIN = "twin"
"""A game's compiled twin is the folder ``games/<game>/twin/``: it is built from ``fast``'s
shared tools and reads its own game's data; only ``fastpath.py`` opens it, lazily."""
FASTPATH = "fastpath.py"


def _part(module: str) -> str | None:
    parts = module.split(".")
    if parts[0] != "goldlab":
        return None
    if len(parts) == 1:
        return "goldlab"
    if parts[1] == "games" and len(parts) > 2:
        return f"games.{parts[2]}"
    return parts[1]


def _arrows(every: bool = False) -> list[tuple[str, str, str, Path]]:
    """(from part, to part, module imported, file) for every import inside goldlab that
    crosses from one part to another (``every``: within a part too)."""
    out = []
    for path in sorted(PACKAGE.rglob("*.py")):
        module = ".".join(path.relative_to(PACKAGE.parent).with_suffix("").parts)
        module = module.removesuffix(".__init__")
        source = _part(module)
        assert source is not None
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names = [node.module]
            elif isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            else:
                continue
            for name in names:
                target = _part(name)
                if target is not None and (every or target != source):
                    out.append((source, target, name, path))
    return out


def _allowed(source: str, target: str, module: str, path: Path) -> bool:
    if source.startswith("games."):
        if target.startswith("games."):
            return False  # one game never reaches into another's folder
        if target == "interop":
            return module in GAME_MAY_USE_FROM_INTEROP
        if target == "fast":
            return _in_twin(path) or path.name == FASTPATH
        return target in ALLOWED[GAME]
    allowed = ALLOWED.get(source)
    if allowed is None:
        return False
    if target.startswith("games."):
        return GAME in allowed
    return target in allowed


def _in_twin(path: Path) -> bool:
    """True for a module of a game's compiled twin: ``games/<game>/twin/*.py``."""
    return path.parent.name == TWIN and path.parent.parent.parent.name == "games"


def _opens_a_twin(module: str) -> bool:
    return len(module.split(".")) > 3 and module.split(".")[3] == TWIN


def _may_open_twin(module: str, path: Path) -> bool:
    """Only the twin's own game opens it, in ``fastpath.py`` or inside the twin itself."""
    game_folder = PACKAGE / "games" / module.split(".")[2]
    return path in (game_folder / FASTPATH, *(game_folder / TWIN).glob("*.py"))


def test_only_the_games_fastpath_opens_its_twin() -> None:
    wrong = [f"{path.relative_to(PACKAGE.parent)} imports {module}"
             for _, _, module, path in _arrows(every=True)
             if _opens_a_twin(module) and not _may_open_twin(module, path)]
    assert not wrong, "a twin is opened only by its game's fastpath.py:\n" + "\n".join(wrong)


def test_fast_is_a_toolkit_that_names_no_game() -> None:
    games = [f"{path.relative_to(PACKAGE.parent)} imports {module}"
             for source, target, module, path in _arrows()
             if source == "fast" and target.startswith("games.")]
    assert not games, "fast/ holds the twins' shared tools only:\n" + "\n".join(games)
    twins = sorted(p.parent.relative_to(PACKAGE).as_posix()
                   for p in PACKAGE.glob(f"games/*/{TWIN}/__init__.py"))
    assert twins == ["games/gold/twin", "games/goldland/twin", "games/goldrush/twin"]


def test_the_twin_rule_is_structural() -> None:
    twin = PACKAGE / "games" / "goldland" / TWIN / "legal.py"
    assert _allowed("games.goldland", "fast", "goldlab.fast.mt", twin)
    assert _allowed("games.goldland", "fast", "goldlab.fast",
                    PACKAGE / "games" / "goldland" / FASTPATH)
    assert not _allowed("games.goldland", "fast", "goldlab.fast.mt",
                        PACKAGE / "games" / "goldland" / "movement.py")
    assert not _allowed("fast", "games.goldland", "goldlab.games.goldland.tiles",
                        PACKAGE / "fast" / "mt.py")
    assert not _allowed("games.goldland", "games.gold", "goldlab.games.gold.cards", twin)
    assert _may_open_twin("goldlab.games.goldland.twin.play",
                          PACKAGE / "games" / "goldland" / FASTPATH)
    assert not _may_open_twin("goldlab.games.goldland.twin.play",
                              PACKAGE / "games" / "goldland" / "state.py")
    assert not _may_open_twin("goldlab.games.gold.twin.kernel",
                              PACKAGE / "games" / "goldland" / FASTPATH)


def test_every_import_follows_the_layers() -> None:
    wrong = [f"{path.relative_to(PACKAGE.parent)}: {source} imports {module}"
             for source, target, module, path in _arrows()
             if not _allowed(source, target, module, path)]
    assert not wrong, "imports the architecture does not allow:\n" + "\n".join(wrong)


def test_every_part_of_the_package_is_in_the_table() -> None:
    parts = {_part(".".join(p.relative_to(PACKAGE.parent).with_suffix("").parts)
                   .removesuffix(".__init__")) for p in PACKAGE.rglob("*.py")}
    unknown = {p for p in parts if p is not None and not p.startswith("games.")} - set(ALLOWED)
    assert not unknown, f"parts missing from the table (and from docs/architecture.md): {unknown}"


@pytest.mark.parametrize("source, target, module, name", [
    ("core", "simulation", "goldlab.simulation", "state.py"),
    ("games.gold", "games.goldland", "goldlab.games.goldland.tiles", "rules.py"),
    ("games.gold", "interop", "goldlab.interop.openspiel", "encoding.py"),
    ("games.gold", "fast", "goldlab.fast.mt", "state.py"),
    ("fast", "games.gold", "goldlab.games.gold.twin.kernel", "__init__.py"),
    ("bots", "views", "goldlab.views", "__init__.py"),
])
def test_the_check_refuses_a_wrong_arrow(source: str, target: str, module: str,
                                         name: str) -> None:
    assert not _allowed(source, target, module, Path(name))


def test_the_architecture_document_names_every_part() -> None:
    text = (PACKAGE.parent / "docs" / "architecture.md").read_text(encoding="utf-8")
    for part in ALLOWED:
        if part not in ("goldlab", "__main__", "_launch"):
            name = "games/<game>" if part == GAME else part
            assert f"`{name}" in text, f"docs/architecture.md does not describe {part}"


CORE_ORDER = ("errors", "files", "values", "options", "notation", "parts", "presentation", "game",
              "state", "description", "registry", "record")
"""core's modules from the bottom up: each imports only modules further down."""

CORE_UPWARD_CALLS = {
    ("state", "record"): "State.record() makes a Record",
    ("game", "registry"): "Game.presenter() finds the game's description",
    ("description", "registry"): "GameDescription.part() finds a registered description",
}
"""The only upward imports in core: one each, inside the function that needs it (loaded
when called, never at import).  Imports for type checking only do not count."""


def _runtime_imports(tree: ast.Module) -> list[tuple[str, bool]]:
    """(goldlab module, inside a function) for each import not under TYPE_CHECKING."""
    found: list[tuple[str, bool]] = []

    def visit(node: ast.AST, in_function: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test):
                continue
            if isinstance(child, ast.ImportFrom) and child.module and child.level == 0:
                found.append((child.module, in_function))
            elif isinstance(child, ast.Import):
                found.extend((a.name, in_function) for a in child.names)
            visit(child, in_function or isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef))

    visit(tree, False)
    return [(name, inside) for name, inside in found if name.startswith("goldlab.core.")]


def test_core_modules_import_only_downwards() -> None:
    core = PACKAGE / "core"
    listed = {p.stem for p in core.glob("*.py")} - {"__init__"}
    assert listed == set(CORE_ORDER), f"CORE_ORDER does not list {listed ^ set(CORE_ORDER)}"
    wrong = []
    for level, name in enumerate(CORE_ORDER):
        tree = ast.parse((core / f"{name}.py").read_text(encoding="utf-8"))
        for module, inside_a_function in _runtime_imports(tree):
            target = module.removeprefix("goldlab.core.")
            if CORE_ORDER.index(target) < level:
                continue
            if inside_a_function and (name, target) in CORE_UPWARD_CALLS:
                continue
            wrong.append(f"core/{name}.py imports {module}")
    assert not wrong, "core modules that import upwards (a circle):\n" + "\n".join(wrong)
