"""Goldland on the projector: tiles, exits, articles and buttons as click targets.

"click a neighbouring tile or an exit to move, click a free space to explore and rotate
the new tile before placing it, click articles to acquire or discard."
"""

from __future__ import annotations

import html
import json
import random
import re
import time
from collections import Counter
from fractions import Fraction
from importlib import resources
from typing import Any

import pytest

import goldlab
from goldlab import scenarios
from goldlab.core.errors import IllegalActionError
from goldlab.core.presentation import Odds, Play, Refuse, Select
from goldlab.core.values import Action
from goldlab.games.goldland.actions import Move, Place
from goldlab.games.goldland.articles import parse_kit
from goldlab.games.goldland.picture import (
    ARTICLE_STYLE,
    FACE_DOWN,
    SEAT_COLOURS,
    TEMPLE_COLOURS,
    TILE_COLOURS,
)
from goldlab.games.goldland.position import build
from goldlab.games.goldland.presenter import GoldlandPresenter
from goldlab.games.goldland.scenarios import ARNO_TURN_1, ARNO_TURN_2
from goldlab.games.goldland.state import GoldlandState

NAMES = ("Arno", "Bernd", "Claus", "Dirk")


def presenter_of(state: Any) -> GoldlandPresenter:
    p = state.game.presenter()
    assert isinstance(p, GoldlandPresenter)
    return p


def ids_in(fragment: str) -> list[str]:
    return [html.unescape(t) for t in re.findall(r'data-target="([^"]*)"', fragment)]


def play(state: GoldlandState, target: str, selection: str = "") -> None:
    """Click ``target`` and apply the action it means (it must be one)."""
    meaning = presenter_of(state).click(state, None, target, selection)
    assert isinstance(meaning, Play), (target, selection, meaning)
    state.apply(meaning.action)


def reachable(state: GoldlandState, check_html: bool = False) -> set[Action]:
    """Every action reachable by clicking targets, following selections."""
    p = presenter_of(state)
    found: set[Action] = set()
    seen: set[str] = set()
    todo = [""]
    while todo:
        selection = todo.pop()
        if selection in seen:
            continue
        seen.add(selection)
        targets = p.targets(state, None, selection)
        if check_html:
            drawn = set(ids_in(p.board_html(state, None, selection=selection,
                                            legal=frozenset(targets))))
            assert set(targets) <= drawn, (selection, set(targets) - drawn)
        for target, action in targets.items():
            meaning = p.click(state, None, target, selection)
            if action is not None:
                assert meaning == Play(action), (target, selection, meaning)
                found.add(action)
            else:
                assert isinstance(meaning, Select), (target, selection, meaning)
                todo.append(meaning.selection)
    return found


def random_positions(count: int, seed: int, **options: Any) -> list[GoldlandState]:
    rng = random.Random(seed)
    out = []
    for k in range(count):
        state = goldlab.make("goldland", players=2 + k % 4, seed=seed * 100 + k, turn_cap=12,
                             **options)
        for _ in range(rng.randrange(5, 150)):
            if state.is_terminal():
                break
            state.apply(rng.choice(state.legal_actions()))
        if not state.is_terminal():
            assert isinstance(state, GoldlandState)
            out.append(state)
    return out


# ------------------------------------------------------------------ the wiring
def test_the_game_gives_its_own_presenter() -> None:
    state = goldlab.make("goldland", players=3, seed=1)
    assert isinstance(state.game.presenter(), GoldlandPresenter)


# ------------------------------------------------------------------ Arno by clicks
def test_arnos_first_two_turns_can_be_played_by_clicks() -> None:
    by_notation = scenarios.load("goldland/arno-three-turns").before()
    state = scenarios.load("goldland/arno-three-turns").before()
    assert isinstance(state, GoldlandState)
    # Turn 1: "Arno moves 3 spaces" - three clicks on the neighbouring tile to the west
    for target in ("cell:6,5", "cell:6,4", "exit:W", "endmove"):
        play(state, target)
    # "he gets either 1 gun or 1 spade for possessing 1 pearl. He chooses the spade"
    assert {"acquire:gun", "acquire:spade"} <= set(presenter_of(state).targets(state, 0))
    play(state, "acquire:spade")
    # "Exploration: He takes a tile from the stack and places it on the board."
    play(state, "cell:5,3")
    state.apply("chance: draw T12")
    assert presenter_of(state).targets(state, 0)["place"] == Place(5 * 7 + 3, 0)
    play(state, "place")
    play(state, "endturn")
    for _ in range(3):
        play(state, "pass")
    for text in (*ARNO_TURN_1, "pass", "pass", "pass"):
        by_notation.apply(text)
    assert state.to_json()["data"] == by_notation.to_json()["data"]
    # Turn 2: "Arno moves back 1 space ... He takes 2 timbers"
    for target in ("exit:E", "pawn", "acquire:2 timbers", "explore"):
        play(state, target)
    state.apply("chance: draw T27")
    rotated = ""
    for _ in range(4):  # four quarter turns bring the preview back to 0 degrees
        meaning = presenter_of(state).click(state, 0, "rotate", rotated)
        assert isinstance(meaning, Select)
        rotated = meaning.selection
    assert rotated == "place:5,4:0"
    play(state, "place", rotated)
    play(state, "endturn")
    for text in ARNO_TURN_2:
        by_notation.apply(text)
    assert state.to_json()["data"] == by_notation.to_json()["data"]


def test_the_rulebook_names_arno() -> None:
    assert scenarios.load("goldland/arno-three-turns").names[0] == "Arno"


# ------------------------------------------------------------------ every action by clicks
@pytest.mark.parametrize("beginners", [False, True])
def test_every_legal_action_is_reachable_by_clicks(beginners: bool) -> None:
    kinds: Counter[str] = Counter()
    positions = random_positions(40, 7 + beginners, beginners_grid=beginners)
    # random play seldom saves tokens: one position where exchanges are certainly legal
    positions.append(build(players=4, tokens=[4, 0, 0, 0], beginners_grid=beginners))
    for k, state in enumerate(positions):
        legal = set(state.legal_actions())
        assert reachable(state, check_html=k % 4 == 0) == legal
        kinds.update(type(a).__name__ for a in legal)
    assert kinds["Move"] and kinds["Explore"] and kinds["Exchange"]


def test_an_ordeal_is_paid_article_by_article() -> None:
    # "He moves to the mountain and uses 2 ropes and 2 pearls for the ordeal."
    state = scenarios.load("goldland/ordeal").before()
    assert isinstance(state, GoldlandState)
    play(state, "exit:W")
    play(state, "exit:W")
    p = presenter_of(state)
    meaning = p.click(state, 0, "exit:N")
    assert isinstance(meaning, Select) and meaning.selection.startswith("ordeal:N:")
    assert "Mountains" in meaning.hint
    selection = meaning.selection
    for article in ("pack:2", "pack:2", "pack:1"):
        meaning = p.click(state, 0, article, selection)
        assert isinstance(meaning, Select), meaning
        selection = meaning.selection
    # taking a rope back out, and putting it in again
    back = p.click(state, 0, "unpay:2", selection)
    assert isinstance(back, Select) and "rope" in back.selection
    assert p.click(state, 0, "exit:N", selection) == Select("", "")  # clears the ordeal
    last = p.click(state, 0, "pack:1", selection)
    assert last == Play(Move(0, "ordeal", parse_kit("2 ropes + 2 pearls")))


def test_an_ordeal_without_the_red_articles_is_refused_with_the_rule() -> None:
    state = scenarios.load("goldland/ordeal").before()
    assert isinstance(state, GoldlandState)
    play(state, "exit:W")
    play(state, "exit:W")
    p = presenter_of(state)
    selection = p.click(state, 0, "exit:N")
    assert isinstance(selection, Select)
    picked = selection.selection
    refusal: Any = None
    for article in ("pack:1", "pack:1", "pack:0", "pack:0"):
        refusal = p.click(state, 0, article, picked)
        if isinstance(refusal, Refuse):
            break
        assert isinstance(refusal, Select)
        picked = refusal.selection
    assert isinstance(refusal, Refuse)
    assert refusal.rule == "A. Move adventurer: ordeal" and "ropes" in refusal.reason


def test_into_ones_own_camp_tile_the_player_chooses_to_survive_again() -> None:
    # Q11's Desert with Arno's camp, but with the 3 provisions to survive it again
    state = build(players=2, tiles={"5,4": ("T20", 180)}, pawns=["6,4", "6,6"],
                  packs=["3 provisions + pearl"], camps=[("5,4", 0)], markers={"desert": 0})
    p = presenter_of(state)
    meaning = p.click(state, 0, "cell:5,4")
    assert meaning == Select("move:N", meaning.hint if isinstance(meaning, Select) else "")
    targets = p.targets(state, 0, "move:N")
    assert targets["move:N:plain"] == Move(0)
    assert targets["move:N:survive"] == Move(0, "survive")
    assert 'data-target="move:N:survive"' in p.board_html(state, 0, selection="move:N")
    assert p.click(state, 0, "cell:5,4", "move:N") == Select("", "")
    play(state, "move:N:survive", "move:N")
    assert state.camp_right
    play(state, "camp")


def test_the_drawn_tile_is_previewed_turned_and_moved() -> None:
    state = build(players=2, pawns=["6,3", "6,6"], auto_chance=False)
    play(state, "cell:5,3")
    state.apply("chance: draw T05")
    p = presenter_of(state)
    targets = p.targets(state, 0)
    assert set(targets) == {"cell:5,3", "rotate", "place"}
    assert targets["place"] == Place(5 * 7 + 3, 0)
    turned = p.click(state, 0, "rotate")
    assert isinstance(turned, Select) and turned.selection == "place:5,3:90"
    # clicking the previewed tile turns it too
    again = p.click(state, 0, "cell:5,3", turned.selection)
    assert isinstance(again, Select) and again.selection == "place:5,3:180"
    assert p.targets(state, 0, again.selection)["place"] == Place(5 * 7 + 3, 180)
    # a space not beside the adventurer: the engine refuses, with its rule
    wrong = p.click(state, 0, "cell:2,2", again.selection)
    assert wrong == Play(Place(2 * 7 + 2, 180))
    with pytest.raises(IllegalActionError) as refused:
        state.apply(wrong.action)
    assert refused.value.rule == "C. Exploration"


# ------------------------------------------------------------------ illegal clicks
def test_an_illegal_click_is_the_engines_refusal() -> None:
    state = goldlab.make("goldland", players=4, seed=3)
    assert isinstance(state, GoldlandState)
    p = presenter_of(state)
    # At the start nobody may dig, or end a turn in which nothing was done.
    for target, rule in (("dig", "C. Exploration: treasure"), ("endturn", "Play of the game"),
                         ("acquire:2 timbers", "B. Acquiring articles of equipment"),
                         ("endmove", "A. Move adventurer")):
        meaning = p.click(state, None, target)
        assert isinstance(meaning, Play), target
        with pytest.raises(IllegalActionError) as refused:
            state.apply(meaning.action)
        assert refused.value.rule == rule
        assert p.quote(rule) is not None


def test_every_drawn_target_means_something_with_a_quoted_rule() -> None:
    for state in random_positions(12, 3):
        p = presenter_of(state)
        before = state.to_json()["data"]
        legal = set(state.legal_actions())
        for target in set(ids_in(p.board_html(state, None))):
            meaning = p.click(state, None, target)
            if isinstance(meaning, Refuse):
                assert p.quote(meaning.rule) is not None, meaning
            elif isinstance(meaning, Play) and meaning.action not in legal:
                with pytest.raises(IllegalActionError) as refused:
                    state.apply(meaning.action)
                assert p.quote(refused.value.rule) is not None
        assert state.to_json()["data"] == before


def test_a_player_not_to_move_has_no_targets() -> None:
    state = goldlab.make("goldland", players=3, seed=5)
    p = presenter_of(state)
    assert p.targets(state, 1) == {}
    refusal = p.click(state, 1, "cell:6,5")
    assert isinstance(refusal, Refuse) and refusal.rule == "Play of the game"
    assert p.targets(state, 0) == p.targets(state, None) != {}


def test_a_far_tile_is_refused_one_step_at_a_time() -> None:
    state = goldlab.make("goldland", players=2, seed=5)
    refusal = presenter_of(state).click(state, None, "cell:6,0")
    assert isinstance(refusal, Refuse) and refusal.rule == "A. Move adventurer"


# ------------------------------------------------------------------ the picture
def test_every_control_is_labelled_and_keyboard_reachable() -> None:
    state = random_positions(3, 11)[-1]
    p = presenter_of(state)
    targets = p.targets(state, None)
    fragment = p.board_html(state, None, legal=frozenset(targets), names=NAMES[:state.players])
    assert fragment.count("<style>") == 1 and "<script" not in fragment
    assert "http" not in fragment and "url(" not in fragment and "@import" not in fragment
    assert 'class="gl-board gl-goldland"' in fragment
    for element in re.findall(r"<[a-z]+ [^>]*data-target=[^>]*>", fragment):
        for needed in ('tabindex="0"', 'role="button"', "title=", "aria-label=", "gl-target"):
            assert needed in element, (needed, element)
        target = html.unescape(re.search(r'data-target="([^"]*)"', element).group(1))  # type: ignore[union-attr]
        assert ("gl-legal" in element) == (target in targets), element
    assert set(targets) <= set(ids_in(fragment))
    assert "Arno" in fragment


def test_the_board_uses_theme_colours_and_fits_a_phone() -> None:
    state = goldlab.make("goldland", players=2, seed=0)
    fragment = presenter_of(state).board_html(state, 0)
    style = fragment[fragment.index("<style>"):fragment.index("</style>")]
    for variable in ("--jp-ui-font-color1", "--jp-layout-color1", "--jp-layout-color2",
                     "--jp-border-color1", "--jp-brand-color1"):
        assert f"var({variable}," in style
    assert "flex-wrap:wrap" in style and "max-width:100%" in style and "overflow-x:auto" in style
    assert all(rule.strip().startswith(".gl-") or not rule.strip()
               for rule in re.sub(r"\{[^}]*\}", "\n", style[len("<style>"):]).split("\n")
               if rule.strip() and not rule.strip().startswith(","))


def _luminance(colour: str) -> float:
    channels = [int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def _contrast(a: str, b: str) -> float:
    la, lb = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def test_text_on_tiles_and_chips_reads_at_four_and_a_half_to_one() -> None:
    pairs = [(back, ink) for back, ink, _ in TILE_COLOURS.values()]
    pairs += [(back, ink) for _, back, ink in ARTICLE_STYLE.values()]
    pairs += [(c, "#ffffff") for c in SEAT_COLOURS] + [FACE_DOWN, TEMPLE_COLOURS]
    for back, ink in pairs:
        assert _contrast(back, ink) >= 4.5, (back, ink, _contrast(back, ink))


def test_memory_mode_changes_nothing_in_goldland() -> None:
    state = random_positions(2, 5)[-1]
    p = presenter_of(state)
    assert p.board_html(state, 0, memory=True) == p.board_html(state, 0, memory=False)


def test_board_and_targets_are_fast() -> None:
    state = random_positions(4, 2)[-1]
    p = presenter_of(state)
    best = 1.0
    for _ in range(5):
        started = time.perf_counter()
        targets = p.targets(state, None)
        p.board_html(state, None, legal=frozenset(targets))
        best = min(best, time.perf_counter() - started)
    assert best < 0.010, best


# ------------------------------------------------------------------ odds
def _independent_count(state: GoldlandState) -> tuple[int, int, int]:
    """(face-down tiles, with an adventure, with a treasure field) from the tile file."""
    data = json.loads(resources.files("goldlab.games.goldland").joinpath("data/tiles.json")
                      .read_text(encoding="utf-8"))
    laid = {entry[0] for entry in state.to_json()["data"]["board"].values()}
    drawn = state.to_json()["data"]["drawn"]
    rest = [t for t in data["tiles"] if t["kind"] == "inner" and t["id"].upper() not in laid
            and t["id"].upper() != drawn]
    return (len(rest), sum(1 for t in rest if t.get("adventure")),
            sum(1 for t in rest if t.get("treasure_field")))


def test_the_odds_of_the_next_tile_are_an_exact_count_of_the_stack() -> None:
    for state in random_positions(10, 4):
        n, adventures, fields = _independent_count(state)
        odds = {o.label: o for o in presenter_of(state).odds(state, 0) if isinstance(o, Odds)}
        assert odds["next tile has an adventure"].probability == Fraction(adventures, n)
        assert odds["next tile has a treasure field"].probability == Fraction(fields, n)
        per_kind = sum(o.probability for label, o in odds.items() if label.startswith(
            "next tile is a"))
        assert per_kind == Fraction(adventures, n)


def test_the_odds_do_not_depend_on_the_hidden_order_of_the_stack() -> None:
    state = random_positions(3, 9)[-1]
    p = presenter_of(state)
    for seat in range(state.players):
        mine = p.odds(state, seat)
        for k in range(3):
            assert p.odds(state.resample_hidden(seat, random.Random(k)), seat) == mine
        assert mine == p.odds(state, 0)


# ------------------------------------------------------------------ inspector and scoring
def test_a_page_names_the_step_the_rule_and_the_player() -> None:
    state = scenarios.load("goldland/arno-three-turns").before()
    before = state.clone()
    state.apply("move W")
    step = state.history[-1]
    pages = presenter_of(state).pages(before, step, state, names=("Arno", "B", "C", "D"))
    assert pages[0].title == "Arno steps west onto the Landing Beach"
    assert pages[0].rule == "A. Move adventurer"
    assert "Arno" in pages[0].html and "seat 0" not in pages[0].html


def _finish(gold: list[int]) -> GoldlandState:
    state = build(players=2, gold=gold, end_reason="all amulets", packs=["treasure", "pearl"],
                  markers={"desert": 1})
    state.apply("pass")
    state.apply("pass")
    assert state.is_terminal()
    return state


def test_the_breakdown_counts_gold_by_source() -> None:
    state = _finish([4, 0])
    result = presenter_of(state).breakdown(state, ("Arno", "Bernd"))
    assert result is not None
    arno, bernd = result.rows
    assert arno[:3] == ("Arno", "4", "1 \u00d7 3 = 3") and arno[5] == str(state.scores()[0])
    assert "Desert" in bernd[4] and bernd[5] == str(state.scores()[1])
    assert result.verdict.startswith("Arno wins") and result.tiebreak == ""
    assert result.rule == "End of the game and scoring"


def test_a_tie_is_shared_and_the_breakdown_says_why() -> None:
    # Arno: 2 gold + a treasure (3) = 5; Bernd: the Desert marker (5)
    state = _finish([2, 0])
    assert state.scores()[0] == state.scores()[1]
    result = presenter_of(state).breakdown(state, ("Arno", "Bernd"))
    assert result is not None
    assert "share the victory" in result.verdict and "tie-break" in result.tiebreak
    pages = presenter_of(state).pages(state, state.history[-1], state, names=("Arno", "Bernd"))
    assert pages[-1].title == "Final scoring"


def test_a_replayed_action_is_drawn_where_it_happened() -> None:
    for state in random_positions(6, 13):
        p = presenter_of(state)
        before = set(ids_in(p.board_html(state, None)))
        action = random.Random(1).choice(state.legal_actions())
        state.apply(action)
        target = p.target_of(action)
        if target is not None and not state.is_terminal():
            assert target in before | set(ids_in(p.board_html(state, None))), (action, target)
