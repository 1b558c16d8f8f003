#!/usr/bin/env bash
# The differential test (fast solver vs the plain reference search) on N seeds per variant
# instead of the default 12; prints the agreement tallies.   scripts/differential.sh [N]
set -euo pipefail
cd "$(dirname "$0")/.."
PATIENCE_DIFF_SEEDS=${1:-100} cargo test --release -p patience-solver --test differential --test stock_dead -- --nocapture 2>&1 |
    grep -E "Tally|Count|test result|panicked|disagree|wins it"
