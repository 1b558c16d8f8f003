"""The replay check's own check: round 3's ties must bind. For the first won deals of 0..999, a
winning line is read off and fixed into the model as in the replay check (`replay.fixed`), then
one tie is altered so that it
cannot have happened: the card stays on its first parent until that parent goes home (a parent
goes home only as a top, so the card must have left it before). Only ties of cards that went home
after their first parent are altered, so the alteration breaks no earlier round's rule. The model must reject each such
schedule; a row per altered tie in results/bench/schedule-model-tableau/mutate-3.csv.

  mutate.py [DEALS (default 5)] [TIES a deal (default 4)]
"""

import csv
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import replay as R  # noqa: E402
import run  # noqa: E402


def main():
    deals = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    per = int(sys.argv[2]) if len(sys.argv) > 2 else 4
    path = os.path.join(run.ROOT, "results/bench/schedule-model-tableau/mutate-3.csv")
    with open(path, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["seed", "card", "parent", "verdict"])
        for seed in run.seeds("replay")[:deals]:
            d = R.solve(seed)
            _, H, tie, end = R.fixed(d["layout"], d["moves"], 3)
            done = 0
            for c, (parent, start, _) in tie.items():
                if done == per:
                    break
                if start >= end or H[parent] >= end or H[c] < H[parent]:
                    continue  # ties that start, and whose parent goes home, before END, with
                    # the card home after its parent (it moved off it: round 2 cannot tell)
                model, _, _, _ = R.fixed(d["layout"], d["moves"], 3, free=c)
                for (x, y), a in model.tie.items():
                    if x == c:
                        model.m.Add(a == int(y == parent))  # its first parent, as in the line
                model.m.Add(model.T[c] >= H[parent])  # the alteration
                verdict, _ = model.solve(seconds=60)
                w.writerow([seed, c[2], parent[2], verdict])
                f.flush()
                done += 1

if __name__ == "__main__":
    main()
