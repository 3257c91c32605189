"""Classroom lessons: questions students check themselves, with helpful feedback.

Each lesson notebook (``notebooks/lessons/``) makes a :class:`Quiz` of its questions and
calls ``check("key", answer)``; the feedback says what is right, or what the answer looks
like it mixed up (a percentage for a probability, the opposite event, a fraction upside
down), never only True or False.

>>> from fractions import Fraction
>>> from goldlab.lessons import Question, Quiz
>>> quiz = Quiz("demo", [Question("gold", "Chance the first card is gold?", Fraction(19, 49))])
>>> print(quiz.check("gold", "19/49"))
Right: 19/49 ≈ 0.388 (38.8 %).
>>> quiz.check("gold", 38.8).correct   # "38.8 looks like a percentage ..."
False
>>> print(quiz.check("gold", "49/19"))
Not yet: your fraction is upside down: favourable cases on top, all cases below.
"""

import contextlib

# Without NumPy (Pyodide) goldlab.analysis cannot load, but there is no Altair to speed up
# either, and goldlab.lessons.check and goldlab.lessons.inference need only the standard
# library.
with contextlib.suppress(ModuleNotFoundError):
    from goldlab.analysis import _quick_imports  # noqa: F401  (first: Altair imports quicker)
from goldlab.lessons.check import Feedback, Question, Quiz, near, show

__all__ = ["Feedback", "Question", "Quiz", "near", "show"]
