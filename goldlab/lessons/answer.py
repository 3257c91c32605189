"""Answer boxes and prediction boxes: the lessons' questions answered in the page.

In Voila (app mode) nobody can edit a cell, so every question gets an :func:`answer_box`:
a text box, a **Check** button and the same feedback ``check(key, answer)`` gives in a
cell (typing ``check("first_gold", "3/8")`` into a cell still works in JupyterLab).  A
:class:`Prediction` is the "predict first" step: the guess is stored when the student
presses **Save**, before the experiment is looked at, and :meth:`Prediction.beside` shows
it next to the result, updated when it is saved.  Whatever is typed is only text: it is
read by ``check`` (a number, a fraction, a percentage, True or False) and anything else
gets a message, never a traceback.

>>> from fractions import Fraction
>>> from goldlab.lessons import Question, Quiz
>>> quiz = Quiz("demo", [Question("gold", "Chance of gold?", Fraction(3, 8))])
>>> box = answer_box(quiz, "gold")
>>> box.text.value = "0.38"
>>> box.submit()
>>> box.feedback.correct
True
>>> guess = Prediction("0.2")
>>> guess.text.value = "25 %"
>>> guess.save()
>>> guess.value
0.25
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import Any

from goldlab.classroom.client import Pooled, PooledGuesses
from goldlab.lessons.check import Feedback, Quiz, counted, read_guess
from goldlab.lessons.together import NAME_FIRST, guesses_figure, this_page

LIMIT = 100
"""The longest answer read, in characters (a longer one is refused with a message)."""
EXAMPLES = ("2/9", "0.22", "22 %")
"""The forms an answer may take, as the boxes show them: a fraction, a decimal and a
percentage.  They answer no question of any lesson (a test checks each against every
answer), so typing the example is never marked right."""
EXAMPLE = f"{EXAMPLES[0]}, {EXAMPLES[1]} or {EXAMPLES[2]}"
"""The examples as one phrase: "2/9, 0.22 or 22 %"."""


class AnswerBox:
    """One question's text box, Check button and feedback line (an ipywidgets VBox)."""

    def __init__(self, quiz: Quiz, key: str,
                 check: Callable[[str, Any], Feedback] | None = None,
                 guess: Prediction | None = None) -> None:
        import ipywidgets as widgets

        self.question = quiz.question(key)  # an unknown key fails here, in the teacher's cell
        self.check = check or quiz.check
        self.guess = guess
        self.feedback: Feedback | None = None
        self.quiz = quiz
        example = ("True or False" if isinstance(self.question.answer, bool)
                   else f"e.g. {EXAMPLE}")
        self.text = widgets.Text(placeholder=f"your answer, {example}",
                                 layout=widgets.Layout(width="22em"))
        self.button = widgets.Button(description="Check", button_style="primary",
                                     icon="", tooltip=f"check your answer to {key}")
        self.show_me = widgets.Button(
            description="Show me", disabled=True,
            tooltip="try once first; then this shows the answer (your feedback says so)")
        self.output = widgets.HTML("")
        self.button.on_click(lambda _: self.submit())
        self.show_me.on_click(lambda _: self.give_up())
        self.text.continuous_update = False
        self.text.observe(lambda _: self.submit(), names="value")
        label = widgets.HTML(f"<b>Your answer</b> (<code>{escape(key)}</code>):")
        self.widget = widgets.VBox([
            widgets.HBox([label, self.text, self.button, self.show_me]), self.output])
        self.widget.add_class("gl-answer")

    def submit(self) -> None:
        """Check what the box holds and show the feedback under it."""
        typed = self.text.value.strip()
        if not typed:
            self._say("Type your answer in the box first, then press Check.", False)
            return
        if len(typed) > LIMIT:
            self._say(f"That is more than {LIMIT} characters: type only your answer.", False)
            return
        try:
            feedback = self.check(self.question.key, typed)
        except Exception:
            self._say(f"goldlab could not read that answer: type a number such as {EXAMPLE}, "
                      "or True or False.", False)
            return
        self.feedback = feedback
        self._show(feedback)
        self.show_me.disabled = bool(self.quiz.settled(self.question.key))

    def give_up(self) -> None:
        """Show the answer (after a first try): the feedback records that it was shown,
        and whatever waited for this question (:func:`after`) appears."""
        if self.show_me.disabled:
            return
        self.feedback = self.quiz.show_answer(self.question.key)
        self.show_me.disabled = True
        self._show(self.feedback)

    def _show(self, feedback: Feedback) -> None:
        self.output.value = feedback._repr_html_()
        if self.guess is not None:
            self.output.value += (f"<div>Your prediction was {escape(self.guess.describe())}."
                                  "</div>")

    def _say(self, message: str, correct: bool) -> None:
        self.feedback = None
        self.output.value = Feedback(self.question, None, correct, message)._repr_html_()

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)


class After:
    """What a lesson shows once question ``key`` is settled (answered right, or its
    answer asked for with **Show me**): until then a line that says so, then ``content()``.

    ``content`` is called only then: a text (shown as printed), a widget, or anything
    Jupyter can display (a chart, a table).  In a teacher's run the worked solution has
    answered the question already, so the content shows at once.
    """

    def __init__(self, quiz: Quiz, key: str, content: Callable[[], Any],
                 what: str = "the exact answer") -> None:
        import ipywidgets as widgets

        question = quiz.question(key)
        self.content = content
        self.is_open = False
        """True once the content is shown."""
        self.widget = widgets.VBox([widgets.HTML(
            f"<i>Waiting here: {escape(what)}. It appears once you have answered "
            f"<code>{escape(question.key)}</code> above (or pressed Show me there).</i>")])
        self.widget.add_class("gl-after")
        quiz.when_settled(key, self._open)

    def _open(self) -> None:
        import ipywidgets as widgets

        shown = self.content()
        if isinstance(shown, str):
            view: Any = widgets.HTML(f"<pre style='margin:0'>{escape(shown)}</pre>")
        elif isinstance(shown, widgets.Widget):
            view = shown
        else:
            view = widgets.Output()
            view.append_display_data(shown)
        view.add_class("gl-after-open")
        self.widget.children = [view]
        self.is_open = True

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)


def after(quiz: Quiz, key: str, content: Callable[[], Any],
          what: str = "the exact answer") -> After:
    """``content()``, shown once question ``key`` of ``quiz`` is settled (:class:`After`)."""
    return After(quiz, key, content, what)


def answer_box(quiz: Quiz, key: str, check: Callable[[str, Any], Feedback] | None = None,
               guess: Prediction | None = None) -> AnswerBox:
    """The answer box of question ``key``; ``check`` defaults to ``quiz.check``; with a
    ``guess`` the feedback also shows the student's prediction."""
    return AnswerBox(quiz, key, check, guess)


class Prediction:
    """A student's guess of a chance, stored before the experiment is looked at.

    Type it and press **Save**: it is read like :func:`~goldlab.lessons.check.read_guess`
    (``0.2``, ``"1/5"``, ``"20 %"`` or ``20``) and then fixed, so the result cannot change
    it.  With ``out_of`` the box takes a count instead: ``Prediction("30", out_of=100)``
    asks how many games of 100, and "1" is 1 game (a chance of 0.01), not 100 %; ``unit``
    names what is counted.  ``value`` is the guess as a chance either way (None until
    saved); :meth:`beside` shows it next to a result.  ``example`` is the hint shown in the
    empty box.  ``pool`` names the class prediction it is, ``(lesson, key)`` of
    :mod:`goldlab.classroom.asks`: inside a class (:mod:`goldlab.lessons.together`) the
    saved guess is also sent to the class (once: a reload sends the same nonce, so the class
    keeps the first guess), and the class's guesses appear under the box once the teacher
    reveals them; outside a class the box says so once."""

    def __init__(self, example: str = "0.2", *, out_of: int | None = None,
                 unit: str = "game", pool: tuple[str, str] | None = None) -> None:
        import ipywidgets as widgets

        if out_of is not None and (isinstance(out_of, bool) or not isinstance(out_of, int)
                                   or out_of < 1):
            raise ValueError(f"out_of is how many {unit}s the guess counts from, such as "
                             f"100, not {out_of!r}")
        self.example = example
        self.out_of = out_of
        self.unit = unit
        self.pool = pool
        self.page = this_page() if pool is not None else None
        self.value: float | None = None
        self._views: list[tuple[Any, Callable[[float | None], str]]] = []
        of = f" {unit}s of {out_of}" if out_of is not None else ""
        self.text = widgets.Text(placeholder=f"your guess, e.g. {example}{of}",
                                 layout=widgets.Layout(width="16em"))
        self.button = widgets.Button(description="Save my guess", button_style="primary")
        self.button.on_click(lambda _: self.save())
        self.output = widgets.HTML("<i>Write your guess and save it before you go on.</i>")
        self.class_view = widgets.HTML("")
        header = self.page.header() if self.page is not None else None
        top = [header] if header is not None else []  # the page's name box, or "alone"
        self.widget = widgets.VBox([*top, widgets.HBox([self.text, self.button]), self.output,
                                    self.class_view])
        self.widget.add_class("gl-prediction")

    def save(self) -> None:
        """Read the box; a guess that is a number is stored and the box locked.  Inside a
        class it is sent too; if the class did not take it, the button sends it again."""
        if self.value is not None:  # stored already, not yet in the class: send it again
            self.output.value = f"<b>Stored:</b> your guess is {escape(self.describe())}."
            self._send()
            return
        typed = self.text.value.strip()[:LIMIT]
        value = read_guess(typed, self.example, self.out_of)
        if isinstance(value, float) and not 0 <= value <= 1:
            value = (f"A chance lies between 0 and 1 (or 0 % and 100 %), not {typed!r}."
                     if self.out_of is None else f"Write how many {self.unit}s of "
                     f"{self.out_of}: a number from 0 to {self.out_of}, not {typed!r}.")
        if (isinstance(value, float) and self.page is not None and self.page.in_class
                and not self.page.name):
            value = NAME_FIRST
        if isinstance(value, str):
            self.output.value = f'<span style="color:#b3261e">{escape(value)}</span>'
            return
        self.value = value
        self.text.disabled = self.button.disabled = True
        self.output.value = f"<b>Stored:</b> your guess is {escape(self.describe())}."
        self._send()
        for view, render in self._views:
            view.value = escape(render(self.value))

    def _send(self) -> None:
        """Inside a class, send the stored guess (its nonce is the question's: a reload or a
        second press is counted once) and watch for the class's guesses."""
        if self.page is None or not self.page.in_class or self.pool is None:
            return
        lesson, key = self.pool
        assert self.value is not None  # stored first
        sending = self.page.send(lesson, key, self.value, nonce=f"guess-{key}")
        self.output.value += " " + sending.line
        self.button.disabled = sending.sent
        self.button.description = "Save my guess" if sending.sent else "Send my guess again"
        if sending.sent:
            self.page.watch(lesson, key, self._show_class)

    def _show_class(self, pooled: Pooled) -> None:
        if isinstance(pooled, PooledGuesses):
            self.class_view.value = guesses_figure(pooled, self.value)

    def describe(self) -> str:
        """The guess as text: '20 %', or with ``out_of``: '1 game of 100'."""
        if self.value is None:
            return "not saved yet"
        if self.out_of is None:
            return f"{100 * self.value:.3g} %"
        return f"{counted(round(self.value * self.out_of, 3), self.unit)} of {self.out_of}"

    def beside(self, render: Callable[[float | None], str]) -> Any:
        """An HTML line showing ``render(guess)`` (the guess and the result), redrawn when
        the guess is saved; before that it asks for the guess."""
        import ipywidgets as widgets

        view = widgets.HTML(escape(render(self.value)) if self.value is not None else
                            "<i>Save your guess under 'Predict first' to see it beside the "
                            "result.</i>")
        self._views.append((view, render))
        return view

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)


__all__ = ["EXAMPLE", "EXAMPLES", "LIMIT", "After", "AnswerBox", "Prediction", "after",
           "answer_box"]
