#!/usr/bin/env bash
# Issue 34's decision gate: the SAT backend on alhambra seeds, one process per deal (so each
# deal's CPU time is its own), JOBS at a time, each deal's CSV row in OUT/rows/SEED.csv (a seed
# with a row is skipped: the run resumes). Budgets are conflicts (deterministic), not seconds.
#   scripts/sat-gate.sh BIN OUT JOBS RELAXED FULL SEED...
# BIN: the example binary (cargo build --release --manifest-path research/sat/Cargo.toml --example sat_deals; the binary is research/sat/target/release/examples/sat_deals).
set -euo pipefail
bin=$1 out=$2 jobs=$3 relaxed=$4 full=$5
shift 5
mkdir -p "$out/rows"
host=$(hostname)
export bin out relaxed full host
printf '%s\n' "$@" | xargs -P "$jobs" -I{} bash -c '
  seed={}
  [ -s "$out/rows/$seed.csv" ] && exit 0
  row=$("$bin" "$relaxed" "$full" "$seed" | tail -1)
  # A killed run prints only the header: record nothing, so a rerun does the deal again.
  case $row in seed,*|"") exit 0;; esac
  echo "$row,$host" > "$out/rows/$seed.csv.tmp" && mv "$out/rows/$seed.csv.tmp" "$out/rows/$seed.csv"
'
