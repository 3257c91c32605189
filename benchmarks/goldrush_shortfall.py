"""How far Mount Goldrush's search falls short of the best flip its own playouts can tell.

The ``ismcts`` bot of Mount Goldrush plays each candidate flip out on the same 6,000 deals
and moves with the best worth: the win plus ``w`` (``search.LEAD_WEIGHT``, 0.1) per gold of
lead.  This script measures, inside that playout model, what the pick costs:

* positions: decisions of seeded games of ``perfect`` against ``perfect`` (each decision
  with two or more kinds of flip is taken with probability ``--share``);
* a candidate's true worth: its share of the win over ``--truth`` deals;
* a pick: the best ``win + w * lead`` over ``--deals`` fresh deals, ``--repeats`` times
  for each ``w``, and ``perfect``'s own flip;
* the shortfall: the best true worth less the pick's, in win chance, averaged over the picks.

``perfect``'s shortfall less the search's is what the search gains a decision by its own
playouts' measure.  docs/search.md reports a run of ``--games 8`` with ``--seed 1`` and
``--seed 2`` (about 12 CPU minutes each).

    python benchmarks/goldrush_shortfall.py --games 8 --seed 1
"""

from __future__ import annotations

import argparse
import math
import random
import time
from collections.abc import Sequence

import goldlab
from goldlab.bots import make_bot
from goldlab.core.values import Action
from goldlab.games.goldrush import search
from goldlab.games.goldrush.state import GoldrushState

WEIGHTS = (0.0, 0.02, 0.05, 0.1, 0.2, 0.5, math.inf)
"""The lead weights tried (``inf``: the lead alone)."""


def wins(state: GoldrushState, flips: Sequence[Action], seed: int, deals: int) -> list[float]:
    """Each flip's mean share of the win, on the deals of ``seed``."""
    return search.candidate_values(state, flips, random.Random(seed), deals, lead_weight=0.0)


def leads(state: GoldrushState, flips: Sequence[Action], seed: int, deals: int,
          win: Sequence[float]) -> list[float]:
    """Each flip's mean gold lead on the same deals, given its mean share of the win."""
    both = search.candidate_values(state, flips, random.Random(seed), deals, lead_weight=1.0)
    return [b - w for b, w in zip(both, win, strict=True)]


def main() -> None:
    """Play the games, score the decisions and print the shortfalls."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=8)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--truth", type=int, default=40_000, help="deals for a true worth")
    parser.add_argument("--deals", type=int, default=search.DEALS, help="deals for a pick")
    parser.add_argument("--repeats", type=int, default=3, help="picks for each weight")
    parser.add_argument("--share", type=float, default=0.5, help="share of decisions taken")
    args = parser.parse_args()
    if min(args.games, args.truth, args.deals, args.repeats) < 1 or not 0 < args.share <= 1:
        parser.error("--games, --truth, --deals and --repeats must be at least 1, "
                     "--share in (0, 1]")
    rng = random.Random(f"shortfall:{args.seed}")
    short: dict[str, list[float]] = {f"w={w}": [] for w in WEIGHTS}
    short["perfect"] = []
    start = time.process_time()
    decisions = 0
    for g in range(args.games):
        state = goldlab.make("goldrush", players=2, seed=args.seed * 1000 + g)
        assert isinstance(state, GoldrushState)
        bots = [make_bot("goldrush", "perfect", seat, g * 10 + seat) for seat in range(2)]
        while not state.is_terminal():
            seat = state.current_player
            legal = state.legal_actions()
            chosen = bots[seat].choose(state.observation(seat), legal)
            groups: dict[object, Action] = {}
            for action, key in zip(legal, search.action_keys(state, legal), strict=True):
                groups.setdefault(key, action)
            if len(groups) > 1 and rng.random() < args.share:
                keys, flips = list(groups), list(groups.values())
                true_win = wins(state, flips, rng.getrandbits(64), args.truth)
                best = max(true_win)
                mine = search.action_keys(state, [chosen])[0]
                short["perfect"].append(best - true_win[keys.index(mine)])
                for _ in range(args.repeats):
                    seed = rng.getrandbits(64)
                    win = wins(state, flips, seed, args.deals)
                    lead = leads(state, flips, seed, args.deals, win)
                    for w in WEIGHTS:
                        score = lead if w == math.inf else [a + w * b for a, b in zip(
                            win, lead, strict=True)]
                        pick = max(range(len(flips)), key=score.__getitem__)
                        short[f"w={w}"].append(best - true_win[pick])
                decisions += 1
            state.apply(chosen)
        print(f"game {g + 1} of {args.games}: {decisions} decisions scored "
              f"({time.process_time() - start:.0f} CPU s)", flush=True)
    print(f"\nshortfall in win chance a decision, {decisions} decisions, truth on {args.truth} "
          f"deals, picks on {args.deals}:")
    for name, values in short.items():
        n = len(values)
        mean = sum(values) / n if n else float("nan")
        se = math.sqrt(sum((v - mean) ** 2 for v in values) / (n * (n - 1))) if n > 1 else 0.0
        label = {"w=inf": "the lead alone", "perfect": "perfect's flip"}.get(name, name)
        print(f"  {label:>15}: {mean:.5f} (se {se:.5f})")


if __name__ == "__main__":
    main()
