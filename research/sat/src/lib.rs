//! A complete SAT model of `alhambra` (RULES.md §2; issue 34): every legal winning game from a
//! position is a model of the formula, so an unsatisfiable formula proves the position lost; every
//! model decodes into a solution, which the reference rules replay before "won" is reported. The
//! proofs are in `PROOF.md` beside this crate; the design note is `research/sat/DESIGN.md`.
//!
//! * [`problem`]: the position read as the static talon order L, reserves and foundation heights;
//! * [`model`]: the clauses (macro steps over L, each with one action);
//! * [`solve`]: CaDiCaL under a conflict budget, the decoding and the replay.

pub mod model;
pub mod problem;
pub mod solve;

pub use model::Encoding;
pub use problem::Problem;
pub use solve::{Budget, Config, SatRun, SatVerdict, solve};
