"""A class as one experiment: every student's predictions and trials pooled in one store.

:class:`ClassStore` is the class's SQLite file; :mod:`goldlab.classroom.asks` says what each
lesson may pool.  Nothing here needs Jupyter: the lessons' widgets and the teacher's
dashboard call it.
"""

from goldlab.classroom.asks import Ask, ask, asks, lessons
from goldlab.classroom.store import ClassError, ClassStore, Pooled, Receipt, new_session

__all__ = ["Ask", "ClassError", "ClassStore", "Pooled", "Receipt", "ask", "asks", "lessons",
           "new_session"]
