"""One opening of one deal with a longer deterministic limit than the sets' (the whole model,
after the terrace stage): how far from a verdict an `unknown` is. A row appended to
results/bench/schedule-model-tableau/long.csv.

  long.py MODEL SEED OPENING DET    MODEL: a round of model.py (2, 3, ...) or `strict` (strict.py;
                                    not sound)
"""

import csv
import os
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import model as M  # noqa: E402
import replay as R  # noqa: E402
import run  # noqa: E402
import strict as S  # noqa: E402


def main():
    which, seed, opening, det = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), float(sys.argv[4])
    layout = M.openings(R.solve_layout(seed))[opening]
    model = S.StrictModel(layout, 2) if which == "strict" else M.Model(layout, int(which))
    t0 = time.time()
    verdict, s = model.solve(det=det, seconds=3600)
    path = os.path.join(run.ROOT, "results/bench/schedule-model-tableau/long.csv")
    fresh = not os.path.exists(path)
    with open(path, "a", newline="") as f:
        w = csv.writer(f)
        if fresh:
            w.writerow(["model", "seed", "opening", "verdict", "det", "det_limit", "conflicts", "wall_s"])
        w.writerow([which, seed, opening, verdict, round(s.deterministic_time, 2), det, s.num_conflicts, round(time.time() - t0, 1)])


if __name__ == "__main__":
    main()
