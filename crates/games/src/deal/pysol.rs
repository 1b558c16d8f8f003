//! PySolFC game numbers (RULES.md §1.2), reproduced exactly.
//!
//! Numbers `1..32000` use PySolFC's LCRandom31 (MSVC `rand()`), larger ones CPython's MT19937
//! seeded with `init_by_array`, drawn through PySolFC's own `randint`, not CPython's.

use crate::card::CARDS;
use std::fmt;

/// Why a game number was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameNumberError {
    NotANumber(String),
    Zero,
    TooLarge(String),
}

impl fmt::Display for GameNumberError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameNumberError::NotANumber(s) => {
                write!(f, "PySolFC game number {s:?} is not a number")
            }
            GameNumberError::Zero => {
                write!(f, "PySolFC game number 0 is invalid (numbers start at 1)")
            }
            GameNumberError::TooLarge(s) => {
                write!(f, "PySolFC game number {s} is out of range (at most {})", u128::MAX)
            }
        }
    }
}
impl std::error::Error for GameNumberError {}

/// Reads a game number as PySolFC does: drop a trailing `L`, delete white space and `# - _ . ,`.
pub fn parse_game_number(text: &str) -> Result<u128, GameNumberError> {
    let trimmed = text.trim();
    let trimmed = trimmed.strip_suffix(['L', 'l']).unwrap_or(trimmed);
    let digits: String =
        trimmed.chars().filter(|c| !(c.is_whitespace() || "#-_.,".contains(*c))).collect();
    if digits.is_empty() || !digits.chars().all(|c| c.is_ascii_digit()) {
        return Err(GameNumberError::NotANumber(text.to_string()));
    }
    let n: u128 = digits.parse().map_err(|_| GameNumberError::TooLarge(digits.clone()))?;
    if n == 0 {
        return Err(GameNumberError::Zero);
    }
    Ok(n)
}

/// PySolFC's generator for small game numbers: MSVC `rand()` on a 33-bit state.
pub struct LcRandom31 {
    state: u64,
}

impl LcRandom31 {
    pub fn new(seed: u64) -> Self {
        LcRandom31 { state: seed }
    }
    pub fn next_out(&mut self) -> u32 {
        self.state = (self.state * 214013 + 2531011) & ((1 << 33) - 1);
        ((self.state >> 16) & 0x7fff) as u32
    }
    pub fn randint(&mut self, a: u32, b: u32) -> u32 {
        a + self.next_out() % (b + 1 - a)
    }
}

const MT_N: usize = 624;
const MT_M: usize = 397;

/// CPython's MT19937, seeded like `random.Random(n)` for a non-negative integer `n`.
pub struct Mt19937 {
    mt: [u32; MT_N],
    index: usize,
}

impl Mt19937 {
    fn init_genrand(seed: u32) -> [u32; MT_N] {
        let mut mt = [0u32; MT_N];
        mt[0] = seed;
        for i in 1..MT_N {
            mt[i] =
                1812433253u32.wrapping_mul(mt[i - 1] ^ (mt[i - 1] >> 30)).wrapping_add(i as u32);
        }
        mt
    }

    /// `init_by_array` with the little-endian 32-bit words of `n` (`[0]` for zero).
    pub fn from_int(n: u128) -> Self {
        let mut key: Vec<u32> = Vec::new();
        let mut rest = n;
        while rest > 0 {
            key.push(rest as u32);
            rest >>= 32;
        }
        if key.is_empty() {
            key.push(0);
        }
        let mut mt = Self::init_genrand(19650218);
        let (mut i, mut j) = (1usize, 0usize);
        for _ in 0..MT_N.max(key.len()) {
            mt[i] = (mt[i] ^ (mt[i - 1] ^ (mt[i - 1] >> 30)).wrapping_mul(1664525))
                .wrapping_add(key[j])
                .wrapping_add(j as u32);
            i += 1;
            j += 1;
            if i >= MT_N {
                mt[0] = mt[MT_N - 1];
                i = 1;
            }
            if j >= key.len() {
                j = 0;
            }
        }
        for _ in 0..MT_N - 1 {
            mt[i] = (mt[i] ^ (mt[i - 1] ^ (mt[i - 1] >> 30)).wrapping_mul(1566083941))
                .wrapping_sub(i as u32);
            i += 1;
            if i >= MT_N {
                mt[0] = mt[MT_N - 1];
                i = 1;
            }
        }
        mt[0] = 0x8000_0000;
        Mt19937 { mt, index: MT_N }
    }

    pub fn next_u32(&mut self) -> u32 {
        if self.index >= MT_N {
            for k in 0..MT_N {
                let y = (self.mt[k] & 0x8000_0000) | (self.mt[(k + 1) % MT_N] & 0x7fff_ffff);
                let mut v = self.mt[(k + MT_M) % MT_N] ^ (y >> 1);
                if y & 1 != 0 {
                    v ^= 0x9908_b0df;
                }
                self.mt[k] = v;
            }
            self.index = 0;
        }
        let mut y = self.mt[self.index];
        self.index += 1;
        y ^= y >> 11;
        y ^= (y << 7) & 0x9d2c_5680;
        y ^= (y << 15) & 0xefc6_0000;
        y ^ (y >> 18)
    }

    /// CPython's `random()`: 53 bits from two outputs.
    pub fn random(&mut self) -> f64 {
        let a = (self.next_u32() >> 5) as f64;
        let b = (self.next_u32() >> 6) as f64;
        (a * 67108864.0 + b) / 9007199254740992.0
    }

    /// PySolFC's `RandomBase.randint`: `a + floor(random() * (b+1-a))`.
    pub fn randint(&mut self, a: u32, b: u32) -> u32 {
        a + (self.random() * (b + 1 - a) as f64) as u32
    }
}

/// The j drawn for n = 103 down to 1 by PySolFC's Fisher–Yates, for game `number`.
fn shuffle_draws(number: u128) -> Vec<u32> {
    let ns = (1..CARDS as u32).rev();
    if number < 32000 {
        let mut rng = LcRandom31::new(number as u64);
        ns.map(|n| rng.randint(0, n)).collect()
    } else {
        let mut rng = Mt19937::from_int(number);
        ns.map(|n| rng.randint(0, n)).collect()
    }
}

/// The shuffled list of card ids PySolFC makes for game `number` (before the game's hook).
pub fn shuffled_list(number: u128) -> Result<[u8; CARDS], GameNumberError> {
    if number == 0 {
        return Err(GameNumberError::Zero);
    }
    let mut list: [u8; CARDS] = std::array::from_fn(|i| i as u8);
    for (n, j) in (1..CARDS).rev().zip(shuffle_draws(number)) {
        list.swap(n, j as usize);
    }
    Ok(list)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lcrandom31_vector() {
        let mut r = LcRandom31::new(1);
        let outs: Vec<u32> = (0..5).map(|_| r.next_out()).collect();
        assert_eq!(outs, [41, 18467, 6334, 26500, 19169]);
    }

    #[test]
    fn mt19937_vectors() {
        let mut r = Mt19937::from_int(123456789);
        assert_eq!(
            [r.next_u32(), r.next_u32(), r.next_u32()],
            [2754794679, 1899526012, 2328685183]
        );
        let mut r = Mt19937::from_int(123456789);
        assert_eq!(r.random(), 0.6414006161858726);
        assert_eq!(r.random(), 0.5421892680969495);
        assert_eq!(r.random(), 0.9931750662832721);
    }

    #[test]
    fn shuffle_vectors() {
        assert_eq!(&shuffle_draws(1)[..10], &[41, 30, 10, 38, 69, 82, 12, 64, 82, 49]);
        assert_eq!(&shuffle_draws(123456789)[..10], &[66, 55, 101, 85, 81, 39, 91, 66, 38, 33]);
    }

    #[test]
    fn game_numbers_parse_like_pysolfc() {
        assert_eq!(parse_game_number("617").unwrap(), 617);
        assert_eq!(parse_game_number("#12,345").unwrap(), 12345);
        assert_eq!(parse_game_number(" 1_000-000.5 ").unwrap(), 10000005);
        assert_eq!(parse_game_number("99999999999999999999L").unwrap(), 99999999999999999999);
        assert_eq!(parse_game_number("0"), Err(GameNumberError::Zero));
        assert!(matches!(parse_game_number("12a"), Err(GameNumberError::NotANumber(_))));
        assert!(matches!(parse_game_number(""), Err(GameNumberError::NotANumber(_))));
        assert!(matches!(parse_game_number("1e5"), Err(GameNumberError::NotANumber(_))));
        assert!(matches!(
            parse_game_number("999999999999999999999999999999999999999999"),
            Err(GameNumberError::TooLarge(_))
        ));
    }
}
