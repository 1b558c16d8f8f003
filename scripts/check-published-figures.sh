#!/usr/bin/env bash
# The figures check themselves (issue 54): every generated table of figures in the published
# texts is printed again from the committed rows by the committed script behind it, and compared
# with the committed text. Exits 1, naming the file, when a committed figure differs.
#
#   scripts/check-published-figures.sh [BINARY (default target/release/patience)]
#
# What it re-runs:
# * `patience report results --readme README.md` (a copy of both): results/README.md (the
#   players' table, the claims checked, the ladder, every study's row), results/win-rates.svg,
#   and the README's "How often will I win?" block;
# * scripts/pysolfc-compare.py: results/pysolfc/README.md;
# * scripts/research/schedule-model/make-log.sh: results/bench/schedule-model.md;
# * scripts/research/schedule-model-tableau/make-log.sh: results/bench/schedule-model-tableau.md;
# * scripts/players-tables.py: results/bench/players.md;
# * scripts/figures_lib.py's own check of the percentile rule the Python scripts share (summary.rs's);
# * scripts/check-figures.py: results/bench/check-figures.txt, the figures the research logs'
#   corrections cite (its claims about older commits read the rows as committed there: a clone
#   without that history skips it, saying so).
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${1:-target/release/patience}
[ -x "$bin" ] || cargo build --release -q -p patience-cli
bin=$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
status=0
same() { # COMMITTED REGENERATED
    if ! diff -u "$1" "$2" > "$tmp/diff"; then
        echo "figures: $1 differs from what its script prints now:" >&2
        head -40 "$tmp/diff" >&2
        status=1
    else
        echo "figures: $1 ok"
    fi
}
cp -r results README.md "$tmp/"
(cd "$tmp" && "$bin" report results --readme README.md > /dev/null)
same results/README.md "$tmp/results/README.md"
same results/win-rates.svg "$tmp/results/win-rates.svg"
same README.md "$tmp/README.md"
python3 scripts/pysolfc-compare.py > "$tmp/pysolfc.md"
same results/pysolfc/README.md "$tmp/pysolfc.md"
sh scripts/research/schedule-model/make-log.sh "$tmp/schedule-model.md"
same results/bench/schedule-model.md "$tmp/schedule-model.md"
sh scripts/research/schedule-model-tableau/make-log.sh "$tmp/schedule-model-tableau.md"
same results/bench/schedule-model-tableau.md "$tmp/schedule-model-tableau.md"
python3 scripts/figures_lib.py || status=1
python3 scripts/players-tables.py > "$tmp/players.md"
same results/bench/players.md "$tmp/players.md"
if git cat-file -e 41f81e1^{commit} 2>/dev/null; then
    python3 scripts/check-figures.py > "$tmp/check-figures.txt"
    same results/bench/check-figures.txt "$tmp/check-figures.txt"
else
    echo "figures: results/bench/check-figures.txt skipped: this clone lacks the history its claims read"
fi
exit $status
