"""How the winning lines park: for every won deal of a run.py set, the solver's winning line
(`patience solve`, as replay.py reads it): parks, parks per pass, parks that stay on the waste
past their pass (the card goes home in a later pass), the last slot of a park in pass 0. Tells
which unsound restriction of the measurements (model.py X_ rules) a won deal's own line breaks.

  lines.py SET            rows to results/bench/schedule-model/lines-SET.csv
"""

import os
import sys

import replay
import run

if __name__ == "__main__":
    name = sys.argv[1]
    out = open(os.path.join(run.ROOT, "results/bench/schedule-model", f"lines-{name}.csv"), "w")
    out.write("seed,parks,parks_by_pass,carried,last_pass0_slot\n")
    for seed in run.seeds_of(name):
        got = replay.schedule(seed)
        if got is None:
            continue
        lay, H, W, up = got
        P = 3
        by = [sum(1 for c, t in W.items() if t[0] == p) for p in range(P)]
        carried = sum(1 for c, t in W.items() if H[c][0] > t[0])
        last0 = max([t[1] for c, t in W.items() if t[0] == 0], default=-1)
        out.write(f"{seed},{len(W)},{'/'.join(map(str, by))},{carried},{last0}\n")
        out.flush()
