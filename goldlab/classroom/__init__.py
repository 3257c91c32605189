"""A class as one experiment: every student's predictions and trials pooled in one store.

:class:`ClassStore` is the class's SQLite file (students, their names, rows and running
tallies); :mod:`goldlab.classroom.asks` says what each lesson may pool;
:mod:`goldlab.classroom.names` when two names are one; :mod:`goldlab.classroom.server` is
``goldlab classroom``, the Tornado server that serves the student site and the class API
(imported only where a class is served: the lessons in a browser talk to it over HTTP).
"""

from goldlab.classroom.asks import Ask, ask, asks, lessons
from goldlab.classroom.store import (
    ClassError,
    ClassStore,
    NameTaken,
    NotSaved,
    Pooled,
    Receipt,
    Student,
    new_session,
)

__all__ = ["Ask", "ClassError", "ClassStore", "NameTaken", "NotSaved", "Pooled", "Receipt",
           "Student", "ask", "asks", "lessons", "new_session"]
