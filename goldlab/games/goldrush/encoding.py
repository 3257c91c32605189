"""Mount Goldrush as integers, texts and tensors for OpenSpiel and PettingZoo (stdlib only)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from goldlab.core.values import Action, ChanceOutcome
from goldlab.interop.encoding import Block, Encoding, add_counts, one_hot_seat


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
        one_hot_seat(out, at["to_move"], view.to_move, p)
        status_at, cards_at = at["status"], at["cards"]
        for pos, (status, c) in enumerate(zip(view.status, view.cards, strict=True)):
            out[status_at + 3 * pos + (0 if status == DOWN else 2 if status == GONE else 1)] = 1.0
            if c is not None and status != GONE:
                out[cards_at + KINDS * pos + c.index] = 1.0
        for s, pile in enumerate(view.taken):
            add_counts(out, at["taken"] + KINDS * s, [c.index for c in pile])
        add_counts(out, at["removed"], [c.index for c in view.removed])
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
