#!/usr/bin/env python3
"""A mutation fuzzer for the Python package's entry points that take user data (issue 57).

    fuzz/python.py [SECONDS] [--seed N]

Run with the virtualenv's python from the repository's root (fuzz/run does:
`fuzz/run SECONDS python`); stdlib only. The corpus is seeded from records/**/*.pgn:
the records as text, their games' JSON (`game.to_json()`), and positions (a game's
start, final position and every ply's position, each as "game-id\\nposition"). Each
input, mutated with random.Random(seed) (so a run is reproducible), goes to
`tgn.read_games` (a BytesIO, a StringIO, a temporary file), to `tgn.Game.from_json`
(the text, and its json.loads), and to `tgn.Position(first line, the rest)`; every
game read is walked (to_json, mainline, to_pgn, board, pickle) and every position
played (each legal move, mutated move texts), drawn and pictured.

A find is an exception other than tgn.TgnError, ValueError, TypeError or UnicodeError
(a pyo3 PanicException above all), a worker killed by a signal, an input that takes
more than TIMEOUT seconds (default 5) or more than RSS_MB of memory (default 1024,
RLIMIT_AS of the worker). The inputs run in one long-lived worker process (this
script with --worker), restarted when it dies or times out. Each find is written to
fuzz/artifacts/python/<kind>-<sha1 of input> (the input) and a .txt beside it (entry
point, exception, traceback); the exit status is 1 when there were finds.
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import io
import json
import os
import pickle
import random
import re
import resource
import select
import signal
import struct
import subprocess
import sys
import tempfile
import time
import traceback
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ARTIFACTS = ROOT / "fuzz" / "artifacts" / "python"
MAX_LEN = 65536
MAX_CORPUS = 4000
# Artifacts kept per distinct find (kind, entry point, exception type, message shape);
# every input is counted.
KEEP_PER_SIGNATURE = 3

# ---------------------------------------------------------------------------- worker

EXPECTED_NAMES = ("TgnError", "ValueError", "TypeError", "UnicodeError")


class Find(Exception):
    """An unexpected outcome of one call, reported to the parent."""


def worker(stage_path: str) -> None:
    """Take inputs (4-byte length, bytes) on stdin, answer (4-byte length, JSON) on
    the original stdout; fd 1 is pointed at stderr so nothing else can mix in."""
    rss_mb = int(os.environ.get("RSS_MB", "1024"))
    limit = rss_mb * 1024 * 1024
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    out = os.fdopen(os.dup(1), "wb", buffering=0)
    os.dup2(2, 1)
    sys.stdout = sys.stderr
    inp = sys.stdin.buffer
    stage_fd = os.open(stage_path, os.O_WRONLY | os.O_CREAT, 0o600)

    import tgn  # after the limit, so that the whole process is under it

    expected = (tgn.TgnError, ValueError, TypeError, UnicodeError)
    game_ids = sorted(tgn.games())

    while True:
        head = inp.read(4)
        if len(head) < 4:
            return
        (n,) = struct.unpack("<I", head)
        data = inp.read(n)
        result = run_input(tgn, expected, game_ids, data, stage_fd)
        body = json.dumps(result).encode()
        out.write(struct.pack("<I", len(body)) + body)


def run_input(tgn, expected, game_ids, data: bytes, stage_fd: int) -> dict:
    finds: list[dict] = []
    features: set[str] = set()
    rng = random.Random(hashlib.sha1(data).digest())
    text = data.decode("utf-8", "replace")

    def stage(name: str) -> None:
        os.pwrite(stage_fd, name.encode()[:250].ljust(256, b" "), 0)

    def call(entry: str, f, *args, **kwargs):
        """f(*args, **kwargs); None when it raised an expected error, which is
        recorded as a feature; an unexpected one is recorded as a find."""
        stage(entry)
        try:
            return f(*args, **kwargs)
        except expected as e:
            features.add(f"{entry}:{type(e).__name__}:{getattr(e, 'code', '')}:{getattr(e, 'rule', '')}")
            return None
        except BaseException as e:  # a PanicException is a BaseException
            if isinstance(e, (KeyboardInterrupt, SystemExit)):
                raise
            name = type(e).__name__
            kind = "panic" if name == "PanicException" else "oom" if name == "MemoryError" else "exception"
            finds.append(
                {
                    "kind": kind,
                    "entry": entry,
                    "type": f"{type(e).__module__}.{name}",
                    "message": str(e)[:2000],
                    "traceback": traceback.format_exc()[-6000:],
                }
            )
            return None

    def check(entry: str, ok: bool, message: str) -> None:
        if not ok:
            finds.append(
                {"kind": "mismatch", "entry": entry, "type": "mismatch", "message": message[:2000], "traceback": ""}
            )

    def mutate_move(move: str) -> str:
        choice = rng.randrange(8)
        if choice == 0:
            return move + rng.choice(["(", "x", "99999999999999999999", "\\", "\xff", "-", "+", "#", "!?"])
        if choice == 1:
            return move[: rng.randrange(len(move) + 1)]
        if choice == 2:
            return re.sub(r"\d+", lambda _: rng.choice(["0", "-1", "4294967296", "18446744073709551616"]), move)
        if choice == 3:
            return move * rng.randint(2, 50)
        if choice == 4:
            i = rng.randrange(len(move) + 1)
            return move[:i] + rng.choice(["(((((", "[[[[", "{", '"', " ", "\x00", "é", "\u0301"]) + move[i:]
        if choice == 5:
            return rng.choice(["", " ", "-", "x", "0", "O-O", "...", "a1", "*", "1-0", "--", "@", "\n"])
        if choice == 6 and move:
            i = rng.randrange(len(move))
            return move[:i] + chr(rng.randrange(32, 0x250)) + move[i + 1 :]
        return move.upper() if rng.random() < 0.5 else move.lower()

    walked: set = set()  # the same game or position, met again in the same input, is walked once

    def exercise_position(where: str, position, depth: int = 0) -> None:
        if position is None:
            return
        key = (call(f"{where}.game", getattr, position, "game"), call(f"{where}.str", str, position))
        if key in walked:
            return
        walked.add(key)
        for attr in ("game", "sides", "outcome", "to_move", "state"):
            call(f"{where}.{attr}", getattr, position, attr)
        call(f"{where}.str", str, position)
        moves = call(f"{where}.legal_moves", position.legal_moves) or []
        features.add(f"moves:{min(len(moves), 20)}")
        played = []
        # (A listed move may still be refused: "move not checked", a limit of tgn's search.)
        for move in moves[:40]:
            after = call(f"{where}.play(legal)", position.play, move)
            if after is not None:
                played.append(after)
        for _ in range(6):
            base = rng.choice(moves) if moves and rng.random() < 0.8 else rng.choice(["1", "a1-b2", "x", ""])
            call(f"{where}.play(mutated)", position.play, mutate_move(base))
        call(f"{where}.draw", position.draw)
        call(f"{where}.svg", position.svg)
        copy = call(f"{where}.pickle", lambda: pickle.loads(pickle.dumps(position)))
        if copy is not None:
            check(f"{where}.pickle", copy == position, f"pickle changes the position {str(position)!r}")
        # A few plies deeper, along a random line.
        if played and depth < 6:
            exercise_position(where, rng.choice(played), depth + 1)
        # Its string back through the constructor.
        if depth == 0:
            game = call(f"{where}.game", getattr, position, "game")
            s = call(f"{where}.str", str, position)
            if game is not None and s is not None:
                again = call("Position(game, str(position))", tgn.Position, game, s)
                if again is not None:
                    call("Position(str).legal_moves", again.legal_moves)

    def exercise_game(where: str, game) -> None:
        for attr in (
            "game", "file", "index", "sides", "tags", "valid", "plies", "errors", "warnings",
            "outcome", "result", "comments", "start", "final_position",
        ):  # fmt: skip
            call(f"{where}.{attr}", getattr, game, attr)
        gid = call(f"{where}.game", getattr, game, "game")
        valid = call(f"{where}.valid", getattr, game, "valid")
        errors = call(f"{where}.errors", getattr, game, "errors") or []
        features.add(f"game:{gid}:{valid}:{','.join(sorted({str(e.get('code')) for e in errors}))}")
        data = call(f"{where}.to_json", game.to_json)
        if data is not None:
            key = json.dumps({k: v for k, v in data.items() if k not in ("file", "index")}, sort_keys=True)
            if key in walked:
                return
            walked.add(key)
            call(f"{where}.json.dumps", json.dumps, data)
            again = call("Game.from_json(game.to_json())", tgn.Game.from_json, data)
            if again is not None:
                call("Game.from_json(game.to_json()).to_json", again.to_json)
        plies = call(f"{where}.mainline", game.mainline) or []
        for ply in plies:
            for attr in ("ply", "player", "san", "move", "position", "to_move", "description", "comment", "nags"):
                call(f"{where}.mainline.{attr}", getattr, ply, attr)
        pgn = call(f"{where}.to_pgn", game.to_pgn)
        if pgn is not None:
            for g in call("read_games(StringIO(game.to_pgn()))", lambda: list(tgn.read_games(io.StringIO(pgn)))) or []:
                call("read_games(to_pgn).to_json", g.to_json)
        copy = call(f"{where}.pickle", lambda: pickle.loads(pickle.dumps(game)))
        if copy is not None and data is not None:
            copied = call(f"{where}.pickle.to_json", copy.to_json)
            if copied is not None:
                check(f"{where}.pickle", copied == data, "pickle changes the game's to_json()")
        exercise_position(f"{where}.board()", call(f"{where}.board", game.board))
        n = len(plies)
        for k in {0, n // 2, n + 1, rng.randrange(-1, n + 3) if rng.random() < 0.05 else n}:
            call(f"{where}.board(k)", game.board, k)
        start = call(f"{where}.start", getattr, game, "start")
        if gid is not None and start is not None and rng.random() < 0.3:
            exercise_position(
                "Position(game.game, game.start)", call("Position(game.game, game.start)", tgn.Position, gid, start)
            )
        if rng.random() < 0.2:
            exercise_position("Position(game)", call("Position(game)", tgn.Position, game))

    def read_all(entry: str, make_source, **kwargs) -> None:
        it = call(entry, tgn.read_games, make_source(), **kwargs)
        if it is None:
            return
        for i in range(10000):
            game = call(f"{entry}.next", next, it, None)
            if game is None:
                break
            if i < 32:
                exercise_game(entry, game)

    # read_games: bytes, text, a file by path (sometimes gzipped, with a name that says JSON).
    read_all("read_games(BytesIO)", lambda: io.BytesIO(data))
    kwargs: dict = {}
    if rng.random() < 0.25:
        kwargs["strict"] = True
    if rng.random() < 0.25:
        kwargs["game"] = rng.choice(game_ids)
    read_all("read_games(StringIO)", lambda: io.StringIO(text), **kwargs)
    suffix = rng.choice([".pgn", ".pgn", ".json", ".jsonl", ".txt", ".pgn.gz"])
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "input" + suffix)
        with open(path, "wb") as f:
            f.write(gzip.compress(data) if suffix.endswith(".gz") else data)
        read_all(f"read_games(path{suffix})", lambda: path)

    # Game.from_json: the text, and what json.loads makes of it.
    game = call("Game.from_json(str)", tgn.Game.from_json, text)
    if game is not None:
        exercise_game("Game.from_json(str)", game)
    try:
        obj = json.loads(text)
    except (ValueError, RecursionError):
        obj = None
    objs = (
        [obj] if isinstance(obj, dict) else [o for o in obj[:8] if isinstance(o, dict)] if isinstance(obj, list) else []
    )
    for o in objs:
        kw = {"game": rng.choice(game_ids)} if rng.random() < 0.1 else {}
        game = call("Game.from_json(dict)", tgn.Game.from_json, o, **kw)
        if game is not None:
            exercise_game("Game.from_json(dict)", game)

    # Position: the first line names the game, the rest is the position.
    gid, _, rest = text.partition("\n")
    position = call("Position(game, position)", tgn.Position, gid, rest)
    if position is not None:
        exercise_position("Position(game, position)", position)
    elif gid not in game_ids and len(text) < 4096:
        # not a position input: the text as a position of some game anyway
        exercise_position(
            "Position(game, text)", call("Position(game, text)", tgn.Position, rng.choice(game_ids), text)
        )
    stage("idle")
    return {"finds": finds, "features": sorted(features)}


# ---------------------------------------------------------------------------- parent


class Worker:
    def __init__(self, timeout: float) -> None:
        self.timeout = timeout
        self.dir = tempfile.mkdtemp(prefix="tgn-fuzz-python-")
        self.stage_path = os.path.join(self.dir, "stage")
        self.proc: subprocess.Popen | None = None
        self.restarts = -1
        self.fresh = True

    def start(self) -> None:
        self.restarts += 1
        self.fresh = True  # its start (import tgn) is not the first input's time
        # Appended to (tgn's messages go there too), emptied before each input.
        self.stderr = open(os.path.join(self.dir, "stderr"), "ab+")  # noqa: SIM115
        self.stderr.truncate(0)
        with open(self.stage_path, "wb") as f:
            f.write(b" " * 256)
        env = dict(os.environ, MALLOC_ARENA_MAX="2", RUST_BACKTRACE="1")
        self.proc = subprocess.Popen(
            [sys.executable, os.path.abspath(__file__), "--worker", self.stage_path],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=self.stderr,
            env=env,
            cwd=ROOT,
        )

    def stage(self) -> str:
        try:
            return Path(self.stage_path).read_bytes().decode(errors="replace").strip()
        except OSError:
            return "?"

    def stderr_tail(self) -> str:
        self.stderr.flush()
        self.stderr.seek(max(0, os.fstat(self.stderr.fileno()).st_size - 6000))
        return self.stderr.read().decode(errors="replace")

    def stop(self) -> None:
        if self.proc is not None:
            if self.proc.poll() is None:
                self.proc.kill()
            self.proc.wait()
            self.proc = None
            self.stderr.close()

    def _read(self, n: int, deadline: float) -> bytes | None:
        assert self.proc is not None and self.proc.stdout is not None
        fd = self.proc.stdout.fileno()
        chunks = b""
        while len(chunks) < n:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError
            ready, _, _ = select.select([fd], [], [], left)
            if not ready:
                raise TimeoutError
            chunk = os.read(fd, n - len(chunks))
            if not chunk:
                return None
            chunks += chunk
        return chunks

    def run(self, data: bytes) -> dict:
        """The worker's answer, or a find of its own: timeout, crash, oom."""
        if self.proc is None or self.proc.poll() is not None:
            self.stop()
            self.start()
        assert self.proc is not None and self.proc.stdin is not None
        self.stderr.truncate(0)
        deadline = time.monotonic() + self.timeout + (10 if self.fresh else 0)
        try:
            self.proc.stdin.write(struct.pack("<I", len(data)) + data)
            self.proc.stdin.flush()
            head = self._read(4, deadline)
            body = None if head is None else self._read(struct.unpack("<I", head)[0], deadline)
        except TimeoutError:
            stage = self.stage()
            tail = self.stderr_tail()
            self.stop()
            return {"finds": [{"kind": "timeout", "entry": stage, "type": f"more than {self.timeout} s",
                               "message": "", "traceback": tail}], "features": []}  # fmt: skip
        except BrokenPipeError:
            body = None
        self.fresh = False
        if body is not None:
            return json.loads(body)
        code = self.proc.wait()
        stage = self.stage()
        tail = self.stderr_tail()
        self.stop()
        oom = "memory allocation of" in tail or "MemoryError" in tail or "Cannot allocate memory" in tail
        kind = "oom" if oom else "crash"
        what = f"killed by {signal.Signals(-code).name}" if code < 0 else f"exit status {code}"
        return {"finds": [{"kind": kind, "entry": stage, "type": what, "message": "", "traceback": tail}],
                "features": []}  # fmt: skip


def seed_corpus() -> list[bytes]:
    import tgn

    corpus: list[bytes] = []
    positions: set[bytes] = set()
    for path in sorted(ROOT.glob("records/**/*.pgn")):
        data = path.read_bytes()
        corpus.append(data)
        try:
            games = list(tgn.read_games(str(path)))
        except Exception as e:  # noqa: BLE001 - the fuzzer meets it again
            print(f"seed {path}: {type(e).__name__}: {e}", file=sys.stderr)
            games = []
        for game in games:
            corpus.append(json.dumps(game.to_json()).encode())
            if game.game is None:
                continue
            # The start, the end and a ply between: every ply's would make thousands.
            plies = game.mainline()
            strings = [game.start, game.final_position]
            if plies:
                strings.append(plies[len(plies) // 2].position)
            for s in strings:
                if s:
                    positions.add(f"{game.game}\n{s}".encode())
    corpus += sorted(positions)
    return corpus


INTERESTING = [
    b"{", b"}", b"(", b")", b"[", b"]", b'"', b"\\", b"\xff", b"\x00", b"\r\n", b"\n", b";", b"%",
    b"$", b"*", b"1-0", b"0-1", b"1/2-1/2", b"...", b".", b",", b":", b"/", b"-", b"x", b" ",
    b"99999999999999999999", b"18446744073709551616", b"4294967296", b"-1", b"0", b"1e308", b"-0",
    b"NaN", b"null", b"true", b"[]", b"{}", b'""', b"\xef\xbb\xbf", b"\xc3", b"\xe2\x82", b"\xf0\x9f\x98\x80",
    b"\xcc\x81", b"\t", b'[FEN "', b'[Game "', b'[SetUp "1"]\n', b'[Result "*"]\n', b'{"schema":',
    b'"moves":', b'"position":', b'"game":', b"$255", b"$99999999999", b"1.", b"1...", b"9999.",
]  # fmt: skip


def mutate(rng: random.Random, corpus: list[bytes], game_ids: list[bytes]) -> bytes:
    data = rng.choice(corpus)
    # A position input keeps its game's line, most of the time.
    keep = b""
    if rng.random() < 0.9 and b"\n" in data and data.split(b"\n", 1)[0] in game_ids:
        head, _, data = data.partition(b"\n")
        keep = head + b"\n"
    buf = bytearray(data)
    for _ in range(rng.choice([1, 1, 1, 2, 2, 3, 4, 8])):
        n = len(buf)
        op = rng.randrange(12)
        i = rng.randrange(n + 1)
        if op == 0 and n:  # a bit flipped
            buf[min(i, n - 1)] ^= 1 << rng.randrange(8)
        elif op == 1 and n:  # a byte replaced
            buf[min(i, n - 1)] = rng.randrange(256)
        elif op == 2:  # an interesting token inserted
            tok = rng.choice(INTERESTING) if rng.random() < 0.85 else rng.choice(game_ids)
            buf[i:i] = tok * (1 if rng.random() < 0.8 else rng.randint(2, 64))
        elif op == 3:  # deep nesting
            opener = rng.choice([b"(", b"[", b"{", b"[{", b'{"a":', b"({"])
            depth = rng.choice([16, 100, 1000, 10000])
            close = {b"(": b")", b"[": b"]", b"{": b"}", b"[{": b"}]", b'{"a":': b"}", b"({": b"})"}[opener]
            buf[i:i] = opener * depth + (close * depth if rng.random() < 0.5 else b"")
        elif op == 4 and n:  # a range deleted
            j = min(n, i + rng.choice([1, 2, 8, 64, 1024]))
            del buf[i:j]
        elif op == 5 and n:  # a range duplicated
            j = min(n, i + rng.choice([1, 8, 64, 512, 4096]))
            buf[i:i] = buf[i:j] * rng.choice([1, 2, 10])
        elif op == 6 and n:  # truncated
            del buf[i:]
        elif op == 7:  # spliced with another entry
            other = rng.choice(corpus)
            j = rng.randrange(len(other) + 1)
            buf = buf[:i] + bytearray(other[j:]) if rng.random() < 0.5 else bytearray(other[:j]) + buf[i:]
        elif op == 8:  # a number made huge, zero or negative
            nums = list(re.finditer(rb"\d+", bytes(buf)))
            if nums:
                m = rng.choice(nums)
                new = rng.choice([b"0", b"-1", b"99999999999999999999", b"4294967296", b"65536", b"255", b"256"])
                buf[m.start() : m.end()] = new
        elif op == 9 and n:  # a line repeated
            lines = bytes(buf).split(b"\n")
            k = rng.randrange(len(lines))
            lines[k:k] = [lines[k]] * rng.choice([2, 10, 100])
            buf = bytearray(b"\n".join(lines))
        elif op == 10 and n > 1:  # two ranges swapped
            a, b = sorted(rng.sample(range(n), 2))
            buf = buf[:a] + buf[b:] + buf[a:b]
        elif op == 11 and n:  # a byte inserted
            buf[i:i] = bytes([rng.randrange(256)])
    return (keep + bytes(buf))[:MAX_LEN]


def signature(find: dict) -> str:
    shape = re.sub(r"\d+", "N", find["message"])[:200]
    if find["kind"] in ("timeout", "oom", "crash"):
        shape = ""
    entry = re.sub(r"^read_games\((BytesIO|StringIO|path[^)]*)\)", "read_games(*)", find["entry"])
    return f"{find['kind']}|{entry}|{find['type']}|{shape}"


def main() -> int:
    parser = argparse.ArgumentParser(description="Fuzz the tgn Python package's entry points.")
    parser.add_argument("seconds", nargs="?", type=float, default=600)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--worker", metavar="STAGE_FILE", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        worker(args.worker)
        return 0

    import tgn

    timeout = float(os.environ.get("TIMEOUT", "5"))
    rng = random.Random(args.seed)
    corpus = seed_corpus()
    seeds = len(corpus)
    game_ids = sorted(g.encode() for g in tgn.games())
    seen_features: set[str] = set()
    by_signature: dict[str, int] = {}
    inputs_by_kind: dict[str, int] = {}
    signatures_by_kind: dict[str, set[str]] = {}
    w = Worker(timeout)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    start = time.monotonic()
    end = start + args.seconds
    runs = 0
    next_seed = 0
    print(f"fuzz/python.py: {seeds} seeds, seed {args.seed}, {args.seconds:g} s, TIMEOUT {timeout:g} s, "
          f"RSS_MB {os.environ.get('RSS_MB', '1024')}", flush=True)  # fmt: skip
    last_report = start
    try:
        while time.monotonic() < end:
            # The seeds, each run as it is, alternate with mutants until they are done.
            mutant = not (next_seed < seeds and (runs % 2 == 0 or runs >= 2 * seeds))
            if mutant:
                data = mutate(rng, corpus, game_ids)
            else:
                data = corpus[next_seed]
                next_seed += 1
            result = w.run(data)
            runs += 1
            new = set(result["features"]) - seen_features
            if new:
                seen_features |= new
                if mutant and len(corpus) < seeds + MAX_CORPUS:
                    corpus.append(data)
            kinds_here = set()
            for find in result["finds"]:
                sig = signature(find)
                count = by_signature.get(sig, 0)
                by_signature[sig] = count + 1
                signatures_by_kind.setdefault(find["kind"], set()).add(sig)
                kinds_here.add(find["kind"])
                if count < KEEP_PER_SIGNATURE:
                    name = f"{find['kind']}-{hashlib.sha1(data).hexdigest()}"
                    (ARTIFACTS / name).write_bytes(data)
                    with open(ARTIFACTS / f"{name}.txt", "a") as f:
                        f.write(f"entry point: {find['entry']}\nexception: {find['type']}: {find['message']}\n")
                        f.write(f"{find['traceback']}\n")
                    if count == 0:
                        print(f"find: {find['kind']} in {find['entry']}: {find['type']}: "
                              f"{find['message'][:200]} -> {ARTIFACTS / name}", flush=True)  # fmt: skip
            for kind in kinds_here:
                inputs_by_kind[kind] = inputs_by_kind.get(kind, 0) + 1
            now = time.monotonic()
            if now - last_report > 30:
                last_report = now
                print(f"#{runs} {runs / (now - start):.1f}/s corpus {len(corpus)} features {len(seen_features)}",
                      flush=True)  # fmt: skip
    finally:
        w.stop()
    elapsed = time.monotonic() - start
    print(f"Done {runs} inputs in {elapsed:.0f} s ({runs / elapsed:.1f}/s), corpus {len(corpus)} "
          f"({seeds} seeds), features {len(seen_features)}, worker restarts {w.restarts}")  # fmt: skip
    for kind in sorted(inputs_by_kind):
        print(f"SUMMARY {kind}: {inputs_by_kind[kind]} inputs, {len(signatures_by_kind[kind])} distinct")
    if inputs_by_kind:
        print(f"finds in {ARTIFACTS.relative_to(ROOT)}/")
        return 1
    print("SUMMARY no finds")
    return 0


if __name__ == "__main__":
    sys.exit(main())
