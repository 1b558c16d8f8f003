#!/usr/bin/env bash
# Instructions per unique state (distinct position stored) of the four base variants, counted by
# valgrind's callgrind: a steady measure of the engine's work, to set beside `patience bench`'s
# states per second (which on this project's VMs drifts by ±15% within a session and 2-4 times
# between VM types). Counts repeat exactly for the same binary and command, whatever else runs;
# across processor types they differ somewhat (libc picks its memcpy/memset by processor: `rep
# movsb` counts as one instruction), so compare them within one machine type.
#   scripts/bench-instructions.sh [BINARY (default target/release/patience)]
# The exhaustive search alone (`--plain-search` where the binary has the pipeline of issue 31).
# Prints one markdown table. Needs valgrind (apt-get install valgrind); ~3 minutes.
# (--limit-states, the old name of --max-states, so that binaries built before the rename can be compared too.)
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${1:-target/release/patience}
. scripts/bench-lib.sh
plain=$(plain_flag "$bin")
command -v valgrind >/dev/null || { echo "valgrind is required (apt-get install valgrind)" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
echo "| variant | seeds | limit | unique states | instructions | instructions per state |"
echo "|---|---|---|---|---|---|"
# Small fixed sets (the ones this project's profile logs quote), each a few seconds natively.
for set in "alhambra 0..4 200000" "crazy-quilt 0..4 200000" "queen-of-italy 0..20 50000" "algerian 0..100 50000"; do
    read -r v seeds limit <<<"$set"
    valgrind --tool=callgrind --callgrind-out-file="$tmp/cg.out" "$bin" bench "$v" --seeds "$seeds" \
        --limit-states "$limit" -j 1 $plain --format json >"$tmp/bench.json" 2>"$tmp/valgrind.log"
    instructions=$(callgrind_annotate "$tmp/cg.out" | awk '/PROGRAM TOTALS/ {gsub(",", "", $1); print $1}')
    states=$(grep -o '"states":[0-9]*' "$tmp/bench.json" | cut -d: -f2) ||
        { echo "$bin bench $v: no states count in its JSON (a binary older than this script?)" >&2; exit 1; }
    awk -v v="$v" -v s="$seeds" -v l="$limit" -v n="$states" -v i="$instructions" \
        'BEGIN { printf "| %s | %s | %s | %d | %.1f M | %.0f |\n", v, s, l, n, i / 1e6, i / n }'
done
