//! Reading a PySolFC saved game (File > Save, PySolFC 3.6's `pysolDumpGame`): the plain values at
//! the start of the file, which say which game it is and where every card lies. The layout of a
//! save is described in `testdata/pysolfc-saves/README.md`.
//!
//! A save is a stream of pickles written one after another by one pickler: "PySolFC", the
//! version and its tuple, the bookmark flag, the game's version, the game id, the game number,
//! the random generator's state, the number of stacks, then each stack's card count and each
//! card's id and face-up flag, then the talon's round and whether the game is finished.
//! PySolFC's own objects follow; they are not read.
//!
//! The pickles are decoded by `deser-pickle`, which never imports or calls anything, so a hostile
//! file cannot run code. One pickler writes them all, so one pickle may refer to a value an
//! earlier one stored (its memo); `deser-pickle` reads each pickle on its own. Only the random
//! state does so (for game numbers of 32,000 and more it is PySolFC's `MTRandom` object, which
//! refers to names stored before it), and it is not needed: it is skipped (its end is found
//! before it is run, so the stream goes on after it).

use deser_core::ErrorKind;
use deser_core::de::{DeserializeOwned, Recording};
use deser_core::ext::BigInt;
use patience_games::card::{CARDS, Card};
use std::fmt;

/// The most stacks a save may list (PySolFC's largest games have a few dozen); more means the
/// file is damaged, and nothing is allocated for them.
const MAX_STACKS: u64 = 1_000;

/// A card of a saved stack.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SavedCard {
    pub card: Card,
    pub face_up: bool,
}

/// What a save says of its game and position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SavedGame {
    /// PySolFC's game id (234 is Alhambra).
    pub game_id: u32,
    /// The game number as PySolFC shows it ("game #617").
    pub game_number: u128,
    /// Every stack in PySolFC's `allstacks` order, its cards bottom to top.
    pub stacks: Vec<Vec<SavedCard>>,
    /// 1 in the first pass through the talon, 2 after the first redeal, …
    pub talon_round: u64,
    /// PySolFC marked the game finished.
    pub finished: bool,
}

/// Why a file could not be read as a save.
#[derive(Debug, PartialEq, Eq)]
pub enum SaveError {
    /// The file does not start as a PySolFC save does.
    NotASave,
    /// The file ends before the value named.
    CutShort(&'static str),
    /// The value named is not what a save holds there.
    Damaged(String),
}

impl fmt::Display for SaveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SaveError::NotASave => {
                write!(f, "not a PySolFC saved game (it does not start with PySolFC's header)")
            }
            SaveError::CutShort(what) => {
                write!(f, "the saved game is cut short: it ends before {what}")
            }
            SaveError::Damaged(what) => write!(f, "the saved game is damaged: {what}"),
        }
    }
}
impl std::error::Error for SaveError {}

/// Reads the values one after another, naming each for the errors.
struct Values<'a> {
    reader: deser_core::io::Reader<&'a [u8], deser_pickle::StreamDeserializer>,
}

impl Values<'_> {
    fn next<T: DeserializeOwned>(&mut self, what: &'static str) -> Result<T, SaveError> {
        match self.reader.read::<T>() {
            Ok(Some(v)) => Ok(v),
            Ok(None) => Err(SaveError::CutShort(what)),
            Err(e) if e.kind() == ErrorKind::EndOfFile => Err(SaveError::CutShort(what)),
            Err(e) => Err(SaveError::Damaged(format!("{what}: {e}"))),
        }
    }

    /// A number in `range`, named `what`.
    fn number(
        &mut self,
        what: &'static str,
        range: std::ops::RangeInclusive<u64>,
    ) -> Result<u64, SaveError> {
        let n: u64 = self.next(what)?;
        if !range.contains(&n) {
            return Err(SaveError::Damaged(format!(
                "{what} is {n}, not in {}..={}",
                range.start(),
                range.end()
            )));
        }
        Ok(n)
    }

    /// Skips a value that is not needed, whatever it holds (see the module's note on the random
    /// state); only the end of the file is an error.
    fn skip(&mut self, what: &'static str) -> Result<(), SaveError> {
        match self.reader.read::<Recording>() {
            Ok(Some(_)) => Ok(()),
            Ok(None) => Err(SaveError::CutShort(what)),
            Err(e) if e.kind() == ErrorKind::EndOfFile => Err(SaveError::CutShort(what)),
            Err(_) => Ok(()),
        }
    }
}

/// Reads the saved game in `bytes`.
pub fn read_save(bytes: &[u8]) -> Result<SavedGame, SaveError> {
    let mut values = Values { reader: deser_pickle::DeserializerConfig::new().reader(bytes) };
    match values.reader.read::<String>() {
        Ok(Some(header)) if header == "PySolFC" => {}
        _ => return Err(SaveError::NotASave),
    }
    let _version: String = values.next("the version")?;
    let _version_tuple: Vec<u64> = values.next("the version tuple")?;
    let _bookmark: u64 = values.next("the bookmark flag")?;
    let _game_version: u64 = values.next("the game's version")?;
    let game_id = values.number("the game id", 1..=u32::MAX as u64)? as u32;
    let number: BigInt = values.next("the game number")?;
    let game_number = game_number(&number)?;
    values.skip("the random generator's state")?;
    let stack_count = values.number("the number of stacks", 1..=MAX_STACKS)?;
    let mut stacks = Vec::new();
    let mut cards_read = 0;
    for _ in 0..stack_count {
        let count = values.number("a stack's card count", 0..=CARDS as u64)?;
        cards_read += count;
        if cards_read > CARDS as u64 {
            return Err(SaveError::Damaged(format!(
                "its stacks hold more than the {CARDS} cards of two packs"
            )));
        }
        let mut stack = Vec::with_capacity(count as usize);
        for _ in 0..count {
            let id = values.number("a card id", 0..=CARDS as u64 - 1)?;
            let face_up = values.number("a card's face-up flag", 0..=1)? == 1;
            let card = Card::from_id(id as u8).expect("ids below 104 are cards");
            stack.push(SavedCard { card, face_up });
        }
        stacks.push(stack);
    }
    let talon_round = values.number("the talon's round", 1..=u32::MAX as u64)?;
    let finished: bool = values.next("the finished flag")?;
    Ok(SavedGame { game_id, game_number, stacks, talon_round, finished })
}

/// The game number PySolFC shows, from the one it saves (pysol_cards' `random__str2int`): a
/// number below 32,000 (a Microsoft-compatible deal) is saved with bit 1000 set, a larger one
/// as itself.
fn game_number(saved: &BigInt) -> Result<u128, SaveError> {
    let bad = || SaveError::Damaged(format!("the game number {saved} is not one PySolFC deals"));
    if saved.is_negative() || saved.is_zero() {
        return Err(bad());
    }
    let bytes = saved.significant_magnitude();
    // 2^1000 is the byte 1 followed by 125 zero bytes.
    const MARKED: usize = 126;
    if bytes.len() == MARKED && bytes[0] == 1 {
        let low = &bytes[1..];
        let (high, last) = low.split_at(low.len() - 16);
        let n = u128::from_be_bytes(last.try_into().expect("16 bytes"));
        if high.iter().any(|&b| b != 0) || n == 0 || n >= 32_000 {
            return Err(bad());
        }
        return Ok(n);
    }
    match saved.to_u128() {
        Some(n) if n >= 32_000 => Ok(n),
        _ => Err(bad()),
    }
}
