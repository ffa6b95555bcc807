"""Issue 52, item 4: the package mends as the CLI does, through the one pipeline:
``Game.suggestions`` is the ``suggestions`` of the game's ``tgn check --format json``
line, ``Game.mended()`` what ``tgn fix --mend`` writes for it, ``tgn.diff(a, b)`` the
pair ``tgn diff --format json`` writes."""

import io
import json

import tgn

# The first sheet of PlayOK's archive with a slip: 47(55) for 74(55) at ply 22.
SLIPPED = (
    '[Game "toguz-kumalak"]\n[Result "0-1"]\n\n1. 87(10) 87(10) 2. 22 99(22) 3. 23 '
    "12(24) 4. 68X 25 5. 79 36(26) 6. 78 93(42) 7. 16 49(46) 8. 86 91X 9. 41 91 10. 53 16 "
    "11. 92 47(55) 12. 36 92(64) 13. 81 13 14. 89 29 15. 92(22) 49 16. 34 31 17. 91 34 "
    "18. 71(28) 46 19. 61 12 20. 56 23 21. 56 34 22. 78 45 23. 81 45 24. 92 23 25. 68 34 "
    "26. 78 12 27. 81(30) 23 28. 91 12 29. 91 12 30. 89 45 31. 91 34 32. 45 45 33. 78 23 "
    "34. 56 12 35. 45 23 36. 56 23 37. 68 35 38. 78 45 39. 81 34 40. 89 12 41. 91 12 "
    "42. 91 12 43. 67 24 44. 78 23 45. 89 34 46. 91 12 0-1\n"
)


def sheet(tmp_path, text=SLIPPED):
    path = tmp_path / "sheet.pgn"
    path.write_text(text)
    return path


def test_suggestions_are_the_check_lines(tmp_path, tgn_cli):
    path = sheet(tmp_path)
    (game,) = tgn.read_games(path)
    line = json.loads(tgn_cli("check", "--format", "json", path))
    assert game.suggestions == line["suggestions"]
    assert game.suggestions[0]["correction"] == "74(55)"
    (valid,) = tgn.read_games(io.StringIO(SLIPPED.replace("47(55)", "74(55)")))
    assert valid.valid and valid.suggestions == [] and valid.mended() is None


def test_mended_is_what_fix_mend_writes_and_it_passes_strict(tmp_path, tgn_cli):
    path = sheet(tmp_path)
    (game,) = tgn.read_games(path)
    mended = game.mended()
    tgn_cli("fix", "--mend", path)
    assert mended == path.read_text().rstrip("\n")
    (again,) = tgn.read_games(io.StringIO(mended), strict=True)
    assert again.valid, again.errors
    # Several readings replay a short sheet with its last move wrong: the paper
    # decides, and nothing is mended.
    (short,) = tgn.read_games(
        io.StringIO('[Game "toguz-kumalak"]\n\n1. 87(10) 87(10) 2. 22 11X *\n')
    )
    assert not short.valid and short.mended() is None


def test_diff_is_the_clis_pair(tmp_path, tgn_cli):
    a = sheet(tmp_path)
    b = tmp_path / "other.pgn"
    b.write_text(SLIPPED.replace("47(55)", "74(55)").replace('"0-1"', '"1-0"'))
    (game_a,) = tgn.read_games(a)
    (game_b,) = tgn.read_games(b)
    (pair,) = json.loads(tgn_cli("diff", "--format", "json", a, b))
    assert tgn.diff(game_a, game_b) == pair
    assert not pair["agree"]
    assert tgn.diff(game_a, game_a)["agree"]
