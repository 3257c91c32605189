# ruff: noqa: RUF001, RUF002  (the look-alike letters are the point of this file)
"""Students' names in a class: cleaned, checked, and folded so that look-alikes are one name.

A class shows every name on the teacher's screen, so one student must not be able to pass
as another by typing "ANN", "Ann " or "Аnn" (with a Cyrillic А) when Ann is there.  Two names
are the same name when their :func:`fold` is equal:

1. **NFKC** (Unicode's compatibility normalisation): full-width "Ａｎｎ", ligatures "ﬁ",
   superscripts and the like become their plain letters;
2. **look-alikes** (:data:`LOOK_ALIKES`): the Cyrillic and Greek letters that are drawn like
   a Latin letter in common fonts become that Latin letter (upper and lower case each to
   its own look-alike, before the case is folded), and so do ``I``/``l``/``1``/``|``
   (one stroke) and ``0``/``O``; ``rn`` is read as ``m``;
3. **case fold** (``str.casefold``: "Straße" = "STRASSE");
4. spaces collapsed: "Ann  Lee" = "Ann Lee".

The table is deliberately short and documented (the common confusables of Unicode's
``confusables.txt`` for the Latin, Cyrillic and Greek alphabets a class may type), not the
whole Unicode list: the PyPI packages that ship that list are unmaintained or large, and a
name is also refused when it holds control or invisible characters (zero-width spaces,
right-to-left marks), which rules out the other tricks.  The name shown is the student's own
(only spaces collapsed and NFC-normalised); the fold is only compared.

>>> fold("Аnn") == fold("ANN") == fold("ann") == fold("Ａｎｎ")
True
>>> fold("Ivan") == fold("lvan")
True
>>> clean("  Ann   Lee ")
'Ann Lee'
"""

from __future__ import annotations

import unicodedata

NAME_LIMIT = 40
"""The longest name, in characters."""

_CYRILLIC = {
    "А": "A", "а": "a", "В": "B", "Е": "E", "е": "e", "Ё": "E", "ё": "e", "К": "K", "к": "k",
    "М": "M", "Н": "H", "О": "O", "о": "o", "Р": "P", "р": "p", "С": "C", "с": "c", "Т": "T",
    "У": "Y", "у": "y", "Х": "X", "х": "x", "Ѕ": "S", "ѕ": "s", "І": "I", "і": "i", "Ї": "I",
    "ї": "i", "Ј": "J", "ј": "j", "Ԁ": "D", "ԁ": "d", "Ԛ": "Q", "ԛ": "q", "Ԝ": "W", "ԝ": "w",
    "Һ": "H", "һ": "h", "Ӏ": "I", "ӏ": "l", "ь": "b", "г": "r", "п": "n", "Ү": "Y", "Ѵ": "V",
    "ѵ": "v",
}
_GREEK = {
    "Α": "A", "α": "a", "Β": "B", "Ε": "E", "Ζ": "Z", "Η": "H", "Ι": "I", "ι": "i", "Κ": "K",
    "κ": "k", "Μ": "M", "Ν": "N", "ν": "v", "Ο": "O", "ο": "o", "Ρ": "P", "ρ": "p", "Τ": "T",
    "Υ": "Y", "υ": "u", "Χ": "X", "χ": "x", "ϲ": "c", "Ϲ": "C", "ϳ": "j", "Ϝ": "F",
}
_LATIN = {"I": "l", "1": "l", "|": "l", "ı": "i", "0": "O", "ſ": "s"}
LOOK_ALIKES: dict[str, str] = {**_CYRILLIC, **_GREEK, **_LATIN}
"""Each letter that is drawn like another, and the letter it is read as (applied after NFKC,
before the case fold)."""
_TABLE = str.maketrans(LOOK_ALIKES)


class NameRefused(ValueError):
    """A name that cannot be a student's name, with the reason a student can read."""


def clean(name: object) -> str:
    """The name as shown: spaces collapsed, NFC; refused (:class:`NameRefused`) when it is
    empty, longer than :data:`NAME_LIMIT`, or holds a control or invisible character."""
    if not isinstance(name, str):
        raise NameRefused("Type the name the class should see you by.")
    if len(name) > 4 * NAME_LIMIT:  # checked before any work on a long text
        raise NameRefused(f"A name has at most {NAME_LIMIT} characters.")
    text = unicodedata.normalize("NFC", " ".join(name.split()))
    if not text:
        raise NameRefused("Type the name the class should see you by.")
    if len(text) > NAME_LIMIT:
        raise NameRefused(f"A name has at most {NAME_LIMIT} characters.")
    if any(unicodedata.category(ch).startswith(("C", "Z")) and ch != " " for ch in text):
        raise NameRefused("A name is letters, digits, spaces and punctuation only.")
    return text


def fold(name: str) -> str:
    """What a name is compared by: equal folds are the same name (see the module's text)."""
    text = unicodedata.normalize("NFKC", name).translate(_TABLE).casefold()
    text = text.replace("rn", "m")
    return " ".join(unicodedata.normalize("NFKC", text).split())


__all__ = ["LOOK_ALIKES", "NAME_LIMIT", "NameRefused", "clean", "fold"]
