"""The Python package on every shipped record (issue 38): its objects are the data
model, tgn/1, as the CLI writes it; positions, round trips, exceptions, pickling and
the notebook's SVG, in python-chess's idioms."""

import csv
import gzip
import io
import json
import multiprocessing
import pickle
import sys
import warnings
import xml.etree.ElementTree as ET

import pytest
from conftest import RECORDS, REPO

import tgn


def where(game):
    return f"{game.file} game {game.index + 1}"


# ----- The data model -----


def test_every_game_read_is_every_game_the_cli_reads(games, cli_games):
    assert [(g.file, g.index) for g in games] == [(c["file"], c["index"]) for c in cli_games]
    assert len(games) > 300


def test_to_dict_equals_the_cli_json_for_every_shipped_record(games, cli_games):
    for game, cli in zip(games, cli_games):
        assert game.to_dict() == cli, where(game)


def test_to_dict_validates_against_the_published_schema(games):
    jsonschema = pytest.importorskip("jsonschema")
    schema = json.loads((REPO / "docs/schema/game.schema.json").read_text())
    validator = jsonschema.Draft202012Validator(schema)
    for game in games:
        errors = list(validator.iter_errors(game.to_dict()))
        assert not errors, (where(game), errors[0].message)


def test_attributes_read_from_the_data_model(games, cli_games):
    for game, cli in zip(games, cli_games):
        assert game.game == cli["game"], where(game)
        assert game.sides == cli["sides"], where(game)
        assert game.tags == cli["tags"], where(game)
        assert game.valid == cli["valid"], where(game)
        assert game.errors == cli["errors"], where(game)
        assert game.warnings == cli["warnings"], where(game)
        assert game.outcome == cli["outcome"], where(game)
        assert game.result == cli["result"], where(game)
        assert game.comments == cli["comments"], where(game)
        assert game.start == (cli["start"] or {}).get("position"), where(game)
        for key in ("file", "index"):
            assert getattr(game, key) == cli[key]


def test_sides_are_first_and_second(games):
    for game in games:
        if game.sides is not None:
            assert set(game.sides) == {"first", "second"}
        for ply in game.mainline():
            assert ply.player in ("first", "second")
            assert ply.to_move in ("first", "second", None)


def test_mainline_is_the_cli_json_moves_as_played(games, cli_games):
    for game, cli in zip(games, cli_games):
        played = []
        for move in cli["moves"]:
            if "move" not in move:
                break
            played.append(move)
        plies = game.mainline()
        assert len(plies) == len(played), where(game)
        for ply, move in zip(plies, played):
            assert ply.san == move["written"]
            assert ply.move == move["move"]
            assert ply.ply == move["ply"]
            assert ply.player == move["player"]
            assert ply.position == move["position"]
            assert ply.to_move == move["to_move"]
            assert ply.description == move["description"]
            assert ply.nags == move.get("nags", [])
            assert ply.comment == (" ".join(move["comments"]) if "comments" in move else None)


def test_games_table_is_the_cli_csv(tgn_cli, games):
    table = tgn.games_table(str(RECORDS))
    rows = list(csv.DictReader(io.StringIO(tgn_cli("convert", "--to", "csv", RECORDS))))
    assert list(table) == list(rows[0])
    assert len(table["file"]) == len(rows) == len(games)
    typed = {"index": int, "plies": int, "error_ply": int, "valid": lambda v: v == "true"}
    for at, row in enumerate(rows):
        for column, cell in row.items():
            want = None if cell == "" and column != "file" else typed.get(column, str)(cell)
            assert table[column][at] == want, (column, at)
    assert table.rows()[0]["file"] == table["file"][0]


def test_games_table_has_the_clis_tag_and_move_columns(tgn_cli):
    """Issue 52, item 6: tags= and moves= are the CLI's --tags and --moves."""
    for kwargs, args in [
        ({}, []),
        ({"tags": "none"}, ["--tags", "none"]),
        ({"tags": ["WhiteElo", "Event", "Termination"], "moves": True},
         ["--tags", "WhiteElo,Event,Termination", "--moves"]),
    ]:
        table = tgn.games_table(str(RECORDS), **kwargs)
        rows = list(csv.DictReader(io.StringIO(tgn_cli("convert", "--to", "csv", *args, RECORDS))))
        assert list(table) == list(rows[0]), kwargs
        for column in list(rows[0])[17:]:
            assert table[column] == [cell or None for cell in (r[column] for r in rows)], column
    assert list(tgn.games_table(str(RECORDS), tags="none")) == list(table)[:17]
    with pytest.raises(ValueError, match="expected"):
        tgn.games_table(str(RECORDS), tags="some")


def test_tables_need_no_data_frame_library(monkeypatch):
    table = tgn.games_table(RECORDS / "toguz-kumalak")
    monkeypatch.setitem(sys.modules, "pandas", None)
    monkeypatch.setitem(sys.modules, "polars", None)
    with pytest.raises(ImportError, match="pip install pandas"):
        table.to_pandas()
    with pytest.raises(ImportError, match="pip install polars"):
        table.to_polars()


# ----- Round trips -----


def without_place(game_json):
    return {k: v for k, v in game_json.items() if k not in ("file", "index")}


def without_spans(game_json):
    """A game's JSON without where in the text its diagnostics stand: a record read
    from JSON has no text to point into (as with `tgn convert --from json`)."""
    spans = ("line", "column", "offset")
    game_json = dict(game_json)
    for key in ("errors", "warnings"):
        game_json[key] = [{k: v for k, v in d.items() if k not in spans} for d in game_json[key]]
    return game_json


def test_to_json_is_the_clis_json_lines_text_and_to_dict_the_object(tgn_cli, games):
    """Issue 52, item 8: to_json() gives text, as json and pandas do; to_dict() the
    object. The old to_json() dict is still read through the text, with a warning."""
    path = RECORDS / "toguz-kumalak"
    lines = tgn_cli("convert", "--to", "jsonl", path).splitlines()
    mine = list(tgn.read_games(path))
    assert [g.to_json() for g in mine] == lines
    for game, line in zip(mine, lines):
        text = game.to_json()
        assert isinstance(text, str) and json.loads(text) == game.to_dict()
        with pytest.warns(DeprecationWarning, match="to_dict"):
            assert text["moves"] == game.to_dict()["moves"]
        with pytest.warns(DeprecationWarning):
            assert text == game.to_dict()
        with pytest.warns(DeprecationWarning):
            assert text.get("schema") == tgn.SCHEMA
        # Used as text, it warns of nothing.
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            assert text[:1] == "{" and text == line and hash(text) == hash(line)


def test_from_json_reads_as_the_cli_reads_json(tmp_path, tgn_cli, games):
    archive = tmp_path / "games.jsonl"
    archive.write_text("".join(json.dumps(g.to_dict()) + "\n" for g in games))
    cli = [json.loads(line) for line in tgn_cli("convert", "--to", "jsonl", archive).splitlines()]
    assert len(cli) == len(games)
    for game, read in zip(games, cli):
        again = tgn.Game.from_json(game.to_dict())
        assert without_place(again.to_dict()) == without_place(read), where(game)
        assert (again.file, again.index) == (game.file, game.index)
        text = json.dumps(game.to_dict())
        assert tgn.Game.from_json(text).to_dict() == again.to_dict()
        assert without_spans(again.to_dict())["moves"] == game.to_dict()["moves"], where(game)


def test_to_pgn_is_the_cli_pgn_and_reads_back_as_the_cli_reads_it(tmp_path, tgn_cli, games):
    for path in sorted(RECORDS.rglob("*.pgn")):
        mine = [g for g in games if (REPO / g.file) == path]
        cli = tgn_cli("convert", "--to", "pgn", path.relative_to(REPO))
        assert "\n".join(g.to_pgn() for g in mine) == cli, path
        written = tmp_path / path.name
        written.write_text(cli)
        again = [json.loads(line) for line in tgn_cli("convert", "--to", "jsonl", written).splitlines()]
        assert [g.to_dict() for g in tgn.read_games(written)] == again, path
        assert [without_spans(without_place(g))["moves"] for g in again] == [
            without_spans(without_place(g.to_dict()))["moves"] for g in mine
        ], path


# ----- Reading -----


def test_reads_directories_compressed_files_and_file_objects(tmp_path):
    path = RECORDS / "toguz-kumalak"
    expected = [g.to_dict()["moves"] for g in tgn.read_games(path)]
    files = sorted(path.rglob("*.pgn"))
    packed = tmp_path / "archive.pgn.gz"
    packed.write_bytes(gzip.compress(b"\n".join(f.read_bytes() for f in files)))
    assert [g.to_dict()["moves"] for g in tgn.read_games(packed)] == expected
    text = "\n".join(f.read_text(encoding="utf-8") for f in files)
    from_text = list(tgn.read_games(io.StringIO(text)))
    assert [g.to_dict()["moves"] for g in from_text] == expected
    from_bytes = list(tgn.read_games(io.BytesIO(gzip.compress(text.encode()))))
    assert [g.to_dict()["moves"] for g in from_bytes] == expected
    assert [g.to_dict()["moves"] for g in tgn.read_games(files)] == expected


def test_a_file_object_keeps_its_name(tmp_path):
    path = next(RECORDS.glob("toguz-kumalak/*.pgn"))
    with open(path, encoding="utf-8") as f:
        game = next(tgn.read_games(f))
    assert game.file == str(path)


def test_json_reads_back(tmp_path, tgn_cli):
    path = next(RECORDS.glob("bagh-chal/*.pgn"))
    out = tmp_path / "games.jsonl"
    out.write_text(tgn_cli("convert", "--to", "jsonl", path))
    assert [without_place(g.to_dict()) for g in tgn.read_games(out)] == [
        without_place(g.to_dict()) for g in tgn.read_games(path)
    ]


def test_a_missing_file_is_file_not_found():
    with pytest.raises(FileNotFoundError):
        tgn.read_games(RECORDS / "no-such-file.pgn")


def test_the_game_and_options_of_the_cli(tmp_path):
    record = tmp_path / "g.pgn"
    record.write_text("1. 76(10) 11(10) *\n")
    nameless = next(tgn.read_games(record))
    assert not nameless.valid
    assert nameless.errors[0]["code"] == "unknown-game"
    named = next(tgn.read_games(record, game="toguz-kumalak"))
    assert named.valid and named.game == "toguz-kumalak"
    assert named.tags["Game"] == "toguz-kumalak"
    with pytest.raises(tgn.RecordError) as e:
        tgn.read_games(record, encoding="klingon")
    assert e.value.code == "setup"


def test_leaving_a_loop_early_stops_the_reading():
    for game in tgn.read_games(RECORDS):  # noqa: B007 (read after the loop)
        break
    assert game.file


# ----- Positions -----


def test_positions_replay_every_valid_game_as_the_cli_does(games):
    for game in games:
        if not game.valid or game.game is None:
            continue
        position = tgn.Position(game)
        assert str(position) == game.start, where(game)
        for ply in game.mainline():
            assert position.to_move == ply.player, (where(game), ply)
            position = position.play(ply.san)
            assert str(position) == ply.position, (where(game), ply)
            assert position.to_move == ply.to_move, (where(game), ply)
        assert str(position) == game.final_position
        if game.outcome is not None and game.outcome["reason"] != "declared":
            assert position.outcome == game.outcome, where(game)
        assert position == game.board()


def test_every_legal_move_plays(games):
    seen = set()
    for game in games:
        if game.game in seen or not game.valid:
            continue
        seen.add(game.game)
        for position in (tgn.Position(game.game), game.board(min(game.plies, 5))):
            moves = position.legal_moves()
            if position.outcome is None:
                assert moves, (where(game), str(position))
            for move in moves:
                assert position.play(move).game == game.game
    assert len(seen) >= 10


def test_the_start_of_every_game():
    for game_id, facts in tgn.games().items():
        position = tgn.Position(game_id)
        assert position.game == game_id
        assert position.to_move == "first"
        assert position.outcome is None
        assert position.sides == facts["sides"]
        assert tgn.Position(game_id, str(position)) == position


def test_an_illegal_move_raises_with_the_cli_code_and_rule(games):
    """Every invalid shipped game whose first error is a move of its main line:
    playing that move from the position before it raises what the CLI reports."""
    checked = 0
    for game in games:
        errors = game.errors
        if not errors or game.game is None:
            continue
        error = errors[0]
        if error["code"] not in ("illegal", "ambiguous", "wrong-mark", "notation", "after-end"):
            continue
        if error["in_variation"] or error["ply"] != game.plies + 1:
            continue
        before = game.board()
        if str(before) != error["position"]:
            continue  # a turn of several tokens, stopped inside it
        expected = tgn.AmbiguousMove if error["code"] == "ambiguous" else tgn.IllegalMove
        if "but no removal follows" in error["message"]:
            # A turn left half done (a mill closed, no removal written) is blamed on
            # its first token once the next turn begins: alone, that token plays,
            # and the same side is still to move.
            assert before.play(error["token"]).to_move == before.to_move
            continue
        with pytest.raises(expected) as raised:
            before.play(error["token"])
        assert raised.value.code == error["code"], where(game)
        assert raised.value.rule == error["rule"], where(game)
        # One step reads the move everywhere (issue 51): the CLI's sentence, word for word.
        assert str(raised.value) == error["message"], where(game)
        assert isinstance(raised.value, tgn.TgnError)
        checked += 1
    assert checked >= 40


def illegal_second(game):
    """Two moves legal at the start, the second illegal once the first is played."""
    start = tgn.Position(game)
    written = start.legal_moves()
    for first in written:
        after = start.play(first)
        if after.to_move == start.to_move:
            continue  # a turn of several tokens
        for second in written:
            try:
                after.play(second)
            except tgn.IllegalMove as e:
                if e.code == "illegal":
                    return first, second
    return None


def test_issue51_every_games_illegal_move_raises_what_check_says(tgn_cli, tmp_path):
    for game in tgn.games():
        first, second = illegal_second(game)
        path = tmp_path / f"{game}.pgn"
        path.write_text(f'[Game "{game}"]\n[Result "*"]\n\n1. {first} {second} *\n')
        error = json.loads(tgn_cli("check", "--format", "json", path))["errors"][0]
        with pytest.raises(tgn.IllegalMove) as raised:
            tgn.Position(game).play(first).play(second)
        said = (raised.value.code, raised.value.rule, str(raised.value))
        assert said == (error["code"], error["rule"], error["message"]), game


def test_an_ambiguous_move_names_its_candidates(games):
    ambiguous = [g for g in games if g.errors and g.errors[0]["code"] == "ambiguous"]
    assert ambiguous
    game = ambiguous[0]
    with pytest.raises(tgn.AmbiguousMove) as raised:
        game.board().play(game.errors[0]["token"])
    assert len(raised.value.candidates) >= 2
    for candidate in raised.value.candidates:
        game.board().play(candidate)


def test_bad_names_and_positions_are_record_errors():
    with pytest.raises(tgn.RecordError) as raised:
        tgn.Position("toguz-kumalk")
    assert raised.value.code == "unknown-game"
    assert "toguz-kumalak" in str(raised.value)
    with pytest.raises(tgn.RecordError) as raised:
        tgn.Position("toguz-kumalak", "S:9,9")
    assert raised.value.code == "setup"
    with pytest.raises(tgn.RecordError) as raised:
        tgn.Position("toguz-kumalak", options={"no-such-option": "yes"})
    assert raised.value.code == "setup"
    with pytest.raises(tgn.RecordError):
        tgn.Game.from_json("{not json")


def test_a_move_after_the_end_is_illegal(games):
    over = next(g for g in games if g.valid and g.outcome and g.outcome["reason"] != "declared")
    end = over.board()
    assert end.to_move is None
    assert end.legal_moves() == []
    with pytest.raises(tgn.IllegalMove) as raised:
        end.play("a1")
    assert raised.value.code == "after-end"


def test_hostile_text_never_panics():
    position = tgn.Position("toguz-kumalak")
    for text in ["", " ", "\0", "9" * 10_000, "ü", "1(" * 500, "x" * 100_000]:
        with pytest.raises(tgn.TgnError):
            position.play(text)
        with pytest.raises(tgn.TgnError):
            tgn.Position("bagh-chal", text)
    for text in ["", "[", "[Game \"bagh-chal\"]\n\n1. " + "(" * 5000, "\xff" * 10, "[{"]:
        try:
            for game in tgn.read_games(io.StringIO(text)):
                game.to_dict()
                game.mainline()
                pickle.loads(pickle.dumps(game))
        except tgn.TgnError as e:
            assert e.code == "io"


# ----- Pickling -----


def test_games_and_positions_pickle(games):
    for game in games:
        again = pickle.loads(pickle.dumps(game))
        assert again.to_dict() == game.to_dict(), where(game)
        assert again.valid == game.valid
        if game.game is not None and game.final_position is not None:
            position = game.board()
            assert pickle.loads(pickle.dumps(position)) == position
            assert str(pickle.loads(pickle.dumps(position))) == str(position)
    from_json = tgn.Game.from_json(games[0].to_dict())
    assert pickle.loads(pickle.dumps(from_json)).to_dict() == from_json.to_dict()


def plies_of(game):
    return game.plies


def test_games_cross_processes():
    games = list(tgn.read_games(RECORDS / "bagh-chal"))
    with multiprocessing.get_context("spawn").Pool(2) as pool:
        assert pool.map(plies_of, games) == [g.plies for g in games]


def count_games(path):
    return sum(1 for _ in tgn.read_games(path))


@pytest.mark.filterwarnings("ignore::DeprecationWarning")  # Python 3.12's warning on fork
@pytest.mark.parametrize("method", ["fork", "spawn"])
def test_issue57_reading_in_a_pool_after_reading_here(method):
    if method not in multiprocessing.get_all_start_methods():
        pytest.skip(f"no {method} on this platform")
    paths = [str(p) for p in sorted(RECORDS.glob("*/*.pgn"))[:4]]
    here = [count_games(p) for p in paths]  # the parent's threads exist before the fork
    with multiprocessing.get_context(method).Pool(2) as pool:
        # A child that inherits the parent's thread pool without its threads once
        # waited for ever here: a bound, so that a hang fails.
        assert pool.map_async(count_games, paths).get(timeout=120) == here


# ----- Hostile input -----


def test_issue57_a_list_of_sources_that_contains_itself_is_a_type_error():
    sources = [str(RECORDS / "bagh-chal")]
    sources.append(sources)
    with pytest.raises(TypeError, match="contains itself"):
        tgn.read_games(sources)


def test_issue57_sources_nested_too_deep_are_refused_not_a_crash():
    deep = str(RECORDS / "bagh-chal")
    for _ in range(30_000):
        deep = [deep]
    with pytest.raises(ValueError, match="nest at most"):
        tgn.read_games(deep)


def test_issue57_nesting_is_refused_on_a_thread_with_a_small_stack():
    import threading

    deep = str(RECORDS / "bagh-chal")
    for _ in range(1_000):
        deep = [deep]
    raised = []

    def read():
        try:
            tgn.read_games(deep)
        except ValueError as e:
            raised.append(e)

    old = threading.stack_size(256 * 1024)
    try:
        thread = threading.Thread(target=read)
        thread.start()
        thread.join()
    finally:
        threading.stack_size(old)
    assert len(raised) == 1


def test_issue57_a_record_that_opens_with_a_comment_is_no_json(tmp_path):
    text = (RECORDS / "bagh-chal" / "worked-examples.pgn").read_text(encoding="utf-8")
    for opening in ["{a comment first}\n", '{"quoted" at the start}\n', "\ufeff{ x }\n"]:
        path = tmp_path / "opening.pgn"
        path.write_text(opening + text, encoding="utf-8")
        expected = [(g.game, g.valid, g.plies) for g in tgn.read_games(path)]
        games = list(tgn.read_games(io.StringIO(opening + text)))
        assert [(g.game, g.valid, g.plies) for g in games] == expected, opening
        assert sum(g.valid for g in games) == 5
        assert games[0].file == "<stream>"


def test_issue57_json_file_objects_are_told_by_name_or_by_their_first_key(tmp_path, tgn_cli):
    path = RECORDS / "bagh-chal" / "worked-examples.pgn"
    text = tgn_cli("convert", "--to", "json", str(path))
    expected = count_games(path)
    assert len(list(tgn.read_games(io.StringIO(text)))) == expected
    assert len(list(tgn.read_games(io.BytesIO(b"\xef\xbb\xbf" + text.encode())))) == expected
    (tmp_path / "games.json").write_text(text, encoding="utf-8")
    with open(tmp_path / "games.json", encoding="utf-8") as f:
        assert len(list(tgn.read_games(f))) == expected


def test_issue57_read_errors_name_the_file_object_not_a_temporary_file(capfd):
    text = (RECORDS / "bagh-chal" / "worked-examples.pgn").read_bytes()
    bad = io.BytesIO(gzip.compress(text)[:-20])  # cut short
    bad.name = "sheet.pgn.gz"
    with pytest.raises(tgn.TgnError, match="could not be read"):
        list(tgn.read_games(bad))
    err = capfd.readouterr().err
    assert "tgn: sheet.pgn.gz: " in err, err
    assert "tgn-python-" not in err, err


class Endless:
    """A file object of `size` bytes of games, made as they are read."""

    def __init__(self, size):
        self.left = size
        self.game = b'[Game "toguz-kumalak"]\n\n1. 43(10) 11(10) *\n\n'

    def read(self, n=-1):
        n = self.left if n < 0 else min(n, self.left)
        self.left -= n
        games = self.game * (n // len(self.game) + 1)
        return games[:n]


def test_issue57_a_file_object_is_copied_a_chunk_at_a_time():
    import subprocess

    script = f"""
import resource, sys
sys.path.insert(0, {str(REPO / "python" / "tests")!r})
from test_tgn import Endless
import tgn
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
games = tgn.read_games(Endless(200 << 20))
next(games)
after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print((after - before) // 1024)
"""
    grown = int(subprocess.run([sys.executable, "-c", script], check=True, capture_output=True, text=True).stdout)
    # 200 MB read whole took twice that; a chunk at a time, a few MB.
    assert grown < 100, f"{grown} MB"


def test_issue57_fuzz_a_game_of_bytes_not_utf8_pickles_with_its_error():
    data = b'[Game "toguz-kumalak"]\n[Event "\xff"]\n\n1. 76 *\n'
    game = next(tgn.read_games(io.BytesIO(data)))
    assert not game.valid
    copy = pickle.loads(pickle.dumps(game))
    assert copy.to_dict() == game.to_dict()


def test_issue57_fuzz_a_game_that_starts_mid_line_pickles_with_its_columns():
    data = '[Game "toguz-kumalak"]\n\n1. 76 * [Game "bagh-chal"]\n\n1. zz *\n'
    games = list(tgn.read_games(io.StringIO(data)))
    assert len(games) == 2
    assert games[1].errors
    for game in games:
        assert pickle.loads(pickle.dumps(game)).to_dict() == game.to_dict()


def test_issue57_fuzz_a_board_before_the_start_is_a_record_error():
    game = next(tgn.read_games(RECORDS / "toguz-kumalak"))
    for ply in (-1, game.plies + 1):
        with pytest.raises(tgn.RecordError, match="plies, not"):
            game.board(ply)


def test_lists_of_sources_a_few_deep_still_read():
    path = str(RECORDS / "bagh-chal")
    assert count_games([[path], ([path],)]) == 2 * count_games(path)


# ----- The notebook -----


def test_positions_draw_as_svg_for_notebooks(games):
    seen = set()
    for game in games:
        if game.game in seen or not game.valid or game.plies == 0:
            continue
        seen.add(game.game)
        for position in (tgn.Position(game.game), game.board(1), game.board()):
            svg = position._repr_svg_()
            assert svg == position.svg()
            root = ET.fromstring(svg)
            assert root.tag.endswith("svg"), game.game
    assert len(seen) >= 10


def test_the_svg_is_the_cli_diagram(tgn_cli):
    path = next(RECORDS.glob("toguz-kumalak/*.pgn"))
    game = next(tgn.read_games(path))
    cli = tgn_cli("diagram", path.relative_to(REPO), "--ply", "3")
    assert game.board(3).svg() == cli


# ----- Analysis -----


def test_analyze_is_the_cli_analysis(tgn_cli):
    path = next(RECORDS.glob("bagh-chal/*.pgn"))
    game = next(tgn.read_games(path))
    cli = json.loads(
        tgn_cli("analyze", "--format", "json", "--nodes", "300", path).splitlines()[0]
    )
    mine = tgn.analyze(game, nodes=300)
    assert mine["moves"][0]["eval"] == cli["moves"][0]["eval"]
    assert [m.get("eval") for m in mine["moves"]] == [m.get("eval") for m in cli["moves"]]
    assert mine["analysis"] == cli["analysis"]
