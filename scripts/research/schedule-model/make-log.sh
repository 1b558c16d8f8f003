#!/bin/sh
# Writes results/bench/schedule-model.md: the prose of log-head.md and log-tail.md around the
# tables table.py prints from the committed rows.
set -e
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
py="$here/.venv/bin/python"
[ -x "$py" ] || py=python3
{
  cat "$here/log-head.md"
  printf '\n## Figures (`table.py`)\n\nVerdicts and cost per round and set (seconds are wall, single worker, 60 s limit, on the\nloaded 2-core VM):\n\n'
  "$py" "$here/table.py"
  printf '\nThe deals each round proved unsatisfiable (`table.py --unsat`):\n\n'
  "$py" "$here/table.py" --unsat
  printf '\nWinning lines checked against the model (`table.py --replay`; the redeals rows are deals\nthe solver wins with that many redeals, seeds in the range, the model given the same number):\n\n'
  "$py" "$here/table.py" --replay
  printf '\n'
  cat "$here/log-tail.md"
} > "$root/results/bench/schedule-model.md"
