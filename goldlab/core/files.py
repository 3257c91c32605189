"""Reading a file that comes from outside (a record, a tile set): one regular file, one
bounded read.

The file is opened without blocking (a FIFO with no writer never waits) and checked with
``fstat`` before anything is read, so ``/dev/zero``, a terminal or a directory is refused
at once, and a file larger than its limit is refused without being read whole.
"""

from __future__ import annotations

import os
import stat

from goldlab.core.errors import GoldlabError


def read_bounded(path: str | os.PathLike[str], limit: int, what: str, name: str,
                 error: type[GoldlabError]) -> bytes:
    """The bytes of the regular file ``path``, at most ``limit`` of them.

    ``what`` says what the file is ("record file"), ``name`` how to name it in a message;
    anything wrong raises ``error`` with a sentence saying what.
    """
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    try:
        fd = os.open(path, flags)
    except OSError as exc:
        raise error(f"cannot read {what} {name}: {exc.strerror or exc}") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise error(f"{what} {name} is not a regular file")
        if info.st_size > limit:
            raise error(f"{what} {name} is larger than {limit} bytes")
        with os.fdopen(fd, "rb", closefd=False) as fh:
            data = fh.read(limit + 1)
        if data is None:  # opened without blocking, and nothing to read yet (/proc/kmsg)
            raise error(f"{what} {name} has nothing to read: it is not a finished file")
    except OSError as exc:
        raise error(f"cannot read {what} {name}: {exc.strerror or exc}") from None
    finally:
        os.close(fd)
    if len(data) > limit:
        raise error(f"{what} {name} is larger than {limit} bytes")
    return data
