"""The registry: make, game, names, parse_action and option checking."""

import pytest

import goldlab
from goldlab.core.errors import InvalidActionError, OptionsError


def test_make_returns_a_state_ready_to_play() -> None:
    state = goldlab.make("gold", players=3, seed=7)
    assert state.current_player == 0
    assert state.legal_actions()


def test_names_lists_gold() -> None:
    assert "gold" in goldlab.names()


def test_unknown_game_names_the_available_ones() -> None:
    with pytest.raises(OptionsError, match=r"available: .*gold"):
        goldlab.make("chess")


def test_unknown_option_lists_the_valid_ones() -> None:
    with pytest.raises(OptionsError, match=r"valid options: .*start_player"):
        goldlab.make("gold", players=2, colour_blind=True)


def test_option_of_wrong_type_is_refused() -> None:
    with pytest.raises(OptionsError, match="must be bool"):
        goldlab.make("gold", players=2, bonus_may_be_declined="yes")


@pytest.mark.parametrize("players", [1, 4, "3", True])
def test_player_count_outside_the_box_is_refused(players: object) -> None:
    with pytest.raises(OptionsError):
        goldlab.make("gold", players=players)  # type: ignore[arg-type]


def test_parse_action_by_game_name() -> None:
    assert str(goldlab.parse_action("gold", "TAKE  Green:d")) == "take green:D"
    with pytest.raises(InvalidActionError):
        goldlab.parse_action("gold", "fly away")


def test_options_describe_links_rulings() -> None:
    from goldlab.games.gold import GoldOptions

    rows = {r["option"]: r for r in GoldOptions.describe()}
    assert rows["bonus_may_be_declined"]["ruling"] == "docs/rulings.md#gold-bonus-optional"


def test_every_ruling_option_has_an_entry_in_rulings_md() -> None:
    from pathlib import Path

    import goldlab.core.registry as registry

    text = (Path(__file__).parents[2] / "docs" / "rulings.md").read_text()
    for name in goldlab.names():
        for row in registry.game_class(name).options_type.describe():
            if row["ruling"]:
                anchor = row["ruling"].split("#", 1)[1]
                assert "{#" + anchor + "}" in text, f"{name}: no ruling entry {anchor}"


def test_the_same_game_request_shares_one_immutable_game() -> None:
    assert goldlab.game("gold", 2) is goldlab.game("gold", 2)
    assert goldlab.game("gold", 2, start_player=1) is goldlab.game("gold", 2, start_player=1)
    assert goldlab.game("gold", 2) is not goldlab.game("gold", 3)
    assert goldlab.game("gold", 2, start_player=1) != goldlab.game("gold", 2)


def test_a_bool_is_not_mistaken_for_a_cached_number() -> None:
    goldlab.game("gold", 2, start_player=1)
    with pytest.raises(OptionsError):
        goldlab.game("gold", True)


def test_each_game_gets_its_presenter_from_its_description() -> None:
    from goldlab.core.description import describe, resolve
    from goldlab.games.gold.presenter import GoldPresenter
    from goldlab.games.goldland.presenter import GoldlandPresenter
    from goldlab.games.goldrush.presenter import GoldrushPresenter

    for name, kind in (("gold", GoldPresenter), ("goldland", GoldlandPresenter),
                       ("goldrush", GoldrushPresenter)):
        game = goldlab.make(name, players=2, seed=1).game
        assert "presenter" not in type(game).__dict__, f"{name} overrides Game.presenter"
        assert type(game.presenter()) is kind
        assert describe(name).part("presenter") is not None
    # Mount Goldrush's part is a classmethod, named "module:Class.method": the edition's
    # own quotes (edition B's rulebook words differ)
    assert resolve("goldlab.games.goldrush.presenter:GoldrushPresenter.of") == \
        GoldrushPresenter.of
    b = goldlab.make("goldrush", players=2, seed=1, edition="B").game.presenter()
    assert isinstance(b, GoldrushPresenter) and b.edition == "B"


def test_the_typed_parts_are_what_the_layers_call() -> None:
    from goldlab.core.description import describe

    results = describe("gold").part("results")
    assert results is not None and results.COLUMNS[0][0] == "sets_scored"
    state = goldlab.make("gold", players=2, seed=3)
    while not state.is_terminal():
        state.apply(state.legal_actions()[0])
    assert set(results.collect(state)) == {name for name, _ in results.COLUMNS}
    fast = describe("gold").part("fast")
    assert fast is not None and fast(["random", "banana"], {}) is None
    assert describe("gold").part("picture") is not None


def test_a_game_registered_at_run_time_is_unregistered_everywhere() -> None:
    """``unregister`` forgets a game in every layer that keeps a table of games (bots,
    scenarios, encodings, result columns), so a test or an example can come and go."""
    from goldlab import bots, scenarios
    from goldlab.core.description import GameDescription
    from goldlab.core.registry import register, unregister
    from goldlab.games.gold.game import GoldGame
    from goldlab.simulation.collectors import Collector, collector_for, register_collector

    class Copy(GoldGame):
        name = "copy-of-gold"

    register(GameDescription("copy-of-gold", Copy))
    bots.register_bot("copy-of-gold", "first", bots.RandomBot)
    register_collector(Collector("copy-of-gold", (), lambda state: {}))
    assert "copy-of-gold" in goldlab.names() and "first" in bots.bot_names("copy-of-gold")
    unregister("copy-of-gold")
    assert "copy-of-gold" not in goldlab.names()
    assert "first" not in bots.bot_names("copy-of-gold")
    assert collector_for("copy-of-gold") is None
    assert not scenarios.names("copy-of-gold")
    with pytest.raises(OptionsError, match="built-in game: it cannot be unregistered"):
        unregister("gold")
    with pytest.raises(OptionsError, match="no game named"):
        unregister("copy-of-gold")
    assert "gold" in goldlab.names()
