#!/usr/bin/env bash
# The PySolFC lists (issue 53): for each PySolFC game this project decides well, a thoughtful
# study of PySolFC game numbers 32000..34000 (2,000 numbers; lower numbers PySolFC deals with
# another generator) at the published budget, under the rule book's rules (those of the native
# studies, so the two rates can be compared), every win replayed through the reference rules;
# then its won numbers exported as results/pysolfc/GAME_solvable_seeds.py, and the comparison
# with the native study printed by scripts/pysolfc-compare.py into results/pysolfc/README.md.
#   scripts/pysolfc-lists.sh [-j N] [GAME ...]      (default: every game below; --resume safe)
set -euo pipefail
cd "$(dirname "$0")/.."
jobs=(-j "$(nproc)")
if [ "${1:-}" = "-j" ]; then jobs=(-j "$2"); shift 2; fi
games=("$@")
[ ${#games[@]} -gt 0 ] || games=(queen-of-italy queen-of-italy-open blondes-and-brunettes falling-star algerian carthage granada)
cargo build --release -q -p patience-cli
bin=target/release/patience
for game in "${games[@]}"; do
    dir=results/pysolfc/$game
    resume=()
    [ -f "$dir/manifest.json" ] && resume=(--resume)
    "$bin" study "$game" --pysol 32000..34000 --max-states 5000000 "${jobs[@]}" --quiet \
        --out "$dir" "${resume[@]}"
    "$bin" export-solvable "$dir"
done
python3 scripts/pysolfc-compare.py > results/pysolfc/README.md
