"""goldlab.classroom.static serves a built site with its precompressed copies (issue 44 §3),
and lite/compress.py writes those copies.

A small site in a temp folder: a large script (with its ``.gz`` written by
``lite/compress.py``), a wheel and a small page (no copy), a hashed bundle, a sub-folder with
its index, and a secret file beside the site that no URL may reach.  Requests go through
``http.client`` so that paths like ``/../`` reach the server as written.
"""

from __future__ import annotations

import gzip
import http.client
import importlib.util
import os
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from urllib.parse import urlsplit

import pytest

from goldlab.classroom.static import accepts_gzip, serve_site

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ("function play(card) { return card.colour + ' ' + card.value; }\n" * 400).encode()
SECRET = b"the teacher's answers"


def load_compress() -> ModuleType:
    """lite/compress.py, loaded from its file (lite/ is a folder of build scripts)."""
    spec = importlib.util.spec_from_file_location("lite_compress", ROOT / "lite" / "compress.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclass looks itself up there
    spec.loader.exec_module(module)
    return module


compress = load_compress()


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("static")
    (root / "secret.txt").write_bytes(SECRET)
    site = root / "site"
    (site / "sub").mkdir(parents=True)
    (site / "app.js").write_bytes(SCRIPT)
    (site / "jlab_core.8f86ffc.js").write_bytes(SCRIPT)
    (site / "pyodide.asm.wasm").write_bytes(b"\0asm" + bytes(4000))
    (site / "goldlab-0.1.0-py3-none-any.whl").write_bytes(SCRIPT)  # a wheel is a zip already
    (site / "index.html").write_text("<h1>goldlab</h1>")  # small: sent as it is
    (site / "sub" / "index.html").write_bytes(b"<p>lessons</p>" * 200)
    (site / "out").symlink_to(root / "secret.txt")
    done = compress.precompress(site)
    assert done.files == 4, done  # app.js, the bundle, the wasm, sub/index.html
    return site


@pytest.fixture(scope="module")
def url(site: Path) -> Iterator[str]:
    with serve_site(site) as url:
        yield url


def get(url: str, path: str, **headers: str) -> http.client.HTTPResponse:
    """GET `path` exactly as written (no normalising of ``..``); the response, body read."""
    parts = urlsplit(url)
    connection = http.client.HTTPConnection(parts.hostname or "", parts.port, timeout=10)
    connection.request("GET", path, headers=headers)
    response = connection.getresponse()
    response.body = response.read()  # type: ignore[attr-defined]
    connection.close()
    return response


# --------------------------------------------------------------------------- compress


def test_compress_writes_gzip_copies_of_large_text_and_webassembly_only(site: Path) -> None:
    copy = site / "app.js.gz"
    assert gzip.decompress(copy.read_bytes()) == SCRIPT
    assert copy.stat().st_size < len(SCRIPT) / 5
    assert copy.stat().st_mtime_ns == (site / "app.js").stat().st_mtime_ns
    assert (site / "pyodide.asm.wasm.gz").is_file()
    assert not (site / "goldlab-0.1.0-py3-none-any.whl.gz").exists()  # zip already
    assert not (site / "index.html.gz").exists()  # too small to pay
    again = compress.precompress(site)  # a rebuild of unchanged files writes nothing
    assert (again.files, again.written) == (4, 0)
    assert compress.gzipped(SCRIPT) == copy.read_bytes()  # the same bytes every build


def test_compress_drops_a_copy_that_no_longer_pays(tmp_path: Path) -> None:
    (tmp_path / "a.js").write_bytes(SCRIPT)
    compress.precompress(tmp_path)
    (tmp_path / "a.js").write_bytes(os.urandom(len(SCRIPT)))  # incompressible now
    assert compress.precompress(tmp_path).files == 0
    assert not (tmp_path / "a.js.gz").exists()
    (tmp_path / "own.tar.gz").write_bytes(b"x")  # the site's own .gz, no original: kept
    compress.precompress(tmp_path)
    assert (tmp_path / "own.tar.gz").exists()


# --------------------------------------------------------------------------- the handler


def test_gzip_is_sent_to_a_browser_that_accepts_it(url: str) -> None:
    response = get(url, "/app.js", **{"Accept-Encoding": "gzip, deflate, br"})
    assert response.status == 200
    assert response.getheader("Content-Encoding") == "gzip"
    assert response.getheader("Content-Type") == "text/javascript"
    assert "Accept-Encoding" in (response.getheader("Vary") or "")
    assert gzip.decompress(response.body) == SCRIPT  # type: ignore[attr-defined]
    assert int(response.getheader("Content-Length") or 0) < len(SCRIPT) / 5
    wasm = get(url, "/pyodide.asm.wasm", **{"Accept-Encoding": "gzip"})
    assert wasm.getheader("Content-Type") == "application/wasm"
    assert wasm.getheader("Content-Encoding") == "gzip"


@pytest.mark.parametrize("accept", [None, "identity", "gzip;q=0", "br", "gzip;q=zero"])
def test_the_original_is_sent_otherwise(url: str, accept: str | None) -> None:
    headers = {} if accept is None else {"Accept-Encoding": accept}
    response = get(url, "/app.js", **headers)
    assert response.status == 200
    assert response.getheader("Content-Encoding") is None
    assert response.body == SCRIPT  # type: ignore[attr-defined]
    assert "Accept-Encoding" in (response.getheader("Vary") or "")


def test_accept_encoding_is_read_as_http_says() -> None:
    assert accepts_gzip("gzip")
    assert accepts_gzip("deflate, gzip;q=0.5")
    assert accepts_gzip("*")
    assert accepts_gzip("x-gzip")
    assert not accepts_gzip("*, gzip;q=0")
    assert not accepts_gzip("")
    assert not accepts_gzip("gzip" + ", x" * 1000)  # too long to read: the original


def test_a_second_visit_is_answered_304_with_no_body(url: str) -> None:
    for accept in ("gzip", "identity"):
        first = get(url, "/app.js", **{"Accept-Encoding": accept})
        etag = first.getheader("ETag")
        assert etag and first.getheader("Last-Modified")
        assert first.getheader("Cache-Control") == "no-cache"  # kept, checked each visit
        again = get(url, "/app.js", **{"Accept-Encoding": accept, "If-None-Match": etag})
        assert again.status == 304
        assert again.body == b""  # type: ignore[attr-defined]
    gzipped = get(url, "/app.js", **{"Accept-Encoding": "gzip"}).getheader("ETag")
    plain = get(url, "/app.js").getheader("ETag")
    assert gzipped != plain  # two representations, two tags
    changed = get(url, "/app.js", **{"If-None-Match": '"something-else"'})
    assert changed.status == 200


def test_hashed_bundles_are_kept_a_year(url: str) -> None:
    response = get(url, "/jlab_core.8f86ffc.js", **{"Accept-Encoding": "gzip"})
    assert response.getheader("Cache-Control") == "public, max-age=31536000, immutable"
    assert response.getheader("Content-Encoding") == "gzip"


def test_a_copy_older_than_its_original_is_not_sent(site: Path, url: str) -> None:
    page = site / "sub" / "index.html"
    os.utime(page, ns=(page.stat().st_atime_ns, page.stat().st_mtime_ns + 10**9))
    response = get(url, "/sub/", **{"Accept-Encoding": "gzip"})
    assert response.status == 200
    assert response.getheader("Content-Encoding") is None
    assert response.body == page.read_bytes()  # type: ignore[attr-defined]
    compress.precompress(site)
    assert get(url, "/sub/", **{"Accept-Encoding": "gzip"}).getheader("Content-Encoding") == "gzip"


def test_folders_give_their_index(url: str) -> None:
    assert get(url, "/").body == b"<h1>goldlab</h1>"  # type: ignore[attr-defined]
    redirect = get(url, "/sub")
    assert redirect.status == 301 and redirect.getheader("Location") == "/sub/"


@pytest.mark.parametrize("path", [
    "/../secret.txt", "/%2e%2e/secret.txt", "/%2E%2E/secret.txt", "/..%2fsecret.txt",
    "/sub/../../secret.txt", "/sub/%2e%2e/%2e%2e/secret.txt", "/out", "/out.gz",
    "/%2fetc/passwd", "//etc/passwd", "/sub/..%5c..%5csecret.txt",
])
def test_nothing_outside_the_site_is_served(url: str, path: str) -> None:
    for accept in ("gzip", "identity"):
        response = get(url, path, **{"Accept-Encoding": accept})
        assert response.status in (400, 403, 404), (path, response.status)
        assert SECRET not in response.body  # type: ignore[attr-defined]
        assert b"root:" not in response.body  # type: ignore[attr-defined]
