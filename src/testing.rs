//! Helpers for the unit tests of any layer (the record reader's and the games' alike).

/// Every text made of at most `most` of the `pieces`, one after another (with
/// repeats): the inputs on which a quick reading is held to its full one.
pub fn concatenations(pieces: &[&str], most: usize) -> Vec<String> {
    let mut texts = vec![String::new()];
    let mut last = texts.clone();
    for _ in 0..most {
        last = last
            .iter()
            .flat_map(|t| pieces.iter().map(move |p| format!("{t}{p}")))
            .collect();
        texts.extend(last.iter().cloned());
    }
    texts
}
