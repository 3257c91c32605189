"""A lesson inside a class names its student, sends the guess and the trials with a nonce and
shows the class's figure once the teacher reveals it; outside a class it says so once and
sends nothing.  The class server here is a small fake of the class API (the real server's
part is tests/classroom/test_classroom_client.py and the browser test)."""

from __future__ import annotations

import importlib
import json
import re
import time
from collections.abc import Callable, Iterator
from urllib.parse import parse_qs, urlsplit

import nbformat
import pytest

from goldlab.classroom.asks import ASKS
from goldlab.classroom.client import UNREACHABLE, ClassClient
from goldlab.lessons import together
from goldlab.lessons.answer import Prediction
from goldlab.lessons.student import LESSONS
from goldlab.lessons.together import (
    ALONE,
    NAME_FIRST,
    ClassExperiment,
    ClassPage,
    Trials,
    use_page,
)

GUESS = ("1-flip-the-odds", "both_gold")
MODULES = {"1-flip-the-odds": "flip_the_odds", "2-is-the-first-player-lucky": "first_player",
           "3-what-is-memory-worth": "memory", "4-risk-and-expected-value": "risk"}


class FakeClass:
    """The class API as the contract says it, for one student, in memory."""

    def __init__(self, name: str | None = None) -> None:
        self.name = name
        self.rows: list[dict[str, object]] = []
        self.nonces: dict[str, int] = {}
        self.revealed: set[tuple[str, str]] = set()
        self.down = 0  # the next requests that fail on the network
        self.requests: list[tuple[str, str, dict[str, object] | None]] = []

    def __call__(self, method: str, path: str, body: bytes | None) -> tuple[int, str]:
        data = json.loads(body) if body else None
        self.requests.append((method, path, data))
        if self.down:
            self.down -= 1
            raise OSError("connection reset")
        url = urlsplit(path)
        if (method, url.path) == ("GET", "/api/class"):
            return self._ok({"class": "7B <script>", "you": {"name": self.name},
                             "lessons": list(MODULES)})
        if (method, url.path) == ("POST", "/api/name"):
            assert isinstance(data, dict)
            if str(data["name"]).casefold() == "taken":
                return 409, json.dumps({"ok": False, "error": "Someone has that name."})
            self.name = str(data["name"])
            return self._ok({"name": self.name})
        if (method, url.path) == ("POST", "/api/submit"):
            assert isinstance(data, dict)
            if not self.name:
                return 400, json.dumps({"ok": False,
                                        "error": "Type your name for the class first."})
            nonce = str(data["nonce"])
            if nonce in self.nonces:
                return self._ok({"counted": False, "row": self.nonces[nonce]})
            self.rows.append(data)
            self.nonces[nonce] = len(self.rows)
            return self._ok({"counted": True, "row": len(self.rows)})
        if (method, url.path) == ("GET", "/api/pooled"):
            query = {k: v[0] for k, v in parse_qs(url.query).items()}
            asked = (query["lesson"], query["key"])
            if asked not in self.revealed:
                return self._ok({"revealed": False})
            mine = [r for r in self.rows if (r["lesson"], r["key"]) == asked]
            if asked == GUESS:
                return self._ok({"revealed": True, "kind": "prediction", "count": 3,
                                 "mean": 0.25, "bins": [[0.0, 0.1, 1], [0.1, 0.2, 0],
                                                        [0.2, 0.3, 2]]})
            values = [r["value"] for r in mine]
            return self._ok({"revealed": True, "kind": "trials", "students": 2,
                             "successes": 7 + sum(v["successes"] for v in values),  # type: ignore[index]
                             "trials": 20 + sum(v["trials"] for v in values)})  # type: ignore[index]
        return 404, "<h1>Not Found</h1>"

    @staticmethod
    def _ok(fields: dict[str, object]) -> tuple[int, str]:
        return 200, json.dumps({"ok": True, **fields})


@pytest.fixture
def quick(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(together, "EVERY", 0.02)  # ask the fake often: the test waits less
    yield
    use_page(None)


@pytest.fixture
def fake(quick: None) -> FakeClass:
    server = FakeClass()
    use_page(ClassPage(ClassClient(server)))
    return server


def until(condition: Callable[[], object], seconds: float = 5.0) -> None:
    end = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < end, "the page did not change in time"
        time.sleep(0.01)


def test_outside_a_class_the_page_says_so_once_and_sends_nothing(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("GOLDLAB_CLASS_URL", raising=False)
    use_page(None)  # this kernel's page, as a lesson gets it: no class server here
    guess = Prediction("0.2", pool=GUESS)
    experiment = ClassExperiment(together.Trials("1-flip-the-odds", "first_flip",
                                                 lambda count, seed: count), batch=5)
    first, second = guess.widget.children[0], experiment.widget.children[0]
    assert ALONE in first.value and "gl-class-alone" in first._dom_classes
    assert not hasattr(second, "value") or ALONE not in second.value  # said once
    guess.text.value = "1/5"
    guess.save()
    experiment.run()
    assert guess.value == 0.2 and experiment.trials == 5
    assert "class" not in guess.output.value + experiment.output.value
    use_page(None)


def test_one_name_box_per_page_and_nothing_sent_before_a_name(fake: FakeClass) -> None:
    guess = Prediction("0.2", pool=GUESS)
    experiment = ClassExperiment(Trials("1-flip-the-odds", "first_flip", lambda c, s: 1))
    boxes = [w for w in (guess.widget.children[0], experiment.widget.children[0])
             if "gl-class-name" in w._dom_classes]
    assert len(boxes) == 1 and boxes[0] is guess.widget.children[0]
    guess.text.value = "0.3"
    guess.save()
    experiment.run()
    assert guess.value is None and NAME_FIRST in guess.output.value
    assert experiment.trials == 0 and NAME_FIRST in experiment.output.value
    assert fake.rows == []


def test_the_name_box_says_who_the_page_sends_as_escaped(fake: FakeClass) -> None:
    guess = Prediction("0.2", pool=GUESS)
    name_box = guess.widget.children[0]
    text, button = name_box.children[0].children
    status = name_box.children[1]
    assert "&lt;script&gt;" in status.value and "<script>" not in status.value
    text.value = "taken"
    assert "Someone has that name." in status.value
    text.value = "  <b>Ann</b>   Lee "
    assert fake.name == "<b>Ann</b> Lee"
    assert "You are sending as <b>&lt;b&gt;Ann&lt;/b&gt; Lee</b>" in status.value
    button.click()  # the same name again: nothing new asked
    assert [r for r in fake.requests if r[1] == "/api/name"][-1][2] == {"name": "<b>Ann</b> Lee"}


def test_a_reload_shows_the_name_the_class_already_knows(quick: None) -> None:
    use_page(ClassPage(ClassClient(FakeClass(name="Ann"))))
    guess = Prediction("0.2", pool=GUESS)
    name_box = guess.widget.children[0]
    assert name_box.children[0].children[0].value == "Ann"
    assert "You are sending as <b>Ann</b>" in name_box.children[1].value


def test_a_saved_guess_goes_once_and_the_class_figure_comes_when_revealed(
        fake: FakeClass) -> None:
    fake.name = "Ann"
    together.this_page().name = "Ann"
    guess = Prediction("0.2", pool=GUESS)
    guess.text.value = "0.25"
    guess.save()
    assert "Sent to the class as Ann" in guess.output.value
    assert fake.rows == [{"lesson": "1-flip-the-odds", "key": "both_gold", "value": 0.25,
                          "nonce": "guess-both_gold"}]
    time.sleep(0.1)
    assert guess.class_view.value == ""  # not revealed: nothing shown, the page keeps asking
    fake.revealed.add(GUESS)
    until(lambda: "gl-class-figure" in guess.class_view.value)
    assert "3 guesses, mean 25.0 %" in guess.class_view.value
    asked = len(fake.requests)
    time.sleep(0.1)
    assert len(fake.requests) == asked  # shown: the page stopped asking

    again = Prediction("0.2", pool=GUESS)  # a reload sends the same nonce: counted once
    again.text.value = "0.9"
    again.save()
    assert "keeps the first one" in again.output.value and len(fake.rows) == 1


def test_each_batch_goes_with_its_own_nonce_and_the_figure_follows_the_reveal(
        fake: FakeClass) -> None:
    together.this_page().name = fake.name = "Bob"
    experiment = ClassExperiment(Trials("1-flip-the-odds", "first_flip",
                                        lambda count, seed: count // 5), batch=10)
    experiment.run()
    experiment.run()
    assert [r["value"] for r in fake.rows] == [{"successes": 2, "trials": 10}] * 2
    assert len({r["nonce"] for r in fake.rows}) == 2
    assert "Sent to the class as Bob" in experiment.output.value
    fake.revealed.add(("1-flip-the-odds", "first_flip"))
    until(lambda: "gl-class-figure" in experiment.class_view.value)
    assert "11 of 40 (27.5 %)" in experiment.class_view.value  # 7 of 20 + my 4 of 20
    assert "4 of 20 (20.0 %)" in experiment.class_view.value   # mine beside it
    experiment.run()  # revealed already: the figure follows my new batch at once
    until(lambda: "13 of 50" in experiment.class_view.value)


def test_a_lost_request_is_sent_again_with_the_same_nonce_once(fake: FakeClass) -> None:
    together.this_page().name = fake.name = "Bob"
    experiment = ClassExperiment(Trials("1-flip-the-odds", "first_flip", lambda c, s: 1),
                                 batch=5)
    fake.down = 1
    experiment.run()
    submits = [r for r in fake.requests if r[1] == "/api/submit"]
    assert len(submits) == 2 and submits[0][2] == submits[1][2]  # the same nonce
    assert len(fake.rows) == 1 and "Sent to the class" in experiment.output.value
    fake.down = 2
    experiment.run()
    assert f"Not sent to the class: {UNREACHABLE}" in experiment.output.value
    assert "Traceback" not in experiment.output.value
    assert experiment.trials == 10 and len(fake.rows) == 1  # the student's own count goes on


def test_a_forged_batch_size_runs_a_bounded_batch(quick: None) -> None:
    use_page(ClassPage(None))
    experiment = ClassExperiment(Trials("4-risk-and-expected-value", "refills",
                                        lambda count, seed: 0), batch=5)
    experiment.batch.options = [5, 10**9]
    experiment.batch.value = 10**9
    experiment.run()
    assert experiment.trials == 5


def test_unknown_experiments_and_batches_are_refused() -> None:
    with pytest.raises(KeyError):
        Trials("1-flip-the-odds", "both_gold", lambda c, s: 0)  # a prediction, no trials
    with pytest.raises(KeyError):
        Trials("1-flip-the-odds", "nothing", lambda c, s: 0)
    trials = Trials("1-flip-the-odds", "first_flip", lambda c, s: 0)
    with pytest.raises(ValueError, match="batch"):
        ClassExperiment(trials, batch=7, page=ClassPage(None))


# --------------------------------------------------------------------------- what lessons pool


@pytest.mark.parametrize("lesson", sorted(MODULES))
def test_each_lesson_declares_its_experiment_and_each_trial_counts_successes(
        lesson: str) -> None:
    module = importlib.import_module(f"goldlab.lessons.{MODULES[lesson]}")
    trials = module.TRIALS
    (asked,) = [a for a in ASKS if a.lesson == lesson and a.kind == "trials"]
    assert (trials.lesson, trials.key) == (lesson, asked.key)
    won = trials.run(6, 12345)
    assert 0 <= won <= 6
    assert trials.run(6, 12345) == won  # a seed is a batch: the same seed, the same trials


@pytest.mark.parametrize("lesson", sorted(MODULES))
def test_each_notebook_pools_its_lessons_prediction_and_experiment(lesson: str) -> None:
    notebook = nbformat.read(LESSONS / f"{lesson}.ipynb", as_version=4)
    code = "\n".join(c.source for c in notebook.cells if c.cell_type == "code")
    (prediction,) = [a for a in ASKS if a.lesson == lesson and a.kind == "prediction"]
    assert f'pool=("{lesson}", "{prediction.key}")' in code
    assert "ClassExperiment(lesson.TRIALS)" in code


# --------------------------------------------------------------------------- nothing given away


def widget_texts(widget: object) -> list[str]:
    """Every string a widget shows: its value, description, placeholder, tooltip, options,
    and its children's."""
    texts = [str(getattr(widget, name)) for name in ("value", "description", "placeholder",
                                                     "tooltip")
             if isinstance(getattr(widget, name, None), str)]
    texts += [str(option) for option in getattr(widget, "options", ())]
    for child in getattr(widget, "children", ()):
        texts += widget_texts(child)
    return texts


def test_the_class_lines_give_no_answer_away(fake: FakeClass) -> None:
    """The name box and every class line a student reads before the teacher reveals a figure
    (alone, before a name, named, sent, sent twice, refused, unreachable) hold no exact answer
    of any lesson's questions, in any form the student test looks for."""
    from goldlab.lessons.student import answer_forms

    shown: list[str] = [ALONE, NAME_FIRST]
    guess = Prediction("0.2", pool=GUESS)
    experiment = ClassExperiment(Trials("1-flip-the-odds", "first_flip", lambda c, s: 3),
                                 batch=10)
    guess.save()
    experiment.run()
    shown += widget_texts(guess.widget) + widget_texts(experiment.widget)
    guess.widget.children[0].children[0].children[0].value = "Ann"
    guess.text.value = "0.2"
    guess.save()
    experiment.run()
    shown += widget_texts(guess.widget) + widget_texts(experiment.widget)
    again = Prediction("0.2", pool=GUESS)
    again.text.value = "0.2"
    again.save()
    fake.down = 2
    experiment.run()
    shown += widget_texts(again.widget) + widget_texts(experiment.widget)
    for module in MODULES.values():
        quiz = importlib.import_module(f"goldlab.lessons.{module}").quiz
        for key in quiz.keys():  # noqa: SIM118 (a Quiz)
            forms = answer_forms(quiz.question(key).answer)
            found = [(form, text) for form in forms for text in shown
                     if re.search(rf"(?<![\d./]){re.escape(form)}(?![\d/])", text)]
            assert found == [], (module, key, found)


def test_a_watch_stops_when_the_server_has_gone_or_after_its_most_questions(
        fake: FakeClass, monkeypatch: pytest.MonkeyPatch) -> None:
    shown: list[object] = []
    client = ClassClient(fake)
    gone = together.Watch(client, *GUESS, shown.append, every=0.001)
    fake.down = together.GIVE_UP_AFTER
    gone.start()
    until(lambda: not gone.running)
    assert gone.asked == together.GIVE_UP_AFTER and shown == []
    monkeypatch.setattr(together, "MOST_ASKS", 5)
    waiting = together.Watch(client, *GUESS, shown.append, every=0.001)
    waiting.start()
    until(lambda: not waiting.running)
    assert waiting.asked == 6 and shown == []  # never revealed: it stopped asking anyway


def test_a_guess_the_class_did_not_take_can_be_sent_again(fake: FakeClass) -> None:
    together.this_page().name = fake.name = "Ann"
    guess = Prediction("0.2", pool=GUESS)
    guess.text.value = "0.4"
    fake.down = 2  # the request and its one retry are lost
    guess.save()
    assert guess.value == 0.4 and guess.text.disabled  # stored in the page all the same
    assert f"Not sent to the class: {UNREACHABLE}" in guess.output.value
    assert not guess.button.disabled and guess.button.description == "Send my guess again"
    guess.button.click()
    assert "Sent to the class as Ann" in guess.output.value and guess.button.disabled
    assert [r["value"] for r in fake.rows] == [0.4]
