"""Each fast kernel compiles on its own, with nothing in numba's cache.

A user's first fast run may be of any game. The Mount Goldrush kernel is
compiled without numba's reference counting, where a function that allocates
does not compile; when another kernel had compiled the shared seeding code
first, the cache hid that. So each kernel is compiled first somewhere, in a fresh
process with an empty cache directory: Mount Goldrush's fast path by Binder's test,
which runs ``goldlab compile goldrush gold`` (``binder/postBuild``,
tests/browser/test_binder.py, which checks that order) in a fresh environment, and
Gold!'s after it (Gold!'s and Goldland's kernels keep reference counting on). The
search playouts, compiled there after the fast path, are compiled here alone.
"""

import os
import subprocess
import sys

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
