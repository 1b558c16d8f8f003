#!/usr/bin/env bash
# Regenerates the published studies in results/ with the committed code, then the tables and
# the chart (results/README.md, results/win-rates.svg).
#
#   scripts/reproduce-results.sh            every study (hours on 2 cores; minutes on 16)
#   ONLY="carthage algerian" scripts/reproduce-results.sh   some of them
#
# Environment: JOBS (threads, default all cores), RESULTS (folder, default results),
# PATIENCE_BIN (a prebuilt binary; default: build target/release/patience).
# A study folder that is already complete is only re-summarised (`--resume`); delete a folder
# to recompute it. Each study's manifest records the commit and the exact command.
set -euo pipefail
cd "$(dirname "$0")/.."
results=${RESULTS:-results}
jobs=${JOBS:-$(nproc)}
bin=${PATIENCE_BIN:-}
if [ -z "$bin" ]; then
    cargo build --release -q -p patience-cli
    bin=target/release/patience
fi

# variant, seeds, states per deal: the published studies.
studies=(
    "queen-of-italy 0..10000 1000000"
    "queen-of-italy-open 0..1000 1000000"
    "generals-patience 0..1000 1000000"
    "blondes-and-brunettes 0..1000 1000000"
    "falling-star 0..1000 1000000"
    "redheads 0..1000 1000000"
    "algerian 0..1000 1000000"
    "carthage 0..1000 1000000"
    "algerian-parlett 0..1000 1000000"
    "alhambra 0..1000 1000000"
    "granada 0..1000 1000000"
    "reinforcements 0..1000 1000000"
    "crazy-quilt 0..1000 1000000"
    "indian-carpet 0..1000 1000000"
    "persian-rug 0..1000 1000000"
)
for s in "${studies[@]}"; do
    read -r variant seeds states <<< "$s"
    if [ -n "${ONLY:-}" ] && [[ " $ONLY " != *" $variant "* ]]; then
        continue
    fi
    echo "== $variant $seeds at $states states per deal" >&2
    "$bin" study "$variant" --seeds "$seeds" --limit-states "$states" -j "$jobs" --out "$results/$variant" --resume --quiet
done
if [ -z "${ONLY:-}" ] || [ -n "${REPORT:-}" ]; then
    "$bin" report "$results"
fi
