#!/usr/bin/env python3
"""Research prototype (issue 33, 2026-12-05, commit 1a46868; not product code, nothing here answers "lost" in the
solver): two relaxations of generals-patience that keep the stock's order and the waste as a stack
but abstract the tableau, and how far each gets on the published study's deals.
`results/bench/losses-queen.md` ("2026-12-05, 1a46868 and 224a525: the tableau abstracted") has the figures and what they say.

The real game (RULES.md §3, generals-patience): after the opening choice, 9 piles of one card, the
waste D[23], the stock D[24..] dealt one card at a time onto the waste, no redeal; tableau builds
down-wrap in alternating colours, one card at a time; a pile that empties takes the waste's top card
(the stock's when the waste is empty); foundations up-wrap in suit from the base rank, two per
suit; the 13-card terrace plays only to the foundations.

Both relaxations have the same skeleton: the stock, the waste (a stack), the terrace and the
foundation tops are kept exactly; the tableau is replaced by counts per card kind, `T` (cards in
it); every tableau card may go home whenever its foundation takes it (buried or not); a pile
*bottom* leaving (home, or onto another card) empties a pile, which the waste's top card then
fills, as the real rule forces. Every real move maps to a relaxed move, so a deal whose relaxation
has no winning line would be lost (the relaxed game ends when the stock and the waste are empty and
the terrace schedule test, every other card free, passes).

* `set`: a card joins the tableau whenever a card it may sit on (rank + 1 with wrap, the other
  colour) is anywhere in it, and a card may hold any number of cards. Joining then never hurts, so
  the waste's top joins at once.
* `count`: per kind also `H`, how many of the tableau's copies sit on another card (the rest are
  pile bottoms). Each card holds at most one card, so every real tableau has, for each
  colour-and-rank class c, H(c) <= T(the class c sits on); the relaxation allows every move that
  keeps that. A card joining now takes a slot another card might need, so joining is a choice.

Subcommands (PATIENCE: the binary, `patience` on PATH by default; the study is
results/generals-patience of this repository):
  absorb N              the first N unknown deals: per opening, the cards left on the waste when
                        the whole stock is dealt into the `set` tableau with no foundation move
  set OUTCOME N CAP     the first N deals of that outcome: the `set` relaxation searched per
                        opening (CAP relaxed positions each); lost / won / unknown
  count SEED OPENING CAP  the `count` relaxation of one opening (0..3: which of P0..P3 goes home)
"""
import collections, csv, os, subprocess, sys, time

RANKS, SUITS = "A23456789TJQK", "CSHD"
STUDY = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "results", "generals-patience", "deals.csv")
rank = lambda k: k % 13
suit = lambda k: k // 13
red = lambda k: suit(k) >= 2
CLS = [rank(k) * 2 + red(k) for k in range(52)]                     # colour-and-rank class
SITS_ON = [((c // 2 + 1) % 13) * 2 + (1 - c % 2) for c in range(26)]  # the class a card sits on
HELD_BY = [((c // 2 - 1) % 13) * 2 + (1 - c % 2) for c in range(26)]  # the class that sits on c


def talon(seed):
    out = subprocess.run([os.environ.get("PATIENCE", "patience"), "deal", "generals-patience", "--seed", str(seed)],
                         capture_output=True, text=True, check=True).stdout
    line = next(l for l in out.splitlines() if l.startswith("talon:"))
    return [SUITS.index(c[1]) * 13 + RANKS.index(c[0]) for c in line.split()[1:]]


def seeds(outcome, n):
    return [int(r["seed"]) for r in csv.DictReader(open(STUDY)) if r["outcome"] == outcome][:n]


class Opening:
    """One opening of one deal: the relaxed state is (dealt, waste, foundation tops, terrace height,
    T, H); with `counted` False, H stays all zero (the `set` relaxation)."""

    def __init__(self, deal, choice, counted):
        self.terrace, self.base = deal[:13], rank(deal[13 + choice])
        piles = [deal[13 + i] for i in range(4) if i != choice] + deal[17:23]
        self.stock, self.counted = deal[24:], counted
        tops = [[-1, -1] for _ in range(4)]
        tops[suit(deal[13 + choice])][0] = 0
        t = [0] * 52
        for k in piles:
            t[k] += 1
        self.start = (0, (deal[23],), self.norm(tops), 13, tuple(t), tuple([0] * 52))
        self.sched, self.nodes = {}, 0

    def off(self, k):
        return (rank(k) - self.base) % 13

    @staticmethod
    def norm(tops):
        return tuple(tuple(sorted(f, reverse=True)) for f in tops)

    def schedule_ok(self, tops, h):
        """The terrace schedule test (crates/games/src/queen/schedule.rs), every other card free."""
        key = (tops, h)
        if key not in self.sched:
            f = [list(x) for x in tops]
            rem = collections.Counter(self.terrace[:h])
            ok = True
            for k in reversed(self.terrace[:h]):
                rem[k] -= 1
                s, d = suit(k), self.off(k)
                cands = [j for j in range(2) if f[s][j] <= d - 1]
                if not cands:
                    ok = False
                    break
                j = max(cands, key=lambda j: f[s][j])
                for x in range(f[s][j] + 1, d):
                    if sum(1 for y in f[s] if y >= x) + rem[s * 13 + (self.base + x) % 13] >= 2:
                        ok = False
                        break
                    f[s][j] = x
                if not ok:
                    break
                f[s][j] = d
            self.sched[key] = ok
        return self.sched[key]

    def sums(self, t, hh):
        ct, ch = [0] * 26, [0] * 26
        for k in range(52):
            ct[CLS[k]] += t[k]
            ch[CLS[k]] += hh[k]
        return ct, ch

    def can_sit(self, k, t, hh):
        ct, ch = self.sums(t, hh)
        if not self.counted:
            return ct[SITS_ON[CLS[k]]] > 0
        return ch[CLS[k]] + 1 <= ct[SITS_ON[CLS[k]]]

    def takes(self, t, hh, k):
        """Ways to send one tableau copy of k home: (T, H, piles emptied)."""
        ct, ch = self.sums(t, hh)
        if self.counted and ct[CLS[k]] - 1 < ch[HELD_BY[CLS[k]]]:
            return []
        out = []
        if t[k] - hh[k] > 0:                       # a pile bottom: its pile empties
            t2 = list(t); t2[k] -= 1
            out.append((t2, list(hh), 1))
        if hh[k] > 0:                              # a card sitting on another
            t2, h2 = list(t), list(hh); t2[k] -= 1; h2[k] -= 1
            out.append((t2, h2, 0))
        return out

    def raise_then_place(self, tops, k, t, hh):
        """Raise a foundation of k's suit to k's predecessor with tableau cards, then place k."""
        s, d = suit(k), self.off(k)
        out = []
        for j in range(2):
            if tops[s][j] > d - 1 or (j == 1 and tops[s][0] == tops[s][1]):
                continue
            ways = [(list(t), list(hh), 0)]
            for x in range(tops[s][j] + 1, d):
                kk = s * 13 + (self.base + x) % 13
                ways = [(t3, h3, g + g3) for t2, h2, g in ways for t3, h3, g3 in self.takes(t2, h2, kk)]
            for t2, h2, g in ways:
                f = [list(x) for x in tops]; f[s][j] = d
                out.append((f, t2, h2, g))
        return out

    def settle(self, i, waste, tops, h, t, hh, gaps):
        """Fill emptied piles from the waste (the stock when it is empty); in `set`, the waste's top
        then joins the tableau while it can (never a loss there)."""
        waste, t, hh = list(waste), list(t), list(hh)
        while True:
            if gaps > 0 and (waste or i < len(self.stock)):
                if waste:
                    x = waste.pop()
                else:
                    x, i = self.stock[i], i + 1
                t[x] += 1; gaps -= 1
            elif not self.counted and waste and self.can_sit(waste[-1], t, hh):
                x = waste.pop()
                t[x] += 1; hh[x] += 1
            else:
                break
        return (i, tuple(waste), self.norm(tops), h, tuple(t), tuple(hh))

    def children(self, st):
        i, waste, tops, h, t, hh = st
        out = []
        if h > 0:
            for f, t2, h2, g in self.raise_then_place(tops, self.terrace[h - 1], t, hh):
                out.append(self.settle(i, waste, f, h - 1, t2, h2, g))
        if waste:
            for f, t2, h2, g in self.raise_then_place(tops, waste[-1], t, hh):
                out.append(self.settle(i, waste[:-1], f, h, t2, h2, g))
        for k in range(52):
            if t[k] == 0:
                continue
            for f, t2, h2, g in self.raise_then_place(tops, k, t, hh):
                # k itself goes home from the tableau (in `set` only a pile bottom's going home
                # can matter: a card there may hold any number, so losing one never helps)
                for t3, h3, g3 in self.takes(t2, h2, k):
                    if self.counted or g3:
                        out.append(self.settle(i, waste, f, h, t3, h3, g + g3))
            if t[k] - hh[k] > 0 and self.can_sit(k, t, hh):   # a bottom moves onto another card
                h2 = list(hh); h2[k] += 1
                out.append(self.settle(i, waste, tops, h, t, h2, 1))
        if self.counted and waste and self.can_sit(waste[-1], t, hh):
            t2, h2 = list(t), list(hh); t2[waste[-1]] += 1; h2[waste[-1]] += 1
            out.append((i, waste[:-1], tops, h, tuple(t2), tuple(h2)))
        if i < len(self.stock):
            out.append(self.settle(i + 1, waste + (self.stock[i],), tops, h, t, hh, 0))
        return out

    def solve(self, cap):
        st = self.settle(*self.start, 0)
        seen, stack = {st}, [st]
        while stack:
            st = stack.pop()
            self.nodes += 1
            if self.nodes > cap:
                return "unknown"
            i, waste, tops, h = st[:4]
            if not self.schedule_ok(tops, h):
                continue
            if i == len(self.stock) and not waste:
                return "won"
            for c in reversed(self.children(st)):
                if c not in seen:
                    seen.add(c); stack.append(c)
        return "lost"


def absorb(n):
    for s in seeds("unknown", n):
        deal, left = talon(s), []
        for choice in range(4):
            o = Opening(deal, choice, False)
            _, waste, _, _, t, hh = o.start
            waste, t, hh = list(waste), list(t), list(hh)
            for x in [None] + o.stock:
                if x is not None:
                    waste.append(x)
                while waste and o.can_sit(waste[-1], t, hh):
                    x = waste.pop()
                    t[x] += 1; hh[x] += 1
            left.append(len(waste))
        print(s, left, flush=True)


def search_set(outcome, n, cap):
    tally = collections.Counter()
    for s in seeds(outcome, n):
        deal, verdicts = talon(s), []
        for choice in range(4):
            o = Opening(deal, choice, False)
            verdicts.append((o.solve(cap), o.nodes))
        v = [x[0] for x in verdicts]
        tally["lost" if all(x == "lost" for x in v) else "won" if "won" in v else "unknown"] += 1
        print(s, verdicts, flush=True)
    print(dict(tally))


def search_count(seed, choice, cap):
    o, t0 = Opening(talon(seed), choice, True), time.time()
    print(seed, choice, o.solve(cap), o.nodes, f"{time.time() - t0:.1f} s", flush=True)


if __name__ == "__main__":
    cmd, args = sys.argv[1], sys.argv[2:]
    if cmd == "absorb":
        absorb(int(args[0]))
    elif cmd == "set":
        search_set(args[0], int(args[1]), int(args[2]))
    elif cmd == "count":
        search_count(int(args[0]), int(args[1]), int(args[2]))
    else:
        sys.exit(__doc__)
