"""What the Python suite shares: the repository, its shipped records, and the CLI it
holds the package to (TGN_BIN, set by tests/python.rs to the tgn binary cargo built)."""

import json
import os
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
RECORDS = REPO / "records"


def cli_binary():
    given = os.environ.get("TGN_BIN")
    if given:
        return given
    for profile in ("debug", "python", "release"):
        candidate = REPO / "target" / profile / "tgn"
        if candidate.exists():
            return str(candidate)
    return None


@pytest.fixture(scope="session")
def tgn_cli():
    """Runs the tgn CLI, giving its standard output (its exit status is the verdict
    on the records, 1 when some are invalid, which these tests read)."""
    binary = cli_binary()
    if binary is None:
        pytest.fail("no tgn binary: set TGN_BIN (tests/python.rs does) or cargo build")

    def run(*args):
        done = subprocess.run(
            [binary, *map(str, args)], capture_output=True, text=True, cwd=REPO
        )
        assert done.returncode in (0, 1), done.stderr
        return done.stdout

    return run


@pytest.fixture(scope="session")
def cli_games(tgn_cli):
    """Every shipped game as `tgn convert --to jsonl records` writes it."""
    return [json.loads(line) for line in tgn_cli("convert", "--to", "jsonl", "records").splitlines()]


@pytest.fixture(scope="session")
def games():
    """Every shipped game as tgn.read_games reads it (paths as the CLI is given them)."""
    import tgn

    cwd = os.getcwd()
    os.chdir(REPO)
    try:
        return list(tgn.read_games("records"))
    finally:
        os.chdir(cwd)
