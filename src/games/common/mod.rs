//! Pieces of game machinery shared by several games: point graphs for lattice boards
//! (draughts, alquerque, mill and grid boards with fast point sets for grids of any
//! size, the hunt boards with triangles) and what is built on them — the chain-capture
//! search, the draughts rules, the placement phase of pieces entering from a hand, the
//! two colours of the grid games, a text drawing of any point graph, and the few
//! candidates an ambiguous move's message names.

pub mod allowance;
pub mod board;
pub mod capture;
pub mod colour;
pub mod diagram;
pub mod draughts;
pub mod drawing;
pub mod grid;
pub mod hunt;
pub mod listing;
pub mod mancala;
pub mod placement;
pub mod repetition;
pub mod score;

pub use board::{Board, Dir, Point};
