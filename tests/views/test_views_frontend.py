"""The front end (widgets/*.js) stays a set of small functions: none over 80 lines.

How the reader reads JavaScript (enough for goldlab's own files, not a parser):

1. It blanks out comments and the text of string and template literals (keeping the
   newlines, and keeping the code inside a template's ``${...}``), so no brace or keyword
   in text is counted.
2. A function starts at ``function name(...)`` (a declaration or expression), at ``=> {``
   (an arrow function with a body) or at ``name(...) {`` at the start of a line or
   after ``{`` or ``,`` (a method), ``if``/``for``/``while``/``switch``/``catch`` excepted.
3. Its body is the block from the first ``{`` after its parameters to the brace that
   balances it; its length is the lines from its first line to that closing brace.

An arrow function without braces (``(x) => x + 1``) is one expression, never long.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
FRONT_END = sorted((ROOT / "widgets").glob("*.js"))
LONGEST = 80
KEYWORDS = {"if", "for", "while", "switch", "catch", "function", "return"}


def blank_text(source: str) -> str:
    """The source with comments and literal text replaced by spaces (newlines kept)."""
    out: list[str] = []
    i, n = 0, len(source)
    templates: list[int] = []  # for each open ``${``: the brace depth it opened at
    depth = 0

    def blank(text: str) -> str:
        return re.sub(r"[^\n]", " ", text)

    while i < n:
        c = source[i]
        if source.startswith("//", i):
            end = source.find("\n", i)
            end = n if end < 0 else end
            out.append(blank(source[i:end]))
            i = end
        elif source.startswith("/*", i):
            end = source.find("*/", i + 2)
            end = n if end < 0 else end + 2
            out.append(blank(source[i:end]))
            i = end
        elif c in "'\"":
            j = i + 1
            while j < n and source[j] != c:
                j += 2 if source[j] == "\\" else 1
            out.append(c + blank(source[i + 1:j]) + c)
            i = j + 1
        elif c == "`" or (c == "}" and templates and templates[-1] == depth):
            if c == "}":
                templates.pop()  # back into the template's text after ``${...}``
            j = i + 1
            while j < n and source[j] != "`" and not source.startswith("${", j):
                j += 2 if source[j] == "\\" else 1
            out.append(c + blank(source[i + 1:j]))
            if source.startswith("${", j):
                out.append("${")
                templates.append(depth)
                i = j + 2
            else:
                out.append("`")
                i = j + 1
        else:
            if c == "{":
                depth += 1
            elif c == "}":
                depth -= 1
            out.append(c)
            i += 1
    return "".join(out)


FUNCTION_START = re.compile(
    r"\bfunction\b\s*\*?\s*[\w$]*\s*\("  # a declaration or a function expression
    r"|=>\s*\{"  # an arrow function with a body
    r"|(?:^|[{,])\s*(?:async\s+)?([\w$]+)\s*\([^()]*\)\s*\{",  # a method
    re.MULTILINE,
)


def function_lengths(source: str) -> list[tuple[int, int]]:
    """(first line, number of lines) of every function in the JavaScript ``source``."""
    code = blank_text(source)
    found = []
    for match in FUNCTION_START.finditer(code):
        if match.group(1) in KEYWORDS:
            continue
        opening = code.find("{", match.start())
        if match.group(0).startswith("function"):
            opening = code.find("{", _after_parentheses(code, match.end() - 1))
        depth = 0
        for k in range(opening, len(code)):
            depth += {"{": 1, "}": -1}.get(code[k], 0)
            if depth == 0:
                first = code.count("\n", 0, match.start()) + 1
                last = code.count("\n", 0, k) + 1
                found.append((first, last - first + 1))
                break
    return found


def _after_parentheses(code: str, opening: int) -> int:
    """The index just after the parenthesis that closes the one at ``opening``."""
    depth = 0
    for k in range(opening, len(code)):
        depth += {"(": 1, ")": -1}.get(code[k], 0)
        if depth == 0:
            return k + 1
    return len(code)


def test_the_reader_measures_each_kind_of_function() -> None:
    source = "\n".join([
        "// function inComment() { {{{",
        "function outer(a, b) {",  # line 2: 8 lines, holding the two below
        "  const s = `${a} } { ${b}`;",
        "  const f = (x) => {",  # line 4: 3 lines
        "    return '{';",
        "  };",
        "  const o = { draw(y) { return y; } };",  # a one-line method
        "  return s;",
        "}",
        "export default { render(x) {",
        "  return x;",
        "} };",
    ])
    lengths = dict(function_lengths(source))
    assert lengths[2] == 8
    assert lengths[4] == 3
    assert lengths[7] == 1
    assert 1 not in lengths  # a comment is not a function


@pytest.mark.parametrize("path", FRONT_END, ids=lambda p: p.name)
def test_no_front_end_function_is_over_80_lines(path: Path) -> None:
    lengths = function_lengths(path.read_text(encoding="utf-8"))
    assert lengths, f"the reader found no function in {path.name}"
    long = [(line, size) for line, size in lengths if size > LONGEST]
    assert not long, f"{path.name}: functions over {LONGEST} lines (first line, lines): {long}"
