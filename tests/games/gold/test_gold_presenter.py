"""Gold! in a view: the clicks mean what a player means, the table shows what a seat may
see, and the rules quoted are the rulebook's own sentences."""

from __future__ import annotations

import random
import re
import time
from html.parser import HTMLParser
from typing import Any

import pytest

import goldlab
from goldlab import scenarios
from goldlab.core.errors import IllegalActionError
from goldlab.core.presentation import Play, Refuse, Select
from goldlab.games.gold.actions import Exchange, NoBonus, Steal, Take
from goldlab.games.gold.cards import ALL_CARDS, card
from goldlab.games.gold.events import EXCHANGE, SET, TAKE
from goldlab.games.gold.picture import CARD_COLOURS
from goldlab.games.gold.position import from_position
from goldlab.games.gold.presenter import GoldPresenter
from goldlab.games.gold.rulebook import GAMEPLAY
from goldlab.games.gold.state import GoldState

NAMES = ("Claus", "Dirk", "Bernd")


def presenter_of(state: GoldState) -> GoldPresenter:
    p = state.game.presenter()
    assert isinstance(p, GoldPresenter)
    return p


def scenario_state(name: str) -> tuple[GoldState, GoldPresenter]:
    state = scenarios.load(name).setup()
    assert isinstance(state, GoldState)
    return state, presenter_of(state)


class Targets(HTMLParser):
    """Every element with a data-target: its id and attributes."""

    def __init__(self) -> None:
        super().__init__()
        self.found: dict[str, dict[str, str]] = {}

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if "data-target" in a:
            assert a["data-target"] not in self.found, f"duplicate id {a['data-target']}"
            self.found[a["data-target"]] = a


def drawn_targets(html: str) -> dict[str, dict[str, str]]:
    parser = Targets()
    parser.feed(html)
    return parser.found


DATA_TARGET = re.compile(r'data-target="([^"]+)"')
"""The ids of the drawn targets (quicker than parsing, for the many positions below)."""


def random_positions(seeds: range, players: int = 3, every: int = 3) -> list[GoldState]:
    """Positions of random playouts (a copy every few moves, the end included)."""
    out = []
    for seed in seeds:
        state = goldlab.make("gold", players, seed=seed)
        assert isinstance(state, GoldState)
        rng = random.Random(seed)
        n = 0
        while not state.is_terminal():
            if n % every == 0:
                out.append(state.clone())
            state.apply(rng.choice(state.legal_actions()))
            n += 1
        out.append(state)
    return [s for s in out if isinstance(s, GoldState)]


def reachable(p: GoldPresenter, state: GoldState, seat: int | None) -> set[Any]:
    """Every action reachable by clicking the drawn targets, following selections."""
    actions = set()
    todo, done = [""], set()
    while todo:
        selection = todo.pop()
        done.add(selection)
        for target in DATA_TARGET.findall(p.board_html(state, seat, selection=selection)):
            click = p.click(state, seat, target, selection)
            if isinstance(click, Play) and state.is_legal(click.action):
                actions.add(click.action)
            elif isinstance(click, Select) and click.selection not in done:
                todo.append(click.selection)
    return actions


# ------------------------------------------------------------------ the presenter
def test_gold_game_gives_its_own_presenter() -> None:
    state = goldlab.make("gold", 2, seed=1)
    assert type(state.game.presenter()) is GoldPresenter


def test_clicking_a_lowest_card_on_offer_takes_it() -> None:
    state, p = scenario_state("gold/take-lowest")
    assert p.click(state, 2, "offer:green:D") == Play(Take(card("green:D")))
    assert p.targets(state, 2) == {
        "offer:red:D": Take(card("red:D")), "offer:green:D": Take(card("green:D")),
    }


def test_clicking_a_higher_card_on_offer_lets_the_engine_quote_action_a() -> None:
    state, p = scenario_state("gold/take-lowest")
    click = p.click(state, 2, "offer:blue:8")
    assert click == Play(Take(card("blue:8")))
    assert isinstance(click, Play)
    with pytest.raises(IllegalActionError) as refused:
        state.apply(click.action)
    assert refused.value.rule == TAKE
    quote = p.quote(TAKE)
    assert quote is not None and "lowest value" in quote.sentence


def test_an_exchange_is_a_tableau_card_then_a_card_on_offer() -> None:
    state, p = scenario_state("gold/exchange-option-1")
    first = p.click(state, 1, "tableau:1:blue:6")
    assert isinstance(first, Select) and first.selection == "tableau:1:blue:6"
    assert "green 4" in first.hint
    offered = p.targets(state, 1, first.selection)
    assert offered == {"offer:green:4": Exchange(card("blue:6"), card("green:4")),
                       "tableau:1:blue:6": None}
    second = p.click(state, 1, "offer:green:4", first.selection)
    assert second == Play(Exchange(card("blue:6"), card("green:4")))
    # "He would not have been able to take either the donkey card or the blue 8."
    for target in ("offer:red:D", "offer:blue:8"):
        click = p.click(state, 1, target, first.selection)
        assert isinstance(click, Play) and isinstance(click.action, Exchange)
        with pytest.raises(IllegalActionError) as refused:
            state.apply(click.action)
        assert refused.value.rule == EXCHANGE


def test_clicking_the_picked_card_again_cancels_the_exchange() -> None:
    state, p = scenario_state("gold/exchange-option-2")
    picked = p.click(state, 0, "tableau:0:green:D")
    assert isinstance(picked, Select)
    cancelled = p.click(state, 0, "tableau:0:green:D", picked.selection)
    assert isinstance(cancelled, Select) and cancelled.selection == ""
    assert p.click(state, 0, "offer:blue:8", "") == Play(Take(card("blue:8")))


def test_a_gold_3_is_selectable_and_the_engine_says_why_it_cannot_be_exchanged() -> None:
    state, p = scenario_state("gold/three-cannot-be-exchanged")
    assert "tableau:0:green:3" not in p.targets(state, 0)
    picked = p.click(state, 0, "tableau:0:green:3")
    assert isinstance(picked, Select) and "No exchange" in picked.hint
    click = p.click(state, 0, "offer:red:3", picked.selection)
    assert isinstance(click, Play)
    with pytest.raises(IllegalActionError, match="3-value"):
        state.apply(click.action)


def test_after_a_set_an_opponents_card_is_the_bonus() -> None:
    state, p = scenario_state("gold/set-with-bonus")
    assert p.targets(state, 0) == {"tableau:2:orange:6": Steal(card("orange:6"), 2),
                                   "nobonus": NoBonus()}
    assert p.click(state, 0, "tableau:2:orange:6") == Play(Steal(card("orange:6"), 2))
    assert p.click(state, 0, "nobonus") == Play(NoBonus())
    # "He may now take a card from an opponent, as long as it is not red, blue or green."
    for target in ("tableau:1:red:4", "tableau:1:blue:8", "tableau:2:green:5", "offer:violet:7",
                   "tableau:0:blue:4"):
        click = p.click(state, 0, target)
        assert isinstance(click, Play), target
        with pytest.raises(IllegalActionError) as refused:
            state.apply(click.action)
        assert refused.value.rule == SET


def test_an_opponents_card_outside_the_bonus_is_refused_by_the_set_rule() -> None:
    state, p = scenario_state("gold/exchange-option-1")
    click = p.click(state, 1, "tableau:0:violet:5")
    assert click == Play(Steal(card("violet:5"), 0))
    with pytest.raises(IllegalActionError) as refused:
        state.apply(Steal(card("violet:5"), 0))
    assert refused.value.rule == SET


def test_a_seat_not_to_move_has_no_targets_and_its_clicks_are_refused() -> None:
    state, p = scenario_state("gold/take-lowest")  # Bernd (seat 2) is to move
    assert p.targets(state, 0) == {}
    click = p.click(state, 0, "offer:green:D")
    assert isinstance(click, Refuse) and click.rule == GAMEPLAY
    assert p.quote(GAMEPLAY) is not None
    assert p.targets(state, None) == p.targets(state, 2)


def test_nonsense_and_finished_games_are_refused() -> None:
    state, p = scenario_state("gold/take-lowest")
    assert isinstance(p.click(state, 2, "offer:gold:11"), Refuse)
    assert isinstance(p.click(state, 2, "tableau:0:blue:8"), Refuse)  # not in that tableau
    state.apply("take green:D")
    over = random_positions(range(1))[-1]
    assert over.is_terminal()
    assert isinstance(presenter_of(over).click(over, None, "nobonus"), Refuse)
    assert presenter_of(over).targets(over, None) == {}


def test_every_legal_action_is_reachable_by_clicks_in_random_games() -> None:
    checked = 0
    for state in random_positions(range(6), players=3, every=4) + random_positions(
            range(6, 9), players=2, every=4):
        p = presenter_of(state)
        if state.current_player < 0:
            continue
        for seat in (state.current_player, None):
            assert reachable(p, state, seat) == set(state.legal_actions()), state.to_json()
            checked += 1
    assert checked > 100


def test_targets_are_drawn_clickable_and_marked() -> None:
    for state in random_positions(range(3), every=5):
        p = presenter_of(state)
        seat = state.current_player if state.current_player >= 0 else None
        selections = [""] + [t for t, a in p.targets(state, seat).items() if a is None]
        for selection in selections:
            targets = p.targets(state, seat, selection)
            html = p.board_html(state, seat, selection=selection, legal=frozenset(targets))
            drawn = drawn_targets(html)
            assert set(targets) <= set(drawn)
            for target, attrs in drawn.items():
                classes = attrs["class"].split()
                assert "gl-target" in classes
                assert attrs["tabindex"] == "0" and attrs["role"] == "button"
                assert attrs["title"] and attrs["aria-label"]
                assert ("gl-legal" in classes) == (target in targets)
                assert ("gl-selected" in classes) == (target == selection != "")
            for target, action in targets.items():
                click = p.click(state, seat, target, selection)
                if action is None:
                    assert isinstance(click, Select)
                else:
                    assert click == Play(action)


def test_the_table_is_a_scoped_fragment_with_theme_colours() -> None:
    state, p = scenario_state("gold/take-lowest")
    html = p.board_html(state, 2, names=NAMES)
    assert html.count("<style>") == 1 and '<div class="gl-board gl-gold"' in html
    assert "<script" not in html and "http" not in html and "url(" not in html
    style = html[html.index("<style>") + len("<style>"):html.index("</style>")]
    for rule in re.findall(r"([^{}]+)\{", style):
        for selector in rule.split(","):
            assert selector.strip().startswith(".gl-board.gl-gold"), selector
    # Text and panels follow the theme; only cards and badges are coloured, with white text.
    for body in re.findall(r"\{([^}]*)\}", style):
        for prop, value in re.findall(r"(?<![-\w])(color|background(?:-color)?):\s*([^;]+);",
                                      body):
            themed = value.startswith("var(--jp-")
            if prop == "color":
                assert themed or value == "#fff", value
            else:
                white_text = "color: #fff" in body or value in CARD_COLOURS.values()
                assert themed or "gradient" in value or white_text, value
    assert "Bernd" in html and "seat 2" not in html


def _luminance(hexa: str) -> float:
    def channel(v: int) -> float:
        c = v / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (int(hexa[i:i + 2], 16) for i in (1, 3, 5))
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def test_white_text_on_every_card_colour_is_readable() -> None:
    for colour, hexa in CARD_COLOURS.items():
        contrast = (1.05) / (_luminance(hexa) + 0.05)
        assert contrast >= 4.5, (colour, contrast)


def test_a_click_and_a_redraw_are_quick() -> None:
    state = random_positions(range(1), every=20)[2]
    p = presenter_of(state)
    seat = state.current_player
    start = time.perf_counter()
    for _ in range(50):
        targets = p.targets(state, seat)
        p.board_html(state, seat, legal=frozenset(targets), names=NAMES)
        p.click(state, seat, next(iter(targets)))
    assert (time.perf_counter() - start) / 50 < 0.010


# ------------------------------------------------------------------ memory mode
def _face_up_pile_cards(html: str) -> int:
    """Face-up cards that are not targets: only scoring-pile cards are drawn so."""
    return html.count('<div class="gl-card gl-c-')


def test_memory_mode_turns_every_scoring_pile_face_down() -> None:
    state, p = scenario_state("gold/set-with-bonus")
    state.apply("steal orange:6 from seat 2")  # Claus scores red 3, red 5, red 6 in public
    for seat in (0, 1, None):
        assert _face_up_pile_cards(p.board_html(state, seat)) == 3
        remembered = p.board_html(state, seat, memory=True)
        assert _face_up_pile_cards(remembered) == 0
        assert "3 face down: remember!" in remembered


def test_piles_nobody_saw_scored_stay_face_down_without_memory_mode() -> None:
    state = from_position(offer="blue:3 pink:6", tableaux=["green:4", "red:5"],
                          piles=["violet:8 violet:7 violet:6", "orange:8 orange:7 orange:D"])
    p = presenter_of(state)
    own_only = p.board_html(state, 0)
    assert _face_up_pile_cards(own_only) == 3
    assert "violet 8" in own_only and "orange 8" not in own_only
    assert "3 face down" in own_only
    assert _face_up_pile_cards(p.board_html(state, None)) == 6


# ------------------------------------------------------------------ odds
def _independent_odds(pool: list[Any], refill: int) -> dict[str, Any]:
    """Each colour's chance to be next and to appear in the next refill, counted by hand."""
    from fractions import Fraction
    from itertools import combinations

    colours = sorted({c.colour for c in pool})
    out: dict[str, Any] = {}
    for colour in colours:
        out[f"next card revealed is {colour}"] = Fraction(
            sum(c.colour == colour for c in pool), len(pool))
        hands = list(combinations(range(len(pool)), refill))
        hits = sum(any(pool[i].colour == colour for i in hand) for hand in hands)
        out[f"next refill ({refill} cards) shows at least one {colour} card"] = Fraction(
            hits, len(hands))
    out["expected value of the next card revealed (a donkey counts -2)"] = Fraction(
        sum(c.value for c in pool), len(pool))
    return out


def test_odds_equal_a_count_of_every_possible_refill() -> None:
    checked = 0
    for state in random_positions(range(4), every=1):
        if state.current_player < 0 or not 0 < state.pile_count <= 13:
            continue
        seat = state.current_player
        pool = [c for c, n in zip(ALL_CARDS, state.unseen, strict=True) for _ in range(n)]
        # Every card scored in these games was scored in public: the unseen cards are
        # exactly the draw pile and the 2 removed face down.
        expected = _independent_odds(pool, min(5, state.pile_count))
        got = {o.label: (o.value if hasattr(o, "value") else o.probability)
               for o in presenter_of(state).odds(state, seat)}
        for label, value in expected.items():
            assert got[label] == value, label
        checked += 1
    assert checked >= 8


def test_odds_of_the_next_reveal_match_the_engines_chance_outcomes() -> None:
    from fractions import Fraction

    state = goldlab.make("gold", 3, seed=4, auto_chance=False)
    rng = random.Random(4)
    checked = 0
    while not state.is_terminal() and checked < 5:
        if state.is_chance_node() and state.to_reveal == 5 and state.offer == ():
            seat = state.turn
            odds = {o.label: o for o in presenter_of(state).odds(state, seat)}
            by_colour: dict[str, Fraction] = {}
            for outcome, chance in state.chance_outcomes():
                colour = outcome.card.colour  # type: ignore[attr-defined]
                by_colour[colour] = by_colour.get(colour, Fraction(0)) + chance
            for colour, chance in by_colour.items():
                assert odds[f"next card revealed is {colour}"].probability == chance
            checked += 1
        state.apply(rng.choice(state.legal_actions()))
    assert checked >= 3


def test_odds_do_not_change_when_hidden_cards_are_redrawn() -> None:
    for state in random_positions(range(3), every=7):
        if state.current_player < 0:
            continue
        for seat in range(state.players):
            p = presenter_of(state)
            mine = p.odds(state, seat)
            assert p.odds(state, seat, memory=True) == mine
            for k in range(3):
                other = state.resample_hidden(seat, random.Random(k))
                assert p.odds(other, seat) == mine


def test_odds_count_piles_nobody_saw_scored_as_unseen() -> None:
    state = from_position(offer="blue:3 pink:6", tableaux=["green:4", "red:5"],
                          piles=["violet:8 violet:7 violet:6", "orange:8 orange:7 orange:D"])
    odds = {o.label: o for o in presenter_of(state).odds(state, 0)}
    unseen_by_seat_0 = sum(state.unseen) + 3  # Dirk's pile: seen by nobody but Dirk
    orange = odds["next card revealed is orange"]
    assert orange.probability.denominator * orange.probability.numerator != 0
    assert f"of the {unseen_by_seat_0} cards" in orange.note
    # 10 orange cards, one donkey in the box (2 players); Dirk's 3 oranges are not seen
    assert orange.probability == type(orange.probability)(9, unseen_by_seat_0)


def test_no_odds_once_the_draw_pile_is_empty() -> None:
    state, p = scenario_state("gold/colour-scoring")
    assert p.odds(state, 2) == []


# ------------------------------------------------------------------ inspector pages
def test_colour_scoring_is_shown_colour_by_colour_in_rulebook_order() -> None:
    scenario = scenarios.load("gold/colour-scoring")
    assert scenario.names == NAMES
    before = scenario.setup()
    assert isinstance(before, GoldState)
    after = before.clone()
    after.apply(scenario.actions[0])
    p = presenter_of(before)
    got = p.pages(before, after.history[-1], after, names=scenario.names)
    assert [page.title for page in got] == [
        "Colour scoring: green", "Colour scoring: blue", "Colour scoring: violet",
        "Colour scoring: red", "Colour scoring: orange", "Colour scoring: pink",
        "Final scoring",
    ]
    green, red = got[0].html, got[3].html
    # "Claus has a 6, Dirk has an 8 and a -2, while Bernd has none. As both Claus and Dirk
    # have a total of 6, they may both add their highest-value red cards"
    assert "<td>Claus</td>" in red and red.count("<td>6</td>") == 2 and "tie" in red
    assert "each tied player may add" in red and red.count("banks <span") == 2
    # "Since no player has any green gold cards, the colour is not scored."
    assert "not scored" in green and "discards" in green and "Bernd takes the pink 3" in green
    assert "Dirk wins" in got[-1].html


def test_the_last_step_of_random_games_scores_six_colours_then_totals() -> None:
    for seed in range(4):
        state = goldlab.make("gold", 3, seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            before = state.clone()
            state.apply(rng.choice(state.legal_actions()))
        step = next(s for s in reversed(state.history) if s.actor >= 0)
        got = presenter_of(state).pages(before, step, state)
        scored = [pg for pg in got if pg.title.startswith("Colour scoring")]
        assert len(scored) == 6 and got[-1].title == "Final scoring"
        for page, event in zip(scored, [e for e in step.events
                                         if type(e).__name__ == "ColourScored"], strict=True):
            for total in event.totals:  # type: ignore[attr-defined]
                if total is not None:
                    assert f"<td>{total}</td>" in page.html


def test_a_set_page_shows_the_set_the_choices_and_why_other_cards_are_not_eligible() -> None:
    state = from_position(
        offer="red:6 violet:7 pink:8",
        tableaux=["red:3 red:5 blue:4 green:7", "red:4 blue:8", "orange:6 green:5"],
    )
    before = state.clone()
    state.apply("take red:6")
    p = presenter_of(state)
    (page,) = p.pages(before, state.history[-1], state, names=NAMES)
    assert page.title == "Claus completes a red set" and page.rule == SET
    assert "the orange 6 from Bernd" in page.html and "(or no bonus)" in page.html
    assert "no: red is the colour of the set" in page.html
    assert "no: Claus already has blue cards" in page.html
    assert "no: Claus already has green cards" in page.html
    after_bonus = state.clone()
    after_bonus.apply("steal orange:6 from seat 2")
    bonus, scored = p.pages(state, after_bonus.history[-1], after_bonus, names=NAMES)
    assert bonus.title == "Claus takes the orange 6 from Bernd"
    assert "face down on the scoring pile (+14)" in bonus.html
    # the set is scored in two parts: the bonus, then the set onto the scoring pile
    assert scored.title == "Claus scores the red set" and scored.rule == SET
    assert "Claus puts red 3, red 5, red 6 face down on the scoring pile (+14)" in scored.html


def test_a_plain_step_is_one_page_in_the_players_names() -> None:
    state, p = scenario_state("gold/take-lowest")
    before = state.clone()
    state.apply("take green:D")
    (page,) = p.pages(before, state.history[-1], state, names=NAMES)
    assert page.title == "Bernd takes the green donkey." and page.rule == TAKE


# ------------------------------------------------------------------ final scoring
def test_the_breakdown_names_the_tie_rule_that_decided() -> None:
    state, p = scenario_state("gold/tie-most-cards")
    assert p.breakdown(state) is None
    state.apply("take pink:3")
    final = p.breakdown(state, ("Anna", "Ben"))
    assert final is not None
    assert final.verdict == "Ben wins"
    assert "tie on 16 points" in final.tiebreak and "most cards" in final.tiebreak
    assert final.rows[1][2:] == ("6", "16", "1")


def test_the_breakdown_needs_no_tie_rule_without_a_tie() -> None:
    state, p = scenario_state("gold/colour-scoring")
    state.apply("take pink:3")
    final = p.breakdown(state, NAMES)
    assert final is not None and final.tiebreak == "" and final.verdict == "Dirk wins"


def test_a_replayed_action_is_drawn_where_it_shows_after_the_step() -> None:
    state, p = scenario_state("gold/exchange-option-2")
    exchange = Exchange(card("green:D"), card("blue:8"))
    state.apply(exchange)
    # The view lights up the target on the table after the step: the donkey given.
    assert p.target_of(exchange) == "offer:green:D"
    assert "offer:green:D" in drawn_targets(p.board_html(state, None))
    reveal = next(s for s in goldlab.make("gold", 2, seed=3).history if s.actor < 0).action
    assert p.target_of(reveal) is not None
    # A take or a steal moves the card to a tableau the action does not name.
    assert p.target_of(Take(card("red:D"))) is None
    assert p.target_of(Steal(card("orange:6"), 2)) is None
    assert p.target_of(NoBonus()) is None
    assert p.player_names(state) == ("seat 0", "seat 1", "seat 2")


@pytest.mark.parametrize("name", ["gold/take-lowest", "gold/exchange-option-1",
                                  "gold/exchange-option-2", "gold/set-with-bonus",
                                  "gold/colour-scoring"])
def test_the_rulebook_examples_open_with_the_rulebooks_names(name: str) -> None:
    scenario = scenarios.load(name)
    assert scenario.names == NAMES
    state = scenario.setup()
    html = state.game.presenter().board_html(state, None, names=scenario.names)
    assert all(n in html for n in NAMES) and "seat 0" not in html
