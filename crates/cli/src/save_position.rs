//! A PySolFC saved game as a position of ours: its game id names the variant, played under the
//! rules PySolFC plays (the registry's `Pysol::rules`); its stacks, in PySolFC's `allstacks`
//! order (`Pysol::stacks`), are the layout's piles; its face-down talon is the stock, top card
//! first; the talon's round gives the redeals left.

use crate::choice::GameChoice;
use crate::position::{LayoutCodes, read_layout};
use crate::pysol_save::{SavedCard, SavedGame};
use anyhow::{Result, bail};
use patience_games::deal::{DealSource, make_deal};
use patience_games::layout::Layout;
use patience_games::variant::{PysolStacks, VARIANTS, VariantInfo, find_pysol_game};

/// The variant a save is of, with PySolFC's rules, and the save's position (its cards read, not
/// yet checked by the game).
pub fn position_of(save: &SavedGame) -> Result<(GameChoice, Layout)> {
    let Some(info) = find_pysol_game(save.game_id) else {
        let ids: Vec<String> = VARIANTS
            .iter()
            .filter_map(|v| v.pysol_id().map(|id| format!("{id} {}", v.name)))
            .collect();
        bail!(
            "the save is of PySolFC game id {}, which this program does not play (it plays PySolFC's {})",
            save.game_id,
            ids.join(", ")
        );
    };
    let rules = info.pysol_rules().expect("a variant PySolFC has");
    let choice = GameChoice { info, rules };
    if save.finished {
        bail!("the saved game of {} is finished: there is nothing left to play", info.name);
    }
    let codes = layout_codes(save, info, &choice)?;
    let layout = read_layout(&codes, &choice)?;
    Ok((choice, layout))
}

/// How many piles of each kind the variant's layout has (from a dealt layout).
fn pile_count(kind: PysolStacks, dealt: &Layout) -> usize {
    match kind {
        PysolStacks::Foundations => dealt.foundations.len(),
        PysolStacks::Reserves => {
            if dealt.terrace.is_some() {
                1
            } else {
                dealt.reserves.len()
            }
        }
        PysolStacks::Rows => dealt.rows.len(),
        PysolStacks::Wastes => dealt.wastes.len(),
        PysolStacks::Talon => 1,
    }
}

fn codes(stack: &[SavedCard]) -> Vec<String> {
    stack.iter().map(|c| c.card.to_string()).collect()
}

fn layout_codes(save: &SavedGame, info: &VariantInfo, choice: &GameChoice) -> Result<LayoutCodes> {
    let pysol = info.pysol.expect("a variant PySolFC has");
    let dealt = choice.rules.layout(&make_deal(&DealSource::Native(0), info.hook)?);
    let expected: usize = pysol.stacks.iter().map(|&k| pile_count(k, &dealt)).sum();
    if save.stacks.len() != expected {
        bail!(
            "the save lists {} stacks, but PySolFC's {} has {expected}",
            save.stacks.len(),
            info.name
        );
    }
    let mut stacks = save.stacks.iter().enumerate();
    let mut out = LayoutCodes { foundations: vec![vec![]; 8], ..LayoutCodes::default() };
    let mut foundation = 0;
    for &kind in pysol.stacks {
        for _ in 0..pile_count(kind, &dealt) {
            let (index, stack) = stacks.next().expect("counted above");
            let face_down = stack.iter().filter(|c| !c.face_up).count();
            let talon = kind == PysolStacks::Talon;
            if talon && face_down != stack.len() {
                bail!("the save's talon (stack {index}) holds a face-up card");
            }
            if !talon && face_down > 0 {
                bail!("the save's stack {index} holds a face-down card outside the talon");
            }
            match kind {
                PysolStacks::Foundations => {
                    // PySolFC has eight foundations in every game here (the count is checked).
                    out.foundations[pysol.foundations[foundation] as usize] = codes(stack);
                    foundation += 1;
                }
                PysolStacks::Reserves => out.reserves.push(codes(stack)),
                PysolStacks::Rows => out.rows.push(codes(stack)),
                PysolStacks::Wastes => out.wastes.push(codes(stack)),
                // The talon's top card, the last listed, is dealt next.
                PysolStacks::Talon => {
                    out.stock_top_first = codes(stack).into_iter().rev().collect()
                }
            }
        }
    }
    out.redeals_left = Some(redeals_left(save.talon_round, choice, info)?);
    Ok(out)
}

/// The redeals left in the talon's `round` (1 in the first pass).
fn redeals_left(round: u64, choice: &GameChoice, info: &VariantInfo) -> Result<u8> {
    let allowed: u8 = choice
        .rules
        .option_values()
        .iter()
        .find(|(name, _)| *name == "redeals")
        .map_or(0, |(_, value)| value.parse().expect("redeals is a number"));
    if round > allowed as u64 + 1 {
        bail!(
            "the save's talon is in round {round}, but PySolFC's {} has {} round(s)",
            info.name,
            allowed + 1
        );
    }
    Ok(allowed + 1 - round as u8)
}
