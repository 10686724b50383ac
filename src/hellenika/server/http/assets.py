"""The static files, cached by browsers without ever being stale: one content hash names the whole tree.

Every page's ES modules import each other by relative URLs (``import ... from "./api.js"``), so a version on
the entry script alone would not version what it imports. The pages therefore load everything under one
versioned prefix, ``/static/v/<hash>/``, where ``<hash>`` is the SHA-256 of every asset's content (JS, CSS,
images and fonts; not the HTML pages, which are served at their own addresses, nor the generated fixtures).
A module at ``/static/v/<hash>/js/shell/table.js`` resolves ``./api.js`` to ``/static/v/<hash>/js/shell/
api.js``: the same version of the tree, whatever the page imports, statically or dynamically (the boards).

- ``/static/v/<hash>/<path>``: when ``<hash>`` is the current tree's and the file is the one that was hashed,
  ``Cache-Control: public, max-age=31536000, immutable``: a repeat visit asks for none of them. Any change
  to any asset changes the hash, so the pages (never cached without asking, below) name new URLs at once.
  A URL with another hash (a page loaded before the files changed, or a made-up one) still gets the current
  file but with ``no-cache``, so a browser never keeps under an immutable URL what that URL did not name.
- ``/static/<path>`` (the address people and tests may type, the preview page): a strong ETag (the file's
  SHA-256) and ``Cache-Control: no-cache``: the browser asks every time and gets 304 while it is unchanged.
- The HTML pages (``pages.py``): their ``/static/`` URLs rewritten to the versioned prefix, a
  ``<link rel="modulepreload">`` for every module of the page's static import graph (parsed from the files'
  ``import``/``export ... from`` statements) and, on a table or replay page, for the game's board modules
  (the server knows the game from the address), so the browser fetches the whole graph at once instead of
  discovering it one import level after another; ``no-cache`` with an ETag of the page's bytes.

Files are read at request time (no restart after an edit): every page request checks the tree's files by
``stat`` (mtime, size, inode) and rehashes only those that changed; a versioned request re-checks the tree
when its hash or its file's hash does not match. The hash depends on contents only, so every process of a
cluster (and every machine) names the same URLs.
"""

from __future__ import annotations

import hashlib
import mimetypes
import os
import posixpath
import re
import threading
from dataclasses import dataclass, field
from pathlib import Path

from starlette.datastructures import Headers
from starlette.exceptions import HTTPException
from starlette.responses import Response
from starlette.types import Receive, Scope, Send

#: The prefix of versioned URLs (under the ``/static`` mount).
VERSIONED = "v"
#: What a versioned URL's file is cached with when it is the current tree's.
IMMUTABLE = "public, max-age=31536000, immutable"
#: Everything else the browser may keep but must ask about first (answered 304 while unchanged).
REVALIDATE = "no-cache"
#: The kinds of files the tree's hash covers (what pages load).
HASHED_SUFFIXES = frozenset(
    {".js", ".mjs", ".css", ".svg", ".png", ".jpg", ".jpeg", ".gif", ".webp", ".ico", ".woff", ".woff2"}
)
#: Folders under ``static/`` that are not the site's assets (generated test fixtures).
SKIPPED_DIRS = frozenset({"fixtures"})
HASH_LENGTH = 16
_HASH_RE = re.compile(rf"^[0-9a-f]{{{HASH_LENGTH}}}$")
#: ``import x from "./a.js"``, ``export {y} from "../b.js"``, ``import "./c.js"`` (not ``import(...)``).
_IMPORT_RE = re.compile(r"""(?:\bfrom\s*|\bimport\s*)["']([^"'\n]+)["']""")
MEDIA_TYPES = {
    ".js": "text/javascript",
    ".mjs": "text/javascript",
    ".css": "text/css",
    ".json": "application/json",
}


def media_type(path: str) -> str:
    suffix = posixpath.splitext(path)[1].lower()
    kind = MEDIA_TYPES.get(suffix) or mimetypes.guess_type(path)[0] or "application/octet-stream"
    if kind.startswith("text/") or kind in ("application/json", "image/svg+xml"):
        kind += "; charset=utf-8"
    return kind


@dataclass(frozen=True)
class Asset:
    """One file as read: its bytes, its SHA-256 (hex) and the stat signature it was read at."""

    body: bytes
    sha: str
    signature: tuple[int, int, int]

    @property
    def etag(self) -> str:
        return f'"{self.sha[:32]}"'


@dataclass(frozen=True)
class Tree:
    """The assets' hashes at one moment, the tree's version, and the JS import graph."""

    files: dict[str, str]  # relative path -> SHA-256
    version: str
    imports: dict[str, tuple[str, ...]] = field(default_factory=dict)  # module -> the modules it imports

    def closure(self, entry: str) -> list[str]:
        """``entry`` and every module it imports, directly or not, in a stable order (entry first)."""
        seen: dict[str, None] = {}
        stack = [entry]
        while stack:
            module = stack.pop(0)
            if module in seen or module not in self.files:
                continue
            seen[module] = None
            stack.extend(self.imports.get(module, ()))
        return list(seen)


def parse_imports(module: str, source: bytes) -> tuple[str, ...]:
    """The static imports of a module, as paths relative to ``static/`` (bare names and URLs skipped)."""
    found: list[str] = []
    text = source.decode("utf-8", "replace")
    base = posixpath.dirname(module)
    for spec in _IMPORT_RE.findall(text):
        if spec.startswith(("./", "../")):
            path = posixpath.normpath(posixpath.join(base, spec))
        elif spec.startswith("/static/"):
            path = spec.removeprefix("/static/")
        else:
            continue
        if not path.startswith("../") and path not in found:
            found.append(path)
    return tuple(found)


def _safe_relative(path: str) -> str | None:
    """``path`` (from a URL) as a relative path inside the tree, or None for anything that could leave it."""
    parts = path.split("/")
    if not parts or any(p in ("", ".", "..") or "\\" in p or "\x00" in p for p in parts):
        return None
    return "/".join(parts)


class Assets:
    """The static folder: files read (and hashed) at request time, the tree's version, the import graph."""

    def __init__(self, directory: Path) -> None:
        self.directory = Path(directory)
        self._lock = threading.Lock()
        self._files: dict[str, Asset] = {}
        self._imports: dict[str, tuple[str, tuple[str, ...]]] = {}  # module -> (sha, imports)
        self._tree: Tree | None = None

    # --- files ------------------------------------------------------------------------------------------

    def read(self, relative: str) -> Asset | None:
        """The current content of ``static/<relative>`` (a regular file inside the folder), or None."""
        path = self.directory / relative
        try:
            stat = path.stat()
        except (OSError, ValueError):
            return None
        if not path.is_file():
            return None
        signature = (stat.st_mtime_ns, stat.st_size, stat.st_ino)
        cached = self._files.get(relative)
        if cached is not None and cached.signature == signature:
            return cached
        try:
            real = path.resolve(strict=True)
            if not real.is_relative_to(self.directory.resolve()):
                return None  # a link out of the folder
            body = real.read_bytes()
        except OSError:
            return None
        asset = Asset(body, hashlib.sha256(body).hexdigest(), signature)
        with self._lock:
            self._files[relative] = asset
        return asset

    # --- the tree ---------------------------------------------------------------------------------------

    def tree(self, *, refresh: bool = True) -> Tree:
        """The tree's hashes now (``refresh``: check every file's stat; otherwise the last scan's)."""
        if self._tree is not None and not refresh:
            return self._tree
        files: dict[str, str] = {}
        for root, dirs, names in os.walk(self.directory):
            rel_root = os.path.relpath(root, self.directory).replace(os.sep, "/")
            rel_root = "" if rel_root == "." else rel_root + "/"
            dirs[:] = sorted(d for d in dirs if not d.startswith(".") and (rel_root or d not in SKIPPED_DIRS))
            for name in sorted(names):
                if name.startswith(".") or posixpath.splitext(name)[1].lower() not in HASHED_SUFFIXES:
                    continue
                asset = self.read(rel_root + name)
                if asset is not None:
                    files[rel_root + name] = asset.sha
        previous = self._tree
        if previous is not None and previous.files == files:
            return previous
        digest = hashlib.sha256("\n".join(f"{p} {h}" for p, h in sorted(files.items())).encode()).hexdigest()
        imports: dict[str, tuple[str, ...]] = {}
        for path, sha in files.items():
            if not path.endswith((".js", ".mjs")):
                continue
            known = self._imports.get(path)
            if known is None or known[0] != sha:
                asset = self.read(path)
                known = (sha, parse_imports(path, asset.body if asset else b""))
                self._imports[path] = known
            imports[path] = known[1]
        tree = Tree(files, digest[:HASH_LENGTH], imports)
        with self._lock:
            self._tree = tree
        return tree

    def url(self, tree: Tree, relative: str) -> str:
        return f"/static/{VERSIONED}/{tree.version}/{relative}"

    # --- the ASGI app mounted at /static ----------------------------------------------------------------

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":  # pragma: no cover - mounted for HTTP only
            raise HTTPException(404)
        if scope["method"] not in ("GET", "HEAD"):
            raise HTTPException(405, headers={"Allow": "GET, HEAD"})
        path = scope["path"]
        root = scope.get("root_path", "")
        if root and path.startswith(root):
            path = path[len(root) :]
        response = self.respond(path.lstrip("/"), Headers(scope=scope))
        await response(scope, receive, send)

    def respond(self, path: str, request_headers: Headers) -> Response:
        """The answer for ``/static/<path>``: versioned (immutable when current) or plain (revalidated)."""
        cache = REVALIDATE
        head, _, rest = path.partition("/")
        if head == VERSIONED:
            version, _, relative_path = rest.partition("/")
            if not _HASH_RE.match(version):
                raise HTTPException(404)
            path = relative_path
        relative = _safe_relative(path)
        asset = self.read(relative) if relative is not None else None
        if relative is None or asset is None:
            raise HTTPException(404)
        if head == VERSIONED:
            tree = self.tree(refresh=False)
            if tree.version != version or tree.files.get(relative) != asset.sha:
                tree = self.tree()  # something changed since the last scan
            if tree.version == version and tree.files.get(relative) == asset.sha:
                cache = IMMUTABLE
        return self.answer(asset.body, asset.etag, media_type(relative), cache, request_headers)

    @staticmethod
    def answer(body: bytes, etag: str, kind: str, cache: str, request_headers: Headers) -> Response:
        """200 with the body, or 304 when the browser's copy (``If-None-Match``) is this one."""
        headers = {"etag": etag, "cache-control": cache}
        if_none_match = request_headers.get("if-none-match")
        if if_none_match is not None:
            tags = [t.strip().removeprefix("W/") for t in if_none_match.split(",")]
            if etag in tags or "*" in tags:
                return Response(status_code=304, headers=headers)
        return Response(body, media_type=kind, headers=headers)
