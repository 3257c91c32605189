"""Gold! as integers, texts and tensors, for OpenSpiel and PettingZoo (standard library only)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, ClassVar

from goldlab.core.state import CHANCE, TERMINAL, State, Step
from goldlab.core.values import Action, ChanceOutcome
from goldlab.interop.encoding import Block, Encoding, add_counts, one_hot_seat


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
        from goldlab.games.gold.game import GoldGame

        game = self.game
        assert isinstance(game, GoldGame)
        return game.action_table()

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
        one_hot_seat(out, at["to_move"], view.to_move, p)
        out[at["flags"]] = 1.0 if view.phase == BONUS else 0.0
        out[at["flags"] + 1] = 1.0 if view.grand_final else 0.0
        if view.set_colour is not None:
            out[at["set_colour"] + COLOURS.index(view.set_colour)] = 1.0
        add_counts(out, at["offer"], [c.index for c in view.offer])
        for s in range(p):
            add_counts(out, at["tableaux"] + 42 * s, [c.index for c in view.tableaux[s]])
            pile = view.scoring_piles[s]
            if pile is not None:
                add_counts(out, at["scoring_piles"] + 42 * s, [c.index for c in pile])
            out[at["pile_sizes"] + s] = float(view.pile_sizes[s])
        out[at["draw_pile"]] = float(view.draw_pile)
        out[at["removed_unseen"]] = float(view.removed_unseen)
        add_counts(out, at["box"], [c.index for c in view.box])
        add_counts(out, at["discard"], [c.index for c in view.discard])

    def _write_recall(self, history: Sequence[Step], player: int, out: list[float]) -> None:
        # Every card reaches a scoring pile in public: a set scored from a tableau
        # (SetScored) or a colour banked at final scoring (ColourScored).  A player
        # who remembers the record therefore knows every pile.
        from goldlab.games.gold.events import ColourScored, SetScored

        for step in history:
            for event in step.events:
                if isinstance(event, SetScored):
                    add_counts(out, 42 * event.seat, [c.index for c in event.cards])
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
