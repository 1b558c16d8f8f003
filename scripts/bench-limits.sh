#!/usr/bin/env bash
# How the engine's speed falls as the table grows past the L2 cache: `patience bench` of the four base
# variants at three state limits, one thread, each limit on a seed set of about the same total
# work (the bench's 200,000 states a deal on seeds 0..999; 1,000,000 (the study default until 2026-12-06) on 0..199;
# the default of solve and study, 5,000,000, on 0..39). At 200,000 states a table holds at most 6 MiB; at
# 5,000,000 it grows to 96 MiB, past the L2 cache and the TLB's reach, and a new position's probe
# costs more. Prints one markdown table: the median states/s/core of RUNS rounds (each variant and
# limit once a round, so a slow spell of the host falls on all alike), their range, and each
# limit's median against the 200,000 one. About 16 minutes at RUNS=3 on the project's VMs.
#   [RUNS=3] [BIN=path/to/patience] scripts/bench-limits.sh
# Run it on an otherwise idle machine: the figures are per core.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/bench-lib.sh
runs=${RUNS:-3}
check_runs "$runs"
bench_binary
plain=$(plain_flag "$bin")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
variants="alhambra crazy-quilt queen-of-italy algerian"
sets="0..1000:200000 0..200:1000000 0..40:5000000"
for r in $(seq 1 "$runs"); do
    for v in $variants; do
        for s in $sets; do
            # A failed run stops the script.
            "$bin" bench "$v" --seeds "${s%%:*}" --max-states "${s##*:}" -j 1 $plain --format json | states_rate >>"$tmp/$v.${s##*:}"
        done
    done
done
median() { sort -g "$1" | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }
range() { sort -g "$1" | awk '{ a[NR] = $1 } END { printf "%.2f–%.2f", a[1] / 1e6, a[NR] / 1e6 }'; }
echo "| variant | 200,000 a deal (0..999) | 1,000,000 (0..199) | 5,000,000 (0..39) |"
echo "|---|---|---|---|"
for v in $variants; do
    base=$(median "$tmp/$v.200000")
    row="| $v"
    for s in $sets; do
        f="$tmp/$v.${s##*:}"
        m=$(median "$f")
        row="$row | $(awk -v m="$m" -v b="$base" 'BEGIN { printf "%.2f M (%.2f)", m / 1e6, m / b }') $(range "$f")"
    done
    echo "$row |"
done
echo
echo "Medians of $runs rounds in M unique states/s/core, with each limit's median against the 200,000 one in parentheses, then the range of the runs."
