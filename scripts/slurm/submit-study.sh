#!/usr/bin/env bash
# Submit a study to Slurm: a job array with one task per shard, then a merge job that runs once
# every task has succeeded.
#
#   scripts/slurm/submit-study.sh VARIANT SEEDS SHARDS OUTDIR [study options]
#   e.g. scripts/slurm/submit-study.sh algerian 0..1000000 64 /shared/algerian-0-1M --max-states 1000000
#
# Task I writes OUTDIR/shard-I (patience study ... --shard I/SHARDS --resume), its log goes to
# OUTDIR/logs/shard-I.out; the merge job writes OUTDIR/merged and logs to OUTDIR/logs/merge.out.
# OUTDIR and the binary must be on a file system every node sees.
#
# Environment:
#   PATIENCE_BIN            the patience binary (default: patience on PATH, else target/release/patience)
#   PATIENCE_CPUS_PER_TASK  CPUs (and solver threads) per shard (default 1)
#   PATIENCE_ARRAY          which shards to submit (default 0-(SHARDS-1)); a list such as 3,7 re-submits
#                           the failed ones, `missing` every shard without a finished summary. A new
#                           merge job is submitted after them, so the study completes.
#   SBATCH_PARTITION, SBATCH_TIMELIMIT, SBATCH_ACCOUNT, ...: Slurm's own, read by sbatch.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
die() { echo "submit-study: error: $*" >&2; exit 1; }

if [ $# -lt 4 ]; then
    sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//' >&2
    exit 2
fi
variant=$1 seeds=$2 shards=$3 out=$4
shift 4
[[ $shards =~ ^[1-9][0-9]*$ ]] || die "SHARDS must be a positive number, not '$shards'"
[[ $seeds =~ ^[0-9]+\.\.[0-9]+$ ]] || die "SEEDS must be A..B, not '$seeds'"
command -v sbatch >/dev/null || die "sbatch not found (is Slurm installed? for the local cluster: scripts/slurm/local-cluster.sh up)"

bin=${PATIENCE_BIN:-}
if [ -z "$bin" ]; then
    bin=$(command -v patience || true)
    [ -n "$bin" ] || bin=$here/../../target/release/patience
fi
[ -x "$bin" ] || bin=$(command -v "$bin" || true)
{ [ -n "$bin" ] && [ -x "$bin" ]; } || die "no patience binary: set PATIENCE_BIN (or cargo build --release -p patience-cli)"
bin=$(realpath "$bin")
export PATIENCE_BIN=$bin

mkdir -p "$out/logs"
out=$(realpath "$out")
cpus=${PATIENCE_CPUS_PER_TASK:-1}
array=${PATIENCE_ARRAY:-0-$((shards - 1))}
if [ "$array" = missing ]; then
    todo=()
    for ((i = 0; i < shards; i++)); do
        [ -s "$out/shard-$i/summary.csv" ] || todo+=("$i")
    done
    array=$(IFS=,; echo "${todo[*]}")
fi

dep=() job=
if [ -n "$array" ]; then
    job=$(sbatch --parsable --job-name="patience-$variant" --array="$array" --cpus-per-task="$cpus" \
        --output="$out/logs/shard-%a.out" --open-mode=append \
        "$here/study.sbatch" "$variant" "$seeds" "$shards" "$out" "$@") || die "sbatch of the shards failed"
    job=${job%%;*}
    dep=(--dependency="afterok:$job" --kill-on-invalid-dep=yes)
    echo "array job $job: shards $array of $shards ($variant $seeds, CPUs per task: $cpus), logs $out/logs/shard-<i>.out"
else
    echo "every shard is finished; submitting the merge only"
fi
merge=$(sbatch --parsable --job-name="patience-merge" "${dep[@]}" --output="$out/logs/merge.out" \
    --open-mode=append "$here/merge.sbatch" "$out" "$shards") || die "sbatch of the merge failed"
merge=${merge%%;*}
echo "merge job $merge: ${job:+after every task of $job succeeds, }writes $out/merged, log $out/logs/merge.out"
