#!/bin/sh
# Writes results/bench/schedule-model-tableau.md (or the file given): the prose of log-head.md and
# log-tail.md around the tables table.py prints from the committed rows.
set -e
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
{
  cat "$here/log-head.md"
  printf '\n## Figures (`table.py`)\n\nVerdicts and cost per round and set (a deal is unsat when every opening is; `det`: CP-SAT'"'"'s\ndeterministic time summed over the openings; seconds are wall, one worker, on the shared 2-core VM):\n\n'
  python3 "$here/table.py"
  printf '\nThe seeds each round proved unsatisfiable (`table.py --unsat`):\n\n'
  python3 "$here/table.py" --unsat
  printf '\nWinning lines checked against the model (`table.py --replay`: the solver'"'"'s line of each won deal\nof 0..999, fixed into the model from the first position and after 60 and 150 of its moves):\n\n'
  python3 "$here/table.py" --replay
  printf '\nAltered winning lines the round-3 model must reject (`mutate.py`, `table.py --mutate`): in the first\nwon deals'"'"' lines, one tie at a time made to last until its parent goes home (a parent goes home\nonly as a top, so the card had left it):\n\n'
  python3 "$here/table.py" --mutate
  printf '\nHow the solver'"'"'s winning lines of the 47 won deals use the tableau (`lines.py`, `table.py --lines`):\n\n'
  python3 "$here/table.py" --lines
  printf '\nA measurement, not sound (`cap.py`, `table.py --cap`): the round-2 model of one opening with at\nmost CAP cards leaving the waste into the tableau (a cap is no rule of the game: its verdicts prove\nnothing), det 5 a cap:\n\n'
  python3 "$here/table.py" --cap
  printf '\nA measurement, not sound (`strict.py`, `table.py --strict`): the round-2 model with the tableau\nstricter than the game (no move between piles; see "The strict measurement" below). Openings the\nterrace test kills are not run again; det 10 an opening:\n\n'
  python3 "$here/table.py" --strict
  printf '\nOne live opening with a longer limit (`long.py`, `table.py --long`; `strict` is not sound):\n\n'
  python3 "$here/table.py" --long
  printf '\n'
  cat "$here/log-tail.md"
} > "${1:-$root/results/bench/schedule-model-tableau.md}"
