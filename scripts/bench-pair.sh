#!/usr/bin/env bash
# Compares two builds' real speed on a VM whose speed drifts: runs `patience bench` of binary A
# and binary B at the same time, one on each of the two cores, for ROUNDS rounds, swapping the
# cores every round, and prints each round's B/A ratio of states/s/core and their median. Both
# runs of a round see the same host load, so the ratio is steadier than two runs one after the
# other (which on this project's VMs differ by up to 1.6x within minutes). They share the last
# level cache and memory, so the absolute figures are lower than a lone run's: only the ratio
# means anything. Run the same binary as A and B first: on the AMD EPYC family 25 VM that control
# gave rounds of 0.88-1.13 and a median of 1.07 over 10 rounds, so a difference under about 10%
# is not shown by this either. For instruction counts, which repeat exactly, see
# bench-instructions.sh.
#   scripts/bench-pair.sh BINARY_A BINARY_B VARIANT [SEEDS (default 0..1000)] [LIMIT (default 200000)] [ROUNDS (default 10)]
# (--limit-states, the old name of --max-states, so that binaries built before the rename can be compared too.)
set -euo pipefail
. "$(dirname "$0")/bench-lib.sh"
if [ $# -lt 3 ]; then
    echo "usage: $0 BINARY_A BINARY_B VARIANT [SEEDS] [LIMIT] [ROUNDS]" >&2
    exit 2
fi
a=$1 b=$2 variant=$3 seeds=${4:-0..1000} limit=${5:-200000} rounds=${6:-10}
[ "$(nproc)" -ge 2 ] || { echo "bench-pair needs two cores (found $(nproc))" >&2; exit 1; }
command -v taskset >/dev/null || { echo "taskset is required (util-linux)" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# states/s/core of one bench run of binary $2 on core $1.
rate() {
    taskset -c "$1" "$2" bench "$variant" --seeds "$seeds" --limit-states "$limit" -j 1 $(plain_flag "$2") --format json | states_rate
}
echo "| round | A core | A states/s | B states/s | B/A |"
echo "|---|---|---|---|---|"
for r in $(seq 1 "$rounds"); do
    ca=$(( r % 2 )) cb=$(( (r + 1) % 2 ))
    rate "$ca" "$a" >"$tmp/a" & pa=$!
    rate "$cb" "$b" >"$tmp/b" & pb=$!
    # Waited for one by one, so that a failed run stops the script (a bare `wait` returns 0).
    wait "$pa"
    wait "$pb"
    ra=$(cat "$tmp/a") rb=$(cat "$tmp/b")
    awk -v r="$r" -v c="$ca" -v x="$ra" -v y="$rb" 'BEGIN { printf "| %d | %d | %.2f M | %.2f M | %.3f |\n", r, c, x / 1e6, y / 1e6, y / x }'
    awk -v x="$ra" -v y="$rb" 'BEGIN { printf "%.4f\n", y / x }' >>"$tmp/ratios"
done
sort -n "$tmp/ratios" | awk '{ v[NR] = $1 } END { m = (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2;
    printf "\nB/A over %d rounds: median %.3f, min %.3f, max %.3f\n", NR, m, v[1], v[NR] }'
