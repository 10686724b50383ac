"""The architecture holds: the server's domains import each other only through their public API, the server's
top level stays small, and no module grows past about 600 lines without saying why.

The layers and the absence of import circles are import-linter's contracts (``[tool.importlinter]`` in
pyproject.toml, run by ``make test``); this file checks them too, and what import-linter cannot express.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import grimp
import pytest

SRC = Path(__file__).resolve().parents[1] / "src" / "hellenika"
SERVER = SRC / "server"
#: The server's domain packages: each exposes what others may use in its ``__init__.py``.
DOMAINS = ("tables", "people", "chat", "notify", "round", "replays", "lobby", "learn", "mod")
#: Modules longer than this say why in their docstring ("... is long because ...").
MAX_LINES = 600


@pytest.fixture(scope="module")
def graph() -> grimp.ImportGraph:
    return grimp.build_graph("hellenika", cache_dir=None)


def _domain(module: str) -> str | None:
    parts = module.split(".")
    if len(parts) > 2 and parts[:2] == ["hellenika", "server"] and parts[2] in DOMAINS:
        return parts[2]
    return None


def test_the_import_contracts_are_kept() -> None:
    lint = Path(sys.executable).with_name("lint-imports")
    result = subprocess.run([str(lint)], capture_output=True, text=True, cwd=SRC.parents[1], check=False)
    assert result.returncode == 0, result.stdout + result.stderr


def test_domains_use_each_other_only_through_their_public_api(graph: grimp.ImportGraph) -> None:
    wrong = []
    for importer in sorted(graph.find_descendants("hellenika.server")):
        here = _domain(importer)
        if here is None:
            continue
        for imported in graph.find_modules_directly_imported_by(importer):
            there = _domain(imported)
            if there is not None and there != here and imported != f"hellenika.server.{there}":
                wrong.append(f"{importer} -> {imported}")
    assert not wrong, "import the domain's package, not its modules:\n" + "\n".join(wrong)


def test_a_domain_imports_its_own_modules_directly(graph: grimp.ImportGraph) -> None:
    """A module importing its own package's ``__init__`` would see it half-built while the package loads."""
    wrong = [
        f"{importer} -> {imported}"
        for importer in sorted(graph.find_descendants("hellenika.server"))
        for imported in graph.find_modules_directly_imported_by(importer)
        if _domain(importer) is not None and imported == f"hellenika.server.{_domain(importer)}"
    ]
    assert not wrong


def test_the_server_top_level_stays_small() -> None:
    modules = [p.name for p in SERVER.glob("*.py") if p.name != "__init__.py"]
    assert len(modules) <= 10, modules
    packages = {p.name for p in SERVER.iterdir() if (p / "__init__.py").exists()}
    assert set(DOMAINS) <= packages


def test_modules_say_why_they_are_long() -> None:
    long = []
    for path in sorted(SRC.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        if text.count("\n") <= MAX_LINES:
            continue
        docstring = ast.get_docstring(ast.parse(text)) or ""
        if "is long because" not in " ".join(docstring.split()):
            long.append(f"{path.relative_to(SRC)}: {text.count(chr(10))} lines")
    assert not long, "split these, or say in the docstring why each is long:\n" + "\n".join(long)


def test_sources_do_not_name_the_issues_that_asked_for_them() -> None:
    """Docstrings and comments say what and why; which issue asked is in the history, not the code."""
    named = []
    for path in sorted(SRC.rglob("*")):
        if path.suffix in (".py", ".js", ".css", ".html", ".md", ".toml"):
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                words = line.lower()
                if "issue " in words and any(f"issue {d}" in words for d in "0123456789"):
                    named.append(f"{path.relative_to(SRC)}:{number}: {line.strip()}")
    assert not named, "\n".join(named)
