/// States live on the search stack (one per level) and, with `--exact-table`, in the table
/// (plus an 8-byte tag); the default table keeps 12-byte fingerprints instead.
#[test]
fn states_stay_compact() {
    assert_eq!(std::mem::size_of::<crate::alhambra::AlhambraState>(), 120);
    assert_eq!(std::mem::size_of::<crate::quilt::QuiltState>(), 120);
    // 80 bytes of position, 16 for the exact foundations of the foundation-to-tableau
    // option (`queen/found.rs`; 0 without it), 16 for the running sum of pile fingerprints,
    // 16 for what the hot paths read (pile offsets, the playable mask: queen8 log). At 144
    // bytes every copy became a `memcpy` call.
    assert_eq!(std::mem::size_of::<crate::queen::QueenState>(), 128);
    // The Algerian state's size is asserted, field by field, in `algerian/tests.rs`.
}
