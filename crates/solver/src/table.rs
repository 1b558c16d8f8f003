//! The transposition table: a set of exact positions, bounded in memory.
//!
//! Open addressing with linear probing over two parallel arrays: a 64-bit tag per slot (the
//! position's hash with the low bit forced to 1; 0 marks an empty slot) and the position itself.
//! Positions are stored exactly, so a tag collision costs only a comparison: a false "seen" is
//! impossible. The table starts small, doubles while its load passes 3/4, and never grows past
//! its byte budget; once full at that size it refuses new positions and the search stops with
//! *unknown* (never a guess).

pub struct Table<S> {
    tags: Vec<u64>,
    states: Vec<S>,
    len: usize,
    max_slots: usize,
}

/// What an insertion found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Insert {
    New,
    Seen,
    Full,
}

const MIN_SLOTS: usize = 1 << 12;

impl<S: Copy + Eq + Default> Table<S> {
    /// A table that will never use more than about `max_bytes`.
    pub fn new(max_bytes: usize) -> Self {
        let slot = std::mem::size_of::<S>() + 8;
        let max_slots = (max_bytes / slot).max(MIN_SLOTS);
        let max_slots = if max_slots.is_power_of_two() { max_slots } else { max_slots.next_power_of_two() / 2 };
        Table { tags: vec![0; MIN_SLOTS], states: vec![S::default(); MIN_SLOTS], len: 0, max_slots }
    }

    pub fn len(&self) -> usize {
        self.len
    }
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
    /// Bytes held by the table now.
    pub fn bytes(&self) -> usize {
        self.tags.len() * (8 + std::mem::size_of::<S>())
    }
    /// The most positions the table can ever hold.
    pub fn capacity_limit(&self) -> usize {
        self.max_slots * 9 / 10
    }

    /// Forgets every position, keeping the memory for the next search.
    pub fn clear(&mut self) {
        self.tags.fill(0);
        self.len = 0;
    }

    /// Adds `state` (with hash `hash`) unless present.
    #[inline]
    pub fn insert(&mut self, state: &S, hash: u64) -> Insert {
        if self.len * 4 >= self.tags.len() * 3 && self.tags.len() < self.max_slots {
            self.grow();
        }
        let tag = hash | 1;
        let mask = self.tags.len() - 1;
        let mut i = (hash >> 20) as usize & mask;
        loop {
            let t = self.tags[i];
            if t == 0 {
                if self.len >= self.capacity_limit() {
                    return Insert::Full;
                }
                self.tags[i] = tag;
                self.states[i] = *state;
                self.len += 1;
                return Insert::New;
            }
            if t == tag && self.states[i] == *state {
                return Insert::Seen;
            }
            i = (i + 1) & mask;
        }
    }

    fn grow(&mut self) {
        let new_len = self.tags.len() * 2;
        let old_tags = std::mem::replace(&mut self.tags, vec![0; new_len]);
        let old_states = std::mem::replace(&mut self.states, vec![S::default(); new_len]);
        let mask = new_len - 1;
        for (tag, state) in old_tags.into_iter().zip(old_states) {
            if tag != 0 {
                let mut i = (tag >> 20) as usize & mask;
                while self.tags[i] != 0 {
                    i = (i + 1) & mask;
                }
                self.tags[i] = tag;
                self.states[i] = state;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_what_it_stored_and_nothing_else() {
        let mut t: Table<[u64; 2]> = Table::new(1 << 24);
        for i in 0..5_000u64 {
            // Deliberately colliding hashes: exactness must come from the stored keys.
            assert_eq!(t.insert(&[i, !i], i % 7), Insert::New);
        }
        for i in 0..5_000u64 {
            assert_eq!(t.insert(&[i, !i], i % 7), Insert::Seen);
        }
        assert_eq!(t.len(), 5_000);
        t.clear();
        assert!(t.is_empty());
        assert_eq!(t.insert(&[3, !3], 3), Insert::New);
    }

    #[test]
    fn stays_within_its_budget_and_reports_full() {
        let budget = 1 << 20;
        let mut t: Table<[u64; 2]> = Table::new(budget);
        let mut stored = 0u64;
        let full_at = loop {
            let h = stored.wrapping_mul(0x9E37_79B9_7F4A_7C15);
            match t.insert(&[stored, 0], h) {
                Insert::New => stored += 1,
                Insert::Full => break stored,
                Insert::Seen => unreachable!(),
            }
        };
        assert!(t.bytes() <= budget);
        assert_eq!(full_at as usize, t.capacity_limit());
        // Known positions are still recognised when full.
        assert_eq!(t.insert(&[5, 0], 5u64.wrapping_mul(0x9E37_79B9_7F4A_7C15)), Insert::Seen);
    }
}
