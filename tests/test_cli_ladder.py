"""``goldlab ladder``: ratings in a terminal, and the page docs/bots.md it writes."""

import re
from pathlib import Path

import pytest

import goldlab
from goldlab.bots import bot_names
from goldlab.cli import bots_page, main

DOCS = Path(__file__).parents[1] / "docs" / "bots.md"


def _sections(page: str) -> dict[str, str]:
    """The page's text per game, keyed by the game's name in its heading."""
    parts = re.split(r"^## .*\(`(\w+)`\)$", page, flags=re.M)
    return dict(zip(parts[1::2], parts[2::2], strict=True))


def test_ladder_prints_ratings_with_intervals(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["ladder", "goldrush", "--bots", "random,perfect", "--games", "3",
                 "--seed", "2", "--quiet"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("Mount Goldrush: 2 players, 3 games per seating, seed 2")
    assert [line.split()[0] for line in out[1:]] == ["perfect", "random"]
    assert out[2].split()[1] == "0" and out[2].endswith("/6 won")   # the anchor


@pytest.mark.parametrize(("argv", "message"), [
    (["ladder", "chess"], "unknown game 'chess'"),
    (["ladder", "gold", "--bots", "random"], "at least two bots"),
    (["ladder", "gold", "--bots", "random,wizard", "--games", "1"], "unknown bot"),
    (["ladder", "gold", "--games", "0"], "at least one game"),
    (["ladder", "gold", "--search-iterations", "0"], "--search-iterations must be at least 1"),
    (["ladder", "--docs", "/no/such/folder/bots.md"], "does not exist"),
])
def test_bad_input_is_one_line(argv: list[str], message: str,
                               capsys: pytest.CaptureFixture[str]) -> None:
    assert main([*argv, "--quiet"]) == 2
    err = capsys.readouterr().err
    assert message in err and len(err.strip().splitlines()) == 1


def test_the_page_has_a_row_per_registered_bot_in_each_table(tmp_path: Path,
                                                              capsys: pytest.CaptureFixture[str]
                                                              ) -> None:
    path = tmp_path / "bots.md"
    assert main(["ladder", "--docs", str(path), "--games", "1", "--search-iterations", "2",
                 "--quiet"]) == 0
    page = path.read_text(encoding="utf-8")
    sections = _sections(page)
    assert sorted(sections) == goldlab.names()
    for game, text in sections.items():
        for bot in bot_names(game):
            rows = [line for line in text.splitlines()
                    if line.startswith((f"| `{bot}`", f"| `{bot}:"))]
            assert len(rows) == 2, (game, bot)   # what it does, and its rating
        assert "every pair of bots meets 2 times (1 games in each seating)" in text
        assert "| `ismcts:2`" in text  # the search bot plays at the budget asked for
    assert "Picks the action that most improves its own tableau" in sections["gold"]
    assert "| `random` | 0 | (anchor) |" in sections["gold"]


def test_the_page_is_the_same_for_the_same_seed() -> None:
    assert bots_page(["gold"], 2, 5, quiet=True) == bots_page(["gold"], 2, 5, quiet=True)


def test_docs_bots_md_lists_every_registered_bot() -> None:
    sections = _sections(DOCS.read_text(encoding="utf-8"))
    missing = [f"{game}: {bot}" for game in goldlab.names() for bot in bot_names(game)
               if f"| `{bot}`" not in sections.get(game, "")]
    assert not missing, ("docs/bots.md is out of date (missing " + ", ".join(missing)
                         + "): run `goldlab ladder --docs docs/bots.md`")
