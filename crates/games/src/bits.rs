//! The set bits of a mask, lowest first: the generators' and the canonical sort's walk over a
//! set of piles, cells or foundations held as bits.
//!
//! `for i in bits(m) { … }` is the loop `while m != 0 { let i = m.trailing_zeros(); m &= m - 1;
//! … }` (each step a count of trailing zeros and a clear of the lowest set bit), written once.
//! Everything is `#[inline(always)]`, so the loop compiles to what the hand-written one did.

/// The indices of the set bits of a mask, ascending (see the module notes).
#[derive(Clone, Copy, Debug)]
pub struct Bits<M>(M);

/// The indices of the set bits of `mask`, lowest first.
#[inline(always)]
pub fn bits<M: Mask>(mask: M) -> Bits<M> {
    Bits(mask)
}

/// An unsigned integer used as a set of bit indices.
pub trait Mask: Copy {
    /// The index of the lowest set bit and the mask without it; `None` for an empty mask.
    fn pop_lowest(self) -> Option<(usize, Self)>;
}

macro_rules! mask {
    ($($t:ty)*) => {$(
        impl Mask for $t {
            #[inline(always)]
            fn pop_lowest(self) -> Option<(usize, Self)> {
                (self != 0).then(|| (self.trailing_zeros() as usize, self & (self - 1)))
            }
        }
    )*};
}
mask!(u8 u16 u32 u64 u128);

impl<M: Mask> Iterator for Bits<M> {
    type Item = usize;
    #[inline(always)]
    fn next(&mut self) -> Option<usize> {
        let (i, rest) = self.0.pop_lowest()?;
        self.0 = rest;
        Some(i)
    }
}

impl<M: Mask> std::iter::FusedIterator for Bits<M> {}

#[cfg(test)]
mod tests {
    use super::bits;

    #[test]
    fn bits_are_the_set_bits_lowest_first() {
        assert_eq!(bits(0u32).count(), 0);
        assert_eq!(bits(0b1010_0110u8).collect::<Vec<_>>(), [1, 2, 5, 7]);
        assert_eq!(bits(0x8000u16 | 1).collect::<Vec<_>>(), [0, 15]);
        assert_eq!(bits(u64::MAX).collect::<Vec<_>>(), (0..64).collect::<Vec<_>>());
        assert_eq!(bits(1u128 << 127 | 1 << 64).collect::<Vec<_>>(), [64, 127]);
        for m in [0u32, 1, 0x8000_0001, 0xDEAD_BEEF, u32::MAX] {
            let want: Vec<usize> = (0..32).filter(|i| m >> i & 1 != 0).collect();
            assert_eq!(bits(m).collect::<Vec<_>>(), want, "{m:#x}");
        }
    }
}
