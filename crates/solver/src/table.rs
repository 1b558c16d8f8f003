//! The transposition table: the set of positions a search has met, bounded in memory.
//!
//! Two kinds, chosen by `Limits::exact_table`:
//!
//! * [`FingerprintTable`] (the default): 12 bytes a slot, a position's 128-bit fingerprint
//!   (`patience_games::fingerprint`) cut to 95 bits: a 64-bit tag (low bit forced to 1; 0 marks
//!   an empty slot) and a 32-bit check word, side by side.
//!   A false "seen" needs two different positions to agree on all 95 bits: probability at most
//!   n²/2⁹⁶ in a search of n positions (about 10⁻¹⁵ at 10⁷). At the most loaded (3/4) the table
//!   costs 16 bytes per position, just after doubling 32 (its allocation, against the biggest
//!   search that grew it; a later, smaller search may use part or all of it, see `grown_size`).
//! * [`ExactTable`]: the position itself (96–120 bytes) beside a 64-bit hash tag, 104–128
//!   bytes a slot; a false "seen" is impossible, at about eight times the memory.
//!
//! Both use open addressing with linear probing (one implementation, `OpenTable`), start small,
//! grow while their load passes 3/4 (`grown_size`), and never grow past their byte budget; once
//! full at that size they refuse new positions and the search stops with *unknown* (never a
//! guess).

use patience_games::game::Game;

/// What an insertion found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Insert {
    New,
    Seen,
    Full,
}

const MIN_SLOTS: usize = 1 << 12;

/// The size a table of `size` slots grows to, in an allocation of `held` slots: double, or,
/// once it is at least `held / 8` (and doubling stays inside the allocation), straight to
/// `held`, the biggest size an earlier search needed.
///
/// Why the jump: a study's searches come in runs of easy and hard deals, and `clear` starts
/// each search at the size the last one needed, so a hard deal after an easy one grows from a
/// few thousand slots again. Doubling all the way re-places its entries once per doubling: in
/// the bench's hard Algerian deals (200,000 positions, 512 Ki slots) twice as many
/// re-placements as insertions, each a cache miss (`grow` was 4.7% of the time). A search that
/// has reached an eighth of what an earlier one needed is likely to need it too; jumping from
/// there re-places its entries once instead of over three doublings. It costs no memory (the
/// allocation exists), and a search that stops short uses a sparser table than it needed and
/// clears it whole at the end: a fill at most four times the size it needed (having outgrown an
/// eighth of the allocation, it needed at least a quarter), after storing at least 3/32 of its
/// slots.
#[inline]
fn grown_size(size: usize, held: usize) -> usize {
    if size * 8 >= held && size * 2 < held { held } else { size * 2 }
}

/// The growth rule: a table of `size` slots holding `len` keys grows before the next insert
/// once its load reaches 3/4.
#[inline(always)]
fn overloaded(len: usize, size: usize) -> bool {
    len * 4 >= size * 3
}

/// The largest power of two of slots of `slot_bytes` within `max_bytes` (at least `MIN_SLOTS`).
fn max_slots(max_bytes: usize, slot_bytes: usize) -> usize {
    let n = (max_bytes / slot_bytes).max(MIN_SLOTS);
    if n.is_power_of_two() { n } else { n.next_power_of_two() / 2 }
}

/// A slot of an open-addressing table: empty, or one stored key. Implemented by the two slot
/// kinds of this module only.
pub trait Slot: Copy {
    fn empty() -> Self;
    fn is_empty(&self) -> bool;
    /// The hash bits a probe starts from.
    fn hash(&self) -> u64;
}

/// Open addressing with linear probing over slots of one kind, the one implementation behind
/// both tables: starts small, grows while the load passes 3/4, never grows past its byte
/// budget, and refuses new keys once it holds `capacity_limit` of them (the search then stops
/// with *unknown*).
pub struct OpenTable<T> {
    /// The allocation. Only `slots[..size]` is the table; every slot past it is empty.
    slots: Vec<T>,
    /// Slots in use as the table (a power of two, at most `slots.len()`).
    size: usize,
    len: usize,
    max_slots: usize,
    /// The length at which an insert must take the slow path: the table grows before it (load
    /// 3/4) or, at its largest size, may be full (`capacity_limit`). Kept up to date by every
    /// change of `size`, so the common insert tests one number instead of computing both rules.
    check_at: usize,
}

/// Fingerprints of positions (see the module notes), 12 bytes a slot.
pub type FingerprintTable = OpenTable<FingerprintSlot>;

/// Exact positions (see the module notes).
pub type ExactTable<S> = OpenTable<ExactSlot<S>>;

impl<T: Slot> OpenTable<T> {
    /// A table that will never use more than about `max_bytes`.
    pub fn new(max_bytes: usize) -> Self {
        let mut t = OpenTable {
            slots: vec![T::empty(); MIN_SLOTS],
            size: MIN_SLOTS,
            len: 0,
            max_slots: max_slots(max_bytes, std::mem::size_of::<T>()),
            check_at: 0,
        };
        t.set_size(MIN_SLOTS);
        t
    }
    /// Uses `size` slots of the allocation as the table, and sets the slow-path threshold.
    fn set_size(&mut self, size: usize) {
        self.size = size;
        // `overloaded(len, size)` iff len >= ceil(3 size / 4); sizes are powers of two ≥ MIN_SLOTS.
        let grow_at = if size < self.max_slots { (3 * size).div_ceil(4) } else { usize::MAX };
        self.check_at = grow_at.min(self.capacity_limit());
    }
    pub fn len(&self) -> usize {
        self.len
    }
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
    /// Bytes held by the table now (its allocation, which a search may use only part of).
    pub fn bytes(&self) -> usize {
        self.slots.len() * std::mem::size_of::<T>()
    }
    /// Bytes of the part the current search uses.
    pub fn used_bytes(&self) -> usize {
        self.size * std::mem::size_of::<T>()
    }
    /// The most positions the table can ever hold.
    pub fn capacity_limit(&self) -> usize {
        self.max_slots * 9 / 10
    }
    /// Forgets every position, keeping the memory for the next search. Only the part in use is
    /// emptied, and the next search starts at the size the last one ended with (its number of
    /// positions, at the load the growth rule allows): searches of a study come in runs of one
    /// size. A quick deal after a hard one then clears and probes a small table (studies of
    /// families with many quick deals spent 6% of their time clearing the megabytes a hard deal
    /// had grown the table to), and a run of hard deals does not grow the table anew each time.
    pub fn clear(&mut self) {
        self.slots[..self.size].fill(T::empty());
        let mut size = MIN_SLOTS;
        while size < self.slots.len() && overloaded(self.len, size) {
            size *= 2;
        }
        self.set_size(size);
        self.len = 0;
    }

    /// Where a probe for hash bits `hash` starts. The low bits are left out: a fingerprint's
    /// lowest bit is forced to 1 (`slot_of`).
    #[inline]
    fn home(&self, hash: u64) -> usize {
        (hash >> 20) as usize & (self.size - 1)
    }

    /// Adds `key` unless a slot for which `same` holds is met first.
    // Always inlined: it is the search's innermost step, and a call here measurably cost
    // Queen of Italy 6–9% of its speed.
    #[inline(always)]
    fn insert_slot(&mut self, key: T, same: impl Fn(&T) -> bool) -> Insert {
        // Below `check_at` the table neither grows nor is full: one test instead of both rules.
        let may_grow_or_be_full = self.len >= self.check_at;
        if may_grow_or_be_full && overloaded(self.len, self.size) && self.size < self.max_slots {
            self.grow();
        }
        let full = may_grow_or_be_full && self.len >= self.capacity_limit();
        let mut i = self.home(key.hash());
        let mask = self.size - 1;
        // The table as a slice of `mask + 1` slots: every index below is masked, so the compiler
        // drops the bounds checks from the probe loop.
        let slots = &mut self.slots[..=mask];
        loop {
            let slot = &slots[i];
            if slot.is_empty() {
                if full {
                    return Insert::Full;
                }
                slots[i] = key;
                self.len += 1;
                return Insert::New;
            }
            if same(slot) {
                return Insert::Seen;
            }
            i = (i + 1) & mask;
        }
    }

    /// Grows the table in place to [`grown_size`] (twice the size, or the whole allocation: a
    /// power-of-two multiple either way): the allocation is extended when too small (its new
    /// part empty), then every entry is placed anew by the grown table's probing, in slot order.
    ///
    /// Why in place is safe. It rests on the table's invariant, that every slot from an entry's
    /// home to the slot it is in is full (no key is ever removed, so nothing breaks it), and on
    /// `slots[old_size..new_size]` starting empty. Let `k` be the first empty slot. An entry
    /// stored at `i >= k` has its home at or before `i` (a probe that wrapped past the end
    /// would have filled slot `k`), and its new home is that home plus a multiple of the old
    /// size (the home's next bits; `new_size` is a power-of-two multiple of `old_size`): the
    /// home itself, or a slot at or past `old_size`. Taking the entries at `k..` in order, each
    /// emptied before it is placed: when the one from slot `i` is placed, every slot before `i`
    /// holds only entries already placed (or nothing), so a probe from a home at or before `i`
    /// stops at `i` at the latest and never passes an entry not yet moved; a probe from a home
    /// at or past `old_size` runs over placed entries only, and if it wraps to the start it
    /// also stops at `i` at the latest. Placed entries are never moved again, so every probe
    /// path stays full. The entries at `..k`, which may have wrapped from the end of the old
    /// table, are taken out first and placed last. So every entry ends where a probe from its
    /// home finds it, as after inserting them all into an empty table of the new size.
    ///
    /// Why in place: no copy of the table is made but of the leading run (a few slots with
    /// well-mixed keys). Doubling into a new allocation beside the old one (or copying the old
    /// half aside) held 1.5 times the doubled table at once: at the last doubling up to 1.5 times
    /// the configured budget. Here the allocation is extended by `realloc`, which for blocks
    /// above glibc's mmap threshold (at most 32 MiB) remaps the pages rather than copying them.
    #[cold]
    #[inline(never)]
    fn grow(&mut self) {
        let (old_size, new_size) = (self.size, grown_size(self.size, self.slots.len()));
        if self.slots.len() < new_size {
            // Exactly the doubled size (a growing Vec may otherwise reserve more). (A jump is
            // always inside the allocation.)
            self.slots.reserve_exact(new_size - self.slots.len());
            self.slots.resize(new_size, T::empty());
        }
        // slots[old_size..new_size] are empty: past the part in use, or just added.
        self.set_size(new_size);
        let k = self.slots[..old_size]
            .iter()
            .position(|s| s.is_empty())
            .expect("a table below full load has an empty slot");
        let wrapped = self.slots[..k].to_vec();
        self.slots[..k].fill(T::empty());
        for i in k..old_size {
            let slot = self.slots[i];
            if slot.is_empty() {
                continue;
            }
            self.slots[i] = T::empty();
            self.place(slot);
        }
        for slot in wrapped {
            self.place(slot);
        }
    }

    /// Puts `slot` (a key not in the table) in the first empty slot from its home.
    #[inline(always)]
    fn place(&mut self, slot: T) {
        let mask = self.size - 1;
        let mut i = self.home(slot.hash());
        let slots = &mut self.slots[..=mask];
        while !slots[i].is_empty() {
            i = (i + 1) & mask;
        }
        slots[i] = slot;
    }
}

/// A fingerprint slot: the tag's halves, then the check word, side by side, so a probe touches
/// one place in memory (in real time the table's cost is its cache misses).
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct FingerprintSlot([u32; 3]);

impl Slot for FingerprintSlot {
    fn empty() -> Self {
        FingerprintSlot([0; 3])
    }
    #[inline]
    fn is_empty(&self) -> bool {
        self.0[0] == 0
    }
    #[inline]
    fn hash(&self) -> u64 {
        self.0[0] as u64 | (self.0[1] as u64) << 32
    }
}

impl OpenTable<FingerprintSlot> {
    pub const SLOT_BYTES: usize = std::mem::size_of::<FingerprintSlot>();

    /// The slot of fingerprint `fp`: the tag (low bit forced to 1, so an occupied slot's first
    /// word is never 0) and the check word.
    #[inline]
    fn slot_of(fp: u128) -> FingerprintSlot {
        let tag = fp as u64 | 1;
        FingerprintSlot([tag as u32, (tag >> 32) as u32, (fp >> 64) as u32])
    }

    /// Asks the processor to fetch the slot where `fp`'s probe will start, so that a later
    /// `insert(fp)` finds it in cache. Only a hint: it changes no state, and a table that grows
    /// in between merely makes it useless. (In real time a probe is one cache miss on a random
    /// slot: a third of the search's time before the search issued these ahead of its inserts.)
    #[inline]
    pub fn prefetch(&self, fp: u128) {
        // An address, not a read: no bounds check (the home is inside the table anyway).
        prefetch_read(self.slots.as_ptr().wrapping_add(self.home(fp as u64)));
    }

    /// Adds the position with fingerprint `fp` unless present.
    #[inline]
    pub fn insert(&mut self, fp: u128) -> Insert {
        let key = Self::slot_of(fp);
        // The tag first, alone: it differs in almost every slot a probe passes, so most steps
        // cost one 64-bit compare.
        self.insert_slot(key, |s| s.hash() == key.hash() && s.0[2] == key.0[2])
    }
}

/// An exact slot: the position beside its hash (low bit forced to 1; 0 marks an empty slot).
#[derive(Clone, Copy)]
pub struct ExactSlot<S> {
    tag: u64,
    state: S,
}

impl<S: Copy + Default> Slot for ExactSlot<S> {
    fn empty() -> Self {
        ExactSlot { tag: 0, state: S::default() }
    }
    #[inline]
    fn is_empty(&self) -> bool {
        self.tag == 0
    }
    #[inline]
    fn hash(&self) -> u64 {
        self.tag
    }
}

impl<S: Copy + Eq + Default> OpenTable<ExactSlot<S>> {
    /// Adds `state` (with hash `hash`) unless present.
    #[inline]
    pub fn insert(&mut self, state: &S, hash: u64) -> Insert {
        let key = ExactSlot { tag: hash | 1, state: *state };
        self.insert_slot(key, |s| s.tag == key.tag && s.state == key.state)
    }
}

/// A cache hint: fetch the line holding address `x` (no effect on any result).
#[inline]
pub(crate) fn prefetch_read<T>(x: *const T) {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
        // SAFETY: prefetching is a hint that never faults, whatever the address.
        #[allow(unused_unsafe)]
        unsafe {
            _mm_prefetch::<_MM_HINT_T0>(x.cast::<i8>())
        };
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = x;
}

/// A position made ready for insertion by [`PositionTable::prepare`] or
/// [`PositionTable::prepare_child`]: its fingerprint (unused by the exact table). The
/// fingerprint's lowest bit, which the table never stores (`slot_of` forces it to 1), tells
/// which of the two prepared it: set by `prepare_child`, whose position was not played.
#[derive(Clone, Copy, Debug, Default)]
pub struct Prepared(u128);

impl Prepared {
    /// A fingerprint prepared elsewhere (the shared table's handle), its lowest bit the
    /// `unplayed` mark.
    #[inline]
    pub(crate) fn from_fingerprint(fp: u128) -> Self {
        Prepared(fp)
    }
    /// The fingerprint (its lowest bit is the `unplayed` mark).
    #[inline]
    pub fn fingerprint(&self) -> u128 {
        self.0
    }
    /// Prepared by [`PositionTable::prepare_child`]: from the parent and the move, the child
    /// not played.
    #[inline]
    pub fn unplayed(&self) -> bool {
        self.0 & 1 != 0
    }
}

/// The table a search uses: fingerprints, or exact positions (`Limits::exact_table`).
pub enum PositionTable<S> {
    Fingerprints(FingerprintTable),
    Exact(ExactTable<S>),
}

impl<S: Copy + Eq + Default> PositionTable<S> {
    pub fn new(max_bytes: usize, exact: bool) -> Self {
        if exact {
            PositionTable::Exact(ExactTable::new(max_bytes))
        } else {
            PositionTable::Fingerprints(FingerprintTable::new(max_bytes))
        }
    }

    /// Adds the key of `s` (its symmetry class when `symmetry`) unless present.
    #[inline]
    pub fn insert<G: Game<State = S>>(&mut self, game: &G, s: &S, symmetry: bool) -> Insert {
        match self {
            PositionTable::Fingerprints(t) => t.insert(game.fingerprint(s, symmetry)),
            PositionTable::Exact(t) => {
                let key = if symmetry { game.canonical(s) } else { *s };
                t.insert(&key, game.hash(&key))
            }
        }
    }
    /// Computes what `insert_prepared` needs for `s` and starts fetching its slot: a search
    /// prepares all of a position's children at once, so their probes overlap instead of
    /// waiting one after another. The exact table prepares nothing (its key is the position).
    #[inline]
    pub fn prepare<G: Game<State = S>>(&self, game: &G, s: &S, symmetry: bool) -> Prepared {
        match self {
            PositionTable::Fingerprints(t) => {
                let fp = game.fingerprint(s, symmetry) & !1;
                t.prefetch(fp);
                Prepared(fp)
            }
            PositionTable::Exact(_) => Prepared(0),
        }
    }

    /// [`Self::prepare`] for the child of `s` by `m`, without playing `m`: `None` unless this is
    /// a fingerprint table and the game computes the child's fingerprint from `s` and `m`
    /// ([`Game::child_fingerprint`]). Insert the child with [`Self::insert_fingerprint`].
    #[inline]
    pub fn prepare_child<G: Game<State = S>>(
        &self,
        game: &G,
        s: &S,
        m: G::Move,
        symmetry: bool,
    ) -> Option<Prepared> {
        match self {
            PositionTable::Fingerprints(t) => {
                let fp = game.child_fingerprint(s, m, symmetry)? | 1;
                t.prefetch(fp);
                Some(Prepared(fp))
            }
            PositionTable::Exact(_) => None,
        }
    }

    /// Inserts a position prepared by [`Self::prepare_child`] (only a fingerprint table prepares
    /// one).
    #[inline]
    pub fn insert_fingerprint(&mut self, p: Prepared) -> Insert {
        match self {
            PositionTable::Fingerprints(t) => t.insert(p.0),
            PositionTable::Exact(_) => {
                unreachable!("an exact table never prepares a child by its fingerprint")
            }
        }
    }

    /// `insert(game, s, symmetry)` for an `s` prepared by `prepare` with the same `symmetry`.
    #[inline]
    pub fn insert_prepared<G: Game<State = S>>(
        &mut self,
        game: &G,
        s: &S,
        symmetry: bool,
        p: Prepared,
    ) -> Insert {
        match self {
            PositionTable::Fingerprints(t) => t.insert(p.0),
            PositionTable::Exact(_) => self.insert(game, s, symmetry),
        }
    }

    pub fn len(&self) -> usize {
        match self {
            PositionTable::Fingerprints(t) => t.len(),
            PositionTable::Exact(t) => t.len(),
        }
    }
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
    pub fn bytes(&self) -> usize {
        match self {
            PositionTable::Fingerprints(t) => t.bytes(),
            PositionTable::Exact(t) => t.bytes(),
        }
    }
    pub fn clear(&mut self) {
        match self {
            PositionTable::Fingerprints(t) => t.clear(),
            PositionTable::Exact(t) => t.clear(),
        }
    }
}

#[cfg(test)]
pub(crate) mod tests;
