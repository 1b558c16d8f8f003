//! The registry: one record a variant (RULES.md §2–5), in the order of [`Variant`]. A record is
//! everything the code knows of a variant: its names, PySolFC id, rule-book section, the deal's
//! hook, its family with every rule parameter that family's code reads (the family's *shape*) and
//! the options' defaults, and its pipeline tuning.
//!
//! A new variant of an existing family is an arm of [`Variant`] and its record here (plus its
//! reference rules' entry and its tests); the family's code reads the shape, never a name.

use super::pysol::{
    ALGERIAN_STACKS, ALHAMBRA_STACKS, Pysol, QUEEN_STACKS, SAME_FOUNDATIONS, SUITS_SIDE_BY_SIDE,
};
use super::tuning::{self, Tuning};
use super::{Rules, Variant, VariantInfo};
use crate::algerian::{AlgerianFoundations, AlgerianRules, AlgerianShape, DepotBuilding};
use crate::alhambra::{AlhambraRules, AlhambraShape};
use crate::deal::Hook::{self, AcesKingsToTop, KingsToTop};
use crate::queen::{QueenRules, QueenShape};
use crate::quilt::{QuiltRules, QuiltShape};
use crate::rules::ReserveSpace;

const ALHAMBRA: AlhambraShape =
    AlhambraShape { reserves: 8, reserve_depth: 4, wastes: 1, refills: false };

/// Queen of Italy (Terrace): 11 on the terrace, nine piles, the base chosen, gaps filled by force.
const QUEEN_OF_ITALY: QueenShape = QueenShape {
    terrace: 11,
    rows: 9,
    base_chosen: true,
    forced_fills: true,
    suited_foundations: false,
    terrace_fills_gaps: false,
    foundation_to_tableau_option: false,
};
/// The dealt-base variants (blondes-and-brunettes, falling-star, redheads) differ from it in the
/// base, the terrace's size and, for redheads, its gaps and piles.
const QUEEN_DEALT_BASE: QueenShape = QueenShape { base_chosen: false, ..QUEEN_OF_ITALY };

const ALGERIAN: AlgerianShape = AlgerianShape {
    foundation_bases: 4,
    depot_cards: 8,
    reserve_depth: 6,
    foundations: AlgerianFoundations::UpAndDown,
    depots: DepotBuilding::UpOrDownWrapping,
    last_deal_to_depots: true,
};

const QUILT: QuiltShape = QuiltShape { reserves: false };

/// Every variant's record, in the order of [`Variant`] (a test checks it).
pub static VARIANTS: [VariantInfo; Variant::COUNT] = [
    VariantInfo {
        variant: Variant::Alhambra,
        name: "alhambra",
        aliases: &[],
        pysol: Some(Pysol {
            id: 234,
            rules: "empty-waste-any=true",
            stacks: ALHAMBRA_STACKS,
            foundations: SAME_FOUNDATIONS,
        }),
        section: "§2",
        hook: AcesKingsToTop,
        rules: Rules::Alhambra(AlhambraRules::with_shape(Variant::Alhambra, ALHAMBRA)),
        tuning: Tuning::DEFAULT,
    },
    VariantInfo {
        variant: Variant::Granada,
        name: "granada",
        aliases: &[],
        pysol: Some(Pysol {
            id: 465,
            rules: "empty-waste-any=true",
            stacks: ALHAMBRA_STACKS,
            foundations: SAME_FOUNDATIONS,
        }),
        section: "§2",
        hook: AcesKingsToTop,
        rules: Rules::Alhambra(AlhambraRules::with_shape(
            Variant::Granada,
            AlhambraShape { wastes: 4, ..ALHAMBRA },
        )),
        tuning: Tuning::DEFAULT,
    },
    VariantInfo {
        variant: Variant::Reinforcements,
        name: "reinforcements",
        aliases: &["the-reinforcements", "grants-reinforcement"],
        pysol: Some(Pysol {
            id: 609,
            rules: "pf-refill-timing=true",
            stacks: ALHAMBRA_STACKS,
            foundations: SAME_FOUNDATIONS,
        }),
        section: "§2",
        hook: AcesKingsToTop,
        rules: Rules::Alhambra(AlhambraRules::with_shape(
            Variant::Reinforcements,
            AlhambraShape { reserves: 4, reserve_depth: 12, wastes: 1, refills: true },
        )),
        tuning: Tuning::DEFAULT,
    },
    VariantInfo {
        variant: Variant::QueenOfItaly,
        name: "queen-of-italy",
        aliases: &["terrace"],
        pysol: Some(Pysol {
            id: 135,
            rules: "",
            stacks: QUEEN_STACKS,
            foundations: SAME_FOUNDATIONS,
        }),
        section: "§3",
        hook: Hook::None,
        rules: Rules::Queen(QueenRules::with_shape(Variant::QueenOfItaly, QUEEN_OF_ITALY)),
        tuning: Tuning::DEFAULT,
    },
    VariantInfo {
        variant: Variant::QueenOfItalyOpen,
        name: "queen-of-italy-open",
        aliases: &[],
        pysol: Some(Pysol {
            id: 431,
            rules: "foundation-to-tableau=true",
            stacks: QUEEN_STACKS,
            foundations: SAME_FOUNDATIONS,
        }),
        section: "§3",
        hook: Hook::None,
        rules: Rules::Queen(QueenRules::with_shape(
            Variant::QueenOfItalyOpen,
            QueenShape {
                forced_fills: false,
                foundation_to_tableau_option: true,
                ..QUEEN_OF_ITALY
            },
        )),
        tuning: tuning::QUEEN_OF_ITALY_OPEN,
    },
    VariantInfo {
        variant: Variant::GeneralsPatience,
        name: "generals-patience",
        aliases: &["general's-patience", "generals"],
        pysol: Some(Pysol {
            id: 136,
            rules: "",
            stacks: QUEEN_STACKS,
            foundations: SAME_FOUNDATIONS,
        }),
        section: "§3",
        hook: Hook::None,
        rules: Rules::Queen(QueenRules::with_shape(
            Variant::GeneralsPatience,
            QueenShape { terrace: 13, suited_foundations: true, ..QUEEN_OF_ITALY },
        )),
        tuning: Tuning::DEFAULT,
    },
    VariantInfo {
        variant: Variant::BlondesAndBrunettes,
        name: "blondes-and-brunettes",
        aliases: &[],
        pysol: Some(Pysol {
            id: 137,
            rules: "",
            stacks: QUEEN_STACKS,
            foundations: SAME_FOUNDATIONS,
        }),
        section: "§3",
        hook: Hook::None,
        rules: Rules::Queen(QueenRules::with_shape(
            Variant::BlondesAndBrunettes,
            QueenShape { terrace: 10, ..QUEEN_DEALT_BASE },
        )),
        tuning: tuning::QUEEN_LONG_WALKS,
    },
    VariantInfo {
        variant: Variant::FallingStar,
        name: "falling-star",
        aliases: &[],
        pysol: Some(Pysol {
            id: 138,
            rules: "",
            stacks: QUEEN_STACKS,
            foundations: SAME_FOUNDATIONS,
        }),
        section: "§3",
        hook: Hook::None,
        rules: Rules::Queen(QueenRules::with_shape(Variant::FallingStar, QUEEN_DEALT_BASE)),
        tuning: tuning::QUEEN_LONG_WALKS,
    },
    VariantInfo {
        variant: Variant::Redheads,
        name: "redheads",
        aliases: &[],
        pysol: None,
        section: "§3",
        hook: Hook::None,
        rules: Rules::Queen(QueenRules::with_shape(
            Variant::Redheads,
            QueenShape { terrace: 21, rows: 8, terrace_fills_gaps: true, ..QUEEN_DEALT_BASE },
        )),
        tuning: tuning::REDHEADS,
    },
    VariantInfo {
        variant: Variant::Algerian,
        name: "algerian",
        aliases: &["algerian-patience"],
        pysol: Some(Pysol {
            id: 322,
            rules: "",
            stacks: ALGERIAN_STACKS,
            foundations: SAME_FOUNDATIONS,
        }),
        section: "§4",
        hook: KingsToTop,
        rules: Rules::Algerian(AlgerianRules::with_shape(
            Variant::Algerian,
            ALGERIAN,
            ReserveSpace::Any,
        )),
        tuning: Tuning::DEFAULT,
    },
    VariantInfo {
        variant: Variant::Carthage,
        name: "carthage",
        aliases: &[],
        pysol: Some(Pysol {
            id: 321,
            rules: "",
            stacks: ALGERIAN_STACKS,
            foundations: SUITS_SIDE_BY_SIDE,
        }),
        section: "§4",
        hook: Hook::None,
        rules: Rules::Algerian(AlgerianRules::with_shape(
            Variant::Carthage,
            AlgerianShape {
                foundation_bases: 0,
                foundations: AlgerianFoundations::UpInPairs,
                depots: DepotBuilding::Down,
                last_deal_to_depots: false,
                ..ALGERIAN
            },
            ReserveSpace::Any,
        )),
        tuning: tuning::CARTHAGE,
    },
    VariantInfo {
        variant: Variant::AlgerianParlett,
        name: "algerian-parlett",
        aliases: &[],
        pysol: None,
        section: "§4",
        hook: Hook::None,
        rules: Rules::Algerian(AlgerianRules::with_shape(
            Variant::AlgerianParlett,
            AlgerianShape { foundation_bases: 0, depot_cards: 12, reserve_depth: 4, ..ALGERIAN },
            ReserveSpace::AfterStock,
        )),
        tuning: Tuning::DEFAULT,
    },
    VariantInfo {
        variant: Variant::CrazyQuilt,
        name: "crazy-quilt",
        aliases: &["quilt", "japanese-rug"],
        pysol: None,
        section: "§5",
        hook: AcesKingsToTop,
        rules: Rules::Quilt(QuiltRules::with_shape(Variant::CrazyQuilt, QUILT, 1)),
        tuning: tuning::QUILT,
    },
    VariantInfo {
        variant: Variant::IndianCarpet,
        name: "indian-carpet",
        aliases: &[],
        pysol: None,
        section: "§5",
        hook: AcesKingsToTop,
        rules: Rules::Quilt(QuiltRules::with_shape(Variant::IndianCarpet, QUILT, 2)),
        tuning: tuning::QUILT,
    },
    VariantInfo {
        variant: Variant::PersianRug,
        name: "persian-rug",
        aliases: &[],
        pysol: None,
        section: "§5",
        hook: AcesKingsToTop,
        rules: Rules::Quilt(QuiltRules::with_shape(
            Variant::PersianRug,
            QuiltShape { reserves: true },
            0,
        )),
        tuning: tuning::QUILT,
    },
];
