"""A Ctrl-C that is never lost, while a ``goldlab`` command runs.

Python raises ``KeyboardInterrupt`` at the next line of Python that runs, and while numba
compiles a kernel (a minute or two, the first time) that line can be inside a
callback from the compiler, where the exception is printed as "ignored" and
dropped: the run then went on as if nothing had been pressed, or failed later
on a worker that did stop.  So :class:`CtrlC` remembers the interrupt, raises it
again every second until it reaches the command, and the command reports a failure
that follows it as the interrupt it is (:mod:`goldlab.cli`).
"""

from __future__ import annotations

import _thread
import signal
import sys
import threading
from types import FrameType, TracebackType
from typing import Any

INTERRUPTED = 130
"""Exit status after Ctrl-C (128 + SIGINT), as shells report it."""


REPEAT = 1.0
"""Seconds between deliveries of an interrupt that has not reached the command yet."""


class CtrlC:
    """While the command runs (a ``with`` block): Ctrl-C is remembered and repeated.

    ``received`` says whether an interrupt came; :meth:`honoured` stops repeating it once
    the command answers it (so the answer is not itself interrupted).  Outside the main
    thread (where Python delivers no signal) it does nothing.
    """

    def __init__(self) -> None:
        self.received = False
        self._done = False
        self._lock = threading.Lock()
        self._timer: threading.Timer | None = None
        self._previous: Any = None
        self._unraisable: Any = None
        self._active = False

    def __enter__(self) -> CtrlC:
        if threading.current_thread() is threading.main_thread():
            self._active = True
            self._previous = signal.signal(signal.SIGINT, self._interrupted)
            self._unraisable = sys.unraisablehook
            sys.unraisablehook = self._quiet
        return self

    def __exit__(self, kind: type[BaseException] | None, value: BaseException | None,
                 traceback: TracebackType | None) -> None:
        self.honoured()
        if self._active:
            signal.signal(signal.SIGINT, self._previous)
            sys.unraisablehook = self._unraisable
            self._active = False

    def honoured(self) -> None:
        """The command is answering the interrupt: stop raising it."""
        self._done = True
        with self._lock:
            timer, self._timer = self._timer, None
        if timer is not None:
            timer.cancel()

    def _interrupted(self, signum: int, frame: FrameType | None) -> None:
        self.received = True
        if self._done:
            return  # the command is answering it
        with self._lock:
            if self._timer is None:  # again in a second, until honoured
                self._timer = threading.Timer(REPEAT, self._repeat)
                self._timer.daemon = True
                self._timer.start()
        if isinstance(sys.exc_info()[1], KeyboardInterrupt):
            return  # one is on its way up already (were it dropped, the next comes)
        raise KeyboardInterrupt

    def _repeat(self) -> None:
        with self._lock:
            if self._done or self._timer is None:
                return
            self._timer = None
            main = threading.main_thread().ident
            if hasattr(signal, "pthread_kill") and main is not None:
                # a real signal: it also wakes a main thread blocked in a wait
                signal.pthread_kill(main, signal.SIGINT)
            else:
                _thread.interrupt_main(signal.SIGINT)

    def _quiet(self, unraisable: Any) -> None:
        """An interrupt dropped inside a callback is not news: it comes again."""
        if isinstance(unraisable.exc_value, KeyboardInterrupt):
            return
        self._unraisable(unraisable)
