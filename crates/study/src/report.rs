//! The published results at a glance: one table of every study under a results folder
//! (`README.md`) and a chart of the win-rate brackets with their 95% intervals (`win-rates.svg`).

use crate::manifest::Manifest;
use crate::run::{SUMMARY_JSON, read_manifest, write_atomic};
use anyhow::{Context, Result, bail};
use plotters::prelude::*;
use serde_json::Value;
use std::path::Path;

/// One finished study.
pub struct Study {
    pub folder: String,
    pub manifest: Manifest,
    pub summary: Value,
}

/// Every finished study (a folder with `manifest.json` and `summary.json`) in `results` or one
/// level below (the shards of a study not merged yet), by folder name.
pub fn studies(results: &Path) -> Result<Vec<Study>> {
    let mut out = vec![];
    collect(results, results, 2, &mut out)?;
    out.sort_by(|a, b| a.folder.cmp(&b.folder));
    Ok(out)
}

fn collect(root: &Path, dir: &Path, depth: u32, out: &mut Vec<Study>) -> Result<()> {
    let mut entries: Vec<_> = std::fs::read_dir(dir).with_context(|| format!("reading {}", dir.display()))?.collect::<Result<_, _>>()?;
    entries.sort_by_key(|e| e.path());
    for entry in entries {
        let path = entry.path();
        if !path.is_dir() {
            continue;
        }
        if path.join(SUMMARY_JSON).exists() {
            let summary: Value = serde_json::from_str(&std::fs::read_to_string(path.join(SUMMARY_JSON))?)?;
            let folder = path.strip_prefix(root).unwrap_or(&path).to_string_lossy().into_owned();
            out.push(Study { folder, manifest: read_manifest(&path)?, summary });
        } else if depth > 1 {
            collect(root, &path, depth - 1, out)?;
        }
    }
    Ok(())
}

fn pct(v: &Value) -> f64 {
    100.0 * v.as_f64().unwrap_or(f64::NAN)
}

/// The markdown table of all studies.
pub fn table(studies: &[Study]) -> String {
    let mut t = String::from(
        "| study | variant | player | deals | won | lost | unknown | win rate: unknown as lost | unknown as won | 95% interval (Wilson) | unknown share | seconds per deal: mean | p99 | states per deal | commit |\n\
         |---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n",
    );
    for s in studies {
        let v = &s.summary;
        let (lo, hi) = (&v["unknown_as_lost"], &v["unknown_as_won"]);
        t.push_str(&format!(
            "| [{}]({}/) | {} | {} | {} | {} | {} | {} | {:.2}% | {:.2}% | {:.2}% – {:.2}% | {:.1}% | {:.3} | {:.3} | ≤ {} | {} |\n",
            s.folder,
            s.folder,
            s.manifest.variant,
            s.manifest.player,
            v["deals"],
            v["won"],
            v["lost"],
            v["unknown"],
            pct(&lo["rate"]),
            pct(&hi["rate"]),
            pct(&lo["wilson"]["low"]),
            pct(&hi["wilson"]["high"]),
            pct(&v["unknown_share"]),
            v["seconds_mean"].as_f64().unwrap_or(0.0),
            v["seconds_p99"].as_f64().unwrap_or(0.0),
            s.manifest.max_states,
            s.manifest.git_commit,
        ));
    }
    t
}

/// The chart: per variant, a bar from the Wilson low of the lower bound to the Wilson high of
/// the upper bound, a filled dot at "unknown as lost" and a hollow one at "unknown as won".
pub fn chart(studies: &[Study], path: &Path) -> Result<()> {
    if studies.is_empty() {
        bail!("no finished study to chart");
    }
    let n = studies.len();
    let height = 90 + 28 * n as u32;
    let root = SVGBackend::new(path, (860, height)).into_drawing_area();
    root.fill(&WHITE)?;
    let names: Vec<String> = studies.iter().map(|s| format!("{} ({})", s.folder, s.summary["deals"])).collect();
    let mut chart = ChartBuilder::on(&root)
        .caption("Win rate: bounds with unknown deals lost / won, 95% Wilson", ("sans-serif", 16))
        .margin(12)
        .x_label_area_size(34)
        .y_label_area_size(250)
        .build_cartesian_2d(0f64..100f64, -0.5f64..(n as f64 - 0.5))?;
    let label = |y: &f64| {
        let i = y.round();
        if (y - i).abs() < 1e-6 && i >= 0.0 && (i as usize) < n { names[n - 1 - i as usize].clone() } else { String::new() }
    };
    chart
        .configure_mesh()
        .x_desc("win rate (%)")
        .y_labels(n)
        .y_label_formatter(&label)
        .disable_y_mesh()
        .draw()?;
    for (i, s) in studies.iter().enumerate() {
        let y = (n - 1 - i) as f64;
        let (lo, hi) = (&s.summary["unknown_as_lost"], &s.summary["unknown_as_won"]);
        let (a, b) = (pct(&lo["wilson"]["low"]), pct(&hi["wilson"]["high"]));
        chart.draw_series(std::iter::once(PathElement::new(vec![(a, y), (b, y)], BLUE.stroke_width(2))))?;
        for x in [a, b] {
            chart.draw_series(std::iter::once(PathElement::new(vec![(x, y - 0.2), (x, y + 0.2)], BLUE.stroke_width(2))))?;
        }
        chart.draw_series(std::iter::once(Circle::new((pct(&lo["rate"]), y), 5, BLUE.filled())))?;
        chart.draw_series(std::iter::once(Circle::new((pct(&hi["rate"]), y), 5, BLUE.stroke_width(2))))?;
    }
    root.present()?;
    Ok(())
}

/// Writes `README.md`'s generated table section and `win-rates.svg` into `results`.
pub fn write_report(results: &Path) -> Result<String> {
    let all = studies(results)?;
    let table = table(&all);
    chart(&all, &results.join("win-rates.svg"))?;
    let intro = results.join("INTRO.md");
    let intro = std::fs::read_to_string(&intro).unwrap_or_default();
    let text = format!(
        "{intro}\n## All studies\n\nGenerated by `patience report {}` from each folder's `summary.json` and `manifest.json`; do not edit by hand.\n\n{table}\n![win rates](win-rates.svg)\n",
        results.display()
    );
    write_atomic(&results.join("README.md"), text.as_bytes())?;
    Ok(table)
}
