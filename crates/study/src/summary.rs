//! What a study found: counts, rates with 95% intervals, and the cost per deal.
//!
//! Unknown deals are neither won nor lost, so the honest statement is a bracket: the win rate is
//! at least `won / deals` (every unknown lost) and at most `(won + unknown) / deals` (every
//! unknown won). Each bound gets its own intervals; the rate among decided deals is also given,
//! but it is biased whenever unknown deals differ from decided ones (they usually do).

use crate::interval::{Interval, clopper_pearson, wilson};
use crate::row::DealRow;
use serde::Serialize;

#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Rate {
    pub rate: f64,
    pub wilson: Interval,
    pub clopper_pearson: Interval,
}

impl Rate {
    fn of(k: u64, n: u64) -> Option<Rate> {
        (n > 0).then(|| Rate {
            rate: k as f64 / n as f64,
            wilson: wilson(k, n),
            clopper_pearson: clopper_pearson(k, n),
        })
    }
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Summary {
    pub variant: String,
    pub deals: u64,
    pub won: u64,
    pub lost: u64,
    pub unknown: u64,
    /// Unknown counted as lost: the lower bound of the win rate.
    pub unknown_as_lost: Option<Rate>,
    /// Unknown counted as won: the upper bound.
    pub unknown_as_won: Option<Rate>,
    /// Among decided deals only (biased if unknowns differ).
    pub among_decided: Option<Rate>,
    pub unknown_share: f64,
    pub seconds_mean: f64,
    pub seconds_p99: f64,
    pub seconds_max: f64,
    pub states_median: u64,
    pub states_p99: u64,
    pub states_max: u64,
    /// Deals decided by each pipeline phase (`DealRow::decided_by`; empty for players' studies
    /// and studies made before the pipeline).
    pub decided_by: std::collections::BTreeMap<String, u64>,
}

/// The value at quantile `q` of sorted values (nearest rank).
pub(crate) fn quantile<T: Copy + Default>(sorted: &[T], q: f64) -> T {
    if sorted.is_empty() {
        return T::default();
    }
    sorted[((q * (sorted.len() - 1) as f64).round() as usize).min(sorted.len() - 1)]
}

impl Summary {
    pub fn of(variant: &str, rows: &[DealRow]) -> Summary {
        let count = |o: &str| rows.iter().filter(|r| r.outcome == o).count() as u64;
        let (won, lost, unknown) = (count("won"), count("lost"), count("unknown"));
        let deals = rows.len() as u64;
        let mut secs: Vec<f64> = rows.iter().map(|r| r.micros as f64 / 1e6).collect();
        secs.sort_by(f64::total_cmp);
        let mut states: Vec<u64> = rows.iter().map(|r| r.states).collect();
        states.sort_unstable();
        Summary {
            variant: variant.to_string(),
            deals,
            won,
            lost,
            unknown,
            unknown_as_lost: Rate::of(won, deals),
            unknown_as_won: Rate::of(won + unknown, deals),
            among_decided: Rate::of(won, won + lost),
            unknown_share: if deals > 0 { unknown as f64 / deals as f64 } else { 0.0 },
            seconds_mean: if deals > 0 { secs.iter().sum::<f64>() / deals as f64 } else { 0.0 },
            seconds_p99: quantile(&secs, 0.99),
            seconds_max: secs.last().copied().unwrap_or(0.0),
            states_median: quantile(&states, 0.5),
            states_p99: quantile(&states, 0.99),
            states_max: states.last().copied().unwrap_or(0),
            decided_by: rows.iter().filter(|r| !r.decided_by.is_empty()).fold(
                Default::default(),
                |mut m, r| {
                    *m.entry(r.decided_by.clone()).or_insert(0) += 1;
                    m
                },
            ),
        }
    }

    /// The summary as a two-line CSV (header and values).
    pub fn to_csv(&self) -> String {
        let r = |x: &Option<Rate>| {
            x.map_or([f64::NAN; 5], |r| {
                [r.rate, r.wilson.low, r.wilson.high, r.clopper_pearson.low, r.clopper_pearson.high]
            })
        };
        let mut head = vec![
            "variant".to_string(),
            "deals".into(),
            "won".into(),
            "lost".into(),
            "unknown".into(),
        ];
        let mut vals = vec![
            self.variant.clone(),
            self.deals.to_string(),
            self.won.to_string(),
            self.lost.to_string(),
            self.unknown.to_string(),
        ];
        for (name, rate) in [
            ("unknown_as_lost", &self.unknown_as_lost),
            ("unknown_as_won", &self.unknown_as_won),
            ("among_decided", &self.among_decided),
        ] {
            for (field, v) in
                ["rate", "wilson_low", "wilson_high", "cp_low", "cp_high"].iter().zip(r(rate))
            {
                head.push(format!("{name}_{field}"));
                vals.push(format!("{v:.6}"));
            }
        }
        for (name, v) in [
            ("unknown_share", self.unknown_share),
            ("seconds_mean", self.seconds_mean),
            ("seconds_p99", self.seconds_p99),
            ("seconds_max", self.seconds_max),
        ] {
            head.push(name.into());
            vals.push(format!("{v:.6}"));
        }
        for (name, v) in [
            ("states_median", self.states_median),
            ("states_p99", self.states_p99),
            ("states_max", self.states_max),
        ] {
            head.push(name.into());
            vals.push(v.to_string());
        }
        format!("{}\n{}\n", head.join(","), vals.join(","))
    }

    /// One line for people: the bracket with the 95% Wilson bounds.
    pub fn headline(&self) -> String {
        match (&self.unknown_as_lost, &self.unknown_as_won) {
            (Some(lo), Some(hi)) => format!(
                "{}: {} deals, won {}, lost {}, unknown {}; win rate between {:.2}% and {:.2}% (95%: {:.2}%..{:.2}%)",
                self.variant,
                self.deals,
                self.won,
                self.lost,
                self.unknown,
                100.0 * lo.rate,
                100.0 * hi.rate,
                100.0 * lo.wilson.low,
                100.0 * hi.wilson.high
            ),
            _ => format!("{}: no deals", self.variant),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(seed: u64, outcome: &str, micros: u64) -> DealRow {
        DealRow {
            seed,
            outcome: outcome.into(),
            states: seed * 10,
            micros,
            solution_len: 0,
            max_home: 0,
            redeals_used: 0,
            decided_by: String::new(),
        }
    }

    #[test]
    fn bracket_counts_unknown_both_ways() {
        let rows: Vec<DealRow> = (0..100)
            .map(|i| {
                row(
                    i,
                    if i < 60 {
                        "won"
                    } else if i < 90 {
                        "lost"
                    } else {
                        "unknown"
                    },
                    1000 * i,
                )
            })
            .collect();
        let s = Summary::of("x", &rows);
        assert_eq!((s.deals, s.won, s.lost, s.unknown), (100, 60, 30, 10));
        assert!((s.unknown_as_lost.unwrap().rate - 0.6).abs() < 1e-12);
        assert!((s.unknown_as_won.unwrap().rate - 0.7).abs() < 1e-12);
        assert!((s.among_decided.unwrap().rate - 60.0 / 90.0).abs() < 1e-12);
        assert!((s.unknown_share - 0.1).abs() < 1e-12);
        assert_eq!(s.states_max, 990);
        assert!((s.seconds_max - 0.099).abs() < 1e-12);
        assert_eq!(s.to_csv().lines().count(), 2);
        assert!(s.headline().contains("between 60.00% and 70.00%"));
    }
}
