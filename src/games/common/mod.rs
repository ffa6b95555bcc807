//! Pieces of game machinery shared by several games: point graphs for lattice boards
//! (draughts, alquerque, mill and grid boards) and what is built on them.

pub mod alquerque;
pub mod board;
pub mod capture;
pub mod draughts;
pub mod drawing;
pub mod placement;

pub use board::{Board, Dir, Point};
