"""A board drawn as a part of a step the rules carry out in parts (see
:meth:`goldlab.core.presentation.Presenter.part_board`).

A game whose parts leave the position as it is after the step (Goldland's end of game,
Mount Goldrush's last card and the start of its Gold Rush) draws that position, says
what the part is in its status line and lights what the part is about; a game whose
parts change the position (Gold!'s colour scoring) draws each part's position itself.

>>> html = '<div class="st">Game over: Ann wins</div><b class="c" data-target="g:1"></b>'
>>> as_part(html, "st", "The last card is gone", ("g:1",))
'<div class="st">The last card is gone</div><b class="gl-scoring c" data-target="g:1"></b>'
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from html import escape

SCORING = "gl-scoring"
"""The class of what a part of scoring is about (the view lights it)."""


def as_part(html: str, status_class: str, status: str, lit: Iterable[str] = ()) -> str:
    """``html`` with the text of its status line (the ``<div>`` of class ``status_class``)
    replaced by ``status``, and the elements whose ``data-target`` is in ``lit`` lit."""
    line = re.compile(rf'(<div class="{re.escape(status_class)}"[^>]*>).*?(</div>)', re.S)
    html = line.sub(lambda m: f"{m.group(1)}{escape(status)}{m.group(2)}", html, count=1)
    for target in lit:
        tag = re.compile(rf'<[a-zA-Z]+\b[^>]*\bdata-target="{re.escape(escape(target))}"[^>]*>')
        html = tag.sub(lambda m: _lit(m.group(0)), html, count=1)
    return html


def _lit(tag: str) -> str:
    if ' class="' in tag:
        return tag.replace(' class="', f' class="{SCORING} ', 1)
    end = 2 if tag.endswith("/>") else 1
    return f'{tag[:-end]} class="{SCORING}"{tag[-end:]}'
