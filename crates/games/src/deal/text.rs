//! Explicit deals (RULES.md §1.3): 104 card codes in talon order, `D[0]` first. No hook is applied.

use crate::card::{CARDS, Card, KINDS, Kind, parse_kind};
use crate::deal::Deal;
use std::fmt;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DealTextError {
    WrongCount(usize),
    UnknownCode {
        position: usize,
        code: String,
    },
    /// More than two copies; with 104 codes and none more than twice, each appears exactly twice.
    TooMany {
        code: String,
        count: usize,
    },
    /// The game's hook deals `prefix` first (RULES.md §1), and a text is the order after the hook.
    FixedCardsOutOfPlace {
        position: usize,
        found: Kind,
        prefix: &'static [Kind],
    },
}

impl fmt::Display for DealTextError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DealTextError::WrongCount(n) => {
                write!(f, "deal text has {n} cards; a deal has exactly 104 (two packs)")
            }
            DealTextError::UnknownCode { position, code } => {
                write!(
                    f,
                    "deal text: card {} {code:?} is not a card code (e.g. TD, 10d, Q♠)",
                    position + 1
                )
            }
            DealTextError::TooMany { code, count } => {
                write!(
                    f,
                    "deal text: {code} appears {count} times; every card must appear exactly twice"
                )
            }
            DealTextError::FixedCardsOutOfPlace { position, found, prefix } => {
                let want: Vec<String> = prefix.iter().map(|k| k.to_string()).collect();
                write!(
                    f,
                    "deal text: card {} is {found}, but this game's text must start with {} (the cards its deal \
                     puts first, RULES.md §1); put them first, or pass --apply-hook to move them there",
                    position + 1,
                    want.join(" ")
                )
            }
        }
    }
}
impl std::error::Error for DealTextError {}

/// Parses a talon text. Codes are separated by white space or commas; the first copy of each
/// card read is given deck 0, the second deck 1 (the copies are interchangeable).
pub fn parse_deal(text: &str) -> Result<Deal, DealTextError> {
    let codes: Vec<&str> =
        text.split(|c: char| c.is_whitespace() || c == ',').filter(|s| !s.is_empty()).collect();
    let mut seen = [0usize; KINDS];
    let mut kinds = Vec::with_capacity(codes.len());
    for (position, code) in codes.iter().enumerate() {
        let kind = parse_kind(code)
            .map_err(|_| DealTextError::UnknownCode { position, code: code.to_string() })?;
        seen[kind.index() as usize] += 1;
        if seen[kind.index() as usize] > 2 {
            return Err(DealTextError::TooMany {
                code: kind.to_string(),
                count: codes.iter().filter(|c| parse_kind(c) == Ok(kind)).count(),
            });
        }
        kinds.push(kind);
    }
    if kinds.len() != CARDS {
        return Err(DealTextError::WrongCount(kinds.len()));
    }
    let mut copies = [0u8; KINDS];
    let cards = std::array::from_fn(|i| {
        let k = kinds[i];
        let deck = copies[k.index() as usize];
        copies[k.index() as usize] += 1;
        Card::new(deck, k.suit(), k.rank())
    });
    Ok(Deal::from_talon(cards))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deal::{DealSource, Hook, make_deal};

    #[test]
    fn a_printed_deal_reads_back() {
        let d = make_deal(&DealSource::Native(5), Hook::AcesKingsToTop).unwrap();
        let back = parse_deal(&d.to_text()).unwrap();
        assert_eq!(back.to_text(), d.to_text());
    }

    #[test]
    fn bad_texts_are_named() {
        let good = make_deal(&DealSource::Native(5), Hook::None).unwrap().to_text();
        let mut words: Vec<&str> = good.split(' ').collect();
        let short = words[..103].join(" ");
        assert_eq!(parse_deal(&short), Err(DealTextError::WrongCount(103)));
        let long = format!("{good} AC");
        assert!(matches!(parse_deal(&long), Err(DealTextError::TooMany { .. })));
        words[7] = "XX";
        assert_eq!(
            parse_deal(&words.join(" ")),
            Err(DealTextError::UnknownCode { position: 7, code: "XX".into() })
        );
        // Replace one card by another: one kind thrice (caught) or, if the count stays, one missing.
        let mut words: Vec<String> = good.split(' ').map(String::from).collect();
        let other = if words[0] == "AC" { "2C" } else { "AC" };
        words[0] = other.to_string();
        let err = parse_deal(&words.join(" ")).unwrap_err();
        assert!(matches!(err, DealTextError::TooMany { .. }), "{err}");
        assert!(err.to_string().contains("exactly twice"));
    }
}
