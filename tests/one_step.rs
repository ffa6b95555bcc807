//! One move step (issue 51): an illegal move of every game gives the same code, rule
//! and sentence through every command that reads it: `check --format json`, the quick
//! path's verdict (`check -q`), `diagram` at its ply, `analyze` and `view`. (The
//! Python package's `IllegalMove` is held to `check` in python/tests.)

use tgn::games::registry::{GameVisitor, all_games};
use tgn::games::{GameInfo, Rules, Setup};
use tgn::replay::{ErrorCode, step};

use crate::common::{json_lines, run};

/// Two moves, each legal at the start, of which the second is illegal once the first
/// is played (a point taken, a piece gone): an illegal move any game can be given.
struct IllegalSecond;

impl GameVisitor for IllegalSecond {
    type Output = Option<(String, String)>;
    fn visit<R: Rules>(self, info: &'static GameInfo) -> Self::Output {
        let rules = R::configure(&Setup::new(info, &[], &[])).ok()?;
        let start = rules.start_position();
        let written: Vec<String> = rules
            .legal_moves(&start)
            .iter()
            .map(|mv| rules.write_move(&start, mv))
            .collect();
        for first in &written {
            let mut after = start.clone();
            rules.play(&mut after, &step(&rules, &start, first).ok()?);
            if rules.unfinished_turn(&after).is_some() {
                continue;
            }
            for second in &written {
                if step(&rules, &after, second).is_err_and(|r| r.code == ErrorCode::Illegal) {
                    return Some((first.clone(), second.clone()));
                }
            }
        }
        None
    }
}

#[test]
fn issue51_an_illegal_move_reads_the_same_through_every_command() {
    let dir = tempfile::tempdir().unwrap();
    let mut checked = 0;
    for found in all_games() {
        let id = found.info.id;
        let (first, second) = found
            .dispatch(IllegalSecond)
            .unwrap_or_else(|| panic!("{id}: no second move found illegal"));
        let path = dir.path().join(format!("{id}.pgn"));
        let record = format!("[Game \"{id}\"]\n[Result \"*\"]\n\n1. {first} {second} *\n");
        std::fs::write(&path, record).unwrap();
        let file = path.to_str().unwrap();

        let check = run(&["check", "--format", "json", file]);
        assert_eq!(check.code, 1, "{id}: {}", check.stderr);
        let error = json_lines(&check)[0]["errors"][0].clone();
        assert_eq!(error["code"], "illegal", "{id}: {error}");
        assert_eq!(error["ply"], 2, "{id}: {error}");
        assert_eq!(error["token"], second.as_str(), "{id}");
        let message = error["message"].as_str().unwrap();

        let quick = run(&["check", "-q", file]);
        assert_eq!(quick.code, 1, "{id}: the quick path's verdict");
        assert!(
            quick.stdout.contains("0 valid, 1 invalid"),
            "{id}: {}",
            quick.stdout
        );

        let diagram = run(&["diagram", "--ply", "2", file]);
        assert_eq!(
            diagram.code, 2,
            "{id}: no ply 2 to draw: {}",
            diagram.stderr
        );
        assert!(
            diagram
                .stderr
                .contains(&format!("ply 2 ({second}): {message}")),
            "{id}: diagram said {}, check said {message}",
            diagram.stderr
        );

        let analyze = run(&["analyze", "--nodes", "50", "--format", "json", file]);
        let analyzed = &json_lines(&analyze)[0];
        let said = &analyzed["errors"][0];
        for key in ["code", "rule", "message", "ply", "token"] {
            assert_eq!(said[key], error[key], "{id}: analyze's {key}");
        }
        let moves = analyzed["moves"].as_array().unwrap();
        let evaluated = moves.iter().filter(|m| m.get("eval").is_some()).count();
        assert_eq!(evaluated, 1, "{id}: analyze stops at the illegal move");

        let page = dir.path().join(format!("{id}.html"));
        let view = run(&["view", file, "-o", page.to_str().unwrap()]);
        assert_eq!(view.code, 1, "{id}: {}", view.stderr);
        let html = std::fs::read_to_string(&page).unwrap();
        let quoted = serde_json::to_string(message).unwrap();
        assert!(
            html.contains(quoted.trim_matches('"')),
            "{id}: view shows {message}"
        );
        checked += 1;
    }
    assert_eq!(checked, all_games().count());
}
