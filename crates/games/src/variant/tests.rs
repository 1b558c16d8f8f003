use super::*;

#[test]
fn names_and_aliases_resolve() {
    assert_eq!(find_variant("alhambra").unwrap().pysol_id(), Some(234));
    assert_eq!(find_variant("Grant's Reinforcement").unwrap().name, "reinforcements");
    assert_eq!(find_variant("GRANADA").unwrap().pysol_id(), Some(465));
    assert!(matches!(find_variant("klondike"), Err(VariantError::Unknown(_))));
    assert_eq!(find_variant("Terrace").unwrap().name, "queen-of-italy");
    assert_eq!(find_variant("General's Patience").unwrap().pysol_id(), Some(136));
    assert_eq!(find_variant("Algerian Patience").unwrap().pysol_id(), Some(322));
}

#[test]
fn names_are_unique() {
    let mut all: Vec<&str> = VARIANTS
        .iter()
        .flat_map(|v| std::iter::once(v.name).chain(v.aliases.iter().copied()))
        .collect();
    let n = all.len();
    all.sort();
    all.dedup();
    assert_eq!(all.len(), n);
}

#[test]
fn the_registry_is_in_the_order_of_its_keys() {
    assert_eq!(VARIANTS.len(), Variant::COUNT);
    for (i, v) in VARIANTS.iter().enumerate() {
        assert_eq!(v.variant as usize, i, "{}", v.name);
        assert_eq!(v.rules.key(), v.variant, "{}: its rules name another variant", v.name);
        assert_eq!(v.variant.info().name, v.name);
    }
}

#[test]
fn each_family_is_in_its_section() {
    for v in VARIANTS.iter() {
        let section = match v.rules.family_key() {
            Family::Alhambra => "§2",
            Family::Queen => "§3",
            Family::Algerian => "§4",
            Family::Quilt => "§5",
        };
        assert_eq!(v.section, section, "{}", v.name);
    }
}

/// Every PySolFC record's rules apply to its variant, and differ from its own only by the options
/// the record names (RULES.md marks them "(PySolFC)").
#[test]
fn pysolfc_rules_apply_to_their_variants() {
    let mut with_options = vec![];
    for v in VARIANTS.iter() {
        let Some(pysol) = v.pysol else { continue };
        let rules = v.pysol_rules().unwrap();
        assert_eq!(rules.key(), v.variant);
        for option in pysol.rules.split(", ").filter(|o| !o.is_empty()) {
            assert!(rules.options_text().contains(option), "{}: {option}", v.name);
            with_options.push(v.name);
        }
        assert_eq!(find_pysol_game(pysol.id).unwrap().name, v.name);
    }
    assert_eq!(
        with_options,
        ["alhambra", "granada", "reinforcements", "queen-of-italy-open"],
        "the variants whose PySolFC rules differ from the rule book's defaults"
    );
    assert!(find_pysol_game(8).is_none(), "FreeCell");
}
