"""A measurement, NOT SOUND (it proves nothing lost): the round-2 model with the tableau made
*stricter than the game*, to bound what any finer model of the piles could prove.

The game lets a tableau top move onto another top (the solver's winning lines make 17 to 85 such
moves). Here no card ever moves between piles: each card that sits in the tableau sits on one
parent for its whole stay (a card of class (other colour, rank + 1), in the tableau from before it
arrives until after it leaves), a parent holds one card at a time, a bottom never moves, and the
piles keep their order after END too (a card goes home before the card it sits on). Every solution
of this model is a solution of the round-2 model, of round 3, and of any model that adds to round 2
only rules of the tableau that a line without moves between piles keeps; so a deal that is `sat`
here is `sat` for every such model, and no such refinement of the tableau can prove it lost. An `unsat` here says nothing.

  strict.py SET [--det D] [--first N] [--resume]
                                         rows in results/bench/schedule-model-tableau/strict-SET.csv
"""

import argparse
import os
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import model as M  # noqa: E402
import replay as R  # noqa: E402
import run  # noqa: E402


class StrictModel(M.Model):
    """model.Model with `_tableau` replaced by fixed parents (see the module's text)."""

    def _tableau(self):
        m, hz = self.m, self.horizon
        self.E, self.inT = {}, {}
        bottoms = {}
        for pile in self.rows:
            for i, c in enumerate(pile):
                self.E[c] = m.NewConstant(0)
                self.inT[c] = m.NewConstant(1)
                bottoms[c] = m.NewConstant(1 if i == 0 else 0)
        for c in self.queue:
            self.E[c] = self.L[c]
            self.inT[c] = self.tab[c]
            b = m.NewBoolVar("")
            m.AddImplication(b, self.tab[c])
            bottoms[c] = b
        tableau = list(self.E)
        children = {y: [] for y in tableau}
        for x in tableau:
            # x sits (in the tableau, not a bottom) <=> exactly one parent
            sits = m.NewBoolVar("")
            m.AddBoolAnd([self.inT[x], bottoms[x].Not()]).OnlyEnforceIf(sits)
            m.AddBoolOr([self.inT[x].Not(), bottoms[x]]).OnlyEnforceIf(sits.Not())
            lits = []
            for y in tableau:
                if y is x or M.colour(y[2]) == M.colour(x[2]) or M.rank(y[2]) != (M.rank(x[2]) + 1) % 13:
                    continue
                fixed = x[0] == y[0] and x[0].startswith("P") and x[1] == y[1] + 1
                if x[0].startswith("P") and not fixed:
                    continue  # a card dealt onto a pile sits on the card below it
                a = m.NewBoolVar("")
                m.AddImplication(a, self.inT[y])
                m.Add(self.E[y] < self.E[x]).OnlyEnforceIf(a)
                m.Add(self.H[x] < self.H[y]).OnlyEnforceIf(a)
                lits.append(a)
                children[y].append((x, a))
            m.Add(sum(lits) == 1).OnlyEnforceIf(sits)
            m.Add(sum(lits) == 0).OnlyEnforceIf(sits.Not())
        for y, kids in children.items():
            if len(kids) > 1:
                ivs = [m.NewOptionalIntervalVar(self.E[x], m.NewIntVar(0, hz, ""), self.H[x], a, "") for x, a in kids]
                m.AddNoOverlap(ivs)
        # Bottoms: at most 9 at every instant, and (forced fills) exactly 9 alive at END.
        ivs, alive = [], []
        for x in tableau:
            is_b = m.NewBoolVar("")
            m.AddBoolAnd([bottoms[x], self.inT[x]]).OnlyEnforceIf(is_b)
            m.AddBoolOr([bottoms[x].Not(), self.inT[x].Not()]).OnlyEnforceIf(is_b.Not())
            ivs.append(m.NewOptionalIntervalVar(self.E[x], m.NewIntVar(0, hz, ""), self.H[x], is_b, ""))
            after = m.NewBoolVar("")
            m.Add(self.H[x] > self.END).OnlyEnforceIf(after)
            m.Add(self.H[x] <= self.END).OnlyEnforceIf(after.Not())
            al = m.NewBoolVar("")
            m.AddBoolAnd([is_b, after]).OnlyEnforceIf(al)
            m.AddBoolOr([is_b.Not(), after.Not()]).OnlyEnforceIf(al.Not())
            alive.append(al)
        m.AddCumulative(ivs, [1] * len(ivs), 9)
        if self.queue:
            m.Add(sum(alive) == 9)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("set")
    ap.add_argument("--det", type=float, default=10.0)
    ap.add_argument("--resume", action="store_true")
    ap.add_argument("--first", type=int, default=None, help="only the set's first N seeds")
    a = ap.parse_args()
    path = os.path.join(run.ROOT, "results/bench/schedule-model-tableau/strict-%s.csv" % a.set)
    f, w, done = run.rows_file(path, run.DEAL_FIELDS, a.resume)
    for seed in run.seeds(a.set)[: a.first]:
        if seed in done:
            continue
        t0 = time.time()
        verdict, rows = M.decide(R.solve_layout(seed), 2, det=a.det, seconds=600, make=StrictModel, stage_name="strict")
        w.writerow(run.deal_row(seed, verdict, rows, t0, a.det))
        f.flush()
        print(seed, verdict, flush=True)


if __name__ == "__main__":
    main()
