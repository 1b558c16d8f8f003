#!/usr/bin/env bash
# Fingerprints of the search itself: for each set below, the md5 of the `patience study` rows
# without their timing column (seed, outcome, states, solution length, cards home, redeals).
# An optimisation that must not change the search must leave every line of this output unchanged:
#   scripts/same-search.sh [BINARY (default target/release/patience)] [FAMILY (all, alhambra,
#   quilt, queen, algerian)]  > before.txt ... (change, rebuild) ... diff before.txt <(scripts/same-search.sh)
# The exhaustive search alone (`--plain-search` where the binary has the pipeline), and the
# columns every build writes (not `decided_by`).
# (--limit-states, the old name of --max-states, so that binaries built before the rename can be compared too.)
set -euo pipefail
bin=${1:-target/release/patience}
family=${2:-all}
. "$(dirname "$0")/bench-lib.sh"
plain=$(plain_flag "$bin")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
row() { # VARIANT SEEDS LIMIT [EXTRA...]
    local v=$1 seeds=$2 limit=$3
    shift 3
    "$bin" study "$v" --seeds "$seeds" --limit-states "$limit" -j 2 --quiet --out "$tmp/$v-$seeds" $plain "$@" >/dev/null
    echo "$v $seeds $limit $* $(cut -d, -f1-3,5-7 "$tmp/$v-$seeds/deals.csv" | md5sum | cut -c1-32)"
}
case $family in all | alhambra)
    row alhambra 0..50 100000
    row granada 0..50 100000
esac
case $family in all | quilt)
    row crazy-quilt 0..50 100000
    row indian-carpet 0..50 100000
esac
case $family in all | queen)
    row queen-of-italy 0..100 200000
    row generals-patience 0..60 100000
    row blondes-and-brunettes 0..60 100000
    row falling-star 0..60 100000
    row redheads 0..60 100000
    row queen-of-italy-open 0..60 100000
esac
case $family in all | algerian)
    row algerian 0..300 200000
    row carthage 0..100 200000
    row algerian-parlett 0..100 200000
esac
