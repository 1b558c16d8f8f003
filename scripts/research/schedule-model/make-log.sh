#!/bin/sh
# Writes results/bench/schedule-model.md (or the file given): the prose of log-head.md and
# log-tail.md around the tables table.py prints from the committed rows.
set -e
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
py="$here/.venv/bin/python"
[ -x "$py" ] || py=python3
{
  cat "$here/log-head.md"
  printf '\n## Figures (`table.py`)\n\nVerdicts and cost per round and set (seconds are wall, single worker, on the loaded 2-core VM;\n`limit`: the 60 s wall of the first runs, or `det 10`; `realised: won`: sat deals whose returned\nschedule `sim.py` plays through to a win, "–" where not recorded):\n\n'
  "$py" "$here/table.py"
  printf '\nSat deals whose returned schedule is a real winning line (`table.py --won`: these deals are\n**won**, whatever the study says):\n\n'
  "$py" "$here/table.py" --won
  printf '\nThe first event the rules refuse in the other sat schedules (`table.py --refused`; the rule\nthe schedule breaks, hence the next constraint):\n\n'
  "$py" "$here/table.py" --refused
  printf '\nHow the solver'"'"'s winning lines of the 179 won deals park (`lines.py won`, `table.py --lines`):\n\n'
  "$py" "$here/table.py" --lines
  printf '\nThe deals each round proved unsatisfiable (`table.py --unsat`):\n\n'
  "$py" "$here/table.py" --unsat
  printf '\nWinning lines checked against the model (`table.py --replay`; the redeals rows are deals\nthe solver wins with that many redeals, seeds in the range, the model given the same number):\n\n'
  "$py" "$here/table.py" --replay
  printf '\n'
  cat "$here/log-tail.md"
} > "${1:-$root/results/bench/schedule-model.md}"
