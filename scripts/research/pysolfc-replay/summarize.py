"""Per-game table (markdown) from replay.py's CSV.   python3 summarize.py results.csv"""
import csv
import sys
from collections import OrderedDict

ORDER = ["queen-of-italy", "queen-of-italy-open", "generals-patience", "blondes-and-brunettes",
         "falling-star", "algerian", "carthage", "alhambra", "granada", "reinforcements"]


def kind(f):
    if f.startswith("savedef-"):
        return "save, our default rules"
    if f.startswith("save-"):
        return "save (PySolFC's rules)"
    if f.startswith("pf-"):
        return "game numbers, PySolFC's rules"
    return "game numbers, our default rules"


def ranges(nums):
    ns = sorted({int(n) for n in nums})
    out, i = [], 0
    while i < len(ns):
        j = i
        while j + 1 < len(ns) and ns[j + 1] == ns[j] + 1:
            j += 1
        out.append("#%d" % ns[i] if i == j else "#%d-%d" % (ns[i], ns[j]))
        i = j + 1
    return ", ".join(out)


def main(path):
    rows = list(csv.DictReader(open(path)))
    groups = OrderedDict()
    for g in ORDER:
        for k in ("save (PySolFC's rules)", "save, our default rules",
                  "game numbers, PySolFC's rules",
                  "game numbers, our default rules"):
            sel = [r for r in rows if r["game"] == g and kind(r["file"]) == k]
            if sel:
                groups[(g, k)] = sel
    print("| game | start positions | rules (solver) | solved | won by solver | replayed: accepted and won in PySolFC | rejected | first rejected move (one example) |")
    print("|---|---|---|---|---|---|---|---|")
    for (g, k), sel in groups.items():
        won = [r for r in sel if r["verdict"] == "won"]
        ok = [r for r in won if r["status"] == "won"]
        rej = [r for r in won if r["status"] != "won"]
        other = {}
        for r in sel:
            if r["verdict"] != "won":
                other[r["verdict"]] = other.get(r["verdict"], 0) + 1
        rules = sel[0]["rules"]
        starts = ", ".join(r["file"].split("-", 1)[1][:-5] for r in sel) \
            if k.startswith("save") else ranges(r["file"].rsplit("-", 1)[1][:-5] for r in sel)
        ex = ""
        if rej:
            r = rej[0]
            ex = "%s: %s" % (r["file"][:-5], r["detail"])
        print("| %s | %s | %s | %d | %d%s | %d | %d | %s |" % (
            g, starts,
            rules, len(sel), len(won),
            (" (" + ", ".join("%d %s" % (v, kk) for kk, v in sorted(other.items())) + ")")
            if other else "", len(ok), len(rej), ex.replace("|", "/")))


if __name__ == "__main__":
    main(sys.argv[1])
