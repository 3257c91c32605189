"""Every rule the Gold! engine names has the rulebook's own sentence, quoted word for word."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

import goldlab
from goldlab.core.values import Event
from goldlab.games.gold import events
from goldlab.games.gold.rulebook import BOOKLET, GAMEPLAY, PAGE_SENTENCES, QUOTES, RULEBOOK
from goldlab.games.gold.rules import illegal_reason
from goldlab.games.gold.state import GoldState

RULES = Path("/work/shared/rules")
FILES = {RULEBOOK: "001_832eacdd1fa0d92a.txt", BOOKLET: "000_23b6d0ca419d2b83.txt"}


def _flat(text: str) -> str:
    return " ".join(text.replace("\u2019", "'").split())


def _rulebook(source: str) -> str:
    path = RULES / FILES[source]
    if not path.exists():
        pytest.skip(f"the rulebook text {path} is not here")
    return _flat(path.read_text(encoding="utf-8"))


def _sections_named() -> set[str]:
    """Every section an event class names, and every one a refusal names in random games."""
    named = {
        kind.rule for kind in vars(events).values()
        if isinstance(kind, type) and issubclass(kind, Event) and kind is not Event
    }
    for seed in range(3):
        state = goldlab.make("gold", 3, seed=seed)
        assert isinstance(state, GoldState)
        candidates = state.game.candidate_actions(state)
        rng = random.Random(seed)
        while not state.is_terminal():
            legal = state.legal_actions()
            for action in rng.sample(candidates, 40):
                if action not in legal:
                    named.add(illegal_reason(state, action)[0])
            state.apply(rng.choice(legal))
    return named


def test_every_section_the_engine_names_has_a_quote() -> None:
    named = _sections_named()
    assert {"A) Take a card", "B) Exchange a card", "Scoring a set"} <= named
    assert named | {GAMEPLAY} <= set(QUOTES), named - set(QUOTES)


@pytest.mark.parametrize("section", sorted(QUOTES))
def test_each_quote_is_the_rulebooks_own_sentence(section: str) -> None:
    quote = QUOTES[section]
    assert quote.section == section
    assert _flat(quote.sentence) in _rulebook(quote.source)
    assert re.match(r"[A-Z]", quote.sentence) and quote.sentence[-1] in ".:!"


@pytest.mark.parametrize("sentence", PAGE_SENTENCES)
def test_the_sentences_the_pages_quote_are_in_the_rulebook(sentence: str) -> None:
    assert _flat(sentence) in _rulebook(RULEBOOK)
