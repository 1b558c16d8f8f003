#!/usr/bin/env bash
# Decide native seeds FIRST..LAST of a variant with the committed solver and summarise them.
#   scripts/seed-table.sh VARIANT FIRST LAST [extra `patience solve` options...]
# Writes results/seed-tables/VARIANT-FIRST-LAST[-TAG].csv (one line per deal) and prints the
# won/lost/unknown counts with the median, p99 and max of states and seconds per deal.
# Runs JOBS (default: number of cores) solves at once. The study driver will supersede this.
set -euo pipefail
cd "$(dirname "$0")/.."
variant=$1 first=$2 last=$3; shift 3
tag=${TAG:-}
jobs=${JOBS:-$(nproc)}
cargo build --release -q -p patience-cli
out=results/seed-tables/$variant-$first-$last${tag:+-$tag}.csv
mkdir -p "$(dirname "$out")"
export PATIENCE_ARGS="$*" VARIANT=$variant
solve_one() {
    local seed=$1 json line
    json=$(./target/release/patience solve "$VARIANT" --seed "$seed" --format json $PATIENCE_ARGS || true)
    # The JSON goes through stdin: a long solution would overflow the argument list.
    line=$(printf '%s' "$json" | python3 -c 'import json,sys; d=json.load(sys.stdin); print(",".join([sys.argv[1], d["verdict"], str(d["states"]), "%.4f" % d["seconds"], str(len(d["moves"])), str(d["verified"])]))' "$seed") ||
        line="$seed,error,0,0,0,False"
    # One short write per line: lines from parallel jobs never interleave.
    echo "$line"
}
export -f solve_one
{
    echo "seed,verdict,states,seconds,moves,verified"
    seq "$first" "$last" | xargs -P "$jobs" -I{} bash -c 'solve_one {}' | sort -t, -k1,1n
} > "$out.tmp"
mv "$out.tmp" "$out"
rows=$(($(wc -l < "$out") - 1))
[ "$rows" -eq $((last - first + 1)) ] || { echo "seed-table: $out has $rows rows, expected $((last - first + 1))" >&2; exit 1; }
echo "# $variant seeds $first..$last, options: ${*:-(defaults)}; $(git rev-parse --short HEAD)"
python3 scripts/summarise.py "$out"
