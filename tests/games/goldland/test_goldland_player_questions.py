"""The 11 player questions of the "Examples and explanations" supplement, as tests.

Each test quotes its question and asserts exactly the answer the rulebook gives, by
replaying the scenario of the same name (``goldlab.games.goldland.scenarios``) and, where
the answer is "No", by showing the refusal.
"""

import pytest

from goldlab import scenarios
from goldlab.core.errors import IllegalActionError
from goldlab.games.goldland.scenarios import pack_of


def _run(name: str):  # type: ignore[no-untyped-def]
    result = scenarios.load(f"goldland/{name}").run()
    assert result.ok, str(result)
    return result


def test_q1_acquiring_while_moving_is_not_allowed() -> None:
    """1. When moving, I enter a "Puma" tile and use 2 guns. By so doing, I acquire 2
    provisions and then go on to a "Natives" tile. In order to be able to enter it, I use 1
    pearl but not, however, acquiring a gun or a spade. Is this allowed?
    Answer: No, because the player has acquired articles of equipment while moving."""
    result = _run("q1-no-acquiring-while-moving")
    mid = result.before.clone()  # on the Puma, guns paid, still moving
    with pytest.raises(IllegalActionError, match="begin or end their movement"):
        mid.apply("acquire 2 provisions")
    with pytest.raises(IllegalActionError, match="movement is over"):
        result.after.apply("move N")


def test_q2_ordeal_then_puma_without_provisions_is_allowed() -> None:
    """2. On my starting space, I acquire 1 gun. I then begin my movement with an ordeal and
    use 4 articles to accomplish it. Afterwards, I continue on to a "Puma" tile where I use 2
    guns but I don't acquire any provisions for doing so. Is this allowed?
    Answer: Yes."""
    result = _run("q2-ordeal-then-puma")
    assert str(pack_of(result.after)) == "pearl"


def test_q3_second_acquisition_is_not_allowed() -> None:
    """3. On my starting space, I acquire 1 fishing rod. Then I move to a "Lake" tile, use 2
    timbers and, since I now possess a fishing rod, acquire 2 provisions. Is this allowed?
    Answer: No. You may only acquire equipment once per turn."""
    result = _run("q3-one-acquisition-per-turn")
    with pytest.raises(IllegalActionError, match="once per turn"):
        result.after.apply("acquire 2 provisions")


def test_q4_digging_after_acquiring_is_allowed() -> None:
    """4. On my starting space, I acquire 2 provisions. Then I move to a "Desert" tile with
    a treasure. Once there, I use 3 provisions in order to survive the adventure and then use
    2 more provisions to dig up the treasure. Is this allowed?
    Answer: Yes. Treasure is not an article of equipment. Furthermore, treasure is not
    acquired but, rather, dug up."""
    result = _run("q4-dig-is-not-acquiring")
    assert str(pack_of(result.after)) == "pearl + treasure"


def test_q5_exchanging_is_not_acquiring() -> None:
    """5. When moving, I enter a "Lake" tile. I exchange exploration tokens in order to
    acquire 2 timbers which I immediately use in order to survive the adventure and to put my
    camp on this tile. Then I continue on to a "Natives" tile. There I use 1 pearl to acquire
    1 gun. Is this allowed?
    Answer: Yes. Exchanging explorations markers for articles of equipment isn't the same
    thing as acquiring articles of equipment."""
    result = _run("q5-exchanging-is-not-acquiring")
    assert str(pack_of(result.after)) == "3 provisions + gun"


def test_q6_any_number_of_tokens_may_be_held() -> None:
    """6. May I possess more exploration tokens than I require to exchange for an article of
    equipment?
    Answer: Yes. You may possess as many explorations tokens as you like, since you can
    exchange them for articles of equipment as often as you like during your turn."""
    result = _run("q6-any-number-of-tokens")
    assert result.before.tokens[0] == 7 and result.after.tokens[0] == 2


def test_q7_treasures_and_amulet_cannot_pay_an_ordeal() -> None:
    """7. May I use treasures or an amulet for a ordeal?
    Answer: No. The 4 objects that you're required to use for a ordeal must be articles of
    equipment. Amulets and treasure are not equipment."""
    _run("q7-ordeals-use-equipment")
    before = scenarios.load("goldland/q7-ordeals-use-equipment").before()
    with pytest.raises(IllegalActionError, match="Amulets and treasure are not equipment"):
        before.apply("move N ordeal 2 pearls + treasure + amulet")


def test_q8_amulet_gold_even_when_passing() -> None:
    """8. I possess an amulet and would like to pass my turn in order to get an exploration
    token. Do I still get 1 gold piece from the temple reserve?
    Answer: Yes. You get the gold piece at the beginning of your turn, regardless of which
    tile you're on or what actions you execute."""
    result = _run("q8-amulet-gold-when-passing")
    assert result.after.gold[0] == 1 and result.after.tokens[0] == 1


def test_q9_partial_route_makes_no_difference() -> None:
    """9. Is there a difference in the ordeals in the two following situations?
    Answer: No. An ordeal is caused by movement to a tile where there is no direct connecting
    route. It doesn't matter if one of the tiles has a partial route."""
    result = _run("q9-partial-route")
    legal = {str(a) for a in result.before.legal_actions()}
    assert "move N" not in legal and "move W" not in legal


def test_q10_no_new_camp_after_an_any_four_ordeal() -> None:
    """10. I enter an adventure space by completing an ordeal. I already have a camp on this
    tile from a previous turn. Can I use any 4 objects for the ordeal and then erect a new camp
    on this tile?
    Answer: No. When you survive the adventure on a tile, you may only erect a camp if you use
    the articles of equipment that are shown with a red border on the tile."""
    result = _run("q10-no-camp-after-any-ordeal")
    with pytest.raises(IllegalActionError):
        result.after.apply("camp")


def test_q11_dig_on_own_camp_tile_without_surviving_again() -> None:
    """11. I finish my "Move Adventurer" action on an adventure space that still has a
    treasure and where I have a camp. I don't wish to use the necessary 4 red-bordered
    articles of equipment to survive the ordeal again. May I dig up the treasure anyway?
    Answer: Yes. ... It doesn't matter which way you end up on the tile."""
    result = _run("q11-dig-on-own-camp-tile")
    assert str(pack_of(result.after)) == "pearl + treasure"


def test_all_eleven_questions_are_in_the_library() -> None:
    names = [n for n in scenarios.names("goldland") if n.split("/")[1].startswith("q")]
    assert len(names) == 11
