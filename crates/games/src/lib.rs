//! Cards, deals and the game families of the `patience` solver.
//!
//! Each family is one module that implements [`game::Game`] (and [`game::PlayerView`],
//! [`game::Notation`]) with a compact, exact state; the rule book is `RULES.md` (section numbers
//! are cited throughout).

pub mod algerian;
pub mod alhambra;
mod bits;
pub mod card;
pub mod cardseq;
pub mod deal;
pub mod fingerprint;
pub mod foundations;
pub mod game;
pub mod layout;
pub mod packed;
pub mod passes;
pub mod queen;
pub mod quilt;
pub mod rules;
pub mod variant;

#[cfg(test)]
mod size_tests;
