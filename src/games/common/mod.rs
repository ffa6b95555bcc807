//! Pieces of game machinery shared by several games: point graphs for lattice boards
//! (draughts, alquerque, mill and grid boards) and what is built on them.

pub mod board;
pub mod capture;
pub mod draughts;
pub mod mancala;
pub mod score;

pub use board::{Board, Dir, Point};
