//! What the tests check the state's fast paths against: the fields it keeps beside the packed
//! sequence (`tops`, `starts`, `bottoms`, `heads`) recomputed from it, and the plain and the
//! previous forms of the pile reads and of the canonical sort.

use super::*;

#[test]
fn slot_tables_match_the_arithmetic() {
    for i in 0..CAP {
        assert_eq!(slot_at(i), (i / 10, 6 * (i % 10)));
    }
    for w in &WORD_OF[CAP..] {
        assert_eq!(*w as usize, WORDS - 1);
    }
}

/// The first ten slots of the pile of `len` slots at slot `start`, masked to its length (the
/// state keeps them: `heads`; this reads them for the tests' references).
#[inline(always)]
fn pile_key(words: &[u64; WORDS], start: usize, len: usize) -> u64 {
    if len == 0 { 0 } else { chunk(words, start) & low_mask(len.min(10)) }
}

/// The kept fields recomputed (the tests compare them with the fields after every move).
impl AlgerianState {
    /// [`Self::tops`] as the `tops` field keeps them, read from the packed sequence (for the
    /// tests that check the field).
    pub(in crate::algerian) fn derived_tops(&self) -> [u8; 16] {
        let mut out = [NO_KIND; 16];
        for (o, t) in out.iter_mut().zip(self.tops()) {
            *o = t.map_or(NO_KIND, |k| k.index());
        }
        out
    }

    /// [`Self::starts`] as the field keeps them, from the plain prefix sums (for the tests).
    pub(in crate::algerian) fn derived_starts(&self) -> [u8; 16] {
        let mut out = [0u8; 16];
        for (p, o) in out.iter_mut().enumerate() {
            *o = self.start_simple(p.min(PILES)) as u8;
        }
        out
    }

    /// [`Self::bottoms`] as the field keeps them, from the piles (for the tests).
    pub(in crate::algerian) fn derived_bottoms(&self) -> [u8; 16] {
        let mut out = [0u8; 16];
        for (p, o) in out[..PILES].iter_mut().enumerate() {
            *o = self.pile(p).first().map_or(0, |k| k.index() + 1);
        }
        out
    }

    /// [`Self::heads`] as the field keeps them, from the packed sequence (for the tests).
    pub(in crate::algerian) fn derived_heads(&self) -> [u64; PILES] {
        std::array::from_fn(|p| self.pile_slots(self.start_simple(p), self.len(p)).0)
    }
}

/// The plain and the previous forms the fast code is checked against.
impl AlgerianState {
    /// The tops of all fourteen piles (`None` = empty), in stored order.
    #[inline]
    pub(in crate::algerian) fn tops(&self) -> [Option<Kind>; PILES] {
        let mut out = [None; PILES];
        let mut end = 0usize;
        for (p, slot) in out.iter_mut().enumerate() {
            end += self.lens[p] as usize;
            if self.lens[p] > 0 {
                *slot = Some(Kind::from_index(self.get(end - 1)));
            }
        }
        out
    }

    /// The plain reference of [`Self::start`] (its original code, kept for the test).
    pub(in crate::algerian) fn start_simple(&self, p: usize) -> usize {
        self.lens[..p].iter().map(|&l| l as usize).sum()
    }

    /// Sets slot `i` to `v` (the plain sort's writes).
    #[inline]
    fn set(&mut self, i: usize, v: u8) {
        let (w, o) = (i / 10, 6 * (i % 10));
        self.words[w] = (self.words[w] & !(SLOT << o)) | ((v as u64) << o);
    }

    /// [`Self::resort_group`] with every pile dirty: the whole group sorted.
    #[inline]
    pub(in crate::algerian) fn sort_group(&mut self, first: usize, n: usize) {
        self.resort_group(first, n, (1 << n) - 1);
    }

    /// The previous [`Self::resort_group`] (kept as the equivalence test's reference).
    ///
    /// [`Self::sort_group`] for a group whose piles outside `dirty` (bit i: pile `first + i`)
    /// are known to be in sorted order among themselves (a canonical parent's piles that a move
    /// did not touch): only the dirty piles are compared and re-placed.
    ///
    /// The stable order is the order by (contents, index), a strict total order, so the clean
    /// piles, already in that order, are a sorted list, and each dirty pile, in ascending index
    /// order, is inserted where it belongs by a scan from its own index (every pile of lower
    /// index is in the list by then): usually two comparisons. With every pile dirty this is a
    /// plain insertion sort. Piles are compared in place, ten packed slots at a time (the lowest
    /// slot where two chunks differ decides); only the reordered piles are rewritten.
    pub(in crate::algerian) fn resort_group_previous(
        &mut self,
        first: usize,
        n: usize,
        dirty: u32,
    ) {
        use std::cmp::Ordering;
        debug_assert!(n <= DEPOTS);
        let mut lens = [0u8; DEPOTS];
        lens[..n].copy_from_slice(&self.lens[first..first + n]);
        let mut starts = [0usize; DEPOTS];
        let mut at = self.start(first);
        for (st, &l) in starts.iter_mut().zip(&lens) {
            *st = at;
            at += l as usize;
        }
        let words = &self.words;
        let key = |i: usize| pile_key(words, starts[i], lens[i] as usize);
        // Pile a's contents (its key ka) against pile b's.
        let cmp = |a: usize, ka: u64, b: usize| -> Ordering {
            cmp_piles(words, starts[a], lens[a] as usize, ka, starts[b], lens[b] as usize, key(b))
        };
        // Fast path: the group is already in order iff every adjacent pair with a dirty pile is
        // (a pair of clean piles is).
        let dirty = dirty & ((1 << n) - 1);
        let pairs = (dirty | dirty >> 1) & ((1 << (n - 1)) - 1);
        if !bits(pairs).any(|j| cmp(j, key(j), j + 1) == Ordering::Greater) {
            return;
        }
        let mut order = [0usize; DEPOTS];
        let mut len = 0;
        for i in 0..n {
            if dirty >> i & 1 == 0 {
                order[len] = i;
                len += 1;
            }
        }
        for d in bits(dirty) {
            let kd = key(d);
            // Piles 0..d are in the list, so d's place in the unchanged order is d.
            let mut q = d;
            // Left past every (contents, index) greater than d's, else right past every smaller.
            while q > 0 && {
                let e = order[q - 1];
                match cmp(d, kd, e) {
                    Ordering::Less => true,
                    Ordering::Equal => e > d,
                    Ordering::Greater => false,
                }
            } {
                q -= 1;
            }
            if q == d {
                while q < len && {
                    let e = order[q];
                    match cmp(d, kd, e) {
                        Ordering::Greater => true,
                        Ordering::Equal => d > e,
                        Ordering::Less => false,
                    }
                } {
                    q += 1;
                }
            }
            order.copy_within(q..len, q + 1);
            order[q] = d;
            len += 1;
        }
        // Only the piles between the first and the last that changed place are rewritten.
        let Some(lo) = (0..n).find(|&c| order[c] != c) else { return };
        let hi = (0..n).rfind(|&c| order[c] != c).unwrap_or(lo);
        let src = self.words;
        let (old_names, old_tops, old_bottoms, old_heads) =
            (self.names, self.tops, self.bottoms, self.heads);
        let mut pos = starts[lo];
        for (c, &o) in order.iter().enumerate().take(hi + 1).skip(lo) {
            let (mut from, mut left) = (starts[o], lens[o] as usize);
            while left > 0 {
                let m = left.min(10);
                write_slots(&mut self.words, pos, chunk(&src, from), m);
                pos += m;
                from += m;
                left -= m;
            }
            self.lens[first + c] = lens[o];
            self.tops[first + c] = old_tops[first + o];
            self.bottoms[first + c] = old_bottoms[first + o];
            self.heads[first + c] = old_heads[first + o];
            let name = (old_names >> name_shift(first + o)) & 7;
            let sh = name_shift(first + c);
            self.names = (self.names & !(7 << sh)) | (name << sh);
        }
        self.refresh_starts();
    }

    /// The plain reference of [`Self::sort_group`] (its original code, kept for the equivalence
    /// test): reorders the stored piles `first..first+n` of one group (depots or reserves) into
    /// ascending order of their contents (as slices of kind indices, bottom→top), carrying the
    /// physical names along. The piles of a group are contiguous in the sequence.
    pub(in crate::algerian) fn sort_group_simple(&mut self, first: usize, n: usize) {
        let base = self.start(first);
        let mut starts = [0usize; DEPOTS + 1];
        for i in 0..n {
            starts[i + 1] = starts[i] + self.lens[first + i] as usize;
        }
        let total = starts[n];
        let mut buf = [0u8; CAP];
        for (j, b) in buf[..total].iter_mut().enumerate() {
            *b = self.get(base + j);
        }
        let slice = |i: usize| &buf[starts[i]..starts[i + 1]];
        if (1..n).all(|i| slice(i - 1) <= slice(i)) {
            return;
        }
        let mut order = [0usize; DEPOTS];
        for (i, o) in order[..n].iter_mut().enumerate() {
            *o = i;
        }
        order[..n].sort_by(|&a, &b| slice(a).cmp(slice(b)));
        let old_names = self.names;
        let mut pos = base;
        for (c, &o) in order[..n].iter().enumerate() {
            for &k in slice(o) {
                self.set(pos, k);
                pos += 1;
            }
            self.lens[first + c] = (starts[o + 1] - starts[o]) as u8;
            self.tops[first + c] = slice(o).last().copied().unwrap_or(NO_KIND);
            self.bottoms[first + c] = slice(o).first().map_or(0, |&k| k + 1);
            self.heads[first + c] = slice(o)
                .iter()
                .take(10)
                .enumerate()
                .fold(0, |h, (j, &k)| h | (k as u64) << (6 * j));
            let name = (old_names >> name_shift(first + o)) & 7;
            let sh = name_shift(first + c);
            self.names = (self.names & !(7 << sh)) | (name << sh);
        }
        self.refresh_starts();
    }
}
