"""What a visitor of the static site meets first: its own storage, a first screen, app pages.

Three things ``python3 dev.py lite`` adds to JupyterLite's and Voici's pages, used by
lite/build.py (the demo) and lite/lessons.py (the app pages):

* **Browser storage named per build** (:func:`storage_names`).  JupyterLite keeps what a
  visitor saves (a notebook, settings, the open tabs) in the browser's IndexedDB, in a
  database named ``JupyterLite Storage - <baseUrl>`` unless the site's ``jupyter-lite.json``
  names another, and a file stored there hides the published file of the same name from
  then on (a notebook saved with its widgets' outputs showed "Loading widget..." after every
  reload).  Each build names its databases ``goldlab <part> <digest>`` after the digest of
  what it was built from, so a republished site starts from its published files, and the
  start page's **Back to the published version** drops every ``goldlab ...`` database of
  the site's origin (lite/start.html).
* **A first screen before Python is up** (:func:`first_screen`).  A Voici page shows a
  spinner ("Running ...") until its last cell has run, although its prose is in the page's
  HTML from the start.  The page is mended to show the prose at once, under a banner that
  says Python is starting in this browser and how long that takes (Voila's progress line,
  "Executing 3 of 33", is kept in it); the banner goes when the page is ready, as Voila's
  spinner did, and the page's title becomes the notebook's first heading.
* **App pages to play** (:func:`play_notebooks`): the play table (the repository's
  notebooks/06-play-table.ipynb, which imports only goldlab's views: its first prose cell
  and the table, less what speaks of code or Voila) and one page per game, its play table
  dealt with that game against the game's usual bot.
"""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PLAY_TABLE = ROOT / "notebooks" / "06-play-table.ipynb"
"""The play table, as the repository's notebooks have it (no NumPy on its path)."""

STORAGE_PREFIX = "goldlab "
"""Every IndexedDB database the site's pages open starts with it (lite/start.html drops them)."""
STORAGE_KEYS = ("contentsStorageName", "settingsStorageName", "workspacesStorageName")
"""The names JupyterLite (0.6 for Voici, 0.8 for the demo) reads from ``jupyter-lite.json``
for its three stores: saved files, settings, the open tabs."""


def storage_names(part: str, digest: str) -> dict[str, str]:
    """``jupyter-config-data`` entries that give this build's pages databases of their own:
    ``goldlab <part> <first 16 digits of the build's digest>``."""
    if not re.fullmatch(r"[a-z]+", part) or not re.fullmatch(r"[0-9a-f]{16,}", digest):
        raise ValueError(f"a storage name needs a word and a hex digest, not {part!r}, {digest!r}")
    name = f"{STORAGE_PREFIX}{part} {digest[:16]}"
    return dict.fromkeys(STORAGE_KEYS, name)


# --------------------------------------------------------------------------- first screen

STARTING = """\
<div id="loading" class="gl-starting" role="status" aria-live="polite">
  <p class="gl-starting-what"><span class="gl-starting-wheel" aria-hidden="true"></span>
  <b>Python is starting in this browser</b> (about 10-30 s the first time, less from then
  on)&hellip; Read on meanwhile: the page's buttons, boards and charts appear when it is
  ready.</p>
  <p id="loading_text" class="gl-starting-step">Loading Python&hellip;</p>
</div>
<style>
  #loading.gl-starting { position: sticky; top: 0; z-index: 1000; display: block; height: auto;
    margin: 0; padding: 0.6rem 1rem; background: #fff4d6; border-bottom: 2px solid #a66f00;
    color: #1f1f1f; font: 1rem/1.4 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
  #loading.gl-starting p { margin: 0; }
  #loading.gl-starting .gl-starting-step { font-size: 0.9rem; color: #4a4a4a; }
  .gl-starting-wheel { display: inline-block; width: 0.9em; height: 0.9em; margin-right: 0.3em;
    vertical-align: -0.1em; border: 0.15em solid #e2d6b8; border-top-color: #a66f00;
    border-radius: 50%; animation: gl-turn 1s linear infinite; }
  @keyframes gl-turn { to { transform: rotate(360deg); } }
  /* while Python starts, the page's prose shows where Voici's empty shell would cover it */
  #loading ~ #main { visibility: hidden; }
  body:has(> #loading) { margin: 0; }
  #loading ~ #rendered_cells { padding: 0.5rem 0.25rem; }
</style>"""
"""In place of Voila's spinner: the same ids (Voila's script writes its progress into
``#loading_text`` and removes ``#loading`` when every cell has run)."""
SPINNER = re.compile(r'<div id="loading" style="display: flex;">.*?'
                     r'<h2 id="loading_text">Running \.\.\.</h2>\s*</div>', re.DOTALL)
HIDDEN_CELLS = '<div id="rendered_cells" style="display: none">'
FIRST_HEADING = re.compile(r'<h1\b[^>]*>(.*?)(?:<a class="anchor-link"|</h1>)', re.DOTALL)


def first_screen(page: str) -> str:
    """A Voici render page (its HTML) that shows its prose and a "Python is starting" banner
    from the first second, titled by its first heading."""
    if SPINNER.search(page) is None or HIDDEN_CELLS not in page:
        raise ValueError("not a Voici render page of the expected shape (Voila's spinner "
                         "and hidden cells): the Voici version changed?")
    page = SPINNER.sub(lambda _: STARTING, page, count=1)
    page = page.replace(HIDDEN_CELLS, '<div id="rendered_cells">', 1)
    heading = FIRST_HEADING.search(page)
    if heading:
        title = html.escape(html.unescape(re.sub(r"<[^>]+>", "", heading.group(1))).strip())
        page = re.sub(r"<title>.*?</title>", lambda _: f"<title>{title}</title>", page,
                      count=1, flags=re.DOTALL)
    return page


# --------------------------------------------------------------------------- play pages

GAMES = {  # page: (game, players, title, what it is)
    "play-gold": ("gold", 2, "Gold!",
                  "Collect sets of gold cards, and score them colour by colour."),
    "play-mount-goldrush": ("goldrush", 3, "Mount Goldrush",
                            "A memory game: the round cards lie face down; remember where the "
                            "gold lies."),
    "play-goldland": ("goldland", 2, "Goldland",
                      "Explore a jungle, equip your backpack and reach the temple."),
}
"""One app page per game, linked from the start page."""
HOW_TO_PLAY = (
    "Click the cards or tiles on the board to play: the legal ones are outlined. Try an "
    "illegal one: the game refuses it and quotes the sentence of the rulebook that forbids "
    "it, and nothing changes. The menus above the board choose how many play and who plays "
    "each seat (you, or one of the game's bots); **Deal** starts a new game. Everything runs "
    "in this browser: nothing is installed, and no server plays the bots.")


def _notebook(cells: list[tuple[str, str]]) -> dict[str, object]:
    def cell(kind: str, source: str) -> dict[str, object]:
        made: dict[str, object] = {"cell_type": kind, "metadata": {}, "source": source}
        if kind == "code":
            made.update(execution_count=None, outputs=[])
        return made

    return {"cells": [cell(kind, source) for kind, source in cells],
            "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python",
                                        "name": "python3"},
                         "language_info": {"name": "python"}},
            "nbformat": 4, "nbformat_minor": 5}


def play_table_page() -> dict[str, object]:
    """notebooks/06-play-table.ipynb as an app page: its first prose cell less the paragraph
    that points to Voila (this is the app), and its first code cell (the table); the cells
    that use the table from Python stay in the notebook."""
    cells = json.loads(PLAY_TABLE.read_text(encoding="utf-8"))["cells"]
    prose, code = (next(("".join(c["source"]) for c in cells if c["cell_type"] == kind), "")
                   for kind in ("markdown", "code"))
    if "play_table(" not in code or not prose.startswith("# "):
        raise ValueError(f"{PLAY_TABLE.name}: no heading and play_table() cell to make a page of")
    prose = "\n\n".join(p for p in prose.split("\n\n") if "Voila" not in p)
    return _notebook([("markdown", prose), ("code", code)])


def play_notebooks(into: Path) -> list[Path]:
    """The play table and one notebook per game in `into`; their paths."""
    into.mkdir(parents=True, exist_ok=True)
    written = [into / "play-table.ipynb"]
    written[0].write_text(json.dumps(play_table_page(), indent=1) + "\n", encoding="utf-8")
    for page, (game, players, title, what) in GAMES.items():
        notebook = _notebook([
            ("markdown", f"# {title}: play against a bot\n\n{what}\n\n{HOW_TO_PLAY}"),
            ("code", f"from goldlab.views import play_table\n\n"
                     f"play_table({game!r}, players={players})"),
        ])
        path = into / f"{page}.ipynb"
        path.write_text(json.dumps(notebook, indent=1) + "\n", encoding="utf-8")
        written.append(path)
    return written
