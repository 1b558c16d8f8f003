//! Replays a solution through the reference rules (`patience-reference`), an implementation that
//! shares no code with the fast game states: a "won" is only reported once it replays there. Also
//! runs the reference's plain search on a layout of the fast games (the differential tests'
//! oracle).
//!
//! There is no code here per family: the reference is reached by name ([`NamedGame`]): the
//! variant's registry name, its options by their command-line names with their values (both from
//! the games crate's [`Rules`]), the layout as neutral [`Piles`] of card ids, the moves by their
//! pile names. A new variant or option needs no change here, only its reading in the reference.

use patience_games::card::Card;
use patience_games::game::Action;
use patience_games::layout::Layout;
use patience_games::variant::Rules;
use patience_reference::{Move, NamedGame, Piles, PlainOutcome};

/// The reference's neutral form of a layout: the same piles as card ids.
pub fn piles(layout: &Layout) -> Piles {
    let ids = |cards: &[Card]| cards.iter().map(|c| c.id()).collect::<Vec<u8>>();
    let pile_ids = |piles: &[Vec<Card>]| piles.iter().map(|p| ids(p)).collect::<Vec<_>>();
    Piles {
        foundations: pile_ids(&layout.foundations),
        reserves: pile_ids(&layout.reserves),
        terrace: layout.terrace.as_deref().map(ids).unwrap_or_default(),
        rows: pile_ids(&layout.rows),
        wastes: pile_ids(&layout.wastes),
        stock_top_first: ids(&layout.stock_top_first),
        quilt: layout.quilt.iter().map(|cell| cell.map(|c| c.id())).collect(),
        redeals_left: layout.redeals_left,
    }
}

/// The layout of the fast games for the reference's `piles` of a game of `rules` (the inverse of
/// [`piles`]): the waste piles the game names (empty ones included), the terrace if it has one.
pub fn layout_of_piles(rules: &Rules, piles: &Piles) -> Result<Layout, String> {
    let card = |id: u8| Card::from_id(id).ok_or_else(|| format!("the reference gave card id {id}"));
    let cards = |ids: &[u8]| ids.iter().map(|&id| card(id)).collect::<Result<Vec<Card>, String>>();
    let pile_cards =
        |piles: &[Vec<u8>]| piles.iter().map(|p| cards(p)).collect::<Result<Vec<_>, String>>();
    let mut wastes = pile_cards(&piles.wastes)?;
    wastes.resize(rules.waste_names().len().max(wastes.len()), vec![]);
    Ok(Layout {
        foundations: pile_cards(&piles.foundations)?,
        terrace: if rules.has_terrace() { Some(cards(&piles.terrace)?) } else { None },
        reserves: pile_cards(&piles.reserves)?,
        rows: pile_cards(&piles.rows)?,
        wastes,
        stock_top_first: cards(&piles.stock_top_first)?,
        quilt: piles
            .quilt
            .iter()
            .map(|cell| cell.map(card).transpose())
            .collect::<Result<Vec<_>, String>>()?,
        redeals_left: piles.redeals_left,
    })
}

/// The position after `moves` (reference moves, each legal in turn) from `layout`, computed by
/// the reference rules, as a layout of the fast games; and the moves legal there.
pub fn position_after(
    rules: &Rules,
    layout: &Layout,
    moves: &[Move],
) -> Result<(Layout, Vec<Move>), String> {
    let (piles, legal) = reference_game(rules, layout)?
        .position_after(moves)
        .map_err(|e| format!("move {} fails the reference rules: {}", e.index + 1, e.reason))?;
    Ok((layout_of_piles(rules, &piles)?, legal))
}

/// The reference form of a solution: every action by its pile names (forced fills and automatic
/// deals are moves there too).
pub fn reference_moves(actions: &[Action]) -> Vec<Move> {
    actions
        .iter()
        .map(|a| match a {
            Action::Card { from, to, .. } | Action::Fill { from, to, .. } => {
                Move::Card { from: from.to_string(), to: to.to_string() }
            }
            Action::Deal | Action::AutoDeal => Move::Deal,
            Action::Redeal => Move::Redeal,
            Action::Choose(p) => Move::Choose(p.to_string()),
        })
        .collect()
}

/// The reference's game of `rules` (variant and options) from `layout`, or why the reference
/// cannot take it (an unknown variant or option, a layout it finds inconsistent).
pub fn reference_game(rules: &Rules, layout: &Layout) -> Result<NamedGame, String> {
    let values = rules.option_values();
    let options: Vec<(&str, &str)> =
        values.iter().map(|(name, value)| (*name, value.as_str())).collect();
    NamedGame::new(rules.variant().name, &options, &piles(layout))
        .map_err(|e| format!("the reference rules cannot take the game: {e}"))
}

/// `Ok` when every move of `actions` (forced ones included) is legal from `layout` under the
/// reference rules of `rules`, and the last position is won; otherwise which move fails and why.
pub fn replay(rules: &Rules, layout: &Layout, actions: &[Action]) -> Result<(), String> {
    reference_game(rules, layout)?.replay(&reference_moves(actions)).map_err(|e| {
        format!("move {} of the solution fails the reference rules: {}", e.index + 1, e.reason)
    })
}

/// The reference's plain search (exhaustive, unpruned) of `layout` under `rules`, and the number
/// of distinct positions it expanded; `Unknown` beyond `max_states`. Panics if the reference
/// cannot take the game (see [`reference_game`]): a bug of the caller or of the reference.
pub fn plain_search(rules: &Rules, layout: &Layout, max_states: u64) -> (PlainOutcome, u64) {
    match reference_game(rules, layout) {
        Ok(game) => game.plain_search_counted(max_states),
        Err(e) => panic!("{e}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use patience_games::algerian::ReserveSpace;
    use patience_games::deal::{DealSource, make_deal};
    use patience_games::rules::RuleOptions;
    use patience_games::variant::VARIANTS;

    /// Every variant of the registry, with its own options and with each option that applies to
    /// it changed, is taken by the reference on its deals under its registry name.
    #[test]
    fn the_reference_takes_every_variant() {
        let changes = [
            RuleOptions::default(),
            RuleOptions { empty_waste_any: true, ..RuleOptions::default() },
            RuleOptions { pf_refill_timing: true, ..RuleOptions::default() },
            RuleOptions { no_wrap: true, ..RuleOptions::default() },
            RuleOptions { foundation_to_tableau: true, ..RuleOptions::default() },
            RuleOptions { reserve_space: Some(ReserveSpace::Never), ..RuleOptions::default() },
            RuleOptions { no_foundation_to_depot: true, ..RuleOptions::default() },
            RuleOptions { redeals: Some(1), ..RuleOptions::default() },
            RuleOptions { redeals: Some(3), ..RuleOptions::default() },
        ];
        let mut taken = 0;
        for info in VARIANTS {
            for rules in changes.iter().filter_map(|o| info.rules.with_options(o).ok()) {
                for seed in 0..2 {
                    let deal = make_deal(&DealSource::Native(seed), info.hook).unwrap();
                    let layout = rules.layout(&deal);
                    let game = reference_game(&rules, &layout)
                        .unwrap_or_else(|e| panic!("{} {rules:?}: {e}", info.name));
                    assert_eq!(game.variant(), info.name);
                    // Nothing played yet: every move legal, the position not won.
                    let e = replay(&rules, &layout, &[]).unwrap_err();
                    assert!(e.contains("not won"), "{}: {e}", info.name);
                    taken += 1;
                }
            }
        }
        // Each variant's own rules, and 29 changes (44 rules in all when this was written).
        assert!(taken >= 2 * (VARIANTS.len() + 25), "only {taken} games");
    }
}
