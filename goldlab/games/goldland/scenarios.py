"""Every worked example and player question of Goldland as an executable scenario.

Quotes are from the English rules and the "Examples and explanations"
supplement (``shared/rules/003_…``).  Positions are built with
:func:`goldlab.games.goldland.position.build` on the shipped tile set; the
tile ids used are listed in ``docs/goldland-tiles.md`` (for instance T19 is a
Puma, T20 a Desert with a treasure field, T27 a Canyon with a treasure field).
The player asking a question is always seat 0.
"""

from __future__ import annotations

from typing import Any

from goldlab.core.errors import IllegalActionError
from goldlab.core.state import State
from goldlab.core.values import Event
from goldlab.games.goldland.adventure import has_camp
from goldlab.games.goldland.articles import Kit, parse_kit
from goldlab.games.goldland.board import parse_cell
from goldlab.games.goldland.events import (
    Acquired,
    AmuletIncome,
    AmuletTaken,
    BonusRemoved,
    GameEndTriggered,
    GameOver,
    HandUsed,
    MovementStarted,
    TokenGained,
    TreasureDug,
    TreasurePlaced,
    TurnStarted,
)
from goldlab.games.goldland.position import build
from goldlab.games.goldland.state import GoldlandState
from goldlab.scenarios import Refused, Scenario, register

ARNO = 0
MOVE = "A. Move adventurer"
CAMPS = "A. Move adventurer: camps"
ORDEAL = "A. Move adventurer: ordeal"
ACQUIRE = "B. Acquiring articles of equipment"
TREASURE = "C. Exploration: treasure"
TOKEN = "Discovery token"


def _gl(state: State[Any]) -> GoldlandState:
    assert isinstance(state, GoldlandState)
    return state


def pack_of(state: State[Any], seat: int = 0) -> Kit:
    """The backpack of ``seat`` as a kit."""
    return Kit.from_counts(_gl(state).packs[seat])


def _pack_is(state: State[Any], text: str, seat: int = 0) -> None:
    assert pack_of(state, seat) == parse_kit(text), f"backpack {pack_of(state, seat)}, not {text}"


def refused(state: State[Any], text: str, fragment: str = "") -> None:
    """Assert that ``text`` is refused now, with ``fragment`` in the reason."""
    try:
        state.apply(text)
    except IllegalActionError as exc:
        assert fragment.lower() in exc.reason.lower(), f"{text!r} refused for: {exc.reason}"
        return
    raise AssertionError(f"{text!r} should have been refused")


def _marker(state: State[Any], key: str) -> int:
    from goldlab.games.goldland.adventure import MARKER_INDEX

    return _gl(state).markers[MARKER_INDEX[key]]


def _of(events: list[Event], kind: type[Event]) -> list[Any]:
    return [e for e in events if isinstance(e, kind)]


# X3 Arno ------------------------------------------------------------------------------
def _arno_setup() -> State[Any]:
    # 4 players ("He decides to exchange 2 discovery tokens for 1 rope": the 2-token rate is
    # the 4- and 5-player rate), the suggested first-game coast, tiles drawn as in the text.
    return build(players=4, auto_chance=False)


ARNO_TURN_1 = (
    "move W", "move W", "move W", "end move", "acquire spade", "explore", "chance: draw T12",
    "place 5,3 rot 0", "end turn",
)
ARNO_TURN_2 = (
    "move E", "end move", "acquire 2 timbers", "explore", "chance: draw T27", "place 5,4 rot 0",
    "end turn",
)
ARNO_TURN_3 = (
    "acquire 2 timbers", "exchange 2 tokens for rope", "move N", "end move", "dig", "camp",
    "explore", "chance: draw T03", "place 4,4 rot 0", "end turn",
)
OTHERS_PASS = ("pass", "pass", "pass")


def _arno_check(state: State[Any], events: list[Event]) -> None:
    s = _gl(state)
    starts = [e.allowance for e in _of(events, MovementStarted) if e.seat == ARNO]
    # "Arno begins at the start space and can move a maximum of 7 spaces"; turn 2 begins with
    # 6 objects; turn 3: "He now has 11 objects … and can move a maximum of 1 space".
    assert starts == [7, 6, 1], starts
    after = [e.allowance for e in _of(events, Acquired) if e.seat == ARNO]
    # turn 1: spade (6 objects), turn 2: "He now has 8 objects … can move a maximum of 4
    # spaces in his next turn", turn 3: 2 timbers (10 objects)
    assert after == [6, 4, 2], after
    turns = [e for e in _of(events, TurnStarted) if e.seat == ARNO]
    assert [t.allowance for t in turns] == [6, 4], turns
    assert len(_of(events, TreasurePlaced)) == 1
    assert _of(events, TreasureDug)[0].seat == ARNO
    assert _marker(s, "canyon") == ARNO
    assert has_camp(s, ARNO, parse_cell("5,4"))
    # End of turn 3: 3 timbers, 2 pearls, 1 spade, 1 provision and the treasure.
    _pack_is(s, "provision + 2 pearls + spade + 3 timbers + treasure")
    assert s.tokens[ARNO] == 1, s.tokens[ARNO]
    assert s.scores()[ARNO] == 3 + 3, s.scores()


register(Scenario(
    name="goldland/arno-three-turns",
    title="Example: Arno's first three turns",
    rule="Example for 3 game turns for one player",
    quote=(
        "Arno begins at the start space and can move a maximum of 7 spaces … He now has 8 "
        "objects in his backpack and can move a maximum of 4 spaces in his next turn … He now "
        "has 11 objects in his backpack and can move a maximum of 1 space."
    ),
    setup=_arno_setup,
    actions=(*ARNO_TURN_1, *OTHERS_PASS, *ARNO_TURN_2, *OTHERS_PASS, *ARNO_TURN_3),
    expect=(
        "Turn 1: moves 3, takes the spade (6 objects), explores a tile not connected to him. "
        "Turn 2: moves back 1, takes 2 timbers (8 objects, move 4), explores the Canyon with a "
        "treasure field. Turn 3: 2 timbers and a rope first (11 objects, move 1), survives the "
        "Canyon with timber + rope, digs with 2 provisions, camps, takes the Canyon marker and "
        "explores: 3 timbers, 2 pearls, spade, provision and the treasure, 1 token."
    ),
    check=_arno_check,
    notes="Seat 0 is Arno in a 4-player game; the other players pass.",
    tags=("example",),
    names=("Arno", "seat 1", "seat 2", "seat 3"),
))


# X1 Puma ------------------------------------------------------------------------------
def _puma_setup() -> State[Any]:
    return build(players=2, tiles={"5,4": "T19"}, pawns=["6,4", "6,6"],
                 packs=["2 guns + 3 provisions"])


def _puma_check(state: State[Any], events: list[Event]) -> None:
    s = _gl(state)
    # First visit: 2 guns used, 2 provisions for ending there, a camp, the Puma marker.
    _pack_is(s, "5 provisions")
    assert has_camp(s, 0, parse_cell("5,4")) and _marker(s, "puma") == 0
    # Later visit through the camp: no guns, and "You don't then get the provisions again".
    assert s.pos[0] == parse_cell("5,4") and s.turn == 0
    refused(s, "acquire 2 provisions", "red articles")


register(Scenario(
    name="goldland/puma",
    title="Illustration: the Puma (2 guns; 2 provisions only when the movement ends there)",
    rule="A. Move adventurer",
    quote=(
        "In order to be able to enter this tile, you need to use (discard) 2 guns from your "
        "backpack. You'll acquire 2 provisions for doing so if you then remain in this tile (end "
        "your movement here). Since you survived the adventure, you may erect a camp. Later in "
        "the game, you can enter or cross this tile without needing to use any guns again. You "
        "don't then get the provisions again, however."
    ),
    setup=_puma_setup,
    actions=(
        "move N", "end move", "acquire 2 provisions", "camp", "end turn", "pass",
        "move S", "end turn", "pass",
        "move N", "end move",
    ),
    illegal=(Refused("move N survive", CAMPS, "where you already have a camp"),
             Refused("camp", CAMPS, "just survived")),
    legal=("move N",),
    expect="2 guns buy the entry and, ending there, 2 provisions; later the camp lets the "
           "adventurer in for free but pays no provisions.",
    check=_puma_check,
    tags=("example",),
))


# X2 Desert with a treasure ------------------------------------------------------------
def _desert_setup() -> State[Any]:
    return build(players=2, tiles={"5,4": ("T20", 180)}, pawns=["6,4", "6,6"],
                 packs=["5 provisions + pearl"])


def _desert_check(state: State[Any], events: list[Event]) -> None:
    s = _gl(state)
    _pack_is(s, "pearl + treasure")
    assert not s.treasure_at[parse_cell("5,4")]
    # "Once the treasure is dug up, the 2 yellow-bordered provisions no longer have any meaning"
    refused(s, "dig", "no treasure")
    short = build(players=2, tiles={"5,4": ("T20", 180)}, pawns=["6,4", "6,6"],
                  packs=["2 provisions + pearl"])
    refused(short, "move N", "3 provisions")
    # "you must use (discard) another 2 provisions": entering with 4 leaves too few to dig
    one_short = build(players=2, tiles={"5,4": ("T20", 180)}, pawns=["6,4", "6,6"],
                      packs=["4 provisions + pearl"])
    one_short.apply("move N")
    one_short.apply("end move")
    refused(one_short, "dig", "2 provisions")


register(Scenario(
    name="goldland/desert-treasure",
    title="Illustration: a Desert with a treasure (3 provisions to enter, 2 more to dig)",
    rule="C. Exploration: treasure",
    quote=(
        "You must use (discard) 3 provisions to enter or move through this tile. If you remain "
        "there, however, you can dig up the treasure. To do so, you must use (discard) another "
        "2 provisions for the effort involved and then you take the treasure token and put it "
        "into your backpack."
    ),
    setup=_desert_setup,
    actions=("move N", "end move", "dig"),
    expect="3 + 2 provisions are used; the treasure (worth 3 gold) takes a backpack space.",
    check=_desert_check,
    tags=("example",),
))


# X4 Ordeal ----------------------------------------------------------------------------
def _ordeal_setup() -> State[Any]:
    # The Mountains (T24, with a treasure) lies turned so that no path leads south to C04.
    return build(players=3, tiles={"5,4": ("T24", 270)},
                 packs=["2 provisions + 2 pearls + 2 ropes + spade + timber"])


def _ordeal_check(state: State[Any], events: list[Event]) -> None:
    s = _gl(state)
    assert [e.allowance for e in _of(events, MovementStarted)] == [4]
    # 8 objects, 4 for the ordeal, 2 provisions to dig, +1 treasure = 3 objects.
    _pack_is(s, "spade + timber + treasure")
    assert has_camp(s, 0, parse_cell("5,4")) and _marker(s, "mountains") == 0
    # The same ordeal without the 2 ropes is refused: the Mountains need its red articles.
    again = _ordeal_setup()
    again.apply("move W")
    again.apply("move W")
    refused(again, "move N ordeal 2 pearls + spade + timber", "same type of articles")
    refused(again, "move N", "not connected")


register(Scenario(
    name="goldland/ordeal",
    title="Example of an ordeal: into the Mountains with 2 ropes + 2 pearls",
    rule="A. Move adventurer: ordeal",
    quote=(
        "There are 8 objects in the backpack. The adventurer can move a maximum of 4 spaces. "
        "The player would like to dig up the treasure in the mountain. This requires moving 3 "
        "spaces with an ordeal at the end. For the ordeal, he requires 4 objects, of which 2 "
        "must be ropes. He moves to the mountain and uses 2 ropes and 2 pearls for the ordeal."
    ),
    setup=_ordeal_setup,
    actions=("move W", "move W", "move N ordeal 2 pearls + 2 ropes", "end move", "dig", "camp"),
    expect="The ordeal survives the Mountains: camp and marker; 3 objects remain.",
    check=_ordeal_check,
    tags=("example",),
))


# Q1 -----------------------------------------------------------------------------------
def _q1_setup() -> State[Any]:
    s = build(players=2, tiles={"5,4": "T19", "4,4": "T36"}, pawns=["6,4", "6,6"],
              packs=["2 guns + pearl + 3 provisions"])
    s.apply("move N")  # into the Puma with 2 guns
    return s


def _q1_check(state: State[Any], events: list[Event]) -> None:
    s = _gl(state)
    _pack_is(s, "5 provisions + pearl")
    refused(s, "move N", "movement is over")


register(Scenario(
    name="goldland/q1-no-acquiring-while-moving",
    title="Q1: provisions at the Puma, then on to the Natives? No",
    rule="B. Acquiring articles of equipment",
    quote=(
        "1. When moving, I enter a \"Puma\" tile and use 2 guns. By so doing, I acquire 2 "
        "provisions and then go on to a \"Natives\" tile. In order to be able to enter it, I "
        "use 1 pearl but not, however, acquiring a gun or a spade. Is this allowed? Answer: No, "
        "because the player has acquired articles of equipment while moving."
    ),
    setup=_q1_setup,
    illegal=(Refused("acquire 2 provisions", ACQUIRE, "begin or end their movement"),),
    legal=("move N",),
    actions=("end move", "acquire 2 provisions"),
    expect="Acquiring in the middle of the movement is refused; after ending the movement on "
           "the Puma the provisions may be taken, but then the movement cannot go on.",
    check=_q1_check,
    tags=("question",),
))


# Q2 -----------------------------------------------------------------------------------
def _q2_setup() -> State[Any]:
    # C08 (pearl -> gun) at 5,6; T09 to the west shows no path east: an ordeal; then a Puma.
    return build(players=2, tiles={"5,5": "T09", "5,4": "T19"}, pawns=["5,6", "6,6"],
                 packs=["gun + pearl + 3 provisions + spade"])


def _q2_check(state: State[Any], events: list[Event]) -> None:
    s = _gl(state)
    _pack_is(s, "pearl")
    refused(s, "acquire 2 provisions", "once per turn")


register(Scenario(
    name="goldland/q2-ordeal-then-puma",
    title="Q2: a gun at the start, an ordeal, then a Puma without provisions? Yes",
    rule="B. Acquiring articles of equipment",
    quote=(
        "2. On my starting space, I acquire 1 gun. I then begin my movement with an ordeal and "
        "use 4 articles to accomplish it. Afterwards, I continue on to a \"Puma\" tile where I "
        "use 2 guns but I don't acquire any provisions for doing so. Is this allowed? Answer: "
        "Yes. You may use multiple articles of equipment while in transit but you only acquires "
        "articles of equipment once per turn."
    ),
    setup=_q2_setup,
    actions=("acquire gun", "move W ordeal 3 provisions + spade", "move W", "end move"),
    expect="Legal: 4 articles for the ordeal, 2 guns for the Puma, and no second acquisition.",
    check=_q2_check,
    tags=("question",),
))


# Q3 -----------------------------------------------------------------------------------
def _q3_setup() -> State[Any]:
    # C11 (timber -> fishing rod) at 2,6; the Lake T31 to the west.
    return build(players=2, tiles={"2,5": "T31"}, pawns=["2,6", "6,6"],
                 packs=["3 timbers + 2 provisions"])


def _q3_check(state: State[Any], events: list[Event]) -> None:
    s = _gl(state)
    refused(s, "acquire 2 provisions", "once per turn")
    # Without the fishing rod bought at the start, the Lake's line would be open.
    other = build(players=2, tiles={"2,5": "T31"}, pawns=["2,6", "6,6"],
                  packs=["3 timbers + 2 provisions + fishing rod"])
    for text in ("move W", "end move"):
        other.apply(text)
    assert other.is_legal("acquire 2 provisions")


register(Scenario(
    name="goldland/q3-one-acquisition-per-turn",
    title="Q3: a fishing rod at the start, then the Lake's provisions? No",
    rule="B. Acquiring articles of equipment",
    quote=(
        "3. On my starting space, I acquire 1 fishing rod. Then I move to a \"Lake\" tile, use "
        "2 timbers and, since I now possess a fishing rod, acquire 2 provisions. Is this "
        "allowed? Answer: No. You may only acquire equipment once per turn."
    ),
    setup=_q3_setup,
    actions=("acquire fishing rod", "move W", "end move"),
    expect="The second acquisition is refused: once per turn.",
    check=_q3_check,
    tags=("question",),
))


# Q4 -----------------------------------------------------------------------------------
def _q4_setup() -> State[Any]:
    # T12 (pearl -> 2 provisions) turned so its path leads north into the Desert T20.
    return build(players=2, tiles={"4,4": ("T12", 90), "3,4": ("T20", 180)},
                 pawns=["4,4", "6,6"], packs=["3 provisions + pearl"])


def _q4_check(state: State[Any], events: list[Event]) -> None:
    _pack_is(state, "pearl + treasure")


register(Scenario(
    name="goldland/q4-dig-is-not-acquiring",
    title="Q4: 2 provisions at the start, a Desert, then digging? Yes",
    rule="C. Exploration: treasure",
    quote=(
        "4. On my starting space, I acquire 2 provisions. Then I move to a \"Desert\" tile with "
        "a treasure. Once there, I use 3 provisions in order to survive the adventure and then "
        "use 2 more provisions to dig up the treasure. Is this allowed? Answer: Yes. Treasure "
        "is not an article of equipment. Furthermore, treasure is not acquired but, rather, dug "
        "up."
    ),
    setup=_q4_setup,
    actions=("acquire 2 provisions", "move N", "end move", "dig"),
    expect="Legal: digging is not an acquisition.",
    check=_q4_check,
    tags=("question",),
))


# Q5 -----------------------------------------------------------------------------------
def _q5_setup() -> State[Any]:
    # C03 at 6,5; C04 at 6,4 with a path north into the Lake T31, then the Natives T35.
    return build(players=4, tiles={"5,4": "T31", "4,4": ("T35", 180)},
                 packs=["pearl + 3 provisions"], pawns=["6,5"], tokens=[4, 0, 0, 0])


def _q5_check(state: State[Any], events: list[Event]) -> None:
    s = _gl(state)
    _pack_is(s, "3 provisions + gun")
    assert has_camp(s, 0, parse_cell("5,4"))
    assert s.tokens[0] == 0
    assert _marker(s, "lake") == 0 and _marker(s, "natives") == 0


register(Scenario(
    name="goldland/q5-exchanging-is-not-acquiring",
    title="Q5: tokens for 2 timbers at the Lake, then a gun at the Natives? Yes",
    rule="Discovery token",
    quote=(
        "5. When moving, I enter a \"Lake\" tile. I exchange exploration tokens in order to "
        "acquire 2 timbers which I immediately use in order to survive the adventure and to put "
        "my camp on this tile. Then I continue on to a \"Natives\" tile. There I use 1 pearl to "
        "acquire 1 gun. Is this allowed? Answer: Yes. Exchanging explorations markers for "
        "articles of equipment isn't the same thing as acquiring articles of equipment."
    ),
    setup=_q5_setup,
    actions=(
        "move W", "exchange 2 tokens for timber", "exchange 2 tokens for timber", "move N",
        "camp", "move N", "end move", "acquire gun",
    ),
    expect="Legal: the exchange is not the turn's acquisition.",
    check=_q5_check,
    notes="4 players (2 tokens per article). The adventurer is already moving when it "
          "exchanges, as in the question.",
    tags=("question",),
))


# Q6 -----------------------------------------------------------------------------------
def _q6_setup() -> State[Any]:
    return build(players=4, tokens=[7, 0, 0, 0])


def _q6_check(state: State[Any], events: list[Event]) -> None:
    s = _gl(state)
    assert s.tokens[0] == 2, s.tokens  # 7 - 3 x 2 + 1 for passing
    _pack_is(s, "3 provisions + 2 pearls + 3 ropes")
    assert any(isinstance(e, TokenGained) and e.seat == 0 for e in events)


register(Scenario(
    name="goldland/q6-any-number-of-tokens",
    title="Q6: more discovery tokens than one exchange needs? Yes",
    rule="Discovery token",
    quote=(
        "6. May I possess more exploration tokens than I require to exchange for an article of "
        "equipment? Answer: Yes. You may possess as many explorations tokens as you like, since "
        "you can exchange them for articles of equipment as often as you like during your turn."
    ),
    setup=_q6_setup,
    legal=("exchange 2 tokens for rope", "pass"),
    actions=("exchange 2 tokens for rope", "exchange 2 tokens for rope",
             "exchange 2 tokens for rope", "pass"),
    expect="7 tokens are held, 3 exchanges made in one turn, and the pass still earns a token.",
    check=_q6_check,
    tags=("question",),
))


# Q7 -----------------------------------------------------------------------------------
def _q7_setup() -> State[Any]:
    # T04 has no path south: stepping north from C04 is an ordeal.
    return build(players=2, tiles={"5,4": "T04"}, pawns=["6,4", "6,6"],
                 packs=["2 pearls + rope + provision + 2 treasures + amulet"])


def _q7_check(state: State[Any], events: list[Event]) -> None:
    _pack_is(state, "2 treasures + amulet")


register(Scenario(
    name="goldland/q7-ordeals-use-equipment",
    title="Q7: treasures or the amulet for an ordeal? No",
    rule="A. Move adventurer: ordeal",
    quote=(
        "7. May I use treasures or an amulet for a ordeal? Answer: No. The 4 objects that you're "
        "required to use for a ordeal must be articles of equipment. Amulets and treasure are "
        "not equipment."
    ),
    setup=_q7_setup,
    illegal=(
        Refused("move N ordeal 2 pearls + treasure + amulet", ORDEAL, "not equipment"),
        Refused("move N ordeal 2 pearls + 2 treasures", ORDEAL, "not equipment"),
        Refused("discard treasure", MOVE, "only articles of equipment"),
    ),
    legal=("move N ordeal provision + 2 pearls + rope",),
    actions=("move N ordeal provision + 2 pearls + rope",),
    expect="Only the 4 articles of equipment may pay the ordeal.",
    check=_q7_check,
    tags=("question",),
))


# Q8 -----------------------------------------------------------------------------------
def _q8_setup() -> State[Any]:
    return build(players=2, packs=["3 provisions + 2 pearls + amulet", "3 provisions"],
                 turn=1, first_arrival=0, reserve=3)


def _q8_check(state: State[Any], events: list[Event]) -> None:
    s = _gl(state)
    income = [e for e in events if isinstance(e, AmuletIncome)]
    assert [e.seat for e in income] == [0] and s.gold[0] == 1 and s.reserve == 2
    assert s.tokens[0] == 1


register(Scenario(
    name="goldland/q8-amulet-gold-when-passing",
    title="Q8: an amulet holder passes: still 1 gold from the reserve? Yes",
    rule="Amulet and gold pieces",
    quote=(
        "8. I possess an amulet and would like to pass my turn in order to get an exploration "
        "token. Do I still get 1 gold piece from the temple reserve? Answer: Yes. You get the "
        "gold piece at the beginning of your turn, regardless of which tile you're on or what "
        "actions you execute."
    ),
    setup=_q8_setup,
    actions=("pass", "pass"),
    expect="At the start of seat 0's turn: 1 gold from the reserve; passing: 1 token.",
    check=_q8_check,
    tags=("question",),
))


# Q9 -----------------------------------------------------------------------------------
def _q9_setup() -> State[Any]:
    # The adventurer stands on T02 (paths N, E, S).  North: T04 shows no path south (a partial
    # route, from this side only).  West: T09 shows no path east, and T02 none west.
    return build(players=2, tiles={"4,4": "T02", "3,4": "T04", "4,3": "T09"},
                 pawns=["4,4", "6,6"], packs=["4 provisions + 2 pearls"])


def _q9_check(state: State[Any], events: list[Event]) -> None:
    s = _gl(state)
    _pack_is(s, "2 pearls")
    before = _q9_setup()
    north = {str(a).split(" ordeal ")[1] for a in before.legal_actions()
             if str(a).startswith("move N ordeal")}
    west = {str(a).split(" ordeal ")[1] for a in before.legal_actions()
            if str(a).startswith("move W ordeal")}
    assert north == west and north, (north, west)


register(Scenario(
    name="goldland/q9-partial-route",
    title="Q9: a partial route on one side or none at all: the same ordeal",
    rule="A. Move adventurer: ordeal",
    quote=(
        "9. Is there a difference in the ordeals in the two following situations (see "
        "illustrations)? Answer: No. An ordeal is caused by movement to a tile where there is no "
        "direct connecting route. It doesn't matter if one of the tiles has a partial route."
    ),
    setup=_q9_setup,
    illegal=(Refused("move N", ORDEAL, "not connected"),
             Refused("move W", ORDEAL, "not connected")),
    legal=("move N ordeal 4 provisions", "move W ordeal 4 provisions"),
    actions=("move N ordeal 4 provisions",),
    expect="Both steps need the same ordeal of any 4 articles; neither is a plain step.",
    check=_q9_check,
    tags=("question",),
))


# Q10 ----------------------------------------------------------------------------------
def _q10_setup() -> State[Any]:
    return build(players=2, tiles={"5,4": ("T24", 270)}, pawns=["6,4", "6,6"],
                 packs=["4 provisions + 2 ropes + 2 pearls"], camps=[("5,4", 0)],
                 markers={"mountains": 0}, treasures=[])


def _q10_check(state: State[Any], events: list[Event]) -> None:
    s = _gl(state)
    refused(s, "camp", "not surviving")
    _pack_is(s, "2 ropes + 2 pearls")
    other = _q10_setup()
    other.apply("move N ordeal 2 pearls + 2 ropes")
    assert other.is_legal("camp")


register(Scenario(
    name="goldland/q10-no-camp-after-any-ordeal",
    title="Q10: any 4 articles into one's own camp tile, then a new camp? No",
    rule="A. Move adventurer: camps",
    quote=(
        "10. I enter an adventure space by completing an ordeal. I already have a camp on this "
        "tile from a previous turn. Can I use any 4 objects for the ordeal and then erect a new "
        "camp on this tile? Answer: No. When you survive the adventure on a tile, you may only "
        "erect a camp if you use the articles of equipment that are shown with a red border on "
        "the tile."
    ),
    setup=_q10_setup,
    legal=("move N ordeal 4 provisions", "move N ordeal 2 pearls + 2 ropes"),
    actions=("move N ordeal 4 provisions",),
    expect="The any-4 ordeal is allowed (own camp), but no new camp may be erected.",
    check=_q10_check,
    tags=("question",),
))


# Q11 ----------------------------------------------------------------------------------
def _q11_setup() -> State[Any]:
    return build(players=2, tiles={"5,4": ("T20", 180)}, pawns=["6,4", "6,6"],
                 packs=["2 provisions + pearl"], camps=[("5,4", 0)], markers={"desert": 0})


def _q11_check(state: State[Any], events: list[Event]) -> None:
    _pack_is(state, "pearl + treasure")
    # "you must finish your movement on the tile": on it, still moving, no digging
    moving = _q11_setup()
    moving.apply("move N")
    refused(moving, "dig", "finish your movement")


register(Scenario(
    name="goldland/q11-dig-on-own-camp-tile",
    title="Q11: end on one's own camp tile with a treasure, dig without surviving? Yes",
    rule="C. Exploration: treasure",
    quote=(
        "11. I finish my \"Move Adventurer\" action on an adventure space that still has a "
        "treasure and where I have a camp. I don't wish to use the necessary 4 red-bordered "
        "articles of equipment to survive the ordeal again. May I dig up the treasure anyway? "
        "Answer: Yes. In order to enter an adventure tile, you must be able to survive the "
        "adventure or already have a camp on the tile. In order to dig up the treasure, you "
        "must finish your movement on the tile. It doesn't matter which way you end up on the "
        "tile."
    ),
    setup=_q11_setup,
    illegal=(Refused("move N survive", MOVE, "survive the adventure again"),),
    actions=("move N", "end move", "dig"),
    expect="The camp lets the adventurer in; ending the movement there allows digging.",
    check=_q11_check,
    tags=("question",),
))


# Exploration illustration ----------------------------------------------------------
def _explore_setup() -> State[Any]:
    # Tile 1 at 2,4 (only the left space free), tile 2 at 3,2 (left, above, below), tile 3 at
    # 4,5 (only below), and 3,4 surrounded (a red X).  Seats 0-3 stand on them.
    tiles = {"1,4": "T01", "2,4": "T02", "3,4": "T03", "2,5": "T04", "3,3": "T05",
             "3,2": "T06", "3,5": "T09", "4,4": "T08", "4,5": "T10"}
    return build(players=4, tiles=tiles, pawns=["2,4", "3,2", "4,5", "3,4"], turn=1,
                 auto_chance=False)


def _explore_check(state: State[Any], events: list[Event]) -> None:
    from goldlab.games.goldland.board import cell_name
    from goldlab.games.goldland.exploration import spaces

    s = _gl(state)
    before = _gl(_explore_setup())
    free = [sorted(cell_name(c) for c in spaces(before, seat)) for seat in range(4)]
    assert free == [["2,3"], ["2,2", "3,1", "4,2"], ["5,5"], []], free
    assert s.tile_at(parse_cell("2,2")) is not None and s.tokens[1] == 1
    # tile 2's drawn tile may not go beside tile 1 or tile 3, nor far away
    drawn = _explore_setup()
    drawn.apply("explore")
    drawn.apply("chance: draw T12")
    for cell in ("2,3", "5,5", "1,1"):
        refused(drawn, f"place {cell} rot 0", "next to the adventurer's tile")


register(Scenario(
    name="goldland/exploration-spaces",
    title="Illustration: from which tiles a new tile can be explored",
    rule="C. Exploration",
    quote=(
        "If an adventurer stands on tile 1, it could only place a new tile directly to the "
        "left. On tile 2, it could place left, above, or below. On tile 3, a new tile can only "
        "be placed below."
    ),
    setup=_explore_setup,
    legal=("explore",),
    actions=("explore", "chance: draw T12", "place 2,2 rot 0"),
    expect="Tile 1: left only; tile 2: left, above, below; tile 3: below only; a tile with no "
           "free neighbour cannot explore.",
    check=_explore_check,
    tags=("example",),
))


# X7 hint: the same line twice ---------------------------------------------------------
def _hint_setup() -> State[Any]:
    return build(players=2, pawns=["6,5", "6,6"], packs=["spade + 3 provisions"])


def _hint_check(state: State[Any], events: list[Event]) -> None:
    s = _gl(state)
    _pack_is(s, "3 provisions + spade + 4 timbers")
    refused(s, "acquire 2 timbers", "once per turn")


register(Scenario(
    name="goldland/hint-acquire-twice",
    title="Hint: acquire at the end of a movement and again before the next",
    rule="B. Acquiring articles of equipment",
    quote=(
        "Hint: It is legal to move into a tile and end movement in order to acquire articles "
        "there, and then, before moving in the next turn, to acquire the same articles in this "
        "tile again. After doing that and then moving, you may not acquire any more articles in "
        "that turn."
    ),
    setup=_hint_setup,
    actions=("move W", "end move", "acquire 2 timbers", "end turn", "pass",
             "acquire 2 timbers", "move W", "end move"),
    expect="2 timbers twice on C04 (spade -> 2 timbers), then no acquisition after moving.",
    check=_hint_check,
    tags=("example",),
))


# Articles used straight from an exchange ---------------------------------------------
def _hand_setup() -> State[Any]:
    # The adventurer ended its last movement on the Desert T20 (treasure) and carries 12
    # objects, only one of them a provision.
    s = build(players=4, tiles={"5,4": ("T20", 180)}, pawns=["5,4"],
              packs=["provision + 4 pearls + 4 ropes + 3 guns"], tokens=[2, 0, 0, 0])
    s.apply("exchange 2 tokens for provision")  # held: the backpack is full
    return s


def _hand_check(state: State[Any], events: list[Event]) -> None:
    used = [e for e in events if isinstance(e, HandUsed)]
    assert len(used) == 1 and used[0].articles == parse_kit("provision"), used
    _pack_is(state, "4 pearls + 4 ropes + 3 guns + treasure")


register(Scenario(
    name="goldland/exchange-used-at-once",
    title="Exchanged articles used at once need no backpack space",
    rule="Discovery token",
    quote=(
        "Exchanged articles which you immediately use (discard) to survive an adventure, to dig "
        "up treasure, or to complete an ordeal, need not be put into your backpack."
    ),
    setup=_hand_setup,
    illegal=(Refused("pass", TOKEN, "used at once"), Refused("end turn", TOKEN, "used at once"),
             Refused("discard pearl", TOKEN, "used at once")),
    legal=("dig",),
    actions=("dig",),
    expect="With a full backpack a provision is exchanged and held; digging uses it and one "
           "provision from the backpack, whose space takes the treasure.",
    check=_hand_check,
    tags=("example",),
))


# Exchanged articles used at once: the player's choice, with room in the backpack --------
EXCHANGE_QUOTE = (
    "At any time during your turn, you can exchange them for any article of equipment … You "
    "may make as many such exchanges during your turn as you like. Exchanged articles which "
    "you immediately use (discard) to survive an adventure, to dig up treasure, or to complete "
    "an ordeal, need not be put into your backpack."
)
ALLOWANCE_QUOTE = (
    "The adventurer may move a maximum number of spaces equal to the highest numbered "
    "uncovered space shown in the player's backpack before beginning movement."
)


def _used(events: list[Event]) -> Kit:
    used = _of(events, HandUsed)
    assert len(used) == 1, used
    articles: Kit = used[0].articles
    return articles


def _lake_setup() -> State[Any]:
    # 7 objects (move 5); C04 at 6,4 has a path north into the Lake T31 (2 timbers).
    return build(players=4, tiles={"5,4": "T31"}, pawns=["6,4"],
                 packs=["3 provisions + 2 pearls + 2 guns"], tokens=[4, 0, 0, 0])


def _lake_check(state: State[Any], events: list[Event]) -> None:
    from goldlab.games.goldland.movement import moves_left

    s = _gl(state)
    assert [e.allowance for e in _of(events, MovementStarted)] == [5]
    assert moves_left(s, 0) == 4, moves_left(s, 0)
    assert _used(events) == parse_kit("2 timbers")
    _pack_is(s, "3 provisions + 2 pearls + 2 guns")  # the timbers never took a space
    assert has_camp(s, 0, parse_cell("5,4")) and s.tokens[0] == 0
    # Put into the backpack instead, the timbers cover 2 spaces first: 3 moves, not 5.
    plain = _lake_setup()
    plain.apply("exchange 2 tokens for timber")
    plain.apply("exchange 2 tokens for timber")
    started = _of(plain.apply("move N"), MovementStarted)
    assert [e.allowance for e in started] == [3], started


register(Scenario(
    name="goldland/exchange-to-use-lake",
    title="Timbers exchanged to use at once at the Lake leave the allowance at 5",
    rule="Discovery token",
    quote=f"{EXCHANGE_QUOTE} {ALLOWANCE_QUOTE}",
    setup=_lake_setup,
    legal=("exchange 2 tokens for timber to use", "exchange 2 tokens for timber"),
    illegal=(Refused("move N", MOVE, "the Lake needs 2 timbers"),),
    actions=("exchange 2 tokens for timber to use", "exchange 2 tokens for timber to use",
             "move N", "camp"),
    expect="7 objects: 2 timbers held for immediate use pay the Lake; the backpack keeps 7 "
           "objects, the allowance is 5 and 4 moves remain after the step (put into the "
           "backpack, the timbers would leave 3).",
    check=_lake_check,
    notes="4 players (2 tokens per article). Reported by outside testers: the engine used to "
          "put the timbers into the backpack whenever it had room.",
    tags=("example",),
))


def _natives_setup() -> State[Any]:
    # 11 objects (move 1), no pearl; the Natives T35 turned so its path leads south to C04.
    return build(players=4, tiles={"5,4": ("T35", 180)}, pawns=["6,4"],
                 packs=["3 provisions + 3 guns + 3 ropes + 2 spades"], tokens=[2, 0, 0, 0])


def _natives_check(state: State[Any], events: list[Event]) -> None:
    s = _gl(state)
    assert [e.allowance for e in _of(events, MovementStarted)] == [1]
    assert _used(events) == parse_kit("pearl")
    _pack_is(s, "3 provisions + 4 guns + 3 ropes + 2 spades")
    assert _marker(s, "natives") == 0
    # The pearl put into the backpack fills its 12th space: no move at all.
    plain = _natives_setup()
    plain.apply("exchange 2 tokens for pearl")
    refused(plain, "move N", "backpack is full")


register(Scenario(
    name="goldland/exchange-to-use-natives",
    title="With 11 objects, a pearl exchanged to use at once lets the adventurer in",
    rule="Discovery token",
    quote=f"{EXCHANGE_QUOTE} {ALLOWANCE_QUOTE}",
    setup=_natives_setup,
    legal=("exchange 2 tokens for pearl to use", "exchange 2 tokens for pearl"),
    illegal=(Refused("move N", MOVE, "the Natives needs pearl"),),
    actions=("exchange 2 tokens for pearl to use", "move N", "end move", "acquire gun"),
    expect="The held pearl pays the Natives: the allowance stays 1 and the step is legal; "
           "ending there, the red pearl buys a gun for the free space (put into the backpack, "
           "the pearl would fill the 12th space: allowance 0).",
    check=_natives_check,
    notes="4 players. Reported by outside testers: the move used to be impossible.",
    tags=("example",),
))


def _midway_setup() -> State[Any]:
    # Q5's lay-out: C03 at 6,5, C04 at 6,4 with a path north into the Lake T31, then the
    # Natives T35.  9 objects: move 3.
    return build(players=4, tiles={"5,4": "T31", "4,4": ("T35", 180)}, pawns=["6,5"],
                 packs=["pearl + 3 provisions + 3 guns + 2 ropes"], tokens=[4, 0, 0, 0])


def _midway_check(state: State[Any], events: list[Event]) -> None:
    from goldlab.games.goldland.movement import moves_left

    s = _gl(state)
    assert [e.allowance for e in _of(events, MovementStarted)] == [3]
    assert s.steps == 3
    assert _used(events) == parse_kit("2 timbers")
    _pack_is(s, "3 provisions + 4 guns + 2 ropes")
    assert has_camp(s, 0, parse_cell("5,4")) and _marker(s, "natives") == 0
    # Between the steps: the exchanges are listed, and they change nothing of the movement.
    again = _midway_setup()
    again.apply("move W")
    assert again.is_legal("exchange 2 tokens for timber to use")
    assert again.is_legal("exchange 2 tokens for timber")
    for _ in range(2):
        again.apply("exchange 2 tokens for timber to use")
        assert moves_left(_gl(again), 0) == 2 and sum(_gl(again).packs[0]) == 9


register(Scenario(
    name="goldland/exchange-in-mid-movement",
    title="Q5 again: between two steps, timbers exchanged to use at once for the Lake",
    rule="Discovery token",
    quote=(
        f"{EXCHANGE_QUOTE} 5. When moving, I enter a \"Lake\" tile. I exchange exploration "
        "tokens in order to acquire 2 timbers which I immediately use in order to survive the "
        "adventure and to put my camp on this tile."
    ),
    setup=_midway_setup,
    actions=(
        "move W", "exchange 2 tokens for timber to use", "exchange 2 tokens for timber to use",
        "move N", "camp", "move N", "end move", "acquire gun",
    ),
    expect="The exchange is made during the movement, after the first step; the held timbers "
           "pay the Lake; the movement goes on to the Natives (3 spaces of 3).",
    check=_midway_check,
    notes="4 players (2 tokens per article).",
    tags=("example",),
))


def _arno_turn3_setup() -> State[Any]:
    s = _arno_setup()
    for text in (*ARNO_TURN_1, *OTHERS_PASS, *ARNO_TURN_2, *OTHERS_PASS, "acquire 2 timbers"):
        s.apply(text)
    return s


def _arno_turn3_check(state: State[Any], events: list[Event]) -> None:
    s = _gl(state)
    # "He now has 11 objects in his backpack and can move a maximum of 1 space."
    assert [e.allowance for e in _of(events, MovementStarted)] == [1]
    assert not _of(events, HandUsed)  # the rope was in the backpack and paid from there
    _pack_is(s, "provision + 2 pearls + spade + 3 timbers + treasure")
    # Held to use at once instead, the rope would leave 2 spaces of movement.
    other = _arno_turn3_setup()
    other.apply("exchange 2 tokens for rope to use")
    assert sum(_gl(other).packs[0]) == 10
    started = _of(other.apply("move N"), MovementStarted)
    assert [e.allowance for e in started] == [2], started


register(Scenario(
    name="goldland/arno-exchange-into-backpack",
    title="Arno's turn 3: the rope exchanged into the backpack (his choice)",
    rule="Example for 3 game turns for one player",
    quote=(
        "This time Arno begins his turn by acquiring articles of equipment. He takes 2 timbers "
        "and puts them into his backpack. He decides to exchange 2 discovery tokens for 1 rope. "
        "He now has 11 objects in his backpack and can move a maximum of 1 space."
    ),
    setup=_arno_turn3_setup,
    legal=("exchange 2 tokens for rope", "exchange 2 tokens for rope to use"),
    actions=("exchange 2 tokens for rope", "move N", "end move", "dig", "camp"),
    expect="Putting the exchanged rope into the backpack stays legal: 11 objects, a maximum "
           "of 1 space; the Canyon takes timber + rope. Holding it to use at once is the "
           "other choice (10 objects, 2 spaces).",
    check=_arno_turn3_check,
    notes="Seat 0 is Arno in a 4-player game; the other players pass.",
    tags=("example",),
    names=("Arno", "seat 1", "seat 2", "seat 3"),
))


def _dig_setup() -> State[Any]:
    # The adventurer ended its last movement on the Desert T20 (treasure); no provisions,
    # room in the backpack.
    return build(players=4, tiles={"5,4": ("T20", 180)}, pawns=["5,4"],
                 packs=["2 pearls + 3 ropes"], tokens=[4, 0, 0, 0])


def _dig_check(state: State[Any], events: list[Event]) -> None:
    s = _gl(state)
    assert _used(events) == parse_kit("2 provisions")
    _pack_is(s, "2 pearls + 3 ropes + treasure")
    assert s.tokens[0] == 0 and s.hand == [0] * 7


register(Scenario(
    name="goldland/exchange-to-use-dig",
    title="Digging with 2 provisions exchanged to use at once",
    rule="C. Exploration: treasure",
    quote=(
        "If you finish your turn on this adventure tile, you can dig up the treasure by using "
        f"(discarding) 2 provisions. {EXCHANGE_QUOTE}"
    ),
    setup=_dig_setup,
    legal=("exchange 2 tokens for provision to use",),
    illegal=(Refused("dig", TREASURE, "uses 2 provisions"),),
    actions=("exchange 2 tokens for provision to use", "exchange 2 tokens for provision to use",
             "dig"),
    expect="Both provisions are held outside the backpack and used to dig; the treasure takes a "
           "free space.",
    check=_dig_check,
    notes="4 players. With room in the backpack both provisions may be held; with a full one, "
          "at least one must come out of the backpack to make room for the treasure.",
    tags=("example",),
))


# The temple ---------------------------------------------------------------------------
def _temple_setup() -> State[Any]:
    # The goal tile T10 (paths N, E, W) lies on 0,0 turned so a path leads east to T03.
    return build(players=3, tiles={"0,0": ("T10", 90), "0,1": "T03", "1,1": ("T13", 0)},
                 pawns=["0,1", "0,1", "1,1"], packs=["pearl", "pearl", "pearl"], turn=1)


def _temple_check(state: State[Any], events: list[Event]) -> None:
    s = _gl(state)
    taken = [(e.seat, e.gold, e.first) for e in events if isinstance(e, AmuletTaken)]
    # seat 1 first (+2), seat 2 later in the same round (+2), seat 0 after the bonus was
    # removed: amulet only.
    assert taken == [(1, 2, True), (2, 2, False), (0, 0, False)], taken
    assert any(isinstance(e, BonusRemoved) and e.gold == 2 for e in events)
    assert s.gold == [0, 2 + 1 + 1, 2 + 1], s.gold
    assert any(isinstance(e, GameEndTriggered) for e in events)


register(Scenario(
    name="goldland/temple-bonus-round",
    title="The temple: amulets, the bonus field in the first round, later arrivals",
    rule="Amulet and gold pieces",
    quote=(
        "Each other player whose adventurer reaches and remains in the temple in the same round "
        "(before the first player to reach the temple and end movement there starts his next "
        "turn), also gets an amulet and 2 gold pieces from the bonus field … All players whose "
        "figures later reach and end movement in the temple from now on only acquire an amulet."
    ),
    setup=_temple_setup,
    actions=(
        "move W", "end move", "end turn",       # seat 1 arrives first: amulet + 2 gold
        "move N", "move W", "end move", "end turn",  # seat 2, same round: amulet + 2 gold
        "pass",                                  # seat 0
        "pass",                                  # seat 1's next turn: bonus removed, +1 gold
        "pass",                                  # seat 2: +1 gold
        "move W", "end move", "end turn",       # seat 0: amulet only; all have amulets
    ),
    expect="2 bonus gold for the first two arrivals of the round, none afterwards.",
    check=_temple_check,
    tags=("example",),
))


# End of the game ----------------------------------------------------------------------
def _end_setup() -> State[Any]:
    # Seats 0 and 2 hold amulets; 1 gold is left on the reserve field; seat 2 ends round 1.
    return build(players=3, packs=["amulet", "3 provisions", "amulet"], reserve=1,
                 first_arrival=0, turn=2)


def _end_check(state: State[Any], events: list[Event]) -> None:
    s = _gl(state)
    assert s.is_terminal()
    sources = [(e.seat, e.source) for e in events if isinstance(e, AmuletIncome)]
    # seat 0 takes the last reserve gold at the start of round 2; the round is completed and
    # seat 2, due a gold piece, takes it from the box.
    assert sources == [(0, "reserve field"), (2, "box")], sources
    over = [e for e in events if isinstance(e, GameOver)]
    assert over and over[0].scores == (4, 0, 4), over
    outcome = s.outcome()
    assert outcome is not None and outcome.winners == (0, 2)


register(Scenario(
    name="goldland/end-last-reserve-gold",
    title="End: the last reserve gold is taken, the round is completed",
    rule="End of the game and scoring",
    quote=(
        "The game also ends when any player gets the last gold piece from the temple reserve "
        "field. In each case, the current round is still played to the end, so that each player "
        "gets the same number of turns."
    ),
    setup=_end_setup,
    actions=("pass", "pass", "pass", "pass"),
    expect="Seat 0 takes the last reserve gold; seats 1 and 2 still play; seat 2's gold comes "
           "from the box; 4-0-4 is a shared victory.",
    check=_end_check,
    tags=("example",),
))

