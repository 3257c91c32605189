"""Every Mount Goldrush scenario replays, quotes its rulebook exactly, and covers the case table."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from goldlab.games.goldrush.scenarios import SCENARIOS
from goldlab.scenarios import Scenario

RULES = Path(__file__).resolve().parents[3].parent / "shared" / "rules"


def _normalise(text: str) -> str:
    text = text.replace("**", "").replace("’", "'").replace("‘", "'").replace("“", '"')
    text = text.replace("”", '"')
    return re.sub(r"\s+", " ", text).strip()


@pytest.mark.parametrize("scenario", SCENARIOS, ids=[s.name for s in SCENARIOS])
def test_scenario_replays(scenario: Scenario) -> None:
    result = scenario.run()
    assert result.ok, str(result)
    assert scenario.game == "goldrush"


@pytest.mark.parametrize("scenario", SCENARIOS, ids=[s.name for s in SCENARIOS])
def test_scenario_quotes_a_rulebook_sentence(scenario: Scenario) -> None:
    if not RULES.is_dir():
        pytest.skip("shared/rules is not next to the repository")
    texts = [_normalise(p.read_text(encoding="utf-8"))
             for p in (RULES / "002_51316e00024bbb4d.txt", RULES / "004_eaa10593919c6b2e.txt")]
    quote = _normalise(scenario.quote)
    assert any(quote in t for t in texts), scenario.quote


def test_every_row_of_the_case_table_has_a_scenario() -> None:
    names = {s.name.split("/", 1)[1] for s in SCENARIOS}
    required = {
        "digger-of-another-player",          # digger 3 (P2's colour) + gold 3 -> P2
        "unowned-digger",                    # unowned digger 5 + gold 4 -> active player
        "digger-too-weak",                   # digger 2 + gold 3 -> nothing
        "equal-diggers",                     # digger 3 + digger 3 -> nothing
        "two-gold-cards",                    # gold + gold -> nothing
        "dynamite-and-gold", "dynamite-and-digger", "two-dynamite",
        "digger-kicks-same-colour",          # digger 4 + digger 2 of the same colour
        "gold-rush-at-exactly-ten", "no-gold-rush-at-eleven",
        "dead-position-starts-gold-rush", "dead-position-ends-the-game",
        "tie-broken-by-gold-cards", "shared-victory", "game-ends-with-the-last-card",
        "edition-b-second-colour", "edition-b-box-colour-belongs-to-nobody",
    }
    assert required <= names


def test_scenarios_do_not_share_state() -> None:
    scenario = SCENARIOS[0]
    assert scenario.before() is not scenario.before()
    assert scenario.run().ok and scenario.run().ok


def test_scenarios_are_in_the_shared_library() -> None:
    from goldlab import scenarios

    try:
        names = scenarios.names("goldrush")
    except ImportError as exc:  # another game's scenario module is missing or broken
        pytest.skip(f"the scenario library does not load: {exc}")
    assert names == sorted(s.name for s in SCENARIOS)
    assert scenarios.load("goldrush/unowned-digger").run().ok
