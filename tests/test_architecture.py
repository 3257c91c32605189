"""The layers of docs/architecture.md, checked: each part of goldlab imports only what it may.

Every ``import`` and ``from … import`` in the package is read (those inside
functions too, which load lazily), and each arrow between parts must be one
that the architecture allows.  A new arrow fails here until the document and
this table say why it is right.
"""

from __future__ import annotations

import ast
import re
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
              "state", "description", "registry", "record", "replay")
"""core's modules from the bottom up: each imports only modules further down."""

CORE_UPWARD_CALLS = {
    ("state", "record"): "State.record() makes a Record",
    ("game", "registry"): "Game.presenter() finds the game's description",
    ("description", "registry"): "GameDescription.part() finds a registered description",
}
"""The only upward imports in core: one each, inside the function that needs it (loaded
when called, never at import).  Imports for type checking only do not count."""


def _runtime_imports(tree: ast.Module, package: str | None = None) -> list[tuple[str, bool]]:
    """(module, inside a function) for each import not under TYPE_CHECKING; a from-import of
    ``package`` itself names the module imported (``from goldlab.games.gold import picture``
    is ``goldlab.games.gold.picture``)."""
    found: list[tuple[str, bool]] = []

    def visit(node: ast.AST, in_function: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test):
                continue
            if isinstance(child, ast.ImportFrom) and child.module and child.level == 0:
                if child.module == package:
                    found.extend((f"{package}.{a.name}", in_function) for a in child.names)
                else:
                    found.append((child.module, in_function))
            elif isinstance(child, ast.Import):
                found.extend((a.name, in_function) for a in child.names)
            visit(child, in_function or isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef))

    visit(tree, False)
    return found


def test_core_modules_import_only_downwards() -> None:
    core = PACKAGE / "core"
    listed = {p.stem for p in core.glob("*.py")} - {"__init__"}
    assert listed == set(CORE_ORDER), f"CORE_ORDER does not list {listed ^ set(CORE_ORDER)}"
    wrong = []
    for level, name in enumerate(CORE_ORDER):
        tree = ast.parse((core / f"{name}.py").read_text(encoding="utf-8"))
        for module, inside_a_function in _runtime_imports(tree):
            if not module.startswith("goldlab.core."):
                continue
            target = module.removeprefix("goldlab.core.")
            if CORE_ORDER.index(target) < level:
                continue
            if inside_a_function and (name, target) in CORE_UPWARD_CALLS:
                continue
            wrong.append(f"core/{name}.py imports {module}")
    assert not wrong, "core modules that import upwards (a circle):\n" + "\n".join(wrong)


# ---------------------------------------------------------------- one recipe per game folder
RECIPE = {
    "__init__": "the one register(GameDescription(...)) of the game",
    "game": "the Game: players, options, notation, the action table",
    "options": "the game's options (with the rulings they encode)",
    "state": "the State: the hooks of core/state.py",
    "rules": "the rules as pure functions of a position (the twin mirrors them)",
    "actions": "the actions as values and their notation",
    "events": "the events as values, and the rule sections they name",
    "observation": "what a seat sees, and what it may know",
    "position": "the whole position as a value, positions built by hand, the check of a "
                "loaded one",
    "rulebook": "the rulebook's sentences, and SECTIONS: the game's own modules",
    "bots": "the game's bots and their ladders",
    "search": "the search hooks of ismcts",
    "scenarios": "the rulebook's examples",
    "encoding": "the one table of action integers (OpenSpiel, PettingZoo)",
    "raster": "the picture as an array of pixels, in the picture's colours",
    "results": "the game's own result columns",
    "fastpath": "which line-ups the compiled twin plays",
    "picture": "the one picture, a pure function of what a seat sees",
    "clicks": "what a click on the picture means: target ids and the action meant",
    "presenter": "the presenter: picture, clicks, words and inspector put together",
    "words": "steps, events and refusals in the players' words",
    "odds": "the odds panel's exact chances",
    "inspector": "the inspector's pages and the final breakdown",
}
"""Every game folder's modules: the recipe of docs/architecture.md (the folder ``twin/``
besides).  A module beyond it is named after a section of the game's rulebook."""
OPTIONAL = {"odds", "inspector"}
"""Recipe modules a game has only when it has that to say."""
PRESENTATION = {"picture", "clicks", "presenter", "words", "odds", "inspector"}
SHARED_RULES = PACKAGE.parents[1] / "shared" / "rules"
if not SHARED_RULES.is_dir():  # the rulebooks live beside the repository
    SHARED_RULES = Path("/work/shared/rules")


def _game_folders() -> list[Path]:
    return sorted(p.parent for p in (PACKAGE / "games").glob("*/__init__.py"))


def _game_modules(folder: Path) -> set[str]:
    return {p.stem for p in folder.glob("*.py")}


def test_the_recipe_is_the_table_of_the_architecture_document() -> None:
    text = (PACKAGE.parent / "docs" / "architecture.md").read_text(encoding="utf-8")
    recipe = text.split("## One recipe for every game folder", 1)[1].split("\n## ", 1)[0]
    rows = {re.sub(r"\.py$", "", name) for line in recipe.splitlines()
            if line.startswith("| `") for name in re.findall(r"`([a-z_]+\.py)`",
                                                             line.split("|")[1])}
    assert rows == set(RECIPE), f"the recipe's table and RECIPE differ: {rows ^ set(RECIPE)}"


@pytest.mark.parametrize("folder", _game_folders(), ids=lambda p: p.name)
def test_each_game_folder_follows_the_recipe(folder: Path) -> None:
    import importlib

    modules = _game_modules(folder)
    missing = set(RECIPE) - OPTIONAL - modules
    assert not missing, f"{folder.name} lacks recipe modules {sorted(missing)}"
    rulebook = importlib.import_module(f"goldlab.games.{folder.name}.rulebook")
    sections: dict[str, str] = dict(getattr(rulebook, "SECTIONS", {}))
    own = modules - set(RECIPE)
    unnamed = own - set(sections)
    assert not unnamed, (f"{folder.name}: {sorted(unnamed)} are neither recipe modules nor "
                         "named after a rulebook section (rulebook.SECTIONS)")
    assert set(sections) <= own, f"{folder.name}'s SECTIONS names modules it does not have"
    if SHARED_RULES.is_dir():
        headings = {line.strip(" ☆\t").casefold()
                    for path in SHARED_RULES.glob("*.txt")
                    for line in path.read_text(encoding="utf-8").splitlines()}
        for module, heading in sections.items():
            assert heading.casefold() in headings, \
                f"{folder.name}/{module}.py: no rulebook heading {heading!r}"


@pytest.mark.parametrize("folder", _game_folders(), ids=lambda p: p.name)
def test_the_engine_of_a_game_imports_none_of_its_presentation(folder: Path) -> None:
    """Presentation sits above the rules: the rules, state and positions never import the
    picture, clicks, words or presenter (an observation's ``_repr_html_`` and the raster
    image's colours ask the picture inside the function that needs it)."""
    wrong = []
    for path in sorted(folder.glob("*.py")):
        if path.stem in PRESENTATION:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for module, inside_a_function in _runtime_imports(tree, f"goldlab.games.{folder.name}"):
            parts = module.split(".")
            if parts[:3] != ["goldlab", "games", folder.name] or len(parts) < 4:
                continue
            if parts[3] in PRESENTATION and not (
                    inside_a_function and path.stem in ("observation", "raster")
                    and parts[3] == "picture"):
                wrong.append(f"{path.stem}.py imports {module}")
    assert not wrong, f"{folder.name}'s engine imports its presentation:\n" + "\n".join(wrong)


def test_no_test_lists_the_built_in_games_by_hand() -> None:
    """A test that covers every game asks the registry (``goldlab.names()``), so a fourth
    built-in game is not passed over."""
    tests = PACKAGE.parent / "tests"
    listed = re.compile(r"""["']gold["'],\s*["']gold(rush|land)["'],\s*["']gold(land|rush)["']""")
    wrong = [str(p.relative_to(tests)) for p in sorted(tests.rglob("*.py"))
             if listed.search(p.read_text(encoding="utf-8"))]
    assert not wrong, "tests that list the three games instead of goldlab.names():\n" + \
        "\n".join(wrong)
