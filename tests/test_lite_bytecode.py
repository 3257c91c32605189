"""lite/bytecode.py puts compiled modules into a wheel and lists them in its RECORD.

The compiling itself runs in Pyodide under Node when the site is built (the browser tests
open pages built with it); here, a wheel is repacked with a ``.pyc`` made by this Python,
which is all the repacking sees.
"""

from __future__ import annotations

import base64
import hashlib
import importlib.util
import py_compile
import sys
import zipfile
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[1]


def load(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(f"lite_{name}", ROOT / "lite" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


bytecode = load("bytecode")


def test_a_repacked_wheel_holds_the_bytecode_and_lists_it(tmp_path: Path) -> None:
    wheel = tmp_path / "demo-1.0-py3-none-any.whl"
    record = "demo/__init__.py,sha256=x,5\ndemo-1.0.dist-info/RECORD,,\n"
    with zipfile.ZipFile(wheel, "w") as zf:
        zf.writestr("demo/__init__.py", "X = 1\n")
        zf.writestr("demo-1.0.dist-info/RECORD", record)
    tree = tmp_path / "tree"
    with zipfile.ZipFile(wheel) as zf:
        zf.extractall(tree)
    source = tree / "demo" / "__init__.py"
    pyc = Path(importlib.util.cache_from_source(str(source)))
    py_compile.compile(str(source), cfile=str(pyc),
                       invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
    target = tmp_path / "out" / wheel.name
    target.parent.mkdir()
    assert bytecode._repack(wheel, tree, target) == 1
    with zipfile.ZipFile(target) as zf:
        name = pyc.relative_to(tree).as_posix()
        data = zf.read(name)
        lines = zf.read("demo-1.0.dist-info/RECORD").decode().splitlines()
        assert zf.read("demo/__init__.py") == b"X = 1\n"  # the source stays
    assert data == pyc.read_bytes()
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    assert f"{name},sha256={digest},{len(data)}" in lines
    assert lines[-1] == "demo-1.0.dist-info/RECORD,,"  # RECORD names itself last
    flags = int.from_bytes(data[4:8], "little")
    assert flags == 0b01  # a hash-based pyc that Python does not check against its source
