//! Issue 36 on whole sheets: the search, and the checkpoints it must satisfy.

use crate::record::parse_games;
use crate::record::parser::Origin;
use crate::replay::{Detail, ErrorCode, Settings, replay};

/// A real PlayOK sheet (the archive's first game), with `{…}` comments allowed in it.
const SHEET: &str = "1. 87(10) 87(10) 2. 22 99(22) 3. 23 12(24) 4. 68X 25 5. 79 \
36(26) 6. 78 93(42) 7. 16 49(46) 8. 86 91X 9. 41 91 10. 53 16 11. 92 74(55) 12. 36 \
92(64) 13. 81 13 14. 89 29 15. 92(22) 49 16. 34 31 17. 91 34 18. 71(28) 46 19. 61 12 \
20. 56 23 21. 56 34 22. 78 45 23. 81 45 24. 92 23 25. 68 34 26. 78 12 27. 81(30) 23 \
28. 91 12 29. 91 12 30. 89 45 31. 91 34 32. 45 45 33. 78 23 34. 56 12 35. 45 23 36. \
56 23 37. 68 35 38. 78 45 39. 81 34 40. 89 12 41. 91 12 42. 91 12 43. 67 24 44. 78 23 \
45. 89 34 46. 91 12 0-1";

fn settings() -> Settings {
    Settings {
        game: Some("toguz-kumalak".to_string()),
        detail: Detail {
            suggestions: true,
            ..Detail::MOVES
        },
        ..Settings::default()
    }
}

fn replayed(movetext: &str) -> crate::replay::Replay {
    let text = format!("[Result \"0-1\"]\n\n{movetext}\n");
    replay(
        &parse_games(&text, Origin::default()).remove(0),
        &settings(),
    )
}

#[test]
fn the_sheet_as_played_is_valid_and_gets_no_suggestions() {
    let played = replayed(SHEET);
    assert!(played.is_valid(), "{:?}", played.errors);
    assert!(played.mend.is_none());
}

#[test]
fn issue_36_transposed_digits_are_read_as_played() {
    let played = replayed(&SHEET.replace("74(55)", "47(55)"));
    assert!(!played.is_valid());
    let mend = played.mend.expect("suggestions for an invalid sheet");
    let best = mend
        .unique()
        .expect("one reading in which everything agrees");
    assert_eq!(best.edits.len(), 1);
    let edit = &best.edits[0];
    assert_eq!(edit.kind, super::EditKind::Replace);
    assert_eq!(edit.ply, 22);
    assert_eq!(edit.written.as_deref(), Some("47(55)"));
    assert_eq!(edit.correction.as_deref(), Some("74(55)"));
    assert!(best.replays_to_end && best.marks_agree);
}

#[test]
fn issue_36_a_move_written_twice_is_deleted() {
    let played = replayed(&SHEET.replace("16 49(46)", "16 16 49(46)"));
    let mend = played.mend.expect("suggestions for an invalid sheet");
    let best = &mend.suggestions[0];
    assert!(best.agrees());
    assert_eq!(best.edits[0].kind, super::EditKind::Delete);
}

#[test]
fn issue_36_a_position_checkpoint_that_agrees_is_no_error() {
    let played = replayed(SHEET);
    let end = played.end.as_ref().unwrap().position.clone();
    let with = SHEET.replace(" 0-1", &format!(" {{[%pos {end}]}} 0-1"));
    let again = replayed(&with);
    assert!(again.is_valid(), "{:?}", again.errors);
}

#[test]
fn issue_36_a_checkpoint_that_disagrees_is_an_error_at_its_ply() {
    let with = SHEET.replace("74(55)", "74(55) {[%kazans 10 54]}");
    let played = replayed(&with);
    let error = played
        .errors
        .iter()
        .find(|e| e.code == ErrorCode::Checkpoint)
        .expect("a checkpoint error");
    assert_eq!(error.ply, Some(22));
    assert!(error.message.contains("not 10 and 54"), "{}", error.message);
}

#[test]
fn issue_36_suggestions_satisfy_the_checkpoints() {
    // The transposition of the test above, and a checkpoint later that no reading
    // satisfies: none agrees throughout, and `fix --mend` would apply none.
    let with = SHEET
        .replace("74(55)", "47(55)")
        .replace("81(30)", "81(30) {[%kazans 0 0]}");
    let mend = replayed(&with).mend.expect("suggestions");
    assert!(!mend.suggestions.is_empty());
    assert_eq!(mend.agreeing(), 0);
    assert!(mend.unique().is_none());
}
