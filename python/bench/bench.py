#!/usr/bin/env python3
"""How fast the Python package reads an archive (issue 38): the loop

    for g in tgn.read_games(archive): g.valid

against `tgn check` on the same archive (the release binary), and against the plain
Python replay of scripts/toguz-replay.py. Prints the three times and the ratios; the
issue asks for at most 2x tgn check and at least 50x faster than plain Python.

    python python/bench/bench.py [ARCHIVE] [--tgn target/release/tgn] [--runs 10]

ARCHIVE defaults to PlayOK's (../shared/data/toguz/playok-2025.pgn beside the
repository); it is read as Toguz Kumalak (its records name no game).
"""

import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path

import tgn

REPO = Path(__file__).resolve().parents[2]


def timed(run, runs):
    """The median and the best of `runs` runs of `run`, in seconds."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return statistics.median(times), min(times)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "archive", nargs="?", default=REPO.parent / "shared/data/toguz/playok-2025.pgn"
    )
    parser.add_argument("--tgn", default=REPO / "target/release/tgn")
    parser.add_argument("--runs", type=int, default=10)
    args = parser.parse_args()
    archive = str(args.archive)

    def python_loop():
        games = 0
        for g in tgn.read_games(archive, game="toguz-kumalak"):
            _ = g.valid  # the attribute read, as a loop over games would
            games += 1
        return games

    def check():
        subprocess.run(
            [str(args.tgn), "check", "--quiet", "--game", "toguz-kumalak", archive],
            stdout=subprocess.DEVNULL,
            check=False,
        )

    def plain_python():
        subprocess.run(
            [sys.executable, str(REPO / "scripts/toguz-replay.py"), archive],
            stdout=subprocess.DEVNULL,
            check=True,
        )

    games = python_loop()
    loop, loop_best = timed(python_loop, args.runs)
    cli, cli_best = timed(check, args.runs)
    plain, plain_best = timed(plain_python, max(1, args.runs // 5))
    print(f"{games} games of {archive}; median (best) of {args.runs} runs")
    print(f"  python loop (g.valid) {loop * 1000:8.1f} ms ({loop_best * 1000:.1f})")
    print(f"  tgn check             {cli * 1000:8.1f} ms ({cli_best * 1000:.1f})")
    print(f"  scripts/toguz-replay  {plain * 1000:8.1f} ms ({plain_best * 1000:.1f})")
    print(f"  python loop / tgn check:     {loop / cli:5.2f}x (issue 38: at most 2x)")
    print(f"  plain Python / python loop: {plain / loop:6.1f}x (issue 38: at least 50x)")


if __name__ == "__main__":
    main()
