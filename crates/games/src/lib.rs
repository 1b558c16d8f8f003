//! Cards, deals and the game families of the `patience` solver.
//!
//! Each family is one module that implements [`game::Game`] with a compact, exact state; the
//! rule book is `RULES.md` (section numbers are cited throughout).

pub mod alhambra;
pub mod card;
pub mod cardseq;
pub mod deal;
pub mod foundations;
pub mod game;
pub mod layout;
pub mod packed;
pub mod quilt;
pub mod variant;
