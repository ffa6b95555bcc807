"""docs/python.md and the README's Python example run as written: its tour's blocks in order, in one namespace, from
the repository's root; a block with a title (```python title=shards.py) as that
script, with this Python."""

import re
import subprocess
import sys

from conftest import REPO

BLOCK = re.compile(r"^```python( title=(\S+))?\n(.*?)^```", re.S | re.M)


def blocks(document="docs/python.md"):
    return BLOCK.findall((REPO / document).read_text(encoding="utf-8"))


def test_the_readme_example_runs_as_written(monkeypatch, capsys):
    monkeypatch.chdir(REPO)
    examples = blocks("README.md")
    assert examples
    for _, _, code in examples:
        exec(compile(code, "README.md", "exec"), {"__name__": "readme"})
    assert "toguz-kumalak True" in capsys.readouterr().out


def test_the_tour_runs_as_written(monkeypatch, capsys):
    monkeypatch.chdir(REPO)
    namespace = {"__name__": "tour"}
    tour = [code for _, title, code in blocks() if not title]
    assert len(tour) >= 8
    for code in tour:
        exec(compile(code, "docs/python.md", "exec"), namespace)
    assert "South" not in capsys.readouterr().err


def test_the_scripts_run_as_written(tmp_path):
    scripts = [(title, code) for _, title, code in blocks() if title]
    assert scripts
    for title, code in scripts:
        script = tmp_path / title
        script.write_text(code, encoding="utf-8")
        done = subprocess.run(
            [sys.executable, str(script)], cwd=REPO, capture_output=True, text=True, timeout=600
        )
        assert done.returncode == 0, done.stderr
        assert done.stdout.strip(), title
