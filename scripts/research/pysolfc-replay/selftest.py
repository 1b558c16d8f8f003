"""Negative controls: corrupted copies of won lines must be rejected by replay.py.

    .venv/bin/python selftest.py lines/pf-queen-of-italy-32001.json lines/pf-algerian-32000.json ...
"""
import copy
import json
import os
import sys
import tempfile

import replay


def run(d):
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        json.dump(d, f)
    try:
        return replay.replay(f.name)
    finally:
        os.unlink(f.name)


def corruptions(d):
    moves = d["moves"]
    cards = [i for i, m in enumerate(moves) if "from" in m and not m.get("forced")]
    forced = [i for i, m in enumerate(moves) if m.get("forced") and "from" in m]
    deals = [i for i, m in enumerate(moves) if m.get("deal") and not m.get("forced")]
    i = cards[len(cards) // 2]
    e = copy.deepcopy(d)
    e["moves"][i]["to"] = "F7" if e["moves"][i]["to"] != "F7" else "F6"
    yield "card move %d sent to another foundation" % (i + 1), e
    e = copy.deepcopy(d)
    del e["moves"][i]
    yield "card move %d left out" % (i + 1), e
    if deals:
        j = deals[len(deals) // 2]
        e = copy.deepcopy(d)
        del e["moves"][j]
        yield "deal %d left out" % (j + 1), e
    if forced:
        k = forced[len(forced) // 2]
        e = copy.deepcopy(d)
        e["moves"][k]["card"] = "KS" if e["moves"][k]["card"] != "KS" else "QS"
        yield "forced move %d with another card" % (k + 1), e
    e = copy.deepcopy(d)
    e["moves"] = e["moves"][:-1]
    yield "last move left out", e


def main(paths):
    bad = 0
    for p in paths:
        d = json.load(open(p))
        if d.get("verdict") != "won":
            continue
        base = replay.replay(p)["status"]
        print("%s: unmodified -> %s" % (p, base))
        for what, e in corruptions(d):
            r = run(e)
            ok = r["status"] != "won"
            bad += not ok
            print("  %-45s -> %-14s %s %s" % (what, r["status"], "ok" if ok else "NOT CAUGHT",
                                              r["detail"][:90]))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
