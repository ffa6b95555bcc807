//! How close a move is to what was written: the slips of a pen, weighed.
//!
//! The text written is compared with each way of writing the move (its canonical text
//! and the shorter forms of it that name the same move) by an edit distance over
//! characters that counts the slips a score sheet shows: two neighbours transposed
//! (`67` for `76`), one character changed (`86`), one added or left out. A form
//! longer or shorter than what was written costs a little more, so that a pit number
//! alone (`7`) does not look as close to `67` as `76` does. When the text names the
//! move once its marks are set aside ([`Rules::unmarked`](crate::games::Rules::unmarked)),
//! only the marks are wrong: the closest of slips.

/// The cost of one character changed, added or left out.
const CHANGE: f32 = 1.0;
/// Two neighbouring characters written in the wrong order: the commonest slip.
const TRANSPOSE: f32 = 0.7;
/// Each character by which a form's length differs from the text written.
const LENGTH: f32 = 0.5;
/// The factor for a move the text names but for its marks.
pub const MARKS_ONLY: f32 = 0.9;

/// The weighted optimal-string-alignment distance between `written` and `form`:
/// changes, additions, omissions and transpositions of neighbours, each character
/// touched once.
pub fn distance(written: &str, form: &str) -> f32 {
    let a: Vec<char> = written.chars().collect();
    let b: Vec<char> = form.chars().collect();
    let width = b.len() + 1;
    let mut d = vec![0.0f32; (a.len() + 1) * width];
    for (i, cell) in d.iter_mut().step_by(width).enumerate() {
        *cell = i as f32 * CHANGE;
    }
    for (j, cell) in d.iter_mut().take(width).enumerate() {
        *cell = j as f32 * CHANGE;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let same = a[i - 1] == b[j - 1];
            let mut best = (d[(i - 1) * width + j - 1] + if same { 0.0 } else { CHANGE })
                .min(d[(i - 1) * width + j] + CHANGE)
                .min(d[i * width + j - 1] + CHANGE);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] && !same {
                best = best.min(d[(i - 2) * width + j - 2] + TRANSPOSE);
            }
            d[i * width + j] = best;
        }
    }
    d[a.len() * width + b.len()]
}

/// How close `form` is to `written`: the distance, and a little for each character
/// of length between them.
pub fn closeness(written: &str, form: &str) -> f32 {
    let (w, f) = (written.chars().count(), form.chars().count());
    distance(written, form) + LENGTH * w.abs_diff(f) as f32
}

/// The least [`closeness`] of a form of `form` characters to a text of `written`:
/// each character of length between them is one added or left out.
pub fn least_closeness(written: usize, form: usize) -> f32 {
    (CHANGE + LENGTH) * written.abs_diff(form) as f32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slips_of_the_pen_cost_what_they_are() {
        assert_eq!(distance("76", "76"), 0.0);
        assert_eq!(distance("67", "76"), TRANSPOSE);
        assert_eq!(distance("86", "76"), CHANGE);
        assert_eq!(distance("76", "76(22)"), 4.0 * CHANGE);
        assert_eq!(distance("d2xe4", "d2"), 3.0 * CHANGE);
        assert_eq!(distance("", "ab"), 2.0 * CHANGE);
        assert_eq!(distance("c3-d4", "c3-b4"), CHANGE);
    }

    #[test]
    fn a_shorter_form_is_not_as_close_as_a_transposition() {
        assert!(closeness("67", "76") < closeness("67", "7"));
        assert!(closeness("67", "76") < closeness("67", "76(22)"));
    }

    #[test]
    fn no_form_is_closer_than_its_length_allows() {
        for (written, form) in [
            ("67", "76(22)"),
            ("a1-k1", "a1"),
            ("d2xe4xg6", "d2"),
            ("7", "77"),
        ] {
            let (w, f) = (written.chars().count(), form.chars().count());
            assert!(least_closeness(w, f) <= closeness(written, form));
        }
    }
}
