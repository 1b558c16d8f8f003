//! Joining the shards of one study: same study in every manifest, every seed of the range
//! exactly once, then the combined files. Unsharded studies of consecutive seed ranges join too
//! (a study extended to more seeds: 0..1000, then 1000..10000).

use crate::manifest::Manifest;
use crate::row::{DealRow, read_rows};
use crate::run::{DEALS, MANIFEST, read_manifest, write_atomic, write_results};
use crate::summary::Summary;
use anyhow::{Context, Result, bail};
use std::fs;
use std::path::{Path, PathBuf};

/// Merges finished shard folders into `out`; the manifest written there is the study's (no
/// shard), with the merge's command line.
pub fn merge(shards: &[PathBuf], out: &Path, command: Vec<String>) -> Result<Summary> {
    if shards.is_empty() {
        bail!("merge needs at least one study folder");
    }
    let manifests: Vec<Manifest> =
        shards.iter().map(|d| read_manifest(d)).collect::<Result<_>>()?;
    let first = &manifests[0];
    // Whole studies (no shard) of other seed ranges extend each other: their range is then the
    // union, which the checks below require to hold every seed exactly once.
    let extension = manifests.iter().all(|m| m.shard.is_none());
    for (dir, m) in shards.iter().zip(&manifests).skip(1) {
        let mut d = first.differences(m);
        if extension {
            d.retain(|&name| name != "seed range");
        }
        if !d.is_empty() {
            bail!(
                "{} is not a shard of the same study as {}: it differs in {}",
                dir.display(),
                shards[0].display(),
                d.join(", ")
            );
        }
    }
    let mut rows: Vec<DealRow> = vec![];
    for dir in shards {
        let path = dir.join(DEALS);
        let text = fs::read_to_string(&path)
            .with_context(|| format!("{} is not finished: no {DEALS}", dir.display()))?;
        rows.extend(
            read_rows(&text, false).with_context(|| format!("reading {}", path.display()))?.0,
        );
    }
    rows.sort_by_key(|r| r.seed);
    let range = if extension {
        manifests.iter().map(|m| m.seeds_first).min().unwrap_or(0)
            ..manifests.iter().map(|m| m.seeds_end).max().unwrap_or(0)
    } else {
        first.seeds_first..first.seeds_end
    };
    if let Some(w) = rows.windows(2).find(|w| w[0].seed == w[1].seed) {
        bail!("seed {} appears more than once in the shards", w[0].seed);
    }
    if let Some(r) = rows.iter().find(|r| !range.contains(&r.seed)) {
        bail!("seed {} is outside the study's range {}..{}", r.seed, range.start, range.end);
    }
    if rows.len() as u64 != range.end - range.start {
        let have: std::collections::HashSet<u64> = rows.iter().map(|r| r.seed).collect();
        let missing = range.clone().find(|s| !have.contains(s)).expect("a seed is missing");
        bail!(
            "seed {missing} is missing ({} of {} seeds present)",
            rows.len(),
            range.end - range.start
        );
    }
    fs::create_dir_all(out)?;
    // The first shard's own study command (or, for a merge of merges, the one it kept) stays
    // beside the merge's, so the merged study's rule options can still be read.
    let shard_command = first.shard_command.clone().unwrap_or_else(|| first.command.clone());
    let manifest = Manifest {
        shard: None,
        seeds_first: range.start,
        seeds_end: range.end,
        command,
        shard_command: Some(shard_command),
        ..first.clone()
    };
    write_atomic(
        &out.join(MANIFEST),
        format!("{}\n", serde_json::to_string_pretty(&manifest)?).as_bytes(),
    )?;
    write_results(out, &manifest.variant, &rows)
}
