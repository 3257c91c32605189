"""Each fast kernel compiles on its own, with nothing in numba's cache.

A user's first fast run may be of any game. The Mount Goldrush kernel is
compiled without numba's reference counting, where a function that allocates
does not compile; when another kernel had compiled the shared seeding code
first, the cache hid that. So a kernel is compiled here in a fresh process with
an empty cache directory of its own, unless Binder's test already does that:
it runs ``goldlab compile`` (``binder/postBuild``, tests/browser/test_binder.py)
in a fresh environment, which compiles Gold!'s kernel first, in an empty cache,
then Goldland's twin (about two minutes). Mount Goldrush's kernel and its
search playouts, compiled there after those, are compiled here alone.
"""

import os
import subprocess
import sys

import pytest

PLAY = """
import goldlab
frame = goldlab.simulate({game!r}, {bots!r}, 3, 1, fast=True, backend="serial", quiet=True)
assert frame.attrs["goldlab"]["engine"] == "fast", frame.attrs["goldlab"]["engine"]
print("played")
"""


@pytest.mark.parametrize(("game", "bots"), [
    ("goldrush", ["perfect", "random"]),
])
def test_a_kernel_compiles_first_in_an_empty_cache(tmp_path, game: str, bots: list[str]) -> None:
    env = {**os.environ, "NUMBA_CACHE_DIR": str(tmp_path)}
    done = subprocess.run([sys.executable, "-c", PLAY.format(game=game, bots=bots)],
                          env=env, capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, done.stderr[-3000:]
    assert done.stdout.strip() == "played"
    assert any(tmp_path.rglob("*.nbi")), "numba cached nothing: the cache directory was not used"


SEARCH = """
from goldlab.bots.play import play_game
state = play_game("goldrush", ["ismcts:50", "random"], seed=1)
assert state.is_terminal()
print("played")
"""


def test_the_search_playouts_compile_first_in_an_empty_cache(tmp_path) -> None:
    env = {**os.environ, "NUMBA_CACHE_DIR": str(tmp_path)}
    done = subprocess.run([sys.executable, "-c", SEARCH], env=env, capture_output=True,
                          text=True, timeout=900)
    assert done.returncode == 0, done.stderr[-3000:]
    assert done.stdout.strip() == "played"
    assert any(tmp_path.rglob("playouts*.nbi")), "the playout kernel was not cached"
