//! One deal's result, as a CSV row.

use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DealRow {
    pub seed: u64,
    /// `won`, `lost` or `unknown`.
    pub outcome: String,
    /// Distinct positions the search examined.
    pub states: u64,
    /// CPU time of the deal, in microseconds: its thread's CPU clock (wall time on a platform
    /// without one). The only column that differs between runs.
    pub micros: u64,
    /// Moves of the (shortened) solution; 0 unless won.
    pub solution_len: u32,
    /// Most cards ever on the foundations in a position examined (104 when won).
    pub max_home: u32,
    /// Redeals the solution uses; 0 unless won.
    pub redeals_used: u32,
    /// The pipeline phase that decided the deal (`probe`, `lookahead`, `hedged`, `search`; empty when
    /// unknown, for a player's rows, and in studies made before the pipeline).
    #[serde(default)]
    pub decided_by: String,
}

impl DealRow {
    /// The row without its timing: what must be identical between any two runs of a study.
    pub fn without_timing(&self) -> DealRow {
        DealRow { micros: 0, ..self.clone() }
    }
}

/// Reads rows from CSV text; with `tolerate_torn_tail`, a last line without its newline (a
/// write cut short by a kill) is dropped instead of failing. Returns the rows and the length in
/// bytes of the text that was read whole.
pub fn read_rows(text: &str, tolerate_torn_tail: bool) -> anyhow::Result<(Vec<DealRow>, usize)> {
    let whole = if tolerate_torn_tail { text.rfind('\n').map_or(0, |i| i + 1) } else { text.len() };
    let mut reader =
        csv::ReaderBuilder::new().has_headers(true).from_reader(&text.as_bytes()[..whole]);
    let rows = reader.deserialize().collect::<Result<Vec<DealRow>, _>>()?;
    Ok((rows, whole))
}

/// CSV text of rows with a header.
pub fn write_rows(rows: &[DealRow]) -> anyhow::Result<Vec<u8>> {
    let mut w = csv::Writer::from_writer(vec![]);
    for r in rows {
        w.serialize(r)?;
    }
    if rows.is_empty() {
        w.write_record(HEADER)?;
    }
    Ok(w.into_inner()?)
}

pub const HEADER: [&str; 8] = [
    "seed",
    "outcome",
    "states",
    "micros",
    "solution_len",
    "max_home",
    "redeals_used",
    "decided_by",
];

/// One row as a CSV line, without a header (for the journal).
pub fn row_line(row: &DealRow) -> anyhow::Result<Vec<u8>> {
    let mut w = csv::WriterBuilder::new().has_headers(false).from_writer(vec![]);
    w.serialize(row)?;
    Ok(w.into_inner()?)
}
