"""The checks every game's notation parser shares (goldlab.core.notation)."""

from __future__ import annotations

import pytest

import goldlab
from goldlab.core.errors import InvalidActionError
from goldlab.core.notation import notation_text


@pytest.mark.parametrize("game, text", [
    ("goldrush", "flip \u0663"),                      # Arabic-Indic three
    ("goldrush", "flip \uff13"),                      # full-width three
    ("goldrush", "flip #1\u0667"),
    ("gold", "steal green:3 from seat \u0661"),
    ("gold", "take green:\u0663"),
    ("gold", "ta\u212ae green:3"),                    # the Kelvin sign lower-cases to k
    ("goldland", "place 2,4 rot \u0669\u0660"),
    ("goldland", "acquire \u0662 timbers"),
    ("goldland", "explore \u0662,4"),
    ("goldland", "pa\u017fs"),                        # the long s matches s ignoring case
])
def test_only_ascii_notation_is_read(game: str, text: str) -> None:
    with pytest.raises(InvalidActionError, match="ASCII"):
        goldlab.parse_action(game, text)


def test_the_ascii_forms_still_read() -> None:
    assert str(goldlab.parse_action("goldrush", "flip 3")) == "flip 3"
    assert str(goldlab.parse_action("gold", "steal green:3 from seat 1")) == \
        "steal green:3 from seat 1"
    assert str(goldlab.parse_action("goldland", "place 2,4 rot 90")) == "place 2,4 rot 90"


def test_notation_text_refuses_what_cannot_be_notation() -> None:
    assert notation_text("pass", "Goldland") == "pass"
    with pytest.raises(InvalidActionError, match="must be text"):
        notation_text(3, "Goldland")
    with pytest.raises(InvalidActionError, match="too long"):
        notation_text("x" * 201, "Goldland")
    with pytest.raises(InvalidActionError, match="ASCII"):
        notation_text("pass\u00a0", "Goldland")
