#!/usr/bin/env python3
"""A plain Python replay of Toguz Kumalak records: the yardstick of docs/performance.md's
performance section ("per game, against a plain Python replay").

It does what `tgn check --game toguz-kumalak` does for a valid PlayOK record, the
straightforward way: reads each game's movetext, sows every move (R1-R9), checks the
landing digit, the tuzdyk mark and the kazan count, and stops at the end rules (R10,
R11). No error messages, no diagnostics: it only counts games and plies, and says
how long it took.

    python3 scripts/toguz-replay.py archive.pgn
"""

import re
import sys
import time

TOKEN = re.compile(r"^([1-9])([1-9])?([Xxх])?(?:\((\d+)\))?$")
RESULTS = {"1-0", "0-1", "1/2-1/2", "*"}


def games(path):
    """The movetext of every game, as a list of words."""
    words = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.startswith("["):
                if words:
                    yield words
                    words = []
                continue
            line = re.sub(r"\{[^}]*\}", " ", line)
            words.extend(line.split())
    if words:
        yield words


def replay(words):
    """Replays one game; gives its plies, or raises ValueError on a bad move."""
    pits = [9] * 18  # S1..S9 N1..N9
    kazans = [0, 0]
    tuzdyks = [None, None]  # each side's tuzdyk: an index into the opponent's row
    side = 0
    plies = 0
    for word in words:
        if word in RESULTS or word.endswith("."):
            continue
        match = TOKEN.match(word)
        if not match:
            raise ValueError(f"notation: {word}")
        pit, landing, mark, kazan = match.groups()
        start = side * 9 + int(pit) - 1
        if pits[start] == 0 or start in tuzdyks:
            raise ValueError(f"illegal: {word}")
        stones = pits[start]
        pits[start] = 0
        at = start if stones > 1 else (start + 1) % 18
        for _ in range(stones):
            pits[at] += 1
            last = at
            at = (at + 1) % 18
        for owner in (0, 1):
            if tuzdyks[owner] is not None:
                kazans[owner] += pits[tuzdyks[owner]]
                pits[tuzdyks[owner]] = 0
        made_tuzdyk = False
        if last // 9 != side and last not in tuzdyks:
            count = pits[last]
            if count % 2 == 0:
                kazans[side] += count
                pits[last] = 0
            elif (
                count == 3
                and tuzdyks[side] is None
                and last % 9 != 8
                and (tuzdyks[1 - side] is None or tuzdyks[1 - side] % 9 != last % 9)
            ):
                tuzdyks[side] = last
                kazans[side] += 3
                pits[last] = 0
                made_tuzdyk = True
        if landing and int(landing) != last % 9 + 1:
            raise ValueError(f"wrong landing: {word}")
        if mark and not made_tuzdyk:
            raise ValueError(f"wrong tuzdyk mark: {word}")
        if kazan and int(kazan) != kazans[side]:
            raise ValueError(f"wrong kazan: {word}")
        plies += 1
        side = 1 - side
        if max(kazans) >= 82:
            break
        if not any(pits[side * 9 : side * 9 + 9]):
            kazans[1 - side] += sum(pits[(1 - side) * 9 : (1 - side) * 9 + 9])
            break
    return plies


def main():
    started = time.perf_counter()
    count = plies = 0
    for words in games(sys.argv[1]):
        plies += replay(words)
        count += 1
    seconds = time.perf_counter() - started
    print(f"{count} games, {plies} plies in {seconds:.2f} s: {seconds / count * 1e6:.0f} µs a game")


if __name__ == "__main__":
    main()
