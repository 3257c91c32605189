"""A lesson taken by a whole class: what a student's page sends to the class store.

When ``goldlab classroom`` serves the lessons, every student kernel starts with the class's
file in the environment variable :data:`CLASS_ENV`.  Then the lesson's prediction box also
sends the saved guess to the class, and :class:`ClassExperiment` (a button: "run 20 more
trials, my own") sends each batch of the student's own trials, so the teacher's dashboard
pools them.  Outside a class (the variable unset) nothing is sent and nothing is written:
:func:`member` is ``None`` and the experiment only counts for the student.

Each student's trials are their own: a fresh seed per batch (63 random bits), unlike the
lesson's fixed-seed tables that show every student the same numbers.

>>> experiment = ClassExperiment("1-flip-the-odds", "first_flip", batch=5, who=None)
>>> experiment.run()
>>> experiment.trials, 0 <= experiment.successes <= 5
(5, True)
"""

from __future__ import annotations

import os
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from html import escape
from typing import Any

from goldlab.classroom import ClassError, ClassStore, ask, new_session

CLASS_ENV = "GOLDLAB_CLASS"
"""The environment variable that holds the class's file in a student kernel."""
BATCHES = (5, 10, 20, 50)
"""How many trials one press may run (each is below every experiment's ``max_trials``)."""


@dataclass
class Member:
    """This kernel's student in a class: the store, an anonymous session and a name."""

    store: ClassStore
    session: str = field(default_factory=new_session)
    name: str = ""

    def send(self, lesson: str, key: str, value: object) -> str:
        """Send one value to the class; the line to show the student (never a traceback)."""
        if not self.name:
            return "Type your name for the class first: the class sees you by it."
        try:
            self.store.submit(self.session, self.name, lesson, key, value,
                              nonce=secrets.token_hex(8))
        except ClassError as refused:
            return f"Not sent to the class: {refused}."
        except Exception as error:  # the file went away, a disk error: the lesson goes on
            return f"Not sent to the class ({type(error).__name__}); your own result stays."
        return "Sent to the class."

    def class_so_far(self, lesson: str, key: str) -> str:
        """The class's pooled figure of an experiment as a line of HTML, once the teacher has
        revealed it (before that, and for anything else, nothing: the store refuses)."""
        try:
            pooled = self.store.pooled(lesson, key)
        except Exception:  # not revealed yet (or the file is busy): say nothing
            return ""
        if not pooled.trials:
            return ""
        return (f"<br><b>The whole class so far:</b> {pooled.successes} of {pooled.trials} "
                f"({100 * pooled.estimate:.1f} %) from {len(pooled.students)} students.")


_MEMBER: dict[str, Member | None] = {}


def member() -> Member | None:
    """This kernel's :class:`Member` when the lesson runs inside a class, else None."""
    path = os.environ.get(CLASS_ENV, "")
    if path not in _MEMBER:
        try:
            _MEMBER[path] = Member(ClassStore.open(path)) if path else None
        except ClassError:
            _MEMBER[path] = None  # a wrong path: the lesson works alone
    return _MEMBER[path]


def name_box(who: Member) -> Any:
    """A text box where the student types the name the class sees (escaped wherever shown)."""
    import ipywidgets as widgets

    box = widgets.Text(value=who.name, placeholder="your name for the class",
                       description="Name", layout=widgets.Layout(width="18em"))

    def changed(_: Any) -> None:
        who.name = " ".join(str(box.value).split())[:40]

    box.observe(changed, names="value")
    return box


# --------------------------------------------------------------------------- trials


def _first_flips(count: int, seed: int) -> int:
    from goldlab.lessons.flip_the_odds import blind_flips

    return sum(flip["gold"] for flip in blind_flips(count, seed))


def _first_player_wins(count: int, seed: int) -> int:
    from goldlab.lessons.first_player import first_wins

    return first_wins(count, seed)


def _forgetful_wins(count: int, seed: int) -> int:
    from goldlab.lessons.memory import forgetful_wins

    return forgetful_wins(count, seed)


def _donkey_refills(count: int, seed: int) -> int:
    from goldlab.lessons.risk import refill_simulated, start_unseen

    return sum(k > 0 for k in refill_simulated(start_unseen(), "donkey", count, seed))


TRIALS: dict[tuple[str, str], Callable[[int, int], int]] = {
    ("1-flip-the-odds", "first_flip"): _first_flips,
    ("2-is-the-first-player-lucky", "first_wins"): _first_player_wins,
    ("3-what-is-memory-worth", "forgetful_wins"): _forgetful_wins,
    ("4-risk-and-expected-value", "refills"): _donkey_refills,
}
"""Each experiment a class pools: ``trial(count, seed)`` is the number of successes among
``count`` fresh trials (a first flip shows gold; the first player wins a game of random
players; the forgetful player (p = 0.2, in the first seat) wins outright against perfect
memory; a refill of five shows a donkey)."""


class ClassExperiment:
    """A button that runs a batch of the student's own trials, counts them, and (inside a
    class) sends them to the class.  ``successes`` and ``trials`` are the student's total."""

    def __init__(self, lesson: str, key: str, *, batch: int = 20,
                 who: Member | str | None = "this kernel's") -> None:
        import ipywidgets as widgets

        self.ask = ask(lesson, key)
        if (lesson, key) not in TRIALS:
            raise KeyError(f"{lesson} has no experiment {key!r}")
        if batch not in BATCHES:
            raise ValueError(f"a batch is one of {BATCHES}, not {batch!r}")
        self.member = member() if isinstance(who, str) else who
        self.successes = 0
        self.trials = 0
        self.batch = widgets.Dropdown(options=list(BATCHES), value=batch, description="trials",
                                      layout=widgets.Layout(width="10em"))
        self.button = widgets.Button(description="Run my trials", button_style="primary")
        self.button.on_click(lambda _: self.run())
        self.output = widgets.HTML(f"<i>{escape(self.ask.title)}: none of yours yet.</i>")
        top: list[Any] = [self.batch, self.button]
        if isinstance(self.member, Member):
            top.insert(0, name_box(self.member))
        self.widget = widgets.VBox([widgets.HBox(top), self.output])
        self.widget.add_class("gl-class-experiment")

    def run(self) -> None:
        """Run one batch (of the size chosen, checked against :data:`BATCHES`)."""
        if isinstance(self.member, Member) and not self.member.name:
            self.output.value = ("<b>Type your name for the class first</b>: "
                                 "the class sees you by it.")
            return
        count = self.batch.value if self.batch.value in BATCHES else BATCHES[0]
        won = TRIALS[self.ask.lesson, self.ask.key](count, secrets.randbits(63))
        self.successes += won
        self.trials += count
        line = (f"{escape(self.ask.title)}: {won} of {count} this time; yours so far "
                f"{self.successes} of {self.trials} ({100 * self.successes / self.trials:.1f} %).")
        if isinstance(self.member, Member):
            sent = self.member.send(self.ask.lesson, self.ask.key,
                                    {"successes": won, "trials": count})
            line += f" <i>{escape(sent)}</i>"
            line += self.member.class_so_far(self.ask.lesson, self.ask.key)
        self.output.value = line

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)


__all__ = ["BATCHES", "CLASS_ENV", "TRIALS", "ClassExperiment", "Member", "member", "name_box"]
