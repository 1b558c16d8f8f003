#!/usr/bin/env bash
# Adds one entry to results/bench/: the `patience bench` table of the four base variants on a
# fixed seed set, one thread (per-core speed), with the machine, compiler and profile flags.
#   [RUNS=3] scripts/bench-log.sh [SEEDS (default 0..1000)] [STATES PER DEAL (default 200000)]
# Run it on an otherwise idle machine: the figures are per core.
set -euo pipefail
cd "$(dirname "$0")/.."
seeds=${1:-0..1000}
limit=${2:-200000}
runs=${RUNS:-3}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cargo build --release -q -p patience-cli
mkdir -p results/bench
out=results/bench/$(date -u +%Y-%m-%d)-$(git rev-parse --short=12 HEAD).md
{
    echo "# Benchmark of $(date -u +%F), commit $(git describe --always --dirty --abbrev=12)"
    echo
    # The model name alone ("AMD EPYC") does not tell processor generations apart, and the same
    # binary has measured 2-4 times faster on one such machine than on another: family/model
    # numbers, caches and the kernel's bogomips say which machine a figure belongs to.
    cpu() { grep -m1 "^$1" /proc/cpuinfo | cut -d: -f2 | xargs; }
    caches=$(lscpu | awk -F: '/L2 cache|L3 cache/ {gsub(/^ +/, "", $2); printf "%s%s %s", sep, $1, $2; sep=", "}')
    echo "- machine: $(cpu 'model name') (cpu family $(cpu 'cpu family'), model $(cpu 'model'), bogomips $(cpu bogomips); $caches), $(nproc) cores, $(free -g | awk '/Mem:/ {print $2}') GiB"
    echo "- compiler: $(rustc --version)"
    echo "- profile: release — lto = \"fat\", codegen-units = 1, panic = \"abort\", debug = \"line-tables-only\" (Cargo.toml)"
    # RUSTFLAGS, when set, replaces the rustflags of .cargo/config.toml (target-cpu=x86-64-v3).
    if [ -n "${RUSTFLAGS:-}" ]; then flags="RUSTFLAGS=$RUSTFLAGS"; else flags="$(grep -h '^rustflags' .cargo/config.toml) (.cargo/config.toml)"; fi
    echo "- code generation: $flags"
    echo "- command: \`patience bench VARIANT --seeds $seeds --max-states $limit -j 1 --plain-search\` (the engine: the exhaustive search alone)"
    echo "- columns: seconds are each deal's CPU time (its worker thread's CPU clock);"
    echo "  states/s/core = unique states (distinct positions reached and stored) per second;"
    echo "  expanded/s/core = those of them whose moves were generated (all but the dead ones, those"
    echo "  at the depth limit and the one a limit stops each search on); bytes/state = table memory per stored position in the single search"
    echo "  that stored the most (default table: 12-byte fingerprint slots at load 3/8..3/4, so 16..32"
    echo "  bytes; with --exact-table: 8-byte tag + the exact state)."
    echo
    # Each variant runs $runs times and the table shows the run with the median states/s (the VMs'
    # speed drifts between runs: a median, not a lucky best); every run's figure follows. The runs
    # go in rounds, each variant once a round, so that a slow spell of the host (minutes, every
    # family alike) falls on a round or two of every variant, not on all the runs of one.
    variants="alhambra crazy-quilt queen-of-italy algerian"
    for r in $(seq 1 "$runs"); do
        for v in $variants; do
            target/release/patience bench "$v" --seeds "$seeds" --max-states "$limit" -j 1 --plain-search >"$tmp/$v.$r"
        done
    done
    first=1
    runs_line=""
    for v in $variants; do
        rates=$(for r in $(seq 1 "$runs"); do tail -n 1 "$tmp/$v.$r" | awk -F'|' -v r="$r" '{gsub(/ /, "", $14); print $14, r}'; done | sort -n)
        median_run=$(echo "$rates" | awk -v n="$runs" 'NR == int((n + 1) / 2) {print $2}')
        if [ $first = 1 ]; then cat "$tmp/$v.$median_run"; first=0; else tail -n 1 "$tmp/$v.$median_run"; fi
        runs_line="$runs_line$v $(echo "$rates" | awk '{printf "%s%.2f M", sep, $1 / 1e6; sep=" / "}'); "
    done
    echo
    echo "States/s/core of every run ($runs rounds, each variant once a round), ascending (the table shows the median): ${runs_line%; }."
    # The machine-independent measure beside it (the states per second above drift with the VM).
    if command -v valgrind >/dev/null; then
        echo
        echo "Instructions per unique state (callgrind, \`scripts/bench-instructions.sh\`; steady within one machine type):"
        echo
        scripts/bench-instructions.sh target/release/patience
    fi
} > "$out.tmp"
mv "$out.tmp" "$out"
cat "$out"
