#!/usr/bin/env bash
# The dominance check (issue 31) on every published player study: each deal a player that cannot
# see the stock won must be won by the thoughtful pipeline at 5,000,000 positions.
#   scripts/dominance-check.sh [BINARY (default target/release/patience)] [-j N]
# Prints each study's exceptions and line; exits 1 if any study has an exception.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${1:-target/release/patience}
shift $(( $# > 0 ? 1 : 0 ))
[ -x "$bin" ] || cargo build --release -q -p patience-cli
status=0
for dir in results/*-greedy results/*-sampling results/*-sampling-*; do
    [ -f "$dir/deals.csv" ] || continue
    echo "== $dir"
    "$bin" dominance "$dir" --max-states 5000000 "$@" || status=1
done
exit $status
