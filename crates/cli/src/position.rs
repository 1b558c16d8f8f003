//! Positions from the user (`--position FILE`): the JSON `patience deal --format json` prints, a
//! whole output of it or only its `layout`, with what a position part-way through a game adds.
//!
//! The layout object's fields (every pile bottom→top, card codes as in deal texts):
//! `foundations` (8 piles, each in its building order), `reserves` (the Queen of Italy family's
//! one pile there is its terrace, as PySolFC calls it), `rows` (tableau piles, depots),
//! `wastes`, `stock_top_first` (next card to deal first), `quilt` (8 rows of 8 cells, `null` for
//! a hole), `redeals_left` (default: the rules' own number). A field a family does not have may
//! be left out; an unknown field is refused, so a misspelt one is not silently dropped.
//!
//! In a whole output the position is the layout of its `position` object if it has one (`solve
//! --position-after`), else its `layout`; `game`, if present, must name the variant solved; other
//! fields (`deal`, `talon`, `moves`, ...) are ignored: a position needs no talon. Every card is
//! read here; the game's own check of the layout (`Rules::check`: counts, building orders, fixed
//! cards, pile sizes) follows in `load_deal`.

use crate::choice::GameChoice;
use anyhow::{Result, bail};
use patience_games::card::{Card, KINDS, Kind, parse_kind};
use patience_games::layout::Layout;
use patience_games::variant::find_variant;
use serde::Deserialize;
use serde_json::Value;

/// A position's piles as card codes: the layout object's fields (also what a PySolFC save is
/// read into, `crate::save_position`).
#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub(crate) struct LayoutCodes {
    pub foundations: Vec<Vec<String>>,
    #[serde(default)]
    pub reserves: Vec<Vec<String>>,
    #[serde(default)]
    pub rows: Vec<Vec<String>>,
    #[serde(default)]
    pub wastes: Vec<Vec<String>>,
    #[serde(default)]
    pub stock_top_first: Vec<String>,
    #[serde(default)]
    pub quilt: Vec<Vec<Option<String>>>,
    #[serde(default)]
    pub redeals_left: Option<u8>,
}

/// Reads card codes, giving the first copy of each card read the first pack and the second the
/// other; a third copy is refused here (the game checks that each card is there twice).
struct Cards {
    seen: [u8; KINDS],
}

impl Cards {
    fn card(&mut self, code: &str, place: &str) -> Result<Card> {
        let kind: Kind = parse_kind(code).map_err(|_| {
            anyhow::anyhow!(
                "position: {place} holds {code:?}, which is not a card code (e.g. TD, 10d, Q♠)"
            )
        })?;
        let copies = &mut self.seen[kind.index() as usize];
        if *copies == 2 {
            bail!(
                "position: {kind} appears more than twice (again in {place}); every card must appear exactly twice"
            );
        }
        *copies += 1;
        Ok(Card::new(*copies - 1, kind.suit(), kind.rank()))
    }
    fn pile(&mut self, codes: &[String], place: &str) -> Result<Vec<Card>> {
        codes.iter().map(|c| self.card(c, place)).collect()
    }
    fn piles(&mut self, piles: &[Vec<String>], prefix: &str) -> Result<Vec<Vec<Card>>> {
        piles.iter().enumerate().map(|(i, p)| self.pile(p, &format!("{prefix}{i}"))).collect()
    }
}

/// The position in `text` for `choice`'s game, its cards read (not yet checked by the game).
pub fn parse_position(text: &str, choice: &GameChoice) -> Result<Layout> {
    let value: Value = serde_json::from_str(text).map_err(|e| {
        anyhow::anyhow!("position: not JSON as `patience deal --format json` prints it: {e}")
    })?;
    let Value::Object(top) = &value else {
        bail!(
            "position: expected a JSON object (the `layout` of `patience deal --format json`, or its whole output)"
        )
    };
    if let Some(game) = top.get("game") {
        let name =
            game.as_str().ok_or_else(|| anyhow::anyhow!("position: \"game\" is not a name"))?;
        let named = find_variant(name).map_err(|e| anyhow::anyhow!("position: {e}"))?;
        if named.name != choice.info.name {
            bail!("position: it is a position of {}, not of {}", named.name, choice.info.name);
        }
    }
    let layout = match (top.get("position"), top.get("layout")) {
        (Some(position), _) => position
            .get("layout")
            .ok_or_else(|| anyhow::anyhow!("position: \"position\" has no \"layout\""))?,
        (None, Some(layout)) => layout,
        (None, None) => &value,
    }
    .clone();
    let json: LayoutCodes =
        serde_json::from_value(layout).map_err(|e| anyhow::anyhow!("position: {e}"))?;
    read_layout(&json, choice)
}

/// The layout `json` names for `choice`'s game, its cards read (not yet checked by the game):
/// the first copy of a card read is the first pack's.
pub(crate) fn read_layout(json: &LayoutCodes, choice: &GameChoice) -> Result<Layout> {
    let mut cards = Cards { seen: [0; KINDS] };
    let foundations = cards.piles(&json.foundations, "F")?;
    let (terrace, reserves) = if choice.rules.has_terrace() {
        match json.reserves.as_slice() {
            [] => (Some(vec![]), vec![]),
            [terrace] => (Some(cards.pile(terrace, "the terrace")?), vec![]),
            _ => bail!(
                "position: {} has one terrace (`reserves` with one pile), not {} piles",
                choice.info.name,
                json.reserves.len()
            ),
        }
    } else {
        (None, cards.piles(&json.reserves, "R")?)
    };
    let rows = cards.piles(&json.rows, "P")?;
    let wastes = cards.piles(&json.wastes, "W")?;
    let stock_top_first = cards.pile(&json.stock_top_first, "the stock")?;
    let mut quilt = vec![];
    if !json.quilt.is_empty() {
        if json.quilt.len() != 8 || json.quilt.iter().any(|row| row.len() != 8) {
            bail!("position: the quilt is 8 rows of 8 cells (null for a hole)");
        }
        for (r, row) in json.quilt.iter().enumerate() {
            for (c, cell) in row.iter().enumerate() {
                quilt.push(
                    cell.as_deref()
                        .map(|code| cards.card(code, &format!("Q{r}{c}")))
                        .transpose()?,
                );
            }
        }
    }
    Ok(Layout {
        foundations,
        terrace,
        reserves,
        rows,
        wastes,
        stock_top_first,
        quilt,
        redeals_left: json.redeals_left,
    })
}
