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
//! Open addressing with linear probing. The table starts small and doubles when the search's
//! count of its positions passes 3/4 of its slots, up to its byte budget: the parallel search
//! stops every thread first ([`SharedTable::grow`] is the one change that is not atomic), then
//! one thread places every key anew (`parallel.rs`, `Hunt::grow`). It never stores more than
//! [`SharedTable::capacity`] positions (counted by the search; an insert into a table with no
//! empty slot left also answers `Full`).
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
use crate::traverse::VisitedTable;
use patience_games::game::Game;
use std::cell::UnsafeCell;
use std::sync::atomic::{AtomicU64, Ordering};

/// A slot: tag, then check word (see the module notes).
#[repr(C, align(16))]
struct Slot([AtomicU64; 2]);

/// The table (see the module notes).
pub struct SharedTable {
    /// Read by every thread; replaced only by [`SharedTable::grow`], whose caller guarantees
    /// that no other thread uses the table meanwhile.
    now: UnsafeCell<Slots>,
    /// The most slots the table may grow to (its byte budget).
    max_slots: usize,
}

/// The table's slots, a power of two of them.
struct Slots {
    slots: Box<[Slot]>,
    mask: usize,
}

// SAFETY: the slots are atomics, shared as such; the one non-atomic change, `grow`'s
// replacement of the slots, is made under its caller's guarantee that no other thread reads
// the table until the caller lets them go on, through a lock that orders the change before
// their next use (`parallel.rs`, `Hunt::grow`).
unsafe impl Sync for SharedTable {}

/// Bytes of one slot.
pub const SLOT_BYTES: usize = std::mem::size_of::<Slot>();

const MIN_SLOTS: usize = 1 << 12;

impl Slots {
    /// `n` empty slots (a power of two, at least 4,096).
    fn new(n: usize) -> Self {
        assert!(n.is_power_of_two() && n >= MIN_SLOTS, "{n} slots");
        let layout = std::alloc::Layout::array::<Slot>(n).expect("a table that fits in memory");
        // SAFETY: the layout is not empty; all-zero bytes are a valid `AtomicU64` (0), so a
        // zeroed allocation of `n` slots is a valid `[Slot]`, owned by the box from here on
        // (allocated with the box's own layout, so the box frees it rightly).
        let mut slots = unsafe {
            let p = std::alloc::alloc_zeroed(layout).cast::<Slot>();
            if p.is_null() {
                std::alloc::handle_alloc_error(layout);
            }
            Box::from_raw(std::ptr::slice_from_raw_parts_mut(p, n))
        };
        // Every page touched once, in order, before the threads scatter their inserts over it
        // (a hint to the kernel in effect; nothing changes but when the pages are mapped).
        // Measured: carthage seed 0, 50,000,000 positions on two threads, 0.28 s of system time
        // against 0.71 s when the pages are first touched by the scattered inserts, and 1.2–1.5 s
        // with 2 MiB pages requested (`madvise`): each first touch then zeroes 2 MiB.
        for slot in slots.iter_mut().step_by(4096 / SLOT_BYTES) {
            *slot.0[0].get_mut() = 0;
        }
        Slots { slots, mask: n - 1 }
    }

    #[inline]
    fn home(&self, tag: u64) -> usize {
        (tag >> 20) as usize & self.mask
    }

    /// See [`SharedTable::insert`].
    #[inline]
    fn insert(&self, fp: u128) -> Insert {
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
            if t == tag && check_word(&slot[1]) == check {
                return Insert::Seen;
            }
            i = (i + 1) & self.mask;
        }
        Insert::Full
    }
}

impl SharedTable {
    /// An empty table of `slots` slots (a power of two, at least 4,096) that may grow to
    /// `max_bytes` (at least its first size).
    pub fn new(slots: usize, max_bytes: usize) -> Self {
        let max_slots = most_slots(max_bytes).max(slots);
        SharedTable { now: UnsafeCell::new(Slots::new(slots)), max_slots }
    }

    /// The table emptied for another search with the budget `max_bytes`, at the size the last
    /// search grew it to (searches of one deal, or of a study, come in runs of one size).
    ///
    /// Why keep the allocation: the kernel maps a fresh allocation's pages as they are first
    /// touched, and measured here that costs far more than clearing pages already mapped
    /// (carthage seed 0, 50,000,000 positions on two threads: 1.0–1.6 s of system time in a
    /// 3 s solve when each search had a new table, against 0.03 s on one thread, whose table is
    /// kept between searches).
    pub fn reset(mut self, max_bytes: usize) -> Self {
        let now = self.now.get_mut();
        for slot in now.slots.iter_mut() {
            *slot.0[0].get_mut() = 0;
            *slot.0[1].get_mut() = 0;
        }
        self.max_slots = most_slots(max_bytes).max(now.slots.len());
        self
    }

    #[inline]
    fn slots(&self) -> &Slots {
        // SAFETY: see `unsafe impl Sync`: the slots are only replaced while no thread reads them.
        unsafe { &*self.now.get() }
    }

    /// Slots now.
    pub fn size(&self) -> usize {
        self.slots().mask + 1
    }

    /// Positions stored, past which the table should grow ([`SharedTable::grow`]) before more
    /// are stored: a load of 3/4, or never at its largest size.
    pub fn grow_at(&self) -> u64 {
        if self.size() < self.max_slots { self.size() as u64 * 3 / 4 } else { u64::MAX }
    }

    /// The most positions the search may store, once grown to its largest size (9/10 of its
    /// slots, as the one-thread table).
    pub fn capacity(&self) -> u64 {
        self.max_slots as u64 * 9 / 10
    }

    /// Doubles the table, every stored key placed anew. For a moment the old and the new slots
    /// are both held: half the budget more than the table at its largest.
    ///
    /// # Safety
    /// No other thread may use the table from the call until the caller lets it go on through
    /// a synchronisation (a lock) that orders this change before that thread's next use.
    pub unsafe fn grow(&self) {
        let old = self.slots();
        let new = Slots::new((2 * old.slots.len()).min(self.max_slots.max(old.slots.len())));
        for slot in old.slots.iter() {
            let tag = slot.0[0].load(Ordering::Relaxed);
            if tag != 0 {
                let check = slot.0[1].load(Ordering::Relaxed);
                new.insert(tag as u128 | (check as u128) << 64);
            }
        }
        // SAFETY: by the caller's guarantee, nobody reads the slots now.
        unsafe { *self.now.get() = new };
    }

    /// Adds the position with fingerprint `fp` unless present (`Full`: no empty slot left,
    /// which the search's count of its positions keeps from happening).
    #[inline]
    pub fn insert(&self, fp: u128) -> Insert {
        self.slots().insert(fp)
    }

    /// Asks the processor to fetch the slot where `fp`'s probe starts (a hint only).
    #[inline]
    pub fn prefetch(&self, fp: u128) {
        let s = self.slots();
        crate::table::prefetch_read(s.slots.as_ptr().wrapping_add(s.home(fp as u64 | 1)));
    }
}

/// The largest power of two of slots within `max_bytes` (at least `MIN_SLOTS`).
fn most_slots(max_bytes: usize) -> usize {
    let most = (max_bytes / SLOT_BYTES).max(MIN_SLOTS);
    if most.is_power_of_two() { most } else { most.next_power_of_two() / 2 }
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

/// One thread's use of the shared table, as the traversal's [`VisitedTable`]: fingerprints only
/// (the parallel search has no exact table).
pub struct Handle<'t>(pub &'t SharedTable);

impl<G: Game> VisitedTable<G> for Handle<'_> {
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
    fn prepare_child(
        &self,
        game: &G,
        s: &G::State,
        m: G::Move,
        symmetry: bool,
    ) -> Option<Prepared> {
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
    use crate::table::tests::test_key;
    use std::sync::atomic::AtomicUsize;

    #[test]
    fn finds_what_it_stored_and_nothing_else() {
        let t = SharedTable::new(1 << 17, 0);
        for i in 0..50_000u64 {
            assert_eq!(t.insert(test_key(i)), Insert::New);
        }
        for i in 0..50_000u64 {
            assert_eq!(t.insert(test_key(i)), Insert::Seen);
        }
        // Equal tags, different check words: different positions.
        let base = test_key(7) as u64 as u128;
        assert_eq!(t.insert(base | 124u128 << 64), Insert::New);
        assert_eq!(t.insert(base | 126u128 << 64), Insert::New);
        assert_eq!(t.insert(base | 124u128 << 64), Insert::Seen);
    }

    #[test]
    fn a_full_table_says_so_and_still_knows_its_keys() {
        let t = SharedTable::new(MIN_SLOTS, 0);
        for i in 0..MIN_SLOTS as u64 {
            assert_eq!(t.insert(test_key(i)), Insert::New);
        }
        assert_eq!(t.insert(test_key(1 << 40)), Insert::Full);
        assert_eq!(t.insert(test_key(17)), Insert::Seen);
    }

    /// Doubling up to the budget: every key stored is found afterwards, none other is, and
    /// a reset table forgets everything, keeping its size (the allocation).
    #[test]
    fn grows_to_its_budget_and_resets_at_its_size() {
        let t = SharedTable::new(MIN_SLOTS, 1 << 20);
        assert_eq!((t.size(), t.capacity(), t.grow_at()), (MIN_SLOTS, 65_536 * 9 / 10, 3_072));
        let mut stored = 0u64;
        for round in 0..4 {
            while stored < t.grow_at() {
                assert_eq!(t.insert(test_key(stored)), Insert::New);
                stored += 1;
            }
            // SAFETY: one thread.
            unsafe { t.grow() };
            assert_eq!(t.size(), MIN_SLOTS << (round + 1));
            for i in 0..stored {
                assert_eq!(t.insert(test_key(i)), Insert::Seen, "round {round}, key {i}");
            }
        }
        assert_eq!((t.size(), t.grow_at()), (65_536, u64::MAX), "at its budget");
        let t = t.reset(1 << 20);
        assert_eq!(t.size(), 65_536);
        for i in 0..1_000u64 {
            assert_eq!(t.insert(test_key(i)), Insert::New, "forgotten");
        }
    }

    /// The stress test: threads insert overlapping ranges of keys at once, in different orders,
    /// into a table with few slots per key, with keys that share their tag and differ in their
    /// check word (the wait for a check word): every key is answered `New` exactly once over all
    /// threads (no lost insert, no duplicate), and a key nobody inserted is never `Seen`.
    #[test]
    fn concurrent_inserts_claim_every_key_exactly_once() {
        const THREADS: u64 = 4;
        const KEYS: u64 = 200_000;
        let t = SharedTable::new(1 << 18, 0);
        // Half the keys are the twin of another (same tag, check word + 2).
        let key = |i: u64| {
            if i.is_multiple_of(2) { test_key(i / 2) } else { test_key(i / 2) + (2u128 << 64) }
        };
        let claimed: Vec<AtomicUsize> = (0..KEYS).map(|_| AtomicUsize::new(0)).collect();
        std::thread::scope(|scope| {
            for th in 0..THREADS {
                let (t, claimed) = (&t, &claimed);
                scope.spawn(move || {
                    // Each thread does three quarters of the keys, from its own start, both ways.
                    for j in 0..KEYS * 3 / 4 {
                        let i = if th % 2 == 0 {
                            (j + th * KEYS / 4) % KEYS
                        } else {
                            (KEYS - 1 - j + th * KEYS / 4) % KEYS
                        };
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
