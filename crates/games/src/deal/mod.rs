//! Deals: the order in which the 104 cards leave the talon (RULES.md §1).
//!
//! Three sources give that order: a native seed ([`native`]), a PySolFC game number ([`pysol`])
//! and an explicit text ([`text`]). Seeds and game numbers first produce a shuffled *list* of card
//! ids; the game's [`Hook`] then rearranges it, and the talon is the list read from its end
//! (`D[0]` = last element), which is PySolFC's convention.

pub mod native;
pub mod numbering;
pub mod pysol;
pub mod text;

use crate::card::{CARDS, Card, Kind};
use std::fmt;

/// The talon order: `cards[0]` is dealt first.
#[derive(Clone, PartialEq, Eq)]
pub struct Deal {
    cards: [Card; CARDS],
}

impl Deal {
    /// Reads a shuffled list PySolFC-style: the last element is dealt first.
    pub fn from_list(list: &[u8; CARDS]) -> Deal {
        let cards =
            std::array::from_fn(|i| Card::from_id(list[CARDS - 1 - i]).expect("card id < 104"));
        Deal { cards }
    }
    /// A talon given in dealing order; the caller guarantees two copies of each card.
    pub(crate) fn from_talon(cards: [Card; CARDS]) -> Deal {
        Deal { cards }
    }
    pub fn cards(&self) -> &[Card; CARDS] {
        &self.cards
    }
    pub fn card(&self, i: usize) -> Card {
        self.cards[i]
    }
    /// The talon as card codes separated by spaces: the explicit deal text that reproduces it.
    pub fn to_text(&self) -> String {
        self.cards.iter().map(|c| c.to_string()).collect::<Vec<_>>().join(" ")
    }
}

impl fmt::Debug for Deal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Deal[{}]", self.to_text())
    }
}

/// How a game rearranges the shuffled list before dealing (RULES.md §1, "Hook").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Hook {
    None,
    /// Deck-0 aces and kings to the top: `D[0..8]` = A♣ A♠ A♥ A♦ K♣ K♠ K♥ K♦.
    AcesKingsToTop,
    /// Deck-0 kings to the top: `D[0..4]` = K♣ K♠ K♥ K♦.
    KingsToTop,
}

/// `D[0..8]` after the A/K hook: A♣ A♠ A♥ A♦ K♣ K♠ K♥ K♦ (RULES.md §1).
const ACES_KINGS: [Kind; 8] = [
    Kind::new(0, 0),
    Kind::new(1, 0),
    Kind::new(2, 0),
    Kind::new(3, 0),
    Kind::new(0, 12),
    Kind::new(1, 12),
    Kind::new(2, 12),
    Kind::new(3, 12),
];

impl Hook {
    /// The cards the hook deals first, in order: what an explicit deal text, which is the order
    /// *after* the hook (RULES.md §1.3), must start with.
    pub fn fixed_prefix(self) -> &'static [Kind] {
        match self {
            Hook::None => &[],
            Hook::AcesKingsToTop => &ACES_KINGS,
            Hook::KingsToTop => &ACES_KINGS[4..],
        }
    }

    /// Checks that a talon starts with the hook's fixed cards (the first copy read of each is
    /// deck 0, so only the kinds need checking).
    pub fn check(self, deal: &Deal) -> Result<(), text::DealTextError> {
        let prefix = self.fixed_prefix();
        match prefix.iter().zip(deal.cards()).position(|(want, got)| got.kind() != *want) {
            None => Ok(()),
            Some(position) => Err(text::DealTextError::FixedCardsOutOfPlace {
                position,
                found: deal.card(position).kind(),
                prefix,
            }),
        }
    }

    /// PySolFC's `_shuffleHookMoveToTop`: remove the selected cards, keep the others in order,
    /// append the selected ones so that the smallest key ends last (dealt first).
    pub fn apply(self, list: &mut [u8; CARDS]) {
        let selected = |id: u8| -> Option<(u8, u8)> {
            let c = Card::from_id(id)?;
            if c.deck() != 0 {
                return None;
            }
            match self {
                Hook::None => None,
                Hook::AcesKingsToTop => {
                    (c.rank() == 0 || c.rank() == 12).then(|| (c.rank(), c.suit()))
                }
                Hook::KingsToTop => (c.rank() == 12).then(|| (0, c.suit())),
            }
        };
        if self == Hook::None {
            return;
        }
        let mut rest: Vec<u8> = list.iter().copied().filter(|&id| selected(id).is_none()).collect();
        let mut chosen: Vec<u8> =
            list.iter().copied().filter(|&id| selected(id).is_some()).collect();
        // Descending key: the smallest key is appended last, so it is dealt first.
        chosen.sort_by_key(|&id| std::cmp::Reverse(selected(id)));
        rest.extend(chosen);
        list.copy_from_slice(&rest);
    }
}

/// Where a deal comes from, as the user named it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DealSource {
    Native(u64),
    /// A PySolFC game number, already parsed.
    Pysol(u128),
    /// An explicit talon text in dealing order, `D[0]` first: the order after the hook, so it
    /// must start with the hook's fixed cards (RULES.md §1.3).
    Text(String),
    /// An explicit text in dealing order *before* the hook (`--apply-hook`): the hook moves the
    /// first copy of each fixed card to the front and keeps the others in order.
    TextToHook(String),
}

/// Why a deal could not be produced.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DealError {
    Text(text::DealTextError),
    Pysol(pysol::GameNumberError),
    /// The game is not in PySolFC, so game numbers mean nothing for it.
    NoPysolNumbering(String),
}

impl fmt::Display for DealError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DealError::Text(e) => e.fmt(f),
            DealError::Pysol(e) => e.fmt(f),
            DealError::NoPysolNumbering(game) => {
                write!(
                    f,
                    "{game} is not a PySolFC game, so it has no PySolFC game numbers; use --seed or --deal"
                )
            }
        }
    }
}
impl std::error::Error for DealError {}

/// The talon for `source` under `hook`.
pub fn make_deal(source: &DealSource, hook: Hook) -> Result<Deal, DealError> {
    let mut list = match source {
        DealSource::Native(seed) => native::shuffled_list(*seed),
        DealSource::Pysol(number) => pysol::shuffled_list(*number).map_err(DealError::Pysol)?,
        DealSource::Text(t) => {
            let deal = text::parse_deal(t).map_err(DealError::Text)?;
            hook.check(&deal).map_err(DealError::Text)?;
            return Ok(deal);
        }
        // The talon read back into PySolFC's list (the last element is dealt first), so the hook
        // runs exactly as it does for seeds; the text's first copy of a card is deck 0.
        DealSource::TextToHook(t) => {
            let deal = text::parse_deal(t).map_err(DealError::Text)?;
            std::array::from_fn(|i| deal.card(CARDS - 1 - i).id())
        }
    };
    hook.apply(&mut list);
    Ok(Deal::from_list(&list))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn first(deal: &Deal, n: usize) -> String {
        deal.cards()[..n].iter().map(|c| c.to_string()).collect::<Vec<_>>().join(" ")
    }

    #[test]
    fn aces_kings_hook_puts_the_bases_first_and_keeps_the_rest_in_order() {
        let plain = make_deal(&DealSource::Native(7), Hook::None).unwrap();
        let hooked = make_deal(&DealSource::Native(7), Hook::AcesKingsToTop).unwrap();
        assert_eq!(first(&hooked, 8), "AC AS AH AD KC KS KH KD");
        assert!(hooked.cards()[..8].iter().all(|c| c.deck() == 0));
        let rest_plain: Vec<Card> = plain
            .cards()
            .iter()
            .copied()
            .filter(|c| !(c.deck() == 0 && (c.rank() == 0 || c.rank() == 12)))
            .collect();
        assert_eq!(&hooked.cards()[8..], &rest_plain[..]);
    }

    #[test]
    fn kings_hook() {
        let hooked = make_deal(&DealSource::Native(3), Hook::KingsToTop).unwrap();
        assert_eq!(first(&hooked, 4), "KC KS KH KD");
    }

    #[test]
    fn a_text_must_start_with_the_hooks_fixed_cards() {
        for hook in [Hook::None, Hook::AcesKingsToTop, Hook::KingsToTop] {
            let good = make_deal(&DealSource::Native(11), hook).unwrap();
            // (Compared as text: a text gives the first copy read the first pack.)
            assert_eq!(
                make_deal(&DealSource::Text(good.to_text()), hook).map(|d| d.to_text()),
                Ok(good.to_text())
            );
            // Swap the first card with a later one that differs from it.
            let mut codes: Vec<String> = good.cards().iter().map(|c| c.to_string()).collect();
            let other = (1..CARDS).find(|&i| codes[i] != codes[0]).unwrap();
            codes.swap(0, other);
            let swapped = make_deal(&DealSource::Text(codes.join(" ")), hook);
            match hook {
                Hook::None => assert!(swapped.is_ok()),
                _ => match swapped {
                    Err(DealError::Text(text::DealTextError::FixedCardsOutOfPlace {
                        position: 0,
                        prefix,
                        ..
                    })) => {
                        assert_eq!(prefix, hook.fixed_prefix())
                    }
                    other => panic!("{hook:?}: {other:?}"),
                },
            }
        }
        assert_eq!(
            first(&make_deal(&DealSource::Native(0), Hook::KingsToTop).unwrap(), 4),
            "KC KS KH KD"
        );
        let names: Vec<String> =
            Hook::AcesKingsToTop.fixed_prefix().iter().map(|k| k.to_string()).collect();
        assert_eq!(names.join(" "), "AC AS AH AD KC KS KH KD");
    }

    #[test]
    fn every_deal_holds_two_of_each_card() {
        for seed in [0u64, 1, 99, u64::MAX] {
            let d = make_deal(&DealSource::Native(seed), Hook::AcesKingsToTop).unwrap();
            let mut ids: Vec<u8> = d.cards().iter().map(|c| c.id()).collect();
            ids.sort();
            assert_eq!(ids, (0..104).collect::<Vec<u8>>());
        }
    }
}
