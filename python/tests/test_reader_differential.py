"""tgn's reader against python-chess's, on the shapes of text that decide where one
game ends and the next begins (issue 52 item 9). python-chess reads the movetext as
chess and fails on it; what is compared is how many games each reader finds and the
tags of each. python-chess fills in the Seven Tag Roster with "?", so tgn's tags must
be among its headers, not equal to them."""

import io

import chess.pgn
import pytest

import tgn

TOGUZ = '[Game "toguz-kumalak"]\n'

# Texts both readers split the same way.
AGREED = {
    "two games": f'[Event "A"]\n{TOGUZ}\n1. 76 98 *\n\n[Event "B"]\n{TOGUZ}\n1. 76 98 *\n',
    # ChessBase (python-chess's chessbase-empty-line.pgn): a blank line inside the tags.
    "blank line inside the tags": f'[Event "E"]\n\n[Site "S"]\n{TOGUZ}\n1. 76 98 *\n',
    "two blank lines inside the tags": f'[Event "E"]\n\n[Site "S"]\n\n{TOGUZ}\n1. 76 98 *\n',
    "a comment before the moves": f'[Event "A"]\n{TOGUZ}\n{{start}} 1. 76 98 *\n\n[Event "B"]\n{TOGUZ}\n1. 76 *\n',
    "a game of tags and a result": f'[Event "A"]\n{TOGUZ}\n*\n\n[Event "B"]\n{TOGUZ}\n1. 76 *\n',
}


def tgn_games(text):
    return [g.tags for g in tgn.read_games(io.StringIO(text))]


def chess_games(text):
    source = io.StringIO(text)
    games = []
    while (game := chess.pgn.read_game(source)) is not None:
        games.append(dict(game.headers))
    return games


@pytest.mark.parametrize("name", AGREED)
def test_games_and_tags_agree_with_python_chess(name):
    ours, theirs = tgn_games(AGREED[name]), chess_games(AGREED[name])
    assert len(ours) == len(theirs), name
    for tags, headers in zip(ours, theirs, strict=True):
        assert tags.items() <= headers.items(), name


def test_a_repeated_tag_after_a_game_of_tags_alone_starts_the_next_game():
    # A forfeit written as tags alone, then the next game. python-chess reads the two
    # sections as one game's headers: the second Event overwrites the first and the
    # forfeit's result lands on the game played. tgn starts a new game where a tag
    # repeats, so neither game is lost (a deliberate difference).
    text = f'[Event "A"]\n[Result "1-0"]\n\n[Event "B"]\n{TOGUZ}\n1. 76 98 *\n'
    assert tgn_games(text) == [
        {"Event": "A", "Result": "1-0"},
        {"Event": "B", "Game": "toguz-kumalak"},
    ]
    [merged] = chess_games(text)
    assert (merged["Event"], merged["Result"]) == ("B", "1-0")


def test_tags_right_after_a_result_start_the_next_game():
    # python-chess reads movetext up to a blank line, so the second game's tags and
    # moves vanish into the first; tgn starts a game at a tag line after movetext, as
    # the PGN standard reads it (a deliberate difference).
    text = f'[Event "A"]\n{TOGUZ}1. 76 98 *\n[Event "B"]\n{TOGUZ}1. 76 98 *\n'
    assert [tags["Event"] for tags in tgn_games(text)] == ["A", "B"]
    assert [headers["Event"] for headers in chess_games(text)] == ["A"]
