//! Cards and their notation (RULES.md §0).
//!
//! A card id is `deck*52 + suit*13 + rank` (0..104). The two copies of a card are
//! interchangeable for every rule, so the fast game states store *kinds* (`id % 52`).

use std::fmt;

pub const SUITS: usize = 4;
pub const RANKS: usize = 13;
pub const KINDS: usize = SUITS * RANKS;
pub const CARDS: usize = 2 * KINDS;

const RANK_CHARS: &[u8; 13] = b"A23456789TJQK";
const SUIT_CHARS: &[u8; 4] = b"CSHD";

/// One physical card, 0..104.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Card(u8);

/// A card with its deck forgotten, 0..52: what every rule looks at.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Kind(u8);

impl Card {
    pub const fn new(deck: u8, suit: u8, rank: u8) -> Card {
        Card(deck * 52 + suit * 13 + rank)
    }
    pub fn from_id(id: u8) -> Option<Card> {
        ((id as usize) < CARDS).then_some(Card(id))
    }
    pub const fn id(self) -> u8 {
        self.0
    }
    pub const fn deck(self) -> u8 {
        self.0 / 52
    }
    pub const fn kind(self) -> Kind {
        Kind(self.0 % 52)
    }
    pub const fn suit(self) -> u8 {
        self.kind().suit()
    }
    pub const fn rank(self) -> u8 {
        self.kind().rank()
    }
}

impl Kind {
    pub const fn new(suit: u8, rank: u8) -> Kind {
        Kind(suit * 13 + rank)
    }
    pub const fn from_index(i: u8) -> Kind {
        Kind(i)
    }
    pub const fn index(self) -> u8 {
        self.0
    }
    pub const fn suit(self) -> u8 {
        self.0 / 13
    }
    pub const fn rank(self) -> u8 {
        self.0 % 13
    }
    /// 0 black (clubs, spades), 1 red (hearts, diamonds).
    pub const fn colour(self) -> u8 {
        self.suit() / 2
    }
    /// Same suit and rank one apart, counting K–A as adjacent (the "±1 with wrap" rule).
    pub const fn is_suit_neighbour_wrapping(self, other: Kind) -> bool {
        self.suit() == other.suit() && {
            let d = (self.rank() + 13 - other.rank()) % 13;
            d == 1 || d == 12
        }
    }
    /// The card's deck-0 copy.
    pub const fn card(self) -> Card {
        Card(self.0)
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}",
            RANK_CHARS[self.rank() as usize] as char,
            SUIT_CHARS[self.suit() as usize] as char
        )
    }
}
impl fmt::Debug for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}
impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.kind(), f)
    }
}
impl fmt::Debug for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}#{}", self.kind(), self.deck())
    }
}

/// Why a card code could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BadCardCode(pub String);

impl fmt::Display for BadCardCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown card code {:?} (expected rank A23456789TJQK or 10, then suit CSHD or ♣♠♥♦)",
            self.0
        )
    }
}
impl std::error::Error for BadCardCode {}

/// Parses a card code: `TD`, `10d`, `q♠`… (RULES.md §0: `10`, lower case and suit symbols accepted).
pub fn parse_kind(code: &str) -> Result<Kind, BadCardCode> {
    let bad = || BadCardCode(code.to_string());
    let upper = code.trim().to_uppercase();
    let (rank_part, suit_part) = if let Some(rest) = upper.strip_prefix("10") {
        ("T", rest)
    } else {
        let mut chars = upper.chars();
        let r = chars.next().ok_or_else(bad)?;
        (&upper[..r.len_utf8()], chars.as_str())
    };
    let rank = RANK_CHARS.iter().position(|&c| rank_part.as_bytes() == [c]).ok_or_else(bad)?;
    let suit = match suit_part {
        "C" | "♣" | "♧" => 0,
        "S" | "♠" | "♤" => 1,
        "H" | "♥" | "♡" => 2,
        "D" | "♦" | "♢" => 3,
        _ => return Err(bad()),
    };
    Ok(Kind::new(suit, rank as u8))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_follow_the_rule_book() {
        assert_eq!(Card::new(0, 0, 0).id(), 0);
        assert_eq!(Card::new(0, 3, 12).id(), 51);
        assert_eq!(Card::new(1, 2, 9).id(), 52 + 26 + 9);
        let c = Card::from_id(52 + 13 + 12).unwrap();
        assert_eq!((c.deck(), c.suit(), c.rank()), (1, 1, 12));
        assert_eq!(c.to_string(), "KS");
        assert!(Card::from_id(104).is_none());
    }

    #[test]
    fn every_kind_prints_and_parses_back() {
        for i in 0..52 {
            let k = Kind::from_index(i);
            assert_eq!(parse_kind(&k.to_string()).unwrap(), k);
        }
    }

    #[test]
    fn alternative_spellings_parse() {
        assert_eq!(parse_kind("10d").unwrap().to_string(), "TD");
        assert_eq!(parse_kind("q♠").unwrap().to_string(), "QS");
        assert_eq!(parse_kind("A♥").unwrap().to_string(), "AH");
        assert_eq!(parse_kind("k♣").unwrap().to_string(), "KC");
        assert_eq!(parse_kind("7♦").unwrap().to_string(), "7D");
        for bad in ["", "1D", "TX", "ZZ", "TDD", "11C", "D"] {
            assert!(parse_kind(bad).is_err(), "{bad:?} should be rejected");
        }
    }

    #[test]
    fn wrapping_neighbours() {
        let k = |s| parse_kind(s).unwrap();
        assert!(k("KH").is_suit_neighbour_wrapping(k("AH")));
        assert!(k("AH").is_suit_neighbour_wrapping(k("2H")));
        assert!(!k("AH").is_suit_neighbour_wrapping(k("2D")));
        assert!(!k("AH").is_suit_neighbour_wrapping(k("AH")));
        assert!(!k("5H").is_suit_neighbour_wrapping(k("7H")));
        assert_eq!(k("KD").colour(), 1);
        assert_eq!(k("KS").colour(), 0);
    }
}
