//! Point-graph boards drawn as text: every point as one character, and the lines
//! between them as `-`, `|`, `/` and `\` on the cells in between, so that a board's
//! diagonals and odd shapes (the triangles of the hunt boards) show as they are.
//!
//! Points sit two columns and two rows apart; a line longer than one lattice step (the
//! base of a triangle, `a1`–`c1`) fills every cell it crosses.

use super::board::{Board, Dir, Point};

/// The board, top rank first: each rank's row starts with its number, the rows between
/// ranks carry the lines, and the last row names the files.
pub fn draw(board: &Board, symbol: impl Fn(Point) -> char) -> Vec<String> {
    let width = 2 * usize::from(board.files()) - 1;
    let height = 2 * usize::from(board.ranks()) - 1;
    let top = usize::from(board.ranks());
    let mut grid = vec![vec![' '; width]; height];
    let cell = |p: Point| {
        let (file, rank) = board.coords(p);
        (2 * (usize::from(file) - 1), 2 * (top - usize::from(rank)))
    };
    for p in board.points() {
        for dir in [Dir::E, Dir::N, Dir::NE, Dir::NW] {
            let Some(q) = board.step(p, dir) else {
                continue;
            };
            let mark = match dir {
                Dir::E | Dir::W => '-',
                Dir::N | Dir::S => '|',
                Dir::NE | Dir::SW => '/',
                Dir::NW | Dir::SE => '\\',
            };
            let ((c0, r0), (c1, r1)) = (cell(p), cell(q));
            let steps = c0.abs_diff(c1).max(r0.abs_diff(r1));
            for i in 1..steps {
                grid[lerp(r0, r1, i, steps)][lerp(c0, c1, i, steps)] = mark;
            }
        }
    }
    for p in board.points() {
        let (c, r) = cell(p);
        grid[r][c] = symbol(p);
    }
    let label = top.to_string().len();
    let mut lines: Vec<String> = grid
        .iter()
        .enumerate()
        .map(|(r, row)| {
            let text: String = row.iter().collect();
            let rank = if r % 2 == 0 {
                (top - r / 2).to_string()
            } else {
                String::new()
            };
            format!("{rank:>label$} {}", text.trim_end())
                .trim_end()
                .to_string()
        })
        .collect();
    let files: Vec<String> = (0..board.files())
        .map(|i| ((b'a' + i) as char).to_string())
        .collect();
    lines.push(format!("{:label$} {}", "", files.join(" ")));
    lines
}

/// `a + (b - a) * i / n` on grid indices: the `i`-th of `n` steps from `a` to `b`.
pub fn lerp(a: usize, b: usize, i: usize, n: usize) -> usize {
    if b >= a {
        a + (b - a) * i / n
    } else {
        a - (a - b) * i / n
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::common::hunt::board::Layout;

    #[test]
    fn the_37_point_board_shows_its_triangles_and_diagonals() {
        let board = Layout::TRIANGLES.board();
        let text = draw(&board, |_| '.').join("\n");
        let expected = "\
9 .---.---.
   \\  |  /
8   .-.-.
     \\|/
7 .-.-.-.-.
  |\\|/|\\|/|
6 .-.-.-.-.
  |/|\\|/|\\|
5 .-.-.-.-.
  |\\|/|\\|/|
4 .-.-.-.-.
  |/|\\|/|\\|
3 .-.-.-.-.
     /|\\
2   .-.-.
   /  |  \\
1 .---.---.
  a b c d e";
        assert_eq!(text, expected);
    }
}
