#!/usr/bin/env bash
# What a larger budget decides of a study's unknown deals: `patience solve` on each unknown seed
# of STUDY_DIR below SEED_END with MAX_STATES positions (no time limit), writing one CSV row a
# deal. Tells wins the win-finders miss from losses no test proves (research logs of issues 31
# and 33). Extra arguments go to `solve` (e.g. --plain-search: the whole budget to the search).
#   [JOBS=N] scripts/unknown-at-budget.sh BINARY STUDY_DIR SEED_END MAX_STATES OUT_CSV [SOLVE_ARGS...]
# OUT_CSV has seed,verdict,decided_by,states,seconds. (`solve` exits 1 for lost and 3 for unknown;
# any other failure, bad input or an internal error, stops the script.)
set -euo pipefail
[ $# -ge 5 ] || { echo "usage: scripts/unknown-at-budget.sh BINARY STUDY_DIR SEED_END MAX_STATES OUT_CSV [SOLVE_ARGS...]" >&2; exit 2; }
bin=$1 dir=$2 end=$3 states=$4 out=$5
shift 5
game=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["variant"])' "$dir/manifest.json")
seeds=$(python3 -c '
import csv, sys
print(" ".join(r["seed"] for r in csv.DictReader(open(sys.argv[1])) if r["outcome"] == "unknown" and int(r["seed"]) < int(sys.argv[2])))' "$dir/deals.csv" "$end")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export bin game states tmp
printf '%s\n' $seeds | xargs -P "${JOBS:-$(nproc)}" -I{} sh -c \
    '"$bin" solve "$game" --seed {} --max-states "$states" --max-seconds 0 --table-mb 3000 --format json "$@" > "$tmp/{}.json" || { c=$?; [ $c -eq 1 ] || [ $c -eq 3 ]; }' sh "$@"
python3 - "$tmp" "$out" <<'EOF'
import csv, glob, json, os, sys
rows = []
for f in glob.glob(os.path.join(sys.argv[1], "*.json")):
    d = json.load(open(f))
    rows.append((int(os.path.basename(f)[:-5]), d["verdict"], d["decided_by"] or "", d["states"], round(d["seconds"], 3)))
with open(sys.argv[2], "w", newline="") as o:
    w = csv.writer(o)
    w.writerow(["seed", "verdict", "decided_by", "states", "seconds"])
    w.writerows(sorted(rows))
EOF
