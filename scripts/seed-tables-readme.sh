#!/usr/bin/env bash
# Regenerates results/seed-tables/README.md from the CSVs beside it (no figure is typed by hand).
set -euo pipefail
cd "$(dirname "$0")/.."
dir=results/seed-tables
{
    cat "$dir/INTRO.md"
    echo
    python3 scripts/summarise.py --markdown "$dir"/*.csv
} > "$dir/README.md"
