//! Pieces of game machinery shared by several games: point graphs for lattice boards
//! (draughts, alquerque, mill and grid boards, with fast point sets for
//! grids of any size) and what is built on them.

pub mod board;
pub mod capture;
pub mod colour;
pub mod draughts;
pub mod grid;

pub use board::{Board, Dir, Point};
