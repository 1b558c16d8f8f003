//! The transposition table of the parallel search (`parallel.rs`): one set of positions met,
//! shared by every thread, lock-free, bounded in memory.
//!
//! A slot is two 64-bit words, a position's 128-bit fingerprint (`patience_games::fingerprint`)
//! with the lowest bit of each half forced to 1: the *tag* (0 marks an empty slot) and the
//! *check* word (0 marks a slot whose tag is written and whose check word is not yet). A false
//! "seen" needs two positions to agree on 126 bits: probability at most n²/2¹²⁷ in a search of n
//! positions. 16 bytes a slot (the one-thread table's are 12: a slot written by one atomic
//! store per word has to hold two whole words).
//!
//! Open addressing with linear probing over a table of fixed size, allocated zeroed and never
//! grown: growing in place while other threads insert would need them
//! all to stop. The parallel search sizes it for its state limit ([`SharedTable::for_states`])
//! and never stores more than [`SharedTable::capacity`] positions (counted by the search; an
//! insert into a table with no empty slot on the probe's path also answers `Full`).
//!
//! **Insertion is linearizable**: every insert of a key answers `New` exactly once, and every
//! other insert of it, before or after, concurrent or not, answers `Seen`; a key never inserted
//! is never `Seen` (but for a fingerprint collision). Why: slots are only ever filled, never
//! emptied or changed, and a slot is filled by one compare-and-swap of its tag from 0. Two
//! inserts of the same key probe the same slots in the same order, from the key's home. Each
//! passes the slots holding other keys, and stops at the first slot that is empty or holds the
//! key. The first of the inserts to reach an empty slot on that path and win its
//! compare-and-swap owns it (`New`); every other insert of the key, reaching that slot (it can
//! stop nowhere before it: the slots before it held other keys when the owner passed them, and
//! still do), finds the key's tag there, possibly after losing the compare-and-swap to it,
//! waits for its check word, and answers `Seen`. A different key with the same tag (the tag is
//! 63 bits) is told apart by its check word, once written: the wait is a few instructions
//! unless the writer is descheduled between its two stores.

use crate::table::{Insert, Prepared};
use crate::traverse::Claims;
use patience_games::game::Game;
use std::sync::atomic::{AtomicU64, Ordering};

/// A slot: tag, then check word (see the module notes).
#[repr(C, align(16))]
struct Slot([AtomicU64; 2]);

/// The table (see the module notes).
pub struct SharedTable {
    /// The allocation; the table is `slots[..=mask]`, and every slot past it is empty.
    slots: Box<[Slot]>,
    mask: usize,
}

/// Bytes of one slot.
pub const SLOT_BYTES: usize = std::mem::size_of::<Slot>();

const MIN_SLOTS: usize = 1 << 12;

impl SharedTable {
    /// A table of `slots` slots (a power of two, at least 4,096).
    pub fn with_slots(slots: usize) -> Self {
        assert!(slots.is_power_of_two() && slots >= MIN_SLOTS, "{slots} slots");
        let layout = std::alloc::Layout::array::<Slot>(slots).expect("a table that fits in memory");
        // SAFETY: the layout is not empty; all-zero bytes are a valid `AtomicU64` (0), so a
        // zeroed allocation of `slots` slots is a valid `[Slot]`, owned by the box from here on
        // (allocated with the box's own layout, so the box frees it rightly).
        let slots_box = unsafe {
            let p = std::alloc::alloc_zeroed(layout).cast::<Slot>();
            if p.is_null() {
                std::alloc::handle_alloc_error(layout);
            }
            Box::from_raw(std::ptr::slice_from_raw_parts_mut(p, slots))
        };
        let mut slots_box = slots_box;
        // Every page touched once, in order, before the threads scatter their inserts over it
        // (a hint to the kernel in effect; nothing changes but when the pages are mapped).
        // Measured: carthage seed 0, 50,000,000 positions on two threads, 0.28 s of system time
        // against 0.71 s when the pages are first touched by the scattered inserts, and 1.2–1.5 s
        // with 2 MiB pages requested (`madvise`): each first touch then zeroes 2 MiB.
        for slot in slots_box.iter_mut().step_by(4096 / SLOT_BYTES) {
            *slot.0[0].get_mut() = 0;
        }
        SharedTable { slots: slots_box, mask: slots - 1 }
    }

    /// The smallest table that holds `states` positions at a load of at most 3/4, but no larger
    /// than `max_bytes` (and at least 4,096 slots).
    pub fn for_states(states: u64, max_bytes: usize) -> Self {
        Self::with_slots(Self::slots_for(states, max_bytes))
    }

    fn slots_for(states: u64, max_bytes: usize) -> usize {
        let wanted = (states.saturating_mul(4) / 3 + 1).max(MIN_SLOTS as u64).next_power_of_two();
        let mut most = (max_bytes / SLOT_BYTES).max(MIN_SLOTS);
        if !most.is_power_of_two() {
            most = most.next_power_of_two() / 2;
        }
        wanted.min(most as u64) as usize
    }

    /// This table emptied and sized as [`SharedTable::for_states`] would make it: in its own
    /// allocation where that is large enough (only the part the last search used is cleared),
    /// else a new one.
    ///
    /// Why keep the allocation: the kernel maps a fresh allocation's pages as they are first
    /// touched, and measured here that costs far more than clearing pages already mapped
    /// (carthage seed 0, 50,000,000 positions on two threads: 1.0–1.6 s of system time in a
    /// 3 s solve, against 0.03 s on one thread, whose table is kept between searches).
    pub fn reset_for(self, states: u64, max_bytes: usize) -> Self {
        let size = Self::slots_for(states, max_bytes);
        if size > self.slots.len() {
            drop(self);
            return Self::with_slots(size);
        }
        let mut t = self;
        for slot in &mut t.slots[..=t.mask] {
            *slot.0[0].get_mut() = 0;
            *slot.0[1].get_mut() = 0;
        }
        t.mask = size - 1;
        t
    }

    /// Bytes of the part in use.
    pub fn used_bytes(&self) -> usize {
        (self.mask + 1) * SLOT_BYTES
    }

    /// The most positions the search may store (9/10 of the slots, as the one-thread table at
    /// its largest size).
    pub fn capacity(&self) -> u64 {
        (self.mask as u64 + 1) * 9 / 10
    }

    /// Bytes of the allocation.
    pub fn bytes(&self) -> usize {
        self.slots.len() * SLOT_BYTES
    }

    #[inline]
    fn home(&self, tag: u64) -> usize {
        (tag >> 20) as usize & self.mask
    }

    /// Adds the position with fingerprint `fp` unless present.
    #[inline]
    pub fn insert(&self, fp: u128) -> Insert {
        let (tag, check) = (fp as u64 | 1, (fp >> 64) as u64 | 1);
        let mut i = self.home(tag);
        for _ in 0..=self.mask {
            let slot = &self.slots[i & self.mask].0;
            let mut t = slot[0].load(Ordering::Acquire);
            if t == 0 {
                match slot[0].compare_exchange(0, tag, Ordering::AcqRel, Ordering::Acquire) {
                    Ok(_) => {
                        slot[1].store(check, Ordering::Release);
                        return Insert::New;
                    }
                    Err(now) => t = now,
                }
            }
            if t == tag && Self::check_word(&slot[1]) == check {
                return Insert::Seen;
            }
            i = (i + 1) & self.mask;
        }
        Insert::Full
    }

    /// The check word of a slot whose tag is written, once its writer has stored it.
    #[inline]
    fn check_word(word: &AtomicU64) -> u64 {
        let mut spins = 0u32;
        loop {
            let c = word.load(Ordering::Acquire);
            if c != 0 {
                return c;
            }
            spins += 1;
            if spins < 64 {
                std::hint::spin_loop();
            } else {
                // Its writer was descheduled between its two stores.
                std::thread::yield_now();
            }
        }
    }

    /// Asks the processor to fetch the slot where `fp`'s probe starts (a hint only).
    #[inline]
    pub fn prefetch(&self, fp: u128) {
        crate::table::prefetch_read(self.slots.as_ptr().wrapping_add(self.home(fp as u64 | 1)));
    }
}

/// One thread's use of the shared table, as the traversal's [`Claims`]: fingerprints only (the
/// parallel search has no exact table).
pub struct Handle<'t>(pub &'t SharedTable);

impl<G: Game> Claims<G> for Handle<'_> {
    #[inline(always)]
    fn insert(&mut self, game: &G, s: &G::State, symmetry: bool) -> Insert {
        self.0.insert(game.fingerprint(s, symmetry))
    }
    #[inline(always)]
    fn prepare(&self, game: &G, s: &G::State, symmetry: bool) -> Prepared {
        let fp = game.fingerprint(s, symmetry) & !1;
        self.0.prefetch(fp);
        Prepared::from_fingerprint(fp)
    }
    #[inline(always)]
    fn prepare_child(&self, game: &G, s: &G::State, m: G::Move, symmetry: bool) -> Option<Prepared> {
        let fp = game.child_fingerprint(s, m, symmetry)? | 1;
        self.0.prefetch(fp);
        Some(Prepared::from_fingerprint(fp))
    }
    #[inline(always)]
    fn insert_fingerprint(&mut self, p: Prepared) -> Insert {
        self.0.insert(p.fingerprint())
    }
    #[inline(always)]
    fn insert_prepared(&mut self, _: &G, _: &G::State, _: bool, p: Prepared) -> Insert {
        self.0.insert(p.fingerprint())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::AtomicUsize;

    /// A random-looking 128-bit value per index (splitmix64 twice).
    fn fp(i: u64) -> u128 {
        let mix = |mut z: u64| {
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^ (z >> 31)
        };
        (mix(i.wrapping_mul(0x9E37_79B9_7F4A_7C15)) as u128) << 64 | mix(i ^ 0xDEAD_BEEF) as u128
    }

    #[test]
    fn finds_what_it_stored_and_nothing_else() {
        let t = SharedTable::with_slots(1 << 17);
        for i in 0..50_000u64 {
            assert_eq!(t.insert(fp(i)), Insert::New);
        }
        for i in 0..50_000u64 {
            assert_eq!(t.insert(fp(i)), Insert::Seen);
        }
        // Equal tags, different check words: different positions.
        let base = fp(7) as u64 as u128;
        assert_eq!(t.insert(base | 124u128 << 64), Insert::New);
        assert_eq!(t.insert(base | 126u128 << 64), Insert::New);
        assert_eq!(t.insert(base | 124u128 << 64), Insert::Seen);
    }

    #[test]
    fn a_full_table_says_so_and_still_knows_its_keys() {
        let t = SharedTable::with_slots(MIN_SLOTS);
        for i in 0..MIN_SLOTS as u64 {
            assert_eq!(t.insert(fp(i)), Insert::New);
        }
        assert_eq!(t.insert(fp(1 << 40)), Insert::Full);
        assert_eq!(t.insert(fp(17)), Insert::Seen);
    }

    #[test]
    fn sized_for_its_states_within_its_budget() {
        assert_eq!(SharedTable::for_states(3_000, 1 << 30).bytes(), MIN_SLOTS * SLOT_BYTES);
        let t = SharedTable::for_states(1_000_000, 1 << 30);
        assert_eq!(t.bytes(), (1 << 21) * SLOT_BYTES, "1,000,000 at a load of at most 3/4");
        assert!(t.capacity() >= 1_000_000);
        assert_eq!(SharedTable::for_states(1_000_000, 3 << 20).bytes(), 2 << 20, "the budget's power of two");
    }

    #[test]
    fn a_reset_table_forgets_everything_and_keeps_its_allocation() {
        let t = SharedTable::for_states(100_000, 1 << 30);
        for i in 0..100_000u64 {
            assert_eq!(t.insert(fp(i)), Insert::New);
        }
        let held = t.bytes();
        let t = t.reset_for(1_000, 1 << 30);
        assert_eq!((t.bytes(), t.used_bytes()), (held, MIN_SLOTS * SLOT_BYTES));
        for i in 0..2_000u64 {
            assert_eq!(t.insert(fp(i)), Insert::New, "forgotten");
        }
        let t = t.reset_for(100_000, 1 << 30);
        assert_eq!(t.used_bytes(), held);
        for i in 0..100_000u64 {
            assert_eq!(t.insert(fp(i)), Insert::New, "forgotten, the small search's keys too");
        }
        let t = t.reset_for(1_000_000, 1 << 30);
        assert!(t.bytes() > held, "a new allocation");
        assert_eq!(t.insert(fp(5)), Insert::New);
    }

    /// The stress test: threads insert overlapping ranges of keys at once, in different orders,
    /// into a table with few slots per key, with keys that share their tag and differ in their
    /// check word (the wait for a check word): every key is answered `New` exactly once over all
    /// threads (no lost insert, no duplicate), and a key nobody inserted is never `Seen`.
    #[test]
    fn concurrent_inserts_claim_every_key_exactly_once() {
        const THREADS: u64 = 4;
        const KEYS: u64 = 200_000;
        let t = SharedTable::with_slots(1 << 18);
        // Half the keys are the twin of another (same tag, check word + 2).
        let key = |i: u64| if i % 2 == 0 { fp(i / 2) } else { fp(i / 2) + (2u128 << 64) };
        let claimed: Vec<AtomicUsize> = (0..KEYS).map(|_| AtomicUsize::new(0)).collect();
        std::thread::scope(|scope| {
            for th in 0..THREADS {
                let (t, claimed) = (&t, &claimed);
                scope.spawn(move || {
                    // Each thread does three quarters of the keys, from its own start, both ways.
                    for j in 0..KEYS * 3 / 4 {
                        let i = if th % 2 == 0 { (j + th * KEYS / 4) % KEYS } else { (KEYS - 1 - j + th * KEYS / 4) % KEYS };
                        match t.insert(key(i)) {
                            Insert::New => {
                                claimed[i as usize].fetch_add(1, Ordering::Relaxed);
                            }
                            Insert::Seen => {}
                            Insert::Full => panic!("not full"),
                        }
                    }
                });
            }
        });
        for (i, c) in claimed.iter().enumerate() {
            assert_eq!(c.load(Ordering::Relaxed), 1, "key {i}");
            assert_eq!(t.insert(key(i as u64)), Insert::Seen);
        }
        for i in KEYS..KEYS + 10_000 {
            assert_eq!(t.insert(key(i)), Insert::New, "a key never inserted");
        }
    }
}
