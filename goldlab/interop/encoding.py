"""Stable integer and tensor encodings of goldlab games, for OpenSpiel and PettingZoo.

One :class:`Encoding` per game (built for a :class:`~goldlab.core.game.Game`,
so for one player count and set of options) says:

* which integer stands for which player action (``0 .. num_distinct_actions - 1``)
  and which for which chance outcome (``0 .. max_chance_outcomes - 1``); the
  numbers are closed formulas over the game's cards, seats, spaces and tiles,
  documented in ``docs/interop.md``, so they do not depend on the run or on the
  order in which actions happen to be listed;
* how a player's observation (``state.observation(seat)``, never the omniscient
  view) becomes a text and a fixed-size tensor of named blocks;
* what a player with perfect recall adds to that (the *information state*):
  the history of steps as that player saw them, and a tensor block of what the
  public record lets a player remember;
* how long a game can be: ``Game.max_steps()`` decisions and
  :meth:`Encoding.max_chance_nodes` chance steps.

Every game's encoding is registered here, in one place (:func:`register_encoding`),
and looked up with :func:`encoding_for`.  The module is standard library only:
tensors are plain lists of floats that the adapters copy into NumPy arrays.  It
does not talk to OpenSpiel or PettingZoo; ``goldlab.interop.openspiel`` and
``goldlab.interop.pettingzoo`` do.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import prod
from typing import Any, ClassVar

from goldlab.core.game import Game
from goldlab.core.registry import names as game_names
from goldlab.core.state import CHANCE, TERMINAL, State, Step
from goldlab.core.values import Action, ChanceOutcome


@dataclass(frozen=True, slots=True)
class Block:
    """One named part of a tensor: its shape and the largest value an entry can take."""

    name: str
    shape: tuple[int, ...]
    high: float

    @property
    def size(self) -> int:
        """The number of entries."""
        return prod(self.shape)


class Encoding(ABC):
    """How one goldlab game maps to integers, strings and tensors (see the module docstring)."""

    name: ClassVar[str]
    """The goldlab game name this encoding is for."""
    perfect_information: ClassVar[bool] = False
    """True when every observation shows the whole position (chance still hides the future)."""
    bounded_defaults: ClassVar[dict[str, Any]] = {}
    """Option defaults the adapters use instead of goldlab's so that every game ends.

    Empty for games whose length is bounded anyway; OpenSpiel needs a finite
    ``max_game_length`` and random agents need games that end.
    """

    def __init__(self, game: Game) -> None:
        if game.name != self.name:
            raise ValueError(f"{type(self).__name__} encodes {self.name!r}, not {game.name!r}")
        self.game = game
        self.players = game.players
        self.actions: tuple[Action, ...] = tuple(self._player_actions())
        """Every player action; its position is its integer."""
        self.chance: tuple[ChanceOutcome, ...] = tuple(self._chance_outcomes())
        """Every chance outcome; its position is its integer."""
        self._action_ids = {a: i for i, a in enumerate(self.actions)}
        self._chance_ids = {a: i for i, a in enumerate(self.chance)}
        if len(self._action_ids) != len(self.actions) or len(self._chance_ids) != len(self.chance):
            raise AssertionError(f"{type(self).__name__} lists an action twice")  # pragma: no cover
        self.observation_blocks: tuple[Block, ...] = tuple(self._observation_blocks())
        """The blocks of the observation tensor, in order."""
        self.recall_blocks: tuple[Block, ...] = tuple(self._recall_blocks())
        """The blocks the information-state tensor adds after the observation's."""
        self._at = _offsets(self.observation_blocks)

    # ------------------------------------------------------------- actions
    @property
    def num_distinct_actions(self) -> int:
        """How many integers player actions use."""
        return len(self.actions)

    @property
    def max_chance_outcomes(self) -> int:
        """How many integers chance outcomes use."""
        return len(self.chance)

    def action_id(self, action: Action) -> int:
        """The integer of a player action or a chance outcome (KeyError if it has none)."""
        if isinstance(action, ChanceOutcome):
            return self._chance_ids[action]
        return self._action_ids[action]

    def action_of(self, action_id: int, *, chance: bool = False) -> Action:
        """The player action (or, with ``chance=True``, the chance outcome) of an integer."""
        table: Sequence[Action] = self.chance if chance else self.actions
        if not 0 <= action_id < len(table):
            kind = "chance outcome" if chance else "action"
            raise ValueError(f"{action_id} is not a {self.name} {kind} id (0-{len(table) - 1})")
        return table[action_id]

    def legal_ids(self, state: State[Any]) -> list[int]:
        """The sorted integers of the legal actions (chance outcomes at a chance node)."""
        ids: dict[Any, int] = (
            self._chance_ids if state.current_player == CHANCE else self._action_ids
        )
        return sorted(ids[a] for a in state.legal_actions())

    def chance_ids(self, state: State[Any]) -> list[tuple[int, Fraction]]:
        """``(integer, exact probability)`` of every chance outcome, sorted by integer."""
        ids = self._chance_ids
        return sorted((ids[o], p) for o, p in state.chance_outcomes())

    # --------------------------------------------------------------- sizes
    def max_game_length(self) -> int:
        """The most decisions in one game: ``Game.max_steps()`` (chance steps not counted)."""
        return self.game.max_steps()

    @abstractmethod
    def max_chance_nodes(self) -> int:
        """A proven bound on the chance steps of one game (set-up included)."""

    @property
    def observation_size(self) -> int:
        """Entries in the observation tensor."""
        return sum(b.size for b in self.observation_blocks)

    @property
    def information_state_size(self) -> int:
        """Entries in the information-state tensor (observation, then recall)."""
        return self.observation_size + sum(b.size for b in self.recall_blocks)

    def observation_high(self) -> list[float]:
        """The largest value of each observation entry (its lowest is always 0)."""
        return [b.high for b in self.observation_blocks for _ in range(b.size)]

    def information_state_high(self) -> list[float]:
        """The largest value of each information-state entry."""
        return self.observation_high() + [b.high for b in self.recall_blocks for _ in range(b.size)]

    # ---------------------------------------------------------- observation
    def observation_tensor(self, state: State[Any], player: int) -> list[float]:
        """``player``'s observation as a flat list (``observation_blocks`` in order)."""
        out = [0.0] * self.observation_size
        self._write_observation(state.observation(player), out)
        return out

    def information_state_tensor(self, state: State[Any], player: int) -> list[float]:
        """The observation tensor followed by the recall blocks."""
        out = self.observation_tensor(state, player)
        recall = [0.0] * (self.information_state_size - len(out))
        self._write_recall(state.history, player, recall)
        return out + recall

    def observation_string(self, state: State[Any], player: int) -> str:
        """``player``'s observation as text (one line per part of the table)."""
        return self.view_string(state.observation(player))

    def information_state_string(self, state: State[Any], player: int) -> str:
        """The observation text, then every step so far as ``player`` saw it (perfect recall)."""
        seen = "\n".join(self.step_string(step, player) for step in state.history)
        return f"{self.observation_string(state, player)}\nhistory:\n{seen}"

    def state_string(self, state: State[Any]) -> str:
        """The whole position (the omniscient view) as text, for debugging and logs."""
        return self.view_string(state.omniscient())

    def step_string(self, step: Step, player: int) -> str:
        """One history step as ``player`` saw it.  Every step of the built-in games is public."""
        who = "chance" if step.actor == CHANCE else f"seat {step.actor}"
        action = str(step.action)
        if action.startswith("chance: "):
            action = action[len("chance: "):]
        return f"{who}: {action}"

    def determinise(self, state: State[Any], player: int, rng: random.Random) -> State[Any]:
        """A state ``player`` cannot tell from ``state`` given the information state.

        By default goldlab's own ``resample_hidden``.
        """
        return state.resample_hidden(player, rng)

    # ---------------------------------------------------------------- hooks
    @abstractmethod
    def _player_actions(self) -> Sequence[Action]:
        """Every player action, in integer order."""

    @abstractmethod
    def _chance_outcomes(self) -> Sequence[ChanceOutcome]:
        """Every chance outcome, in integer order."""

    @abstractmethod
    def _observation_blocks(self) -> Sequence[Block]:
        """The observation tensor's blocks."""

    @abstractmethod
    def _write_observation(self, view: Any, out: list[float]) -> None:
        """Fill ``out`` (zeros, ``observation_size`` long) from a player's view."""

    def _recall_blocks(self) -> Sequence[Block]:
        """Blocks a player with perfect recall adds; none by default."""
        return ()

    def _write_recall(self, history: Sequence[Step], player: int, out: list[float]) -> None:
        """Fill the recall blocks from the public record of the game."""
        if self.recall_blocks:
            raise NotImplementedError(f"{type(self).__name__} declares recall blocks: write them")

    @abstractmethod
    def view_string(self, view: Any) -> str:
        """A view (a player's or the omniscient one) as text."""


# ------------------------------------------------------------------ registry
_ENCODINGS: dict[str, type[Encoding]] = {}
_CACHE: dict[Game, Encoding] = {}


def register_encoding(cls: type[Encoding]) -> type[Encoding]:
    """Register an encoding class under its game's name (usable as a class decorator)."""
    _ENCODINGS[cls.name] = cls
    return cls


def encoded_games() -> list[str]:
    """The goldlab games that have an encoding."""
    return sorted(n for n in _ENCODINGS if n in game_names())


def has_encoding(name: str) -> bool:
    """True if the game ``name`` has an encoding."""
    return name in _ENCODINGS


def encoding_class(name: str) -> type[Encoding]:
    """The encoding class registered for the game ``name``."""
    try:
        return _ENCODINGS[name]
    except KeyError:
        raise ValueError(
            f"goldlab game {name!r} has no interop encoding yet; "
            f"encoded games: {', '.join(sorted(_ENCODINGS))}"
        ) from None


def encoding_for(game: Game) -> Encoding:
    """The encoding of ``game`` (built once per game, player count and options)."""
    found = _CACHE.get(game)
    if found is None:
        found = _CACHE[game] = encoding_class(game.name)(game)
    return found


# ---------------------------------------------------------------- helpers
def _one_hot_seat(out: list[float], start: int, seat: int, players: int) -> None:
    """Mark ``seat`` in a block of ``players + 2`` entries: seats, then chance, then over."""
    if seat == CHANCE:
        out[start + players] = 1.0
    elif seat == TERMINAL:
        out[start + players + 1] = 1.0
    else:
        out[start + seat] = 1.0


def _count(out: list[float], start: int, indices: Sequence[int]) -> None:
    for i in indices:
        out[start + i] += 1.0


def _offsets(blocks: Sequence[Block]) -> dict[str, int]:
    offsets: dict[str, int] = {}
    at = 0
    for b in blocks:
        offsets[b.name] = at
        at += b.size
    return offsets


# ====================================================================== Gold!
@register_encoding
class GoldEncoding(Encoding):
    """Gold!: 42 card kinds (6 colours x D,3,4,5,6,7,8; ``Card.index``), seats 0..P-1.

    Actions (K = 42 card kinds, P players)::

        take k                    k                      0 .. 41
        exchange g for t          42 + 42 g + t          42 .. 1805
        no bonus                  1806
        steal k from seat v       1807 + 42 v + k        1807 .. 1806 + 42 P

    Chance outcomes::

        reveal k                  k                      0 .. 41
        deal colour c's donkey    42 + 6 s + c           42 .. 41 + 6 P
        to seat s
    """

    name: ClassVar[str] = "gold"

    def _player_actions(self) -> Sequence[Action]:
        from goldlab.games.gold.actions import Steal
        from goldlab.games.gold.cards import ALL_CARDS
        from goldlab.games.gold.rules import EXCHANGES, NO_BONUS, TAKES

        out: list[Action] = list(TAKES)
        out.extend(e for row in EXCHANGES for e in row)
        out.append(NO_BONUS)
        out.extend(Steal(c, v) for v in range(self.players) for c in ALL_CARDS)
        return out

    def _chance_outcomes(self) -> Sequence[ChanceOutcome]:
        from goldlab.games.gold.actions import DealDonkey, Reveal
        from goldlab.games.gold.cards import ALL_CARDS, COLOURS, DONKEY, card_of

        out: list[ChanceOutcome] = [Reveal(c) for c in ALL_CARDS]
        donkeys = [card_of(colour, DONKEY) for colour in COLOURS]
        out.extend(DealDonkey(d, s) for s in range(self.players) for d in donkeys)
        return out

    def max_chance_nodes(self) -> int:
        """One donkey dealt per seat, then every card revealed from the draw pile."""
        from goldlab.games.gold.game import GoldGame

        game = self.game
        assert isinstance(game, GoldGame)
        return self.players + game.revealed_cards()

    def _observation_blocks(self) -> Sequence[Block]:
        p = self.players
        return (
            Block("observer", (p,), 1),
            Block("to_move", (p + 2,), 1),
            Block("flags", (2,), 1),
            Block("set_colour", (6,), 1),
            Block("offer", (42,), 3),
            Block("tableaux", (p, 42), 3),
            Block("scoring_piles", (p, 42), 3),
            Block("pile_sizes", (p,), 60),
            Block("draw_pile", (1,), 60),
            Block("removed_unseen", (1,), 60),
            Block("box", (42,), 3),
            Block("discard", (42,), 3),
        )

    def _recall_blocks(self) -> Sequence[Block]:
        return (Block("remembered_piles", (self.players, 42), 3),)

    def _write_observation(self, view: Any, out: list[float]) -> None:
        from goldlab.games.gold.cards import COLOURS
        from goldlab.games.gold.rules import BONUS

        at = self._at
        p = self.players
        if view.player is not None:
            out[at["observer"] + view.player] = 1.0
        _one_hot_seat(out, at["to_move"], view.to_move, p)
        out[at["flags"]] = 1.0 if view.phase == BONUS else 0.0
        out[at["flags"] + 1] = 1.0 if view.grand_final else 0.0
        if view.set_colour is not None:
            out[at["set_colour"] + COLOURS.index(view.set_colour)] = 1.0
        _count(out, at["offer"], [c.index for c in view.offer])
        for s in range(p):
            _count(out, at["tableaux"] + 42 * s, [c.index for c in view.tableaux[s]])
            pile = view.scoring_piles[s]
            if pile is not None:
                _count(out, at["scoring_piles"] + 42 * s, [c.index for c in pile])
            out[at["pile_sizes"] + s] = float(view.pile_sizes[s])
        out[at["draw_pile"]] = float(view.draw_pile)
        out[at["removed_unseen"]] = float(view.removed_unseen)
        _count(out, at["box"], [c.index for c in view.box])
        _count(out, at["discard"], [c.index for c in view.discard])

    def _write_recall(self, history: Sequence[Step], player: int, out: list[float]) -> None:
        # Every card reaches a scoring pile in public: a set scored from a tableau
        # (SetScored) or a colour banked at final scoring (ColourScored).  A player
        # who remembers the record therefore knows every pile.
        from goldlab.games.gold.events import ColourScored, SetScored

        for step in history:
            for event in step.events:
                if isinstance(event, SetScored):
                    _count(out, 42 * event.seat, [c.index for c in event.cards])
                elif isinstance(event, ColourScored):
                    for seat, c in event.banked:
                        out[42 * seat + c.index] += 1.0

    def determinise(self, state: State[Any], player: int, rng: random.Random) -> State[Any]:
        """The state itself: with perfect recall nothing of a Gold! position is hidden.

        Piles fill only from public sets, the draw pile's order is decided by
        chance steps still to come, and the 2 cards removed unseen stay among
        the unseen cards that every reveal draws from.  (goldlab's
        ``resample_hidden`` redraws opponents' piles: that models a player who
        does not remember them, the observation without recall; see
        ``goldlab.interop.openspiel.observation_resampler``.)
        """
        return state.clone()

    def view_string(self, view: Any) -> str:
        def cards(cs: Sequence[Any]) -> str:
            return " ".join(str(c) for c in cs) or "-"

        who = "omniscient view" if view.player is None else f"seat {view.player}'s view"
        if view.to_move == CHANCE:
            turn = "chance to move"
        elif view.to_move == TERMINAL:
            turn = "game over"
        else:
            turn = f"seat {view.to_move} to move"
        if view.set_colour is not None:
            turn += f" (set bonus, {view.set_colour} set)"
        if view.grand_final:
            turn += ", Grand Final"
        lines = [
            f"Gold! {who}: {turn}",
            f"offer: {cards(view.offer)} | draw pile {view.draw_pile}, "
            f"{view.removed_unseen} removed unseen",
        ]
        for s in range(view.players):
            pile = view.scoring_piles[s]
            shown = f"{view.pile_sizes[s]} hidden" if pile is None else cards(pile)
            lines.append(f"seat {s}: tableau {cards(view.tableaux[s])} | scoring pile {shown}")
        if view.box or view.discard:
            lines.append(f"box: {cards(view.box)} | discard: {cards(view.discard)}")
        if view.unseen is not None:
            lines.append("unseen: " + " ".join(f"{c}x{n}" for c, n in view.unseen))
        if view.outcome is not None:
            lines.append(
                f"scores: {' '.join(map(str, view.outcome.scores))}; "
                f"winners: {' '.join(f'seat {w}' for w in view.outcome.winners)}"
            )
        return "\n".join(lines)


# ============================================================= Mount Goldrush
@register_encoding
class GoldrushEncoding(Encoding):
    """Mount Goldrush: 64 table positions, 25 card kinds (``Card.index``).

    Actions: ``flip p`` is ``p`` (0..63).  Chance: ``reveal card k at p`` is
    ``25 p + k`` (0..1599).  Every flip is public and the observation is the
    whole record, so the game is one of perfect information with chance: an
    unflipped card has no identity until chance reveals it.
    """

    name: ClassVar[str] = "goldrush"
    perfect_information: ClassVar[bool] = True

    def _player_actions(self) -> Sequence[Action]:
        from goldlab.games.goldrush.actions import FLIPS

        return FLIPS

    def _chance_outcomes(self) -> Sequence[ChanceOutcome]:
        from goldlab.games.goldrush.actions import Reveal
        from goldlab.games.goldrush.cards import ALL_CARDS, TABLE_SIZE

        return [Reveal(p, c) for p in range(TABLE_SIZE) for c in ALL_CARDS]

    def max_chance_nodes(self) -> int:
        """A position's card is drawn once, the first time it is flipped: at most 64."""
        from goldlab.games.goldrush.cards import TABLE_SIZE

        return TABLE_SIZE

    def _observation_blocks(self) -> Sequence[Block]:
        from goldlab.games.goldrush.cards import COLOURS, KINDS, TABLE_SIZE

        p = self.players
        opts: Any = self.game.options
        return (
            Block("observer", (p,), 1),
            Block("to_move", (p + 2,), 1),
            Block("status", (TABLE_SIZE, 3), 1),
            Block("cards", (TABLE_SIZE, KINDS), 1),
            Block("taken", (p, KINDS), 7),
            Block("removed", (KINDS,), 7),
            Block("owners", (len(COLOURS), p), 1),
            Block("gold_rush", (1,), 1),
            Block("stall", (1,), max(1, int(opts.stall_limit))),
            Block("face_down", (1,), TABLE_SIZE),
        )

    def _write_observation(self, view: Any, out: list[float]) -> None:
        from goldlab.games.goldrush.cards import COLOURS, KINDS
        from goldlab.games.goldrush.observation import DOWN, GONE

        at = self._at
        p = self.players
        if view.player is not None:
            out[at["observer"] + view.player] = 1.0
        _one_hot_seat(out, at["to_move"], view.to_move, p)
        status_at, cards_at = at["status"], at["cards"]
        for pos, (status, c) in enumerate(zip(view.status, view.cards, strict=True)):
            out[status_at + 3 * pos + (0 if status == DOWN else 2 if status == GONE else 1)] = 1.0
            if c is not None and status != GONE:
                out[cards_at + KINDS * pos + c.index] = 1.0
        for s, pile in enumerate(view.taken):
            _count(out, at["taken"] + KINDS * s, [c.index for c in pile])
        _count(out, at["removed"], [c.index for c in view.removed])
        owners = dict(view.owners)
        for i, colour in enumerate(COLOURS):
            seat = owners.get(colour)
            if seat is not None:
                out[at["owners"] + p * i + seat] = 1.0
        out[at["gold_rush"]] = 1.0 if view.gold_rush else 0.0
        out[at["stall"]] = float(min(view.stall, max(1, view.stall_limit)))
        out[at["face_down"]] = float(view.face_down)

    def view_string(self, view: Any) -> str:
        who = "public record" if view.player is None else f"seat {view.player}'s view"
        lines = [f"Mount Goldrush, {who}", view.text()]
        if view.stall:
            lines.append(f"turns without progress: {view.stall} of {view.stall_limit}")
        if view.outcome is not None:
            lines.append(
                f"winners: {' '.join(f'seat {w}' for w in view.outcome.winners)}"
            )
        return "\n".join(lines)



# ================================================================== Goldland
@register_encoding
class GoldlandEncoding(Encoding):
    """Goldland: 49 spaces (``row * 7 + col``), T tiles (``Tile.index``), 7 articles.

    Actions (d = direction N, E, S, W = 0-3; c = space; a = article; q = quarter turns)::

        end move, dig, pass, end turn, explore, camp   0 .. 5
        discard a                                      6 + a
        exchange (the game's rate) tokens for a        13 + a
        move d                                         20 + d
        move d survive                                 24 + d
        camp from c                                    28 + c
        explore c (beginners' grid)                    77 + c
        place c rot 90 q                               126 + 4 c + q
        move d ordeal k                                322 + 210 d + (k's place among the
                                                       210 kits of 4 articles)
        acquire k                                      1162 + (k's place among every part of
                                                       every equipment line of the tile set)
        exchange (the game's rate) tokens for a to use the last 7 ids: N - 7 + a (N =
                                                       ``num_distinct_actions``; appended so
                                                       that every older id stays the same)

    Chance: ``draw t`` is t's place among the 36 inner tiles; ``lay t at s`` is
    ``36 + 10 i + j`` for the i-th free coastal tile and the j-th coastal space.
    Everything lies open on the table (perfect information); only the order of
    the face-down stack is unknown, and chance decides it draw by draw.
    """

    name: ClassVar[str] = "goldland"
    perfect_information: ClassVar[bool] = True
    bounded_defaults: ClassVar[dict[str, Any]] = {"turn_cap": 60}

    def _player_actions(self) -> Sequence[Action]:
        from goldlab.games.goldland.actions import (
            STEP_ORDEAL,
            STEP_SURVIVE,
            Acquire,
            Camp,
            Dig,
            Discard,
            EndMove,
            EndTurn,
            Exchange,
            Explore,
            Move,
            Pass,
            Place,
        )
        from goldlab.games.goldland.articles import (
            N_ARTICLES,
            ORDEAL_COST,
            kits_of_size,
            sub_kits,
        )
        from goldlab.games.goldland.board import CELLS
        from goldlab.games.goldland.tokens import exchange_rate

        rate = exchange_rate(self.players)
        out: list[Action] = [EndMove(), Dig(), Pass(), EndTurn(), Explore(), Camp()]
        out.extend(Discard(a) for a in range(N_ARTICLES))
        out.extend(Exchange(a, rate) for a in range(N_ARTICLES))
        out.extend(Move(d) for d in range(4))
        out.extend(Move(d, STEP_SURVIVE) for d in range(4))
        out.extend(Camp(c) for c in range(CELLS))
        out.extend(Explore(c) for c in range(CELLS))
        out.extend(Place(c, 90 * q) for c in range(CELLS) for q in range(4))
        ordeals = kits_of_size((ORDEAL_COST,) * N_ARTICLES, ORDEAL_COST)
        out.extend(Move(d, STEP_ORDEAL, k) for d in range(4) for k in ordeals)
        tiles = self._tileset().tiles
        kits = {k for t in tiles if t.trade for g in t.trade.gives for k in sub_kits(g)}
        out.extend(Acquire(k) for k in sorted(kits, key=lambda k: (k.size, k.counts)))
        out.extend(Exchange(a, rate, use=True) for a in range(N_ARTICLES))
        return out

    def _chance_outcomes(self) -> Sequence[ChanceOutcome]:
        from goldlab.games.goldland.actions import DrawTile, LayCoast
        from goldlab.games.goldland.board import COAST_SLOTS

        tileset = self._tileset()
        out: list[ChanceOutcome] = [DrawTile(t.id) for t in tileset.inner()]
        out.extend(LayCoast(t.id, at) for t in tileset.free_coastal() for at in COAST_SLOTS)
        return out

    def max_chance_nodes(self) -> int:
        """Every free coastal space is dealt once and every inner tile drawn at most once."""
        tileset = self._tileset()
        return len(tileset.free_coastal()) + len(tileset.inner())

    def _tileset(self) -> Any:
        opts: Any = self.game.options
        return opts.tile_set()

    def _observation_blocks(self) -> Sequence[Block]:
        from goldlab.games.goldland.articles import (
            AMULETS,
            BACKPACK_SPACES,
            CAMPS_PER_PLAYER,
            DISCOVERY_TOKENS,
            N_ARTICLES,
            N_OBJECTS,
            STOCK,
            TREASURE_TOKENS,
        )
        from goldlab.games.goldland.board import CELLS
        from goldlab.games.goldland.temple import RESERVE_GOLD
        from goldlab.games.goldland.tiles import ADVENTURES

        p = self.players
        t = len(self._tileset().tiles)
        return (
            Block("observer", (p,), 1),
            Block("to_move", (p + 2,), 1),
            Block("flags", (3,), 1),  # placing a drawn tile, game end triggered, capped
            Block("round", (1,), 100),
            Block("tiles", (CELLS, t), 1),
            Block("rotations", (CELLS, 4), 1),
            Block("exits", (CELLS, 4), 1),
            Block("treasures", (CELLS,), 1),
            Block("pawns", (p, CELLS), 1),
            Block("camps", (p, CELLS), 1),
            Block("backpacks", (p, N_OBJECTS), BACKPACK_SPACES),
            Block("tokens", (p,), DISCOVERY_TOKENS),
            Block("gold", (p,), 40),
            Block("camps_left", (p,), CAMPS_PER_PLAYER),
            Block("markers", (len(ADVENTURES), p), 1),
            Block("stock", (N_ARTICLES,), max(STOCK)),
            Block("token_stock", (1,), DISCOVERY_TOKENS),
            Block("treasure_stock", (1,), TREASURE_TOKENS),
            Block("temple", (3,), max(AMULETS, 2 * 5, max(RESERVE_GOLD.values()))),
            Block("first_arrival", (p,), 1),
            Block("face_down", (t,), 1),
            Block("movement", (3,), 1),  # not begun, moving, over
            Block("steps", (2,), BACKPACK_SPACES),  # allowance, steps taken
            Block("path", (CELLS,), 1),
            Block("turn_flags", (5,), 1),  # acquired, explored, acted, camp right, red reward
            Block("hand", (N_ARTICLES,), DISCOVERY_TOKENS // 2),
            Block("drawn", (t,), 1),
            Block("explore_at", (CELLS,), 1),
        )

    def _write_observation(self, view: Any, out: list[float]) -> None:
        from goldlab.games.goldland.articles import N_ARTICLES
        from goldlab.games.goldland.tiles import ADVENTURES

        at = self._at
        p = self.players
        tileset = view.tileset
        t = len(tileset.tiles)
        if view.player is not None:
            out[at["observer"] + view.player] = 1.0
        _one_hot_seat(out, at["to_move"], view.to_move, p)
        flags = (view.phase == "place", bool(view.end_reason), view.capped)
        for i, flag in enumerate(flags):
            out[at["flags"] + i] = 1.0 if flag else 0.0
        out[at["round"]] = float(min(view.round, 100))
        for c, entry in enumerate(view.board):
            if entry is None:
                continue
            tile = tileset.by_id(entry[0])
            q = entry[1] // 90
            out[at["tiles"] + t * c + tile.index] = 1.0
            out[at["rotations"] + 4 * c + q] = 1.0
            exits = tile.exits_at(q)
            for d in range(4):
                if exits >> d & 1:
                    out[at["exits"] + 4 * c + d] = 1.0
        for c in view.treasures:
            out[at["treasures"] + c] = 1.0
        cells = len(view.board)
        for s in range(p):
            out[at["pawns"] + cells * s + view.pawns[s]] = 1.0
            for i, n in enumerate(view.packs[s].counts):
                out[at["backpacks"] + len(view.packs[s].counts) * s + i] = float(n)
            out[at["tokens"] + s] = float(view.tokens[s])
            out[at["gold"] + s] = float(view.gold[s])
            out[at["camps_left"] + s] = float(view.camps_left[s])
        for c, s in view.camps:
            out[at["camps"] + cells * s + c] = 1.0
        markers = {key: holder for key, holder, _ in view.markers}
        for i, key in enumerate(ADVENTURES):
            holder = markers.get(key, -1)
            if holder >= 0:
                out[at["markers"] + p * i + holder] = 1.0
        for a, n in enumerate(view.stock.counts[:N_ARTICLES]):
            out[at["stock"] + a] = float(n)
        out[at["token_stock"]] = float(view.token_stock)
        out[at["treasure_stock"]] = float(view.treasure_stock)
        out[at["temple"]] = float(view.amulets_left)
        out[at["temple"] + 1] = float(view.bonus)
        out[at["temple"] + 2] = float(view.reserve)
        if view.first_arrival >= 0:
            out[at["first_arrival"] + view.first_arrival] = 1.0
        for tile_id in view.face_down:
            out[at["face_down"] + tileset.by_id(tile_id).index] = 1.0
        turn = view.turn
        out[at["movement"] + ("not begun", "moving", "over").index(turn.moved)] = 1.0
        out[at["steps"]] = float(max(turn.allowance, 0))
        out[at["steps"] + 1] = float(turn.steps)
        for c in turn.path:
            out[at["path"] + c] = 1.0
        turn_flags = (turn.acquired, turn.explored, turn.acted, turn.camp_right, turn.red_reward)
        for i, flag in enumerate(turn_flags):
            out[at["turn_flags"] + i] = 1.0 if flag else 0.0
        for a, n in enumerate(turn.hand.counts[:N_ARTICLES]):
            out[at["hand"] + a] = float(n)
        if turn.drawn is not None:
            out[at["drawn"] + tileset.by_id(turn.drawn).index] = 1.0
        if turn.explore_at >= 0:
            out[at["explore_at"] + turn.explore_at] = 1.0

    def view_string(self, view: Any) -> str:
        from goldlab.games.goldland.board import cell_name
        from goldlab.games.goldland.render import view_text

        who = "omniscient view" if view.player is None else f"seat {view.player}'s view"
        if view.to_move == CHANCE:
            turn = "chance to move"
        elif view.to_move == TERMINAL:
            turn = f"game over ({view.end_reason or 'turn cap'})"
        else:
            t = view.turn
            turn = (f"seat {view.to_move} to move: movement {t.moved}, {t.steps} steps, "
                    f"acquired {t.acquired}, explored {t.explored}")
            if t.hand:
                turn += f", holding {t.hand}"
            if t.drawn is not None:
                turn += f", placing {t.drawn}"
        lines = [f"Goldland {who}, round {view.round}: {turn}", view_text(view)]
        if view.camps:
            lines.append("camps: " + " ".join(f"{cell_name(c)}:{s}" for c, s in view.camps))
        if view.treasures:
            lines.append("treasures on " + " ".join(cell_name(c) for c in view.treasures))
        held = [f"{key}:{holder}" for key, holder, _ in view.markers if holder >= 0]
        if held:
            lines.append("markers: " + " ".join(held))
        lines.append(
            f"stock: {view.stock}; {view.token_stock} tokens, {view.treasure_stock} treasures; "
            f"temple: {view.amulets_left} amulets, bonus {view.bonus}, reserve {view.reserve}"
        )
        lines.append(f"face down: {len(view.face_down)} tiles")
        if view.outcome is not None:
            lines.append(
                f"scores: {' '.join(map(str, view.outcome.scores))}; "
                f"winners: {' '.join(f'seat {w}' for w in view.outcome.winners)}"
            )
        return "\n".join(lines)
