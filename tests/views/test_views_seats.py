"""Who plays each seat: a person or any bot of the game, ISMCTS included, with a strength.

Without a browser: the seat menus' entries (every bot, described), the strength controls
turned into specs, an ISMCTS seat making legal moves through ``play_out`` in a Table, a
GameView and the play table, the "thinking" status, and clear errors for bad choices.
"""

from __future__ import annotations

from typing import Any

import pytest

import goldlab
from goldlab.bots import describe_bots, strength
from goldlab.bots.ismcts import ISMCTSBot
from goldlab.bots.play import bot_seed

views = pytest.importorskip("goldlab.views")
table_module = pytest.importorskip("goldlab.views.table")
GameView, Table, play_table = views.GameView, views.Table, views.play_table
PERSON, seat_choices = table_module.PERSON, table_module.seat_choices

GAMES = tuple(goldlab.names())


def _message(view: Any, **content: Any) -> None:
    """What the front end sends: one intent."""
    view._on_message(view, content, [])


def _counting_play_out(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Count the calls of play_out from the views' Table: every bot decision goes through it."""
    calls: list[int] = []
    real = table_module.play_out

    def counted(*args: Any, **kwargs: Any) -> Any:
        calls.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(table_module, "play_out", counted)
    return calls


# ---------------------------------------------------------------- the menus' entries
@pytest.mark.parametrize("game", GAMES)
def test_every_seat_menu_offers_a_person_and_every_bot_of_the_game_described(game: str) -> None:
    choices = seat_choices(game)
    infos = describe_bots(game)
    assert [c["value"] for c in choices] == [PERSON, *(b.name for b in infos)]
    assert "ismcts" in [c["value"] for c in choices]
    for choice, info in zip(choices[1:], infos, strict=True):
        assert choice["title"] == info.description.replace("``", "")
        assert choice["title"].endswith(".")
    assert choices[0]["title"]  # the person's entry says what it means too
    view = GameView(goldlab.make(game, players=2, seed=1), seat=0, bots={1: "random"})
    assert view.payload["bot_choices"] == choices


@pytest.mark.parametrize(("game", "bot", "levels"), [
    ("gold", "ismcts", ["ismcts:50", "ismcts:200", "ismcts:1000"]),
    ("goldrush", "ismcts", ["ismcts:500", "ismcts:2000", "ismcts:6000"]),
    ("goldland", "ismcts", ["ismcts:50", "ismcts:200", "ismcts:1000"]),
    ("goldrush", "forgetful", ["forgetful:0.6", "forgetful:0.3", "forgetful:0.1"]),
    ("goldrush", "limited", ["limited:3", "limited:6", "limited:12"]),
])
def test_the_strength_control_turns_weak_medium_strong_into_the_spec(
    game: str, bot: str, levels: list[str]
) -> None:
    control = strength(game, bot)
    assert control is not None
    options = control.options()
    assert [o["value"] for o in options] == levels
    assert [o["label"].split(" · ")[0] for o in options] == ["weak", "medium", "strong"]
    assert control.default == levels[1]
    for spec in levels:  # every level is a spec the bots accept
        goldlab.bots.make_bot(game, spec, 1, 7)
    entry = {c["value"]: c for c in seat_choices(game)}[bot]
    assert entry["default"] == levels[1] and entry["strength"] == control.meaning


def test_only_the_bots_that_take_a_number_have_a_strength_control() -> None:
    assert strength("gold", "greedy") is None
    assert strength("gold", "planner") is None
    assert strength("goldrush", "perfect") is None
    assert strength("gold", "forgetful") is None  # Mount Goldrush's bot, not Gold!'s
    assert strength("gold", "ismcts:300") is strength("goldland", "ismcts")
    assert strength("gold", "ismcts").options()[0]["label"] == "weak · 50 iterations"


def test_a_spec_set_from_python_shows_as_its_own_strength_entry() -> None:
    table = Table(goldlab.make("gold", players=3, seed=2), bots={1: "ismcts:30", 2: "ismcts"})
    seats = table.seats()
    assert seats[0] == {"seat": 0, "name": table.names[0], "value": PERSON, "bot": PERSON,
                        "strengths": []}
    assert seats[1]["bot"] == "ismcts" and seats[1]["value"] == "ismcts:30"
    assert seats[1]["strengths"][-1] == {"value": "ismcts:30", "label": "custom · 30"}
    assert seats[2]["strengths"][-1] == {"value": "ismcts", "label": "the game's default"}
    assert len(seats[2]["strengths"]) == 4


# ---------------------------------------------------------------- an ISMCTS seat plays
@pytest.mark.parametrize("game", GAMES)
def test_an_ismcts_seat_makes_legal_moves_through_play_out_in_a_view(
    game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls = _counting_play_out(monkeypatch)
    view = GameView(goldlab.make(game, players=2, seed=3), seat=0, bots={1: "ismcts:4"})
    table = view.table
    assert isinstance(table.bot(1), ISMCTSBot)
    thoughts: list[str] = []
    shown: list[str] = []  # the status drawn when the bot starts thinking

    def on_thinking(change: Any) -> None:
        thoughts.append(change["new"])
        if change["new"]:
            shown.append(view.payload["status"])

    view.observe(on_thinking, "thinking")
    bot_moves = 0
    for _ in range(80):  # a Goldland turn takes several actions
        if table.state.is_terminal() or bot_moves >= 2:
            break
        assert table.state.current_player == 0 and view.legal
        before = len(table.state.history)
        view.request(view.legal[0])
        assert view.error == ""
        bot_moves += sum(1 for step in table.state.history[before:] if step.actor == 1)
    assert bot_moves > 0, "the ISMCTS seat never moved"
    assert calls, "the bots did not decide through play_out"
    # Replaying the record checks that every step, the bot's included, was legal.
    replayed = goldlab.load_record(table.record_json()).replay()
    assert len(replayed.history) == len(table.state.history)
    # While it decided, the view said so; when it was done, the status line came back.
    assert f"{table.names[1]} (ismcts:4) is thinking\u2026" in thoughts
    assert thoughts[-1] == "" and view.thinking == "" and table.thinking == ""
    # Before it thinks, the view shows the position with the person's move made.
    assert shown and set(shown) == {f"{table.names[1]} to move (ismcts:4)"}


def test_a_whole_game_of_ismcts_against_a_bot_is_played_to_the_end() -> None:
    view = GameView(goldlab.make("goldrush", players=2, seed=5), seat="all",
                    bots={0: "ismcts:3", 1: "limited:3"})
    assert view.table.state.is_terminal()
    assert view.payload["status"].startswith("Game over: ") and view.payload["over"]
    assert view.thinking == ""


# ---------------------------------------------------------------- changing a seat
def test_the_seat_menu_intent_sets_the_spec_for_the_next_decision() -> None:
    view = GameView(goldlab.make("gold", players=2, seed=1), seat=0, bots={1: "greedy"})
    table = view.table
    _message(view, type="bot", seat=1, value="ismcts:50")
    assert table.bots == {1: "ismcts:50"}
    bot = table.bot(1)
    assert isinstance(bot, ISMCTSBot) and bot.budget is not None and bot.budget.iterations == 50
    assert bot.seed == bot_seed(table.state.seed, 1)
    seat = view.payload["bots"][1]
    assert seat["value"] == "ismcts:50" and seat["bot"] == "ismcts"
    assert [s["value"] for s in seat["strengths"]] == ["ismcts:50", "ismcts:200", "ismcts:1000"]
    # The strength menu: a stronger setting replaces the bot before its next decision.
    _message(view, type="bot", seat=1, value="ismcts:1000")
    assert table.bot(1).budget.iterations == 1000  # type: ignore[attr-defined]
    _message(view, type="bot", seat=1, value="planner")
    assert table.bots == {1: "planner"} and view.payload["bots"][1]["strengths"] == []
    _message(view, type="bot", seat=1, value="person")
    assert table.bots == {} and view.error == ""


@pytest.mark.parametrize(("seat", "spec", "says"), [
    (1, "ismcts:many", "the budget must be a whole number of iterations"),
    (1, "ismcts:0", "at least 1"),
    (1, "wizard", "unknown bot 'wizard' for gold; available: greedy, ismcts"),
    (1, "", "non-empty"),
    (7, "greedy", "seat must be 0-1"),
    (7, "person", "seat must be 0-1"),
])
def test_a_bad_seat_choice_shows_a_clear_error_and_changes_nothing(
    seat: int, spec: str, says: str
) -> None:
    """From Python (a notebook) any spec is tried and a bad one says what is wrong; from the
    browser only the menus' choices are taken."""
    for browser in (False, True):
        view = GameView(goldlab.make("gold", players=2, seed=1), seat=0, bots={1: "greedy"})
        steps = len(view.table.state.history)
        if browser:
            _message(view, type="bot", seat=seat, value=spec)
        else:
            view.set_bot(seat, spec)
        assert (says if not browser or seat == 7 else "not on this game's seat menu") in view.error
        assert "Traceback" not in view.error
        assert view.payload["error"] == view.error
        assert view.table.bots == {1: "greedy"}
        assert len(view.table.state.history) == steps


def test_a_new_game_and_a_rematch_make_the_bots_anew_from_their_specs() -> None:
    view = GameView(goldlab.make("gold", players=2, seed=1), seat=0, bots={1: "ismcts:5"})
    old = view.table.bot(1)
    view.new_game(seed=99)
    bot = view.table.bot(1)
    assert bot is not old and isinstance(bot, ISMCTSBot)
    assert bot.seed == bot_seed(99, 1) and bot.budget.iterations == 5  # type: ignore[union-attr]
    assert view.table.bots == {1: "ismcts:5"}


# ---------------------------------------------------------------- the play table
def test_the_play_table_offers_every_bot_with_a_strength_and_deals_an_ismcts_seat() -> None:
    table = play_table("gold", players=2, seed=4)
    menu = table.seats.children[1]
    assert list(menu.who.options) == [c["value"] for c in seat_choices("gold")]
    assert menu.who.value == "greedy" and menu.strength.layout.display == "none"
    assert "one step ahead" in menu.who.tooltip and "one step ahead" in menu.about.value
    menu.who.value = "ismcts"  # as a click in the menu: the strength menu appears
    assert menu.strength.layout.display != "none"
    assert [label for label, _ in menu.strength.options] == [
        "weak · 50 iterations", "medium · 200 iterations", "strong · 1000 iterations"]
    assert menu.spec == "ismcts:200"
    menu.strength.value = "ismcts:50"
    assert menu.spec == "ismcts:50"
    assert "imagined games" in menu.about.value and "iterations" in menu.strength.tooltip
    table.deal.click()
    view = table.view
    assert view is not None and view.table.bots == {1: "ismcts:50"}
    assert table.message.value == ""
    deal_live: list[tuple[str, bool]] = []  # (thinking, Deal's state) as each note arrives
    view.observe(lambda change: deal_live.append((change["new"], table.deal.disabled)),
                 "thinking")
    before = len(view.table.state.history)
    view.request(view.legal[0])
    assert view.error == "" and view.table.state.current_player == 0
    assert any(step.actor == 1 for step in view.table.state.history[before:])
    # While the bot thought, Deal waited; it is live again once the bot has moved.
    assert deal_live[0][0] and deal_live[0][1], deal_live
    assert deal_live[-1] == ("", False) and not table.deal.disabled


def test_the_play_table_keeps_the_seats_when_the_player_count_changes() -> None:
    table = play_table("goldrush", players=2, seed=4)
    table.set_seat(1, "forgetful:0.1")
    table.players.value = 3
    assert [m.spec for m in table.seats.children] == ["person", "forgetful:0.1", "perfect"]
    table.set_seat(2, "ismcts:7")  # a spec from Python: its own strength entry
    assert table.seats.children[2].spec == "ismcts:7"
    assert ("custom · 7", "ismcts:7") in table.seats.children[2].strength.options
    view = table.start()
    assert view is not None and view.table.bots == {1: "forgetful:0.1", 2: "ismcts:7"}
    with pytest.raises(ValueError, match="no 'wizard' for goldrush"):
        table.set_seat(1, "wizard")


def test_the_play_table_says_why_it_cannot_deal_a_bad_strength() -> None:
    table = play_table("gold", players=2, seed=4)
    menu = table.seats.children[1]
    menu.who.value = "ismcts"
    menu.strength.options = [("broken", "ismcts:-3")]  # not offered, but never a traceback
    assert table.start() is None
    assert table.message.value.startswith("<b>Cannot deal:</b>")
    assert "at least 1" in table.message.value
