"""The conformance kit must be seen to fail: broken copies of Gold! are each reported.

Each mutant is a real game (Gold!) with one deliberate fault; ``check_game``
must name the fault, and the honest game must pass the same run.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from goldlab.core.values import Action
from goldlab.games.gold.game import GoldGame
from goldlab.games.gold.state import GoldState
from goldlab.testing import ConformanceError, ConformanceReport, check_game


def _run(game: GoldGame, **kw: Any) -> ConformanceReport:
    return check_game(game, games=2, seed=3, raise_on_violation=False, max_violations=5, **kw)


def _game_of(state_type: type[GoldState]) -> type[GoldGame]:
    class Mutant(GoldGame):
        def new_state(self, seed: int | None = None, *, mode: str = "play",
                      auto_chance: bool = True) -> GoldState:
            return state_type(self, seed, mode, auto_chance)

    return Mutant


class UndoForgetsTableaux(GoldState):
    """Undo restores everything but the tableaux."""

    def undo(self) -> Action:
        kept = self.tableaux
        action = super().undo()
        self.tableaux = kept
        return action


class UndoForgetsGenerator(GoldState):
    """Undo restores the position but leaves the generator one draw further on."""

    def undo(self) -> Action:
        action = super().undo()
        self._rng.random()
        return action


class RefusalDrawsFromGenerator(GoldState):
    """A refused action has drawn from the generator before it is refused."""

    def apply(self, action: Any) -> Any:
        if action not in self.legal_actions():
            self._rng.random()
        return super().apply(action)


class ObservationShowsNextCard(GoldState):
    """A player's observation includes the next card of the face-down draw pile."""

    def _next_card(self) -> Any:
        if self.is_terminal() or not sum(self.unseen):
            return None
        peek = random.Random()
        peek.setstate(self._rng.getstate())
        return self._sample_chance(peek)

    def observation(self, player: int) -> Any:
        return (super().observation(player), self._next_card())


class _LazyView:
    """A view whose properties are honest but which keeps its state to read it lazily."""

    __slots__ = ("_state", "_view")

    def __init__(self, view: Any, state: GoldState) -> None:
        self._view, self._state = view, state

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _LazyView) and self._view == other._view


class ObservationKeepsItsState(GoldState):
    """A player's observation keeps a private reference to the state (and its generator)."""

    def observation(self, player: int) -> Any:
        return _LazyView(super().observation(player), self.clone())


class DeterminiseKeepsTheFuture(GoldState):
    """``determinise`` redeals the hidden cards but keeps the game's own generator."""

    def determinise(self, player: int, rng: random.Random) -> Any:
        other = self.clone()
        other._redeal_hidden(player, rng)
        return other


class CloneSharesGenerator(GoldState):
    """A clone draws its cards from its original's generator."""

    def clone(self) -> Any:
        other = super().clone()
        other._rng = self._rng
        return other


class DeclaresTooSmallABound(GoldGame):
    """Claims every game ends within 10 decisions."""

    def max_steps(self) -> int:
        return 10


class DeclaresNoBound(GoldGame):
    """Claims no bound at all (as an unbounded game does)."""

    def max_steps(self) -> int:
        return 2**62


def test_the_honest_game_passes() -> None:
    report = _run(GoldGame(2))
    assert report.ok and report.games == 2 and report.steps > 0, report.violations


@pytest.mark.parametrize("mutant, complaint", [
    (_game_of(UndoForgetsTableaux)(2), "undo of"),
    (_game_of(UndoForgetsGenerator)(2), "did not restore the generator"),
    (_game_of(RefusalDrawsFromGenerator)(2), "did not restore the generator"),
    (_game_of(ObservationShowsNextCard)(2), "observation changes when hidden information"),
    (_game_of(CloneSharesGenerator)(2), "applying to a clone changed the original"),
    (_game_of(ObservationKeepsItsState)(2), "observation changes when hidden information"),
    (_game_of(DeterminiseKeepsTheFuture)(2), "depends on more than what the seat may know"),
    (DeclaresTooSmallABound(2), "no end after 10 steps"),
])
def test_each_mutant_is_reported(mutant: GoldGame, complaint: str) -> None:
    report = _run(mutant)
    assert not report.ok
    assert any(complaint in v for v in report.violations), report.violations


def test_a_game_that_never_ends_is_stopped_by_the_kits_own_limit() -> None:
    report = _run(DeclaresNoBound(2), step_limit=25)
    assert any("no end after 25 steps" in v for v in report.violations), report.violations


def test_a_violation_raises_by_default() -> None:
    with pytest.raises(ConformanceError, match="undo of"):
        check_game(_game_of(UndoForgetsTableaux)(2), games=1, seed=3)
