"""Every rule section Goldland names is quoted, word for word, from the rulebook."""

from __future__ import annotations

import random
import re
from pathlib import Path

import goldlab
from goldlab.core.errors import IllegalActionError
from goldlab.games.goldland import events
from goldlab.games.goldland.rulebook import QUOTES

RULES = Path("/work/shared/rules/003_1bd935f02ec634e8.txt")
if not RULES.exists():  # the repository's own copy, when the shared folder is elsewhere
    RULES = Path(__file__).resolve().parents[3] / "shared" / "rules" / RULES.name


def _flat(text: str) -> str:
    return " ".join(text.split())


def _sections_used(seed: int) -> set[str]:
    """The rules named by events and refusals in a random game (every candidate tried)."""
    state = goldlab.make("goldland", players=2 + seed % 4, seed=seed, turn_cap=20)
    rng = random.Random(seed)
    seen = {e.rule for e in state.events()}
    while not state.is_terminal():
        legal = state.legal_actions()
        for action in rng.sample(state.game.candidate_actions(state), 12):
            if action in legal:
                continue
            try:
                state.apply(action)
            except IllegalActionError as exc:  # refused: the state is unchanged
                seen.add(exc.rule)
        seen.update(e.rule for e in state.apply(rng.choice(state.legal_actions())))
    try:
        state.apply("pass")
    except IllegalActionError as exc:
        seen.add(exc.rule)
    return seen


def test_every_quote_is_the_rulebooks_own_sentence() -> None:
    text = _flat(RULES.read_text(encoding="utf-8"))
    for section, quote in QUOTES.items():
        assert quote.section == section
        assert _flat(quote.sentence) in text, f"{section}: {quote.sentence!r} is not in the rules"


def test_every_section_of_the_events_module_has_a_quote() -> None:
    declared = {v for k, v in vars(events).items()
                if k.isupper() and isinstance(v, str) and k != "DIRECTION_NAMES"}
    assert declared <= set(QUOTES), declared - set(QUOTES)


def test_every_section_a_game_names_has_a_quote() -> None:
    used: set[str] = set()
    for seed in range(3):
        used |= _sections_used(seed)
    assert {"A. Move adventurer", "C. Exploration", "Play of the game"} <= used
    assert used <= set(QUOTES), used - set(QUOTES)


def test_the_presenter_quotes_the_rulebook() -> None:
    presenter = goldlab.make("goldland", players=2, seed=0).game.presenter()
    quote = presenter.quote("A. Move adventurer: ordeal")
    assert quote is not None and re.search(r"4 articles of equipment", quote.sentence)
