//! The processor check: a binary built for more than the processor has (`.cargo/config.toml`
//! builds x86-64 for x86-64-v3) would die of an illegal instruction somewhere in the search;
//! `patience` checks first and says what is missing instead.

/// The instruction-set features this binary was compiled to use, by their detection names.
#[cfg(target_arch = "x86_64")]
const COMPILED_WITH: &[(&str, bool)] = &[
    ("popcnt", cfg!(target_feature = "popcnt")),
    ("sse4.2", cfg!(target_feature = "sse4.2")),
    ("avx", cfg!(target_feature = "avx")),
    ("avx2", cfg!(target_feature = "avx2")),
    ("bmi1", cfg!(target_feature = "bmi1")),
    ("bmi2", cfg!(target_feature = "bmi2")),
    ("lzcnt", cfg!(target_feature = "lzcnt")),
    ("fma", cfg!(target_feature = "fma")),
    ("movbe", cfg!(target_feature = "movbe")),
];

/// The features this binary uses that `detected` says the processor lacks.
#[cfg(target_arch = "x86_64")]
fn missing_with(detected: impl Fn(&str) -> bool) -> Vec<&'static str> {
    COMPILED_WITH.iter().filter(|&&(name, compiled)| compiled && !detected(name)).map(|&(name, _)| name).collect()
}

#[cfg(target_arch = "x86_64")]
fn detected(name: &str) -> bool {
    match name {
        "popcnt" => std::arch::is_x86_feature_detected!("popcnt"),
        "sse4.2" => std::arch::is_x86_feature_detected!("sse4.2"),
        "avx" => std::arch::is_x86_feature_detected!("avx"),
        "avx2" => std::arch::is_x86_feature_detected!("avx2"),
        "bmi1" => std::arch::is_x86_feature_detected!("bmi1"),
        "bmi2" => std::arch::is_x86_feature_detected!("bmi2"),
        "lzcnt" => std::arch::is_x86_feature_detected!("lzcnt"),
        "fma" => std::arch::is_x86_feature_detected!("fma"),
        "movbe" => std::arch::is_x86_feature_detected!("movbe"),
        _ => false,
    }
}

/// `Some(message)` when this processor lacks a feature the binary was built for.
pub fn unsupported() -> Option<String> {
    #[cfg(target_arch = "x86_64")]
    {
        let missing = missing_with(detected);
        if !missing.is_empty() {
            return Some(format!(
                "this processor lacks {} which this build uses (it targets x86-64-v3, see .cargo/config.toml); rebuild with RUSTFLAGS=\"-C target-cpu=native\"",
                missing.join(", ")
            ));
        }
    }
    None
}

#[cfg(all(test, target_arch = "x86_64"))]
mod tests {
    use super::*;

    #[test]
    fn the_machine_running_the_tests_has_every_feature_the_build_uses() {
        assert_eq!(missing_with(detected), Vec::<&str>::new());
        assert!(unsupported().is_none());
    }

    #[test]
    fn a_lacking_feature_is_named_only_if_the_build_uses_it() {
        let without_bmi2 = missing_with(|f| f != "bmi2");
        assert_eq!(without_bmi2, if cfg!(target_feature = "bmi2") { vec!["bmi2"] } else { vec![] });
        let nothing = missing_with(|_| false);
        assert_eq!(nothing.len(), COMPILED_WITH.iter().filter(|f| f.1).count());
    }
}
