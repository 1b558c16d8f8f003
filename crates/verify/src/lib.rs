//! Replays a solution through the reference rules (`patience-reference`), an implementation that
//! shares no code with the fast game states: a "won" is only reported once it replays there.

use patience_games::algerian::{AlgerianRules, AlgerianVariant, ReserveSpace};
use patience_games::alhambra::{AlhambraRules, AlhambraVariant};
use patience_games::queen::{QueenRules, QueenVariant};
use patience_games::quilt::{QuiltRules, QuiltVariant};
use patience_games::card::Card;
use patience_games::game::Action;
use patience_games::layout::Layout;
use patience_games::variant::Rules;
use patience_reference as reference;

/// `Ok` when every move of `actions` (forced ones included) is legal from `layout` under the
/// reference rules of `rules`, and the last position is won; otherwise which move fails and why.
pub fn replay(rules: &Rules, layout: &Layout, actions: &[Action]) -> Result<(), String> {
    match rules {
        Rules::Alhambra(r) => replay_alhambra(r, layout, actions),
        Rules::Quilt(r) => replay_quilt(r, layout, actions),
        Rules::Queen(r) => replay_queen(r, layout, actions),
        Rules::Algerian(r) => replay_algerian(r, layout, actions),
    }
}

fn ids(cards: &[Card]) -> Vec<u8> {
    cards.iter().map(|c| c.id()).collect()
}
fn pile_ids(piles: &[Vec<Card>]) -> Vec<Vec<u8>> {
    piles.iter().map(|p| ids(p)).collect()
}

/// The reference layout of a layout.
pub fn reference_layout(layout: &Layout) -> reference::Layout {
    reference::Layout {
        foundations: pile_ids(&layout.foundations),
        reserves: pile_ids(&layout.reserves),
        wastes: pile_ids(&layout.wastes),
        stock_top_first: ids(&layout.stock_top_first),
    }
}

/// The reference form of a solution.
pub fn reference_moves(actions: &[Action]) -> Vec<reference::Move> {
    actions
        .iter()
        .map(|a| match a {
            Action::Card { from, to, .. } | Action::Fill { from, to, .. } => {
                reference::Move::Card { from: from.to_string(), to: to.to_string() }
            }
            Action::Deal | Action::AutoDeal => reference::Move::Deal,
            Action::Redeal => reference::Move::Redeal,
            Action::Choose(p) => reference::Move::Choose(p.to_string()),
        })
        .collect()
}

pub fn reference_variant(rules: &AlhambraRules) -> (reference::Variant, reference::Options) {
    let variant = match rules.variant {
        AlhambraVariant::Alhambra => reference::Variant::Alhambra,
        AlhambraVariant::Granada => reference::Variant::Granada,
        AlhambraVariant::Reinforcements => reference::Variant::Reinforcements,
    };
    let options = reference::Options {
        empty_waste_any: rules.empty_waste_any,
        pf_refill_timing: rules.pf_refill_timing,
        redeals: rules.redeals,
    };
    (variant, options)
}

/// `Ok` when every move is legal under the reference rules and the last position is won.
pub fn replay_alhambra(rules: &AlhambraRules, layout: &Layout, actions: &[Action]) -> Result<(), String> {
    let (variant, options) = reference_variant(rules);
    reference::replay(variant, &options, &reference_layout(layout), &reference_moves(actions))
        .map_err(|e| format!("move {} of the solution fails the reference rules: {}", e.index + 1, e.reason))
}

/// The reference form of a Crazy Quilt family layout.
pub fn reference_quilt_layout(layout: &Layout) -> reference::quilt::QuiltLayout {
    let mut quilt = [[None; 8]; 8];
    for (i, cell) in layout.quilt.iter().enumerate() {
        quilt[i / 8][i % 8] = cell.map(|c| c.id());
    }
    reference::quilt::QuiltLayout {
        foundations: pile_ids(&layout.foundations),
        quilt,
        reserves: pile_ids(&layout.reserves),
        waste: layout.wastes.first().map(|w| ids(w)).unwrap_or_default(),
        stock_top_first: ids(&layout.stock_top_first),
    }
}

pub fn reference_quilt_variant(rules: &QuiltRules) -> (reference::quilt::QuiltVariant, reference::quilt::QuiltOptions) {
    let variant = match rules.variant {
        QuiltVariant::CrazyQuilt => reference::quilt::QuiltVariant::CrazyQuilt,
        QuiltVariant::IndianCarpet => reference::quilt::QuiltVariant::IndianCarpet,
        QuiltVariant::PersianRug => reference::quilt::QuiltVariant::PersianRug,
    };
    (variant, reference::quilt::QuiltOptions { waste_wrap: rules.wrap, redeals: rules.redeals })
}

/// `Ok` when every move is legal under the reference rules and the last position is won.
pub fn replay_quilt(rules: &QuiltRules, layout: &Layout, actions: &[Action]) -> Result<(), String> {
    let (variant, options) = reference_quilt_variant(rules);
    reference::quilt::quilt_replay(variant, &options, &reference_quilt_layout(layout), &reference_moves(actions))
        .map_err(|e| format!("move {} of the solution fails the reference rules: {}", e.index + 1, e.reason))
}

/// The reference form of a Queen of Italy family layout.
pub fn reference_queen_layout(layout: &Layout) -> reference::queen::QueenLayout {
    reference::queen::QueenLayout {
        foundations: pile_ids(&layout.foundations),
        terrace: layout.terrace.as_deref().map(ids).unwrap_or_default(),
        rows: pile_ids(&layout.rows),
        waste: layout.wastes.first().map(|w| ids(w)).unwrap_or_default(),
        stock_top_first: ids(&layout.stock_top_first),
    }
}

pub fn reference_queen_variant(rules: &QueenRules) -> (reference::queen::QueenVariant, reference::queen::QueenOptions) {
    use reference::queen::QueenVariant as R;
    let variant = match rules.variant {
        QueenVariant::QueenOfItaly => R::QueenOfItaly,
        QueenVariant::QueenOfItalyOpen => R::QueenOfItalyOpen,
        QueenVariant::GeneralsPatience => R::GeneralsPatience,
        QueenVariant::BlondesAndBrunettes => R::BlondesAndBrunettes,
        QueenVariant::FallingStar => R::FallingStar,
        QueenVariant::Redheads => R::Redheads,
    };
    (variant, reference::queen::QueenOptions { redeals: rules.redeals, foundation_to_tableau: rules.foundation_to_tableau })
}

/// `Ok` when every move (forced ones included) is legal under the reference rules and the last
/// position is won.
pub fn replay_queen(rules: &QueenRules, layout: &Layout, actions: &[Action]) -> Result<(), String> {
    let (variant, options) = reference_queen_variant(rules);
    reference::queen::queen_replay(variant, &options, &reference_queen_layout(layout), &reference_moves(actions))
        .map_err(|e| format!("move {} of the solution fails the reference rules: {}", e.index + 1, e.reason))
}

/// The reference form of an Algerian family layout.
pub fn reference_algerian_layout(layout: &Layout) -> reference::algerian::AlgerianLayout {
    reference::algerian::AlgerianLayout {
        foundations: pile_ids(&layout.foundations),
        reserves: pile_ids(&layout.reserves),
        rows: pile_ids(&layout.rows),
        stock_top_first: ids(&layout.stock_top_first),
    }
}

pub fn reference_algerian_variant(rules: &AlgerianRules) -> (reference::algerian::AlgerianVariant, reference::algerian::AlgerianOptions) {
    use reference::algerian::{AlgerianVariant as R, ReserveSpace as S};
    let variant = match rules.variant {
        AlgerianVariant::Algerian => R::Algerian,
        AlgerianVariant::Carthage => R::Carthage,
        AlgerianVariant::AlgerianParlett => R::AlgerianParlett,
    };
    let reserve_space = match rules.reserve_space {
        ReserveSpace::Any => S::Any,
        ReserveSpace::AfterStock => S::AfterStock,
        ReserveSpace::Never => S::Never,
    };
    (variant, reference::algerian::AlgerianOptions { reserve_space, foundation_to_depot: rules.foundation_to_depot })
}

/// `Ok` when every move is legal under the reference rules and the last position is won.
pub fn replay_algerian(rules: &AlgerianRules, layout: &Layout, actions: &[Action]) -> Result<(), String> {
    let (variant, options) = reference_algerian_variant(rules);
    reference::algerian::algerian_replay(variant, &options, &reference_algerian_layout(layout), &reference_moves(actions))
        .map_err(|e| format!("move {} of the solution fails the reference rules: {}", e.index + 1, e.reason))
}
