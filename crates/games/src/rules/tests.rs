use super::*;
use crate::variant::VARIANTS;

#[test]
fn every_variant_finds_its_registry_entry() {
    for v in VARIANTS {
        assert_eq!(v.rules.variant().name, v.name);
        let options = RuleOptions { redeals: Some(0), ..RuleOptions::default() };
        if let Ok(changed) = v.rules.with_options(&options) {
            assert_eq!(changed.variant().name, v.name, "options do not change the variant");
        }
    }
}

#[test]
fn options_are_checked_by_each_family() {
    let find = |name| crate::variant::find_variant(name).unwrap().rules;
    let wrap_off = RuleOptions { no_wrap: true, ..RuleOptions::default() };
    assert!(
        find("alhambra")
            .with_options(&wrap_off)
            .unwrap_err()
            .contains("only to the Crazy Quilt family")
    );
    let quilt = find("crazy-quilt").with_options(&wrap_off).unwrap();
    assert!(quilt.option_values().contains(&("wrap", "false".to_string())));
    let redeal = RuleOptions { redeals: Some(1), ..RuleOptions::default() };
    assert!(find("persian-rug").with_options(&redeal).unwrap_err().contains("no stock"));
    assert!(find("algerian").with_options(&redeal).unwrap_err().contains("no redeal"));
    assert!(
        find("queen-of-italy").with_options(&RuleOptions { redeals: Some(2), ..redeal }).is_err()
    );
    let open = RuleOptions { foundation_to_tableau: true, ..RuleOptions::default() };
    assert!(find("queen-of-italy").with_options(&open).is_err());
    assert!(find("queen-of-italy-open").with_options(&open).is_ok());
}
