//! The published results at a glance: one table of every study under a results folder
//! (`README.md`) and a chart of the win-rate brackets with their 95% intervals (`win-rates.svg`).

use crate::manifest::Manifest;
use crate::run::{SUMMARY_JSON, read_manifest};
use anyhow::{Context, Result, bail};
use patience_games::variant::VARIANTS;
use plotters::prelude::*;
use serde_json::Value;
use std::path::Path;

/// One finished study.
pub struct Study {
    pub folder: String,
    pub manifest: Manifest,
    pub summary: Value,
    /// Its loss audits in one line ([`crate::audit::describe`]; empty when never audited).
    pub audit: String,
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
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .with_context(|| format!("reading {}", dir.display()))?
        .collect::<Result<_, _>>()?;
    entries.sort_by_key(|e| e.path());
    for entry in entries {
        let path = entry.path();
        if !path.is_dir() {
            continue;
        }
        if path.join(SUMMARY_JSON).exists() {
            let summary: Value =
                serde_json::from_str(&std::fs::read_to_string(path.join(SUMMARY_JSON))?)?;
            let folder = path.strip_prefix(root).unwrap_or(&path).to_string_lossy().into_owned();
            let audit = crate::audit::describe(&crate::audit::records(&path)?);
            out.push(Study { folder, manifest: read_manifest(&path)?, summary, audit });
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
        "| study | variant | player | deals | won | lost | unknown | win rate: unknown as lost | unknown as won | 95% interval (Wilson) | unknown share | seconds per deal: mean | p99 | states per deal | loss audit | commit |\n\
         |---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n",
    );
    for s in studies {
        let v = &s.summary;
        let (lo, hi) = (&v["unknown_as_lost"], &v["unknown_as_won"]);
        t.push_str(&format!(
            "| [{}]({}/) | {} | {} | {} | {} | {} | {} | {:.2}% | {:.2}% | {:.2}% – {:.2}% | {:.1}% | {:.3} | {:.3} | ≤ {} | {} | {} |\n",
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
            s.audit,
            s.manifest.git_commit,
        ));
    }
    t
}

/// One row of the chart: a thoughtful study and the player studies of the same rules.
pub(crate) struct Row<'a> {
    pub family: &'static str,
    pub thoughtful: &'a Study,
    pub greedy: Option<&'a Study>,
    pub sampling: Option<&'a Study>,
}

/// The chart's rows, grouped by family in the registry's order (the rule book's), each family's
/// variants in registry order and a variant's rule-option studies after its own. A player study
/// joins the row of its variant, rules and deal generator (its kind is the first word of the
/// manifest's `player`, which goes on with the settings), and only the row of the largest
/// thoughtful study there (of two as large, the later folder): a game's player rates show once,
/// beside its best-measured thoughtful rate, and never beside a study over other deals (PySolFC's
/// numbers). Of two player studies of one kind there, the larger, and of two as large the later
/// folder (`max_by_key` keeps the last; the studies come sorted by folder).
pub(crate) fn rows(studies: &[Study]) -> Vec<Row<'_>> {
    let variant = |s: &Study| VARIANTS.iter().position(|v| v.name == s.manifest.variant);
    // A family ranks where its first variant stands in the registry.
    let family_rank = |f: &str| VARIANTS.iter().position(|v| v.rules.family() == f);
    let same_game = |a: &Study, b: &Study| {
        a.manifest.variant == b.manifest.variant
            && a.manifest.rules == b.manifest.rules
            && a.manifest.deal_generator == b.manifest.deal_generator
    };
    let largest = |t: &Study, name: &str| {
        studies
            .iter()
            .filter(|s| {
                s.manifest.player.split_whitespace().next() == Some(name) && same_game(s, t)
            })
            .max_by_key(|s| s.summary["deals"].as_u64().unwrap_or(0))
    };
    let thoughtful: Vec<&Study> =
        studies.iter().filter(|s| s.manifest.player == "thoughtful").collect();
    let mut out: Vec<Row> = thoughtful
        .iter()
        .map(|&t| {
            let primary = largest(t, "thoughtful").is_some_and(|p| std::ptr::eq(p, t));
            let player = |name| if primary { largest(t, name) } else { None };
            Row {
                family: variant(t).map_or("other", |i| VARIANTS[i].rules.family()),
                thoughtful: t,
                greedy: player("greedy"),
                sampling: player("sampling"),
            }
        })
        .collect();
    // Default rules first within a variant: their folder is the variant's name.
    let unknown_last = |i: Option<usize>| i.unwrap_or(usize::MAX);
    out.sort_by_key(|r| {
        let t = r.thoughtful;
        (
            unknown_last(family_rank(r.family)),
            unknown_last(variant(t)),
            t.folder != t.manifest.variant,
            t.folder.clone(),
        )
    });
    out
}

/// `1234567` as `1,234,567`.
pub(crate) fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

// The chart's geometry, in pixels.
const WIDTH: i32 = 1070;
/// The right columns' x: the thoughtful study's deals and unknown share, then the players' deals.
const COLUMNS: [i32; 3] = [PLOT_RIGHT + 32, PLOT_RIGHT + 150, PLOT_RIGHT + 220];
const PLOT_LEFT: i32 = 250;
const PLOT_RIGHT: i32 = 770;
const TOP: i32 = 112;
const ROW: i32 = 26;
const FAMILY_ROW: i32 = 30;

/// A rate (0..1) as the chart's x.
fn x_of(rate: f64) -> i32 {
    PLOT_LEFT + ((PLOT_RIGHT - PLOT_LEFT) as f64 * rate.clamp(0.0, 1.0)).round() as i32
}

pub(crate) fn rate(v: &Value) -> f64 {
    v.as_f64().unwrap_or(f64::NAN)
}

/// The chart (`win-rates.svg`): one row per variant, grouped by family. For the thoughtful solver
/// the light band is the 95% interval from the Wilson low of "unknown as lost" to the Wilson
/// high of "unknown as won", and the dark bar spans the two rates themselves (a dot where no deal
/// is unknown); the players' rates are markers with their Wilson intervals as whiskers. The
/// right columns say how many deals each study played and what share the solver left unknown.
pub fn chart(studies: &[Study], path: &Path) -> Result<()> {
    let rows = rows(studies);
    if rows.is_empty() {
        bail!("no finished thoughtful study to chart");
    }
    let families = {
        let mut f: Vec<&str> = rows.iter().map(|r| r.family).collect();
        f.dedup();
        f.len() as i32
    };
    let height = TOP + families * FAMILY_ROW + rows.len() as i32 * ROW + 40;
    let root = SVGBackend::new(path, (WIDTH as u32, height as u32)).into_drawing_area();
    root.fill(&WHITE)?;
    let light = RGBColor(173, 198, 230);
    let dark = RGBColor(31, 84, 160);
    let greedy = RGBColor(230, 120, 20);
    let sampling = RGBColor(30, 150, 70);
    let grey = RGBColor(200, 200, 200);
    let text = |size: i32| ("sans-serif", size).into_font().color(&BLACK);
    let bold = |size: i32| ("sans-serif", size).into_font().style(FontStyle::Bold).color(&BLACK);
    root.draw(&Text::new(
        "Win rates of the two-deck patience games (seeded deals, 95% intervals)",
        (20, 14),
        bold(18),
    ))?;
    // The legend.
    let ly = 52;
    root.draw(&Rectangle::new([(20, ly - 6), (60, ly + 6)], light.filled()))?;
    root.draw(&Rectangle::new([(30, ly - 4), (50, ly + 4)], dark.filled()))?;
    root.draw(&Text::new("thoughtful solver (knows the stock): dark = unknown deals counted lost … won; light = with the 95% Wilson bounds", (68, ly - 7), text(13)))?;
    root.draw(&TriangleMarker::new((40, ly + 22), 6, greedy.filled()))?;
    root.draw(&Text::new("greedy player (sees what a person sees)", (68, ly + 15), text(13)))?;
    root.draw(&Polygon::new(diamond(360, ly + 22), sampling.filled()))?;
    root.draw(&Text::new(
        "sampling player (sees what a person sees; guesses the stock)",
        (380, ly + 15),
        text(13),
    ))?;
    // The axis: grid lines every 10%, labels on top and bottom.
    let bottom = height - 36;
    for tick in (0..=100).step_by(10) {
        let x = x_of(tick as f64 / 100.0);
        root.draw(&PathElement::new(vec![(x, TOP - 6), (x, bottom)], grey.stroke_width(1)))?;
        for y in [TOP - 22, bottom + 6] {
            root.draw(&Text::new(format!("{tick}%"), (x - 12, y), text(12)))?;
        }
    }
    for (title, x) in ["deals · unknown", "greedy", "sampling"].into_iter().zip(COLUMNS) {
        root.draw(&Text::new(title, (x, TOP - 22), text(12)))?;
    }
    let mut y = TOP;
    let mut family = "";
    for row in &rows {
        if row.family != family {
            family = row.family;
            root.draw(&Text::new(format!("{family} family"), (12, y + 8), bold(14)))?;
            y += FAMILY_ROW;
        }
        let mid = y + ROW / 2;
        let v = &row.thoughtful.summary;
        let (lo, hi) = (&v["unknown_as_lost"], &v["unknown_as_won"]);
        root.draw(&Text::new(row.thoughtful.folder.clone(), (24, mid - 7), text(13)))?;
        root.draw(&Rectangle::new(
            [
                (x_of(rate(&lo["wilson"]["low"])), mid - 6),
                (x_of(rate(&hi["wilson"]["high"])), mid + 6),
            ],
            light.filled(),
        ))?;
        let (a, b) = (x_of(rate(&lo["rate"])), x_of(rate(&hi["rate"])));
        if b - a >= 2 {
            root.draw(&Rectangle::new([(a, mid - 4), (b, mid + 4)], dark.filled()))?;
        } else {
            root.draw(&Circle::new((a, mid), 4, dark.filled()))?;
        }
        for ((study, colour, is_greedy), column) in
            [(row.greedy, greedy, true), (row.sampling, sampling, false)]
                .into_iter()
                .zip(&COLUMNS[1..])
        {
            let Some(p) = study else { continue };
            let deals = thousands(p.summary["deals"].as_u64().unwrap_or(0));
            root.draw(&Text::new(
                deals,
                (*column, mid - 7),
                ("sans-serif", 13).into_font().color(&colour),
            ))?;
            let w = &p.summary["unknown_as_lost"];
            let (l, h) = (x_of(rate(&w["wilson"]["low"])), x_of(rate(&w["wilson"]["high"])));
            root.draw(&PathElement::new(vec![(l, mid), (h, mid)], colour.stroke_width(2)))?;
            let x = x_of(rate(&w["rate"]));
            if is_greedy {
                root.draw(&TriangleMarker::new((x, mid), 6, colour.filled()))?;
            } else {
                root.draw(&Polygon::new(diamond(x, mid), colour.filled()))?;
            }
        }
        let deals = v["deals"].as_u64().unwrap_or(0);
        root.draw(&Text::new(
            format!("{} · {:.1}%", thousands(deals), 100.0 * rate(&v["unknown_share"])),
            (COLUMNS[0], mid - 7),
            text(13),
        ))?;
        y += ROW;
    }
    root.present()?;
    Ok(())
}

/// A diamond marker's corners around `(x, y)`.
fn diamond(x: i32, y: i32) -> Vec<(i32, i32)> {
    vec![(x, y - 6), (x + 6, y), (x, y + 6), (x - 6, y)]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_get_thousands_separators() {
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(1000), "1,000");
        assert_eq!(thousands(1_000_000), "1,000,000");
        assert_eq!(thousands(12_345_678), "12,345,678");
    }

    #[test]
    fn rates_map_onto_the_plot_and_stay_inside_it() {
        assert_eq!(x_of(0.0), PLOT_LEFT);
        assert_eq!(x_of(1.0), PLOT_RIGHT);
        assert_eq!(x_of(0.5), (PLOT_LEFT + PLOT_RIGHT) / 2);
        assert_eq!(x_of(1.5), PLOT_RIGHT);
    }
}
