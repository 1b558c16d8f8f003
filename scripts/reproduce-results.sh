#!/usr/bin/env bash
# Regenerates the published studies in results/ with the committed code, then the tables and
# the chart (results/README.md, results/win-rates.svg).
#
#   scripts/reproduce-results.sh            every study (hours on 2 cores; minutes on 16)
#   ONLY="carthage algerian" scripts/reproduce-results.sh   some of them
#
# Environment: JOBS (threads, default all cores), RESULTS (folder, default results),
# PATIENCE_BIN (a prebuilt binary; default: build target/release/patience).
# A study folder that is already complete is only re-summarised (`--resume`); delete a folder
# to recompute it. Each study's manifest records the commit and the exact command.
set -euo pipefail
cd "$(dirname "$0")/.."
results=${RESULTS:-results}
jobs=${JOBS:-$(nproc)}
bin=${PATIENCE_BIN:-}
if [ -z "$bin" ]; then
    cargo build --release -q -p patience-cli
    bin=target/release/patience
fi

# folder, variant, seeds, states per deal, then any other `study` options: the published studies.
# Every thoughtful study runs the variant's whole pipeline at 5,000,000 positions per deal
# (issue 38); the player studies were made again with the same binary, since the sampling player
# consults the search, which had changed (rerunning a study with a newer binary needs its folder
# deleted first, since `--resume` refuses another commit).
# algerian's study is the million-deal one, made in shards below.
studies=(
    "queen-of-italy queen-of-italy 0..10000 5000000"
    "queen-of-italy-greedy queen-of-italy 0..10000 1000000 --player greedy"
    "queen-of-italy-open queen-of-italy-open 0..1000 5000000"
    "queen-of-italy-open-f2t queen-of-italy-open 0..1000 5000000 --foundation-to-tableau"
    "generals-patience generals-patience 0..1000 5000000"
    "blondes-and-brunettes blondes-and-brunettes 0..1000 5000000"
    "falling-star falling-star 0..1000 5000000"
    "redheads redheads 0..1000 5000000"
    "carthage carthage 0..1000 5000000"
    "algerian-parlett algerian-parlett 0..1000 5000000"
    "alhambra alhambra 0..1000 5000000"
    "granada granada 0..1000 5000000"
    "reinforcements reinforcements 0..1000 5000000"
    "crazy-quilt crazy-quilt 0..1000 5000000"
    "indian-carpet indian-carpet 0..1000 5000000"
    "persian-rug persian-rug 0..1000 5000000"
    "alhambra-greedy alhambra 0..1000 1000000 --player greedy"
    "crazy-quilt-greedy crazy-quilt 0..1000 1000000 --player greedy"
    "algerian-greedy algerian 0..1000 1000000 --player greedy"
    "alhambra-sampling alhambra 0..1000 1000000 --player sampling --samples 4 --sample-states 500"
    "crazy-quilt-sampling crazy-quilt 0..1000 1000000 --player sampling --samples 4 --sample-states 500"
    "algerian-sampling algerian 0..1000 1000000 --player sampling --samples 4 --sample-states 500"
)
# Every game's players (issue 54): a greedy and a sampling study of 1,000 deals for each game
# that had none, the sampling player at the published setting (4 samples of 500 positions).
# queen-of-italy-open's sampling player, which spends about 9 CPU seconds a deal (with its gaps
# open, most moves keep every sample winnable and it wanders), is made in shards below.
for game in granada reinforcements queen-of-italy-open generals-patience blondes-and-brunettes \
    falling-star redheads carthage algerian-parlett indian-carpet persian-rug; do
    studies+=("$game-greedy $game 0..1000 1000000 --player greedy")
    [ "$game" = queen-of-italy-open ] && continue
    studies+=("$game-sampling $game 0..1000 1000000 --player sampling --samples 4 --sample-states 500")
done
# Queen of Italy's ladder of sampling strengths (issue 54) on the same 500 deals: where careful
# play levels off, and what each step costs a deal.
for step in "4 500" "8 2000" "16 5000"; do
    read -r k n <<< "$step"
    studies+=("queen-of-italy-ladder/k$k-n$n queen-of-italy 0..500 1000000 --player sampling --samples $k --sample-states $n")
done
for s in "${studies[@]}"; do
    read -r folder variant seeds states extra <<< "$s"
    if [ -n "${ONLY:-}" ] && [[ " $ONLY " != *" $folder "* ]]; then
        continue
    fi
    echo "== $folder: $variant $seeds at $states states per deal $extra" >&2
    # shellcheck disable=SC2086 # $extra is a list of options
    "$bin" study "$variant" --seeds "$seeds" --max-states "$states" -j "$jobs" --out "$results/$folder" --resume --quiet $extra
done

# A study made in K shards (each resumable), then merged: OUT SHARD_DIR K VARIANT SEEDS [study
# options]; shard I goes to SHARD_DIR/shard-I. The command lines are the ones the published
# manifests record.
sharded() {
    local out=$1 dir=$2 k=$3 variant=$4 seeds=$5
    shift 5
    local parts=()
    for i in $(seq 0 $((k - 1))); do
        echo "== $out: shard $i/$k of $variant $seeds $*" >&2
        "$bin" study "$variant" --seeds "$seeds" --shard "$i/$k" "$@" -j "$jobs" --out "$dir/shard-$i" --resume --quiet
        parts+=("$dir/shard-$i")
    done
    "$bin" merge "${parts[@]}" --out "$out"
}

# The sampling player with 2,000 states per sample (about 3 times longer a deal than with 500):
# seeds 0..1999 in 4 shards, merged into queen-of-italy-sampling-2000. The report would list the
# shard folders as studies of their own: the published tree dropped them once the merge was
# committed (they are in its history), as it did algerian's.
if [ -z "${ONLY:-}" ] || [[ " $ONLY " == *" queen-of-italy-sampling-shards "* ]]; then
    sharded "$results/queen-of-italy-sampling-2000" "$results/queen-of-italy-sampling-shards" 4 queen-of-italy 0..2000 \
        --player sampling --samples 4 --sample-states 2000
fi
# Queen of Italy's careful player on 10,000 deals (issue 54): seeds 0..9999 in 5 shards of 2,000,
# merged into queen-of-italy-sampling (it held seeds 0..1999 before).
if [ -z "${ONLY:-}" ] || [[ " $ONLY " == *" queen-of-italy-sampling "* ]]; then
    sharded "$results/queen-of-italy-sampling" "$results/shards/queen-of-italy-sampling" 5 queen-of-italy 0..10000 \
        --max-states 1000000 --player sampling --samples 4 --sample-states 500
fi
# queen-of-italy-open's sampling player on seeds 0..999 in 5 shards of 200, merged.
if [ -z "${ONLY:-}" ] || [[ " $ONLY " == *" queen-of-italy-open-sampling "* ]]; then
    sharded "$results/queen-of-italy-open-sampling" "$results/shards/queen-of-italy-open-sampling" 5 queen-of-italy-open 0..1000 \
        --max-states 1000000 --player sampling --samples 4 --sample-states 500
fi
# The ladder's next rung (32 samples, 10,000 positions; about 14 CPU s a deal), since careful play
# had not levelled off at (16, 5,000): the same 500 deals in 5 shards of 100, merged.
if [ -z "${ONLY:-}" ] || [[ " $ONLY " == *" queen-of-italy-ladder-k32-n10000 "* ]]; then
    sharded "$results/queen-of-italy-ladder/k32-n10000" "$results/shards/queen-of-italy-ladder-k32-n10000" 5 queen-of-italy 0..500 \
        --max-states 1000000 --player sampling --samples 32 --sample-states 10000
fi
# Queen of Italy's thoughtful rate on 100,000 deals (issue 54): seeds 0..99999 at 5,000,000
# positions in 10 shards of 10,000, merged into queen-of-italy-100000.
if [ -z "${ONLY:-}" ] || [[ " $ONLY " == *" queen-of-italy-100000 "* ]]; then
    sharded "$results/queen-of-italy-100000" "$results/shards/queen-of-italy-100000" 10 queen-of-italy 0..100000 \
        --max-states 5000000
fi
# The million-deal study: algerian on seeds 0..1000000 in 10 shards of 100,000 (about 4.5 minutes
# each on 2 cores), then merged into results/algerian. The shard folders sit two levels down,
# where the report does not list them; the script keeps them (a rerun resumes from them), and the
# published tree dropped them once the merge was committed.
if [ -z "${ONLY:-}" ] || [[ " $ONLY " == *" algerian "* ]]; then
    sharded "$results/algerian" "$results/shards/algerian" 10 algerian 0..1000000 --max-states 5000000
fi
if [ -z "${ONLY:-}" ] || [ -n "${REPORT:-}" ]; then
    "$bin" report "$results"
fi
