#!/usr/bin/env bash
# End-to-end test of the Slurm recipe on a one-node cluster (run by .ci/run; needs root).
#
# Stands up scripts/slurm/local-cluster.sh, submits a small study as a job array with one shard
# broken on purpose, checks that the merge does not run, re-submits only the missing shard, waits
# for the merge, and checks that the merged deals.csv, summary.json, summary.csv and manifest.json
# equal a single-machine `patience study` of the same range byte for byte, apart from timings
# (deals.csv's micros, the summaries' seconds_*) and the manifest's command line. The daemons are
# stopped at the end whatever happens; a cluster that was already up is stopped too.
#
# PATIENCE_BIN: the binary to test (default: build it with cargo build --release -p patience-cli).
# PATIENCE_SLURM_TEST_SEEDS, _SHARDS, _LIMIT, _VARIANT: the study (default 0..400, 4 shards,
# --max-states 20000, queen-of-italy: about 25 CPU-seconds in all).
set -euo pipefail
export LC_ALL=C
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
VARIANT=${PATIENCE_SLURM_TEST_VARIANT:-queen-of-italy}
SEEDS=${PATIENCE_SLURM_TEST_SEEDS:-0..400}
SHARDS=${PATIENCE_SLURM_TEST_SHARDS:-4}
LIMIT=${PATIENCE_SLURM_TEST_LIMIT:-20000}
BROKEN=$((SHARDS / 2))
TIMEOUT_S=${PATIENCE_SLURM_TEST_TIMEOUT_S:-900}

t0=$EPOCHREALTIME
say() { printf '[slurm-test %6.1fs] %s\n' "$(awk -v a="$EPOCHREALTIME" -v b="$t0" 'BEGIN { print a - b }')" "$*"; }
fail() { say "FAIL: $*" >&2; exit 1; }

work=$(mktemp -d /tmp/patience-slurm-test.XXXXXX)
out=$work/slurm
finish() {
    local rc=$?
    set +e
    if [ $rc -ne 0 ] && [ -d "$out/logs" ]; then
        for f in "$out"/logs/*.out; do
            [ -f "$f" ] && { echo "--- $f"; tail -n 15 "$f"; }
        done
        echo "--- slurmctld.log"; tail -n 15 "${PATIENCE_SLURM_DIR:-/tmp/patience-slurm}/log/slurmctld.log" 2>/dev/null
    fi
    "$here/local-cluster.sh" down
    if [ $rc -eq 0 ]; then
        rm -rf "$work"
        say "PASS"
    else
        say "FAILED (exit $rc); files kept in $work"
    fi
    exit $rc
}
trap finish EXIT

if [ -n "${PATIENCE_BIN:-}" ]; then
    bin=$(realpath "$PATIENCE_BIN")
else
    say "building the release binary"
    (cd "$root" && cargo build --release -q -p patience-cli) || fail "cargo build --release failed"
    target=$(cd "$root" && cargo metadata --format-version 1 --no-deps | sed -n 's/.*"target_directory":"\([^"]*\)".*/\1/p')
    bin=$target/release/patience
fi
[ -x "$bin" ] || fail "no binary at $bin"
export PATIENCE_BIN=$bin
say "binary $bin"

say "local cluster up"
"$here/local-cluster.sh" up || fail "local-cluster.sh up failed"
eval "$("$here/local-cluster.sh" env)"

# Job ids from submit-study.sh's output ("array job N: ...", "merge job M: ...").
submit() {
    local text
    text=$("$here/submit-study.sh" "$VARIANT" "$SEEDS" "$SHARDS" "$out" --max-states "$LIMIT") \
        || fail "submit-study.sh failed"
    printf '%s\n' "$text" | sed 's/^/  /'
    array=$(printf '%s\n' "$text" | sed -n 's/^array job \([0-9]*\):.*/\1/p')
    merge=$(printf '%s\n' "$text" | sed -n 's/^merge job \([0-9]*\):.*/\1/p')
    { [ -n "$array" ] && [ -n "$merge" ]; } || fail "no job ids in submit-study.sh's output"
}

# Wait until the jobs have left the queue.
wait_jobs() {
    local end=$((SECONDS + TIMEOUT_S))
    while squeue -h -j "$1" 2>/dev/null | grep -q .; do
        [ $SECONDS -lt $end ] || fail "jobs $1 still queued after ${TIMEOUT_S}s: $(squeue -h -j "$1" 2>&1 | tr '\n' ';')"
        sleep 1
    done
}

# "task I STATE" or "STATE" per job record that slurmctld still holds.
states() {
    scontrol -o show job "$1" 2>/dev/null | awk '{
        t = ""; s = ""
        for (i = 1; i <= NF; i++) {
            if ($i ~ /^ArrayTaskId=/) t = substr($i, 13)
            if ($i ~ /^JobState=/) s = substr($i, 10)
        }
        print (t == "" ? "" : "task " t " ") s
    }' | sort | paste -sd, -
}

# Shard BROKEN's folder holds another study, so its task refuses to resume it and fails.
"$bin" study "$VARIANT" --seeds 0..1 --max-states "$LIMIT" --out "$out/shard-$BROKEN" --quiet >/dev/null \
    || fail "could not prepare the broken shard"
say "submitting $VARIANT $SEEDS in $SHARDS shards (--max-states $LIMIT), shard $BROKEN broken on purpose"
submit
wait_jobs "$array,$merge"
say "array job $array: $(states "$array"); merge job $merge: $(states "$merge")"
for ((i = 0; i < SHARDS; i++)); do
    if [ $i -eq $BROKEN ]; then
        grep -q "cannot resume" "$out/logs/shard-$i.out" || fail "shard $i did not fail as it should"
    else
        [ -s "$out/shard-$i/summary.csv" ] || fail "shard $i did not finish"
    fi
done
[ ! -e "$out/merged" ] || fail "the merge ran although shard $BROKEN failed"
say "as expected: shard $BROKEN failed, the others finished, the merge did not run"

rm -rf "${out:?}/shard-$BROKEN"
say "re-submitting the missing shard only (PATIENCE_ARRAY=missing)"
PATIENCE_ARRAY=missing submit
wait_jobs "$array,$merge"
say "array job $array: $(states "$array"); merge job $merge: $(states "$merge")"
[ -s "$out/merged/summary.csv" ] || fail "no merged study in $out/merged (see $out/logs/merge.out)"
say "merged: $(grep -v '^+' "$out/logs/merge.out" | tail -n 1)"

say "the same study on this machine: patience study $VARIANT --seeds $SEEDS --max-states $LIMIT -j $(nproc)"
"$bin" study "$VARIANT" --seeds "$SEEDS" --max-states "$LIMIT" -j "$(nproc)" --out "$work/single" --quiet \
    || fail "single-machine study failed"
say "single machine done"

# A CSV without its timing columns (micros, seconds_*).
csv_without_timings() {
    awk -F, -v OFS=, 'NR == 1 { for (i = 1; i <= NF; i++) drop[i] = ($i == "micros" || $i ~ /^seconds_/) }
        { line = ""; n = 0
          for (i = 1; i <= NF; i++) if (!drop[i]) line = line (n++ ? OFS : "") $i
          print line }' "$1"
}
# summary.json without its "seconds_*" lines.
json_without_timings() { grep -v '^ *"seconds_[a-z0-9_]*":' "$1"; }
# manifest.json without its "command" array (it names the command and shard that wrote it) and,
# in a merged study, the "shard_command" array (the first shard's study command, which the loss
# audit reads; the single-machine study has none).
manifest_without_command() { awk '/^  "(shard_)?command": \[/ { skip = 1 } !skip { print } skip && /^  \]/ { skip = 0 }' "$1"; }

compare() { # FILE FILTER WHAT-WAS-DROPPED
    local a b
    a=$("$2" "$out/merged/$1") b=$("$2" "$work/single/$1")
    [ -n "$a" ] || fail "$1 is empty"
    if [ "$a" != "$b" ]; then
        diff <(printf '%s\n' "$a") <(printf '%s\n' "$b") | head -n 20 >&2
        fail "$1 differs between the Slurm run (<) and the single machine (>)"
    fi
    say "same: $1 ($(printf '%s\n' "$a" | wc -l) lines; $3)"
}
compare deals.csv csv_without_timings "micros dropped"
compare summary.json json_without_timings "seconds_* dropped"
compare summary.csv csv_without_timings "seconds_* dropped"
compare manifest.json manifest_without_command "command and shard_command dropped"
grep -q '^  "shard_command": \[' "$out/merged/manifest.json" || fail "the merged manifest.json keeps no shard_command"
grep -A3 '^  "shard_command": \[' "$out/merged/manifest.json" | grep -q '"study"' || fail "the merged manifest.json's shard_command is not a study command"
say "$(head -n 2 "$work/single/summary.csv" | tail -n 1 | cut -d, -f1-5 | sed 's/,/ deals=/; s/,/ won=/; s/,/ lost=/; s/,/ unknown=/')"
