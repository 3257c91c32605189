"""What a seat may not know is shown nowhere: the payload of a seat's view is the same for
every game the seat cannot tell from the one it is in.

Method (issue 30): play random games, stop at random points, and build a *twin* of the
position that the viewer cannot tell apart from it, then require the views of the two to
draw the same payload (live, and stepped back to earlier frames):

* every game, every seat, the open table: the same game with another future of chance
  (the generator reseeded, as :meth:`State.determinise` does);
* memory mode (a seat, or the open table, which sees only what lies open): the same game
  with two cards swapped that lie face down now (Mount Goldrush: seen, then turned face
  down again, or gold under a mine entrance; Gold!: in the scoring piles), played with chance given step by step so the
  twin is a real game whose record replays.  The twin is kept only when everything open
  on the table now, and the shape of every earlier position, is the same in both.

After the game, and for the teacher's seat ("all"), everything may be shown: not tested.
"""

from __future__ import annotations

import dataclasses
import json
import random
import re
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest

import goldlab
from goldlab.core.errors import GoldlabError
from goldlab.core.state import State
from goldlab.games.goldrush.cards import DECK

views = pytest.importorskip("goldlab.views")
GameView = views.GameView

GAMES = tuple(goldlab.names())


def _random_game(game: str, seed: int, *, auto_chance: bool = True,
                 **options: Any) -> State[Any]:
    """A game played at random from ``seed`` and stopped at a random point (never over)."""
    rng = random.Random(seed)
    players = options.pop("players", rng.choice((2, 3)))
    state = goldlab.make(game, players=players, seed=seed, auto_chance=auto_chance,
                         mode="study", **options)
    stop = rng.randrange(1, 120)
    for _ in range(stop):
        legal = state.legal_actions()
        trial = state.clone()
        action = rng.choice(legal)
        trial.apply(action)
        if trial.is_terminal():
            break
        state.apply(action)
    return state


def _payloads(state: State[Any], seat: int | str, memory: bool | None,
              rng: random.Random) -> list[dict[str, Any]]:
    """The payloads of a view of ``state`` for ``seat``: live, at a few earlier frames
    (chosen by ``rng``), and back at the end."""
    view = GameView(state, seat=seat, memory=memory)
    found = [_comparable(view.payload)]
    count = len(view.table.frames()[0])
    for index in sorted(rng.sample(range(count), min(count, 3))):
        view.goto(index)
        found.append(_comparable(view.payload))
    view.end()
    found.append(_comparable(view.payload))
    return found


def _comparable(payload: dict[str, Any]) -> dict[str, Any]:
    out = dict(payload)
    out.pop("revision")  # a counter of redraws
    return out


def _assert_same(a: State[Any], b: State[Any], seat: int | str, memory: bool | None,
                 rng: random.Random) -> None:
    seed = rng.getrandbits(32)
    left = _payloads(a, seat, memory, random.Random(seed))
    right = _payloads(b, seat, memory, random.Random(seed))
    for n, (mine, theirs) in enumerate(zip(left, right, strict=True)):
        if mine != theirs:
            where = "live" if n == 0 else "the end" if n == len(left) - 1 else "stepped back"
            diff = {k: _difference(mine[k], theirs.get(k)) for k in mine
                    if mine[k] != theirs.get(k)}
            raise AssertionError(f"seat {seat!r} memory={memory} ({where}) can tell the twins "
                                 f"apart by {sorted(diff)}: {diff}")


def _difference(left: Any, right: Any) -> tuple[str, str]:
    """Where two payload values first differ, with some context."""
    a, b = str(left), str(right)
    at = next((i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y),
              min(len(a), len(b)))
    return a[max(0, at - 150):at + 150], b[max(0, at - 150):at + 150]


# -------------------------------------------------------------------- another future
def _reseeded(state: State[Any], seed: int) -> State[Any]:
    twin = state.clone()
    twin._set_rng(random.Random(seed))
    return twin


@pytest.mark.parametrize("game", GAMES)
def test_the_future_of_chance_is_shown_to_no_seat(game: str) -> None:
    for seed in range(2):
        state = _random_game(game, 1000 + seed)
        twin = _reseeded(state, seed + 7)
        rng = random.Random(seed)
        for seat in (*range(state.players), "public"):
            for memory in (False, True) if isinstance(seat, int) else (None,):
                _assert_same(state, twin, seat, memory, rng)


# -------------------------------------------------------------------- memory mode
def _swapped(action: Any, a: Any, b: Any) -> Any:
    """``action`` with card ``a`` where it named ``b`` and ``b`` where it named ``a``."""
    changes = {}
    for f in dataclasses.fields(action):
        value = getattr(action, f.name)
        if value == a:
            changes[f.name] = b
        elif value == b:
            changes[f.name] = a
    return dataclasses.replace(action, **changes) if changes else action


def _replayed(state: State[Any], a: Any, b: Any) -> list[State[Any]] | None:
    """Every position of ``state``'s game replayed with cards ``a`` and ``b`` swapped (the
    first is the start), or None when the swapped game breaks a rule."""
    twin = goldlab.make(state.game.name, players=state.players, seed=state.seed,
                        auto_chance=False, mode="study", **_options(state))
    found = [twin.clone()]
    for step in state.history[len(twin.history):]:
        try:
            twin.apply(_swapped(step.action, a, b))
        except GoldlabError:
            return None
        found.append(twin.clone())
    return found


def _options(state: State[Any]) -> dict[str, Any]:
    return {k: v for k, v in state.game.options.to_dict().items() if k != "players"}


def _positions(state: State[Any]) -> list[State[Any]]:
    twin = goldlab.make(state.game.name, players=state.players, seed=state.seed,
                        auto_chance=False, mode="study", **_options(state))
    found = [twin.clone()]
    for step in state.history[len(twin.history):]:
        twin.apply(step.action)
        found.append(twin.clone())
    return found


def _goldrush_open(s: Any, seat: int | None, now: bool) -> Any:
    """What a Mount Goldrush player in memory mode sees of a position: where cards lie
    face down, up or gone, how many gold cards each mine holds, whose turn; now also the
    cards face up (this turn's and last turn's), the seat's own gold and how many cards
    of each kind nobody has seen (the odds and chance's choices count them)."""
    view = s.observation(0)
    shape = (view.status, view.to_move, view.turn_no, view.gold_rush, len(view.removed),
             tuple(len(t) for t in view.taken), view.face_down)
    if not now:
        return shape
    recent = tuple((f.position, f.card) for f in view.flips if f.turn >= view.turn_no - 1)
    own = Counter(view.taken[seat]) if seat is not None else Counter()
    return (shape, tuple(sorted(view.face_up().items())), recent, sorted(own.items()),
            tuple(view.unseen_counts()))


def _goldrush_hidden_pairs(state: Any, rng: random.Random) -> list[tuple[Any, Any]]:
    view = state.observation(0)
    recent = {f.position for f in view.flips if f.turn >= view.turn_no - 1}
    piled = {c for pile in view.taken for c in pile}  # face down under the mine entrances
    down = sorted({c for p, c in view.known().items() if p not in recent} | piled, key=str)
    unseen = view.unseen_counts()
    pairs = [(a, b) for i, a in enumerate(down) for b in down[i + 1:]
             if unseen[a.index] == unseen[b.index] and DECK[a.index] == DECK[b.index]]
    rng.shuffle(pairs)
    return sorted(pairs, key=lambda p: not (p[0].is_gold and p[1].is_gold))  # gold: rarer


def _gold_open(s: Any, seat: int | None, now: bool) -> Any:
    """What a Gold! player in memory mode sees: now, everything but the scoring piles'
    cards; of an earlier position, its shape (whose turn, the sizes of the piles, the
    kind of the last move)."""
    v = s.observation(0)
    last = type(s.history[-1].action).__name__ if s.history else ""
    shape = (v.pile_sizes, v.draw_pile, v.phase, v.to_move, v.grand_final, last, v.set_colour,
             len(v.offer), tuple(map(len, v.tableaux)))
    if not now:
        return shape
    return shape, v.offer, v.tableaux, v.box, v.discard, v.set_colour


def _gold_hidden_pairs(state: Any, rng: random.Random) -> list[tuple[Any, Any]]:
    v = state.omniscient()
    piled = Counter(c for p in v.scoring_piles for c in p)
    open_ = Counter([*v.offer, *(c for t in v.tableaux for c in t), *v.discard, *v.box])
    hidden = sorted({c for c in piled if not open_[c]}, key=str)
    pairs = [(a, b) for i, a in enumerate(hidden) for b in hidden[i + 1:]]
    rng.shuffle(pairs)
    return sorted(pairs, key=lambda p: p[0].colour != p[1].colour)  # a set keeps its colour


TWINS = 5
"""How many memory twins each game's test checks."""

MEMORY_GAMES = {
    "goldrush": (_goldrush_open, _goldrush_hidden_pairs),
    "gold": (_gold_open, _gold_hidden_pairs),
}


def _memory_twins(game: str, seeds: range) -> Iterator[tuple[State[Any], State[Any], Any]]:
    """(a position, a twin with two face-down cards swapped, the viewers who cannot tell)."""
    open_on_table, pairs = MEMORY_GAMES[game]
    for seed in seeds:
        options: dict[str, Any] = {}
        if game == "goldrush":
            options = {"players": 2 + seed % 3, "edition": "AB"[seed % 2]}
        state = _random_game(game, seed, auto_chance=False, **options)
        if state.is_terminal() or state.is_chance_node():
            continue  # (a table deals a pending chance step itself: the twins would differ)
        originals = None
        for a, b in pairs(state, random.Random(seed))[:8]:
            twins = _replayed(state, a, b)
            if twins is None:
                continue
            originals = originals or _positions(state)
            if any(open_on_table(x, None, False) != open_on_table(y, None, False)
                   for x, y in zip(originals, twins, strict=True)):
                continue
            twin = twins[-1]
            viewers: list[int | str] = [
                s for s in (*range(state.players), None)
                if open_on_table(state, s, True) == open_on_table(twin, s, True)]
            if viewers:
                yield state, twin, ["public" if s is None else s for s in viewers]
                break


@pytest.mark.parametrize("game", sorted(MEMORY_GAMES))
def test_memory_mode_names_no_card_that_lies_face_down(game: str) -> None:
    checked = 0
    for state, twin, viewers in _memory_twins(game, range(60)):
        rng = random.Random(checked)
        for seat in viewers:
            _assert_same(state, twin, seat, True if isinstance(seat, int) else None, rng)
        checked += 1
        if checked == TWINS:
            break
    assert checked == TWINS, f"only {checked} twins found: the test checks too little"


# -------------------------------------------------------------------- as people play it
def _open_now(state: Any, seat: int) -> set[Any]:
    """The cards a Mount Goldrush seat in memory mode sees now (by kind)."""
    view = state.observation(seat)
    recent = {f.card for f in view.flips if f.turn >= view.turn_no - 1}
    return {*view.face_up().values(), *recent, *view.taken[seat]}


def test_memory_mode_in_play_names_only_the_cards_that_lie_open() -> None:
    """With chance dealt as people play (automatically), a seat in memory mode reads the
    log, the move list, the inspector and the board, live and after ← and Home, and finds
    no card that lies face down, under another mine entrance or out of the game."""
    checked = 0
    for seed in range(8):
        state = _random_game("goldrush", 500 + seed, players=2 + seed % 3)
        if state.is_terminal():
            continue
        seat = seed % state.players
        view = GameView(state, seat=seat, names=["Ann", "Bob", "Cy", "Di"][:state.players])
        assert view.memory  # a person's seat plays in memory mode
        seen = [json.dumps(view.payload)]
        view.step(-1)
        seen.append(json.dumps(view.payload))
        assert not view.payload["live"] and not view.payload["error"]
        view.home()
        seen.append(json.dumps(view.payload))
        presenter = view.table.presenter
        open_now = _open_now(state, seat)
        everything = state.omniscient()
        for c in set(everything.cards) | set(everything.removed) | {
                g for pile in everything.taken for g in pile}:
            if c is None or c in open_now or c.is_dynamite:  # "dynamite" also names a colour
                continue
            pattern = rf"(?<![\w:]){re.escape(str(c))}(?!\d)"
            for text in seen:
                assert not re.search(pattern, text), f"{c} is named: {_around(text, pattern)}"
                if not c.is_gold:
                    assert presenter.card_name(c) not in text
        if any(f.turn < state.observation(seat).turn_no - 1 for f in everything.flips):
            assert re.search(r"(Ann|Bob|Cy|Di) flips card \d+", seen[0])
        checked += 1
    assert checked >= 5


def _around(text: str, pattern: str) -> str:
    found = re.search(pattern, text)
    assert found is not None
    return text[max(0, found.start() - 120):found.end() + 60]


def test_after_the_game_and_for_the_teacher_everything_is_told() -> None:
    state = _random_game("goldrush", 7, players=2)
    teacher = GameView(state, seat="all")
    seated = GameView(teacher.table, seat=0, memory=True)
    assert teacher.payload["moves"] == [m.replace("turns up the card at", "")
                                        for m in teacher.payload["moves"]]
    assert seated.payload["log"] != teacher.payload["log"]
    teacher.step(-1)
    assert not teacher.payload["live"] and not teacher.payload["error"]
    while not state.is_terminal():
        state.apply(state.legal_actions()[0])
    teacher.table.changed()
    teacher.end()
    assert seated.payload["log"] == teacher.payload["log"]
    assert seated.payload["moves"] == teacher.payload["moves"]
    seated.step(-1)
    assert not seated.payload["live"] and not seated.payload["error"]


def test_a_presenter_may_refuse_earlier_positions_with_a_reason() -> None:
    """``Presenter.past_hidden``: a game that cannot draw an earlier position safely for a
    viewer refuses it; the view stays live and says why, whatever the intent was."""

    class Refusing(type(goldlab.game("gold", players=2).presenter())):  # type: ignore[misc]
        def past_hidden(self, now: Any, viewer: Any) -> str:
            return "" if viewer.everything else "not before the game is over"

    view = GameView(goldlab.make("gold", players=2, seed=1), seat=0, bots={1: "greedy"})
    view.click("offer:violet:D")
    view.table.presenter = Refusing(view.table.presenter.game)
    view.goto(0)
    assert view.payload["live"] and view.position is None
    assert view.error == "not before the game is over"
    teacher = view.another(seat="all")
    teacher.goto(0)
    assert not teacher.payload["live"] and not teacher.error


def test_the_open_table_shows_no_mine_entrance_s_gold() -> None:
    """The open table sees what lies open: every gold card under a mine entrance face down
    (it used to draw the table from the seat to move, whose gold showed face up)."""
    checked = 0
    for seed in range(6):
        state = _random_game("goldrush", 40 + seed, players=2)
        taken = state.observation(0).taken
        mover = state.current_player
        if not (mover >= 0 and taken[mover]):
            continue
        public = GameView(state, seat="public")
        assert public.payload["board"].count("gr-coin gr-f-gold") == 0
        own = GameView(state, seat=mover)
        assert own.payload["board"].count("gr-coin gr-f-gold") == len(taken[mover])
        checked += 1
    assert checked >= 2


def test_the_open_table_is_nobody_s_seat() -> None:
    """Gold!'s open table marks no player "you" (it drew the table from the seat to move)."""
    state = _random_game("gold", 3, players=3)
    assert ">you</span>" not in GameView(state, seat="public").html
    assert ">you</span>" in GameView(state, seat=1).html
