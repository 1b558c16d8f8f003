//! The rules of `RULES.md` §0 that the families share, written once: the eight foundations of the
//! Alhambra and Crazy Quilt families (F0..F3 up from the ace of C S H D, F4..F7 down from the
//! king), and the checks every layout passes (the number of piles, two copies of each card).

use std::fmt;

use crate::{CARD_COUNT, card_code, kind_of, rank_of, suit_of};

/// Won: all 104 cards on the foundations, i.e. every foundation holds 13 cards (§0).
pub(crate) fn all_foundations_full(foundations: &[Vec<u8>]) -> bool {
    foundations.iter().all(|f| f.len() == 13)
}

/// Does foundation `f` accept `card`? (F0..F3 build up in suit C S H D from the ace, F4..F7 build
/// down in suit from the king, no wrap, at most 13 cards.) The foundation is a run from its base
/// (checked when the position was made), so the next rank needed is its height going up,
/// 12 − height going down. Either copy of the card fits.
pub(crate) fn foundation_accepts(foundations: &[Vec<u8>], f: usize, card: u8) -> bool {
    let height = foundations[f].len();
    if height >= 13 {
        return false;
    }
    let suit = (f % 4) as u8;
    let next_rank = if f < 4 { height as u8 } else { 12 - height as u8 };
    suit_of(card) == suit && rank_of(card) == next_rank
}

/// A layout must have exactly 8 foundations.
pub(crate) fn check_foundation_count(foundations: &[Vec<u8>]) -> Result<(), String> {
    if foundations.len() != 8 {
        return Err(format!("{} foundations, expected 8", foundations.len()));
    }
    Ok(())
}

/// A layout of `variant` must have `expected` piles of one kind (`what`, e.g. "reserves").
pub(crate) fn check_pile_count(
    what: &str,
    found: usize,
    expected: usize,
    variant: impl fmt::Debug,
) -> Result<(), String> {
    if found != expected {
        return Err(format!("{found} {what}, expected {expected} for {variant:?}"));
    }
    Ok(())
}

/// Checks the cards of a layout (`all_cards`: every card of every pile, the foundations
/// included): every card id below 104, exactly two copies of each of the 52 cards (either id may
/// stand for either copy), and every foundation a run of its own suit from its base (F0..F3 up
/// from the ace of C S H D, F4..F7 down from the king).
pub(crate) fn check_cards<'a>(
    all_cards: impl Iterator<Item = &'a u8>,
    foundations: &[Vec<u8>],
) -> Result<(), String> {
    let mut copies = [0u32; 52];
    for &card in all_cards {
        if card as usize >= CARD_COUNT {
            return Err(format!("card id {card} is not below 104"));
        }
        copies[kind_of(card) as usize] += 1;
    }
    for (kind, &count) in copies.iter().enumerate() {
        if count != 2 {
            return Err(format!("{} appears {count} times, expected 2", card_code(kind as u8)));
        }
    }
    for (f, pile) in foundations.iter().enumerate() {
        for (height, &card) in pile.iter().enumerate() {
            if height >= 13 {
                return Err(format!("F{f} holds more than 13 cards"));
            }
            // The card at height h of an up foundation has rank h, of a down foundation 12 − h.
            let suit = (f % 4) as u8;
            let rank = if f < 4 { height as u8 } else { 12 - height as u8 };
            if suit_of(card) != suit || rank_of(card) != rank {
                return Err(format!(
                    "F{f} holds {} at height {height}: not a run from its base",
                    card_code(card)
                ));
            }
        }
    }
    Ok(())
}

/// A position's redeals left, `left`, is at most the options' `allowed` (a position part-way
/// through a game; see `Family::with_redeals_left`).
pub(crate) fn check_redeals_left(left: u8, allowed: u8) -> Result<(), String> {
    if left > allowed {
        return Err(format!("{left} redeals left, but the options allow {allowed} in all"));
    }
    Ok(())
}
