"""Issue 52, item 5: the schemas validate with python-jsonschema, the validator most
users have, as docs/format.md tells them to: `tgn schema NAME` prints a schema that
holds every definition it needs, given to the validator alone."""

import json

import pytest
from conftest import RECORDS, REPO

jsonschema = pytest.importorskip("jsonschema")

SHEET = RECORDS / "toguz-kumalak" / "score-sheet.pgn"


def printed(tgn_cli, name):
    return json.loads(tgn_cli("schema", name))


def lines(text):
    return [json.loads(line) for line in text.splitlines()]


def test_every_output_validates_against_its_printed_schema(tgn_cli):
    outputs = {
        "check": lines(tgn_cli("check", "--format", "json", RECORDS)),
        "game": lines(tgn_cli("convert", "--to", "jsonl", RECORDS)),
        "summary": [json.loads(tgn_cli("summarize", "--format", "json", RECORDS))],
        "diff": [json.loads(tgn_cli("diff", "--format", "json", SHEET, SHEET))],
        "analysis-summary": [
            json.loads(tgn_cli("analyze", "--summary", "--format", "json", "--nodes", "50", SHEET))
        ],
        "games": [json.loads(tgn_cli("games", "--format", "json"))],
    }
    for name, values in outputs.items():
        schema = printed(tgn_cli, name)
        jsonschema.Draft202012Validator.check_schema(schema)
        assert values, name
        for value in values:
            jsonschema.validate(value, schema)
    broken = dict(outputs["check"][0], outcome={"result": "maybe"})
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(broken, printed(tgn_cli, "check"))


def test_the_published_file_alone_needs_a_registry_which_the_printed_one_does_not(tgn_cli):
    line = lines(tgn_cli("check", "--format", "json", SHEET))[0]
    published = json.loads((REPO / "docs/schema/check.schema.json").read_text())
    with pytest.raises(Exception, match="game.schema.json"):
        jsonschema.validate(line, published)
    jsonschema.validate(line, printed(tgn_cli, "check"))
