"""Mount Goldrush in a view: clicks flip cards, the engine's rule explains a refused click,
memory mode turns seen cards face down again, odds come from what the seat has seen."""

from __future__ import annotations

import inspect
import random
import re
import time
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from goldrush_helpers import goldrush, position

import goldlab
from goldlab.core.errors import IllegalActionError
from goldlab.core.presentation import Click, Expectation, Odds, Play, Refuse, Viewer
from goldlab.core.state import State
from goldlab.core.values import Action, Event
from goldlab.games.goldrush import GoldrushState, events, odds
from goldlab.games.goldrush.actions import FLIPS, Flip, Reveal
from goldlab.games.goldrush.cards import ALL_CARDS, card
from goldlab.games.goldrush.events import (
    FINDS_GOLD,
    GAME_END,
    HOW_TO_PLAY,
    GameOver,
    GoldFound,
)
from goldlab.games.goldrush.picture import (
    BADGE_COLOURS,
    FACES,
    SEEN_FACES,
    STYLE,
    TABLE_COLOURS,
)
from goldlab.games.goldrush.presenter import GoldrushPresenter
from goldlab.games.goldrush.rulebook import CHANCE, FILES, QUOTES, TIES
from goldlab.games.goldrush.rules import FOUND_FLIPPER

RULES = Path(__file__).resolve().parents[3].parent / "shared" / "rules"
if not RULES.is_dir():  # the rulebooks live beside the repository
    RULES = Path("/work/shared/rules")
TARGET = re.compile(r'<[^>]*data-target="([^"]+)"[^>]*>')


def presenter_of(state: State[Any]) -> GoldrushPresenter:
    p = state.game.presenter()
    assert isinstance(p, GoldrushPresenter)
    return p


def element(html: str, target: str) -> str:
    """The opening tag of the element with ``data-target=target``, and its contents."""
    m = re.search(rf'<div [^>]*data-target="{re.escape(target)}"[^>]*>.*?</div>', html)
    assert m is not None, f"no element for {target}"
    return m.group(0)


def playout(seed: int, steps: int, players: int = 3, **options: Any) -> GoldrushState:
    rng = random.Random(seed)
    state = goldlab.make("goldrush", players=players, seed=seed, mode="study", **options)
    assert isinstance(state, GoldrushState)
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply(rng.choice(state.legal_actions()))
    return state


def played(click: Click) -> Action:
    """The action a click plays (the test fails if it plays nothing)."""
    assert isinstance(click, Play), click
    return click.action


def chance(item: Odds | Expectation) -> Fraction:
    """The probability of an odds item (the test fails for an expectation)."""
    assert isinstance(item, Odds), item
    return item.probability


def normal(text: str) -> str:
    return " ".join(text.replace("**", "").split())


# ------------------------------------------------------------------ the rulebook's sentences
def test_the_game_shows_itself_with_its_own_presenter_and_its_editions_sentences() -> None:
    for edition in ("A", "B"):
        p = goldrush(2, edition=edition).presenter()
        assert isinstance(p, GoldrushPresenter)
        assert p.quotes is QUOTES[edition]
        assert p.quote(FINDS_GOLD) is not None
    assert "gold miner" in QUOTES["B"][FINDS_GOLD].sentence
    assert "gold digger" in QUOTES["A"][FINDS_GOLD].sentence


@pytest.mark.parametrize("edition", ["A", "B"])
def test_every_quote_is_the_rulebooks_own_sentence(edition: str) -> None:
    text = normal((RULES / FILES[edition]).read_text(encoding="utf-8"))
    for name, q in QUOTES[edition].items():
        assert normal(q.sentence) in text, (name, q.sentence)
        assert q.source.endswith(f"(edition {edition})")
    for sentence in TIES[edition]:
        assert normal(sentence) in text


def test_every_section_the_engine_can_name_has_a_quote() -> None:
    named = {cls.rule for _, cls in inspect.getmembers(events, inspect.isclass)
             if issubclass(cls, Event) and cls is not Event}
    refused: set[str] = set()
    for seed in range(6):
        state = goldlab.make("goldrush", players=2 + seed % 4, seed=seed, auto_chance=False,
                             mode="study")
        assert isinstance(state, GoldrushState)
        rng = random.Random(seed)
        while True:
            tries: list[Any] = [FLIPS[rng.randrange(64)], Reveal(0, ALL_CARDS[0])]
            tries += [FLIPS[p] for p in state.up]
            for action in tries:
                try:
                    state.apply(action)
                    state.undo()
                except IllegalActionError as error:
                    refused.add(error.rule)
            if state.is_terminal():
                break
            if state.is_chance_node():
                state.apply(rng.choice([o for o, _ in state.chance_outcomes()]))
            else:
                state.apply(rng.choice(state.legal_actions()))
        named |= {e.rule for e in state.events()}
    assert {HOW_TO_PLAY, GAME_END, CHANCE} <= refused
    assert "Final scoring" not in refused
    for edition in ("A", "B"):
        assert named | refused <= set(QUOTES[edition])


def test_a_finished_game_refuses_flips_citing_game_end() -> None:
    state = playout(3, 10_000)
    assert state.is_terminal()
    with pytest.raises(IllegalActionError) as refused:
        state.apply(played(presenter_of(state).click(state, 0, "grid:5")))
    assert refused.value.rule == GAME_END
    q = presenter_of(state).quote(GAME_END)
    assert q is not None and q.section == "Game end"


# ------------------------------------------------------------------ clicks
def test_a_click_on_a_face_down_card_flips_it() -> None:
    state = goldlab.make("goldrush", players=3, seed=1)
    p = presenter_of(state)
    click = p.click(state, 0, "grid:17")
    assert click == Play(Flip(17))
    flipped = state.apply(played(click))
    assert str(flipped[0]).startswith("CardFlipped turn 1: seat 0 flips #17:")
    assert p.target_of(Flip(17)) == "grid:17"


def test_a_click_on_the_card_already_face_up_gets_the_engines_rule() -> None:
    state = goldlab.make("goldrush", players=3, seed=1)
    p = presenter_of(state)
    state.apply("flip 17")
    assert "grid:17" not in p.targets(state, 0)
    click = p.click(state, 0, "grid:17")
    assert click == Play(Flip(17))
    before = state.to_json()
    with pytest.raises(IllegalActionError) as refused:
        state.apply(played(click))
    assert refused.value.rule == HOW_TO_PLAY and "face up" in refused.value.reason
    assert state.to_json() == before


def test_a_click_on_an_empty_place_gets_the_engines_rule() -> None:
    state = position(known={10: "green:3", 20: "gold:3"})
    p = presenter_of(state)
    state.apply("flip 10")
    state.apply("flip 20")  # green:3 carries gold:3 away: both places are empty
    assert "grid:10" not in p.targets(state, 1)
    with pytest.raises(IllegalActionError) as refused:
        state.apply(played(p.click(state, 1, "grid:10")))
    assert refused.value.rule == HOW_TO_PLAY and "empty" in refused.value.reason


def test_a_seat_not_to_move_has_no_targets_and_its_click_is_refused() -> None:
    state = goldlab.make("goldrush", players=3, seed=2)
    p = presenter_of(state)
    assert p.targets(state, 1) == {}
    click = p.click(state, 1, "grid:3")
    assert isinstance(click, Refuse) and click.rule == HOW_TO_PLAY
    assert "seat 0" in click.reason
    assert isinstance(p.click(state, 0, "grid:99"), Refuse)
    assert isinstance(p.click(state, 0, "table:3"), Refuse)


def test_the_teacher_may_choose_chances_card_and_players_may_not() -> None:
    state = goldlab.make("goldrush", players=2, seed=4, auto_chance=False)
    p = presenter_of(state)
    state.apply("flip 9")
    assert state.is_chance_node()
    assert p.targets(state, 0) == {}
    targets = p.targets(state, None)
    assert set(targets) == {f"reveal:{c}" for c in ALL_CARDS}
    click = p.click(state, None, "reveal:red:4")
    assert click == Play(Reveal(9, card("red:4")))
    assert isinstance(p.click(state, 0, "reveal:red:4"), Refuse)
    html = p.board_html(state, None, legal=frozenset(targets))
    assert set(targets) <= set(TARGET.findall(html))
    state.apply(played(click))
    assert state.omniscient().face_up() == {9: card("red:4")}
    assert p.target_of(Reveal(9, card("red:4"))) == "grid:9"


def reachable(p: GoldrushPresenter, state: State[Any], seat: int | None) -> set[Any]:
    """Every legal action some click on the board plays."""
    html = p.board_html(state, seat, legal=frozenset(p.targets(state, seat)))
    legal = set(state.legal_actions())
    out = set()
    for target in TARGET.findall(html):
        click = p.click(state, seat, target)
        if isinstance(click, Play) and click.action in legal:
            out.add(click.action)
    return out


@pytest.mark.parametrize("seed", range(12))
def test_clicks_reach_exactly_the_legal_actions_in_random_games(seed: int) -> None:
    rng = random.Random(seed)
    options = {"edition": "AB"[seed % 2], "layout": ("free", "grid")[seed // 2 % 2]}
    state = goldlab.make("goldrush", players=2 + seed % 4, seed=seed,
                         auto_chance=seed % 3 != 0, **options)
    p = presenter_of(state)
    while not state.is_terminal():
        to_move = state.current_player
        seats: list[int | None] = [None] if state.is_chance_node() else [None, to_move]
        for seat in seats:
            targets = p.targets(state, seat)
            legal: list[Action] = ([o for o, _ in state.chance_outcomes()]
                                   if state.is_chance_node() else state.legal_actions())
            assert set(targets.values()) == set(legal)
            for target, action in targets.items():
                assert action is not None and p.click(state, seat, target) == Play(action)
            assert reachable(p, state, seat) == set(legal)
        if not state.is_chance_node():
            other = (to_move + 1) % state.players
            assert p.targets(state, other) == {}
        if state.is_chance_node():
            state.apply(rng.choice([o for o, _ in state.chance_outcomes()]))
        else:
            state.apply(rng.choice(state.legal_actions()))
    assert p.targets(state, None) == {}


# ------------------------------------------------------------------ the picture
def test_every_target_is_a_labelled_button_and_the_legal_ones_are_marked() -> None:
    state = playout(7, 25)
    p = presenter_of(state)
    seat = state.current_player
    targets = p.targets(state, seat)
    html = p.board_html(state, seat, legal=frozenset(targets), names=("Ana", "Ben", "Cleo"))
    ids = TARGET.findall(html)
    assert ids == [f"grid:{i}" for i in range(64)]
    for tag in TARGET.finditer(html):
        t = tag.group(0)
        for needed in ('class="gl-target', 'tabindex="0"', 'role="button"', "title=",
                       "aria-label="):
            assert needed in t
        assert ("gl-legal" in t) == (tag.group(1) in targets)
    assert "Ana" in html and "Cleo" in html and "seat 0" not in html
    assert '<div class="gl-board gl-goldrush' in html
    assert "<script" not in html and "http" not in html and "url(" not in html
    assert html.count("<style>") == 1


def test_memory_mode_draws_remembered_cards_like_cards_nobody_has_seen() -> None:
    # Cards seen in earlier turns (set up as known) lie face down at 10 and 11.
    state = position(known={10: "gold:3", 11: "red:4", 30: "blue:2"},
                     options={"layout": "grid"})
    p = presenter_of(state)
    state.apply("flip 30")  # face up right now
    legal = frozenset(p.targets(state, 0))
    remembered = p.board_html(state, 0, legal=legal, memory=True)
    unseen_cell = element(remembered, "grid:12").replace("b5", "b3").replace("grid:12",
                                                                             "grid:10")
    assert element(remembered, "grid:10") == unseen_cell
    assert "gold 3" not in remembered and "red gold digger 4" not in remembered
    assert "blue gold digger 2" in element(remembered, "grid:30")  # face up now: shown
    shown = p.board_html(state, 0, legal=legal, memory=False)
    seen = element(shown, "grid:10")
    assert "seen" in seen and "gold 3" in seen and seen != element(shown, "grid:12")
    assert "gr-up" in element(shown, "grid:30") and "gr-up" not in seen


def test_memory_mode_turns_the_cards_face_down_when_the_turn_is_over() -> None:
    state = position(known={10: "gold:3", 11: "gold:2"})
    p = presenter_of(state)
    state.apply("flip 10")
    assert "gold 3" in element(p.board_html(state, 1, memory=True), "grid:10")  # face up now
    state.apply("flip 11")  # two gold cards: nothing happens, both go back face down
    html = p.board_html(state, 1, memory=True)
    assert "gold" not in element(html, "grid:10") + element(html, "grid:11")
    assert "gr-back" in element(html, "grid:10") and "last turn" not in html
    told = p.told_steps(state, state.history, Viewer(1, memory=True))
    assert all(t.concealed for t in told)  # nor does the log name them


def test_a_teacher_may_keep_the_last_turns_cards_up_until_the_next_flip() -> None:
    state = position(known={10: "gold:3", 11: "gold:2"})
    p = presenter_of(state)
    state.apply("flip 10")
    state.apply("flip 11")
    html = p.board_html(state, 1, memory=True, keep_last_turn=True)
    assert "gold 3" in element(html, "grid:10") and "last turn" in element(html, "grid:10")
    keeping = Viewer(1, memory=True, keeps_last_turn=True)
    assert not any(t.concealed for t in p.told_steps(state, state.history, keeping))
    assert p.glimpse(state, [], [], keeping) == ()  # nothing to glimpse: it lies open
    state.apply("flip 40")
    html = p.board_html(state, 1, memory=True, keep_last_turn=True)
    assert "gold" not in element(html, "grid:10") + element(html, "grid:11")
    assert "gr-back" in element(html, "grid:10")


def test_memory_mode_hides_the_gold_under_the_other_mine_entrances() -> None:
    state = position(taken=["gold:4 gold:1", "gold:3"], unknown=None)
    p = presenter_of(state)
    hidden = p.board_html(state, 1, memory=True)
    assert "5 points" not in hidden and "3 points from 1 gold card" in hidden
    assert "2 gold cards face down" in hidden
    assert "5 points from 2 gold cards" in p.board_html(state, 1, memory=False)


def test_the_cards_are_readable_in_light_and_dark_themes() -> None:
    def luminance(colour: str) -> float:
        def channel(v: int) -> float:
            c = v / 255
            return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

        r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
        return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)

    def contrast(a: str, b: str) -> float:
        hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
        return (hi + 0.05) / (lo + 0.05)

    for bg, fg in (*FACES.values(), *SEEN_FACES.values(), TABLE_COLOURS, BADGE_COLOURS):
        assert contrast(bg, fg) >= 4.5, (bg, fg)
    for variable in ("--jp-ui-font-color1", "--jp-layout-color1", "--jp-layout-color2",
                     "--jp-border-color1", "--jp-brand-color1"):
        assert f"var({variable}," in STYLE
    rules = re.findall(r"^(\S[^{]*)\{", STYLE.replace("<style>", ""), re.M)
    assert all(r.startswith((".gl-board.gl-goldrush", "@container")) for r in rules)


def test_a_click_and_a_redraw_are_fast() -> None:
    state = playout(11, 30, players=4)
    p = presenter_of(state)
    seat = state.current_player
    start = time.perf_counter()
    for _ in range(20):
        legal = frozenset(p.targets(state, seat))
        p.board_html(state, seat, legal=legal, memory=True)
        p.click(state, seat, "grid:5")
    assert (time.perf_counter() - start) / 20 < 0.05


# ------------------------------------------------------------------ odds
def independent_chance(state: GoldrushState, seat: int) -> tuple[Fraction, Fraction, Fraction]:
    """(gold, my digger, two flips bring me gold) by listing the unseen cards one by one."""
    unseen = [c for c, n in zip(ALL_CARDS, state.unseen, strict=True) for _ in range(n)]
    mine = set(state.game.seat_colours[seat])
    owners = dict(state.game.owners)
    n = len(unseen)
    gold = Fraction(sum(c.is_gold for c in unseen), n)
    digger = Fraction(sum(c.colour in mine for c in unseen), n)
    hits = 0
    for i, a in enumerate(unseen):
        for j, b in enumerate(unseen):
            if i == j or a.is_dynamite or b.is_dynamite or a.is_gold == b.is_gold:
                continue
            d, g = (a, b) if a.is_digger else (b, a)
            assert d.colour is not None
            if d.value >= g.value and owners[d.colour] in (None, seat):
                hits += 1
    return gold, digger, Fraction(hits, n * (n - 1))


@pytest.mark.parametrize("seed", range(6))
def test_odds_are_exact_and_come_from_what_the_seat_has_seen(seed: int) -> None:
    state = playout(seed, 2 * (seed * 5 + 4), players=2 + seed % 3, edition="AB"[seed % 2])
    if state.is_terminal() or state.up or state.rush:
        pytest.skip("this playout did not stop at the start of a normal turn")
    p = presenter_of(state)
    seat = state.current_player
    shown = p.odds(state, seat)
    by_label = {o.label: o for o in shown}
    assert all(isinstance(o, Odds | Expectation) for o in shown)
    gold, digger, pair = independent_chance(state, seat)
    assert chance(by_label["an unseen card is gold"]) == gold
    assert chance(next(o for o in shown if "of mine" in o.label)) == digger
    found = chance(by_label["my two flips of unseen cards find gold for me"])
    assert found == pair
    # The same numbers as the odds module, where they overlap.
    assert found == odds.pair_outcomes(state)[FOUND_FLIPPER]
    assert chance(by_label["an unseen card is dynamite"]) == odds.first_flip(state)["dynamite"]
    expected = by_label["gold points my two flips of unseen cards bring me"]
    assert isinstance(expected, Expectation) and expected.value == odds.expected_gold(state)
    for k in range(3):
        assert p.odds(state.resample_hidden(seat, random.Random(k)), seat) == shown
    other = (seat + 1) % state.players
    assert p.odds(state, other)[0] == shown[0]


def test_odds_of_the_second_flip_count_the_card_face_up() -> None:
    state = position(known={10: "green:3"}, turn=0)
    p = presenter_of(state)
    state.apply("flip 10")
    second = next(o for o in p.odds(state, 0) if o.label.startswith("my second flip"))
    gold_up_to_3 = sum(state.unseen[c.index] for c in ALL_CARDS if c.is_gold and c.value <= 3)
    assert chance(second) == Fraction(gold_up_to_3, sum(state.unseen))


def test_no_odds_once_the_game_is_over() -> None:
    state = playout(3, 10_000)
    assert presenter_of(state).odds(state, 0) == []


# ------------------------------------------------------------------ inspector and scoring
def finished(taken: list[str], players: int = 2, **options: Any) -> GoldrushState:
    return GoldrushState.from_position(goldrush(players, **options), known={}, unknown="",
                                       removed="rest", taken=taken)


def test_the_richest_player_wins_without_a_tie_break() -> None:
    state = finished(["gold:4 gold:4", "gold:3 gold:1"])
    final = presenter_of(state).breakdown(state, ("Ana", "Ben"))
    assert final is not None
    assert final.rows[0] == ("Ana", "green", "4 4", "8", "2", "1")
    assert final.verdict == "Ana wins with 8 points" and final.tiebreak == ""
    assert final.rule == GAME_END


def test_a_tie_on_points_goes_to_the_player_with_more_gold_cards() -> None:
    state = finished(["gold:4 gold:4", "gold:3 gold:3 gold:2"])
    final = presenter_of(state).breakdown(state)
    assert final is not None
    assert final.verdict == "seat 1 wins with 8 points"
    assert TIES["A"][0] in final.tiebreak and "seat 0 2, seat 1 3" in final.tiebreak


def test_a_tie_on_points_and_cards_is_a_shared_victory_in_the_editions_words() -> None:
    state = finished(["gold:4 gold:1", "gold:3 gold:2"], edition="B")
    final = presenter_of(state).breakdown(state)
    assert final is not None
    assert final.verdict.startswith("seat 0 and seat 1 share the victory")
    assert TIES["B"][1] in final.tiebreak
    assert final.rows[0][1] == "green+blue"  # edition B: two colours each


def test_an_inspector_page_shows_the_flip_what_was_found_and_the_rule() -> None:
    state = position(known={10: "green:3", 20: "gold:3"})
    p = presenter_of(state)
    state.apply("flip 10")
    before = state.clone()
    state.apply("flip 20")
    step = state.history[-1]
    (page,) = p.pages(before, step, state, names=("Ana", "Ben", "Cleo", "Dan"))
    assert page.title == "Turn 1: Ana turns up card 20: gold (3) (seen before)"
    assert page.rule == FINDS_GOLD
    quote = p.quote(FINDS_GOLD)
    assert quote is not None and quote.sentence in page.html.replace("&#x27;", "'")
    assert "green gold digger 3 carries the gold 3 to Ana" in page.html
    assert any(isinstance(e, GoldFound) for e in step.events)


def test_the_last_step_has_a_page_with_the_final_scores() -> None:
    state = playout(5, 10_000)
    last = state.history[-1]
    assert any(isinstance(e, GameOver) for e in last.events)
    before = state.clone()
    before.undo()
    pages = presenter_of(state).pages(before, last, state)
    assert pages[-1].title == "Final scores" and pages[-1].rule == GAME_END
    assert "wins" in pages[-1].html or "share the victory" in pages[-1].html


def test_memory_mode_leaves_out_the_odds_that_name_a_remembered_card() -> None:
    for seed in range(40):
        state = playout(seed, 30, players=2)
        seat = state.current_player
        if seat < 0:
            continue
        p = presenter_of(state)
        told = [o.label for o in p.odds(state, seat)]
        if not any("I remember" in label for label in told):
            continue
        hidden = [o.label for o in p.odds(state, seat, memory=True)]
        assert not any("I remember" in label for label in hidden)
        assert [label for label in told if "I remember" not in label] == hidden
        return
    pytest.fail("no position with a remembered digger in 40 playouts")
