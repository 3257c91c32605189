""""One more trial": frames, their estimates and intervals, and a steady pace."""

from __future__ import annotations

import asyncio
import itertools
import random
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import altair as alt
import pytest

from goldlab.lessons import first_player
from goldlab.lessons.animate import (
    MAX_FRAMES,
    MAX_TRIALS,
    SHOWN,
    OneMoreTrial,
    Pacer,
    trial_chart,
    trial_counts,
    trial_frames,
)
from goldlab.lessons.inference import wilson_interval


def _run(coroutine: Any) -> Any:
    """Run ``coroutine`` on a fresh event loop in its own thread: a browser test run earlier
    by this worker (Playwright's sync API) may have left its loop marked running here."""
    with ThreadPoolExecutor(1) as worker:
        return worker.submit(asyncio.run, coroutine).result()


class FakeClock:
    """A clock that moves only when the animation sleeps or a redraw 'takes' time."""

    def __init__(self, redraw: float = 0.0) -> None:
        self.now = 100.0
        self.redraw = redraw  # seconds each frame's redraw costs
        self.slept: list[float] = []

    def __call__(self) -> float:
        return self.now

    async def sleep(self, seconds: float) -> None:
        self.slept.append(seconds)
        self.now += seconds + self.redraw
        await asyncio.sleep(0)  # let the event loop run, as a real sleep does


def outcomes(n: int, seed: int = 1) -> list[bool]:
    rng = random.Random(seed)
    return [rng.random() < 0.4 for _ in range(n)]


def test_counts_add_one_trial_a_frame_first_and_reach_the_end_in_the_frames_given() -> None:
    counts = trial_counts(400, 120)
    assert counts[:30] == list(range(1, 31))  # one more trial at a time
    assert counts[-1] == 400 and len(counts) <= 120
    assert all(b > a for a, b in itertools.pairwise(counts))
    assert trial_counts(5, 100) == [1, 2, 3, 4, 5]  # fewer trials than frames: all of them
    big = trial_counts(MAX_TRIALS, 160)
    assert big[-1] == MAX_TRIALS and len(big) <= 160


@pytest.mark.parametrize(("trials", "frames"), [(0, 10), (MAX_TRIALS + 1, 10), (10, 1),
                                                (10, MAX_FRAMES + 1)])
def test_counts_are_bounded(trials: int, frames: int) -> None:
    with pytest.raises(ValueError, match="must be between"):
        trial_counts(trials, frames)


def test_each_frame_is_the_share_so_far_and_its_wilson_interval() -> None:
    played = outcomes(500)
    counts = trial_counts(500, 60)
    frames = trial_frames(played, counts)
    assert [f.trials for f in frames] == counts
    for frame in frames:
        wins = sum(played[:frame.trials])
        assert frame.successes == wins and frame.estimate == wins / frame.trials
        assert (frame.low, frame.high) == wilson_interval(wins, frame.trials)
        assert (frame.low, frame.high) == first_player.wilson(wins, frame.trials)
    widths = [f.high - f.low for f in frames]
    assert widths[-1] < widths[10] / 3  # the interval narrows as trials arrive
    with pytest.raises(ValueError, match="1 to 500"):
        trial_frames(played, [501])
    wide = trial_frames(played, counts, confidence=0.99)  # a surer interval is wider
    assert all(w.low < f.low and w.high > f.high for w, f in zip(wide, frames, strict=True)
               if 0 < f.successes < f.trials)


def test_the_pacer_keeps_a_steady_pace_and_does_not_rush_after_a_late_frame() -> None:
    clock = FakeClock()
    pacer = Pacer(0.25, clock)
    pacer.start()
    clock.now += 0.05  # the redraw of frame 1 took 0.05 s: wait the rest of the interval
    assert pacer.wait() == pytest.approx(0.20)
    clock.now += 0.20 + 0.9  # frame 2 ran late by most of a second: no burst after it
    assert pacer.wait() == 0.0
    assert pacer.wait() == pytest.approx(0.25)  # counted again from the late frame
    with pytest.raises(ValueError, match="pace"):
        Pacer(0.0, clock)
    with pytest.raises(ValueError, match="pace"):
        Pacer(60.0, clock)


def test_the_chart_holds_every_frame_and_shows_those_up_to_its_parameter() -> None:
    frames = trial_frames(outcomes(100), trial_counts(100, 30))
    spec = trial_chart(frames, 5, exact=0.4).to_dict()
    assert spec["params"] == [{"name": SHOWN, "value": frames[5].trials}]
    assert "datum.trials <= shown" in str(spec) and "datum.trials === shown" in str(spec)
    with pytest.raises(ValueError, match="frame 30"):
        trial_chart(frames, 30)


def test_playing_shows_one_frame_a_tick_at_the_pace_and_stops_at_the_end() -> None:
    clock = FakeClock(redraw=0.03)
    animation = OneMoreTrial(outcomes(300), trials=300, frames=40, pace=0.1, exact=0.4,
                             clock=clock, sleep=clock.sleep)
    assert animation.index == 0 and not animation.playing  # nothing moves on its own
    assert animation.chart.params.shown == 1 and "after 1 trials" in animation.text.value
    shown = _run(animation.run(limit=5))
    assert shown == 5 and animation.index == 5
    gaps = [b - a for a, b in itertools.pairwise(animation.shown_at)]
    assert gaps == pytest.approx([0.1] * 4)  # a steady pace, whatever a redraw costs
    assert clock.slept[1:] == pytest.approx([0.07] * 4)
    frame = animation.frames[5]
    assert animation.chart.params.shown == frame.trials and str(frame) == animation.text.value
    assert _run(animation.run()) == len(animation.frames) - 6  # to the last frame
    assert animation.frame.trials == 300 and animation.button.description == "▶ Play"
    animation.reset()
    assert animation.index == 0


def test_play_and_pause_run_a_task_on_the_event_loop() -> None:
    clock = FakeClock()

    async def scenario() -> tuple[bool, int, bool, str]:
        animation = OneMoreTrial(outcomes(50), trials=50, frames=20, pace=0.05,
                                 clock=clock, sleep=clock.sleep)
        animation.toggle()  # the Play button
        started = animation.playing and animation.button.description == "❚❚ Pause"
        for _ in range(4):
            await asyncio.sleep(0)
        animation.toggle()  # the Pause button
        at = animation.index
        for _ in range(4):
            await asyncio.sleep(0)
        return started, at, animation.playing, animation.button.description

    started, at, playing, label = _run(scenario())
    assert started and 0 < at < 19 and not playing and label == "▶ Play"


def test_more_trials_than_were_played_are_refused() -> None:
    with pytest.raises(ValueError, match="between 1 and the 10 played"):
        OneMoreTrial(outcomes(10), trials=11)


def test_the_chart_data_are_inline_rows_with_typed_fields() -> None:
    frames = trial_frames(outcomes(40), trial_counts(40, 10))
    spec = trial_chart(frames, 3, exact=0.4).to_dict()
    values = [d["values"] for d in spec.get("datasets", {}).values()] or [
        layer["data"]["values"] for layer in spec["layer"] if "data" in layer]
    assert any(v and v[0].keys() == {"trials", "estimate", "low", "high"} for v in values)
    assert {"exact": 0.4} in [row for v in values for row in v]
    fields = [e for layer in spec["layer"] for channel, e in layer.get("encoding", {}).items()
              if channel not in ("x2", "y2") and "field" in e]  # y2 takes y's type
    assert fields and all(e.get("type") == "quantitative" for e in fields)


def test_lesson_2_animates_the_first_players_games() -> None:
    games = 300
    rows = [{"game": g, "seat": s, "players": 2, "won": (g % 3 == 0) == (s == 0)}
            for g in range(games) for s in range(2)]
    animation = first_player.one_more_game({"toy": rows}, "toy", frames=50)
    last = animation.frames[-1]
    assert last.trials == games and last.successes == 100
    assert isinstance(animation.chart.chart, alt.LayerChart)
    animation.slider.value = len(animation.frames) - 1
    assert "300 games:</b> the first player won 100 = 33.3%" in animation.text.value
    assert "below the fair share 1/2" in animation.text.value
