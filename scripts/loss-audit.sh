#!/usr/bin/env bash
# The loss audit (issues 32, 33) on thoughtful studies: every deal a study proved lost is given to
# the win-finding phases again with FACTOR (default 10) times its budget each; any win is a
# contradiction. Each run appends its record to the study's audits.jsonl (the results table's
# "loss audit" column).
#   [FACTOR=F] [JOBS=N] scripts/loss-audit.sh [BINARY (default target/release/patience)] [STUDY_DIR ...]
# Without folders: every study under results/ and results/bench/ (two levels) that proved a loss.
# Prints each study's line and its contradictions; exits 1 if there is any.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${1:-target/release/patience}
shift $(( $# > 0 ? 1 : 0 ))
[ -x "$bin" ] || cargo build --release -q -p patience-cli
dirs=("$@")
if [ ${#dirs[@]} -eq 0 ]; then
    while IFS= read -r f; do dirs+=("$(dirname "$f")"); done < <(find results -maxdepth 4 -name manifest.json | sort)
fi
status=0
for dir in "${dirs[@]}"; do
    [ -f "$dir/deals.csv" ] || continue
    # A player's study proves nothing lost (older manifests name no player: the solver's).
    if grep -q '"player"' "$dir/manifest.json" && ! grep -q '"player": "thoughtful"' "$dir/manifest.json"; then continue; fi
    grep -q ',lost,' "$dir/deals.csv" || continue
    echo "== $dir"
    "$bin" audit "$dir" --factor "${FACTOR:-10}" -j "${JOBS:-$(nproc)}" || status=1
done
exit $status
