//! "Did you mean": the known name nearest to one mistyped (`toguz-kumalakk` →
//! `toguz-kumalak`), for the messages that refuse a game, an option or a value. It
//! knows no game: the registry asks it of the games' names
//! ([`crate::registry::suggest`]), an option of its values.
//!
//! Nearness is the Damerau–Levenshtein distance (a letter added, dropped, changed, or
//! two swapped: `toguz-kumalka`), ignoring case. A name is suggested only when it is
//! within a third of the length of what was written (at least one edit, never all of
//! it): "mil" may mean "mill"; "board" means no game at all, nor "9" the value "4".

/// The name of `known` nearest to `written`, if one is near enough to be meant.
/// Ties go to the first, so that the order of `known` decides (the registry's order
/// for games).
pub fn nearest<'a>(written: &str, known: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let wanted = written.to_lowercase();
    let within = (wanted.chars().count() / 3).max(1);
    known
        .into_iter()
        .map(|name| {
            (
                strsim::damerau_levenshtein(&wanted, &name.to_lowercase()),
                name,
            )
        })
        // Never a name with nothing of what was written (`9` for `4`).
        .filter(|&(distance, _)| distance <= within && distance < wanted.chars().count())
        .min_by_key(|&(distance, _)| distance)
        .map(|(_, name)| name)
}

/// ` (did you mean "NAME"?)`, or nothing: the end of a message that refuses a name.
pub fn did_you_mean(suggestion: Option<&str>) -> String {
    suggestion.map_or(String::new(), |name| format!(" (did you mean \"{name}\"?)"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_near_name_is_suggested() {
        let values = ["all", "mill", "off"];
        assert_eq!(nearest("mil", values), Some("mill"));
        assert_eq!(nearest("Al", values), Some("all"));
        assert_eq!(nearest("everything", values), None);
        assert_eq!(nearest("MILL", values), Some("mill"));
        assert_eq!(nearest("9", ["4", "5"]), None);
        assert_eq!(did_you_mean(Some("mill")), " (did you mean \"mill\"?)");
        assert_eq!(did_you_mean(None), "");
    }
}
