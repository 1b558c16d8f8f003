//! The key of a variant's record: a leaf that the families' rules types hold (to say which
//! variant they are) without depending on the registry, which depends on them.

/// Every variant: the key of its record in `VARIANTS` (`super::registry`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Variant {
    Alhambra,
    Granada,
    Reinforcements,
    QueenOfItaly,
    QueenOfItalyOpen,
    GeneralsPatience,
    BlondesAndBrunettes,
    FallingStar,
    Redheads,
    Algerian,
    Carthage,
    AlgerianParlett,
    CrazyQuilt,
    IndianCarpet,
    PersianRug,
}

impl Variant {
    /// How many variants there are (the registry's length).
    pub const COUNT: usize = 15;
}
