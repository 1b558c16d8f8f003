//! A starting layout, pile by pile: what `patience deal` prints and what the PySolFC fixtures hold.

use crate::card::{Card, Kind};
use serde::ser::{Serialize, SerializeMap, Serializer};

/// Every pile listed bottom→top; the stock listed with the next card to deal first.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Layout {
    pub foundations: Vec<Vec<Card>>,
    /// The Queen of Italy family's terrace (bottom→top; only its top card plays). PySolFC, and
    /// so the JSON form, calls it the one reserve.
    pub terrace: Option<Vec<Card>>,
    pub reserves: Vec<Vec<Card>>,
    pub rows: Vec<Vec<Card>>,
    pub wastes: Vec<Vec<Card>>,
    pub stock_top_first: Vec<Card>,
    /// The Crazy Quilt family's 8×8 quilt, row-major (`None` = a hole); empty for other games.
    pub quilt: Vec<Option<Card>>,
    /// Redeals still allowed in a position part-way through a game; `None` at a deal's start,
    /// where the rules' own number applies.
    pub redeals_left: Option<u8>,
}

fn codes(cards: &[Card]) -> Vec<String> {
    cards.iter().map(|c| c.to_string()).collect()
}
fn pile_codes(piles: &[Vec<Card>]) -> Vec<Vec<String>> {
    piles.iter().map(|p| codes(p)).collect()
}

impl Layout {
    /// Human-readable lines, one pile group per line.
    pub fn to_text(&self, waste_names: &[String]) -> String {
        let mut out = String::new();
        let group = |out: &mut String, label: &str, prefix: &str, piles: &[Vec<Card>]| {
            if piles.is_empty() {
                return;
            }
            out.push_str(&format!("{label}:\n"));
            for (i, p) in piles.iter().enumerate() {
                out.push_str(&format!("  {prefix}{i}: {}\n", codes(p).join(" ")));
            }
        };
        group(&mut out, "foundations", "F", &self.foundations);
        if !self.quilt.is_empty() {
            out.push_str(&crate::quilt::grid::grid_text(&self.quilt));
        }
        if let Some(terrace) = &self.terrace {
            out.push_str(&format!("terrace (bottom to top):\n  T: {}\n", codes(terrace).join(" ")));
        }
        group(&mut out, "reserves (bottom to top)", "R", &self.reserves);
        group(&mut out, "tableau (bottom to top)", "P", &self.rows);
        if !self.wastes.is_empty() {
            out.push_str("waste (bottom to top):\n");
            for (name, p) in waste_names.iter().zip(&self.wastes) {
                out.push_str(&format!("  {name}: {}\n", codes(p).join(" ")));
            }
        }
        if !self.wastes.is_empty() || !self.stock_top_first.is_empty() {
            out.push_str(&format!(
                "stock ({} cards, next to deal first): {}\n",
                self.stock_top_first.len(),
                codes(&self.stock_top_first).join(" ")
            ));
        }
        if let Some(r) = self.redeals_left {
            out.push_str(&format!("redeals left: {r}\n"));
        }
        out
    }
}

impl Serialize for Layout {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_map(None)?;
        m.serialize_entry("foundations", &pile_codes(&self.foundations))?;
        if let Some(terrace) = &self.terrace {
            m.serialize_entry("reserves", &[codes(terrace)])?;
        } else if !self.reserves.is_empty() {
            m.serialize_entry("reserves", &pile_codes(&self.reserves))?;
        }
        if !self.rows.is_empty() {
            m.serialize_entry("rows", &pile_codes(&self.rows))?;
        }
        if !self.wastes.is_empty() {
            m.serialize_entry("wastes", &pile_codes(&self.wastes))?;
        }
        if !self.wastes.is_empty() || !self.stock_top_first.is_empty() {
            m.serialize_entry("stock_top_first", &codes(&self.stock_top_first))?;
        }
        if !self.quilt.is_empty() {
            let rows: Vec<Vec<Option<String>>> = self
                .quilt
                .chunks(8)
                .map(|row| row.iter().map(|c| c.map(|c| c.to_string())).collect())
                .collect();
            m.serialize_entry("quilt", &rows)?;
        }
        if let Some(r) = self.redeals_left {
            m.serialize_entry("redeals_left", &r)?;
        }
        m.end()
    }
}

/// Why a layout cannot be a position of a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadLayout(pub String);

impl std::fmt::Display for BadLayout {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "invalid layout: {}", self.0)
    }
}
impl std::error::Error for BadLayout {}

/// The redeals a position has left: `layout`'s own number, at most the rules' `allowed`.
pub fn redeals_left(layout: &Layout, allowed: u8) -> Result<u8, BadLayout> {
    match layout.redeals_left {
        None => Ok(allowed),
        Some(r) if r <= allowed => Ok(r),
        Some(r) => Err(BadLayout(format!(
            "redeals_left is {r}, but the rules allow {allowed} redeal(s) in all"
        ))),
    }
}

/// Every card of a position must be there twice, no more, no less.
pub fn check_two_of_each(kinds: impl IntoIterator<Item = Kind>) -> Result<(), BadLayout> {
    let mut count = [0usize; 52];
    for k in kinds {
        count[k.index() as usize] += 1;
    }
    match (0..52).find(|&k| count[k] != 2) {
        Some(k) => Err(BadLayout(format!(
            "{} appears {} times; every card must appear twice",
            Kind::from_index(k as u8),
            count[k]
        ))),
        None => Ok(()),
    }
}

#[cfg(test)]
pub(crate) mod golden;
