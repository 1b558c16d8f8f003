"""Read the schedule the model returns for one deal: how each parked card is placed (which kind
of neighbour it uses, whether it goes home in its own pass), and the cards home per pass.

  diag.py SEED ROUND [--redeals R]
"""
import json, os, subprocess, sys, collections
BIN = os.environ.get("PATIENCE", "/work/main/target/release/patience")
from ortools.sat.python import cp_model
import model

seed, rnd = int(sys.argv[1]), sys.argv[2]
redeals = int(sys.argv[sys.argv.index("--redeals") + 1]) if "--redeals" in sys.argv else 2
lay = json.loads(subprocess.run([BIN, "deal", "alhambra", "--seed",
                                 str(seed), "--format", "json"], capture_output=True, text=True).stdout)["layout"]
m, v = model.build(lay, redeals, model.rules_of(rnd))
s = cp_model.CpSolver(); s.parameters.num_workers = 1; s.parameters.max_time_in_seconds = 60
st = s.Solve(m)
print(seed, s.StatusName(st))
if st not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
    sys.exit()
cards, n = v["cards"], v["n"]
name = lambda c: model.RANKS[cards[c][1]] + model.SUITS[cards[c][0]] + (f"#{c}" if c < n else f"@R{cards[c][3][0]}.{cards[c][3][1]}")
kinds = collections.Counter()
for c, d, nb in v["nb"]:
    if s.Value(nb) and s.Value(v["park"][c]):
        q = s.Value(v["Wp"][c]); pc = s.Value(v["Hp"][c])
        if d < n:
            k = "talon"
        else:
            k = "parked-same-pass" if s.Value(v["Wp"][d]) == q else "parked-earlier-pass"
        kinds[(k, "home same pass" if pc == q else "home later")] += 1
        print(f"  park {name(c)} at ({q},{s.Value(v['Wx'][c])}) on {name(d)} [{k}]; home ({pc},{s.Value(v['Hx'][c])})")
for k, x in sorted(kinds.items()):
    print(" ", k, x)
P = redeals + 1
print("  home by pass", [sum(1 for c in range(len(cards)) if s.Value(v["Hp"][c]) == p) for p in range(P)])
print("  reserve cards home by pass", [sum(1 for c in range(n, len(cards)) if s.Value(v["Hp"][c]) == p) for p in range(P)])
