"""goldlab games as OpenSpiel Python games (``pip install "goldlab[openspiel]"``).

Importing this module registers every encoded game with ``pyspiel`` as
``goldlab_<name>`` (``goldlab_gold``, ``goldlab_goldrush``, ``goldlab_goldland``),
with a ``players`` parameter and one parameter per goldlab option (Goldland's
``turn_cap`` defaults to 60 rounds here: OpenSpiel needs a bounded game)::

    import pyspiel
    import goldlab.interop.openspiel as gos

    game = pyspiel.load_game("goldlab_gold", {"players": 3})   # or gos.load_game("gold", 3)
    state = game.new_initial_state()                           # a chance node: donkeys first

The OpenSpiel state wraps a goldlab state made with ``auto_chance=False``, so
every shuffle and draw is an OpenSpiel chance node with the engine's exact
probabilities (as floats).  Actions are integers from
:mod:`goldlab.interop.encoding`; observation and information-state strings and
tensors come from ``state.observation(seat)``, never from the omniscient view
(only ``str(state)``, OpenSpiel's debug string of the whole state, shows that).

What OpenSpiel calls ``max_game_length`` counts decisions only: it is
``Game.max_steps()``.  Chance steps are bounded separately
(``max_chance_nodes_in_history``), so ``max_move_number`` is their sum.

Cloning copies the goldlab state (``State.clone``); serialising stores the
game, the options and the history as notation and replays it (no engine
object is pickled, only those strings).  This module does not teach OpenSpiel
anything about strategy: it only adapts the protocol.
"""

from __future__ import annotations

import os
import random
from collections.abc import Callable
from typing import Any

import numpy as np
import pyspiel

from goldlab.core.game import Game
from goldlab.core.registry import game_class, make_game
from goldlab.core.state import CHANCE, TERMINAL, State
from goldlab.interop.encoding import Block, Encoding, encoded_games, encoding_class, encoding_for

PREFIX = "goldlab_"
"""OpenSpiel short names are ``PREFIX + goldlab name``."""

_CHANCE_ID = int(pyspiel.PlayerId.CHANCE)
_TERMINAL_ID = int(pyspiel.PlayerId.TERMINAL)
_GAME_TYPES: dict[str, pyspiel.GameType] = {}
_FACTORIES: dict[str, type[GoldlabGame]] = {}
_PARAMETER_TYPES = (bool, int, float, str)


def short_name(name: str) -> str:
    """The OpenSpiel name of a goldlab game: ``goldlab_gold`` for ``gold``."""
    return PREFIX + name


# ----------------------------------------------------------------- the engine
class _Box:
    """The goldlab state behind an OpenSpiel state.

    OpenSpiel clones a Python state by deep-copying its attributes and
    serialises it by pickling them; this box turns the first into
    ``State.clone()`` and the second into (game, options, notation of every
    step), replayed on load.
    """

    __slots__ = ("_state", "encoding", "game")

    def __init__(self, game: Game, state: State[Any] | None = None) -> None:
        self.game = game
        self.encoding = encoding_for(game)
        self._state = state

    @property
    def state(self) -> State[Any]:
        if self._state is None:
            self._state = self.game.new_state(0, mode="study", auto_chance=False)
        return self._state

    def __deepcopy__(self, memo: dict[int, Any]) -> _Box:
        return _Box(self.game, None if self._state is None else self._state.clone())

    def __reduce__(self) -> tuple[Callable[..., _Box], tuple[Any, ...]]:
        steps = [] if self._state is None else [str(s.action) for s in self._state.history]
        g = self.game
        return (_replay, (g.name, g.players, g.options.to_dict(), steps))


def _replay(name: str, players: int, options: dict[str, Any], steps: list[str]) -> _Box:
    game = make_game(name, players, **options)
    state = game.new_state(0, mode="study", auto_chance=False)
    for text in steps:
        state.apply(text)
    return _Box(game, state)


# ------------------------------------------------------------------- the game
class GoldlabGame(pyspiel.Game):  # type: ignore[misc]
    """A goldlab game as an OpenSpiel game (made by ``pyspiel.load_game``).

    :func:`register` makes one subclass per goldlab game and registers the
    class itself as the factory, as OpenSpiel's own Python games do (a class
    outlives interpreter shutdown; a closure held by pyspiel's registry would
    be freed after Python has finalised).
    """

    goldlab_name: str = ""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        name = self.goldlab_name
        game_type = _GAME_TYPES[name]
        spec = dict(game_type.parameter_specification)
        given = {**spec, **(params or {})}
        unknown = sorted(set(given) - set(spec))
        if unknown:
            raise ValueError(f"unknown parameters {unknown} for {short_name(name)}; "
                             f"known: {sorted(spec)}")
        options = {k: v for k, v in given.items() if k != "players"}
        goldlab_game = make_game(name, int(given["players"]), **options)
        encoding = encoding_for(goldlab_game)
        length = encoding.max_game_length()
        if length >= 2**31:
            raise ValueError(
                f"{goldlab_game.title} has no finite bound on its length with these options "
                f"(max_steps() = {length}); OpenSpiel needs one"
            )
        info = pyspiel.GameInfo(
            num_distinct_actions=encoding.num_distinct_actions,
            max_chance_outcomes=encoding.max_chance_outcomes,
            num_players=goldlab_game.players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=1.0,
            max_game_length=length,
        )
        super().__init__(game_type, info, given)
        self.goldlab_game = goldlab_game
        """The goldlab :class:`~goldlab.core.game.Game` (immutable)."""
        self.encoding: Encoding = encoding
        """The integer and tensor encoding of the game."""

    def __getattr__(self, attr: str) -> Any:
        # Only reached when the attributes set by __init__ are missing: pyspiel unpickles
        # a game from its game string without calling __init__ on the Python object.
        if attr in ("goldlab_game", "encoding"):
            params = dict(self.get_parameters())
            native = make_game(self.goldlab_name, int(params.pop("players")), **params)
            self.goldlab_game, self.encoding = native, encoding_for(native)
            return getattr(self, attr)
        raise AttributeError(f"{type(self).__name__!r} object has no attribute {attr!r}")

    def new_initial_state(self, *args: Any) -> GoldlabState:
        """The start of a game: a goldlab state before its set-up chance steps."""
        if args:
            raise ValueError("goldlab games start only from their set-up (no initial-state string)")
        return GoldlabState(self)

    def max_chance_nodes_in_history(self) -> int:
        """A proven bound on the chance steps of one game."""
        return self.encoding.max_chance_nodes()

    def make_py_observer(self, iig_obs_type: Any = None,
                         params: dict[str, Any] | None = None) -> GoldlabObserver:
        """An observer: a player's observation, or with perfect recall the information state."""
        if isinstance(iig_obs_type, dict):  # called as make_py_observer(params)
            iig_obs_type, params = None, iig_obs_type
        if params:
            raise ValueError(f"goldlab observers take no parameters, got {params}")
        recall = False
        if iig_obs_type is not None:
            recall = bool(iig_obs_type.perfect_recall)
            single = iig_obs_type.private_info == pyspiel.PrivateInfoType.SINGLE_PLAYER
            if not iig_obs_type.public_info or not (single or self.encoding.perfect_information):
                raise ValueError(
                    "goldlab observers give what one player sees (public information plus "
                    "that player's private information); other observation types are "
                    "not supported"
                )
        return GoldlabObserver(self.encoding, recall)


# ------------------------------------------------------------------ the state
class GoldlabState(pyspiel.State):  # type: ignore[misc]
    """An OpenSpiel state around a goldlab state with explicit chance."""

    def __init__(self, game: GoldlabGame) -> None:
        super().__init__(game)
        self._box = _Box(game.goldlab_game)

    @property
    def engine(self) -> State[Any]:
        """The goldlab state behind this one (live: apply actions through OpenSpiel)."""
        return self._box.state

    def current_player(self) -> int:
        """The seat to act, or OpenSpiel's chance / terminal player id."""
        player = self._box.state.current_player
        if player >= 0:
            return int(player)
        return _CHANCE_ID if player == CHANCE else _TERMINAL_ID

    def _legal_actions(self, player: int) -> list[int]:
        return self._box.encoding.legal_ids(self._box.state)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Every chance outcome with the engine's probability (an exact fraction, as a float)."""
        return [(i, float(p)) for i, p in self._box.encoding.chance_ids(self._box.state)]

    def _apply_action(self, action: int) -> None:
        box = self._box
        state = box.state
        state.apply(box.encoding.action_of(int(action), chance=state.current_player == CHANCE))

    def _action_to_string(self, player: int, action: int) -> str:
        return str(self._box.encoding.action_of(int(action), chance=player == _CHANCE_ID))

    def is_terminal(self) -> bool:
        """True once the game is over."""
        return self._box.state.current_player == TERMINAL

    def returns(self) -> list[float]:
        """goldlab's returns: 1 for a sole winner, 1/k for k tied winners, else 0."""
        return list(self._box.state.returns())

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> GoldlabState:
        """A state ``player_id`` cannot tell from this one given its information state.

        Used by OpenSpiel's Python ``ISMCTSBot``.  Gold! and Mount Goldrush hide
        nothing from a player who remembers the public record, so this is a copy.
        """
        seed = int(float(probability_sampler()) * 2**53)
        engine = self._box.encoding.determinise(self._box.state, player_id, random.Random(seed))
        return self._with_engine(engine)

    def _with_engine(self, engine: State[Any]) -> GoldlabState:
        other: GoldlabState = self.clone()
        other._box = _Box(self._box.game, engine)
        return other

    def __str__(self) -> str:
        return self._box.encoding.state_string(self._box.state)


# --------------------------------------------------------------- observation
class GoldlabObserver:
    """OpenSpiel's Python observer: ``tensor``, ``dict``, ``set_from`` and ``string_from``."""

    def __init__(self, encoding: Encoding, recall: bool) -> None:
        self.encoding = encoding
        self.recall = recall
        blocks: tuple[Block, ...] = encoding.observation_blocks
        if recall:
            blocks += encoding.recall_blocks
        self.tensor = np.zeros(sum(b.size for b in blocks), np.float32)
        self.dict: dict[str, np.ndarray] = {}
        at = 0
        for b in blocks:
            self.dict[b.name] = self.tensor[at:at + b.size].reshape(b.shape)
            at += b.size

    def set_from(self, state: GoldlabState, player: int) -> None:
        """Write ``player``'s observation (or information state) into ``tensor``."""
        enc, engine = self.encoding, state.engine
        if self.recall:
            self.tensor[:] = enc.information_state_tensor(engine, player)
        else:
            self.tensor[:] = enc.observation_tensor(engine, player)

    def string_from(self, state: GoldlabState, player: int) -> str:
        """``player``'s observation (or information state) as text."""
        enc, engine = self.encoding, state.engine
        if self.recall:
            return enc.information_state_string(engine, player)
        return enc.observation_string(engine, player)


# ------------------------------------------------------------ registration
def register(name: str) -> str:
    """Register goldlab game ``name`` with pyspiel (once); return its OpenSpiel name."""
    if name in _GAME_TYPES:
        return short_name(name)
    encoding = encoding_class(name)
    cls = game_class(name)
    defaults: dict[str, Any] = {"players": cls.min_players}
    options = {**cls.options_type().to_dict(), **encoding.bounded_defaults}
    for key, value in options.items():
        if isinstance(value, _PARAMETER_TYPES):
            defaults[key] = value
    info = pyspiel.GameType.Information
    game_type = pyspiel.GameType(
        short_name=short_name(name),
        long_name=f"goldlab {cls.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=(
            info.PERFECT_INFORMATION if encoding.perfect_information
            else info.IMPERFECT_INFORMATION
        ),
        utility=pyspiel.GameType.Utility.CONSTANT_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=cls.max_players,
        min_num_players=cls.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=defaults,
    )
    _GAME_TYPES[name] = game_type
    title = "".join(part.capitalize() for part in name.split("_"))
    factory = type(f"Goldlab{title}Game", (GoldlabGame,), {
        "goldlab_name": name,
        "__doc__": f"goldlab's {cls.title} as an OpenSpiel game ({short_name(name)}).",
        "__module__": __name__,
    })
    _FACTORIES[name] = factory
    globals()[factory.__name__] = factory  # so that pickle finds the class by name
    pyspiel.register_game(game_type, factory)
    return short_name(name)


def registered() -> list[str]:
    """The goldlab games registered with pyspiel (goldlab names)."""
    return sorted(_GAME_TYPES)


def load_game(name: str, players: int | None = None, **options: Any) -> GoldlabGame:
    """``pyspiel.load_game`` for goldlab game ``name`` with a player count and options."""
    register(name)
    params: dict[str, Any] = dict(options)
    files = [k for k, v in options.items() if isinstance(v, os.PathLike)]
    if files:  # a file the user names (Goldland's tiles) is read once: the string holds content
        stored = make_game(name, players, **options).options.to_dict()
        params.update({k: stored[k] for k in files})
    if players is not None:
        params["players"] = players
    game: GoldlabGame = pyspiel.load_game(short_name(name), params)
    return game


def from_goldlab(state: State[Any]) -> GoldlabState:
    """The OpenSpiel state reached by replaying a goldlab state's history (chance included)."""
    if state.start_json is not None:
        raise ValueError("a state built from a position (not from set-up) cannot be replayed")
    g = state.game
    game = load_game(g.name, g.players, **g.options.to_dict())
    out = game.new_initial_state()
    enc = game.encoding
    for step in state.history:
        out.apply_action(enc.action_id(step.action))
    return out


def observation_resampler(seed: int = 0) -> Callable[[GoldlabState, int], GoldlabState]:
    """A resampler for ``ISMCTSBot(..., use_observation_string=True).set_resampler``.

    It redraws what the player's *observation* hides, with goldlab's
    ``resample_hidden`` (in Gold!: opponents' face-down scoring piles), which
    models a player who does not remember the record.  The observation string
    of the result equals the original's, as ISMCTS requires.
    """
    rng = random.Random(seed)

    def resample(state: GoldlabState, player: int) -> GoldlabState:
        return state._with_engine(state.engine.resample_hidden(player, rng))

    return resample


for _name in encoded_games():
    register(_name)
