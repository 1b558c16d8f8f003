use crate::deal::{DealSource, Hook, make_deal};

fn first16(seed: u64) -> String {
    let d = make_deal(&DealSource::Native(seed), Hook::None).unwrap();
    d.cards()[..16].iter().map(|c| c.to_string()).collect::<Vec<_>>().join(" ")
}

/// The golden talon orders of RULES.md §1: deals are forever.
#[test]
fn golden_talon_orders() {
    assert_eq!(first16(0), "6D 2S 6S JD 4H KH QS 2D AC 4C 5H 2C 8C 3S 7D 4S");
    assert_eq!(first16(1), "JD 3C AD 3H 8H 5D 9S 4H KD 8H AS KD JD 3C KC AS");
    assert_eq!(first16(42), "3D 3C 8D JS 6D QC 2D 2S KC 5S 7H JD 4H KD 7D 4C");
    assert_eq!(first16(18446744073709551615), "6S 7H 3H 5S KS JD 8D AC KD 4C QS 2D TD 4D 7C JS");
}
