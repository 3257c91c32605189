"""What a game may override on ``State`` is written down in one place.

``core/state.py`` lists the hooks every game gives (abstract) under one banner and the
optional ones (with their defaults) under the next, so a newcomer reads what a game can
change in one screen.  This test fails when a game overrides a method or setting of
``State`` that is not under either banner.
"""

from __future__ import annotations

import inspect
import re

import goldlab
from goldlab.core import registry
from goldlab.core.state import State

BANNERS = ("# ---------------------------------------------------- hooks every game gives",
           "# --------------------------------------------------------- optional hooks")
NEXT_BANNER = "# ------------------------------------------------------------- public API"


def _hooks_under_the_banners() -> set[str]:
    source = inspect.getsource(State)
    start = source.index(BANNERS[0])
    assert start < source.index(BANNERS[1]) < source.index(NEXT_BANNER)
    body = source[start:source.index(NEXT_BANNER)]
    return set(re.findall(r"^    def (\w+)\(", body, re.M)) | set(
        re.findall(r"^    (\w+) = ", body, re.M))


def test_every_optional_hook_sits_under_the_banner() -> None:
    hooks = _hooks_under_the_banners()
    for name in ("keeps_undo", "snapshot_every", "_rng_mark", "_rng_rewind", "_set_rng",
                 "_chance_step", "_sample_chance", "_redeal_hidden", "_position_problem",
                 "_tiebreak", "_legal_actions", "_do", "_save", "_load"):
        assert name in hooks, f"{name} is not under the hooks' banners of core/state.py"


def test_games_override_only_the_hooks() -> None:
    hooks = _hooks_under_the_banners() | {
        "undo_refusal",  # a game that refuses more undos overrides this decision alone
        "is_terminal",  # asked at every step: a game may answer from its own field
        "_abc_impl",  # Python's own bookkeeping for abstract classes
    }
    overridden = []
    for name in registry.names():
        state_class = type(goldlab.make(name, players=2, seed=1))
        for klass in state_class.__mro__:
            if klass is State or not issubclass(klass, State):
                continue
            for member in vars(klass):
                if member in vars(State) and member not in hooks and not member.startswith("__"):
                    overridden.append(f"{klass.__name__}.{member}")
    assert not overridden, ("games override State members that are not hooks: "
                            + ", ".join(overridden))
