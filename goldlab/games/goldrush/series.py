"""A match series: the rulebook's suggestion, as an object simulations and views can run.

"Play as many times as there are players. A different player starts the game
each time. Total the scores from every game. The player with the highest
total wins. In case of a tie, the player with the highest score in the last
game wins."  Seats keep their colours; the start player moves one seat on
each game.  A tie that the last game does not break is a shared victory
(``docs/rulings.md#goldrush-series``).

>>> from goldlab.games.goldrush.series import MatchSeries
>>> series = MatchSeries(players=3, seed=5).play(["perfect", "limited:4", "random"])
>>> series.complete, len(series.results), [r.start_player for r in series.results]
(True, 3, [0, 1, 2])
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass
from html import escape
from typing import Any

from goldlab.bots import Bot
from goldlab.core.errors import OptionsError
from goldlab.core.registry import make_game
from goldlab.games.goldrush.game import GoldrushGame
from goldlab.games.goldrush.state import GoldrushState


@dataclass(frozen=True)
class GameResult:
    """One finished game of a series."""

    number: int
    start_player: int
    seed: int
    scores: tuple[int, ...]
    gold_cards: tuple[int, ...]
    winners: tuple[int, ...]
    steps: int


def series_winners(totals: Sequence[int], last: Sequence[int]) -> tuple[int, ...]:
    """Highest total wins; a tie goes to the higher score in the last game, else it is shared."""
    best = max(zip(totals, last, strict=True))
    return tuple(s for s, key in enumerate(zip(totals, last, strict=True)) if key == best)


class MatchSeries:
    """A series of Mount Goldrush games with a rotating start player and running totals."""

    def __init__(self, players: int, seed: int = 0, *, games: int | None = None,
                 **options: Any) -> None:
        self.players = players
        self.seed = seed
        self.games = players if games is None else games
        if self.games < 1:
            raise OptionsError("a series needs at least one game")
        self.options = dict(options)
        self.first_start = int(self.options.pop("start_player", 0))
        self.game: GoldrushGame = self._game(0)
        self.results: list[GameResult] = []

    def _game(self, number: int) -> GoldrushGame:
        g = make_game("goldrush", self.players, start_player=self.start_player(number),
                      **self.options)
        assert isinstance(g, GoldrushGame)
        return g

    def start_player(self, number: int) -> int:
        """The seat that starts game ``number`` (0-based): one seat on each time."""
        return (self.first_start + number) % self.players

    def game_seed(self, number: int) -> int:
        """The seed of game ``number``, derived from the series seed."""
        digest = hashlib.sha256(f"goldrush-series:{self.seed}:{number}".encode()).digest()
        return int.from_bytes(digest[:8], "little")

    @property
    def next_number(self) -> int:
        """The number of the next game to play (0-based)."""
        return len(self.results)

    @property
    def complete(self) -> bool:
        """True when every game of the series has been played."""
        return len(self.results) >= self.games

    def new_state(self, mode: str = "play") -> GoldrushState:
        """A fresh state for the next game (start player and seed already set)."""
        if self.complete:
            raise OptionsError("the series is complete")
        n = self.next_number
        return self._game(n).new_state(self.game_seed(n), mode=mode)

    def add(self, state: GoldrushState) -> GameResult:
        """Record a finished game as the next game of the series."""
        if self.complete:
            raise OptionsError("the series is complete")
        outcome = state.outcome()
        if outcome is None:
            raise OptionsError("only a finished game can be added to a series")
        n = self.next_number
        if state.players != self.players or state.game.options.start_player != self.start_player(n):
            raise OptionsError(
                f"game {n + 1} of the series must have {self.players} players and start "
                f"with seat {self.start_player(n)}"
            )
        result = GameResult(
            number=n,
            start_player=self.start_player(n),
            seed=state.seed,
            scores=outcome.scores,
            gold_cards=state.gold_cards(),
            winners=outcome.winners,
            steps=sum(1 for s in state.history if s.actor >= 0),
        )
        self.results.append(result)
        return result

    def play_next(self, bots: Sequence[str | Bot]) -> GameResult:
        """Play the next game with bots (fresh bots each game, so no memory carries over)."""
        from goldlab.bots.play import play_game

        if len(bots) != self.players:
            raise OptionsError(f"a {self.players}-player series needs {self.players} bots")
        n = self.next_number
        if self.complete:
            raise OptionsError("the series is complete")
        state = play_game("goldrush", bots, self.game_seed(n),
                          start_player=self.start_player(n), **self.options)
        assert isinstance(state, GoldrushState)
        return self.add(state)

    def play(self, bots: Sequence[str | Bot]) -> MatchSeries:
        """Play every remaining game; returns the series itself."""
        while not self.complete:
            self.play_next(bots)
        return self

    @property
    def totals(self) -> tuple[int, ...]:
        """Each seat's total score so far."""
        return tuple(sum(r.scores[s] for r in self.results) for s in range(self.players))

    def winners(self) -> tuple[int, ...]:
        """The series winner(s) so far (see :func:`series_winners`)."""
        if not self.results:
            return ()
        return series_winners(self.totals, self.results[-1].scores)

    def rows(self) -> list[dict[str, Any]]:
        """One tidy row per game and seat: game, start player, seed, seat, score, gold cards."""
        return [
            {
                "game": r.number + 1,
                "start_player": r.start_player,
                "seed": r.seed,
                "seat": s,
                "score": r.scores[s],
                "gold_cards": r.gold_cards[s],
                "won": s in r.winners,
            }
            for r in self.results
            for s in range(self.players)
        ]

    def _repr_html_(self) -> str:
        head = "".join(f"<th>seat {s}</th>" for s in range(self.players))
        body = []
        for r in self.results:
            cells = "".join(
                f"<td>{'<b>' if s in r.winners else ''}{r.scores[s]}"
                f"{'</b>' if s in r.winners else ''}</td>"
                for s in range(self.players)
            )
            body.append(f"<tr><td>game {r.number + 1} (seat {r.start_player} starts)</td>"
                        f"{cells}</tr>")
        totals = "".join(f"<td><b>{t}</b></td>" for t in self.totals)
        winners = " and ".join(f"seat {w}" for w in self.winners()) or "-"
        status = "complete" if self.complete else f"{len(self.results)} of {self.games} played"
        return (
            '<div class="gl-state gl-goldrush gl-series"><b>Mount Goldrush match series</b> '
            f"({escape(status)})<table><tr><th></th>{head}</tr>{''.join(body)}"
            f"<tr><td>total</td>{totals}</tr></table>winner: {escape(winners)}</div>"
        )

    def __repr__(self) -> str:
        return (f"<MatchSeries goldrush players={self.players} seed={self.seed} "
                f"games={len(self.results)}/{self.games} totals={self.totals}>")
