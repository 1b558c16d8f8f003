//! Pinned layout texts (tests only): deals are forever, so the layout a deal gives must not
//! change.

/// Compares a layout's text with a pinned golden file under `tests/golden/`.
/// `PATIENCE_BLESS=1` rewrites the file: never do that for a published deal.
pub(crate) fn assert_golden(file: &str, got: &str) {
    let path = format!("{}/tests/golden/{file}", env!("CARGO_MANIFEST_DIR"));
    if std::env::var_os("PATIENCE_BLESS").is_some() {
        std::fs::write(&path, got).unwrap();
    }
    let want = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    assert_eq!(got, want, "{file}: layout changed, but deals are forever");
}
