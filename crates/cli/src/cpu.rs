//! The processor check: a binary built for more than the processor has (`.cargo/config.toml`
//! builds x86-64 for x86-64-v3) would die of an illegal instruction somewhere in the search;
//! `patience` checks first and says what is missing instead.

/// Each feature by its detection name: whether this binary was compiled to use it, and how to ask
/// the processor for it (both macros take the name as a literal, so one list serves both).
#[cfg(target_arch = "x86_64")]
macro_rules! features {
    ($($name:tt),*) => {
        &[$(($name, cfg!(target_feature = $name), (|| std::arch::is_x86_feature_detected!($name)) as fn() -> bool)),*]
    };
}
/// A feature: its detection name, whether the build uses it, and the processor's answer.
#[cfg(target_arch = "x86_64")]
type Feature = (&'static str, bool, fn() -> bool);
#[cfg(target_arch = "x86_64")]
const FEATURES: &[Feature] =
    features!("popcnt", "sse4.2", "avx", "avx2", "bmi1", "bmi2", "lzcnt", "fma", "movbe");

/// The features this binary uses that `detected` says the processor lacks.
#[cfg(target_arch = "x86_64")]
fn missing_with(detected: impl Fn(&str) -> bool) -> Vec<&'static str> {
    FEATURES
        .iter()
        .filter(|&&(name, compiled, _)| compiled && !detected(name))
        .map(|&(name, _, _)| name)
        .collect()
}

/// Whether the processor has the feature named `name` (one of `FEATURES`).
#[cfg(target_arch = "x86_64")]
fn detected(name: &str) -> bool {
    FEATURES.iter().any(|&(n, _, has)| n == name && has())
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
        assert_eq!(nothing.len(), FEATURES.iter().filter(|f| f.1).count());
    }
}
