"""The rulebook of Pig, in the sentences the engine quotes."""

TURN = "Turn"
CHANCE = "Rolling"
END = "End of the game"

QUOTES = {
    TURN: "On your turn, roll the die or hold: holding banks your turn's total.",
    CHANCE: "A 1 ends your turn with nothing; any other roll adds to your turn's total.",
    END: "After three rolls your total is banked; the game ends after three turns each "
         "or when someone reaches the target.",
}
