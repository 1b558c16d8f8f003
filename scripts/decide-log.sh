#!/usr/bin/env bash
# The issue-31 research log's measurement: a study of seeds A..B of each variant at a fixed
# budget with binary BIN, into OUT/<variant>, then one table (decided share, CPU s/deal median
# and p99, and which phase decided the deals where the binary records it).
#   scripts/decide-log.sh BIN OUT A..B [STATES] [variant...]
# Without variants: all fifteen. Studies already finished in OUT are kept (rerun: delete them).
# EXTRA adds study options (EXTRA=--plain-search: the baseline, the exhaustive search alone).
set -euo pipefail
bin=$1 out=$2 seeds=$3 states=${4:-5000000}
shift $(( $# < 4 ? $# : 4 ))
variants=("$@")
if [ ${#variants[@]} -eq 0 ]; then
  variants=(alhambra granada reinforcements queen-of-italy queen-of-italy-open generals-patience
            blondes-and-brunettes falling-star redheads algerian carthage algerian-parlett
            crazy-quilt indian-carpet persian-rug)
fi
mkdir -p "$out"
for v in "${variants[@]}"; do
  if [ ! -f "$out/$v/deals.csv" ]; then
    "$bin" study "$v" --seeds "$seeds" --max-states "$states" --out "$out/$v" --resume --quiet -j "${JOBS:-2}" ${EXTRA:-}
  fi
done
python3 "$(dirname "$0")/decide-table.py" "$out" "${variants[@]}"
