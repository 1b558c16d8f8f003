#!/usr/bin/env bash
# The spread of one variant's speed on this machine: runs `patience bench` RUNS times in a row,
# alone, one thread, and prints every run's states/s/core (ascending), their min, median and max,
# and how many fell under a target. On this project's VMs one run can differ from the next by up
# to 1.6x, so a target is judged against this spread, not against one run or a median of three.
#   scripts/bench-repeat.sh VARIANT [RUNS (default 21)] [SEEDS (default 0..1000)] [LIMIT (default 200000)] [TARGET (default 3000000)]
#   [BIN=path/to/patience] (default: target/release/patience, built first)
# Run it on an otherwise idle machine: the figures are per core.
# (--limit-states, the old name of --max-states, so that binaries built before the rename can be compared too.)
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/bench-lib.sh
if [ $# -lt 1 ]; then
    echo "usage: $0 VARIANT [RUNS] [SEEDS] [LIMIT] [TARGET]" >&2
    exit 2
fi
variant=$1 runs=${2:-21} seeds=${3:-0..1000} limit=${4:-200000} target=${5:-3000000}
check_runs "$runs"
bench_binary
plain=$(plain_flag "$bin")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for _ in $(seq 1 "$runs"); do
    # A failed run stops the script.
    "$bin" bench "$variant" --seeds "$seeds" --limit-states "$limit" -j 1 $plain --format json | states_rate >>"$tmp/rates"
done
sort -g "$tmp/rates" | awk -v v="$variant" -v s="$seeds" -v l="$limit" -v t="$target" '
    { a[NR] = $1; if ($1 < t) under++ }
    END {
        printf "%s, seeds %s, %s states a deal, %d runs (states/s/core, ascending):", v, s, l, NR
        for (i = 1; i <= NR; i++) printf " %.2f", a[i] / 1e6
        med = (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2
        printf " M\nmin %.2f M, median %.2f M, max %.2f M; %d of %d under %.2f M\n", a[1] / 1e6, med / 1e6, a[NR] / 1e6, under + 0, NR, t / 1e6
    }'
