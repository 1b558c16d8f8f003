//! A variant's pipeline tuning, kept in its record (`registry.rs`): how the solving pipeline
//! (`patience_solver::pipeline`) splits a deal's budget of positions between its phases, and how
//! long the lookahead's walks are. Plain numbers, so that the games crate, which holds the
//! records, needs nothing of the solver's.
//!
//! Every value other than the default was measured on whole studies and then validated on seeds
//! that chose nothing; why each was kept is in `results/bench/tuning.md`.

/// A split's shares of the budget, in thousandths; the final search takes what is left.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shares {
    pub probe: u64,
    pub stricter: u64,
    pub lookahead: u64,
    pub hedged: u64,
}

/// The default split: the probe a tenth, the lookahead four tenths, the hedged lookahead two, the
/// search three (enough for the deep losses and wins measured; `results/bench/tuning.md`).
pub const DEFAULT_SHARES: Shares = Shares { probe: 100, stricter: 0, lookahead: 400, hedged: 200 };

/// The lookahead's positions per child in its first walk, by default.
pub const DEFAULT_WALK: u64 = 250;

/// How the pipeline decides a variant's deals.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tuning {
    /// The split of the deal's budget between the phases.
    pub shares: Shares,
    /// The split of the stricter phase's own budget between the phases it runs on the stricter
    /// game.
    pub stricter_split: Shares,
    /// The lookahead's (and hedged lookahead's) positions per child in the first walk; each next
    /// walk four times as many. (The stricter phase's walks keep [`DEFAULT_WALK`].)
    pub walk: u64,
}

impl Tuning {
    /// The default tuning.
    pub const DEFAULT: Tuning =
        Tuning { shares: DEFAULT_SHARES, stricter_split: DEFAULT_SHARES, walk: DEFAULT_WALK };

    /// The default tuning with the split `shares`.
    pub const fn split(shares: Shares) -> Tuning {
        Tuning { shares, ..Tuning::DEFAULT }
    }
}

/// carthage: the stricter game (home first, no foundation-to-depot move) with nine tenths, its
/// own split inside; no lookahead of the game itself.
pub(super) const CARTHAGE: Tuning = Tuning {
    shares: Shares { probe: 100, stricter: 900, lookahead: 0, hedged: 0 },
    stricter_split: Shares { probe: 100, stricter: 0, lookahead: 400, hedged: 0 },
    walk: DEFAULT_WALK,
};

/// queen-of-italy-open: queen-of-italy's forced fills as the stricter game, then a long
/// lookahead; no hedge (it won none of its deals).
pub(super) const QUEEN_OF_ITALY_OPEN: Tuning =
    Tuning::split(Shares { probe: 100, stricter: 300, lookahead: 600, hedged: 0 });

/// The streamlined Queen of Italy variants (blondes-and-brunettes, falling-star, redheads): the
/// home-first stricter game with two tenths, the hedged walks with five.
const QUEEN_STREAMLINED: Shares = Shares { probe: 100, stricter: 200, lookahead: 200, hedged: 500 };
pub(super) const REDHEADS: Tuning = Tuning::split(QUEEN_STREAMLINED);
/// blondes-and-brunettes and falling-star also walk 600 positions a move (not 250).
pub(super) const QUEEN_LONG_WALKS: Tuning =
    Tuning { walk: 600, ..Tuning::split(QUEEN_STREAMLINED) };

/// The Crazy Quilt family: the streamliner (home first, no build onto the waste that frees no
/// quilt card) with two fifths, taken from the final search and the lookahead.
pub(super) const QUILT: Tuning =
    Tuning::split(Shares { probe: 100, stricter: 400, lookahead: 300, hedged: 200 });
