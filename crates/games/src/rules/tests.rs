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

/// Every variant's rules, at its defaults and with each option it takes, read back from the text
/// a manifest records of them.
#[test]
fn options_text_reads_back() {
    let variations = [
        RuleOptions::default(),
        RuleOptions { empty_waste_any: true, ..RuleOptions::default() },
        RuleOptions { pf_refill_timing: true, ..RuleOptions::default() },
        RuleOptions { no_wrap: true, ..RuleOptions::default() },
        RuleOptions { foundation_to_tableau: true, ..RuleOptions::default() },
        RuleOptions { reserve_space: Some(ReserveSpace::Never), ..RuleOptions::default() },
        RuleOptions { reserve_space: Some(ReserveSpace::AfterStock), ..RuleOptions::default() },
        RuleOptions { no_foundation_to_depot: true, ..RuleOptions::default() },
        RuleOptions { redeals: Some(1), ..RuleOptions::default() },
    ];
    let mut read = 0;
    for v in VARIANTS {
        for options in &variations {
            let Ok(rules) = v.rules.with_options(options) else { continue };
            let text = rules.options_text();
            assert_eq!(v.rules.with_options_text(&text), Ok(rules), "{}: {text}", v.name);
            read += 1;
        }
    }
    assert!(read >= 30, "{read}");
    let alhambra = crate::variant::find_variant("alhambra").unwrap().rules;
    for (bad, why) in [
        ("redeals=two", "not a number"),
        ("wrap=false", "only to the Crazy Quilt family"),
        ("colour=red", "unknown rule option"),
        ("redeals", "has no value"),
        ("redeals=2", "read as"),
    ] {
        let e = alhambra.with_options_text(bad).unwrap_err();
        assert!(e.contains(why), "{bad}: {e}");
    }
}
