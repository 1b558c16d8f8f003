//! What a study is: everything that determines its rows. Two runs with equal manifests (the
//! command line aside) produce the same rows, timing aside; `--resume` and `merge` insist on it.

use patience_games::deal::numbering::{Dealing, Numbering};
use patience_games::variant::{Rules, VariantInfo, find_variant};
use serde::{Deserialize, Serialize};

/// Studies made before the pipeline: the exhaustive search alone.
fn search_only() -> String {
    "search".into()
}

fn thoughtful() -> String {
    "thoughtful".into()
}

/// Studies written before `--threads-per-deal`.
fn one() -> usize {
    1
}

/// Studies written before the fingerprint table stored exact positions.
fn exact() -> String {
    "exact".into()
}

/// The manifest's name of a transposition table kind (`Limits::exact_table`).
pub fn table_kind(exact_table: bool) -> &'static str {
    if exact_table { "exact" } else { "fingerprint-95" }
}

/// A manifest's rules in the form written since 2026-12-06: the older form (the family's rules
/// structure as Rust's `Debug` printed it, `QuiltRules { variant: CrazyQuilt, wrap: true,
/// redeals: 1 }`) becomes `wrap=true, redeals=1` — its fields but the variant (which the manifest
/// names on its own), `_` read as `-`, and an enum's value in lower case with `-` between words
/// (`AfterStock` as `after-stock`), which is how the options print today. Any other text is kept.
pub fn legacy_rules(text: &str) -> Option<String> {
    let (head, rest) = text.split_once(" { ")?;
    let fields = rest.strip_suffix(" }")?;
    if !head.ends_with("Rules") || head.contains(' ') {
        return None;
    }
    let mut out = vec![];
    for field in fields.split(", ") {
        let (name, value) = field.split_once(": ")?;
        if name == "variant" {
            continue;
        }
        let mut kebab = String::new();
        for (i, c) in value.chars().enumerate() {
            if c.is_ascii_uppercase() && i > 0 {
                kebab.push('-');
            }
            kebab.push(c.to_ascii_lowercase());
        }
        out.push(format!("{}={kebab}", name.replace('_', "-")));
    }
    Some(out.join(", "))
}

fn read_rules<'de, D: serde::Deserializer<'de>>(d: D) -> Result<String, D::Error> {
    let text = String::deserialize(d)?;
    Ok(legacy_rules(&text).unwrap_or(text))
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Manifest {
    pub variant: String,
    /// Every rule option and its value (`Rules::options_text`: `redeals=2, wrap=true`).
    /// Manifests written before 2026-12-06 hold the rules structure as Rust printed it; they
    /// read as this form ([`read_rules`]).
    #[serde(deserialize_with = "read_rules")]
    pub rules: String,
    /// The study's whole seed range, half-open.
    pub seeds_first: u64,
    pub seeds_end: u64,
    /// `I/K` when this folder holds shard I (0-based) of K; the shard's own seeds are
    /// `shard_seeds`.
    pub shard: Option<(u64, u64)>,
    pub max_states: u64,
    pub max_ms: Option<u64>,
    pub table_mb: usize,
    /// What the transposition table stores: `exact` positions or `fingerprint-95` (95-bit
    /// fingerprints; a false "seen" has probability at most n²/2⁹⁶ per search of n positions).
    #[serde(default = "exact")]
    pub table: String,
    pub pruning: String,
    /// The solving pipeline's phases and their budgets (`Plan::describe`).
    #[serde(default = "search_only")]
    pub pipeline: String,
    /// Who plays: `thoughtful` (the solver, which knows the stock order), `greedy`, or
    /// `sampling K=… states=…` (players that cannot see the stock).
    #[serde(default = "thoughtful")]
    pub player: String,
    /// Threads per deal (`--threads-per-deal`): with more than one, a won deal's line, and near
    /// the state limit its verdict, may differ from run to run (never won against lost).
    #[serde(default = "one")]
    pub threads_per_deal: usize,
    pub deal_generator: String,
    pub solver_version: String,
    pub git_commit: String,
    pub command: Vec<String>,
    /// A merged study's `command` is the merge; this keeps the `study` command of its first
    /// shard (or first part), whose game and rule options the audit and the dominance check
    /// read. Absent in a study made by `study`, and in merges made before it existed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shard_command: Option<Vec<String>>,
}

impl Manifest {
    /// The variant and the rules (with their options) the study's deals were dealt and solved
    /// under, from its `variant` and `rules` (either form, [`read_rules`]).
    pub fn game(&self) -> anyhow::Result<(&'static VariantInfo, Rules)> {
        let info = find_variant(&self.variant)?;
        if info.name != self.variant {
            anyhow::bail!("the manifest names the variant {:?} by an alias", self.variant);
        }
        let rules = info
            .rules
            .with_options_text(&self.rules)
            .map_err(|e| anyhow::anyhow!("the manifest's rules of {}: {e}", info.name))?;
        Ok((info, rules))
    }

    /// How the study's numbers were dealt: its `deal_generator`'s numbering, the variant's hook.
    pub fn dealing(&self, info: &VariantInfo) -> anyhow::Result<Dealing> {
        let numbering = Numbering::from_generator(&self.deal_generator).ok_or_else(|| {
            anyhow::anyhow!(
                "the manifest's deal generator {:?} is not one this version deals with",
                self.deal_generator
            )
        })?;
        Ok(Dealing { numbering, hook: info.hook })
    }

    /// The seeds this folder covers: the whole range, or the shard's contiguous part of it.
    pub fn shard_seeds(&self) -> std::ops::Range<u64> {
        shard_range(self.seeds_first..self.seeds_end, self.shard)
    }

    /// Equal in everything that decides the rows (not the command line, not the shard).
    pub fn same_study(&self, other: &Manifest) -> bool {
        let strip = |m: &Manifest| Manifest {
            command: vec![],
            shard_command: None,
            shard: None,
            ..m.clone()
        };
        strip(self) == strip(other)
    }

    /// The fields in which two manifests differ (command line and shard aside).
    pub fn differences(&self, other: &Manifest) -> Vec<&'static str> {
        let mut d = vec![];
        let mut check = |name, same: bool| {
            if !same {
                d.push(name)
            }
        };
        check("variant", self.variant == other.variant);
        check("rules", self.rules == other.rules);
        check(
            "seed range",
            (self.seeds_first, self.seeds_end) == (other.seeds_first, other.seeds_end),
        );
        check(
            "limits",
            (self.max_states, self.max_ms, self.table_mb)
                == (other.max_states, other.max_ms, other.table_mb),
        );
        check("table", self.table == other.table);
        check("pruning", self.pruning == other.pruning);
        check("pipeline", self.pipeline == other.pipeline);
        check("player", self.player == other.player);
        check("deal generator", self.deal_generator == other.deal_generator);
        check("solver version", self.solver_version == other.solver_version);
        check("git commit", self.git_commit == other.git_commit);
        d
    }
}

/// Shard `i` of `k` of a range: contiguous, sizes differing by at most one, in order.
pub fn shard_range(range: std::ops::Range<u64>, shard: Option<(u64, u64)>) -> std::ops::Range<u64> {
    let Some((i, k)) = shard else { return range };
    let n = range.end - range.start;
    let at = |j: u64| range.start + (n as u128 * j as u128 / k as u128) as u64;
    at(i)..at(i + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every form the published manifests hold reads as the options today's code prints.
    #[test]
    fn legacy_rules_read_as_option_values() {
        for (legacy, now) in [
            (
                "AlgerianRules { variant: AlgerianParlett, reserve_space: AfterStock, foundation_to_depot: true }",
                "reserve-space=after-stock, foundation-to-depot=true",
            ),
            (
                "AlhambraRules { variant: Granada, empty_waste_any: false, pf_refill_timing: false, redeals: 2 }",
                "empty-waste-any=false, pf-refill-timing=false, redeals=2",
            ),
            (
                "QueenRules { variant: QueenOfItalyOpen, redeals: 0, foundation_to_tableau: true }",
                "redeals=0, foundation-to-tableau=true",
            ),
            ("QuiltRules { variant: PersianRug, wrap: true, redeals: 0 }", "wrap=true, redeals=0"),
        ] {
            assert_eq!(legacy_rules(legacy).as_deref(), Some(now));
            let json = format!("{{\"rules\": {legacy:?}}}");
            #[derive(Deserialize)]
            struct Only {
                #[serde(deserialize_with = "read_rules")]
                rules: String,
            }
            assert_eq!(serde_json::from_str::<Only>(&json).unwrap().rules, now);
        }
        for kept in ["redeals=0, wrap=true", "", "QueenRules {", "Two Rules { a: 1 }"] {
            assert_eq!(legacy_rules(kept), None, "{kept}");
        }
    }

    #[test]
    fn shards_cover_the_range_once_in_order() {
        for (range, k) in [(0..10u64, 3u64), (5..6, 4), (100..1100, 7), (0..0, 2)] {
            let mut next = range.start;
            for i in 0..k {
                let r = shard_range(range.clone(), Some((i, k)));
                assert_eq!(r.start, next);
                assert!(r.end - r.start <= (range.end - range.start).div_ceil(k));
                next = r.end;
            }
            assert_eq!(next, range.end);
        }
    }
}
