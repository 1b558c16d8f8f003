# Shared by the bench scripts, which source it: the binary they measure, their count check, and
# the rate they read from `patience bench --format json`.

# Sets `bin`: $BIN when given, else target/release/patience, built first.
bench_binary() {
    bin=${BIN:-target/release/patience}
    if [ -z "${BIN:-}" ]; then cargo build --release -q -p patience-cli; fi
    [ -x "$bin" ] || { echo "no patience binary at $bin" >&2; exit 1; }
}

# Stops the script unless $1 is a positive whole number (a count of runs).
check_runs() {
    [ "$1" -ge 1 ] 2>/dev/null || { echo "RUNS must be a positive whole number (got '$1')" >&2; exit 2; }
}

# The unique states/s/core of the bench JSON on standard input, read by name; with `set -o
# pipefail`, a run that printed none fails its pipeline.
states_rate() {
    grep -o '"states_per_second_per_core":[0-9.e+]*' | cut -d: -f2
}

# `--plain-search` where binary $1 has the solving pipeline (issue 31), else nothing: the engine
# scripts measure the exhaustive search alone, so that builds before and after the pipeline
# compare.
plain_flag() {
    if "$1" bench --help 2>/dev/null | grep -q -- --plain-search; then echo --plain-search; fi
}
