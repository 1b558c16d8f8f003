"""Replay the winning lines of `patience solve --format json` in PySolFC's own game classes.

    .venv/bin/python replay.py LINE.json [LINE.json ...] [--csv OUT.csv]

Each LINE.json is the output of `patience solve ... --format json` for a PySolFC saved game
(`--pysol-save FILE`) or a PySolFC game number (`GAME --pysol N`). A won line is played move by
move, through the calls PySolFC's mouse handlers make:

- a card move: the card must be the top card of the source pile; `from.canMoveCards(cards)`
  (what starting a drag checks) and `to.acceptsCards(from, cards)` (what dropping checks), then
  `from.playMoveMove(1, to)` (what dropping does: Stack.moveMove, which calls Game.fillStack,
  then Game.checkForWin, the disabled autoPlay, Game.finishMove);
- `deal` / `redeal`: `game.canDealCards()` then `game.dealCards()` (a click on the talon);
- `choose Pk` (the Queen of Italy family's base card): the card on row k is moved to the first
  of its suit's foundations that accepts it, as above (Terrace_RowStack.moveMove then deals);
- a move marked `forced` is one the rules make by themselves: it is not played; it must already
  have happened (its card is on top of its destination, a forced deal took a card from the talon).

At the end `game.isGameWon()` must be true. The start position is PySolFC's own: the save loaded
by PySolFC's loader (Game._loadGame + Game.restoreGame), or Game.newGame with the game number.
"""
import json
import re
import sys
import traceback

import headless

GAME_IDS = {
    "alhambra": 234, "granada": 465, "reinforcements": 609,
    "queen-of-italy": 135, "queen-of-italy-open": 431, "generals-patience": 136,
    "blondes-and-brunettes": 137, "falling-star": 138,
    "algerian": 322, "carthage": 321,
}
TERRACE = {"queen-of-italy", "queen-of-italy-open", "generals-patience",
           "blondes-and-brunettes", "falling-star"}
RANKS, SUITS = "A23456789TJQK", "CSHD"


def code(card):
    return RANKS[card.rank] + SUITS[card.suit]


def codes(stack):
    return [code(c) for c in stack.cards]


class Reject(Exception):
    pass


def pile(game, variant, name):
    """Our pile name (README "Solution notation") -> the PySolFC stack."""
    s = game.s
    m = re.fullmatch(r"([FRPWT])(\d*)", name)
    if not m:
        raise Reject("unknown pile name %r" % name)
    kind, k = m.group(1), int(m.group(2) or 0)
    if kind == "F":
        if variant == "carthage":
            # ours: F(2s), F(2s+1) are suit s; PySolFC: foundation i takes suit i % 4
            return s.foundations[k // 2 + 4 * (k % 2)]
        return s.foundations[k]
    if kind == "R":
        return s.reserves[k]
    if kind == "T":
        return s.reserves[0]            # the terrace: the Terrace family's one OpenStack
    if kind == "P":
        return s.rows[k]
    if kind == "W":
        if variant in TERRACE:
            return s.waste
        return s.rows[k]                # Royal Cotillion family: the waste piles are s.rows
    raise Reject("unknown pile %r" % name)


def fmt(mv):
    if mv.get("deal"):
        t = "deal"
    elif mv.get("redeal"):
        t = "redeal"
    elif "choose" in mv:
        t = "choose %s" % mv["choose"]
    else:
        t = "%s -> %s (%s)" % (mv["from"], mv["to"], mv["card"])
    return t + (" [forced]" if mv.get("forced") else "")


def play_card(game, variant, mv):
    src, dst = pile(game, variant, mv["from"]), pile(game, variant, mv["to"])
    if not src.cards:
        raise Reject("source %s is empty in PySolFC" % mv["from"])
    top = code(src.cards[-1])
    if top != mv["card"]:
        raise Reject("top card of %s is %s in PySolFC, the line moves %s"
                     % (mv["from"], top, mv["card"]))
    cards = src.cards[-1:]
    if not src.canMoveCards(cards):
        raise Reject("%s.canMoveCards([%s]) is False (%s)"
                     % (type(src).__name__, top, mv["from"]))
    if not dst.acceptsCards(src, cards):
        if variant == "carthage" and mv["to"].startswith("F"):
            # any foundation of the card's suit: ours and PySolFC's differ only in numbering
            alt = [f for f in game.s.foundations
                   if f is not dst and f.cap.base_suit == cards[0].suit
                   and f.acceptsCards(src, cards)]
            if alt:
                dst = alt[0]
        if not dst.acceptsCards(src, cards):
            raise Reject("%s.acceptsCards(%s, [%s]) is False (%s: %s)"
                         % (type(dst).__name__, mv["from"], top, mv["to"],
                            " ".join(codes(dst)) or "empty"))
    src.playMoveMove(1, dst, sound=False)


def play_deal(game, mv):
    talon = game.s.talon
    if mv.get("redeal") and talon.cards:
        raise Reject("redeal while the talon still has %d cards" % len(talon.cards))
    if mv.get("deal") and not talon.cards:
        raise Reject("deal with an empty talon (PySolFC would redeal)")
    if not game.canDealCards():
        raise Reject("game.canDealCards() is False (talon %d cards, round %d of %d)"
                     % (len(talon.cards), talon.round, talon.max_rounds))
    before = talon.round
    n = game.dealCards(sound=False)
    if mv.get("redeal") and talon.round != before + 1:
        raise Reject("redeal did not start a new round")
    return n


def play_choose(game, variant, mv):
    src = pile(game, variant, mv["choose"])
    if not src.cards:
        raise Reject("choose: %s is empty" % mv["choose"])
    card = src.cards[-1]
    for dst in game.s.foundations:
        if dst.cap.base_suit == card.suit and dst.acceptsCards(src, [card]):
            break
    else:
        raise Reject("choose: no foundation accepts %s" % code(card))
    if not src.canMoveCards([card]):
        raise Reject("choose: %s.canMoveCards is False" % type(src).__name__)
    src.playMoveMove(1, dst, sound=False)


def check_forced(game, variant, group, talon_before, main_deal_n, main_is_choose):
    """The forced moves after a played move must have happened by themselves."""
    forced = group[1:]
    for i, mv in enumerate(forced):
        if mv.get("deal") or mv.get("redeal"):
            continue
        later = forced[i + 1:]
        touched = any(m.get("to") in (mv["to"],) or m.get("from") == mv["to"] for m in later)
        if touched:
            continue
        dst = pile(game, variant, mv["to"])
        if not dst.cards or code(dst.cards[-1]) != mv["card"]:
            raise Reject("forced %s did not happen in PySolFC (%s: %s)"
                         % (fmt(mv), mv["to"], " ".join(codes(dst)) or "empty"))
    ndeals = sum(1 for m in forced if m.get("deal"))
    if ndeals and not main_is_choose:
        per = 1 if variant in TERRACE else None
        taken = talon_before - len(game.s.talon.cards) - main_deal_n
        taken -= sum(1 for m in forced if m.get("from") == "S")
        if per is not None and taken != ndeals * per:
            raise Reject("after %s the line has %d forced deal(s), PySolFC's talon gave %d card(s)"
                         % (fmt(group[0]), ndeals, taken))


def groups(moves):
    """Split the line into played moves, each with the forced moves listed after it."""
    out = []
    for i, mv in enumerate(moves):
        if mv.get("forced") and out:
            out[-1][1].append(mv)
        else:
            out.append((i, [mv]))
    return out


def start_game(d, path):
    variant = d["game"]
    deal = d["deal"]
    m = re.match(r"PySolFC save (\S+):", deal)
    if m:
        save = m.group(1)
        if not save.startswith("/"):
            save = headless.REPO_ROOT + "/" + save
        return headless.load_save(save), "save " + save.rsplit("/", 1)[-1]
    m = re.match(r"PySolFC game #(\d+)", deal)
    if m:
        return headless.new_game(GAME_IDS[variant], int(m.group(1))), "#" + m.group(1)
    raise Reject("not a PySolFC deal: %r" % deal)


def check_start(game, d):
    """Our layout at the start must be PySolFC's (foundations, reserves, rows, wastes, stock)."""
    variant, lay = d["game"], d["layout"]
    diffs = []

    def cmp(name, ours, stack):
        theirs = codes(stack)
        if ours != theirs:
            diffs.append("%s ours %s PySolFC %s" % (name, " ".join(ours), " ".join(theirs)))
    for k, f in enumerate(lay.get("foundations", [])):
        cmp("F%d" % k, f, pile(game, variant, "F%d" % k))
    for k, r in enumerate(lay.get("reserves", [])):
        cmp("T" if variant in TERRACE else "R%d" % k, r,
            pile(game, variant, "T" if variant in TERRACE else "R%d" % k))
    for k, r in enumerate(lay.get("rows", [])):
        cmp("P%d" % k, r, pile(game, variant, "P%d" % k))
    for k, w in enumerate(lay.get("wastes", [])):
        cmp("W%d" % k, w, pile(game, variant, "W%d" % k))
    if "stock_top_first" in lay:
        cmp("stock", list(reversed(lay["stock_top_first"])), game.s.talon)
    return diffs


def replay(path):
    d = json.load(open(path))
    res = {"file": path.rsplit("/", 1)[-1], "game": d.get("game"), "verdict": d.get("verdict"),
           "rules": d.get("rules"), "moves": 0, "played": 0, "status": "", "detail": ""}
    if d.get("verdict") != "won":
        res["status"] = "not-won"
        return res
    moves = d["moves"]
    res["moves"] = len(moves)
    try:
        game, start = start_game(d, path)
    except Exception as e:      # noqa: BLE001
        res["status"] = "load-error"
        res["detail"] = "%s: %s" % (type(e).__name__, e)
        return res
    res["start"] = start
    diffs = check_start(game, d)
    if diffs:
        res["status"] = "start-differs"
        res["detail"] = "; ".join(diffs[:3])
        return res
    variant = d["game"]
    played = 0
    # Royal Cotillion family: PySolFC's redeal (a click on the empty talon, Alhambra_Talon.dealCards)
    # gathers the wastes AND deals the new pass's first card(s) in one action; ours are two moves,
    # `redeal` then `deal`. The click plays both: the line's next `deal` is absorbed, and moves the
    # line makes between the two are played after the click (in the position PySolFC shows).
    absorb_deal = False
    res["merged_redeals"] = 0
    res["moves_between_redeal_and_deal"] = 0
    for gi, group in groups(moves):
        mv = group[0]
        talon_before = len(game.s.talon.cards)
        n = 0
        try:
            if mv.get("forced"):
                raise Reject("the line starts with a forced move")
            if mv.get("deal") and absorb_deal:
                absorb_deal = False
                res["merged_redeals"] += 1
                played += 1
                continue
            if absorb_deal:
                res["moves_between_redeal_and_deal"] += 1
            if mv.get("deal") or mv.get("redeal"):
                n = play_deal(game, mv)
                # Since 2026-12-06 (after 7dff450) a line solved under alhambra's and granada's
                # PySolFC empty-waste rule has PySolFC's redeal already (it deals at once): the
                # solve output's `rules` says so, and its next `deal` is a deal of its own.
                pysolfc_redeal = "empty-waste-any=true" in d.get("rules", "")
                if mv.get("redeal") and variant not in TERRACE and not pysolfc_redeal:
                    absorb_deal = True
            elif "choose" in mv:
                play_choose(game, variant, mv)
            else:
                play_card(game, variant, mv)
            played += 1
            check_forced(game, variant, group, talon_before, n, "choose" in mv)
        except Reject as e:
            res["status"] = "rejected"
            res["between_redeal_and_deal"] = absorb_deal
            idx = gi + 1
            res["detail"] = "move %d `%s`: %s" % (idx, fmt(mv), e)
            res["played"] = played
            return res
        except Exception as e:      # noqa: BLE001
            res["status"] = "error"
            res["detail"] = "move %d `%s`: %s: %s" % (gi + 1, fmt(mv),
                                                        type(e).__name__, e)
            res["trace"] = traceback.format_exc()
            res["played"] = played
            return res
    res["played"] = played
    if game.isGameWon():
        res["status"] = "won"
        if res["moves_between_redeal_and_deal"]:
            res["detail"] = ("%d move(s) of the line lie between a redeal and its first deal; "
                             "played after PySolFC's combined redeal+deal"
                             % res["moves_between_redeal_and_deal"])
    else:
        res["status"] = "not-won-at-end"
        res["detail"] = "foundations hold %d of %d cards" % (
            sum(len(f.cards) for f in game.s.foundations), len(game.cards))
    return res


def main(argv):
    csv_path = None
    if "--csv" in argv:
        i = argv.index("--csv")
        csv_path = argv[i + 1]
        argv = argv[:i] + argv[i + 2:]
    rows = []
    for p in argv:
        r = replay(p)
        rows.append(r)
        print("%-48s %-22s %-14s %4s/%-4s %s" % (r["file"], r["game"], r["status"], r["played"],
                                                 r["moves"], r["detail"]))
        if r.get("trace"):
            print(r["trace"])
        sys.stdout.flush()
    if csv_path:
        import csv
        with open(csv_path, "w", newline="") as f:
            w = csv.writer(f)
            w.writerow(["file", "game", "start", "rules", "verdict", "line_moves", "played",
                        "status", "merged_redeals", "moves_between_redeal_and_deal",
                        "rejected_between_redeal_and_deal", "detail"])
            for r in rows:
                w.writerow([r["file"], r["game"], r.get("start", ""), r["rules"], r["verdict"],
                            r["moves"], r["played"], r["status"], r.get("merged_redeals", ""),
                            r.get("moves_between_redeal_and_deal", ""),
                            int(bool(r.get("between_redeal_and_deal"))), r["detail"]])
    bad = [r for r in rows if r["status"] not in ("won", "not-won")]
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
