#!/usr/bin/env python3
"""The student lessons as app pages in the static site: build/lite/lessons/ (Voici).

Each student version of a lesson (goldlab.lessons.student.write_student_versions over
notebooks/lessons/, never a teacher version), the lessons' index and this folder's
check-this-browser notebook become a page ``lessons/voici/render/<name>.html``: no code
shows, every cell runs when the page opens, the widgets work as in Voila, and Python runs
in the page (Pyodide).  Voici is Voila built into static files; its newest release that
works (see docs/lite.md) needs an older stack than the demo's JupyterLite, so the pages
have their own Pyodide (0.27, Python 3.12) and their own wheels beside the demo's.  The
steps, as shared/recipes/static-app-pages.md proved them on this machine type:

1. a build environment of its own, build/voici-env (:data:`TOOLS`);
2. Pyodide's runtime from npm (:data:`PYODIDE`);
3. the demo's wheels (lite/requirements.txt) for Python 3.12, with the pins of
   lite/requirements-py312.txt in place of theirs; markupsafe built pure; goldlab's wheel;
   two stub wheels, ``ssl`` and ``sqlite3``, which the kernel installs before IPython and
   which Pyodide 0.27 has only on its CDN; and ``vl_convert``'s stand-in (below);
4. Pyodide's lock written by build.py's ``write_lock`` to list exactly those wheels;
5. ``voici build`` over the student notebooks, the fallback to PyPI switched off;
6. the render pages mended: their URLs of Pyodide and the wheels made relative to the
   page (Voici writes them relative to the site's root), every link to another host
   dropped (Voila's template links Font Awesome on a CDN; the widgets' icons come with the
   page's own bundle), and links between lessons pointed at their pages.

Altair's charts are drawn offline as in the demo: Altair's chart widget with Vega bundled
in by vl-convert when the site is built.  In the page, ``alt.JupyterChart.enable_offline()``
(which goldlab's lessons and renderer call) asks ``vl_convert.javascript_bundle`` for that
bundle: the stand-in wheel ``vl-convert-python`` answers with the one made here, for the
only snippet Altair sends, and has nothing else (vl-convert is compiled Rust: no static
SVG in the browser).

Built only when its inputs change (:func:`inputs_digest`; the demo's build is reused or
rebuilt on its own); downloads are shared with the demo in build/lite-cache.  Run by
``python3 dev.py lite`` (lite/build.py), after the demo.  See docs/lite.md.
"""

from __future__ import annotations

import base64
import hashlib
import importlib.metadata
import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
import time
import zipfile
from pathlib import Path

import bytecode  # this folder's lite/bytecode.py
import compress  # this folder's lite/compress.py
import visitors  # this folder's lite/visitors.py

import build  # this folder's lite/build.py
from build import BUILD, CACHE, HERE, ROOT, die, run, say

OUT = build.OUT / "lessons"
ENV = BUILD / "voici-env"
ENV_PY = ENV / "bin" / "python"
STAGE = BUILD / "lite-lessons-stage"
LESSONS = ROOT / "notebooks" / "lessons"
CHECK = HERE / "check-this-browser.ipynb"
"""A page that shows a game, a slider and a chart: does this browser run the lessons?"""
PY312 = HERE / "requirements-py312.txt"
STAMP_NAME = ".goldlab-lite-lessons-inputs"

TOOLS = (
    "voici-core==0.9.0",  # 0.10 with the 0.7 kernels never starts a kernel (docs/lite.md)
    "jupyterlite-core==0.6.4",
    "jupyterlite-pyodide-kernel==0.6.1",
    "anywidget==0.11.0",
    "ipywidgets==8.1.5",
    "jupyterlab_widgets==3.0.13",
    "altair==6.3.0",  # the chart widget's JavaScript, bundled offline: the kernel's Altair
    "vl-convert-python==1.9.0.post1",
    "packaging>=24",
)
PYODIDE = "pyodide@0.27.6"
"""The Pyodide the kernel 0.6.1 expects (Python 3.12.7)."""
ENVIRONMENT = {**build.ENVIRONMENT, "python_version": "3.12", "python_full_version": "3.12.7"}
GOLDLAB_NEEDS = (*build.GOLDLAB_NEEDS, "altair", "vl-convert-python")
"""What ``import goldlab`` loads with it in a lesson page: the lessons draw charts with
Altair (imported by goldlab, not by a cell, so the kernel would not see it coming)."""
STUBS = ("ssl", "sqlite3")
KERNEL_PACKAGES = ("micropip", "ssl", "sqlite3", "comm", "jedi", "ipython")
"""What the Pyodide kernel installs as it starts (micropip, then the rest one by one, each a
round of micropip): listed in its ``loadPyodideOptions``, Pyodide loads them in one go."""
FOREIGN_TAG = re.compile(r"""[ \t]*<(?:link|script)\b[^>]*\b(?:href|src)=["']?(?:https?:)?//"""
                         r"""[^>]*>(?:\s*</script>)?[ \t]*\n?""", re.IGNORECASE)
"""A stylesheet or script tag that loads from another host (Voila's Font Awesome links)."""
MERMAID = re.compile(r"""[ \t]*<script type="module">(?:(?!</script>).)*?import\(["']https://"""
                     r"""cdnjs\.cloudflare\.com/ajax/libs/mermaid/(?:(?!</script>).)*</script>\n?""",
                     re.DOTALL)
"""nbconvert's loader of Mermaid diagrams from a CDN (no lesson draws one)."""
FOREIGN_LOAD = re.compile(r"""<(?:link|script|img|iframe)\b[^>]*\b(?:href|src)=["']?"""
                          r"""(?:https?:)?//|import\(\s*["'](?:https?:)?//"""
                          r"""|url\(\s*["']?(?:https?:)?//""", re.IGNORECASE)
"""What would load from another host: checked for in every page after the mending."""
ROOT_RELATIVE = re.compile(r"""("(?:pyodideUrl|pipliteUrls)":\s*\[?\s*")\./""")
"""The kernel's two URLs Voici writes relative to the site's root (not to the page)."""
LESSON_LINK = re.compile(r"""(href=["'])((?:\./)?[\w.-]+)\.ipynb(["'#])""")


def inputs_digest() -> str:
    """sha256 of everything the pages are built from: sources, lessons, this folder, pins."""
    files = [*build.input_files(LESSONS, lite=build.LESSONS_ONLY), visitors.PLAY_TABLE]
    return build.digest_of((*TOOLS, PYODIDE, build.MARKUPSAFE), files)


def up_to_date() -> bool:
    stamp = OUT / STAMP_NAME
    return stamp.is_file() and stamp.read_text().strip() == inputs_digest()


# --------------------------------------------------------------------------- wheels


def requirements() -> Path:
    """lite/requirements.txt with each pin of lite/requirements-py312.txt in place of the
    pin of the same package, written into the cache."""
    def pins(path: Path) -> dict[str, str]:
        lines = (line.split("#", 1)[0].strip() for line in path.read_text().splitlines())
        return {build._normal(re.split(r"[=<>!~ ;\[]", line, maxsplit=1)[0]): line
                for line in lines if line}

    merged = {**pins(build.REQUIREMENTS), **pins(PY312)}
    text = "".join(f"{line}\n" for line in merged.values())
    target = CACHE / "requirements" / f"py312-{hashlib.sha256(text.encode()).hexdigest()[:12]}.txt"
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(text)
    return target


def _write_wheel(into: Path, name: str, version: str, files: dict[str, bytes]) -> Path:
    """A pure wheel of `files` (path in the wheel: content), with its dist-info."""
    dist = f"{name.replace('-', '_')}-{version}"
    info = f"{dist}.dist-info"
    files = {**files,
             f"{info}/METADATA": f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n"
                                 f"Summary: made by goldlab's lite/lessons.py\n".encode(),
             f"{info}/WHEEL": b"Wheel-Version: 1.0\nGenerator: goldlab lite/lessons.py\n"
                              b"Root-Is-Purelib: true\nTag: py3-none-any\n"}
    record = []
    for path, data in files.items():
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        record.append(f"{path},sha256={digest},{len(data)}")
    record.append(f"{info}/RECORD,,")
    files[f"{info}/RECORD"] = ("\n".join(record) + "\n").encode()
    wheel = into / f"{dist}-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w", zipfile.ZIP_DEFLATED) as zf:
        for path, data in files.items():
            zf.writestr(zipfile.ZipInfo(path, date_time=(1980, 1, 1, 0, 0, 0)), data,
                        zipfile.ZIP_DEFLATED)
    return wheel


def stub_wheels(into: Path) -> list[Path]:
    """``ssl`` and ``sqlite3``: names only (no module), so the kernel's first installs
    succeed offline; ``import ssl`` and ``import sqlite3`` fail in the pages."""
    return [_write_wheel(into, name, "1.0.0", {}) for name in STUBS]


VL_CONVERT_STAND_IN = '''\
"""vl-convert's stand-in in goldlab's lesson pages (made by goldlab's lite/lessons.py).

The real vl-convert is compiled Rust and cannot run in the browser.  All a page needs of
it is the JavaScript bundle of Altair's chart widget (``alt.JupyterChart.enable_offline()``
asks for it), which vl-convert made when the site was built: this returns it, for the
snippet it was made from, and has nothing else.
"""

import hashlib
from pathlib import Path

SNIPPET_SHA256 = {snippet!r}
VL_VERSION = {vl_version!r}


def javascript_bundle(snippet, vl_version=None):
    """The bundle of Altair's chart widget, made when the site was built."""
    if hashlib.sha256(snippet.encode()).hexdigest() != SNIPPET_SHA256:
        raise ValueError("this page's vl_convert has only the bundle of Altair's JupyterChart")
    if vl_version not in (None, VL_VERSION):
        raise ValueError(f"the bundle was made for Vega-Lite {{VL_VERSION}}, not {{vl_version}}")
    return (Path(__file__).parent / "bundle.js").read_text(encoding="utf-8")


def __getattr__(name):
    raise AttributeError(
        f"vl_convert.{{name}} is not in the browser: this page has only javascript_bundle, "
        "for Altair's chart widget (vl-convert is compiled Rust: not for Pyodide)")
'''


def vl_convert_stand_in(into: Path) -> Path:
    """The wheel ``vl-convert-python`` (the version Altair asks for) whose ``vl_convert``
    returns Altair's chart widget bundled here by the real vl-convert (this environment's)."""
    import altair as alt
    import vl_convert as vlc

    asked: dict[str, str] = {}
    real = vlc.javascript_bundle

    def bundle(snippet: str, vl_version: str | None = None) -> str:
        asked.update(snippet=snippet, vl_version=vl_version or "")
        return str(real(snippet, vl_version=vl_version))

    vlc.javascript_bundle = bundle
    try:
        alt.JupyterChart.enable_offline()
    finally:
        vlc.javascript_bundle = real
    if not asked:
        die("Altair did not ask vl-convert for its bundle")
    source = VL_CONVERT_STAND_IN.format(
        snippet=hashlib.sha256(asked["snippet"].encode()).hexdigest(),
        vl_version=asked["vl_version"] or None)
    version = importlib.metadata.version("vl-convert-python")
    return _write_wheel(into, "vl-convert-python", version, {
        "vl_convert/__init__.py": source.encode(),
        "vl_convert/bundle.js": alt.JupyterChart._esm.encode(),
    })


# --------------------------------------------------------------------------- notebooks


def student_notebooks(into: Path) -> list[Path]:
    """The student version of every lesson (and the index) in `into`, and the check page.

    goldlab.lessons.student is loaded from its file (it needs only nbconvert, which Voici
    brings): importing it as part of goldlab would import goldlab and what its lessons
    need, which this build environment does not have.
    """
    spec = importlib.util.spec_from_file_location(
        "goldlab_lessons_student", ROOT / "goldlab" / "lessons" / "student.py")
    assert spec is not None and spec.loader is not None
    student = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(student)
    written: list[Path] = student.write_student_versions(into, LESSONS)
    shutil.copy2(CHECK, into / CHECK.name)
    return [*written, into / CHECK.name]


def mend_pages(site: Path) -> None:
    """Make every page of `site` load only from the site, wherever the site is served."""
    for page in (site / "voici").rglob("*.html"):
        text = page.read_text(encoding="utf-8")
        up = "../" * (len(page.relative_to(site).parts) - 1)
        mended = ROOT_RELATIVE.sub(rf"\g<1>{up}", text)
        mended = MERMAID.sub("", FOREIGN_TAG.sub("", mended))
        if page.parent.name == "render":  # [1. Flip the odds](1-flip-the-odds.ipynb)
            mended = LESSON_LINK.sub(r"\1\2.html\3", mended)
            mended = visitors.first_screen(mended)  # prose and "Python is starting" at once
        if mended != text:
            page.write_text(mended, encoding="utf-8")
    left = [f"{p.relative_to(site)}: {m.group(0).strip()[:80]}"
            for p in site.rglob("*.html")
            for m in FOREIGN_LOAD.finditer(p.read_text(encoding="utf-8"))]
    if left:
        die(f"pages still load from other hosts: {left}")


# --------------------------------------------------------------------------- the site


def stage(pyodide: Path, wheels: list[Path], digest: str) -> None:
    """The lite dir voici builds from: static/pyodide and the config (the browser storage
    named after `digest`, the build's inputs)."""
    static = STAGE / "static" / "pyodide"
    static.mkdir(parents=True)
    for path in pyodide.iterdir():
        if path.name in build.SKIP_FROM_PYODIDE or path.suffix in (".map", ".ts"):
            continue
        shutil.copy2(path, static / path.name)
    build.write_lock(pyodide, wheels, static, ENVIRONMENT, GOLDLAB_NEEDS)
    config = {"jupyter-lite-schema-version": 0, "jupyter-config-data": {
        "appName": "goldlab lessons",
        **visitors.storage_names("lessons", digest),  # a republished site: new ones
        "litePluginSettings": {build.KERNEL_PLUGIN: {
            "disablePyPIFallback": True,
            # loaded in one go as Pyodide starts, not one install after the other
            "loadPyodideOptions": {"packages": list(KERNEL_PACKAGES)},
        }},
    }}
    (STAGE / "jupyter-lite.json").write_text(json.dumps(config, indent=1))


def build_pages(force: bool = False) -> Path:
    """Build build/lite/lessons/ unless a build of the same inputs is there; return it."""
    if not force and up_to_date():
        say(f"{OUT.relative_to(ROOT)}/ is up to date (same inputs): reusing it")
        return OUT
    started = time.monotonic()
    build.ensure_env(ENV, TOOLS)
    if Path(sys.prefix).resolve() != ENV.resolve():  # the rest runs in the build env
        run([str(ENV_PY), str(Path(__file__).resolve()), "--in-env"])
        say(f"built {OUT.relative_to(ROOT)}/ in {time.monotonic() - started:.0f} s "
            f"({build.site_size(OUT) / 2**20:.0f} MiB)")
        return OUT
    digest = inputs_digest()
    pyodide = build.fetch_pyodide(PYODIDE)
    shutil.rmtree(STAGE, ignore_errors=True)
    STAGE.mkdir(parents=True)
    made = STAGE.parent / "lite-lessons-wheels"
    shutil.rmtree(made, ignore_errors=True)
    made.mkdir()
    wheels = [*build.fetch_wheels(requirements(), python="3.12"),
              build.build_goldlab_wheel(made), *stub_wheels(made), vl_convert_stand_in(made)]
    wheels = bytecode.precompiled(wheels, pyodide, CACHE / "bytecode", say=say)
    try:
        stage(pyodide, wheels, digest)
    finally:
        shutil.rmtree(made)
    contents = STAGE.parent / "lite-lessons-contents"
    shutil.rmtree(contents, ignore_errors=True)
    student_notebooks(contents)
    visitors.play_notebooks(contents)  # the play table and a page per game
    partial = BUILD / "lite-lessons.partial"
    shutil.rmtree(partial, ignore_errors=True)
    log = BUILD / "lite-lessons-build.log"
    say(f"voici build of the student lessons (log: {log.relative_to(ROOT)})")
    with log.open("wb") as out:
        run([str(ENV / "bin" / "voici"), "build", "--contents", str(contents),
             "--output-dir", str(partial), "--no-sourcemaps"],
            stdout=out, stderr=subprocess.STDOUT, cwd=STAGE,  # it finds static/pyodide there
            env=dict(os.environ, JUPYTER_PLATFORM_DIRS="1", PYTHONWARNINGS="ignore"))
    mend_pages(partial)
    say(f"{compress.precompress(partial)}")  # <file>.gz for servers (lite/compress.py)
    (partial / STAMP_NAME).write_text(digest + "\n")
    shutil.rmtree(OUT, ignore_errors=True)
    partial.rename(OUT)
    shutil.rmtree(STAGE)
    shutil.rmtree(contents)
    return OUT


if __name__ == "__main__":
    if "--in-env" in sys.argv[1:]:
        build_pages(force=True)
    else:
        die("run `python3 dev.py lite` (lite/build.py builds the demo, then these pages)")
