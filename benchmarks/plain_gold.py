"""A plain, readable Python implementation of Gold! random play: the speed reference.

No classes, no tricks: cards are ``(colour, value)`` tuples, hands are lists,
legal moves are listed and one is picked at random.  It follows the same
rules as ``goldlab.games.gold`` and even draws its random numbers the same way
(one ``random.Random`` for the table, one per player, seeded like goldlab's),
so it plays exactly the same games: ``tests/games/gold/test_gold_twin.py`` checks that on a few
seeds.  ``benchmarks/bench_simulate.py`` measures every other engine against it.

    python benchmarks/plain_gold.py --games 2000
"""

from __future__ import annotations

import argparse
import hashlib
import random
import time

COLOURS = ["green", "blue", "violet", "red", "orange", "pink"]
DONKEY = -2
KINDS = [DONKEY, 3, 4, 5, 6, 7, 8]
ALL_CARDS = [(colour, value) for colour in COLOURS for value in KINDS]


def bot_seed(game_seed: int, seat: int) -> int:
    """The seed of a player's generator (as ``goldlab.bots.play.bot_seed``)."""
    digest = hashlib.sha256(f"goldlab-bot:{game_seed}:{seat}".encode()).digest()
    return int.from_bytes(digest[:8], "little")


def play(seed: int, players: int = 2) -> list[int]:
    """Play one game with random players; return the final scores."""
    table_rng = random.Random(seed)
    player_rngs = [random.Random(bot_seed(seed, p)) for p in range(players)]

    # The unseen cards, as a count per card (3 donkeys, two 3s, one of each other value).
    unseen = {card: (3 if card[1] == DONKEY else 2 if card[1] == 3 else 1) for card in ALL_CARDS}
    if players == 2:
        for colour in COLOURS:
            unseen[(colour, DONKEY)] -= 1

    tableaux: list[list[tuple[str, int]]] = [[] for _ in range(players)]
    piles: list[list[tuple[str, int]]] = [[] for _ in range(players)]

    # Each player starts with a donkey of a colour nobody else has.
    for p in range(players):
        taken = {card[0] for t in tableaux for card in t}
        free = [c for c in COLOURS if c not in taken]
        colour = free[table_rng.randrange(len(free))]
        unseen[(colour, DONKEY)] -= 1
        tableaux[p].append((colour, DONKEY))

    draw_pile = sum(unseen.values()) - 2  # two cards leave the game unseen
    offer: list[tuple[str, int]] = []

    def reveal(count: int) -> None:
        nonlocal draw_pile
        for _ in range(count):
            pick = table_rng.randrange(sum(unseen.values()))
            for card in ALL_CARDS:
                pick -= unseen[card]
                if pick < 0:
                    break
            unseen[card] -= 1
            offer.append(card)
            draw_pile -= 1

    def add(p: int, card: tuple[str, int]) -> None:
        tableaux[p].append(card)
        tableaux[p].sort(key=ALL_CARDS.index)

    def colours_of(p: int) -> set[str]:
        return {card[0] for card in tableaux[p]}

    reveal(min(5, draw_pile))
    turn = 0
    while True:
        me = tableaux[turn]
        # A) take a lowest card, or B) exchange a tableau card for a gold card on offer
        low = min(value for _, value in offer)
        distinct_offer = list(dict.fromkeys(offer))
        moves = [("take", card, None) for card in distinct_offer if card[1] == low]
        gold_on_offer = [card for card in distinct_offer if card[1] > 0]
        if gold_on_offer:
            for give in dict.fromkeys(me):
                for take in gold_on_offer:
                    if give[1] == DONKEY or take[1] < give[1]:
                        moves.append(("exchange", give, take))
        kind, first, second = moves[player_rngs[turn].randrange(len(moves))]
        if kind == "take":
            offer.remove(first)
            add(turn, first)
        else:
            me.remove(first)
            offer[offer.index(second)] = first
            add(turn, second)

        # three cards of a colour: optionally steal a card, then score the set
        counts: dict[str, int] = {}
        for colour, _ in tableaux[turn]:
            counts[colour] = counts.get(colour, 0) + 1
        sets = [c for c in COLOURS if counts.get(c, 0) >= 3]
        if sets:
            set_colour = sets[0]
            mine = colours_of(turn)
            steals = [(card, victim) for victim in range(players) if victim != turn
                      for card in dict.fromkeys(tableaux[victim]) if card[0] not in mine]
            if steals:
                options: list[tuple[tuple[str, int], int] | None] = [*steals, None]
                choice = options[player_rngs[turn].randrange(len(options))]
                if choice is not None:
                    card, victim = choice
                    tableaux[victim].remove(card)
                    add(turn, card)
            piles[turn].extend(c for c in tableaux[turn] if c[0] == set_colour)
            tableaux[turn] = [c for c in tableaux[turn] if c[0] != set_colour]

        if not offer:
            if draw_pile == 0:
                break
            reveal(min(5, draw_pile))
        turn = (turn + 1) % players
        if not offer:  # pragma: no cover - the offer is refilled above
            break

    # colour scoring: the highest total in each colour banks its best gold card
    for colour in COLOURS:
        totals = {}
        for p in range(players):
            values = [v for c, v in tableaux[p] if c == colour]
            if values:
                totals[p] = sum(values)
        holders = [p for p in range(players) if any(c == colour and v > 0 for c, v in tableaux[p])]
        if not holders:
            continue
        best = max(totals.values())
        for p, total in totals.items():
            if total == best:
                top = max(v for c, v in tableaux[p] if c == colour and v > 0)
                piles[p].append((colour, top))
    return [sum(v for _, v in pile) for pile in piles]


def main() -> None:
    """Print games/s of plain random play."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--players", type=int, default=2)
    args = parser.parse_args()
    start = time.perf_counter()
    for seed in range(args.games):
        play(seed, args.players)
    elapsed = time.perf_counter() - start
    print(f"plain Python Gold! {args.players}p: {args.games / elapsed:,.0f} games/s")


if __name__ == "__main__":
    main()
